//! Length prefixes other than the configuration's, for formats that are bincode with a twist:
//! Solana's compact-u16 ([`ShortVec`]), fixed-width [`U8`] / [`U16`] / [`U32`] / [`U64`]
//! lengths, or a bincode [`Varint`] length under fixed-int. A derived type picks one per field
//! with `#[frame(len = short_vec)]` (or `u8`, `u16`, `u32`, `u64`, `varint`) on a `Vec<T>`,
//! `String` or `Box<[T]>` field; hand-written impls call [`encode`] and [`decode`].
//!
//! Fixed-width lengths use the byte order in force (the container's `#[endian]` inside a
//! derived type). A decoded length is checked against the input and the limit exactly as the
//! configuration's own lengths are, before anything is allocated.
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! use endian_wire::frame::{self, Config, len};
//!
//! let mut out = Vec::new();
//! let mut e = frame::Encoder::new(&mut out, Config::legacy());
//! len::encode::<len::ShortVec, _, _>(&vec![7u8; 200], &mut e)?;
//! assert_eq!(&out[..3], [0xc8, 0x01, 7]); // 200 = 0b1_1001000: two 7-bit groups
//!
//! let mut d = frame::Decoder::new(frame::SliceReader::new(&out), Config::legacy());
//! let back: Vec<u8> = len::decode::<len::ShortVec, _, _>(&mut d)?;
//! assert_eq!(back, vec![7u8; 200]);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "alloc")]
use super::decode::Decode;
use super::decode::Decoder;
use super::encode::{Encode, Encoder};
use super::error::{DecodeError, DecodeErrorKind, EncodeError, LengthFault};
use super::read::Reader;
use super::write::Writer;
use crate::wire::Endian;

/// How a length prefix is written and read.
pub trait LenEncoding {
    /// The name used in errors (`"short_vec"`, `"u16"`, ...).
    const NAME: &'static str;

    /// Writes `len`.
    ///
    /// # Errors
    /// [`EncodeError::InvalidValue`] for a length the encoding cannot carry, or the writer's.
    fn write<W: Writer>(len: usize, e: &mut Encoder<W>) -> Result<(), EncodeError>;

    /// Reads a length (not yet checked against the input or the limit).
    ///
    /// # Errors
    /// The reader's, or [`DecodeErrorKind::InvalidLength`] for a malformed prefix.
    fn read<R: Reader>(d: &mut Decoder<R>) -> Result<u64, DecodeError>;
}

/// Solana's compact-u16 (`short_vec`): 1 to 3 bytes, 7 bits each, low group first, the high
/// bit saying another byte follows. Lengths above `u16::MAX` cannot be written, and a prefix
/// with a redundant zero byte or beyond `u16::MAX` is refused, as Solana does.
#[derive(Clone, Copy, Debug)]
pub struct ShortVec;

impl LenEncoding for ShortVec {
    const NAME: &'static str = "short_vec";

    #[inline]
    fn write<W: Writer>(len: usize, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        let Ok(mut rest) = u16::try_from(len) else {
            return Err(too_long(Self::NAME));
        };
        let mut buf = [0u8; 3];
        let mut used = 0;
        loop {
            let group = (rest & 0x7f) as u8;
            rest >>= 7;
            if rest == 0 {
                buf[used] = group;
                used += 1;
                break;
            }
            buf[used] = group | 0x80;
            used += 1;
        }
        e.write_bytes(&buf[..used])
    }

    #[inline]
    fn read<R: Reader>(d: &mut Decoder<R>) -> Result<u64, DecodeError> {
        let start = d.offset();
        let mut value = 0u64;
        for i in 0..3 {
            let [byte] = d.read_array::<1>()?;
            value |= u64::from(byte & 0x7f) << (7 * i);
            if byte & 0x80 == 0 {
                if i > 0 && byte == 0 {
                    return Err(invalid(d, start, Self::NAME, LengthFault::RedundantByte));
                }
                return if value > u64::from(u16::MAX) {
                    Err(invalid(d, start, Self::NAME, LengthFault::BeyondMax))
                } else {
                    Ok(value)
                };
            }
        }
        Err(invalid(d, start, Self::NAME, LengthFault::TooManyBytes))
    }
}

/// Fixed-width lengths of one integer type, in the byte order in force.
macro_rules! fixed_width_lens {
    ($($(#[$doc:meta])* $name:ident => $t:ty;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name;

        impl LenEncoding for $name {
            const NAME: &'static str = stringify!($t);

            #[inline]
            fn write<W: Writer>(len: usize, e: &mut Encoder<W>) -> Result<(), EncodeError> {
                let Ok(value) = <$t>::try_from(len) else {
                    return Err(too_long(Self::NAME));
                };
                match e.endian() {
                    Endian::Big => e.write_bytes(&value.to_be_bytes()),
                    Endian::Little => e.write_bytes(&value.to_le_bytes()),
                }
            }

            #[inline]
            fn read<R: Reader>(d: &mut Decoder<R>) -> Result<u64, DecodeError> {
                let bytes = d.read_array::<{ size_of::<$t>() }>()?;
                Ok(u64::from(match d.endian() {
                    Endian::Big => <$t>::from_be_bytes(bytes),
                    Endian::Little => <$t>::from_le_bytes(bytes),
                }))
            }
        }
    )*};
}

fixed_width_lens! {
    /// A one-byte length (at most 255 elements).
    U8 => u8;
    /// A two-byte length.
    U16 => u16;
    /// A four-byte length.
    U32 => u32;
    /// An eight-byte length, whatever the configuration's integer encoding.
    U64 => u64;
}

/// bincode's varint length, whatever the configuration's integer encoding.
#[derive(Clone, Copy, Debug)]
pub struct Varint;

impl LenEncoding for Varint {
    const NAME: &'static str = "varint";

    #[inline]
    fn write<W: Writer>(len: usize, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        let order = e.endian();
        e.write_varint(len as u128, order)
    }

    #[inline]
    fn read<R: Reader>(d: &mut Decoder<R>) -> Result<u64, DecodeError> {
        let order = d.endian();
        // At most 8 bytes wide, so it fits a `u64`.
        d.read_varint(8, order, "u64").map(|v| v as u64)
    }
}

/// A collection framed as a length and its items: `Vec<T>`, `Box<[T]>`, `String` (bytes).
pub trait Sequence: Sized {
    /// What the length counts.
    type Item;

    /// The items.
    fn items(&self) -> &[Self::Item];

    /// The collection of `items` read from `start`.
    ///
    /// # Errors
    /// The offset and kind of invalid content (a `String` that is not UTF-8).
    #[cfg(feature = "alloc")]
    fn from_items(
        items: alloc::vec::Vec<Self::Item>,
        start: usize,
    ) -> Result<Self, (usize, DecodeErrorKind)>;
}

#[cfg(feature = "alloc")]
impl<T> Sequence for alloc::vec::Vec<T> {
    type Item = T;

    #[inline]
    fn items(&self) -> &[T] {
        self
    }

    #[inline]
    fn from_items(items: Self, _: usize) -> Result<Self, (usize, DecodeErrorKind)> {
        Ok(items)
    }
}

#[cfg(feature = "alloc")]
impl<T> Sequence for alloc::boxed::Box<[T]> {
    type Item = T;

    #[inline]
    fn items(&self) -> &[T] {
        self
    }

    #[inline]
    fn from_items(items: alloc::vec::Vec<T>, _: usize) -> Result<Self, (usize, DecodeErrorKind)> {
        Ok(items.into_boxed_slice())
    }
}

#[cfg(feature = "alloc")]
impl Sequence for alloc::string::String {
    type Item = u8;

    #[inline]
    fn items(&self) -> &[u8] {
        self.as_bytes()
    }

    #[inline]
    fn from_items(
        items: alloc::vec::Vec<u8>,
        start: usize,
    ) -> Result<Self, (usize, DecodeErrorKind)> {
        alloc::string::String::from_utf8(items).map_err(|e| {
            (
                start + e.utf8_error().valid_up_to(),
                DecodeErrorKind::InvalidUtf8,
            )
        })
    }
}

/// Writes `seq` as an `L` length and its items.
///
/// # Errors
/// [`EncodeError::InvalidValue`] if `L` cannot carry the length, or an item's or the writer's
/// error.
#[inline]
pub fn encode<L: LenEncoding, S: Sequence, W: Writer>(
    seq: &S,
    e: &mut Encoder<W>,
) -> Result<(), EncodeError>
where
    S::Item: Encode,
{
    let items = seq.items();
    L::write(items.len(), e)?;
    S::Item::encode_slice(items, e)
}

/// Reads a sequence written by [`encode`]: the length is checked against the input and the
/// limit before anything is allocated, as for the configuration's lengths.
///
/// # Errors
/// As [`Decode::decode`] for a `Vec`, and [`DecodeErrorKind::InvalidLength`] for a malformed
/// prefix.
#[cfg(feature = "alloc")]
#[inline]
pub fn decode<L: LenEncoding, S: Sequence, R: Reader>(d: &mut Decoder<R>) -> Result<S, DecodeError>
where
    S::Item: Decode,
{
    d.nested(|d| {
        let start = d.offset();
        let len = L::read(d)?;
        let len = d.accept_len(start, len, S::Item::MIN_SIZE, size_of::<S::Item>())?;
        let items_start = d.offset();
        let items = S::Item::decode_vec(len, d)?;
        S::from_items(items, items_start).map_err(|(at, kind)| d.error_at(at, kind))
    })
}

/// Moves past a sequence written by [`encode`] (see [`Decode::skip`]).
///
/// # Errors
/// As [`decode`], except for content the items' own decode would refuse.
#[cfg(feature = "alloc")]
#[inline]
pub fn skip<L: LenEncoding, S: Sequence, R: Reader>(d: &mut Decoder<R>) -> Result<(), DecodeError>
where
    S::Item: Decode,
{
    d.nested(|d| {
        let start = d.offset();
        let len = L::read(d)?;
        let len = d.accept_len(start, len, S::Item::MIN_SIZE, size_of::<S::Item>())?;
        skip_items::<S::Item, R>(len, d)
    })
}

/// Moves past `len` values of `T`: at once when they have a static size, else one by one.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn skip_items<T: Decode, R: Reader>(
    len: usize,
    d: &mut Decoder<R>,
) -> Result<(), DecodeError> {
    if let Some(size) = d.static_size::<T>() {
        return d.skip_bytes(len.saturating_mul(size));
    }
    for _ in 0..len {
        T::skip(d)?;
    }
    Ok(())
}

#[cold]
fn too_long(encoding: &'static str) -> EncodeError {
    EncodeError::InvalidValue {
        type_name: encoding,
        reason: "the length does not fit this length encoding",
    }
}

#[cold]
fn invalid<R: Reader>(
    d: &Decoder<R>,
    start: usize,
    encoding: &'static str,
    fault: LengthFault,
) -> DecodeError {
    d.error_at(start, DecodeErrorKind::InvalidLength { encoding, fault })
}
