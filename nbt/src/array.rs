//! [`ByteArray`], [`IntArray`] and [`LongArray`]: fields that are NBT's three array tags.
//!
//! A plain `Vec<i32>` field is written as a list of ints (and read from a list or an array); an
//! [`IntArray`] is written as the array tag and read from it with one bulk conversion of its
//! big-endian payload (a copy on a big-endian host), which is what a chunk's block states need.
//! Through other formats (serde_json, ...) they are sequences of numbers.

use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeSeq, Serializer};

use super::de::token;
use endian_wire::BigEndian;
use endian_wire::bulk::{self, WireElement};

macro_rules! array_type {
    ($(#[$doc:meta])* $name:ident($elem:ty), $token:expr, $what:expr) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub Vec<$elem>);

        impl $name {
            /// An array of these numbers.
            pub fn new(v: Vec<$elem>) -> Self {
                $name(v)
            }

            /// The numbers.
            pub fn into_inner(self) -> Vec<$elem> {
                self.0
            }
        }

        impl Deref for $name {
            type Target = [$elem];
            fn deref(&self) -> &[$elem] {
                &self.0
            }
        }

        impl DerefMut for $name {
            fn deref_mut(&mut self) -> &mut [$elem] {
                &mut self.0
            }
        }

        impl AsRef<[$elem]> for $name {
            fn as_ref(&self) -> &[$elem] {
                &self.0
            }
        }

        impl From<Vec<$elem>> for $name {
            fn from(v: Vec<$elem>) -> Self {
                $name(v)
            }
        }

        impl From<$name> for Vec<$elem> {
            fn from(a: $name) -> Self {
                a.0
            }
        }

        impl FromIterator<$elem> for $name {
            fn from_iter<I: IntoIterator<Item = $elem>>(iter: I) -> Self {
                $name(iter.into_iter().collect())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer
                    .deserialize_newtype_struct($token, ArrayVisitor::<$elem>(PhantomData))
                    .map($name)
            }
        }
    };
}

array_type! {
    /// NBT's byte array (`TAG_Byte_Array`) as a field: written as the array tag, read from it
    /// (or from a list of bytes) with one copy.
    ///
    /// ```
    /// use wire_nbt::{self as nbt, ByteArray};
    /// #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
    /// struct Section { #[serde(rename = "BlockLight")] block_light: ByteArray }
    /// let s = Section { block_light: ByteArray::new(vec![1, -2, 3]) };
    /// let bytes = nbt::to_vec(&s)?;
    /// assert_eq!(bytes[3], 7); // TAG_Byte_Array
    /// assert_eq!(nbt::from_slice::<Section>(&bytes)?, s);
    /// # Ok::<(), nbt::Error>(())
    /// ```
    ByteArray(i8), token::BYTE_ARRAY, "a byte array"
}

array_type! {
    /// NBT's int array (`TAG_Int_Array`) as a field: written as the array tag, read from it
    /// (or from a list of ints) with one bulk conversion.
    ///
    /// ```
    /// use wire_nbt::{self as nbt, IntArray};
    /// #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
    /// struct Entity { #[serde(rename = "UUID")] uuid: IntArray }
    /// let e = Entity { uuid: IntArray::new(vec![1, -2, 3, -4]) };
    /// let bytes = nbt::to_vec(&e)?;
    /// assert_eq!(bytes[3], 11); // TAG_Int_Array
    /// assert_eq!(nbt::from_slice::<Entity>(&bytes)?, e);
    /// assert_eq!(e.uuid[1], -2); // derefs to the slice
    /// # Ok::<(), nbt::Error>(())
    /// ```
    IntArray(i32), token::INT_ARRAY, "an int array"
}

array_type! {
    /// NBT's long array (`TAG_Long_Array`) as a field, as a chunk's block states and height
    /// maps are: written as the array tag, read from it (or from a list of longs) with one bulk
    /// conversion.
    ///
    /// ```
    /// use wire_nbt::{self as nbt, LongArray};
    /// #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
    /// struct BlockStates { data: LongArray }
    /// let s = BlockStates { data: (0..256).collect() };
    /// let bytes = nbt::to_vec(&s)?;
    /// assert_eq!(bytes[3], 12); // TAG_Long_Array
    /// assert_eq!(nbt::from_slice::<BlockStates>(&bytes)?, s);
    /// # Ok::<(), nbt::Error>(())
    /// ```
    LongArray(i64), token::LONG_ARRAY, "a long array"
}

/// The bytes of a byte array, written in one piece.
struct Bytes<'a>(&'a [i8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(i8s_as_bytes(self.0))
    }
}

/// Numbers as a sequence.
struct Seq<'a, T>(&'a [T]);

impl<T: Serialize> Serialize for Seq<'_, T> {
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for x in self.0 {
            seq.serialize_element(x)?;
        }
        seq.end()
    }
}

fn i8s_as_bytes(v: &[i8]) -> &[u8] {
    endian_wire::zerocopy::IntoBytes::as_bytes(v)
}

/// `ByteArray`'s serialization, shared with the tree's `Tag::ByteArray`: through a binary
/// format its bytes in one piece, through a human-readable one a sequence of numbers.
pub(crate) fn serialize_byte_array<S: Serializer>(
    v: &[i8],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    if serializer.is_human_readable() {
        serializer.serialize_newtype_struct(token::BYTE_ARRAY, &Seq(v))
    } else {
        serializer.serialize_newtype_struct(token::BYTE_ARRAY, &Bytes(v))
    }
}

/// `IntArray`'s serialization, shared with the tree's `Tag::IntArray`.
pub(crate) fn serialize_int_array<S: Serializer>(
    v: &[i32],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_newtype_struct(token::INT_ARRAY, &Seq(v))
}

/// `LongArray`'s serialization, shared with the tree's `Tag::LongArray`.
pub(crate) fn serialize_long_array<S: Serializer>(
    v: &[i64],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_newtype_struct(token::LONG_ARRAY, &Seq(v))
}

impl Serialize for ByteArray {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_byte_array(&self.0, serializer)
    }
}

impl Serialize for IntArray {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_int_array(&self.0, serializer)
    }
}

impl Serialize for LongArray {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_long_array(&self.0, serializer)
    }
}

/// An array's numbers: from this crate's deserializer, their big-endian bytes converted in one
/// bulk call; from another, a sequence (or, for bytes, a byte string).
pub(crate) struct ArrayVisitor<T>(pub(crate) PhantomData<T>);

/// The numbers of the three arrays.
pub(crate) trait ArrayElement: Sized + Copy + 'static {
    /// What the array is called in errors.
    const WHAT: &'static str;
    /// Big-endian bytes (a multiple of the width) to numbers.
    fn from_be(bytes: &[u8]) -> Option<Vec<Self>>;
}

impl ArrayElement for i8 {
    const WHAT: &'static str = "a byte array";
    fn from_be(bytes: &[u8]) -> Option<Vec<i8>> {
        let mut v = Vec::with_capacity(bytes.len());
        bulk::extend_native::<BigEndian<i8>>(&mut v, bytes);
        Some(v)
    }
}

macro_rules! array_element {
    ($($t:ty: $what:expr;)*) => {$(
        impl ArrayElement for $t {
            const WHAT: &'static str = $what;
            #[inline]
            fn from_be(bytes: &[u8]) -> Option<Vec<$t>> {
                if bytes.len() % core::mem::size_of::<$t>() != 0 {
                    return None;
                }
                // At its size up front, as `Numbers::to_vec` does.
                let mut v = Vec::with_capacity(bytes.len() / core::mem::size_of::<$t>());
                bulk::extend_native::<BigEndian<$t>>(&mut v, bytes);
                Some(v)
            }
        }
    )*};
}

array_element! {
    i32: "an int array";
    i64: "a long array";
}

impl<'de, T> Visitor<'de> for ArrayVisitor<T>
where
    T: ArrayElement + Deserialize<'de>,
    BigEndian<T>: WireElement<Native = T>,
{
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(T::WHAT)
    }

    #[inline]
    fn visit_borrowed_bytes<E: de::Error>(self, v: &'de [u8]) -> Result<Vec<T>, E> {
        self.visit_bytes(v)
    }

    #[inline]
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Vec<T>, E> {
        T::from_be(v).ok_or_else(|| E::invalid_length(v.len(), &self))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut v = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 16));
        while let Some(x) = seq.next_element()? {
            v.push(x);
        }
        Ok(v)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Vec<T>, D::Error> {
        if deserializer.is_human_readable() || T::WHAT != "a byte array" {
            deserializer.deserialize_seq(self)
        } else {
            deserializer.deserialize_byte_buf(self)
        }
    }
}
