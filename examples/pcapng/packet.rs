//! The packets inside a capture, declared once: Ethernet II, IPv4 (bit fields, options, its
//! header checksum verified on read and computed on write), IPv6, TCP (its flags as bits) and
//! UDP, in network byte order. Payloads are borrowed.
//!
//! Shared by the example and the comparison with etherparse
//! (`compare/tests/peers/pcapng.rs`), which include this file.

use endian_wire::Endianize;
use endian_wire::format::internet_checksum;

/// An Ethernet II frame: its addresses, then what its type says it carries. (A bare `#[wire]`
/// makes it a declaration: no field of its own needs an attribute.)
#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
#[wire]
pub struct Frame<'a> {
    pub destination: [u8; 6],
    pub source: [u8; 6],
    pub network: Network<'a>,
}

/// What a frame carries, by its EtherType.
#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
#[wire(tag = u16)]
pub enum Network<'a> {
    #[wire(tag = 0x0800)]
    Ipv4(Ipv4<'a>),
    #[wire(tag = 0x86dd)]
    Ipv6(Ipv6<'a>),
    /// ARP, VLAN tags and the rest: kept as bytes.
    #[wire(fallback)]
    Other {
        ether_type: u16,
        #[wire(until_eof)]
        payload: &'a [u8],
    },
}

/// The bytes a TCP or UDP header takes.
fn transport_len(tcp: Option<&Tcp<'_>>, udp: Option<&Udp>) -> i64 {
    tcp.map_or(0, |t| 20 + t.options.len() as i64) + if udp.is_some() { 8 } else { 0 }
}

/// An IPv4 packet: the header's bit fields in their big-endian words, its options, the TCP or
/// UDP header when the protocol says so (and this is the first fragment), the payload (what
/// `total_length` leaves), then whatever pads the frame.
#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
pub struct Ipv4<'a> {
    #[wire(bits = 4)]
    pub version: u8,
    /// The header's length in 32-bit words (5 without options).
    #[wire(bits = 4)]
    pub ihl: u8,
    #[wire(bits = 6)]
    pub dscp: u8,
    #[wire(bits = 2)]
    pub ecn: u8,
    pub total_length: u16,
    pub identification: u16,
    #[wire(bits = 1)]
    pub reserved: bool,
    #[wire(bits = 1)]
    pub dont_fragment: bool,
    #[wire(bits = 1)]
    pub more_fragments: bool,
    #[wire(bits = 13)]
    pub fragment_offset: u16,
    pub time_to_live: u8,
    pub protocol: u8,
    /// Over the whole header with this field as zeros: checked on read, computed on write.
    #[wire(checksum = internet_checksum, through = options)]
    pub header_checksum: u16,
    pub source: [u8; 4],
    pub destination: [u8; 4],
    #[wire(count = i64::from(ihl) * 4 - 20)]
    pub options: &'a [u8],
    #[wire(if = protocol == 6 && fragment_offset == 0)]
    pub tcp: Option<Tcp<'a>>,
    #[wire(if = protocol == 17 && fragment_offset == 0)]
    pub udp: Option<Udp>,
    #[wire(bytes = i64::from(total_length) - i64::from(ihl) * 4
        - transport_len(tcp.as_ref(), udp.as_ref()))]
    pub payload: &'a [u8],
    /// What follows the packet in the frame (Ethernet pads frames to 60 bytes).
    #[wire(until_eof)]
    pub trailer: &'a [u8],
}

/// An IPv6 packet (no extension headers are read: their bytes are the payload).
#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
pub struct Ipv6<'a> {
    #[wire(bits = 4)]
    pub version: u8,
    #[wire(bits = 8)]
    pub traffic_class: u8,
    #[wire(bits = 20)]
    pub flow_label: u32,
    pub payload_length: u16,
    pub next_header: u8,
    pub hop_limit: u8,
    pub source: [u8; 16],
    pub destination: [u8; 16],
    #[wire(if = next_header == 6)]
    pub tcp: Option<Tcp<'a>>,
    #[wire(if = next_header == 17)]
    pub udp: Option<Udp>,
    #[wire(bytes = i64::from(payload_length) - transport_len(tcp.as_ref(), udp.as_ref()))]
    pub payload: &'a [u8],
    #[wire(until_eof)]
    pub trailer: &'a [u8],
}

/// A TCP header: the data offset and flags as bits of one 16-bit word, then its options.
#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
pub struct Tcp<'a> {
    pub source_port: u16,
    pub destination_port: u16,
    pub sequence_number: u32,
    pub acknowledgment_number: u32,
    /// The header's length in 32-bit words.
    #[wire(bits = 4)]
    pub data_offset: u8,
    #[wire(bits = 3)]
    pub reserved: u8,
    #[wire(bits = 1)]
    pub ns: bool,
    #[wire(bits = 1)]
    pub cwr: bool,
    #[wire(bits = 1)]
    pub ece: bool,
    #[wire(bits = 1)]
    pub urg: bool,
    #[wire(bits = 1)]
    pub ack: bool,
    #[wire(bits = 1)]
    pub psh: bool,
    #[wire(bits = 1)]
    pub rst: bool,
    #[wire(bits = 1)]
    pub syn: bool,
    #[wire(bits = 1)]
    pub fin: bool,
    pub window_size: u16,
    /// Over a pseudo-header of the IP addresses too: kept as read.
    pub checksum: u16,
    pub urgent_pointer: u16,
    #[wire(count = i64::from(data_offset) * 4 - 20)]
    pub options: &'a [u8],
}

/// A UDP header (its checksum covers a pseudo-header too: kept as read).
#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
pub struct Udp {
    pub source_port: u16,
    pub destination_port: u16,
    pub length: u16,
    pub checksum: u16,
}
