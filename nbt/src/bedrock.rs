//! Bedrock Edition's NBT: the same [`Nbt`] tree in little-endian (files such as `level.dat`
//! and the world database's values) and in the network form of Bedrock's packets (varint
//! lengths, zigzag varint ints and longs).
//!
//! The functions mirror the Java ones of [`nbt`](super) name for name, each monomorphized
//! for its flavour on the one reader and writer; [`Flavor`](super::Flavor) chooses at run time.
//!
//! ```
//! use wire_nbt::{self as nbt, bedrock, Compound, Nbt};
//!
//! let doc = Nbt::new("", Compound::new().with("LevelName", "My World").with("Time", -5i64));
//! let file = bedrock::to_vec(&doc)?;
//! assert_eq!(&file[..6], [10, 0, 0, 8, 9, 0]); // a string named "LevelName", little-endian
//! assert_eq!(bedrock::from_slice(&file)?, doc);
//!
//! let packet = bedrock::to_network_vec(&doc)?;
//! assert_eq!(&packet[..4], [10, 0, 8, 9]); // varint lengths
//! assert_eq!(bedrock::from_network_slice(&packet)?, doc);
//!
//! // level.dat: an 8-byte header (storage version, length), then the little-endian document.
//! let level = bedrock::to_level_dat(10, &doc)?;
//! assert_eq!(&level[..8], [10, 0, 0, 0, file.len() as u8, 0, 0, 0]);
//! assert_eq!(bedrock::from_level_dat(&level)?, bedrock::LevelDat { version: 10, nbt: doc });
//! # Ok::<(), nbt::Error>(())
//! ```
//!
//! Strings are UTF-8 in both forms (Java's are modified UTF-8); a string that is not is an
//! [`ErrorKind::InvalidUtf8`]. A string's length is a `u16` in files and an unsigned varint
//! in packets, list and array lengths an `i32` or a zigzag varint.

use alloc::vec::Vec;

use super::cursor::Cursor;
use super::format::{BedrockLe, BedrockNet};
use super::read::read_root_in;
use super::view::parse_in;
#[cfg(feature = "std")]
use super::write::write_all;
use super::write::{root_to_vec, write_root_in};
use super::{Error, ErrorKind, Nbt, NbtView};

/// Reads a Bedrock file's document: a little-endian compound with a name, and nothing after it.
///
/// # Errors
/// [`Error`] with the byte offset: the input ends early, a type byte or length is invalid, a
/// string is not UTF-8, nesting exceeds [`MAX_NESTING`](super::MAX_NESTING), or bytes follow the
/// root.
pub fn from_slice(bytes: &[u8]) -> Result<Nbt, Error> {
    let (nbt, used) = read_root_in::<BedrockLe>(bytes, true)?;
    Cursor::at(bytes, used).finish()?;
    Ok(nbt)
}

/// [`from_slice`] for a root followed by more: returns it and the number of bytes it took.
///
/// # Errors
/// As [`from_slice`], bytes after the root aside.
pub fn from_slice_prefix(bytes: &[u8]) -> Result<(Nbt, usize), Error> {
    read_root_in::<BedrockLe>(bytes, true)
}

/// Writes `nbt` little-endian, as Bedrock's files hold it.
///
/// # Errors
/// [`ErrorKind::Unencodable`] for what the form cannot hold: a string over 65,535 bytes, a list
/// or array over `i32::MAX` elements, nesting deeper than [`MAX_NESTING`](super::MAX_NESTING).
pub fn to_vec(nbt: &Nbt) -> Result<Vec<u8>, Error> {
    root_to_vec::<BedrockLe>(nbt, true)
}

/// [`to_vec`] to `writer` (encoded into a buffer first, then one `write_all`).
///
/// # Errors
/// As [`to_vec`], or [`ErrorKind::Io`] with what `writer` returns.
#[cfg(feature = "std")]
pub fn to_writer<W: std::io::Write>(writer: W, nbt: &Nbt) -> Result<(), Error> {
    write_all(writer, &to_vec(nbt)?)
}

/// Reads Bedrock's network form: a compound with a name (varint lengths, zigzag varint ints
/// and longs), and nothing after it.
///
/// # Errors
/// As [`from_slice`]; a varint longer than its type is [`ErrorKind::VarintTooLong`].
pub fn from_network_slice(bytes: &[u8]) -> Result<Nbt, Error> {
    let (nbt, used) = read_root_in::<BedrockNet>(bytes, true)?;
    Cursor::at(bytes, used).finish()?;
    Ok(nbt)
}

/// [`from_network_slice`] for a root followed by more (the rest of a packet): returns it and
/// the number of bytes it took.
///
/// # Errors
/// As [`from_network_slice`], bytes after the root aside.
pub fn from_network_slice_prefix(bytes: &[u8]) -> Result<(Nbt, usize), Error> {
    read_root_in::<BedrockNet>(bytes, true)
}

/// Writes `nbt` in Bedrock's network form.
///
/// # Errors
/// [`ErrorKind::Unencodable`] for a list or array over `i32::MAX` elements, a string over
/// `i32::MAX` bytes or nesting deeper than [`MAX_NESTING`](super::MAX_NESTING).
pub fn to_network_vec(nbt: &Nbt) -> Result<Vec<u8>, Error> {
    root_to_vec::<BedrockNet>(nbt, true)
}

/// [`to_network_vec`] to `writer`.
///
/// # Errors
/// As [`to_network_vec`], or [`ErrorKind::Io`] with what `writer` returns.
#[cfg(feature = "std")]
pub fn to_network_writer<W: std::io::Write>(writer: W, nbt: &Nbt) -> Result<(), Error> {
    write_all(writer, &to_network_vec(nbt)?)
}

/// Views a Bedrock file's document in place (a named little-endian root, nothing after it):
/// the borrowed view of [`nbt::view`](super::view), in this flavour.
///
/// ```
/// use wire_nbt::{bedrock, Compound, Nbt};
/// let doc = Nbt::new("", Compound::new().with("Time", -5i64).with("Heights", vec![1i32, 2]));
/// let file = bedrock::to_vec(&doc)?;
/// let view = bedrock::view(&file)?;
/// assert_eq!(view.root().long("Time"), Some(-5));
/// assert_eq!(view.root().int_array("Heights").unwrap().to_vec(), [1, 2]);
/// assert_eq!(view.to_owned()?, doc);
/// # Ok::<(), wire_nbt::Error>(())
/// ```
///
/// # Errors
/// As [`from_slice`], except that strings are not checked until read.
pub fn view(bytes: &[u8]) -> Result<NbtView<'_>, Error> {
    parse_in::<BedrockLe>(bytes, true, true).map(|(view, _)| view)
}

/// [`view`] of a root followed by more bytes: returns it and how many bytes it took.
///
/// # Errors
/// As [`view`], bytes after the root aside.
pub fn view_prefix(bytes: &[u8]) -> Result<(NbtView<'_>, usize), Error> {
    parse_in::<BedrockLe>(bytes, true, false)
}

/// Views Bedrock's network form in place (a named root with varint lengths and zigzag varint
/// ints and longs, nothing after it). Ints and longs, and the elements of int and long arrays
/// and lists, are decoded from their varints when read.
///
/// ```
/// use wire_nbt::{bedrock, Compound, Nbt};
/// let doc = Nbt::new("", Compound::new().with("x", -2).with("Heights", vec![-1i64, 300]));
/// let packet = bedrock::to_network_vec(&doc)?;
/// let view = bedrock::view_network(&packet)?;
/// assert_eq!(view.root().int("x"), Some(-2));
/// assert_eq!(view.root().long_array("Heights").unwrap().to_vec(), [-1, 300]);
/// assert_eq!(view.to_owned()?, doc);
/// # Ok::<(), wire_nbt::Error>(())
/// ```
///
/// # Errors
/// As [`from_network_slice`], except that strings are not checked until read.
pub fn view_network(bytes: &[u8]) -> Result<NbtView<'_>, Error> {
    parse_in::<BedrockNet>(bytes, true, true).map(|(view, _)| view)
}

/// [`view_network`] of a root followed by more bytes: returns it and how many bytes it took.
///
/// # Errors
/// As [`view_network`], bytes after the root aside.
pub fn view_network_prefix(bytes: &[u8]) -> Result<(NbtView<'_>, usize), Error> {
    parse_in::<BedrockNet>(bytes, true, false)
}

/// A Bedrock `level.dat`: its header's storage version and the document after the header.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelDat {
    /// The storage version of the header's first four bytes (10 in current worlds).
    pub version: i32,
    /// The world's settings.
    pub nbt: Nbt,
}

/// The size of `level.dat`'s header: the storage version and the document's length, each a
/// little-endian 32-bit integer.
pub const LEVEL_DAT_HEADER: usize = 8;

/// Reads a Bedrock `level.dat`: the 8-byte header, then a little-endian document of exactly the
/// length the header gives.
///
/// # Errors
/// [`ErrorKind::LevelDatLength`] if the header's length is not what follows it; otherwise as
/// [`from_slice`], with offsets in `bytes`.
pub fn from_level_dat(bytes: &[u8]) -> Result<LevelDat, Error> {
    let mut c = Cursor::new(bytes);
    let version = i32::from_le_bytes(c.array("level.dat's storage version")?);
    let declared = u32::from_le_bytes(c.array("level.dat's length")?);
    let actual = bytes.len() - LEVEL_DAT_HEADER;
    if usize::try_from(declared).ok() != Some(actual) {
        return Err(Error::new(
            4,
            ErrorKind::LevelDatLength { declared, actual },
        ));
    }
    let body = &bytes[LEVEL_DAT_HEADER..];
    let nbt = from_slice(body).map_err(|e| e.shifted(LEVEL_DAT_HEADER))?;
    Ok(LevelDat { version, nbt })
}

/// Writes a Bedrock `level.dat`: the header (`version`, then the document's length) and `nbt`
/// little-endian.
///
/// # Errors
/// As [`to_vec`]; a document over `u32::MAX` bytes is [`ErrorKind::Unencodable`].
pub fn to_level_dat(version: i32, nbt: &Nbt) -> Result<Vec<u8>, Error> {
    let mut out = Vec::with_capacity(LEVEL_DAT_HEADER);
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    write_root_in::<BedrockLe>(&mut out, nbt, true)?;
    let Ok(len) = u32::try_from(out.len() - LEVEL_DAT_HEADER) else {
        return Err(Error::new(
            0,
            ErrorKind::Unencodable {
                what: "a level.dat document over u32::MAX bytes",
            },
        ));
    };
    out[4..LEVEL_DAT_HEADER].copy_from_slice(&len.to_le_bytes());
    Ok(out)
}
