//! `#[wire(temp)]` fields (`format::Temp<T>`): read for the fields after them, written from
//! their `calc`, their collection's length or their checksum, never kept.

use endian_wire::format::FormatErrorKind as ErrorKind;

use endian_wire::Endianize;
use endian_wire::format::{ReadFormat, Temp, WriteFormat};

use crate::{at, round_trip};

/// PNG's chunk with neither its length nor its CRC kept: both follow from `kind` and `data`.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(be)]
struct Chunk {
    #[wire(temp)]
    length: Temp<u32>,
    kind: [u8; 4],
    #[wire(count = length)]
    data: Vec<u8>,
    #[wire(temp, checksum = endian_wire::format::crc32, from = kind)]
    crc: Temp<u32>,
}

/// IHDR of a 1x1 RGBA image, as every PNG file has it.
const IHDR: [u8; 25] = [
    0, 0, 0, 13, b'I', b'H', b'D', b'R', 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4,
    0x89,
];

#[test]
fn a_counted_length_and_a_checksum_travel_without_being_kept() {
    let ihdr = Chunk {
        length: Temp::new(),
        kind: *b"IHDR",
        data: vec![0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0],
        crc: Temp::new(),
    };
    round_trip(&ihdr, &IHDR);
    assert_eq!(Chunk::MIN_SIZE, 12);
    // The CRC is still checked, and the length still bounds the data.
    let mut bad = IHDR;
    bad[24] ^= 1;
    let err = Chunk::read_format(&bad).unwrap_err();
    assert_eq!(at(&err).0, ErrorKind::InvalidData, "{err}");
    assert!(err.to_string().contains("crc"), "{err}");
    let err = Chunk::read_format(&IHDR[..20]).unwrap_err();
    assert_eq!(at(&err).0, ErrorKind::UnexpectedEof, "{err}");
    // A value is the same whatever its marker: there is one.
    assert_eq!(format!("{:?}", Temp::<u32>::default()), "Temp");
}

/// A size in bytes computed by `calc`, and a temp in a tuple struct.
#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
struct Table {
    #[wire(temp, calc = rows.len() * 2)]
    size: Temp<u16>,
    #[wire(count = size / 2)]
    rows: Vec<u16>,
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
struct Pair(#[wire(temp, calc = 7)] Temp<u8>, u8);

#[test]
fn computed_temps_are_written_from_their_calc() {
    let table = Table {
        size: Temp::new(),
        rows: vec![1, 2, 3],
    };
    round_trip(&table, &[6, 0, 1, 0, 2, 0, 3, 0]);
    // What was read is only the count: an odd size reads one row less, as declared.
    let (back, used) = Table::read_format(&[3, 0, 9, 0, 8]).unwrap();
    assert_eq!((back.rows, used), (vec![9], 4));
    round_trip(&Pair(Temp::new(), 5), &[7, 5]);
    // The calc's value is what is written, whatever the marker is.
    assert_eq!(Pair(Temp::default(), 1).to_format_vec().unwrap(), [7, 1]);
}

/// A tagged enum whose variants count their items with temps.
#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
#[wire(tag = u8)]
enum Message {
    #[wire(tag = 1)]
    Names {
        #[wire(temp)]
        n: Temp<u8>,
        #[wire(count = n)]
        ids: Vec<u16>,
    },
    #[wire(tag = 2)]
    Empty,
}

#[test]
fn temps_in_variants() {
    round_trip(
        &Message::Names {
            n: Temp::new(),
            ids: vec![0x0102, 0x0304],
        },
        &[1, 2, 1, 2, 3, 4],
    );
    round_trip(&Message::Empty, &[2]);
    // A collection longer than its temp's type holds is refused, not truncated.
    let long = Message::Names {
        n: Temp::new(),
        ids: vec![0; 256],
    };
    let err = long.to_format_vec().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput, "{err}");
}
