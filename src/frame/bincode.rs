//! bincode 2 integration (feature `bincode`): `bincode::Encode`, `Decode` and `BorrowDecode`
//! for the wrappers, wire chars, fixed text types and derived types, byte-identical with the
//! logical types under the matching configuration.
//!
//! Each impl reads bincode's configuration at run time (byte order, fixed-int or varint) and
//! runs this crate's framing on bincode's writer or reader, so the bytes are the ones
//! [`frame`](super) produces.
//!
//! Hostile input: bincode's limit, when configured, applies to every byte read and every
//! allocation (through `claim_bytes_read`). Without one, the lengths this crate reads (inside
//! wrappers' containers and derived types, at any depth) are still bounded by what arrives:
//! bincode's reader does not say how much input is left, so collections grow as their elements
//! are read instead of being preallocated. A bare `Vec<T>` or `String` at the top of a message
//! is bincode's own impl and preallocates whatever its length claims when no limit is set
//! (bincode-org/bincode#764): configure a limit for untrusted input.
//!
//! ```
//! use endian_wire::u32be;
//! let bytes = bincode::encode_to_vec(&[u32be::new(1), u32be::new(2)], bincode::config::legacy())?;
//! assert_eq!(bytes, [0, 0, 0, 1, 0, 0, 0, 2]); // the wrapper's order, whatever the config's
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use ::bincode as bc;
use bc::config::{Config as BcConfig, Endianness, IntEncoding as BcInts};

use super::{
    Config, Decode, DecodeErrorKind, Decoder, Encode, EncodeError, Encoder, Reader, Writer,
};

/// Our configuration for bincode's (bincode enforces its own limit, so ours is off).
fn config_of<C: BcConfig>(config: &C) -> Config {
    // Both enums are `non_exhaustive`; bincode 2.0 has exactly these variants.
    let base = match config.int_encoding() {
        BcInts::Variable => Config::standard(),
        _ => Config::legacy(),
    };
    let base = match config.endianness() {
        Endianness::Big => base.with_big_endian(),
        _ => base.with_little_endian(),
    };
    base.with_no_limit()
}

/// Our `Writer` over bincode's, keeping bincode's own error.
struct ToBincode<'a, W> {
    inner: &'a mut W,
    error: Option<bc::error::EncodeError>,
}

impl<W: bc::enc::write::Writer> Writer for ToBincode<'_, W> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.inner.write(bytes).map_err(|e| {
            self.error = Some(e);
            // Replaced by the stored error in `encode`.
            EncodeError::OutputFull {
                needed: bytes.len(),
                available: 0,
            }
        })
    }
}

/// Encodes `value` with this crate's framing onto bincode's encoder.
///
/// # Errors
/// bincode's writer error, or the framing error as `EncodeError::Other`.
#[doc(hidden)]
pub fn encode<T: Encode + ?Sized, E: bc::enc::Encoder>(
    value: &T,
    encoder: &mut E,
) -> Result<(), bc::error::EncodeError> {
    let config = config_of(encoder.config());
    let mut writer = ToBincode {
        inner: encoder.writer(),
        error: None,
    };
    let result = value.encode(&mut Encoder::new(&mut writer, config));
    match (result, writer.error) {
        (Ok(()), _) => Ok(()),
        (Err(_), Some(e)) => Err(e),
        (Err(EncodeError::InvalidValue { reason, .. }), None) => {
            Err(bc::error::EncodeError::Other(reason))
        }
        (Err(_), None) => Err(bc::error::EncodeError::Other("endian_wire framing failed")),
    }
}

/// Our `Reader` over bincode's decoder, claiming every byte read and every allocation
/// against bincode's limit and keeping bincode's own error.
struct FromBincode<'a, D> {
    decoder: &'a mut D,
    error: Option<bc::error::DecodeError>,
}

impl<D: bc::de::Decoder> Reader for FromBincode<'_, D> {
    #[inline]
    fn read(&mut self, dst: &mut [u8]) -> Result<(), DecodeErrorKind> {
        let result = self
            .decoder
            .claim_bytes_read(dst.len())
            .and_then(|()| bc::de::read::Reader::read(self.decoder.reader(), dst));
        result.map_err(|e| {
            self.error = Some(e);
            DecodeErrorKind::UnexpectedEnd { needed: dst.len() }
        })
    }

    fn claim_allocation(&mut self, bytes: usize) -> Result<(), DecodeErrorKind> {
        // bincode charges container allocations to the same limit as bytes read; release
        // the claim so that reading the elements charges them once.
        self.decoder
            .claim_bytes_read(bytes)
            .map(|()| self.decoder.unclaim_bytes_read(bytes))
            .map_err(|e| {
                self.error = Some(e);
                DecodeErrorKind::UnexpectedEnd { needed: bytes }
            })
    }
}

/// Decodes a `T` with this crate's framing from bincode's decoder.
///
/// # Errors
/// bincode's reader or limit error, or the framing error as `DecodeError::Other`.
#[doc(hidden)]
pub fn decode<T: Decode, D: bc::de::Decoder>(decoder: &mut D) -> Result<T, bc::error::DecodeError> {
    let config = config_of(decoder.config());
    let mut reader = FromBincode {
        decoder,
        error: None,
    };
    let result = T::decode(&mut Decoder::new(&mut reader, config));
    match (result, reader.error) {
        (Ok(v), _) => Ok(v),
        (Err(_), Some(e)) => Err(e),
        (Err(e), None) => Err(bc::error::DecodeError::Other(kind_name(&e.kind))),
    }
}

fn kind_name(kind: &DecodeErrorKind) -> &'static str {
    match kind {
        DecodeErrorKind::InvalidBool(_) => "invalid bool",
        DecodeErrorKind::InvalidOptionTag(_) => "invalid Option tag",
        DecodeErrorKind::UnknownVariant { .. } => "unknown enum variant",
        DecodeErrorKind::InvalidUtf8 => "invalid UTF-8",
        DecodeErrorKind::InvalidValue { .. } => "invalid value",
        DecodeErrorKind::ReservedVarintMarker | DecodeErrorKind::VarintTooWide { .. } => {
            "invalid varint"
        }
        DecodeErrorKind::OutOfRange { .. } => "value out of range",
        DecodeErrorKind::LengthTooLarge { .. } => "length too large",
        _ => "endian_wire framing failed",
    }
}

/// `bincode::Encode`, `Decode` and `BorrowDecode` through this crate's framing.
macro_rules! via_frame {
    ($([$($generics:tt)*] $T:ty;)*) => {$(
        impl<$($generics)*> bc::Encode for $T {
            #[inline]
            fn encode<E: bc::enc::Encoder>(&self, e: &mut E) -> Result<(), bc::error::EncodeError> {
                encode(self, e)
            }
        }

        impl<Ctx, $($generics)*> bc::Decode<Ctx> for $T {
            #[inline]
            fn decode<D: bc::de::Decoder<Context = Ctx>>(d: &mut D) -> Result<Self, bc::error::DecodeError> {
                decode(d)
            }
        }

        impl<'de, Ctx, $($generics)*> bc::BorrowDecode<'de, Ctx> for $T {
            #[inline]
            fn borrow_decode<D: bc::de::BorrowDecoder<'de, Context = Ctx>>(
                d: &mut D,
            ) -> Result<Self, bc::error::DecodeError> {
                decode(d)
            }
        }
    )*};
}

macro_rules! wrappers {
    ($($t:ty),*) => {$(
        via_frame! {
            [] crate::wire::BigEndian<$t>;
            [] crate::wire::LittleEndian<$t>;
        }
    )*};
}
wrappers!(
    u8, i8, bool, u16, u32, u64, u128, usize, i16, i32, i64, i128, isize, f32, f64
);
wrappers!(
    core::num::NonZero<u8>,
    core::num::NonZero<u16>,
    core::num::NonZero<u32>,
    core::num::NonZero<u64>,
    core::num::NonZero<u128>,
    core::num::NonZero<usize>,
    core::num::NonZero<i8>,
    core::num::NonZero<i16>,
    core::num::NonZero<i32>,
    core::num::NonZero<i64>,
    core::num::NonZero<i128>,
    core::num::NonZero<isize>
);
via_frame! {
    [] crate::wire::BigEndianChar;
    [] crate::wire::LittleEndianChar;
}

#[cfg(feature = "alloc")]
macro_rules! text {
    ($($T:ident),*) => {
        via_frame! { $([const N: usize] crate::text::$T<N>;)* }
    };
}
#[cfg(feature = "alloc")]
crate::text::for_string_fields!(text);
