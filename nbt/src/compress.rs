//! Compressed NBT (feature `flate2`): files are usually gzip (`level.dat`, player data), region
//! file chunks zlib, network packets none.

use alloc::vec::Vec;
use std::io::{Read, Write};

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Error, ErrorKind, from_slice};

/// The most [`from_compressed_slice`] inflates: 128 MiB, above any real NBT file (Minecraft reads
/// player and level files without a quota, chunks are at most 1 MiB compressed). A larger
/// inflation is refused, so a small "compression bomb" cannot make it allocate without bound;
/// [`from_compressed_slice_with_limit`] takes another limit.
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
    /// use wire_nbt::Compression;
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

/// Reads a `T` from an NBT file that may be gzip- or zlib-compressed (detected from its first
/// bytes) or not compressed, inflating at most [`MAX_INFLATED`] bytes.
///
/// ```
/// use wire_nbt::{self as nbt, Compound, Compression};
/// let level = Compound::new().with("LevelName", "world");
/// let gz = nbt::to_compressed_vec(&level, Compression::Gzip)?;
/// assert_eq!(&gz[..2], [0x1f, 0x8b]);
/// assert_eq!(nbt::from_compressed_slice::<Compound>(&gz)?, level);
/// let plain = nbt::to_vec(&level)?;
/// assert_eq!(nbt::from_compressed_slice::<Compound>(&plain)?, level); // not compressed: as is
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// [`ErrorKind::Compression`] if inflating fails or exceeds the limit; otherwise as
/// [`from_slice`] (offsets are then in the inflated bytes).
pub fn from_compressed_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
    from_compressed_slice_with_limit(bytes, MAX_INFLATED)
}

/// [`from_compressed_slice`] inflating at most `limit` bytes.
///
/// # Errors
/// As [`from_compressed_slice`].
pub fn from_compressed_slice_with_limit<T: DeserializeOwned>(
    bytes: &[u8],
    limit: usize,
) -> Result<T, Error> {
    match Compression::detect(bytes) {
        Compression::None => from_slice(bytes),
        Compression::Gzip => from_slice(&inflate(flate2::read::MultiGzDecoder::new(bytes), limit)?),
        Compression::Zlib => from_slice(&inflate(flate2::read::ZlibDecoder::new(bytes), limit)?),
    }
}

/// [`from_compressed_slice`] of everything `reader` holds.
///
/// # Errors
/// [`ErrorKind::Io`] if reading fails; otherwise as [`from_compressed_slice`].
pub fn from_compressed_reader<T: DeserializeOwned, R: Read>(mut reader: R) -> Result<T, Error> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    from_compressed_slice(&bytes)
}

fn inflate(reader: impl Read, limit: usize) -> Result<Vec<u8>, Error> {
    let compression = |e| Error::without_offset(ErrorKind::Compression(e));
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

/// `bytes` compressed as `compression` says (the default level).
fn compress(bytes: &[u8], compression: Compression) -> Result<Vec<u8>, Error> {
    let failed = |e| Error::without_offset(ErrorKind::Compression(e)).writing();
    match compression {
        Compression::None => Ok(bytes.to_vec()),
        Compression::Gzip => {
            let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            gz.write_all(bytes).map_err(failed)?;
            gz.finish().map_err(failed)
        }
        Compression::Zlib => {
            let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
            z.write_all(bytes).map_err(failed)?;
            z.finish().map_err(failed)
        }
    }
}

/// Writes `value` as an NBT file (a root compound named `""`), compressed: gzip is how
/// Minecraft stores `level.dat` and player files, zlib its region files' chunks.
///
/// # Errors
/// As [`to_vec`](super::to_vec); [`ErrorKind::Compression`] if compressing fails.
pub fn to_compressed_vec<T: Serialize + ?Sized>(
    value: &T,
    compression: Compression,
) -> Result<Vec<u8>, Error> {
    compress(&super::to_vec(value)?, compression)
}

/// [`to_compressed_vec`] with the root named `name`.
///
/// # Errors
/// As [`to_compressed_vec`].
pub fn to_compressed_vec_named<T: Serialize + ?Sized>(
    name: &str,
    value: &T,
    compression: Compression,
) -> Result<Vec<u8>, Error> {
    compress(&super::to_vec_named(name, value)?, compression)
}

/// [`to_compressed_vec`] to `writer` (nothing written if the value cannot be encoded).
///
/// # Errors
/// As [`to_compressed_vec`], and [`ErrorKind::Io`] for what `writer` returns.
pub fn to_compressed_writer<W: Write, T: Serialize + ?Sized>(
    mut writer: W,
    value: &T,
    compression: Compression,
) -> Result<(), Error> {
    writer.write_all(&to_compressed_vec(value, compression)?)?;
    Ok(())
}
