//! pcapng and the packets inside, written with binrw 0.15 the way its documentation shows its
//! users: `#[binrw]` types read from a `Read + Seek` stream (a `Cursor` over the file), the
//! byte order taken from the byte-order mark with `is_big`, blocks chosen by `magic`, options
//! read from a `take_seek` window of their block, counts and `align_after`, data copied out into
//! `Vec`s. binrw has no bit fields and no checksums: the header words that hold bits are read
//! whole (`temp`) and split with `calc`, packed again on write; the IPv4 header checksum is kept
//! as read.
//!
//! The same formats as `examples/pcapng/format.rs` and `packet.rs`; included with `#[path]` by
//! the comparison test (`compare/tests/peers/pcapng_binrw_deku.rs`) and perf_report.

use binrw::helpers::{until, until_eof};
use binrw::io::{Cursor, SeekFrom, TakeSeekExt};
use binrw::{BinRead, BinResult, BinWrite, binrw};

/// The byte-order mark, read in the file's own order.
pub const BIG_MARK: u32 = 0x1a2b_3c4d;

/// The bytes options take on the wire.
pub fn options_size(options: &[Opt]) -> u64 {
    options
        .iter()
        .map(|o| 4 + o.value.len().next_multiple_of(4) as u64)
        .sum()
}

/// What is left of a block of `length` bytes after `used` of them (none when the length is too
/// short: the trailing length's check then refuses the block).
fn rest(length: u32, used: u64) -> u64 {
    u64::from(length).saturating_sub(used)
}

/// A capture: its section header, then its blocks until the file ends.
#[binrw]
#[brw(big, magic = b"\x0a\x0d\x0d\x0a")]
#[derive(Debug, PartialEq)]
pub struct Capture {
    /// The byte-order mark, looked at before the header's length (which comes first) is read.
    #[br(temp, seek_before = SeekFrom::Current(4), restore_position)]
    #[bw(ignore)]
    mark: u32,
    #[br(calc = mark == BIG_MARK)]
    #[bw(ignore)]
    pub big_endian: bool,
    #[br(is_big = big_endian)]
    #[bw(is_big = *big_endian)]
    pub header: SectionHeader,
    #[br(is_big = big_endian, parse_with = until_eof)]
    #[bw(is_big = *big_endian)]
    pub blocks: Vec<Block>,
}

/// The section header after its block type.
#[binrw]
#[derive(Debug, PartialEq)]
pub struct SectionHeader {
    pub length: u32,
    #[br(assert(byte_order_mark == BIG_MARK, "pcapng: byte-order mark {byte_order_mark:#x}"))]
    pub byte_order_mark: u32,
    pub major_version: u16,
    pub minor_version: u16,
    pub section_length: i64,
    #[br(parse_with = until_eof, map_stream = |s| s.take_seek(rest(length, 28)))]
    pub options: Vec<Opt>,
    #[br(temp, assert(length_again == length, "pcapng: trailing length {length_again}"))]
    #[bw(calc = *length)]
    length_again: u32,
}

/// An option: its code, its value's length, the value padded to four bytes.
#[binrw]
#[derive(Debug, PartialEq, Clone)]
pub struct Opt {
    pub code: u16,
    #[br(temp)]
    #[bw(try_calc = u16::try_from(value.len()))]
    length: u16,
    #[br(count = length)]
    #[brw(align_after = 4)]
    pub value: Vec<u8>,
}

/// A block after the section header, chosen by its type; any other type kept whole.
#[binrw]
#[derive(Debug, PartialEq)]
pub enum Block {
    #[brw(magic = 1u32)]
    Interface(InterfaceDescription),
    #[brw(magic = 6u32)]
    Packet(EnhancedPacket),
    #[brw(magic = 3u32)]
    Simple(SimplePacket),
    #[brw(magic = 4u32)]
    Names(NameResolution),
    #[brw(magic = 5u32)]
    Statistics(InterfaceStatistics),
    Other(OtherBlock),
}

#[binrw]
#[derive(Debug, PartialEq)]
pub struct InterfaceDescription {
    pub length: u32,
    pub link_type: u16,
    pub reserved: u16,
    pub snap_len: u32,
    #[br(parse_with = until_eof, map_stream = |s| s.take_seek(rest(length, 20)))]
    pub options: Vec<Opt>,
    #[br(temp, assert(length_again == length, "pcapng: trailing length {length_again}"))]
    #[bw(calc = *length)]
    length_again: u32,
}

#[binrw]
#[derive(Debug, PartialEq)]
pub struct EnhancedPacket {
    pub length: u32,
    pub interface_id: u32,
    pub timestamp_high: u32,
    pub timestamp_low: u32,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(data.len()))]
    captured_len: u32,
    pub original_len: u32,
    #[br(count = captured_len)]
    #[brw(align_after = 4)]
    pub data: Vec<u8>,
    #[br(parse_with = until_eof,
         map_stream = |s| s.take_seek(rest(length, 32 + u64::from(captured_len).next_multiple_of(4))))]
    pub options: Vec<Opt>,
    #[br(temp, assert(length_again == length, "pcapng: trailing length {length_again}"))]
    #[bw(calc = *length)]
    length_again: u32,
}

#[binrw]
#[derive(Debug, PartialEq)]
pub struct SimplePacket {
    pub length: u32,
    pub original_len: u32,
    #[br(count = rest(length, 16))]
    pub data: Vec<u8>,
    #[br(temp, assert(length_again == length, "pcapng: trailing length {length_again}"))]
    #[bw(calc = *length)]
    length_again: u32,
}

#[binrw]
#[derive(Debug, PartialEq)]
pub struct NameResolution {
    pub length: u32,
    /// The records, the end of records (type 0) last.
    #[br(parse_with = until(|r: &Opt| r.code == 0))]
    pub records: Vec<Opt>,
    #[br(parse_with = until_eof,
         map_stream = |s| s.take_seek(rest(length, 12 + options_size(&records))))]
    pub options: Vec<Opt>,
    #[br(temp, assert(length_again == length, "pcapng: trailing length {length_again}"))]
    #[bw(calc = *length)]
    length_again: u32,
}

#[binrw]
#[derive(Debug, PartialEq)]
pub struct InterfaceStatistics {
    pub length: u32,
    pub interface_id: u32,
    pub timestamp_high: u32,
    pub timestamp_low: u32,
    #[br(parse_with = until_eof, map_stream = |s| s.take_seek(rest(length, 24)))]
    pub options: Vec<Opt>,
    #[br(temp, assert(length_again == length, "pcapng: trailing length {length_again}"))]
    #[bw(calc = *length)]
    length_again: u32,
}

/// A block of a type not listed: its body kept as bytes.
#[binrw]
#[derive(Debug, PartialEq)]
pub struct OtherBlock {
    pub block_type: u32,
    pub length: u32,
    #[br(count = rest(length, 12))]
    pub body: Vec<u8>,
    #[br(temp, assert(length_again == length, "pcapng: trailing length {length_again}"))]
    #[bw(calc = *length)]
    length_again: u32,
}

/// Reads a whole capture.
pub fn read_capture(file: &[u8]) -> BinResult<Capture> {
    Capture::read(&mut Cursor::new(file))
}

/// Writes a capture into `out` (cleared first).
pub fn write_capture(capture: &Capture, out: &mut Vec<u8>) -> BinResult<()> {
    out.clear();
    capture.write(&mut Cursor::new(out))
}

// ----- the packets ---------------------------------------------------------------------------

/// An Ethernet II frame.
#[binrw]
#[brw(big)]
#[derive(Debug, PartialEq)]
pub struct Frame {
    pub destination: [u8; 6],
    pub source: [u8; 6],
    pub network: Network,
}

/// What a frame carries, by its EtherType.
#[binrw]
#[derive(Debug, PartialEq)]
pub enum Network {
    #[brw(magic = 0x0800u16)]
    Ipv4(Ipv4),
    #[brw(magic = 0x86ddu16)]
    Ipv6(Ipv6),
    Other {
        ether_type: u16,
        #[br(parse_with = until_eof)]
        payload: Vec<u8>,
    },
}

/// The bytes a TCP or UDP header takes.
fn transport_len(tcp: &Option<Tcp>, udp: &Option<Udp>) -> usize {
    tcp.as_ref().map_or(0, |t| 20 + t.options.len()) + if udp.is_some() { 8 } else { 0 }
}

#[binrw]
#[derive(Debug, PartialEq)]
pub struct Ipv4 {
    #[br(temp)]
    #[bw(calc = (version << 4) | (ihl & 0xf))]
    version_ihl: u8,
    #[br(calc = version_ihl >> 4)]
    #[bw(ignore)]
    pub version: u8,
    #[br(calc = version_ihl & 0xf)]
    #[bw(ignore)]
    pub ihl: u8,
    #[br(temp)]
    #[bw(calc = (dscp << 2) | (ecn & 3))]
    dscp_ecn: u8,
    #[br(calc = dscp_ecn >> 2)]
    #[bw(ignore)]
    pub dscp: u8,
    #[br(calc = dscp_ecn & 3)]
    #[bw(ignore)]
    pub ecn: u8,
    pub total_length: u16,
    pub identification: u16,
    #[br(temp)]
    #[bw(calc = (u16::from(*reserved) << 15) | (u16::from(*dont_fragment) << 14)
        | (u16::from(*more_fragments) << 13) | (fragment_offset & 0x1fff))]
    flags_fragment: u16,
    #[br(calc = flags_fragment & 0x8000 != 0)]
    #[bw(ignore)]
    pub reserved: bool,
    #[br(calc = flags_fragment & 0x4000 != 0)]
    #[bw(ignore)]
    pub dont_fragment: bool,
    #[br(calc = flags_fragment & 0x2000 != 0)]
    #[bw(ignore)]
    pub more_fragments: bool,
    #[br(calc = flags_fragment & 0x1fff)]
    #[bw(ignore)]
    pub fragment_offset: u16,
    pub time_to_live: u8,
    pub protocol: u8,
    /// Kept as read: binrw has nothing to verify or compute it with.
    pub header_checksum: u16,
    pub source: [u8; 4],
    pub destination: [u8; 4],
    #[br(count = (usize::from(ihl) * 4).saturating_sub(20))]
    pub options: Vec<u8>,
    #[br(if(protocol == 6 && fragment_offset == 0))]
    pub tcp: Option<Tcp>,
    #[br(if(protocol == 17 && fragment_offset == 0))]
    pub udp: Option<Udp>,
    #[br(count = usize::from(total_length)
        .saturating_sub(usize::from(ihl) * 4 + transport_len(&tcp, &udp)))]
    pub payload: Vec<u8>,
    /// What follows the packet in the frame.
    #[br(parse_with = until_eof)]
    pub trailer: Vec<u8>,
}

#[binrw]
#[derive(Debug, PartialEq)]
pub struct Ipv6 {
    #[br(temp)]
    #[bw(calc = (u32::from(*version) << 28) | (u32::from(*traffic_class) << 20)
        | (flow_label & 0xf_ffff))]
    first_word: u32,
    #[br(calc = (first_word >> 28) as u8)]
    #[bw(ignore)]
    pub version: u8,
    #[br(calc = (first_word >> 20) as u8)]
    #[bw(ignore)]
    pub traffic_class: u8,
    #[br(calc = first_word & 0xf_ffff)]
    #[bw(ignore)]
    pub flow_label: u32,
    pub payload_length: u16,
    pub next_header: u8,
    pub hop_limit: u8,
    pub source: [u8; 16],
    pub destination: [u8; 16],
    #[br(if(next_header == 6))]
    pub tcp: Option<Tcp>,
    #[br(if(next_header == 17))]
    pub udp: Option<Udp>,
    #[br(count = usize::from(payload_length).saturating_sub(transport_len(&tcp, &udp)))]
    pub payload: Vec<u8>,
    #[br(parse_with = until_eof)]
    pub trailer: Vec<u8>,
}

#[binrw]
#[derive(Debug, PartialEq)]
pub struct Tcp {
    pub source_port: u16,
    pub destination_port: u16,
    pub sequence_number: u32,
    pub acknowledgment_number: u32,
    #[br(temp)]
    #[bw(calc = (u16::from(*data_offset) << 12) | (u16::from(*reserved & 7) << 9)
        | [*ns, *cwr, *ece, *urg, *ack, *psh, *rst, *syn, *fin]
            .iter()
            .fold(0, |word, &bit| (word << 1) | u16::from(bit)))]
    offset_flags: u16,
    #[br(calc = (offset_flags >> 12) as u8)]
    #[bw(ignore)]
    pub data_offset: u8,
    #[br(calc = (offset_flags >> 9) as u8 & 7)]
    #[bw(ignore)]
    pub reserved: u8,
    #[br(calc = offset_flags & 0x100 != 0)]
    #[bw(ignore)]
    pub ns: bool,
    #[br(calc = offset_flags & 0x80 != 0)]
    #[bw(ignore)]
    pub cwr: bool,
    #[br(calc = offset_flags & 0x40 != 0)]
    #[bw(ignore)]
    pub ece: bool,
    #[br(calc = offset_flags & 0x20 != 0)]
    #[bw(ignore)]
    pub urg: bool,
    #[br(calc = offset_flags & 0x10 != 0)]
    #[bw(ignore)]
    pub ack: bool,
    #[br(calc = offset_flags & 0x8 != 0)]
    #[bw(ignore)]
    pub psh: bool,
    #[br(calc = offset_flags & 0x4 != 0)]
    #[bw(ignore)]
    pub rst: bool,
    #[br(calc = offset_flags & 0x2 != 0)]
    #[bw(ignore)]
    pub syn: bool,
    #[br(calc = offset_flags & 0x1 != 0)]
    #[bw(ignore)]
    pub fin: bool,
    pub window_size: u16,
    pub checksum: u16,
    pub urgent_pointer: u16,
    #[br(count = (usize::from(data_offset) * 4).saturating_sub(20))]
    pub options: Vec<u8>,
}

#[binrw]
#[derive(Debug, PartialEq)]
pub struct Udp {
    pub source_port: u16,
    pub destination_port: u16,
    pub length: u16,
    pub checksum: u16,
}

/// Reads one frame.
pub fn read_frame(data: &[u8]) -> BinResult<Frame> {
    Frame::read(&mut Cursor::new(data))
}

/// Writes one frame.
pub fn write_frame(frame: &Frame) -> BinResult<Vec<u8>> {
    let mut out = Cursor::new(Vec::new());
    frame.write(&mut out)?;
    Ok(out.into_inner())
}
