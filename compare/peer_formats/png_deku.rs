//! PNG's signature and chunk list, written with deku 0.20 the way its documentation shows its
//! users: `#[deku_derive(DekuRead, DekuWrite)]` types, big-endian (passed down as
//! `ctx = "endian: deku::ctx::Endian"`), the signature as `magic`, chunks `read_all`, each its
//! length (`temp`, written from the data with `temp_value`), its four-letter type and its data
//! copied out into a `Vec`. deku has no checksums: the CRC-32 of the type and data is a field
//! with a custom `reader` that checks it with crc32fast and a custom `writer` that computes it
//! (the value held is what was read; a new chunk's is ignored when written). The image header
//! is parsed from the first chunk's data with its own `DekuRead` type ([`Png::header`]); the
//! other chunks (palette, image data, text, ancillary chunks) are kept as their bytes.
//!
//! The same file as `examples/png/format.rs`; included with `#[path]` by the comparison test
//! (`compare/tests/peers/png_binrw_deku.rs`) and perf_report (`png_rows.rs`).

use deku::ctx::Endian;
use deku::prelude::*;

/// The CRC-32 PNG gives each chunk: of its type, then its data.
pub fn crc_of(chunk_type: &[u8; 4], data: &[u8]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(chunk_type);
    hasher.update(data);
    hasher.finalize()
}

/// Reads a chunk's CRC and checks it against its type and data.
fn read_crc<R: std::io::Read + std::io::Seek>(
    reader: &mut deku::reader::Reader<R>,
    endian: Endian,
    chunk_type: &[u8; 4],
    data: &[u8],
) -> Result<u32, DekuError> {
    let crc = u32::from_reader_with_ctx(reader, endian)?;
    if crc != crc_of(chunk_type, data) {
        return Err(DekuError::Assertion(
            "PNG: a chunk's CRC is not its type's and data's",
        ));
    }
    Ok(crc)
}

/// A PNG file: the signature, then chunks until the file ends.
#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq, Clone)]
#[deku(magic = b"\x89PNG\r\n\x1a\n", endian = "big")]
pub struct Png {
    #[deku(read_all)]
    pub chunks: Vec<Chunk>,
}

/// A chunk: its data's length, its type, its data and their CRC-32.
#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq, Clone)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct Chunk {
    #[deku(temp, temp_value = "data.len() as u32")]
    length: u32,
    pub chunk_type: [u8; 4],
    #[deku(count = "length")]
    pub data: Vec<u8>,
    /// Checked on read, computed on write.
    #[deku(
        reader = "read_crc(deku::reader, endian, chunk_type, data)",
        writer = "crc_of(chunk_type, data).to_writer(deku::writer, endian)"
    )]
    pub crc: u32,
}

impl Chunk {
    /// A chunk of this type and data (its length and CRC are computed when it is written).
    pub fn new(chunk_type: [u8; 4], data: Vec<u8>) -> Chunk {
        Chunk {
            chunk_type,
            data,
            crc: 0,
        }
    }
}

/// The image header (`IHDR`), in the order PNG gives its fields.
#[derive(Debug, PartialEq, Clone, Copy, DekuRead, DekuWrite)]
#[deku(endian = "big")]
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
    pub fn header(&self) -> Result<ImageHeader, DekuError> {
        match self.chunks.first() {
            Some(chunk) if &chunk.chunk_type == b"IHDR" => {
                let (_, header) = ImageHeader::from_bytes((&chunk.data, 0))?;
                Ok(header)
            }
            _ => Err(DekuError::Assertion("PNG: the first chunk is not IHDR")),
        }
    }
}

/// Reads a file: its chunks, every CRC checked.
pub fn parse(bytes: &[u8]) -> Result<Png, DekuError> {
    let (_, png) = Png::from_bytes((bytes, 0))?;
    Ok(png)
}

/// Writes a file, every chunk's length and CRC computed.
pub fn write(png: &Png) -> Result<Vec<u8>, DekuError> {
    png.to_bytes()
}

/// Writes a file into `out` (cleared first).
pub fn write_into(png: &Png, out: &mut Vec<u8>) -> Result<(), DekuError> {
    out.clear();
    let mut cursor = std::io::Cursor::new(out);
    let mut writer = deku::writer::Writer::new(&mut cursor);
    png.to_writer(&mut writer, ())?;
    writer.finalize()
}
