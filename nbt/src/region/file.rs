//! A region read chunk by chunk from a file (or any `Read + Seek`): [`RegionFile`].

use alloc::boxed::Box;
use alloc::vec::Vec;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use super::{Chunk, HEADER_LEN, Header, MAX_CHUNK_INFLATED, SECTOR, coordinates, index};
use crate::{Error, ErrorKind, Nbt};

fn io(e: std::io::Error) -> Error {
    Error::from(e)
}

/// A region file read chunk by chunk: the header once, then each chunk's sectors when it is
/// asked for (one seek and one read), into a buffer the reader keeps. Opened from a path
/// ([`open`](Self::open)), it also reads chunks stored in their own `c.<x>.<z>.mcc` files
/// beside it.
///
/// ```no_run
/// use wire_nbt::region::RegionFile;
/// let mut region = RegionFile::open("world/region/r.0.0.mca")?;
/// for (x, z) in region.positions().collect::<Vec<_>>() {
///     if let Some(chunk) = region.chunk_nbt(x.into(), z.into())? {
///         println!("({x}, {z}): {:?}", chunk.string("Status"));
///     }
/// }
/// # Ok::<(), wire_nbt::Error>(())
/// ```
pub struct RegionFile<R = File> {
    reader: R,
    header: Box<Header>,
    max_inflated: usize,
    /// The directory and the region's coordinates, from a path `r.<x>.<z>.mca`: where the
    /// external chunks are.
    external: Option<(PathBuf, i32, i32)>,
    buf: Vec<u8>,
}

impl RegionFile<File> {
    /// Opens the region file at `path`. When its name is `r.<x>.<z>.mca`, chunks stored in
    /// their own `c.<x>.<z>.mcc` files beside it are read from there.
    ///
    /// # Errors
    /// [`ErrorKind::Io`] if the file cannot be read; as [`new`](Self::new).
    pub fn open(path: impl AsRef<Path>) -> Result<Self, Error> {
        let path = path.as_ref();
        let mut region = RegionFile::new(File::open(path).map_err(io)?)?;
        region.external = region_coordinates(path);
        Ok(region)
    }
}

/// The directory and `(x, z)` of a path `<dir>/r.<x>.<z>.mca`.
fn region_coordinates(path: &Path) -> Option<(PathBuf, i32, i32)> {
    let name = path.file_name()?.to_str()?;
    let mut parts = name.strip_prefix("r.")?.strip_suffix(".mca")?.split('.');
    let x = parts.next()?.parse().ok()?;
    let z = parts.next()?.parse().ok()?;
    if parts.next().is_some() {
        return None;
    }
    let dir = path.parent().map_or_else(PathBuf::new, Path::to_path_buf);
    Some((dir, x, z))
}

impl<R: Read + Seek> RegionFile<R> {
    /// Reads the header of the region in `reader` (which starts at its position 0).
    ///
    /// # Errors
    /// [`ErrorKind::UnexpectedEof`] if it holds less than the 8 KiB header;
    /// [`ErrorKind::Io`] if reading fails.
    pub fn new(mut reader: R) -> Result<Self, Error> {
        let file_len = reader.seek(SeekFrom::End(0)).map_err(io)?;
        if file_len < HEADER_LEN as u64 {
            return Err(Error::new(
                file_len as usize,
                ErrorKind::UnexpectedEof {
                    needed: HEADER_LEN - file_len as usize,
                    what: "a region file's header",
                },
            ));
        }
        let mut head = [0u8; HEADER_LEN];
        reader.seek(SeekFrom::Start(0)).map_err(io)?;
        reader.read_exact(&mut head).map_err(io)?;
        Ok(RegionFile {
            reader,
            header: Header::parse(&head, file_len),
            max_inflated: MAX_CHUNK_INFLATED,
            external: None,
            buf: Vec::new(),
        })
    }

    /// The same reader, with chunks inflating to more than `limit` bytes refused.
    pub fn with_max_inflated(mut self, limit: usize) -> Self {
        self.max_inflated = limit;
        self
    }

    /// Whether the header locates chunk `(x, z)` (false outside `0..32`).
    pub fn is_present(&self, x: usize, z: usize) -> bool {
        index(x, z).is_ok_and(|i| self.header.is_present(i))
    }

    /// Chunk `(x, z)`'s timestamp (seconds since 1970); `None` outside `0..32`.
    pub fn timestamp(&self, x: usize, z: usize) -> Option<u32> {
        index(x, z).ok().map(|i| self.header.timestamp(i))
    }

    /// `(x, z)` of every chunk the header locates, in the header's order.
    pub fn positions(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.header.positions()
    }

    /// Chunk `(x, z)`'s compressed data, read into the reader's buffer; `None` if absent.
    ///
    /// # Errors
    /// As [`Region::chunk`](super::Region::chunk), and [`ErrorKind::Io`] if reading fails.
    pub fn chunk(&mut self, x: usize, z: usize) -> Result<Option<Chunk<'_>>, Error> {
        let i = index(x, z)?;
        let Some(location) = self.header.locate(i)? else {
            return Ok(None);
        };
        let (cx, cz) = coordinates(i);
        let in_chunk = |e: Error| e.in_chunk(cx, cz);
        let start = u64::from(location.sector) * SECTOR as u64;
        self.reader
            .seek(SeekFrom::Start(start))
            .map_err(|e| in_chunk(io(e)))?;
        let mut head = [0u8; 5];
        self.reader
            .read_exact(&mut head)
            .map_err(|e| in_chunk(io(e)))?;
        let (compression, len) = self.header.chunk_head(i, location, head)?;
        self.buf.clear();
        let read = if compression.external {
            self.read_external(cx, cz)
        } else {
            // At most 255 sectors, checked against the file's length.
            self.buf.resize(len, 0);
            self.reader.read_exact(&mut self.buf).map(|()| true)
        };
        let loaded = read.map_err(|e| in_chunk(io(e)))?;
        Ok(Some(Chunk {
            x: cx,
            z: cz,
            timestamp: self.header.timestamp(i),
            compression: compression.scheme,
            payload: loaded.then_some(&self.buf[..]),
            max_inflated: self.max_inflated,
        }))
    }

    /// Reads chunk `(x, z)`'s `.mcc` file into the buffer; false if the region was not opened
    /// from a path naming its coordinates.
    fn read_external(&mut self, x: u8, z: u8) -> std::io::Result<bool> {
        let Some((dir, rx, rz)) = &self.external else {
            return Ok(false);
        };
        let cx = i64::from(*rx) * 32 + i64::from(x);
        let cz = i64::from(*rz) * 32 + i64::from(z);
        let mut file = File::open(dir.join(alloc::format!("c.{cx}.{cz}.mcc")))?;
        file.read_to_end(&mut self.buf)?;
        Ok(true)
    }

    /// Chunk `(x, z)`'s NBT document, inflated; `None` if absent.
    ///
    /// # Errors
    /// As [`chunk`](Self::chunk), and [`Chunk::bytes`]'s.
    pub fn chunk_bytes(&mut self, x: usize, z: usize) -> Result<Option<Vec<u8>>, Error> {
        self.chunk(x, z)?.map(|c| c.bytes()).transpose()
    }

    /// Chunk `(x, z)` read to a tree; `None` if absent.
    ///
    /// # Errors
    /// As [`chunk`](Self::chunk), and [`Chunk::to_nbt`]'s.
    pub fn chunk_nbt(&mut self, x: usize, z: usize) -> Result<Option<Nbt>, Error> {
        self.chunk(x, z)?.map(|c| c.to_nbt()).transpose()
    }

    /// The reader back.
    pub fn into_inner(self) -> R {
        self.reader
    }
}

impl<R> core::fmt::Debug for RegionFile<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RegionFile")
            .field("file_len", &self.header.file_len)
            .field("external", &self.external)
            .finish()
    }
}
