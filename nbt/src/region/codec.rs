//! A chunk's compression schemes: inflating with a limit, and compressing.

use alloc::vec::Vec;

use super::ChunkCompression;
use crate::{Error, ErrorKind};

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

/// zlib, the compression Minecraft writes. Inflated by miniz_oxide (flate2's own backend)
/// into `out` itself, which serves as the window: flate2's streaming `Decompress` inflates
/// into a 32 KiB ring and copies out, and its `decompress_vec` zeroes the whole spare capacity
/// on every call (measured on a real region's 676 chunks: 245M instructions to inflate them,
/// 103M of them `memset` and `memcpy`). The room starts at eight times the compressed size
/// (chunks inflate 4 to 10 times), is zeroed once as it grows (doubled while more comes),
/// never beyond `limit + 1` bytes (the one more says that the limit was passed). On an error
/// `out` is as it was.
#[cfg(feature = "flate2")]
fn inflate_zlib(data: &[u8], limit: usize, out: &mut Vec<u8>) -> Result<(), Error> {
    use miniz_oxide::inflate::TINFLStatus;
    use miniz_oxide::inflate::core::inflate_flags::{
        TINFL_FLAG_COMPUTE_ADLER32, TINFL_FLAG_PARSE_ZLIB_HEADER,
        TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF,
    };
    use miniz_oxide::inflate::core::{DecompressorOxide, decompress};
    const FLAGS: u32 = TINFL_FLAG_PARSE_ZLIB_HEADER
        | TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF
        | TINFL_FLAG_COMPUTE_ADLER32;
    let start = out.len();
    let cap = limit.saturating_add(1);
    let mut room = data.len().saturating_mul(8).saturating_add(1024).min(cap);
    out.resize(start + room, 0);
    // About 11 KiB of tables: on the heap, as flate2 keeps it.
    let mut z = alloc::boxed::Box::<DecompressorOxide>::default();
    let (mut read, mut written) = (0, 0);
    let result = loop {
        let (status, taken, given) =
            decompress(&mut z, &data[read..], &mut out[start..], written, FLAGS);
        read += taken;
        written += given;
        match status {
            TINFLStatus::Done if written > limit => break Err(too_large(limit)),
            TINFLStatus::Done => break Ok(()),
            TINFLStatus::HasMoreOutput if room >= cap => break Err(too_large(limit)),
            TINFLStatus::HasMoreOutput => {
                room += room.max(4096).min(cap - room);
                out.resize(start + room, 0);
            }
            TINFLStatus::NeedsMoreInput | TINFLStatus::FailedCannotMakeProgress => {
                break Err(bad_data("the zlib stream ends early"));
            }
            TINFLStatus::Adler32Mismatch => {
                break Err(bad_data(
                    "the zlib stream's checksum does not match its data",
                ));
            }
            _ => {
                break Err(bad_data("the zlib stream is corrupt"));
            }
        }
    };
    out.truncate(if result.is_ok() {
        start + written
    } else {
        start
    });
    result
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
