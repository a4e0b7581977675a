//! The two encodings, pinned: the fixed wire image (`write_specific`, `FooWire`, simple_endian's
//! bytes) and the framing (`frame`, bincode's bytes) agree on structs of numbers and arrays, and
//! differ exactly in enum tags, `char` and `usize`.

#![cfg(all(feature = "derive", feature = "std"))]

use endian_wire::frame::{self, Config};
use endian_wire::{EndianWrite, Endianize};

fn image<T: EndianWrite>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    value.write_to(&mut out).unwrap();
    out
}

fn framed<T: frame::Encode>(value: &T, config: Config) -> Vec<u8> {
    frame::encode_to_vec(value, config).unwrap()
}

#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(be)]
struct Numbers {
    a: u16,
    b: i64,
    c: f32,
    ok: bool,
    raw: [u8; 3],
    list: [u32; 2],
}

#[test]
fn structs_of_numbers_are_the_same_bytes() {
    let value = Numbers {
        a: 1,
        b: -2,
        c: 1.5,
        ok: true,
        raw: *b"xyz",
        list: [3, 4],
    };
    let config = Config::legacy().with_big_endian();
    assert_eq!(image(&value), framed(&value, config));
    assert_eq!(framed(&NumbersWire::from(value), config), image(&value));
}

#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(le)]
#[repr(u16)]
enum WithRepr {
    Low = 1,
    High = 0x300,
}

#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(le)]
enum WithoutRepr {
    First,
    Second(u8),
}

#[test]
fn enum_tags_differ() {
    // Image: the repr's discriminant at the repr's width. Framing: the position as a `u32`.
    assert_eq!(image(&WithRepr::High), [0x00, 0x03]);
    assert_eq!(framed(&WithRepr::High, Config::legacy()), [1, 0, 0, 0]);
    assert_eq!(framed(&WithRepr::Low, Config::standard()), [0]);
    // Without a repr both write the position as a `u32`, except that framing follows varint.
    assert_eq!(image(&WithoutRepr::Second(9)), [1, 0, 0, 0, 9]);
    assert_eq!(
        framed(&WithoutRepr::Second(9), Config::legacy()),
        [1, 0, 0, 0, 9]
    );
    assert_eq!(framed(&WithoutRepr::Second(9), Config::standard()), [1, 9]);
}

#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(be)]
struct Letter {
    c: char,
}

#[test]
fn chars_differ() {
    // Image: four bytes in the container's order. Framing: UTF-8.
    assert_eq!(image(&Letter { c: '€' }), [0, 0, 0x20, 0xac]);
    assert_eq!(framed(&Letter { c: '€' }, Config::legacy()), "€".as_bytes());
}

#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(le)]
struct Count {
    n: usize,
}

#[test]
fn usize_differs() {
    // Image: pointer-sized. Framing: always 8 bytes (bincode's `u64`), or a varint.
    let count = Count { n: 5 };
    assert_eq!(image(&count).len(), size_of::<usize>());
    assert_eq!(image(&count)[0], 5);
    assert_eq!(framed(&count, Config::legacy()), [5, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(framed(&count, Config::standard()), [5]);
}
