//! A chunked format declared once and used without `std`: a magic, chunks chosen by their
//! tag with a fallback keeping unknown ones, a length written from the data, bit fields, a
//! CRC-32 over each chunk, data borrowed from the input.
#![no_std]
extern crate alloc;

use alloc::vec::Vec;
use endian_wire::Endianize;
use endian_wire::format::{FormatError, ReadFormat, Temp, WriteFormat, crc32};

/// A file: its magic, then chunks until the input ends.
#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
#[wire(magic = b"CHNK")]
pub struct File<'a> {
    #[wire(until_eof)]
    pub chunks: Vec<Chunk<'a>>,
}

/// One chunk: a header word of bit fields, the length of its body, the body, its CRC.
#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
pub struct Chunk<'a> {
    #[wire(bits = 4)]
    pub version: u8,
    #[wire(bits = 1)]
    pub critical: bool,
    #[wire(bits = 11)]
    pub kind: u16,
    #[wire(temp)]
    pub length: Temp<u16>,
    #[wire(count = length)]
    pub body: &'a [u8],
    #[wire(checksum = crc32, from = version)]
    pub crc: u32,
}

/// Reads a whole file from `bytes`.
///
/// # Errors
/// What the declaration reports (`UnexpectedEof`, `InvalidData` with the field path).
pub fn parse(bytes: &[u8]) -> Result<File<'_>, FormatError> {
    File::read_format_exact(bytes)
}

/// Writes `file` into `out`.
///
/// # Errors
/// `InvalidInput` for a body longer than its 16-bit length, a field wider than its bits.
pub fn write(file: &File<'_>, out: &mut Vec<u8>) -> Result<(), FormatError> {
    file.write_format(out)
}
