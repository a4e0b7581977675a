//! What NBT reading and writing report: an [`Error`] naming the byte offset and what was
//! expected there.

use core::fmt;

/// Reading or writing NBT failed: at byte `offset` of the input (for reading), why.
///
/// With `std`, it converts to a [`std::io::Error`] of kind `UnexpectedEof` (the input ended),
/// `InvalidInput` (a value that NBT cannot hold, when writing) or `InvalidData` (the rest).
///
/// ```
/// use endian_wire::nbt::{self, ErrorKind};
/// // A compound tag named "a", then nothing: the input ends where a tag type was expected.
/// let err = nbt::from_bytes(&[10, 0, 1, b'a']).unwrap_err();
/// assert_eq!(err.offset(), 4);
/// assert!(matches!(err.kind(), ErrorKind::UnexpectedEof { .. }));
/// assert_eq!(err.to_string(), "NBT: input ended at byte 4: 1 more byte needed for a tag type");
/// ```
#[derive(Debug)]
pub struct Error {
    offset: usize,
    kind: ErrorKind,
}

/// Why NBT could not be read or written.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input ended: `needed` more bytes were required for `what`. A length prefix asking for
    /// more than the input holds is reported this way, before anything is allocated.
    UnexpectedEof {
        /// Bytes required.
        needed: usize,
        /// What was being read ("a tag type", "an int array", ...).
        what: &'static str,
    },
    /// A tag type byte that names no tag (above 12), or End where a value is required.
    InvalidTagType {
        /// The byte read.
        found: u8,
        /// Where it was read ("a compound entry", "a list's element type", "the root").
        context: &'static str,
    },
    /// The root tag is not a compound.
    RootNotCompound {
        /// The root's tag type.
        found: u8,
    },
    /// A negative array or list length.
    NegativeLength {
        /// The length read.
        length: i32,
    },
    /// A list of element type End with a length other than zero.
    EndListNotEmpty {
        /// The length read.
        length: i32,
    },
    /// Compounds and lists nest deeper than [`MAX_DEPTH`](super::MAX_DEPTH).
    TooDeep,
    /// A string that is not valid modified UTF-8; the offset is that of the first bad byte.
    InvalidMutf8,
    /// Bytes follow the root tag.
    TrailingBytes {
        /// How many.
        count: usize,
    },
    /// A value NBT cannot hold (when writing): a string over 65,535 bytes of modified UTF-8, a
    /// list or array over `i32::MAX` elements, nesting over [`MAX_DEPTH`](super::MAX_DEPTH).
    Unencodable {
        /// What.
        what: &'static str,
    },
    /// Decompressing or compressing failed (feature `flate2`).
    #[cfg(feature = "flate2")]
    Compression(std::io::Error),
}

impl Error {
    /// An error at byte `offset`.
    #[cold]
    #[inline(never)]
    pub(crate) fn new(offset: usize, kind: ErrorKind) -> Self {
        Error { offset, kind }
    }

    /// The byte offset in the input (0 for errors that are not about a place in it).
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Why.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.offset;
        match &self.kind {
            ErrorKind::UnexpectedEof { needed, what } => {
                let s = if *needed == 1 { "" } else { "s" };
                write!(
                    f,
                    "NBT: input ended at byte {at}: {needed} more byte{s} needed for {what}"
                )
            }
            ErrorKind::InvalidTagType { found, context } => {
                write!(
                    f,
                    "NBT: invalid tag type {found} for {context} at byte {at}"
                )
            }
            ErrorKind::RootNotCompound { found } => write!(
                f,
                "NBT: the root tag at byte {at} has type {found}, expected a compound (10)"
            ),
            ErrorKind::NegativeLength { length } => {
                write!(f, "NBT: negative length {length} at byte {at}")
            }
            ErrorKind::EndListNotEmpty { length } => write!(
                f,
                "NBT: a list of End tags at byte {at} has length {length}, expected 0"
            ),
            ErrorKind::TooDeep => write!(
                f,
                "NBT: compounds and lists nest deeper than {} at byte {at}",
                super::MAX_DEPTH
            ),
            ErrorKind::InvalidMutf8 => {
                write!(f, "NBT: invalid modified UTF-8 at byte {at}")
            }
            ErrorKind::TrailingBytes { count } => {
                write!(f, "NBT: {count} bytes after the root tag, from byte {at}")
            }
            ErrorKind::Unencodable { what } => write!(f, "NBT: cannot encode {what}"),
            #[cfg(feature = "flate2")]
            ErrorKind::Compression(e) => write!(f, "NBT: compression failed: {e}"),
        }
    }
}

impl core::error::Error for Error {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.kind {
            #[cfg(feature = "flate2")]
            ErrorKind::Compression(e) => Some(e),
            _ => None,
        }
    }
}

#[cfg(feature = "std")]
impl From<Error> for std::io::Error {
    fn from(e: Error) -> Self {
        use std::io::ErrorKind as Io;
        let kind = match e.kind {
            ErrorKind::UnexpectedEof { .. } => Io::UnexpectedEof,
            ErrorKind::Unencodable { .. } => Io::InvalidInput,
            #[cfg(feature = "flate2")]
            ErrorKind::Compression(e) => return e,
            _ => Io::InvalidData,
        };
        std::io::Error::new(kind, e)
    }
}
