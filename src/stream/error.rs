//! Why a message stream failed ([`MessageError`]), and how each failure becomes a
//! `std::io::Error`.

use crate::frame::{DecodeError, DecodeErrorKind};

/// Why a message stream failed, or why a message cannot be sent. The inner error (see
/// `std::io::Error::get_ref`) of the `std::io::Error`s that [`MessageCodec`](super::MessageCodec),
/// [`MessageReader`](super::MessageReader) and [`MessageWriter`](super::MessageWriter) return
/// for these cases; a message that arrived whole but does not decode has a [`DecodeError`]
/// there instead.
///
/// ```
/// use endian_wire::stream::MessageError;
/// let e = std::io::Error::from(MessageError::TooLong { length: 1 << 40, limit: 8 << 20 });
/// assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
/// assert_eq!(e.to_string(), "message length 1099511627776 is beyond the limit of 8388608 bytes");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MessageError {
    /// A length prefix announces more than the maximum message length: refused as soon as the
    /// prefix is read, with nothing buffered or allocated for it. The stream cannot be
    /// resynchronised after it (`InvalidData`). Sending such a message is refused the same
    /// way, before anything is written (`InvalidInput`).
    TooLong {
        /// The length read (or to be sent).
        length: u64,
        /// The maximum message length.
        limit: usize,
    },
    /// A varint prefix that is not a `u64` varint: the reserved marker `0xff` or the marker
    /// of a 16-byte value (`InvalidData`).
    BadPrefix {
        /// The marker byte.
        marker: u8,
    },
    /// The stream ended inside a message (`UnexpectedEof`).
    Truncated {
        /// Bytes of the message (prefix included) that arrived.
        received: usize,
        /// Bytes the message takes (prefix included), or the prefix's width when the stream
        /// ended inside the prefix.
        expected: usize,
    },
    /// The stream failed earlier with an error after which messages cannot be found again
    /// (a length beyond the limit, a bad prefix); every later read is refused
    /// (`InvalidData`).
    Failed,
}

impl core::fmt::Display for MessageError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            MessageError::TooLong { length, limit } => {
                write!(
                    f,
                    "message length {length} is beyond the limit of {limit} bytes"
                )
            }
            MessageError::BadPrefix { marker } => {
                write!(
                    f,
                    "length prefix: varint marker {marker:#04x} is not a u64's"
                )
            }
            MessageError::Truncated { received, expected } => write!(
                f,
                "the stream ended inside a message: {received} of its {expected} bytes arrived"
            ),
            MessageError::Failed => f.write_str(
                "the message stream failed earlier and cannot find the next message again",
            ),
        }
    }
}

impl core::error::Error for MessageError {}

impl From<MessageError> for std::io::Error {
    /// `UnexpectedEof` for [`MessageError::Truncated`], `InvalidData` otherwise (a stream's
    /// errors; a message refused for sending is `InvalidInput`, built by the senders).
    fn from(e: MessageError) -> Self {
        let kind = match e {
            MessageError::Truncated { .. } => std::io::ErrorKind::UnexpectedEof,
            _ => std::io::ErrorKind::InvalidData,
        };
        std::io::Error::new(kind, e)
    }
}

/// A message that arrived whole but does not decode: always `InvalidData` (the message's own
/// bytes ran out, so an `UnexpectedEnd` inside it is bad content, not the end of the stream),
/// with the [`DecodeError`] inside.
pub(crate) fn undecodable(e: DecodeError) -> std::io::Error {
    match e.kind {
        DecodeErrorKind::Io(io) => io,
        _ => std::io::Error::new(std::io::ErrorKind::InvalidData, e),
    }
}
