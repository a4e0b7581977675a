//! Anvil region files (`.mca`), where Java Edition keeps its worlds' chunks: read in place
//! from a byte slice ([`Region`]) or chunk by chunk from a file ([`RegionFile`], with `std`),
//! and written ([`RegionBuilder`]).
//!
//! ```
//! # #[cfg(feature = "flate2")] {
//! use wire_nbt::{self as nbt, Compound, Nbt};
//! use wire_nbt::region::{ChunkCompression, Region, RegionBuilder};
//!
//! let chunk = Nbt::new("", Compound::new().with("xPos", 3).with("zPos", 7));
//! let mut builder = RegionBuilder::new();
//! builder.insert(3, 7, &chunk, ChunkCompression::Zlib, 1_700_000_000)?;
//! let file = builder.to_vec();
//! assert_eq!(file.len(), 3 * 4096); // the header's two sectors and the chunk's one
//!
//! let region = Region::from_slice(&file)?;
//! assert_eq!(region.chunk_nbt(3, 7)?, Some(chunk));
//! assert_eq!(region.chunk_nbt(0, 0)?, None);
//! assert_eq!(region.timestamp(3, 7), Some(1_700_000_000));
//! for c in region.chunks() {
//!     let c = c?;
//!     assert_eq!((c.x(), c.z(), c.compression()), (3, 7, ChunkCompression::Zlib));
//! }
//! # }
//! # Ok::<(), wire_nbt::Error>(())
//! ```
//!
//! # The format
//!
//! A region holds the 32 x 32 chunks of a 512 x 512 block square. The file is a sequence of
//! 4 KiB sectors: the first holds 1,024 big-endian locations (`x + 32 z` in order), each a
//! 3-byte sector offset and a 1-byte sector count (0 for a chunk not generated); the second,
//! 1,024 big-endian timestamps (seconds since 1970); then each chunk at its sectors: a
//! big-endian `u32` length, a compression byte (1 gzip, 2 zlib, 3 none, 4 LZ4; plus 128 when
//! the chunk is too large for 255 sectors and lives in its own `c.<x>.<z>.mcc` file beside
//! the region), and the compressed NBT document.
//!
//! # Hostile files
//!
//! Nothing in a file makes a reader panic or allocate more than the file and the inflation
//! limit allow: a location in the header sectors, past the end of the file or overlapping
//! another chunk's sectors, a length of 0 or beyond the chunk's sectors, an unknown
//! compression byte and a chunk that inflates beyond [`MAX_CHUNK_INFLATED`] (or the limit
//! given to [`Region::with_max_inflated`]) are errors of that chunk ([`Error::chunk`] names it),
//! and the other chunks still read.
//!
//! # Features
//!
//! gzip and zlib chunks need `flate2`, LZ4 chunks `lz4`; without them such a chunk is an
//! [`ErrorKind::UnsupportedCompression`]. With `rayon`, `Region::par_chunks` reads every
//! chunk on all cores.

mod codec;
#[cfg(feature = "std")]
mod file;
#[cfg(feature = "lz4")]
mod lz4;
mod write;

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::{Error, ErrorKind, Nbt, NbtView};
use endian_wire::BigEndian;
use endian_wire::bulk;

#[cfg(feature = "std")]
pub use file::RegionFile;
pub use write::RegionBuilder;

/// The size of a sector, the unit of a region file's layout: 4 KiB.
pub const SECTOR: usize = 4096;

/// The size of a region file's header: the locations' sector and the timestamps' sector.
pub const HEADER_LEN: usize = 2 * SECTOR;

/// The most a chunk may inflate to unless told otherwise: 64 MiB, far above any chunk
/// Minecraft writes (a chunk of 255 sectors, the most a region holds, inflates to a few MiB),
/// so that a small "compression bomb" cannot make a reader allocate without bound.
pub const MAX_CHUNK_INFLATED: usize = 64 * 1024 * 1024;

/// The most sectors a chunk takes in a region (its count is one byte): 255, about 1 MiB.
pub const MAX_CHUNK_SECTORS: usize = 255;

/// The byte added to a chunk's compression byte when the chunk lives in its own `.mcc` file.
const EXTERNAL: u8 = 128;

/// How a chunk is compressed: its compression byte, less the external flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum ChunkCompression {
    /// gzip (1): readable, never written by Minecraft.
    Gzip = 1,
    /// zlib (2): Minecraft's default.
    Zlib = 2,
    /// Not compressed (3).
    None = 3,
    /// lz4-java's block stream (4), Minecraft 1.20.5's `region-file-compression=lz4`.
    Lz4 = 4,
}

impl ChunkCompression {
    /// The compression byte (without the external flag).
    pub const fn id(self) -> u8 {
        self as u8
    }

    /// The compression of byte `id` (without the external flag), if it names one.
    ///
    /// ```
    /// use wire_nbt::region::ChunkCompression;
    /// assert_eq!(ChunkCompression::from_id(2), Some(ChunkCompression::Zlib));
    /// assert_eq!(ChunkCompression::from_id(127), None); // a mod's custom scheme
    /// ```
    pub const fn from_id(id: u8) -> Option<Self> {
        Some(match id {
            1 => ChunkCompression::Gzip,
            2 => ChunkCompression::Zlib,
            3 => ChunkCompression::None,
            4 => ChunkCompression::Lz4,
            _ => return None,
        })
    }

    /// The scheme's name ("zlib").
    pub const fn name(self) -> &'static str {
        match self {
            ChunkCompression::Gzip => "gzip",
            ChunkCompression::Zlib => "zlib",
            ChunkCompression::None => "none",
            ChunkCompression::Lz4 => "LZ4",
        }
    }
}

/// The index of chunk `(x, z)` in the header's tables, if both are in `0..32`.
#[inline]
fn index(x: usize, z: usize) -> Result<usize, Error> {
    if x < 32 && z < 32 {
        Ok(x + 32 * z)
    } else {
        Err(Error::without_offset(ErrorKind::ChunkCoordinates { x, z }))
    }
}

/// `(x, z)` of the chunk at header index `i`.
#[inline]
fn coordinates(i: usize) -> (u8, u8) {
    ((i % 32) as u8, (i / 32) as u8)
}

/// No overlapping chunk.
const NO_OVERLAP: u16 = u16::MAX;

/// A region's header, decoded and checked once: locations, timestamps, and for each chunk
/// whether its sectors overlap another's.
pub(crate) struct Header {
    locations: [u32; 1024],
    timestamps: [u32; 1024],
    /// The index of a chunk whose sectors overlap this one's, or [`NO_OVERLAP`].
    overlap: [u16; 1024],
    file_len: u64,
}

/// Where a chunk's sectors are.
#[derive(Clone, Copy)]
struct Location {
    sector: u32,
    sectors: u8,
}

impl Header {
    /// The header of a file of `file_len` bytes that starts with `bytes`.
    fn parse(bytes: &[u8; HEADER_LEN], file_len: u64) -> Box<Header> {
        let mut h = Box::new(Header {
            locations: [0; 1024],
            timestamps: [0; 1024],
            overlap: [NO_OVERLAP; 1024],
            file_len,
        });
        bulk::from_bytes::<BigEndian<u32>>(&bytes[..SECTOR], &mut h.locations);
        bulk::from_bytes::<BigEndian<u32>>(&bytes[SECTOR..], &mut h.timestamps);
        // Overlaps: the chunks that claim sectors, sorted by their first sector; a chunk that
        // starts before the furthest end so far overlaps the chunk that reaches it. Both are
        // marked, so neither is read twice over the same bytes.
        let mut claims: Vec<(u32, u32, u16)> = Vec::with_capacity(1024);
        for (i, &loc) in h.locations.iter().enumerate() {
            let (sector, sectors) = (loc >> 8, loc & 0xFF);
            if sector >= 2 && sectors > 0 {
                claims.push((sector, sector + sectors, i as u16));
            }
        }
        claims.sort_unstable();
        let mut furthest: Option<(u32, u16)> = None;
        for &(start, end, i) in &claims {
            match furthest {
                Some((reach, j)) if start < reach => {
                    h.overlap[usize::from(i)] = j;
                    if h.overlap[usize::from(j)] == NO_OVERLAP {
                        h.overlap[usize::from(j)] = i;
                    }
                    if end > reach {
                        furthest = Some((end, i));
                    }
                }
                _ => furthest = Some((end, i)),
            }
        }
        h
    }

    /// Whether chunk `i` has a location.
    #[inline]
    fn is_present(&self, i: usize) -> bool {
        self.locations[i] != 0
    }

    /// Chunk `i`'s sectors, checked against the header, the file's length and the other
    /// chunks; `None` if the chunk is absent.
    fn locate(&self, i: usize) -> Result<Option<Location>, Error> {
        let loc = self.locations[i];
        if loc == 0 {
            return Ok(None);
        }
        let (x, z) = coordinates(i);
        let at = 4 * i;
        let location = Location {
            sector: loc >> 8,
            sectors: loc as u8,
        };
        if location.sector < 2 {
            return Err(Error::new(
                at,
                ErrorKind::ChunkInHeader {
                    sector: location.sector,
                },
            )
            .in_chunk(x, z));
        }
        if location.sectors == 0 || u64::from(location.sector) * SECTOR as u64 >= self.file_len {
            return Err(Error::new(
                at,
                ErrorKind::ChunkOutOfBounds {
                    sector: location.sector,
                    sectors: location.sectors,
                    file_len: self.file_len,
                },
            )
            .in_chunk(x, z));
        }
        let other = self.overlap[i];
        if other != NO_OVERLAP {
            return Err(Error::new(
                at,
                ErrorKind::ChunkOverlaps {
                    other: coordinates(usize::from(other)),
                },
            )
            .in_chunk(x, z));
        }
        Ok(Some(location))
    }

    /// The compression byte and the payload's length of chunk `i` at `location`, from the
    /// chunk's first five bytes `head` (at byte `start` of the file), checked against the
    /// chunk's sectors and the file's length.
    fn chunk_head(
        &self,
        i: usize,
        location: Location,
        head: [u8; 5],
    ) -> Result<(Compression, usize), Error> {
        let (x, z) = coordinates(i);
        let start = location.sector as usize * SECTOR;
        let length = u32::from_be_bytes([head[0], head[1], head[2], head[3]]);
        let room = usize::from(location.sectors) * SECTOR - 4;
        if length == 0 || length as usize > room {
            return Err(Error::new(start, ErrorKind::ChunkLength { length, room }).in_chunk(x, z));
        }
        if start as u64 + 4 + u64::from(length) > self.file_len {
            return Err(Error::new(
                start,
                ErrorKind::ChunkOutOfBounds {
                    sector: location.sector,
                    sectors: location.sectors,
                    file_len: self.file_len,
                },
            )
            .in_chunk(x, z));
        }
        let id = head[4];
        let compression = ChunkCompression::from_id(id & !EXTERNAL).ok_or_else(|| {
            Error::new(start + 4, ErrorKind::UnknownCompression { id }).in_chunk(x, z)
        })?;
        Ok((
            Compression {
                scheme: compression,
                external: id & EXTERNAL != 0,
            },
            length as usize - 1,
        ))
    }

    fn timestamp(&self, i: usize) -> u32 {
        self.timestamps[i]
    }

    /// `(x, z)` of every chunk with a location, in header order.
    fn positions(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (0..1024).filter(|&i| self.is_present(i)).map(coordinates)
    }
}

/// A chunk's compression byte, decoded.
#[derive(Clone, Copy)]
struct Compression {
    scheme: ChunkCompression,
    external: bool,
}

/// A region file read in place from a byte slice: the header decoded and checked once, each
/// chunk found, checked and inflated when asked for.
///
/// ```
/// use wire_nbt::region::Region;
/// // An empty region: a header of zeros.
/// let file = vec![0u8; 8192];
/// let region = Region::from_slice(&file)?;
/// assert_eq!(region.len(), 0);
/// assert!(region.chunk_bytes(31, 31)?.is_none());
/// assert!(region.chunk_bytes(32, 0).is_err()); // outside the region
/// # Ok::<(), wire_nbt::Error>(())
/// ```
pub struct Region<'a> {
    data: &'a [u8],
    header: Box<Header>,
    max_inflated: usize,
}

impl<'a> Region<'a> {
    /// Reads the header of the region file `bytes` (the chunks are read when asked for).
    ///
    /// # Errors
    /// [`ErrorKind::UnexpectedEof`] if `bytes` is shorter than the 8 KiB header. A chunk's
    /// faults are that chunk's errors, when it is read.
    pub fn from_slice(bytes: &'a [u8]) -> Result<Self, Error> {
        let Some(head) = bytes.first_chunk::<HEADER_LEN>() else {
            return Err(Error::new(
                bytes.len(),
                ErrorKind::UnexpectedEof {
                    needed: HEADER_LEN - bytes.len(),
                    what: "a region file's header",
                },
            ));
        };
        Ok(Region {
            data: bytes,
            header: Header::parse(head, bytes.len() as u64),
            max_inflated: MAX_CHUNK_INFLATED,
        })
    }

    /// The same region, with chunks inflating to more than `limit` bytes refused
    /// ([`ErrorKind::InflatedTooLarge`]) instead of [`MAX_CHUNK_INFLATED`].
    pub fn with_max_inflated(mut self, limit: usize) -> Self {
        self.max_inflated = limit;
        self
    }

    /// How many chunks the header locates (present, if not necessarily readable).
    pub fn len(&self) -> usize {
        (0..1024).filter(|&i| self.header.is_present(i)).count()
    }

    /// Whether the region has no chunk.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the header locates chunk `(x, z)` (false outside `0..32`).
    pub fn is_present(&self, x: usize, z: usize) -> bool {
        index(x, z).is_ok_and(|i| self.header.is_present(i))
    }

    /// Chunk `(x, z)`'s timestamp, seconds since 1970 when it was last saved (0 if never);
    /// `None` outside `0..32`.
    pub fn timestamp(&self, x: usize, z: usize) -> Option<u32> {
        index(x, z).ok().map(|i| self.header.timestamp(i))
    }

    /// `(x, z)` of every chunk the header locates, in the header's order (x fastest).
    pub fn positions(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.header.positions()
    }

    /// Chunk `(x, z)`, found and checked but not inflated; `None` if absent.
    ///
    /// # Errors
    /// [`ErrorKind::ChunkCoordinates`] outside `0..32`; the chunk's faults (see the
    /// [module](self) docs), each naming the chunk.
    pub fn chunk(&self, x: usize, z: usize) -> Result<Option<Chunk<'a>>, Error> {
        self.chunk_at(index(x, z)?)
    }

    fn chunk_at(&self, i: usize) -> Result<Option<Chunk<'a>>, Error> {
        let Some(location) = self.header.locate(i)? else {
            return Ok(None);
        };
        let start = location.sector as usize * SECTOR;
        let head = self
            .data
            .get(start..start + 5)
            .and_then(|h| h.first_chunk::<5>())
            .copied()
            .ok_or_else(|| {
                let (x, z) = coordinates(i);
                Error::new(
                    start,
                    ErrorKind::ChunkOutOfBounds {
                        sector: location.sector,
                        sectors: location.sectors,
                        file_len: self.header.file_len,
                    },
                )
                .in_chunk(x, z)
            })?;
        let (compression, len) = self.header.chunk_head(i, location, head)?;
        let (x, z) = coordinates(i);
        Ok(Some(Chunk {
            x,
            z,
            timestamp: self.header.timestamp(i),
            compression: compression.scheme,
            payload: (!compression.external).then(|| &self.data[start + 5..start + 5 + len]),
            max_inflated: self.max_inflated,
        }))
    }

    /// Chunk `(x, z)`'s NBT document, inflated; `None` if absent.
    ///
    /// # Errors
    /// As [`chunk`](Self::chunk), and [`Chunk::bytes`]'s.
    pub fn chunk_bytes(&self, x: usize, z: usize) -> Result<Option<Vec<u8>>, Error> {
        self.chunk(x, z)?.map(|c| c.bytes()).transpose()
    }

    /// Chunk `(x, z)` read to a tree; `None` if absent.
    ///
    /// # Errors
    /// As [`chunk`](Self::chunk), and [`Chunk::to_nbt`]'s.
    pub fn chunk_nbt(&self, x: usize, z: usize) -> Result<Option<Nbt>, Error> {
        self.chunk(x, z)?.map(|c| c.to_nbt()).transpose()
    }

    /// Every chunk the header locates, in the header's order (x fastest): each found and
    /// checked (a fault is that chunk's error; the next chunks still come), not yet inflated.
    pub fn chunks(&self) -> impl Iterator<Item = Result<Chunk<'a>, Error>> + '_ {
        (0..1024).filter_map(|i| self.chunk_at(i).transpose())
    }

    /// [`chunks`](Self::chunks) as a rayon parallel iterator (feature `rayon`): every chunk
    /// inflated and read on all cores.
    ///
    /// ```
    /// # #[cfg(feature = "flate2")] {
    /// use wire_nbt::{self as nbt, Compound, Nbt};
    /// use wire_nbt::region::{ChunkCompression, Region, RegionBuilder};
    /// use rayon::prelude::*;
    ///
    /// let mut builder = RegionBuilder::new();
    /// for x in 0..32 {
    ///     let chunk = Nbt::new("", Compound::new().with("xPos", x as i32));
    ///     builder.insert(x, 0, &chunk, ChunkCompression::Zlib, 0)?;
    /// }
    /// let file = builder.to_vec();
    /// let region = Region::from_slice(&file)?;
    /// let trees: Vec<Nbt> = region.par_chunks().map(|c| c?.to_nbt()).collect::<Result<_, _>>()?;
    /// assert_eq!(trees.len(), 32);
    /// # }
    /// # Ok::<(), wire_nbt::Error>(())
    /// ```
    #[cfg(feature = "rayon")]
    pub fn par_chunks(
        &self,
    ) -> impl rayon::iter::ParallelIterator<Item = Result<Chunk<'a>, Error>> + '_ {
        use rayon::iter::{IntoParallelIterator, ParallelIterator};
        (0..1024usize)
            .into_par_iter()
            .filter_map(|i| self.chunk_at(i).transpose())
    }
}

impl core::fmt::Debug for Region<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Region")
            .field("len", &self.data.len())
            .field("chunks", &self.len())
            .finish()
    }
}

/// One chunk of a region, located and checked, its data still compressed: what
/// [`Region::chunk`] and [`RegionFile::chunk`] return.
#[derive(Clone, Copy)]
pub struct Chunk<'a> {
    x: u8,
    z: u8,
    timestamp: u32,
    compression: ChunkCompression,
    /// The compressed data; `None` for a chunk in its own `.mcc` file that was not read.
    payload: Option<&'a [u8]>,
    max_inflated: usize,
}

impl<'a> Chunk<'a> {
    /// The chunk's x in its region (0 to 31).
    pub fn x(&self) -> u8 {
        self.x
    }

    /// The chunk's z in its region (0 to 31).
    pub fn z(&self) -> u8 {
        self.z
    }

    /// When it was last saved, seconds since 1970.
    pub fn timestamp(&self) -> u32 {
        self.timestamp
    }

    /// How it is compressed.
    pub fn compression(&self) -> ChunkCompression {
        self.compression
    }

    /// The compressed data, as stored (`None` for a chunk in its own `.mcc` file, which
    /// [`Region`] does not read).
    pub fn compressed(&self) -> Option<&'a [u8]> {
        self.payload
    }

    fn payload(&self) -> Result<&'a [u8], Error> {
        self.payload
            .ok_or_else(|| Error::without_offset(ErrorKind::ExternalChunk).in_chunk(self.x, self.z))
    }

    /// The chunk's NBT document, inflated.
    ///
    /// # Errors
    /// [`ErrorKind::ExternalChunk`] for a chunk in its own `.mcc` file;
    /// [`ErrorKind::UnsupportedCompression`] for a scheme whose feature is off;
    /// `ErrorKind::Compression` (zlib, gzip) or [`ErrorKind::CompressedData`] (LZ4) for bad
    /// compressed data; [`ErrorKind::InflatedTooLarge`] beyond the limit. Each names the chunk.
    pub fn bytes(&self) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        self.bytes_into(&mut out)?;
        Ok(out)
    }

    /// [`bytes`](Self::bytes) into `out` (cleared first): reading many chunks through one
    /// buffer allocates only when a chunk is the largest yet.
    ///
    /// # Errors
    /// As [`bytes`](Self::bytes).
    pub fn bytes_into(&self, out: &mut Vec<u8>) -> Result<(), Error> {
        out.clear();
        codec::decompress(self.compression, self.payload()?, self.max_inflated, out)
            .map_err(|e| e.in_chunk(self.x, self.z))
    }

    /// The chunk read to a tree.
    ///
    /// # Errors
    /// As [`bytes`](Self::bytes), and [`from_slice`](super::from_slice)'s for the
    /// document (offsets in the inflated bytes), each naming the chunk.
    pub fn to_nbt(&self) -> Result<Nbt, Error> {
        let in_chunk = |e: Error| e.in_chunk(self.x, self.z);
        if self.compression == ChunkCompression::None {
            return super::from_slice::<Nbt>(self.payload()?).map_err(in_chunk);
        }
        super::from_slice::<Nbt>(&self.bytes()?).map_err(in_chunk)
    }

    /// The chunk read into a `T` through serde ([`from_slice`](super::from_slice)): a struct
    /// of the fields a tool needs, the others skipped without being built.
    ///
    /// ```
    /// # #[cfg(feature = "flate2")] {
    /// use wire_nbt::{Compound, Nbt};
    /// use wire_nbt::region::{ChunkCompression, Region, RegionBuilder};
    ///
    /// #[derive(serde::Deserialize)]
    /// struct Chunk {
    ///     #[serde(rename = "Status")]
    ///     status: String,
    ///     #[serde(rename = "xPos")]
    ///     x: i32,
    /// }
    ///
    /// let doc = Nbt::new("", Compound::new().with("Status", "minecraft:full").with("xPos", 3).with("sections", vec![1i64]));
    /// let mut builder = RegionBuilder::new();
    /// builder.insert(3, 0, &doc, ChunkCompression::Zlib, 0)?;
    /// let file = builder.to_vec();
    /// let chunk: Chunk = Region::from_slice(&file)?.chunk(3, 0)?.unwrap().deserialize()?;
    /// assert_eq!((chunk.status.as_str(), chunk.x), ("minecraft:full", 3));
    /// # }
    /// # Ok::<(), wire_nbt::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`bytes`](Self::bytes), and [`from_slice`](super::from_slice)'s for the document
    /// (with the path and the offset in the inflated bytes), each naming the chunk.
    pub fn deserialize<T: serde::de::DeserializeOwned>(&self) -> Result<T, Error> {
        let in_chunk = |e: Error| e.in_chunk(self.x, self.z);
        if self.compression == ChunkCompression::None {
            return super::from_slice::<T>(self.payload()?).map_err(in_chunk);
        }
        super::from_slice::<T>(&self.bytes()?).map_err(in_chunk)
    }

    /// The chunk viewed in place ([`view`](super::view)), inflated into `buf` (cleared
    /// first; an uncompressed chunk is viewed where it lies).
    ///
    /// ```
    /// # #[cfg(feature = "flate2")] {
    /// use wire_nbt::{Compound, Nbt};
    /// use wire_nbt::region::{ChunkCompression, Region, RegionBuilder};
    /// let mut builder = RegionBuilder::new();
    /// builder.insert(0, 0, &Nbt::new("", Compound::new().with("Status", "minecraft:full")), ChunkCompression::Zlib, 0)?;
    /// let file = builder.to_vec();
    /// let region = Region::from_slice(&file)?;
    /// let mut buf = Vec::new();
    /// for chunk in region.chunks() {
    ///     let view = chunk?.view_in(&mut buf)?;
    ///     assert_eq!(view.root().string("Status").unwrap(), "minecraft:full");
    /// }
    /// # }
    /// # Ok::<(), wire_nbt::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`to_nbt`](Self::to_nbt), strings aside (the view decodes them when read).
    pub fn view_in<'b>(&self, buf: &'b mut Vec<u8>) -> Result<NbtView<'b>, Error>
    where
        'a: 'b,
    {
        let in_chunk = |e: Error| e.in_chunk(self.x, self.z);
        if self.compression == ChunkCompression::None {
            return super::view(self.payload()?).map_err(in_chunk);
        }
        self.bytes_into(buf)?;
        super::view(buf).map_err(in_chunk)
    }
}

impl core::fmt::Debug for Chunk<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Chunk")
            .field("x", &self.x)
            .field("z", &self.z)
            .field("timestamp", &self.timestamp)
            .field("compression", &self.compression)
            .field("compressed_len", &self.payload.map(<[u8]>::len))
            .finish()
    }
}
