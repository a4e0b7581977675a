//! The position in an NBT input that every reader shares (the owned reader, the view, serde's
//! deserializer), with the checked reads of NBT's pieces, and the names its errors use.

use super::{Error, ErrorKind};
use endian_wire::bulk::WireElement;

/// A position in the input, with the checked reads of NBT's pieces.
pub(crate) struct Cursor<'a> {
    data: &'a [u8],
    /// Always `<= data.len()`.
    pos: usize,
}

impl<'a> Cursor<'a> {
    #[inline]
    pub(crate) fn new(data: &'a [u8]) -> Self {
        Cursor { data, pos: 0 }
    }

    /// A cursor at `pos` (`<= data.len()`).
    #[inline]
    pub(crate) fn at(data: &'a [u8], pos: usize) -> Self {
        debug_assert!(pos <= data.len());
        Cursor {
            data,
            pos: pos.min(data.len()),
        }
    }

    /// The whole input.
    #[inline]
    pub(crate) fn data(&self) -> &'a [u8] {
        self.data
    }

    #[inline]
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    #[inline]
    pub(crate) fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    /// The input ended: `needed` bytes were wanted for `what` at the current position.
    #[cold]
    #[inline(never)]
    pub(crate) fn eof(&self, needed: usize, what: &'static str) -> Error {
        Error::new(
            self.pos,
            ErrorKind::UnexpectedEof {
                needed: needed - self.remaining(),
                what,
            },
        )
    }

    /// The next `n` bytes.
    #[inline(always)]
    pub(crate) fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], Error> {
        if n > self.remaining() {
            return Err(self.eof(n, what));
        }
        let start = self.pos;
        self.pos += n;
        Ok(&self.data[start..self.pos])
    }

    /// Skips `n` bytes.
    #[inline(always)]
    pub(crate) fn skip(&mut self, n: usize, what: &'static str) -> Result<(), Error> {
        if n > self.remaining() {
            return Err(self.eof(n, what));
        }
        self.pos += n;
        Ok(())
    }

    #[inline(always)]
    pub(crate) fn array<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N], Error> {
        if N > self.remaining() {
            return Err(self.eof(N, what));
        }
        let mut out = [0; N];
        out.copy_from_slice(&self.data[self.pos..self.pos + N]);
        self.pos += N;
        Ok(out)
    }

    #[inline(always)]
    pub(crate) fn u8(&mut self, what: &'static str) -> Result<u8, Error> {
        match self.data.get(self.pos) {
            Some(&b) => {
                self.pos += 1;
                Ok(b)
            }
            None => Err(self.eof(1, what)),
        }
    }

    /// A `u16` length and that many bytes: a string's or a name's modified UTF-8.
    #[inline(always)]
    pub(crate) fn string_bytes(&mut self, what: &'static str) -> Result<&'a [u8], Error> {
        let len = u16::from_be_bytes(self.array(what)?);
        self.take(usize::from(len), what)
    }

    /// An `i32` element count (big-endian, Java's) whose elements take at least `min_size`
    /// bytes each: refused if negative or if that many elements cannot fit in what is left,
    /// before anything is allocated.
    #[inline(always)]
    pub(crate) fn count(&mut self, min_size: usize, what: &'static str) -> Result<usize, Error> {
        let at = self.pos;
        let len = i32::from_be_bytes(self.array(what)?);
        self.checked_count(at, len, min_size, what)
    }

    /// The checks of [`count`](Self::count) on a length `len` read at `at` by other means
    /// (a flavour's length encoding).
    #[inline(always)]
    pub(crate) fn checked_count(
        &self,
        at: usize,
        len: i32,
        min_size: usize,
        what: &'static str,
    ) -> Result<usize, Error> {
        if len < 0 {
            return Err(Error::new(at, ErrorKind::NegativeLength { length: len }));
        }
        let len = len as usize;
        // `u64`: `len * 8` overflows a 32-bit `usize`.
        let bytes = len as u64 * min_size as u64;
        if bytes > self.remaining() as u64 {
            return Err(self.eof(
                usize::try_from(bytes)
                    .unwrap_or(usize::MAX)
                    .max(self.remaining() + 1),
                what,
            ));
        }
        Ok(len)
    }

    /// A count and that many elements of `W`, as their bytes.
    #[inline(always)]
    pub(crate) fn elements<W: WireElement>(
        &mut self,
        what: &'static str,
    ) -> Result<&'a [u8], Error> {
        let size = core::mem::size_of::<W>();
        let len = self.count(size, what)?;
        self.take(len * size, what)
    }

    /// Fails unless the input is all read.
    pub(crate) fn finish(&self) -> Result<(), Error> {
        match self.remaining() {
            0 => Ok(()),
            count => Err(Error::new(self.pos, ErrorKind::TrailingBytes { count })),
        }
    }
}

/// What a list of each element type is called in errors.
pub(crate) const LIST_NAMES: [&str; 13] = [
    "an empty list",
    "a list of bytes",
    "a list of shorts",
    "a list of ints",
    "a list of longs",
    "a list of floats",
    "a list of doubles",
    "a list of byte arrays",
    "a list of strings",
    "a list of lists",
    "a list of compounds",
    "a list of int arrays",
    "a list of long arrays",
];

/// The type byte `kind` checked to be a value's (1 to 12).
#[cold]
#[inline(never)]
pub(crate) fn invalid_kind(at: usize, found: u8, context: &'static str) -> Error {
    Error::new(at, ErrorKind::InvalidTagType { found, context })
}
