//! pcapng declared once (`examples/pcapng/format.rs`) against pcap-parser 0.17, the established
//! Rust reader: every capture pcap-parser ships (both byte orders, every kind of block, and
//! Wireshark's 1.1 MB sample) read to the same blocks, fields, packets and options, and written
//! back byte for byte; generated captures in both orders read by pcap-parser as written. (Cut
//! and corrupted captures are `tests/format/pcapng.rs`'s, which runs on the big-endian host.)
//!
//! The packets inside (`examples/pcapng/packet.rs`) against etherparse 0.19: every packet of
//! those captures and generated ones, header by header and field by field.

use endian_wire::format::{ReadFormat, Temp, WriteFormat};
use endian_wire_testkit::{Rng, captures};
use pcap_parser::pcapng::{
    Block as Theirs, PcapNGOption, parse_block_be, parse_block_le, parse_sectionheaderblock,
};

#[path = "../../../examples/pcapng/format.rs"]
#[allow(dead_code)] // the example's helpers this test does not call
pub(crate) mod format;
#[path = "../../../examples/pcapng/packet.rs"]
pub(crate) mod packet;

use format::{
    BIG_MARK, Block, Capture, EnhancedPacket, InterfaceDescription, InterfaceStatistics,
    LITTLE_MARK, NameResolution, Opt, SimplePacket,
};

/// pcap-parser's section header and blocks, read the way its users do.
fn theirs(file: &[u8]) -> (pcap_parser::pcapng::SectionHeaderBlock<'_>, Vec<Theirs<'_>>) {
    let (mut rest, header) =
        parse_sectionheaderblock(file).expect("pcap-parser: the section header");
    let big = header.big_endian();
    let mut blocks = Vec::new();
    while !rest.is_empty() {
        let (after, block) = if big {
            parse_block_be(rest)
        } else {
            parse_block_le(rest)
        }
        .expect("pcap-parser: a block");
        blocks.push(block);
        rest = after;
    }
    (header, blocks)
}

/// Option lists agree: codes and values.
fn same_options(ours: &[Opt<'_>], theirs: &[PcapNGOption<'_>], what: &str) {
    let ours: Vec<(u16, &[u8])> = ours.iter().map(|o| (o.code, o.value)).collect();
    // pcap-parser's value may hold its padding: its length says where the value ends.
    let theirs: Vec<(u16, &[u8])> = theirs
        .iter()
        .map(|o| (o.code.0, &o.value[..usize::from(o.len)]))
        .collect();
    assert_eq!(ours, theirs, "{what}: options");
}

/// Everything pcap-parser reads from `file` is what the declaration read.
fn same_as_pcap_parser(ours: &Capture<'_>, file: &[u8], name: &str) {
    let (header, blocks) = theirs(file);
    assert_eq!(
        ours.order().map(|o| o == endian_wire::Endian::Big),
        Some(header.big_endian())
    );
    assert_eq!(
        (ours.major_version, ours.minor_version, ours.section_length),
        (
            header.major_version,
            header.minor_version,
            header.section_len
        ),
        "{name}: section header"
    );
    assert_eq!(
        ours.length_again, header.block_len2,
        "{name}: section header"
    );
    same_options(&ours.options, &header.options, name);
    assert_eq!(ours.blocks.len(), blocks.len(), "{name}: blocks");
    for (i, (ours, theirs)) in ours.blocks.iter().zip(&blocks).enumerate() {
        let what = format!("{name}: block {i}");
        match (ours, theirs) {
            (Block::Interface(o), Theirs::InterfaceDescription(t)) => {
                assert_eq!(
                    (o.link_type, o.reserved, o.snap_len, o.length_again),
                    (t.linktype.0 as u16, t.reserved, t.snaplen, t.block_len2),
                    "{what}"
                );
                same_options(&o.options, &t.options, &what);
            }
            (Block::Packet(o), Theirs::EnhancedPacket(t)) => {
                assert_eq!(
                    (o.interface_id, o.timestamp_high, o.timestamp_low),
                    (t.if_id, t.ts_high, t.ts_low),
                    "{what}"
                );
                assert_eq!(
                    (o.data.len() as u32, o.original_len, o.length_again),
                    (t.caplen, t.origlen, t.block_len2),
                    "{what}"
                );
                use pcap_parser::traits::PcapNGPacketBlock;
                assert_eq!(o.data, t.packet_data(), "{what}: packet");
                same_options(&o.options, &t.options, &what);
            }
            (Block::Simple(o), Theirs::SimplePacket(t)) => {
                assert_eq!(
                    (o.original_len, o.data, o.length_again),
                    (t.origlen, t.data, t.block_len2),
                    "{what}"
                );
            }
            (Block::Names(o), Theirs::NameResolution(t)) => {
                // pcap-parser keeps the end of records as the last record, and each value
                // with its padding.
                let (end, rest) = t.nr.split_last().expect("pcap-parser: the end record");
                assert_eq!(end.record_type.0, 0, "{what}");
                assert_eq!(o.records.len(), rest.len(), "{what}: records");
                for (o, t) in o.records.iter().zip(rest) {
                    let padded = t.record_value;
                    assert_eq!(o.code, t.record_type.0, "{what}");
                    assert_eq!(padded.len(), o.value.len().next_multiple_of(4), "{what}");
                    assert_eq!(&padded[..o.value.len()], o.value, "{what}");
                }
                same_options(&o.options, &t.options, &what);
                assert_eq!(o.length_again, t.block_len2, "{what}");
            }
            (Block::Statistics(o), Theirs::InterfaceStatistics(t)) => {
                assert_eq!(
                    (
                        o.interface_id,
                        o.timestamp_high,
                        o.timestamp_low,
                        o.length_again
                    ),
                    (t.if_id, t.ts_high, t.ts_low, t.block_len2),
                    "{what}"
                );
                same_options(&o.options, &t.options, &what);
            }
            // Blocks the declaration keeps whole: pcap-parser's custom blocks (the private
            // enterprise number, then the data) and unknown ones.
            (
                Block::Other {
                    block_type,
                    body,
                    length_again,
                    ..
                },
                t,
            ) => {
                let (their_type, their_body, their_again): (u32, Vec<u8>, u32) = match t {
                    Theirs::Custom(c) => {
                        let pen = match file_order(file) {
                            endian_wire::Endian::Big => c.pen.to_be_bytes(),
                            endian_wire::Endian::Little => c.pen.to_le_bytes(),
                        };
                        let body = [pen.as_slice(), c.data].concat();
                        (native_type(c.block_type, file), body, c.block_len2)
                    }
                    Theirs::Unknown(u) => (
                        native_type(u.block_type, file),
                        u.data.to_vec(),
                        u.block_len2,
                    ),
                    other => panic!("{what}: pcap-parser read {other:?}"),
                };
                assert_eq!(
                    (*block_type, *body, *length_again),
                    (their_type, &their_body[..], their_again),
                    "{what}"
                );
            }
            (ours, theirs) => panic!("{what}: ours {ours:?}, pcap-parser's {theirs:?}"),
        }
    }
}

/// The file's byte order, from its byte-order mark.
fn file_order(file: &[u8]) -> endian_wire::Endian {
    let mark: [u8; 4] = file[8..12].try_into().unwrap();
    format::order_of(&mark).expect("a byte-order mark")
}

/// pcap-parser keeps a custom or unknown block's type as its first four bytes read
/// little-endian; the declaration reads it in the file's order.
fn native_type(raw_le: u32, file: &[u8]) -> u32 {
    match file_order(file) {
        endian_wire::Endian::Big => raw_le.swap_bytes(),
        endian_wire::Endian::Little => raw_le,
    }
}

#[test]
fn every_capture_of_pcap_parsers_reads_as_pcap_parser_reads_it_and_writes_back() {
    let Some(files) = captures::all_or_skip() else {
        return;
    };
    for (name, file) in &files {
        let capture = Capture::read_format_exact(file).unwrap_or_else(|e| panic!("{name}: {e}"));
        same_as_pcap_parser(&capture, file, name);
        assert!(
            capture.to_format_vec().unwrap() == *file,
            "{name}: written back"
        );
    }
    // Both orders of the same captures read the same.
    for pair in [
        ["test001-be.pcapng", "test001-le.pcapng"],
        ["test016-be.pcapng", "test016-le.pcapng"],
    ] {
        let [be, le] = pair.map(|name| &files.iter().find(|(n, _)| *n == name).unwrap().1);
        let (be, le) = (
            Capture::read_format_exact(be).unwrap(),
            Capture::read_format_exact(le).unwrap(),
        );
        assert_eq!(be.blocks.len(), le.blocks.len());
        for (b, l) in be.blocks.iter().zip(&le.blocks) {
            if let (Block::Packet(b), Block::Packet(l)) = (b, l) {
                assert_eq!((b.data, b.original_len), (l.data, l.original_len));
            }
        }
    }
}

/// A capture of random packets and options in `mark`'s order, with every kind of block.
fn generated<'a>(
    rng: &mut Rng,
    packets: &'a [Vec<u8>],
    values: &'a [Vec<u8>],
    mark: [u8; 4],
) -> Capture<'a> {
    let options = |rng: &mut Rng| -> Vec<Opt<'a>> {
        let n = rng.below(4) as usize;
        let mut list: Vec<Opt<'a>> = (0..n)
            .map(|_| {
                Opt::new(
                    1 + rng.below(10) as u16,
                    &values[rng.below(values.len() as u64) as usize],
                )
            })
            .collect();
        if n > 0 && rng.below(2) == 0 {
            list.push(Opt::new(0, &[]));
        }
        list
    };
    let mut blocks = vec![Block::Interface(InterfaceDescription {
        length: Temp::new(),
        link_type: 1,
        reserved: 0,
        snap_len: 262_144,
        options: options(rng),
        length_again: 0,
    })];
    for (i, data) in packets.iter().enumerate() {
        blocks.push(match i % 7 {
            6 => Block::Simple(SimplePacket {
                length: Temp::new(),
                original_len: rng.below(1 << 16) as u32,
                data: &data[..data.len() / 4 * 4],
                length_again: 0,
            }),
            5 => Block::Names(NameResolution {
                length: Temp::new(),
                records: (0..rng.below(3))
                    .map(|_| Opt::new(1, &values[i % values.len()]))
                    .collect(),
                options: options(rng),
                length_again: 0,
            }),
            4 => Block::Statistics(InterfaceStatistics {
                length: Temp::new(),
                interface_id: 0,
                timestamp_high: rng.below(1 << 32) as u32,
                timestamp_low: rng.below(1 << 32) as u32,
                options: options(rng),
                length_again: 0,
            }),
            _ => Block::Packet(EnhancedPacket {
                length: Temp::new(),
                interface_id: 0,
                timestamp_high: rng.below(1 << 32) as u32,
                timestamp_low: rng.below(1 << 32) as u32,
                captured_len: Temp::new(),
                original_len: data.len() as u32 + rng.below(100) as u32,
                data,
                options: options(rng),
                length_again: 0,
            }),
        });
    }
    Capture {
        length: Temp::new(),
        byte_order_mark: mark,
        major_version: 1,
        minor_version: 0,
        section_length: -1,
        options: options(rng),
        length_again: 0,
        blocks,
    }
}

#[test]
fn pcap_parser_reads_what_the_declaration_writes_in_both_orders() {
    let mut rng = Rng::new(0x9ca9);
    for round in 0..8 {
        let packets: Vec<Vec<u8>> = (0..40)
            .map(|_| (0..rng.below(200)).map(|_| rng.below(256) as u8).collect())
            .collect();
        let values: Vec<Vec<u8>> = (0..6)
            .map(|_| (0..rng.below(12)).map(|_| rng.below(256) as u8).collect())
            .collect();
        for mark in [BIG_MARK, LITTLE_MARK] {
            let written = generated(&mut rng, &packets, &values, mark)
                .to_format_vec()
                .unwrap();
            let read = Capture::read_format_exact(&written).unwrap();
            same_as_pcap_parser(&read, &written, &format!("round {round}, mark {mark:02x?}"));
            assert_eq!(read.to_format_vec().unwrap(), written);
            // The lengths the writer computed are the ones in the file.
            for block in &read.blocks {
                if let Block::Packet(p) = block {
                    let size =
                        32 + p.data.len().next_multiple_of(4) + format::options_size(&p.options);
                    assert_eq!(p.length_again as usize, size);
                }
            }
        }
    }
}

// ----- the packets, against etherparse ------------------------------------------------------

use etherparse::{LinkSlice, NetSlice, SlicedPacket, TransportSlice};
use packet::{Frame, Ipv4, Ipv6, Network, Tcp, Udp};

fn same_tcp(o: &Tcp<'_>, t: &etherparse::TcpSlice<'_>, what: &str) {
    assert_eq!(
        (
            o.source_port,
            o.destination_port,
            o.sequence_number,
            o.acknowledgment_number
        ),
        (
            t.source_port(),
            t.destination_port(),
            t.sequence_number(),
            t.acknowledgment_number()
        ),
        "{what}: TCP"
    );
    assert_eq!(
        (
            o.data_offset,
            o.ns,
            o.cwr,
            o.ece,
            o.urg,
            o.ack,
            o.psh,
            o.rst,
            o.syn,
            o.fin
        ),
        (
            t.data_offset(),
            t.ns(),
            t.cwr(),
            t.ece(),
            t.urg(),
            t.ack(),
            t.psh(),
            t.rst(),
            t.syn(),
            t.fin()
        ),
        "{what}: TCP flags"
    );
    assert_eq!(
        (o.window_size, o.checksum, o.urgent_pointer, o.options),
        (
            t.window_size(),
            t.checksum(),
            t.urgent_pointer(),
            t.options()
        ),
        "{what}: TCP"
    );
}

fn same_udp(o: &Udp, t: &etherparse::UdpSlice<'_>, what: &str) {
    assert_eq!(
        (o.source_port, o.destination_port, o.length, o.checksum),
        (
            t.source_port(),
            t.destination_port(),
            t.length(),
            t.checksum()
        ),
        "{what}: UDP"
    );
}

/// The transport headers and payload agree with etherparse's.
fn same_transport(
    tcp: &Option<Tcp<'_>>,
    udp: &Option<Udp>,
    payload: &[u8],
    theirs: Option<&TransportSlice<'_>>,
    ip_payload: &[u8],
    what: &str,
) {
    match (tcp, udp, theirs) {
        (Some(o), None, Some(TransportSlice::Tcp(t))) => {
            same_tcp(o, t, what);
            assert_eq!(payload, t.payload(), "{what}: TCP payload");
        }
        (None, Some(o), Some(TransportSlice::Udp(t))) => {
            same_udp(o, t, what);
            assert_eq!(payload, t.payload(), "{what}: UDP payload");
        }
        // ICMP, IGMP, fragments: the declaration keeps the IP payload as bytes.
        (None, None, _) => assert_eq!(payload, ip_payload, "{what}: IP payload"),
        (tcp, udp, theirs) => {
            panic!("{what}: ours {tcp:?} {udp:?}, etherparse's {theirs:?}")
        }
    }
}

fn same_ipv4(
    o: &Ipv4<'_>,
    t: &etherparse::Ipv4Slice<'_>,
    transport: Option<&TransportSlice<'_>>,
    what: &str,
) {
    let h = t.header();
    assert_eq!(
        (
            o.version,
            o.ihl,
            o.dscp,
            o.ecn,
            o.total_length,
            o.identification
        ),
        (
            h.version(),
            h.ihl(),
            h.dcp().value(),
            h.ecn().value(),
            h.total_len(),
            h.identification()
        ),
        "{what}: IPv4"
    );
    assert_eq!(
        (
            o.dont_fragment,
            o.more_fragments,
            o.fragment_offset,
            o.time_to_live,
            o.protocol
        ),
        (
            h.dont_fragment(),
            h.more_fragments(),
            h.fragments_offset().value(),
            h.ttl(),
            h.protocol().0
        ),
        "{what}: IPv4"
    );
    assert_eq!(
        (o.header_checksum, o.source, o.destination, o.options),
        (
            h.header_checksum(),
            h.source(),
            h.destination(),
            h.options()
        ),
        "{what}: IPv4"
    );
    same_transport(
        &o.tcp,
        &o.udp,
        o.payload,
        transport,
        t.payload().payload,
        what,
    );
}

fn same_ipv6(
    o: &Ipv6<'_>,
    t: &etherparse::Ipv6Slice<'_>,
    transport: Option<&TransportSlice<'_>>,
    what: &str,
) {
    let h = t.header();
    assert_eq!(
        (
            o.version,
            o.traffic_class,
            o.flow_label,
            o.payload_length,
            o.next_header,
            o.hop_limit
        ),
        (
            h.version(),
            h.traffic_class(),
            h.flow_label().value(),
            h.payload_length(),
            h.next_header().0,
            h.hop_limit()
        ),
        "{what}: IPv6"
    );
    assert_eq!(
        (o.source, o.destination),
        (h.source(), h.destination()),
        "{what}: IPv6"
    );
    same_transport(
        &o.tcp,
        &o.udp,
        o.payload,
        transport,
        t.payload().payload,
        what,
    );
}

/// One frame: the declaration's verdict and fields against etherparse's. The declaration
/// also checks the IPv4 header checksum, which etherparse leaves to its user: a frame
/// etherparse reads is refused here exactly when that checksum is wrong.
fn same_frame(data: &[u8], what: &str) {
    let ours = Frame::read_format_exact(data);
    let theirs = SlicedPacket::from_ethernet(data);
    let (ours, theirs) = match (ours, theirs) {
        (Ok(o), Ok(t)) => (o, t),
        (Err(_), Err(_)) => return,
        (Err(e), Ok(t)) => {
            let Some(NetSlice::Ipv4(ip)) = &t.net else {
                panic!("{what}: refused ({e}), etherparse reads it")
            };
            let header = ip.header().to_header();
            assert_ne!(
                header.calc_header_checksum(),
                header.header_checksum,
                "{what}: {e}"
            );
            assert!(e.to_string().contains("header_checksum"), "{what}: {e}");
            return;
        }
        (Ok(o), Err(e)) => panic!("{what}: read as {o:?}, etherparse refuses it: {e:?}"),
    };
    let Some(LinkSlice::Ethernet2(eth)) = &theirs.link else {
        panic!("{what}: etherparse read no Ethernet header")
    };
    assert_eq!(
        (ours.destination, ours.source),
        (eth.destination(), eth.source()),
        "{what}"
    );
    match (&ours.network, &theirs.net) {
        (Network::Ipv4(o), Some(NetSlice::Ipv4(t))) => {
            same_ipv4(o, t, theirs.transport.as_ref(), what)
        }
        (Network::Ipv6(o), Some(NetSlice::Ipv6(t))) if t.extensions().is_empty() => {
            same_ipv6(o, t, theirs.transport.as_ref(), what)
        }
        (
            Network::Other {
                ether_type,
                payload,
            },
            _,
        ) => {
            assert_eq!(*ether_type, eth.ether_type().0, "{what}");
            assert_eq!(*payload, eth.payload_slice(), "{what}");
        }
        (ours, theirs) => panic!("{what}: ours {ours:?}, etherparse's {theirs:?}"),
    }
}

#[test]
fn every_packet_of_the_captures_reads_as_etherparse_reads_it() {
    let Some(files) = captures::all_or_skip() else {
        return;
    };
    let mut frames = 0;
    for (name, file) in &files {
        let capture = Capture::read_format_exact(file).unwrap();
        for (i, block) in capture.blocks.iter().enumerate() {
            if let Block::Packet(p) = block {
                same_frame(p.data, &format!("{name}: block {i}"));
                frames += 1;
            }
        }
    }
    assert!(frames > 5898, "{frames} frames");
}

/// Random frames written from the declarations: etherparse reads the fields written, and the
/// bytes read back as the same frame.
#[test]
fn etherparse_reads_the_frames_the_declarations_write() {
    let mut rng = Rng::new(0xe7e7);
    for i in 0..600 {
        let payload: Vec<u8> = (0..rng.below(80)).map(|_| rng.below(256) as u8).collect();
        let tcp_options: Vec<u8> = (0..rng.below(4) * 4).map(|_| 1).collect();
        let ip_options: Vec<u8> = (0..rng.below(3) * 4).map(|_| 1).collect();
        let tcp = Tcp {
            source_port: rng.below(1 << 16) as u16,
            destination_port: rng.below(1 << 16) as u16,
            sequence_number: rng.next_u64() as u32,
            acknowledgment_number: rng.next_u64() as u32,
            data_offset: 5 + tcp_options.len() as u8 / 4,
            reserved: 0,
            ns: rng.chance(50),
            cwr: rng.chance(50),
            ece: rng.chance(50),
            urg: rng.chance(50),
            ack: rng.chance(50),
            psh: rng.chance(50),
            rst: rng.chance(50),
            syn: rng.chance(50),
            fin: rng.chance(50),
            window_size: rng.below(1 << 16) as u16,
            checksum: rng.below(1 << 16) as u16,
            urgent_pointer: rng.below(1 << 16) as u16,
            options: &tcp_options,
        };
        let udp = Udp {
            source_port: rng.below(1 << 16) as u16,
            destination_port: rng.below(1 << 16) as u16,
            length: 8 + payload.len() as u16,
            checksum: rng.below(1 << 16) as u16,
        };
        let transport_len = if i % 2 == 0 {
            20 + tcp_options.len()
        } else {
            8
        };
        let (tcp, udp) = if i % 2 == 0 {
            (Some(tcp), None)
        } else {
            (None, Some(udp))
        };
        let network = if i % 3 == 2 {
            Network::Ipv6(Ipv6 {
                version: 6,
                traffic_class: rng.below(256) as u8,
                flow_label: rng.below(1 << 20) as u32,
                payload_length: (transport_len + payload.len()) as u16,
                next_header: if tcp.is_some() { 6 } else { 17 },
                hop_limit: rng.below(256) as u8,
                source: [rng.below(256) as u8; 16],
                destination: [rng.below(256) as u8; 16],
                tcp,
                udp,
                payload: &payload,
                trailer: &[],
            })
        } else {
            Network::Ipv4(Ipv4 {
                version: 4,
                ihl: 5 + ip_options.len() as u8 / 4,
                dscp: rng.below(64) as u8,
                ecn: rng.below(4) as u8,
                total_length: (20 + ip_options.len() + transport_len + payload.len()) as u16,
                identification: rng.below(1 << 16) as u16,
                reserved: false,
                dont_fragment: rng.chance(50),
                more_fragments: false,
                fragment_offset: 0,
                time_to_live: rng.below(256) as u8,
                protocol: if tcp.is_some() { 6 } else { 17 },
                header_checksum: 0, // computed
                source: [10, 0, 0, rng.below(256) as u8],
                destination: [192, 168, 0, rng.below(256) as u8],
                options: &ip_options,
                tcp,
                udp,
                payload: &payload,
                trailer: &[],
            })
        };
        let frame = Frame {
            destination: [2, 0, 0, 0, 0, rng.below(256) as u8],
            source: [2, 0, 0, 0, 1, rng.below(256) as u8],
            network,
        };
        let bytes = frame.to_format_vec().unwrap();
        same_frame(&bytes, &format!("generated frame {i}"));
        let back = Frame::read_format_exact(&bytes).unwrap();
        assert_eq!(back.destination, frame.destination);
        assert_eq!(back.to_format_vec().unwrap(), bytes);
    }
}
