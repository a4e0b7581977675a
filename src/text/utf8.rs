//! Fixed-size UTF-8 fields: `[u8; N]` with a padding convention.
//!
//! UTF-8 has no byte order, so these are plain bytes on the wire.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout, Unaligned};

use super::padding::{fill, trimmed_len};
use super::{FixedText, FixedUtf8Error, TextError};

/// Exactly `N` bytes meant to hold UTF-8, with no padding convention of their own.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    FromBytes,
    IntoBytes,
    KnownLayout,
    Immutable,
    Unaligned,
)]
#[repr(transparent)]
pub struct FixedUtf8Bytes<const N: usize> {
    bytes: [u8; N],
}

/// A borrowed view of exactly `N` UTF-8 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct FixedUtf8BytesRef<'a, const N: usize>(pub &'a [u8; N]);

impl<const N: usize> FixedUtf8Bytes<N> {
    /// The field's bytes.
    pub const fn as_bytes(&self) -> &[u8; N] {
        &self.bytes
    }

    /// The field's bytes, mutable.
    pub const fn as_bytes_mut(&mut self) -> &mut [u8; N] {
        &mut self.bytes
    }

    /// All `N` bytes as UTF-8 (no trimming).
    ///
    /// # Errors
    /// [`FixedUtf8Error::InvalidUtf8`] (the position is in [`utf8_error`](Self::utf8_error)).
    pub fn as_str(&self) -> Result<&str, FixedUtf8Error> {
        utf8(&self.bytes).map_err(Into::into)
    }

    /// Where the bytes stop being UTF-8, if they do.
    #[must_use]
    pub fn utf8_error(&self) -> Option<TextError> {
        utf8(&self.bytes).err()
    }
}

impl<'a, const N: usize> FixedUtf8BytesRef<'a, N> {
    /// The referenced bytes.
    pub const fn as_bytes(&self) -> &'a [u8; N] {
        self.0
    }
}

impl<const N: usize> From<[u8; N]> for FixedUtf8Bytes<N> {
    fn from(bytes: [u8; N]) -> Self {
        Self { bytes }
    }
}

impl<const N: usize> From<FixedUtf8Bytes<N>> for [u8; N] {
    fn from(v: FixedUtf8Bytes<N>) -> Self {
        v.bytes
    }
}

impl<'a, const N: usize> From<&'a [u8; N]> for FixedUtf8BytesRef<'a, N> {
    fn from(bytes: &'a [u8; N]) -> Self {
        Self(bytes)
    }
}

impl<const N: usize> fmt::Debug for FixedUtf8Bytes<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", String::from_utf8_lossy(&self.bytes))
    }
}

fn utf8(bytes: &[u8]) -> Result<&str, TextError> {
    core::str::from_utf8(bytes).map_err(|e| TextError::InvalidUtf8 {
        position: e.valid_up_to(),
    })
}

macro_rules! padded_utf8 {
    ($(#[$doc:meta])* $Name:ident, $pad:expr) => {
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
            FromBytes, IntoBytes, KnownLayout, Immutable, Unaligned,
        )]
        #[repr(transparent)]
        pub struct $Name<const N: usize>(pub FixedUtf8Bytes<N>);

        impl<const N: usize> $Name<N> {
            /// The pad byte.
            pub const PAD: u8 = $pad;

            /// The field's bytes, padding included.
            pub const fn as_bytes(&self) -> &[u8; N] {
                &self.0.bytes
            }

            /// The text without its trailing padding, borrowed from the field.
            ///
            /// # Errors
            /// [`FixedUtf8Error::InvalidUtf8`] (the position is in
            /// [`FixedText::decode_text`]'s error).
            pub fn as_str(&self) -> Result<&str, FixedUtf8Error> {
                self.text().map_err(Into::into)
            }

            fn text(&self) -> Result<&str, TextError> {
                utf8(&self.0.bytes[..trimmed_len(&self.0.bytes, &$pad)])
            }
        }

        impl<const N: usize> FixedText for $Name<N> {
            fn encode_text(text: &str) -> Result<Self, TextError> {
                let mut bytes = [$pad; N];
                fill(&mut bytes, text.bytes(), $pad)
                    .map_err(|found| TextError::TooManyBytes { max: N, found })?;
                Ok(Self(FixedUtf8Bytes { bytes }))
            }

            fn decode_text(&self) -> Result<String, TextError> {
                self.text().map(String::from)
            }
        }

        impl<const N: usize> From<FixedUtf8Bytes<N>> for $Name<N> {
            fn from(v: FixedUtf8Bytes<N>) -> Self {
                Self(v)
            }
        }

        impl<const N: usize> From<$Name<N>> for FixedUtf8Bytes<N> {
            fn from(v: $Name<N>) -> Self {
                v.0
            }
        }

        impl<const N: usize> TryFrom<&str> for $Name<N> {
            type Error = FixedUtf8Error;

            fn try_from(text: &str) -> Result<Self, FixedUtf8Error> {
                Self::encode_text(text).map_err(Into::into)
            }
        }

        impl<const N: usize> TryFrom<String> for $Name<N> {
            type Error = FixedUtf8Error;

            fn try_from(text: String) -> Result<Self, FixedUtf8Error> {
                Self::try_from(text.as_str())
            }
        }

        impl<const N: usize> TryFrom<&$Name<N>> for String {
            type Error = FixedUtf8Error;

            fn try_from(v: &$Name<N>) -> Result<Self, FixedUtf8Error> {
                v.as_str().map(String::from)
            }
        }

        /// All `N` bytes, padding included.
        impl<const N: usize> From<&$Name<N>> for Vec<u8> {
            fn from(v: &$Name<N>) -> Self {
                v.0.bytes.to_vec()
            }
        }

        /// The text without padding; invalid UTF-8 is shown with replacement characters.
        impl<const N: usize> fmt::Display for $Name<N> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let text = &self.0.bytes[..trimmed_len(&self.0.bytes, &$pad)];
                f.pad(&String::from_utf8_lossy(text))
            }
        }
    };
}

padded_utf8!(
    /// UTF-8 text padded with NUL bytes to exactly `N` bytes.
    FixedUtf8NullPadded,
    0u8
);
padded_utf8!(
    /// UTF-8 text padded with spaces to exactly `N` bytes.
    FixedUtf8SpacePadded,
    b' '
);
