//! Byte order from the data: `#[endian(runtime)]` declarations, read and written in the
//! order the caller gives or a field of theirs sets (`order = expr`), passed down to nested
//! runtime declarations and ending with the value that set it.

use endian_wire::format::FormatErrorKind as ErrorKind;

use endian_wire::format::{FormatReader, ReadFormat, WriteFormat};
use endian_wire::{Endian, Endianize};

use super::{at, round_trip};

/// The order a TIFF byte-order mark names.
fn tiff_order(mark: [u8; 2]) -> Option<Endian> {
    match &mark {
        b"MM" => Some(Endian::Big),
        b"II" => Some(Endian::Little),
        _ => None,
    }
}

/// TIFF's header and its first IFD's entries, in the order its first two bytes name.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(runtime)]
struct Tiff {
    #[wire(order = tiff_order(mark))]
    mark: [u8; 2],
    answer: u16,
    ifd_offset: u32,
    entries_n: u16,
    #[wire(count = entries_n)]
    entries: Vec<IfdEntry>,
    #[wire(bits = 4)]
    high: u8,
    #[wire(bits = 12)]
    low: u16,
}

/// Nested: read in the order of the declaration around it.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(runtime)]
#[wire]
struct IfdEntry {
    tag: u16,
    kind: u16,
    count: u32,
    value: u32,
}

fn tiff(mark: &[u8; 2]) -> Tiff {
    Tiff {
        mark: *mark,
        answer: 42,
        ifd_offset: 8,
        entries_n: 1,
        entries: vec![IfdEntry {
            tag: 0x0100,
            kind: 3,
            count: 1,
            value: 640,
        }],
        high: 0xA,
        low: 0x123,
    }
}

#[test]
fn a_mark_in_the_data_sets_the_order_of_what_follows() {
    let big = b"MM\x00\x2a\x00\x00\x00\x08\x00\x01\
                \x01\x00\x00\x03\x00\x00\x00\x01\x00\x00\x02\x80\
                \xa1\x23";
    round_trip(&tiff(b"MM"), big);
    let little = b"II\x2a\x00\x08\x00\x00\x00\x01\x00\
                   \x00\x01\x03\x00\x01\x00\x00\x00\x80\x02\x00\x00\
                   \x23\xa1";
    round_trip(&tiff(b"II"), little);
    // Whatever order the caller starts in: the mark decides.
    assert_eq!(
        Tiff::read_format_as(little, Endian::Big).unwrap().0,
        tiff(b"II")
    );
    let mut out = Vec::new();
    tiff(b"MM")
        .write_format_as(&mut out, Endian::Little)
        .unwrap();
    assert_eq!(out, big);
}

#[test]
fn a_mark_that_names_no_order_is_refused_both_ways() {
    let err = Tiff::read_format(b"XX\x00\x2a").unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidData, "Tiff.mark".into(), Some(2))
    );
    assert_eq!(
        err.to_string(),
        "Tiff.mark at byte 2: no byte order: the field's `order` expression gives `None` for it"
    );
    let err = tiff(b"XX").to_format_vec().unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidInput, "Tiff.mark".into(), Some(2))
    );
}

/// A runtime declaration without an `order` field: the caller's order.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(runtime)]
#[wire(magic = 0x0A0B_u16)]
struct Run {
    n: u16,
    #[wire(count = n)]
    values: Vec<u32>,
    #[wire(checksum = sum_bytes)]
    sum: u8,
}

fn sum_bytes(bytes: &[u8]) -> u8 {
    bytes.iter().fold(0u8, |a, b| a.wrapping_add(*b))
}

#[test]
fn the_callers_order_reaches_every_part() {
    let run = Run {
        n: 2,
        values: vec![1, 0x0203_0405],
        sum: 0,
    };
    let sum = |bytes: &[u8]| sum_bytes(bytes);
    let big = run.to_format_vec().unwrap(); // big-endian unless told
    let mut expected = vec![0x0A, 0x0B, 0, 2, 0, 0, 0, 1, 2, 3, 4, 5];
    expected.push(sum(&expected));
    assert_eq!(big, expected);

    let mut little = Vec::new();
    run.write_format_as(&mut little, Endian::Little).unwrap();
    let mut expected = vec![0x0B, 0x0A, 2, 0, 1, 0, 0, 0, 5, 4, 3, 2];
    expected.push(sum(&expected));
    assert_eq!(little, expected);

    let read = |bytes: &[u8], order| Run::read_format_as(bytes, order).unwrap().0;
    let with_sum = Run {
        sum: sum(&big[..12]),
        ..run.clone()
    };
    assert_eq!(read(&big, Endian::Big), with_sum);
    assert_eq!(read(&little, Endian::Little), with_sum);
    // The other order: the magic is the first thing refused.
    let err = Run::read_format_as(&little, Endian::Big).unwrap_err();
    assert_eq!(at(&err), (ErrorKind::InvalidData, "Run".into(), Some(0)));
}

/// A nested declaration that sets its own order: it ends with it.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(runtime)]
struct Envelope {
    first: u16,
    inner: Tiff,
    last: u16,
    #[wire(terminator = 0)]
    words: Vec<u16>,
    kind: Kind,
}

/// A tagged enum in the order around it.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(runtime)]
#[wire(tag = u16)]
enum Kind {
    #[wire(tag = 1)]
    One { value: u32 },
    #[wire(fallback)]
    Other { tag: u16 },
}

#[test]
fn an_order_set_inside_a_nested_value_ends_with_it() {
    let envelope = Envelope {
        first: 0x0102,
        inner: tiff(b"II"),
        last: 0x0304,
        words: vec![0x0506],
        kind: Kind::One { value: 7 },
    };
    let bytes = envelope.to_format_vec().unwrap();
    assert_eq!(&bytes[..2], [1, 2]); // big-endian, the writer's start
    assert_eq!(&bytes[2..4], b"II"); // the inner value is little-endian
    let tail = &bytes[bytes.len() - 12..];
    assert_eq!(tail, [3, 4, 5, 6, 0, 0, 0, 1, 0, 0, 0, 7]); // big-endian again
    assert_eq!(Envelope::read_format_exact(&bytes).unwrap(), envelope);

    let mut little = Vec::new();
    envelope
        .write_format_as(&mut little, Endian::Little)
        .unwrap();
    let tail = &little[little.len() - 12..];
    assert_eq!(tail, [4, 3, 6, 5, 0, 0, 1, 0, 7, 0, 0, 0]);
    assert_eq!(
        Envelope::read_format_as(&little, Endian::Little).unwrap().0,
        envelope
    );
}

#[test]
fn the_reader_keeps_the_order_it_had() {
    let mut reader = FormatReader::with_order(
        b"II\x2a\x00\x08\x00\x00\x00\x00\x00\x23\xa1\x00\x01",
        Endian::Big,
    );
    let header: Tiff = reader.read().unwrap();
    assert_eq!((header.answer, header.low), (42, 0x123));
    assert_eq!(reader.order(), Endian::Big);
    assert_eq!(reader.image::<endian_wire::u16be>().unwrap().get(), 1);
}

proptest::proptest! {
    /// Any bytes, either starting order: no panic, and what is read is written back as it was
    /// (the order each part was read in is the order its value names or inherits).
    #[test]
    fn prop_any_bytes_through_runtime_declarations(
        mut bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..80),
        big in proptest::prelude::any::<bool>(),
        mark in 0usize..3,
    ) {
        // Often a mark the declaration knows, where `Envelope`'s inner TIFF header starts.
        if bytes.len() >= 4 && mark < 2 {
            bytes[2..4].copy_from_slice([b"MM", b"II"][mark]);
        }
        let order = if big { Endian::Big } else { Endian::Little };
        if let Ok((value, used)) = Envelope::read_format_as(&bytes, order) {
            let mut out = Vec::new();
            value.write_format_as(&mut out, order).unwrap();
            proptest::prop_assert_eq!(&out[..], &bytes[..used]);
        }
        if let Ok((value, used)) = Tiff::read_format_as(&bytes, order) {
            proptest::prop_assert_eq!(&value.to_format_vec().unwrap()[..], &bytes[..used]);
        }
    }
}

/// A generic declaration with a run-time order (its parameter another declaration: a type
/// parameter is no fixed wire type to refuse) and a tagged enum borrowing from the input: the
/// value follows the order the mark names.
#[derive(Endianize, Debug, PartialEq)]
#[endian(runtime)]
struct Marked<T> {
    #[wire(order = match &mark {
        b"MM" => Some(Endian::Big),
        b"II" => Some(Endian::Little),
        _ => None,
    })]
    mark: [u8; 2],
    value: T,
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(runtime)]
#[wire(tag = u16)]
enum Item<'a> {
    #[wire(tag = 1)]
    Number(u32),
    #[wire(tag = 2)]
    Bytes {
        len: u8,
        #[wire(count = len)]
        bytes: &'a [u8],
    },
}

#[test]
fn generic_and_borrowing_runtime_declarations() {
    let bytes = b"II\x02\x00\x03abc";
    let item = Marked::<Item<'_>>::read_format_exact(bytes).unwrap();
    assert_eq!(
        item.value,
        Item::Bytes {
            len: 3,
            bytes: b"abc"
        }
    );
    assert_eq!(item.to_format_vec().unwrap(), bytes);
    let number = Marked::<Item<'_>>::read_format_exact(b"MM\x00\x01\x00\x00\x00\x07").unwrap();
    assert_eq!(number.value, Item::Number(7));
    let big = Marked {
        mark: *b"MM",
        value: Item::Number(0x0102_0304),
    };
    assert_eq!(big.to_format_vec().unwrap(), b"MM\x00\x01\x01\x02\x03\x04");
    let err = Marked::<Item<'_>>::read_format(b"II\x09\x00").unwrap_err();
    assert_eq!(at(&err).1, "Marked<Item>.value", "{err}");
}
