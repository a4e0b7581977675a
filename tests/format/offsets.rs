//! Fields at offsets (`#[wire(offset = expr)]`): read where an earlier field says, from the
//! start of the input, with the position restored after them; written after the fields in
//! sequence, zeros up to each, refused when one is behind what is written.

use endian_wire::format::FormatErrorKind as ErrorKind;

use endian_wire::Endianize;
use endian_wire::format::{ReadFormat, WriteFormat};

use super::at;

/// An ELF-like file: a header in sequence naming a table and a string, elsewhere.
#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
struct File<'a> {
    magic: [u8; 4],
    table_at: u32,
    n: u16,
    #[wire(offset = table_at, count = n)]
    table: Vec<u32>,
    name_at: u16,
    name_len: u8,
    #[wire(offset = name_at, count = name_len)]
    name: &'a str,
    flags: u8,
}

fn file() -> File<'static> {
    File {
        magic: *b"ELFI",
        table_at: 16,
        n: 2,
        table: vec![7, 9],
        name_at: 24,
        name_len: 3,
        name: "abc",
        flags: 0x55,
    }
}

const BYTES: &[u8] = b"ELFI\x10\x00\x00\x00\x02\x00\x18\x00\x03\x55\0\0\
                       \x07\0\0\0\x09\0\0\0abc";

#[test]
fn fields_at_offsets_are_read_there_and_written_after_the_sequence() {
    let (value, used) = File::read_format(BYTES).unwrap();
    assert_eq!(value, file());
    // The bytes in sequence: the header; the fields at offsets are outside it.
    assert_eq!(used, 14);
    assert_eq!(value.to_format_vec().unwrap(), BYTES);
}

#[test]
fn offsets_out_of_the_input_are_refused_with_their_path() {
    let mut bytes = BYTES.to_vec();
    bytes[4] = 0xF0; // the table past the end
    let err = File::read_format(&bytes).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::UnexpectedEof, "File.table".into(), Some(10))
    );
    assert_eq!(
        err.to_string(),
        "File.table at byte 10: offset 240 is past the end of the input (27 bytes)"
    );
    let mut bytes = BYTES.to_vec();
    bytes[10] = 26; // the name's 3 bytes cut short
    let err = File::read_format(&bytes).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::UnexpectedEof, "File.name".into(), Some(26))
    );
}

#[test]
fn an_offset_behind_what_is_written_is_refused() {
    // The name's offset inside the table.
    let overlapping = File {
        name_at: 20,
        ..file()
    };
    let err = overlapping.to_format_vec().unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidInput, "File.name".into(), Some(24))
    );
    // The table's offset inside the header.
    let inside = File {
        table_at: 8,
        ..file()
    };
    let err = inside.to_format_vec().unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidInput, "File.table".into(), Some(14))
    );
}

/// A nested declaration's offsets count from the start of the whole input (its fields at
/// offsets are written when it ends: last, here, as the file lays them out).
#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
#[wire]
struct Outer<'a> {
    tag: u8,
    inner: Pointer<'a>,
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
struct Pointer<'a> {
    at: u8,
    #[wire(offset = at, count = 2)]
    bytes: &'a [u8],
}

#[test]
fn offsets_count_from_the_start_of_the_input() {
    let bytes = [1, 4, 0, 0, b'h', b'i'];
    let (outer, used) = Outer::read_format(&bytes).unwrap();
    assert_eq!(outer.inner.bytes, b"hi");
    assert_eq!(used, 2);
    assert_eq!(outer.to_format_vec().unwrap(), bytes.to_vec());
}

proptest::proptest! {
    /// Any bytes: no panic, and what is read is written back as it was wherever the fields
    /// at offsets leave no bytes unread between them.
    #[test]
    fn prop_any_bytes_through_offsets(
        bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..48),
    ) {
        if let Ok((value, _)) = File::read_format(&bytes) {
            match value.to_format_vec() {
                Ok(out) => {
                    // Written: a value read from these bytes, the gaps as zeros.
                    proptest::prop_assert_eq!(File::read_format(&out).unwrap().0, value);
                }
                Err(e) => proptest::prop_assert_eq!(e.kind(), ErrorKind::InvalidInput),
            }
        }
    }
}
