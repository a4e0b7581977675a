//! NBT (Named Binary Tag), the big-endian format of Minecraft's worlds, player data and
//! network packets (feature `nbt`).
//!
//! ```
//! use endian_wire::nbt::{self, Compound, List, Nbt};
//!
//! let player = Nbt::new("", Compound::new()
//!     .with("Name", "Steve")
//!     .with("Pos", List::Double(vec![0.5, 64.0, -3.5]))
//!     .with("Inventory", List::Compound(vec![
//!         Compound::new().with("id", "minecraft:stone").with("Count", 64i8),
//!     ])));
//! let bytes = nbt::to_bytes(&player);
//!
//! let read = nbt::from_bytes(&bytes)?;
//! assert_eq!(read, player);
//! let stack = &read.list("Inventory").and_then(List::compounds).unwrap()[0];
//! assert_eq!(stack.byte("Count"), Some(64));
//! assert_eq!(read.to_string(), r#"{Name:"Steve",Pos:[0.5d,64.0d,-3.5d],Inventory:[{id:"minecraft:stone",Count:64b}]}"#);
//! # Ok::<(), nbt::Error>(())
//! ```
//!
//! # The model
//!
//! An [`Nbt`] is a named root [`Compound`]; a compound holds [`Tag`]s by name in file order
//! (so what is read is written back byte for byte) and finds names by a scan when small, by a
//! sorted index from 16 entries on. A [`List`] is typed by its elements: a list of ints is a
//! `Vec<i32>`, a list of compounds a `Vec<Compound>`. Numeric lists and the three arrays are
//! converted from and to big-endian with one [`bulk`](crate::io::bulk) call each (a copy on a
//! big-endian host). Strings are Rust `String`s, decoded from Java's modified UTF-8
//! ([`mutf8`]) on reading and encoded back on writing.
//!
//! # Reading and writing
//!
//! | form | read | write |
//! |---|---|---|
//! | file (named root) | [`from_bytes`] | [`to_bytes`], [`extend_bytes`], [`write()`] |
//! | network (nameless root, Minecraft 1.20.2+) | [`from_network_bytes`] | [`to_network_bytes`], [`extend_network_bytes`], [`write_network`] |
//! | network, a root of any type or absent (Minecraft 1.20.3+) | [`tag_from_network_slice`] | [`tag_to_network_vec`], `tag_to_network_writer` |
//! | in place, nothing copied | [`view`], [`view_network`] | |
//! | gzip, zlib or none, detected (feature `flate2`) | `from_compressed` | `to_gzip`, `write_gzip` |
//! | SNBT text (Minecraft 1.21.5's grammar) | [`from_snbt`], [`tag_from_snbt`], `str::parse` | `Display` (`to_string()`, `{:#}` indented) |
//! | Bedrock: little-endian files, `level.dat`, network packets | [`bedrock::from_slice`], [`bedrock::from_level_dat`], [`bedrock::from_network_slice`] | [`bedrock::to_vec`], [`bedrock::to_level_dat`], [`bedrock::to_network_vec`] |
//! | any flavour, chosen at run time | [`Flavor::from_slice`] | [`Flavor::to_vec`] |
//! | Anvil region files (`.mca`) | [`region::Region`], `region::RegionFile` (`std`) | [`region::RegionBuilder`] |
//!
//! [`view`] is the fast way to read a few values out of a document: it checks the input once
//! and returns an [`NbtView`] that walks compounds and lists in place, decodes a string only
//! when asked ([`Mutf8Str`]), and converts an array to a `Vec` with one bulk call when asked
//! ([`Numbers`]).
//!
//! The readers take the whole input: bytes after the root are an error (the `*_prefix` forms
//! return how many bytes the root took instead). Errors name the byte offset and what was
//! expected; a length is checked against the rest of the input before anything is allocated;
//! nesting deeper than [`MAX_DEPTH`] (Minecraft's 512) is refused. No input panics.

pub mod bedrock;
mod compound;
#[cfg(feature = "flate2")]
mod compress;
mod error;
mod flavor;
mod list;
pub mod mutf8;
mod read;
pub mod region;
mod snbt;
mod tag;
mod view;
mod write;

use alloc::vec::Vec;

pub use compound::{Compound, Key};
#[cfg(feature = "flate2")]
pub use compress::{
    Compression, MAX_INFLATED, from_compressed, from_compressed_with_limit, to_gzip, write_gzip,
};
pub use error::{Error, ErrorKind};
pub use flavor::Flavor;
pub use list::List;
pub use snbt::{from_snbt, tag_from_snbt};
pub use tag::{Nbt, Tag, TagKind};
pub use view::{
    CompoundIter, CompoundView, ListIter, ListView, Mutf8Str, NbtView, Numbers, TagView, view,
    view_network,
};

/// How deep compounds and lists may nest, the root compound counting as 1: Minecraft's limit.
pub const MAX_DEPTH: usize = 512;

/// Reads an uncompressed NBT file: a compound tag with a name, and nothing after it.
///
/// ```
/// use endian_wire::nbt;
/// // simdnbt's `hello_world.nbt`: a root named "hello world" holding name = "Bananrama".
/// let bytes = b"\x0a\x00\x0bhello world\x08\x00\x04name\x00\x09Bananrama\x00";
/// let nbt = nbt::from_bytes(bytes)?;
/// assert_eq!(nbt.name, "hello world");
/// assert_eq!(nbt.string("name"), Some("Bananrama"));
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// [`Error`] with the byte offset: the input ends early, a type byte or length is invalid,
/// a string is not modified UTF-8, nesting exceeds [`MAX_DEPTH`], or bytes follow the root.
pub fn from_bytes(bytes: &[u8]) -> Result<Nbt, Error> {
    let (nbt, used) = read::read_root(bytes, true)?;
    read::Cursor::at(bytes, used).finish()?;
    Ok(nbt)
}

/// [`from_bytes`] for a root at the start of `bytes` that may be followed by more: returns it
/// and the number of bytes it took.
///
/// # Errors
/// As [`from_bytes`], bytes after the root aside.
pub fn from_bytes_prefix(bytes: &[u8]) -> Result<(Nbt, usize), Error> {
    read::read_root(bytes, true)
}

/// Reads the network form (Minecraft 1.20.2+): a compound tag without a name, and nothing after
/// it. The result's `name` is empty.
///
/// ```
/// use endian_wire::nbt::{self, Compound, Nbt};
/// let nbt = nbt::from_network_bytes(&[10, 3, 0, 1, b'x', 0, 0, 0, 7, 0])?;
/// assert_eq!(nbt.int("x"), Some(7));
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// As [`from_bytes`].
pub fn from_network_bytes(bytes: &[u8]) -> Result<Nbt, Error> {
    let (nbt, used) = read::read_root(bytes, false)?;
    read::Cursor::at(bytes, used).finish()?;
    Ok(nbt)
}

/// [`from_network_bytes`] for a root followed by more (the rest of a packet): returns it and
/// the number of bytes it took.
///
/// # Errors
/// As [`from_bytes`], bytes after the root aside.
pub fn from_network_bytes_prefix(bytes: &[u8]) -> Result<(Nbt, usize), Error> {
    read::read_root(bytes, false)
}

/// Writes `nbt` in the file form (the root's name included).
///
/// # Panics
/// If the tree holds what NBT cannot: a string over 65,535 bytes of modified UTF-8, a list or
/// array over `i32::MAX` elements, or nesting deeper than [`MAX_DEPTH`]. [`extend_bytes`] and
/// [`write()`] return that as an error instead.
///
/// ```
/// use endian_wire::nbt::{self, Compound, Nbt};
/// let bytes = nbt::to_bytes(&Nbt::new("", Compound::new().with("x", 7)));
/// assert_eq!(bytes, [10, 0, 0, 3, 0, 1, b'x', 0, 0, 0, 7, 0]);
/// ```
#[track_caller]
pub fn to_bytes(nbt: &Nbt) -> Vec<u8> {
    let mut out = Vec::new();
    if let Err(e) = extend_bytes(&mut out, nbt) {
        panic!("{e}");
    }
    out
}

/// Appends `nbt` in the file form to `out`.
///
/// # Errors
/// [`ErrorKind::Unencodable`] for what NBT cannot hold (see [`to_bytes`]); `out` is then left
/// as it was.
pub fn extend_bytes(out: &mut Vec<u8>, nbt: &Nbt) -> Result<(), Error> {
    write::write_root(out, nbt, true)
}

/// Writes `nbt` in the network form (no root name).
///
/// # Panics
/// As [`to_bytes`].
///
/// ```
/// use endian_wire::nbt::{self, Compound, Nbt};
/// let bytes = nbt::to_network_bytes(&Nbt::new("ignored", Compound::new().with("x", 7)));
/// assert_eq!(bytes, [10, 3, 0, 1, b'x', 0, 0, 0, 7, 0]);
/// ```
#[track_caller]
pub fn to_network_bytes(nbt: &Nbt) -> Vec<u8> {
    let mut out = Vec::new();
    if let Err(e) = extend_network_bytes(&mut out, nbt) {
        panic!("{e}");
    }
    out
}

/// Appends `nbt` in the network form to `out`.
///
/// # Errors
/// As [`extend_bytes`].
pub fn extend_network_bytes(out: &mut Vec<u8>, nbt: &Nbt) -> Result<(), Error> {
    write::write_root(out, nbt, false)
}

/// Reads the network form of Minecraft 1.20.3+, where the nameless root may be any tag: a
/// string for a text component, a compound for most payloads, and `TAG_End` (one zero byte)
/// for "absent", read as `None`. Nothing may follow the root.
///
/// ```
/// use endian_wire::nbt::{self, Tag};
/// // A text component sent as a bare string.
/// let tag = nbt::tag_from_network_slice(&[8, 0, 5, b'h', b'e', b'l', b'l', b'o'])?;
/// assert_eq!(tag, Some(Tag::String("hello".into())));
/// assert_eq!(nbt::tag_from_network_slice(&[0])?, None);
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// As [`from_bytes`]; a root type byte over 12 is [`ErrorKind::InvalidTagType`].
pub fn tag_from_network_slice(bytes: &[u8]) -> Result<Option<Tag>, Error> {
    let (tag, used) = read::read_any_root(bytes)?;
    read::Cursor::at(bytes, used).finish()?;
    Ok(tag)
}

/// [`tag_from_network_slice`] for a root followed by more (the rest of a packet): returns it
/// and the number of bytes it took.
///
/// ```
/// use endian_wire::nbt::{self, Tag};
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
/// use endian_wire::nbt::{self, Tag};
/// assert_eq!(nbt::tag_to_network_vec(Some(&Tag::Short(-2)))?, [2, 0xFF, 0xFE]);
/// assert_eq!(nbt::tag_to_network_vec(None)?, [0]);
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// [`ErrorKind::Unencodable`] for what NBT cannot hold (see [`to_bytes`]).
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

/// Writes `nbt` in the file form to `writer` (encoded into a buffer first, then one
/// `write_all`).
///
/// ```
/// use endian_wire::nbt::{self, Compound, Nbt};
/// let mut file = Vec::new(); // any `std::io::Write`
/// nbt::write(&mut file, &Nbt::new("", Compound::new().with("x", 7)))?;
/// assert_eq!(nbt::from_bytes(&file)?.int("x"), Some(7));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// `InvalidInput` for what NBT cannot hold (see [`to_bytes`]), or what `writer` returns.
#[cfg(feature = "std")]
pub fn write<W: std::io::Write + ?Sized>(writer: &mut W, nbt: &Nbt) -> std::io::Result<()> {
    let mut out = Vec::new();
    extend_bytes(&mut out, nbt)?;
    writer.write_all(&out)
}

/// Writes `nbt` in the network form to `writer`.
///
/// # Errors
/// As [`write()`].
#[cfg(feature = "std")]
pub fn write_network<W: std::io::Write + ?Sized>(writer: &mut W, nbt: &Nbt) -> std::io::Result<()> {
    let mut out = Vec::new();
    extend_network_bytes(&mut out, nbt)?;
    writer.write_all(&out)
}
