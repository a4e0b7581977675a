//! Format declarations (`#[wire(...)]`, `endian_wire::format`): every attribute read and
//! written, round trips in both byte orders, hostile input (truncation with its path and
//! offset, counts larger than the input without allocating them, no panic), a property test;
//! `borrowed`: fields borrowed from the input; `order`: byte order read from the data;
//! `offsets`: fields at offsets; `sized`: fields of a given size in bytes; `temp`: fields that
//! travel but are not kept; `stream`: values read from a `std::io::Read` without `Seek`;
//! `pcapng`: the pcapng example's declaration on real and generated captures, cut and
//! corrupted; `png`: the PNG example's the same way, on real and generated files; `dns`: the
//! DNS example's on the DNS messages in a capture and generated ones, cut, corrupted, with
//! hostile names.
//!
//! Everything but `stream` also runs without `std` (`--no-default-features --features
//! derive,alloc`): declarations need only `alloc`.
//!
//! A binary of its own: declarations have no `unsafe` of their own (their fixed images and
//! runs go through `io` and `bulk`, which the core binary runs under Miri and on every
//! instruction set), so this runs natively and on the big-endian host, not under Miri nor on
//! aarch64, and its many derived types do not slow those builds.

#![cfg(all(feature = "derive", feature = "alloc"))]

// Counts what each thread allocates: reads are checked to allocate nothing, or a bound.
#[global_allocator]
static ALLOCATOR: endian_wire_testkit::alloc::Counting = endian_wire_testkit::alloc::Counting;

use endian_wire::format::FormatErrorKind as ErrorKind;

use endian_wire::format::{FormatError, FormatReader, ReadFormat, ReadFormatOwned, WriteFormat};
use endian_wire::{Endianize, u16be, u32le};
use endian_wire_testkit::alloc::peak_of;
use proptest::prelude::*;

mod borrowed;
mod dns;
mod offsets;
mod order;
mod pcapng;
mod png;
mod sized;
#[cfg(feature = "std")]
mod stream;
mod temp;

/// The error's kind, path and offset: of a [`FormatError`], or of the one inside an
/// `io::Error` (a [`FormatStream`](endian_wire::format::FormatStream)'s).
pub(crate) fn at(err: &(dyn std::error::Error + 'static)) -> (ErrorKind, String, Option<usize>) {
    let format = FormatError::of(err).expect("a FormatError");
    (format.kind(), format.path_string(), format.offset())
}

/// Writes `value`, checks the bytes, reads them back whole and as a prefix.
pub(crate) fn round_trip<T: ReadFormatOwned + WriteFormat + PartialEq + std::fmt::Debug>(
    value: &T,
    bytes: &[u8],
) {
    round_trip_to_end(value, bytes);
    let mut longer = bytes.to_vec();
    longer.extend_from_slice(&[0xEE; 3]);
    let (back, used) = T::read_format(&longer).unwrap();
    assert_eq!((&back, used), (value, bytes.len()));
}

/// [`round_trip`] for a type that reads to the end of its input (`until_eof`).
pub(crate) fn round_trip_to_end<T: ReadFormatOwned + WriteFormat + PartialEq + std::fmt::Debug>(
    value: &T,
    bytes: &[u8],
) {
    let written = value.to_format_vec().unwrap();
    assert_eq!(written, bytes, "{value:?}");
    assert_eq!(&T::read_format_exact(bytes).unwrap(), value);
    #[cfg(feature = "std")]
    {
        let mut through_writer = Vec::new();
        value.write_format_to(&mut through_writer).unwrap();
        assert_eq!(through_writer, bytes);
    }
}

// ----- count, calc ------------------------------------------------------------------------

#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(be)]
struct Chunk {
    kind: [u8; 4],
    length: u8,
    #[wire(count = length)]
    data: Vec<u8>,
    n: u16,
    #[wire(count = n)]
    samples: Vec<i32>,
}

#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(le)]
struct ChunkLe {
    length: u8,
    #[wire(count = length)]
    data: Vec<u8>,
    n: u16,
    #[wire(count = n)]
    samples: Vec<i32>,
}

#[test]
fn counted_vectors_round_trip_in_both_orders() {
    let chunk = Chunk {
        kind: *b"IHDR",
        length: 2,
        data: vec![7, 8],
        n: 2,
        samples: vec![1, -2],
    };
    round_trip(
        &chunk,
        b"IHDR\x02\x07\x08\x00\x02\x00\x00\x00\x01\xff\xff\xff\xfe",
    );
    let le = ChunkLe {
        length: 1,
        data: vec![9],
        n: 1,
        samples: vec![0x0102_0304],
    };
    round_trip(&le, &[1, 9, 1, 0, 4, 3, 2, 1]);
}

#[test]
fn a_bare_count_field_is_written_as_the_length() {
    let stale = Chunk {
        kind: *b"abcd",
        length: 99, // ignored: written as data.len()
        data: vec![1, 2, 3],
        n: 0,
        samples: vec![5],
    };
    let bytes = stale.to_format_vec().unwrap();
    assert_eq!(bytes[4], 3);
    assert_eq!(&bytes[8..10], &[0, 1]);
    let back = Chunk::read_format_exact(&bytes).unwrap();
    assert_eq!((back.length, back.n), (3, 1));
}

#[test]
fn a_count_that_does_not_fit_its_field_is_refused() {
    let chunk = Chunk {
        kind: *b"abcd",
        length: 0,
        data: vec![0; 256],
        n: 0,
        samples: vec![],
    };
    let mut out = vec![0xAA];
    let err = chunk.write_format(&mut out).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidInput, "Chunk.length".into(), Some(4))
    );
    assert_eq!(
        err.to_string(),
        "Chunk.length at byte 4: 256 does not fit in `u8`"
    );
    assert_eq!(out, [0xAA], "nothing is left behind");
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
struct Words {
    #[wire(calc = words.len() * 4)]
    byte_len: u16,
    #[wire(count = byte_len / 4)]
    words: Vec<u32>,
}

#[test]
fn calc_writes_a_computed_field_and_the_count_is_checked() {
    let w = Words {
        byte_len: 0,
        words: vec![1, 2],
    };
    round_trip(
        &Words {
            byte_len: 8,
            words: vec![1, 2],
        },
        &[0, 8, 0, 0, 0, 1, 0, 0, 0, 2],
    );
    assert_eq!(w.to_format_vec().unwrap()[..2], [0, 8]);
    let too_many = Words {
        byte_len: 0,
        words: vec![0; 20_000],
    };
    let err = too_many.to_format_vec().unwrap_err();
    assert_eq!(at(&err).0, ErrorKind::InvalidInput);
    assert!(
        err.to_string().contains("80000 does not fit in `u16`"),
        "{err}"
    );
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
struct Kept {
    n: u8,
    #[wire(count = n as usize + 1)]
    items: Vec<u16>,
}

#[test]
fn a_count_expression_must_match_the_collection_when_written() {
    round_trip(
        &Kept {
            n: 1,
            items: vec![1, 2],
        },
        &[1, 1, 0, 2, 0],
    );
    let wrong = Kept {
        n: 5,
        items: vec![1],
    };
    let err = wrong.to_format_vec().unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidInput, "Kept.items".into(), Some(1))
    );
    assert!(
        err.to_string()
            .contains("reads as 6 but the collection holds 1")
    );
}

// ----- nested declarations, paths -----------------------------------------------------------

#[derive(Endianize, Debug, PartialEq, Clone, Copy)]
#[endian(be)]
struct Point {
    x: i16,
    y: i16,
}

#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(be)]
struct Record {
    id: u16,
    length: u16,
    #[wire(count = length)]
    points: Vec<Point>, // a fixed `Endianize` struct: one image each
}

#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(be)]
#[wire(magic = b"CAP")]
struct Capture {
    version: u16be,
    count: u32,
    #[wire(count = count)]
    records: Vec<Record>,
}

fn capture() -> Capture {
    Capture {
        version: u16be::new(2),
        count: 2,
        records: vec![
            Record {
                id: 1,
                length: 1,
                points: vec![Point { x: 1, y: -1 }],
            },
            Record {
                id: 2,
                length: 2,
                points: vec![Point { x: 2, y: 3 }, Point { x: 4, y: 5 }],
            },
        ],
    }
}

#[test]
fn nested_declarations_round_trip() {
    let bytes = capture().to_format_vec().unwrap();
    assert_eq!(&bytes[..9], b"CAP\x00\x02\x00\x00\x00\x02");
    assert_eq!(bytes.len(), 9 + (4 + 4) + (4 + 8));
    round_trip(&capture(), &bytes);
}

#[test]
fn truncation_names_the_field_path_and_offset() {
    let bytes = capture().to_format_vec().unwrap();
    // Every prefix fails with UnexpectedEof, and none panics.
    for len in 0..bytes.len() {
        let err = Capture::read_format(&bytes[..len]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::UnexpectedEof, "at {len}: {err}");
    }
    // Cut inside the second record's second point.
    let err = Capture::read_format(&bytes[..bytes.len() - 2]).unwrap_err();
    assert_eq!(
        at(&err),
        (
            ErrorKind::UnexpectedEof,
            "Capture.records[1].points".into(),
            Some(21)
        )
    );
    // Cut inside the second record's `length`.
    let err = Capture::read_format(&bytes[..19]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Capture.records[1].length at byte 19: needs 2 bytes, 0 left"
    );
}

#[test]
fn a_wrong_magic_is_invalid_data() {
    let mut bytes = capture().to_format_vec().unwrap();
    bytes[1] = b'X';
    let err = Capture::read_format(&bytes).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidData, "Capture".into(), Some(0))
    );
    assert!(
        err.to_string()
            .contains("magic 43 41 50 expected, found 43 58 50")
    );
}

#[test]
fn huge_counts_are_refused_before_allocating() {
    // A count of 4 billion records, then 20 bytes.
    let mut bytes = b"CAP\x00\x02\xff\xff\xff\xff".to_vec();
    bytes.extend_from_slice(&[0; 20]);
    let (result, peak) = peak_of(|| Capture::read_format(&bytes));
    let err = result.unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::UnexpectedEof, "Capture.records".into(), Some(9))
    );
    assert!(peak < 4096, "allocated {peak} bytes");
    // Numbers and bytes too.
    let (result, peak) = peak_of(|| Chunk::read_format(b"abcd\xff\x00"));
    assert_eq!(result.unwrap_err().kind(), ErrorKind::UnexpectedEof);
    assert!(peak < 4096, "allocated {peak} bytes");
    let (result, peak) = peak_of(|| ChunkLe::read_format(&[0, 0xff, 0xff, 1, 2, 3, 4]));
    assert_eq!(result.unwrap_err().kind(), ErrorKind::UnexpectedEof);
    assert!(peak < 4096, "allocated {peak} bytes");
}

#[test]
fn invalid_values_in_fixed_fields_are_located() {
    #[derive(Endianize, Debug, PartialEq)]
    #[endian(le)]
    struct Flags {
        a: u32le,
        on: bool,
        #[wire(pad_after = 1)]
        c: char,
    }
    let flags = Flags {
        a: u32le::new(1),
        on: true,
        c: 'é',
    };
    round_trip(&flags, &[1, 0, 0, 0, 1, 0xe9, 0, 0, 0, 0]);
    let err = Flags::read_format(&[1, 0, 0, 0, 2, 0xe9, 0, 0, 0, 0]).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidData, "Flags.on".into(), Some(4))
    );
    let err = Flags::read_format(&[1, 0, 0, 0, 1, 0, 0xd8, 0, 0, 0]).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidData, "Flags.c".into(), Some(5))
    );
}

// ----- until_eof ----------------------------------------------------------------------------

#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
struct Tail {
    head: u8,
    #[wire(until_eof)]
    rest: Vec<u16>,
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
struct Points {
    #[wire(until_eof)]
    points: Vec<Point>,
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
struct Blob(u8, #[wire(until_eof)] Vec<u8>);

#[test]
fn until_eof_reads_to_the_end() {
    round_trip_to_end(
        &Tail {
            head: 1,
            rest: vec![2, 3],
        },
        &[1, 2, 0, 3, 0],
    );
    round_trip_to_end(
        &Points {
            points: vec![Point { x: 1, y: 2 }],
        },
        &[0, 1, 0, 2],
    );
    round_trip_to_end(&Blob(7, vec![1, 2, 3]), &[7, 1, 2, 3]);
    round_trip_to_end(&Blob(7, vec![]), &[7]);
    let err = Tail::read_format(&[1, 2, 0, 3]).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::UnexpectedEof, "Tail.rest".into(), Some(3))
    );
    let err = Points::read_format(&[0, 1, 0, 2, 0, 3]).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::UnexpectedEof, "Points.points[1]".into(), Some(4))
    );
}

// ----- if -----------------------------------------------------------------------------------

#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
struct Optional {
    flags: u8,
    #[wire(if = flags & 1 != 0)]
    id: Option<u32>,
    #[wire(if = flags & 2 != 0)]
    point: Option<Point>,
    last: u8,
}

#[test]
fn if_fields_are_read_when_their_condition_holds() {
    round_trip(
        &Optional {
            flags: 0,
            id: None,
            point: None,
            last: 9,
        },
        &[0, 9],
    );
    round_trip(
        &Optional {
            flags: 3,
            id: Some(5),
            point: Some(Point { x: 1, y: 2 }),
            last: 9,
        },
        &[3, 0, 0, 0, 5, 0, 1, 0, 2, 9],
    );
    let disagreeing = Optional {
        flags: 1,
        id: None,
        point: None,
        last: 0,
    };
    let err = disagreeing.to_format_vec().unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidInput, "Optional.id".into(), Some(1))
    );
    let err = Optional {
        flags: 0,
        id: Some(1),
        point: None,
        last: 0,
    }
    .to_format_vec()
    .unwrap_err();
    assert_eq!(at(&err).0, ErrorKind::InvalidInput);
}

// ----- padding and alignment ------------------------------------------------------------------

#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
struct Padded {
    a: u8,
    #[wire(pad_before = 2)]
    b: u8,
    #[wire(align_before = 4)]
    c: u16,
    #[wire(pad_after = 1, align_after = 8)]
    d: u8,
    #[wire(pad_size_to = 4)]
    e: u16,
    n: u8,
    #[wire(count = n, pad_size_to = 6)]
    name: Vec<u8>,
    #[wire(align_after = 8)]
    z: u8,
}

#[test]
fn padding_and_alignment_round_trip() {
    let padded = Padded {
        a: 1,
        b: 2,
        c: 3,
        d: 4,
        e: 5,
        n: 3,
        name: b"abc".to_vec(),
        z: 6,
    };
    round_trip(
        &padded,
        &[
            1, 0, 0, 2, /* aligned */ 3, 0, 4, 0, /* to 8 */ 5, 0, 0, 0, 3, b'a', b'b',
            b'c', 0, 0, 0, 6, /* to 8 */ 0, 0, 0, 0,
        ],
    );
}

#[test]
fn a_field_longer_than_its_slot_is_refused() {
    let padded = Padded {
        a: 1,
        b: 2,
        c: 3,
        d: 4,
        e: 5,
        n: 7,
        name: b"toolong".to_vec(),
        z: 6,
    };
    let err = padded.to_format_vec().unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidInput, "Padded.name".into(), Some(13))
    );
    let mut bytes = vec![1, 0, 0, 2, 3, 0, 4, 0, 5, 0, 0, 0, 7];
    bytes.extend_from_slice(b"toolong\x06\0\0\0");
    let err = Padded::read_format(&bytes).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidData, "Padded.name".into(), Some(13))
    );
}

// ----- magic ----------------------------------------------------------------------------------

#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
#[wire(magic = 0x0A0D_0D0A_u32)]
struct Section {
    order_mark: u32,
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
#[wire(magic = 0xCAFE_u16)]
struct Java(u16);

#[test]
fn integer_magic_is_written_in_the_type_order() {
    round_trip(
        &Section {
            order_mark: 0x1A2B_3C4D,
        },
        &[0x0A, 0x0D, 0x0D, 0x0A, 0x4D, 0x3C, 0x2B, 0x1A],
    );
    round_trip(&Java(3), &[0xCA, 0xFE, 0, 3]);
    assert_eq!(<Java as ReadFormat<'static>>::MIN_SIZE, 4);
}

// ----- tagged enums -----------------------------------------------------------------------------

#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(le)]
#[wire(tag = u32)]
enum Block {
    #[wire(tag = 1)]
    Interface { link: u16, reserved: u16, snap: u32 },
    #[wire(tag = 6)]
    Packet {
        len: u32,
        #[wire(count = len, align_after = 4)]
        data: Vec<u8>,
    },
    #[wire(tag = 9)]
    End,
    #[wire(fallback)]
    Unknown {
        tag: u32,
        len: u32,
        #[wire(count = len)]
        body: Vec<u8>,
    },
}

#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(le)]
struct Stream {
    #[wire(until_eof)]
    blocks: Vec<Block>,
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
#[wire(tag = u8be)]
enum Small {
    #[wire(tag = 0xA0)]
    A(u16),
    #[wire(tag = 0xB0)]
    B(u8, u8),
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
#[wire(tag = i16)]
enum Signed {
    #[wire(tag = -1)]
    Minus,
    #[wire(tag = 2)]
    Two(#[wire(pad_before = 1)] u8),
}

#[test]
fn tagged_enums_round_trip() {
    round_trip(
        &Block::Interface {
            link: 1,
            reserved: 0,
            snap: 0xFFFF,
        },
        &[1, 0, 0, 0, 1, 0, 0, 0, 0xff, 0xff, 0, 0],
    );
    round_trip(
        &Block::Packet {
            len: 3,
            data: vec![1, 2, 3],
        },
        &[6, 0, 0, 0, 3, 0, 0, 0, 1, 2, 3, 0],
    );
    round_trip(&Block::End, &[9, 0, 0, 0]);
    round_trip(&Small::A(0x0102), &[0xA0, 2, 1]);
    round_trip(&Small::B(3, 4), &[0xB0, 3, 4]);
    round_trip(&Signed::Minus, &[0xff, 0xff]);
    round_trip(&Signed::Two(5), &[0, 2, 0, 5]);
}

#[test]
fn unknown_blocks_survive_a_round_trip() {
    let bytes = [
        1, 0, 0, 0, 1, 0, 0, 0, 0xff, 0xff, 0, 0, // interface
        0x22, 0, 0, 0, 2, 0, 0, 0, 0xab, 0xcd, // unknown tag 0x22
        9, 0, 0, 0, // end
    ];
    let (stream, used) = Stream::read_format(&bytes).unwrap();
    assert_eq!(used, bytes.len());
    assert_eq!(
        stream.blocks[1],
        Block::Unknown {
            tag: 0x22,
            len: 2,
            body: vec![0xab, 0xcd]
        }
    );
    round_trip_to_end(&stream, &bytes);
}

#[test]
fn unknown_tags_without_a_fallback_and_clashing_fallbacks_are_errors() {
    let err = Small::read_format(&[0xC0, 0, 0]).unwrap_err();
    assert_eq!(at(&err), (ErrorKind::InvalidData, "Small".into(), Some(0)));
    assert!(err.to_string().ends_with("unknown tag 192 (0xc0)"), "{err}");
    let clash = Block::Unknown {
        tag: 6,
        len: 0,
        body: vec![],
    };
    let err = clash.to_format_vec().unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidInput, "Block::Unknown".into(), Some(0))
    );
    assert!(err.to_string().contains("`Packet`"), "{err}");
}

#[test]
fn errors_inside_variants_name_the_variant() {
    let bytes = [
        9, 0, 0, 0, /* end */ 6, 0, 0, 0, 200, 0, 0, 0, 1, 2, // a packet cut short
    ];
    let err = Stream::read_format(&bytes).unwrap_err();
    assert_eq!(
        at(&err),
        (
            ErrorKind::UnexpectedEof,
            "Stream.blocks[1]::Packet.data".into(),
            Some(12)
        )
    );
}

// ----- the runtime module on its own ----------------------------------------------------------

#[test]
fn the_reader_and_writer_by_hand() {
    let mut reader = FormatReader::new(&[1, 2, 3]);
    assert_eq!(reader.take(2).unwrap(), [1, 2]);
    let err = reader.take(2).unwrap_err();
    assert_eq!(at(&err), (ErrorKind::UnexpectedEof, String::new(), Some(2)));
    assert_eq!(err.to_string(), "at byte 2: needs 2 bytes, 1 left");
    let err = reader
        .collect(usize::MAX, 8, |r| r.take(8).map(|_| ()))
        .unwrap_err();
    assert!(err.to_string().contains("more than usize::MAX"), "{err}");
}

// ----- property tests -------------------------------------------------------------------------

fn any_block() -> impl Strategy<Value = Block> {
    prop_oneof![
        (any::<u16>(), any::<u16>(), any::<u32>()).prop_map(|(link, reserved, snap)| {
            Block::Interface {
                link,
                reserved,
                snap,
            }
        }),
        proptest::collection::vec(any::<u8>(), 0..40).prop_map(|data| Block::Packet {
            len: data.len() as u32,
            data,
        }),
        Just(Block::End),
        (10u32.., proptest::collection::vec(any::<u8>(), 0..40)).prop_map(|(tag, body)| {
            Block::Unknown {
                tag,
                len: body.len() as u32,
                body,
            }
        }),
    ]
}

proptest! {
    #[test]
    fn streams_round_trip(blocks in proptest::collection::vec(any_block(), 0..12)) {
        let stream = Stream { blocks };
        let bytes = stream.to_format_vec().unwrap();
        prop_assert_eq!(Stream::read_format_exact(&bytes).unwrap(), stream);
    }

    #[test]
    fn chunks_round_trip_in_both_orders(
        data in proptest::collection::vec(any::<u8>(), 0..255),
        samples in proptest::collection::vec(any::<i32>(), 0..300),
    ) {
        let be = Chunk { kind: *b"test", length: data.len() as u8, data: data.clone(), n: samples.len() as u16, samples: samples.clone() };
        let le = ChunkLe { length: data.len() as u8, data, n: samples.len() as u16, samples };
        let be_bytes = be.to_format_vec().unwrap();
        let le_bytes = le.to_format_vec().unwrap();
        prop_assert_eq!(Chunk::read_format_exact(&be_bytes).unwrap(), be);
        prop_assert_eq!(ChunkLe::read_format_exact(&le_bytes).unwrap(), le);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = Stream::read_format(&bytes);
        let _ = Capture::read_format(&bytes);
        let _ = Padded::read_format(&bytes);
        let _ = Optional::read_format(&bytes);
    }
}

// ----- field kinds inside declarations ---------------------------------------------------------

#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
struct Mixed {
    #[text(utf8, units = 4, pad = "null")]
    name: String,
    #[endian(le)]
    little: u32,
    pair: (u8, u16),
    levels: [i16; 3],
    corners: [Point; 2],
    n: u8,
    #[endian(le)]
    #[wire(count = n)]
    little_words: Vec<u16>,
    #[wire(count = 2)]
    chars: Vec<char>,
}

#[test]
fn text_arrays_tuples_and_field_orders_inside_declarations() {
    let mixed = Mixed {
        name: "ab".into(),
        little: 1,
        pair: (2, 3),
        levels: [-1, 0, 1],
        corners: [Point { x: 1, y: 2 }, Point { x: 3, y: 4 }],
        n: 2,
        little_words: vec![0x0102, 0x0304],
        chars: vec!['a', 'é'],
    };
    let mut bytes = b"ab\0\0\x01\0\0\0\x02\x00\x03\xff\xff\0\0\0\x01".to_vec();
    bytes.extend_from_slice(&[0, 1, 0, 2, 0, 3, 0, 4, 2, 2, 1, 4, 3]);
    bytes.extend_from_slice(&[0, 0, 0, b'a', 0, 0, 0, 0xe9]);
    round_trip(&mixed, &bytes);
    let too_long = Mixed {
        name: "too long".into(),
        ..mixed
    };
    let err = too_long.to_format_vec().unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidInput, "Mixed.name".into(), Some(0))
    );
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
struct Table<T> {
    n: u16,
    #[wire(count = n)]
    rows: Vec<T>,
}

#[test]
fn generic_declarations_bound_their_parameters() {
    let table = Table {
        n: 2,
        rows: vec![Point { x: 1, y: 2 }, Point { x: 3, y: 4 }],
    };
    round_trip(&table, &[2, 0, 0, 1, 0, 2, 0, 3, 0, 4]);
    let nested = Table {
        n: 1,
        rows: vec![Table {
            n: 1,
            rows: vec![Point { x: 5, y: 6 }],
        }],
    };
    round_trip(&nested, &[1, 0, 1, 0, 0, 5, 0, 6]);
}

// ----- terminated lists -----------------------------------------------------------------------

#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
struct Names {
    #[wire(terminator = 0)]
    name: Vec<u8>,
    #[wire(terminator = 0xFFFF)]
    ids: Vec<u16>,
    #[wire(terminator = Point { x: 0, y: 0 })]
    points: Vec<Point>,
}

#[test]
fn terminated_lists_round_trip() {
    let names = Names {
        name: b"abc".to_vec(),
        ids: vec![1, 0xFF00],
        points: vec![Point { x: 1, y: 2 }],
    };
    round_trip(
        &names,
        &[
            b'a', b'b', b'c', 0, 0, 1, 0xff, 0, 0xff, 0xff, 0, 1, 0, 2, 0, 0, 0, 0,
        ],
    );
    round_trip(
        &Names {
            name: vec![],
            ids: vec![],
            points: vec![],
        },
        &[0, 0xff, 0xff, 0, 0, 0, 0],
    );
}

#[test]
fn terminated_lists_refuse_their_terminator_and_a_missing_end() {
    let inside = Names {
        name: b"a\0b".to_vec(),
        ids: vec![],
        points: vec![],
    };
    let err = inside.to_format_vec().unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidInput, "Names.name[1]".into(), Some(0))
    );
    let err = Names::read_format(b"abc").unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::UnexpectedEof, "Names.name".into(), Some(0))
    );
    // The terminator is looked for among whole elements only: `ff ff` across two is none.
    let err = Names::read_format(&[0, 0, 0xff, 0xff, 0]).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::UnexpectedEof, "Names.ids".into(), Some(1))
    );
    let err = Names::read_format(&[0, 0xff, 0xff, 0, 1, 0]).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::UnexpectedEof, "Names.points[0]".into(), Some(3))
    );
}

// ----- elements that take no bytes --------------------------------------------------------------

#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
struct Nothing {
    #[wire(count = 0)]
    none: Vec<u8>,
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
struct Nothings {
    n: u32,
    #[wire(count = n)]
    items: Vec<Nothing>,
}

#[test]
fn counts_of_empty_elements_stay_bounded_by_the_input() {
    let three = Nothings {
        n: 3,
        items: (0..3).map(|_| Nothing { none: vec![] }).collect(),
    };
    round_trip(&three, &[0, 0, 0, 3]);
    let (result, peak) = peak_of(|| Nothings::read_format(&[0xff, 0xff, 0xff, 0xff]));
    let err = result.unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidData, "Nothings.items[0]".into(), Some(4))
    );
    assert!(peak < 1 << 20, "allocated {peak} bytes");
}

// ----- bit fields -------------------------------------------------------------------------

/// IPv4's header (RFC 791) with its two packed words; no options.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(be)]
struct Ipv4Bits {
    #[wire(bits = 4)]
    version: u8,
    #[wire(bits = 4)]
    ihl: u8,
    tos: u8,
    total_length: u16,
    id: u16,
    #[wire(bits = 1)]
    reserved: bool,
    #[wire(bits = 1)]
    dont_fragment: bool,
    #[wire(bits = 1)]
    more_fragments: bool,
    #[wire(bits = 13)]
    fragment_offset: u16,
    ttl: u8,
    protocol: u8,
    checksum: u16,
    src: [u8; 4],
    dst: [u8; 4],
}

/// The same declaration in little-endian order: each word is read as one little-endian
/// integer, then split most significant field first.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(le)]
struct Ipv4BitsLe {
    #[wire(bits = 4)]
    version: u8,
    #[wire(bits = 4)]
    ihl: u8,
    tos: u8,
    total_length: u16,
    id: u16,
    #[wire(bits = 1)]
    reserved: bool,
    #[wire(bits = 1)]
    dont_fragment: bool,
    #[wire(bits = 1)]
    more_fragments: bool,
    #[wire(bits = 13)]
    fragment_offset: u16,
    ttl: u8,
    protocol: u8,
    checksum: u16,
    src: [u8; 4],
    dst: [u8; 4],
}

/// A real IPv4 header (a UDP datagram from 192.168.0.1 to 192.168.0.199, don't fragment).
const IPV4: [u8; 20] = [
    0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11, 0xb8, 0x61, 0xc0, 0xa8, 0x00, 0x01,
    0xc0, 0xa8, 0x00, 0xc7,
];

#[test]
fn ipv4_bit_fields_in_both_orders() {
    let header = Ipv4Bits {
        version: 4,
        ihl: 5,
        tos: 0,
        total_length: 0x73,
        id: 0,
        reserved: false,
        dont_fragment: true,
        more_fragments: false,
        fragment_offset: 0,
        ttl: 64,
        protocol: 17,
        checksum: 0xb861,
        src: [192, 168, 0, 1],
        dst: [192, 168, 0, 199],
    };
    round_trip(&header, &IPV4);
    assert_eq!(Ipv4Bits::MIN_SIZE, 20);

    // A fragment: more fragments, offset 0x0abc (in 8-byte units): 001 0 1010 1011 1100.
    let fragment = Ipv4Bits {
        dont_fragment: false,
        more_fragments: true,
        fragment_offset: 0x0abc,
        ..header.clone()
    };
    let mut bytes = IPV4;
    bytes[6..8].copy_from_slice(&[0x2a, 0xbc]);
    round_trip(&fragment, &bytes);
    // Every flag bit and the widest offset.
    let all = Ipv4Bits {
        reserved: true,
        dont_fragment: true,
        more_fragments: true,
        fragment_offset: 0x1fff,
        ..header.clone()
    };
    bytes[6..8].copy_from_slice(&[0xff, 0xff]);
    round_trip(&all, &bytes);

    // Little-endian: the 8-bit word is the same byte, the 16-bit one is swapped.
    let le = Ipv4BitsLe {
        version: 4,
        ihl: 5,
        tos: 0,
        total_length: 0x73,
        id: 0,
        reserved: false,
        dont_fragment: false,
        more_fragments: true,
        fragment_offset: 0x0abc,
        ttl: 64,
        protocol: 17,
        checksum: 0xb861,
        src: [192, 168, 0, 1],
        dst: [192, 168, 0, 199],
    };
    let le_bytes = [
        0x45, 0x00, 0x73, 0x00, 0x00, 0x00, 0xbc, 0x2a, 0x40, 0x11, 0x61, 0xb8, 0xc0, 0xa8, 0x00,
        0x01, 0xc0, 0xa8, 0x00, 0xc7,
    ];
    round_trip(&le, &le_bytes);
}

/// TCP's header (RFC 793 with RFC 3168's and RFC 3540's flags), no options.
#[derive(Endianize, Debug, PartialEq, Clone, Default)]
#[endian(be)]
struct Tcp {
    src_port: u16,
    dst_port: u16,
    seq: u32,
    ack: u32,
    #[wire(bits = 4)]
    data_offset: u8,
    #[wire(bits = 3)]
    reserved: u8,
    #[wire(bits = 1)]
    ns: bool,
    #[wire(bits = 1)]
    cwr: bool,
    #[wire(bits = 1)]
    ece: bool,
    #[wire(bits = 1)]
    urg: bool,
    #[wire(bits = 1)]
    ack_flag: bool,
    #[wire(bits = 1)]
    psh: bool,
    #[wire(bits = 1)]
    rst: bool,
    #[wire(bits = 1)]
    syn: bool,
    #[wire(bits = 1)]
    fin: bool,
    window: u16,
    checksum: u16,
    urgent: u16,
}

#[derive(Endianize, Debug, PartialEq, Clone, Default)]
#[endian(le)]
struct TcpFlagsLe {
    #[wire(bits = 4)]
    data_offset: u8,
    #[wire(bits = 3)]
    reserved: u8,
    #[wire(bits = 1)]
    ns: bool,
    #[wire(bits = 1)]
    cwr: bool,
    #[wire(bits = 1)]
    ece: bool,
    #[wire(bits = 1)]
    urg: bool,
    #[wire(bits = 1)]
    ack_flag: bool,
    #[wire(bits = 1)]
    psh: bool,
    #[wire(bits = 1)]
    rst: bool,
    #[wire(bits = 1)]
    syn: bool,
    #[wire(bits = 1)]
    fin: bool,
}

#[test]
fn tcp_bit_fields_in_both_orders() {
    // A SYN from port 54321 to 80 with a 40-byte header (options not declared here).
    let syn_bytes = [
        0xd4, 0x31, 0x00, 0x50, 0x12, 0x34, 0x56, 0x78, 0x00, 0x00, 0x00, 0x00, 0xa0, 0x02, 0xfa,
        0xf0, 0xbe, 0xef, 0x00, 0x00,
    ];
    let syn = Tcp {
        src_port: 54321,
        dst_port: 80,
        seq: 0x1234_5678,
        data_offset: 10,
        syn: true,
        window: 0xfaf0,
        checksum: 0xbeef,
        ..Tcp::default()
    };
    round_trip(&syn, &syn_bytes);
    // SYN-ACK with ECN echo and the nonce sum: 0101 000 1 0101 0010.
    let mut bytes = syn_bytes;
    bytes[12..14].copy_from_slice(&[0x51, 0x52]);
    let synack = Tcp {
        data_offset: 5,
        ns: true,
        ece: true,
        ack_flag: true,
        ..syn.clone()
    };
    round_trip(&synack, &bytes);
    // Little-endian: the word 0x5152 is stored low byte first.
    let le = TcpFlagsLe {
        data_offset: 5,
        ns: true,
        ece: true,
        ack_flag: true,
        syn: true,
        ..TcpFlagsLe::default()
    };
    round_trip(&le, &[0x52, 0x51]);
    // A reserved value fills its 3 bits.
    let reserved = TcpFlagsLe {
        reserved: 0b111,
        ..TcpFlagsLe::default()
    };
    round_trip(&reserved, &[0x00, 0x0e]);
}

/// DNS's header (RFC 1035 section 4.1.1).
#[derive(Endianize, Debug, PartialEq, Clone, Default)]
#[endian(be)]
struct DnsHeader {
    id: u16,
    #[wire(bits = 1)]
    qr: bool,
    #[wire(bits = 4)]
    opcode: u8,
    #[wire(bits = 1)]
    aa: bool,
    #[wire(bits = 1)]
    tc: bool,
    #[wire(bits = 1)]
    rd: bool,
    #[wire(bits = 1)]
    ra: bool,
    #[wire(bits = 3)]
    z: u8,
    #[wire(bits = 4)]
    rcode: u8,
    qdcount: u16,
    ancount: u16,
    nscount: u16,
    arcount: u16,
}

#[derive(Endianize, Debug, PartialEq, Clone, Default)]
#[endian(le)]
struct DnsHeaderLe {
    id: u16,
    #[wire(bits = 1)]
    qr: bool,
    #[wire(bits = 4)]
    opcode: u8,
    #[wire(bits = 1)]
    aa: bool,
    #[wire(bits = 1)]
    tc: bool,
    #[wire(bits = 1)]
    rd: bool,
    #[wire(bits = 1)]
    ra: bool,
    #[wire(bits = 3)]
    z: u8,
    #[wire(bits = 4)]
    rcode: u8,
    qdcount: u16,
    ancount: u16,
    nscount: u16,
    arcount: u16,
}

#[test]
fn dns_bit_fields_in_both_orders() {
    // A standard query with recursion desired: flags 0x0100.
    let query = DnsHeader {
        id: 0xabcd,
        rd: true,
        qdcount: 1,
        ..DnsHeader::default()
    };
    round_trip(&query, &[0xab, 0xcd, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0]);
    // An authoritative NXDOMAIN answer: 0x8583 = 1 0000 1 0 1 | 1 000 0011.
    let nxdomain = DnsHeader {
        id: 0xabcd,
        qr: true,
        aa: true,
        rd: true,
        ra: true,
        rcode: 3,
        qdcount: 1,
        nscount: 1,
        ..DnsHeader::default()
    };
    let bytes = [0xab, 0xcd, 0x85, 0x83, 0, 1, 0, 0, 0, 1, 0, 0];
    round_trip(&nxdomain, &bytes);
    // Opcode 2 (status), truncated, Z all ones: 0 0010 0 1 0 | 0 111 0000 = 0x1270.
    let status = DnsHeader {
        opcode: 2,
        tc: true,
        z: 0b111,
        ..DnsHeader::default()
    };
    round_trip(&status, &[0, 0, 0x12, 0x70, 0, 0, 0, 0, 0, 0, 0, 0]);

    let le = DnsHeaderLe {
        id: 0xabcd,
        qr: true,
        aa: true,
        rd: true,
        ra: true,
        rcode: 3,
        qdcount: 1,
        nscount: 1,
        ..DnsHeaderLe::default()
    };
    round_trip(&le, &[0xcd, 0xab, 0x83, 0x85, 1, 0, 0, 0, 1, 0, 0, 0]);
}

/// 32- and 64-bit containers, a field as wide as its type, and a group inside a variant.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(le)]
struct Wide {
    #[wire(bits = 12)]
    a: u16,
    #[wire(bits = 20)]
    b: u32,
    between: u8,
    #[wire(bits = 1)]
    flag: bool,
    #[wire(bits = 63)]
    c: u64,
    between2: u8,
    #[wire(bits = 16)]
    whole: u16,
}

#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(be)]
#[wire(tag = u8)]
enum Packed {
    #[wire(tag = 1)]
    Pair {
        #[wire(bits = 3)]
        x: u8,
        #[wire(bits = 5)]
        y: u8,
    },
}

#[test]
fn wide_containers_and_bit_fields_in_variants() {
    // 0xabc << 20 | 0x12345 = 0xabc12345, little-endian.
    let wide = Wide {
        a: 0xabc,
        b: 0x12345,
        between: 7,
        flag: true,
        c: 2,
        between2: 9,
        whole: 0xfedc,
    };
    let mut bytes = vec![0x45, 0x23, 0xc1, 0xab, 7];
    bytes.extend_from_slice(&(1u64 << 63 | 2).to_le_bytes());
    bytes.extend_from_slice(&[9, 0xdc, 0xfe]);
    round_trip(&wide, &bytes);
    assert_eq!(Wide::MIN_SIZE, 16);
    round_trip(&Packed::Pair { x: 5, y: 17 }, &[1, 0b1011_0001]);
}

#[test]
fn bit_fields_that_do_not_fit_are_refused_naming_the_value() {
    let mut dns = DnsHeader {
        opcode: 16,
        ..DnsHeader::default()
    };
    let err = dns.to_format_vec().unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidInput, "DnsHeader.opcode".into(), Some(2))
    );
    assert!(
        err.to_string()
            .contains("16 does not fit in 4 bits (at most 15)"),
        "{err}"
    );
    dns.opcode = 0;
    dns.z = 8;
    let err = dns.to_format_vec().unwrap_err();
    assert_eq!(at(&err).1, "DnsHeader.z");
    let err = Wide {
        a: 0x1000,
        b: 0,
        between: 0,
        flag: false,
        c: 0,
        between2: 0,
        whole: 0,
    }
    .to_format_vec()
    .unwrap_err();
    assert!(
        err.to_string().contains("4096 does not fit in 12 bits"),
        "{err}"
    );
}

#[test]
fn truncated_bit_groups_name_their_first_field() {
    let err = DnsHeader::read_format(&[0xab, 0xcd, 0x85]).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::UnexpectedEof, "DnsHeader.qr".into(), Some(2))
    );
    let err = Wide::read_format(&[0; 12]).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::UnexpectedEof, "Wide.flag".into(), Some(5))
    );
    // Every prefix of a real header is an error, never a panic.
    for len in 0..IPV4.len() {
        assert_eq!(
            Ipv4Bits::read_format(&IPV4[..len]).unwrap_err().kind(),
            ErrorKind::UnexpectedEof
        );
    }
}

proptest! {
    #[test]
    fn bit_fields_round_trip_any_values(
        data_offset in 0u8..16, reserved in 0u8..8, flags in any::<u16>(),
        opcode in 0u8..16, z in 0u8..8, rcode in 0u8..16, bytes in any::<[u8; 12]>(),
    ) {
        let bit = |n: u32| flags >> n & 1 == 1;
        let le = TcpFlagsLe {
            data_offset, reserved, ns: bit(0), cwr: bit(1), ece: bit(2), urg: bit(3),
            ack_flag: bit(4), psh: bit(5), rst: bit(6), syn: bit(7), fin: bit(8),
        };
        let written = le.to_format_vec().unwrap();
        prop_assert_eq!(TcpFlagsLe::read_format_exact(&written).unwrap(), le);
        let dns = DnsHeader { opcode, z, rcode, qr: bit(9), ra: bit(10), ..DnsHeader::default() };
        let written = dns.to_format_vec().unwrap();
        prop_assert_eq!(DnsHeader::read_format_exact(&written).unwrap(), dns);
        // Any 12 bytes are a DNS header in either order, and write back the same.
        let be = DnsHeader::read_format_exact(&bytes).unwrap();
        prop_assert_eq!(be.to_format_vec().unwrap(), bytes.to_vec());
        let le = DnsHeaderLe::read_format_exact(&bytes).unwrap();
        prop_assert_eq!(le.to_format_vec().unwrap(), bytes.to_vec());
    }
}

// ----- checksums --------------------------------------------------------------------------

/// A PNG chunk: the CRC-32 covers the chunk type and the data, not the length.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(be)]
struct PngChunk {
    length: u32,
    kind: [u8; 4],
    #[wire(count = length)]
    data: Vec<u8>,
    #[wire(checksum = endian_wire::format::crc32, from = kind)]
    crc: u32,
}

/// IPv4's header with its checksum: computed over all 20 bytes with the field as zeros.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(be)]
struct Ipv4Checked {
    #[wire(bits = 4)]
    version: u8,
    #[wire(bits = 4)]
    ihl: u8,
    tos: u8,
    total_length: u16,
    id: u16,
    #[wire(bits = 3)]
    flags: u8,
    #[wire(bits = 13)]
    fragment_offset: u16,
    ttl: u8,
    protocol: u8,
    #[wire(checksum = endian_wire::format::internet_checksum, through = dst)]
    checksum: u16,
    src: [u8; 4],
    dst: [u8; 4],
}

fn xor_all(bytes: &[u8]) -> u8 {
    bytes.iter().fold(0, |acc, b| acc ^ b)
}

/// A user function over everything before the field (the default range), little-endian.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(le)]
#[wire(magic = b"XR")]
struct Xored {
    a: u16,
    #[wire(count = a)]
    body: Vec<u8>,
    #[wire(checksum = xor_all)]
    check: u8,
    #[wire(checksum = endian_wire::format::crc32)]
    crc: u32,
}

#[test]
fn png_chunks_carry_their_crc() {
    // IHDR of a 1x1 RGBA image, and IEND, as every PNG file has them.
    let ihdr_bytes = [
        0, 0, 0, 13, b'I', b'H', b'D', b'R', 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15,
        0xc4, 0x89,
    ];
    let ihdr = PngChunk {
        length: 13,
        kind: *b"IHDR",
        data: vec![0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0],
        crc: 0x1f15_c489,
    };
    round_trip(&ihdr, &ihdr_bytes);
    let iend = PngChunk {
        length: 0,
        kind: *b"IEND",
        data: Vec::new(),
        crc: 0xae42_6082,
    };
    round_trip(
        &iend,
        &[0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xae, 0x42, 0x60, 0x82],
    );
    // Written, the field's value is ignored: the CRC is computed.
    let written = PngChunk {
        crc: 0,
        ..ihdr.clone()
    }
    .to_format_vec()
    .unwrap();
    assert_eq!(written, ihdr_bytes);
    // A flipped data bit is caught, naming both values.
    let mut bad = ihdr_bytes;
    bad[16] ^= 1;
    let err = PngChunk::read_format(&bad).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidData, "PngChunk.crc".into(), Some(21))
    );
    let message = err.to_string();
    assert!(message.contains("the field holds 0x1f15c489"), "{message}");
    assert!(
        message.contains(&format!(
            "give {:#x}",
            endian_wire::format::crc32(&bad[4..21])
        )),
        "{message}"
    );
}

#[test]
fn ipv4_header_checksum_covers_the_header_with_the_field_zeroed() {
    let header = Ipv4Checked {
        version: 4,
        ihl: 5,
        tos: 0,
        total_length: 0x73,
        id: 0,
        flags: 0b010,
        fragment_offset: 0,
        ttl: 64,
        protocol: 17,
        checksum: 0xb861,
        src: [192, 168, 0, 1],
        dst: [192, 168, 0, 199],
    };
    round_trip(&header, &IPV4);
    let written = Ipv4Checked {
        checksum: 0,
        ..header.clone()
    }
    .to_format_vec()
    .unwrap();
    assert_eq!(written, IPV4);
    // A changed address (after the field) is caught too.
    let mut bad = IPV4;
    bad[19] = 0xc8;
    let err = Ipv4Checked::read_format(&bad).unwrap_err();
    assert_eq!(
        at(&err),
        (
            ErrorKind::InvalidData,
            "Ipv4Checked.checksum".into(),
            Some(10)
        )
    );
    assert!(err.to_string().contains("the field holds 0xb861"), "{err}");
    // Every prefix is an error, never a panic.
    for len in 0..IPV4.len() {
        assert_eq!(
            Ipv4Checked::read_format(&IPV4[..len]).unwrap_err().kind(),
            ErrorKind::UnexpectedEof
        );
    }
}

#[test]
fn checksums_over_everything_before_them() {
    let value = Xored {
        a: 3,
        body: vec![1, 2, 4],
        check: 0,
        crc: 0,
    };
    let bytes = value.to_format_vec().unwrap();
    let mut expected = b"XR\x03\x00\x01\x02\x04".to_vec();
    let x = xor_all(&expected);
    expected.push(x);
    let crc = endian_wire::format::crc32(&expected);
    expected.extend_from_slice(&crc.to_le_bytes());
    assert_eq!(bytes, expected);
    let back = Xored::read_format_exact(&bytes).unwrap();
    assert_eq!((back.check, back.crc), (x, crc));
    // Hostile: every single-byte change after the magic is caught, never a panic.
    for i in 2..bytes.len() {
        let mut bad = bytes.clone();
        bad[i] ^= 0x10;
        assert!(Xored::read_format(&bad).is_err(), "byte {i}");
    }
}

/// A checksum inside a variant covers from the declaration's start (the tag included).
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(be)]
#[wire(tag = u8)]
enum Noted {
    #[wire(tag = 7)]
    Note {
        len: u8,
        #[wire(count = len)]
        text: Vec<u8>,
        #[wire(checksum = endian_wire::format::internet_checksum)]
        sum: u16,
    },
}

#[test]
fn checksums_in_variants_cover_the_tag() {
    let note = Noted::Note {
        len: 2,
        text: b"hi".to_vec(),
        sum: endian_wire::format::internet_checksum(b"\x07\x02hi"),
    };
    let mut bytes = b"\x07\x02hi".to_vec();
    bytes.extend_from_slice(&endian_wire::format::internet_checksum(b"\x07\x02hi").to_be_bytes());
    round_trip(&note, &bytes);
}

proptest! {
    #[test]
    fn hostile_bytes_never_panic_checksummed_declarations(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let _ = PngChunk::read_format(&bytes);
        let _ = Ipv4Checked::read_format(&bytes);
        let _ = Xored::read_format(&bytes);
        let _ = Noted::read_format(&bytes);
        if let Ok((chunk, used)) = PngChunk::read_format(&bytes) {
            prop_assert_eq!(chunk.to_format_vec().unwrap(), bytes[..used].to_vec());
        }
    }
}

/// Two words back to back: `new_word` starts the second, so each is its own little-endian
/// integer.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(le)]
struct TwoWords {
    #[wire(bits = 4)]
    hi: u8,
    #[wire(bits = 12)]
    lo: u16,
    #[wire(bits = 2, new_word)]
    mode: u8,
    #[wire(bits = 6)]
    level: u8,
    #[wire(bits = 8, new_word)]
    whole: u8,
}

#[test]
fn new_word_starts_another_container() {
    // 0x3abc little-endian, then 10 000101 = 0x85, then 0x7f.
    let value = TwoWords {
        hi: 3,
        lo: 0xabc,
        mode: 2,
        level: 5,
        whole: 0x7f,
    };
    round_trip(&value, &[0xbc, 0x3a, 0x85, 0x7f]);
    assert_eq!(TwoWords::MIN_SIZE, 4);
}
