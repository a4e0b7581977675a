//! `#[derive(Endianize)]`: every shape and field type, with pinned wire bytes, round trips,
//! layouts, conversions, errors and IO call counts.

#![cfg(all(feature = "derive", feature = "alloc"))]

use core::num::{NonZeroU16, NonZeroU32};
use std::mem::{align_of, offset_of, size_of};

use endian_wire::zerocopy::{FromBytes, IntoBytes};
use endian_wire::*;

/// Writes through `FromSlice` (works without `std`) and, with `std`, through `EndianWrite`
/// with exactly one `write_all`; reads back both ways.
fn round_trip<W>(wire: &W, bytes: &[u8])
where
    W: FromSlice + PartialEq + core::fmt::Debug + EndianIo,
{
    let mut out = Vec::new();
    wire.write_to_extend(&mut out).unwrap();
    assert_eq!(out, bytes, "{wire:?}");
    assert_eq!(&W::read_from_slice(bytes).unwrap(), wire);
    wire.check_stream(bytes);
}

/// The `std::io` half of [`round_trip`], a no-op without `std`.
trait EndianIo {
    fn check_stream(&self, bytes: &[u8]);
}

#[cfg(feature = "std")]
mod stream {
    use std::io::{self, Read, Write};

    pub struct CountingWriter {
        pub bytes: Vec<u8>,
        pub calls: usize,
    }

    impl Write for CountingWriter {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.write_all(buf)?;
            Ok(buf.len())
        }
        fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
            self.calls += 1;
            self.bytes.extend_from_slice(buf);
            Ok(())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    pub struct CountingReader<'a> {
        pub data: &'a [u8],
        pub calls: usize,
    }

    impl Read for CountingReader<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.data.read(buf)
        }
        fn read_exact(&mut self, buf: &mut [u8]) -> io::Result<()> {
            self.calls += 1;
            self.data.read_exact(buf)
        }
    }

    impl<T> super::EndianIo for T
    where
        T: endian_wire::EndianRead + endian_wire::EndianWrite + PartialEq + core::fmt::Debug,
    {
        fn check_stream(&self, bytes: &[u8]) {
            let mut w = CountingWriter {
                bytes: Vec::new(),
                calls: 0,
            };
            endian_wire::write_specific(&mut w, self).unwrap();
            assert_eq!(w.bytes, bytes);
            let calls = usize::from(!bytes.is_empty());
            assert_eq!(w.calls, calls, "one write_all for {self:?}");
            let mut r = CountingReader {
                data: bytes,
                calls: 0,
            };
            let back: T = endian_wire::read_specific(&mut r).unwrap();
            assert_eq!(&back, self);
            assert_eq!(r.calls, calls, "one read_exact for {self:?}");
            assert!(r.data.is_empty());
        }
    }
}

#[cfg(not(feature = "std"))]
impl<T> EndianIo for T {
    fn check_stream(&self, _: &[u8]) {}
}

// ----- every primitive -------------------------------------------------------------------

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
struct AllBe {
    a: u8,
    b: i8,
    c: u16,
    d: i16,
    e: u32,
    f: i32,
    g: u64,
    h: i64,
    i: u128,
    j: i128,
    k: f32,
    l: f64,
    m: bool,
    n: char,
    o: NonZeroU32,
    p: usize,
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(little_endian)]
struct AllLe {
    c: u16,
    e: i32,
    g: u64,
    i: i128,
    l: f64,
    m: bool,
    n: char,
    o: NonZeroU16,
}

fn all_be() -> AllBe {
    AllBe {
        a: 0x01,
        b: -2,
        c: 0x0304,
        d: -3,
        e: 0x0506_0708,
        f: -4,
        g: 0x090a_0b0c_0d0e_0f10,
        h: -5,
        i: 0x1112_1314_1516_1718_191a_1b1c_1d1e_1f20,
        j: -6,
        k: 1.5,
        l: -2.25,
        m: true,
        n: 'é',
        o: NonZeroU32::new(0x2122_2324).unwrap(),
        p: 0x77,
    }
}

#[test]
fn every_primitive_big_endian() {
    let value = all_be();
    let mut expected = Vec::new();
    expected.extend_from_slice(&[0x01, 0xfe, 0x03, 0x04, 0xff, 0xfd]);
    expected.extend_from_slice(&[5, 6, 7, 8]);
    expected.extend_from_slice(&(-4i32).to_be_bytes());
    expected.extend_from_slice(&0x090a_0b0c_0d0e_0f10u64.to_be_bytes());
    expected.extend_from_slice(&(-5i64).to_be_bytes());
    expected.extend_from_slice(&0x1112_1314_1516_1718_191a_1b1c_1d1e_1f20u128.to_be_bytes());
    expected.extend_from_slice(&(-6i128).to_be_bytes());
    expected.extend_from_slice(&1.5f32.to_be_bytes());
    expected.extend_from_slice(&(-2.25f64).to_be_bytes());
    expected.extend_from_slice(&[1, 0, 0, 0, 0xe9, 0x21, 0x22, 0x23, 0x24]);
    expected.extend_from_slice(&0x77usize.to_be_bytes());
    let wire = AllBeWire::from(value.clone());
    assert_eq!(AllBeWire::WIRE_SIZE, expected.len());
    round_trip(&wire, &expected);
    assert_eq!(AllBe::try_from(wire).unwrap(), value);
    assert_eq!(wire.e.get(), 0x0506_0708);
    assert_eq!(wire.n.to_char(), Some('é'));
}

#[test]
fn every_primitive_little_endian() {
    let value = AllLe {
        c: 0x0102,
        e: -2,
        g: 3,
        i: -1,
        l: 0.5,
        m: false,
        n: 'A',
        o: NonZeroU16::new(0x0a0b).unwrap(),
    };
    let mut expected = vec![0x02, 0x01];
    expected.extend_from_slice(&(-2i32).to_le_bytes());
    expected.extend_from_slice(&3u64.to_le_bytes());
    expected.extend_from_slice(&[0xff; 16]);
    expected.extend_from_slice(&0.5f64.to_le_bytes());
    expected.extend_from_slice(&[0, 0x41, 0, 0, 0, 0x0b, 0x0a]);
    let wire = AllLeWire::from(value.clone());
    round_trip(&wire, &expected);
    assert_eq!(AllLe::try_from(wire).unwrap(), value);
}

// ----- struct shapes ---------------------------------------------------------------------

#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(be)]
#[wire_derive(Eq, Hash)]
struct Point(i16, i16);

#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(le)]
struct Marker;

#[test]
fn tuple_and_unit_structs() {
    let wire = PointWire::from(Point(1, -1));
    assert_eq!(wire.0.get(), 1);
    round_trip(&wire, &[0, 1, 0xff, 0xff]);
    assert_eq!(Point::from(wire), Point(1, -1));
    let unit = MarkerWire::from(Marker);
    assert_eq!(MarkerWire::WIRE_SIZE, 0);
    round_trip(&unit, &[]);
    assert_eq!(Marker::from(unit), Marker);
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
struct Arrays {
    raw: [u8; 3],
    words: [u16; 3],
    grid: [[u16; 2]; 2],
    cube: [[[u32; 2]; 1]; 2],
    flags: [bool; 2],
    chars: [char; 2],
    ids: [NonZeroU16; 2],
    rows: [[u8; 2]; 2],
    floats: [f64; 1],
    empty: [u32; 0],
}

#[test]
fn arrays_of_every_kind() {
    let value = Arrays {
        raw: [1, 2, 3],
        words: [0x0405, 0x0607, 0x0809],
        grid: [[1, 2], [3, 4]],
        cube: [[[5, 6]], [[7, 8]]],
        flags: [true, false],
        chars: ['a', '€'],
        ids: [
            NonZeroU16::new(1).unwrap(),
            NonZeroU16::new(0x0203).unwrap(),
        ],
        rows: [[9, 10], [11, 12]],
        floats: [1.0],
        empty: [],
    };
    let mut expected = vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 0, 2, 0, 3, 0, 4];
    for v in [5u32, 6, 7, 8] {
        expected.extend_from_slice(&v.to_be_bytes());
    }
    expected.extend_from_slice(&[1, 0, 0, 0, 0, 0x61, 0, 0, 0x20, 0xac, 0, 1, 2, 3]);
    expected.extend_from_slice(&[9, 10, 11, 12]);
    expected.extend_from_slice(&1.0f64.to_be_bytes());
    let wire = ArraysWire::from(value.clone());
    round_trip(&wire, &expected);
    assert_eq!(Arrays::try_from(wire).unwrap(), value);
}

/// Fields already in wire form keep their own order, whatever the container says.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
struct AlreadyWire {
    le: u32le,
    be: BigEndian<u16>,
    c: charle,
    words: [u16le; 2],
    name: FixedUtf16LeNullPadded<2>,
}

#[test]
fn already_wrapped_fields_are_kept() {
    let value = AlreadyWire {
        le: u32le::new(1),
        be: BigEndian::<u16>::new(2),
        c: charle::new('x'),
        words: [u16le::new(3), u16le::new(4)],
        name: FixedUtf16LeNullPadded::try_from("ok").unwrap(),
    };
    let wire = AlreadyWireWire::from(value.clone());
    round_trip(
        &wire,
        &[
            1, 0, 0, 0, 0, 2, b'x', 0, 0, 0, 3, 0, 4, 0, b'o', 0, b'k', 0,
        ],
    );
    assert_eq!(AlreadyWire::from(wire), value);
}

// ----- nesting ---------------------------------------------------------------------------

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct Inner {
    id: u16,
    initial: char,
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
struct Middle {
    inner: Inner,
    pair: [Inner; 2],
    count: u32,
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
struct Outer {
    tag: u8,
    middle: Middle,
}

/// Nested only through infallible types: `From` both ways.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
struct Plain {
    point: Point,
    points: [Point; 2],
}

#[test]
fn nested_three_levels() {
    let inner = |id, initial| Inner { id, initial };
    let value = Outer {
        tag: 9,
        middle: Middle {
            inner: inner(0x0102, 'a'),
            pair: [inner(3, 'b'), inner(4, 'c')],
            count: 0x0a0b_0c0d,
        },
    };
    // Each level keeps its own byte order: `Inner` is little-endian inside big-endian types.
    let expected = [
        9, 2, 1, b'a', 0, 0, 0, 3, 0, b'b', 0, 0, 0, 4, 0, b'c', 0, 0, 0, 0x0a, 0x0b, 0x0c, 0x0d,
    ];
    let wire = OuterWire::from(value.clone());
    assert_eq!(OuterWire::WIRE_SIZE, expected.len());
    round_trip(&wire, &expected);
    assert_eq!(Outer::try_from(wire).unwrap(), value);
    assert_eq!(wire.middle.pair[1].id.get(), 4);

    // A bad char deep inside is named by its path.
    let mut bad = wire;
    bad.middle.pair[1].initial = charle::from_scalar(0xd800);
    let err = Outer::try_from(bad).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Outer.middle.pair.initial: 0xd800 is not a Unicode scalar value"
    );
    assert_eq!(err.field_path(), ["middle", "pair", "initial"]);

    let plain = Plain {
        point: Point(1, 2),
        points: [Point(3, 4), Point(5, 6)],
    };
    let wire: PlainWire = plain.clone().into();
    assert_eq!(Plain::from(wire), plain);
    round_trip(&wire, &[0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6]);
}

/// `From` exists exactly where nothing can fail, `TryFrom` where a field of the type can.
#[test]
fn conversion_traits_follow_fallibility() {
    fn from<A, B: From<A>>() {}
    fn try_from<A, B: TryFrom<A, Error = ConvertError>>() {}
    from::<Point, PointWire>();
    from::<PointWire, Point>();
    from::<Plain, PlainWire>();
    from::<PlainWire, Plain>();
    from::<Inner, InnerWire>(); // a char is always encodable...
    try_from::<InnerWire, Inner>(); // ...but a wire char may be a surrogate
    // Through nested types: `From` or `TryFrom` as the nested types allow.
    from::<Middle, MiddleWire>();
    try_from::<MiddleWire, Middle>();
    from::<Outer, OuterWire>();
    try_from::<OuterWire, Outer>();
}

// ----- generics --------------------------------------------------------------------------

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
struct Framed<H> {
    header: H,
    length: u32,
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct Table<const N: usize> {
    entries: [u32; N],
}

#[test]
fn generic_structs() {
    let value = Framed {
        header: Point(7, 8),
        length: 3,
    };
    let wire = FramedWire::try_from(value.clone()).unwrap();
    round_trip(&wire, &[0, 7, 0, 8, 0, 0, 0, 3]);
    assert_eq!(Framed::try_from(wire).unwrap(), value);

    let table = Table { entries: [1, 2] };
    let wire = TableWire::from(table.clone());
    round_trip(&wire, &[1, 0, 0, 0, 2, 0, 0, 0]);
    assert_eq!(Table::from(wire), table);
}

// ----- layouts ---------------------------------------------------------------------------

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
struct WithPadding {
    tag: u8,
    length: u32,
    wide: u64,
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
#[wire_repr(C, packed)]
struct Packed {
    tag: u8,
    length: u32,
    wide: u64,
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
#[wire_repr(C, packed(2))]
struct Packed2 {
    tag: u8,
    length: u32,
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
#[wire_repr(C, align(8))]
struct Aligned {
    value: u32,
}

#[test]
fn reprs_give_exact_layouts_and_the_same_stream() {
    let stream = [7, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2];
    assert_eq!(
        (size_of::<WithPaddingWire>(), align_of::<WithPaddingWire>()),
        (16, 8)
    );
    assert_eq!(offset_of!(WithPaddingWire, length), 4);
    assert_eq!(WithPaddingWire::WIRE_SIZE, 13);
    let value = WithPadding {
        tag: 7,
        length: 256,
        wide: 2,
    };
    round_trip(&WithPaddingWire::from(value.clone()), &stream);
    assert_eq!(WithPadding::read_from_slice_logical(&stream), value,);

    assert_eq!((size_of::<PackedWire>(), align_of::<PackedWire>()), (13, 1));
    assert_eq!(offset_of!(PackedWire, length), 1);
    assert_eq!(offset_of!(PackedWire, wide), 5);
    let packed = PackedWire::from(Packed {
        tag: 7,
        length: 256,
        wide: 2,
    });
    round_trip(&packed, &stream);
    // Packed and without padding: the memory is the stream, and views work in place.
    assert_eq!(packed.as_bytes(), &stream);
    let view = PackedWire::ref_from_bytes(&stream[..]).unwrap();
    assert_eq!({ view.length }.get(), 256);

    assert_eq!(
        (size_of::<Packed2Wire>(), align_of::<Packed2Wire>()),
        (6, 2)
    );
    assert_eq!(offset_of!(Packed2Wire, length), 2);
    round_trip(
        &Packed2Wire::from(Packed2 { tag: 1, length: 2 }),
        &[1, 0, 0, 0, 2],
    );

    assert_eq!(
        (size_of::<AlignedWire>(), align_of::<AlignedWire>()),
        (8, 8)
    );
    assert_eq!(AlignedWire::WIRE_SIZE, 4);
    round_trip(&AlignedWire::from(Aligned { value: 1 }), &[1, 0, 0, 0]);
}

/// The logical type reads through `FromSlice` on its wire type, in `no_std` too.
trait ReadLogical: Endianize {
    fn read_from_slice_logical(bytes: &[u8]) -> Self;
}

impl<T: Endianize> ReadLogical for T
where
    T::Wire: FromSlice,
{
    fn read_from_slice_logical(bytes: &[u8]) -> Self {
        let wire = T::Wire::read_from_slice(bytes).unwrap();
        T::from_wire(&wire).map_err(Into::into).unwrap()
    }
}

/// Laid out with no padding: the wire struct is its own wire image.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
struct Dense {
    wide: u64,
    word: u32,
    half: u16,
    flag: bool,
    byte: u8,
    initial: char,
    tail: u32,
}

fn dense() -> Dense {
    Dense {
        wide: 1,
        word: 2,
        half: 3,
        flag: true,
        byte: 4,
        initial: 'z',
        tail: 5,
    }
}

#[test]
fn padding_free_wire_structs_are_zero_copy() {
    use endian_wire::zerocopy::TryFromBytes;
    let wire = DenseWire::from(dense());
    assert_eq!(size_of::<DenseWire>(), 24);
    let bytes = wire.as_bytes();
    assert_eq!(
        bytes,
        [
            0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 3, 1, 4, 0, 0, 0, b'z', 0, 0, 0, 5
        ]
    );
    round_trip(&wire, bytes);
    assert_eq!(DenseWire::try_read_from_bytes(bytes).unwrap(), wire);
    // A bool field makes some images invalid, for zerocopy too.
    let mut bad = bytes.to_vec();
    bad[14] = 2;
    assert!(DenseWire::try_read_from_bytes(&bad).is_err());
    // All-valid field types give `FromBytes`: any bytes are a value.
    let point = PointWire::read_from_bytes(&[0, 1, 0, 2]).unwrap();
    assert_eq!(Point::from(point), Point(1, 2));
}

/// Types and lengths passed through `macro_rules!` arrive in invisible groups; the layout
/// analysis sees through them (a bool stays a bool, 4 stays 4).
macro_rules! declare {
    ($name:ident, $t:ty, $flag:ty, $n:literal) => {
        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian(be)]
        struct $name {
            words: [$t; $n],
            flag: $flag,
            pad: [u8; 3],
        }
    };
}
declare!(FromMacro, u32, bool, 2);

#[test]
fn macro_generated_fields() {
    let wire = FromMacroWire::from(FromMacro {
        words: [1, 2],
        flag: true,
        pad: [0; 3],
    });
    assert_eq!(wire.as_bytes(), [0, 0, 0, 1, 0, 0, 0, 2, 1, 0, 0, 0]);
    round_trip(&wire, &[0, 0, 0, 1, 0, 0, 0, 2, 1, 0, 0, 0]);
}

/// With nested types the derive cannot prove "no padding" from syntax; a user who knows can
/// ask for `IntoBytes` (zerocopy checks the claim at compile time), and gets one-copy IO and
/// in-place views. `#[wire_derive]` adds any other derive too.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
#[wire_derive(endian_wire::zerocopy::IntoBytes, Eq, Hash)]
struct Framed2 {
    point: Point,
    count: u16,
}

#[test]
fn wire_derive_adds_derives() {
    use std::collections::HashSet;
    let wire = Framed2Wire::from(Framed2 {
        point: Point(1, 2),
        count: 3,
    });
    assert_eq!(wire.as_bytes(), [0, 1, 0, 2, 0, 3]);
    round_trip(&wire, &[0, 1, 0, 2, 0, 3]);
    let set: HashSet<Framed2Wire> = [wire, wire].into_iter().collect();
    assert_eq!(set.len(), 1);
}

// ----- text ------------------------------------------------------------------------------

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
struct Texts {
    id: u16,
    #[text(utf8, units = 4, pad = "null")]
    name: String,
    #[text(utf8, units = 3, pad = "space")]
    code: String,
    #[text(utf16, units = 2, pad = "null")]
    wide: String,
    #[text(utf32, units = 1, pad = "space")]
    one: String,
    #[text(utf16, units = 2)]
    exact: String,
}

#[test]
fn text_fields() {
    let value = Texts {
        id: 1,
        name: "ab".into(),
        code: "x".into(),
        wide: "é".into(),
        one: "z".into(),
        exact: "hi".into(),
    };
    let expected = [
        0, 1, b'a', b'b', 0, 0, b'x', b' ', b' ', 0, 0xe9, 0, 0, 0, 0, 0, b'z', 0, b'h', 0, b'i',
    ];
    let wire = TextsWire::try_from(value.clone()).unwrap();
    round_trip(&wire, &expected);
    assert_eq!(Texts::try_from(wire).unwrap(), value);

    let too_long = Texts {
        name: "abcde".into(),
        ..value
    };
    let err = TextsWire::try_from(too_long).unwrap_err();
    assert!(err.to_string().starts_with("Texts.name: "), "{err}");
    assert!(matches!(err.reason(), ConvertReason::Text(_)));
}

// ----- enums -----------------------------------------------------------------------------

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
#[repr(u8)]
enum Command {
    Nop,
    Move {
        x: i16,
        y: i16,
    } = 5,
    Pair(u32, Point),
    #[tuple_text(idx = 0, utf8, units = 3, pad = "null")]
    Say(String, u8),
}

#[derive(Endianize, Clone, Copy, Debug, PartialEq, Default)]
#[endian(le)]
#[wire_default]
enum Level {
    Low,
    #[default]
    Mid,
    High(u16),
}

/// `#[default]` works without `#[derive(Default)]` on the logical enum.
#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(be)]
#[wire_default]
enum Mode {
    #[default]
    Off,
    On,
}

#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(le)]
#[repr(u16)]
enum Opcode {
    Read = 0x0102,
    Write = 0x0a0b,
}

#[test]
fn enums_with_tags_and_payloads() {
    let cases: [(Command, &[u8]); 4] = [
        (Command::Nop, &[0]),
        (Command::Move { x: -1, y: 2 }, &[5, 0xff, 0xff, 0, 2]),
        (Command::Pair(3, Point(4, 5)), &[6, 0, 0, 0, 3, 0, 4, 0, 5]),
        (Command::Say("hi".into(), 9), &[7, b'h', b'i', 0, 9]),
    ];
    for (value, bytes) in cases {
        let wire = CommandWire::try_from(value.clone()).unwrap();
        assert_eq!(wire.wire_size(), bytes.len());
        // Slice IO (also without `std`).
        let mut out = Vec::new();
        wire.write_to_extend(&mut out).unwrap();
        assert_eq!(out, bytes);
        assert_eq!(CommandWire::read_from_slice(bytes), Ok(wire));
        #[cfg(feature = "std")]
        {
            let mut out = Vec::new();
            value.write_to(&mut out).unwrap();
            assert_eq!(out, bytes, "{value:?}");
            assert_eq!(Command::read_from(&mut &out[..]).unwrap(), value);
        }
        assert_eq!(Command::try_from(wire).unwrap(), value);
    }
    assert_eq!(CommandWire::read_from_slice(&[9]), Err("unknown enum tag"));
    assert_eq!(
        CommandWire::read_from_slice(&[5, 0]),
        Err("unexpected end of input")
    );
    assert_eq!(CommandWire::TAG_SIZE, 1);
    assert_eq!(CommandWire::MAX_WIRE_SIZE, 9);

    // Without a repr the tag is a u32 holding the variant's position (bincode's rule).
    assert_eq!(LevelWire::default(), LevelWire::Mid);
    assert_eq!(ModeWire::default(), ModeWire::Off);
    assert_eq!(Mode::from(ModeWire::On), Mode::On);
    assert_eq!(
        LevelWire::from(Level::High(3)),
        LevelWire::High(u16le::new(3))
    );
    assert_eq!(Level::from(LevelWire::Low), Level::Low);
    assert_eq!(OpcodeWire::from(Opcode::Write), OpcodeWire::Write);

    #[cfg(feature = "std")]
    {
        let mut out = Vec::new();
        Level::High(0x0102).write_to(&mut out).unwrap();
        assert_eq!(out, [2, 0, 0, 0, 2, 1]);
        let mut out = Vec::new();
        Opcode::Write.write_to(&mut out).unwrap();
        assert_eq!(out, [0x0b, 0x0a]);
    }
}

/// simple_endian's way of reading and writing logical values through the wire type.
#[cfg(feature = "std")]
#[test]
fn native_helpers_with_derived_types() {
    let mut out = Vec::new();
    write_native::<_, PointWire, Point>(&mut out, Point(1, 2)).unwrap();
    assert_eq!(out, [0, 1, 0, 2]);
    let p: Point = read_native::<_, PointWire, Point>(&mut &out[..]).unwrap();
    assert_eq!(p, Point(1, 2));
    let inner: Inner =
        try_read_native::<_, InnerWire, Inner>(&mut &[5u8, 0, b'q', 0, 0, 0][..]).unwrap();
    assert_eq!(
        inner,
        Inner {
            id: 5,
            initial: 'q'
        }
    );
    let err =
        try_read_native::<_, InnerWire, Inner>(&mut &[5u8, 0, 0, 0xd8, 0, 0][..]).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
}

#[cfg(feature = "std")]
#[test]
fn enum_stream_errors() {
    use std::io::ErrorKind;
    let err = Command::read_from(&mut &[8u8, 0, 0][..]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert_eq!(err.to_string(), "invalid CommandWire: unknown tag 8 (0x8)");
    let err = Opcode::read_from(&mut &[0x01u8, 0x02, 0][..]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid OpcodeWire: unknown tag 513 (0x201)"
    );
    let err = Command::read_from(&mut &[5u8, 0][..]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::UnexpectedEof);

    // Text that cannot be encoded: `InvalidInput`, and nothing is written.
    let mut out = Vec::new();
    let err = Command::Say("toolong".into(), 1)
        .write_to(&mut out)
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    assert!(err.to_string().starts_with("Command.Say.0: "), "{err}");
    assert!(out.is_empty());
}

// ----- unions ----------------------------------------------------------------------------

#[derive(Endianize, Clone, Copy)]
#[endian(be)]
#[allow(dead_code)]
union Register {
    word: u32,
    halves: [u16; 2],
}

#[test]
fn unions_get_a_wire_type() {
    let r = RegisterWire {
        word: u32be::new(0x0102_0304),
    };
    // SAFETY: both fields are plain wire integers of the same size.
    let halves = unsafe { r.halves };
    assert_eq!(halves.map(|h| h.get()), [0x0102, 0x0304]);
    assert_eq!(size_of::<RegisterWire>(), 4);
}

// ----- stream errors ---------------------------------------------------------------------

#[cfg(feature = "std")]
#[test]
fn struct_stream_errors_name_type_field_and_value() {
    use std::io::ErrorKind;
    // A bool of 2 inside a padded struct: located in the stream.
    #[derive(Endianize, Clone, Debug, PartialEq)]
    #[endian(be)]
    struct Flags {
        id: u8,
        count: u32,
        on: bool,
    }
    let err = Flags::read_from(&mut &[1u8, 0, 0, 0, 1, 2][..]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert_eq!(
        err.to_string(),
        "invalid FlagsWire: BigEndian<bool> wire bytes 02 at offset 5"
    );
    // A surrogate char, and a bool of 2, in a padding-free struct.
    let mut bytes = DenseWire::from(dense()).as_bytes().to_vec();
    let at = offset_of!(DenseWire, initial);
    bytes[at..at + 4].copy_from_slice(&0xdc00u32.to_be_bytes());
    let err = Dense::read_from(&mut &bytes[..]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert_eq!(
        err.to_string(),
        format!("invalid DenseWire: wire bytes 00 00 dc 00 at offset {at}")
    );
    bytes[14] = 7;
    let err = Dense::read_from(&mut &bytes[..]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid DenseWire: wire bytes 07 at offset 14"
    );
    let err = Dense::read_from(&mut &bytes[..5]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::UnexpectedEof);
}
