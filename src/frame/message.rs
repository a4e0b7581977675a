//! Messages on a byte stream: a length prefix ([`LengthPrefix`]), then one framed value. What
//! [`FrameCodec`](super::FrameCodec) (tokio) and [`MessageReader`](super::MessageReader) /
//! [`MessageWriter`](super::MessageWriter) (blocking) share: the prefix, the maximum message
//! length, the errors ([`MessageError`]), and the code that writes a message into a growable
//! buffer and finds one in received bytes.
//!
//! The default prefix is the one tokio-util's `LengthDelimitedCodec` writes by default (a
//! 4-byte big-endian length of the message that follows), so a peer that frames with it and
//! serializes with bincode or wincode under the matching configuration reads and writes the
//! same bytes.

use core::mem::MaybeUninit;

use super::config::Config;
use super::decode::Decode;
use super::encode::{Encode, Encoder};
use super::error::{DecodeError, EncodeError};
use super::fixed::FixedOut;
use super::write::SliceWriter;
use super::{encoded_size, fill_fixed, varint};
use crate::wire::Endian;

/// The default maximum message length (not counting the prefix): 8 MiB, as tokio-util's
/// `LengthDelimitedCodec`.
pub const DEFAULT_MAX_FRAME_LENGTH: usize = 8 << 20;

/// How the length of each message is written before it.
///
/// The length counts the message's bytes, not the prefix's. The default,
/// `LengthPrefix::U32(Endian::Big)`, is what tokio-util's `LengthDelimitedCodec` writes by
/// default.
///
/// ```
/// use endian_wire::Endian;
/// use endian_wire::frame::LengthPrefix;
/// assert_eq!(LengthPrefix::default(), LengthPrefix::U32(Endian::Big));
/// assert_eq!(LengthPrefix::U16(Endian::Little).max_length(), 0xFFFF);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LengthPrefix {
    /// Two bytes in the given order (messages of at most 65535 bytes).
    U16(Endian),
    /// Four bytes in the given order.
    U32(Endian),
    /// Eight bytes in the given order.
    U64(Endian),
    /// bincode's varint (one byte up to 250, else a marker byte and 2, 4 or 8 bytes in the
    /// given order): what bincode 2's `standard()` writes for a `u64`.
    Varint(Endian),
}

impl Default for LengthPrefix {
    /// `U32(Endian::Big)`, `LengthDelimitedCodec`'s default.
    fn default() -> Self {
        LengthPrefix::U32(Endian::Big)
    }
}

/// The most bytes any prefix takes (a varint's marker and 8 bytes).
pub(crate) const MAX_PREFIX_WIDTH: usize = 9;

impl LengthPrefix {
    /// The longest message length this prefix can carry.
    #[must_use]
    pub const fn max_length(self) -> u64 {
        match self {
            LengthPrefix::U16(_) => u16::MAX as u64,
            LengthPrefix::U32(_) => u32::MAX as u64,
            LengthPrefix::U64(_) | LengthPrefix::Varint(_) => u64::MAX,
        }
    }

    /// The bytes the prefix of a `len`-byte message takes.
    #[inline]
    pub(crate) fn width(self, len: usize) -> usize {
        match self {
            LengthPrefix::U16(_) => 2,
            LengthPrefix::U32(_) => 4,
            LengthPrefix::U64(_) => 8,
            LengthPrefix::Varint(_) => varint::encoded_len(len as u128),
        }
    }

    /// Writes the prefix of a `len`-byte message (which it can carry) at the start of `out`
    /// (at least [`width`](Self::width) bytes).
    #[inline]
    pub(crate) fn write(self, len: usize, out: &mut [MaybeUninit<u8>]) {
        macro_rules! fixed {
            ($t:ty, $order:expr) => {
                match $order {
                    Endian::Big => put(out, &(len as $t).to_be_bytes()),
                    Endian::Little => put(out, &(len as $t).to_le_bytes()),
                }
            };
        }
        match self {
            LengthPrefix::U16(order) => fixed!(u16, order),
            LengthPrefix::U32(order) => fixed!(u32, order),
            LengthPrefix::U64(order) => fixed!(u64, order),
            LengthPrefix::Varint(order) => {
                let mut buf = [0u8; 17];
                let used = varint::write(len as u128, order, &mut buf);
                put(out, &buf[..used]);
            }
        }
    }

    /// Reads a prefix from the front of `bytes`: the message length and the prefix's width,
    /// `Ok(None)` if `bytes` ends before the prefix does.
    ///
    /// # Errors
    /// [`MessageError::BadPrefix`] for a varint with the reserved marker `0xff` or the
    /// marker of a 16-byte value.
    #[inline]
    pub(crate) fn read(self, bytes: &[u8]) -> Result<Option<(u64, usize)>, MessageError> {
        macro_rules! fixed {
            ($t:ty, $order:expr) => {{
                let Some(head) = bytes.first_chunk::<{ size_of::<$t>() }>() else {
                    return Ok(None);
                };
                let value = match $order {
                    Endian::Big => <$t>::from_be_bytes(*head),
                    Endian::Little => <$t>::from_le_bytes(*head),
                };
                Ok(Some((value as u64, size_of::<$t>())))
            }};
        }
        match self {
            LengthPrefix::U16(order) => fixed!(u16, order),
            LengthPrefix::U32(order) => fixed!(u32, order),
            LengthPrefix::U64(order) => fixed!(u64, order),
            LengthPrefix::Varint(order) => match varint::parse(bytes, 8, order) {
                Ok((value, used)) => Ok(Some((value as u64, used))),
                Err(varint::ParseError::End(_)) => Ok(None),
                Err(varint::ParseError::Reserved | varint::ParseError::TooWide(_)) => {
                    Err(MessageError::BadPrefix {
                        marker: bytes.first().copied().unwrap_or(0),
                    })
                }
            },
        }
    }
}

/// Writes `bytes` at the start of `out`.
#[inline(always)]
fn put(out: &mut [MaybeUninit<u8>], bytes: &[u8]) {
    for (dst, &b) in out[..bytes.len()].iter_mut().zip(bytes) {
        *dst = MaybeUninit::new(b);
    }
}

/// Why a message stream failed, or why a message cannot be sent. The inner error (see
/// `std::io::Error::get_ref`) of the `std::io::Error`s that [`FrameCodec`](super::FrameCodec),
/// [`MessageReader`](super::MessageReader) and [`MessageWriter`](super::MessageWriter) return
/// for these cases; a message that arrived whole but does not decode has a [`DecodeError`]
/// there instead.
///
/// ```
/// use endian_wire::frame::MessageError;
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
        super::DecodeErrorKind::Io(io) => io,
        _ => std::io::Error::new(std::io::ErrorKind::InvalidData, e),
    }
}

/// A message that cannot be sent: `InvalidInput` for a value or length that cannot be
/// encoded, the writer's error otherwise.
pub(crate) fn unsendable(e: EncodeError) -> std::io::Error {
    std::io::Error::from(e)
}

/// The settings a message stream is framed with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Framing {
    pub(crate) config: Config,
    pub(crate) max_frame_length: usize,
    pub(crate) prefix: LengthPrefix,
}

/// Where a message found at the front of received bytes lies.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Head {
    /// The prefix's width: the message starts here.
    pub(crate) start: usize,
    /// The message's length.
    pub(crate) len: usize,
}

impl Head {
    /// Where the message ends (and the next prefix starts).
    #[inline]
    pub(crate) fn end(self) -> usize {
        self.start + self.len
    }
}

/// A buffer that grows at its end (a `Vec<u8>`, a `BytesMut`): what messages are encoded into.
pub(crate) trait GrowBuf {
    fn len(&self) -> usize;
    fn reserve(&mut self, additional: usize);
    fn spare_capacity_mut(&mut self) -> &mut [MaybeUninit<u8>];
    /// # Safety
    /// As `Vec::set_len`: the bytes up to `len` are initialized.
    unsafe fn set_len(&mut self, len: usize);
}

impl GrowBuf for alloc::vec::Vec<u8> {
    #[inline]
    fn len(&self) -> usize {
        alloc::vec::Vec::len(self)
    }
    #[inline]
    fn reserve(&mut self, additional: usize) {
        alloc::vec::Vec::reserve(self, additional);
    }
    #[inline]
    fn spare_capacity_mut(&mut self) -> &mut [MaybeUninit<u8>] {
        alloc::vec::Vec::spare_capacity_mut(self)
    }
    #[inline]
    unsafe fn set_len(&mut self, len: usize) {
        // SAFETY: the caller's contract is `Vec::set_len`'s.
        unsafe { alloc::vec::Vec::set_len(self, len) }
    }
}

#[cfg(feature = "bytes")]
impl GrowBuf for bytes::BytesMut {
    #[inline]
    fn len(&self) -> usize {
        bytes::BytesMut::len(self)
    }
    #[inline]
    fn reserve(&mut self, additional: usize) {
        bytes::BytesMut::reserve(self, additional);
    }
    #[inline]
    fn spare_capacity_mut(&mut self) -> &mut [MaybeUninit<u8>] {
        bytes::BytesMut::spare_capacity_mut(self)
    }
    #[inline]
    unsafe fn set_len(&mut self, len: usize) {
        // SAFETY: the caller's contract is `BytesMut::set_len`'s.
        unsafe { bytes::BytesMut::set_len(self, len) }
    }
}

/// Why a message was not appended.
#[derive(Debug)]
pub(crate) enum SendError {
    /// The message, or its length, cannot be sent under these settings.
    Refused(MessageError),
    /// The value could not be encoded.
    Encode(EncodeError),
}

impl From<SendError> for std::io::Error {
    fn from(e: SendError) -> Self {
        match e {
            SendError::Refused(e) => std::io::Error::new(std::io::ErrorKind::InvalidInput, e),
            SendError::Encode(e) => unsendable(e),
        }
    }
}

impl Framing {
    /// Settings with `config`, the default maximum length and the default prefix.
    pub(crate) const fn new(config: Config) -> Self {
        Framing {
            config,
            max_frame_length: DEFAULT_MAX_FRAME_LENGTH,
            prefix: LengthPrefix::U32(Endian::Big),
        }
    }

    /// The refusal of a message of `len` bytes, if it is refused.
    #[inline]
    fn check_len(&self, len: usize) -> Result<(), MessageError> {
        if len > self.max_frame_length || len as u64 > self.prefix.max_length() {
            return Err(MessageError::TooLong {
                length: len as u64,
                limit: self
                    .max_frame_length
                    .min(usize::try_from(self.prefix.max_length()).unwrap_or(usize::MAX)),
            });
        }
        Ok(())
    }

    /// Appends `value` as one message (prefix, then the framed value) to `out`: encoded
    /// straight into `out`'s spare capacity, which grows at most once, by the value's static
    /// size or its computed size. On an error `out` keeps its contents (its capacity may have
    /// grown).
    #[inline(always)]
    pub(crate) fn append<T: Encode + ?Sized, B: GrowBuf>(
        &self,
        value: &T,
        out: &mut B,
    ) -> Result<(), SendError> {
        let start = out.len();
        if let Some(size) = super::static_size::<T>(self.config) {
            // A static size: one reservation, the prefix, then the one-step fill.
            self.check_len(size).map_err(SendError::Refused)?;
            let width = self.prefix.width(size);
            out.reserve(width + size);
            let spare = &mut out.spare_capacity_mut()[..width + size];
            let (head, body) = spare.split_at_mut(width);
            self.prefix.write(size, head);
            let config = self.config;
            FixedOut::fill_all(
                body,
                #[inline(always)]
                |o| fill_fixed(value, config, o),
            );
            // SAFETY: `reserve` made room for `width + size` bytes after `start`; the prefix
            // wrote the first `width` and `fill_all` returned, so the rest are written too.
            unsafe { out.set_len(start + width + size) };
            return Ok(());
        }
        // Sized first (a pass that adds up lengths; runs of static-size values in one step),
        // the room reserved once, then the value written straight into it. (Written into
        // whatever room the buffer had and sized only when it ran out, as `encode_append`
        // does for a `Vec`, a 4 KiB message was encoded twice every other time: a read
        // buffer's spare room shrinks as messages are consumed from its front.)
        let size = self.size_of(value)?;
        let width = self.prefix.width(size);
        out.reserve(width + size);
        let spare = &mut out.spare_capacity_mut()[..width + size];
        let (head, body) = spare.split_at_mut(width);
        let config = self.config;
        let result = super::with_static_int!(config, |wrap| {
            let mut e = Encoder::new(wrap(SliceWriter::uninit(body)), config);
            value.encode(&mut e).map(|()| e.into_writer().0.written())
        });
        match result {
            Ok(written) if written == size => {
                self.prefix.write(size, head);
                // SAFETY: `reserve` made room for `width + size` bytes after `start`; the
                // prefix wrote the first `width` and the writer the `size` after them.
                unsafe { out.set_len(start + width + size) };
                Ok(())
            }
            Ok(_) | Err(EncodeError::OutputFull { .. }) => self.append_miscounted(value, out),
            Err(e) => Err(SendError::Encode(e)),
        }
    }

    /// [`append`](Self::append) for a value whose `Encode` impl writes another size than it
    /// counts: through a `Vec` of its own.
    #[cold]
    #[inline(never)]
    fn append_miscounted<T: Encode + ?Sized, B: GrowBuf>(
        &self,
        value: &T,
        out: &mut B,
    ) -> Result<(), SendError> {
        let bytes = super::encode_to_vec(value, self.config).map_err(SendError::Encode)?;
        self.check_len(bytes.len()).map_err(SendError::Refused)?;
        let width = self.prefix.width(bytes.len());
        let start = out.len();
        out.reserve(width + bytes.len());
        let spare = &mut out.spare_capacity_mut()[..width + bytes.len()];
        let (head, body) = spare.split_at_mut(width);
        self.prefix.write(bytes.len(), head);
        put(body, &bytes);
        // SAFETY: `reserve` made room for `width + bytes.len()` bytes after `start`, and
        // both parts are written.
        unsafe { out.set_len(start + width + bytes.len()) };
        Ok(())
    }

    /// `value`'s encoded size, refused if beyond the limits (before anything is allocated).
    #[inline]
    fn size_of<T: Encode + ?Sized>(&self, value: &T) -> Result<usize, SendError> {
        let size = encoded_size(value, self.config).map_err(SendError::Encode)?;
        self.check_len(size).map_err(SendError::Refused)?;
        Ok(size)
    }

    /// Finds the message at the front of `received`: `Ok(None)` while its prefix is
    /// incomplete.
    ///
    /// # Errors
    /// [`MessageError::TooLong`] for a length beyond the maximum, [`MessageError::BadPrefix`].
    #[inline(always)]
    pub(crate) fn head(&self, received: &[u8]) -> Result<Option<Head>, MessageError> {
        let Some((length, start)) = self.prefix.read(received)? else {
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
    pub(crate) fn truncated(&self, received: &[u8]) -> MessageError {
        let expected = match self.head(received) {
            Ok(Some(head)) => head.end(),
            // Inside the prefix: its width if known, else the most it can take.
            _ => match self.prefix {
                LengthPrefix::Varint(_) => received
                    .first()
                    .and_then(|&b| varint::payload_width(b).ok().flatten())
                    .map_or(MAX_PREFIX_WIDTH, |w| w + 1),
                p => p.width(0),
            },
        };
        MessageError::Truncated {
            received: received.len(),
            expected,
        }
    }

    /// Decodes the message `frame` (all of it, exactly) from a slice.
    #[inline(always)]
    pub(crate) fn decode_slice<T: Decode>(&self, frame: &[u8]) -> Result<T, DecodeError> {
        super::decode_from_slice_exact(frame, self.config)
    }
}
