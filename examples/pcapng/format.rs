//! pcapng, declared once: the section header (its byte-order mark sets the order of
//! everything after it), interface descriptions, enhanced and simple packets, name resolution,
//! interface statistics, and every other block kept whole, each with its options. Packets and
//! option values are borrowed from the file.
//!
//! Shared by the example, the comparison with pcap-parser (`compare/tests/peers/pcapng.rs`) and
//! the fuzz target, which include this file.

use endian_wire::format::Temp;
use endian_wire::{Endian, Endianize};

/// The byte-order mark as a big-endian file holds it.
pub const BIG_MARK: [u8; 4] = [0x1a, 0x2b, 0x3c, 0x4d];
/// The byte-order mark as a little-endian file holds it.
pub const LITTLE_MARK: [u8; 4] = [0x4d, 0x3c, 0x2b, 0x1a];

/// The file's byte order, from its byte-order mark; `None` (an error naming the field) for
/// any other four bytes.
pub fn order_of(mark: &[u8; 4]) -> Option<Endian> {
    match *mark {
        BIG_MARK => Some(Endian::Big),
        LITTLE_MARK => Some(Endian::Little),
        _ => None,
    }
}

/// The section header's length comes before its byte-order mark, so it is read (and written)
/// big-endian: in a little-endian file that is the length with its bytes swapped. Converts
/// between the two either way.
pub fn seen_big_endian(length: u32, mark: &[u8; 4]) -> u32 {
    if *mark == LITTLE_MARK {
        length.swap_bytes()
    } else {
        length
    }
}

/// [`seen_big_endian`] for a length computed on write: one that does not fit 32 bits is
/// returned as is, so that writing it is refused.
fn written_big_endian(length: usize, mark: &[u8; 4]) -> u64 {
    match u32::try_from(length) {
        Ok(length) => u64::from(seen_big_endian(length, mark)),
        Err(_) => length as u64,
    }
}

/// A block's trailing length, as its "checksum": the size of the block, of which it covers
/// everything from the leading length to the field before it (all but the type and itself).
pub fn block_size(covered: &[u8]) -> u32 {
    u32::try_from(covered.len() + 8).unwrap_or(u32::MAX)
}

/// `n` rounded up to a multiple of four, as a signed size (so that a size computed from the
/// input and found negative is an error, not an overflow).
pub fn padded(n: u32) -> i64 {
    (i64::from(n) + 3) & !3
}

/// The bytes options take on the wire.
pub fn options_size(options: &[Opt<'_>]) -> usize {
    options
        .iter()
        .map(|o| 4 + o.value.len().next_multiple_of(4))
        .sum()
}

/// A capture: one section, its header's fields and then its blocks until the file ends.
/// (A file of several sections in different orders is not read: every capture pcap-parser
/// ships, and what Wireshark writes, is one section.)
#[derive(Endianize, Debug, PartialEq)]
#[endian(runtime)]
#[wire(magic = b"\x0a\x0d\x0d\x0a")]
pub struct Capture<'a> {
    /// The section header's length, read before the order is known: see [`seen_big_endian`].
    #[wire(temp, calc = written_big_endian(28 + options_size(options), &byte_order_mark))]
    pub length: Temp<u32>,
    #[wire(order = order_of(&byte_order_mark))]
    pub byte_order_mark: [u8; 4],
    pub major_version: u16,
    pub minor_version: u16,
    /// The section's length in bytes, -1 when not given.
    pub section_length: i64,
    #[wire(bytes = i64::from(seen_big_endian(length, &byte_order_mark)) - 28)]
    pub options: Vec<Opt<'a>>,
    /// The header's length again: checked against its size on read, written from it.
    #[wire(checksum = block_size, from = length)]
    pub length_again: u32,
    #[wire(until_eof)]
    pub blocks: Vec<Block<'a>>,
}

/// An option: a code, the value's length, the value padded to four bytes. The end of options
/// (code 0) is an option like the others: kept, and written back.
#[derive(Endianize, Debug, PartialEq, Clone, Copy)]
#[endian(runtime)]
pub struct Opt<'a> {
    pub code: u16,
    #[wire(temp)]
    pub length: Temp<u16>,
    #[wire(count = length, align_after = 4)]
    pub value: &'a [u8],
}

impl<'a> Opt<'a> {
    /// An option with this code and value.
    pub fn new(code: u16, value: &'a [u8]) -> Self {
        Opt {
            code,
            length: Temp::new(),
            value,
        }
    }
}

/// The end of a name resolution block's records: type 0, no value.
pub const END_OF_RECORDS: Opt<'static> = Opt {
    code: 0,
    length: Temp::new(),
    value: &[],
};

/// A block after the section header, chosen by its type.
#[derive(Endianize, Debug, PartialEq)]
#[endian(runtime)]
#[wire(tag = u32)]
pub enum Block<'a> {
    #[wire(tag = 1)]
    Interface(InterfaceDescription<'a>),
    #[wire(tag = 6)]
    Packet(EnhancedPacket<'a>),
    #[wire(tag = 3)]
    Simple(SimplePacket<'a>),
    #[wire(tag = 4)]
    Names(NameResolution<'a>),
    #[wire(tag = 5)]
    Statistics(InterfaceStatistics<'a>),
    /// Any other block (custom blocks, the ones pcapng adds later), its body kept as it is.
    #[wire(fallback)]
    Other {
        block_type: u32,
        #[wire(temp, calc = 12 + body.len())]
        length: Temp<u32>,
        #[wire(bytes = i64::from(length) - 12)]
        body: &'a [u8],
        #[wire(checksum = block_size, from = length)]
        length_again: u32,
    },
}

/// An interface the packets were captured on (its link type and snapshot length).
#[derive(Endianize, Debug, PartialEq)]
#[endian(runtime)]
pub struct InterfaceDescription<'a> {
    #[wire(temp, calc = 20 + options_size(options))]
    pub length: Temp<u32>,
    pub link_type: u16,
    pub reserved: u16,
    pub snap_len: u32,
    #[wire(bytes = i64::from(length) - 20)]
    pub options: Vec<Opt<'a>>,
    #[wire(checksum = block_size, from = length)]
    pub length_again: u32,
}

/// A packet with its interface, timestamp and lengths.
#[derive(Endianize, Debug, PartialEq)]
#[endian(runtime)]
pub struct EnhancedPacket<'a> {
    #[wire(temp, calc = 32 + data.len().next_multiple_of(4) + options_size(options))]
    pub length: Temp<u32>,
    pub interface_id: u32,
    pub timestamp_high: u32,
    pub timestamp_low: u32,
    #[wire(temp)]
    pub captured_len: Temp<u32>,
    pub original_len: u32,
    /// The captured bytes (padding to four bytes follows them).
    #[wire(count = captured_len, align_after = 4)]
    pub data: &'a [u8],
    #[wire(bytes = i64::from(length) - 32 - padded(captured_len))]
    pub options: Vec<Opt<'a>>,
    #[wire(checksum = block_size, from = length)]
    pub length_again: u32,
}

/// A packet with only its original length: the captured bytes are what the block holds, with
/// their padding (as pcap-parser gives them; the interface's snapshot length says how many
/// count).
#[derive(Endianize, Debug, PartialEq)]
#[endian(runtime)]
pub struct SimplePacket<'a> {
    #[wire(temp, calc = 16 + data.len())]
    pub length: Temp<u32>,
    pub original_len: u32,
    #[wire(bytes = i64::from(length) - 16)]
    pub data: &'a [u8],
    #[wire(checksum = block_size, from = length)]
    pub length_again: u32,
}

/// Names for addresses: records (an option's shape, ending at [`END_OF_RECORDS`]), then
/// options.
#[derive(Endianize, Debug, PartialEq)]
#[endian(runtime)]
pub struct NameResolution<'a> {
    #[wire(temp, calc = 16 + options_size(records) + options_size(options))]
    pub length: Temp<u32>,
    #[wire(terminator = END_OF_RECORDS)]
    pub records: Vec<Opt<'a>>,
    #[wire(bytes = i64::from(length) - 16 - options_size(records.as_slice()) as i64)]
    pub options: Vec<Opt<'a>>,
    #[wire(checksum = block_size, from = length)]
    pub length_again: u32,
}

/// An interface's counters at a time.
#[derive(Endianize, Debug, PartialEq)]
#[endian(runtime)]
pub struct InterfaceStatistics<'a> {
    #[wire(temp, calc = 24 + options_size(options))]
    pub length: Temp<u32>,
    pub interface_id: u32,
    pub timestamp_high: u32,
    pub timestamp_low: u32,
    #[wire(bytes = i64::from(length) - 24)]
    pub options: Vec<Opt<'a>>,
    #[wire(checksum = block_size, from = length)]
    pub length_again: u32,
}

impl Capture<'_> {
    /// The file's byte order.
    pub fn order(&self) -> Option<Endian> {
        order_of(&self.byte_order_mark)
    }
}
