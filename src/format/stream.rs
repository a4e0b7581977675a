//! Format values read from a `std::io::Read` that cannot seek (a socket, a pipe, a
//! decompressor): [`FormatStream`] keeps what it has read in a buffer and parses each value
//! from there, reading more only while the value's bytes have not all arrived.

use alloc::vec::Vec;
use core::marker::PhantomData;
use std::io::{self, ErrorKind, Read};

use super::{FormatError, ReadFormat, ReadFormatOwned};
use crate::Endian;

/// What the first read asks for, and the least any read asks for.
const CHUNK: usize = 8 * 1024;

/// Format values read one after another from a [`Read`]; no `Seek` needed.
///
/// A value is parsed from the bytes read so far. When they end inside it, more are read (all
/// that the parse said it needs, a count's worth of elements at once, and at least as many
/// again as are buffered when the reader delivers them) and the parse starts over; bytes read
/// past the value wait in the buffer for the next one. A value is buffered whole, so fields at an offset inside it (ELF's tables)
/// need no seeking; offsets and alignment count from the value's first byte, as they do from
/// the start of a slice given to [`ReadFormat::read_format`], and, as there, a value's bytes
/// are its fields in sequence: bytes read for a field at an offset past them stay buffered
/// for the next value. A declaration that reads until
/// its input ends (`until_eof`, [`ReadFormat::READS_TO_END`]) is read from everything up to
/// the end of the stream.
///
/// Values borrow nothing here ([`ReadFormatOwned`]): the buffer is reused. For borrowed
/// fields, read the input into memory and use [`ReadFormat::read_format`].
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use std::io::Read;
/// use endian_wire::Endianize;
/// use endian_wire::format::FormatStream;
///
/// #[derive(Endianize, Debug, PartialEq)]
/// #[endian(be)]
/// #[wire(tag = u8)]
/// enum Block {
///     #[wire(tag = 1)]
///     Ping { seq: u16 },
///     #[wire(tag = 2)]
///     Text { len: u8, #[wire(count = len)] text: Vec<u8> },
/// }
///
/// // Two blocks, arriving in pieces that split them anywhere.
/// let input = (&[1, 0, 7, 2, 3][..]).chain(&b"abc"[..]);
/// let mut stream = FormatStream::new(input);
/// assert_eq!(stream.next_value::<Block>()?, Some(Block::Ping { seq: 7 }));
/// assert_eq!(stream.position(), 3);
/// assert_eq!(stream.next_value::<Block>()?, Some(Block::Text { len: 3, text: b"abc".to_vec() }));
/// assert_eq!(stream.next_value::<Block>()?, None); // the stream ended between values
///
/// // A block cut short: the error names the byte of the stream where it ran out.
/// let mut stream = FormatStream::new(&[1, 0, 7, 2, 9, b'x'][..]);
/// let blocks: Vec<_> = stream.values::<Block>().collect();
/// assert_eq!(blocks[0].as_ref().unwrap(), &Block::Ping { seq: 7 });
/// let err = blocks[1].as_ref().unwrap_err();
/// assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof);
/// assert_eq!(err.to_string(), "Block::Text.text at byte 5: 9 elements need at least 9 bytes, 1 left");
/// # }
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct FormatStream<R> {
    reader: R,
    /// Bytes read and not yet parsed are `buf[start..end]`; the rest of `buf` is room for
    /// the next read, zeroed once when the buffer grew (not again for every read).
    buf: Vec<u8>,
    start: usize,
    end: usize,
    /// The reader has reported its end.
    ended: bool,
    /// Bytes of the values read so far: where the next one starts in the stream.
    position: u64,
    order: Endian,
    /// The most bytes one value may take (buffered at once).
    limit: Option<usize>,
}

impl<R: Read> FormatStream<R> {
    /// A stream over `reader`, `#[endian(runtime)]` declarations starting in big-endian
    /// order.
    pub fn new(reader: R) -> Self {
        Self::with_order(reader, Endian::Big)
    }

    /// A stream over `reader`, `#[endian(runtime)]` declarations starting in `order` (until a
    /// field of theirs sets another).
    pub fn with_order(reader: R, order: Endian) -> Self {
        FormatStream {
            reader,
            buf: Vec::new(),
            start: 0,
            end: 0,
            ended: false,
            position: 0,
            order,
            limit: None,
        }
    }

    /// Refuses a value longer than `bytes` (`InvalidData`) instead of buffering it: what a peer
    /// can make this stream hold in memory. Without a limit, a value's length is bounded by
    /// what the reader delivers (as [`Read::take`] can bound it).
    #[must_use]
    pub fn with_limit(mut self, bytes: usize) -> Self {
        self.limit = Some(bytes);
        self
    }

    /// The next value.
    ///
    /// # Errors
    /// `UnexpectedEof` if the stream ends before the value does (or before it starts),
    /// `InvalidData` if its bytes are not a value of the type (or it is longer than the
    /// limit), each with a [`FormatError`] whose offset counts from the stream's start; or
    /// the reader's error. The stream stays at the value's first byte: a reader's
    /// `WouldBlock` can be retried, and the bytes already read are kept.
    pub fn read<T: ReadFormatOwned>(&mut self) -> io::Result<T> {
        match self.next_value()? {
            Some(value) => Ok(value),
            None => Err(super::at_root::<T>(FormatError::new(
                ErrorKind::UnexpectedEof,
                self.offset(),
                "the stream ended before the value",
            ))
            .into()),
        }
    }

    /// The next value, or `None` when the stream ends where a value would start.
    ///
    /// # Errors
    /// As [`read`](Self::read), but for the end between values.
    pub fn next_value<T: ReadFormatOwned>(&mut self) -> io::Result<Option<T>> {
        if <T as ReadFormat<'static>>::READS_TO_END {
            while !self.ended {
                self.fill()?;
            }
        }
        loop {
            if self.buffered().is_empty() {
                if self.ended {
                    return Ok(None);
                }
                self.fill()?;
                continue;
            }
            match T::read_format_as(self.buffered(), self.order) {
                Ok((value, used)) => {
                    self.consume(used);
                    return Ok(Some(value));
                }
                Err(e) if e.kind() == ErrorKind::UnexpectedEof && !self.ended => {
                    // Read until the value can get further than it did: as many bytes as the
                    // reader said it needs (a count's worth at once, not a parse per read).
                    let needs = e.needs().unwrap_or(0);
                    if let Some(limit) = self.limit.filter(|&limit| needs > limit) {
                        return Err(self.over_limit(limit));
                    }
                    self.fill()?;
                    while !self.ended && self.buffered().len() < needs {
                        self.fill()?;
                    }
                }
                Err(e) => return Err(e.shifted(self.position).into()),
            }
        }
    }

    /// The values of type `T` to the end of the stream, as an iterator: it ends after the
    /// stream does or after the first error (which it yields), and after a value that took
    /// no bytes (the next would be the same).
    pub fn values<T: ReadFormatOwned>(&mut self) -> Values<'_, R, T> {
        Values {
            stream: Some(self),
            _values: PhantomData,
        }
    }

    /// Bytes of the values read so far: the offset in the stream of the next value.
    #[must_use]
    pub fn position(&self) -> u64 {
        self.position
    }

    /// Bytes read from the reader and not yet part of a value.
    #[must_use]
    pub fn buffered(&self) -> &[u8] {
        &self.buf[self.start..self.end]
    }

    /// The byte order the next `#[endian(runtime)]` value starts in.
    #[must_use]
    pub fn order(&self) -> Endian {
        self.order
    }

    /// Sets the byte order the following `#[endian(runtime)]` values start in (a byte-order
    /// mark read in one value deciding the next ones: pcapng's section header).
    pub fn set_order(&mut self, order: Endian) {
        self.order = order;
    }

    /// The reader.
    pub fn get_ref(&self) -> &R {
        &self.reader
    }

    /// The reader, mutably (reading from it directly skips the buffered bytes).
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.reader
    }

    /// The reader and the bytes read from it that no value took.
    pub fn into_parts(mut self) -> (R, Vec<u8>) {
        self.buf.truncate(self.end);
        self.buf.drain(..self.start);
        (self.reader, self.buf)
    }

    /// The offset `position` as a `usize`, for an error (saturating on 32-bit hosts).
    fn offset(&self) -> usize {
        usize::try_from(self.position).unwrap_or(usize::MAX)
    }

    /// The error for a value longer than the limit.
    #[cold]
    fn over_limit(&self, limit: usize) -> io::Error {
        FormatError::new(
            ErrorKind::InvalidData,
            self.offset(),
            alloc::format!("the value is longer than the stream's limit of {limit} bytes"),
        )
        .into()
    }

    fn consume(&mut self, used: usize) {
        self.start += used;
        self.position += used as u64;
        if self.start == self.end {
            self.start = 0;
            self.end = 0;
        }
    }

    /// Reads more: at least as many bytes as are buffered (and [`CHUNK`]), up to the limit;
    /// sets `ended` when the reader reports its end. `Interrupted` reads are repeated.
    fn fill(&mut self) -> io::Result<()> {
        let buffered = self.buffered().len();
        let mut want = buffered.max(CHUNK);
        if let Some(limit) = self.limit {
            if buffered >= limit {
                return Err(self.over_limit(limit));
            }
            want = want.min(limit - buffered);
        }
        // Move the bytes left to the front (the values before them are read), then make room.
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        if self.buf.len() < self.end + want {
            self.buf.resize(self.end + want, 0);
        }
        let n = loop {
            match self.reader.read(&mut self.buf[self.end..self.end + want]) {
                Ok(n) => break n,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        };
        // (A reader that claims more than it was given is not believed.)
        self.end += n.min(want);
        if n == 0 {
            self.ended = true;
        }
        Ok(())
    }
}

impl<R> core::fmt::Debug for FormatStream<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("FormatStream")
            .field("position", &self.position)
            .field("buffered", &(self.end - self.start))
            .field("ended", &self.ended)
            .field("order", &self.order)
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}

/// The values of a [`FormatStream`], from [`FormatStream::values`].
pub struct Values<'s, R, T> {
    /// `None` once the values have ended.
    stream: Option<&'s mut FormatStream<R>>,
    _values: PhantomData<fn() -> T>,
}

impl<R: Read, T: ReadFormatOwned> Iterator for Values<'_, R, T> {
    type Item = io::Result<T>;

    fn next(&mut self) -> Option<io::Result<T>> {
        let stream = self.stream.as_mut()?;
        let before = stream.position();
        let item = stream.next_value::<T>().transpose();
        let stream = self.stream.as_ref()?;
        if !matches!(item, Some(Ok(_))) || stream.position() == before {
            self.stream = None;
        }
        item
    }
}

impl<R: Read, T: ReadFormatOwned> core::iter::FusedIterator for Values<'_, R, T> {}

impl<R, T> core::fmt::Debug for Values<'_, R, T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Values")
            .field("ended", &self.stream.is_none())
            .finish_non_exhaustive()
    }
}
