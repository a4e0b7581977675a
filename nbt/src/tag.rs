//! The tag model: [`TagKind`] (the thirteen tag types), [`Tag`] (a value of any of them but
//! End) and [`Nbt`] (a named root compound, what a file holds).

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::{Deref, DerefMut};

use super::{Compound, List};

/// The thirteen NBT tag types, with their type bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum TagKind {
    /// Ends a compound; the element type of an empty list.
    End = 0,
    /// `i8`.
    Byte = 1,
    /// `i16`.
    Short = 2,
    /// `i32`.
    Int = 3,
    /// `i64`.
    Long = 4,
    /// `f32`.
    Float = 5,
    /// `f64`.
    Double = 6,
    /// `i32` length, then bytes.
    ByteArray = 7,
    /// `u16` length, then modified UTF-8.
    String = 8,
    /// Element type, `i32` length, then the elements' payloads.
    List = 9,
    /// Named tags up to an End.
    Compound = 10,
    /// `i32` length, then big-endian `i32`s.
    IntArray = 11,
    /// `i32` length, then big-endian `i64`s.
    LongArray = 12,
}

impl TagKind {
    /// The kind with this type byte, if any.
    ///
    /// ```
    /// use wire_nbt::TagKind;
    /// assert_eq!(TagKind::from_id(10), Some(TagKind::Compound));
    /// assert_eq!(TagKind::from_id(13), None);
    /// ```
    #[inline]
    pub const fn from_id(id: u8) -> Option<TagKind> {
        Some(match id {
            0 => TagKind::End,
            1 => TagKind::Byte,
            2 => TagKind::Short,
            3 => TagKind::Int,
            4 => TagKind::Long,
            5 => TagKind::Float,
            6 => TagKind::Double,
            7 => TagKind::ByteArray,
            8 => TagKind::String,
            9 => TagKind::List,
            10 => TagKind::Compound,
            11 => TagKind::IntArray,
            12 => TagKind::LongArray,
            _ => return None,
        })
    }

    /// The type byte.
    #[inline]
    pub const fn id(self) -> u8 {
        self as u8
    }

    /// The spec's name (`TAG_Int` is `"Int"`).
    pub const fn name(self) -> &'static str {
        match self {
            TagKind::End => "End",
            TagKind::Byte => "Byte",
            TagKind::Short => "Short",
            TagKind::Int => "Int",
            TagKind::Long => "Long",
            TagKind::Float => "Float",
            TagKind::Double => "Double",
            TagKind::ByteArray => "ByteArray",
            TagKind::String => "String",
            TagKind::List => "List",
            TagKind::Compound => "Compound",
            TagKind::IntArray => "IntArray",
            TagKind::LongArray => "LongArray",
        }
    }
}

/// An NBT value: any tag but End. Lists are typed by their elements ([`List`]), so a list of
/// ints is a `Vec<i32>`.
///
/// `From` builds one from the matching Rust value (`bool` as a byte, `&str` and `String` as a
/// string, `Vec<i8>` / `Vec<i32>` / `Vec<i64>` as the three arrays).
///
/// ```
/// use wire_nbt::{Tag, TagKind};
/// let tag = Tag::from(vec![1, 2, 3]);
/// assert_eq!(tag.kind(), TagKind::IntArray);
/// assert_eq!(tag.int_array(), Some(&[1, 2, 3][..]));
/// assert_eq!(tag.int(), None);
/// assert_eq!(Tag::from(true), Tag::Byte(1));
/// assert_eq!(Tag::from("hi").to_string(), r#""hi""#); // SNBT
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Tag {
    /// `TAG_Byte`.
    Byte(i8),
    /// `TAG_Short`.
    Short(i16),
    /// `TAG_Int`.
    Int(i32),
    /// `TAG_Long`.
    Long(i64),
    /// `TAG_Float`.
    Float(f32),
    /// `TAG_Double`.
    Double(f64),
    /// `TAG_Byte_Array`.
    ByteArray(Vec<i8>),
    /// `TAG_String`.
    String(String),
    /// `TAG_List`.
    List(List),
    /// `TAG_Compound`.
    Compound(Compound),
    /// `TAG_Int_Array`.
    IntArray(Vec<i32>),
    /// `TAG_Long_Array`.
    LongArray(Vec<i64>),
}

impl Tag {
    /// The tag's type.
    #[inline]
    pub fn kind(&self) -> TagKind {
        match self {
            Tag::Byte(_) => TagKind::Byte,
            Tag::Short(_) => TagKind::Short,
            Tag::Int(_) => TagKind::Int,
            Tag::Long(_) => TagKind::Long,
            Tag::Float(_) => TagKind::Float,
            Tag::Double(_) => TagKind::Double,
            Tag::ByteArray(_) => TagKind::ByteArray,
            Tag::String(_) => TagKind::String,
            Tag::List(_) => TagKind::List,
            Tag::Compound(_) => TagKind::Compound,
            Tag::IntArray(_) => TagKind::IntArray,
            Tag::LongArray(_) => TagKind::LongArray,
        }
    }
}

/// Typed getters on [`Tag`]: the value if the tag has that type.
macro_rules! tag_getters {
    ($($(#[$doc:meta])* $variant:ident: $name:ident, $name_mut:ident -> $ty:ty, $mut_ty:ty, |$v:ident| $get:expr;)*) => {
        impl Tag {
            $(
                $(#[$doc])*
                #[inline]
                pub fn $name(&self) -> Option<$ty> {
                    match self {
                        Tag::$variant($v) => Some($get),
                        _ => None,
                    }
                }

                #[doc = concat!("[`", stringify!($name), "`](Self::", stringify!($name), "), mutable.")]
                #[inline]
                pub fn $name_mut(&mut self) -> Option<$mut_ty> {
                    match self {
                        Tag::$variant(v) => Some(v),
                        _ => None,
                    }
                }
            )*
        }
    };
}

tag_getters! {
    /// The byte, if this is one.
    Byte: byte, byte_mut -> i8, &mut i8, |v| *v;
    /// The short, if this is one.
    Short: short, short_mut -> i16, &mut i16, |v| *v;
    /// The int, if this is one.
    Int: int, int_mut -> i32, &mut i32, |v| *v;
    /// The long, if this is one.
    Long: long, long_mut -> i64, &mut i64, |v| *v;
    /// The float, if this is one.
    Float: float, float_mut -> f32, &mut f32, |v| *v;
    /// The double, if this is one.
    Double: double, double_mut -> f64, &mut f64, |v| *v;
    /// The byte array, if this is one.
    ByteArray: byte_array, byte_array_mut -> &[i8], &mut Vec<i8>, |v| v;
    /// The string, if this is one.
    String: string, string_mut -> &str, &mut String, |v| v;
    /// The list, if this is one.
    List: list, list_mut -> &List, &mut List, |v| v;
    /// The compound, if this is one.
    Compound: compound, compound_mut -> &Compound, &mut Compound, |v| v;
    /// The int array, if this is one.
    IntArray: int_array, int_array_mut -> &[i32], &mut Vec<i32>, |v| v;
    /// The long array, if this is one.
    LongArray: long_array, long_array_mut -> &[i64], &mut Vec<i64>, |v| v;
}

macro_rules! tag_from {
    ($($ty:ty => $variant:ident),* $(,)?) => {$(
        impl From<$ty> for Tag {
            #[inline]
            fn from(v: $ty) -> Self {
                Tag::$variant(v)
            }
        }
    )*};
}

tag_from! {
    i8 => Byte, i16 => Short, i32 => Int, i64 => Long, f32 => Float, f64 => Double,
    Vec<i8> => ByteArray, String => String, List => List, Compound => Compound,
    Vec<i32> => IntArray, Vec<i64> => LongArray,
}

impl From<bool> for Tag {
    /// A byte, 1 or 0 (how Minecraft stores booleans).
    fn from(v: bool) -> Self {
        Tag::Byte(i8::from(v))
    }
}

impl From<&str> for Tag {
    fn from(v: &str) -> Self {
        Tag::String(String::from(v))
    }
}

/// A complete NBT document: the root compound and its name (often empty), what
/// [`from_slice`](super::from_slice) reads into and [`Nbt::to_vec`] writes. Derefs to
/// the root compound, so `nbt.int("x")` looks into it.
///
/// ```
/// use wire_nbt::{self as nbt, Compound, Nbt};
/// let nbt = Nbt::new("hello world", Compound::new().with("name", "Bananrama"));
/// let bytes = nbt.to_vec()?;
/// assert_eq!(nbt::from_slice::<Nbt>(&bytes)?, nbt);
/// assert_eq!(nbt.string("name"), Some("Bananrama"));
/// # Ok::<(), nbt::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Nbt {
    /// The root's name (written in the file form, absent in the network form).
    pub name: String,
    /// The root compound.
    pub root: Compound,
}

impl Nbt {
    /// A document of `root` named `name`.
    pub fn new(name: impl Into<String>, root: Compound) -> Self {
        Nbt {
            name: name.into(),
            root,
        }
    }
}

impl Deref for Nbt {
    type Target = Compound;
    fn deref(&self) -> &Compound {
        &self.root
    }
}

impl DerefMut for Nbt {
    fn deref_mut(&mut self) -> &mut Compound {
        &mut self.root
    }
}
