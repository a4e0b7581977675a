//! LZ4 chunks (feature `lz4`): lz4-java's block stream (`LZ4BlockOutputStream`), which
//! Minecraft 1.20.5+ writes with `region-file-compression=lz4`. It is not LZ4's frame format:
//! each block is a 21-byte header (the magic `LZ4Block`, a token, the compressed and original
//! lengths and an XXH32 checksum of the original bytes, all little-endian) and the block; an
//! empty block ends the stream. The blocks themselves are LZ4 (through `lz4_flex`) or stored.

use alloc::vec::Vec;

use crate::{Error, ErrorKind};

const MAGIC: &[u8; 8] = b"LZ4Block";
const HEADER: usize = MAGIC.len() + 13;
/// The token's method bits: stored as is, or LZ4.
const METHOD_RAW: u8 = 0x10;
const METHOD_LZ4: u8 = 0x20;
/// lz4-java's default block size, 64 KiB: `1 << (LEVEL + 10)`.
const LEVEL: u8 = 6;
const BLOCK: usize = 1 << (LEVEL as usize + 10);
/// The seed of lz4-java's checksum (its `DEFAULT_SEED`).
const SEED: u32 = 0x9747_b28c;

fn checksum(bytes: &[u8]) -> u32 {
    twox_hash::XxHash32::oneshot(SEED, bytes) & 0x0FFF_FFFF
}

fn corrupt(at: usize, why: &'static str) -> Error {
    Error::new(at, ErrorKind::CompressedData { why })
}

/// Appends the stream `data` inflates to to `out`, refusing more than `limit` bytes.
pub(super) fn decompress(data: &[u8], limit: usize, out: &mut Vec<u8>) -> Result<(), Error> {
    let start = out.len();
    let mut at = 0;
    loop {
        let Some(head) = data.get(at..at + HEADER) else {
            return Err(corrupt(
                at,
                "the LZ4 stream ends before its empty last block",
            ));
        };
        if &head[..8] != MAGIC {
            return Err(corrupt(at, "an LZ4 block without the magic `LZ4Block`"));
        }
        let le = |i: usize| u32::from_le_bytes([head[i], head[i + 1], head[i + 2], head[i + 3]]);
        let token = head[8];
        let (compressed, original, check) = (le(9) as usize, le(13) as usize, le(17));
        let method = token & 0xF0;
        let block = 1usize << ((token & 0x0F) + 10);
        if original > block
            || compressed > i32::MAX as usize
            || (original == 0) != (compressed == 0)
            || (method == METHOD_RAW && original != compressed)
            || (method != METHOD_RAW && method != METHOD_LZ4)
        {
            return Err(corrupt(at, "an LZ4 block header that lz4-java refuses"));
        }
        at += HEADER;
        if original == 0 {
            return Ok(());
        }
        let Some(src) = data.get(at..at + compressed) else {
            return Err(corrupt(at, "an LZ4 block longer than the chunk"));
        };
        if out.len() - start + original > limit {
            return Err(Error::without_offset(ErrorKind::InflatedTooLarge { limit }));
        }
        let from = out.len();
        if method == METHOD_RAW {
            out.extend_from_slice(src);
        } else {
            out.resize(from + original, 0);
            match lz4_flex::block::decompress_into(src, &mut out[from..]) {
                Ok(n) if n == original => {}
                _ => {
                    return Err(corrupt(
                        at,
                        "an LZ4 block that does not inflate to its length",
                    ));
                }
            }
        }
        if checksum(&out[from..]) != check {
            return Err(corrupt(at, "an LZ4 block whose checksum does not match"));
        }
        at += compressed;
    }
}

/// Appends `raw` as lz4-java writes it: 64 KiB blocks, LZ4 where that is smaller, then the
/// empty block.
pub(super) fn compress(raw: &[u8], out: &mut Vec<u8>) {
    let mut block = Vec::new();
    for chunk in raw.chunks(BLOCK) {
        block.resize(lz4_flex::block::get_maximum_output_size(chunk.len()), 0);
        let (method, body) = match lz4_flex::block::compress_into(chunk, &mut block) {
            Ok(n) if n < chunk.len() => (METHOD_LZ4, &block[..n]),
            _ => (METHOD_RAW, chunk),
        };
        header(out, method, body.len(), chunk.len(), checksum(chunk));
        out.extend_from_slice(body);
    }
    header(out, METHOD_RAW, 0, 0, 0);
}

fn header(out: &mut Vec<u8>, method: u8, compressed: usize, original: usize, check: u32) {
    out.extend_from_slice(MAGIC);
    out.push(method | LEVEL);
    out.extend_from_slice(&(compressed as u32).to_le_bytes());
    out.extend_from_slice(&(original as u32).to_le_bytes());
    out.extend_from_slice(&check.to_le_bytes());
}
