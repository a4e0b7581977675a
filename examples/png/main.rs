//! A PNG file read and written from one declaration (`format.rs`): the signature, then chunks
//! chosen by their type, each checked against its CRC-32 when read and given a new one when
//! written; image data, palettes and text borrowed from the file.
//!
//! ```sh
//! cargo run --example png              # an image written, read back, its data re-chunked
//! cargo run --example png -- FILE.png  # a summary of a file, and its write-back
//! ```

use std::io;

use endian_wire::format::{ReadFormat, WriteFormat};

mod format;

use format::{Body, Chunk, ImageHeader, Png};

/// `raw` as a zlib stream of stored (uncompressed) deflate blocks: a valid stream any
/// inflater reads, written without a compressor.
fn zlib_stored(raw: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    if raw.is_empty() {
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    let mut blocks = raw.chunks(u16::MAX as usize).peekable();
    while let Some(block) = blocks.next() {
        out.push(u8::from(blocks.peek().is_none())); // BFINAL on the last, BTYPE 00
        let len = block.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    out.extend_from_slice(&adler32(raw).to_be_bytes());
    out
}

/// zlib's checksum of the uncompressed bytes.
fn adler32(bytes: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for piece in bytes.chunks(5552) {
        for &x in piece {
            a += u32::from(x);
            b += a;
        }
        a %= 65_521;
        b %= 65_521;
    }
    (b << 16) | a
}

/// The scanlines of a `width` x `height` RGB gradient, each after its filter byte (0: none).
fn gradient(width: u32, height: u32) -> Vec<u8> {
    let mut raw = Vec::new();
    for y in 0..height {
        raw.push(0);
        for x in 0..width {
            raw.extend_from_slice(&[(x * 4) as u8, (y * 8) as u8, 0x80]);
        }
    }
    raw
}

/// A PNG of `stream` (a zlib stream of an RGB image's scanlines) with a text chunk.
fn image<'a>(width: u32, height: u32, stream: &'a [u8], comment: &'a [u8]) -> Png<'a> {
    let header = ImageHeader {
        width,
        height,
        bit_depth: 8,
        color_type: 2, // truecolour
        compression: 0,
        filter: 0,
        interlace: 0,
    };
    Png {
        chunks: vec![
            Chunk::new(Body::Header(header)),
            Chunk::new(Body::Text {
                keyword: b"Comment",
                text: comment,
            }),
            Chunk::new(Body::Data { data: stream }),
            Chunk::new(Body::End),
        ],
    }
}

fn summary(png: &Png<'_>) {
    if let Some(h) = png.header() {
        println!(
            "{} x {}, bit depth {}, colour type {}{}",
            h.width,
            h.height,
            h.bit_depth,
            h.color_type,
            if h.interlace == 1 { ", interlaced" } else { "" }
        );
    }
    for chunk in &png.chunks {
        let name = chunk.body.chunk_type().to_be_bytes();
        let name = String::from_utf8_lossy(&name);
        match &chunk.body {
            Body::Text { keyword, text } => println!(
                "  {name} {:>8} bytes  {}: {}",
                chunk.body.data_len(),
                String::from_utf8_lossy(keyword),
                String::from_utf8_lossy(&text[..text.len().min(60)])
            ),
            Body::Palette { entries } => {
                println!(
                    "  {name} {:>8} bytes  {} colours",
                    3 * entries.len(),
                    entries.len()
                )
            }
            body => println!("  {name} {:>8} bytes", body.data_len()),
        }
    }
}

fn main() -> io::Result<()> {
    if let Some(path) = std::env::args().nth(1) {
        let file = std::fs::read(&path)?;
        let png = Png::read_format_exact(&file)?;
        println!("{path}: {} chunks, every CRC checked", png.chunks.len());
        summary(&png);
        let back = png.to_format_vec()?;
        println!(
            "written back: {} bytes, {}",
            back.len(),
            if back == file {
                "byte for byte the same"
            } else {
                "DIFFERENT"
            }
        );
        return Ok(());
    }

    let stream = zlib_stored(&gradient(64, 32));
    let png = image(64, 32, &stream, b"written by endian_wire's PNG declaration");
    let bytes = png.to_format_vec()?;
    let back = Png::read_format_exact(&bytes)?;
    assert_eq!(back.image_data(), stream);
    assert_eq!(back.to_format_vec()?, bytes);
    println!("a 64 x 32 image: {} bytes", bytes.len());
    summary(&back);

    // The image data split into IDAT chunks of 1,000 bytes: new lengths and CRCs.
    let rechunked = back.with_image_data(&stream, 1000).to_format_vec()?;
    let again = Png::read_format_exact(&rechunked)?;
    assert_eq!(again.image_data(), stream);
    println!(
        "re-chunked: {} chunks, {} bytes, the same image data",
        again.chunks.len(),
        rechunked.len()
    );

    // A changed byte in the image data: its chunk's CRC no longer holds.
    let mut damaged = bytes.clone();
    let at = bytes.len() - 40;
    damaged[at] ^= 0x01;
    let err = Png::read_format_exact(&damaged).unwrap_err();
    println!("a damaged byte at {at}: {err}");
    Ok(())
}
