//! The wrappers: exact memory bytes on every host, conversions, operators against native
//! results, and the equality / ordering / hashing contract.

use core::num::{NonZeroI16, NonZeroU32, NonZeroU128, Saturating, Wrapping};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::mem::{align_of, size_of};

use endian_wire::zerocopy::{FromBytes, IntoBytes};
use endian_wire::*;
use proptest::prelude::*;

/// The raw memory bytes of any value (what a `#[repr(C)]` struct would put on the wire).
fn memory<T: IntoBytes + zerocopy::Immutable>(v: &T) -> Vec<u8> {
    v.as_bytes().to_vec()
}

#[test]
fn pinned_bytes_integers() {
    assert_eq!(memory(&u16be::new(0x1122)), [0x11, 0x22]);
    assert_eq!(memory(&u16le::new(0x1122)), [0x22, 0x11]);
    assert_eq!(memory(&u32be::new(0x1122_3344)), [0x11, 0x22, 0x33, 0x44]);
    assert_eq!(memory(&u32le::new(0x1122_3344)), [0x44, 0x33, 0x22, 0x11]);
    assert_eq!(
        memory(&u64be::new(0x0102_0304_0506_0708)),
        [1, 2, 3, 4, 5, 6, 7, 8]
    );
    assert_eq!(
        memory(&u64le::new(0x0102_0304_0506_0708)),
        [8, 7, 6, 5, 4, 3, 2, 1]
    );
    let wide = 0x0102_0304_0506_0708_090a_0b0c_0d0e_0f10u128;
    assert_eq!(memory(&u128be::new(wide)), (1..=16).collect::<Vec<u8>>());
    assert_eq!(
        memory(&u128le::new(wide)),
        (1..=16).rev().collect::<Vec<u8>>()
    );
    assert_eq!(memory(&i16be::new(-2)), [0xff, 0xfe]);
    assert_eq!(memory(&i32le::new(-200)), [0x38, 0xff, 0xff, 0xff]);
    assert_eq!(memory(&i64be::new(-1)), [0xff; 8]);
    assert_eq!(memory(&i128le::new(1)), {
        let mut v = vec![0u8; 16];
        v[0] = 1;
        v
    });
    assert_eq!(memory(&u8be::new(0xab)), [0xab]);
    assert_eq!(memory(&i8le::new(-1)), [0xff]);
    assert_eq!(
        usizebe::new(0x0102).to_bytes()[size_of::<usize>() - 2..],
        [1, 2]
    );
    assert_eq!(isizele::new(-2).to_bytes()[0], 0xfe);
}

#[test]
fn pinned_bytes_floats_bool_nonzero() {
    assert_eq!(memory(&f32be::new(1.0)), [0x3f, 0x80, 0, 0]);
    assert_eq!(memory(&f32le::new(1.0)), [0, 0, 0x80, 0x3f]);
    assert_eq!(memory(&f64be::new(-2.5)), [0xc0, 0x04, 0, 0, 0, 0, 0, 0]);
    assert_eq!(memory(&f64le::new(-2.5)), [0, 0, 0, 0, 0, 0, 0x04, 0xc0]);
    assert_eq!(BigEndian::<bool>::new(true).to_bytes(), [1]);
    assert_eq!(LittleEndian::<bool>::new(false).to_bytes(), [0]);
    let nz = NonZeroU32::new(0x0a0b_0c0d).unwrap();
    assert_eq!(nzu32be::new(nz).to_bytes(), [0x0a, 0x0b, 0x0c, 0x0d]);
    assert_eq!(nzu32le::new(nz).to_bytes(), [0x0d, 0x0c, 0x0b, 0x0a]);
    assert_eq!(nzu32be::new(nz).get(), nz);
    assert_eq!(nzu32le::from_bytes([0; 4]), None);
    assert_eq!(
        nzu32le::from_bytes([0x0d, 0x0c, 0x0b, 0x0a]).map(|v| v.get()),
        Some(nz)
    );
    assert_eq!(BigEndian::<bool>::from_bytes([2]), None);
    assert_eq!(
        BigEndian::<bool>::from_bytes([1]).map(|b| b.get()),
        Some(true)
    );
}

#[test]
fn const_construction() {
    const MAGIC: u32be = u32be::new(0xCAFE_BABE);
    const PI: f64le = f64le::new(core::f64::consts::PI);
    const NZ: nzu16be = nzu16be::new(match core::num::NonZeroU16::new(7) {
        Some(v) => v,
        None => unreachable!(),
    });
    const MAGIC_NATIVE: u32 = MAGIC.get();
    const FROM_BYTES: u16le = u16le::from_bytes([0x34, 0x12]);
    assert_eq!(MAGIC.to_bytes(), [0xCA, 0xFE, 0xBA, 0xBE]);
    assert_eq!(MAGIC_NATIVE, 0xCAFE_BABE);
    assert_eq!(PI.get(), core::f64::consts::PI);
    assert_eq!(NZ.get().get(), 7);
    assert_eq!(FROM_BYTES.get(), 0x1234);
    assert_eq!(u32be::MAX.get(), u32::MAX);
    assert_eq!(i16le::MIN.get(), i16::MIN);
    assert_eq!(u64be::ZERO.get(), 0);
}

#[test]
fn layout_matches_t() {
    macro_rules! same_layout {
        ($($t:ty),*) => {$(
            assert_eq!(size_of::<BigEndian<$t>>(), size_of::<$t>());
            assert_eq!(align_of::<BigEndian<$t>>(), align_of::<$t>());
            assert_eq!(size_of::<LittleEndian<$t>>(), size_of::<$t>());
            assert_eq!(align_of::<LittleEndian<$t>>(), align_of::<$t>());
        )*};
    }
    same_layout!(
        u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64, bool
    );
    same_layout!(NonZeroU32, Wrapping<u16>, (u8, u32));
    // NonZero keeps its niche through the wrapper? No: the wrapper is transparent, so it does.
    assert_eq!(size_of::<Option<nzu64be>>(), size_of::<u64>());
}

#[test]
fn conversions_and_accessors() {
    let v: u32be = 0x1234_5678.into();
    assert_eq!(v.to_native(), 0x1234_5678);
    assert_eq!(u32::from(v), 0x1234_5678);
    assert_eq!(v.to_bits(), 0x1234_5678u32.to_be());
    assert_eq!(u32be::from_bits(0x1234_5678u32.to_be()), v);
    let le = u32le::from(v);
    assert_eq!(le.get(), 0x1234_5678);
    assert_eq!(u32be::from(le), v);
    let mut m = u16le::new(1);
    m.set(500);
    assert_eq!(m.get(), 500);
    m.set_native(600);
    assert_eq!(m.get(), 600);
    assert_eq!(f32::from(f32be::new(1.5)), 1.5);
    assert!(bool::from(BigEndian::from(true)));
    let w: Wrapping<u64> = BigEndian::from(Wrapping(9u64)).into();
    assert_eq!(w, Wrapping(9));
    let s: Saturating<i32> = LittleEndian::from(Saturating(-4i32)).into();
    assert_eq!(s, Saturating(-4));
    assert_eq!(
        NonZeroI16::from(BigEndian::from(NonZeroI16::new(-3).unwrap())).get(),
        -3
    );
    assert_eq!(
        u128le::from(NonZeroU128::new(5).unwrap().get()).get(),
        5,
        "u128 through From"
    );
    assert_eq!(u32be::default().get(), 0);
}

#[test]
fn tuples_convert_element_wise() {
    let t: BigEndian<(u16, u32, u8)> = (0x0102, 0x0304_0506, 7).into();
    assert_eq!(t.to_bits(), (0x0102u16.to_be(), 0x0304_0506u32.to_be(), 7));
    assert_eq!(t.to_native(), (0x0102, 0x0304_0506, 7));
    type Twelve = (u8, u16, u32, u64, i8, i16, i32, i64, f32, f64, u128, i128);
    let t12: LittleEndian<Twelve> = (1, 2, 3, 4, -5, -6, -7, -8, 9.0, 10.0, 11, -12).into();
    assert_eq!(
        t12.to_native(),
        (1, 2, 3, 4, -5, -6, -7, -8, 9.0, 10.0, 11, -12)
    );
}

/// A byte buffer aligned for any wrapper up to 8 bytes wide.
#[repr(C, align(8))]
struct Aligned<const N: usize>([u8; N]);

#[test]
fn zerocopy_views_without_unsafe() {
    let buf = Aligned([0u8, 1, 0, 2, 0, 3, 0, 4, 0]);
    let bytes = &buf.0[..8];
    let words = <[u16be]>::ref_from_bytes(bytes).unwrap();
    assert_eq!(
        words.iter().map(|w| w.get()).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    assert_eq!(words.as_bytes(), bytes);
    // A view needs the alignment of the wrapped type: an odd offset is refused, not UB.
    assert!(<[u16be]>::ref_from_bytes(&buf.0[1..9]).is_err());
    // Copying reads need no alignment.
    assert_eq!(u16be::read_from_bytes(&buf.0[1..3]).unwrap().get(), 0x0100);
    // Single-byte wrappers are `Unaligned`: views work at any offset.
    let single = u8be::ref_from_bytes(&buf.0[1..2]).unwrap();
    assert_eq!(single.get(), 1);
    let mut out = Aligned([0u8; 8]);
    let slot = u64le::mut_from_bytes(&mut out.0).unwrap();
    slot.set(0x0807_0605_0403_0201);
    assert_eq!(out.0, [1, 2, 3, 4, 5, 6, 7, 8]);
}

#[test]
fn float_equality_is_by_value() {
    let zero = f64be::new(0.0);
    let neg_zero = f64be::new(-0.0);
    assert_eq!(zero, neg_zero, "0.0 == -0.0 as for f64");
    let nan = f32le::new(f32::NAN);
    assert_ne!(nan, nan, "NaN != NaN as for f32");
    assert!(f64be::new(-1.0) < f64be::new(0.5));
    // Every non-NaN value equals itself, including those whose swapped bits would be NaN.
    for bits in [0x0000_807fu32, 0x0000_c0ff, 0x0100_807f, 0xffff_ffff] {
        let v = f32::from_bits(bits);
        if !v.is_nan() {
            let w = f32be::new(v);
            assert_eq!(w, w, "{bits:#x}");
        }
    }
}

#[test]
fn shifts() {
    let v = u32be::new(1);
    assert_eq!((v << u32be::new(4)).get(), 16);
    assert_eq!(v.wrapping_shl(35).get(), 8);
    assert_eq!(v.checked_shl(32), None);
    let mut m = i64le::new(-64);
    m >>= i64le::new(2);
    assert_eq!(m.get(), -16);
    m <<= i64le::new(1);
    assert_eq!(m.get(), -32);
    assert_eq!(m.wrapping_shr(1).get(), -16);
}

#[test]
fn bit_queries() {
    let v = u32be::new(0b1011_0000);
    assert_eq!(v.count_ones(), 3);
    assert_eq!(v.count_zeros(), 29);
    assert_eq!(v.trailing_zeros(), 4);
    assert_eq!(v.leading_zeros(), 24);
}

#[test]
fn formatting_honours_flags() {
    let v = u32be::new(255);
    assert_eq!(format!("{v}"), "255");
    assert_eq!(format!("{v:>6}"), "   255");
    assert_eq!(format!("{v:*<6}"), "255***");
    assert_eq!(format!("{v:^7}"), "  255  ");
    assert_eq!(format!("{v:+}"), "+255");
    assert_eq!(format!("{v:#x}"), "0xff");
    assert_eq!(format!("{v:#06X}"), "0x00FF");
    assert_eq!(format!("{v:o}"), "377");
    assert_eq!(format!("{v:#b}"), "0b11111111");
    assert_eq!(format!("{v:?}"), "255");
    assert_eq!(format!("{v:5?}"), "  255");
    let f = f64le::new(1234.5678);
    assert_eq!(format!("{f:.2}"), "1234.57");
    assert_eq!(format!("{f:10.1}"), "    1234.6");
    assert_eq!(format!("{f:e}"), "1.2345678e3");
    assert_eq!(format!("{f:E}"), "1.2345678E3");
    assert_eq!(format!("{:?}", i16be::new(-5)), "-5");
}

fn hash_of<T: Hash>(v: &T) -> u64 {
    let mut h = DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}

/// Runs the same checks for one primitive in both orders.
macro_rules! integer_properties {
    ($($name:ident: $t:ty),* $(,)?) => {$(
        mod $name {
            use super::*;

            proptest! {
                #[test]
                fn round_trip(v: $t) {
                    prop_assert_eq!(BigEndian::<$t>::new(v).get(), v);
                    prop_assert_eq!(LittleEndian::<$t>::new(v).get(), v);
                    prop_assert_eq!(BigEndian::<$t>::from(v).to_bytes(), v.to_be_bytes());
                    prop_assert_eq!(LittleEndian::<$t>::from(v).to_bytes(), v.to_le_bytes());
                    prop_assert_eq!(BigEndian::<$t>::from_bytes(v.to_be_bytes()).get(), v);
                    prop_assert_eq!(LittleEndian::<$t>::from_bytes(v.to_le_bytes()).get(), v);
                    prop_assert_eq!(BigEndian::from(LittleEndian::<$t>::new(v)).get(), v);
                }

                #[test]
                fn operators_match_native(a: $t, b: $t, s in 0u32..<$t>::BITS) {
                    let (ba, bb) = (BigEndian::<$t>::new(a), BigEndian::<$t>::new(b));
                    let (la, lb) = (LittleEndian::<$t>::new(a), LittleEndian::<$t>::new(b));
                    if let Some(r) = a.checked_add(b) {
                        prop_assert_eq!((ba + bb).get(), r);
                        prop_assert_eq!((la + lb).get(), r);
                    }
                    if let Some(r) = a.checked_sub(b) {
                        prop_assert_eq!((ba - bb).get(), r);
                        prop_assert_eq!((la - lb).get(), r);
                    }
                    if let Some(r) = a.checked_mul(b) {
                        prop_assert_eq!((ba * bb).get(), r);
                        prop_assert_eq!((la * lb).get(), r);
                    }
                    if let Some(r) = a.checked_div(b) {
                        prop_assert_eq!((ba / bb).get(), r);
                        prop_assert_eq!((la % lb).get(), a.checked_rem(b).unwrap());
                        let _ = r;
                    }
                    prop_assert_eq!((ba & bb).get(), a & b);
                    prop_assert_eq!((la | lb).get(), a | b);
                    prop_assert_eq!((ba ^ bb).get(), a ^ b);
                    prop_assert_eq!((!la).get(), !a);
                    let count = s as $t;
                    prop_assert_eq!((ba << BigEndian::<$t>::new(count)).get(), a << count);
                    prop_assert_eq!((la >> LittleEndian::<$t>::new(count)).get(), a >> count);
                    prop_assert_eq!(la.wrapping_shl(s).get(), a.wrapping_shl(s));
                    prop_assert_eq!(ba.checked_add(b).map(|v| v.get()), a.checked_add(b));
                    prop_assert_eq!(la.checked_mul(b).map(|v| v.get()), a.checked_mul(b));
                    prop_assert_eq!(ba.wrapping_sub(b).get(), a.wrapping_sub(b));
                    prop_assert_eq!(la.saturating_add(b).get(), a.saturating_add(b));
                    prop_assert_eq!(ba.count_ones(), a.count_ones());
                    prop_assert_eq!(la.leading_zeros(), a.leading_zeros());
                    let mut m = ba;
                    m ^= bb;
                    prop_assert_eq!(m.get(), a ^ b);
                }

                #[test]
                fn comparisons_match_native(a: $t, b: $t) {
                    let (ba, bb) = (BigEndian::<$t>::new(a), BigEndian::<$t>::new(b));
                    let (la, lb) = (LittleEndian::<$t>::new(a), LittleEndian::<$t>::new(b));
                    prop_assert_eq!(ba == bb, a == b);
                    prop_assert_eq!(ba.cmp(&bb), a.cmp(&b));
                    prop_assert_eq!(la.cmp(&lb), a.cmp(&b));
                    prop_assert_eq!(la.partial_cmp(&lb), a.partial_cmp(&b));
                    prop_assert_eq!(hash_of(&ba), hash_of(&a));
                    prop_assert_eq!(hash_of(&la), hash_of(&a));
                    prop_assert_eq!(format!("{ba:>+12x}|{la:#o}|{ba:?}"), format!("{a:>+12x}|{a:#o}|{a:?}"));
                }
            }
        }
    )*};
}

integer_properties! {
    prop_u8: u8, prop_u16: u16, prop_u32: u32, prop_u64: u64, prop_u128: u128, prop_usize: usize,
    prop_i8: i8, prop_i16: i16, prop_i32: i32, prop_i64: i64, prop_i128: i128, prop_isize: isize,
}

macro_rules! float_properties {
    ($($name:ident: $t:ty),*) => {$(
        proptest! {
            #[test]
            fn $name(a: $t, b: $t) {
                let (ba, bb) = (BigEndian::<$t>::new(a), BigEndian::<$t>::new(b));
                let (la, lb) = (LittleEndian::<$t>::new(a), LittleEndian::<$t>::new(b));
                prop_assert_eq!(ba.get().to_bits(), a.to_bits());
                prop_assert_eq!(la.get().to_bits(), a.to_bits());
                prop_assert_eq!(ba.to_bytes(), a.to_be_bytes());
                prop_assert_eq!(la.to_bytes(), a.to_le_bytes());
                prop_assert_eq!(ba == bb, a == b);
                prop_assert_eq!(la == la, a == a);
                prop_assert_eq!(ba.partial_cmp(&bb), a.partial_cmp(&b));
                prop_assert_eq!((ba + bb).get().to_bits(), (a + b).to_bits());
                prop_assert_eq!((la * lb).get().to_bits(), (a * b).to_bits());
                prop_assert_eq!((-la).get().to_bits(), (-a).to_bits());
                prop_assert_eq!(format!("{ba:10.3}|{la:e}"), format!("{a:10.3}|{a:e}"));
            }
        }
    )*};
}
float_properties!(prop_f32: f32, prop_f64: f64);

#[test]
fn wire_chars() {
    let a = charbe::new('a');
    let z = charle::new('z');
    assert_eq!(charle::from(a), charle::new('a'));
    assert_eq!(charbe::from(z).to_bytes(), [0, 0, 0, b'z']);
    // Ordered by scalar value in both byte orders (little-endian bytes sort differently).
    assert!(charle::new('\u{100}') > charle::new('\u{ff}'));
    assert!(charbe::new('\u{100}') > charbe::new('\u{ff}'));
    assert_eq!(charbe::default().to_char(), Some('\0'));
    assert_eq!(format!("{a} {a:?} {z:>3}"), "a BigEndianChar('a')   z");
    let bad = charbe::from_scalar(0x11_0000);
    assert!(!bad.is_valid());
    assert_eq!(bad.scalar(), 0x11_0000);
    assert_eq!(
        format!("{bad} {bad:?}"),
        "\u{fffd} BigEndianChar(invalid 0x110000)"
    );
    const C: charle = charle::new('é');
    assert_eq!(C.to_bytes(), [0xe9, 0, 0, 0]);
    assert_eq!(char::try_from(C), Ok('é'));
}
