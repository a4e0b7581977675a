//! perf_report's pcapng section: Wireshark's 1.1 MB sample of 5,898 Ethernet packets (from
//! pcap-parser's package) read by the declaration of `examples/pcapng` and by pcap-parser 0.17,
//! the hand-written zero-copy parser: the blocks alone, then the blocks and every packet's
//! Ethernet, IP and TCP / UDP headers (etherparse 0.21 beside pcap-parser, the declarations of
//! `packet.rs` here); writing the capture back; a copy of the same bytes as the floor. binrw 0.15
//! and deku 0.20 read and write the same formats (`compare/peer_formats/`, written as their
//! users write them) in every row.

use std::hint::black_box;

use endian_wire::format::{ReadFormat, WriteFormat};
use endian_wire_testkit::captures;

use super::Workload;

#[path = "../../../examples/pcapng/format.rs"]
#[allow(dead_code)] // the example's helpers the report does not call
mod format;
#[path = "../../../examples/pcapng/packet.rs"]
mod packet;

#[path = "../../peer_formats/pcapng_binrw.rs"]
#[allow(dead_code)] // the frame writers the report does not call
mod with_binrw;
#[path = "../../peer_formats/pcapng_deku.rs"]
#[allow(dead_code)]
mod with_deku;

use format::{Block, Capture};

/// Every block with pcap-parser, as its users walk a file: the section header, then blocks in
/// its order. Returns how many blocks follow the section header.
fn pcap_parser_blocks(file: &[u8]) -> usize {
    use pcap_parser::pcapng::{parse_block_be, parse_block_le, parse_sectionheaderblock};
    let (mut rest, header) = parse_sectionheaderblock(file).unwrap();
    let big = header.big_endian();
    let mut n = 0;
    while !rest.is_empty() {
        let (after, block) = if big {
            parse_block_be(rest)
        } else {
            parse_block_le(rest)
        }
        .unwrap();
        black_box(&block);
        n += 1;
        rest = after;
    }
    n
}

/// [`pcap_parser_blocks`], each enhanced packet's headers sliced by etherparse. Returns how many
/// packets had a TCP or UDP header.
fn pcap_parser_with_etherparse(file: &[u8]) -> usize {
    use pcap_parser::pcapng::{Block as Theirs, parse_block_le, parse_sectionheaderblock};
    use pcap_parser::traits::PcapNGPacketBlock;
    let (mut rest, _) = parse_sectionheaderblock(file).unwrap();
    let mut n = 0;
    while !rest.is_empty() {
        let (after, block) = parse_block_le(rest).unwrap();
        if let Theirs::EnhancedPacket(p) = &block
            && let Ok(sliced) = etherparse::SlicedPacket::from_ethernet(p.packet_data())
        {
            n += usize::from(matches!(
                sliced.transport,
                Some(etherparse::TransportSlice::Tcp(_) | etherparse::TransportSlice::Udp(_))
            ));
            black_box(&sliced);
        }
        rest = after;
    }
    n
}

/// The declarations: the capture, then each enhanced packet as a frame.
fn ours_with_packets(file: &[u8]) -> usize {
    let capture = Capture::read_format_exact(file).unwrap();
    let mut n = 0;
    for block in &capture.blocks {
        if let Block::Packet(p) = block
            && let Ok(frame) = packet::Frame::read_format_exact(p.data)
        {
            n += usize::from(match &frame.network {
                packet::Network::Ipv4(ip) => ip.tcp.is_some() || ip.udp.is_some(),
                packet::Network::Ipv6(ip) => ip.tcp.is_some() || ip.udp.is_some(),
                packet::Network::Other { .. } => false,
            });
            black_box(&frame);
        }
    }
    n
}

/// binrw's capture, then each enhanced packet as binrw's frame.
fn binrw_with_packets(file: &[u8]) -> usize {
    use with_binrw::{Block, Network};
    let capture = with_binrw::read_capture(file).unwrap();
    let mut n = 0;
    for block in &capture.blocks {
        if let Block::Packet(p) = block
            && let Ok(frame) = with_binrw::read_frame(&p.data)
        {
            n += usize::from(match &frame.network {
                Network::Ipv4(ip) => ip.tcp.is_some() || ip.udp.is_some(),
                Network::Ipv6(ip) => ip.tcp.is_some() || ip.udp.is_some(),
                Network::Other { .. } => false,
            });
            black_box(&frame);
        }
    }
    n
}

/// deku's capture, then each enhanced packet as deku's frame.
fn deku_with_packets(file: &[u8]) -> usize {
    use with_deku::{Block, Network};
    let capture = with_deku::read_capture(file).unwrap();
    let mut n = 0;
    for block in &capture.blocks {
        if let Block::Packet(p) = block
            && let Ok(frame) = with_deku::read_frame(&p.data)
        {
            n += usize::from(match &frame.network {
                Network::Ipv4(ip) => ip.tcp.is_some() || ip.udp.is_some(),
                Network::Ipv6(ip) => ip.tcp.is_some() || ip.udp.is_some(),
                Network::Other { .. } => false,
            });
            black_box(&frame);
        }
    }
    n
}

pub(super) fn workloads() -> Vec<Workload> {
    let file: &'static [u8] = captures::read(captures::WIRESHARK_SAMPLE)
        .unwrap_or_else(|e| panic!("perf_report: {e}"))
        .leak();
    let blocks = Capture::read_format_exact(file).unwrap().blocks.len();
    assert_eq!(pcap_parser_blocks(file), blocks, "the same blocks");
    let by_binrw = with_binrw::read_capture(file).unwrap();
    let by_deku = with_deku::read_capture(file).unwrap();
    assert_eq!(by_binrw.blocks.len(), blocks, "binrw: the same blocks");
    assert_eq!(by_deku.blocks.len(), blocks, "deku: the same blocks");
    let transport = ours_with_packets(file);
    assert_eq!(
        pcap_parser_with_etherparse(file),
        transport,
        "the same transport headers"
    );
    assert_eq!(
        binrw_with_packets(file),
        transport,
        "binrw: the same transport headers"
    );
    assert_eq!(
        deku_with_packets(file),
        transport,
        "deku: the same transport headers"
    );
    let label = format!(
        "Wireshark's sample ({} KiB, 5,898 packets)",
        file.len() / 1024
    );
    let capture = Capture::read_format_exact(file).unwrap();
    assert_eq!(capture.to_format_vec().unwrap(), file);
    let mut out: Vec<u8> = Vec::with_capacity(file.len());
    let mut binrw_out: Vec<u8> = Vec::with_capacity(file.len());
    with_binrw::write_capture(&by_binrw, &mut binrw_out).unwrap();
    assert_eq!(binrw_out, file, "binrw: written back");
    let mut deku_out: Vec<u8> = Vec::with_capacity(file.len());
    with_deku::write_capture(&by_deku, &mut deku_out).unwrap();
    assert_eq!(deku_out, file, "deku: written back");
    vec![
        Workload::new(format!("pcapng: every block of {label}"), file.len())
            .case("endian_wire", move || {
                black_box(Capture::read_format_exact(black_box(file)).unwrap());
            })
            .case("pcap-parser", move || {
                black_box(pcap_parser_blocks(black_box(file)));
            })
            .case("binrw", move || {
                black_box(with_binrw::read_capture(black_box(file)).unwrap());
            })
            .case("deku", move || {
                black_box(with_deku::read_capture(black_box(file)).unwrap());
            })
            .case("memcpy", move || {
                black_box(black_box(file).to_vec());
            }),
        Workload::new(
            format!("pcapng: blocks and every packet's Ethernet, IP, TCP / UDP headers (pcap-parser with etherparse), {label}"),
            file.len(),
        )
        .case("endian_wire", move || {
            black_box(ours_with_packets(black_box(file)));
        })
        .case("pcap-parser", move || {
            black_box(pcap_parser_with_etherparse(black_box(file)));
        })
        .case("binrw", move || {
            black_box(binrw_with_packets(black_box(file)));
        })
        .case("deku", move || {
            black_box(deku_with_packets(black_box(file)));
        }),
        Workload::new(format!("pcapng: write {label} back"), file.len())
            .case("endian_wire", move || {
                out.clear();
                capture.write_format(&mut out).unwrap();
                black_box(&out);
            })
            .case("binrw", move || {
                with_binrw::write_capture(&by_binrw, &mut binrw_out).unwrap();
                black_box(&binrw_out);
            })
            .case("deku", move || {
                with_deku::write_capture(&by_deku, &mut deku_out).unwrap();
                black_box(&deku_out);
            })
            .case("memcpy", move || {
                black_box(black_box(file).to_vec());
            }),
    ]
}
