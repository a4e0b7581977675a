//! pcapng declared once (`examples/pcapng/format.rs`) on its own, no peer (the comparison with
//! pcap-parser is `endian_wire_compare`'s): every capture pcap-parser's package ships read and
//! written back byte for byte, generated captures in both byte orders, and every cut and
//! corrupted byte of the small captures an error or a faithful capture, never a panic, within a
//! bounded allocation. Here, not only beside the peer, because this binary also runs on the
//! big-endian host.

use endian_wire::Endian;
use endian_wire::format::{FormatErrorKind, ReadFormat, Temp, WriteFormat};
use endian_wire_testkit::alloc::peak_of;
use endian_wire_testkit::{Rng, captures};

#[path = "../../examples/pcapng/format.rs"]
#[allow(dead_code)] // the example's helpers these tests do not call
pub(crate) mod format;
#[path = "../../examples/pcapng/packet.rs"]
pub(crate) mod packet;

use format::{BIG_MARK, Block, Capture, EnhancedPacket, LITTLE_MARK, Opt};

#[test]
fn every_capture_reads_and_writes_back_byte_for_byte() {
    let Some(files) = captures::all_or_skip() else {
        return;
    };
    for (name, file) in &files {
        let capture = Capture::read_format_exact(file).unwrap_or_else(|e| panic!("{name}: {e}"));
        let big = name.ends_with("-be.pcapng");
        assert_eq!(capture.order() == Some(Endian::Big), big, "{name}");
        assert!(
            capture.to_format_vec().unwrap() == *file,
            "{name}: written back"
        );
    }
    let sample = &files
        .iter()
        .find(|(n, _)| *n == captures::WIRESHARK_SAMPLE)
        .unwrap()
        .1;
    let capture = Capture::read_format_exact(sample).unwrap();
    let packets: Vec<&[u8]> = capture
        .blocks
        .iter()
        .filter_map(|b| match b {
            Block::Packet(p) => Some(p.data),
            _ => None,
        })
        .collect();
    assert_eq!(packets.len(), 5898);
    // Packets are borrowed from the file, and each is an Ethernet frame.
    let range = sample.as_ptr_range();
    for p in &packets {
        assert!(range.contains(&p.as_ptr()));
        assert!(p.len() >= 14);
    }
}

/// Every packet's headers (Ethernet, IPv4 / IPv6, TCP / UDP: bit fields and a checksum) read
/// and written back byte for byte; the frames refused are IPv4 headers whose checksum the
/// sending host left to its network card.
#[test]
fn every_packet_reads_and_writes_back() {
    let Some(files) = captures::all_or_skip() else {
        return;
    };
    let (mut read, mut unfilled) = (0, 0);
    for (name, file) in &files {
        let capture = Capture::read_format_exact(file).unwrap();
        for block in &capture.blocks {
            let Block::Packet(p) = block else { continue };
            match packet::Frame::read_format_exact(p.data) {
                Ok(frame) => {
                    assert!(frame.to_format_vec().unwrap() == p.data, "{name}");
                    read += 1;
                }
                Err(e) => {
                    assert!(e.to_string().contains("header_checksum"), "{name}: {e}");
                    unfilled += 1;
                }
            }
        }
    }
    assert!(
        read >= 5898 && unfilled < read / 100,
        "{read} read, {unfilled} refused"
    );
}

#[test]
fn generated_captures_round_trip_in_both_orders() {
    let data: Vec<Vec<u8>> = (0..20u8).map(|i| (0..i * 7).collect()).collect();
    for mark in [BIG_MARK, LITTLE_MARK] {
        let blocks = data
            .iter()
            .map(|d| {
                Block::Packet(EnhancedPacket {
                    length: Temp::new(),
                    interface_id: 0,
                    timestamp_high: 1,
                    timestamp_low: d.len() as u32,
                    captured_len: Temp::new(),
                    original_len: d.len() as u32,
                    data: d,
                    options: vec![Opt::new(1, &d[..d.len().min(5)]), Opt::new(0, &[])],
                    length_again: 0,
                })
            })
            .collect();
        let capture = Capture {
            length: Temp::new(),
            byte_order_mark: mark,
            major_version: 1,
            minor_version: 0,
            section_length: -1,
            options: vec![],
            length_again: 0,
            blocks,
        };
        let bytes = capture.to_format_vec().unwrap();
        let back = Capture::read_format_exact(&bytes).unwrap();
        // The same blocks, with the trailing lengths the writer computed.
        assert_eq!(back.blocks.len(), capture.blocks.len());
        for (b, c) in back.blocks.iter().zip(&capture.blocks) {
            let (Block::Packet(b), Block::Packet(c)) = (b, c) else {
                panic!("packets expected")
            };
            assert_eq!(
                (b.data, &b.options, b.original_len),
                (c.data, &c.options, c.original_len)
            );
            let size = 32 + b.data.len().next_multiple_of(4) + format::options_size(&b.options);
            assert_eq!(b.length_again as usize, size);
        }
        assert_eq!(back.length_again, 28);
        assert_eq!(back.to_format_vec().unwrap(), bytes);
        // The order is the mark's: the first block's type in it.
        let first = &bytes[28..32];
        if mark == BIG_MARK {
            assert_eq!(first, [0, 0, 0, 6]);
        } else {
            assert_eq!(first, [6, 0, 0, 0]);
        }
    }
}

/// Every cut and byte on x86_64; every fourth under emulation (the big-endian host runs the
/// same checks on a sample: 20 times slower there).
const STEP: usize = if cfg!(target_arch = "x86_64") { 1 } else { 4 };

/// Every truncation is an error (`UnexpectedEof` or, where a cut length makes a field run
/// past its block, `InvalidData`) or, cut between blocks, the capture's first blocks, written
/// back as the bytes read; no read holds more than a multiple of its input. (The captures of
/// up to 4 KB: every kind of block, both orders.)
#[test]
fn every_truncation_and_corrupted_byte_is_an_error_never_a_panic() {
    let Some(files) = captures::all_or_skip() else {
        return;
    };
    for (name, file) in files.iter().filter(|(_, f)| f.len() < 4_000) {
        let mut between_blocks = 0;
        for len in (0..file.len()).step_by(STEP) {
            let cut = &file[..len];
            let (result, peak) =
                peak_of(|| Capture::read_format_exact(cut).map(|c| c.to_format_vec().unwrap()));
            match result {
                Ok(back) => {
                    assert!(back == cut, "{name} cut to {len}: read, written back");
                    between_blocks += 1;
                }
                Err(err) => assert!(
                    matches!(
                        err.kind(),
                        FormatErrorKind::UnexpectedEof | FormatErrorKind::InvalidData
                    ),
                    "{name} cut to {len}: {err}"
                ),
            }
            assert!(
                peak <= 64 * len + 4096,
                "{name} cut to {len}: {peak} bytes held"
            );
        }
        // Every block boundary is a multiple of four: a step of 1 or 4 meets each.
        let blocks = Capture::read_format_exact(file).unwrap().blocks.len();
        assert_eq!(between_blocks, blocks, "{name}: cuts between blocks");
        // Each byte changed: an error, or a capture that writes back as bytes that read as
        // the same capture (the same bytes but for padding, which is written as zeros).
        let mut rng = Rng::new(len_seed(name));
        for at in (0..file.len()).step_by(STEP) {
            let mut bad = file.clone();
            bad[at] ^= 1 << rng.below(8);
            let (result, peak) = peak_of(|| {
                Capture::read_format_exact(&bad).map(|c| {
                    let back = c.to_format_vec().unwrap();
                    let again = Capture::read_format_exact(&back).unwrap();
                    (again == c, back.len())
                })
            });
            if let Ok((same, len)) = result {
                assert!(
                    same,
                    "{name}: byte {at} changed, read, written back, read again"
                );
                assert_eq!(len, bad.len(), "{name}: byte {at} changed");
            }
            assert!(
                peak <= 64 * bad.len() + 4096,
                "{name}: byte {at}: {peak} bytes held"
            );
        }
    }
}

fn len_seed(name: &str) -> u64 {
    name.bytes()
        .fold(7, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)))
}
