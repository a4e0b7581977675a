//! The wrapper types and what they offer for every `T: SpecificEndian<T>`.

use core::cmp::Ordering;
use core::hash::{Hash, Hasher};

use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout, Unaligned};

use super::SpecificEndian;

/// A `T` stored in big-endian (network) byte order.
///
/// The memory bytes of a `BigEndian<T>` are the big-endian bytes of the value it holds, on
/// every host; size and alignment are `T`'s. Build one with [`new`](BigEndian::<u32>::new)
/// (primitives, `const`), [`From<T>`](#impl-From<T>-for-BigEndian<T>) or `.into()`, and read
/// it with [`get`](BigEndian::<u32>::get) or [`to_native`](Self::to_native).
///
/// ```
/// use endian_wire::BigEndian;
///
/// let v: BigEndian<u16> = 0x1234.into();
/// assert_eq!(v.to_bytes(), [0x12, 0x34]);
/// assert_eq!(v.to_native(), 0x1234);
/// assert_eq!(u16::from(v), 0x1234);
/// ```
#[derive(Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable, Unaligned)]
#[repr(transparent)]
pub struct BigEndian<T>(T);

/// A `T` stored in little-endian byte order.
///
/// The memory bytes of a `LittleEndian<T>` are the little-endian bytes of the value it holds,
/// on every host; size and alignment are `T`'s. See [`BigEndian`] for the API, which is the
/// same.
///
/// ```
/// use endian_wire::LittleEndian;
///
/// let v = LittleEndian::<u32>::new(0x1122_3344);
/// assert_eq!(v.to_bytes(), [0x44, 0x33, 0x22, 0x11]);
/// ```
#[derive(Clone, Copy, FromBytes, IntoBytes, KnownLayout, Immutable, Unaligned)]
#[repr(transparent)]
pub struct LittleEndian<T>(T);

macro_rules! common_impls {
    ($W:ident, $to:ident, $from:ident) => {
        impl<T: SpecificEndian<T>> $W<T> {
            /// Returns the stored representation as is: the value with its bytes in this
            /// wrapper's order (not the native value; see [`to_native`](Self::to_native)).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            pub const fn to_bits(&self) -> T {
                self.0
            }

            /// Wraps `bits`, taken to be already in this wrapper's order (no conversion).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            pub const fn from_bits(bits: T) -> Self {
                Self(bits)
            }

            /// Returns the value in the host's byte order.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            pub fn to_native(&self) -> T {
                self.0.$from()
            }

            /// Converts a native value into this byte order (the same as `From<T>`).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            pub fn from_native(value: T) -> Self {
                Self(value.$to())
            }

            /// Replaces the held value with `value` (given in native order).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            pub fn set_native(&mut self, value: T) {
                *self = Self::from_native(value);
            }
        }

        impl<T: SpecificEndian<T>> From<T> for $W<T> {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from(value: T) -> Self {
                Self::from_native(value)
            }
        }

        impl<T: SpecificEndian<T> + Default> Default for $W<T> {
            #[inline]
            fn default() -> Self {
                Self::from_native(T::default())
            }
        }

        /// Equality of the held values, as `T` defines it (for floats: `0.0 == -0.0`).
        impl<T: SpecificEndian<T> + PartialEq> PartialEq for $W<T> {
            #[inline]
            fn eq(&self, other: &Self) -> bool {
                self.to_native() == other.to_native()
            }
        }

        impl<T: SpecificEndian<T> + Eq> Eq for $W<T> {}

        /// Ordering of the held values, as `T` defines it.
        impl<T: SpecificEndian<T> + PartialOrd> PartialOrd for $W<T> {
            #[inline]
            fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                self.to_native().partial_cmp(&other.to_native())
            }
        }

        impl<T: SpecificEndian<T> + Ord> Ord for $W<T> {
            #[inline]
            fn cmp(&self, other: &Self) -> Ordering {
                self.to_native().cmp(&other.to_native())
            }
        }

        /// Hashes the held value exactly as `T` does, so it agrees with `Eq` and with `T`.
        impl<T: SpecificEndian<T> + Hash> Hash for $W<T> {
            #[inline]
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.to_native().hash(state)
            }
        }
    };
}
super::for_both_wrappers!(common_impls);

impl<T: SpecificEndian<T>> From<LittleEndian<T>> for BigEndian<T> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from(v: LittleEndian<T>) -> Self {
        Self::from_native(v.to_native())
    }
}

impl<T: SpecificEndian<T>> From<BigEndian<T>> for LittleEndian<T> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from(v: BigEndian<T>) -> Self {
        Self::from_native(v.to_native())
    }
}
