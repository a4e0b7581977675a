//! `std::io` reading and writing: [`EndianRead`], [`EndianWrite`] and `read_specific` /
//! `write_specific` with `simple_endian`'s signatures.
//!
//! A fixed-size value is written with one `write_all` of its wire bytes and read with one
//! `read_exact`, without touching the heap. Truncated input is `UnexpectedEof`; bytes that are
//! not a valid value (a `bool` of 2, a `NonZero` of 0) are `InvalidData` with a message naming
//! the type and the bytes.

use core::mem::{MaybeUninit, size_of};
use std::format;
use std::io::{self, Read, Write};

use super::wire_bytes::{Hex, WireBytes, is_valid_image, short_type_name};
use zerocopy::IntoBytes;

use super::wire_image::WireImage;
use crate::wire::{BigEndian, LittleEndian, OrderedBytes};

/// A value that can be read from a byte stream.
pub trait EndianRead: Sized {
    /// Reads one value.
    ///
    /// # Errors
    /// `UnexpectedEof` if the stream ends first, `InvalidData` if the bytes are not a valid
    /// value, or whatever error the reader returns.
    fn read_from<R: Read + ?Sized>(reader: &mut R) -> io::Result<Self>;

    /// Reads one value into `self`, which is left unchanged on error.
    ///
    /// The same bytes and errors as [`read_from`](Self::read_from); it exists for speed. An
    /// `io::Result<Self>` holds the value after the error's tag, at an offset the value's
    /// alignment sets, so moving a large value out of it can cost more than reading it (a
    /// 64-byte struct of `u16be`: twice a plain copy). Reading in place returns only the error.
    ///
    /// ```
    /// use endian_wire::{EndianRead, u16be};
    /// let mut words = [u16be::ZERO; 2];
    /// words.read_into(&mut &[0, 1, 0, 2][..])?;
    /// assert_eq!(words, [u16be::new(1), u16be::new(2)]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`read_from`](Self::read_from).
    #[inline]
    fn read_into<R: Read + ?Sized>(&mut self, reader: &mut R) -> io::Result<()> {
        *self = Self::read_from(reader)?;
        Ok(())
    }
}

/// A value that can be written to a byte stream.
pub trait EndianWrite {
    /// Writes this value's wire bytes.
    ///
    /// # Errors
    /// Whatever error the writer returns.
    fn write_to<W: Write + ?Sized>(&self, writer: &mut W) -> io::Result<()>;
}

impl<T: WireBytes> EndianWrite for T {
    #[inline]
    fn write_to<W: Write + ?Sized>(&self, writer: &mut W) -> io::Result<()> {
        if size_of::<T>() == 0 {
            return Ok(()); // `[E; 0]` and the like: no bytes, no call.
        }
        writer.write_all(self.as_bytes())
    }
}

impl<T: WireBytes> EndianRead for T {
    #[inline]
    fn read_from<R: Read + ?Sized>(reader: &mut R) -> io::Result<Self> {
        if size_of::<T>() == 0 {
            return decode::<T>(&[]); // `[E; 0]`: consumes nothing.
        }
        let mut image = MaybeUninit::<T>::uninit();
        read_valid_image(reader, &mut image)?;
        // SAFETY: `read_valid_image` returned `Ok`: `image` holds a validated `T`.
        Ok(unsafe { image.assume_init() })
    }

    #[inline]
    fn read_into<R: Read + ?Sized>(&mut self, reader: &mut R) -> io::Result<()> {
        if size_of::<T>() == 0 {
            return decode::<T>(&[]).map(|_| ());
        }
        // Read beside `self`, validate, then copy: `self` never holds invalid bytes.
        let mut image = MaybeUninit::<T>::uninit();
        read_valid_image(reader, &mut image)?;
        // SAFETY: `read_valid_image` returned `Ok`: `image` holds a validated `T`.
        *self = unsafe { image.assume_init() };
        Ok(())
    }
}

/// Fills `image` with one `read_exact` (zeroed first, so every byte is initialised whatever
/// the reader does) and validates it as a `T` in place.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn read_valid_image<T: WireBytes, R: Read + ?Sized>(
    reader: &mut R,
    image: &mut MaybeUninit<T>,
) -> io::Result<()> {
    *image = MaybeUninit::zeroed();
    // SAFETY: all `size_of::<T>()` bytes of `image` were just zeroed, and it is aligned for
    // `T`; the slice is the only access to them while it lives.
    let bytes =
        unsafe { core::slice::from_raw_parts_mut(image.as_mut_ptr().cast::<u8>(), size_of::<T>()) };
    reader.read_exact(bytes)?;
    if is_valid_image::<T>(bytes) {
        Ok(())
    } else {
        Err(invalid_value::<T>(bytes))
    }
}

/// Validates and copies a wire image.
#[inline]
pub(crate) fn decode<T: WireBytes>(bytes: &[u8]) -> io::Result<T> {
    T::read_image(bytes).map_err(|_| invalid_value::<T>(bytes))
}

#[cold]
pub(crate) fn invalid_value<T: WireBytes>(bytes: &[u8]) -> io::Error {
    let (offset, len) = T::locate_invalid(bytes);
    let part = &bytes[offset..offset + len];
    let message = if len == bytes.len() {
        format!(
            "invalid {}: wire bytes {}",
            short_type_name::<T>(),
            Hex(part)
        )
    } else {
        format!(
            "invalid {}: wire bytes {} at offset {offset}",
            short_type_name::<T>(),
            Hex(part)
        )
    };
    io::Error::new(io::ErrorKind::InvalidData, message)
}

/// Largest tuple wire image gathered into one stack buffer (one `read_exact` / `write_all`);
/// larger tuples move element by element.
const TUPLE_BUFFER: usize = 256;

/// Tuples are their elements back to back, with no padding (whatever Rust's in-memory tuple
/// layout is; `simple_endian` wrote that layout, padding included).
macro_rules! tuple_io {
    ($(($($idx:tt $T:ident),+))*) => {$(
        impl<$($T: WireBytes),+> EndianWrite for ($($T,)+) {
            fn write_to<Wr: Write + ?Sized>(&self, writer: &mut Wr) -> io::Result<()> {
                let total = 0 $(+ size_of::<$T>())+;
                if total > TUPLE_BUFFER {
                    $(writer.write_all(self.$idx.as_bytes())?;)+
                    return Ok(());
                }
                let mut buf = [0u8; TUPLE_BUFFER];
                let mut at = 0;
                $(
                    buf[at..at + size_of::<$T>()].copy_from_slice(self.$idx.as_bytes());
                    at += size_of::<$T>();
                )+
                writer.write_all(&buf[..at])
            }
        }

        impl<$($T: WireBytes),+> EndianRead for ($($T,)+) {
            // The advance past the last element is never read.
            #[allow(unused_assignments)]
            fn read_from<R: Read + ?Sized>(reader: &mut R) -> io::Result<Self> {
                let total = 0 $(+ size_of::<$T>())+;
                if total > TUPLE_BUFFER {
                    return Ok(($($T::read_from(reader)?,)+));
                }
                let mut buf = [0u8; TUPLE_BUFFER];
                reader.read_exact(&mut buf[..total])?;
                let mut rest = &buf[..total];
                Ok(($(
                    {
                        let (part, tail) = rest.split_at(size_of::<$T>());
                        rest = tail;
                        decode::<$T>(part)?
                    },
                )+))
            }
        }
    )*};
}

crate::wire::for_tuples!(tuple_io);

/// A wrapped tuple, `BigEndian<(u16, u32)>`, is simple_endian's wire form: `size_of` the tuple
/// bytes holding the elements as one number, first element most significant, zero-extended to
/// the tuple's size, in the wrapper's order. For `(u16, u32)` big-endian that is
/// `[0, 0, a1, a0, b3, b2, b1, b0]`; little-endian, the same bytes reversed. (A tuple of
/// wrappers, `(u16be, u32be)`, is the elements back to back with no padding.)
macro_rules! wrapped_tuple_io {
    ($(($($idx:tt $T:ident),+))*) => {$(
        impl<$($T: OrderedBytes),+> BigEndian<($($T,)+)>
        where
            $(BigEndian<$T>: WireBytes,)+
        {
            /// simple_endian's big-endian image of the tuple, in the front of `buf`.
            fn tuple_image(native: ($($T,)+), buf: &mut [u8; TUPLE_BUFFER]) -> &mut [u8] {
                let image = &mut buf[..size_of::<($($T,)+)>()];
                let mut at = image.len() - (0 $(+ size_of::<$T>())+);
                image[..at].fill(0);
                $(
                    let part = BigEndian::<$T>::from(native.$idx);
                    image[at..at + size_of::<$T>()].copy_from_slice(part.as_bytes());
                    at += size_of::<$T>();
                )+
                debug_assert_eq!(at, image.len());
                image
            }
        }

        impl<$($T: OrderedBytes),+> EndianWrite for BigEndian<($($T,)+)>
        where
            $(BigEndian<$T>: WireBytes,)+
        {
            fn write_to<Wr: Write + ?Sized>(&self, writer: &mut Wr) -> io::Result<()> {
                let mut buf = [0u8; TUPLE_BUFFER];
                writer.write_all(Self::tuple_image(self.to_native(), &mut buf))
            }
        }

        impl<$($T: OrderedBytes),+> EndianRead for BigEndian<($($T,)+)>
        where
            $(BigEndian<$T>: WireBytes,)+
        {
            // The advance past the last element is never read.
            #[allow(unused_assignments)]
            fn read_from<R: Read + ?Sized>(reader: &mut R) -> io::Result<Self> {
                let mut buf = [0u8; TUPLE_BUFFER];
                let image = &mut buf[..size_of::<($($T,)+)>()];
                reader.read_exact(image)?;
                let mut at = image.len() - (0 $(+ size_of::<$T>())+);
                if image[..at].iter().any(|&b| b != 0) {
                    return Err(invalid_padding::<Self>(image));
                }
                let native = ($(
                    {
                        let part = decode::<BigEndian<$T>>(&image[at..at + size_of::<$T>()])?;
                        at += size_of::<$T>();
                        part.to_native()
                    },
                )+);
                Ok(Self::from(native))
            }
        }

        impl<$($T: OrderedBytes),+> EndianWrite for LittleEndian<($($T,)+)>
        where
            $(BigEndian<$T>: WireBytes,)+
        {
            fn write_to<Wr: Write + ?Sized>(&self, writer: &mut Wr) -> io::Result<()> {
                let mut buf = [0u8; TUPLE_BUFFER];
                let image = BigEndian::<($($T,)+)>::tuple_image(self.to_native(), &mut buf);
                image.reverse();
                writer.write_all(image)
            }
        }

        impl<$($T: OrderedBytes),+> EndianRead for LittleEndian<($($T,)+)>
        where
            $(BigEndian<$T>: WireBytes,)+
        {
            fn read_from<R: Read + ?Sized>(reader: &mut R) -> io::Result<Self> {
                let mut buf = [0u8; TUPLE_BUFFER];
                let image = &mut buf[..size_of::<($($T,)+)>()];
                reader.read_exact(image)?;
                image.reverse();
                let big = BigEndian::<($($T,)+)>::read_from(&mut &image[..])?;
                Ok(Self::from(big.to_native()))
            }
        }
    )*};
}

crate::wire::for_tuples!(wrapped_tuple_io);

#[cold]
fn invalid_padding<T>(image: &[u8]) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "invalid {}: wire bytes {} (the bytes above the elements must be zero)",
            short_type_name::<T>(),
            Hex(image)
        ),
    )
}

/// Reads one `E` from `reader`.
///
/// ```
/// use endian_wire::{read_specific, u32be};
/// let mut input: &[u8] = &[0, 0, 1, 0, 0xff];
/// let v: u32be = read_specific(&mut input)?;
/// assert_eq!(v.get(), 256);
/// assert_eq!(input, &[0xff]);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// As [`EndianRead::read_from`].
#[inline]
pub fn read_specific<R: Read + ?Sized, E: EndianRead>(reader: &mut R) -> io::Result<E> {
    E::read_from(reader)
}

/// Writes `value`'s wire bytes to `writer`.
///
/// ```
/// use endian_wire::{write_specific, u16le};
/// let mut out = Vec::new();
/// write_specific(&mut out, &[u16le::new(1), u16le::new(0x0203)])?;
/// assert_eq!(out, [1, 0, 3, 2]);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// As [`EndianWrite::write_to`].
#[inline]
pub fn write_specific<W: Write + ?Sized, E: EndianWrite>(
    writer: &mut W,
    value: &E,
) -> io::Result<()> {
    value.write_to(writer)
}

/// Reads one `E` from `reader` into `dest`, which is left unchanged on error: [`read_specific`]
/// without moving the value out of an `io::Result` (see [`EndianRead::read_into`]).
///
/// ```
/// use endian_wire::{read_specific_into, u32be};
/// let mut input: &[u8] = &[0, 0, 1, 0, 0xff];
/// let mut v = u32be::ZERO;
/// read_specific_into(&mut input, &mut v)?;
/// assert_eq!(v.get(), 256);
/// assert_eq!(input, &[0xff]);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// As [`EndianRead::read_from`].
#[inline]
pub fn read_specific_into<R: Read + ?Sized, E: EndianRead>(
    reader: &mut R,
    dest: &mut E,
) -> io::Result<()> {
    dest.read_into(reader)
}

/// [`read_specific`] through a `dyn Read`.
///
/// # Errors
/// As [`EndianRead::read_from`].
pub fn read_specific_dyn<E: EndianRead>(reader: &mut dyn Read) -> io::Result<E> {
    E::read_from(reader)
}

/// [`write_specific`] through a `dyn Write`.
///
/// # Errors
/// As [`EndianWrite::write_to`].
pub fn write_specific_dyn<E: EndianWrite>(writer: &mut dyn Write, value: &E) -> io::Result<()> {
    value.write_to(writer)
}

/// Reads a wire value `W` and converts it into `T`.
///
/// ```
/// use endian_wire::{read_native, u16be};
/// let port: u16 = read_native::<_, u16be, u16>(&mut &[0x1f, 0x90][..])?;
/// assert_eq!(port, 8080);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// As [`EndianRead::read_from`].
#[inline]
pub fn read_native<R: Read + ?Sized, W: EndianRead, T: From<W>>(reader: &mut R) -> io::Result<T> {
    W::read_from(reader).map(T::from)
}

/// Reads a wire value `W` and converts it into `T` where the conversion can fail.
///
/// # Errors
/// As [`EndianRead::read_from`], and `InvalidData` naming the target type and the conversion
/// error if the conversion fails.
pub fn try_read_native<R, W, T>(reader: &mut R) -> io::Result<T>
where
    R: Read + ?Sized,
    W: EndianRead,
    T: TryFrom<W>,
    T::Error: core::fmt::Display,
{
    let wire = W::read_from(reader)?;
    T::try_from(wire).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("cannot convert to {}: {e}", short_type_name::<T>()),
        )
    })
}

/// Converts `value` into the wire type `W` and writes it.
///
/// # Errors
/// As [`EndianWrite::write_to`].
#[inline]
pub fn write_native<Wrt: Write + ?Sized, W: EndianWrite + From<T>, T>(
    writer: &mut Wrt,
    value: T,
) -> io::Result<()> {
    W::from(value).write_to(writer)
}

/// [`write_native`] from a reference (the value is cloned for the conversion).
///
/// # Errors
/// As [`EndianWrite::write_to`].
#[inline]
pub fn write_native_ref<Wrt: Write + ?Sized, W: EndianWrite + From<T>, T: Clone>(
    writer: &mut Wrt,
    value: &T,
) -> io::Result<()> {
    W::from(value.clone()).write_to(writer)
}

/// Converts `value` into the wire type `W` where that can fail, and writes it. Nothing is
/// written when the conversion fails.
///
/// # Errors
/// `InvalidInput` naming the wire type and the conversion error, or the writer's error.
pub fn try_write_native<Wrt, W, T>(writer: &mut Wrt, value: T) -> io::Result<()>
where
    Wrt: Write + ?Sized,
    W: EndianWrite + TryFrom<T>,
    W::Error: core::fmt::Display,
{
    let wire = W::try_from(value).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("cannot encode as {}: {e}", short_type_name::<W>()),
        )
    })?;
    wire.write_to(writer)
}

/// [`try_write_native`] from a reference (the value is cloned for the conversion).
///
/// # Errors
/// As [`try_write_native`].
pub fn try_write_native_ref<Wrt, W, T>(writer: &mut Wrt, value: &T) -> io::Result<()>
where
    Wrt: Write + ?Sized,
    W: EndianWrite + TryFrom<T>,
    W::Error: core::fmt::Display,
    T: Clone,
{
    try_write_native::<Wrt, W, T>(writer, value.clone())
}
