//! PNG's signature and chunk list, written with binrw 0.15 the way its documentation shows
//! its users: `#[binrw]` types read from a `Read + Seek` stream (a `Cursor` over the file),
//! big-endian, the signature as `magic`, chunks `until_eof`, each its length (`temp`, written
//! from the data), its four-letter type and its data copied out into a `Vec`. binrw has no
//! checksums: the CRC-32 of the type and data is checked on read with an `assert` that calls
//! crc32fast, and written with a `calc` that calls it again, so it is not held. The image
//! header is parsed from the first chunk's data with its own `#[binrw]` type
//! ([`Png::header`]); the other chunks (palette, image data, text, ancillary chunks) are kept
//! as their bytes.
//!
//! The same file as `examples/png/format.rs`; included with `#[path]` by the comparison test
//! (`compare/tests/peers/png_binrw_deku.rs`) and perf_report (`png_rows.rs`).

use binrw::helpers::until_eof;
use binrw::io::Cursor;
use binrw::{BinRead, BinResult, BinWrite, binrw};

/// The CRC-32 PNG gives each chunk: of its type, then its data.
pub fn crc_of(chunk_type: &[u8; 4], data: &[u8]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(chunk_type);
    hasher.update(data);
    hasher.finalize()
}

/// A PNG file: the signature, then chunks until the file ends.
#[binrw]
#[brw(big, magic = b"\x89PNG\r\n\x1a\n")]
#[derive(Debug, PartialEq, Clone)]
pub struct Png {
    #[br(parse_with = until_eof)]
    pub chunks: Vec<Chunk>,
}

/// A chunk: its data's length, its type, its data and their CRC-32.
#[binrw]
#[derive(Debug, PartialEq, Clone)]
pub struct Chunk {
    #[br(temp)]
    #[bw(try_calc = u32::try_from(data.len()))]
    length: u32,
    pub chunk_type: [u8; 4],
    #[br(count = length)]
    pub data: Vec<u8>,
    #[br(temp, assert(crc == crc_of(&chunk_type, &data), "PNG: a {:?} chunk's CRC {crc:#010x}",
        String::from_utf8_lossy(&chunk_type)))]
    #[bw(calc = crc_of(chunk_type, data))]
    crc: u32,
}

impl Chunk {
    /// A chunk of this type and data (its length and CRC are computed when it is written).
    pub fn new(chunk_type: [u8; 4], data: Vec<u8>) -> Chunk {
        Chunk { chunk_type, data }
    }
}

/// The image header (`IHDR`), in the order PNG gives its fields.
#[binrw]
#[brw(big)]
#[derive(Debug, PartialEq, Clone, Copy)]
pub struct ImageHeader {
    pub width: u32,
    pub height: u32,
    pub bit_depth: u8,
    pub color_type: u8,
    pub compression: u8,
    pub filter: u8,
    pub interlace: u8,
}

impl Png {
    /// The image header, read from the first chunk, which must be `IHDR`.
    pub fn header(&self) -> BinResult<ImageHeader> {
        match self.chunks.first() {
            Some(chunk) if &chunk.chunk_type == b"IHDR" => {
                ImageHeader::read(&mut Cursor::new(&chunk.data))
            }
            _ => Err(binrw::Error::AssertFail {
                pos: 8,
                message: "PNG: the first chunk is not IHDR".into(),
            }),
        }
    }
}

/// Reads a file: its chunks, every CRC checked.
pub fn parse(bytes: &[u8]) -> BinResult<Png> {
    Png::read(&mut Cursor::new(bytes))
}

/// Writes a file, every chunk's length and CRC computed.
pub fn write(png: &Png) -> BinResult<Vec<u8>> {
    let mut out = Cursor::new(Vec::new());
    png.write(&mut out)?;
    Ok(out.into_inner())
}

/// Writes a file into `out` (cleared first).
pub fn write_into(png: &Png, out: &mut Vec<u8>) -> BinResult<()> {
    out.clear();
    png.write(&mut Cursor::new(out))
}
