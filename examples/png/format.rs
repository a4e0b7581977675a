//! PNG, declared once: the eight-byte signature, then chunks until the file ends, each its
//! data's length, a body chosen by the chunk's four-letter type (an unknown type kept whole)
//! and the CRC-32 of the type and data, checked on read and computed on write. Image data,
//! palettes and text are borrowed from the file.
//!
//! Shared by the example, the comparison with the `png` crate (`compare/tests/peers/png.rs`),
//! the hostile tests (`tests/format/png.rs`) and the fuzz target, which include this file.

use endian_wire::Endianize;
use endian_wire::format::{Temp, crc32};

/// A chunk type as the tag its four letters make, read big-endian.
pub const fn chunk_type(letters: &[u8; 4]) -> u32 {
    u32::from_be_bytes(*letters)
}

/// The image header: always the first chunk.
pub const IHDR: u32 = chunk_type(b"IHDR");
/// The palette of an indexed image (optional for truecolour ones).
pub const PLTE: u32 = chunk_type(b"PLTE");
/// Compressed image data; an image's data may be split over several.
pub const IDAT: u32 = chunk_type(b"IDAT");
/// The end of the image.
pub const IEND: u32 = chunk_type(b"IEND");
/// A Latin-1 keyword and text.
pub const TEXT: u32 = chunk_type(b"tEXt");

/// A PNG file.
#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
#[wire(magic = b"\x89PNG\r\n\x1a\n")]
pub struct Png<'a> {
    #[wire(until_eof)]
    pub chunks: Vec<Chunk<'a>>,
}

/// One chunk: the length of its data, its type and data, their CRC-32.
#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
pub struct Chunk<'a> {
    /// The data's length in bytes (the type's four are not counted).
    #[wire(temp, calc = body.data_len())]
    pub length: Temp<u32>,
    #[wire(bytes = i64::from(length) + 4)]
    pub body: Body<'a>,
    /// The CRC-32 of the type and the data: refused on read when it is not theirs, computed on
    /// write (the value held here is ignored then).
    #[wire(checksum = crc32, from = body)]
    pub crc: u32,
}

/// A chunk's type and data.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(be)]
#[wire(tag = u32)]
pub enum Body<'a> {
    #[wire(tag = IHDR)]
    Header(ImageHeader),
    /// Red, green and blue of each palette entry.
    #[wire(tag = PLTE)]
    Palette {
        #[wire(until_eof)]
        entries: Vec<[u8; 3]>,
    },
    /// A piece of the zlib stream of the image's filtered scanlines.
    #[wire(tag = IDAT)]
    Data {
        #[wire(until_eof)]
        data: &'a [u8],
    },
    #[wire(tag = IEND)]
    End,
    #[wire(tag = TEXT)]
    Text {
        /// One to 79 Latin-1 characters, ended by a NUL byte.
        #[wire(terminator = 0)]
        keyword: &'a [u8],
        #[wire(until_eof)]
        text: &'a [u8],
    },
    /// Any other chunk (ancillary chunks such as `gAMA`, `pHYs`, `tRNS`, `zTXt`), kept as it is.
    #[wire(fallback)]
    Other {
        chunk_type: u32,
        #[wire(until_eof)]
        data: &'a [u8],
    },
}

/// The image header's fields, in the order PNG gives them: a fixed wire image (13 bytes,
/// read and written in one copy).
#[derive(Endianize, Debug, PartialEq, Clone, Copy)]
#[endian(be)]
pub struct ImageHeader {
    pub width: u32,
    pub height: u32,
    pub bit_depth: u8,
    pub color_type: u8,
    pub compression: u8,
    pub filter: u8,
    pub interlace: u8,
}

impl Body<'_> {
    /// The chunk's type.
    pub fn chunk_type(&self) -> u32 {
        match self {
            Body::Header(_) => IHDR,
            Body::Palette { .. } => PLTE,
            Body::Data { .. } => IDAT,
            Body::End => IEND,
            Body::Text { .. } => TEXT,
            Body::Other { chunk_type, .. } => *chunk_type,
        }
    }

    /// The bytes of the chunk's data: what its length field says.
    pub fn data_len(&self) -> usize {
        match self {
            Body::Header(_) => 13,
            Body::Palette { entries } => 3 * entries.len(),
            Body::Data { data } | Body::Other { data, .. } => data.len(),
            Body::End => 0,
            Body::Text { keyword, text } => keyword.len() + 1 + text.len(),
        }
    }
}

impl<'a> Chunk<'a> {
    /// A chunk of this body (its length and CRC are computed when it is written).
    pub fn new(body: Body<'a>) -> Self {
        Chunk {
            length: Temp::new(),
            body,
            crc: 0,
        }
    }
}

impl<'a> Png<'a> {
    /// The image header, when the first chunk is one.
    pub fn header(&self) -> Option<&ImageHeader> {
        match self.chunks.first().map(|c| &c.body) {
            Some(Body::Header(header)) => Some(header),
            _ => None,
        }
    }

    /// The image's zlib stream: its `IDAT` chunks' data, in order, as one piece.
    pub fn image_data(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for chunk in &self.chunks {
            if let Body::Data { data } = chunk.body {
                out.extend_from_slice(data);
            }
        }
        out
    }

    /// The same image with its data stored as `IDAT` chunks of at most `max` bytes (at least
    /// one, where the first `IDAT` was), `stream` borrowed for them.
    pub fn with_image_data(&self, stream: &'a [u8], max: usize) -> Png<'a> {
        let mut chunks = Vec::with_capacity(self.chunks.len());
        let mut placed = false;
        for chunk in &self.chunks {
            match &chunk.body {
                Body::Data { .. } if placed => {}
                Body::Data { .. } => {
                    placed = true;
                    if stream.is_empty() {
                        chunks.push(Chunk::new(Body::Data { data: stream }));
                    }
                    for piece in stream.chunks(max.max(1)) {
                        chunks.push(Chunk::new(Body::Data { data: piece }));
                    }
                }
                other => chunks.push(Chunk::new(other.clone())),
            }
        }
        Png { chunks }
    }
}
