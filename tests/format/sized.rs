//! `#[wire(bytes = n)]`: a field read from exactly `n` bytes, as deku's `bytes_read` and binrw's
//! `take_seek`: a list of options inside a block's length, a nested record in a slot, a
//! borrowed run. Too few bytes in the input is `UnexpectedEof`; a field that leaves some of its
//! bytes, or runs past them, is `InvalidData`; writing a field of another size is
//! `InvalidInput`.

use endian_wire::format::FormatErrorKind as ErrorKind;

use endian_wire::Endianize;
#[cfg(feature = "std")]
use endian_wire::format::FormatStream;
use endian_wire::format::{ReadFormat, Temp, WriteFormat};

use crate::{at, round_trip};

/// pcapng's option: a code, the value's length, the value padded to four bytes.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(le)]
struct Opt {
    code: u16,
    #[wire(temp)]
    length: Temp<u16>,
    #[wire(count = length, align_after = 4)]
    value: Vec<u8>,
}

impl Opt {
    fn new(code: u16, value: &[u8]) -> Self {
        Opt {
            code,
            length: Temp::new(),
            value: value.to_vec(),
        }
    }
}

/// The bytes `options` take: four of header and the value padded to four, each.
fn options_size(options: &[Opt]) -> usize {
    options
        .iter()
        .map(|o| 4 + o.value.len().next_multiple_of(4))
        .sum()
}

/// A block whose length covers it all, its options taking what is left of it, and the length
/// again after them, as pcapng's blocks are.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(le)]
struct Block {
    kind: u32,
    #[wire(calc = 12 + options_size(options))]
    length: u32,
    #[wire(bytes = i64::from(length) - 12)]
    options: Vec<Opt>,
    #[wire(calc = 12 + options_size(options))]
    length_again: u32,
}

const BLOCK: [u8; 32] = [
    6, 0, 0, 0, 32, 0, 0, 0, // kind, length
    1, 0, 5, 0, b'h', b'e', b'l', b'l', b'o', 0, 0, 0, // a comment, padded
    2, 0, 4, 0, b'e', b't', b'h', b'0', // a name
    32, 0, 0, 0, // the length again
];

fn block() -> Block {
    Block {
        kind: 6,
        length: 32,
        options: vec![Opt::new(1, b"hello"), Opt::new(2, b"eth0")],
        length_again: 32,
    }
}

#[test]
fn a_list_reads_to_the_end_of_its_bytes() {
    round_trip(&block(), &BLOCK);
    // No options: the list ends where its bytes do, at once.
    let empty = Block {
        kind: 1,
        length: 12,
        options: vec![],
        length_again: 12,
    };
    round_trip(&empty, &[1, 0, 0, 0, 12, 0, 0, 0, 12, 0, 0, 0]);
    // The lengths are written from the options, whatever the value held.
    let stale = Block {
        length: 0,
        length_again: 99,
        ..block()
    };
    assert_eq!(stale.to_format_vec().unwrap(), BLOCK);
}

#[test]
fn a_size_beyond_the_input_is_the_end_of_the_input() {
    for len in 8..BLOCK.len() {
        let err = Block::read_format(&BLOCK[..len]).unwrap_err();
        assert_eq!(at(&err).0, ErrorKind::UnexpectedEof, "{len} bytes: {err}");
    }
    let err = Block::read_format(&BLOCK[..20]).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::UnexpectedEof, "Block.options".into(), Some(8)),
        "{err}"
    );
}

#[test]
fn a_field_that_runs_past_its_size_or_leaves_some_is_invalid() {
    // The block says 28 bytes: the second option's value would run past the options' 16.
    let mut short = BLOCK;
    short[4] = 28;
    let err = Block::read_format(&short).unwrap_err();
    assert_eq!(at(&err).0, ErrorKind::InvalidData, "{err}");
    assert_eq!(at(&err).1, "Block.options[1].value", "{err}");
    assert!(
        err.to_string()
            .contains("past the end of the field's 16 bytes"),
        "{err}"
    );
    // 22: the second option's header fits, its value does not.
    short[4] = 22;
    let err = Block::read_format(&short).unwrap_err();
    assert_eq!(at(&err).0, ErrorKind::InvalidData, "{err}");
    // A length below the block's own twelve bytes is no size at all.
    short[4] = 4;
    let err = Block::read_format(&short).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidData, "Block.options".into(), Some(8)),
        "{err}"
    );
    assert!(err.to_string().contains("-8 is not a length"), "{err}");

    // A 6-byte record in an 8-byte slot leaves two.
    let err = Loose::read_format(&[0, 1, 0, 0, 0, 2, 0, 0]).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidData, "Loose.record".into(), Some(0)),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "Loose.record at byte 0: the field uses 6 of its 8 bytes"
    );
}

/// A record given more bytes than it takes.
#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
struct Loose {
    #[wire(bytes = 8)]
    record: Pair,
}

#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(be)]
struct Pair {
    a: u16,
    b: u32,
}

/// A nested record in a slot of a given size, and a borrowed run after it.
#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
struct Slot<'a> {
    #[wire(bytes = 6)]
    record: Pair,
    #[wire(bytes = 3)]
    rest: &'a [u8],
}

#[test]
fn nested_records_and_borrowed_runs_take_their_bytes() {
    let bytes = [0, 1, 0, 0, 0, 2, 7, 8, 9];
    let slot = Slot {
        record: Pair { a: 1, b: 2 },
        rest: &[7, 8, 9],
    };
    assert_eq!(Slot::read_format_exact(&bytes).unwrap(), slot);
    assert_eq!(slot.to_format_vec().unwrap(), bytes);
    // Written with another size: refused, nothing silently different on the wire.
    let wrong = Slot {
        record: Pair { a: 1, b: 2 },
        rest: &[7, 8],
    };
    let err = wrong.to_format_vec().unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidInput, "Slot.rest".into(), Some(6)),
        "{err}"
    );
    assert!(
        err.to_string()
            .contains("the field takes 2 bytes where its `bytes` gives 3"),
        "{err}"
    );
}

#[cfg(feature = "std")]
#[test]
fn a_sized_list_does_not_read_a_stream_to_its_end() {
    const { assert!(!<Block as ReadFormat>::READS_TO_END) };
    let mut input = Vec::new();
    for _ in 0..3 {
        input.extend_from_slice(&BLOCK);
    }
    // One byte at a time: the stream reads what each block needs, no more.
    let mut stream = FormatStream::new(OneByte(&input));
    for _ in 0..3 {
        assert_eq!(stream.read::<Block>().unwrap(), block());
    }
    assert!(stream.next_value::<Block>().unwrap().is_none());
    // A block whose options run past its size is refused, not read on for more.
    let mut short = BLOCK.to_vec();
    short[4] = 28;
    let err = FormatStream::new(&short[..]).read::<Block>().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData, "{err}");
}

/// A reader giving one byte per call.
#[cfg(feature = "std")]
struct OneByte<'a>(&'a [u8]);

#[cfg(feature = "std")]
impl std::io::Read for OneByte<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((&b, rest)), Some(slot)) => {
                *slot = b;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}
