//! What framing reports: [`EncodeError`] and [`DecodeError`], each naming what was wrong and,
//! for decoding, at which byte offset.

use core::fmt;

/// Encoding failed.
#[derive(Debug)]
#[non_exhaustive]
// `repr(C)` gives the error a tag of its own, which `Result<Vec<u8>, Self>` then uses as its
// niche. Without it the `Result` took the niche in the vector's capacity, and an encoded `Vec`
// returned from a function that was not inlined had its capacity stored in four pieces (1, 4,
// 2 and 1 bytes), which the caller's 8-byte load of it waited on (measured, one 33-byte trade
// through `encode_to_vec` behind `#[inline(never)]`: 19.3 -> 18.7 ns, wincode 19.3).
#[repr(C)]
pub enum EncodeError {
    /// The output slice is too small: `needed` bytes did not fit in what was left of it.
    OutputFull {
        /// Bytes that were to be written.
        needed: usize,
        /// Bytes left in the slice.
        available: usize,
    },
    /// A value that has no encoding: a wire `char` holding a surrogate, a fixed text field
    /// that is not valid text.
    InvalidValue {
        /// The type.
        type_name: &'static str,
        /// Why.
        reason: &'static str,
    },
    /// The writer failed.
    #[cfg(feature = "std")]
    Io(std::io::Error),
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::OutputFull { needed, available } => write!(
                f,
                "output buffer full: {needed} more bytes needed, {available} available"
            ),
            EncodeError::InvalidValue { type_name, reason } => {
                write!(f, "cannot encode this {type_name}: {reason}")
            }
            #[cfg(feature = "std")]
            EncodeError::Io(e) => write!(f, "write failed: {e}"),
        }
    }
}

impl core::error::Error for EncodeError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            #[cfg(feature = "std")]
            EncodeError::Io(e) => Some(e),
            EncodeError::OutputFull { .. } | EncodeError::InvalidValue { .. } => None,
        }
    }
}

#[cfg(feature = "std")]
impl From<EncodeError> for std::io::Error {
    fn from(e: EncodeError) -> Self {
        match e {
            EncodeError::Io(e) => e,
            EncodeError::OutputFull { .. } => std::io::Error::new(std::io::ErrorKind::WriteZero, e),
            EncodeError::InvalidValue { .. } => {
                std::io::Error::new(std::io::ErrorKind::InvalidInput, e)
            }
        }
    }
}

/// Decoding failed at byte `offset` of the input: what was found there and why it is refused.
///
/// Kept small (at most 40 bytes, 8-byte aligned): it is the error half of every decode's `Result`,
/// so its size and alignment shape how every decoded value is moved.
//
// `repr(C)` keeps `kind`'s tag out of reach of `Result`'s layout: `Result<(T, usize), Self>`
// then has a tag of its own, and the decoded value is moved as whole fields. Sharing `kind`'s
// tag as a niche, the compiler moved a decoded `Vec`'s header through an unaligned temporary
// with 16-byte loads right after 8-byte stores (measured, `decode_from_slice::<Vec<u8>>` of
// 1 KiB: 48 ns, 22 ns with it; wincode 20.5).
#[derive(Debug)]
#[repr(C)]
pub struct DecodeError {
    /// Bytes of input consumed before the failing item.
    pub offset: usize,
    /// What went wrong.
    pub kind: DecodeErrorKind,
}

impl DecodeError {
    /// An error at byte `offset` of the input.
    #[cold]
    pub fn new(offset: usize, kind: DecodeErrorKind) -> Self {
        DecodeError { offset, kind }
    }
}

/// Why decoding failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// The input ended: `needed` more bytes were required.
    UnexpectedEnd {
        /// Bytes required by the item being decoded.
        needed: usize,
    },
    /// A length prefix asks for more than the input can hold or the limit allows; nothing was
    /// allocated.
    LengthTooLarge {
        /// The element count (or byte count for strings) read.
        length: u64,
        /// Why it is refused.
        reason: LengthRefusal,
    },
    /// A `bool` byte other than 0 or 1.
    InvalidBool(u8),
    /// An `Option` tag other than 0 or 1.
    InvalidOptionTag(u8),
    /// An enum or `Result` tag naming no variant.
    UnknownVariant {
        /// The enum.
        type_name: &'static str,
        /// The tag read.
        tag: u64,
    },
    /// Bytes that are not UTF-8 where a string or `char` was expected.
    InvalidUtf8,
    /// A value that is not valid for its type (a zero `NonZero`).
    InvalidValue {
        /// The type.
        type_name: &'static str,
        /// The value, as read (`u64`, not `u128`: a 16-byte-aligned field would make every
        /// decode's `Result` 16-aligned, and byte arrays inside it were then copied in
        /// misaligned pieces, three times slower for a `Vec` of small structs).
        value: u64,
    },
    /// The varint marker byte `0xff`, which bincode reserves.
    ReservedVarintMarker,
    /// A varint marker announcing a value wider than the type (rejected, as bincode 2 does).
    VarintTooWide {
        /// The marker byte.
        marker: u8,
        /// The type being decoded.
        type_name: &'static str,
    },
    /// A value that does not fit the type it is decoded into (a `usize` on a 32-bit target).
    OutOfRange {
        /// The type.
        type_name: &'static str,
    },
    /// The input has bytes after the value, and the caller asked for an exact decode.
    TrailingBytes {
        /// How many.
        count: usize,
    },
    /// Text that does not fit its fixed-size type.
    #[cfg(feature = "alloc")]
    Text(crate::text::TextError),
    /// A borrowed view cannot be given (misaligned elements, or varint elements).
    Unborrowable(&'static str),
    /// A malformed length prefix of a per-field length encoding
    /// ([`len`](super::len)): a `short_vec` with a redundant zero byte, longer than 3 bytes or
    /// beyond `u16::MAX`.
    InvalidLength {
        /// The encoding (`"short_vec"`).
        encoding: &'static str,
        /// What is wrong.
        fault: LengthFault,
    },
    /// `Vec`s and `Box`es nest deeper than the decoder allows (a recursive type).
    TooDeep {
        /// The deepest nesting allowed ([`MAX_NESTING`](super::MAX_NESTING)).
        limit: usize,
    },
    /// The reader failed.
    #[cfg(feature = "std")]
    Io(std::io::Error),
}

/// Why a length prefix was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LengthRefusal {
    /// The input has fewer bytes than the elements need.
    BeyondInput {
        /// Bytes left in the input.
        remaining: usize,
    },
    /// Allocating it would exceed the configured limit.
    BeyondLimit {
        /// The configured limit, in bytes.
        limit: usize,
    },
    /// It does not fit in memory on this target.
    BeyondAddressSpace,
}

/// What is wrong with a malformed per-field length prefix
/// ([`DecodeErrorKind::InvalidLength`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LengthFault {
    /// A redundant zero byte at the end (the same length has a shorter form).
    RedundantByte,
    /// More bytes than the encoding allows.
    TooManyBytes,
    /// A length beyond the largest the encoding can carry.
    BeyondMax,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: ", self.offset)?;
        match &self.kind {
            DecodeErrorKind::UnexpectedEnd { needed } => {
                write!(f, "input ends, {needed} more bytes needed")
            }
            DecodeErrorKind::LengthTooLarge { length, reason } => match reason {
                LengthRefusal::BeyondInput { remaining } => write!(
                    f,
                    "length {length} is beyond the input ({remaining} bytes left)"
                ),
                LengthRefusal::BeyondLimit { limit } => {
                    write!(f, "length {length} is beyond the limit of {limit} bytes")
                }
                LengthRefusal::BeyondAddressSpace => {
                    write!(f, "length {length} does not fit in memory")
                }
            },
            DecodeErrorKind::InvalidBool(b) => write!(f, "bool must be 0 or 1, found {b}"),
            DecodeErrorKind::InvalidOptionTag(b) => {
                write!(f, "Option tag must be 0 or 1, found {b}")
            }
            DecodeErrorKind::UnknownVariant { type_name, tag } => {
                write!(f, "{type_name} has no variant with tag {tag}")
            }
            DecodeErrorKind::InvalidUtf8 => f.write_str("invalid UTF-8"),
            DecodeErrorKind::InvalidValue { type_name, value } => {
                write!(f, "{value:#x} is not a valid {type_name}")
            }
            DecodeErrorKind::ReservedVarintMarker => f.write_str("reserved varint marker 0xff"),
            DecodeErrorKind::VarintTooWide { marker, type_name } => {
                write!(f, "varint marker {marker:#04x} is too wide for {type_name}")
            }
            DecodeErrorKind::OutOfRange { type_name } => {
                write!(f, "value out of range for {type_name}")
            }
            DecodeErrorKind::TrailingBytes { count } => {
                write!(f, "{count} bytes left after the value")
            }
            DecodeErrorKind::Unborrowable(why) => write!(f, "cannot borrow: {why}"),
            DecodeErrorKind::InvalidLength { encoding, fault } => {
                let why = match fault {
                    LengthFault::RedundantByte => "a redundant trailing zero byte",
                    LengthFault::TooManyBytes => "more bytes than the encoding allows",
                    LengthFault::BeyondMax => "beyond the largest length it can carry",
                };
                write!(f, "invalid {encoding} length: {why}")
            }
            DecodeErrorKind::TooDeep { limit } => {
                write!(f, "values nest more than {limit} levels deep")
            }
            #[cfg(feature = "alloc")]
            DecodeErrorKind::Text(e) => write!(f, "{e}"),
            #[cfg(feature = "std")]
            DecodeErrorKind::Io(e) => write!(f, "read failed: {e}"),
        }
    }
}

impl core::error::Error for DecodeError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.kind {
            #[cfg(feature = "std")]
            DecodeErrorKind::Io(e) => Some(e),
            _ => None,
        }
    }
}

#[cfg(feature = "std")]
impl From<DecodeError> for std::io::Error {
    /// `UnexpectedEof` for input that ends early, the reader's own error for IO failures,
    /// `InvalidData` otherwise.
    fn from(e: DecodeError) -> Self {
        match e.kind {
            DecodeErrorKind::Io(io) => io,
            DecodeErrorKind::UnexpectedEnd { .. } => {
                std::io::Error::new(std::io::ErrorKind::UnexpectedEof, e)
            }
            _ => std::io::Error::new(std::io::ErrorKind::InvalidData, e),
        }
    }
}
