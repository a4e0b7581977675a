//! Borrowed fields: `&[u8]`, `&str` and `&[T]` read from the input without a copy (the
//! fields point into it), written back byte for byte, and refused with their path and offset
//! when the input is short, not UTF-8, or not aligned for `T`.

use endian_wire::format::FormatErrorKind as ErrorKind;

use endian_wire::format::{ReadFormat, ReadFormatOwned, WriteFormat};
use endian_wire::{Endianize, u16be, u32be};
use endian_wire_testkit::alloc::peak_of;

use super::at;

#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
struct Packet<'a> {
    len: u16,
    #[wire(count = len)]
    payload: &'a [u8],
    name_len: u8,
    #[wire(count = name_len)] // bytes
    name: &'a str,
    #[wire(terminator = 0)]
    comment: &'a str,
    #[wire(terminator = b'\n')]
    line: &'a [u8],
    #[wire(until_eof)]
    keys: &'a [[u8; 4]],
}

/// A `static`, not a `const`: the test compares addresses inside it, and each use of a `const`
/// may be a copy of its bytes.
static PACKET: &[u8] = b"\x00\x03abc\x02hiok\0line\nWXYZ1234";

fn packet() -> Packet<'static> {
    Packet {
        len: 3,
        payload: b"abc",
        name_len: 2,
        name: "hi",
        comment: "ok",
        line: b"line",
        keys: &[[b'W', b'X', b'Y', b'Z'], [b'1', b'2', b'3', b'4']],
    }
}

#[test]
fn borrowed_fields_point_into_the_input() {
    let (p, used) = Packet::read_format(PACKET).unwrap();
    assert_eq!((&p, used), (&packet(), PACKET.len()));
    let at_offset = |ptr: *const u8, offset: usize| std::ptr::eq(ptr, PACKET[offset..].as_ptr());
    assert!(at_offset(p.payload.as_ptr(), 2));
    assert!(at_offset(p.name.as_ptr(), 6));
    assert!(at_offset(p.comment.as_ptr(), 8));
    assert!(at_offset(p.line.as_ptr(), 11));
    assert!(at_offset(p.keys.as_ptr().cast(), 16));
    assert_eq!(p.to_format_vec().unwrap(), PACKET);
}

#[test]
fn a_borrowed_read_allocates_nothing() {
    let ((p, _), peak) = peak_of(|| Packet::read_format(PACKET).unwrap());
    assert_eq!(p, packet());
    assert_eq!(peak, 0);
}

#[test]
fn counts_of_borrowed_fields_are_written_from_them() {
    let p = Packet {
        len: 0, // written as payload.len()
        payload: b"xy",
        name_len: 0, // written as name.len() in bytes
        name: "é",
        ..packet()
    };
    let bytes = p.to_format_vec().unwrap();
    assert_eq!(&bytes[..7], b"\x00\x02xy\x02\xc3\xa9");
    let back = Packet::read_format_exact(&bytes).unwrap();
    assert_eq!((back.len, back.name_len, back.name), (2, 2, "é"));
}

#[test]
fn a_terminator_inside_a_borrowed_field_is_refused_on_write() {
    let p = Packet {
        comment: "a\0b",
        ..packet()
    };
    let err = p.to_format_vec().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    assert_eq!(
        err.to_string(),
        "Packet.comment[1] at byte 8: the element equals the terminator 0: the list would end \
         there when read"
    );
}

#[test]
fn short_and_invalid_borrowed_fields_name_their_path_and_offset() {
    // The payload claims 9 bytes.
    let err = Packet::read_format(b"\x00\x09abc").unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::UnexpectedEof, "Packet.payload".into(), Some(2))
    );
    // The name is not UTF-8 (its second byte).
    let err = Packet::read_format(b"\x00\x00\x02h\xffok\0\n").unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidData, "Packet.name".into(), Some(4))
    );
    assert_eq!(err.to_string(), "Packet.name at byte 4: not UTF-8: ff");
    // No NUL ends the comment.
    let err = Packet::read_format(b"\x00\x00\x00ok").unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::UnexpectedEof, "Packet.comment".into(), Some(3))
    );
    // The last key is cut short.
    let mut cut = PACKET.to_vec();
    cut.pop();
    let err = Packet::read_format(&cut).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::UnexpectedEof, "Packet.keys".into(), Some(20))
    );
}

/// A wire record of byte arrays (alignment 1) and one of wider numbers, packed so that it is
/// alignment 1 too: both borrow from any offset.
#[derive(Endianize, Debug, PartialEq, Clone, Copy)]
#[endian(be)]
struct Key {
    bytes: [u8; 3],
}

#[derive(Endianize, Debug, PartialEq, Clone, Copy)]
#[endian(be)]
#[wire_repr(C, packed)]
struct Entry {
    id: u16,
    size: u32,
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
struct Table<'a> {
    keys_n: u8,
    #[wire(count = keys_n)]
    keys: &'a [KeyWire],
    entries_n: u8,
    #[wire(count = entries_n)]
    entries: &'a [EntryWire],
}

#[test]
fn slices_of_wire_records_are_borrowed_at_any_offset() {
    let bytes = b"\x02abcdef\x01\x00\x07\x00\x00\x01\x00";
    let table = Table::read_format_exact(bytes).unwrap();
    assert_eq!(table.keys.len(), 2);
    assert_eq!(Key::from(table.keys[1]), Key { bytes: *b"def" });
    assert_eq!(Entry::from(table.entries[0]), Entry { id: 7, size: 256 });
    assert_eq!(table.to_format_vec().unwrap(), bytes);
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
struct Samples<'a> {
    n: u8,
    #[wire(count = n)]
    values: &'a [u16be],
    #[wire(until_eof)]
    wide: &'a [u32be],
}

#[test]
fn slices_of_wider_wire_numbers_need_an_aligned_input() {
    // Storage aligned for u32, the values at offsets 2 and 4 from its start.
    let storage: [u32; 3] = [
        u32::from_ne_bytes([0xEE, 0x01, 0x00, 0x05]),
        u32::from_ne_bytes([0, 0, 0, 9]),
        0,
    ];
    let all = endian_wire::zerocopy::IntoBytes::as_bytes(&storage);
    let bytes = &all[1..8];
    // `n` at offset 1 of the storage, the u16 at 2, the u32 at 4: aligned.
    let s = Samples::read_format_exact(bytes).unwrap();
    assert_eq!(s.values.iter().map(|v| v.get()).collect::<Vec<_>>(), [5]);
    assert_eq!(s.wide.iter().map(|v| v.get()).collect::<Vec<_>>(), [9]);
    assert_eq!(s.to_format_vec().unwrap(), bytes);

    // One byte earlier, the u16 is at an odd address: refused with the reason, nothing
    // misread.
    let mut shifted = [0u32; 3];
    let shifted_bytes = endian_wire::zerocopy::IntoBytes::as_mut_bytes(&mut shifted);
    shifted_bytes[2..9].copy_from_slice(bytes);
    let err = Samples::read_format(&shifted_bytes[2..9]).unwrap_err();
    assert_eq!(
        at(&err),
        (ErrorKind::InvalidData, "Samples.values".into(), Some(1))
    );
    assert!(err.to_string().contains("needs alignment 2"), "{err}");
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
struct Outer<'a> {
    tag: u8,
    inner: Packet<'a>,
    #[wire(until_eof)]
    tail: &'a str,
}

#[test]
fn borrowed_declarations_nest() {
    let mut bytes = vec![7];
    bytes.extend_from_slice(PACKET);
    // `inner` reads to the end of the input (its keys), so the tail is empty.
    let outer = Outer::read_format_exact(&bytes).unwrap();
    assert_eq!((outer.tag, &outer.inner, outer.tail), (7, &packet(), ""));
    assert_eq!(outer.to_format_vec().unwrap(), bytes);
}

/// Declarations that own everything still read from buffers of any lifetime.
#[test]
fn owned_declarations_are_read_format_owned() {
    fn read_owned<T: ReadFormatOwned>(buffer: Vec<u8>) -> T {
        T::read_format_exact(&buffer).unwrap()
    }
    assert_eq!(read_owned::<Key>(b"xyz".to_vec()), Key { bytes: *b"xyz" });
}

/// Hostile lengths never read past the input nor allocate.
#[test]
fn hostile_borrowed_counts() {
    for len in [0u16, 1, 2, 3, 4, 0x7fff, 0xffff] {
        let mut bytes = len.to_be_bytes().to_vec();
        bytes.extend_from_slice(b"abc\x05hi");
        let (result, peak) = peak_of(|| Packet::read_format(&bytes).map(|(p, _)| p.payload.len()));
        match result {
            Ok(n) => assert_eq!(n, usize::from(len)),
            Err(e) => assert_eq!(e.kind(), ErrorKind::UnexpectedEof),
        }
        // Only an error's message is allocated.
        assert!(peak < 512, "{peak}");
    }
}

proptest::proptest! {
    /// Any bytes: no panic, nothing allocated beyond an error's message, and what is read is
    /// written back as it was.
    #[test]
    fn prop_any_bytes_through_borrowed_declarations(
        bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..64),
    ) {
        let (read, peak) = peak_of(|| Packet::read_format(&bytes));
        proptest::prop_assert!(peak < 512);
        if let Ok((packet, used)) = read {
            proptest::prop_assert_eq!(&packet.to_format_vec().unwrap()[..], &bytes[..used]);
        }
        if let Ok((table, used)) = Table::read_format(&bytes) {
            proptest::prop_assert_eq!(&table.to_format_vec().unwrap()[..], &bytes[..used]);
        }
    }
}
