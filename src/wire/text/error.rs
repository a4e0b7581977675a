//! Errors of the text types. Each says what was wrong and where.

use core::fmt;

/// Why text did not fit or decode as a fixed UTF-8 field.
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
    InvalidUtf8 {
        /// Index of the first byte of the first invalid sequence.
        position: usize,
    },
}

/// Why text did not fit or decode as fixed UTF-16 code units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixedUtf16Error {
    /// An exact-size field (`CodeUnits`, `Packed`) got a different number of code units.
    WrongCodeUnitCount {
        /// The field's size in code units.
        expected: usize,
        /// The input's size in code units.
        found: usize,
    },
    /// A padded field got more code units than it holds.
    TooManyCodeUnits {
        /// The field's size in code units.
        max: usize,
        /// The input's size in code units.
        found: usize,
    },
    /// The code units are not valid UTF-16 (an unpaired surrogate).
    InvalidUtf16 {
        /// Index of the first code unit of the invalid sequence.
        position: usize,
    },
}

/// Why text did not fit or decode as fixed UTF-32 code units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixedUtf32Error {
    /// An exact-size field (`CodeUnits`, `Packed`) got a different number of code units.
    WrongCodeUnitCount {
        /// The field's size in code units.
        expected: usize,
        /// The input's size in code units.
        found: usize,
    },
    /// A padded field got more code units than it holds.
    TooManyCodeUnits {
        /// The field's size in code units.
        max: usize,
        /// The input's size in code units.
        found: usize,
    },
    /// A code unit is not a Unicode scalar value (a surrogate or above `0x10FFFF`).
    InvalidUtf32 {
        /// Index of the code unit.
        position: usize,
        /// Its value.
        value: u32,
    },
}

/// Why a growable UTF-16 string did not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Utf16Error {
    /// An unpaired surrogate.
    InvalidUtf16 {
        /// Index of the first code unit of the invalid sequence.
        position: usize,
    },
}

/// Why a growable UTF-32 string did not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Utf32Error {
    /// A code unit that is not a Unicode scalar value.
    InvalidUtf32 {
        /// Index of the code unit.
        position: usize,
        /// Its value.
        value: u32,
    },
}

/// Any error of the fixed text types, and the count error of [`FixedCodepointString`].
///
/// [`FixedCodepointString`]: crate::FixedCodepointString
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixedTextError {
    /// A [`FixedCodepointString<N>`](crate::FixedCodepointString) got a different number of
    /// scalar values than `N`.
    WrongCodepointCount {
        /// `N`.
        expected: usize,
        /// The input's number of scalar values.
        found: usize,
    },
    /// A fixed UTF-8 field error.
    Utf8(FixedUtf8Error),
    /// A fixed UTF-16 field error.
    Utf16(FixedUtf16Error),
    /// A fixed UTF-32 field error.
    Utf32(FixedUtf32Error),
}

impl fmt::Display for FixedUtf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooManyBytes { max, found } => write!(
                f,
                "text is {found} bytes of UTF-8 but the field holds at most {max}"
            ),
            Self::InvalidUtf8 { position } => {
                write!(f, "invalid UTF-8 at byte {position} of the field")
            }
        }
    }
}

impl fmt::Display for FixedUtf16Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::WrongCodeUnitCount { expected, found } => {
                write_count(f, "UTF-16", "exactly", expected, found)
            }
            Self::TooManyCodeUnits { max, found } => {
                write_count(f, "UTF-16", "at most", max, found)
            }
            Self::InvalidUtf16 { position } => Utf16Error::InvalidUtf16 { position }.fmt(f),
        }
    }
}

impl fmt::Display for FixedUtf32Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::WrongCodeUnitCount { expected, found } => {
                write_count(f, "UTF-32", "exactly", expected, found)
            }
            Self::TooManyCodeUnits { max, found } => {
                write_count(f, "UTF-32", "at most", max, found)
            }
            Self::InvalidUtf32 { position, value } => {
                Utf32Error::InvalidUtf32 { position, value }.fmt(f)
            }
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
        "text is {found} {encoding} code units but the field holds {bound} {size}"
    )
}

impl fmt::Display for Utf16Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self::InvalidUtf16 { position } = self;
        write!(
            f,
            "invalid UTF-16: unpaired surrogate at code unit {position}"
        )
    }
}

impl fmt::Display for Utf32Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self::InvalidUtf32 { position, value } = self;
        write!(
            f,
            "invalid UTF-32: {value:#x} at code unit {position} is not a Unicode scalar value"
        )
    }
}

impl fmt::Display for FixedTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::WrongCodepointCount { expected, found } => write!(
                f,
                "text has {found} characters but the field holds exactly {expected}"
            ),
            Self::Utf8(e) => e.fmt(f),
            Self::Utf16(e) => e.fmt(f),
            Self::Utf32(e) => e.fmt(f),
        }
    }
}

impl From<FixedUtf8Error> for FixedTextError {
    fn from(e: FixedUtf8Error) -> Self {
        Self::Utf8(e)
    }
}

impl From<FixedUtf16Error> for FixedTextError {
    fn from(e: FixedUtf16Error) -> Self {
        Self::Utf16(e)
    }
}

impl From<FixedUtf32Error> for FixedTextError {
    fn from(e: FixedUtf32Error) -> Self {
        Self::Utf32(e)
    }
}

impl From<Utf16Error> for FixedUtf16Error {
    fn from(e: Utf16Error) -> Self {
        let Utf16Error::InvalidUtf16 { position } = e;
        Self::InvalidUtf16 { position }
    }
}

impl From<Utf32Error> for FixedUtf32Error {
    fn from(e: Utf32Error) -> Self {
        let Utf32Error::InvalidUtf32 { position, value } = e;
        Self::InvalidUtf32 { position, value }
    }
}

impl core::error::Error for FixedUtf8Error {}
impl core::error::Error for FixedUtf16Error {}
impl core::error::Error for FixedUtf32Error {}
impl core::error::Error for Utf16Error {}
impl core::error::Error for Utf32Error {}
impl core::error::Error for FixedTextError {}
