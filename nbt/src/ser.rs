//! Typed writing: any `Serialize` type straight to NBT bytes, appended to a `Vec<u8>`.
//!
//! A struct or map is a compound, a sequence or tuple a list (its element type set by the first
//! element, the length written when it ends), a string a string (re-encoded to modified UTF-8
//! only when it holds U+0000 or characters beyond the Basic Multilingual Plane). A field's type
//! and name are written when its value is, so a `None` field is left out. `bool` is a byte;
//! `u8` to `u64` are the signed tag of their width holding the same bits; a unit variant is its
//! name as a string and any other variant a compound of one entry (serde's external tagging);
//! `()` and unit structs are empty compounds. [`ByteArray`](super::ByteArray),
//! [`IntArray`](super::IntArray) and [`LongArray`](super::LongArray) are written as the array
//! tags and the tree's [`List`](super::List) with its own element type, through private newtype
//! names.
//!
//! What NBT cannot hold is an error, never a panic: a string over 65,535 bytes of modified
//! UTF-8, a list over `i32::MAX` elements, nesting deeper than [`MAX_NESTING`], a list of mixed
//! types, `None` in a list, 128-bit integers, a root that is not a compound. The caller drops
//! what was appended.

use alloc::string::String;
use alloc::vec::Vec;

use serde::ser::{self, Impossible, Serialize};

use super::de::token;
use super::mutf8;
use super::write::{TOO_DEEP, TOO_LONG, TOO_MANY};
use super::{Error, MAX_NESTING};

/// The output and how deep the container being written is (the root compound is 1).
pub(crate) struct Writer {
    /// The output, held here rather than borrowed: its length and pointer one load away
    /// rather than two (as in the tree's writer).
    out: Vec<u8>,
    depth: usize,
    /// A map key being written (kept to reuse its allocation).
    key: String,
}

/// `value` as a root compound named `name` (`None`: the network form), in a new vector made
/// here, whole in the writer (measured with the tree's writer: a caller's vector taken for the
/// walk stalled on its narrower stores).
pub(crate) fn to_new_vec<T: Serialize + ?Sized>(
    name: Option<&str>,
    value: &T,
) -> Result<Vec<u8>, Error> {
    let mut w = Writer {
        out: Vec::with_capacity(super::write::FIRST_RESERVE),
        depth: 0,
        key: String::new(),
    };
    match value.serialize(RootSer { w: &mut w, name }) {
        Ok(()) => Ok(w.out),
        Err(e) => Err(e.writing()),
    }
}

/// Stores `bytes` at `at`.
///
/// # Safety
/// `at` valid for writing `N` bytes.
#[inline(always)]
unsafe fn store<const N: usize>(at: *mut u8, bytes: [u8; N]) {
    // SAFETY: forwarded from the caller.
    unsafe { at.cast::<[u8; N]>().write_unaligned(bytes) };
}

impl Writer {
    #[inline(always)]
    fn enter(&mut self) -> Result<(), Error> {
        if self.depth >= MAX_NESTING {
            return Err(Error::unencodable(TOO_DEEP));
        }
        self.depth += 1;
        Ok(())
    }

    /// `head`, a `u16` length and `s`, with room for `extra` more bytes, if `s` is at most 64
    /// bytes and its own modified UTF-8: copied and checked in one pass, and counted only then
    /// (measured: checking every field's name, then copying it, was a sixth of writing
    /// `complex_player.dat` into bytes from its struct). Otherwise nothing is counted.
    #[inline(always)]
    fn short_plain<const H: usize>(&mut self, head: [u8; H], s: &str, extra: usize) -> bool {
        if s.len() > 64 {
            return false;
        }
        self.out.reserve(H + 2 + 64 + extra);
        let at = self.out.len();
        // SAFETY: `H + 2 + 64` bytes reserved after `at`, for the head, the length and
        // `s.len() <= 64` bytes; `s` cannot overlap the vector.
        unsafe {
            let base = self.out.as_mut_ptr().add(at);
            store(base, head);
            store(base.add(H), (s.len() as u16).to_be_bytes());
            if mutf8::copy_if_plain(s.as_ptr(), base.add(H + 2), s.len()) {
                self.out.set_len(at + H + 2 + s.len());
                return true;
            }
        }
        false
    }

    /// A `u16` length and the modified UTF-8 of `s`.
    #[inline(always)]
    fn string(&mut self, s: &str) -> Result<(), Error> {
        if self.short_plain([], s, 0) {
            return Ok(());
        }
        if mutf8::needs_encoding(s) {
            return self.string_encoded(s);
        }
        let Ok(len) = u16::try_from(s.len()) else {
            return Err(Error::unencodable(TOO_LONG));
        };
        self.out.reserve(2 + s.len());
        let at = self.out.len();
        // SAFETY: `2 + s.len()` bytes reserved after `at`; `s` cannot overlap the vector.
        unsafe {
            let base = self.out.as_mut_ptr().add(at);
            store(base, len.to_be_bytes());
            core::ptr::copy_nonoverlapping(s.as_ptr(), base.add(2), s.len());
            self.out.set_len(at + 2 + s.len());
        }
        Ok(())
    }

    #[inline(never)]
    fn string_encoded(&mut self, s: &str) -> Result<(), Error> {
        let Ok(len) = u16::try_from(mutf8::encoded_len(s)) else {
            return Err(Error::unencodable(TOO_LONG));
        };
        self.out.extend_from_slice(&len.to_be_bytes());
        mutf8::extend_encoded(&mut self.out, s);
        Ok(())
    }

    /// A compound entry's type and name, and room for `extra` more bytes.
    #[inline(always)]
    fn entry_head(&mut self, kind: u8, name: &str, extra: usize) -> Result<(), Error> {
        if self.short_plain([kind], name, extra) {
            return Ok(());
        }
        if mutf8::needs_encoding(name) || name.len() > usize::from(u16::MAX) {
            self.out.push(kind);
            self.string(name)?;
            self.out.reserve(extra);
            return Ok(());
        }
        self.out.reserve(3 + name.len() + extra);
        let at = self.out.len();
        // SAFETY: `3 + name.len()` bytes reserved after `at` (at most 65,535 of name, checked
        // above); `name` cannot overlap the vector.
        unsafe {
            let base = self.out.as_mut_ptr().add(at);
            *base = kind;
            store(base.add(1), (name.len() as u16).to_be_bytes());
            core::ptr::copy_nonoverlapping(name.as_ptr(), base.add(3), name.len());
            self.out.set_len(at + 3 + name.len());
        }
        Ok(())
    }

    /// Appends `bytes`, which the caller reserved room for.
    #[inline(always)]
    fn put<const N: usize>(&mut self, bytes: [u8; N]) {
        if self.out.capacity() - self.out.len() < N {
            self.out.reserve(N);
        }
        let at = self.out.len();
        // SAFETY: `N` bytes of spare capacity, ensured just above.
        unsafe {
            store(self.out.as_mut_ptr().add(at), bytes);
            self.out.set_len(at + N);
        }
    }

    /// An `i32` element count.
    #[inline(always)]
    fn count(&mut self, len: usize) -> Result<(), Error> {
        match i32::try_from(len) {
            Ok(len) => {
                self.put(len.to_be_bytes());
                Ok(())
            }
            Err(_) => Err(Error::unencodable(TOO_MANY)),
        }
    }
}

/// How a value's type is written before its payload.
trait Head {
    /// Writes the type `kind` (and a name), with room for `extra` more bytes.
    fn head(&mut self, w: &mut Writer, kind: u8, extra: usize) -> Result<(), Error>;
    /// Whether an absent value (`None`) is left out; otherwise it is an error.
    const OMITS_NONE: bool;
}

/// A compound entry: type and name.
struct Field<'n> {
    name: &'n str,
}

impl Head for Field<'_> {
    #[inline(always)]
    fn head(&mut self, w: &mut Writer, kind: u8, extra: usize) -> Result<(), Error> {
        w.entry_head(kind, self.name, extra)
    }
    const OMITS_NONE: bool = true;
}

/// A list element: the list's element type, set by the first and checked for the others.
struct Element<'l> {
    /// The list's element type (0 until the first element).
    kind: &'l mut u8,
    /// Where the list's element type byte is.
    kind_at: usize,
}

impl Head for Element<'_> {
    #[inline(always)]
    fn head(&mut self, w: &mut Writer, kind: u8, extra: usize) -> Result<(), Error> {
        if *self.kind != kind {
            if *self.kind != 0 {
                return Err(Error::unencodable(
                    "a list whose elements have different types",
                ));
            }
            *self.kind = kind;
            w.out[self.kind_at] = kind;
        }
        w.out.reserve(extra);
        Ok(())
    }
    const OMITS_NONE: bool = false;
}

/// A value after its head.
struct ValueSer<'a, H> {
    w: &'a mut Writer,
    head: H,
}

impl<'a, H: Head> ValueSer<'a, H> {
    #[inline(always)]
    fn number<const N: usize>(mut self, kind: u8, bytes: [u8; N]) -> Result<(), Error> {
        self.head.head(self.w, kind, N)?;
        self.w.put(bytes);
        Ok(())
    }

    fn compound(mut self) -> Result<Compound<'a>, Error> {
        self.head.head(self.w, 10, 0)?;
        self.w.enter()?;
        Ok(Compound {
            w: self.w,
            closes: 0,
            pending: None,
        })
    }

    fn list(mut self, preset: u8, len: Option<usize>) -> Result<ListSer<'a>, Error> {
        self.head.head(self.w, 9, 5)?;
        ListSer::start(self.w, preset, len, 0)
    }
}

impl<'a, H: Head> ser::Serializer for ValueSer<'a, H> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ListSer<'a>;
    type SerializeTuple = ListSer<'a>;
    type SerializeTupleStruct = ListSer<'a>;
    type SerializeTupleVariant = ListSer<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    #[inline]
    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.number(1, [u8::from(v)])
    }
    #[inline]
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.number(1, v.to_be_bytes())
    }
    #[inline]
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.number(2, v.to_be_bytes())
    }
    #[inline]
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.number(3, v.to_be_bytes())
    }
    #[inline]
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.number(4, v.to_be_bytes())
    }
    #[inline]
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.number(1, v.to_be_bytes())
    }
    #[inline]
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.number(2, v.to_be_bytes())
    }
    #[inline]
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.number(3, v.to_be_bytes())
    }
    #[inline]
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.number(4, v.to_be_bytes())
    }
    fn serialize_i128(self, _v: i128) -> Result<(), Error> {
        Err(Error::unencodable("a 128-bit integer"))
    }
    fn serialize_u128(self, _v: u128) -> Result<(), Error> {
        Err(Error::unencodable("a 128-bit integer"))
    }
    #[inline]
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.number(5, v.to_be_bytes())
    }
    #[inline]
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.number(6, v.to_be_bytes())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    #[inline]
    fn serialize_str(mut self, v: &str) -> Result<(), Error> {
        self.head.head(self.w, 8, 0)?;
        self.w.string(v)
    }
    /// A byte array.
    fn serialize_bytes(mut self, v: &[u8]) -> Result<(), Error> {
        self.head.head(self.w, 7, 4 + v.len())?;
        self.w.count(v.len())?;
        self.w.out.extend_from_slice(v);
        Ok(())
    }
    /// Nothing: the entry is left out (an error in a list).
    #[inline]
    fn serialize_none(self) -> Result<(), Error> {
        if H::OMITS_NONE {
            Ok(())
        } else {
            Err(Error::unencodable("None in a list"))
        }
    }
    #[inline]
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    /// An empty compound.
    fn serialize_unit(self) -> Result<(), Error> {
        let c = self.compound()?;
        ser::SerializeStruct::end(c)
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }
    /// The variant's name.
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.serialize_str(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        mut self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        if name.starts_with(token::MARK) {
            let (kind, elem) = match name {
                token::BYTE_ARRAY => (7, 1),
                token::INT_ARRAY => (11, 3),
                token::LONG_ARRAY => (12, 4),
                _ if name.starts_with(token::LIST_PREFIX) => {
                    let elem = name.as_bytes()[name.len() - 1].wrapping_sub(b'A');
                    if elem > 12 {
                        return value.serialize(self);
                    }
                    self.head.head(self.w, 9, 5)?;
                    return value.serialize(ListStart {
                        w: self.w,
                        preset: elem,
                    });
                }
                _ => return value.serialize(self),
            };
            self.head.head(self.w, kind, 4)?;
            return value.serialize(ArraySer {
                w: self.w,
                elem,
                count_at: 0,
                count: 0,
            });
        }
        value.serialize(self)
    }

    /// A compound of one entry: the variant's name and the value.
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        let mut c = self.compound()?;
        ser::SerializeStruct::serialize_field(&mut c, variant, value)?;
        ser::SerializeStruct::end(c)
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<ListSer<'a>, Error> {
        self.list(0, len)
    }
    fn serialize_tuple(self, len: usize) -> Result<ListSer<'a>, Error> {
        self.list(0, Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<ListSer<'a>, Error> {
        self.list(0, Some(len))
    }
    /// A compound of one entry: the variant's name and the list.
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<ListSer<'a>, Error> {
        let c = self.compound()?;
        let w = c.w;
        w.entry_head(9, variant, 5)?;
        ListSer::start(w, 0, Some(len), 1)
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        self.compound()
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Compound<'a>, Error> {
        self.compound()
    }
    /// A compound of one entry: the variant's name and the fields' compound.
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        let c = self.compound()?;
        let w = c.w;
        w.entry_head(10, variant, 0)?;
        w.enter()?;
        Ok(Compound {
            w,
            closes: 1,
            pending: None,
        })
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}

/// A compound being written: its entries, then End (and `closes` more, for an enum variant's
/// compound around it).
pub(crate) struct Compound<'a> {
    w: &'a mut Writer,
    closes: u8,
    /// A map key waiting for its value.
    pending: Option<String>,
}

impl Compound<'_> {
    fn close(self) -> Result<(), Error> {
        for _ in 0..=self.closes {
            self.w.out.push(0);
            self.w.depth -= 1;
        }
        Ok(())
    }

    /// The map key `key` as a string, in the writer's key buffer.
    fn key<K: Serialize + ?Sized>(&mut self, key: &K) -> Result<String, Error> {
        let mut buf = core::mem::take(&mut self.w.key);
        buf.clear();
        key.serialize(KeySer { buf: &mut buf })?;
        Ok(buf)
    }

    fn entry<V: Serialize + ?Sized>(&mut self, key: String, value: &V) -> Result<(), Error> {
        let result = value.serialize(ValueSer {
            w: self.w,
            head: Field { name: &key },
        });
        let result = result.map_err(|e| e.in_field(key.as_bytes()));
        self.w.key = key;
        result
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = Error;
    #[inline]
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value
            .serialize(ValueSer {
                w: self.w,
                head: Field { name: key },
            })
            .map_err(
                #[cold]
                |e| e.in_field(key.as_bytes()),
            )
    }
    fn end(self) -> Result<(), Error> {
        self.close()
    }
}

impl ser::SerializeStructVariant for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        ser::SerializeStruct::serialize_field(self, key, value)
    }
    fn end(self) -> Result<(), Error> {
        self.close()
    }
}

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        let key = self.key(key)?;
        self.pending = Some(key);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        match self.pending.take() {
            Some(key) => self.entry(key, value),
            None => Err(Error::unencodable("a map value without a key")),
        }
    }
    #[inline]
    fn serialize_entry<K: Serialize + ?Sized, V: Serialize + ?Sized>(
        &mut self,
        key: &K,
        value: &V,
    ) -> Result<(), Error> {
        let key = self.key(key)?;
        self.entry(key, value)
    }
    fn end(self) -> Result<(), Error> {
        self.close()
    }
}

/// A list being written: the element type is set by the first element (or given), the length
/// written when it ends.
pub(crate) struct ListSer<'a> {
    w: &'a mut Writer,
    kind: u8,
    kind_at: usize,
    count: usize,
    /// Compounds to close after the list (an enum variant's).
    closes: u8,
}

impl<'a> ListSer<'a> {
    /// Writes the element type `preset` (0: set by the first element) and room for the count.
    fn start(w: &'a mut Writer, preset: u8, len: Option<usize>, closes: u8) -> Result<Self, Error> {
        w.enter()?;
        let kind_at = w.out.len();
        w.put([preset, 0, 0, 0, 0]);
        if let Some(len) = len {
            // Numbers take at least a byte each: a hint for the output, bounded by the value.
            w.out.reserve(len.min(1 << 16));
        }
        Ok(ListSer {
            w,
            kind: preset,
            kind_at,
            count: 0,
            closes,
        })
    }

    #[inline(always)]
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let index = self.count;
        self.count += 1;
        value
            .serialize(ValueSer {
                w: self.w,
                head: Element {
                    kind: &mut self.kind,
                    kind_at: self.kind_at,
                },
            })
            .map_err(
                #[cold]
                |e| e.in_element(index),
            )
    }

    fn finish(self) -> Result<(), Error> {
        let Ok(count) = i32::try_from(self.count) else {
            return Err(Error::unencodable(TOO_MANY));
        };
        let at = self.kind_at + 1;
        self.w.out[at..at + 4].copy_from_slice(&count.to_be_bytes());
        self.w.depth -= 1;
        for _ in 0..self.closes {
            self.w.out.push(0);
            self.w.depth -= 1;
        }
        Ok(())
    }
}

macro_rules! list_impls {
    ($($trait:ident: $method:ident;)*) => {$(
        impl ser::$trait for ListSer<'_> {
            type Ok = ();
            type Error = Error;
            #[inline]
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.element(value)
            }
            fn end(self) -> Result<(), Error> {
                self.finish()
            }
        }
    )*};
}

list_impls! {
    SerializeSeq: serialize_element;
    SerializeTuple: serialize_element;
    SerializeTupleStruct: serialize_field;
    SerializeTupleVariant: serialize_field;
}

/// The tree's list after its head: a sequence whose element type is given (so an empty list
/// keeps it).
struct ListStart<'a> {
    w: &'a mut Writer,
    preset: u8,
}

/// A numeric array's elements (`ByteArray`, `IntArray`, `LongArray`): its count, then each
/// number as the array's element type.
struct ArraySer<'a> {
    w: &'a mut Writer,
    /// The element type (1 bytes, 3 ints, 4 longs).
    elem: u8,
    count_at: usize,
    count: usize,
}

#[cold]
#[inline(never)]
fn not_an_array() -> Error {
    Error::unencodable("an array of something else than its numbers")
}

impl<'a> ser::Serializer for ArraySer<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        if self.elem != 1 {
            return Err(not_an_array());
        }
        self.w.count(v.len())?;
        self.w.out.extend_from_slice(v);
        Ok(())
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self, Error> {
        let count_at = self.w.out.len();
        self.w.put([0; 4]);
        if let Some(len) = len {
            let width = match self.elem {
                1 => 1,
                3 => 4,
                _ => 8,
            };
            self.w.out.reserve(len.saturating_mul(width).min(1 << 24));
        }
        Ok(ArraySer { count_at, ..self })
    }
    fn serialize_tuple(self, len: usize) -> Result<Self, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_bool(self, _v: bool) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_i8(self, _v: i8) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_i16(self, _v: i16) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_i32(self, _v: i32) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_i64(self, _v: i64) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_u8(self, _v: u8) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_u16(self, _v: u16) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_u32(self, _v: u32) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_u64(self, _v: u64) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_f32(self, _v: f32) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_f64(self, _v: f64) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_char(self, _v: char) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_str(self, _v: &str) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_none(self) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_unit(self) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(not_an_array())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(not_an_array())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(not_an_array())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Err(not_an_array())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(not_an_array())
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}

impl ArraySer<'_> {
    #[inline(always)]
    fn number<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(ArrayNumber {
            w: self.w,
            elem: self.elem,
        })?;
        self.count += 1;
        Ok(())
    }

    fn finish(self) -> Result<(), Error> {
        let Ok(count) = i32::try_from(self.count) else {
            return Err(Error::unencodable(TOO_MANY));
        };
        self.w.out[self.count_at..self.count_at + 4].copy_from_slice(&count.to_be_bytes());
        Ok(())
    }
}

impl ser::SerializeSeq for ArraySer<'_> {
    type Ok = ();
    type Error = Error;
    #[inline]
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.number(value)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl ser::SerializeTuple for ArraySer<'_> {
    type Ok = ();
    type Error = Error;
    #[inline]
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.number(value)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

/// One number of an array, of the array's element type.
struct ArrayNumber<'a> {
    w: &'a mut Writer,
    elem: u8,
}

macro_rules! array_numbers {
    ($($method:ident: $t:ty, $elem:expr;)*) => {$(
        #[inline(always)]
        fn $method(self, v: $t) -> Result<(), Error> {
            if self.elem != $elem {
                return Err(not_an_array());
            }
            self.w.put(v.to_be_bytes());
            Ok(())
        }
    )*};
}

impl ser::Serializer for ArrayNumber<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    array_numbers! {
        serialize_i8: i8, 1;
        serialize_u8: u8, 1;
        serialize_i32: i32, 3;
        serialize_u32: u32, 3;
        serialize_i64: i64, 4;
        serialize_u64: u64, 4;
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_bool(self, _v: bool) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_i16(self, _v: i16) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_u16(self, _v: u16) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_f32(self, _v: f32) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_f64(self, _v: f64) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_char(self, _v: char) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_str(self, _v: &str) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_none(self) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_unit(self) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(not_an_array())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(not_an_array())
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(not_an_array())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(not_an_array())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(not_an_array())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Err(not_an_array())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(not_an_array())
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}

/// The scalar methods of a serializer that refuses them all with `$err`.
macro_rules! refuse_scalars {
    ($err:expr) => {
        refuse_scalars!(@each $err;
            serialize_bool: bool, serialize_i8: i8, serialize_i16: i16, serialize_i32: i32,
            serialize_i64: i64, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
            serialize_u64: u64, serialize_f32: f32, serialize_f64: f64, serialize_char: char,
            serialize_str: &str, serialize_bytes: &[u8]);
    };
    (@each $err:expr; $($method:ident: $t:ty),*) => {$(
        fn $method(self, _v: $t) -> Result<(), Error> {
            Err($err)
        }
    )*};
}

/// A map key: a string, or an integer written as its decimal digits (as serde_json writes
/// integer keys).
struct KeySer<'b> {
    buf: &'b mut String,
}

#[cold]
#[inline(never)]
fn not_a_key() -> Error {
    Error::unencodable("a map key that is not a string or an integer")
}

macro_rules! key_integers {
    ($($method:ident: $t:ty),*) => {$(
        fn $method(self, v: $t) -> Result<(), Error> {
            use core::fmt::Write as _;
            let _ = write!(self.buf, "{v}");
            Ok(())
        }
    )*};
}

impl ser::Serializer for KeySer<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    #[inline]
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.buf.push_str(v);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.buf.push(v);
        Ok(())
    }
    key_integers!(
        serialize_i8: i8,
        serialize_i16: i16,
        serialize_i32: i32,
        serialize_i64: i64,
        serialize_u8: u8,
        serialize_u16: u16,
        serialize_u32: u32,
        serialize_u64: u64
    );
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_bool(self, _v: bool) -> Result<(), Error> {
        Err(not_a_key())
    }
    fn serialize_f32(self, _v: f32) -> Result<(), Error> {
        Err(not_a_key())
    }
    fn serialize_f64(self, _v: f64) -> Result<(), Error> {
        Err(not_a_key())
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<(), Error> {
        Err(not_a_key())
    }
    fn serialize_none(self) -> Result<(), Error> {
        Err(not_a_key())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<(), Error> {
        Err(not_a_key())
    }
    fn serialize_unit(self) -> Result<(), Error> {
        Err(not_a_key())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        Err(not_a_key())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(not_a_key())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(not_a_key())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(not_a_key())
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(not_a_key())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(not_a_key())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(not_a_key())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Err(not_a_key())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(not_a_key())
    }
}

/// The root: a compound (a struct, a map, a tree compound, a variant as a compound of one
/// entry), its type byte and name first.
struct RootSer<'a, 'n> {
    w: &'a mut Writer,
    name: Option<&'n str>,
}

#[cold]
#[inline(never)]
fn root_not_compound() -> Error {
    Error::unencodable("a root that is not a compound (NBT's root is a struct or a map)")
}

impl<'a> RootSer<'a, '_> {
    fn open(self) -> Result<Compound<'a>, Error> {
        self.w.out.push(10);
        if let Some(name) = self.name {
            self.w.string(name)?;
        }
        self.w.enter()?;
        Ok(Compound {
            w: self.w,
            closes: 0,
            pending: None,
        })
    }
}

impl<'a> ser::Serializer for RootSer<'a, '_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = ListSer<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        self.open()
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Compound<'a>, Error> {
        self.open()
    }
    fn serialize_unit(self) -> Result<(), Error> {
        ser::SerializeStruct::end(self.open()?)
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        let mut c = self.open()?;
        ser::SerializeStruct::serialize_field(&mut c, variant, value)?;
        ser::SerializeStruct::end(c)
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<ListSer<'a>, Error> {
        let c = self.open()?;
        let w = c.w;
        w.entry_head(9, variant, 5)?;
        ListSer::start(w, 0, Some(len), 1)
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        let c = self.open()?;
        let w = c.w;
        w.entry_head(10, variant, 0)?;
        w.enter()?;
        Ok(Compound {
            w,
            closes: 1,
            pending: None,
        })
    }

    refuse_scalars!(root_not_compound());

    fn serialize_i128(self, _v: i128) -> Result<(), Error> {
        Err(root_not_compound())
    }
    fn serialize_u128(self, _v: u128) -> Result<(), Error> {
        Err(root_not_compound())
    }
    fn serialize_none(self) -> Result<(), Error> {
        Err(root_not_compound())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<(), Error> {
        Err(root_not_compound())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(root_not_compound())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(root_not_compound())
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(root_not_compound())
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}

/// A serializer that accepts only a sequence: the tree's typed list after its head.
impl<'a> ser::Serializer for ListStart<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ListSer<'a>;
    type SerializeTuple = ListSer<'a>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_seq(self, len: Option<usize>) -> Result<ListSer<'a>, Error> {
        ListSer::start(self.w, self.preset, len, 0)
    }
    fn serialize_tuple(self, len: usize) -> Result<ListSer<'a>, Error> {
        ListSer::start(self.w, self.preset, Some(len), 0)
    }

    refuse_scalars!(not_an_array());

    fn serialize_i128(self, _v: i128) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_u128(self, _v: u128) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_none(self) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_unit(self) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(not_an_array())
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(not_an_array())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(not_an_array())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(not_an_array())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Err(not_an_array())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(not_an_array())
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}
