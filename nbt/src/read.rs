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

use core::marker::PhantomData;

use super::cursor::{Cursor, LIST_NAMES, invalid_kind};
use super::format::{Format, Java, Number};
use super::mutf8;
use super::{Compound, Error, ErrorKind, Key, List, MAX_NESTING, Nbt, Tag};

/// Writes to `dst` the key of the name `bytes` read at `at`, where it is not short ASCII with
/// 24 bytes of input from its start (the compound loop's fast path): out of line, so that the
/// fast path's key goes from registers to its slot.
///
/// # Safety
/// `dst` is valid for a write of a `Key`.
#[cold]
#[inline(never)]
unsafe fn write_key<F: Format>(bytes: &[u8], at: usize, dst: *mut Key) -> Result<(), Error> {
    let key = if mutf8::is_plain_ascii(bytes) {
        // SAFETY: ASCII is UTF-8.
        Key::plain(unsafe { core::str::from_utf8_unchecked(bytes) })
    } else {
        match decode_text::<F>(bytes, at)? {
            Cow::Borrowed(s) => Key::new(s),
            Cow::Owned(s) => Key::from(s),
        }
    };
    // SAFETY: `dst` is valid for the write (the caller's promise).
    unsafe { dst.write(key) };
    Ok(())
}

/// The owned reader, in flavour `F`: a cursor and the stack of entries of the compounds being
/// read.
struct Reader<'a, F> {
    cur: Cursor<'a>,
    entries: Vec<(Key, Tag)>,
    _flavor: PhantomData<F>,
}

impl<'a, F: Format> Reader<'a, F> {
    /// A string's or a name's bytes.
    #[inline(always)]
    fn string_bytes(&mut self, what: &'static str) -> Result<&'a [u8], Error> {
        let len = F::str_len(&mut self.cur, what)?;
        self.cur.take(len, what)
    }

    /// A string or name, decoded: borrowed from the input when it is UTF-8 already.
    #[inline(always)]
    fn text(&mut self, what: &'static str) -> Result<Cow<'a, str>, Error> {
        let bytes = self.string_bytes(what)?;
        if mutf8::is_plain_ascii(bytes) {
            // SAFETY: ASCII is UTF-8.
            return Ok(Cow::Borrowed(unsafe {
                core::str::from_utf8_unchecked(bytes)
            }));
        }
        decode_text::<F>(bytes, self.cur.pos() - bytes.len())
    }

    /// A count of elements of type `kind` (as in a list).
    #[inline(always)]
    fn count(&mut self, kind: u8, what: &'static str) -> Result<usize, Error> {
        self.cur.count_in::<F>(F::MIN_SIZE[usize::from(kind)], what)
    }

    /// A count and that many numbers of type `kind`.
    #[inline(always)]
    fn numbers<T: Number>(&mut self, kind: u8, what: &'static str) -> Result<Vec<T>, Error> {
        let len = self.count(kind, what)?;
        F::numbers::<T>(&mut self.cur, len, what)
    }

    /// An array: a count and that many numbers (bytes, ints or longs).
    #[inline(always)]
    fn array<T: Number>(&mut self, what: &'static str) -> Result<Vec<T>, Error> {
        let element = match T::WIDTH {
            1 => 1,
            4 => 3,
            _ => 4,
        };
        self.numbers::<T>(element, what)
    }

    /// The entries of a compound up to its End.
    #[inline]
    fn compound(&mut self, depth: usize) -> Result<Compound, Error> {
        let start = self.entries.len();
        self.entries_to_end(depth)?;
        Ok(self.take_compound(start))
    }

    /// The compound of the entries on the stack from `start` on, taken off the stack: one
    /// allocation of the exact size and one copy (measured: `drain(..).collect()` moved the
    /// entries one by one, 7% of reading a player file). Built where it is used rather than
    /// returned through memory (measured: each return's copy stalled store forwarding).
    #[inline(always)]
    fn take_compound(&mut self, start: usize) -> Compound {
        let n = self.entries.len() - start;
        if n == 0 {
            return Compound::new();
        }
        let mut entries = Vec::with_capacity(n);
        // SAFETY: the stack's `start..start + n` are initialized entries, copied once into the
        // new vector's room for `n` (separate allocations) and then left out of the stack's
        // length, so each is owned once.
        unsafe {
            core::ptr::copy_nonoverlapping(
                self.entries.as_ptr().add(start),
                entries.as_mut_ptr(),
                n,
            );
            entries.set_len(n);
            self.entries.set_len(start);
        }
        Compound::from_entries(entries)
    }

    /// Reads a compound's entries up to its End onto the stack.
    fn entries_to_end(&mut self, depth: usize) -> Result<(), Error> {
        if depth > MAX_NESTING {
            return Err(Error::new(self.cur.pos(), ErrorKind::TooDeep));
        }
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
            // The entry is written straight into its slot on the stack: the key as soon as it
            // is made, while it is in registers, then the value beside it (measured: `push`
            // after the value built the entry in a stack temporary and copied it, and a key
            // held across the value's read was spilled and reloaded; each copy's wide loads
            // of narrower stores stalled store forwarding, together 30% of reading
            // `complex_player.dat`).
            if self.entries.len() == self.entries.capacity() {
                self.entries.reserve(1);
            }
            let len = self.entries.len();
            let bytes = self.string_bytes("a name")?;
            let name_at = self.cur.pos() - bytes.len();
            // Slot `len` is allocated (room made above) and unused.
            let slot = self.entries.as_mut_ptr().wrapping_add(len);
            // SAFETY: `slot` is within the stack's allocation; the projection only computes
            // the key's address.
            let key = unsafe { core::ptr::addr_of_mut!((*slot).0) };
            match self.cur.data()[name_at..].first_chunk::<24>() {
                Some(window) if bytes.len() < 24 && mutf8::is_plain_ascii(bytes) => {
                    // SAFETY: the key's place in slot `len`, written once.
                    unsafe { key.write(Key::plain_ascii_in(window, bytes.len())) }
                }
                // SAFETY: as above.
                _ => unsafe { write_key::<F>(bytes, name_at, key)? },
            }
            if kind == 9 || kind == 10 {
                // Nested compounds gather their entries on the stack past this one: its slot
                // is covered now, with a stand-in value until the real one is read.
                // SAFETY: the value's place in slot `len`, the key beside it written; the
                // length then covers the slot, initialized.
                unsafe {
                    core::ptr::addr_of_mut!((*slot).1).write(Tag::Byte(0));
                    self.entries.set_len(len + 1);
                }
                let tag = if kind == 9 {
                    Tag::List(self.list(depth + 1)?)
                } else {
                    self.entries_to_end(depth + 1)?;
                    Tag::Compound(self.take_compound(len + 1))
                };
                // SAFETY: slot `len` is covered, its value the stand-in, which needs no drop:
                // overwritten in place (the stack may have moved: its pointer is taken again).
                unsafe {
                    core::ptr::addr_of_mut!((*self.entries.as_mut_ptr().add(len)).1).write(tag)
                };
            } else {
                match self.leaf(kind, at) {
                    // SAFETY: the value's place in slot `len` (a leaf's read does not touch
                    // the stack), the key beside it written; the length then covers the slot.
                    Ok(tag) => unsafe {
                        core::ptr::addr_of_mut!((*slot).1).write(tag);
                        self.entries.set_len(len + 1);
                    },
                    Err(e) => {
                        // SAFETY: the key written above, not covered by the length: dropped
                        // once, here.
                        unsafe { core::ptr::drop_in_place(core::ptr::addr_of_mut!((*slot).0)) };
                        return Err(e);
                    }
                }
            }
        }
        Ok(())
    }

    /// A value of type `kind`, read at `at` (for the error if `kind` is not a value's).
    /// Inlined into `compound` (with a second caller, the root of any type, LLVM would keep it
    /// out of line: 4% more instructions reading simdnbt's `hypixel.nbt`, by callgrind).
    #[inline(always)]
    fn tag(&mut self, kind: u8, at: usize, depth: usize) -> Result<Tag, Error> {
        Ok(match kind {
            9 => Tag::List(self.list(depth + 1)?),
            10 => Tag::Compound(self.compound(depth + 1)?),
            _ => self.leaf(kind, at)?,
        })
    }

    /// A value of type `kind` other than a list or compound (which nest), read at `at`.
    #[inline(always)]
    fn leaf(&mut self, kind: u8, at: usize) -> Result<Tag, Error> {
        let c = &mut self.cur;
        Ok(match kind {
            1 => Tag::Byte(c.u8("a byte")? as i8),
            2 => Tag::Short(F::i16(c, "a short")?),
            3 => Tag::Int(F::i32(c, "an int")?),
            4 => Tag::Long(F::i64(c, "a long")?),
            5 => Tag::Float(F::f32(c, "a float")?),
            6 => Tag::Double(F::f64(c, "a double")?),
            7 => Tag::ByteArray(self.array::<i8>("a byte array")?),
            8 => Tag::String(self.text("a string")?.into_owned()),
            11 => Tag::IntArray(self.array::<i32>("an int array")?),
            12 => Tag::LongArray(self.array::<i64>("a long array")?),
            _ => return Err(invalid_kind(at, kind, "a compound entry")),
        })
    }

    /// A list's element type, length and elements. Inlined into the compound loop, its
    /// caller for all but nested lists (measured: the list returned through memory was copied
    /// into its entry at once, stalling store forwarding, 5% of reading `bigtest.nbt`).
    #[inline(always)]
    fn list(&mut self, depth: usize) -> Result<List, Error> {
        if depth > MAX_NESTING {
            return Err(Error::new(self.cur.pos(), ErrorKind::TooDeep));
        }
        let at = self.cur.pos();
        let kind = self.cur.u8("a list's element type")?;
        let what = match LIST_NAMES.get(usize::from(kind)) {
            Some(&what) => what,
            None => return Err(invalid_kind(at, kind, "a list's element type")),
        };
        Ok(match kind {
            0 => {
                let len_at = self.cur.pos();
                let len = F::len(&mut self.cur, "a list's length")?;
                if len != 0 {
                    return Err(Error::new(
                        len_at,
                        ErrorKind::EndListNotEmpty { length: len },
                    ));
                }
                List::Empty
            }
            1 => List::Byte(self.numbers::<i8>(kind, what)?),
            2 => List::Short(self.numbers::<i16>(kind, what)?),
            3 => List::Int(self.numbers::<i32>(kind, what)?),
            4 => List::Long(self.numbers::<i64>(kind, what)?),
            5 => List::Float(self.numbers::<f32>(kind, what)?),
            6 => List::Double(self.numbers::<f64>(kind, what)?),
            7 => {
                let len = self.count(kind, what)?;
                let mut v = Vec::with_capacity(len);
                for _ in 0..len {
                    v.push(self.array::<i8>("a byte array")?);
                }
                List::ByteArray(v)
            }
            8 => {
                let len = self.count(kind, what)?;
                let mut v = Vec::with_capacity(len);
                for _ in 0..len {
                    v.push(self.text("a string")?.into_owned());
                }
                List::String(v)
            }
            9 => {
                let len = self.count(kind, what)?;
                let mut v = Vec::with_capacity(len);
                for _ in 0..len {
                    v.push(self.list(depth + 1)?);
                }
                List::List(v)
            }
            10 => {
                let len = self.count(kind, what)?;
                let mut v = Vec::with_capacity(len);
                for _ in 0..len {
                    let start = self.entries.len();
                    self.entries_to_end(depth + 1)?;
                    let c = self.take_compound(start);
                    v.push(c);
                }
                List::Compound(v)
            }
            11 => {
                let len = self.count(kind, what)?;
                let mut v = Vec::with_capacity(len);
                for _ in 0..len {
                    v.push(self.array::<i32>("an int array")?);
                }
                List::IntArray(v)
            }
            _ => {
                let len = self.count(kind, what)?;
                let mut v = Vec::with_capacity(len);
                for _ in 0..len {
                    v.push(self.array::<i64>("a long array")?);
                }
                List::LongArray(v)
            }
        })
    }
}

/// Text that is not ASCII, decoded (`start`: its offset in the input, for the error): modified
/// UTF-8 in Java's flavour, UTF-8 in Bedrock's. Out of line: names are nearly always ASCII.
#[inline(never)]
fn decode_text<F: Format>(bytes: &[u8], start: usize) -> Result<Cow<'_, str>, Error> {
    if F::MUTF8 {
        mutf8::decode_non_ascii(bytes).map_err(|at| Error::new(start + at, ErrorKind::InvalidMutf8))
    } else {
        core::str::from_utf8(bytes)
            .map(Cow::Borrowed)
            .map_err(|e| Error::new(start + e.valid_up_to(), ErrorKind::InvalidUtf8))
    }
}

/// The entry stack for reading a document of `len` bytes: room for 32 entries (2 kB), fewer
/// for less input (an entry takes at least 4 bytes), so that a small document is read without
/// growing it (measured: growing from empty was 3% of reading `bigtest.nbt`).
fn first_stack(len: usize) -> Vec<(Key, Tag)> {
    Vec::with_capacity((len / 4).min(32))
}

impl<'a, F: Format> Reader<'a, F> {
    fn new(data: &'a [u8]) -> Self {
        Reader {
            cur: Cursor::new(data),
            entries: first_stack(data.len()),
            _flavor: PhantomData,
        }
    }
}

/// Reads the payload of a value of type `kind` at `pos`, inside a container at nesting level
/// `depth`, and returns it with where it ends (the typed reader's way into the tree).
pub(crate) fn read_tag(
    data: &[u8],
    pos: usize,
    kind: u8,
    depth: usize,
) -> Result<(Tag, usize), Error> {
    let mut r = Reader::<Java> {
        cur: Cursor::at(data, pos),
        // Empty until used: a typed read calls this for each tree-typed field (a chunk's block
        // entities, block states' properties: thousands per region), most of them small
        // (measured: a first stack allocated here added 4% to the typed read of the real
        // chunks).
        entries: Vec::new(),
        _flavor: PhantomData,
    };
    let tag = r.tag(kind, pos, depth)?;
    Ok((tag, r.cur.pos()))
}

/// Reads a root compound, named (`named`: the file form) or not (the network form), and
/// returns it with the number of bytes it took.
pub(crate) fn read_root(data: &[u8], named: bool) -> Result<(Nbt, usize), Error> {
    read_root_in::<Java>(data, named)
}

/// [`read_root`] in flavour `F`.
pub(crate) fn read_root_in<F: Format>(data: &[u8], named: bool) -> Result<(Nbt, usize), Error> {
    let mut r = Reader::<F>::new(data);
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

/// Reads a nameless root of any type (Java's network form since 1.20.3): `None` for End (the
/// value is absent); returns it with the number of bytes it took.
pub(crate) fn read_any_root(data: &[u8]) -> Result<(Option<Tag>, usize), Error> {
    let mut r = Reader::<Java>::new(data);
    let kind = r.cur.u8("the root tag's type")?;
    if kind == 0 {
        return Ok((None, 1));
    }
    if kind > 12 {
        return Err(invalid_kind(0, kind, "the root"));
    }
    let tag = r.tag(kind, 0, 0)?;
    Ok((Some(tag), r.cur.pos()))
}
