//! A pcapng capture read and written from one declaration (`format.rs`): the section header's
//! byte-order mark sets the order of everything after it, every block is chosen by its type
//! (an unknown one kept whole), options fill what is left of each block (`bytes = n`), and
//! packets are borrowed from the file. Each packet's Ethernet, IPv4 / IPv6 and TCP / UDP headers
//! are declarations too (`packet.rs`: bit fields, the IPv4 header checksum).
//!
//! ```sh
//! cargo run --example pcapng                  # a capture written in both orders, read back
//! cargo run --example pcapng -- FILE.pcapng   # a summary of a capture, and its write-back
//! ```

use std::collections::BTreeMap;
use std::io;

use endian_wire::Endian;
use endian_wire::format::{ReadFormat, Temp, WriteFormat};

mod format;
mod packet;

use format::{
    BIG_MARK, Block, Capture, EnhancedPacket, InterfaceDescription, InterfaceStatistics,
    LITTLE_MARK, NameResolution, Opt, SimplePacket,
};
use packet::{Frame, Network};

/// An Ethernet frame carrying a UDP datagram of `payload` from 10.0.0.2 to 10.0.0.1.
fn frame(payload: &[u8]) -> Vec<u8> {
    let mut f = vec![0x02, 0, 0, 0, 0, 1, 0x02, 0, 0, 0, 0, 2, 0x08, 0x00];
    let total = (20 + 8 + payload.len()) as u16;
    f.extend_from_slice(&[
        0x45,
        0,
        (total >> 8) as u8,
        total as u8,
        0,
        1,
        0x40,
        0,
        64,
        17,
    ]);
    f.extend_from_slice(&[0, 0, 10, 0, 0, 2, 10, 0, 0, 1]);
    let udp = (8 + payload.len()) as u16;
    f.extend_from_slice(&[0xc3, 0x50, 0x23, 0x28, (udp >> 8) as u8, udp as u8, 0, 0]);
    f.extend_from_slice(payload);
    f
}

/// A capture of `frames` with an interface, names, statistics (`received`, the count's bytes
/// in the file's order) and a custom block.
fn capture<'a>(frames: &'a [Vec<u8>], received: &'a [u8; 8], mark: [u8; 4]) -> Capture<'a> {
    let mut blocks = vec![Block::Interface(InterfaceDescription {
        length: Temp::new(),
        link_type: 1, // Ethernet
        reserved: 0,
        snap_len: 65_535,
        options: vec![Opt::new(2, b"eth0"), Opt::new(9, &[6]), Opt::new(0, &[])],
        length_again: 0,
    })];
    blocks.push(Block::Names(NameResolution {
        length: Temp::new(),
        records: vec![Opt::new(1, b"\x0a\x00\x00\x01sensor\0")],
        options: vec![],
        length_again: 0,
    }));
    for (i, data) in frames.iter().enumerate() {
        let micros = 1_700_000_000_000_000u64 + i as u64 * 1_000;
        let packet = if i % 10 == 9 {
            Block::Simple(SimplePacket {
                length: Temp::new(),
                original_len: data.len() as u32,
                data: &data[..data.len() / 4 * 4],
                length_again: 0,
            })
        } else {
            Block::Packet(EnhancedPacket {
                length: Temp::new(),
                interface_id: 0,
                timestamp_high: (micros >> 32) as u32,
                timestamp_low: micros as u32,
                captured_len: Temp::new(),
                original_len: data.len() as u32,
                data,
                options: if i % 3 == 0 {
                    vec![Opt::new(1, b"every third"), Opt::new(0, &[])]
                } else {
                    vec![]
                },
                length_again: 0,
            })
        };
        blocks.push(packet);
    }
    blocks.push(Block::Statistics(InterfaceStatistics {
        length: Temp::new(),
        interface_id: 0,
        timestamp_high: 395_812,
        timestamp_low: 1_000,
        options: vec![Opt::new(4, received)],
        length_again: 0,
    }));
    blocks.push(Block::Other {
        block_type: 0x0000_0bad,
        length: Temp::new(),
        body: b"\x00\x00\x7e\xd9custom data!",
        length_again: 0,
    });
    Capture {
        length: Temp::new(),
        byte_order_mark: mark,
        major_version: 1,
        minor_version: 0,
        section_length: -1,
        options: vec![Opt::new(4, b"endian_wire example"), Opt::new(0, &[])],
        length_again: 0,
        blocks,
    }
}

/// What the Ethernet packets of a capture carry.
fn protocols(capture: &Capture<'_>) -> String {
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for block in &capture.blocks {
        let Block::Packet(p) = block else { continue };
        let kind = match Frame::read_format_exact(p.data) {
            Ok(Frame {
                network: Network::Ipv4(ip),
                ..
            }) => match (&ip.tcp, &ip.udp) {
                (Some(_), _) => "IPv4 TCP",
                (_, Some(_)) => "IPv4 UDP",
                _ => "IPv4 other",
            },
            Ok(Frame {
                network: Network::Ipv6(ip),
                ..
            }) => match (&ip.tcp, &ip.udp) {
                (Some(_), _) => "IPv6 TCP",
                (_, Some(_)) => "IPv6 UDP",
                _ => "IPv6 other",
            },
            Ok(Frame {
                network:
                    Network::Other {
                        ether_type: 0x0806, ..
                    },
                ..
            }) => "ARP",
            Ok(_) => "other",
            // Captured on the sending host, an IPv4 checksum is often left to the network card.
            Err(e) if e.to_string().contains("header_checksum") => "IPv4, checksum not filled in",
            Err(_) => "refused",
        };
        *kinds.entry(kind).or_default() += 1;
    }
    let kinds: Vec<String> = kinds.iter().map(|(k, n)| format!("{n} {k}")).collect();
    kinds.join(", ")
}

/// What a capture holds, by kind of block, and its packets' bytes.
fn summary(capture: &Capture<'_>) -> String {
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    let mut packet_bytes = 0;
    for block in &capture.blocks {
        let kind = match block {
            Block::Interface(_) => "interface",
            Block::Packet(p) => {
                packet_bytes += p.data.len();
                "enhanced packet"
            }
            Block::Simple(p) => {
                packet_bytes += p.data.len();
                "simple packet"
            }
            Block::Names(_) => "name resolution",
            Block::Statistics(_) => "statistics",
            Block::Other { .. } => "other",
        };
        *kinds.entry(kind).or_default() += 1;
    }
    let kinds: Vec<String> = kinds.iter().map(|(k, n)| format!("{n} {k}")).collect();
    format!(
        "pcapng {}.{}, {:?}; blocks: {}; {packet_bytes} bytes of packets",
        capture.major_version,
        capture.minor_version,
        capture.order().expect("read with its order"),
        kinds.join(", ")
    )
}

fn main() -> io::Result<()> {
    if let Some(path) = std::env::args_os().nth(1) {
        let file = std::fs::read(&path)?;
        let capture = Capture::read_format_exact(&file)?;
        println!("{}: {}", path.to_string_lossy(), summary(&capture));
        println!("packets: {}", protocols(&capture));
        let back = capture.to_format_vec()?;
        println!(
            "written back: {}",
            if back == file {
                "byte for byte the same".to_string()
            } else {
                format!(
                    "{} bytes, differing from the file's {}",
                    back.len(),
                    file.len()
                )
            }
        );
        return Ok(());
    }
    let frames: Vec<Vec<u8>> = (0..100u32)
        .map(|i| frame(format!("reading {i}: {}", i * 37).as_bytes()))
        .collect();
    for (mark, order) in [(BIG_MARK, Endian::Big), (LITTLE_MARK, Endian::Little)] {
        let count = frames.len() as u64;
        let received = match order {
            Endian::Big => count.to_be_bytes(),
            Endian::Little => count.to_le_bytes(),
        };
        let written = capture(&frames, &received, mark).to_format_vec()?;
        let read = Capture::read_format_exact(&written)?;
        assert_eq!(read.order(), Some(order));
        assert_eq!(read.to_format_vec()?, written, "written back byte for byte");
        let Block::Packet(first) = &read.blocks[2] else {
            unreachable!("the third block is the first packet")
        };
        assert_eq!(first.data, &frames[0][..]);
        println!("{} bytes: {}", written.len(), summary(&read));
    }
    // A cut file: the error names the field and the byte.
    let received = (frames.len() as u64).to_le_bytes();
    let written = capture(&frames, &received, LITTLE_MARK).to_format_vec()?;
    let err = Capture::read_format(&written[..1000]).unwrap_err();
    println!("the first 1000 bytes: {err}");
    Ok(())
}
