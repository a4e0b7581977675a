//! [`FrameCodec`] (feature `tokio`): length-prefixed messages of one framed type as a
//! tokio-util `Decoder` and `Encoder`, for `Framed`, `FramedRead` and `FramedWrite`.

use core::marker::PhantomData;

use bytes::{Buf, Bytes, BytesMut};

use super::config::Config;
use super::decode::{Decode, Decoder};
use super::encode::Encode;
use super::error::{DecodeError, DecodeErrorKind};
use super::message::{Framing, Head, LengthPrefix, MessageError, undecodable};
use super::read::Reader;

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
/// A length beyond the maximum ([`max_frame_length`](Self::max_frame_length), 8 MiB by
/// default) is refused as soon as its prefix arrives, with nothing buffered or allocated for
/// it: the error ([`MessageError::TooLong`], `InvalidData`) names the length and the limit,
/// and as the next message cannot be found after it, every later read fails too. A message that
/// arrives whole but does not decode is an `InvalidData` error with the [`DecodeError`] inside;
/// it is consumed, and the message after it is read normally. A stream that ends inside a
/// message is an `UnexpectedEof` error ([`MessageError::Truncated`]).
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use bytes::BytesMut;
/// use endian_wire::Endianize;
/// use endian_wire::frame::{Config, FrameCodec};
/// use tokio_util::codec::{Decoder, Encoder};
///
/// #[derive(Endianize, Clone, Debug, PartialEq)]
/// #[endian(le)]
/// enum Quote {
///     Bid { price: u64, qty: u32 },
///     Halt(String),
/// }
///
/// let mut codec = FrameCodec::<Quote>::new(Config::standard()).max_frame_length(1 << 20);
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
pub struct FrameCodec<T> {
    framing: Framing,
    /// A read failed in a way that loses the message boundaries.
    failed: bool,
    message: PhantomData<fn(T) -> T>,
}

impl<T> FrameCodec<T> {
    /// A codec framing values under `config`, with the default prefix (4 bytes, big-endian)
    /// and maximum message length (8 MiB).
    #[must_use]
    pub const fn new(config: Config) -> Self {
        FrameCodec {
            framing: Framing::new(config),
            failed: false,
            message: PhantomData,
        }
    }

    /// The longest message (its bytes, not counting the prefix) that is read or sent; a
    /// longer one is refused (default [`DEFAULT_MAX_FRAME_LENGTH`](super::DEFAULT_MAX_FRAME_LENGTH),
    /// 8 MiB, as `LengthDelimitedCodec`).
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use endian_wire::frame::{Config, FrameCodec, MessageError};
    /// use tokio_util::codec::Decoder;
    ///
    /// let mut codec = FrameCodec::<Vec<u8>>::new(Config::legacy()).max_frame_length(100);
    /// let mut hostile = BytesMut::from(&[0xFF, 0xFF, 0xFF, 0xFF][..]);
    /// let err = codec.decode(&mut hostile).unwrap_err();
    /// assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    /// let why = err.get_ref().unwrap().downcast_ref::<MessageError>().unwrap();
    /// assert_eq!(why, &MessageError::TooLong { length: 0xFFFF_FFFF, limit: 100 });
    /// ```
    #[must_use]
    pub const fn max_frame_length(mut self, bytes: usize) -> Self {
        self.framing.max_frame_length = bytes;
        self
    }

    /// How each message's length is written (default [`LengthPrefix::U32`] big-endian).
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use endian_wire::Endian;
    /// use endian_wire::frame::{Config, FrameCodec, LengthPrefix};
    /// use tokio_util::codec::Encoder;
    ///
    /// let mut codec = FrameCodec::<u16>::new(Config::legacy())
    ///     .length_prefix(LengthPrefix::U16(Endian::Little));
    /// let mut out = BytesMut::new();
    /// codec.encode(0x0102, &mut out)?;
    /// assert_eq!(out[..], [2, 0, 2, 1]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[must_use]
    pub const fn length_prefix(mut self, prefix: LengthPrefix) -> Self {
        self.framing.prefix = prefix;
        self
    }

    /// The framing configuration.
    #[must_use]
    pub const fn config(&self) -> Config {
        self.framing.config
    }

    /// The maximum message length.
    #[must_use]
    pub const fn frame_limit(&self) -> usize {
        self.framing.max_frame_length
    }

    /// The length prefix.
    #[must_use]
    pub const fn prefix(&self) -> LengthPrefix {
        self.framing.prefix
    }

    /// Appends `message` to `dst`: its prefix, then its framing.
    fn encode_message(&self, message: &T, dst: &mut BytesMut) -> std::io::Result<()>
    where
        T: Encode,
    {
        self.framing
            .append(message, dst)
            .map_err(std::io::Error::from)
    }
}

impl<T: Decode> FrameCodec<T> {
    /// Decodes the message at `head` in `src`, which holds all of it, and consumes it.
    #[inline(always)]
    fn decode_message(&self, src: &mut BytesMut, head: Head) -> std::io::Result<T> {
        let config = self.framing.config;
        if super::static_decode_size::<T>(config).is_some() {
            // A static size (it holds no `Bytes`): the slice's one-step path.
            let result = self.framing.decode_slice(&src[head.start..head.end()]);
            src.advance(head.end());
            return result.map_err(undecodable);
        }
        let mut reader = MessageIn {
            src,
            pos: head.start,
            end: head.end(),
            shared: None,
        };
        let (result, used) = super::with_static_int!(config, |wrap| {
            let mut d = Decoder::new(wrap(&mut reader), config);
            let result = T::decode(&mut d);
            (result, d.offset())
        });
        let result = match result {
            Ok(value) if used == head.len => Ok(value),
            Ok(_) => Err(DecodeError::new(
                used,
                DecodeErrorKind::TrailingBytes {
                    count: head.len - used,
                },
            )),
            Err(e) => Err(e),
        };
        reader.finish();
        result.map_err(undecodable)
    }
}

impl<T> Clone for FrameCodec<T> {
    fn clone(&self) -> Self {
        FrameCodec {
            framing: self.framing,
            failed: self.failed,
            message: PhantomData,
        }
    }
}

impl<T> core::fmt::Debug for FrameCodec<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("FrameCodec")
            .field("message", &core::any::type_name::<T>())
            .field("config", &self.framing.config)
            .field("max_frame_length", &self.framing.max_frame_length)
            .field("length_prefix", &self.framing.prefix)
            .field("failed", &self.failed)
            .finish()
    }
}

impl<T> Default for FrameCodec<T> {
    /// [`Config::standard`] (bincode 2's default), the default prefix and limit.
    fn default() -> Self {
        FrameCodec::new(Config::standard())
    }
}

impl<T: Decode> tokio_util::codec::Decoder for FrameCodec<T> {
    type Item = T;
    type Error = std::io::Error;

    #[inline]
    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<T>, std::io::Error> {
        if self.failed {
            return Err(MessageError::Failed.into());
        }
        let head = match self.framing.head(src) {
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
                Err(self.framing.truncated(src).into())
            }
        }
    }
}

impl<T: Encode> tokio_util::codec::Encoder<T> for FrameCodec<T> {
    type Error = std::io::Error;

    #[inline]
    fn encode(&mut self, message: T, dst: &mut BytesMut) -> Result<(), std::io::Error> {
        self.encode_message(&message, dst)
    }
}

impl<T: Encode> tokio_util::codec::Encoder<&T> for FrameCodec<T> {
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
    #[inline(always)]
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
