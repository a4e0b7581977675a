//! pcapng and the packets inside, written with deku 0.20 the way its documentation shows its
//! users: `#[deku_derive(DekuRead, DekuWrite)]` types, the byte order passed down as
//! `ctx = "endian: deku::ctx::Endian"` from the byte-order mark, blocks chosen by `id` with an
//! `id_pat = "_"` fallback, options read from `bytes_read` of their block, `count`, `until`,
//! `read_all`, `pad_bytes_after`, `temp` counts written from `temp_value` (a block's
//! lengths are kept as read, with `assert_eq` on the trailing one: deku's `temp` fields cannot be
//! asserted on), bit fields with
//! `bits`, data copied out into `Vec`s. deku has no checksums: the IPv4 header checksum is kept
//! as read.
//!
//! The same formats as `examples/pcapng/format.rs` and `packet.rs`; included with `#[path]` by
//! the comparison test (`compare/tests/peers/pcapng_binrw_deku.rs`) and perf_report.

use deku::ctx::Endian;
use deku::prelude::*;

/// The byte-order mark as a big-endian file holds it.
pub const BIG_MARK: [u8; 4] = [0x1a, 0x2b, 0x3c, 0x4d];
/// The byte-order mark as a little-endian file holds it.
pub const LITTLE_MARK: [u8; 4] = [0x4d, 0x3c, 0x2b, 0x1a];

/// The order of what follows the byte-order mark.
pub fn order_of(mark: &[u8; 4]) -> Endian {
    if *mark == BIG_MARK {
        Endian::Big
    } else {
        Endian::Little
    }
}

/// The section header's length, read big-endian before the mark: in the file's order.
pub fn seen_big_endian(length: u32, mark: &[u8; 4]) -> u32 {
    if *mark == LITTLE_MARK {
        length.swap_bytes()
    } else {
        length
    }
}

/// The bytes options take on the wire.
pub fn options_size(options: &[Opt]) -> usize {
    options
        .iter()
        .map(|o| 4 + o.value.len().next_multiple_of(4))
        .sum()
}

/// The padding after `n` bytes, to four.
fn padding(n: usize) -> usize {
    n.next_multiple_of(4) - n
}

/// What is left of a block of `length` bytes after `used` of them (none when the length is too
/// short: the trailing length's check then refuses the block).
fn rest(length: u32, used: usize) -> usize {
    (length as usize).saturating_sub(used)
}

/// A capture: its section header, then its blocks until the file ends.
#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq)]
#[deku(magic = b"\x0a\x0d\x0d\x0a")]
pub struct Capture {
    /// Read before the order is known: see [`seen_big_endian`].
    #[deku(endian = "big")]
    pub length: u32,
    #[deku(assert = "*byte_order_mark == BIG_MARK || *byte_order_mark == LITTLE_MARK")]
    pub byte_order_mark: [u8; 4],
    #[deku(endian = "order_of(byte_order_mark)")]
    pub major_version: u16,
    #[deku(endian = "order_of(byte_order_mark)")]
    pub minor_version: u16,
    #[deku(endian = "order_of(byte_order_mark)")]
    pub section_length: i64,
    #[deku(
        endian = "order_of(byte_order_mark)",
        bytes_read = "rest(seen_big_endian(*length, byte_order_mark), 28)"
    )]
    pub options: Vec<Opt>,
    #[deku(
        endian = "order_of(byte_order_mark)",
        assert_eq = "seen_big_endian(*length, byte_order_mark)"
    )]
    pub length_again: u32,
    #[deku(endian = "order_of(byte_order_mark)", read_all)]
    pub blocks: Vec<Block>,
}

/// An option: its code, its value's length, the value padded to four bytes.
#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq, Clone)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct Opt {
    pub code: u16,
    #[deku(temp, temp_value = "value.len() as u16")]
    length: u16,
    #[deku(count = "length", pad_bytes_after = "padding(value.len())")]
    pub value: Vec<u8>,
}

/// A block after the section header, chosen by its type; any other type kept whole.
#[derive(Debug, PartialEq, DekuRead, DekuWrite)]
// `id_endian` too: without it deku 0.20.3 writes the fallback's stored type in the host's order.
#[deku(
    id_type = "u32",
    ctx = "endian: Endian",
    endian = "endian",
    id_endian = "endian"
)]
pub enum Block {
    #[deku(id = 1)]
    Interface(InterfaceDescription),
    #[deku(id = 6)]
    Packet(EnhancedPacket),
    #[deku(id = 3)]
    Simple(SimplePacket),
    #[deku(id = 4)]
    Names(NameResolution),
    #[deku(id = 5)]
    Statistics(InterfaceStatistics),
    #[deku(id_pat = "_")]
    Other(u32, OtherBlock),
}

#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct InterfaceDescription {
    pub length: u32,
    pub link_type: u16,
    pub reserved: u16,
    pub snap_len: u32,
    #[deku(bytes_read = "rest(*length, 20)")]
    pub options: Vec<Opt>,
    #[deku(assert_eq = "*length")]
    pub length_again: u32,
}

#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct EnhancedPacket {
    pub length: u32,
    pub interface_id: u32,
    pub timestamp_high: u32,
    pub timestamp_low: u32,
    #[deku(temp, temp_value = "data.len() as u32")]
    captured_len: u32,
    pub original_len: u32,
    #[deku(count = "captured_len", pad_bytes_after = "padding(data.len())")]
    pub data: Vec<u8>,
    #[deku(bytes_read = "rest(*length, 32 + (*captured_len as usize).next_multiple_of(4))")]
    pub options: Vec<Opt>,
    #[deku(assert_eq = "*length")]
    pub length_again: u32,
}

#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct SimplePacket {
    pub length: u32,
    pub original_len: u32,
    #[deku(count = "rest(*length, 16)")]
    pub data: Vec<u8>,
    #[deku(assert_eq = "*length")]
    pub length_again: u32,
}

#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct NameResolution {
    pub length: u32,
    /// The records, the end of records (type 0) last.
    #[deku(until = "|r: &Opt| r.code == 0")]
    pub records: Vec<Opt>,
    #[deku(bytes_read = "rest(*length, 12 + options_size(records))")]
    pub options: Vec<Opt>,
    #[deku(assert_eq = "*length")]
    pub length_again: u32,
}

#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct InterfaceStatistics {
    pub length: u32,
    pub interface_id: u32,
    pub timestamp_high: u32,
    pub timestamp_low: u32,
    #[deku(bytes_read = "rest(*length, 24)")]
    pub options: Vec<Opt>,
    #[deku(assert_eq = "*length")]
    pub length_again: u32,
}

/// A block of a type not listed (the type is the variant's first field): its body as bytes.
#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct OtherBlock {
    pub length: u32,
    #[deku(count = "rest(*length, 12)")]
    pub body: Vec<u8>,
    #[deku(assert_eq = "*length")]
    pub length_again: u32,
}

/// Reads a whole capture.
pub fn read_capture(file: &[u8]) -> Result<Capture, DekuError> {
    let (_, capture) = Capture::from_bytes((file, 0))?;
    Ok(capture)
}

/// Writes a capture into `out` (cleared first).
pub fn write_capture(capture: &Capture, out: &mut Vec<u8>) -> Result<(), DekuError> {
    out.clear();
    let mut cursor = std::io::Cursor::new(out);
    let mut writer = deku::writer::Writer::new(&mut cursor);
    capture.to_writer(&mut writer, ())?;
    writer.finalize()
}

// ----- the packets ---------------------------------------------------------------------------

/// An Ethernet II frame.
#[derive(Debug, PartialEq, DekuRead, DekuWrite)]
#[deku(endian = "big")]
pub struct Frame {
    pub destination: [u8; 6],
    pub source: [u8; 6],
    pub network: Network,
}

/// What a frame carries, by its EtherType (any other kept with its type).
#[derive(Debug, PartialEq, DekuRead, DekuWrite)]
#[deku(
    id_type = "u16",
    ctx = "endian: Endian",
    endian = "endian",
    id_endian = "endian"
)]
pub enum Network {
    #[deku(id = 0x0800)]
    Ipv4(Ipv4),
    #[deku(id = 0x86dd)]
    Ipv6(Ipv6),
    #[deku(id_pat = "_")]
    Other {
        ether_type: u16,
        #[deku(read_all)]
        payload: Vec<u8>,
    },
}

/// The bytes a TCP or UDP header takes.
fn transport_len(tcp: &Option<Tcp>, udp: &Option<Udp>) -> usize {
    tcp.as_ref().map_or(0, |t| 20 + t.options.len()) + if udp.is_some() { 8 } else { 0 }
}

#[derive(Debug, PartialEq, DekuRead, DekuWrite)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct Ipv4 {
    #[deku(bits = 4)]
    pub version: u8,
    #[deku(bits = 4)]
    pub ihl: u8,
    #[deku(bits = 6)]
    pub dscp: u8,
    #[deku(bits = 2)]
    pub ecn: u8,
    pub total_length: u16,
    pub identification: u16,
    #[deku(bits = 1)]
    pub reserved: bool,
    #[deku(bits = 1)]
    pub dont_fragment: bool,
    #[deku(bits = 1)]
    pub more_fragments: bool,
    #[deku(bits = 13)]
    pub fragment_offset: u16,
    pub time_to_live: u8,
    pub protocol: u8,
    /// Kept as read: deku has nothing to verify or compute it with.
    pub header_checksum: u16,
    pub source: [u8; 4],
    pub destination: [u8; 4],
    #[deku(count = "(*ihl as usize * 4).saturating_sub(20)")]
    pub options: Vec<u8>,
    #[deku(cond = "*protocol == 6 && *fragment_offset == 0")]
    pub tcp: Option<Tcp>,
    #[deku(cond = "*protocol == 17 && *fragment_offset == 0")]
    pub udp: Option<Udp>,
    #[deku(
        count = "(*total_length as usize).saturating_sub(*ihl as usize * 4 + transport_len(tcp, udp))"
    )]
    pub payload: Vec<u8>,
    /// What follows the packet in the frame.
    #[deku(read_all)]
    pub trailer: Vec<u8>,
}

#[derive(Debug, PartialEq, DekuRead, DekuWrite)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct Ipv6 {
    #[deku(bits = 4)]
    pub version: u8,
    #[deku(bits = 8)]
    pub traffic_class: u8,
    #[deku(bits = 20)]
    pub flow_label: u32,
    pub payload_length: u16,
    pub next_header: u8,
    pub hop_limit: u8,
    pub source: [u8; 16],
    pub destination: [u8; 16],
    #[deku(cond = "*next_header == 6")]
    pub tcp: Option<Tcp>,
    #[deku(cond = "*next_header == 17")]
    pub udp: Option<Udp>,
    #[deku(count = "(*payload_length as usize).saturating_sub(transport_len(tcp, udp))")]
    pub payload: Vec<u8>,
    #[deku(read_all)]
    pub trailer: Vec<u8>,
}

#[derive(Debug, PartialEq, DekuRead, DekuWrite)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct Tcp {
    pub source_port: u16,
    pub destination_port: u16,
    pub sequence_number: u32,
    pub acknowledgment_number: u32,
    #[deku(bits = 4)]
    pub data_offset: u8,
    #[deku(bits = 3)]
    pub reserved: u8,
    #[deku(bits = 1)]
    pub ns: bool,
    #[deku(bits = 1)]
    pub cwr: bool,
    #[deku(bits = 1)]
    pub ece: bool,
    #[deku(bits = 1)]
    pub urg: bool,
    #[deku(bits = 1)]
    pub ack: bool,
    #[deku(bits = 1)]
    pub psh: bool,
    #[deku(bits = 1)]
    pub rst: bool,
    #[deku(bits = 1)]
    pub syn: bool,
    #[deku(bits = 1)]
    pub fin: bool,
    pub window_size: u16,
    pub checksum: u16,
    pub urgent_pointer: u16,
    #[deku(count = "(*data_offset as usize * 4).saturating_sub(20)")]
    pub options: Vec<u8>,
}

#[derive(Debug, PartialEq, DekuRead, DekuWrite)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct Udp {
    pub source_port: u16,
    pub destination_port: u16,
    pub length: u16,
    pub checksum: u16,
}

/// Reads one frame.
pub fn read_frame(data: &[u8]) -> Result<Frame, DekuError> {
    let (_, frame) = Frame::from_bytes((data, 0))?;
    Ok(frame)
}

/// Writes one frame.
pub fn write_frame(frame: &Frame) -> Result<Vec<u8>, DekuError> {
    frame.to_bytes()
}
