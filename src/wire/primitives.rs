//! `const` constructors, byte access and checked arithmetic for the primitive wrappers.
//!
//! These exist per primitive (not for every `T`) because trait methods cannot be called in
//! `const fn` yet, and because byte arrays need a concrete width.

use core::mem::size_of;
use core::num::{
    NonZeroI8, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI128, NonZeroIsize, NonZeroU8,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU128, NonZeroUsize, Saturating, Wrapping,
};

use super::specific::swapped_nonzero;
use super::{BigEndian, LittleEndian};

/// The `checked_*`, `wrapping_*` and `saturating_*` methods: native right-hand side, result in
/// this wrapper's order.
macro_rules! arith_methods {
    ($t:ty; checked: $($c:ident)*; plain: $($p:ident)*) => {
        $(
            #[doc = concat!("[`", stringify!($t), "::", stringify!($c), "`] on the held value; `None` where it is.")]
            #[inline]
            #[must_use]
            pub const fn $c(self, rhs: $t) -> Option<Self> {
                match self.get().$c(rhs) {
                    Some(v) => Some(Self::new(v)),
                    None => None,
                }
            }
        )*
        $(
            #[doc = concat!("[`", stringify!($t), "::", stringify!($p), "`] on the held value.")]
            #[inline]
            #[must_use]
            pub const fn $p(self, rhs: $t) -> Self {
                Self::new(self.get().$p(rhs))
            }
        )*
    };
}

macro_rules! integer_impls {
    ($W:ident, $to:ident, $from:ident; $($t:ty),*) => {$(
        impl $W<$t> {
            #[doc = concat!("The smallest value, [`", stringify!($t), "::MIN`].")]
            pub const MIN: Self = Self::new(<$t>::MIN);
            #[doc = concat!("The largest value, [`", stringify!($t), "::MAX`].")]
            pub const MAX: Self = Self::new(<$t>::MAX);
            /// Zero.
            pub const ZERO: Self = Self::new(0);

            /// Wraps a native value, converting it to this byte order (usable in `const`).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn new(value: $t) -> Self {
                Self::from_bits(value.$to())
            }

            /// Returns the native value (usable in `const`).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn get(self) -> $t {
                <$t>::$from(self.to_bits())
            }

            /// Replaces the held value with `value` (native order).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            pub const fn set(&mut self, value: $t) {
                *self = Self::new(value);
            }

            /// The wire bytes: the bytes of this value in memory.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn to_bytes(self) -> [u8; size_of::<$t>()] {
                self.to_bits().to_ne_bytes()
            }

            /// Takes wire bytes as they are (they already are in this order).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn from_bytes(bytes: [u8; size_of::<$t>()]) -> Self {
                Self::from_bits(<$t>::from_ne_bytes(bytes))
            }

            /// Number of one bits (needs no byte swap).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn count_ones(self) -> u32 {
                self.to_bits().count_ones()
            }

            /// Number of zero bits (needs no byte swap).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn count_zeros(self) -> u32 {
                self.to_bits().count_zeros()
            }

            /// Number of leading zero bits of the native value.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn leading_zeros(self) -> u32 {
                self.get().leading_zeros()
            }

            /// Number of trailing zero bits of the native value.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn trailing_zeros(self) -> u32 {
                self.get().trailing_zeros()
            }

            arith_methods!($t;
                checked: checked_add checked_sub checked_mul checked_div checked_rem;
                plain: wrapping_add wrapping_sub wrapping_mul saturating_add saturating_sub saturating_mul);

            /// `checked_shl` on the held value.
            #[inline]
            #[must_use]
            pub const fn checked_shl(self, rhs: u32) -> Option<Self> {
                match self.get().checked_shl(rhs) {
                    Some(v) => Some(Self::new(v)),
                    None => None,
                }
            }

            /// `wrapping_shl` on the held value: shifts by `rhs` modulo the bit width.
            #[inline]
            #[must_use]
            pub const fn wrapping_shl(self, rhs: u32) -> Self {
                Self::new(self.get().wrapping_shl(rhs))
            }

            /// `wrapping_shr` on the held value: shifts by `rhs` modulo the bit width.
            #[inline]
            #[must_use]
            pub const fn wrapping_shr(self, rhs: u32) -> Self {
                Self::new(self.get().wrapping_shr(rhs))
            }

            /// `checked_shr` on the held value.
            #[inline]
            #[must_use]
            pub const fn checked_shr(self, rhs: u32) -> Option<Self> {
                match self.get().checked_shr(rhs) {
                    Some(v) => Some(Self::new(v)),
                    None => None,
                }
            }
        }

        impl From<$W<$t>> for $t {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from(v: $W<$t>) -> $t {
                v.get()
            }
        }

        impl From<$W<Wrapping<$t>>> for Wrapping<$t> {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from(v: $W<Wrapping<$t>>) -> Self {
                v.to_native()
            }
        }

        impl From<$W<Saturating<$t>>> for Saturating<$t> {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from(v: $W<Saturating<$t>>) -> Self {
                v.to_native()
            }
        }
    )*};
}

macro_rules! float_impls {
    ($W:ident, $to:ident, $from:ident; $($t:ty => $bits:ty),*) => {$(
        impl $W<$t> {
            /// Wraps a native value, converting it to this byte order (usable in `const`).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn new(value: $t) -> Self {
                Self::from_bits(<$t>::from_bits(value.to_bits().$to()))
            }

            /// Returns the native value (usable in `const`).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn get(self) -> $t {
                <$t>::from_bits(<$bits>::$from(self.to_bits().to_bits()))
            }

            /// Replaces the held value with `value` (native order).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            pub const fn set(&mut self, value: $t) {
                *self = Self::new(value);
            }

            /// The wire bytes: the bytes of this value in memory.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn to_bytes(self) -> [u8; size_of::<$t>()] {
                self.to_bits().to_ne_bytes()
            }

            /// Takes wire bytes as they are (they already are in this order).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn from_bytes(bytes: [u8; size_of::<$t>()]) -> Self {
                Self::from_bits(<$t>::from_ne_bytes(bytes))
            }
        }

        impl From<$W<$t>> for $t {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from(v: $W<$t>) -> $t {
                v.get()
            }
        }
    )*};
}

macro_rules! nonzero_impls {
    ($W:ident, $to:ident, $from:ident; $($nz:ty => $t:ty),*) => {$(
        impl $W<$nz> {
            /// Wraps a native value, converting it to this byte order (usable in `const`).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn new(value: $nz) -> Self {
                Self::from_bits(swapped_nonzero!($nz, value.get().$to()))
            }

            /// Returns the native value (usable in `const`).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn get(self) -> $nz {
                swapped_nonzero!($nz, <$t>::$from(self.to_bits().get()))
            }

            /// The wire bytes: the bytes of this value in memory.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn to_bytes(self) -> [u8; size_of::<$t>()] {
                self.to_bits().get().to_ne_bytes()
            }

            /// Takes wire bytes; `None` if they are all zero.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn from_bytes(bytes: [u8; size_of::<$t>()]) -> Option<Self> {
                match <$nz>::new(<$t>::from_ne_bytes(bytes)) {
                    Some(bits) => Some(Self::from_bits(bits)),
                    None => None,
                }
            }
        }

        impl From<$W<$nz>> for $nz {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from(v: $W<$nz>) -> $nz {
                v.get()
            }
        }
    )*};
}

macro_rules! bool_impls {
    ($W:ident) => {
        impl $W<bool> {
            /// Wraps a `bool` (one byte: the same in every order; usable in `const`).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn new(value: bool) -> Self {
                Self::from_bits(value)
            }

            /// Returns the `bool` (usable in `const`).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn get(self) -> bool {
                self.to_bits()
            }

            /// The wire byte: 0 or 1.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn to_bytes(self) -> [u8; 1] {
                [self.to_bits() as u8]
            }

            /// Reads a wire byte; `None` unless it is 0 or 1.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[must_use]
            pub const fn from_bytes(bytes: [u8; 1]) -> Option<Self> {
                match bytes[0] {
                    0 => Some(Self::new(false)),
                    1 => Some(Self::new(true)),
                    _ => None,
                }
            }
        }

        impl From<$W<bool>> for bool {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from(v: $W<bool>) -> bool {
                v.get()
            }
        }
    };
}

macro_rules! all_primitive_impls {
    ($W:ident, $to:ident, $from:ident) => {
        integer_impls!($W, $to, $from; u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
        float_impls!($W, $to, $from; f32 => u32, f64 => u64);
        nonzero_impls!($W, $to, $from;
            NonZeroU8 => u8, NonZeroU16 => u16, NonZeroU32 => u32, NonZeroU64 => u64,
            NonZeroU128 => u128, NonZeroUsize => usize, NonZeroI8 => i8, NonZeroI16 => i16,
            NonZeroI32 => i32, NonZeroI64 => i64, NonZeroI128 => i128, NonZeroIsize => isize);
        bool_impls!($W);
    };
}
all_primitive_impls!(BigEndian, to_be, from_be);
all_primitive_impls!(LittleEndian, to_le, from_le);
