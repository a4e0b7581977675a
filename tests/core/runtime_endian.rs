//! `#[derive(Endianize)]` with `#[endian(runtime)]` and [`RuntimeEndian`]: every shape of the
//! fixed-order derive's suite (`tests/derive.rs`) declared three times, as a runtime type and
//! as `#[endian(be)]` and `#[endian(le)]` types of the same fields, and the runtime type's
//! bytes in each order checked to be the fixed-order type's, through every method, as a
//! table and framed. Then errors, the whole-table paths against record by record, and views.

#![cfg(all(feature = "derive", feature = "std"))]

use std::borrow::Cow;
use std::fmt::Debug;
use std::io::ErrorKind;

use endian_wire::frame::{self, Config, Decode, Encode};
use endian_wire::*;

const NATIVE_BIG: bool = cfg!(target_endian = "big");

/// A fixed-order type, as far as the checks need it: its wire image and its framing.
trait Fixed: EndianWrite + Encode + Decode + PartialEq + Debug {}
impl<T: EndianWrite + Encode + Decode + PartialEq + Debug> Fixed for T {}

fn image_of(value: &impl EndianWrite) -> Vec<u8> {
    let mut out = Vec::new();
    value.write_to(&mut out).unwrap();
    out
}

/// Fixed-int and varint configurations in `order` (under Miri, fixed-int only: the checks
/// run there for the memory accesses, and take minutes).
fn configs(order: Endian) -> Vec<Config> {
    let with = |c: Config| match order {
        Endian::Big => c.with_big_endian(),
        Endian::Little => c.with_little_endian(),
    };
    let mut configs = vec![with(Config::legacy())];
    if !cfg!(miri) {
        configs.push(with(Config::standard()));
    }
    configs
}

/// Everything a runtime value `rt` does in both orders, against the fixed-order values `be`
/// and `le` of the same fields.
fn check<R, B, L>(rt: &R, be: &B, le: &L)
where
    // A runtime type frames too (the derive gives it framing): checked here beside its image.
    R: RuntimeEndian + frame::Encode + frame::Decode + Clone + PartialEq + Debug,
    R::WireNative: PartialEq + Debug,
    B: Fixed,
    L: Fixed,
{
    for (order, image) in [(Endian::Big, image_of(be)), (Endian::Little, image_of(le))] {
        let what = format!("{rt:?} in {order:?}");
        // One value, every method.
        let mut out = vec![0xAA];
        rt.write_as(&mut out, order).unwrap();
        assert_eq!(&out[1..], &image[..], "write_as {what}");
        let mut out = Vec::new();
        rt.write_to_as(&mut out, order).unwrap();
        assert_eq!(out, image, "write_to_as {what}");
        assert_eq!(&R::read_as(&image, order).unwrap(), rt, "read_as {what}");
        let mut longer = image.clone();
        longer.extend_from_slice(&[1, 2, 3]);
        assert_eq!(
            &R::read_as(&longer, order).unwrap(),
            rt,
            "trailing bytes {what}"
        );
        let mut reader = &longer[..];
        assert_eq!(
            &R::read_from_as(&mut reader, order).unwrap(),
            rt,
            "read_from_as {what}"
        );
        assert_eq!(
            reader,
            [1, 2, 3],
            "read_from_as consumes the value only {what}"
        );

        // A table of three.
        let items = [rt.clone(), rt.clone(), rt.clone()];
        let table = image.repeat(3);
        let mut out = Vec::new();
        R::write_all_as(&items, &mut out, order).unwrap();
        assert_eq!(out, table, "write_all_as {what}");
        assert_eq!(
            R::read_all_as(&[], order).unwrap(),
            [],
            "empty table {what}"
        );
        // (Records of no bytes cannot be counted from a table's length.)
        if !image.is_empty() {
            assert_eq!(
                R::read_all_as(&table, order).unwrap(),
                items,
                "read_all_as {what}"
            );
            let native = native_wire(rt);
            let view = R::view_all_as(&table, order).unwrap();
            assert_eq!(
                &*view,
                &[native.clone(), native.clone(), native],
                "view {what}"
            );
        }

        // Cut short: the value, and the table's last record (a one-byte value cut off is
        // simply absent).
        if !image.is_empty() {
            let err = R::read_as(&image[..image.len() - 1], order).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::UnexpectedEof, "{what}: {err}");
            assert!(err.to_string().contains("at byte 0"), "{what}: {err}");
        }
        if image.len() > 1 {
            let err = R::read_all_as(&table[..table.len() - 1], order).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::UnexpectedEof, "{what}: {err}");
            let last = 2 * image.len();
            assert!(
                err.to_string().contains(&format!("at byte {last}")),
                "{what}: {err}"
            );
        }

        // Framed: the configuration's order, the fixed-order type's bytes.
        for config in configs(order) {
            let fixed = match order {
                Endian::Big => frame::encode_to_vec(be, config).unwrap(),
                Endian::Little => frame::encode_to_vec(le, config).unwrap(),
            };
            let framed = frame::encode_to_vec(rt, config).unwrap();
            assert_eq!(framed, fixed, "framed {what} {config:?}");
            let back: R = frame::decode_from_slice_exact(&framed, config).unwrap();
            assert_eq!(&back, rt, "framed back {what} {config:?}");
            let run = frame::encode_to_vec(&items[..], config).unwrap();
            let back: Vec<R> = frame::decode_from_slice_exact(&run, config).unwrap();
            assert_eq!(back, items, "framed run {what} {config:?}");
        }
    }
    // The host's order reads without a swap: the native image is the native wire's memory.
    let native_image = if NATIVE_BIG {
        image_of(be)
    } else {
        image_of(le)
    };
    assert_eq!(&R::read_as(&native_image, Endian::NATIVE).unwrap(), rt);
}

/// The value as a wire value of the host's order.
fn native_wire<R: RuntimeEndian>(value: &R) -> R::WireNative {
    match EndianizeIn::<NATIVE_BIG>::to_wire(value) {
        Ok(wire) => wire,
        Err(e) => panic!("{}", Into::<ConvertError>::into(e)),
    }
}

/// A fixed-order type nested in every variant below: it keeps its own order.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
pub struct FixedInner {
    pub id: u16,
    pub initial: char,
}

/// The shapes of `tests/derive.rs`, declared in the order `$order`, with a sample value each.
/// Nested types name the same module's, so a runtime type nests runtime types, and the
/// fixed-order declarations nest fixed-order ones of the same order.
macro_rules! shapes {
    ($order:ident, $le_point:ty) => {
        use core::num::{NonZeroU16, NonZeroU32};
        use endian_wire::*;

        pub use super::FixedInner;

        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        pub struct AllPrimitives {
            pub a: u8,
            pub b: i8,
            pub c: u16,
            pub d: i16,
            pub e: u32,
            pub f: i32,
            pub g: u64,
            pub h: i64,
            pub i: u128,
            pub j: i128,
            pub k: f32,
            pub l: f64,
            pub m: bool,
            pub n: char,
            pub o: NonZeroU32,
            pub p: usize,
            pub q: isize,
        }

        #[derive(Endianize, Clone, Copy, Debug, PartialEq)]
        #[endian($order)]
        #[wire_derive(Eq, Hash)]
        pub struct Point(pub i16, pub i16);

        #[derive(Endianize, Clone, Copy, Debug, PartialEq)]
        #[endian($order)]
        pub struct Marker;

        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        pub struct Arrays {
            pub raw: [u8; 3],
            pub words: [u16; 3],
            pub grid: [[u16; 2]; 2],
            pub cube: [[[u32; 2]; 1]; 2],
            pub flags: [bool; 2],
            pub chars: [char; 2],
            pub ids: [NonZeroU16; 2],
            pub rows: [[u8; 2]; 2],
            pub floats: [f64; 1],
            pub empty: [u32; 0],
        }

        /// Fields already in wire form keep their own order.
        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        pub struct AlreadyWire {
            pub le: u32le,
            pub be: BigEndian<u16>,
            pub c: charle,
            pub words: [u16le; 2],
            pub name: FixedUtf16LeNullPadded<2>,
        }

        /// Fields that fix their order with `#[endian]`, of every kind.
        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        pub struct FieldOrders {
            #[endian(be)]
            pub magic: u16,
            #[endian(le)]
            pub words: [u32; 2],
            #[endian(big)]
            pub initial: char,
            #[endian(be)]
            #[text(utf16, units = 2)]
            pub code: String,
            #[endian(le)]
            pub point: $le_point,
            pub plain: u32,
        }

        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        pub struct Middle {
            pub inner: FixedInner,
            pub point: Point,
            pub pair: [Point; 2],
            pub count: u32,
        }

        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        pub struct Outer {
            pub tag: u8,
            pub middle: Middle,
            pub tuple: (u16, Point, [u8; 2]),
        }

        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        pub struct Table<const N: usize> {
            pub entries: [u32; N],
        }

        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        pub struct WithPadding {
            pub tag: u8,
            pub length: u32,
            pub wide: u64,
        }

        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        #[wire_repr(C, packed)]
        pub struct Packed {
            pub tag: u8,
            pub length: u32,
            pub wide: u64,
        }

        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        #[wire_repr(C, packed(2))]
        pub struct Packed2 {
            pub tag: u8,
            pub length: u32,
        }

        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        #[wire_repr(C, align(8))]
        pub struct Aligned {
            pub value: u32,
        }

        /// Packed on the logical side too: its fields are copied out, never referenced.
        #[derive(Endianize, Clone, Copy, Debug, PartialEq)]
        #[endian($order)]
        #[repr(C, packed)]
        pub struct LogicalPacked {
            pub tag: u8,
            pub length: u32,
        }

        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        pub struct Dense {
            pub wide: u64,
            pub word: u32,
            pub half: u16,
            pub flag: bool,
            pub byte: u8,
            pub initial: char,
            pub tail: u32,
        }

        /// ELF64's section header, laid out as on the wire: tables of it convert at once.
        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        #[repr(C)]
        pub struct Section {
            pub name: u32,
            pub kind: u32,
            pub flags: u64,
            pub addr: u64,
            pub offset: u64,
            pub size: u64,
            pub link: u32,
            pub info: u32,
            pub align: u64,
            pub entsize: u64,
        }

        /// The same fields, laid out as the compiler likes.
        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        pub struct SectionAnyLayout {
            pub name: u32,
            pub kind: u32,
            pub flags: u64,
            pub addr: u64,
            pub offset: u64,
            pub size: u64,
            pub link: u32,
            pub info: u32,
            pub align: u64,
            pub entsize: u64,
        }

        /// With nested types the layout proof needs the user's word (`IntoBytes`).
        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        #[wire_derive(endian_wire::zerocopy::IntoBytes, Eq, Hash)]
        pub struct Framed2 {
            pub point: Point,
            pub count: u16,
        }

        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        pub struct Texts {
            pub id: u16,
            #[text(utf8, units = 4, pad = "null")]
            pub name: String,
            #[text(utf8, units = 3, pad = "space")]
            pub code: String,
            #[text(utf16, units = 2, pad = "null")]
            pub wide: String,
            #[text(utf32, units = 1, pad = "space")]
            pub one: String,
            #[text(utf16, units = 2)]
            pub exact: String,
        }

        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        #[repr(u8)]
        pub enum Command {
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
        #[endian($order)]
        #[wire_default]
        pub enum Level {
            Low,
            #[default]
            Mid,
            High(u16),
        }

        #[derive(Endianize, Clone, Copy, Debug, PartialEq)]
        #[endian($order)]
        #[repr(u16)]
        pub enum Opcode {
            Read = 0x0102,
            Write = 0x0a0b,
        }

        /// Variable-length fields: framing only, in the configuration's order.
        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        pub struct Upload {
            pub id: u32,
            pub name: String,
            pub chunks: Vec<Vec<u16>>,
            #[endian(be)]
            pub checksum: Option<u64>,
            #[frame(len = u16)]
            pub tags: Vec<u32>,
        }

        pub fn all_primitives() -> AllPrimitives {
            AllPrimitives {
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
                p: 0x2526,
                q: -7,
            }
        }

        pub fn arrays() -> Arrays {
            Arrays {
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
            }
        }

        pub fn already_wire() -> AlreadyWire {
            AlreadyWire {
                le: u32le::new(1),
                be: BigEndian::<u16>::new(2),
                c: charle::new('x'),
                words: [u16le::new(3), u16le::new(4)],
                name: FixedUtf16LeNullPadded::try_from("ok").unwrap(),
            }
        }

        pub fn field_orders() -> FieldOrders {
            FieldOrders {
                magic: 0x4d4d,
                words: [0x0102_0304, 5],
                initial: 'z',
                code: "hi".into(),
                point: <$le_point>::from(Point(0x0102, -1)),
                plain: 0x0a0b_0c0d,
            }
        }

        pub fn outer() -> Outer {
            Outer {
                tag: 9,
                middle: Middle {
                    inner: FixedInner {
                        id: 0x0102,
                        initial: 'a',
                    },
                    point: Point(3, -4),
                    pair: [Point(5, 6), Point(-7, 8)],
                    count: 0x0a0b_0c0d,
                },
                tuple: (0x1122, Point(0x3344, 0x5566), [0x77, 0x88]),
            }
        }

        pub fn table() -> Table<3> {
            Table {
                entries: [1, 0x0203_0405, u32::MAX - 1],
            }
        }

        pub fn dense() -> Dense {
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

        pub fn section(i: u64) -> Section {
            Section {
                name: 0x0102_0304 ^ i as u32,
                kind: 2,
                flags: 0x0a0b_0c0d_0e0f_1011 ^ i,
                addr: 0x4000 + i,
                offset: 0x1000 * i,
                size: 0x1234_5678_9abc_def0,
                link: 7,
                info: 8 + i as u32,
                align: 16,
                entsize: 24,
            }
        }

        pub fn section_any_layout(i: u64) -> SectionAnyLayout {
            let s = section(i);
            SectionAnyLayout {
                name: s.name,
                kind: s.kind,
                flags: s.flags,
                addr: s.addr,
                offset: s.offset,
                size: s.size,
                link: s.link,
                info: s.info,
                align: s.align,
                entsize: s.entsize,
            }
        }

        pub fn texts() -> Texts {
            Texts {
                id: 1,
                name: "ab".into(),
                code: "x".into(),
                wide: "é".into(),
                one: "z".into(),
                exact: "hi".into(),
            }
        }

        pub fn commands() -> [Command; 4] {
            [
                Command::Nop,
                Command::Move { x: -1, y: 2 },
                Command::Pair(3, Point(4, 5)),
                Command::Say("hi".into(), 9),
            ]
        }

        pub fn upload() -> Upload {
            Upload {
                id: 7,
                name: "log".into(),
                chunks: vec![vec![1, 0x0203], vec![]],
                checksum: Some(0x0102_0304_0506_0708),
                tags: vec![0x0a0b_0c0d, 5],
            }
        }
    };
}

mod rt {
    shapes!(runtime, Point);

    #[derive(Endianize, Clone, Copy)]
    #[endian(runtime)]
    #[allow(dead_code)]
    pub union Register {
        pub word: u32,
        pub halves: [u16; 2],
    }
}
mod be {
    shapes!(be, super::le::Point);

    impl From<Point> for super::le::Point {
        fn from(p: Point) -> Self {
            super::le::Point(p.0, p.1)
        }
    }
}
mod le {
    shapes!(le, Point);
}

/// Checks the sample `$make` (a function of each module, given `$($arg),*`).
macro_rules! check_sample {
    ($make:ident $(, $arg:expr)*) => {
        check(&rt::$make($($arg),*), &be::$make($($arg),*), &le::$make($($arg),*))
    };
}

#[test]
fn every_primitive() {
    check_sample!(all_primitives);
}

#[test]
fn tuple_and_unit_structs() {
    check(&rt::Point(1, -1), &be::Point(1, -1), &le::Point(1, -1));
    check(&rt::Marker, &be::Marker, &le::Marker);
    // Zero-size records: a table of them has no length to count them by.
    assert!(
        rt::Marker::read_all_as(&[], Endian::Big)
            .unwrap()
            .is_empty()
    );
    let err = rt::Marker::read_all_as(&[0], Endian::Big).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    // The wire types derive what the user asked for, in both orders.
    let mut set = std::collections::HashSet::new();
    set.insert(rt::PointWireBe::from(rt::Point(1, 2)));
    set.insert(rt::PointWireBe::from(rt::Point(1, 2)));
    assert_eq!(set.len(), 1);
}

#[test]
fn arrays_of_every_kind() {
    check_sample!(arrays);
}

#[test]
fn already_wrapped_fields_keep_their_order() {
    check_sample!(already_wire);
    let mut be = Vec::new();
    rt::already_wire().write_as(&mut be, Endian::Big).unwrap();
    let mut le = Vec::new();
    rt::already_wire()
        .write_as(&mut le, Endian::Little)
        .unwrap();
    assert_eq!(be, le);
}

#[test]
fn fields_with_their_own_order_keep_it() {
    check_sample!(field_orders);
    let value = rt::field_orders();
    for order in [Endian::Big, Endian::Little] {
        let mut out = Vec::new();
        value.write_as(&mut out, order).unwrap();
        assert_eq!(&out[..2], [0x4d, 0x4d]);
        assert_eq!(&out[2..6], [4, 3, 2, 1], "{order:?}");
        assert_eq!(
            &out[10..14],
            'z'.to_string().as_bytes().iter().fold([0; 4], |mut a, &b| {
                a[3] = b;
                a
            })
        );
        assert_eq!(&out[14..18], [0, b'h', 0, b'i']);
        assert_eq!(&out[18..22], [2, 1, 0xff, 0xff]);
        let plain = match order {
            Endian::Big => 0x0a0b_0c0du32.to_be_bytes(),
            Endian::Little => 0x0a0b_0c0du32.to_le_bytes(),
        };
        assert_eq!(&out[22..], plain);
    }
    // The field keeps its order in both wire types' field types.
    let be = rt::FieldOrdersWireBe::try_from(value.clone()).unwrap();
    let le = rt::FieldOrdersWireLe::try_from(value).unwrap();
    assert_eq!(be.magic, le.magic);
    assert_eq!(be.magic.to_bytes(), [0x4d, 0x4d]);
}

#[test]
fn nested_runtime_types_follow_the_outer_order() {
    check_sample!(outer);
    // The nested fixed-order type keeps little-endian in the big-endian image.
    let mut out = Vec::new();
    rt::outer().write_as(&mut out, Endian::Big).unwrap();
    assert_eq!(&out[1..3], [2, 1]);
    assert_eq!(&out[7..11], [0, 3, 0xff, 0xfc]);
    // `From` where nothing can fail, `TryFrom` where a `char` can (back from the wire).
    let wire: rt::PointWireLe = rt::Point(1, 2).into();
    assert_eq!(rt::Point::from(wire), rt::Point(1, 2));
    let wire = rt::MiddleWireBe::from(rt::outer().middle);
    assert_eq!(rt::Middle::try_from(wire).unwrap(), rt::outer().middle);
}

/// A runtime type nested in a fixed-order one follows that order, or its field's.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
struct FixedOuter {
    point: rt::Point,
    #[endian(le)]
    other: rt::Point,
    pair: [rt::Point; 2],
}

#[test]
fn runtime_types_nest_in_fixed_order_ones() {
    let value = FixedOuter {
        point: rt::Point(1, 2),
        other: rt::Point(3, 4),
        pair: [rt::Point(5, 6), rt::Point(7, 8)],
    };
    let mut out = Vec::new();
    value.write_to(&mut out).unwrap();
    assert_eq!(out, [0, 1, 0, 2, 3, 0, 4, 0, 0, 5, 0, 6, 0, 7, 0, 8]);
    assert_eq!(FixedOuter::read_from(&mut &out[..]).unwrap(), value);
    let wire = FixedOuterWire::from(value.clone());
    assert_eq!(wire.other.0.to_bytes(), [3, 0]);
    assert_eq!(
        frame::encode_to_vec(&value, Config::legacy()).unwrap(),
        out,
        "framed in the container's order, whatever the configuration's"
    );
}

#[test]
fn const_generic_structs() {
    check_sample!(table);
}

#[test]
fn layouts_with_padding_packing_and_alignment() {
    let (tag, length, wide) = (7, 256, 2);
    check(
        &rt::WithPadding { tag, length, wide },
        &be::WithPadding { tag, length, wide },
        &le::WithPadding { tag, length, wide },
    );
    check(
        &rt::Packed { tag, length, wide },
        &be::Packed { tag, length, wide },
        &le::Packed { tag, length, wide },
    );
    check(
        &rt::Packed2 { tag, length },
        &be::Packed2 { tag, length },
        &le::Packed2 { tag, length },
    );
    check(
        &rt::Aligned { value: length },
        &be::Aligned { value: length },
        &le::Aligned { value: length },
    );
    check(
        &rt::LogicalPacked { tag, length },
        &be::LogicalPacked { tag, length },
        &le::LogicalPacked { tag, length },
    );
    assert_eq!(
        std::mem::size_of::<rt::WithPaddingWireBe>(),
        std::mem::size_of::<be::WithPaddingWire>()
    );
    assert_eq!(std::mem::size_of::<rt::PackedWireLe>(), 13);
    assert_eq!(std::mem::align_of::<rt::AlignedWireBe>(), 8);
}

#[test]
fn padding_free_structs_and_sections() {
    check_sample!(dense);
    check_sample!(section, 3);
    check_sample!(section_any_layout, 3);
    let p = rt::Point(1, 2);
    let (fb, fl) = (be::Point(1, 2), le::Point(1, 2));
    check(
        &rt::Framed2 { point: p, count: 3 },
        &be::Framed2 {
            point: fb,
            count: 3,
        },
        &le::Framed2 {
            point: fl,
            count: 3,
        },
    );
}

#[test]
fn text_fields() {
    check_sample!(texts);
    // Too long for its field: `InvalidInput`, nothing written.
    let mut out = vec![1];
    let long = rt::Texts {
        name: "abcde".into(),
        ..rt::texts()
    };
    let err = long.write_as(&mut out, Endian::Big).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    assert!(err.to_string().starts_with("Texts.name: "), "{err}");
    assert_eq!(out, [1]);
    let err = rt::Texts::write_all_as(&[rt::texts(), long], &mut out, Endian::Little).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    assert!(
        err.to_string().starts_with("Texts 1 has no wire form"),
        "{err}"
    );
}

#[test]
fn enums() {
    let (rt, be, le) = (rt::commands(), be::commands(), le::commands());
    for ((rt, be), le) in rt.iter().zip(&be).zip(&le) {
        check(rt, be, le);
    }
    check(
        &rt::Level::High(3),
        &be::Level::High(3),
        &le::Level::High(3),
    );
    check(&rt::Level::Low, &be::Level::Low, &le::Level::Low);
    check(&rt::Opcode::Write, &be::Opcode::Write, &le::Opcode::Write);
    assert_eq!(rt::LevelWireBe::default(), rt::LevelWireBe::Mid);
    // A table of values of different sizes, one after the other.
    let mut table = Vec::new();
    rt::Command::write_all_as(&rt, &mut table, Endian::Little).unwrap();
    assert_eq!(
        rt::Command::read_all_as(&table, Endian::Little).unwrap(),
        rt
    );
    // An unknown tag, and a value cut short, name their offset.
    let mut bad = table.clone();
    bad.push(8);
    let err = rt::Command::read_all_as(&bad, Endian::Little).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert_eq!(
        err.to_string(),
        format!(
            "Command at byte {}: invalid CommandWireLe: unknown tag 8 (0x8)",
            table.len()
        )
    );
    let err = rt::Command::read_all_as(&table[..table.len() - 1], Endian::Little).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::UnexpectedEof);
    assert!(err.to_string().contains("Command at byte 15"), "{err}");
}

#[test]
fn framing_only_types_take_the_configuration_order() {
    let (rt, be, le) = (rt::upload(), be::upload(), le::upload());
    for order in [Endian::Big, Endian::Little] {
        for config in configs(order) {
            let framed = frame::encode_to_vec(&rt, config).unwrap();
            let fixed = match order {
                Endian::Big => frame::encode_to_vec(&be, config).unwrap(),
                Endian::Little => frame::encode_to_vec(&le, config).unwrap(),
            };
            assert_eq!(framed, fixed, "{config:?}");
            let back: rt::Upload = frame::decode_from_slice_exact(&framed, config).unwrap();
            assert_eq!(back, rt);
        }
    }
    // The checksum is big-endian under every configuration.
    let framed = frame::encode_to_vec(&rt, Config::legacy()).unwrap();
    let end = framed.len() - 2 - 8; // before the tags: a u16 length and two u32s
    assert_eq!(
        &framed[end - 8..end],
        0x0102_0304_0506_0708u64.to_be_bytes()
    );
}

#[test]
fn unions_get_two_wire_types() {
    let be = rt::RegisterWireBe {
        word: u32be::new(0x0102_0304),
    };
    let le = rt::RegisterWireLe {
        word: u32le::new(0x0102_0304),
    };
    // SAFETY: both fields are plain wire integers of the same size.
    let (hb, hl) = unsafe { (be.halves, le.halves) };
    assert_eq!(hb.map(|h| h.get()), [0x0102, 0x0304]);
    assert_eq!(hl.map(|h| h.get()), [0x0304, 0x0102]);
}

/// Bytes that are not a value: the record, the field and the offset are named.
#[test]
fn invalid_records_name_their_offset() {
    let value = rt::dense();
    let mut table = Vec::new();
    rt::Dense::write_all_as(
        &[value.clone(), value.clone(), value],
        &mut table,
        Endian::Big,
    )
    .unwrap();
    let record = rt::DenseWireBe::WIRE_SIZE;
    let flag = 8 + 4 + 2;
    table[record + flag] = 2;
    let err = rt::Dense::read_all_as(&table, Endian::Big).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    let expected = format!(
        "invalid DenseWireBe: wire bytes 02 at offset {}",
        record + flag
    );
    assert_eq!(err.to_string(), expected);
    // Located the same in a table at an odd address (its `u64` fields misaligned).
    let mut shifted = vec![0u8; table.len() + 1];
    shifted[1..].copy_from_slice(&table);
    let err = rt::Dense::read_all_as(&shifted[1..], Endian::Big).unwrap_err();
    assert_eq!(err.to_string(), expected);
    let err = rt::Dense::view_all_as(&table, Endian::Big).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    table[record + flag] = 1;
    let initial = flag + 2;
    table[2 * record + initial..2 * record + initial + 4].copy_from_slice(&0xd800u32.to_be_bytes());
    let err = rt::Dense::read_all_as(&table, Endian::Big).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "invalid DenseWireBe: wire bytes 00 00 d8 00 at offset {}",
            2 * record + initial
        )
    );
    // A wire `char` that is not a scalar value, located in its array.
    let mut arrays = Vec::new();
    rt::arrays().write_as(&mut arrays, Endian::Little).unwrap();
    let at = 3 + 6 + 8 + 16 + 2 + 4;
    arrays[at..at + 4].copy_from_slice(&0xdc00u32.to_le_bytes());
    let err = rt::Arrays::read_as(&arrays, Endian::Little).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert_eq!(
        err.to_string(),
        format!(
            "invalid ArraysWireLe: [LittleEndianChar; 2] wire bytes 00 dc 00 00 at offset {at}"
        )
    );
    // Text the conversion refuses names the record and the field.
    let mut texts = Vec::new();
    rt::Texts::write_all_as(&[rt::texts(), rt::texts()], &mut texts, Endian::Little).unwrap();
    let record = rt::TextsWireLe::WIRE_SIZE;
    texts[record + 2] = 0xff;
    let err = rt::Texts::read_all_as(&texts, Endian::Little).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert!(
        err.to_string()
            .starts_with(&format!("Texts at byte {record}: Texts.name: ")),
        "{err}"
    );
}

/// Tables of every length through the whole-table paths (one copy, the lane shuffle, or
/// record by record by type) agree with reading record by record.
#[test]
fn whole_tables_agree_with_record_by_record() {
    let counts = if cfg!(miri) { 0..3 } else { 0..40 };
    for count in counts {
        let sections: Vec<rt::Section> = (0..count).map(rt::section).collect();
        let any: Vec<rt::SectionAnyLayout> = (0..count).map(rt::section_any_layout).collect();
        for order in [Endian::Big, Endian::Little] {
            let mut table = Vec::new();
            for s in &sections {
                s.write_as(&mut table, order).unwrap();
            }
            let mut whole = Vec::new();
            rt::Section::write_all_as(&sections, &mut whole, order).unwrap();
            assert_eq!(whole, table, "{count} in {order:?}");
            let mut whole = Vec::new();
            rt::SectionAnyLayout::write_all_as(&any, &mut whole, order).unwrap();
            assert_eq!(whole, table, "any layout, {count} in {order:?}");

            assert_eq!(rt::Section::read_all_as(&table, order).unwrap(), sections);
            assert_eq!(
                rt::SectionAnyLayout::read_all_as(&table, order).unwrap(),
                any
            );
            let one_by_one: Vec<rt::Section> = table
                .chunks(64)
                .map(|r| rt::Section::read_as(r, order).unwrap())
                .collect();
            assert_eq!(one_by_one, sections);

            // Viewed: borrowed in the host's order when aligned, converted otherwise.
            let mut aligned = vec![0u64; table.len() / 8];
            zerocopy::IntoBytes::as_mut_bytes(&mut aligned[..]).copy_from_slice(&table);
            let bytes = zerocopy::IntoBytes::as_bytes(&aligned[..]);
            let view = rt::Section::view_all_as(bytes, order).unwrap();
            if order == Endian::NATIVE && count > 0 {
                assert!(matches!(view, Cow::Borrowed(_)));
            }
            let expected: Vec<_> = sections.iter().map(native_wire).collect();
            assert_eq!(&*view, &expected[..]);
            // Misaligned by one byte: copied, the same values.
            let mut shifted = vec![0u8; table.len() + 1];
            shifted[1..].copy_from_slice(&table);
            let view = rt::Section::view_all_as(&shifted[1..], order).unwrap();
            assert_eq!(&*view, &expected[..]);
            let view = rt::SectionAnyLayout::view_all_as(&shifted[1..], order).unwrap();
            assert_eq!(view.len(), expected.len());
        }
    }
}

/// Which tables convert at once: the `#[repr(C)]` section header is one copy in the host's
/// order and one lane shuffle in the other; laid out as the compiler likes, or with text,
/// `char`, `bool` or padding, record by record (or the record permutation where the CPU has
/// one).
#[test]
fn tables_convert_at_once_where_the_layout_allows() {
    use endian_wire::derive_support::{table_read_path, table_view_path};
    let other = if NATIVE_BIG {
        Endian::Little
    } else {
        Endian::Big
    };
    assert_eq!(table_read_path::<rt::Section>(Endian::NATIVE), "copy");
    assert_eq!(table_view_path::<rt::Section>(Endian::NATIVE), "borrow");
    assert_eq!(table_view_path::<rt::Section>(other), "lanes");
    assert_eq!(table_view_path::<rt::SectionAnyLayout>(other), "lanes");
    assert_eq!(table_view_path::<rt::Dense>(other), "records");
    assert_eq!(table_read_path::<rt::Section>(other), "lanes");
    for order in [Endian::Big, Endian::Little] {
        assert_ne!(table_read_path::<rt::SectionAnyLayout>(order), "lanes");
        assert_eq!(table_read_path::<rt::Texts>(order), "records");
        assert_eq!(table_read_path::<rt::Dense>(order), "records");
        assert_eq!(table_read_path::<rt::AllPrimitives>(order), "records");
        assert_eq!(table_read_path::<rt::Command>(order), "records");
        let at_once = if order == Endian::NATIVE {
            "copy"
        } else {
            "lanes"
        };
        assert_eq!(table_read_path::<rt::Table<3>>(order), at_once);
        assert_eq!(table_read_path::<rt::Point>(order), at_once);
        assert_eq!(table_read_path::<rt::Framed2>(order), at_once);
    }
}

/// `Endian::NATIVE` is a copy: the same bytes as the host's own integers.
#[test]
fn native_order_is_the_hosts() {
    let s = rt::section(5);
    let mut out = Vec::new();
    s.write_as(&mut out, Endian::NATIVE).unwrap();
    assert_eq!(&out[..4], s.name.to_ne_bytes());
    assert_eq!(&out[8..16], s.flags.to_ne_bytes());
}

/// Any bytes, any order: a table reads the same whole as record by record (values, or the
/// same error at the same place), views agree with reads, and nothing panics.
fn any_bytes<R>(bytes: &[u8])
where
    R: RuntimeEndian + PartialEq + Debug,
    R::WireNative: PartialEq + Debug,
{
    for order in [Endian::Big, Endian::Little] {
        let whole = R::read_all_as(bytes, order);
        let view = R::view_all_as(bytes, order);
        match &whole {
            Ok(values) => {
                let view = view.expect("the view reads what the table reads");
                let native: Vec<_> = values.iter().map(native_wire).collect();
                assert_eq!(&*view, &native[..]);
                let mut out = Vec::new();
                R::write_all_as(values, &mut out, order).unwrap();
                assert_eq!(out, bytes, "a table read writes back the same bytes");
            }
            Err(e) => {
                let v = view.expect_err("the view refuses what the table refuses");
                assert_eq!(v.kind(), e.kind());
            }
        }
        let _ = R::read_as(bytes, order);
    }
}

proptest::proptest! {
    #[test]
    fn prop_any_bytes(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400)) {
        any_bytes::<rt::Section>(&bytes);
        any_bytes::<rt::SectionAnyLayout>(&bytes);
        any_bytes::<rt::Dense>(&bytes);
        any_bytes::<rt::Point>(&bytes);
        any_bytes::<rt::Arrays>(&bytes);
        any_bytes::<rt::FieldOrders>(&bytes);
        any_bytes::<rt::Opcode>(&bytes);
        let _ = rt::Texts::read_all_as(&bytes, Endian::Big);
        let _ = rt::Command::read_all_as(&bytes, Endian::Little);
    }
}
