//! The [`SpecificEndian`] trait: how a type changes byte order.

use core::num::{
    NonZeroI8, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI128, NonZeroIsize, NonZeroU8,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU128, NonZeroUsize, Saturating, Wrapping,
};

use super::endian::Endian;

/// A `Copy` type whose value can be stored in big- or little-endian order.
///
/// This is what [`BigEndian<T>`](crate::wire::BigEndian) and [`LittleEndian<T>`](crate::wire::LittleEndian)
/// require of `T`. The four methods are the same conversion seen from two sides: on a
/// little-endian host `to_big_endian` and `from_big_endian` both swap the bytes and the
/// little-endian ones do nothing. The signatures are those of `simple_endian` 0.4, so its
/// users' own implementations keep compiling.
///
/// Implemented for every integer (including `u128` and `usize`), `f32`, `f64`, `u8`, `i8`,
/// `bool`, the `NonZero` integers, `Wrapping<T>`, `Saturating<T>`, and tuples of 2 to 12
/// elements. Implement it for your own `Copy` types to wrap them:
///
/// ```
/// use endian_wire::{BigEndian, SpecificEndian};
///
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct Rgb565(u16);
///
/// impl SpecificEndian<Rgb565> for Rgb565 {
///     fn to_big_endian(&self) -> Self { Rgb565(self.0.to_be()) }
///     fn to_little_endian(&self) -> Self { Rgb565(self.0.to_le()) }
///     fn from_big_endian(&self) -> Self { Rgb565(u16::from_be(self.0)) }
///     fn from_little_endian(&self) -> Self { Rgb565(u16::from_le(self.0)) }
/// }
///
/// let px = BigEndian::from(Rgb565(0xF800));
/// assert_eq!(px.to_native(), Rgb565(0xF800));
/// assert_eq!(px.to_bits(), Rgb565(0xF800u16.to_be()));
/// ```
#[allow(clippy::wrong_self_convention)]
pub trait SpecificEndian<T>
where
    Self: Into<T> + Clone + Copy,
{
    /// Converts a native value into its big-endian representation.
    fn to_big_endian(&self) -> T;
    /// Converts a native value into its little-endian representation.
    fn to_little_endian(&self) -> T;
    /// Converts a big-endian representation back into the native value.
    fn from_big_endian(&self) -> T;
    /// Converts a little-endian representation back into the native value.
    fn from_little_endian(&self) -> T;
    /// The byte order of native values of this type: the host's.
    fn endian(&self) -> Endian {
        Endian::NATIVE
    }
}

/// A [`SpecificEndian`] type whose big- and little-endian forms are its bytes in that order,
/// so that the memory of a [`BigEndian<T>`](crate::wire::BigEndian) /
/// [`LittleEndian<T>`](crate::wire::LittleEndian) is its wire image: such a wrapper reads and writes
/// with one copy (it is a `WireBytes` of the IO layer).
///
/// Implemented for the integers, floats, `u8`, `i8`, `bool`, the `NonZero` integers,
/// `Wrapping` / `Saturating` of these and the fixed UTF-16/32 code units. Implement it for your
/// own `SpecificEndian` types that reorder their bytes (and derive zerocopy's traits) to give
/// their wrappers IO. Tuples are not: their memory has padding, and a wrapped tuple's wire form
/// is written field by field. `char` under the `simple_specific_endian_bridge` feature is not:
/// its conversions are the identity.
///
/// ```
/// # #[cfg(feature = "std")] {
/// use endian_wire::{BigEndian, OrderedBytes, SpecificEndian, write_specific};
/// use endian_wire::zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout};
///
/// #[derive(Clone, Copy, Debug, PartialEq, FromBytes, IntoBytes, KnownLayout, Immutable)]
/// #[repr(transparent)]
/// struct Rgb565(u16);
///
/// impl SpecificEndian<Rgb565> for Rgb565 {
///     fn to_big_endian(&self) -> Self { Rgb565(self.0.to_be()) }
///     fn to_little_endian(&self) -> Self { Rgb565(self.0.to_le()) }
///     fn from_big_endian(&self) -> Self { Rgb565(u16::from_be(self.0)) }
///     fn from_little_endian(&self) -> Self { Rgb565(u16::from_le(self.0)) }
/// }
/// impl OrderedBytes for Rgb565 {}
///
/// let mut out = Vec::new();
/// write_specific(&mut out, &BigEndian::from(Rgb565(0xF800)))?;
/// assert_eq!(out, [0xF8, 0x00]);
/// # }
/// # Ok::<(), std::io::Error>(())
/// ```
pub trait OrderedBytes: SpecificEndian<Self> {}

impl<T: OrderedBytes> OrderedBytes for Wrapping<T> {}
impl<T: OrderedBytes> OrderedBytes for Saturating<T> {}

/// Like [`SpecificEndian`] for types that are not `Copy` or whose two orders are different
/// types (the text buffers and strings of the `text` module).
#[allow(clippy::wrong_self_convention)]
pub trait SpecificEndianOwned
where
    Self: Clone,
{
    /// The big-endian form of this type.
    type Big;
    /// The little-endian form of this type.
    type Little;
    /// Converts to the big-endian form.
    fn to_big_endian(&self) -> Self::Big;
    /// Converts to the little-endian form.
    fn to_little_endian(&self) -> Self::Little;
    /// Reads this value as big-endian (same as [`to_big_endian`](Self::to_big_endian)).
    fn from_big_endian(&self) -> Self::Big;
    /// Reads this value as little-endian (same as [`to_little_endian`](Self::to_little_endian)).
    fn from_little_endian(&self) -> Self::Little;
    /// The byte order of native values: the host's.
    fn endian(&self) -> Endian {
        Endian::NATIVE
    }
}

macro_rules! impl_for_integers {
    ($($t:ty),*) => {$(
        impl OrderedBytes for $t {}

        impl SpecificEndian<$t> for $t {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn to_big_endian(&self) -> Self { self.to_be() }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn to_little_endian(&self) -> Self { self.to_le() }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_big_endian(&self) -> Self { <$t>::from_be(*self) }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_little_endian(&self) -> Self { <$t>::from_le(*self) }
        }
    )*};
}
impl_for_integers!(u16, u32, u64, u128, usize, i16, i32, i64, i128, isize);

macro_rules! impl_for_single_bytes {
    ($($t:ty),*) => {$(
        impl OrderedBytes for $t {}

        /// One byte has no byte order: every conversion is the identity.
        impl SpecificEndian<$t> for $t {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn to_big_endian(&self) -> Self { *self }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn to_little_endian(&self) -> Self { *self }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_big_endian(&self) -> Self { *self }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_little_endian(&self) -> Self { *self }
        }
    )*};
}
impl_for_single_bytes!(u8, i8, bool);

/// With the `simple_specific_endian_bridge` feature (simple_endian's name), `char` is a
/// `SpecificEndian` whose conversions are the identity, as simple_endian's bridge makes it, so
/// that generic code bounded on `SpecificEndian` accepts `char`. A `char` has no swapped form
/// that is still a `char`, so it is not [`OrderedBytes`] and a `BigEndian<char>` has no IO; on
/// the wire use [`BigEndianChar`](crate::wire::BigEndianChar) / [`LittleEndianChar`](crate::wire::LittleEndianChar).
#[cfg(feature = "simple_specific_endian_bridge")]
impl SpecificEndian<char> for char {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn to_big_endian(&self) -> Self {
        *self
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn to_little_endian(&self) -> Self {
        *self
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_big_endian(&self) -> Self {
        *self
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_little_endian(&self) -> Self {
        *self
    }
}

macro_rules! impl_for_floats {
    ($($t:ty),*) => {$(
        impl OrderedBytes for $t {}

        /// Floats change order through their bit patterns, which every `f32`/`f64` can hold.
        impl SpecificEndian<$t> for $t {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn to_big_endian(&self) -> Self { <$t>::from_bits(self.to_bits().to_be()) }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn to_little_endian(&self) -> Self { <$t>::from_bits(self.to_bits().to_le()) }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_big_endian(&self) -> Self { self.to_big_endian() }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_little_endian(&self) -> Self { self.to_little_endian() }
        }
    )*};
}
impl_for_floats!(f32, f64);

macro_rules! impl_for_nonzero {
    ($($nz:ty),*) => {$(
        impl OrderedBytes for $nz {}

        /// Swapping the bytes of a non-zero integer leaves it non-zero.
        impl SpecificEndian<$nz> for $nz {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn to_big_endian(&self) -> Self { swapped_nonzero!($nz, self.get().to_be()) }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn to_little_endian(&self) -> Self { swapped_nonzero!($nz, self.get().to_le()) }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_big_endian(&self) -> Self { self.to_big_endian() }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_little_endian(&self) -> Self { self.to_little_endian() }
        }
    )*};
}

/// Rebuilds a `NonZero` from a byte permutation of a non-zero value, which is never zero.
macro_rules! swapped_nonzero {
    ($nz:ty, $bits:expr) => {
        match <$nz>::new($bits) {
            Some(v) => v,
            None => unreachable!(),
        }
    };
}
pub(crate) use swapped_nonzero;

impl_for_nonzero!(
    NonZeroU8,
    NonZeroU16,
    NonZeroU32,
    NonZeroU64,
    NonZeroU128,
    NonZeroUsize,
    NonZeroI8,
    NonZeroI16,
    NonZeroI32,
    NonZeroI64,
    NonZeroI128,
    NonZeroIsize
);

macro_rules! impl_for_newtype {
    ($($wrapper:ident),*) => {$(
        impl<T: SpecificEndian<T>> SpecificEndian<$wrapper<T>> for $wrapper<T> {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn to_big_endian(&self) -> Self { $wrapper(self.0.to_big_endian()) }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn to_little_endian(&self) -> Self { $wrapper(self.0.to_little_endian()) }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_big_endian(&self) -> Self { $wrapper(self.0.from_big_endian()) }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_little_endian(&self) -> Self { $wrapper(self.0.from_little_endian()) }
        }
    )*};
}
impl_for_newtype!(Wrapping, Saturating);

/// Tuples convert element by element. Note that a tuple's in-memory layout is Rust's and may
/// contain padding; its wire form (written by the IO layer) has none.
macro_rules! impl_for_tuples {
    ($(($($idx:tt $name:ident),+))*) => {$(
        impl<$($name: SpecificEndian<$name>),+> SpecificEndian<($($name,)+)> for ($($name,)+) {
            #[inline]
            fn to_big_endian(&self) -> Self { ($(self.$idx.to_big_endian(),)+) }
            #[inline]
            fn to_little_endian(&self) -> Self { ($(self.$idx.to_little_endian(),)+) }
            #[inline]
            fn from_big_endian(&self) -> Self { ($(self.$idx.from_big_endian(),)+) }
            #[inline]
            fn from_little_endian(&self) -> Self { ($(self.$idx.from_little_endian(),)+) }
        }
    )*};
}
super::for_tuples!(impl_for_tuples);
