//! The owned reader: bytes to an [`Nbt`] tree, and the [`Cursor`] both readers share.
//!
//! Recursive descent, at most [`MAX_NESTING`] deep. Every length is checked against what is
//! left of the input before anything is allocated; numeric lists and arrays are converted from
//! big-endian with one bulk call each. A compound's entries are gathered on a stack shared by
//! the whole read and moved into a vector of the exact size when the compound ends, so no
//! compound's vector grows twice.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::mutf8;
use super::{Compound, Error, ErrorKind, Key, List, MAX_NESTING, Nbt, Tag};
use crate::bulk::{self, WireElement};
use crate::wire::BigEndian;

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

    /// An `i32` element count whose elements take at least `min_size` bytes each: refused if
    /// negative or if that many elements cannot fit in what is left, before anything is
    /// allocated.
    #[inline(always)]
    pub(crate) fn count(&mut self, min_size: usize, what: &'static str) -> Result<usize, Error> {
        let at = self.pos;
        let len = i32::from_be_bytes(self.array(what)?);
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

/// The owned reader: a cursor and the stack of entries of the compounds being read.
struct Reader<'a> {
    cur: Cursor<'a>,
    entries: Vec<(Key, Tag)>,
}

impl<'a> Reader<'a> {
    /// A string or name, decoded: borrowed from the input when it is UTF-8 already.
    #[inline(always)]
    fn text(&mut self, what: &'static str) -> Result<Cow<'a, str>, Error> {
        let bytes = self.cur.string_bytes(what)?;
        if mutf8::is_plain_ascii(bytes) {
            // SAFETY: ASCII is UTF-8.
            return Ok(Cow::Borrowed(unsafe {
                core::str::from_utf8_unchecked(bytes)
            }));
        }
        decode_text(bytes, self.cur.pos() - bytes.len())
    }

    /// The entries of a compound up to its End.
    fn compound(&mut self, depth: usize) -> Result<Compound, Error> {
        if depth > MAX_NESTING {
            return Err(Error::new(self.cur.pos(), ErrorKind::TooDeep));
        }
        let start = self.entries.len();
        loop {
            let at = self.cur.pos();
            let kind = self.cur.u8("a tag type")?;
            if kind == 0 {
                break;
            }
            if kind > 12 {
                // Before the name, so that the first fault is the one reported.
                return Err(invalid_kind(at, kind, "a compound entry"));
            }
            let bytes = self.cur.string_bytes("a name")?;
            let key = if mutf8::is_plain_ascii(bytes) {
                // SAFETY: ASCII is UTF-8.
                Key::plain(unsafe { core::str::from_utf8_unchecked(bytes) })
            } else {
                match decode_text(bytes, self.cur.pos() - bytes.len())? {
                    Cow::Borrowed(s) => Key::new(s),
                    Cow::Owned(s) => Key::from(s),
                }
            };
            let tag = self.tag(kind, at, depth)?;
            self.entries.push((key, tag));
        }
        if self.entries.len() == start {
            return Ok(Compound::new());
        }
        // One allocation of the exact size and one copy (measured: `drain(..).collect()` moved
        // the entries one by one, 7% of reading a player file).
        Ok(Compound::from_entries(self.entries.split_off(start)))
    }

    /// A value of type `kind`, read at `at` (for the error if `kind` is not a value's).
    #[inline]
    fn tag(&mut self, kind: u8, at: usize, depth: usize) -> Result<Tag, Error> {
        let c = &mut self.cur;
        Ok(match kind {
            1 => Tag::Byte(c.u8("a byte")? as i8),
            2 => Tag::Short(i16::from_be_bytes(c.array("a short")?)),
            3 => Tag::Int(i32::from_be_bytes(c.array("an int")?)),
            4 => Tag::Long(i64::from_be_bytes(c.array("a long")?)),
            5 => Tag::Float(f32::from_be_bytes(c.array("a float")?)),
            6 => Tag::Double(f64::from_be_bytes(c.array("a double")?)),
            7 => Tag::ByteArray(numbers::<BigEndian<i8>>(c, "a byte array")?),
            8 => Tag::String(self.text("a string")?.into_owned()),
            9 => Tag::List(self.list(depth + 1)?),
            10 => Tag::Compound(self.compound(depth + 1)?),
            11 => Tag::IntArray(numbers::<BigEndian<i32>>(c, "an int array")?),
            12 => Tag::LongArray(numbers::<BigEndian<i64>>(c, "a long array")?),
            _ => return Err(invalid_kind(at, kind, "a compound entry")),
        })
    }

    /// A list's element type, length and elements.
    fn list(&mut self, depth: usize) -> Result<List, Error> {
        if depth > MAX_NESTING {
            return Err(Error::new(self.cur.pos(), ErrorKind::TooDeep));
        }
        let at = self.cur.pos();
        let kind = self.cur.u8("a list's element type")?;
        let c = &mut self.cur;
        Ok(match kind {
            0 => {
                let len_at = c.pos();
                let len = i32::from_be_bytes(c.array("a list's length")?);
                if len != 0 {
                    return Err(Error::new(
                        len_at,
                        ErrorKind::EndListNotEmpty { length: len },
                    ));
                }
                List::Empty
            }
            1 => List::Byte(numbers::<BigEndian<i8>>(c, LIST_NAMES[1])?),
            2 => List::Short(numbers::<BigEndian<i16>>(c, LIST_NAMES[2])?),
            3 => List::Int(numbers::<BigEndian<i32>>(c, LIST_NAMES[3])?),
            4 => List::Long(numbers::<BigEndian<i64>>(c, LIST_NAMES[4])?),
            5 => List::Float(numbers::<BigEndian<f32>>(c, LIST_NAMES[5])?),
            6 => List::Double(numbers::<BigEndian<f64>>(c, LIST_NAMES[6])?),
            7 => {
                let len = c.count(4, LIST_NAMES[7])?;
                let mut v = Vec::with_capacity(len);
                for _ in 0..len {
                    v.push(numbers::<BigEndian<i8>>(&mut self.cur, "a byte array")?);
                }
                List::ByteArray(v)
            }
            8 => {
                let len = c.count(2, LIST_NAMES[8])?;
                let mut v = Vec::with_capacity(len);
                for _ in 0..len {
                    v.push(self.text("a string")?.into_owned());
                }
                List::String(v)
            }
            9 => {
                let len = c.count(5, LIST_NAMES[9])?;
                let mut v = Vec::with_capacity(len);
                for _ in 0..len {
                    v.push(self.list(depth + 1)?);
                }
                List::List(v)
            }
            10 => {
                let len = c.count(1, LIST_NAMES[10])?;
                let mut v = Vec::with_capacity(len);
                for _ in 0..len {
                    v.push(self.compound(depth + 1)?);
                }
                List::Compound(v)
            }
            11 => {
                let len = c.count(4, LIST_NAMES[11])?;
                let mut v = Vec::with_capacity(len);
                for _ in 0..len {
                    v.push(numbers::<BigEndian<i32>>(&mut self.cur, "an int array")?);
                }
                List::IntArray(v)
            }
            12 => {
                let len = c.count(4, LIST_NAMES[12])?;
                let mut v = Vec::with_capacity(len);
                for _ in 0..len {
                    v.push(numbers::<BigEndian<i64>>(&mut self.cur, "a long array")?);
                }
                List::LongArray(v)
            }
            _ => return Err(invalid_kind(at, kind, "a list's element type")),
        })
    }
}

/// A count and that many big-endian numbers, converted with one bulk call.
#[inline(always)]
fn numbers<W: WireElement>(
    c: &mut Cursor<'_>,
    what: &'static str,
) -> Result<Vec<W::Native>, Error> {
    let bytes = c.elements::<W>(what)?;
    // At its size up front, as `Numbers::to_vec` does (no out-of-line growth path).
    let mut out = Vec::with_capacity(bytes.len() / core::mem::size_of::<W>());
    bulk::extend_native::<W>(&mut out, bytes);
    Ok(out)
}

/// Text that is not ASCII, decoded (`start`: its offset in the input, for the error). Out of
/// line: names are nearly always ASCII.
#[inline(never)]
fn decode_text(bytes: &[u8], start: usize) -> Result<Cow<'_, str>, Error> {
    mutf8::decode_non_ascii(bytes).map_err(|at| Error::new(start + at, ErrorKind::InvalidMutf8))
}

/// Reads the payload of a value of type `kind` at `pos`, inside a container at nesting level
/// `depth`, and returns it with where it ends (the typed reader's way into the tree).
pub(crate) fn read_tag(
    data: &[u8],
    pos: usize,
    kind: u8,
    depth: usize,
) -> Result<(Tag, usize), Error> {
    let mut r = Reader {
        cur: Cursor::at(data, pos),
        entries: Vec::new(),
    };
    let tag = r.tag(kind, pos, depth)?;
    Ok((tag, r.cur.pos()))
}

/// Reads a root compound, named (`named`: the file form) or not (the network form), and
/// returns it with the number of bytes it took.
pub(crate) fn read_root(data: &[u8], named: bool) -> Result<(Nbt, usize), Error> {
    let mut r = Reader {
        cur: Cursor::new(data),
        entries: Vec::new(),
    };
    let kind = r.cur.u8("the root tag's type")?;
    if kind != 10 {
        return Err(Error::new(0, ErrorKind::RootNotCompound { found: kind }));
    }
    let name = if named {
        r.text("the root's name")?.into_owned()
    } else {
        String::new()
    };
    let root = r.compound(1)?;
    Ok((Nbt { name, root }, r.cur.pos()))
}
