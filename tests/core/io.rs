//! Stream and slice IO: exact bytes, one call per fixed-size value, no heap allocation, and
//! clear errors for truncated or invalid input.

#![cfg(feature = "std")]

use std::io::{self, ErrorKind, Read, Write};
use std::num::{NonZeroU16, NonZeroU32};

use endian_wire::*;
use endian_wire_testkit::alloc::allocations_during;

/// A reader over a byte slice that counts `read` calls.
struct CountingReader<'a> {
    data: &'a [u8],
    calls: usize,
}

impl Read for CountingReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.calls += 1;
        self.data.read(buf)
    }
    fn read_exact(&mut self, buf: &mut [u8]) -> io::Result<()> {
        self.calls += 1;
        self.data.read_exact(buf)
    }
}

/// A writer into a fixed buffer that counts `write` calls and never allocates.
struct CountingWriter {
    buf: [u8; 512],
    len: usize,
    calls: usize,
}

impl CountingWriter {
    fn new() -> Self {
        Self {
            buf: [0; 512],
            len: 0,
            calls: 0,
        }
    }
    fn written(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

impl Write for CountingWriter {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.calls += 1;
        let n = data.len().min(self.buf.len() - self.len);
        self.buf[self.len..self.len + n].copy_from_slice(&data[..n]);
        self.len += n;
        Ok(n)
    }
    fn write_all(&mut self, data: &[u8]) -> io::Result<()> {
        self.calls += 1;
        assert!(self.len + data.len() <= self.buf.len());
        self.buf[self.len..self.len + data.len()].copy_from_slice(data);
        self.len += data.len();
        Ok(())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Writes `value` and reads it back, checking the exact bytes, one call each way, and no
/// heap allocation.
fn round_trip<E: EndianRead + EndianWrite + PartialEq + std::fmt::Debug>(value: E, bytes: &[u8]) {
    let mut writer = CountingWriter::new();
    let allocs = allocations_during(|| write_specific(&mut writer, &value).unwrap());
    assert_eq!(writer.written(), bytes, "{value:?}");
    let calls = usize::from(!bytes.is_empty());
    assert_eq!(writer.calls, calls, "one write_all for {value:?}");
    assert_eq!(allocs, 0, "no allocation writing {value:?}");

    let mut reader = CountingReader {
        data: bytes,
        calls: 0,
    };
    let mut back = None;
    let allocs = allocations_during(|| back = Some(read_specific::<_, E>(&mut reader).unwrap()));
    assert_eq!(back.as_ref(), Some(&value));
    assert_eq!(reader.calls, calls, "one read_exact");
    assert_eq!(allocs, 0, "no allocation reading {value:?}");
}

#[test]
fn every_wrapper_round_trips_with_exact_bytes() {
    round_trip(u16be::new(0x0102), &[1, 2]);
    round_trip(u16le::new(0x0102), &[2, 1]);
    round_trip(i32be::new(-2), &[0xff, 0xff, 0xff, 0xfe]);
    round_trip(u64le::new(1), &[1, 0, 0, 0, 0, 0, 0, 0]);
    round_trip(i128be::new(-1), &[0xff; 16]);
    round_trip(u128le::new(0x0f), &{
        let mut b = [0u8; 16];
        b[0] = 0x0f;
        b
    });
    round_trip(f32be::new(1.0), &[0x3f, 0x80, 0, 0]);
    round_trip(f64le::new(-2.5), &[0, 0, 0, 0, 0, 0, 0x04, 0xc0]);
    round_trip(BigEndian::<bool>::new(true), &[1]);
    round_trip(u8be::new(7), &[7]);
    round_trip(i8le::new(-1), &[0xff]);
    round_trip(7u8, &[7]);
    round_trip(true, &[1]);
    round_trip(
        nzu32be::new(NonZeroU32::new(0x0a0b_0c0d).unwrap()),
        &[0x0a, 0x0b, 0x0c, 0x0d],
    );
    let usize_bytes = 5usize.to_be_bytes();
    round_trip(usizebe::new(5), &usize_bytes);
}

#[test]
fn arrays_are_one_call_in_both_orders() {
    let be: [u16be; 4] = [1, 2, 3, 0x0102].map(u16be::new);
    round_trip(be, &[0, 1, 0, 2, 0, 3, 1, 2]);
    let le: [u32le; 2] = [1, 0x0a0b_0c0d].map(u32le::new);
    round_trip(le, &[1, 0, 0, 0, 0x0d, 0x0c, 0x0b, 0x0a]);
    round_trip(*b"raw bytes", b"raw bytes");
    let nested: [[u16be; 2]; 2] = [[1, 2], [3, 4]].map(|r| r.map(u16be::new));
    round_trip(nested, &[0, 1, 0, 2, 0, 3, 0, 4]);
    let wide: [f64be; 8] = [0.5; 8].map(f64be::new);
    let mut expected = Vec::new();
    for _ in 0..8 {
        expected.extend_from_slice(&0.5f64.to_be_bytes());
    }
    round_trip(wide, &expected);
    let u128s: [u128le; 4] = [1, 2, 3, 4].map(u128le::new);
    let expected: Vec<u8> = (1..=4u128).flat_map(u128::to_le_bytes).collect();
    round_trip(u128s, &expected);
}

#[test]
fn empty_arrays_are_zero_bytes() {
    // simple_endian 0.4.11 consumes one element when reading `[E; 0]`.
    round_trip::<[u32be; 0]>([], &[]);
    let mut input: &[u8] = &[1, 2, 3];
    let _: [u64le; 0] = read_specific(&mut input).unwrap();
    assert_eq!(input, &[1, 2, 3]);
}

#[test]
fn tuples_have_no_padding() {
    // In memory `(u8, u32be)` has three padding bytes; on the wire it has none.
    let value = (7u8, u32be::new(0x0102_0304));
    round_trip(value, &[7, 1, 2, 3, 4]);
    let triple = (u16le::new(1), true, f32be::new(1.0));
    round_trip(triple, &[1, 0, 1, 0x3f, 0x80, 0, 0]);
}

#[test]
fn wrapped_tuples_are_simple_endians_number_form() {
    // The elements as one number, first most significant, zero-extended to the tuple's size.
    round_trip(
        BigEndian::from((0x0102u16, 0x0304_0506u32)),
        &[0, 0, 1, 2, 3, 4, 5, 6],
    );
    round_trip(
        LittleEndian::from((0x0102u16, 0x0304_0506u32)),
        &[6, 5, 4, 3, 2, 1, 0, 0],
    );
    round_trip(BigEndian::from((true, -2i8)), &[1, 0xfe]);
    // As many bytes as the tuple's size in memory (Rust's layout: 16 here, 11 of elements).
    let mut expected = vec![0; size_of::<(u8, u64, u16)>() - 11];
    expected.extend_from_slice(&[1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 3]);
    round_trip(BigEndian::from((1u8, 2u64, 3u16)), &expected);
    // Bytes above the elements must be zero; elements are validated.
    let err =
        read_specific::<_, BigEndian<(u16, u32)>>(&mut &[0, 9, 1, 2, 3, 4, 5, 6][..]).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    assert!(err.to_string().contains("must be zero"), "{err}");
    let err = read_specific::<_, BigEndian<(bool, u8)>>(&mut &[2, 0][..]).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    let err = read_specific::<_, LittleEndian<(u16, u32)>>(&mut &[6, 5, 4][..]).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof);
}

#[test]
fn text_fields_round_trip() {
    let name = FixedUtf16BeNullPadded::<3>::try_from("ok").unwrap();
    round_trip(name, &[0, b'o', 0, b'k', 0, 0]);
    let label = FixedUtf8SpacePadded::<4>::try_from("ab").unwrap();
    round_trip(label, b"ab  ");
    let units = FixedUtf32LeCodeUnits::<1>::try_from("é").unwrap();
    round_trip(units, &[0xe9, 0, 0, 0]);
}

#[test]
fn truncated_input_is_unexpected_eof() {
    let err = read_specific::<_, u32be>(&mut &[1u8, 2, 3][..]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::UnexpectedEof);
    let err = read_specific::<_, [u16le; 3]>(&mut &[0u8; 5][..]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::UnexpectedEof);
    let err = read_specific::<_, (u8, u64be)>(&mut &[0u8; 8][..]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::UnexpectedEof);
}

#[test]
fn invalid_values_are_invalid_data_naming_type_and_value() {
    let err = read_specific::<_, BigEndian<bool>>(&mut &[2u8][..]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert_eq!(err.to_string(), "invalid BigEndian<bool>: wire bytes 02");

    let err = read_specific::<_, nzu16le>(&mut &[0u8, 0][..]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert_eq!(
        err.to_string(),
        "invalid LittleEndian<NonZero<u16>>: wire bytes 00 00"
    );

    let err = read_specific::<_, [bool; 4]>(&mut &[0u8, 1, 5, 0][..]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert_eq!(
        err.to_string(),
        "invalid [bool; 4]: wire bytes 05 at offset 2"
    );

    let err = read_specific::<_, (u8, bool)>(&mut &[1u8, 9][..]).unwrap_err();
    assert_eq!(err.to_string(), "invalid bool: wire bytes 09");
}

/// `read_specific_into` reads what `read_specific` reads, with one `read_exact` and no
/// allocation, and on any error leaves the destination as it was.
#[test]
fn read_into_matches_read_and_keeps_the_destination_on_error() {
    fn check<E: EndianRead + PartialEq + std::fmt::Debug + Copy>(start: E, bytes: &[u8]) {
        let expected = read_specific::<_, E>(&mut &bytes[..]);
        let mut dest = start;
        let mut reader = CountingReader {
            data: bytes,
            calls: 0,
        };
        let mut got = None;
        let allocs = allocations_during(|| got = Some(read_specific_into(&mut reader, &mut dest)));
        match (expected, got.expect("ran")) {
            (Ok(value), Ok(())) => {
                assert_eq!(dest, value);
                assert_eq!(allocs, 0, "no allocation reading {value:?}");
                assert!(reader.calls <= 1, "one read_exact");
            }
            (Err(want), Err(err)) => {
                assert_eq!(err.kind(), want.kind());
                assert_eq!(err.to_string(), want.to_string());
                assert_eq!(dest, start, "the destination is unchanged on error");
            }
            (want, got) => panic!("read_specific gave {want:?}, read_specific_into {got:?}"),
        }
    }
    let words = [u16be::new(7); 32];
    check(words, &[0x12; 64]);
    check(words, &[0x12; 63]); // truncated
    check(u64le::new(9), &[1, 2, 3, 4, 5, 6, 7, 8]);
    check([u128be::new(1); 4], &[0xA5; 64]);
    check((u8::MAX, u32be::new(5)), &[1, 0, 0, 0, 2]);
    check([BigEndian::<bool>::from(true); 4], &[0, 1, 1, 0]);
    check([BigEndian::<bool>::from(true); 4], &[0, 1, 2, 0]); // invalid
    check(nzu16le::new(NonZeroU16::MIN), &[0, 0]); // invalid
    check([u8::MAX; 0], &[]);

    // A derived wire struct.
    #[derive(Endianize)]
    #[endian(be)]
    #[allow(dead_code)]
    struct Blob {
        words: [u32; 16],
        flag: bool,
    }
    let start = BlobWire::from(Blob {
        words: [3; 16],
        flag: true,
    });
    let mut dest = start;
    let mut bytes = [1u8; 65];
    read_specific_into(&mut &bytes[..], &mut dest).unwrap();
    assert_eq!(dest.words[15].get(), 0x0101_0101);
    bytes[64] = 3;
    let mut dest = start;
    let err = read_specific_into(&mut &bytes[..], &mut dest).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert_eq!(dest.words[0].get(), 3, "unchanged after an invalid value");
}

#[test]
fn chars_travel_as_checked_scalar_values() {
    round_trip(charbe::new('é'), &[0, 0, 0, 0xe9]);
    round_trip(charle::new('😀'), &[0x00, 0xf6, 0x01, 0x00]);
    round_trip(
        [charbe::new('a'), charbe::new('Ω')],
        &[0, 0, 0, 0x61, 0, 0, 0x03, 0xa9],
    );

    // A surrogate and a number past U+10FFFF are rejected wherever a char is read.
    let err = read_specific::<_, charbe>(&mut &[0u8, 0, 0xd8, 0][..]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert_eq!(
        err.to_string(),
        "invalid BigEndianChar: wire bytes 00 00 d8 00"
    );
    let err = read_specific::<_, charle>(&mut &[0u8, 0, 0x11, 0][..]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid LittleEndianChar: wire bytes 00 00 11 00"
    );
    let bytes = [0u8, 0, 0, 0x61, 0, 0, 0xdf, 0xff, 0, 0, 0, 0x62];
    let err = read_specific::<_, [charbe; 3]>(&mut &bytes[..]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid [BigEndianChar; 3]: wire bytes 00 00 df ff at offset 4"
    );
    let err = read_specific::<_, (u8, charle)>(&mut &[1u8, 0, 0xd8, 0, 0][..]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid LittleEndianChar: wire bytes 00 d8 00 00"
    );
    assert_eq!(
        read_from_slice::<charbe>(&[0, 0x11, 0, 0]),
        Err("invalid value")
    );

    // Through the native helpers, as a `char`.
    let mut out = Vec::new();
    write_native::<_, charbe, char>(&mut out, 'z').unwrap();
    assert_eq!(out, [0, 0, 0, b'z']);
    let c: char = try_read_native::<_, charbe, char>(&mut &out[..]).unwrap();
    assert_eq!(c, 'z');
    let err = try_read_native::<_, charbe, char>(&mut &[0u8, 0, 0xd8, 0][..]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);

    // A zero-copy view does not check; turning the value into a `char` does.
    let raw = charbe::from_scalar(0xd800);
    let seen: &charbe = view(endian_wire::zerocopy::IntoBytes::as_bytes(&raw)).unwrap();
    assert_eq!(seen.to_char(), None);
    assert!(char::try_from(*seen).is_err());
}

#[test]
fn native_helpers() {
    let mut out = Vec::new();
    write_native::<_, u16be, u16>(&mut out, 0x0102).unwrap();
    write_native_ref::<_, u32le, u32>(&mut out, &7).unwrap();
    assert_eq!(out, [1, 2, 7, 0, 0, 0]);
    let mut input = &out[..];
    assert_eq!(read_native::<_, u16be, u16>(&mut input).unwrap(), 0x0102);
    assert_eq!(read_native::<_, u32le, u32>(&mut input).unwrap(), 7);

    // A checked logical type read from a wire u16: fails with InvalidData.
    #[derive(Debug, PartialEq)]
    struct Percent(u16);
    impl TryFrom<u16be> for Percent {
        type Error = String;
        fn try_from(v: u16be) -> Result<Self, String> {
            match v.get() {
                p @ 0..=100 => Ok(Percent(p)),
                p => Err(format!("{p} is above 100")),
            }
        }
    }
    let p: Percent = try_read_native::<_, u16be, Percent>(&mut &[0u8, 3][..]).unwrap();
    assert_eq!(p, Percent(3));
    let err = try_read_native::<_, u16be, Percent>(&mut &[1u8, 0][..]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert_eq!(
        err.to_string(),
        "cannot convert to Percent: 256 is above 100"
    );

    // A value that does not fit the wire type: InvalidInput, nothing written.
    #[derive(Clone)]
    struct Big(u32);
    impl TryFrom<Big> for u8be {
        type Error = String;
        fn try_from(v: Big) -> Result<Self, String> {
            u8::try_from(v.0)
                .map(u8be::new)
                .map_err(|_| format!("{} does not fit in a byte", v.0))
        }
    }
    let mut out = Vec::new();
    try_write_native::<_, u8be, Big>(&mut out, Big(7)).unwrap();
    let err = try_write_native_ref::<_, u8be, Big>(&mut out, &Big(300)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    assert_eq!(
        err.to_string(),
        "cannot encode as BigEndian<u8>: 300 does not fit in a byte"
    );
    assert_eq!(out, [7]);
}

#[test]
fn dyn_io() {
    let mut out: Vec<u8> = Vec::new();
    write_specific_dyn(&mut out as &mut dyn Write, &i16be::new(-2)).unwrap();
    let mut input: &[u8] = &out;
    let v: i16be = read_specific_dyn(&mut input as &mut dyn Read).unwrap();
    assert_eq!(v.get(), -2);
}

#[test]
fn slice_io_without_std_io() {
    let v: u32le = read_from_slice(&[1, 0, 0, 0, 9]).unwrap();
    assert_eq!(v.get(), 1);
    assert_eq!(
        read_from_slice::<u32le>(&[1, 0]),
        Err("unexpected end of input")
    );
    assert_eq!(
        read_from_slice::<BigEndian<bool>>(&[3]).map(|b| b.get()),
        Err("invalid value")
    );
    let mut out = Vec::new();
    write_to_extend(&[u16be::new(1), u16be::new(2)], &mut out).unwrap();
    assert_eq!(out, [0, 1, 0, 2]);
}

/// Storage aligned for every wrapper up to 8 bytes.
#[repr(C, align(8))]
struct Aligned([u8; 17]);

#[test]
fn zero_copy_views() {
    let buf = Aligned([0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0]);
    let one: &u32be = view(&buf.0[..4]).unwrap();
    assert_eq!(one.get(), 1);
    let many: &[u32be] = view_slice(&buf.0[..16]).unwrap();
    assert_eq!(
        many.iter().map(|v| v.get()).collect::<Vec<_>>(),
        [1, 2, 0, 3]
    );
    assert_eq!(
        view::<u32be>(&buf.0[..3]),
        Err(ViewError::Size {
            needed: 4,
            found: 3
        })
    );
    assert_eq!(
        view_slice::<u32be>(&buf.0[..6]),
        Err(ViewError::Size {
            needed: 4,
            found: 6
        })
    );
    let misaligned = view::<u32be>(&buf.0[1..5]).unwrap_err();
    assert!(matches!(misaligned, ViewError::Alignment { needed: 4, .. }));
    assert!(
        misaligned.to_string().contains("alignment 4"),
        "{misaligned}"
    );
    let as_io: io::Error = misaligned.into();
    assert_eq!(as_io.kind(), ErrorKind::InvalidInput);
    let as_io: io::Error = view::<u64le>(&buf.0[..2]).unwrap_err().into();
    assert_eq!(as_io.kind(), ErrorKind::UnexpectedEof);
}
