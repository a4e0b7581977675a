//! Errors of the text types. Each says what was wrong and where.

use core::fmt;

/// Why text did not fit or decode as a fixed UTF-8 field (simple_endian's shape; the
/// position of invalid bytes is in [`TextError`], from [`FixedText::decode_text`]).
///
/// [`FixedText::decode_text`]: crate::text::FixedText::decode_text
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixedUtf8Error {
    /// The text needs more bytes than the field has.
    TooManyBytes {
        /// The field's size in bytes.
        max: usize,
        /// The text's size in bytes.
        found: usize,
    },
    /// The field's bytes are not UTF-8.
    InvalidUtf8,
}

/// Why text did not fit or decode as fixed UTF-16 code units (simple_endian's shape; details
/// in [`TextError`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixedUtf16Error {
    /// The text has a different number of code units than the field holds (exactly `N` for
    /// packed fields, at most `N` for padded ones).
    WrongCodeUnitCount {
        /// The field's size in code units.
        expected: usize,
        /// The input's size in code units.
        found: usize,
    },
    /// The code units are not valid UTF-16 (an unpaired surrogate).
    InvalidUtf16,
}

/// Why text did not fit or decode as fixed UTF-32 code units (simple_endian's shape; details
/// in [`TextError`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixedUtf32Error {
    /// The text has a different number of code units than the field holds (exactly `N` for
    /// packed fields, at most `N` for padded ones).
    WrongCodeUnitCount {
        /// The field's size in code units.
        expected: usize,
        /// The input's size in code units.
        found: usize,
    },
    /// A code unit is not a Unicode scalar value (a surrogate or above `0x10FFFF`).
    InvalidUtf32,
}

/// Why a growable UTF-16 string did not decode (simple_endian's shape).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Utf16Error {
    /// An unpaired surrogate.
    InvalidUtf16,
}

/// Why a growable UTF-32 string did not decode (simple_endian's shape).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Utf32Error {
    /// A code unit that is not a Unicode scalar value.
    InvalidUtf32,
}

/// Why a [`FixedCodepointString`] could not be built (simple_endian's shape).
///
/// [`FixedCodepointString`]: super::FixedCodepointString
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixedTextError {
    /// A [`FixedCodepointString<N>`](super::FixedCodepointString) got a different number of
    /// scalar values than `N`.
    WrongCodepointCount {
        /// `N`.
        expected: usize,
        /// The input's number of scalar values.
        found: usize,
    },
}

/// Any error of the text types, saying exactly what and where: the detail behind the
/// simple_endian-shaped errors above (which it converts into). Framing and derived conversions
/// report it; [`FixedText`](crate::text::FixedText) returns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TextError {
    /// A fixed UTF-8 field got more bytes than it holds.
    TooManyBytes {
        /// The field's size in bytes.
        max: usize,
        /// The text's size in bytes.
        found: usize,
    },
    /// An exact-size field (UTF-16/32 `CodeUnits`, `Packed`) got a different number of code
    /// units.
    WrongCodeUnitCount {
        /// The field's size in code units.
        expected: usize,
        /// The input's size in code units.
        found: usize,
    },
    /// A padded UTF-16/32 field got more code units than it holds.
    TooManyCodeUnits {
        /// The field's size in code units.
        max: usize,
        /// The input's size in code units.
        found: usize,
    },
    /// A [`FixedCodepointString<N>`](super::FixedCodepointString) got a different number of
    /// scalar values than `N`.
    WrongCodepointCount {
        /// `N`.
        expected: usize,
        /// The input's number of scalar values.
        found: usize,
    },
    /// Bytes that are not UTF-8.
    InvalidUtf8 {
        /// Index of the first byte of the first invalid sequence.
        position: usize,
    },
    /// An unpaired UTF-16 surrogate.
    InvalidUtf16 {
        /// Index of the first code unit of the invalid sequence.
        position: usize,
    },
    /// A UTF-32 code unit that is not a Unicode scalar value.
    InvalidUtf32 {
        /// Index of the code unit.
        position: usize,
        /// Its value.
        value: u32,
    },
}

impl fmt::Display for FixedUtf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::TooManyBytes { max, found } => TextError::TooManyBytes { max, found }.fmt(f),
            Self::InvalidUtf8 => f.write_str("invalid UTF-8"),
        }
    }
}

impl fmt::Display for FixedUtf16Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::WrongCodeUnitCount { expected, found } => {
                write_count(f, "UTF-16", "", expected, found)
            }
            Self::InvalidUtf16 => Utf16Error::InvalidUtf16.fmt(f),
        }
    }
}

impl fmt::Display for FixedUtf32Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::WrongCodeUnitCount { expected, found } => {
                write_count(f, "UTF-32", "", expected, found)
            }
            Self::InvalidUtf32 => Utf32Error::InvalidUtf32.fmt(f),
        }
    }
}

impl fmt::Display for Utf16Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid UTF-16: an unpaired surrogate")
    }
}

impl fmt::Display for Utf32Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid UTF-32: a code unit that is not a Unicode scalar value")
    }
}

impl fmt::Display for FixedTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self::WrongCodepointCount { expected, found } = *self;
        TextError::WrongCodepointCount { expected, found }.fmt(f)
    }
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::TooManyBytes { max, found } => write!(
                f,
                "text is {found} bytes of UTF-8 but the field holds at most {max}"
            ),
            Self::WrongCodeUnitCount { expected, found } => {
                write_count(f, "UTF-16/32", "exactly ", expected, found)
            }
            Self::TooManyCodeUnits { max, found } => {
                write_count(f, "UTF-16/32", "at most ", max, found)
            }
            Self::WrongCodepointCount { expected, found } => write!(
                f,
                "text has {found} characters but the field holds exactly {expected}"
            ),
            Self::InvalidUtf8 { position } => write!(f, "invalid UTF-8 at byte {position}"),
            Self::InvalidUtf16 { position } => write!(
                f,
                "invalid UTF-16: unpaired surrogate at code unit {position}"
            ),
            Self::InvalidUtf32 { position, value } => write!(
                f,
                "invalid UTF-32: {value:#x} at code unit {position} is not a Unicode scalar value"
            ),
        }
    }
}

fn write_count(
    f: &mut fmt::Formatter<'_>,
    encoding: &str,
    bound: &str,
    size: usize,
    found: usize,
) -> fmt::Result {
    write!(
        f,
        "text is {found} {encoding} code units but the field holds {bound}{size}"
    )
}

/// The detail, reduced to simple_endian's shape.
impl From<TextError> for FixedUtf8Error {
    fn from(e: TextError) -> Self {
        match e {
            TextError::TooManyBytes { max, found } => Self::TooManyBytes { max, found },
            _ => Self::InvalidUtf8,
        }
    }
}

impl From<TextError> for Utf16Error {
    fn from(_: TextError) -> Self {
        Self::InvalidUtf16
    }
}

impl From<TextError> for Utf32Error {
    fn from(_: TextError) -> Self {
        Self::InvalidUtf32
    }
}

/// As simple_endian converts: sizes become a count, invalid text a count of zero.
impl From<FixedUtf8Error> for FixedTextError {
    fn from(e: FixedUtf8Error) -> Self {
        match e {
            FixedUtf8Error::TooManyBytes { max, found } => Self::WrongCodepointCount {
                expected: max,
                found,
            },
            FixedUtf8Error::InvalidUtf8 => Self::WrongCodepointCount {
                expected: 0,
                found: 0,
            },
        }
    }
}

/// For the UTF-16 and UTF-32 field errors: `From<TextError>` (the detail reduced to
/// simple_endian's shape; too many units for a padded field is a wrong count there), and
/// simple_endian's conversion into `FixedTextError` (sizes become a count, invalid text a count
/// of zero).
macro_rules! code_unit_error_conversions {
    ($($Error:ident::$Invalid:ident),*) => {$(
        impl From<TextError> for $Error {
            fn from(e: TextError) -> Self {
                match e {
                    TextError::WrongCodeUnitCount { expected, found }
                    | TextError::TooManyCodeUnits {
                        max: expected,
                        found,
                    } => Self::WrongCodeUnitCount { expected, found },
                    _ => Self::$Invalid,
                }
            }
        }

        impl From<$Error> for FixedTextError {
            fn from(e: $Error) -> Self {
                match e {
                    $Error::WrongCodeUnitCount { expected, found } => {
                        Self::WrongCodepointCount { expected, found }
                    }
                    $Error::$Invalid => Self::WrongCodepointCount {
                        expected: 0,
                        found: 0,
                    },
                }
            }
        }
    )*};
}
code_unit_error_conversions!(FixedUtf16Error::InvalidUtf16, FixedUtf32Error::InvalidUtf32);

impl From<FixedTextError> for TextError {
    fn from(e: FixedTextError) -> Self {
        let FixedTextError::WrongCodepointCount { expected, found } = e;
        Self::WrongCodepointCount { expected, found }
    }
}

impl core::error::Error for FixedUtf8Error {}
impl core::error::Error for FixedUtf16Error {}
impl core::error::Error for FixedUtf32Error {}
impl core::error::Error for Utf16Error {}
impl core::error::Error for Utf32Error {}
impl core::error::Error for FixedTextError {}
impl core::error::Error for TextError {}
