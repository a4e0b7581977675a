//! Typed reading: NBT bytes straight into any `Deserialize` type, never through a tree.
//!
//! One pass over the input: a compound is a serde map whose keys are read in place (borrowed
//! when they are ASCII, as nearly every NBT name is), a list a serde sequence, a number the
//! matching `visit_*`. Strings are borrowed where their modified UTF-8 is also UTF-8; byte
//! arrays are borrowed as they stand. [`ByteArray`](super::ByteArray),
//! [`IntArray`](super::IntArray) and [`LongArray`](super::LongArray) ask for their payload's
//! bytes by a private newtype name and convert it with one bulk call; the tree types
//! ([`Nbt`](super::Nbt), [`Compound`](super::Compound), [`Tag`](super::Tag),
//! [`List`](super::List)) ask for the input itself by another and run the tree reader on it
//! (as serde_json's `RawValue` asks for its text). A value nobody asked for
//! (`deserialize_ignored_any`: an unknown field) is skipped without being built.
//!
//! Every length is checked against the rest of the input before anything is allocated, and
//! the size hints given to serde are the exact counts of numbers only (which the input holds at
//! their width or more), so the memory a typed read takes is bounded by its input as the tree
//! reader's is.

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

use super::cursor::{Cursor, LIST_NAMES, invalid_kind};
use super::mutf8;
use super::{Error, ErrorKind, MAX_NESTING};
use endian_wire::BigEndian;

/// The private newtype names by which a type asks this deserializer for more than serde's data
/// model carries (and the serializer for an NBT type serde cannot name).
pub(crate) mod token {
    /// What every name below starts with (checked first, so other newtypes pass quickly).
    pub(crate) const MARK: &str = "$wire_nbt::";
    /// `ByteArray`: the payload's bytes (`visit_borrowed_bytes`).
    pub(crate) const BYTE_ARRAY: &str = "$wire_nbt::ByteArray";
    /// `IntArray`: the payload's big-endian bytes.
    pub(crate) const INT_ARRAY: &str = "$wire_nbt::IntArray";
    /// `LongArray`: the payload's big-endian bytes.
    pub(crate) const LONG_ARRAY: &str = "$wire_nbt::LongArray";
    /// The tree types: the input and where the value starts (see [`super::RawTree`]).
    pub(crate) const TREE: &str = "$wire_nbt::Tree";
    /// A list of the element type given by the last character, `A` + the type byte (the
    /// serializer keeps an empty list's type).
    pub(crate) const LIST: [&str; 13] = [
        "$wire_nbt::List:A",
        "$wire_nbt::List:B",
        "$wire_nbt::List:C",
        "$wire_nbt::List:D",
        "$wire_nbt::List:E",
        "$wire_nbt::List:F",
        "$wire_nbt::List:G",
        "$wire_nbt::List:H",
        "$wire_nbt::List:I",
        "$wire_nbt::List:J",
        "$wire_nbt::List:K",
        "$wire_nbt::List:L",
        "$wire_nbt::List:M",
    ];
    /// The shared start of the [`LIST`] names.
    pub(crate) const LIST_PREFIX: &str = "$wire_nbt::List:";
}

/// In the header handed to a tree visitor: the value is a root compound (its type byte and,
/// in the file form, its name come first).
pub(crate) const RAW_ROOT: u64 = 1 << 8;
/// With [`RAW_ROOT`]: the root is named (the file form).
pub(crate) const RAW_NAMED: u64 = 1 << 9;

/// The reader's state: the input, the position, and how deep the container being read is
/// (the root compound is 1).
pub(crate) struct Deserializer<'de> {
    cur: Cursor<'de>,
    depth: usize,
}

/// Reads a `T` from the root compound at the start of `data`, named (the file form) or not
/// (the network form); with `whole`, nothing may follow it. Returns `T` and the bytes used.
pub(crate) fn from_root<'de, T: de::Deserialize<'de>>(
    data: &'de [u8],
    named: bool,
    whole: bool,
) -> Result<(T, usize), Error> {
    let mut de = Deserializer {
        cur: Cursor::new(data),
        depth: 0,
    };
    let value = T::deserialize(Root { de: &mut de, named })?;
    if whole {
        de.cur.finish()?;
    }
    Ok((value, de.cur.pos()))
}

impl<'de> Deserializer<'de> {
    /// Enters a compound or list: refused past [`MAX_NESTING`].
    #[inline(always)]
    fn enter(&mut self) -> Result<(), Error> {
        if self.depth >= MAX_NESTING {
            return Err(Error::new(self.cur.pos(), ErrorKind::TooDeep));
        }
        self.depth += 1;
        Ok(())
    }

    /// A string's modified UTF-8 given to `visitor`: borrowed when it is UTF-8 as it stands.
    #[inline(always)]
    fn text<V: Visitor<'de>>(bytes: &'de [u8], at: usize, visitor: V) -> Result<V::Value, Error> {
        if mutf8::is_plain_ascii(bytes) {
            // SAFETY: ASCII is UTF-8.
            let s = unsafe { core::str::from_utf8_unchecked(bytes) };
            return visitor.visit_borrowed_str(s);
        }
        Self::text_slow(bytes, at, visitor)
    }

    #[inline(never)]
    fn text_slow<V: Visitor<'de>>(
        bytes: &'de [u8],
        at: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        match mutf8::decode_non_ascii(bytes) {
            Ok(alloc::borrow::Cow::Borrowed(s)) => visitor.visit_borrowed_str(s),
            Ok(alloc::borrow::Cow::Owned(s)) => visitor.visit_string(s),
            Err(i) => Err(Error::new(at + i, ErrorKind::InvalidMutf8)),
        }
    }

    /// Skips the payload of a value of type `kind` (read at `at`) in a container at the
    /// current depth: types, lengths and nesting checked as the tree reader checks them,
    /// nothing built, and strings not decoded (as serde_json does not check what it skips).
    fn skip(&mut self, kind: u8, at: usize) -> Result<(), Error> {
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
            9 => {
                self.enter()?;
                self.skip_list()?;
                self.depth -= 1;
                Ok(())
            }
            10 => {
                self.enter()?;
                self.skip_entries()?;
                self.depth -= 1;
                Ok(())
            }
            11 => c.elements::<BigEndian<i32>>("an int array").map(drop),
            12 => c.elements::<BigEndian<i64>>("a long array").map(drop),
            _ => Err(invalid_kind(at, kind, "a compound entry")),
        }
    }

    fn skip_entries(&mut self) -> Result<(), Error> {
        loop {
            let at = self.cur.pos();
            let kind = self.cur.u8("a tag type")?;
            if kind == 0 {
                return Ok(());
            }
            if kind > 12 {
                return Err(invalid_kind(at, kind, "a compound entry"));
            }
            self.cur.string_bytes("a name")?;
            self.skip(kind, at)?;
        }
    }

    fn skip_list(&mut self) -> Result<(), Error> {
        let at = self.cur.pos();
        let kind = self.cur.u8("a list's element type")?;
        match kind {
            0 => self.end_list_length().map(drop),
            1..=6 => {
                let width = number_width(kind);
                let what = LIST_NAMES[usize::from(kind)];
                let len = self.cur.count(width, what)?;
                self.cur.skip(len * width, what)
            }
            7..=12 => {
                let len = self
                    .cur
                    .count(min_size(kind), LIST_NAMES[usize::from(kind)])?;
                for _ in 0..len {
                    let at = self.cur.pos();
                    self.skip(kind, at)?;
                }
                Ok(())
            }
            _ => Err(invalid_kind(at, kind, "a list's element type")),
        }
    }

    /// The length of a list of End: 0, or the error.
    fn end_list_length(&mut self) -> Result<usize, Error> {
        let at = self.cur.pos();
        let len = i32::from_be_bytes(self.cur.array("a list's length")?);
        if len != 0 {
            return Err(Error::new(at, ErrorKind::EndListNotEmpty { length: len }));
        }
        Ok(0)
    }
}

/// The size of a number of type `kind` (1 to 6).
#[inline(always)]
fn number_width(kind: u8) -> usize {
    match kind {
        1 => 1,
        2 => 2,
        3 | 5 => 4,
        _ => 8,
    }
}

/// The fewest bytes a payload of type `kind` takes (7 to 12).
#[inline(always)]
fn min_size(kind: u8) -> usize {
    match kind {
        8 => 2,
        10 => 1,
        9 => 5,
        _ => 4,
    }
}

/// The root: its type byte and name, then the compound (or, for a tree type, the raw input).
struct Root<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    named: bool,
}

impl<'a, 'de> Root<'a, 'de> {
    /// Reads the root's type and name: the compound's payload follows.
    fn header(self) -> Result<Value<'a, 'de>, Error> {
        let de = self.de;
        let at = de.cur.pos();
        let kind = de.cur.u8("the root tag's type")?;
        if kind != 10 {
            return Err(Error::new(at, ErrorKind::RootNotCompound { found: kind }));
        }
        if self.named {
            // The root's name is not part of the value (a tree type reads it, raw).
            de.cur.string_bytes("the root's name")?;
        }
        Ok(Value { de, kind: 10 })
    }
}

macro_rules! root_forward {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {$(
        #[inline]
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, Error> {
            self.header()?.$method($($arg,)* visitor)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for Root<'_, 'de> {
    type Error = Error;

    root_forward! {
        deserialize_any(); deserialize_bool(); deserialize_i8(); deserialize_i16();
        deserialize_i32(); deserialize_i64(); deserialize_u8(); deserialize_u16();
        deserialize_u32(); deserialize_u64(); deserialize_f32(); deserialize_f64();
        deserialize_char(); deserialize_str(); deserialize_string(); deserialize_bytes();
        deserialize_byte_buf(); deserialize_option(); deserialize_unit();
        deserialize_unit_struct(name: &'static str); deserialize_seq();
        deserialize_tuple(len: usize); deserialize_tuple_struct(name: &'static str, len: usize);
        deserialize_map(); deserialize_struct(name: &'static str, fields: &'static [&'static str]);
        deserialize_enum(name: &'static str, variants: &'static [&'static str]);
        deserialize_identifier(); deserialize_ignored_any();
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == token::TREE {
            let flags = RAW_ROOT | if self.named { RAW_NAMED } else { 0 };
            return raw_tree(self.de, flags | 10, visitor);
        }
        self.header()?.deserialize_newtype_struct(name, visitor)
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}

/// The payload of a value of type `kind` at the cursor.
struct Value<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    kind: u8,
}

impl<'a, 'de> Value<'a, 'de> {
    #[cold]
    #[inline(never)]
    fn mismatch(&self, expected: &'static str) -> Error {
        Error::mismatch(self.de.cur.pos(), expected, self.kind)
    }

    /// An integer of any width, visited as what it is (serde's visitors convert and check the
    /// range).
    #[inline(always)]
    fn integer<V: Visitor<'de>>(
        self,
        visitor: V,
        expected: &'static str,
    ) -> Result<V::Value, Error> {
        let at = self.de.cur.pos();
        let c = &mut self.de.cur;
        let result = match self.kind {
            1 => visitor.visit_i8(c.u8("a byte")? as i8),
            2 => visitor.visit_i16(i16::from_be_bytes(c.array("a short")?)),
            3 => visitor.visit_i32(i32::from_be_bytes(c.array("an int")?)),
            4 => visitor.visit_i64(i64::from_be_bytes(c.array("a long")?)),
            _ => return Err(self.mismatch(expected)),
        };
        result.map_err(|e: Error| e.at_least_at(at))
    }

    /// A number of any type.
    #[inline(always)]
    fn number<V: Visitor<'de>>(
        self,
        visitor: V,
        expected: &'static str,
    ) -> Result<V::Value, Error> {
        let at = self.de.cur.pos();
        let c = &mut self.de.cur;
        let result = match self.kind {
            5 => visitor.visit_f32(f32::from_be_bytes(c.array("a float")?)),
            6 => visitor.visit_f64(f64::from_be_bytes(c.array("a double")?)),
            _ => return self.integer(visitor, expected),
        };
        result.map_err(|e: Error| e.at_least_at(at))
    }

    /// An unsigned integer: from the signed tag of its width as the same bits (how the
    /// serializer writes it), from the others by value.
    #[inline(always)]
    fn unsigned<V: Visitor<'de>>(
        self,
        visitor: V,
        width_kind: u8,
        expected: &'static str,
    ) -> Result<V::Value, Error> {
        if self.kind != width_kind {
            return self.integer(visitor, expected);
        }
        let at = self.de.cur.pos();
        let c = &mut self.de.cur;
        let result = match width_kind {
            1 => visitor.visit_u8(c.u8("a byte")?),
            2 => visitor.visit_u16(u16::from_be_bytes(c.array("a short")?)),
            3 => visitor.visit_u32(u32::from_be_bytes(c.array("an int")?)),
            _ => visitor.visit_u64(u64::from_be_bytes(c.array("a long")?)),
        };
        result.map_err(|e: Error| e.at_least_at(at))
    }

    #[inline(always)]
    fn string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.kind != 8 {
            return Err(self.mismatch("a string"));
        }
        let at = self.de.cur.pos() + 2;
        let bytes = self.de.cur.string_bytes("a string")?;
        Deserializer::text(bytes, at, visitor).map_err(|e: Error| e.at_least_at(at))
    }

    /// The payload bytes of a numeric array of type `array_kind`, or of a list of the matching
    /// element type.
    #[inline(always)]
    fn array_bytes(&mut self, array_kind: u8, expected: &'static str) -> Result<&'de [u8], Error> {
        let (elem, width, what) = match array_kind {
            7 => (1, 1, "a byte array"),
            11 => (3, 4, "an int array"),
            _ => (4, 8, "a long array"),
        };
        let c = &mut self.de.cur;
        if self.kind == array_kind {
            let len = c.count(width, what)?;
            return c.take(len * width, what);
        }
        if self.kind == 9 && c.data().get(c.pos()) == Some(&0) {
            // An empty list of End: no numbers.
            c.skip(1, "a list's element type")?;
            self.de.end_list_length()?;
            return Ok(&[]);
        }
        let c = &mut self.de.cur;
        if self.kind == 9 && c.data().get(c.pos()) == Some(&elem) {
            if self.de.depth >= MAX_NESTING {
                return Err(Error::new(c.pos(), ErrorKind::TooDeep));
            }
            c.skip(1, "a list's element type")?;
            let what = LIST_NAMES[usize::from(elem)];
            let len = c.count(width, what)?;
            return c.take(len * width, what);
        }
        Err(self.mismatch(expected))
    }

    /// A list given to `visitor` as a sequence.
    fn list<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let de = self.de;
        let start = de.cur.pos();
        de.enter()?;
        let elem = de.cur.u8("a list's element type")?;
        let result = match elem {
            0 => {
                de.end_list_length()?;
                numbers::<i8, V>(&[], start, visitor)
            }
            1..=6 => {
                let width = number_width(elem);
                let what = LIST_NAMES[usize::from(elem)];
                let len = de.cur.count(width, what)?;
                let at = de.cur.pos();
                let bytes = de.cur.take(len * width, what)?;
                match elem {
                    1 => numbers::<i8, V>(bytes, at, visitor),
                    2 => numbers::<i16, V>(bytes, at, visitor),
                    3 => numbers::<i32, V>(bytes, at, visitor),
                    4 => numbers::<i64, V>(bytes, at, visitor),
                    5 => numbers::<f32, V>(bytes, at, visitor),
                    _ => numbers::<f64, V>(bytes, at, visitor),
                }
            }
            7..=12 => {
                let len = de
                    .cur
                    .count(min_size(elem), LIST_NAMES[usize::from(elem)])?;
                let mut access = Elements {
                    de: &mut *de,
                    kind: elem,
                    left: len,
                    index: 0,
                };
                let value = visitor.visit_seq(&mut access)?;
                let left = access.left;
                if left != 0 {
                    return Err(Error::new(
                        de.cur.pos(),
                        ErrorKind::Message(alloc::format!(
                            "a list of {len} elements where the type takes {}",
                            len - left
                        )),
                    ));
                }
                Ok(value)
            }
            _ => return Err(invalid_kind(start, elem, "a list's element type")),
        };
        de.depth -= 1;
        result.map_err(|e: Error| e.at_least_at(start))
    }

    /// A numeric array given to `visitor` as a sequence of its numbers.
    fn array_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let (width, what) = match self.kind {
            7 => (1, "a byte array"),
            11 => (4, "an int array"),
            _ => (8, "a long array"),
        };
        let c = &mut self.de.cur;
        let start = c.pos();
        let len = c.count(width, what)?;
        let at = c.pos();
        let bytes = c.take(len * width, what)?;
        let result = match self.kind {
            7 => numbers::<i8, V>(bytes, at, visitor),
            11 => numbers::<i32, V>(bytes, at, visitor),
            _ => numbers::<i64, V>(bytes, at, visitor),
        };
        result.map_err(|e: Error| e.at_least_at(start))
    }

    /// A compound given to `visitor` as a map.
    fn compound<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let de = self.de;
        let start = de.cur.pos();
        de.enter()?;
        let mut access = Entries {
            de: &mut *de,
            kind: 0,
            name: &[],
            done: false,
        };
        let value = visitor
            .visit_map(&mut access)
            .map_err(|e: Error| e.at_least_at(start))?;
        if !access.done {
            return Err(Error::new(
                de.cur.pos(),
                ErrorKind::Message("the compound's entries were not all read".into()),
            ));
        }
        Ok(value)
    }
}

impl<'de> de::Deserializer<'de> for Value<'_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.kind {
            1..=6 => self.number(visitor, "a number"),
            8 => self.string(visitor),
            9 => self.list(visitor),
            10 => self.compound(visitor),
            _ => self.array_seq(visitor),
        }
    }

    #[inline]
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.kind != 1 {
            return Err(self.mismatch("a byte (a bool)"));
        }
        let at = self.de.cur.pos();
        let b = self.de.cur.u8("a byte")?;
        visitor
            .visit_bool(b != 0)
            .map_err(|e: Error| e.at_least_at(at))
    }

    #[inline]
    fn deserialize_i8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.integer(visitor, "a byte")
    }
    #[inline]
    fn deserialize_i16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.integer(visitor, "a short")
    }
    #[inline]
    fn deserialize_i32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.integer(visitor, "an int")
    }
    #[inline]
    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.integer(visitor, "a long")
    }
    #[inline]
    fn deserialize_u8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.unsigned(visitor, 1, "a byte")
    }
    #[inline]
    fn deserialize_u16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.unsigned(visitor, 2, "a short")
    }
    #[inline]
    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.unsigned(visitor, 3, "an int")
    }
    #[inline]
    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.unsigned(visitor, 4, "a long")
    }
    #[inline]
    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.number(visitor, "a float")
    }
    #[inline]
    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.number(visitor, "a double")
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.string(visitor)
    }
    #[inline]
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.string(visitor)
    }
    #[inline]
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.string(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let at = self.de.cur.pos();
        let bytes = self.array_bytes(7, "a byte array")?;
        visitor
            .visit_borrowed_bytes(bytes)
            .map_err(|e: Error| e.at_least_at(at))
    }
    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    /// Any value, skipped: `()` has no NBT form of its own (the serializer writes an empty
    /// compound).
    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let at = self.de.cur.pos();
        self.de.skip(self.kind, at)?;
        visitor.visit_unit().map_err(|e: Error| e.at_least_at(at))
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        mut self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name.starts_with(token::MARK) {
            let at = self.de.cur.pos();
            let bytes = match name {
                token::BYTE_ARRAY => self.array_bytes(7, "a byte array")?,
                token::INT_ARRAY => self.array_bytes(11, "an int array")?,
                token::LONG_ARRAY => self.array_bytes(12, "a long array")?,
                token::TREE => return raw_tree(self.de, u64::from(self.kind), visitor),
                _ => return visitor.visit_newtype_struct(self),
            };
            return visitor
                .visit_borrowed_bytes(bytes)
                .map_err(|e: Error| e.at_least_at(at));
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.kind {
            9 => self.list(visitor),
            7 | 11 | 12 => self.array_seq(visitor),
            _ => Err(self.mismatch("a list")),
        }
    }
    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    #[inline]
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.kind != 10 {
            return Err(self.mismatch("a compound"));
        }
        self.compound(visitor)
    }
    #[inline]
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_map(visitor)
    }

    /// A unit variant is its name as a string; any other variant a compound of one entry, the
    /// variant's name and its value (serde's external tagging, as in JSON).
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let at = self.de.cur.pos();
        match self.kind {
            8 => visitor
                .visit_enum(UnitVariant { value: self })
                .map_err(|e: Error| e.at_least_at(at)),
            10 => {
                let de = self.de;
                de.enter()?;
                let value = visitor
                    .visit_enum(Variant {
                        de: &mut *de,
                        kind: 0,
                    })
                    .map_err(|e: Error| e.at_least_at(at))?;
                let end_at = de.cur.pos();
                if de.cur.u8("the End of an enum's compound")? != 0 {
                    return Err(Error::new(
                        end_at,
                        ErrorKind::Message(
                            "an enum's compound holds more than the variant's entry".into(),
                        ),
                    ));
                }
                de.depth -= 1;
                Ok(value)
            }
            _ => Err(self.mismatch("a string or a compound (an enum)")),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.string(visitor)
    }

    /// Skips the value without building it.
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}

/// A compound's entries, as a serde map.
struct Entries<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    /// The type of the entry whose name was just read.
    kind: u8,
    /// Its name (for the path in errors).
    name: &'de [u8],
    /// The End was read.
    done: bool,
}

impl<'de> de::MapAccess<'de> for Entries<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let c = &mut self.de.cur;
        let at = c.pos();
        let kind = c.u8("a tag type")?;
        if kind == 0 {
            self.done = true;
            self.de.depth -= 1;
            return Ok(None);
        }
        if kind > 12 {
            return Err(invalid_kind(at, kind, "a compound entry"));
        }
        let name_at = c.pos() + 2;
        let name = c.string_bytes("a name")?;
        self.kind = kind;
        self.name = name;
        seed.deserialize(Name {
            bytes: name,
            at: name_at,
        })
        .map(Some)
        .map_err(|e| e.in_field(name))
    }

    #[inline]
    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Error> {
        let name = self.name;
        seed.deserialize(Value {
            de: &mut *self.de,
            kind: self.kind,
        })
        .map_err(|e| e.in_field(name))
    }
}

/// A list's elements (of a type that is not a number), as a serde sequence.
struct Elements<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    kind: u8,
    left: usize,
    index: usize,
}

impl<'de> de::SeqAccess<'de> for Elements<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        let index = self.index;
        self.index += 1;
        seed.deserialize(Value {
            de: &mut *self.de,
            kind: self.kind,
        })
        .map(Some)
        .map_err(|e| e.in_element(index))
    }

    // No hint: the elements may be much larger in memory than the fewest bytes they take in the
    // input (an empty compound is one byte), and a hint is allocated up front.
}

/// A number type of the numeric lists and arrays.
trait Number: Copy {
    const WIDTH: usize;
    fn read(bytes: &[u8]) -> Self;
    fn visit<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error>;
    /// The same bits as an unsigned integer (for `u8` to `u64` of the same width).
    fn visit_unsigned<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error>;
    fn is_zero(self) -> bool;
    const KIND: u8;
}

macro_rules! number {
    ($($t:ty, $u:ty, $kind:expr, $visit:ident, $visit_u:ident;)*) => {$(
        impl Number for $t {
            const WIDTH: usize = core::mem::size_of::<$t>();
            const KIND: u8 = $kind;
            #[inline(always)]
            fn read(bytes: &[u8]) -> Self {
                let mut b = [0; core::mem::size_of::<$t>()];
                b.copy_from_slice(bytes);
                <$t>::from_be_bytes(b)
            }
            #[inline(always)]
            fn visit<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
                visitor.$visit(self)
            }
            #[inline(always)]
            fn visit_unsigned<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
                visitor.$visit_u(<$u>::from_be_bytes(self.to_be_bytes()))
            }
            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0 as $t
            }
        }
    )*};
}

number! {
    i8, u8, 1, visit_i8, visit_u8;
    i16, u16, 2, visit_i16, visit_u16;
    i32, u32, 3, visit_i32, visit_u32;
    i64, u64, 4, visit_i64, visit_u64;
    f32, u32, 5, visit_f32, visit_u32;
    f64, u64, 6, visit_f64, visit_u64;
}

/// Numbers in place given to `visitor` as a sequence, which must take them all (an array of
/// another length is an error, as serde_json's is).
#[inline(always)]
fn numbers<'de, T: Number, V: Visitor<'de>>(
    bytes: &'de [u8],
    at: usize,
    visitor: V,
) -> Result<V::Value, Error> {
    let mut access = Numbers::<T>::new(bytes, at);
    let value = visitor.visit_seq(&mut access)?;
    if !access.bytes.is_empty() {
        return Err(Error::new(
            at + bytes.len() - access.bytes.len(),
            ErrorKind::Message(alloc::format!(
                "a list of {} numbers where the type takes {}",
                bytes.len() / T::WIDTH,
                access.index
            )),
        ));
    }
    Ok(value)
}

/// Big-endian numbers in place (a numeric list or array), as a serde sequence.
struct Numbers<'de, T> {
    bytes: &'de [u8],
    /// The offset of `bytes` in the input.
    at: usize,
    index: usize,
    _t: core::marker::PhantomData<T>,
}

impl<'de, T> Numbers<'de, T> {
    #[inline(always)]
    fn new(bytes: &'de [u8], at: usize) -> Self {
        Numbers {
            bytes,
            at,
            index: 0,
            _t: core::marker::PhantomData,
        }
    }
}

impl<'de, T: Number> de::SeqAccess<'de> for Numbers<'de, T> {
    type Error = Error;

    #[inline(always)]
    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Error> {
        let Some((head, rest)) = self.bytes.split_at_checked(T::WIDTH) else {
            return Ok(None);
        };
        self.bytes = rest;
        let index = self.index;
        self.index += 1;
        seed.deserialize(NumberValue {
            value: T::read(head),
            at: self.at + index * T::WIDTH,
        })
        .map(Some)
        .map_err(
            #[cold]
            |e| e.in_element(index),
        )
    }

    #[inline]
    fn size_hint(&self) -> Option<usize> {
        // Exact, and bounded by the input: each number took its width in it.
        Some(self.bytes.len() / T::WIDTH)
    }
}

/// One number of a numeric list or array.
struct NumberValue<T> {
    value: T,
    at: usize,
}

impl<T: Number> NumberValue<T> {
    #[cold]
    #[inline(never)]
    fn mismatch(&self, expected: &'static str) -> Error {
        Error::mismatch(self.at, expected, T::KIND)
    }
}

macro_rules! number_forward {
    ($($method:ident),*) => {$(
        #[inline(always)]
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let at = self.at;
            self.value.visit(visitor).map_err(|e: Error| e.at_least_at(at))
        }
    )*};
}

macro_rules! number_unsigned {
    ($($method:ident: $kind:expr),*) => {$(
        #[inline(always)]
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let at = self.at;
            if T::KIND == $kind {
                self.value.visit_unsigned(visitor)
            } else {
                self.value.visit(visitor)
            }
            .map_err(|e: Error| e.at_least_at(at))
        }
    )*};
}

impl<'de, T: Number> de::Deserializer<'de> for NumberValue<T> {
    type Error = Error;

    number_forward!(
        deserialize_any,
        deserialize_i8,
        deserialize_i16,
        deserialize_i32,
        deserialize_i64,
        deserialize_f32,
        deserialize_f64,
        deserialize_ignored_any
    );
    number_unsigned!(
        deserialize_u8: 1,
        deserialize_u16: 2,
        deserialize_u32: 3,
        deserialize_u64: 4
    );

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if T::KIND != 1 {
            return Err(self.mismatch("a byte (a bool)"));
        }
        let at = self.at;
        visitor
            .visit_bool(!self.value.is_zero())
            .map_err(|e: Error| e.at_least_at(at))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_str<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Error> {
        Err(self.mismatch("a string"))
    }
    fn deserialize_string<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Error> {
        Err(self.mismatch("a string"))
    }
    fn deserialize_seq<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Error> {
        Err(self.mismatch("a list"))
    }
    fn deserialize_map<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Error> {
        Err(self.mismatch("a compound"))
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Error> {
        Err(self.mismatch("a compound"))
    }

    serde::forward_to_deserialize_any! {
        i128 u128 char bytes byte_buf unit unit_struct tuple tuple_struct enum identifier
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}

/// A compound entry's name, as a map key: a string (borrowed when ASCII), or an integer
/// parsed from it (as serde_json reads integer keys).
struct Name<'de> {
    bytes: &'de [u8],
    at: usize,
}

impl<'de> Name<'de> {
    #[cold]
    #[inline(never)]
    fn not_a_number(&self, what: &'static str) -> Error {
        Error::new(
            self.at,
            ErrorKind::Message(alloc::format!(
                "a name that is not {what}: {:?}",
                mutf8::decode_lossy(self.bytes)
            )),
        )
    }
}

macro_rules! name_numbers {
    ($($method:ident: $t:ty, $visit:ident, $what:expr;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match core::str::from_utf8(self.bytes).ok().and_then(|s| s.parse::<$t>().ok()) {
                Some(n) => visitor.$visit(n),
                None => Err(self.not_a_number($what)),
            }
        }
    )*};
}

impl<'de> de::Deserializer<'de> for Name<'de> {
    type Error = Error;

    #[inline(always)]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        Deserializer::text(self.bytes, self.at, visitor)
    }
    #[inline(always)]
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        Deserializer::text(self.bytes, self.at, visitor)
    }
    #[inline(always)]
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        Deserializer::text(self.bytes, self.at, visitor)
    }
    #[inline(always)]
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        Deserializer::text(self.bytes, self.at, visitor)
    }

    name_numbers! {
        deserialize_i8: i8, visit_i8, "a byte";
        deserialize_i16: i16, visit_i16, "a short";
        deserialize_i32: i32, visit_i32, "an int";
        deserialize_i64: i64, visit_i64, "a long";
        deserialize_u8: u8, visit_u8, "an unsigned byte";
        deserialize_u16: u16, visit_u16, "an unsigned short";
        deserialize_u32: u32, visit_u32, "an unsigned int";
        deserialize_u64: u64, visit_u64, "an unsigned long";
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_borrowed_bytes(self.bytes)
    }
    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_borrowed_bytes(self.bytes)
    }
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_enum(NameVariant { name: self })
    }
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i128 u128 f32 f64 char unit unit_struct seq tuple tuple_struct map struct
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}

/// An enum whose variant is a name (a map key): unit variants only.
struct NameVariant<'de> {
    name: Name<'de>,
}

impl<'de> de::EnumAccess<'de> for NameVariant<'de> {
    type Error = Error;
    type Variant = UnitOnly;
    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, UnitOnly), Error> {
        Ok((seed.deserialize(self.name)?, UnitOnly))
    }
}

/// The variant of an enum written as a string: a unit variant.
struct UnitOnly;

impl<'de> de::VariantAccess<'de> for UnitOnly {
    type Error = Error;
    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }
    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, _seed: S) -> Result<S::Value, Error> {
        Err(de::Error::invalid_type(
            de::Unexpected::UnitVariant,
            &"a newtype variant (a compound of one entry)",
        ))
    }
    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value, Error> {
        Err(de::Error::invalid_type(
            de::Unexpected::UnitVariant,
            &"a tuple variant (a compound of one entry)",
        ))
    }
    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Error> {
        Err(de::Error::invalid_type(
            de::Unexpected::UnitVariant,
            &"a struct variant (a compound of one entry)",
        ))
    }
}

/// An enum written as a string: its unit variant.
struct UnitVariant<'a, 'de> {
    value: Value<'a, 'de>,
}

impl<'de> de::EnumAccess<'de> for UnitVariant<'_, 'de> {
    type Error = Error;
    type Variant = UnitOnly;
    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, UnitOnly), Error> {
        Ok((seed.deserialize(self.value)?, UnitOnly))
    }
}

/// An enum written as a compound of one entry: the entry's name is the variant, its value the
/// variant's data.
struct Variant<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    kind: u8,
}

impl<'a, 'de> de::EnumAccess<'de> for Variant<'a, 'de> {
    type Error = Error;
    type Variant = Self;
    fn variant_seed<S: DeserializeSeed<'de>>(mut self, seed: S) -> Result<(S::Value, Self), Error> {
        let c = &mut self.de.cur;
        let at = c.pos();
        let kind = c.u8("a tag type")?;
        if kind == 0 || kind > 12 {
            return Err(invalid_kind(at, kind, "an enum's variant"));
        }
        let name_at = c.pos() + 2;
        let name = c.string_bytes("a name")?;
        self.kind = kind;
        let variant = seed.deserialize(Name {
            bytes: name,
            at: name_at,
        })?;
        Ok((variant, self))
    }
}

impl<'de> de::VariantAccess<'de> for Variant<'_, 'de> {
    type Error = Error;
    fn unit_variant(self) -> Result<(), Error> {
        let at = self.de.cur.pos();
        self.de.skip(self.kind, at)
    }
    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, Error> {
        seed.deserialize(Value {
            de: self.de,
            kind: self.kind,
        })
    }
    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_seq(
            Value {
                de: self.de,
                kind: self.kind,
            },
            visitor,
        )
    }
    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_map(
            Value {
                de: self.de,
                kind: self.kind,
            },
            visitor,
        )
    }
}

// ----- the tree types' way in ------------------------------------------------------------------

/// Hands a tree visitor the input and where its value starts, and learns from it where the
/// value ends (see [`RawTree`]).
fn raw_tree<'de, V: Visitor<'de>>(
    de: &mut Deserializer<'de>,
    header: u64,
    visitor: V,
) -> Result<V::Value, Error> {
    let start = de.cur.pos();
    let mut access = RawTree {
        data: de.cur.data(),
        header: header | ((de.depth as u64) << 16),
        start,
        state: RawState::Token,
    };
    let result = visitor.visit_map(&mut access);
    match (result, access.state) {
        (Ok(value), RawState::Ended(end)) if end >= start && end <= de.cur.data().len() => {
            de.cur = Cursor::at(de.cur.data(), end);
            Ok(value)
        }
        // The tree reader failed: it runs again here, to report its own error (the visitor
        // could only give a message).
        (Err(e), RawState::Failed) => Err(reread(de.cur.data(), start, header, de.depth)
            .err()
            .unwrap_or(e)),
        (Err(e), _) => Err(e.at_least_at(start)),
        (Ok(_), _) => Err(Error::new(
            start,
            ErrorKind::Message("a tree visitor did not say where its value ends".into()),
        )),
    }
}

/// Runs the tree reader as [`read_raw`] does.
#[cold]
#[inline(never)]
fn reread(data: &[u8], start: usize, header: u64, depth: usize) -> Result<(), Error> {
    read_raw(data, start, header | ((depth as u64) << 16)).map(drop)
}

/// What a tree visitor reads from the parts [`RawTree`] hands it: the root (an `Nbt`) or a
/// value (a `Tag`), and where it ends.
pub(crate) enum RawValue {
    /// A root compound and its name.
    Root(super::Nbt),
    /// A value.
    Tag(super::Tag),
}

/// Reads the value a [`RawTree`] header describes.
pub(crate) fn read_raw(data: &[u8], start: usize, header: u64) -> Result<(RawValue, usize), Error> {
    let kind = (header & 0xFF) as u8;
    let depth = ((header >> 16) & 0xFFFF) as usize;
    if header & RAW_ROOT != 0 {
        let rest = data.get(start..).unwrap_or_default();
        let (nbt, used) = super::read::read_root(rest, header & RAW_NAMED != 0)?;
        return Ok((RawValue::Root(nbt), start + used));
    }
    let (tag, end) = super::read::read_tag(data, start, kind, depth)?;
    Ok((RawValue::Tag(tag), end))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum RawState {
    Token,
    Parts,
    End,
    Ended(usize),
    Failed,
}

/// The exchange with a tree visitor, as a serde map it reads in a fixed order: the key
/// [`token::TREE`] (which no other deserializer gives); the value `(header, start, input)`, a
/// tuple of two `u64`s and the borrowed input (the header: the type byte, [`RAW_ROOT`] and
/// [`RAW_NAMED`], the depth from bit 16); then one more key, which the visitor deserializes
/// with `deserialize_tuple(end)` to say where its value ended (`usize::MAX`: the tree reader
/// failed).
struct RawTree<'de> {
    data: &'de [u8],
    header: u64,
    start: usize,
    state: RawState,
}

impl<'de> de::MapAccess<'de> for &mut RawTree<'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        match self.state {
            RawState::Token => {
                self.state = RawState::Parts;
                seed.deserialize(de::value::BorrowedStrDeserializer::new(token::TREE))
                    .map(Some)
            }
            RawState::End => seed.deserialize(EndReport { access: self }).map(Some),
            _ => Ok(None),
        }
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Error> {
        if self.state != RawState::Parts {
            return Err(de::Error::custom("the tree exchange out of order"));
        }
        self.state = RawState::End;
        seed.deserialize(RawParts {
            parts: [self.header, self.start as u64],
            data: self.data,
        })
    }
}

/// `(header, start, input)`.
struct RawParts<'de> {
    parts: [u64; 2],
    data: &'de [u8],
}

impl<'de> de::Deserializer<'de> for RawParts<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_seq(RawPartsSeq {
            parts: self,
            index: 0,
        })
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

struct RawPartsSeq<'de> {
    parts: RawParts<'de>,
    index: usize,
}

impl<'de> de::SeqAccess<'de> for RawPartsSeq<'de> {
    type Error = Error;
    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Error> {
        let i = self.index;
        self.index += 1;
        match i {
            0 | 1 => seed
                .deserialize(self.parts.parts[i].into_deserializer())
                .map(Some),
            2 => seed
                .deserialize(de::value::BorrowedBytesDeserializer::new(self.parts.data))
                .map(Some),
            _ => Ok(None),
        }
    }
}

/// The key by which a tree visitor says where its value ended: `deserialize_tuple(end)`.
struct EndReport<'a, 'de> {
    access: &'a mut RawTree<'de>,
}

impl<'de> de::Deserializer<'de> for EndReport<'_, 'de> {
    type Error = Error;

    fn deserialize_tuple<V: Visitor<'de>>(self, end: usize, visitor: V) -> Result<V::Value, Error> {
        self.access.state = if end == usize::MAX {
            RawState::Failed
        } else {
            RawState::Ended(end)
        };
        visitor.visit_unit()
    }

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple_struct map struct enum
        identifier ignored_any
    }
}
