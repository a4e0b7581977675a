//! `Serialize` and `Deserialize` for the tree: [`Nbt`], [`Compound`], [`Tag`], [`List`] and
//! [`Key`], so a typed value converts to a tree and back and a tree prints through any serde
//! format.
//!
//! Through this crate's deserializer a tree type asks for the input itself (a private newtype
//! name, as serde_json's `RawValue` does) and runs the tree reader on it, so
//! `nbt::from_slice::<Nbt>` is the tree reader and keeps every type exactly. Through any other
//! deserializer it reads serde's data model: integers as the tag of their width (`u8` as a
//! short, `u16` as an int, `u32` and `u64` as longs), strings, byte strings as byte arrays,
//! sequences as lists of one element type, maps as compounds.
//!
//! Written, a `List` names its element type through a private newtype name (this crate's
//! serializer keeps it, an empty list's included; others see a sequence), and the arrays are
//! the array tags ([`ByteArray`](super::ByteArray) and the others).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use super::array::{serialize_byte_array, serialize_int_array, serialize_long_array};
use super::de::{RAW_ROOT, RawValue, read_raw, token};
use super::{Compound, Key, List, Nbt, Tag};

// ----- Serialize ---------------------------------------------------------------------------------

impl Serialize for Tag {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Tag::Byte(v) => serializer.serialize_i8(*v),
            Tag::Short(v) => serializer.serialize_i16(*v),
            Tag::Int(v) => serializer.serialize_i32(*v),
            Tag::Long(v) => serializer.serialize_i64(*v),
            Tag::Float(v) => serializer.serialize_f32(*v),
            Tag::Double(v) => serializer.serialize_f64(*v),
            Tag::ByteArray(v) => serialize_byte_array(v, serializer),
            Tag::String(v) => serializer.serialize_str(v),
            Tag::List(v) => v.serialize(serializer),
            Tag::Compound(v) => v.serialize(serializer),
            Tag::IntArray(v) => serialize_int_array(v, serializer),
            Tag::LongArray(v) => serialize_long_array(v, serializer),
        }
    }
}

impl Serialize for List {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let name = token::LIST[usize::from(self.element_kind().id())];
        match self {
            List::Empty => serializer.serialize_newtype_struct(name, &Seq::<Tag>(&[])),
            List::Byte(v) => serializer.serialize_newtype_struct(name, &Seq(v)),
            List::Short(v) => serializer.serialize_newtype_struct(name, &Seq(v)),
            List::Int(v) => serializer.serialize_newtype_struct(name, &Seq(v)),
            List::Long(v) => serializer.serialize_newtype_struct(name, &Seq(v)),
            List::Float(v) => serializer.serialize_newtype_struct(name, &Seq(v)),
            List::Double(v) => serializer.serialize_newtype_struct(name, &Seq(v)),
            List::ByteArray(v) => {
                serializer.serialize_newtype_struct(name, &ArraysOf(v, ByteArrayRef))
            }
            List::String(v) => serializer.serialize_newtype_struct(name, &Seq(v)),
            List::List(v) => serializer.serialize_newtype_struct(name, &Seq(v)),
            List::Compound(v) => serializer.serialize_newtype_struct(name, &Seq(v)),
            List::IntArray(v) => {
                serializer.serialize_newtype_struct(name, &ArraysOf(v, IntArrayRef))
            }
            List::LongArray(v) => {
                serializer.serialize_newtype_struct(name, &ArraysOf(v, LongArrayRef))
            }
        }
    }
}

/// Values as a sequence.
struct Seq<'a, T>(&'a [T]);

impl<T: Serialize> Serialize for Seq<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for x in self.0 {
            seq.serialize_element(x)?;
        }
        seq.end()
    }
}

/// Arrays as a sequence, each through `W` (which writes it as its array tag).
struct ArraysOf<'a, T, W>(&'a [Vec<T>], W);

trait WriteArray<T> {
    fn write<S: Serializer>(v: &[T], serializer: S) -> Result<S::Ok, S::Error>;
}

#[derive(Clone, Copy)]
struct ByteArrayRef;
#[derive(Clone, Copy)]
struct IntArrayRef;
#[derive(Clone, Copy)]
struct LongArrayRef;

impl WriteArray<i8> for ByteArrayRef {
    fn write<S: Serializer>(v: &[i8], serializer: S) -> Result<S::Ok, S::Error> {
        serialize_byte_array(v, serializer)
    }
}
impl WriteArray<i32> for IntArrayRef {
    fn write<S: Serializer>(v: &[i32], serializer: S) -> Result<S::Ok, S::Error> {
        serialize_int_array(v, serializer)
    }
}
impl WriteArray<i64> for LongArrayRef {
    fn write<S: Serializer>(v: &[i64], serializer: S) -> Result<S::Ok, S::Error> {
        serialize_long_array(v, serializer)
    }
}

/// One array through `W`.
struct OneArray<'a, T, W>(&'a [T], PhantomData<W>);

impl<T, W: WriteArray<T>> Serialize for OneArray<'_, T, W> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        W::write(self.0, serializer)
    }
}

impl<T, W: WriteArray<T> + Copy> Serialize for ArraysOf<'_, T, W> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for a in self.0 {
            seq.serialize_element(&OneArray::<T, W>(a, PhantomData))?;
        }
        seq.end()
    }
}

/// A map of the entries, in order.
impl Serialize for Compound {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.len()))?;
        for (k, v) in self.entries() {
            map.serialize_entry(k.as_str(), v)?;
        }
        map.end()
    }
}

/// The root compound (the name is not part of it: [`Nbt::to_vec`] writes it, and
/// [`to_vec_named`](super::to_vec_named) takes one).
impl Serialize for Nbt {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.root.serialize(serializer)
    }
}

/// The text.
impl Serialize for Key {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

// ----- Deserialize -------------------------------------------------------------------------------

/// The first key of a map: the tree token (this crate's deserializer) or a compound's first
/// name (any other).
enum FirstKey {
    Token,
    Name(Key),
}

impl<'de> Deserialize<'de> for FirstKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = FirstKey;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a name")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<FirstKey, E> {
                Ok(if v == token::TREE {
                    FirstKey::Token
                } else {
                    FirstKey::Name(Key::new(v))
                })
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<FirstKey, E> {
                Ok(FirstKey::Name(Key::from(v)))
            }
        }
        deserializer.deserialize_str(V)
    }
}

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Key;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a name")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key, E> {
                Ok(Key::new(v))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Key, E> {
                Ok(Key::from(v))
            }
            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Key, E> {
                match core::str::from_utf8(v) {
                    Ok(s) => Ok(Key::new(s)),
                    Err(_) => Err(E::invalid_value(de::Unexpected::Bytes(v), &self)),
                }
            }
        }
        deserializer.deserialize_str(V)
    }
}

/// Which tree type a visitor builds.
trait TreeType: Sized {
    const EXPECTING: &'static str;
    /// Whether a value of this type byte (not a root) can be one.
    fn accepts(kind: u8) -> bool;
    /// The value from what the tree reader read.
    fn from_raw(raw: RawValue) -> Result<Self, RawValue>;
    /// The value from a compound read through the data model.
    fn from_compound(c: Compound) -> Result<Self, Compound>;
    /// The value from a scalar or list read through the data model.
    fn from_tag(t: Tag) -> Result<Self, Tag>;
}

impl TreeType for Tag {
    const EXPECTING: &'static str = "an NBT value";
    fn accepts(_kind: u8) -> bool {
        true
    }
    fn from_raw(raw: RawValue) -> Result<Self, RawValue> {
        Ok(match raw {
            RawValue::Root(nbt) => Tag::Compound(nbt.root),
            RawValue::Tag(t) => t,
        })
    }
    fn from_compound(c: Compound) -> Result<Self, Compound> {
        Ok(Tag::Compound(c))
    }
    fn from_tag(t: Tag) -> Result<Self, Tag> {
        Ok(t)
    }
}

impl TreeType for Compound {
    const EXPECTING: &'static str = "a compound";
    fn accepts(kind: u8) -> bool {
        kind == 10
    }
    fn from_raw(raw: RawValue) -> Result<Self, RawValue> {
        match raw {
            RawValue::Root(nbt) => Ok(nbt.root),
            RawValue::Tag(Tag::Compound(c)) => Ok(c),
            other => Err(other),
        }
    }
    fn from_compound(c: Compound) -> Result<Self, Compound> {
        Ok(c)
    }
    fn from_tag(t: Tag) -> Result<Self, Tag> {
        match t {
            Tag::Compound(c) => Ok(c),
            other => Err(other),
        }
    }
}

impl TreeType for Nbt {
    const EXPECTING: &'static str = "a compound";
    fn accepts(kind: u8) -> bool {
        kind == 10
    }
    fn from_raw(raw: RawValue) -> Result<Self, RawValue> {
        match raw {
            RawValue::Root(nbt) => Ok(nbt),
            RawValue::Tag(Tag::Compound(c)) => Ok(Nbt::new("", c)),
            other => Err(other),
        }
    }
    fn from_compound(c: Compound) -> Result<Self, Compound> {
        Ok(Nbt::new("", c))
    }
    fn from_tag(t: Tag) -> Result<Self, Tag> {
        match t {
            Tag::Compound(c) => Ok(Nbt::new("", c)),
            other => Err(other),
        }
    }
}

impl TreeType for List {
    const EXPECTING: &'static str = "a list";
    fn accepts(kind: u8) -> bool {
        kind == 9
    }
    fn from_raw(raw: RawValue) -> Result<Self, RawValue> {
        match raw {
            RawValue::Tag(Tag::List(l)) => Ok(l),
            other => Err(other),
        }
    }
    fn from_compound(c: Compound) -> Result<Self, Compound> {
        Err(c)
    }
    fn from_tag(t: Tag) -> Result<Self, Tag> {
        match t {
            Tag::List(l) => Ok(l),
            other => Err(other),
        }
    }
}

/// What a tree type was found to be instead, for the error.
fn unexpected_tag(t: &Tag) -> de::Unexpected<'static> {
    de::Unexpected::Other(super::error::kind_phrase(t.kind()))
}

/// Builds a `T` from the tree exchange or from the data model.
struct TreeVisitor<T>(PhantomData<T>);

impl<'de, T: TreeType> TreeVisitor<T> {
    fn tag<E: de::Error>(t: Tag) -> Result<T, E> {
        T::from_tag(t).map_err(|t| E::invalid_type(unexpected_tag(&t), &T::EXPECTING))
    }

    /// The tree exchange (see `de::RawTree`): the parts, the tree reader, where it ended.
    fn raw<A: MapAccess<'de>>(mut map: A) -> Result<T, A::Error> {
        let (header, start, data): (u64, u64, &'de [u8]) = map.next_value()?;
        let start = usize::try_from(start).map_err(de::Error::custom)?;
        if header & RAW_ROOT == 0 {
            // Refused before reading: a mismatch is the type's error, not the reader's.
            let kind = (header & 0xFF) as u8;
            if !T::accepts(kind) {
                let found = super::TagKind::from_id(kind).unwrap_or(super::TagKind::End);
                return Err(de::Error::invalid_type(
                    de::Unexpected::Other(super::error::kind_phrase(found)),
                    &T::EXPECTING,
                ));
            }
        }
        match read_raw(data, start, header) {
            Ok((raw, end)) => {
                map.next_key_seed(EndSeed(end))?;
                T::from_raw(raw).map_err(|_| de::Error::custom("a tree of another type"))
            }
            Err(e) => {
                map.next_key_seed(EndSeed(usize::MAX))?;
                Err(de::Error::custom(e))
            }
        }
    }
}

impl<'de, T: TreeType> Visitor<'de> for TreeVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<T, A::Error> {
        let mut entries = Vec::new();
        match map.next_key::<FirstKey>()? {
            None => {}
            Some(FirstKey::Token) => return Self::raw(map),
            Some(FirstKey::Name(k)) => entries.push((k, map.next_value::<Tag>()?)),
        }
        while let Some((k, v)) = map.next_entry::<Key, Tag>()? {
            entries.push((k, v));
        }
        T::from_compound(Compound::from_entries(entries))
            .map_err(|_| de::Error::invalid_type(de::Unexpected::Map, &T::EXPECTING))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<T, E> {
        Self::tag(Tag::Byte(i8::from(v)))
    }
    fn visit_i8<E: de::Error>(self, v: i8) -> Result<T, E> {
        Self::tag(Tag::Byte(v))
    }
    fn visit_i16<E: de::Error>(self, v: i16) -> Result<T, E> {
        Self::tag(Tag::Short(v))
    }
    fn visit_i32<E: de::Error>(self, v: i32) -> Result<T, E> {
        Self::tag(Tag::Int(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<T, E> {
        Self::tag(Tag::Long(v))
    }
    fn visit_u8<E: de::Error>(self, v: u8) -> Result<T, E> {
        Self::tag(Tag::Short(i16::from(v)))
    }
    fn visit_u16<E: de::Error>(self, v: u16) -> Result<T, E> {
        Self::tag(Tag::Int(i32::from(v)))
    }
    fn visit_u32<E: de::Error>(self, v: u32) -> Result<T, E> {
        Self::tag(Tag::Long(i64::from(v)))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<T, E> {
        match i64::try_from(v) {
            Ok(v) => Self::tag(Tag::Long(v)),
            Err(_) => Err(E::invalid_value(
                de::Unexpected::Unsigned(v),
                &"an integer that fits a long",
            )),
        }
    }
    fn visit_f32<E: de::Error>(self, v: f32) -> Result<T, E> {
        Self::tag(Tag::Float(v))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<T, E> {
        Self::tag(Tag::Double(v))
    }
    fn visit_char<E: de::Error>(self, v: char) -> Result<T, E> {
        Self::tag(Tag::String(v.into()))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        Self::tag(Tag::String(v.into()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<T, E> {
        Self::tag(Tag::String(v))
    }
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<T, E> {
        Self::tag(Tag::ByteArray(v.iter().map(|&b| b as i8).collect()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<T, A::Error> {
        let mut tags = Vec::new();
        while let Some(t) = seq.next_element::<Tag>()? {
            tags.push(t);
        }
        let list = list_of(tags).ok_or_else(|| {
            de::Error::invalid_value(de::Unexpected::Seq, &"a list of one element type")
        })?;
        Self::tag(Tag::List(list))
    }
}

/// Tags of one type as the list of that type (`None` if they differ).
fn list_of(tags: Vec<Tag>) -> Option<List> {
    macro_rules! all {
        ($variant:ident) => {
            tags.into_iter()
                .map(|t| match t {
                    Tag::$variant(v) => Some(v),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()
                .map(List::$variant)
        };
    }
    let Some(first) = tags.first() else {
        return Some(List::Empty);
    };
    match first.kind() {
        super::TagKind::Byte => all!(Byte),
        super::TagKind::Short => all!(Short),
        super::TagKind::Int => all!(Int),
        super::TagKind::Long => all!(Long),
        super::TagKind::Float => all!(Float),
        super::TagKind::Double => all!(Double),
        super::TagKind::ByteArray => all!(ByteArray),
        super::TagKind::String => all!(String),
        super::TagKind::List => all!(List),
        super::TagKind::Compound => all!(Compound),
        super::TagKind::IntArray => all!(IntArray),
        super::TagKind::LongArray => all!(LongArray),
        super::TagKind::End => None,
    }
}

/// Says where the tree's value ended: `deserialize_tuple(end)` (see `de::RawTree`).
struct EndSeed(usize);

impl<'de> DeserializeSeed<'de> for EndSeed {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer
            .deserialize_tuple(self.0, de::IgnoredAny)
            .map(drop)
    }
}

macro_rules! tree_deserialize {
    ($($t:ty),*) => {$(
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_newtype_struct(token::TREE, TreeVisitor::<$t>(PhantomData))
            }
        }
    )*};
}

tree_deserialize!(Tag, Compound, Nbt, List);
