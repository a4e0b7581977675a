//! [`WireBytes`]: types whose memory image is their wire image.

use core::mem::size_of;

use zerocopy::{Immutable, IntoBytes, KnownLayout, TryFromBytes};

use crate::wire::{BigEndian, LittleEndian, OrderedBytes};

/// A type whose bytes in memory are exactly its bytes on the wire.
///
/// Writing such a value is one copy of its bytes and reading it is one copy plus validation
/// (for types that have invalid bit patterns, such as `bool` or `NonZeroU32` wrappers). The
/// zerocopy bounds guarantee there is no padding and that validation is possible; the byte
/// order is right because every multi-byte part is a `BigEndian`/`LittleEndian` wrapper (or a
/// type built from them).
///
/// Implemented for the wrappers of every primitive, `u8`, `i8`, `bool`, the fixed text types,
/// and arrays of any of these (nested arrays included). `#[derive(Endianize)]` implements it for
/// generated wire structs without padding. Do not implement it for types holding native
/// multi-byte integers: their bytes would follow the host's order.
pub trait WireBytes: TryFromBytes + IntoBytes + KnownLayout + Immutable + Sized {
    /// The size of the wire image in bytes.
    const WIRE_SIZE: usize = size_of::<Self>();

    /// Rules beyond bit validity that a wire image `bytes` of `Self` (exactly `WIRE_SIZE`
    /// long and bit-valid) must follow, such as "a [`BigEndianChar`](crate::wire::BigEndianChar)
    /// holds a Unicode scalar value". Reads reject images that break them. Only a check, never
    /// relied on for memory safety. The default has no rules.
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn follows_value_rules(bytes: &[u8]) -> bool {
        let _ = bytes;
        true
    }

    /// In an invalid wire image `bytes` of `Self`, the `(offset, length)` of the first invalid
    /// part, used to name the offending value in errors. The default is the whole image.
    #[doc(hidden)]
    fn locate_invalid(bytes: &[u8]) -> (usize, usize) {
        (0, bytes.len())
    }
}

/// Whether `bytes` (exactly `T::WIRE_SIZE` long, aligned for `T`) is the wire image of a
/// valid `T`: bit-valid for zerocopy and following `T`'s value rules.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn is_valid_image<T: WireBytes>(bytes: &[u8]) -> bool {
    T::try_ref_from_bytes(bytes).is_ok() && T::follows_value_rules(bytes)
}

/// [`is_valid_image`] for bytes anywhere (a part of a larger image, or of a table): checked
/// on a copy, so their alignment does not matter. For locating what is invalid.
#[inline]
pub(crate) fn is_valid_part<T: WireBytes>(bytes: &[u8]) -> bool {
    T::try_read_from_bytes(bytes).is_ok() && T::follows_value_rules(bytes)
}

macro_rules! wire_bytes {
    ($($t:ty),*) => {$(
        impl WireBytes for $t {}
    )*};
}
wire_bytes!(u8, i8, bool);

/// A wrapper's memory is its wire image when its type reorders its bytes ([`OrderedBytes`]).
impl<T: OrderedBytes> WireBytes for BigEndian<T> where
    Self: TryFromBytes + IntoBytes + KnownLayout + Immutable
{
}
/// A wrapper's memory is its wire image when its type reorders its bytes ([`OrderedBytes`]).
impl<T: OrderedBytes> WireBytes for LittleEndian<T> where
    Self: TryFromBytes + IntoBytes + KnownLayout + Immutable
{
}

impl WireBytes for crate::wire::BigEndianChar {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn follows_value_rules(bytes: &[u8]) -> bool {
        bytes
            .try_into()
            .is_ok_and(|b| Self::from_bytes(b).is_valid())
    }
}

impl WireBytes for crate::wire::LittleEndianChar {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn follows_value_rules(bytes: &[u8]) -> bool {
        bytes
            .try_into()
            .is_ok_and(|b| Self::from_bytes(b).is_valid())
    }
}

/// Elements back to back; an invalid image is located down to the first bad element.
impl<T: WireBytes, const N: usize> WireBytes for [T; N] {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn follows_value_rules(bytes: &[u8]) -> bool {
        // For element types without rules this is a loop of `true`s, which compiles away.
        match size_of::<T>() {
            0 => true,
            size => bytes.chunks_exact(size).all(T::follows_value_rules),
        }
    }

    fn locate_invalid(bytes: &[u8]) -> (usize, usize) {
        let size = size_of::<T>().max(1);
        for (index, element) in bytes.chunks_exact(size).enumerate() {
            if !is_valid_part::<T>(element) {
                let (offset, len) = T::locate_invalid(element);
                return (index * size + offset, len);
            }
        }
        (0, bytes.len())
    }
}

#[cfg(feature = "alloc")]
mod text {
    use super::WireBytes;
    use crate::text::{
        CodeUnit, FixedUtf8Bytes, FixedUtf16CodeUnitsEndian, FixedUtf32CodeUnitsEndian,
    };

    impl<const N: usize> WireBytes for FixedUtf8Bytes<N> {}
    impl<E: CodeUnit<Native = u16> + WireBytes, const N: usize> WireBytes
        for FixedUtf16CodeUnitsEndian<E, N>
    {
    }
    impl<E: CodeUnit<Native = u32> + WireBytes, const N: usize> WireBytes
        for FixedUtf32CodeUnitsEndian<E, N>
    {
    }

    macro_rules! padded {
        ($($t:ident),*) => {$(
            impl<const N: usize> WireBytes for crate::text::$t<N> {}
        )*};
    }
    crate::text::for_string_fields!(padded);
}

/// The type name without module paths: `BigEndian<NonZero<u32>>`.
#[cfg(feature = "alloc")]
pub(crate) fn short_type_name<T: ?Sized>() -> impl core::fmt::Display {
    struct Short(&'static str);
    impl core::fmt::Display for Short {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            short_name(self.0, f)
        }
    }
    Short(core::any::type_name::<T>())
}

/// Writes `name` (a `core::any::type_name`) without module paths and without its erased
/// lifetimes (`Packet<'_>` is `Packet`).
#[cfg(feature = "alloc")]
pub(crate) fn short_name(name: &str, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
    let cleaned;
    let name = if name.contains("'_") {
        cleaned = name
            .replace("<'_>", "")
            .replace("'_, ", "")
            .replace(", '_", "");
        cleaned.as_str()
    } else {
        name
    };
    // Keep only the last segment of every `a::b::Name` path.
    let mut segment_start = 0;
    let bytes = name.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b':' && bytes.get(i + 1) == Some(&b':') {
            segment_start = i + 2;
            i += 2;
            continue;
        }
        if !(c.is_ascii_alphanumeric() || c == b'_') {
            f.write_str(&name[segment_start..=i])?;
            segment_start = i + 1;
        }
        i += 1;
    }
    f.write_str(&name[segment_start..])
}

/// Formats bytes as `02 00 ff`.
#[cfg(feature = "alloc")]
pub(crate) struct Hex<'a>(pub(crate) &'a [u8]);

#[cfg(feature = "alloc")]
impl core::fmt::Display for Hex<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for (i, byte) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}
