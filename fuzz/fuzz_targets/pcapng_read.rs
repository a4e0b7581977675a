//! pcapng declared once (`examples/pcapng/format.rs`) on arbitrary bytes: the bytes alone, and
//! after a valid section header in each byte order (so that every input reaches the blocks).
//! A capture that reads writes back as bytes of the same length that read as the same capture
//! (padding is written as zeros, so the bytes may differ there). The bytes as an Ethernet frame
//! (`packet.rs`): one that reads writes back byte for byte.
#![no_main]

use endian_wire::format::{ReadFormat, WriteFormat};
use libfuzzer_sys::fuzz_target;

#[path = "../../examples/pcapng/format.rs"]
#[allow(dead_code)]
mod format;
#[path = "../../examples/pcapng/packet.rs"]
mod packet;

use format::Capture;

/// A section header of 28 bytes, no options, little-endian.
const HEADER_LE: [u8; 28] = [
    0x0a, 0x0d, 0x0d, 0x0a, 28, 0, 0, 0, 0x4d, 0x3c, 0x2b, 0x1a, 1, 0, 0, 0, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 28, 0, 0, 0,
];
/// The same, big-endian.
const HEADER_BE: [u8; 28] = [
    0x0a, 0x0d, 0x0d, 0x0a, 0, 0, 0, 28, 0x1a, 0x2b, 0x3c, 0x4d, 0, 1, 0, 0, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 28,
];

fn check(input: &[u8]) {
    let read = Capture::read_format_exact(input);
    if let Ok(capture) = &read {
        let back = capture.to_format_vec().expect("a capture read writes");
        assert_eq!(back.len(), input.len());
        let again = Capture::read_format_exact(&back).expect("what was written reads");
        assert_eq!(&again, capture);
    }
}

fuzz_target!(|data: &[u8]| {
    check(data);
    if let Ok(frame) = packet::Frame::read_format_exact(data) {
        assert_eq!(frame.to_format_vec().expect("a frame read writes"), data);
    }
    for header in [&HEADER_LE, &HEADER_BE] {
        let mut input = header.to_vec();
        input.extend_from_slice(data);
        check(&input);
    }
});
