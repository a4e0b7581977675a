//! Single-byte and other legacy encodings for the fixed byte fields, through
//! [encoding_rs](https://docs.rs/encoding_rs) (feature `encoding_rs`).
//!
//! ```
//! use endian_wire::encoding_rs::{decode_null_padded, encode_null_padded};
//!
//! let field = encode_null_padded::<8>(::encoding_rs::WINDOWS_1252, "Café").unwrap();
//! assert_eq!(field.as_bytes(), &[b'C', b'a', b'f', 0xE9, 0, 0, 0, 0]);
//! assert_eq!(decode_null_padded(::encoding_rs::WINDOWS_1252, &field).unwrap(), "Café");
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use ::encoding_rs::{EncoderResult, Encoding};

use super::padding::{fill, trimmed_len};
use super::{FixedUtf8Bytes, FixedUtf8NullPadded, FixedUtf8SpacePadded};

/// Why a legacy-encoded field did not encode or decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodingRsError {
    /// The encoded text needs more bytes than the field has.
    TooManyBytes {
        /// The field's size.
        max: usize,
        /// The encoded text's size.
        found: usize,
    },
    /// The bytes are not valid in the encoding, or the text has a character the encoding
    /// cannot represent.
    MalformedInput,
}

impl fmt::Display for EncodingRsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooManyBytes { max, found } => write!(
                f,
                "encoded text is {found} bytes but the field holds at most {max}"
            ),
            Self::MalformedInput => f.write_str("text not representable in the encoding"),
        }
    }
}

impl core::error::Error for EncodingRsError {}

/// Encodes `text` strictly (no replacement characters) and pads it with `pad` to `N` bytes.
fn encode_padded<const N: usize>(
    encoding: &'static Encoding,
    text: &str,
    pad: u8,
) -> Result<[u8; N], EncodingRsError> {
    let mut encoder = encoding.new_encoder();
    let capacity = encoder
        .max_buffer_length_from_utf8_without_replacement(text.len())
        .ok_or(EncodingRsError::MalformedInput)?;
    let mut encoded = Vec::with_capacity(capacity);
    let (result, _) = encoder.encode_from_utf8_to_vec_without_replacement(text, &mut encoded, true);
    if !matches!(result, EncoderResult::InputEmpty) {
        return Err(EncodingRsError::MalformedInput);
    }
    let mut bytes = [pad; N];
    fill(&mut bytes, encoded.iter().copied(), pad)
        .map_err(|found| EncodingRsError::TooManyBytes { max: N, found })?;
    Ok(bytes)
}

/// Decodes `bytes` (trailing `pad` bytes removed) strictly.
fn decode_trimmed(
    encoding: &'static Encoding,
    bytes: &[u8],
    pad: u8,
) -> Result<String, EncodingRsError> {
    let text = &bytes[..trimmed_len(bytes, &pad)];
    encoding
        .decode_without_bom_handling_and_without_replacement(text)
        .map(String::from)
        .ok_or(EncodingRsError::MalformedInput)
}

/// Encodes `text` in `encoding` into a NUL-padded field of `N` bytes.
///
/// # Errors
/// [`EncodingRsError::MalformedInput`] if a character has no encoding,
/// [`EncodingRsError::TooManyBytes`] if the result does not fit.
pub fn encode_null_padded<const N: usize>(
    encoding: &'static Encoding,
    text: &str,
) -> Result<FixedUtf8NullPadded<N>, EncodingRsError> {
    encode_padded(encoding, text, 0).map(|b| FixedUtf8NullPadded(FixedUtf8Bytes::from(b)))
}

/// Encodes `text` in `encoding` into a space-padded field of `N` bytes.
///
/// # Errors
/// As [`encode_null_padded`].
pub fn encode_space_padded<const N: usize>(
    encoding: &'static Encoding,
    text: &str,
) -> Result<FixedUtf8SpacePadded<N>, EncodingRsError> {
    encode_padded(encoding, text, b' ').map(|b| FixedUtf8SpacePadded(FixedUtf8Bytes::from(b)))
}

/// Decodes a NUL-padded field written in `encoding`, trailing NULs removed.
///
/// # Errors
/// [`EncodingRsError::MalformedInput`] if the bytes are not valid in the encoding.
pub fn decode_null_padded<const N: usize>(
    encoding: &'static Encoding,
    field: &FixedUtf8NullPadded<N>,
) -> Result<String, EncodingRsError> {
    decode_trimmed(encoding, field.as_bytes(), 0)
}

/// Decodes a space-padded field written in `encoding`, trailing spaces removed.
///
/// # Errors
/// As [`decode_null_padded`].
pub fn decode_space_padded<const N: usize>(
    encoding: &'static Encoding,
    field: &FixedUtf8SpacePadded<N>,
) -> Result<String, EncodingRsError> {
    decode_trimmed(encoding, field.as_bytes(), b' ')
}
