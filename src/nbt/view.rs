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

use super::read::{Cursor, LIST_NAMES, invalid_kind};
use super::{Compound, Error, ErrorKind, List, MAX_NESTING, Tag, TagKind, mutf8};
use crate::bulk::{self, Primitive, WireElement};
use crate::wire::BigEndian;

/// Where a container ends: in the input, and in the tape (the entry after its last
/// descendant's).
#[derive(Clone, Copy)]
struct Node {
    end: usize,
    next: usize,
}

/// The input and its tape.
struct Doc<'a> {
    data: &'a [u8],
    tape: Vec<Node>,
}

/// An NBT document read in place: the root's name and compound, borrowing the input.
///
/// ```
/// use endian_wire::nbt::{self, Compound, List, Nbt};
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

fn parse(bytes: &[u8], named: bool, whole: bool) -> Result<(NbtView<'_>, usize), Error> {
    let mut p = Parser {
        cur: Cursor::new(bytes),
        // One entry per 64 bytes is about what player files and chunks need.
        tape: Vec::with_capacity(bytes.len() / 64 + 1),
    };
    let kind = p.cur.u8("the root tag's type")?;
    if kind != 10 {
        return Err(Error::new(0, ErrorKind::RootNotCompound { found: kind }));
    }
    let name = if named {
        let at = p.cur.pos() + 2;
        Mutf8Str {
            bytes: p.cur.string_bytes("the root's name")?,
            at,
        }
    } else {
        Mutf8Str { bytes: &[], at: 1 }
    };
    let root = p.cur.pos();
    p.compound(1)?;
    if whole {
        p.cur.finish()?;
    }
    let used = p.cur.pos();
    Ok((
        NbtView {
            doc: Doc {
                data: bytes,
                tape: p.tape,
            },
            name,
            root,
        },
        used,
    ))
}

/// The checking pass that builds the tape.
struct Parser<'a> {
    cur: Cursor<'a>,
    tape: Vec<Node>,
}

impl Parser<'_> {
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
            self.cur.string_bytes("a name")?;
            self.payload(kind, at, depth, "a compound entry")?;
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
        let c = &mut self.cur;
        match kind {
            1 => c.skip(1, "a byte"),
            2 => c.skip(2, "a short"),
            3 => c.skip(4, "an int"),
            4 => c.skip(8, "a long"),
            5 => c.skip(4, "a float"),
            6 => c.skip(8, "a double"),
            7 => c.elements::<BigEndian<i8>>("a byte array").map(drop),
            8 => c.string_bytes("a string").map(drop),
            9 => self.list(depth + 1),
            10 => self.compound(depth + 1),
            11 => c.elements::<BigEndian<i32>>("an int array").map(drop),
            12 => c.elements::<BigEndian<i64>>("a long array").map(drop),
            _ => Err(invalid_kind(at, kind, context)),
        }
    }

    fn list(&mut self, depth: usize) -> Result<(), Error> {
        if depth > MAX_NESTING {
            return Err(Error::new(self.cur.pos(), ErrorKind::TooDeep));
        }
        let at = self.cur.pos();
        let kind = self.cur.u8("a list's element type")?;
        let c = &mut self.cur;
        match kind {
            0 => {
                let len_at = c.pos();
                let len = i32::from_be_bytes(c.array("a list's length")?);
                if len != 0 {
                    return Err(Error::new(
                        len_at,
                        ErrorKind::EndListNotEmpty { length: len },
                    ));
                }
                Ok(())
            }
            1..=6 => {
                let width = number_width(kind);
                let what = LIST_NAMES[usize::from(kind)];
                let len = c.count(width, what)?;
                c.skip(len * width, what)
            }
            7..=12 => {
                let node = self.open(depth)?;
                let min = if kind == 9 { 5 } else { min_size(kind) };
                let len = self.cur.count(min, LIST_NAMES[usize::from(kind)])?;
                for _ in 0..len {
                    let at = self.cur.pos();
                    self.payload(kind, at, depth, "a list element")?;
                }
                self.close(node);
                Ok(())
            }
            _ => Err(invalid_kind(at, kind, "a list's element type")),
        }
    }
}

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

/// The fewest bytes a payload of type `kind` takes (7 to 12).
#[inline]
fn min_size(kind: u8) -> usize {
    match kind {
        8 => 2,
        10 => 1,
        9 => 5,
        _ => 4,
    }
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

    /// Whether a payload of type `kind` at `pos` has a tape entry.
    #[inline(always)]
    fn has_node(&self, kind: u8, pos: usize) -> bool {
        kind == 10 || (kind == 9 && self.data[pos] >= 7)
    }

    /// Where the payload of type `kind` at `pos` ends; `node` is its tape entry if it has one.
    #[inline(always)]
    fn end(&self, kind: u8, pos: usize, node: usize) -> usize {
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

    /// The tape entry after a payload that started at tape entry `node`.
    #[inline(always)]
    fn next_node(&self, kind: u8, pos: usize, node: usize) -> usize {
        if self.has_node(kind, pos) {
            self.tape[node].next
        } else {
            node
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
}

/// A string in place: its modified UTF-8 bytes, decoded when asked.
#[derive(Clone, Copy)]
pub struct Mutf8Str<'a> {
    bytes: &'a [u8],
    /// Offset of the bytes in the input (for errors).
    at: usize,
}

impl<'a> Mutf8Str<'a> {
    /// The modified UTF-8 bytes.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The text: borrowed when it is UTF-8 as it stands (always, unless it holds U+0000 or
    /// characters outside the Basic Multilingual Plane).
    ///
    /// # Errors
    /// [`ErrorKind::InvalidMutf8`] at the offset of the first bad byte in the input.
    #[inline]
    pub fn to_str(&self) -> Result<Cow<'a, str>, Error> {
        mutf8::decode(self.bytes).map_err(|i| Error::new(self.at + i, ErrorKind::InvalidMutf8))
    }

    /// The text, with U+FFFD for what is not modified UTF-8.
    pub fn to_str_lossy(&self) -> Cow<'a, str> {
        mutf8::decode_lossy(self.bytes)
    }

    /// Whether this is the modified UTF-8 of `s`.
    #[inline]
    pub fn matches(&self, s: &str) -> bool {
        if mutf8::needs_encoding(s) {
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

/// Big-endian numbers in place (an int or long array, a numeric list), converted when asked:
/// [`to_vec`](Self::to_vec) and [`copy_to`](Self::copy_to) are one bulk call.
#[derive(Clone, Copy)]
pub struct Numbers<'a, T> {
    bytes: &'a [u8],
    _t: PhantomData<T>,
}

impl<'a, T: Primitive> Numbers<'a, T>
where
    BigEndian<T>: WireElement<Native = T>,
{
    fn new(bytes: &'a [u8]) -> Self {
        Numbers {
            bytes,
            _t: PhantomData,
        }
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.bytes.len() / core::mem::size_of::<T>()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The big-endian bytes.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Number `i`.
    pub fn get(&self, i: usize) -> Option<T> {
        let size = core::mem::size_of::<T>();
        let bytes = self.bytes.get(i * size..(i + 1) * size)?;
        let mut out = [T::new_zeroed()];
        bulk::from_bytes::<BigEndian<T>>(bytes, &mut out);
        Some(out[0])
    }

    /// The numbers, converted with one bulk call.
    pub fn to_vec(&self) -> Vec<T> {
        // Allocated at its size up front: growing an empty `Vec` goes through `RawVec`'s
        // out-of-line growth path, ~60 instructions more per call than an allocation.
        let mut out = Vec::with_capacity(self.len());
        bulk::extend_native::<BigEndian<T>>(&mut out, self.bytes);
        out
    }

    /// Converts the numbers into `dst`, which must be [`len`](Self::len) long.
    ///
    /// # Panics
    /// If `dst.len() != self.len()`.
    #[track_caller]
    pub fn copy_to(&self, dst: &mut [T]) {
        bulk::from_bytes::<BigEndian<T>>(self.bytes, dst);
    }

    /// The numbers one by one.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = T> + use<'a, T> {
        let size = core::mem::size_of::<T>();
        self.bytes.chunks_exact(size).map(|c| {
            let mut out = [T::new_zeroed()];
            bulk::from_bytes::<BigEndian<T>>(c, &mut out);
            out[0]
        })
    }
}

impl<T: Primitive + fmt::Debug> fmt::Debug for Numbers<'_, T>
where
    BigEndian<T>: WireElement<Native = T>,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
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
        (self.kind == 2).then(|| i16::from_be_bytes(self.doc.be(self.pos)))
    }
    /// The int, if this is one.
    pub fn int(&self) -> Option<i32> {
        (self.kind == 3).then(|| i32::from_be_bytes(self.doc.be(self.pos)))
    }
    /// The long, if this is one.
    pub fn long(&self) -> Option<i64> {
        (self.kind == 4).then(|| i64::from_be_bytes(self.doc.be(self.pos)))
    }
    /// The float, if this is one.
    pub fn float(&self) -> Option<f32> {
        (self.kind == 5).then(|| f32::from_be_bytes(self.doc.be(self.pos)))
    }
    /// The double, if this is one.
    pub fn double(&self) -> Option<f64> {
        (self.kind == 6).then(|| f64::from_be_bytes(self.doc.be(self.pos)))
    }
    /// The byte array, if this is one (in place).
    pub fn byte_array(&self) -> Option<&'a [i8]> {
        (self.kind == 7).then(|| {
            let len = self.doc.len_at(self.pos);
            let bytes = &self.doc.data[self.pos + 4..self.pos + 4 + len];
            match <[i8] as zerocopy::FromBytes>::ref_from_bytes(bytes) {
                Ok(v) => v,
                Err(_) => unreachable!("i8 has the layout of u8"),
            }
        })
    }
    /// The string, if this is one (in place, decoded when asked).
    pub fn string(&self) -> Option<Mutf8Str<'a>> {
        (self.kind == 8).then(|| {
            let len = usize::from(u16::from_be_bytes(self.doc.be(self.pos)));
            Mutf8Str {
                bytes: &self.doc.data[self.pos + 2..self.pos + 2 + len],
                at: self.pos + 2,
            }
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
        (self.kind == 11).then(|| self.numbers(4))
    }
    /// The long array, if this is one (in place).
    pub fn long_array(&self) -> Option<Numbers<'a, i64>> {
        (self.kind == 12).then(|| self.numbers(8))
    }

    fn numbers<T: Primitive>(&self, width: usize) -> Numbers<'a, T>
    where
        BigEndian<T>: WireElement<Native = T>,
    {
        let len = self.doc.len_at(self.pos);
        Numbers::new(&self.doc.data[self.pos + 4..self.pos + 4 + len * width])
    }

    /// The owned value.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidMutf8`] for a name or string that is not modified UTF-8.
    pub fn to_owned(&self) -> Result<Tag, Error> {
        Ok(match self.kind {
            1 => Tag::Byte(self.doc.data[self.pos] as i8),
            2 => Tag::Short(i16::from_be_bytes(self.doc.be(self.pos))),
            3 => Tag::Int(i32::from_be_bytes(self.doc.be(self.pos))),
            4 => Tag::Long(i64::from_be_bytes(self.doc.be(self.pos))),
            5 => Tag::Float(f32::from_be_bytes(self.doc.be(self.pos))),
            6 => Tag::Double(f64::from_be_bytes(self.doc.be(self.pos))),
            7 => Tag::ByteArray(self.byte_array().unwrap_or_default().to_vec()),
            8 => Tag::String(self.text()?),
            9 => Tag::List(self.list().map_or(Ok(List::Empty), |l| l.to_owned())?),
            10 => Tag::Compound(
                self.compound()
                    .map_or(Ok(Compound::new()), |c| c.to_owned())?,
            ),
            11 => Tag::IntArray(self.numbers::<i32>(4).to_vec()),
            _ => Tag::LongArray(self.numbers::<i64>(8).to_vec()),
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
        let want: &[u8] = if mutf8::needs_encoding(name) {
            encoded = mutf8::encode(name);
            &encoded
        } else {
            name.as_bytes()
        };
        self.iter().find(|(k, _)| k.bytes == want).map(|(_, v)| v)
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

impl<'v, 'a> Iterator for CompoundIter<'v, 'a> {
    type Item = (Mutf8Str<'a>, TagView<'v, 'a>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let doc = self.doc;
        let kind = doc.data[self.pos];
        if kind == 0 {
            return None;
        }
        let name_len = usize::from(u16::from_be_bytes(doc.be(self.pos + 1)));
        let name = Mutf8Str {
            bytes: &doc.data[self.pos + 3..self.pos + 3 + name_len],
            at: self.pos + 3,
        };
        let pos = self.pos + 3 + name_len;
        let tag = doc.tag(kind, pos, self.node);
        self.pos = doc.end(kind, pos, self.node);
        self.node = doc.next_node(kind, pos, self.node);
        Some((name, tag))
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
    /// The element type.
    pub fn element_kind(&self) -> TagKind {
        TagKind::from_id(self.doc.data[self.pos]).unwrap_or(TagKind::End)
    }

    /// How many elements.
    pub fn len(&self) -> usize {
        self.doc.len_at(self.pos + 1)
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The elements in order.
    pub fn iter(&self) -> ListIter<'v, 'a> {
        ListIter {
            doc: self.doc,
            kind: self.doc.data[self.pos],
            left: self.len(),
            pos: self.pos + 5,
            node: self.node + 1,
        }
    }

    /// Element `i` (found by walking the ones before it, in one step each).
    pub fn get(&self, i: usize) -> Option<TagView<'v, 'a>> {
        self.iter().nth(i)
    }

    fn numbers<T: Primitive>(&self, kind: u8) -> Option<Numbers<'a, T>>
    where
        BigEndian<T>: WireElement<Native = T>,
    {
        (self.doc.data[self.pos] == kind).then(|| {
            let start = self.pos + 5;
            Numbers::new(&self.doc.data[start..start + self.len() * core::mem::size_of::<T>()])
        })
    }

    /// The bytes, if this is a list of bytes.
    pub fn bytes(&self) -> Option<&'a [i8]> {
        self.numbers::<i8>(1).map(|n| {
            match <[i8] as zerocopy::FromBytes>::ref_from_bytes(n.bytes) {
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
            11 => List::IntArray(all(self, |t| Ok(t.numbers::<i32>(4).to_vec()))?),
            _ => List::LongArray(all(self, |t| Ok(t.numbers::<i64>(8).to_vec()))?),
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

impl<'v, 'a> Iterator for ListIter<'v, 'a> {
    type Item = TagView<'v, 'a>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let doc = self.doc;
        let tag = doc.tag(self.kind, self.pos, self.node);
        self.pos = doc.end(self.kind, self.pos, self.node);
        self.node = doc.next_node(self.kind, tag.pos, self.node);
        Some(tag)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for ListIter<'_, '_> {}
