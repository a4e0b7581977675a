//! What NBT reading and writing report: an [`Error`] naming the byte offset and what was
//! expected there.

use core::fmt;

/// Reading or writing NBT failed: at byte `offset` of the input (for reading), why.
///
/// With `std`, it converts to a [`std::io::Error`] of kind `UnexpectedEof` (the input ended),
/// `InvalidInput` (a value that NBT cannot hold, when writing) or `InvalidData` (the rest).
///
/// ```
/// use endian_wire::nbt::{self, ErrorKind};
/// // A compound tag named "a", then nothing: the input ends where a tag type was expected.
/// let err = nbt::from_bytes(&[10, 0, 1, b'a']).unwrap_err();
/// assert_eq!(err.offset(), 4);
/// assert!(matches!(err.kind(), ErrorKind::UnexpectedEof { .. }));
/// assert_eq!(err.to_string(), "NBT: input ended at byte 4: 1 more byte needed for a tag type");
/// ```
#[derive(Debug)]
pub struct Error {
    offset: usize,
    kind: ErrorKind,
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
    /// Compounds and lists nest deeper than [`MAX_DEPTH`](super::MAX_DEPTH).
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
    /// A value NBT cannot hold (when writing): a string over 65,535 bytes of modified UTF-8, a
    /// list or array over `i32::MAX` elements, nesting over [`MAX_DEPTH`](super::MAX_DEPTH).
    Unencodable {
        /// What.
        what: &'static str,
    },
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
    /// Reading (a region file) or writing (to a writer) failed.
    #[cfg(feature = "std")]
    Io(std::io::Error),
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
        Error {
            offset,
            kind,
            chunk: None,
        }
    }

    /// This error, about a region file's chunk `(x, z)`.
    #[cold]
    pub(crate) fn in_chunk(mut self, x: u8, z: u8) -> Self {
        self.chunk = Some((x, z));
        self
    }

    /// This error, its offset moved `by` bytes on (the input read was a part after a header).
    #[cold]
    pub(crate) fn shifted(mut self, by: usize) -> Self {
        self.offset += by;
        self
    }

    /// The region file's chunk `(x, z)` the error is about, if it is about one (the offset is
    /// then in the file, or in the chunk's uncompressed NBT for an error in it).
    pub fn chunk(&self) -> Option<(u8, u8)> {
        self.chunk
    }

    /// The byte offset in the input (0 for errors that are not about a place in it).
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Why.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_kind(f)?;
        match self.chunk {
            Some((x, z)) => write!(f, ", in the region's chunk ({x}, {z})"),
            None => Ok(()),
        }
    }
}

impl Error {
    fn fmt_kind(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.offset;
        match &self.kind {
            ErrorKind::UnexpectedEof { needed, what } => {
                let s = if *needed == 1 { "" } else { "s" };
                write!(
                    f,
                    "NBT: input ended at byte {at}: {needed} more byte{s} needed for {what}"
                )
            }
            ErrorKind::InvalidTagType { found, context } => {
                write!(
                    f,
                    "NBT: invalid tag type {found} for {context} at byte {at}"
                )
            }
            ErrorKind::RootNotCompound { found } => write!(
                f,
                "NBT: the root tag at byte {at} has type {found}, expected a compound (10)"
            ),
            ErrorKind::NegativeLength { length } => {
                write!(f, "NBT: negative length {length} at byte {at}")
            }
            ErrorKind::EndListNotEmpty { length } => write!(
                f,
                "NBT: a list of End tags at byte {at} has length {length}, expected 0"
            ),
            ErrorKind::TooDeep => write!(
                f,
                "NBT: compounds and lists nest deeper than {} at byte {at}",
                super::MAX_DEPTH
            ),
            ErrorKind::InvalidMutf8 => {
                write!(f, "NBT: invalid modified UTF-8 at byte {at}")
            }
            ErrorKind::InvalidUtf8 => write!(f, "NBT: invalid UTF-8 at byte {at}"),
            ErrorKind::VarintTooLong { what } => {
                write!(f, "NBT: a varint too long for {what} at byte {at}")
            }
            ErrorKind::LevelDatLength { declared, actual } => write!(
                f,
                "NBT: level.dat's header gives a length of {declared} bytes at byte {at}, but {actual} follow it"
            ),
            ErrorKind::TrailingBytes { count } => {
                write!(f, "NBT: {count} bytes after the root tag, from byte {at}")
            }
            ErrorKind::Unencodable { what } => write!(f, "NBT: cannot encode {what}"),
            #[cfg(feature = "flate2")]
            ErrorKind::Compression(e) => write!(f, "NBT: compression failed: {e}"),
            ErrorKind::InflatedTooLarge { limit } => {
                write!(f, "NBT: inflates to more than the limit of {limit} bytes")
            }
            ErrorKind::ChunkInHeader { sector } => write!(
                f,
                "NBT: region chunk at sector {sector} overlaps the header (sectors 0 and 1)"
            ),
            ErrorKind::ChunkOutOfBounds {
                sector,
                sectors,
                file_len,
            } => write!(
                f,
                "NBT: region chunk of {sectors} sectors from sector {sector} lies outside the \
                 file of {file_len} bytes"
            ),
            ErrorKind::ChunkOverlaps { other: (x, z) } => write!(
                f,
                "NBT: region chunk at byte {at} overlaps the sectors of chunk ({x}, {z})"
            ),
            ErrorKind::ChunkLength { length, room } => write!(
                f,
                "NBT: region chunk length {length} at byte {at}: expected 1 to {room}"
            ),
            ErrorKind::UnknownCompression { id } => write!(
                f,
                "NBT: unknown region chunk compression {id} at byte {at} (1 gzip, 2 zlib, \
                 3 none, 4 LZ4, each + 128 when external)"
            ),
            ErrorKind::UnsupportedCompression { scheme, feature } => write!(
                f,
                "NBT: region chunk compressed with {scheme}, which needs the feature `{feature}`"
            ),
            ErrorKind::CompressedData { why } => {
                write!(f, "NBT: bad compressed data at byte {at}: {why}")
            }
            ErrorKind::ExternalChunk => write!(
                f,
                "NBT: region chunk stored in its own .mcc file, beside the region file"
            ),
            ErrorKind::Snbt {
                line,
                column,
                problem,
            } => write!(
                f,
                "NBT: bad SNBT at line {line}, column {column}: {problem}"
            ),
            #[cfg(feature = "std")]
            ErrorKind::Io(e) => write!(f, "NBT: I/O failed: {e}"),
            ErrorKind::ChunkCoordinates { x, z } => write!(
                f,
                "NBT: chunk coordinates ({x}, {z}) outside a region's 0..32"
            ),
        }
    }
}

impl core::error::Error for Error {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.kind {
            #[cfg(feature = "flate2")]
            ErrorKind::Compression(e) => Some(e),
            #[cfg(feature = "std")]
            ErrorKind::Io(e) => Some(e),
            _ => None,
        }
    }
}

#[cfg(feature = "std")]
impl From<Error> for std::io::Error {
    fn from(e: Error) -> Self {
        use std::io::ErrorKind as Io;
        let kind = match e.kind {
            ErrorKind::UnexpectedEof { .. } => Io::UnexpectedEof,
            ErrorKind::Unencodable { .. } | ErrorKind::ChunkCoordinates { .. } => Io::InvalidInput,
            #[cfg(feature = "flate2")]
            ErrorKind::Compression(e) => return e,
            ErrorKind::Io(e) => return e,
            _ => Io::InvalidData,
        };
        std::io::Error::new(kind, e)
    }
}
