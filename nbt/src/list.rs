//! [`List`], NBT's list, typed by its element type: a list of ints is a `Vec<i32>`.

use alloc::string::String;
use alloc::vec::Vec;

use super::{Compound, Tag, TagKind};

/// An NBT list, one variant per element type, holding the elements as a vector of that type.
/// Numeric lists are read and written with one bulk conversion each.
///
/// An empty list keeps its element type (`List::Int(vec![])` writes type Int, length 0), so a
/// file's bytes come back the same; [`List::Empty`] is the list of element type End.
///
/// ```
/// use wire_nbt::{List, Tag, TagKind};
/// let pos = List::from(vec![1.5f64, 64.0, -3.25]);
/// assert_eq!(pos.element_kind(), TagKind::Double);
/// assert_eq!(pos.len(), 3);
/// assert_eq!(pos.get(1), Some(Tag::Double(64.0)));
/// assert_eq!(pos.doubles(), Some(&[1.5, 64.0, -3.25][..]));
/// assert_eq!(pos.ints(), None);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub enum List {
    /// No elements, element type End.
    #[default]
    Empty,
    /// Bytes.
    Byte(Vec<i8>),
    /// Shorts.
    Short(Vec<i16>),
    /// Ints.
    Int(Vec<i32>),
    /// Longs.
    Long(Vec<i64>),
    /// Floats.
    Float(Vec<f32>),
    /// Doubles.
    Double(Vec<f64>),
    /// Byte arrays.
    ByteArray(Vec<Vec<i8>>),
    /// Strings.
    String(Vec<String>),
    /// Lists (each typed on its own).
    List(Vec<List>),
    /// Compounds.
    Compound(Vec<Compound>),
    /// Int arrays.
    IntArray(Vec<Vec<i32>>),
    /// Long arrays.
    LongArray(Vec<Vec<i64>>),
}

/// Expands `$body` once per variant holding a vector, with `$v` bound to it.
macro_rules! each_vec {
    ($list:expr, |$v:ident| $body:expr, empty => $empty:expr) => {
        match $list {
            List::Empty => $empty,
            List::Byte($v) => $body,
            List::Short($v) => $body,
            List::Int($v) => $body,
            List::Long($v) => $body,
            List::Float($v) => $body,
            List::Double($v) => $body,
            List::ByteArray($v) => $body,
            List::String($v) => $body,
            List::List($v) => $body,
            List::Compound($v) => $body,
            List::IntArray($v) => $body,
            List::LongArray($v) => $body,
        }
    };
}

impl List {
    /// The element type (End for [`List::Empty`]).
    pub fn element_kind(&self) -> TagKind {
        match self {
            List::Empty => TagKind::End,
            List::Byte(_) => TagKind::Byte,
            List::Short(_) => TagKind::Short,
            List::Int(_) => TagKind::Int,
            List::Long(_) => TagKind::Long,
            List::Float(_) => TagKind::Float,
            List::Double(_) => TagKind::Double,
            List::ByteArray(_) => TagKind::ByteArray,
            List::String(_) => TagKind::String,
            List::List(_) => TagKind::List,
            List::Compound(_) => TagKind::Compound,
            List::IntArray(_) => TagKind::IntArray,
            List::LongArray(_) => TagKind::LongArray,
        }
    }

    /// How many elements.
    pub fn len(&self) -> usize {
        each_vec!(self, |v| v.len(), empty => 0)
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Element `i` as a [`Tag`] (a copy; the typed getters borrow).
    pub fn get(&self, i: usize) -> Option<Tag> {
        Some(match self {
            List::Empty => return None,
            List::Byte(v) => Tag::Byte(*v.get(i)?),
            List::Short(v) => Tag::Short(*v.get(i)?),
            List::Int(v) => Tag::Int(*v.get(i)?),
            List::Long(v) => Tag::Long(*v.get(i)?),
            List::Float(v) => Tag::Float(*v.get(i)?),
            List::Double(v) => Tag::Double(*v.get(i)?),
            List::ByteArray(v) => Tag::ByteArray(v.get(i)?.clone()),
            List::String(v) => Tag::String(v.get(i)?.clone()),
            List::List(v) => Tag::List(v.get(i)?.clone()),
            List::Compound(v) => Tag::Compound(v.get(i)?.clone()),
            List::IntArray(v) => Tag::IntArray(v.get(i)?.clone()),
            List::LongArray(v) => Tag::LongArray(v.get(i)?.clone()),
        })
    }
}

/// Typed getters on [`List`]: the elements if the list has that element type.
macro_rules! list_getters {
    ($($(#[$doc:meta])* $variant:ident: $name:ident, $name_mut:ident -> $elem:ty;)*) => {
        impl List {
            $(
                $(#[$doc])*
                #[inline]
                pub fn $name(&self) -> Option<&[$elem]> {
                    match self {
                        List::$variant(v) => Some(v),
                        _ => None,
                    }
                }

                #[doc = concat!("[`", stringify!($name), "`](Self::", stringify!($name), "), mutable.")]
                #[inline]
                pub fn $name_mut(&mut self) -> Option<&mut Vec<$elem>> {
                    match self {
                        List::$variant(v) => Some(v),
                        _ => None,
                    }
                }
            )*
        }

        $(
            impl From<Vec<$elem>> for List {
                fn from(v: Vec<$elem>) -> Self {
                    List::$variant(v)
                }
            }
        )*
    };
}

list_getters! {
    /// The bytes, if this is a list of bytes.
    Byte: bytes, bytes_mut -> i8;
    /// The shorts, if this is a list of shorts.
    Short: shorts, shorts_mut -> i16;
    /// The ints, if this is a list of ints.
    Int: ints, ints_mut -> i32;
    /// The longs, if this is a list of longs.
    Long: longs, longs_mut -> i64;
    /// The floats, if this is a list of floats.
    Float: floats, floats_mut -> f32;
    /// The doubles, if this is a list of doubles.
    Double: doubles, doubles_mut -> f64;
    /// The byte arrays, if this is a list of byte arrays.
    ByteArray: byte_arrays, byte_arrays_mut -> Vec<i8>;
    /// The strings, if this is a list of strings.
    String: strings, strings_mut -> String;
    /// The lists, if this is a list of lists.
    List: lists, lists_mut -> List;
    /// The compounds, if this is a list of compounds.
    Compound: compounds, compounds_mut -> Compound;
    /// The int arrays, if this is a list of int arrays.
    IntArray: int_arrays, int_arrays_mut -> Vec<i32>;
    /// The long arrays, if this is a list of long arrays.
    LongArray: long_arrays, long_arrays_mut -> Vec<i64>;
}
