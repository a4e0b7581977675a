//! Length-prefixed messages on a byte stream (feature `std`; the tokio codec with `tokio`):
//! each message a length prefix, then one value in the framing of [`crate::frame`].
//!
//! One [`Builder`] holds the settings (the framing [`Config`], the maximum message length, the
//! [`LengthPrefix`]) and makes every end of a stream from them, as tokio-util's
//! `length_delimited::Builder` does:
//!
//! | end | made by | reads or writes |
//! |---|---|---|
//! | [`MessageCodec<T>`] (`tokio`) | [`Builder::new_codec`] | a tokio-util `Decoder` and `Encoder` of `T`, for `Framed` |
//! | [`MessageReader<R>`] | [`Builder::new_reader`] | messages from a blocking `std::io::Read` |
//! | [`MessageWriter<W>`] | [`Builder::new_writer`] | messages to a blocking `std::io::Write` |
//!
//! Each end has getters named like the builder's setters. The defaults are
//! `LengthDelimitedCodec`'s (a 4-byte big-endian length, 8 MiB at most), so a peer that frames
//! with it and serializes with bincode or wincode under the matching configuration reads and
//! writes the same bytes.
//!
//! ```
//! use endian_wire::frame::Config;
//! use endian_wire::stream::Builder;
//!
//! let messages = Builder::new(Config::standard()).max_frame_length(1 << 20);
//! let mut wire = Vec::new(); // a `TcpStream` in practice
//! let mut writer = messages.new_writer(&mut wire);
//! writer.send(&(1u32, "ping"))?;
//! assert_eq!(wire[..4], [0, 0, 0, 6]); // 6 bytes follow: 1, then 4 and "ping"
//!
//! let mut reader = messages.new_reader(&wire[..]);
//! assert_eq!(reader.max_frame_length(), 1 << 20);
//! assert_eq!(reader.read::<(u32, String)>()?, Some((1, "ping".into())));
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! A length beyond the maximum is refused as soon as its prefix arrives, with nothing
//! buffered or allocated for it ([`MessageError::TooLong`], `InvalidData`); as the next
//! message cannot be found after it, every later read fails too. A message that arrives whole
//! but does not decode is an `InvalidData` error with the [`DecodeError`] inside; it is
//! consumed, and the message after it is read normally. A stream that ends inside a message
//! is an `UnexpectedEof` error ([`MessageError::Truncated`]).
//!
//! [`DecodeError`]: crate::frame::DecodeError

mod blocking;
#[cfg(feature = "tokio")]
mod codec;
mod error;
mod prefix;

use core::mem::MaybeUninit;

pub use blocking::{MessageReader, MessageWriter, Messages};
#[cfg(feature = "tokio")]
pub use codec::MessageCodec;
pub use error::MessageError;
pub use prefix::{DEFAULT_MAX_FRAME_LENGTH, LengthPrefix};

use crate::frame::{self, Config, Decode, Encode};
use crate::wire::Endian;
use error::undecodable;
use prefix::put_uninit;

/// The settings of a message stream, and the maker of its ends: [`new_codec`](Self::new_codec),
/// [`new_reader`](Self::new_reader), [`new_writer`](Self::new_writer).
///
/// ```
/// use endian_wire::Endian;
/// use endian_wire::frame::Config;
/// use endian_wire::stream::{Builder, LengthPrefix};
///
/// let settings = Builder::new(Config::legacy())
///     .max_frame_length(4096)
///     .length_prefix(LengthPrefix::U16(Endian::Little));
/// let writer = settings.new_writer(Vec::new());
/// // Each end's getters are named like the setters.
/// assert_eq!(writer.max_frame_length(), 4096);
/// assert_eq!(writer.length_prefix(), LengthPrefix::U16(Endian::Little));
/// assert_eq!(writer.config(), Config::legacy());
/// assert_eq!(writer.settings(), settings);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Builder {
    config: Config,
    max_frame_length: usize,
    length_prefix: LengthPrefix,
}

impl Builder {
    /// Values framed under `config`, with the default prefix (4 bytes, big-endian) and
    /// maximum message length (8 MiB).
    #[must_use]
    pub const fn new(config: Config) -> Self {
        Builder {
            config,
            max_frame_length: DEFAULT_MAX_FRAME_LENGTH,
            length_prefix: LengthPrefix::U32(Endian::Big),
        }
    }

    /// The longest message (its bytes, not counting the prefix) that is read or sent; a
    /// longer one is refused (default [`DEFAULT_MAX_FRAME_LENGTH`], 8 MiB, as
    /// `LengthDelimitedCodec`).
    #[must_use]
    pub const fn max_frame_length(mut self, bytes: usize) -> Self {
        self.max_frame_length = bytes;
        self
    }

    /// How each message's length is written (default [`LengthPrefix::U32`] big-endian).
    #[must_use]
    pub const fn length_prefix(mut self, prefix: LengthPrefix) -> Self {
        self.length_prefix = prefix;
        self
    }

    /// The framing configuration of the values.
    #[must_use]
    pub const fn config(&self) -> Config {
        self.config
    }

    /// A tokio-util codec of messages of type `T` with these settings.
    #[cfg(feature = "tokio")]
    #[must_use]
    pub const fn new_codec<T>(self) -> MessageCodec<T> {
        MessageCodec::with(self)
    }

    /// A reader of messages from `inner` with these settings.
    pub fn new_reader<R: std::io::Read>(self, inner: R) -> MessageReader<R> {
        MessageReader::with(inner, self)
    }

    /// A writer of messages to `inner` with these settings.
    pub fn new_writer<W: std::io::Write>(self, inner: W) -> MessageWriter<W> {
        MessageWriter::with(inner, self)
    }
}

impl Default for Builder {
    /// [`Config::standard`] (bincode 2's default), the default prefix and limit.
    fn default() -> Self {
        Builder::new(Config::standard())
    }
}

/// The getters every end shares, named like the builder's setters.
macro_rules! settings_getters {
    () => {
        /// The framing configuration of the values.
        #[must_use]
        pub const fn config(&self) -> crate::frame::Config {
            self.settings.config()
        }

        /// The longest message read or sent (see [`Builder::max_frame_length`]).
        #[must_use]
        pub const fn max_frame_length(&self) -> usize {
            self.settings.max_frame_length
        }

        /// How each message's length is written (see [`Builder::length_prefix`]).
        #[must_use]
        pub const fn length_prefix(&self) -> LengthPrefix {
            self.settings.length_prefix
        }

        /// The settings, to make another end like this one.
        #[must_use]
        pub const fn settings(&self) -> Builder {
            self.settings
        }
    };
}
use settings_getters;

/// Where a message found at the front of received bytes lies.
#[derive(Clone, Copy, Debug)]
struct Head {
    /// The prefix's width: the message starts here.
    start: usize,
    /// The message's length.
    len: usize,
}

impl Head {
    /// Where the message ends (and the next prefix starts).
    #[inline]
    fn end(self) -> usize {
        self.start + self.len
    }
}

impl frame::Prefix for Builder {
    type Refusal = MessageError;

    #[inline]
    fn check(&self, len: usize) -> Result<usize, MessageError> {
        let carried = usize::try_from(self.length_prefix.max_length()).unwrap_or(usize::MAX);
        if len > self.max_frame_length || len > carried {
            return Err(MessageError::TooLong {
                length: len as u64,
                limit: self.max_frame_length.min(carried),
            });
        }
        Ok(self.length_prefix.encode(len).1)
    }

    #[inline]
    fn write(&self, len: usize, out: &mut [MaybeUninit<u8>]) {
        let (bytes, width) = self.length_prefix.encode(len);
        put_uninit(out, &bytes[..width]);
    }
}

impl Builder {
    /// Appends `value` as one message (prefix, then the framed value) to `out`.
    ///
    /// # Errors
    /// `InvalidInput` for a message beyond the limits or a value that cannot be encoded;
    /// `out` keeps its contents.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn append<T: Encode + ?Sized>(
        &self,
        value: &T,
        out: &mut impl frame::GrowBuf,
    ) -> std::io::Result<()> {
        frame::encode_prefixed(value, out, self.config, self).map_err(|e| match e {
            frame::PrefixedError::Refused(e) => {
                std::io::Error::new(std::io::ErrorKind::InvalidInput, e)
            }
            frame::PrefixedError::Encode(e) => std::io::Error::from(e),
        })
    }

    /// Finds the message at the front of `received`: `Ok(None)` while its prefix is
    /// incomplete.
    ///
    /// # Errors
    /// [`MessageError::TooLong`] for a length beyond the maximum, [`MessageError::BadPrefix`].
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn head(&self, received: &[u8]) -> Result<Option<Head>, MessageError> {
        let Some((length, start)) = self.length_prefix.read(received)? else {
            return Ok(None);
        };
        match usize::try_from(length) {
            Ok(len) if len <= self.max_frame_length => Ok(Some(Head { start, len })),
            _ => Err(MessageError::TooLong {
                length,
                limit: self.max_frame_length,
            }),
        }
    }

    /// The error for a stream that ended after `received` bytes of a message (some).
    fn truncated(&self, received: &[u8]) -> MessageError {
        let expected = match self.head(received) {
            Ok(Some(head)) => head.end(),
            // Inside the prefix: its width if known, else the most it can take.
            _ => self.length_prefix.width_from(received.first().copied()),
        };
        MessageError::Truncated {
            received: received.len(),
            expected,
        }
    }

    /// Decodes the message `frame` (all of it, exactly) from a slice.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_slice<T: Decode>(&self, message: &[u8]) -> std::io::Result<T> {
        frame::decode_from_slice_exact(message, self.config).map_err(undecodable)
    }
}
