//! Writing a region: [`RegionBuilder`].

use alloc::vec;
use alloc::vec::Vec;

use super::{Chunk, ChunkCompression, HEADER_LEN, MAX_CHUNK_SECTORS, SECTOR, codec, index};
use crate::{Error, ErrorKind, Nbt};

/// One chunk, ready to be laid out: its compression byte, compressed data and timestamp.
struct Entry {
    compression: ChunkCompression,
    data: Vec<u8>,
    timestamp: u32,
}

/// Builds a region file from chunks, each compressed as asked, and lays it out as Minecraft
/// does: the header's two sectors, then each chunk (in the header's order) from a sector
/// boundary, padded with zeros to a whole number of sectors. Minecraft and fastanvil read
/// what it writes.
///
/// ```
/// # #[cfg(feature = "flate2")] {
/// use wire_nbt::{Compound, Nbt};
/// use wire_nbt::region::{ChunkCompression, Region, RegionBuilder};
///
/// // Copy a region, recompressing every chunk with zlib.
/// let mut builder = RegionBuilder::new();
/// builder.insert(1, 2, &Nbt::new("", Compound::new().with("DataVersion", 3953)), ChunkCompression::None, 7)?;
/// let old = builder.to_vec();
///
/// let mut copy = RegionBuilder::new();
/// for chunk in Region::from_slice(&old)?.chunks() {
///     let chunk = chunk?;
///     copy.insert_bytes(chunk.x().into(), chunk.z().into(), &chunk.bytes()?, ChunkCompression::Zlib, chunk.timestamp())?;
/// }
/// let new = copy.to_vec();
/// assert_eq!(Region::from_slice(&new)?.chunk_bytes(1, 2)?, Region::from_slice(&old)?.chunk_bytes(1, 2)?);
/// # }
/// # Ok::<(), wire_nbt::Error>(())
/// ```
pub struct RegionBuilder {
    chunks: Vec<Option<Entry>>,
}

impl Default for RegionBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl RegionBuilder {
    /// A region with no chunk.
    pub fn new() -> Self {
        RegionBuilder {
            chunks: (0..1024).map(|_| None).collect(),
        }
    }

    /// Sets chunk `(x, z)` to `nbt`, compressed with `compression`, saved at `timestamp`
    /// (seconds since 1970).
    ///
    /// # Errors
    /// [`ErrorKind::ChunkCoordinates`] outside `0..32`; [`ErrorKind::Unencodable`] for a tree
    /// NBT cannot hold or a chunk over 255 sectors compressed (Minecraft moves such a chunk to
    /// its own `.mcc` file, which this does not write); the scheme's errors.
    pub fn insert(
        &mut self,
        x: usize,
        z: usize,
        nbt: &Nbt,
        compression: ChunkCompression,
        timestamp: u32,
    ) -> Result<(), Error> {
        self.insert_bytes(x, z, &nbt.to_vec()?, compression, timestamp)
    }

    /// Sets chunk `(x, z)` to the NBT document `nbt` (not checked), compressed with
    /// `compression`.
    ///
    /// # Errors
    /// As [`insert`](Self::insert).
    pub fn insert_bytes(
        &mut self,
        x: usize,
        z: usize,
        nbt: &[u8],
        compression: ChunkCompression,
        timestamp: u32,
    ) -> Result<(), Error> {
        let i = index(x, z)?;
        let mut data = Vec::new();
        codec::compress(compression, nbt, &mut data)?;
        self.put(i, compression, data, timestamp)
    }

    /// Sets chunk `(x, z)` to data already compressed with `compression` (not checked).
    ///
    /// # Errors
    /// As [`insert`](Self::insert).
    pub fn insert_compressed(
        &mut self,
        x: usize,
        z: usize,
        compression: ChunkCompression,
        data: &[u8],
        timestamp: u32,
    ) -> Result<(), Error> {
        let i = index(x, z)?;
        self.put(i, compression, data.to_vec(), timestamp)
    }

    /// Copies `chunk` of another region as it is stored (not inflated), at its position and
    /// with its timestamp.
    ///
    /// # Errors
    /// [`ErrorKind::ExternalChunk`] for a chunk in its own `.mcc` file that was not read; as
    /// [`insert`](Self::insert).
    pub fn insert_chunk(&mut self, chunk: &Chunk<'_>) -> Result<(), Error> {
        let data = chunk.payload()?;
        self.insert_compressed(
            chunk.x().into(),
            chunk.z().into(),
            chunk.compression(),
            data,
            chunk.timestamp(),
        )
    }

    fn put(
        &mut self,
        i: usize,
        compression: ChunkCompression,
        data: Vec<u8>,
        timestamp: u32,
    ) -> Result<(), Error> {
        if 5 + data.len() > MAX_CHUNK_SECTORS * SECTOR {
            return Err(Error::new(
                0,
                ErrorKind::Unencodable {
                    what: "a chunk over 255 sectors (1 MiB) compressed",
                },
            )
            .in_chunk((i % 32) as u8, (i / 32) as u8));
        }
        self.chunks[i] = Some(Entry {
            compression,
            data,
            timestamp,
        });
        Ok(())
    }

    /// Removes chunk `(x, z)`; whether it was there (false outside `0..32`).
    pub fn remove(&mut self, x: usize, z: usize) -> bool {
        index(x, z).is_ok_and(|i| self.chunks[i].take().is_some())
    }

    /// How many chunks.
    pub fn len(&self) -> usize {
        self.chunks.iter().filter(|c| c.is_some()).count()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The region file.
    pub fn to_vec(&self) -> Vec<u8> {
        let sectors_of = |e: &Entry| (5 + e.data.len()).div_ceil(SECTOR);
        let total: usize = self.chunks.iter().flatten().map(sectors_of).sum();
        let mut out = vec![0u8; HEADER_LEN + total * SECTOR];
        let mut sector = HEADER_LEN / SECTOR;
        for (i, entry) in self.chunks.iter().enumerate() {
            let Some(e) = entry else { continue };
            let n = sectors_of(e);
            // At most 2 + 1024 * 255 sectors: the 3 bytes of an offset hold it.
            let location = (sector as u32) << 8 | n as u32;
            out[4 * i..4 * i + 4].copy_from_slice(&location.to_be_bytes());
            out[SECTOR + 4 * i..SECTOR + 4 * i + 4].copy_from_slice(&e.timestamp.to_be_bytes());
            let at = sector * SECTOR;
            out[at..at + 4].copy_from_slice(&(e.data.len() as u32 + 1).to_be_bytes());
            out[at + 4] = e.compression.id();
            out[at + 5..at + 5 + e.data.len()].copy_from_slice(&e.data);
            sector += n;
        }
        out
    }

    /// Writes the region file to `writer`.
    ///
    /// # Errors
    /// [`ErrorKind::Io`] with what `writer` returns.
    #[cfg(feature = "std")]
    pub fn to_writer<W: std::io::Write>(&self, mut writer: W) -> Result<(), Error> {
        writer.write_all(&self.to_vec())?;
        Ok(())
    }
}

impl core::fmt::Debug for RegionBuilder {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RegionBuilder")
            .field("chunks", &self.len())
            .finish()
    }
}
