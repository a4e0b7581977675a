//! Operators.
//!
//! * Arithmetic (`+ - * / %`, their assigning forms, unary `-`) converts to native values,
//!   operates, and converts back, for every `T` that has the operator. Overflow behaves as on
//!   `T` (a panic in debug builds for integers).
//! * Bitwise operators (`& | ^ !`) work on the stored bits directly: a byte swap commutes with
//!   them, so no conversion is needed.
//! * Shifts take a count in the same wrapper type and shift the native value.
//!
//! The right-hand side of every operator is the same wrapper type, never a native value. A
//! second, native right-hand side would make `x += 1.into()`, `m <<= 1.into()` and
//! `assert_eq!(x, 5.into())`, common `simple_endian` code, fail to compile ("type annotations
//! needed"). For native operands use `x.get() + 3` or the `checked_*`, `wrapping_*` and
//! `saturating_*` methods, which take them (`v.wrapping_shl(3)`).

use core::ops::{
    Add, AddAssign, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Div, DivAssign,
    Mul, MulAssign, Neg, Not, Rem, RemAssign, Shl, ShlAssign, Shr, ShrAssign, Sub, SubAssign,
};

use super::{BigEndian, LittleEndian, SpecificEndian};

macro_rules! arithmetic {
    ($W:ident; $($Op:ident $op:ident $OpAssign:ident $op_assign:ident),*) => {$(
        impl<T: SpecificEndian<T> + $Op<Output = T>> $Op for $W<T> {
            type Output = Self;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn $op(self, rhs: Self) -> Self {
                Self::from_native(self.to_native().$op(rhs.to_native()))
            }
        }

        impl<T: SpecificEndian<T> + $Op<Output = T>> $OpAssign for $W<T> {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn $op_assign(&mut self, rhs: Self) {
                *self = (*self).$op(rhs);
            }
        }
    )*};
}

macro_rules! arithmetic_for {
    ($W:ident, $to:ident, $from:ident) => {
        arithmetic!($W;
            Add add AddAssign add_assign,
            Sub sub SubAssign sub_assign,
            Mul mul MulAssign mul_assign,
            Div div DivAssign div_assign,
            Rem rem RemAssign rem_assign);

        impl<T: SpecificEndian<T> + Neg<Output = T>> Neg for $W<T> {
            type Output = Self;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn neg(self) -> Self {
                Self::from_native(-self.to_native())
            }
        }
    };
}
super::for_both_wrappers!(arithmetic_for);

macro_rules! bitwise {
    ($W:ident; $($t:ty),*) => {$(
        bitwise!(@op $W<$t>; BitAnd bitand BitAndAssign bitand_assign &);
        bitwise!(@op $W<$t>; BitOr bitor BitOrAssign bitor_assign |);
        bitwise!(@op $W<$t>; BitXor bitxor BitXorAssign bitxor_assign ^);

        impl Not for $W<$t> {
            type Output = Self;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn not(self) -> Self {
                Self::from_bits(!self.to_bits())
            }
        }
    )*};
    (@op $W:ident<$t:ty>; $Op:ident $op:ident $OpAssign:ident $op_assign:ident $sym:tt) => {
        impl $Op for $W<$t> {
            type Output = Self;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn $op(self, rhs: Self) -> Self {
                Self::from_bits(self.to_bits() $sym rhs.to_bits())
            }
        }

        impl $OpAssign for $W<$t> {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn $op_assign(&mut self, rhs: Self) {
                *self = *self $sym rhs;
            }
        }
    };
}

macro_rules! shifts {
    ($W:ident; $($t:ty),*) => {$(
        shifts!(@op $W<$t>; Shl shl ShlAssign shl_assign <<);
        shifts!(@op $W<$t>; Shr shr ShrAssign shr_assign >>);
    )*};
    (@op $W:ident<$t:ty>; $Op:ident $op:ident $OpAssign:ident $op_assign:ident $sym:tt) => {
        impl $Op for $W<$t> {
            type Output = Self;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn $op(self, rhs: Self) -> Self {
                Self::new(self.get() $sym rhs.get())
            }
        }

        impl $OpAssign for $W<$t> {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn $op_assign(&mut self, rhs: Self) {
                *self = *self $sym rhs;
            }
        }
    };
}

macro_rules! bit_ops_for {
    ($W:ident, $to:ident, $from:ident) => {
        bitwise!($W; bool, u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
        shifts!($W; u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
    };
}
super::for_both_wrappers!(bit_ops_for);
