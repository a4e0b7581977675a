//! Compressed NBT (feature `flate2`): files are usually gzip (`level.dat`, player data), region
//! file chunks zlib, network packets none.

use alloc::vec::Vec;
use std::io::{Read, Write};

use super::{Error, ErrorKind, Nbt, extend_bytes, from_bytes};

/// The most [`from_compressed`] inflates: 128 MiB, above any real NBT file (Minecraft reads
/// player and level files without a quota, chunks are at most 1 MiB compressed). A larger
/// inflation is refused, so a small "compression bomb" cannot make it allocate without bound;
/// [`from_compressed_with_limit`] takes another limit.
pub const MAX_INFLATED: usize = 128 * 1024 * 1024;

/// How the bytes are compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// gzip (starts `1F 8B`).
    Gzip,
    /// zlib (a deflate header: method 8, a check that is a multiple of 31).
    Zlib,
    /// Not compressed.
    None,
}

impl Compression {
    /// Detects the compression from the first bytes.
    ///
    /// ```
    /// use endian_wire::nbt::Compression;
    /// assert_eq!(Compression::detect(&[0x1f, 0x8b, 8, 0]), Compression::Gzip);
    /// assert_eq!(Compression::detect(&[0x78, 0x9c]), Compression::Zlib);
    /// assert_eq!(Compression::detect(&[10, 0, 0, 0]), Compression::None); // a compound
    /// ```
    pub fn detect(bytes: &[u8]) -> Compression {
        match bytes {
            [0x1f, 0x8b, ..] => Compression::Gzip,
            [cmf, flg, ..]
                if cmf & 0x0F == 8 && (u16::from(*cmf) << 8 | u16::from(*flg)) % 31 == 0 =>
            {
                Compression::Zlib
            }
            _ => Compression::None,
        }
    }
}

/// Reads an NBT file that may be gzip- or zlib-compressed (detected from its first bytes) or
/// not compressed, inflating at most [`MAX_INFLATED`] bytes.
///
/// ```
/// use endian_wire::nbt::{self, Compound, Nbt};
/// let nbt = Nbt::new("", Compound::new().with("LevelName", "world"));
/// let gz = nbt::to_gzip(&nbt);
/// assert_eq!(&gz[..2], [0x1f, 0x8b]);
/// assert_eq!(nbt::from_compressed(&gz)?, nbt);
/// assert_eq!(nbt::from_compressed(&nbt::to_bytes(&nbt))?, nbt); // not compressed: as is
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// [`ErrorKind::Compression`] if inflating fails or exceeds the limit; otherwise as
/// [`from_bytes`] (offsets are then in the inflated bytes).
pub fn from_compressed(bytes: &[u8]) -> Result<Nbt, Error> {
    from_compressed_with_limit(bytes, MAX_INFLATED)
}

/// [`from_compressed`] inflating at most `limit` bytes.
///
/// # Errors
/// As [`from_compressed`].
pub fn from_compressed_with_limit(bytes: &[u8], limit: usize) -> Result<Nbt, Error> {
    match Compression::detect(bytes) {
        Compression::None => from_bytes(bytes),
        Compression::Gzip => from_bytes(&inflate(flate2::read::MultiGzDecoder::new(bytes), limit)?),
        Compression::Zlib => from_bytes(&inflate(flate2::read::ZlibDecoder::new(bytes), limit)?),
    }
}

fn inflate(reader: impl Read, limit: usize) -> Result<Vec<u8>, Error> {
    let compression = |e| Error::new(0, ErrorKind::Compression(e));
    let mut out = Vec::new();
    reader
        .take(limit as u64 + 1)
        .read_to_end(&mut out)
        .map_err(compression)?;
    if out.len() > limit {
        return Err(compression(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            alloc::format!("inflates to more than the limit of {limit} bytes"),
        )));
    }
    Ok(out)
}

/// Writes `nbt` in the file form, gzip-compressed (the default level), as Minecraft stores
/// `level.dat` and player files.
///
/// # Panics
/// As [`to_bytes`](super::to_bytes): if the tree holds what NBT cannot.
#[track_caller]
pub fn to_gzip(nbt: &Nbt) -> Vec<u8> {
    let mut out = Vec::new();
    if let Err(e) = write_gzip(&mut out, nbt) {
        panic!("{e}");
    }
    out
}

/// Writes `nbt` in the file form, gzip-compressed, to `writer`.
///
/// # Errors
/// `InvalidInput` for what NBT cannot hold (see [`to_bytes`](super::to_bytes)), or what
/// `writer` returns.
pub fn write_gzip<W: Write>(writer: W, nbt: &Nbt) -> std::io::Result<()> {
    let mut raw = Vec::new();
    extend_bytes(&mut raw, nbt)?;
    let mut gz = flate2::write::GzEncoder::new(writer, flate2::Compression::default());
    gz.write_all(&raw)?;
    gz.finish()?;
    Ok(())
}
