//! Text in a declared byte order: fixed-size fields and growable strings (needs `alloc`).
//!
//! Binary formats store names and labels as fixed-size fields: `[u8; 16]` of UTF-8 padded with
//! NULs or spaces, or UTF-16/UTF-32 code units in the format's byte order. These types hold such
//! fields *as their wire bytes* (so they can sit in a `#[repr(C)]` wire struct) and convert to and
//! from `&str` / `String`.
//!
//! | family | storage | built from `&str` |
//! |---|---|---|
//! | [`FixedUtf8Bytes<N>`], [`FixedUtf8NullPadded<N>`], [`FixedUtf8SpacePadded<N>`] | `[u8; N]` | at most `N` bytes, padded |
//! | `FixedUtf16{Le,Be}CodeUnits<N>` / `...Packed<N>` | `[u16xx; N]` | exactly `N` code units |
//! | `FixedUtf16{Le,Be}{NullPadded,SpacePadded}<N>` | `[u16xx; N]` | at most `N` code units, padded |
//! | the same for UTF-32 | `[u32xx; N]` | as above |
//! | [`FixedCodepointString<N>`] | `[char; N]` | exactly `N` scalar values |
//! | [`Utf16StringBE`], [`Utf32StringLE`], ... | `Vec<u16be>` ... | any length |
//!
//! Padding rules: a padded field built from text is the text followed by the pad unit (NUL or
//! space) up to `N`; decoding removes the *trailing* pad units. Text that itself ends in the pad
//! unit therefore does not round-trip, which is inherent to padded fields.
//!
//! Every type stores its declared byte order on every host, whichever way it was built:
//!
//! ```
//! use endian_wire::{FixedUtf16BeNullPadded, FixedUtf8SpacePadded};
//! use endian_wire::zerocopy::IntoBytes;
//!
//! let name = FixedUtf16BeNullPadded::<4>::try_from("AB").unwrap();
//! assert_eq!(name.as_bytes(), &[0, 0x41, 0, 0x42, 0, 0, 0, 0]);
//! assert_eq!(String::try_from(&name).unwrap(), "AB");
//!
//! let label = FixedUtf8SpacePadded::<6>::try_from("disk").unwrap();
//! assert_eq!(label.as_bytes(), b"disk  ");
//! assert_eq!(label.as_str().unwrap(), "disk");
//! ```

use alloc::string::String;

/// Applies `$mac!` to the fixed text types that stand for a `String` (padded UTF-8, and the
/// UTF-16/32 types with a padding convention), so the traits that treat them as text
/// (`WireBytes`, framing, serde) list them once.
macro_rules! for_string_fields {
    ($mac:ident) => {
        $mac!(
            FixedUtf8NullPadded,
            FixedUtf8SpacePadded,
            FixedUtf16LePacked,
            FixedUtf16BePacked,
            FixedUtf16LeNullPadded,
            FixedUtf16BeNullPadded,
            FixedUtf16LeSpacePadded,
            FixedUtf16BeSpacePadded,
            FixedUtf32LePacked,
            FixedUtf32BePacked,
            FixedUtf32LeNullPadded,
            FixedUtf32BeNullPadded,
            FixedUtf32LeSpacePadded,
            FixedUtf32BeSpacePadded
        );
    };
}
pub(crate) use for_string_fields;

mod code_unit;
mod codepoint;
#[cfg(feature = "encoding_rs")]
pub mod encoding_rs;
mod error;
mod fixed_units;
mod padding;
#[cfg(feature = "serde")]
mod serde;
mod strings;
pub mod utf8;

pub use code_unit::CodeUnit;
pub use codepoint::{FixedCodepointStr, FixedCodepointString};
pub use error::{
    FixedTextError, FixedUtf8Error, FixedUtf16Error, FixedUtf32Error, TextError, Utf16Error,
    Utf32Error,
};

/// A fixed-size text field that holds a `String`'s text: the conversions of its `TryFrom`
/// impls, with errors that say exactly what and where ([`TextError`]) instead of
/// simple_endian's error shapes. Derived conversions and framing use it.
///
/// ```
/// use endian_wire::text::{FixedText, TextError};
/// use endian_wire::FixedUtf8NullPadded;
///
/// let field = FixedUtf8NullPadded::<4>::from(endian_wire::FixedUtf8Bytes::from(*b"ab\xffc"));
/// assert_eq!(field.decode_text(), Err(TextError::InvalidUtf8 { position: 2 }));
/// // The `TryFrom` impl reports simple_endian's shape.
/// assert_eq!(String::try_from(&field), Err(endian_wire::FixedUtf8Error::InvalidUtf8));
/// ```
pub trait FixedText: Sized {
    /// Stores `text`.
    ///
    /// # Errors
    /// [`TextError`] if it does not fit.
    fn encode_text(text: &str) -> Result<Self, TextError>;

    /// The stored text, trailing padding removed.
    ///
    /// # Errors
    /// [`TextError`] naming the first invalid code unit.
    fn decode_text(&self) -> Result<String, TextError>;
}
pub use fixed_units::*;
pub use strings::*;
pub use utf8::*;
