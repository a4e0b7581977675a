//! What NBT reading and writing report: one [`Error`] for the whole layer, naming the byte
//! offset, the path to the value (`Inventory[3].Count`) where known, and what went wrong.

use alloc::boxed::Box;
use alloc::string::String;
use core::fmt;

use super::TagKind;

/// Reading or writing NBT failed: why ([`kind`](Self::kind)), at which byte of the input
/// ([`offset`](Self::offset), for reading) and, for typed reads and writes, at which value
/// ([`path`](Self::path)).
///
/// With `std`, it converts to a [`std::io::Error`] of kind `UnexpectedEof` (the input ended),
/// `InvalidInput` (a value that NBT cannot hold, when writing) or `InvalidData` (the rest).
///
/// ```
/// use wire_nbt::{self as nbt, ErrorKind, Nbt};
/// // A compound tag named "a", then nothing: the input ends where a tag type was expected.
/// let err = nbt::from_slice::<Nbt>(&[10, 0, 1, b'a']).unwrap_err();
/// assert_eq!(err.offset(), 4);
/// assert!(matches!(err.kind(), ErrorKind::UnexpectedEof { .. }));
/// assert_eq!(err.to_string(), "NBT: at byte 4: the input ended; 1 more byte needed for a tag type");
///
/// // A typed read names the value.
/// #[derive(serde::Deserialize, Debug)]
/// struct Item { #[serde(rename = "Count")] count: i8 }
/// #[derive(serde::Deserialize, Debug)]
/// struct Player { #[serde(rename = "Inventory")] inventory: Vec<Item> }
/// let bytes = nbt::to_vec(&nbt::Compound::new().with("Inventory", nbt::List::Compound(vec![
///     nbt::Compound::new().with("Count", "64"),
/// ])))?;
/// let err = nbt::from_slice::<Player>(&bytes).unwrap_err();
/// assert_eq!(err.path(), "Inventory[0].Count");
/// assert_eq!(err.to_string(), "NBT: Inventory[0].Count at byte 28: expected a byte, found a string");
/// # Ok::<(), nbt::Error>(())
/// ```
pub struct Error(Box<Inner>);

struct Inner {
    /// `None` until a reader knows where (a message from a `Deserialize` impl gets the offset
    /// of the value being read when it reaches the reader).
    offset: Option<usize>,
    kind: ErrorKind,
    /// Built from the inside out as the error leaves each compound and list.
    path: String,
    /// Raised while writing (a message from a `Serialize` impl is then `InvalidInput`).
    writing: bool,
    /// The region file's chunk `(x, z)` the error is about, if any.
    chunk: Option<(u8, u8)>,
}

/// Why NBT could not be read or written.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input ended: `needed` more bytes were required for `what`. A length prefix asking for
    /// more than the input holds is reported this way, before anything is allocated.
    UnexpectedEof {
        /// Bytes required.
        needed: usize,
        /// What was being read ("a tag type", "an int array", ...).
        what: &'static str,
    },
    /// A tag type byte that names no tag (above 12), or End where a value is required.
    InvalidTagType {
        /// The byte read.
        found: u8,
        /// Where it was read ("a compound entry", "a list's element type", "the root").
        context: &'static str,
    },
    /// The root tag is not a compound.
    RootNotCompound {
        /// The root's tag type.
        found: u8,
    },
    /// A negative array or list length.
    NegativeLength {
        /// The length read.
        length: i32,
    },
    /// A list of element type End with a length other than zero.
    EndListNotEmpty {
        /// The length read.
        length: i32,
    },
    /// Compounds and lists nest deeper than [`MAX_NESTING`](super::MAX_NESTING).
    TooDeep,
    /// A string that is not valid modified UTF-8; the offset is that of the first bad byte.
    InvalidMutf8,
    /// A string that is not valid UTF-8 (Bedrock's flavours); the offset is that of the first
    /// bad byte.
    InvalidUtf8,
    /// A varint longer than its type allows (Bedrock's network flavour).
    VarintTooLong {
        /// What was being read.
        what: &'static str,
    },
    /// A Bedrock `level.dat` whose header's length is not the length of what follows it.
    LevelDatLength {
        /// The header's length.
        declared: u32,
        /// The bytes after the header.
        actual: usize,
    },
    /// Bytes follow the root tag.
    TrailingBytes {
        /// How many.
        count: usize,
    },
    /// A typed read found a tag of another type than the Rust type asks for.
    Mismatch {
        /// What the Rust type reads ("a byte", "a list", "a string or a compound", ...).
        expected: &'static str,
        /// The tag found.
        found: TagKind,
    },
    /// A message from a `Serialize` or `Deserialize` impl (serde's `missing field`, `unknown
    /// variant`, `invalid value`, ...).
    Message(String),
    /// A value NBT cannot hold (when writing): a string over 65,535 bytes of modified UTF-8, a
    /// list or array over `i32::MAX` elements, nesting over
    /// [`MAX_NESTING`](super::MAX_NESTING), a list of mixed types, a root that is not a
    /// compound, a Rust type without an NBT form.
    Unencodable {
        /// What.
        what: &'static str,
    },
    /// Reading from or writing to an `io` stream failed.
    #[cfg(feature = "std")]
    Io(std::io::Error),
    /// Decompressing or compressing failed (feature `flate2`).
    #[cfg(feature = "flate2")]
    Compression(std::io::Error),
    /// A region file's chunk inflates to more than the limit
    /// ([`Region::with_max_inflated`](super::region::Region::with_max_inflated)).
    InflatedTooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// A region file's chunk lies in the file's header (its first two 4 KiB sectors).
    ChunkInHeader {
        /// The sector the header names.
        sector: u32,
    },
    /// A region file's chunk has no sectors, or its sectors lie past the end of the file.
    ChunkOutOfBounds {
        /// The first sector.
        sector: u32,
        /// How many sectors.
        sectors: u8,
        /// The file's length in bytes.
        file_len: u64,
    },
    /// Two of a region file's chunks claim the same sectors.
    ChunkOverlaps {
        /// The other chunk's `(x, z)`.
        other: (u8, u8),
    },
    /// A region file's chunk length is 0 or more than its sectors hold.
    ChunkLength {
        /// The length read (the compression byte and the data).
        length: u32,
        /// The most the chunk's sectors hold.
        room: usize,
    },
    /// A region file's chunk names a compression that does not exist (1 gzip, 2 zlib, 3 none
    /// and 4 LZ4 do, each plus 128 for a chunk stored in its own `.mcc` file).
    UnknownCompression {
        /// The compression byte.
        id: u8,
    },
    /// A region file's chunk is compressed with a scheme this build cannot read.
    UnsupportedCompression {
        /// The scheme.
        scheme: &'static str,
        /// The feature that reads it.
        feature: &'static str,
    },
    /// A region file's chunk holds compressed data that does not decompress (LZ4's block
    /// stream; zlib and gzip report `Compression`).
    CompressedData {
        /// What is wrong.
        why: &'static str,
    },
    /// A region file's chunk is stored outside the region, in its own file
    /// (`c.<x>.<z>.mcc`, compression byte 128 and above), which only
    /// [`RegionFile`](super::region::RegionFile) opened from a path reads.
    ExternalChunk,
    /// SNBT text that is not SNBT: where, and what was wrong.
    Snbt {
        /// The line, from 1.
        line: usize,
        /// The column in characters, from 1.
        column: usize,
        /// What was expected, or what was wrong.
        problem: &'static str,
    },
    /// Chunk coordinates outside `0..32`.
    ChunkCoordinates {
        /// The x given.
        x: usize,
        /// The z given.
        z: usize,
    },
}

impl Error {
    /// An error at byte `offset`.
    #[cold]
    #[inline(never)]
    pub(crate) fn new(offset: usize, kind: ErrorKind) -> Self {
        Self::make(Some(offset), kind)
    }

    /// This error, about a region file's chunk `(x, z)`.
    #[cold]
    pub(crate) fn in_chunk(mut self, x: u8, z: u8) -> Self {
        self.0.chunk = Some((x, z));
        self
    }

    /// This error, its offset moved `by` bytes on (the input read was a part after a header).
    #[cold]
    pub(crate) fn shifted(mut self, by: usize) -> Self {
        if let Some(offset) = &mut self.0.offset {
            *offset += by;
        }
        self
    }

    /// The region file's chunk `(x, z)` the error is about, if it is about one (the offset is
    /// then in the file, or in the chunk's uncompressed NBT for an error in it).
    pub fn chunk(&self) -> Option<(u8, u8)> {
        self.0.chunk
    }

    /// An error not (yet) tied to a place in the input.
    #[cold]
    #[inline(never)]
    pub(crate) fn without_offset(kind: ErrorKind) -> Self {
        Self::make(None, kind)
    }

    fn make(offset: Option<usize>, kind: ErrorKind) -> Self {
        Error(Box::new(Inner {
            offset,
            kind,
            path: String::new(),
            writing: false,
            chunk: None,
        }))
    }

    /// A value of `found` where `expected` was wanted, at `offset`.
    #[cold]
    #[inline(never)]
    pub(crate) fn mismatch(offset: usize, expected: &'static str, found: u8) -> Self {
        Self::new(
            offset,
            ErrorKind::Mismatch {
                expected,
                found: TagKind::from_id(found).unwrap_or(TagKind::End),
            },
        )
    }

    /// What NBT cannot hold, found while writing.
    #[cold]
    #[inline(never)]
    pub(crate) fn unencodable(what: &'static str) -> Self {
        let mut e = Self::without_offset(ErrorKind::Unencodable { what });
        e.0.writing = true;
        e
    }

    /// The byte offset in the input (0 for errors that are not about a place in it: writing,
    /// compression, io).
    pub fn offset(&self) -> usize {
        self.0.offset.unwrap_or(0)
    }

    /// Why.
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }

    /// Where in the value the error arose, as `Inventory[3].Count` (a field, an element of a
    /// list, ...); empty at the root and for the tree readers, which report offsets only.
    pub fn path(&self) -> &str {
        &self.0.path
    }

    /// Sets the offset if none is known yet (a message from a visitor reaching the reader).
    #[cold]
    #[inline(never)]
    pub(crate) fn at_least_at(mut self, offset: usize) -> Self {
        self.0.offset.get_or_insert(offset);
        self
    }

    /// Marks an error as raised while writing.
    #[cold]
    #[inline(never)]
    pub(crate) fn writing(mut self) -> Self {
        self.0.writing = true;
        self
    }

    /// Prefixes the path with the compound entry `name` (its modified UTF-8).
    #[cold]
    #[inline(never)]
    pub(crate) fn in_field(mut self, name: &[u8]) -> Self {
        let name = super::mutf8::decode_lossy(name);
        let plain = !name.is_empty()
            && name
                .chars()
                .all(|c| !matches!(c, '.' | '[' | ']' | '"' | ' ') && !c.is_control());
        let mut path = String::new();
        if plain {
            path.push_str(&name);
        } else {
            use fmt::Write as _;
            let _ = write!(path, "{:?}", &*name);
        }
        let inner = &mut self.0.path;
        if !inner.is_empty() && !inner.starts_with('[') {
            path.push('.');
        }
        path.push_str(inner);
        *inner = path;
        self
    }

    /// Prefixes the path with the list element `index`.
    #[cold]
    #[inline(never)]
    pub(crate) fn in_element(mut self, index: usize) -> Self {
        let inner = &mut self.0.path;
        let sep = if inner.is_empty() || inner.starts_with('[') {
            ""
        } else {
            "."
        };
        *inner = alloc::format!("[{index}]{sep}{inner}");
        self
    }

    /// A message from serde (`custom`).
    #[cold]
    #[inline(never)]
    fn message(msg: String) -> Self {
        Self::without_offset(ErrorKind::Message(msg))
    }
}

/// `1204` as `1,204`.
struct Grouped(usize);

impl fmt::Display for Grouped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut digits = [0u8; 20];
        let mut n = self.0;
        let mut len = 0;
        loop {
            digits[len] = b'0' + (n % 10) as u8;
            len += 1;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for i in (0..len).rev() {
            f.write_str(if i % 3 == 2 && i + 1 != len { "," } else { "" })?;
            fmt::Write::write_char(f, char::from(digits[i]))?;
        }
        Ok(())
    }
}

/// "a byte", "an int array", ...
pub(crate) fn kind_phrase(kind: TagKind) -> &'static str {
    match kind {
        TagKind::End => "End",
        TagKind::Byte => "a byte",
        TagKind::Short => "a short",
        TagKind::Int => "an int",
        TagKind::Long => "a long",
        TagKind::Float => "a float",
        TagKind::Double => "a double",
        TagKind::ByteArray => "a byte array",
        TagKind::String => "a string",
        TagKind::List => "a list",
        TagKind::Compound => "a compound",
        TagKind::IntArray => "an int array",
        TagKind::LongArray => "a long array",
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::UnexpectedEof { needed, what } => {
                let s = if *needed == 1 { "" } else { "s" };
                write!(
                    f,
                    "the input ended; {} more byte{s} needed for {what}",
                    Grouped(*needed)
                )
            }
            ErrorKind::InvalidTagType { found, context } => {
                write!(f, "invalid tag type {found} for {context}")
            }
            ErrorKind::RootNotCompound { found } => {
                write!(f, "the root tag has type {found}, expected a compound (10)")
            }
            ErrorKind::NegativeLength { length } => write!(f, "negative length {length}"),
            ErrorKind::EndListNotEmpty { length } => {
                write!(f, "a list of End tags has length {length}, expected 0")
            }
            ErrorKind::TooDeep => write!(
                f,
                "compounds and lists nest deeper than {}",
                super::MAX_NESTING
            ),
            ErrorKind::InvalidMutf8 => f.write_str("invalid modified UTF-8"),
            ErrorKind::InvalidUtf8 => f.write_str("invalid UTF-8"),
            ErrorKind::VarintTooLong { what } => write!(f, "a varint too long for {what}"),
            ErrorKind::LevelDatLength { declared, actual } => write!(
                f,
                "level.dat's header gives a length of {declared} bytes, but {actual} follow it"
            ),
            ErrorKind::TrailingBytes { count } => {
                write!(f, "{} bytes after the root tag", Grouped(*count))
            }
            ErrorKind::Mismatch { expected, found } => {
                write!(f, "expected {expected}, found {}", kind_phrase(*found))
            }
            ErrorKind::Message(m) => f.write_str(m),
            ErrorKind::Unencodable { what } => write!(f, "cannot encode {what}"),
            #[cfg(feature = "std")]
            ErrorKind::Io(e) => write!(f, "{e}"),
            #[cfg(feature = "flate2")]
            ErrorKind::Compression(e) => write!(f, "compression failed: {e}"),
            ErrorKind::InflatedTooLarge { limit } => {
                write!(f, "inflates to more than the limit of {limit} bytes")
            }
            ErrorKind::ChunkInHeader { sector } => write!(
                f,
                "region chunk at sector {sector} overlaps the header (sectors 0 and 1)"
            ),
            ErrorKind::ChunkOutOfBounds {
                sector,
                sectors,
                file_len,
            } => write!(
                f,
                "region chunk of {sectors} sectors from sector {sector} lies outside the \
                 file of {file_len} bytes"
            ),
            ErrorKind::ChunkOverlaps { other: (x, z) } => {
                write!(f, "region chunk overlaps the sectors of chunk ({x}, {z})")
            }
            ErrorKind::ChunkLength { length, room } => {
                write!(f, "region chunk length {length}: expected 1 to {room}")
            }
            ErrorKind::UnknownCompression { id } => write!(
                f,
                "unknown region chunk compression {id} (1 gzip, 2 zlib, \
                 3 none, 4 LZ4, each + 128 when external)"
            ),
            ErrorKind::UnsupportedCompression { scheme, feature } => write!(
                f,
                "region chunk compressed with {scheme}, which needs the feature `{feature}`"
            ),
            ErrorKind::CompressedData { why } => {
                write!(f, "bad compressed data: {why}")
            }
            ErrorKind::ExternalChunk => write!(
                f,
                "region chunk stored in its own .mcc file, beside the region file"
            ),
            ErrorKind::Snbt {
                line,
                column,
                problem,
            } => write!(f, "bad SNBT at line {line}, column {column}: {problem}"),
            ErrorKind::ChunkCoordinates { x, z } => {
                write!(f, "chunk coordinates ({x}, {z}) outside a region's 0..32")
            }
        }
    }
}

/// `NBT: [path ][at byte N]: why`.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let inner = &self.0;
        f.write_str("NBT: ")?;
        let mut place = false;
        if !inner.path.is_empty() {
            f.write_str(&inner.path)?;
            place = true;
        }
        // SNBT names the line and column instead (the offset stays available).
        let offset = match inner.kind {
            ErrorKind::Snbt { .. } => None,
            _ => inner.offset,
        };
        if let Some(at) = offset {
            write!(f, "{}at byte {}", if place { " " } else { "" }, Grouped(at))?;
            place = true;
        }
        if place {
            f.write_str(": ")?;
        }
        write!(f, "{}", inner.kind)?;
        match inner.chunk {
            Some((x, z)) => write!(f, ", in the region's chunk ({x}, {z})"),
            None => Ok(()),
        }
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("offset", &self.0.offset)
            .field("path", &self.0.path)
            .field("kind", &self.0.kind)
            .field("chunk", &self.0.chunk)
            .finish()
    }
}

impl core::error::Error for Error {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.0.kind {
            #[cfg(feature = "std")]
            ErrorKind::Io(e) => Some(e),
            #[cfg(feature = "flate2")]
            ErrorKind::Compression(e) => Some(e),
            _ => None,
        }
    }
}

impl serde::de::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::message(alloc::format!("{msg}"))
    }
}

impl serde::ser::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::message(alloc::format!("{msg}")).writing()
    }
}

#[cfg(feature = "std")]
impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::without_offset(ErrorKind::Io(e))
    }
}

#[cfg(feature = "std")]
impl From<Error> for std::io::Error {
    fn from(e: Error) -> Self {
        use std::io::ErrorKind as Io;
        let kind = match &e.0.kind {
            ErrorKind::UnexpectedEof { .. } => Io::UnexpectedEof,
            ErrorKind::Unencodable { .. } | ErrorKind::ChunkCoordinates { .. } => Io::InvalidInput,
            ErrorKind::Message(_) if e.0.writing => Io::InvalidInput,
            ErrorKind::Io(_) => return e.into_io().unwrap_or_else(Self::other),
            #[cfg(feature = "flate2")]
            ErrorKind::Compression(_) => return e.into_io().unwrap_or_else(Self::other),
            _ => Io::InvalidData,
        };
        std::io::Error::new(kind, e)
    }
}

#[cfg(feature = "std")]
impl Error {
    /// The `io` error inside an `Io` or `Compression` error.
    fn into_io(self) -> Result<std::io::Error, Error> {
        match self.0.kind {
            ErrorKind::Io(io) => Ok(io),
            #[cfg(feature = "flate2")]
            ErrorKind::Compression(io) => Ok(io),
            kind => Err(Error(Box::new(Inner { kind, ..*self.0 }))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn offsets_are_grouped_by_thousands() {
        for (n, s) in [
            (0, "0"),
            (999, "999"),
            (1000, "1,000"),
            (1204, "1,204"),
            (123_456_789, "123,456,789"),
        ] {
            assert_eq!(Grouped(n).to_string(), s);
        }
    }

    #[test]
    fn paths_are_built_from_the_inside_out() {
        let e = Error::mismatch(1204, "a byte", 8)
            .in_field(b"Count")
            .in_element(3)
            .in_field(b"Inventory");
        assert_eq!(e.path(), "Inventory[3].Count");
        assert_eq!(
            e.to_string(),
            "NBT: Inventory[3].Count at byte 1,204: expected a byte, found a string"
        );
        let e = Error::unencodable("x")
            .in_element(0)
            .in_element(2)
            .in_field(b"a b");
        assert_eq!(e.path(), "\"a b\"[2][0]");
        assert_eq!(e.to_string(), "NBT: \"a b\"[2][0]: cannot encode x");
    }
}
