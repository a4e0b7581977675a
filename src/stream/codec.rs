//! [`MessageCodec`] (feature `tokio`): length-prefixed messages of one framed type as a
//! tokio-util `Decoder` and `Encoder`, for `Framed`, `FramedRead` and `FramedWrite`.

use core::marker::PhantomData;

use bytes::{Buf, Bytes, BytesMut};

use super::error::undecodable;
use super::{Builder, Head, LengthPrefix, MessageError, settings_getters};
use crate::frame::{self, Config, Decode, DecodeErrorKind, Encode, Reader};

/// The most a message that is still arriving grows the read buffer by at a time beyond what
/// has arrived: a length prefix that its bytes do not back gets no memory.
const READ_AHEAD: usize = 8 << 10;

/// Messages of type `T` on a byte stream, each a length prefix and the value framed under a
/// [`Config`]: a tokio-util [`Decoder`](tokio_util::codec::Decoder) (`Item = T`) and an
/// [`Encoder`](tokio_util::codec::Encoder) of `T` and `&T`.
///
/// Values are encoded straight into the write buffer (its room reserved once, from the
/// value's static or computed size) and decoded straight from the read buffer, the message
/// never copied on its own; `bytes::Bytes` fields share the read buffer's memory. The prefix is
/// by default `LengthDelimitedCodec`'s (a 4-byte big-endian length), so a peer using it with
/// bincode or wincode under the matching configuration reads and writes the same bytes.
///
/// Errors are those of every end (see [the module](super)): a length beyond the maximum
/// ([`max_frame_length`](Self::max_frame_length), 8 MiB by default) is refused as soon as its
/// prefix arrives, nothing buffered or allocated for it, and fails the stream; a message that
/// arrives whole but does not decode is an `InvalidData` error, and the next one is read.
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use bytes::BytesMut;
/// use endian_wire::Endianize;
/// use endian_wire::frame::Config;
/// use endian_wire::stream::Builder;
/// use tokio_util::codec::{Decoder, Encoder};
///
/// #[derive(Endianize, Clone, Debug, PartialEq)]
/// #[endian(le)]
/// enum Quote {
///     Bid { price: u64, qty: u32 },
///     Halt(String),
/// }
///
/// let mut codec = Builder::new(Config::standard())
///     .max_frame_length(1 << 20)
///     .new_codec::<Quote>();
/// let mut wire = BytesMut::new();
/// codec.encode(&Quote::Bid { price: 101, qty: 7 }, &mut wire)?;
/// codec.encode(Quote::Halt("auction".into()), &mut wire)?;
/// assert_eq!(wire[..7], [0, 0, 0, 3, 0, 101, 7]); // length 3: tag 0, varint 101, varint 7
///
/// // A decoder waits until a whole message has arrived.
/// let mut received = wire.split_to(5);
/// assert_eq!(codec.decode(&mut received)?, None);
/// received.unsplit(wire);
/// assert_eq!(codec.decode(&mut received)?, Some(Quote::Bid { price: 101, qty: 7 }));
/// assert_eq!(codec.decode(&mut received)?, Some(Quote::Halt("auction".into())));
/// assert!(received.is_empty());
/// # }
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// Over a socket, with `tokio_util::codec::Framed::new(stream, codec)`: a `Stream` of
/// `io::Result<T>` and a `Sink` of `T` or `&T`.
pub struct MessageCodec<T> {
    settings: Builder,
    /// A read failed in a way that loses the message boundaries.
    failed: bool,
    message: PhantomData<fn(T) -> T>,
}

impl<T> MessageCodec<T> {
    /// A codec framing values under `config`, with the default prefix (4 bytes, big-endian)
    /// and maximum message length (8 MiB); other settings through [`Builder`].
    ///
    /// A hostile length is refused as soon as its prefix arrives:
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use endian_wire::frame::Config;
    /// use endian_wire::stream::{Builder, MessageError};
    /// use tokio_util::codec::Decoder;
    ///
    /// let mut codec = Builder::new(Config::legacy()).max_frame_length(100).new_codec::<Vec<u8>>();
    /// let mut hostile = BytesMut::from(&[0xFF, 0xFF, 0xFF, 0xFF][..]);
    /// let err = codec.decode(&mut hostile).unwrap_err();
    /// assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    /// let why = err.get_ref().unwrap().downcast_ref::<MessageError>().unwrap();
    /// assert_eq!(why, &MessageError::TooLong { length: 0xFFFF_FFFF, limit: 100 });
    /// ```
    #[must_use]
    pub const fn new(config: Config) -> Self {
        Self::with(Builder::new(config))
    }

    /// A codec with `settings` ([`Builder::new_codec`]).
    pub(super) const fn with(settings: Builder) -> Self {
        MessageCodec {
            settings,
            failed: false,
            message: PhantomData,
        }
    }

    settings_getters!();

    /// Appends `message` to `dst`: its prefix, then its framing.
    fn encode_message(&self, message: &T, dst: &mut BytesMut) -> std::io::Result<()>
    where
        T: Encode,
    {
        self.settings.append(message, dst)
    }
}

impl<T: Decode> MessageCodec<T> {
    /// Decodes the message at `head` in `src`, which holds all of it, and consumes it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_message(&self, src: &mut BytesMut, head: Head) -> std::io::Result<T> {
        let config = self.settings.config;
        if frame::decodes_in_one_step::<T>(config) {
            // A static size (it holds no `Bytes`): the slice's one-step path.
            let result = self.settings.decode_slice(&src[head.start..head.end()]);
            src.advance(head.end());
            return result;
        }
        let mut reader = MessageIn {
            src,
            pos: head.start,
            end: head.end(),
            shared: None,
        };
        let result = frame::decode_message(&mut reader, head.len, config);
        reader.finish();
        result.map_err(undecodable)
    }
}

impl<T> Clone for MessageCodec<T> {
    fn clone(&self) -> Self {
        MessageCodec {
            settings: self.settings,
            failed: self.failed,
            message: PhantomData,
        }
    }
}

impl<T> core::fmt::Debug for MessageCodec<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MessageCodec")
            .field("message", &core::any::type_name::<T>())
            .field("settings", &self.settings)
            .field("failed", &self.failed)
            .finish()
    }
}

impl<T> Default for MessageCodec<T> {
    /// [`Config::standard`] (bincode 2's default), the default prefix and limit.
    fn default() -> Self {
        MessageCodec::new(Config::standard())
    }
}

impl<T: Decode> tokio_util::codec::Decoder for MessageCodec<T> {
    type Item = T;
    type Error = std::io::Error;

    #[inline]
    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<T>, std::io::Error> {
        if self.failed {
            return Err(MessageError::Failed.into());
        }
        let head = match self.settings.head(src) {
            Ok(Some(head)) => head,
            Ok(None) => return Ok(None),
            Err(e) => {
                self.failed = true;
                return Err(e.into());
            }
        };
        if src.len() < head.end() {
            // Room for the rest as it arrives: what is missing, but at most as much again as
            // has arrived (at least `READ_AHEAD`).
            let missing = head.end() - src.len();
            src.reserve(missing.min(src.len().max(READ_AHEAD)));
            return Ok(None);
        }
        self.decode_message(src, head).map(Some)
    }

    fn decode_eof(&mut self, src: &mut BytesMut) -> Result<Option<T>, std::io::Error> {
        match self.decode(src)? {
            Some(message) => Ok(Some(message)),
            None if src.is_empty() => Ok(None),
            None => {
                self.failed = true;
                Err(self.settings.truncated(src).into())
            }
        }
    }
}

impl<T: Encode> tokio_util::codec::Encoder<T> for MessageCodec<T> {
    type Error = std::io::Error;

    #[inline]
    fn encode(&mut self, message: T, dst: &mut BytesMut) -> Result<(), std::io::Error> {
        self.encode_message(&message, dst)
    }
}

impl<T: Encode> tokio_util::codec::Encoder<&T> for MessageCodec<T> {
    type Error = std::io::Error;

    #[inline]
    fn encode(&mut self, message: &T, dst: &mut BytesMut) -> Result<(), std::io::Error> {
        self.encode_message(message, dst)
    }
}

/// One whole message in the read buffer, read in place: `bytes::Bytes` values split the
/// message off the buffer (once, without copying) and share its memory.
struct MessageIn<'a> {
    /// The read buffer, the message at `..end` (until `shared` takes it).
    src: &'a mut BytesMut,
    /// The next byte to read.
    pos: usize,
    /// Where the message ends.
    end: usize,
    /// The buffer's first `end` bytes, split off once a `Bytes` value wants to share them.
    shared: Option<Bytes>,
}

impl MessageIn<'_> {
    /// The buffer's bytes up to the message's end.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn bytes(&self) -> &[u8] {
        match &self.shared {
            Some(shared) => shared,
            None => &self.src[..self.end],
        }
    }

    /// Consumes the message from the buffer (already done if it was split off).
    #[inline]
    fn finish(self) {
        if self.shared.is_none() {
            self.src.advance(self.end);
        }
    }
}

impl Reader for MessageIn<'_> {
    #[inline]
    fn read(&mut self, dst: &mut [u8]) -> Result<(), DecodeErrorKind> {
        let Some(src) = self.bytes().get(self.pos..self.pos + dst.len()) else {
            return Err(DecodeErrorKind::UnexpectedEnd {
                needed: self.pos + dst.len() - self.end,
            });
        };
        dst.copy_from_slice(src);
        self.pos += dst.len();
        Ok(())
    }

    #[inline]
    fn remaining(&self) -> Option<usize> {
        Some(self.end - self.pos)
    }

    #[inline]
    fn counts_remaining(&self) -> bool {
        true
    }

    #[inline]
    fn peek(&self) -> Option<&[u8]> {
        Some(&self.bytes()[self.pos..])
    }

    #[inline]
    fn consume(&mut self, len: usize) {
        self.pos += len;
    }

    fn read_shared(&mut self, len: usize) -> Option<Result<Bytes, DecodeErrorKind>> {
        if self.end - self.pos < len {
            return Some(Err(DecodeErrorKind::UnexpectedEnd {
                needed: len - (self.end - self.pos),
            }));
        }
        let end = self.end;
        let shared = self
            .shared
            .get_or_insert_with(|| self.src.split_to(end).freeze());
        let bytes = shared.slice(self.pos..self.pos + len);
        self.pos += len;
        Some(Ok(bytes))
    }
}
