//! PNG declared once (`examples/png/format.rs`) against the `png` crate 0.18, the reference
//! decoder of Rust's image stack: on the real files of simd_cesu8's package and on images the
//! `png` crate encodes in every colour type and bit depth, the header, palette and text chunks
//! are the ones it reads; the file written back is byte for byte the one read; the image data
//! re-chunked by the declaration (new lengths and CRCs) decodes to the same pixels; an image
//! the declaration writes from scratch decodes to the pixels it was given; a damaged chunk is
//! refused by both.

use std::io::Cursor;

use endian_wire::format::{ReadFormat, WriteFormat};
use endian_wire_testkit::{Rng, pngs};

#[path = "../../../examples/png/format.rs"]
#[allow(dead_code)] // the example's helpers these tests do not call
pub(crate) mod format;

use format::{Body, Chunk, ImageHeader, Png};

/// What the `png` crate reads of a file: its header fields, palette, text chunks and pixels.
#[derive(Debug, PartialEq)]
struct Decoded {
    width: u32,
    height: u32,
    bit_depth: u8,
    color_type: u8,
    interlaced: bool,
    palette: Option<Vec<u8>>,
    text: Vec<(String, String)>,
    pixels: Vec<u8>,
}

fn decode(file: &[u8]) -> Result<Decoded, png::DecodingError> {
    let mut reader = png::Decoder::new(Cursor::new(file)).read_info()?;
    let info = reader.info();
    let mut decoded = Decoded {
        width: info.width,
        height: info.height,
        bit_depth: info.bit_depth as u8,
        color_type: info.color_type as u8,
        interlaced: info.interlaced,
        palette: info.palette.as_ref().map(|p| p.to_vec()),
        text: info
            .uncompressed_latin1_text
            .iter()
            .map(|t| (t.keyword.clone(), t.text.clone()))
            .collect(),
        pixels: Vec::new(),
    };
    let mut pixels = vec![0; reader.output_buffer_size().expect("a sized image")];
    reader.next_frame(&mut pixels)?;
    decoded.pixels = pixels;
    Ok(decoded)
}

fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| b as char).collect()
}

/// The declaration reads `file` as the `png` crate does: the same header, palette and text,
/// every chunk's CRC checked; it writes it back byte for byte; and its image data re-chunked
/// into pieces of `max` bytes decodes to the same pixels.
fn agrees(file: &[u8], max: usize, what: &str) {
    let theirs = decode(file).unwrap_or_else(|e| panic!("{what}: png: {e}"));
    let ours = Png::read_format_exact(file).unwrap_or_else(|e| panic!("{what}: {e}"));
    let h = ours.header().expect("IHDR first");
    assert_eq!(
        (
            h.width,
            h.height,
            h.bit_depth,
            h.color_type,
            h.interlace == 1
        ),
        (
            theirs.width,
            theirs.height,
            theirs.bit_depth,
            theirs.color_type,
            theirs.interlaced
        ),
        "{what}"
    );
    let palette = ours.chunks.iter().find_map(|c| match &c.body {
        Body::Palette { entries } => Some(entries.concat()),
        _ => None,
    });
    assert_eq!(palette, theirs.palette, "{what}");
    let text: Vec<(String, String)> = ours
        .chunks
        .iter()
        .filter_map(|c| match c.body {
            Body::Text { keyword, text } => Some((latin1(keyword), latin1(text))),
            _ => None,
        })
        .collect();
    assert_eq!(text, theirs.text, "{what}");
    assert!(
        ours.to_format_vec().unwrap() == file,
        "{what}: written back"
    );

    let stream = ours.image_data();
    let rechunked = ours.with_image_data(&stream, max).to_format_vec().unwrap();
    let idats = Png::read_format_exact(&rechunked)
        .unwrap()
        .chunks
        .iter()
        .filter(|c| matches!(c.body, Body::Data { .. }))
        .count();
    assert_eq!(idats, stream.len().div_ceil(max).max(1), "{what}");
    assert!(decode(&rechunked).unwrap() == theirs, "{what}: re-chunked");
}

#[test]
fn real_pngs_read_as_the_png_crate_reads_them() {
    let Some(files) = pngs::all_or_skip() else {
        return;
    };
    for (name, file) in &files {
        agrees(file, 1000, name);
    }
}

/// The colour types and the bit depths PNG allows for each.
pub(crate) const KINDS: [(png::ColorType, &[png::BitDepth]); 5] = {
    use png::BitDepth::*;
    use png::ColorType::*;
    [
        (Grayscale, &[One, Two, Four, Eight, Sixteen]),
        (Rgb, &[Eight, Sixteen]),
        (Indexed, &[One, Two, Four, Eight]),
        (GrayscaleAlpha, &[Eight, Sixteen]),
        (Rgba, &[Eight, Sixteen]),
    ]
};

#[test]
fn images_the_png_crate_encodes_in_every_kind_read_alike() {
    let mut rng = Rng::new(0x0070_6e67);
    for (color, depths) in KINDS {
        for &depth in depths {
            for _ in 0..2 {
                let (width, height) = (1 + rng.below(70) as u32, 1 + rng.below(40) as u32);
                let samples = color.samples() as u32;
                let row = (width * samples * depth as u32).div_ceil(8) as usize;
                let pixels: Vec<u8> = (0..row * height as usize)
                    .map(|_| rng.below(256) as u8)
                    .collect();
                let mut file = Vec::new();
                {
                    let mut encoder = png::Encoder::new(&mut file, width, height);
                    encoder.set_color(color);
                    encoder.set_depth(depth);
                    if color == png::ColorType::Indexed {
                        let entries = 1usize << depth as u32;
                        let palette: Vec<u8> =
                            (0..3 * entries).map(|_| rng.below(256) as u8).collect();
                        encoder.set_palette(palette);
                    }
                    encoder
                        .add_text_chunk("Comment".into(), rng.word(0, 40))
                        .unwrap();
                    encoder
                        .add_text_chunk("Software".into(), "the png crate".into())
                        .unwrap();
                    let mut writer = encoder.write_header().unwrap();
                    writer.write_image_data(&pixels).unwrap();
                    writer.finish().unwrap();
                }
                let what = format!("{color:?} at {depth:?}, {width} x {height}");
                agrees(&file, 1 + rng.below(200) as usize, &what);
            }
        }
    }
}

#[test]
fn an_image_the_declaration_writes_decodes_to_its_pixels() {
    use std::io::Write;
    let mut rng = Rng::new(3);
    for (width, height) in [(1, 1), (17, 5), (300, 64)] {
        // RGB at 8 bits, each scanline after its filter byte (0: none).
        let pixels: Vec<u8> = (0..3 * width * height)
            .map(|_| rng.below(256) as u8)
            .collect();
        let mut raw = Vec::new();
        for line in pixels.chunks(3 * width) {
            raw.push(0);
            raw.extend_from_slice(line);
        }
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(&raw).unwrap();
        let stream = z.finish().unwrap();
        let mut chunks = vec![
            Chunk::new(Body::Header(ImageHeader {
                width: width as u32,
                height: height as u32,
                bit_depth: 8,
                color_type: 2,
                compression: 0,
                filter: 0,
                interlace: 0,
            })),
            Chunk::new(Body::Text {
                keyword: b"Title",
                text: b"caf\xe9",
            }),
        ];
        for piece in stream.chunks(100) {
            chunks.push(Chunk::new(Body::Data { data: piece }));
        }
        chunks.push(Chunk::new(Body::End));
        let file = Png { chunks }.to_format_vec().unwrap();
        let theirs = decode(&file).unwrap();
        assert_eq!(theirs.pixels, pixels, "{width} x {height}");
        assert_eq!(theirs.text, [("Title".into(), "café".into())]);
    }
}

#[test]
fn a_damaged_image_chunk_is_refused_by_both() {
    let Some(files) = pngs::all_or_skip() else {
        return;
    };
    let file = &files[0].1;
    let png = Png::read_format_exact(file).unwrap();
    // A byte in the middle of the first IDAT's data.
    let mut at = 8;
    let mut target = None;
    for chunk in &png.chunks {
        let len = chunk.body.data_len();
        if matches!(chunk.body, Body::Data { .. }) {
            target = Some(at + 8 + len / 2);
            break;
        }
        at += 12 + len;
    }
    let mut bad = file.clone();
    bad[target.expect("an IDAT chunk")] ^= 0x10;
    assert!(decode(&bad).is_err(), "png read a damaged IDAT");
    let err = Png::read_format_exact(&bad).unwrap_err();
    assert!(err.to_string().contains(".crc at byte"), "{err}");
}
