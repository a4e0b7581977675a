//! NBT (Named Binary Tag), the big-endian format of Minecraft's worlds, player data and
//! network packets: straight into your own types through serde, as a tree to build and edit,
//! or viewed in place. Built on [`endian_wire`]'s wrappers and bulk kernels.
//!
//! ```
//! use wire_nbt::{self as nbt, IntArray};
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! #[serde(rename_all = "PascalCase")]
//! struct Player {
//!     pos: [f64; 3],                      // a list of doubles
//!     #[serde(rename = "UUID")]
//!     uuid: IntArray,                     // an int array
//!     inventory: Vec<Item>,               // a list of compounds
//!     #[serde(default)]
//!     custom_name: Option<String>,        // absent: None (and left out when written)
//! }
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Item {
//!     id: String,
//!     #[serde(rename = "Count")]
//!     count: i8,
//! }
//!
//! let player = Player {
//!     pos: [0.5, 64.0, -3.5],
//!     uuid: IntArray::new(vec![1, 2, 3, 4]),
//!     inventory: vec![Item { id: "minecraft:stone".into(), count: 64 }],
//!     custom_name: None,
//! };
//! let bytes = nbt::to_vec(&player)?;              // a file: a root compound named ""
//! assert_eq!(nbt::from_slice::<Player>(&bytes)?, player);
//!
//! // The same bytes as a tree, and back.
//! let tree: nbt::Nbt = nbt::from_slice(&bytes)?;
//! assert_eq!(tree.to_string(), r#"{Pos:[0.5d,64.0d,-3.5d],UUID:[I;1,2,3,4],Inventory:[{id:"minecraft:stone",Count:64b}]}"#);
//! assert_eq!(tree.to_vec()?, bytes);
//! # Ok::<(), nbt::Error>(())
//! ```
//!
//! # The model
//!
//! An [`Nbt`] is a named root [`Compound`]; a compound holds [`Tag`]s by name in file order
//! (so what is read is written back byte for byte) and finds names by a scan when small, by a
//! sorted index from 16 entries on. A [`List`] is typed by its elements: a list of ints is a
//! `Vec<i32>`, a list of compounds a `Vec<Compound>`. Numeric lists and the three arrays are
//! converted from and to big-endian with one [`bulk`](endian_wire::bulk) call each (a copy on a
//! big-endian host). Strings are Rust `String`s, decoded from Java's modified UTF-8
//! ([`mutf8`]) on reading and encoded back on writing.
//!
//! # Your own types
//!
//! Any `Serialize` / `Deserialize` type is read straight from the bytes and written straight to
//! them, as serde_json reads and writes JSON: a struct or map is a compound (keys are names),
//! a `Vec`, array or tuple a list, `bool` a byte, a unit variant its name as a string and any
//! other variant a compound of one entry. Unknown fields are skipped without being built; an
//! absent `Option` field is `None` and a `None` field is left out; `rename`, `default`,
//! `flatten`, `deny_unknown_fields` work as serde users expect. `&str` fields borrow from the
//! input when its modified UTF-8 is also UTF-8 (no NUL, nothing beyond the Basic Multilingual
//! Plane; `Cow<str>` with `#[serde(borrow)]` takes either), `&[u8]` borrows a byte array.
//! [`ByteArray`], [`IntArray`] and [`LongArray`] are the array tags, read with one bulk
//! conversion; a plain `Vec<i32>` reads from an int array or a list of ints and is written as a
//! list. `u8` to `u64` are the signed tag of their width holding the same bits. Errors name the
//! path and the offset: `Inventory[3].Count at byte 1,204: expected a byte, found a string`.
//! One limit is serde's: an internally tagged or untagged enum is read through serde's own
//! buffer, where a byte is a number, so a `bool` inside one is an error (an `i8` reads).
//!
//! The tree types are serde types too: `nbt::from_slice::<Nbt>` is the tree reader itself
//! (it asks this crate's deserializer for the input), a typed value converts to a tree and
//! back, and a tree prints through serde_json.
//!
//! # Reading and writing
//!
//! | form | read | write |
//! |---|---|---|
//! | file (named root) | [`from_slice`], [`from_reader`] | [`to_vec`], [`to_vec_named`], [`to_writer`], [`to_writer_named`], [`Nbt::to_vec`] |
//! | network (nameless root, Minecraft 1.20.2+) | [`from_network_slice`], [`from_network_reader`] | [`to_network_vec`], [`to_network_writer`] |
//! | a root followed by more bytes | [`from_slice_prefix`], [`from_network_slice_prefix`], [`view_prefix`], [`view_network_prefix`] | |
//! | network, a root of any type or absent (Minecraft 1.20.3+) | [`tag_from_network_slice`] | [`tag_to_network_vec`], `tag_to_network_writer` |
//! | in place, nothing copied | [`view`], [`view_network`], [`bedrock::view`], [`bedrock::view_network`], [`Flavor::view`] | |
//! | gzip, zlib or none (feature `flate2`) | `from_compressed_slice`, `from_compressed_reader` | `to_compressed_vec`, `to_compressed_vec_named`, `to_compressed_writer` |
//! | SNBT text (Minecraft 1.21.5's grammar) | [`from_snbt`], [`tag_from_snbt`], `str::parse` | `Display` (`to_string()`, `{:#}` indented) |
//! | Bedrock: little-endian files, `level.dat`, network packets | [`bedrock::from_slice`], [`bedrock::from_level_dat`], [`bedrock::from_network_slice`] | [`bedrock::to_vec`], [`bedrock::to_level_dat`], [`bedrock::to_network_vec`] |
//! | any flavour, chosen at run time | [`Flavor::from_slice`] | [`Flavor::to_vec`] |
//! | Anvil region files (`.mca`) | [`region::Region`], `region::RegionFile` (`std`) | [`region::RegionBuilder`] |
//!
//! [`view`] is the fast way to read a few values out of a document: it checks the input once
//! and returns an [`NbtView`] that walks compounds and lists in place, decodes a string only
//! when asked ([`Mutf8Str`]), and converts an array to a `Vec` with one bulk call when asked
//! ([`Numbers`]). The same view reads Bedrock's flavours (varint ints and longs decoded when
//! read). An [`NbtBuf`] keeps a document's bytes with what the view recorded of them: an owned
//! value (no lifetime) that is viewed again without a parse and written back as one copy, read
//! in about the view's time.
//!
//! The readers take the whole input: bytes after the root are an error (the `*_prefix` forms
//! return how many bytes the root took instead). Errors name the byte offset and what was
//! expected; a length is checked against the rest of the input before anything is allocated;
//! nesting deeper than [`MAX_NESTING`] (Minecraft's 512) is refused. No input panics, and no
//! value a user can build makes a writer panic: what NBT cannot hold is an [`Error`].

//!
//! # Features
//!
//! * `std` (default): [`from_reader`], [`to_writer`] and the other `std::io` forms, region
//!   files on disk, `std::error::Error` for [`Error`]. Without it the slice paths (the typed
//!   reader and writer, the tree, the view, SNBT, Bedrock) build on `core` and `alloc`.
//! * `flate2`: gzip and zlib files (`from_compressed_slice`, `to_compressed_vec`) and region
//!   chunks.
//! * `lz4`: LZ4 region chunks (Minecraft 1.20.5+) through `lz4_flex`.
//! * `rayon`: every chunk of a region on all cores (`Region::par_chunks`).
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs, unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]
#![warn(rust_2018_idioms, unreachable_pub)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

/// The README's code, compiled and run as doctests.
#[cfg(all(doctest, feature = "std"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod array;
pub mod bedrock;
mod compound;
#[cfg(feature = "flate2")]
mod compress;
mod cursor;
mod de;
mod error;
mod flavor;
mod format;
mod list;
pub mod mutf8;
mod read;
pub mod region;
mod ser;
mod serde_tree;
mod snbt;
mod tag;
mod view;
mod write;

use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

pub use array::{ByteArray, IntArray, LongArray};
pub use compound::{Compound, Key};
#[cfg(feature = "flate2")]
pub use compress::{
    Compression, MAX_INFLATED, from_compressed_reader, from_compressed_slice,
    from_compressed_slice_with_limit, to_compressed_vec, to_compressed_vec_named,
    to_compressed_writer,
};
pub use error::{Error, ErrorKind};
pub use flavor::Flavor;
pub use list::List;
pub use snbt::{from_snbt, tag_from_snbt};
pub use tag::{Nbt, Tag, TagKind};
pub use view::{
    CompoundIter, CompoundView, ListIter, ListView, Mutf8Str, NbtBuf, NbtView, Numbers,
    NumbersIter, TagView, view, view_network, view_network_prefix, view_prefix,
};

/// How deep compounds and lists may nest, the root compound counting as 1: Minecraft's limit
/// (`NbtAccounter`'s 512). Deeper input is refused by every reader, and a deeper value by every
/// writer.
///
/// Some paths (the network and any-root readers among them) go one call deeper per level. An
/// optimized build's 512 levels fit the 2 MiB of a spawned thread; an unoptimized one's frames
/// do not: a debug build that reads untrusted input wants an 8 MiB thread, or this crate built
/// at opt-level 1 (`[profile.dev.package.wire_nbt] opt-level = 1`).
pub const MAX_NESTING: usize = 512;

/// Reads a `T` from an uncompressed NBT file: a compound tag with a name (ignored, unless `T`
/// is an [`Nbt`], which keeps it), and nothing after it.
///
/// ```
/// use wire_nbt::{self as nbt, Nbt};
/// // simdnbt's `hello_world.nbt`: a root named "hello world" holding name = "Bananrama".
/// let bytes = b"\x0a\x00\x0bhello world\x08\x00\x04name\x00\x09Bananrama\x00";
///
/// #[derive(serde::Deserialize)]
/// struct Hello<'a> { name: &'a str }
/// assert_eq!(nbt::from_slice::<Hello>(bytes)?.name, "Bananrama"); // borrowed
///
/// let tree: Nbt = nbt::from_slice(bytes)?;
/// assert_eq!(tree.name, "hello world");
/// assert_eq!(tree.string("name"), Some("Bananrama"));
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// [`Error`] with the byte offset (and the path, for a typed read): the input ends early, a
/// type byte or length is invalid, a string is not modified UTF-8, nesting exceeds
/// [`MAX_NESTING`], bytes follow the root, or the bytes do not fit `T` (a tag of another type,
/// a missing field, ...).
pub fn from_slice<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Result<T, Error> {
    de::from_root(bytes, true, true).map(|(value, _)| value)
}

/// [`from_slice`] for a root at the start of `bytes` that may be followed by more: returns it
/// and the number of bytes it took.
///
/// ```
/// use wire_nbt::{self as nbt, Compound};
/// let (root, used) = nbt::from_slice_prefix::<Compound>(&[10, 0, 0, 0, 0xAA, 0xBB])?;
/// assert_eq!((root.len(), used), (0, 4));
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// As [`from_slice`], bytes after the root aside.
pub fn from_slice_prefix<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Result<(T, usize), Error> {
    de::from_root(bytes, true, false)
}

/// Reads a `T` from the network form (Minecraft 1.20.2+): a compound tag without a name, and
/// nothing after it.
///
/// ```
/// use wire_nbt::{self as nbt, Compound};
/// let root: Compound = nbt::from_network_slice(&[10, 3, 0, 1, b'x', 0, 0, 0, 7, 0])?;
/// assert_eq!(root.int("x"), Some(7));
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// As [`from_slice`].
pub fn from_network_slice<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Result<T, Error> {
    de::from_root(bytes, false, true).map(|(value, _)| value)
}

/// [`from_network_slice`] for a root followed by more (the rest of a packet): returns it and
/// the number of bytes it took.
///
/// # Errors
/// As [`from_slice`], bytes after the root aside.
pub fn from_network_slice_prefix<'de, T: Deserialize<'de>>(
    bytes: &'de [u8],
) -> Result<(T, usize), Error> {
    de::from_root(bytes, false, false)
}

/// Reads a `T` from everything `reader` holds, in the file form (read to its end first: NBT
/// has no length of its own to stop at).
///
/// ```
/// use wire_nbt::{self as nbt, Compound};
/// let file = std::io::Cursor::new(nbt::to_vec(&Compound::new().with("x", 7))?);
/// let root: Compound = nbt::from_reader(file)?;
/// assert_eq!(root.int("x"), Some(7));
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// [`ErrorKind::Io`] if reading fails; otherwise as [`from_slice`].
#[cfg(feature = "std")]
pub fn from_reader<T: serde::de::DeserializeOwned, R: std::io::Read>(
    mut reader: R,
) -> Result<T, Error> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    from_slice(&bytes)
}

/// [`from_reader`] in the network form.
///
/// # Errors
/// As [`from_reader`].
#[cfg(feature = "std")]
pub fn from_network_reader<T: serde::de::DeserializeOwned, R: std::io::Read>(
    mut reader: R,
) -> Result<T, Error> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    from_network_slice(&bytes)
}

/// Writes `value` as an NBT file: a root compound named `""` (a struct, a map, a tree). For a
/// tree that keeps its root's name, [`Nbt::to_vec`]; for another name, [`to_vec_named`].
///
/// ```
/// use wire_nbt as nbt;
/// #[derive(serde::Serialize)]
/// struct Root { x: i32 }
/// assert_eq!(nbt::to_vec(&Root { x: 7 })?, [10, 0, 0, 3, 0, 1, b'x', 0, 0, 0, 7, 0]);
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// [`ErrorKind::Unencodable`] for what NBT cannot hold: a root that is not a compound, a string
/// over 65,535 bytes of modified UTF-8, a list or array over `i32::MAX` elements, nesting deeper
/// than [`MAX_NESTING`], a list of mixed types, `None` in a list, a 128-bit integer;
/// [`ErrorKind::Message`] for an error of `value`'s `Serialize` impl.
pub fn to_vec<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    ser::to_new_vec(Some(""), value)
}

/// [`to_vec`] with the root named `name` (`bigtest.nbt`'s is `"Level"`).
///
/// ```
/// use wire_nbt::{self as nbt, Compound};
/// let bytes = nbt::to_vec_named("hi", &Compound::new())?;
/// assert_eq!(bytes, [10, 0, 2, b'h', b'i', 0]);
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// As [`to_vec`].
pub fn to_vec_named<T: Serialize + ?Sized>(name: &str, value: &T) -> Result<Vec<u8>, Error> {
    ser::to_new_vec(Some(name), value)
}

/// Writes `value` in the network form (a root compound without a name).
///
/// ```
/// use wire_nbt::{self as nbt, Compound};
/// let bytes = nbt::to_network_vec(&Compound::new().with("x", 7))?;
/// assert_eq!(bytes, [10, 3, 0, 1, b'x', 0, 0, 0, 7, 0]);
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// As [`to_vec`].
pub fn to_network_vec<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    ser::to_new_vec(None, value)
}

/// Reads the network form of Minecraft 1.20.3+, where the nameless root may be any tag: a
/// string for a text component, a compound for most payloads, and `TAG_End` (one zero byte)
/// for "absent", read as `None`. Nothing may follow the root.
///
/// ```
/// use wire_nbt::{self as nbt, Tag};
/// // A text component sent as a bare string.
/// let tag = nbt::tag_from_network_slice(&[8, 0, 5, b'h', b'e', b'l', b'l', b'o'])?;
/// assert_eq!(tag, Some(Tag::String("hello".into())));
/// assert_eq!(nbt::tag_from_network_slice(&[0])?, None);
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// As [`from_slice`]; a root type byte over 12 is [`ErrorKind::InvalidTagType`].
pub fn tag_from_network_slice(bytes: &[u8]) -> Result<Option<Tag>, Error> {
    let (tag, used) = read::read_any_root(bytes)?;
    cursor::Cursor::at(bytes, used).finish()?;
    Ok(tag)
}

/// [`tag_from_network_slice`] for a root followed by more (the rest of a packet): returns it
/// and the number of bytes it took.
///
/// ```
/// use wire_nbt::{self as nbt, Tag};
/// let packet = [3, 0, 0, 0, 42, 0xAA];
/// assert_eq!(nbt::tag_from_network_slice_prefix(&packet)?, (Some(Tag::Int(42)), 5));
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// As [`tag_from_network_slice`], bytes after the root aside.
pub fn tag_from_network_slice_prefix(bytes: &[u8]) -> Result<(Option<Tag>, usize), Error> {
    read::read_any_root(bytes)
}

/// Writes `tag` as a nameless root of any type (the network form of Minecraft 1.20.3+);
/// `None` is `TAG_End`, one zero byte.
///
/// ```
/// use wire_nbt::{self as nbt, Tag};
/// assert_eq!(nbt::tag_to_network_vec(Some(&Tag::Short(-2)))?, [2, 0xFF, 0xFE]);
/// assert_eq!(nbt::tag_to_network_vec(None)?, [0]);
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// [`ErrorKind::Unencodable`] for what NBT cannot hold (see [`to_vec`]).
pub fn tag_to_network_vec(tag: Option<&Tag>) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    write::write_any_root(&mut out, tag)?;
    Ok(out)
}

/// [`tag_to_network_vec`] to `writer` (encoded into a buffer first, then one `write_all`).
///
/// # Errors
/// As [`tag_to_network_vec`], or [`ErrorKind::Io`] with what `writer` returns.
#[cfg(feature = "std")]
pub fn tag_to_network_writer<W: std::io::Write>(
    mut writer: W,
    tag: Option<&Tag>,
) -> Result<(), Error> {
    let out = tag_to_network_vec(tag)?;
    writer
        .write_all(&out)
        .map_err(|e| Error::new(0, ErrorKind::Io(e)))
}

/// [`to_vec`] to `writer`: encoded in full first, then one `write_all`, so nothing is written
/// if the value cannot be encoded.
///
/// ```
/// use wire_nbt::{self as nbt, Compound};
/// let mut file = Vec::new(); // any `std::io::Write`
/// nbt::to_writer(&mut file, &Compound::new().with("x", 7))?;
/// assert_eq!(nbt::from_slice::<Compound>(&file)?.int("x"), Some(7));
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// As [`to_vec`], and [`ErrorKind::Io`] for what `writer` returns.
#[cfg(feature = "std")]
pub fn to_writer<W: std::io::Write, T: Serialize + ?Sized>(
    mut writer: W,
    value: &T,
) -> Result<(), Error> {
    writer.write_all(&to_vec(value)?)?;
    Ok(())
}

/// [`to_vec_named`] to `writer`.
///
/// # Errors
/// As [`to_writer`].
#[cfg(feature = "std")]
pub fn to_writer_named<W: std::io::Write, T: Serialize + ?Sized>(
    mut writer: W,
    name: &str,
    value: &T,
) -> Result<(), Error> {
    writer.write_all(&to_vec_named(name, value)?)?;
    Ok(())
}

/// [`to_network_vec`] to `writer`.
///
/// # Errors
/// As [`to_writer`].
#[cfg(feature = "std")]
pub fn to_network_writer<W: std::io::Write, T: Serialize + ?Sized>(
    mut writer: W,
    value: &T,
) -> Result<(), Error> {
    writer.write_all(&to_network_vec(value)?)?;
    Ok(())
}

impl Nbt {
    /// The file form of this tree, its root's name included: the dedicated tree writer (what
    /// [`to_vec_named`]`(&self.name, self)` writes, faster).
    ///
    /// ```
    /// use wire_nbt::{self as nbt, Compound, Nbt};
    /// let nbt = Nbt::new("hello world", Compound::new().with("name", "Bananrama"));
    /// let bytes = nbt.to_vec()?;
    /// assert_eq!(bytes, nbt::to_vec_named("hello world", &nbt)?);
    /// assert_eq!(nbt::from_slice::<Nbt>(&bytes)?, nbt);
    /// # Ok::<(), nbt::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::Unencodable`] for what NBT cannot hold: a string over 65,535 bytes of
    /// modified UTF-8, a list or array over `i32::MAX` elements, nesting deeper than
    /// [`MAX_NESTING`].
    pub fn to_vec(&self) -> Result<Vec<u8>, Error> {
        write::root_to_vec::<format::Java>(self, true)
    }
}
