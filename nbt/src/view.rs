//! The borrowed view: NBT read in place, nothing copied.
//!
//! [`view`] checks the whole input once (types, lengths, nesting; not the strings' encoding)
//! and records, for each compound and each list that is not of numbers, where it ends in the
//! input and in this record (a "tape" with one 16-byte entry per such container; numbers,
//! strings and arrays get none). Walking a compound then reads names and values straight from
//! the input and jumps over nested containers in one step. Strings stay modified UTF-8 until
//! asked for ([`Mutf8Str`]); arrays and numeric lists are [`Numbers`], big-endian bytes that
//! convert to a `Vec` with one bulk call.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;

use super::cursor::{Cursor, LIST_NAMES, invalid_kind};
use super::format::{Form, Format, Java, Number};
use super::{Compound, Error, ErrorKind, List, MAX_NESTING, Tag, TagKind, mutf8};
use endian_wire::bulk::{self, Primitive, WireElement};
use endian_wire::{BigEndian, LittleEndian};

mod scan;

/// Where a container ends: in the input, and in the tape (the entry after its last
/// descendant's).
#[derive(Clone, Copy)]
struct Node {
    end: usize,
    next: usize,
}

/// [`Form`] as a constant, for the code monomorphized per flavour.
const JAVA: u8 = 0;
const BEDROCK: u8 = 1;
const NETWORK: u8 = 2;

/// Runs `$body` with `$f` the constant of `$form`: one dispatch, then code compiled for the
/// flavour (the walks of compounds and lists test the flavour once per step, not per read).
macro_rules! in_form {
    ($form:expr, |$f:ident| $body:expr) => {
        match $form {
            Form::Java => {
                const $f: u8 = JAVA;
                $body
            }
            Form::Bedrock => {
                const $f: u8 = BEDROCK;
                $body
            }
            Form::BedrockNetwork => {
                const $f: u8 = NETWORK;
                $body
            }
        }
    };
}

/// The input and its tape (the view's own, or an [`NbtBuf`]'s lent to its view).
struct Doc<'a> {
    data: &'a [u8],
    tape: Cow<'a, [Node]>,
    form: Form,
}

/// An NBT document read in place: the root's name and compound, borrowing the input.
///
/// ```
/// use wire_nbt::{self as nbt, Compound, List, Nbt};
/// let bytes = Nbt::new("", Compound::new()
///     .with("Inventory", List::Compound(vec![Compound::new().with("id", "minecraft:stone")]))
///     .with("Heights", vec![1i64, 2, 3])).to_vec()?;
///
/// let view = nbt::view(&bytes)?;
/// let root = view.root();
/// let first = root.list("Inventory").and_then(|l| l.compounds()).and_then(|mut c| c.next()).unwrap();
/// assert_eq!(first.string("id").unwrap(), "minecraft:stone");
/// assert_eq!(root.long_array("Heights").unwrap().to_vec(), [1, 2, 3]);
/// assert_eq!(view.to_owned()?, nbt::from_slice::<Nbt>(&bytes)?);
/// # Ok::<(), nbt::Error>(())
/// ```
pub struct NbtView<'a> {
    doc: Doc<'a>,
    name: Mutf8Str<'a>,
    root: usize,
    /// Where the document ends in the input.
    end: usize,
}

impl<'a> NbtView<'a> {
    /// The root's name (empty in the network form).
    pub fn name(&self) -> Mutf8Str<'a> {
        self.name
    }

    /// The root compound.
    pub fn root(&self) -> CompoundView<'_, 'a> {
        CompoundView {
            doc: &self.doc,
            pos: self.root,
            node: 0,
        }
    }

    /// The document's bytes in the input, from the root's type to its end tag: what writing
    /// the same document in the same flavour gives, since a view is never modified.
    ///
    /// ```
    /// use wire_nbt::{self as nbt, Compound, Nbt};
    /// let mut bytes = Nbt::new("hi", Compound::new().with("x", 1i8)).to_vec()?;
    /// bytes.extend_from_slice(b"what follows");
    /// let (view, used) = nbt::view_prefix(&bytes)?;
    /// assert_eq!(view.as_bytes(), &bytes[..used]);
    /// # Ok::<(), nbt::Error>(())
    /// ```
    pub fn as_bytes(&self) -> &'a [u8] {
        &self.doc.data[..self.end]
    }

    /// Appends the document to `out`, in the flavour it was read in: one copy of
    /// [`as_bytes`](Self::as_bytes). Strings are copied as the input holds them (a view checks
    /// their encoding only when one is read), so the copy is exactly as valid as the input.
    pub fn write_to(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(self.as_bytes());
    }

    /// The document as a new `Vec`: [`write_to`](Self::write_to) into an empty one.
    pub fn to_vec(&self) -> Vec<u8> {
        self.as_bytes().to_vec()
    }

    /// The document as an [`NbtBuf`]: its bytes copied, what the view recorded of them kept, so
    /// that it outlives the input and is viewed again without a parse.
    pub fn to_buf(&self) -> NbtBuf {
        NbtBuf {
            bytes: self.as_bytes().to_vec(),
            record: self.record(self.doc.tape.to_vec()),
        }
    }

    /// [`to_buf`](Self::to_buf), the view's record moved into the buf rather than copied.
    pub fn into_buf(mut self) -> NbtBuf {
        NbtBuf {
            bytes: self.as_bytes().to_vec(),
            record: self.take_record(),
        }
    }

    /// What an [`NbtBuf`] keeps of this view besides the bytes, with `tape`.
    fn record(&self, tape: Vec<Node>) -> Record {
        Record {
            tape,
            form: self.doc.form,
            name_at: self.name.at,
            name_len: self.name.bytes.len(),
            root: self.root,
        }
    }

    /// [`record`](Self::record) with the view's own tape, taken from it.
    fn take_record(&mut self) -> Record {
        let tape = core::mem::take(&mut self.doc.tape).into_owned();
        self.record(tape)
    }

    /// The owned tree.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidMutf8`] if a name or string is not modified UTF-8 (the view does not
    /// check strings until they are read).
    pub fn to_owned(&self) -> Result<super::Nbt, Error> {
        Ok(super::Nbt {
            name: self.name.to_str()?.into_owned(),
            root: self.root().to_owned()?,
        })
    }
}

impl fmt::Debug for NbtView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NbtView")
            .field("name", &self.name)
            .field("root", &self.root())
            .finish()
    }
}

/// An NBT document held as its bytes, with what [`view`] records of them: owned (no lifetime,
/// `Send` and `Sync`, to keep or hand to another thread), read by the view's one checking pass
/// (and a copy, from a slice), walked through [`view`](Self::view) without parsing again, and
/// written back as one copy. Strings stay as stored until read, as in a view. To change the
/// document, read it into a tree ([`NbtView::to_owned`]).
///
/// ```
/// use wire_nbt::{self as nbt, Compound, Nbt, NbtBuf};
/// let bytes = Nbt::new("", Compound::new().with("DataVersion", 3465).with("id", "minecraft:chest"))
///     .to_vec()?;
///
/// // From bytes already in a `Vec` (a file read whole): no copy.
/// let doc = NbtBuf::from_vec(bytes.clone())?;
/// let view = doc.view();
/// assert_eq!(view.root().int("DataVersion"), Some(3465));
/// assert_eq!(view.root().string("id").unwrap(), "minecraft:chest");
/// assert_eq!(doc.as_bytes(), &bytes[..]);
///
/// // From a borrowed view: the bytes copied, the view's record kept.
/// let kept: NbtBuf = nbt::view(&bytes)?.to_buf();
/// drop(bytes);
/// assert_eq!(kept.view().to_owned()?, doc.view().to_owned()?);
/// # Ok::<(), nbt::Error>(())
/// ```
#[derive(Clone)]
pub struct NbtBuf {
    /// The document, from the root's type to its End.
    bytes: Vec<u8>,
    record: Record,
}

/// What an [`NbtBuf`] keeps of its view besides the bytes.
#[derive(Clone)]
struct Record {
    tape: Vec<Node>,
    form: Form,
    /// Where the root's name is in the bytes, and its length.
    name_at: usize,
    name_len: usize,
    /// Where the root compound's entries start.
    root: usize,
}

impl NbtBuf {
    /// Reads an uncompressed Java NBT file (named root compound, nothing after it) held in
    /// `bytes`, keeping them: [`view`]'s checks, no copy.
    ///
    /// # Errors
    /// As [`view`].
    pub fn from_vec(bytes: Vec<u8>) -> Result<NbtBuf, Error> {
        Self::from_vec_in(super::Flavor::Java, bytes)
    }

    /// Reads an uncompressed Java NBT file (named root compound, nothing after it) from
    /// `bytes`: [`view`]'s checks, then one copy of the bytes.
    ///
    /// # Errors
    /// As [`view`].
    pub fn from_slice(bytes: &[u8]) -> Result<NbtBuf, Error> {
        view(bytes).map(NbtView::into_buf)
    }

    /// [`from_vec`](Self::from_vec) in `flavor` ([`Flavor::view`](super::Flavor::view)'s
    /// checks).
    ///
    /// # Errors
    /// As [`Flavor::view`](super::Flavor::view).
    pub fn from_vec_in(flavor: super::Flavor, bytes: Vec<u8>) -> Result<NbtBuf, Error> {
        let record = flavor.view(&bytes)?.take_record();
        Ok(NbtBuf { bytes, record })
    }

    /// The document as a view (no parse: what was recorded is lent).
    pub fn view(&self) -> NbtView<'_> {
        let r = &self.record;
        NbtView {
            doc: Doc {
                data: &self.bytes,
                tape: Cow::Borrowed(&r.tape),
                form: r.form,
            },
            name: Mutf8Str {
                bytes: &self.bytes[r.name_at..r.name_at + r.name_len],
                at: r.name_at,
                utf8: r.form != Form::Java,
            },
            root: r.root,
            end: self.bytes.len(),
        }
    }

    /// The document's bytes, in the flavour it was read in.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The document's bytes, given back.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

impl fmt::Debug for NbtBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let view = self.view();
        f.debug_struct("NbtBuf")
            .field("name", &view.name)
            .field("root", &view.root())
            .finish()
    }
}

/// Views an uncompressed NBT file (named root compound, nothing after it) in place.
///
/// # Errors
/// As [`from_slice`](super::from_slice), except that strings are not checked until read.
pub fn view(bytes: &[u8]) -> Result<NbtView<'_>, Error> {
    parse(bytes, true, true).map(|(v, _)| v)
}

/// [`view`] of a root followed by more bytes: returns it and how many bytes it took.
///
/// # Errors
/// As [`view`], bytes after the root aside.
pub fn view_prefix(bytes: &[u8]) -> Result<(NbtView<'_>, usize), Error> {
    parse(bytes, true, false)
}

/// Views the network form (nameless root compound, nothing after it) in place.
///
/// # Errors
/// As [`view`].
pub fn view_network(bytes: &[u8]) -> Result<NbtView<'_>, Error> {
    parse(bytes, false, true).map(|(v, _)| v)
}

/// [`view_network`] of a root followed by more bytes: returns it and how many bytes it took.
///
/// # Errors
/// As [`view`], bytes after the root aside.
pub fn view_network_prefix(bytes: &[u8]) -> Result<(NbtView<'_>, usize), Error> {
    parse(bytes, false, false)
}

#[inline(always)]
fn parse(bytes: &[u8], named: bool, whole: bool) -> Result<(NbtView<'_>, usize), Error> {
    parse_in::<Java>(bytes, named, whole)
}

/// Views a document of flavour `F`. Inlined into each entry point, so that the view is built
/// where the caller keeps it (measured: returned through this call, its copy's wide loads of
/// narrower stores stalled, a sixth of viewing `hello_world.nbt`).
#[inline(always)]
pub(crate) fn parse_in<F: Format>(
    bytes: &[u8],
    named: bool,
    whole: bool,
) -> Result<(NbtView<'_>, usize), Error> {
    let form = F::FORM;
    let mut cur = Cursor::new(bytes);
    let kind = cur.u8("the root tag's type")?;
    if kind != 10 {
        return Err(Error::new(0, ErrorKind::RootNotCompound { found: kind }));
    }
    let name = if named {
        let len = F::str_len(&mut cur, "the root's name")?;
        let name = cur.take(len, "the root's name")?;
        Mutf8Str {
            bytes: name,
            at: cur.pos() - name.len(),
            utf8: form != Form::Java,
        }
    } else {
        Mutf8Str {
            bytes: &[],
            at: 1,
            utf8: form != Form::Java,
        }
    };
    let root = cur.pos();
    // One entry per 32 bytes, at most 1 KiB up front: within the small-block caches of
    // common allocators (measured with glibc: `inttest1023.nbt`, one list in 4 KB, viewed in
    // 22 ns against 41 with room for 65 entries, 1,040 bytes); more containers grow it.
    let mut tape = Vec::with_capacity((bytes.len() / 32 + 1).min(64));
    // The one-loop pass where lengths are fixed-width; at a fault, the checked pass finds it
    // again and reports it.
    let scanned = if Parser::<F>::FIXED_LENGTHS && !Parser::<F>::VARINTS {
        scan::scan::<F>(bytes, root, &mut tape).filter(|&end| !whole || end == bytes.len())
    } else {
        None
    };
    let used = match scanned {
        Some(end) => end,
        None => Parser::<F>::checked(bytes, root, whole, &mut tape)?,
    };
    Ok((
        NbtView {
            doc: Doc {
                data: bytes,
                tape: Cow::Owned(tape),
                form,
            },
            name,
            root,
            end: used,
        },
        used,
    ))
}

/// The checking pass that builds the tape, in flavour `F`.
struct Parser<'a, F> {
    cur: Cursor<'a>,
    tape: Vec<Node>,
    _flavor: PhantomData<F>,
}

impl<'a, F: Format> Parser<'a, F> {
    /// Whether numbers of type `kind` (3: ints, 4: longs) are varints in this flavour: then
    /// arrays and lists of them get a tape entry (their end is not a multiplication).
    const VARINTS: bool = F::MIN_SIZE[3] == 1;

    /// The root compound whose entries start at `root`, checked with every fault reported,
    /// its tape in `tape` (cleared first); where it ends.
    #[inline(never)]
    fn checked(
        bytes: &'a [u8],
        root: usize,
        whole: bool,
        tape: &mut Vec<Node>,
    ) -> Result<usize, Error> {
        tape.clear();
        let mut p = Parser::<F> {
            cur: Cursor::at(bytes, root),
            tape: core::mem::take(tape),
            _flavor: PhantomData,
        };
        let checked = p
            .compound(1)
            .and_then(|()| if whole { p.cur.finish() } else { Ok(()) });
        *tape = p.tape;
        checked.map(|()| p.cur.pos())
    }

    fn open(&mut self, depth: usize) -> Result<usize, Error> {
        if depth > MAX_NESTING {
            return Err(Error::new(self.cur.pos(), ErrorKind::TooDeep));
        }
        self.tape.push(Node { end: 0, next: 0 });
        Ok(self.tape.len() - 1)
    }

    fn close(&mut self, node: usize) {
        self.tape[node] = Node {
            end: self.cur.pos(),
            next: self.tape.len(),
        };
    }

    #[inline(always)]
    fn string_bytes(&mut self, what: &'static str) -> Result<&'a [u8], Error> {
        let len = F::str_len(&mut self.cur, what)?;
        self.cur.take(len, what)
    }

    /// `len` numbers of type `kind` (1 to 6), checked and skipped.
    #[inline(always)]
    fn numbers(&mut self, kind: u8, len: usize, what: &'static str) -> Result<(), Error> {
        let c = &mut self.cur;
        match kind {
            3 if Self::VARINTS => (0..len).try_for_each(|_| F::i32(c, what).map(drop)),
            4 if Self::VARINTS => (0..len).try_for_each(|_| F::i64(c, what).map(drop)),
            _ => c.skip(len * number_width(kind), what),
        }
    }

    /// An int or long array (`kind` 11 or 12): a tape entry of its own where its numbers are
    /// varints.
    fn array(&mut self, kind: u8, depth: usize, what: &'static str) -> Result<(), Error> {
        let element = kind - 8;
        if Self::VARINTS {
            let node = self.open(depth)?;
            let len = self.cur.count_in::<F>(1, what)?;
            self.numbers(element, len, what)?;
            self.close(node);
            Ok(())
        } else {
            let width = number_width(element);
            let len = self.cur.count_in::<F>(width, what)?;
            self.cur.skip(len * width, what)
        }
    }

    /// Whether names and strings have a 2-byte length (with numbers of a fixed width: the
    /// flavours [`scan`] reads).
    const FIXED_LENGTHS: bool = F::MAX_STR_PREFIX == 2;

    fn compound(&mut self, depth: usize) -> Result<(), Error> {
        let node = self.open(depth)?;
        loop {
            let at = self.cur.pos();
            let kind = self.cur.u8("a tag type")?;
            if kind == 0 {
                break;
            }
            if kind > 12 {
                return Err(invalid_kind(at, kind, "a compound entry"));
            }
            self.string_bytes("a name")?;
            // Numbers of a fixed width and strings here, the rest out of line (measured: a
            // call per entry was 20-30% of viewing `complex_player.dat`).
            match kind {
                3 | 4 if Self::VARINTS => self.payload(kind, at, depth, "a compound entry")?,
                1..=6 => self
                    .cur
                    .skip(number_width(kind), VALUE_NAMES[usize::from(kind)])?,
                8 => drop(self.string_bytes("a string")?),
                // Containers called directly, not through `payload`'s jump table (measured:
                // one shared indirect jump for every container was mispredicted a third of
                // the time).
                9 => self.list(depth + 1)?,
                10 => self.compound(depth + 1)?,
                _ => self.payload(kind, at, depth, "a compound entry")?,
            }
        }
        self.close(node);
        Ok(())
    }

    #[inline]
    fn payload(
        &mut self,
        kind: u8,
        at: usize,
        depth: usize,
        context: &'static str,
    ) -> Result<(), Error> {
        match kind {
            1 => self.cur.skip(1, "a byte"),
            2 => self.cur.skip(2, "a short"),
            3 => self.numbers(3, 1, "an int"),
            4 => self.numbers(4, 1, "a long"),
            5 => self.cur.skip(4, "a float"),
            6 => self.cur.skip(8, "a double"),
            7 => {
                let len = self.cur.count_in::<F>(1, "a byte array")?;
                self.cur.skip(len, "a byte array")
            }
            8 => self.string_bytes("a string").map(drop),
            9 => self.list(depth + 1),
            10 => self.compound(depth + 1),
            11 => self.array(11, depth + 1, "an int array"),
            12 => self.array(12, depth + 1, "a long array"),
            _ => Err(invalid_kind(at, kind, context)),
        }
    }

    fn list(&mut self, depth: usize) -> Result<(), Error> {
        if depth > MAX_NESTING {
            return Err(Error::new(self.cur.pos(), ErrorKind::TooDeep));
        }
        let at = self.cur.pos();
        let kind = self.cur.u8("a list's element type")?;
        match kind {
            0 => {
                let len_at = self.cur.pos();
                let len = F::len(&mut self.cur, "a list's length")?;
                if len != 0 {
                    return Err(Error::new(
                        len_at,
                        ErrorKind::EndListNotEmpty { length: len },
                    ));
                }
                Ok(())
            }
            3 | 4 if Self::VARINTS => {
                let node = self.open(depth)?;
                let what = LIST_NAMES[usize::from(kind)];
                let len = self.cur.count_in::<F>(1, what)?;
                self.numbers(kind, len, what)?;
                self.close(node);
                Ok(())
            }
            1..=6 => {
                let width = number_width(kind);
                let what = LIST_NAMES[usize::from(kind)];
                let len = self.cur.count_in::<F>(width, what)?;
                self.cur.skip(len * width, what)
            }
            7..=12 => {
                let node = self.open(depth)?;
                let len = self.cur.count_in::<F>(
                    F::MIN_SIZE[usize::from(kind)],
                    LIST_NAMES[usize::from(kind)],
                )?;
                // The element type chosen once, outside the loop (as in the compound loop).
                match kind {
                    8 => (0..len).try_for_each(|_| self.string_bytes("a string").map(drop))?,
                    9 => (0..len).try_for_each(|_| self.list(depth + 1))?,
                    10 => (0..len).try_for_each(|_| self.compound(depth + 1))?,
                    _ => (0..len).try_for_each(|_| {
                        let at = self.cur.pos();
                        self.payload(kind, at, depth, "a list element")
                    })?,
                }
                self.close(node);
                Ok(())
            }
            _ => Err(invalid_kind(at, kind, "a list's element type")),
        }
    }
}

/// What a value of type `kind` (1 to 6) is called in errors.
const VALUE_NAMES: [&str; 7] = [
    "", "a byte", "a short", "an int", "a long", "a float", "a double",
];

/// The size of a number of type `kind` (1 to 6).
#[inline]
fn number_width(kind: u8) -> usize {
    match kind {
        1 => 1,
        2 => 2,
        3 | 5 => 4,
        _ => 8,
    }
}

/// An unsigned LEB128 varint at `pos` of input the parse has checked: its value and length.
#[inline]
fn varint_at(data: &[u8], pos: usize) -> (u64, usize) {
    let mut v = 0u64;
    for (i, &b) in data[pos..].iter().enumerate().take(10) {
        v |= u64::from(b & 0x7F) << (7 * i);
        if b < 0x80 {
            return (v, i + 1);
        }
    }
    unreachable!("the view's parse checked every varint")
}

impl<'a> Doc<'a> {
    #[inline(always)]
    fn be<const N: usize>(&self, pos: usize) -> [u8; N] {
        let mut out = [0; N];
        out.copy_from_slice(&self.data[pos..pos + N]);
        out
    }

    #[inline(always)]
    fn len_at(&self, pos: usize) -> usize {
        i32::from_be_bytes(self.be(pos)) as usize
    }

    /// A list's or array's length at `pos` and the bytes it takes.
    #[inline(always)]
    fn count_at(&self, pos: usize) -> (usize, usize) {
        in_form!(self.form, |F| self.count_at_in::<F>(pos))
    }

    #[inline(always)]
    fn count_at_in<const F: u8>(&self, pos: usize) -> (usize, usize) {
        match F {
            JAVA => (self.len_at(pos), 4),
            BEDROCK => (i32::from_le_bytes(self.be(pos)) as usize, 4),
            _ => {
                let (v, n) = varint_at(self.data, pos);
                (i32::from_zigzag(v & 0xFFFF_FFFF) as usize, n)
            }
        }
    }

    /// A string's length at `pos` and the bytes it takes.
    #[inline(always)]
    fn str_len_at(&self, pos: usize) -> (usize, usize) {
        in_form!(self.form, |F| self.str_len_at_in::<F>(pos))
    }

    #[inline(always)]
    fn str_len_at_in<const F: u8>(&self, pos: usize) -> (usize, usize) {
        match F {
            JAVA => (usize::from(u16::from_be_bytes(self.be(pos))), 2),
            BEDROCK => (usize::from(u16::from_le_bytes(self.be(pos))), 2),
            _ => {
                let (v, n) = varint_at(self.data, pos);
                (v as u32 as usize, n)
            }
        }
    }

    /// Whether a payload of type `kind` at `pos` has a tape entry.
    #[inline(always)]
    fn has_node_in<const F: u8>(&self, kind: u8, pos: usize) -> bool {
        if F == NETWORK {
            // Varint numbers: arrays and lists of ints and longs too (see `Parser::VARINTS`).
            return match kind {
                10..=12 => true,
                9 => matches!(self.data[pos], 3 | 4 | 7..),
                _ => false,
            };
        }
        kind == 10 || (kind == 9 && self.data[pos] >= 7)
    }

    /// Where the payload of type `kind` at `pos` ends; `node` is its tape entry if it has one.
    #[inline(always)]
    fn end(&self, kind: u8, pos: usize, node: usize) -> usize {
        in_form!(self.form, |F| self.end_in::<F>(kind, pos, node))
    }

    #[inline(always)]
    fn end_in<const F: u8>(&self, kind: u8, pos: usize, node: usize) -> usize {
        if F != JAVA {
            return self.end_bedrock::<F>(kind, pos, node);
        }
        match kind {
            1 => pos + 1,
            2 => pos + 2,
            3 | 5 => pos + 4,
            4 | 6 => pos + 8,
            7 => pos + 4 + self.len_at(pos),
            8 => pos + 2 + usize::from(u16::from_be_bytes(self.be(pos))),
            11 => pos + 4 + 4 * self.len_at(pos),
            12 => pos + 4 + 8 * self.len_at(pos),
            9 if self.data[pos] < 7 => {
                let kind = self.data[pos];
                let width = if kind == 0 { 0 } else { number_width(kind) };
                pos + 5 + width * self.len_at(pos + 1)
            }
            _ => self.tape[node].end,
        }
    }

    /// [`end_in`](Self::end_in) in Bedrock's flavours.
    fn end_bedrock<const F: u8>(&self, kind: u8, pos: usize, node: usize) -> usize {
        if self.has_node_in::<F>(kind, pos) {
            return self.tape[node].end;
        }
        match kind {
            1 => pos + 1,
            2 => pos + 2,
            3 | 4 if F == NETWORK => pos + varint_at(self.data, pos).1,
            3 | 5 => pos + 4,
            4 | 6 => pos + 8,
            7 => {
                let (len, n) = self.count_at_in::<F>(pos);
                pos + n + len
            }
            8 => {
                let (len, n) = self.str_len_at_in::<F>(pos);
                pos + n + len
            }
            11 | 12 => {
                let (len, n) = self.count_at_in::<F>(pos);
                pos + n + len * number_width(kind - 8)
            }
            _ => {
                // A list of fixed-width numbers, or an empty one.
                let element = self.data[pos];
                let (len, n) = self.count_at_in::<F>(pos + 1);
                let width = if element == 0 {
                    0
                } else {
                    number_width(element)
                };
                pos + 1 + n + width * len
            }
        }
    }

    /// The tape entry after a payload that started at tape entry `node`.
    #[inline(always)]
    fn next_node_in<const F: u8>(&self, kind: u8, pos: usize, node: usize) -> usize {
        if self.has_node_in::<F>(kind, pos) {
            self.tape[node].next
        } else {
            node
        }
    }

    #[inline(always)]
    fn short_at(&self, pos: usize) -> i16 {
        match self.form {
            Form::Java => i16::from_be_bytes(self.be(pos)),
            _ => i16::from_le_bytes(self.be(pos)),
        }
    }

    #[inline(always)]
    fn int_at(&self, pos: usize) -> i32 {
        match self.form {
            Form::Java => i32::from_be_bytes(self.be(pos)),
            Form::Bedrock => i32::from_le_bytes(self.be(pos)),
            Form::BedrockNetwork => i32::from_zigzag(varint_at(self.data, pos).0 & 0xFFFF_FFFF),
        }
    }

    #[inline(always)]
    fn long_at(&self, pos: usize) -> i64 {
        match self.form {
            Form::Java => i64::from_be_bytes(self.be(pos)),
            Form::Bedrock => i64::from_le_bytes(self.be(pos)),
            Form::BedrockNetwork => i64::from_zigzag(varint_at(self.data, pos).0),
        }
    }

    fn tag(&self, kind: u8, pos: usize, node: usize) -> TagView<'_, 'a> {
        TagView {
            doc: self,
            kind,
            pos,
            node,
        }
    }

    /// A string whose bytes are at `at`.
    #[inline(always)]
    fn text(&self, at: usize, len: usize) -> Mutf8Str<'a> {
        in_form!(self.form, |F| self.text_in::<F>(at, len))
    }

    #[inline(always)]
    fn text_in<const F: u8>(&self, at: usize, len: usize) -> Mutf8Str<'a> {
        Mutf8Str {
            bytes: &self.data[at..at + len],
            at,
            utf8: F != JAVA,
        }
    }

    /// `len` numbers of `width` bytes whose count is at `pos`, up to `end` (varints).
    fn numbers_at<T: Primitive>(&self, pos: usize, element: u8, end: usize) -> Numbers<'a, T> {
        let (len, n) = self.count_at(pos);
        self.numbers_from(pos + n, len, element, end)
    }

    /// `len` numbers of type `element` (1 to 6) starting at `start`, up to `end` (varints).
    fn numbers_from<T: Primitive>(
        &self,
        start: usize,
        len: usize,
        element: u8,
        end: usize,
    ) -> Numbers<'a, T> {
        let (form, stop) = match self.form {
            Form::Java => (NumForm::Big, start + len * number_width(element)),
            Form::BedrockNetwork if matches!(element, 3 | 4) => (NumForm::Varint, end),
            _ => (NumForm::Little, start + len * number_width(element)),
        };
        Numbers {
            bytes: &self.data[start..stop],
            len,
            form,
            _t: PhantomData,
        }
    }
}

/// A string in place, decoded when asked: modified UTF-8 in Java's flavour, UTF-8 in
/// Bedrock's.
#[derive(Clone, Copy)]
pub struct Mutf8Str<'a> {
    bytes: &'a [u8],
    /// Offset of the bytes in the input (for errors).
    at: usize,
    /// The bytes are UTF-8 (Bedrock), not modified UTF-8.
    utf8: bool,
}

impl<'a> Mutf8Str<'a> {
    /// The bytes as stored: modified UTF-8 (Java) or UTF-8 (Bedrock).
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The text: borrowed when it is UTF-8 as it stands (always in Bedrock's flavours; in
    /// Java's unless it holds U+0000 or characters outside the Basic Multilingual Plane).
    ///
    /// # Errors
    /// [`ErrorKind::InvalidMutf8`] (Java) or [`ErrorKind::InvalidUtf8`] (Bedrock) at the
    /// offset of the first bad byte in the input.
    #[inline]
    pub fn to_str(&self) -> Result<Cow<'a, str>, Error> {
        if self.utf8 {
            return core::str::from_utf8(self.bytes)
                .map(Cow::Borrowed)
                .map_err(|e| Error::new(self.at + e.valid_up_to(), ErrorKind::InvalidUtf8));
        }
        mutf8::decode(self.bytes).map_err(|i| Error::new(self.at + i, ErrorKind::InvalidMutf8))
    }

    /// The text, with U+FFFD for what is not (modified) UTF-8.
    pub fn to_str_lossy(&self) -> Cow<'a, str> {
        if self.utf8 {
            return String::from_utf8_lossy(self.bytes);
        }
        mutf8::decode_lossy(self.bytes)
    }

    /// Whether this is `s`, as this flavour encodes it.
    #[inline]
    pub fn matches(&self, s: &str) -> bool {
        if !self.utf8 && mutf8::needs_encoding(s) {
            *mutf8::encode(s) == *self.bytes
        } else {
            s.as_bytes() == self.bytes
        }
    }
}

impl PartialEq<str> for Mutf8Str<'_> {
    fn eq(&self, other: &str) -> bool {
        self.matches(other)
    }
}
impl PartialEq<&str> for Mutf8Str<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.matches(other)
    }
}
impl fmt::Debug for Mutf8Str<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_str_lossy(), f)
    }
}
impl fmt::Display for Mutf8Str<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.to_str_lossy())
    }
}

/// How the numbers of a [`Numbers`] are stored.
#[derive(Clone, Copy, PartialEq, Eq)]
enum NumForm {
    /// Big-endian, fixed width (Java).
    Big,
    /// Little-endian, fixed width (Bedrock).
    Little,
    /// Zigzag varints (ints and longs in Bedrock's network form).
    Varint,
}

/// Numbers in place (an int or long array, a numeric list), converted when asked: in Java's
/// and Bedrock's fixed-width flavours [`to_vec`](Self::to_vec) and
/// [`copy_to`](Self::copy_to) are one bulk call; the varints of Bedrock's network form are
/// decoded one by one.
#[derive(Clone, Copy)]
pub struct Numbers<'a, T> {
    bytes: &'a [u8],
    len: usize,
    form: NumForm,
    _t: PhantomData<T>,
}

impl<'a, T: Primitive> Numbers<'a, T>
where
    BigEndian<T>: WireElement<Native = T>,
    LittleEndian<T>: WireElement<Native = T>,
{
    /// How many.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bytes as stored: big-endian (Java), little-endian (Bedrock) or varints (ints and
    /// longs in Bedrock's network form).
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Number `i` (in the network form, found by decoding the ones before it).
    pub fn get(&self, i: usize) -> Option<T> {
        let size = core::mem::size_of::<T>();
        let mut out = [T::new_zeroed()];
        match self.form {
            NumForm::Big => {
                let bytes = self.bytes.get(i * size..(i + 1) * size)?;
                bulk::from_bytes::<BigEndian<T>>(bytes, &mut out);
            }
            NumForm::Little => {
                let bytes = self.bytes.get(i * size..(i + 1) * size)?;
                bulk::from_bytes::<LittleEndian<T>>(bytes, &mut out);
            }
            NumForm::Varint => return self.iter().nth(i),
        }
        Some(out[0])
    }

    /// The numbers, converted with one bulk call (decoded one by one from varints).
    pub fn to_vec(&self) -> Vec<T> {
        // Allocated at its size up front: growing an empty `Vec` goes through `RawVec`'s
        // out-of-line growth path, ~60 instructions more per call than an allocation.
        let mut out = Vec::with_capacity(self.len);
        match self.form {
            NumForm::Big => bulk::extend_native::<BigEndian<T>>(&mut out, self.bytes),
            NumForm::Little => bulk::extend_native::<LittleEndian<T>>(&mut out, self.bytes),
            NumForm::Varint => out.extend(self.iter()),
        }
        out
    }

    /// Converts the numbers into `dst`, which must be [`len`](Self::len) long.
    ///
    /// # Panics
    /// If `dst.len() != self.len()`.
    #[track_caller]
    pub fn copy_to(&self, dst: &mut [T]) {
        match self.form {
            NumForm::Big => bulk::from_bytes::<BigEndian<T>>(self.bytes, dst),
            NumForm::Little => bulk::from_bytes::<LittleEndian<T>>(self.bytes, dst),
            NumForm::Varint => {
                assert_eq!(dst.len(), self.len, "copy_to: the destination's length");
                for (d, v) in dst.iter_mut().zip(self.iter()) {
                    *d = v;
                }
            }
        }
    }

    /// The numbers one by one.
    pub fn iter(&self) -> NumbersIter<'a, T> {
        NumbersIter {
            bytes: self.bytes,
            left: self.len,
            form: self.form,
            _t: PhantomData,
        }
    }
}

impl<T: Primitive + fmt::Debug> fmt::Debug for Numbers<'_, T>
where
    BigEndian<T>: WireElement<Native = T>,
    LittleEndian<T>: WireElement<Native = T>,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The numbers of a [`Numbers`], one by one.
#[derive(Clone)]
pub struct NumbersIter<'a, T> {
    bytes: &'a [u8],
    left: usize,
    form: NumForm,
    _t: PhantomData<T>,
}

impl<T: Primitive> Iterator for NumbersIter<'_, T>
where
    BigEndian<T>: WireElement<Native = T>,
    LittleEndian<T>: WireElement<Native = T>,
{
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let size = core::mem::size_of::<T>();
        let mut out = [T::new_zeroed()];
        match self.form {
            NumForm::Big => {
                let (head, rest) = self.bytes.split_at(size);
                bulk::from_bytes::<BigEndian<T>>(head, &mut out);
                self.bytes = rest;
            }
            NumForm::Little => {
                let (head, rest) = self.bytes.split_at(size);
                bulk::from_bytes::<LittleEndian<T>>(head, &mut out);
                self.bytes = rest;
            }
            NumForm::Varint => {
                let (v, n) = varint_at(self.bytes, 0);
                self.bytes = &self.bytes[n..];
                // Ints are 32-bit zigzag varints, longs 64-bit; the value's low `size` bytes
                // are the number.
                let v = if size == 4 { v & 0xFFFF_FFFF } else { v };
                let le = i64::from_zigzag(v).to_le_bytes();
                bulk::from_bytes::<LittleEndian<T>>(&le[..size], &mut out);
            }
        }
        Some(out[0])
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<T: Primitive> ExactSizeIterator for NumbersIter<'_, T>
where
    BigEndian<T>: WireElement<Native = T>,
    LittleEndian<T>: WireElement<Native = T>,
{
}

/// A value in place.
#[derive(Clone, Copy)]
pub struct TagView<'v, 'a> {
    doc: &'v Doc<'a>,
    kind: u8,
    /// The payload's offset.
    pos: usize,
    /// Its tape entry, for a compound or a list that has one.
    node: usize,
}

impl<'v, 'a> TagView<'v, 'a> {
    /// The tag's type.
    pub fn kind(&self) -> TagKind {
        TagKind::from_id(self.kind).unwrap_or(TagKind::End)
    }

    /// The byte, if this is one.
    pub fn byte(&self) -> Option<i8> {
        (self.kind == 1).then(|| self.doc.data[self.pos] as i8)
    }
    /// The short, if this is one.
    pub fn short(&self) -> Option<i16> {
        (self.kind == 2).then(|| self.doc.short_at(self.pos))
    }
    /// The int, if this is one.
    pub fn int(&self) -> Option<i32> {
        (self.kind == 3).then(|| self.doc.int_at(self.pos))
    }
    /// The long, if this is one.
    pub fn long(&self) -> Option<i64> {
        (self.kind == 4).then(|| self.doc.long_at(self.pos))
    }
    /// The float, if this is one.
    pub fn float(&self) -> Option<f32> {
        (self.kind == 5).then(|| match self.doc.form {
            Form::Java => f32::from_be_bytes(self.doc.be(self.pos)),
            _ => f32::from_le_bytes(self.doc.be(self.pos)),
        })
    }
    /// The double, if this is one.
    pub fn double(&self) -> Option<f64> {
        (self.kind == 6).then(|| match self.doc.form {
            Form::Java => f64::from_be_bytes(self.doc.be(self.pos)),
            _ => f64::from_le_bytes(self.doc.be(self.pos)),
        })
    }
    /// The byte array, if this is one (in place).
    pub fn byte_array(&self) -> Option<&'a [i8]> {
        (self.kind == 7).then(|| {
            let (len, n) = self.doc.count_at(self.pos);
            let bytes = &self.doc.data[self.pos + n..self.pos + n + len];
            match <[i8] as endian_wire::zerocopy::FromBytes>::ref_from_bytes(bytes) {
                Ok(v) => v,
                Err(_) => unreachable!("i8 has the layout of u8"),
            }
        })
    }
    /// The string, if this is one (in place, decoded when asked).
    pub fn string(&self) -> Option<Mutf8Str<'a>> {
        (self.kind == 8).then(|| {
            let (len, n) = self.doc.str_len_at(self.pos);
            self.doc.text(self.pos + n, len)
        })
    }
    /// The list, if this is one.
    pub fn list(&self) -> Option<ListView<'v, 'a>> {
        (self.kind == 9).then_some(ListView {
            doc: self.doc,
            pos: self.pos,
            node: self.node,
        })
    }
    /// The compound, if this is one.
    pub fn compound(&self) -> Option<CompoundView<'v, 'a>> {
        (self.kind == 10).then_some(CompoundView {
            doc: self.doc,
            pos: self.pos,
            node: self.node,
        })
    }
    /// The int array, if this is one (in place).
    pub fn int_array(&self) -> Option<Numbers<'a, i32>> {
        (self.kind == 11).then(|| self.numbers())
    }
    /// The long array, if this is one (in place).
    pub fn long_array(&self) -> Option<Numbers<'a, i64>> {
        (self.kind == 12).then(|| self.numbers())
    }

    /// The value's payload as the input holds it (no type, no name): what a writer of the
    /// same flavour writes for this value.
    pub fn as_bytes(&self) -> &'a [u8] {
        &self.doc.data[self.pos..self.doc.end(self.kind, self.pos, self.node)]
    }

    /// The numbers of this int or long array.
    fn numbers<T: Primitive>(&self) -> Numbers<'a, T> {
        let end = self.doc.end(self.kind, self.pos, self.node);
        self.doc.numbers_at(self.pos, self.kind - 8, end)
    }

    /// The owned value.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidMutf8`] (Java) or [`ErrorKind::InvalidUtf8`] (Bedrock) for a name or
    /// string that is not valid.
    pub fn to_owned(&self) -> Result<Tag, Error> {
        Ok(match self.kind {
            1 => Tag::Byte(self.doc.data[self.pos] as i8),
            2 => Tag::Short(self.doc.short_at(self.pos)),
            3 => Tag::Int(self.doc.int_at(self.pos)),
            4 => Tag::Long(self.doc.long_at(self.pos)),
            5 => Tag::Float(self.float().unwrap_or_default()),
            6 => Tag::Double(self.double().unwrap_or_default()),
            7 => Tag::ByteArray(self.byte_array().unwrap_or_default().to_vec()),
            8 => Tag::String(self.text()?),
            9 => Tag::List(self.list().map_or(Ok(List::Empty), |l| l.to_owned())?),
            10 => Tag::Compound(
                self.compound()
                    .map_or(Ok(Compound::new()), |c| c.to_owned())?,
            ),
            11 => Tag::IntArray(self.numbers::<i32>().to_vec()),
            _ => Tag::LongArray(self.numbers::<i64>().to_vec()),
        })
    }

    fn text(&self) -> Result<String, Error> {
        match self.string() {
            Some(s) => Ok(s.to_str()?.into_owned()),
            None => Ok(String::new()),
        }
    }
}

impl fmt::Debug for TagView<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_owned() {
            Ok(t) => fmt::Debug::fmt(&t, f),
            Err(e) => write!(f, "<{e}>"),
        }
    }
}

/// A compound in place: entries in file order, found by name in a scan.
#[derive(Clone, Copy)]
pub struct CompoundView<'v, 'a> {
    doc: &'v Doc<'a>,
    pos: usize,
    node: usize,
}

impl<'v, 'a> CompoundView<'v, 'a> {
    /// The entries in order, as `(name, value)`.
    pub fn iter(&self) -> CompoundIter<'v, 'a> {
        CompoundIter {
            doc: self.doc,
            pos: self.pos,
            node: self.node + 1,
        }
    }

    /// How many entries (counted by walking them).
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.doc.data[self.pos] == 0
    }

    /// The value named `name` (the first, if a name repeats).
    pub fn get(&self, name: &str) -> Option<TagView<'v, 'a>> {
        let encoded;
        let want: &[u8] = if self.doc.form == Form::Java && mutf8::needs_encoding(name) {
            encoded = mutf8::encode(name);
            &encoded
        } else {
            name.as_bytes()
        };
        self.iter().find(|(k, _)| k.bytes == want).map(|(_, v)| v)
    }

    /// The compound's payload as the input holds it: its entries and its end tag.
    pub fn as_bytes(&self) -> &'a [u8] {
        &self.doc.data[self.pos..self.doc.tape[self.node].end]
    }

    /// Appends this compound to `out` as a document of its own, in the flavour it was read
    /// in: the root's type, `name`, then one copy of [`as_bytes`](Self::as_bytes). A
    /// subtree is written out without being read into a tree.
    ///
    /// ```
    /// use wire_nbt::{self as nbt, Compound, Nbt};
    /// let player = Compound::new().with("Health", 20.0f32);
    /// let bytes = Nbt::new("", Compound::new().with("Player", player.clone())).to_vec()?;
    /// let view = nbt::view(&bytes)?;
    /// let mut out = Vec::new();
    /// view.root().compound("Player").unwrap().write_named("Player", &mut out)?;
    /// assert_eq!(nbt::from_slice::<Nbt>(&out)?, Nbt::new("Player", player));
    /// # Ok::<(), nbt::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::Unencodable`] if `name` is longer than the flavour's length prefix holds
    /// (`out` is left as it was).
    pub fn write_named(&self, name: &str, out: &mut Vec<u8>) -> Result<(), Error> {
        self.write_document(Some(name), out)
    }

    /// As [`write_named`](Self::write_named), a nameless root: Java's network form (what
    /// [`view_network`] reads).
    pub fn write_nameless(&self, out: &mut Vec<u8>) {
        // Without a name there is nothing that can fail to encode.
        let written = self.write_document(None, out);
        debug_assert!(written.is_ok());
    }

    fn write_document(&self, name: Option<&str>, out: &mut Vec<u8>) -> Result<(), Error> {
        use super::format::{BedrockLe, BedrockNet};
        use super::write::write_root_bytes_in;
        let payload = self.as_bytes();
        match self.doc.form {
            Form::Java => write_root_bytes_in::<Java>(out, name, payload),
            Form::Bedrock => write_root_bytes_in::<BedrockLe>(out, name, payload),
            Form::BedrockNetwork => write_root_bytes_in::<BedrockNet>(out, name, payload),
        }
    }

    /// The owned compound.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidMutf8`] for a name or string that is not modified UTF-8.
    pub fn to_owned(&self) -> Result<Compound, Error> {
        let mut entries = Vec::new();
        for (k, v) in self.iter() {
            entries.push((super::Key::from(k.to_str()?.as_ref()), v.to_owned()?));
        }
        Ok(Compound::from_entries(entries))
    }
}

macro_rules! view_getters {
    ($($(#[$doc:meta])* $name:ident -> $ty:ty;)*) => {
        impl<'v, 'a> CompoundView<'v, 'a> {
            $(
                $(#[$doc])*
                #[inline]
                pub fn $name(&self, name: &str) -> Option<$ty> {
                    self.get(name).and_then(|t| t.$name())
                }
            )*
        }
    };
}

view_getters! {
    /// The byte named `name`.
    byte -> i8;
    /// The short named `name`.
    short -> i16;
    /// The int named `name`.
    int -> i32;
    /// The long named `name`.
    long -> i64;
    /// The float named `name`.
    float -> f32;
    /// The double named `name`.
    double -> f64;
    /// The byte array named `name`.
    byte_array -> &'a [i8];
    /// The string named `name`.
    string -> Mutf8Str<'a>;
    /// The list named `name`.
    list -> ListView<'v, 'a>;
    /// The compound named `name`.
    compound -> CompoundView<'v, 'a>;
    /// The int array named `name`.
    int_array -> Numbers<'a, i32>;
    /// The long array named `name`.
    long_array -> Numbers<'a, i64>;
}

impl fmt::Debug for CompoundView<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// The entries of a [`CompoundView`].
pub struct CompoundIter<'v, 'a> {
    doc: &'v Doc<'a>,
    pos: usize,
    node: usize,
}

impl<'v, 'a> CompoundIter<'v, 'a> {
    #[inline(always)]
    fn next_in<const F: u8>(&mut self) -> Option<(Mutf8Str<'a>, TagView<'v, 'a>)> {
        let doc = self.doc;
        let kind = doc.data[self.pos];
        if kind == 0 {
            return None;
        }
        let (name_len, prefix) = doc.str_len_at_in::<F>(self.pos + 1);
        let name = doc.text_in::<F>(self.pos + 1 + prefix, name_len);
        let pos = self.pos + 1 + prefix + name_len;
        let tag = doc.tag(kind, pos, self.node);
        self.pos = doc.end_in::<F>(kind, pos, self.node);
        self.node = doc.next_node_in::<F>(kind, pos, self.node);
        Some((name, tag))
    }
}

impl<'v, 'a> Iterator for CompoundIter<'v, 'a> {
    type Item = (Mutf8Str<'a>, TagView<'v, 'a>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        in_form!(self.doc.form, |F| self.next_in::<F>())
    }
}

/// A list in place.
#[derive(Clone, Copy)]
pub struct ListView<'v, 'a> {
    doc: &'v Doc<'a>,
    /// The element type byte's offset.
    pos: usize,
    node: usize,
}

impl<'v, 'a> ListView<'v, 'a> {
    /// The list's payload as the input holds it: element type, length and elements.
    pub fn as_bytes(&self) -> &'a [u8] {
        &self.doc.data[self.pos..self.doc.end(9, self.pos, self.node)]
    }

    /// The element type.
    pub fn element_kind(&self) -> TagKind {
        TagKind::from_id(self.doc.data[self.pos]).unwrap_or(TagKind::End)
    }

    /// How many elements.
    pub fn len(&self) -> usize {
        self.doc.count_at(self.pos + 1).0
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The elements in order.
    pub fn iter(&self) -> ListIter<'v, 'a> {
        let (left, n) = self.doc.count_at(self.pos + 1);
        ListIter {
            doc: self.doc,
            kind: self.doc.data[self.pos],
            left,
            pos: self.pos + 1 + n,
            node: self.node + 1,
        }
    }

    /// Element `i` (found by walking the ones before it, in one step each).
    pub fn get(&self, i: usize) -> Option<TagView<'v, 'a>> {
        self.iter().nth(i)
    }

    fn numbers<T: Primitive>(&self, kind: u8) -> Option<Numbers<'a, T>> {
        (self.doc.data[self.pos] == kind).then(|| {
            let end = self.doc.end(9, self.pos, self.node);
            self.doc.numbers_at(self.pos + 1, kind, end)
        })
    }

    /// The bytes, if this is a list of bytes.
    pub fn bytes(&self) -> Option<&'a [i8]> {
        self.numbers::<i8>(1).map(|n| {
            match <[i8] as endian_wire::zerocopy::FromBytes>::ref_from_bytes(n.bytes) {
                Ok(v) => v,
                Err(_) => unreachable!("i8 has the layout of u8"),
            }
        })
    }
    /// The shorts, if this is a list of shorts (in place).
    pub fn shorts(&self) -> Option<Numbers<'a, i16>> {
        self.numbers(2)
    }
    /// The ints, if this is a list of ints (in place).
    pub fn ints(&self) -> Option<Numbers<'a, i32>> {
        self.numbers(3)
    }
    /// The longs, if this is a list of longs (in place).
    pub fn longs(&self) -> Option<Numbers<'a, i64>> {
        self.numbers(4)
    }
    /// The floats, if this is a list of floats (in place).
    pub fn floats(&self) -> Option<Numbers<'a, f32>> {
        self.numbers(5)
    }
    /// The doubles, if this is a list of doubles (in place).
    pub fn doubles(&self) -> Option<Numbers<'a, f64>> {
        self.numbers(6)
    }
    /// The strings, if this is a list of strings.
    pub fn strings(&self) -> Option<impl Iterator<Item = Mutf8Str<'a>> + use<'v, 'a>> {
        (self.doc.data[self.pos] == 8).then(|| self.iter().filter_map(|t| t.string()))
    }
    /// The compounds, if this is a list of compounds.
    pub fn compounds(&self) -> Option<impl Iterator<Item = CompoundView<'v, 'a>> + use<'v, 'a>> {
        (self.doc.data[self.pos] == 10).then(|| self.iter().filter_map(|t| t.compound()))
    }
    /// The lists, if this is a list of lists.
    pub fn lists(&self) -> Option<impl Iterator<Item = ListView<'v, 'a>> + use<'v, 'a>> {
        (self.doc.data[self.pos] == 9).then(|| self.iter().filter_map(|t| t.list()))
    }

    /// The owned list.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidMutf8`] for a name or string that is not modified UTF-8.
    pub fn to_owned(&self) -> Result<List, Error> {
        fn all<T>(
            l: &ListView<'_, '_>,
            f: impl Fn(TagView<'_, '_>) -> Result<T, Error>,
        ) -> Result<Vec<T>, Error> {
            l.iter().map(f).collect()
        }
        Ok(match self.doc.data[self.pos] {
            0 => List::Empty,
            1 => List::Byte(self.bytes().unwrap_or_default().to_vec()),
            2 => List::Short(self.shorts().map(|n| n.to_vec()).unwrap_or_default()),
            3 => List::Int(self.ints().map(|n| n.to_vec()).unwrap_or_default()),
            4 => List::Long(self.longs().map(|n| n.to_vec()).unwrap_or_default()),
            5 => List::Float(self.floats().map(|n| n.to_vec()).unwrap_or_default()),
            6 => List::Double(self.doubles().map(|n| n.to_vec()).unwrap_or_default()),
            7 => List::ByteArray(all(self, |t| {
                Ok(t.byte_array().unwrap_or_default().to_vec())
            })?),
            8 => List::String(all(self, |t| t.text())?),
            9 => List::List(all(self, |t| {
                t.list().map_or(Ok(List::Empty), |l| l.to_owned())
            })?),
            10 => List::Compound(all(self, |t| {
                t.compound().map_or(Ok(Compound::new()), |c| c.to_owned())
            })?),
            11 => List::IntArray(all(self, |t| Ok(t.numbers::<i32>().to_vec()))?),
            _ => List::LongArray(all(self, |t| Ok(t.numbers::<i64>().to_vec()))?),
        })
    }
}

impl fmt::Debug for ListView<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The elements of a [`ListView`].
pub struct ListIter<'v, 'a> {
    doc: &'v Doc<'a>,
    kind: u8,
    left: usize,
    pos: usize,
    node: usize,
}

impl<'v, 'a> ListIter<'v, 'a> {
    #[inline(always)]
    fn next_in<const F: u8>(&mut self) -> TagView<'v, 'a> {
        let doc = self.doc;
        let tag = doc.tag(self.kind, self.pos, self.node);
        self.pos = doc.end_in::<F>(self.kind, self.pos, self.node);
        self.node = doc.next_node_in::<F>(self.kind, tag.pos, self.node);
        tag
    }
}

impl<'v, 'a> Iterator for ListIter<'v, 'a> {
    type Item = TagView<'v, 'a>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        Some(in_form!(self.doc.form, |F| self.next_in::<F>()))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for ListIter<'_, '_> {}
