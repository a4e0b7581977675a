//! [`WireImage`]: fixed-size wire values whose memory may differ from their wire bytes.

use super::wire_bytes::{WireBytes, is_valid_image};

/// A value with a fixed-size wire image that it can write into, and be read from, a byte
/// buffer.
///
/// Every [`WireBytes`] type is one (its image is its memory). `#[derive(Endianize)]` implements
/// it directly for wire structs that have padding in memory, such as `{ tag: u8, len: u32 }`
/// under `repr(C)`: their image is the fields back to back (5 bytes), never the padding.
/// Reading and writing such a value still takes one `read_exact` / `write_all`, through a stack
/// buffer of `WIRE_SIZE` bytes.
pub trait WireImage: Sized {
    /// The size of the wire image in bytes.
    const WIRE_SIZE: usize;

    /// Writes the wire image into `out`, which is exactly `WIRE_SIZE` bytes long.
    fn write_image(&self, out: &mut [u8]);

    /// Reads a value from its wire image `bytes`, exactly `WIRE_SIZE` bytes long.
    ///
    /// # Errors
    /// An [`InvalidImage`] locating the first part of `bytes` that is not a valid value.
    fn read_image(bytes: &[u8]) -> Result<Self, InvalidImage>;
}

/// Where a wire image holds an invalid value: the part `offset..offset + len` of the image is
/// not a valid `type_name`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidImage {
    /// Start of the invalid part within the image.
    pub offset: usize,
    /// Length of the invalid part.
    pub len: usize,
    /// `core::any::type_name` of the type whose image this is.
    pub type_name: &'static str,
}

impl InvalidImage {
    /// The same invalid part, seen from an image in which this one starts at `offset`.
    #[must_use]
    pub fn at(self, offset: usize) -> Self {
        InvalidImage {
            offset: self.offset + offset,
            ..self
        }
    }
}

impl<T: WireBytes> WireImage for T {
    const WIRE_SIZE: usize = <T as WireBytes>::WIRE_SIZE;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_image(&self, out: &mut [u8]) {
        out.copy_from_slice(self.as_bytes());
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn read_image(bytes: &[u8]) -> Result<Self, InvalidImage> {
        match T::try_read_from_bytes(bytes) {
            Ok(value) if T::follows_value_rules(bytes) => Ok(value),
            _ => Err(locate::<T>(bytes)),
        }
    }
}

#[cold]
fn locate<T: WireBytes>(bytes: &[u8]) -> InvalidImage {
    debug_assert!(!is_valid_image::<T>(bytes) || bytes.len() != size_of::<T>());
    let (offset, len) = T::locate_invalid(bytes);
    InvalidImage {
        offset,
        len,
        type_name: core::any::type_name::<T>(),
    }
}

/// Tuples of wire values: their elements back to back, whatever Rust's in-memory layout of the
/// tuple (a derived struct's tuple field, `(u16, u32)`, becomes `(u16be, u32be)`: 6 bytes).
macro_rules! tuple_images {
    ($(($($idx:tt $T:ident),+))*) => {$(
        impl<$($T: WireImage),+> WireImage for ($($T,)+) {
            const WIRE_SIZE: usize = 0 $(+ $T::WIRE_SIZE)+;

            #[inline]
            fn write_image(&self, out: &mut [u8]) {
                let mut at = 0;
                $(
                    self.$idx.write_image(&mut out[at..at + $T::WIRE_SIZE]);
                    at += $T::WIRE_SIZE;
                )+
                debug_assert_eq!(at, out.len());
            }

            // The advance past the last element is never read.
            #[allow(unused_assignments)]
            #[inline]
            fn read_image(bytes: &[u8]) -> Result<Self, InvalidImage> {
                let mut at = 0;
                Ok(($(
                    {
                        let part = &bytes[at..at + $T::WIRE_SIZE];
                        let value = $T::read_image(part).map_err(|e| e.at(at))?;
                        at += $T::WIRE_SIZE;
                        value
                    },
                )+))
            }
        }
    )*};
}
tuple_images! { (0 A) }
crate::wire::for_tuples!(tuple_images);
