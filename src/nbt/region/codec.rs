//! A chunk's compression schemes: inflating with a limit, and compressing.

use alloc::vec::Vec;

use super::ChunkCompression;
use crate::nbt::{Error, ErrorKind};

/// The scheme's feature is off.
#[allow(dead_code)] // unused when every scheme's feature is on
fn unsupported(scheme: ChunkCompression, feature: &'static str) -> Error {
    Error::new(
        0,
        ErrorKind::UnsupportedCompression {
            scheme: scheme.name(),
            feature,
        },
    )
}

/// More than `limit` bytes.
#[cold]
pub(super) fn too_large(limit: usize) -> Error {
    Error::without_offset(ErrorKind::InflatedTooLarge { limit })
}

/// Appends what `data` (compressed with `scheme`) inflates to to `out`, refusing more than
/// `limit` bytes.
pub(super) fn decompress(
    scheme: ChunkCompression,
    data: &[u8],
    limit: usize,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    match scheme {
        ChunkCompression::None => {
            if data.len() > limit {
                return Err(too_large(limit));
            }
            out.extend_from_slice(data);
            Ok(())
        }
        #[cfg(feature = "flate2")]
        ChunkCompression::Zlib => inflate_zlib(data, limit, out),
        #[cfg(feature = "flate2")]
        ChunkCompression::Gzip => inflate_gzip(data, limit, out),
        #[cfg(not(feature = "flate2"))]
        ChunkCompression::Zlib | ChunkCompression::Gzip => Err(unsupported(scheme, "flate2")),
        #[cfg(feature = "lz4")]
        ChunkCompression::Lz4 => super::lz4::decompress(data, limit, out),
        #[cfg(not(feature = "lz4"))]
        ChunkCompression::Lz4 => Err(unsupported(scheme, "lz4")),
    }
}

/// Appends `raw` compressed with `scheme` to `out` (zlib and gzip at flate2's default level,
/// as Minecraft's `Deflater` writes).
pub(super) fn compress(
    scheme: ChunkCompression,
    raw: &[u8],
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    match scheme {
        ChunkCompression::None => {
            out.extend_from_slice(raw);
            Ok(())
        }
        #[cfg(feature = "flate2")]
        ChunkCompression::Zlib | ChunkCompression::Gzip => {
            use std::io::Write as _;
            let level = flate2::Compression::default();
            let io = |e| Error::without_offset(ErrorKind::Compression(e));
            if scheme == ChunkCompression::Zlib {
                let mut z = flate2::write::ZlibEncoder::new(out, level);
                z.write_all(raw).map_err(io)?;
                z.finish().map_err(io)?;
            } else {
                let mut z = flate2::write::GzEncoder::new(out, level);
                z.write_all(raw).map_err(io)?;
                z.finish().map_err(io)?;
            }
            Ok(())
        }
        #[cfg(not(feature = "flate2"))]
        ChunkCompression::Zlib | ChunkCompression::Gzip => Err(unsupported(scheme, "flate2")),
        #[cfg(feature = "lz4")]
        ChunkCompression::Lz4 => {
            super::lz4::compress(raw, out);
            Ok(())
        }
        #[cfg(not(feature = "lz4"))]
        ChunkCompression::Lz4 => Err(unsupported(scheme, "lz4")),
    }
}

#[cfg(feature = "flate2")]
fn bad_data(e: impl Into<alloc::boxed::Box<dyn std::error::Error + Send + Sync>>) -> Error {
    Error::new(
        0,
        ErrorKind::Compression(std::io::Error::new(std::io::ErrorKind::InvalidData, e)),
    )
}

/// zlib, inflated straight into `out`'s spare capacity: a first guess of eight times the
/// compressed size (chunks inflate 4 to 10 times), doubled while more comes, never beyond
/// `limit + 1` bytes (the one more says that the limit was passed).
#[cfg(feature = "flate2")]
fn inflate_zlib(data: &[u8], limit: usize, out: &mut Vec<u8>) -> Result<(), Error> {
    use flate2::{Decompress, FlushDecompress, Status};
    let start = out.len();
    let cap = limit.saturating_add(1);
    out.reserve_exact(data.len().saturating_mul(8).saturating_add(1024).min(cap));
    let mut z = Decompress::new(true);
    loop {
        let read = z.total_in() as usize;
        let written = out.len();
        let status = z
            .decompress_vec(&data[read..], out, FlushDecompress::None)
            .map_err(bad_data)?;
        if out.len() - start > limit {
            return Err(too_large(limit));
        }
        match status {
            Status::StreamEnd => return Ok(()),
            _ if out.len() == out.capacity() => {
                let room = cap - (out.len() - start);
                out.reserve_exact((out.len() - start).max(4096).min(room));
            }
            // Room left and nothing more came: the data ended before the stream did.
            _ if z.total_in() as usize == data.len()
                || (z.total_in() as usize == read && out.len() == written) =>
            {
                return Err(bad_data("the zlib stream ends early"));
            }
            _ => {}
        }
    }
}

/// gzip (never written by Minecraft, so read through flate2's reader, without the guesses).
#[cfg(feature = "flate2")]
fn inflate_gzip(data: &[u8], limit: usize, out: &mut Vec<u8>) -> Result<(), Error> {
    use std::io::Read as _;
    let start = out.len();
    flate2::bufread::MultiGzDecoder::new(data)
        .take(limit as u64 + 1)
        .read_to_end(out)
        .map_err(|e| Error::without_offset(ErrorKind::Compression(e)))?;
    if out.len() - start > limit {
        return Err(too_large(limit));
    }
    Ok(())
}
