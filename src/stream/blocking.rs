//! Messages over blocking streams: [`MessageReader`] over a `std::io::Read` and
//! [`MessageWriter`] over a `std::io::Write`, the messages of [`MessageCodec`] (a length
//! prefix, then one framed value) for code that is not async.
//!
//! [`MessageCodec`]: super::MessageCodec

use std::io::{self, Read, Write};
use std::vec::Vec;

use super::prefix::MAX_PREFIX_WIDTH;
use super::{Builder, LengthPrefix, MessageError, settings_getters};
use crate::frame::{Config, Decode, DecodeError, Encode};

/// The least a read asks the stream for: small messages arrive many per read.
const READ_CHUNK: usize = 8 << 10;

/// Buffered messages are written out once they take this much.
const WRITE_HIGH_WATER: usize = 64 << 10;

/// Writes messages (a length prefix, then the framed value) to a `std::io::Write`.
///
/// Each message is encoded straight into one buffer with its prefix and goes out in one write:
/// [`send`](Self::send) writes it and flushes the stream, [`feed`](Self::feed) only buffers it
/// (written out once 64 KiB are waiting, or at the next [`flush`](Self::flush) or `send`), for
/// many messages per write. Messages still buffered when the writer is dropped are lost: end
/// with `flush` or `send`.
///
/// ```
/// use endian_wire::frame::Config;
/// use endian_wire::stream::{MessageReader, MessageWriter};
///
/// let mut wire = Vec::new(); // a `TcpStream` in practice
/// let mut writer = MessageWriter::new(&mut wire, Config::standard());
/// writer.feed(&(1u32, "first"))?;
/// writer.send(&(2u32, "second"))?;
/// assert_eq!(wire[..4], [0, 0, 0, 7]); // `LengthDelimitedCodec`'s prefix: 7 bytes follow
///
/// let mut reader = MessageReader::new(&wire[..], Config::standard());
/// assert_eq!(reader.read::<(u32, String)>()?, Some((1, "first".into())));
/// assert_eq!(reader.read::<(u32, String)>()?, Some((2, "second".into())));
/// assert_eq!(reader.read::<(u32, String)>()?, None); // the stream ended between messages
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct MessageWriter<W: Write> {
    inner: W,
    /// Messages encoded and not yet written.
    buf: Vec<u8>,
    settings: Builder,
}

impl<W: Write> MessageWriter<W> {
    /// Writes to `inner`, values framed under `config`, with the default prefix (4 bytes,
    /// big-endian) and maximum message length (8 MiB); other settings through [`Builder`].
    pub fn new(inner: W, config: Config) -> Self {
        Self::with(inner, Builder::new(config))
    }

    /// Writes to `inner` with `settings` ([`Builder::new_writer`]).
    pub(super) fn with(inner: W, settings: Builder) -> Self {
        MessageWriter {
            inner,
            buf: Vec::new(),
            settings,
        }
    }

    settings_getters!();

    /// Writes `message` and flushes the stream.
    ///
    /// # Errors
    /// `InvalidInput` for a message beyond the maximum length ([`MessageError::TooLong`]) or
    /// a value that cannot be encoded (nothing of it is written), or the stream's error.
    pub fn send<T: Encode + ?Sized>(&mut self, message: &T) -> io::Result<()> {
        self.feed(message)?;
        self.flush()
    }

    /// Buffers `message`, writing the buffer out once it is large.
    ///
    /// # Errors
    /// As [`send`](Self::send).
    pub fn feed<T: Encode + ?Sized>(&mut self, message: &T) -> io::Result<()> {
        self.settings.append(message, &mut self.buf)?;
        if self.buf.len() >= WRITE_HIGH_WATER {
            self.write_buffered()?;
        }
        Ok(())
    }

    /// Writes every buffered message and flushes the stream.
    ///
    /// # Errors
    /// The stream's error; the buffered messages are then dropped (how much of them went
    /// out is unknown, so the stream cannot be trusted further).
    pub fn flush(&mut self) -> io::Result<()> {
        self.write_buffered()?;
        self.inner.flush()
    }

    /// Writes the buffer out.
    fn write_buffered(&mut self) -> io::Result<()> {
        let out = self.inner.write_all(&self.buf);
        self.buf.clear();
        out
    }

    /// Bytes buffered and not yet written.
    #[must_use]
    pub fn buffered(&self) -> usize {
        self.buf.len()
    }

    /// The stream.
    pub fn get_ref(&self) -> &W {
        &self.inner
    }

    /// The stream (writing to it directly between messages keeps the framing only if what is
    /// buffered was flushed first).
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.inner
    }

    /// Flushes and returns the stream.
    ///
    /// # Errors
    /// As [`flush`](Self::flush) (the stream is lost with it).
    pub fn into_inner(mut self) -> io::Result<W> {
        self.flush()?;
        Ok(self.inner)
    }
}

/// Reads messages (a length prefix, then the framed value) from a `std::io::Read`.
///
/// The stream is read in chunks of at least 8 KiB into a buffer that messages are decoded
/// from in place, so small messages take one read for many. A length beyond the maximum
/// ([`max_frame_length`](Self::max_frame_length)) is refused as soon as its prefix is read,
/// nothing allocated for it; the buffer grows with the bytes that arrive, never by more than
/// has arrived (at least 8 KiB) at a time. Errors are those of every end (see
/// [the module](super)): after a length beyond the limit every later read fails
/// ([`MessageError::Failed`]), while a message that arrived whole but does not decode is
/// consumed and the next one is read normally.
///
/// See [`MessageWriter`] for an example.
#[derive(Debug)]
pub struct MessageReader<R: Read> {
    inner: R,
    /// Received bytes at `start..end`; the rest is room for more (kept initialized, as
    /// `Read::read` needs).
    buf: Vec<u8>,
    start: usize,
    end: usize,
    settings: Builder,
    /// A read failed in a way that loses the message boundaries.
    failed: bool,
}

impl<R: Read> MessageReader<R> {
    /// Reads from `inner`, values framed under `config`, with the default prefix (4 bytes,
    /// big-endian) and maximum message length (8 MiB); other settings through [`Builder`].
    pub fn new(inner: R, config: Config) -> Self {
        Self::with(inner, Builder::new(config))
    }

    /// Reads from `inner` with `settings` ([`Builder::new_reader`]).
    ///
    /// A longer length prefix than the maximum fails the stream ([`MessageError::TooLong`],
    /// `InvalidData`):
    ///
    /// ```
    /// use endian_wire::frame::Config;
    /// use endian_wire::stream::{Builder, MessageError};
    /// let hostile = [0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3];
    /// let settings = Builder::new(Config::legacy()).max_frame_length(1024);
    /// let mut reader = settings.new_reader(&hostile[..]);
    /// let err = reader.read::<Vec<u8>>().unwrap_err();
    /// let why = err.get_ref().unwrap().downcast_ref::<MessageError>().unwrap();
    /// assert_eq!(why, &MessageError::TooLong { length: 0xFFFF_FFFF, limit: 1024 });
    /// assert!(reader.read::<Vec<u8>>().is_err()); // and it stays failed
    /// ```
    pub(super) fn with(inner: R, settings: Builder) -> Self {
        MessageReader {
            inner,
            buf: Vec::new(),
            start: 0,
            end: 0,
            settings,
            failed: false,
        }
    }

    settings_getters!();

    /// Reads the next message: `Ok(None)` when the stream ends between messages.
    ///
    /// # Errors
    /// `UnexpectedEof` when the stream ends inside a message; `InvalidData` for a length
    /// beyond the limit or a message that does not decode; the stream's own error
    /// (`Interrupted` reads are retried).
    pub fn read<T: Decode>(&mut self) -> io::Result<Option<T>> {
        if self.failed {
            return Err(MessageError::Failed.into());
        }
        loop {
            let received = &self.buf[self.start..self.end];
            let head = match self.settings.head(received) {
                Ok(head) => head,
                Err(e) => {
                    self.failed = true;
                    return Err(e.into());
                }
            };
            if let Some(head) = head
                && head.end() <= received.len()
            {
                let result = self
                    .settings
                    .decode_slice::<T>(&received[head.start..head.end()]);
                self.start += head.end();
                return result.map(Some);
            }
            let wanted = head.map_or(MAX_PREFIX_WIDTH, |head| head.end());
            if self.fill(wanted)? == 0 {
                if self.start == self.end {
                    return Ok(None);
                }
                self.failed = true;
                return Err(self
                    .settings
                    .truncated(&self.buf[self.start..self.end])
                    .into());
            }
        }
    }

    /// An iterator over the messages until the stream ends: each item a message or an error;
    /// it ends after any error but a message that does not decode.
    ///
    /// ```
    /// use endian_wire::frame::Config;
    /// use endian_wire::stream::{MessageReader, MessageWriter};
    /// let mut wire = Vec::new();
    /// let mut writer = MessageWriter::new(&mut wire, Config::legacy());
    /// for i in 0..3u64 {
    ///     writer.feed(&i)?;
    /// }
    /// writer.flush()?;
    /// let mut reader = MessageReader::new(&wire[..], Config::legacy());
    /// let all: Vec<u64> = reader.messages().collect::<Result<_, _>>()?;
    /// assert_eq!(all, [0, 1, 2]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn messages<T: Decode>(&mut self) -> Messages<'_, R, T> {
        Messages {
            reader: self,
            done: false,
            message: core::marker::PhantomData,
        }
    }

    /// Reads more of the stream, with room for at least what a message of `wanted` bytes
    /// (from `start`) still misses, but no more than has arrived (at least `READ_CHUNK`);
    /// returns the bytes read, 0 at the end of the stream.
    fn fill(&mut self, wanted: usize) -> io::Result<usize> {
        let have = self.end - self.start;
        let missing = wanted.saturating_sub(have);
        let room = missing.min(have.max(READ_CHUNK)).max(READ_CHUNK);
        if self.buf.len() - self.end < room {
            // Move what is left to the front first; grow only if that is not enough.
            self.buf.copy_within(self.start..self.end, 0);
            self.start = 0;
            self.end = have;
            if self.buf.len() - self.end < room {
                self.buf.resize(self.end + room, 0);
            }
        }
        loop {
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(n) => {
                    self.end += n;
                    return Ok(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Bytes received and not yet decoded (the start of the next messages).
    #[must_use]
    pub fn buffer(&self) -> &[u8] {
        &self.buf[self.start..self.end]
    }

    /// The stream.
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    /// The stream (reading from it directly loses the framing unless
    /// [`buffer`](Self::buffer) is empty).
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.inner
    }

    /// The stream back; bytes already read from it and not decoded ([`buffer`](Self::buffer))
    /// are lost.
    pub fn into_inner(self) -> R {
        self.inner
    }
}

/// The messages of a [`MessageReader`], from [`MessageReader::messages`].
#[derive(Debug)]
pub struct Messages<'a, R: Read, T> {
    reader: &'a mut MessageReader<R>,
    /// An error other than a message that does not decode ended the iteration.
    done: bool,
    message: core::marker::PhantomData<fn() -> T>,
}

impl<R: Read, T: Decode> Iterator for Messages<'_, R, T> {
    type Item = io::Result<T>;

    /// The next message; after an error that is not a whole message failing to decode (the
    /// stream's own error, a length beyond the limit, the end inside a message), `None`.
    fn next(&mut self) -> Option<io::Result<T>> {
        if self.done {
            return None;
        }
        let next = self.reader.read().transpose();
        if let Some(Err(e)) = &next
            && !e.get_ref().is_some_and(|inner| inner.is::<DecodeError>())
        {
            self.done = true;
        }
        next
    }
}
