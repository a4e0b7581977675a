//! A `simple_endian` 0.4.11 user switches by changing the crate name.
//!
//! `user_code!` is code written against simple_endian's API. It is compiled twice, once with
//! `se` = `simple_endian` and once with `se` = `endian_wire`, and its checks run against both.
//! Afterwards, differential tests compare the memory bytes the two crates produce.

macro_rules! user_code {
    ($is_simple_endian:expr) => {
        use se::*;
        use std::num::{NonZeroU32, Wrapping};

        #[repr(C)]
        pub struct BinPacket {
            pub a: u64be,
            pub b: u32be,
            pub c: f64le,
            pub d: u16le,
        }

        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Celsius(pub i16);

        impl SpecificEndian<Celsius> for Celsius {
            fn to_big_endian(&self) -> Self {
                Celsius(self.0.to_be())
            }
            fn to_little_endian(&self) -> Self {
                Celsius(self.0.to_le())
            }
            fn from_big_endian(&self) -> Self {
                Celsius(i16::from_be(self.0))
            }
            fn from_little_endian(&self) -> Self {
                Celsius(i16::from_le(self.0))
            }
        }

        /// Checks text decoded from fixed UTF-16/32 code units. simple_endian 0.4.11 stores
        /// native code units as if they were in the declared order, so on big-endian hosts
        /// (s390x) it decodes "hi" as "栀椀"; there only endian_wire's result is checked.
        fn code_units_text<E: std::fmt::Debug>(decoded: Result<String, E>, expected: &str) {
            if !($is_simple_endian && cfg!(target_endian = "big")) {
                assert_eq!(decoded.unwrap(), expected);
            }
        }

        fn generic_native<T: SpecificEndian<T>>(v: BigEndian<T>) -> T {
            v.to_native()
        }

        pub fn run() {
            let mut bp = BinPacket {
                a: 0xfe.into(),
                b: 10.into(),
                c: 9.345.into(),
                d: LittleEndian::from(7u16),
            };
            let new_a = bp.a.to_native() * 1234;
            bp.a = new_a.into();
            bp.b = 1234.into();
            bp.b += 1.into();
            assert_eq!(bp.a.to_native(), 0xfe * 1234);
            assert_eq!(bp.b, 1235.into());
            assert_eq!(u32::from(bp.b), 1235);
            assert_eq!(bp.c.to_native(), 9.345);
            assert_eq!(bp.d.to_native(), 7);

            // Raw bits, both directions.
            let raw = BigEndian::from_bits(0x0102u16.to_be());
            assert_eq!(raw.to_native(), 0x0102);
            assert_eq!(raw.to_bits(), 0x0102u16.to_be());
            let other: LittleEndian<u16> = raw.into();
            assert_eq!(other.to_native(), 0x0102);
            let back: BigEndian<u16> = BigEndian::from(other);
            assert_eq!(back, raw);

            // Operators with wrapper operands.
            let x: u32be = 100.into();
            let y: u32be = 7.into();
            assert_eq!((x + y).to_native(), 107);
            assert_eq!((x - y).to_native(), 93);
            assert_eq!((x * y).to_native(), 700);
            assert_eq!((x / y).to_native(), 14);
            assert_eq!((x & y).to_native(), 100 & 7);
            assert_eq!((x | y).to_native(), 100 | 7);
            assert_eq!((x ^ y).to_native(), 100 ^ 7);
            assert_eq!((!x).to_native(), !100);
            assert_eq!((x << u32be::from(2)).to_native(), 400);
            assert_eq!((x >> u32be::from(2)).to_native(), 25);
            let mut m = x;
            m -= y;
            m *= 2.into();
            m /= 3.into();
            m &= 0xff.into();
            m |= 1.into();
            m ^= 2.into();
            m <<= 1.into();
            m >>= 1.into();
            assert_eq!(m.to_native(), ((((93 * 2) / 3) & 0xff) | 1) ^ 2);
            let n: i64le = (-5).into();
            assert_eq!((-n).to_native(), 5);
            assert!(x > y);
            assert_eq!(x.max(y), x);
            assert_eq!(format!("{}", x), "100");
            assert_eq!(format!("{:x} {:X} {:o} {:b}", x, x, x, y), "64 64 144 111");
            let f: f32be = 1.5.into();
            assert_eq!(f32::from(f) * 2.0, 3.0);
            assert_eq!((f + f).to_native(), 3.0);

            // Every alias.
            let _: (
                u16be,
                u32be,
                u64be,
                u128be,
                usizebe,
                i16be,
                i32be,
                i64be,
                i128be,
                isizebe,
            ) = (
                1.into(),
                1.into(),
                1.into(),
                1.into(),
                1.into(),
                1.into(),
                1.into(),
                1.into(),
                1.into(),
                1.into(),
            );
            let _: (
                u16le,
                u32le,
                u64le,
                u128le,
                usizele,
                i16le,
                i32le,
                i64le,
                i128le,
                isizele,
            ) = (
                1.into(),
                1.into(),
                1.into(),
                1.into(),
                1.into(),
                1.into(),
                1.into(),
                1.into(),
                1.into(),
                1.into(),
            );
            let _: (f32be, f64be, f32le, f64le) = (1.0.into(), 1.0.into(), 1.0.into(), 1.0.into());
            let nz: nzu32be = NonZeroU32::new(9).unwrap().into();
            assert_eq!(nz.to_native().get(), 9);
            let w: BigEndian<Wrapping<u16>> = Wrapping(3u16).into();
            assert_eq!(w.to_native(), Wrapping(3));
            let t: LittleEndian<(u16, u32)> = (1u16, 2u32).into();
            assert_eq!(t.to_native(), (1, 2));
            // A wrapped tuple on the wire: simple_endian's number form, the tuple's size.
            {
                let mut out = Vec::new();
                write_specific(&mut out, &BigEndian::from((0x0102u16, 0x0304_0506u32))).unwrap();
                write_specific(&mut out, &LittleEndian::from((0x0102u16, 0x0304_0506u32))).unwrap();
                assert_eq!(out, [0, 0, 1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1, 0, 0]);
                let mut input = &out[..];
                let back: BigEndian<(u16, u32)> = read_specific(&mut input).unwrap();
                assert_eq!(back.to_native(), (0x0102, 0x0304_0506));
            }
            let byte: BigEndian<u8> = 5u8.into();
            assert_eq!(byte.to_native(), 5);
            let flag: LittleEndian<bool> = true.into();
            assert!(flag.to_native());

            // Users' own SpecificEndian types.
            let temp: BigEndian<Celsius> = Celsius(-40).into();
            assert_eq!(temp.to_native(), Celsius(-40));
            assert_eq!(generic_native(temp), Celsius(-40));
            assert!(matches!(
                temp.to_native().endian(),
                Endian::Big | Endian::Little
            ));
            assert_eq!(SimpleEndian::to_big_endian(7u8), 7);
            assert_eq!(SpecificEndian::from_big_endian(&0x0100u16.to_be()), 0x0100);

            // Text types.
            let name = FixedUtf8NullPadded::<8>::try_from("disk").unwrap();
            assert_eq!(String::try_from(&name).unwrap(), "disk");
            let label = FixedUtf8SpacePadded::<8>::try_from(String::from("x")).unwrap();
            assert_eq!(String::try_from(&label).unwrap(), "x");
            assert!(FixedUtf8NullPadded::<2>::try_from("long").is_err());
            let u16s = FixedUtf16LeCodeUnits::<2>::try_from("hi").unwrap();
            code_units_text(String::try_from(&u16s), "hi");
            let padded = FixedUtf16BeSpacePadded::<6>::try_from("ok").unwrap();
            code_units_text(String::try_from(&padded), "ok");
            let padded = FixedUtf16LeNullPadded::<6>::try_from("ok").unwrap();
            code_units_text(String::try_from(&padded), "ok");
            let packed = FixedUtf32LePacked::<2>::try_from("ok").unwrap();
            code_units_text(String::try_from(&packed), "ok");
            let wrapped: BigEndian<FixedUtf16CodeUnits<2>> = "hi".try_into().unwrap();
            code_units_text(String::try_from(&wrapped.to_native()), "hi");
            let s16 = Utf16StringBE::from("wide");
            assert_eq!(String::try_from(&s16).unwrap(), "wide");
            let s32 = Utf32StringLE::from("wide");
            assert_eq!(String::try_from(&s32).unwrap(), "wide");
            let view: Utf16StrBE<'_> = Utf16StrBE::from(&s16.0[..2]);
            assert_eq!(String::try_from(view).unwrap(), "wi");
            let cps = FixedCodepointString::<3>::try_from("abc").unwrap();
            assert_eq!(String::from(&cps), "abc");
            assert_eq!(cps.as_chars(), &['a', 'b', 'c']);
            assert!(FixedCodepointString::<2>::try_from("abc").is_err());
        }
    };
}

/// Derived types in simple_endian's style: a packed logical struct (its wire type is packed
/// too), a tuple field, `no_std` IO on the logical type.
macro_rules! derive_user_code {
    () => {
        use core::mem::size_of;
        use se::Endianize;

        /// A PNG `IHDR` chunk body: 13 bytes, packed.
        #[derive(Endianize, Debug, Clone, Copy)]
        #[endian(be)]
        #[repr(C, packed)]
        pub struct Ihdr {
            pub width: u32,
            pub height: u32,
            pub bit_depth: u8,
            pub color_type: u8,
            pub compression: u8,
            pub filter: u8,
            pub interlace: u8,
        }

        #[derive(Endianize, Debug, Clone, Copy, PartialEq)]
        #[endian(le)]
        #[repr(C)]
        pub struct WithTuple {
            pub a: u8,
            pub pair: (u16, u32),
            pub c: u8,
        }

        /// A 640 x 480 RGB header.
        pub fn header() -> Ihdr {
            Ihdr {
                width: 640,
                height: 480,
                bit_depth: 8,
                color_type: 2,
                compression: 0,
                filter: 0,
                interlace: 0,
            }
        }

        pub fn run() {
            assert_eq!(size_of::<Ihdr>(), 13);
            assert_eq!(size_of::<IhdrWire>(), 13);
            let header = header();
            let wire = IhdrWire::from(header);
            let back = Ihdr::from(wire);
            assert_eq!(
                ({ back.width }, { back.height }, back.bit_depth),
                (640, 480, 8)
            );

            assert_eq!(size_of::<WithTuple>(), size_of::<WithTupleWire>());
            assert_eq!(
                core::mem::align_of::<WithTuple>(),
                core::mem::align_of::<WithTupleWire>()
            );
        }
    };
}

mod with_simple_endian {
    use simple_endian as se;
    user_code!(true);

    pub mod derived {
        use simple_endian as se;
        derive_user_code!();
    }
}

mod with_endian_wire {
    use endian_wire as se;
    user_code!(false);

    pub mod derived {
        use endian_wire as se;
        derive_user_code!();

        /// A tuple as the last field (zerocopy's `KnownLayout` is then left off the wire type).
        #[derive(Endianize, Debug, Clone, Copy, PartialEq)]
        #[endian(be)]
        pub struct TupleLast {
            pub tag: u8,
            pub pair: (u16, char),
        }

        /// What endian_wire adds: `no_std` IO on the logical type without naming the wire
        /// type; the tuple field converts both ways and its wire image is its elements back to
        /// back (2 + 4 bytes, no padding).
        pub fn run_more() {
            use se::FromSlice;
            let header = header();
            let mut bytes = Vec::new();
            header.write_to_extend(&mut bytes).unwrap();
            assert_eq!(&bytes[..9], &[0, 0, 2, 0x80, 0, 0, 1, 0xe0, 8]);
            let read = Ihdr::read_from_slice(&bytes).unwrap();
            assert_eq!(({ read.width }, read.color_type), (640, 2));

            let value = WithTuple {
                a: 1,
                pair: (0x0203, 0x0405_0607),
                c: 8,
            };
            let wire = WithTupleWire::from(value);
            assert_eq!(wire.pair.1.to_native(), 0x0405_0607);
            assert_eq!(WithTuple::from(wire), value);
            let mut bytes = Vec::new();
            value.write_to_extend(&mut bytes).unwrap();
            assert_eq!(bytes, [1, 3, 2, 7, 6, 5, 4, 8]);
            assert_eq!(WithTuple::read_from_slice(&bytes).unwrap(), value);
            assert_eq!(
                WithTuple::read_from_slice(&bytes[..7]),
                Err("unexpected end of input")
            );
            let last = TupleLast {
                tag: 9,
                pair: (1, 'é'),
            };
            let mut bytes = Vec::new();
            last.write_to_extend(&mut bytes).unwrap();
            assert_eq!(bytes, [9, 0, 1, 0, 0, 0, 0xe9]);
            assert_eq!(TupleLast::read_from_slice(&bytes).unwrap(), last);
            // A surrogate where the char goes is refused.
            assert!(TupleLast::read_from_slice(&[9, 0, 1, 0, 0, 0xd8, 0]).is_err());
        }
    }
}

#[test]
fn user_code_runs_against_simple_endian() {
    with_simple_endian::run();
}

#[test]
fn user_code_runs_against_endian_wire() {
    with_endian_wire::run();
}

#[test]
fn derived_user_code_runs_against_both() {
    with_simple_endian::derived::run();
    with_endian_wire::derived::run();
    with_endian_wire::derived::run_more();
}

/// Raw memory bytes of a value (simple_endian's types have no zerocopy impls to ask).
fn memory<T: ?Sized>(v: &T) -> Vec<u8> {
    // SAFETY: every value compared here is made of primitive wrappers with no padding, so all
    // `size_of_val(v)` bytes behind `v` are initialised, and the slice lives no longer than `v`.
    unsafe { std::slice::from_raw_parts(v as *const T as *const u8, std::mem::size_of_val(v)) }
        .to_vec()
}

macro_rules! same_memory {
    ($($t:ty: $v:expr),* $(,)?) => {$(
        let v: $t = $v;
        assert_eq!(
            memory(&endian_wire::BigEndian::<$t>::from(v)),
            memory(&simple_endian::BigEndian::<$t>::from(v)),
            "BigEndian<{}>({:?})", stringify!($t), v
        );
        assert_eq!(
            memory(&endian_wire::LittleEndian::<$t>::from(v)),
            memory(&simple_endian::LittleEndian::<$t>::from(v)),
            "LittleEndian<{}>({:?})", stringify!($t), v
        );
    )*};
}

#[test]
fn same_memory_bytes_as_simple_endian() {
    for seed in [
        0u128,
        1,
        0x0102_0304_0506_0708_090a_0b0c_0d0e_0f10,
        u128::MAX / 3,
    ] {
        same_memory! {
            u8: seed as u8, u16: seed as u16, u32: seed as u32, u64: seed as u64, u128: seed,
            usize: seed as usize, i8: seed as i8, i16: seed as i16, i32: seed as i32,
            i64: seed as i64, i128: seed as i128, isize: seed as isize,
            f32: seed as f32 * 0.5, f64: -(seed as f64),
            bool: seed % 2 == 1,
            std::num::Wrapping<u32>: std::num::Wrapping(seed as u32),
        }
    }
    let nz = std::num::NonZeroU64::new(0x0a0b_0c0d).unwrap();
    same_memory!(std::num::NonZeroU64: nz);
}

#[test]
fn same_text_bytes_where_simple_endian_is_correct() {
    // UTF-8 has no byte order; simple_endian's little-endian UTF-16/32 types are correct on
    // little-endian hosts (its big-endian ones are not: see tests/text.rs).
    let ours = endian_wire::FixedUtf8NullPadded::<8>::try_from("naïve").unwrap();
    let theirs = simple_endian::FixedUtf8NullPadded::<8>::try_from("naïve").unwrap();
    assert_eq!(memory(&ours), memory(&theirs));
    let ours = endian_wire::FixedUtf8SpacePadded::<8>::try_from("abc").unwrap();
    let theirs = simple_endian::FixedUtf8SpacePadded::<8>::try_from("abc").unwrap();
    assert_eq!(memory(&ours), memory(&theirs));
    if cfg!(target_endian = "little") {
        let ours = endian_wire::FixedUtf16LeNullPadded::<6>::try_from("héllo").unwrap();
        let theirs = simple_endian::FixedUtf16LeNullPadded::<6>::try_from("héllo").unwrap();
        assert_eq!(memory(&ours), memory(&theirs));
        let ours = endian_wire::FixedUtf32LeSpacePadded::<6>::try_from("😀x").unwrap();
        let theirs = simple_endian::FixedUtf32LeSpacePadded::<6>::try_from("😀x").unwrap();
        assert_eq!(memory(&ours), memory(&theirs));
    }
    // Both orders of the growable strings convert through native values in both crates.
    let ours = endian_wire::Utf16StringBE::from("wire");
    let theirs = simple_endian::Utf16StringBE::from("wire");
    assert_eq!(memory(&ours.0[..]), memory(&theirs.0[..]));
}
