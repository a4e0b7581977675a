//! pcapng declared once (`examples/pcapng`) against the same formats written with binrw 0.15
//! and deku 0.20 (`compare/peer_formats/`, perf_report's peers for issue 52's targets): every
//! capture pcap-parser ships (both byte orders, every kind of block, Wireshark's sample) read
//! by all three to the same blocks, lengths, fields, options and packets, and every packet's
//! Ethernet, IP and TCP / UDP headers to the same fields; both peers write each capture and
//! each packet back byte for byte.

use endian_wire::format::ReadFormat;
use endian_wire_testkit::captures;

use super::pcapng::format::{self as ours, Block};
use super::pcapng::packet;

#[path = "../../peer_formats/pcapng_binrw.rs"]
mod with_binrw;
#[path = "../../peer_formats/pcapng_deku.rs"]
mod with_deku;

/// What a block holds, whichever crate read it: its type, its length, its numbers in
/// declaration order, its bytes (packet data or an unknown block's body), its name records
/// (without the end of records) and its options as `(code, value)`.
#[derive(Debug, PartialEq)]
struct Seen {
    block_type: u32,
    length: u32,
    numbers: Vec<u64>,
    bytes: Vec<u8>,
    records: Vec<(u16, Vec<u8>)>,
    options: Vec<(u16, Vec<u8>)>,
}

fn seen_options<'o>(options: impl IntoIterator<Item = (u16, &'o [u8])>) -> Vec<(u16, Vec<u8>)> {
    options
        .into_iter()
        .map(|(code, value)| (code, value.to_vec()))
        .collect()
}

/// A peer's name records end with the end of records; ours keeps that out of the list.
fn without_end(mut records: Vec<(u16, Vec<u8>)>, what: &str) -> Vec<(u16, Vec<u8>)> {
    assert_eq!(
        records.pop(),
        Some((0, Vec::new())),
        "{what}: end of records"
    );
    records
}

fn ours_seen(block: &Block<'_>) -> Seen {
    let opts = |o: &[ours::Opt<'_>]| seen_options(o.iter().map(|o| (o.code, o.value)));
    let (block_type, length, numbers, bytes, records, options) = match block {
        Block::Interface(b) => (
            1,
            b.length_again,
            vec![b.link_type.into(), b.reserved.into(), b.snap_len.into()],
            vec![],
            vec![],
            opts(&b.options),
        ),
        Block::Packet(b) => (
            6,
            b.length_again,
            vec![
                b.interface_id.into(),
                b.timestamp_high.into(),
                b.timestamp_low.into(),
                b.original_len.into(),
            ],
            b.data.to_vec(),
            vec![],
            opts(&b.options),
        ),
        Block::Simple(b) => (
            3,
            b.length_again,
            vec![b.original_len.into()],
            b.data.to_vec(),
            vec![],
            vec![],
        ),
        Block::Names(b) => (
            4,
            b.length_again,
            vec![],
            vec![],
            opts(&b.records),
            opts(&b.options),
        ),
        Block::Statistics(b) => (
            5,
            b.length_again,
            vec![
                b.interface_id.into(),
                b.timestamp_high.into(),
                b.timestamp_low.into(),
            ],
            vec![],
            vec![],
            opts(&b.options),
        ),
        Block::Other {
            block_type,
            body,
            length_again,
            ..
        } => (
            *block_type,
            *length_again,
            vec![],
            body.to_vec(),
            vec![],
            vec![],
        ),
    };
    Seen {
        block_type,
        length,
        numbers,
        bytes,
        records,
        options,
    }
}

/// A peer's block as [`Seen`]: binrw's and deku's block types have the same variants and
/// field names, but for the unknown block (`$other`: its pattern, then its type and its
/// fields' holder).
macro_rules! peer_seen {
    ($block:expr, $module:ident, $what:expr, $other:pat => ($other_type:expr, $o:expr)) => {{
        use $module::Block as B;
        let opts = |o: &[$module::Opt]| seen_options(o.iter().map(|o| (o.code, &o.value[..])));
        let (block_type, length, numbers, bytes, records, options) = match $block {
            B::Interface(b) => (
                1,
                b.length,
                vec![b.link_type.into(), b.reserved.into(), b.snap_len.into()],
                vec![],
                vec![],
                opts(&b.options),
            ),
            B::Packet(b) => (
                6,
                b.length,
                vec![
                    b.interface_id.into(),
                    b.timestamp_high.into(),
                    b.timestamp_low.into(),
                    b.original_len.into(),
                ],
                b.data.clone(),
                vec![],
                opts(&b.options),
            ),
            B::Simple(b) => (
                3,
                b.length,
                vec![b.original_len.into()],
                b.data.clone(),
                vec![],
                vec![],
            ),
            B::Names(b) => (
                4,
                b.length,
                vec![],
                vec![],
                without_end(opts(&b.records), $what),
                opts(&b.options),
            ),
            B::Statistics(b) => (
                5,
                b.length,
                vec![
                    b.interface_id.into(),
                    b.timestamp_high.into(),
                    b.timestamp_low.into(),
                ],
                vec![],
                vec![],
                opts(&b.options),
            ),
            $other => (
                $other_type,
                $o.length,
                vec![],
                $o.body.clone(),
                vec![],
                vec![],
            ),
        };
        Seen {
            block_type,
            length,
            numbers,
            bytes,
            records,
            options,
        }
    }};
}

fn binrw_seen(block: &with_binrw::Block, what: &str) -> Seen {
    peer_seen!(block, with_binrw, what, B::Other(b) => (b.block_type, b))
}

fn deku_seen(block: &with_deku::Block, what: &str) -> Seen {
    peer_seen!(block, with_deku, what, B::Other(block_type, b) => (*block_type, b))
}

/// A frame's headers, whichever crate read it: every field as a number in declaration order
/// (the addresses byte by byte), then the options, payloads and trailer.
#[derive(Debug, PartialEq)]
struct Headers {
    numbers: Vec<u64>,
    bytes: Vec<Vec<u8>>,
}

/// Gathers a frame's fields; the three crates' packet types have the same field names, so one
/// macro walks each of them.
macro_rules! headers_of {
    ($frame:expr, $module:path) => {{
        use $module as m;
        let frame = $frame;
        let mut numbers: Vec<u64> = frame
            .destination
            .iter()
            .chain(&frame.source)
            .map(|&b| u64::from(b))
            .collect();
        let mut bytes: Vec<Vec<u8>> = Vec::new();
        let tcp_udp = |numbers: &mut Vec<u64>,
                       bytes: &mut Vec<Vec<u8>>,
                       tcp: &Option<m::Tcp>,
                       udp: &Option<m::Udp>| {
            if let Some(t) = tcp {
                numbers.extend([
                    6u64,
                    t.source_port.into(),
                    t.destination_port.into(),
                    t.sequence_number.into(),
                    t.acknowledgment_number.into(),
                    t.data_offset.into(),
                    t.reserved.into(),
                ]);
                numbers.extend(
                    [t.ns, t.cwr, t.ece, t.urg, t.ack, t.psh, t.rst, t.syn, t.fin].map(u64::from),
                );
                numbers.extend([t.window_size, t.checksum, t.urgent_pointer].map(u64::from));
                bytes.push(t.options.to_vec());
            }
            if let Some(u) = udp {
                numbers.extend([
                    17u64,
                    u.source_port.into(),
                    u.destination_port.into(),
                    u.length.into(),
                    u.checksum.into(),
                ]);
            }
        };
        match &frame.network {
            m::Network::Ipv4(ip) => {
                numbers.extend([
                    0x0800u64,
                    ip.version.into(),
                    ip.ihl.into(),
                    ip.dscp.into(),
                    ip.ecn.into(),
                    ip.total_length.into(),
                    ip.identification.into(),
                    ip.reserved.into(),
                    ip.dont_fragment.into(),
                    ip.more_fragments.into(),
                    ip.fragment_offset.into(),
                    ip.time_to_live.into(),
                    ip.protocol.into(),
                    ip.header_checksum.into(),
                ]);
                numbers.extend(
                    ip.source
                        .iter()
                        .chain(&ip.destination)
                        .map(|&b| u64::from(b)),
                );
                bytes.push(ip.options.to_vec());
                tcp_udp(&mut numbers, &mut bytes, &ip.tcp, &ip.udp);
                bytes.extend([ip.payload.to_vec(), ip.trailer.to_vec()]);
            }
            m::Network::Ipv6(ip) => {
                numbers.extend([
                    0x86ddu64,
                    ip.version.into(),
                    ip.traffic_class.into(),
                    ip.flow_label.into(),
                    ip.payload_length.into(),
                    ip.next_header.into(),
                    ip.hop_limit.into(),
                ]);
                numbers.extend(
                    ip.source
                        .iter()
                        .chain(&ip.destination)
                        .map(|&b| u64::from(b)),
                );
                tcp_udp(&mut numbers, &mut bytes, &ip.tcp, &ip.udp);
                bytes.extend([ip.payload.to_vec(), ip.trailer.to_vec()]);
            }
            m::Network::Other {
                ether_type,
                payload,
            } => {
                numbers.push(u64::from(*ether_type));
                bytes.push(payload.to_vec());
            }
        }
        Headers { numbers, bytes }
    }};
}

/// Every block of every capture, and every enhanced packet's headers, the same in all three;
/// both peers write the captures and the packets back as they were.
#[test]
fn binrw_and_deku_read_every_capture_as_the_declaration_does_and_write_it_back() {
    let Some(files) = captures::all_or_skip() else {
        return;
    };
    let mut frames = 0;
    let mut out = Vec::new();
    for (name, file) in &files {
        let ours = ours::Capture::read_format_exact(file).unwrap_or_else(|e| panic!("{name}: {e}"));
        let by_binrw =
            with_binrw::read_capture(file).unwrap_or_else(|e| panic!("{name}: binrw: {e}"));
        let by_deku = with_deku::read_capture(file).unwrap_or_else(|e| panic!("{name}: deku: {e}"));

        // The section header.
        let our_header = (
            ours.order() == Some(endian_wire::Endian::Big),
            ours.major_version,
            ours.minor_version,
            ours.section_length,
            ours.length_again,
            seen_options(ours.options.iter().map(|o| (o.code, o.value))),
        );
        let h = &by_binrw.header;
        assert_eq!(
            our_header,
            (
                by_binrw.big_endian,
                h.major_version,
                h.minor_version,
                h.section_length,
                h.length,
                seen_options(h.options.iter().map(|o| (o.code, &o.value[..]))),
            ),
            "{name}: binrw's section header"
        );
        let d = &by_deku;
        assert_eq!(
            our_header,
            (
                with_deku::order_of(&d.byte_order_mark) == deku::ctx::Endian::Big,
                d.major_version,
                d.minor_version,
                d.section_length,
                with_deku::seen_big_endian(d.length, &d.byte_order_mark),
                seen_options(d.options.iter().map(|o| (o.code, &o.value[..]))),
            ),
            "{name}: deku's section header"
        );

        // The blocks.
        assert_eq!(
            by_binrw.blocks.len(),
            ours.blocks.len(),
            "{name}: binrw's blocks"
        );
        assert_eq!(
            by_deku.blocks.len(),
            ours.blocks.len(),
            "{name}: deku's blocks"
        );
        for (i, ((o, b), d)) in ours
            .blocks
            .iter()
            .zip(&by_binrw.blocks)
            .zip(&by_deku.blocks)
            .enumerate()
        {
            let what = format!("{name}: block {i}");
            let seen = ours_seen(o);
            assert_eq!(binrw_seen(b, &what), seen, "{what}: binrw");
            assert_eq!(deku_seen(d, &what), seen, "{what}: deku");

            // The packets inside, where the declaration reads them (it also refuses a wrong
            // IPv4 header checksum, which the peers keep as read).
            let (Block::Packet(p), with_binrw::Block::Packet(bp), with_deku::Block::Packet(dp)) =
                (o, b, d)
            else {
                continue;
            };
            let Ok(frame) = packet::Frame::read_format_exact(p.data) else {
                continue;
            };
            let headers = headers_of!(&frame, packet);
            let by_binrw = with_binrw::read_frame(&bp.data)
                .unwrap_or_else(|e| panic!("{what}: binrw's frame: {e}"));
            let by_deku = with_deku::read_frame(&dp.data)
                .unwrap_or_else(|e| panic!("{what}: deku's frame: {e}"));
            assert_eq!(headers_of!(&by_binrw, with_binrw), headers, "{what}: binrw");
            assert_eq!(headers_of!(&by_deku, with_deku), headers, "{what}: deku");
            assert_eq!(
                with_binrw::write_frame(&by_binrw).unwrap(),
                p.data,
                "{what}: binrw's frame written back"
            );
            assert_eq!(
                with_deku::write_frame(&by_deku).unwrap(),
                p.data,
                "{what}: deku's frame written back"
            );
            frames += 1;
        }

        with_binrw::write_capture(&by_binrw, &mut out).unwrap();
        assert!(out == *file, "{name}: binrw wrote it back differently");
        with_deku::write_capture(&by_deku, &mut out).unwrap();
        assert!(out == *file, "{name}: deku wrote it back differently");
    }
    assert!(frames > 5898, "{frames} frames compared");
}

/// A byte-order mark that is neither order is an error in both peers, as in the declaration.
#[test]
fn binrw_and_deku_refuse_a_capture_without_a_byte_order_mark() {
    let Some(mut file) = captures::read_or_skip("test001-le.pcapng") else {
        return;
    };
    file[8..12].copy_from_slice(b"\x01\x02\x03\x04");
    assert!(ours::Capture::read_format_exact(&file).is_err());
    assert!(with_binrw::read_capture(&file).is_err());
    assert!(with_deku::read_capture(&file).is_err());
}
