//! A classic pcap capture written in both byte orders and read back, the order taken from
//! the file's magic number, every structure declared once with `#[endian(runtime)]`.
//!
//! ```sh
//! cargo run --example pcap
//! ```
//!
//! The capture holds fixed-size UDP datagrams from a sensor: each record is pcap's record
//! header, in the file's order, then the frame's Ethernet, IPv4 and UDP headers and the
//! reading, in network order whatever the file's (`#[endian(be)]` on those fields). A record
//! is 64 bytes, so the capture after its file header is one table: `write_all_as` writes it
//! and `read_all_as` reads it, each converting the whole table at once; `view_all_as` reads
//! it in place when the file's order is the host's. A reader of captures with packets of any
//! size declares the file as a format instead ([`Capture`]): the magic sets the order, each
//! record's length says how many bytes its packet takes, and the packets are borrowed from the
//! file; it finds the same, and writes the file back byte for byte.

use std::borrow::Cow;
use std::io;

use endian_wire::format::{ReadFormat, Temp, WriteFormat};
use endian_wire::{Endian, Endianize, RuntimeEndian};

/// pcap's file header. Its magic, read in the wrong order, is byte-swapped: that is how a
/// reader finds the order.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(runtime)]
#[repr(C)]
pub struct FileHeader {
    pub magic: u32,
    pub version_major: u16,
    pub version_minor: u16,
    pub thiszone: i32,
    pub sigfigs: u32,
    pub snaplen: u32,
    pub network: u32,
}

/// pcap's record header, before each packet.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(runtime)]
#[repr(C)]
pub struct RecordHeader {
    pub ts_sec: u32,
    pub ts_usec: u32,
    pub incl_len: u32,
    pub orig_len: u32,
}

/// One captured datagram: the record header in the file's order (a nested runtime type
/// follows the outer order), the frame in network order (fields marked `#[endian(be)]`).
///
/// The derive proves a wire struct free of padding from its fields' types; for a nested
/// type it cannot, so it is told (zerocopy checks the claim when it compiles): the wire
/// types are then their bytes, and a table of them can be viewed in place.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(runtime)]
#[repr(C)]
#[wire_derive(endian_wire::zerocopy::IntoBytes)]
pub struct Datagram {
    pub record: RecordHeader,
    pub dst_mac: [u8; 6],
    pub src_mac: [u8; 6],
    #[endian(be)]
    pub ether_type: u16,
    pub version_ihl: u8,
    pub tos: u8,
    #[endian(be)]
    pub total_len: u16,
    #[endian(be)]
    pub id: u16,
    #[endian(be)]
    pub fragment: u16,
    pub ttl: u8,
    pub protocol: u8,
    #[endian(be)]
    pub header_checksum: u16,
    pub src_ip: [u8; 4],
    pub dst_ip: [u8; 4],
    #[endian(be)]
    pub src_port: u16,
    #[endian(be)]
    pub dst_port: u16,
    #[endian(be)]
    pub udp_len: u16,
    #[endian(be)]
    pub udp_checksum: u16,
    /// The sensor's reading: a sequence number and a value.
    #[endian(be)]
    pub seq: u16,
    #[endian(be)]
    pub value: i32,
}

const MAGIC: u32 = 0xa1b2_c3d4;
const FRAME: u32 = 64 - 16; // Ethernet, IPv4 and UDP headers and the reading

/// The file's order, from its magic number; `None` if it is not a classic pcap file.
pub fn order_of(file: &[u8]) -> Option<Endian> {
    match file.get(..4)? {
        [0xa1, 0xb2, 0xc3, 0xd4] => Some(Endian::Big),
        [0xd4, 0xc3, 0xb2, 0xa1] => Some(Endian::Little),
        _ => None,
    }
}

fn datagram(i: u32) -> Datagram {
    let payload = 6u16;
    Datagram {
        record: RecordHeader {
            ts_sec: 1_700_000_000 + i / 10,
            ts_usec: (i % 10) * 100_000,
            incl_len: FRAME,
            orig_len: FRAME,
        },
        dst_mac: [0x02, 0, 0, 0, 0, 1],
        src_mac: [0x02, 0, 0, 0, 0, 2],
        ether_type: 0x0800,
        version_ihl: 0x45,
        tos: 0,
        total_len: 20 + 8 + payload,
        id: i as u16,
        fragment: 0x4000,
        ttl: 64,
        protocol: 17,
        header_checksum: 0,
        src_ip: [10, 0, 0, 2],
        dst_ip: [10, 0, 0, 1],
        src_port: 50_000,
        dst_port: 9_000,
        udp_len: 8 + payload,
        udp_checksum: 0,
        seq: i as u16,
        value: (i as i32 - 500) * 37,
    }
}

/// A capture of `datagrams` in `order`.
fn capture(datagrams: &[Datagram], order: Endian) -> io::Result<Vec<u8>> {
    let header = FileHeader {
        magic: MAGIC,
        version_major: 2,
        version_minor: 4,
        thiszone: 0,
        sigfigs: 0,
        snaplen: 65_535,
        network: 1, // Ethernet
    };
    let mut file = Vec::new();
    header.write_as(&mut file, order)?;
    Datagram::write_all_as(datagrams, &mut file, order)?;
    Ok(file)
}

/// A whole capture with packets of any size, declared once: its magic names the order of
/// everything after it, and records follow until the file ends.
#[derive(Endianize, Debug, PartialEq)]
#[endian(runtime)]
pub struct Capture<'a> {
    #[wire(order = order_of(&magic))]
    pub magic: [u8; 4],
    pub version_major: u16,
    pub version_minor: u16,
    pub thiszone: i32,
    pub sigfigs: u32,
    pub snaplen: u32,
    pub network: u32,
    #[wire(until_eof)]
    pub records: Vec<Record<'a>>,
}

/// One record: its header in the capture's order, then `incl_len` bytes of packet, borrowed.
#[derive(Endianize, Debug, PartialEq)]
#[endian(runtime)]
pub struct Record<'a> {
    pub ts_sec: u32,
    pub ts_usec: u32,
    /// The captured length: read for `data`, written as `data.len()`, not kept twice.
    #[wire(temp)]
    pub incl_len: Temp<u32>,
    pub orig_len: u32,
    #[wire(count = incl_len)]
    pub data: &'a [u8],
}

fn main() -> io::Result<()> {
    let datagrams: Vec<Datagram> = (0..1000).map(datagram).collect();
    let dir = std::env::temp_dir();
    for order in [Endian::Big, Endian::Little] {
        let path = dir.join(format!("endian_wire_example_{order:?}.pcap").to_lowercase());
        std::fs::write(&path, capture(&datagrams, order)?)?;

        let file = std::fs::read(&path)?;
        let order = order_of(&file).expect("a classic pcap file");
        let header = FileHeader::read_as(&file, order)?;
        let read = Datagram::read_all_as(&file[24..], order)?;
        assert_eq!(read, datagrams);
        // Packets of any size: the declaration, packets borrowed from the file.
        let parsed = Capture::read_format_exact(&file)?;
        assert_eq!(parsed.records.len(), datagrams.len());
        assert_eq!((parsed.version_major, parsed.network), (2, 1));
        for (i, record) in parsed.records.iter().enumerate() {
            let at = 24 + i * 64;
            assert_eq!(record.ts_sec, datagrams[i].record.ts_sec);
            assert_eq!(record.data, &file[at + 16..at + 64]);
        }
        assert_eq!(parsed.to_format_vec()?, file);
        let view = Datagram::view_all_as(&file[24..], order)?;
        let how = match view {
            Cow::Borrowed(_) => "viewed in place",
            Cow::Owned(_) => "converted",
        };
        let last = &view[view.len() - 1];
        println!(
            "{}: {order:?}, magic {:02x?}, pcap {}.{}, link type {}, {} datagrams of {} bytes \
             ({how}); last: seq {} from {}:{} reads {}",
            path.display(),
            &file[..4],
            header.version_major,
            header.version_minor,
            header.network,
            read.len(),
            16 + FRAME,
            last.seq.get(),
            last.src_ip.map(|b| b.to_string()).join("."),
            last.src_port.get(),
            last.value.get(),
        );
        // The network-order fields are the same bytes in both files.
        assert_eq!(&file[24 + 28..24 + 30], &[0x08, 0x00]);
        std::fs::remove_file(&path)?;
    }
    Ok(())
}
