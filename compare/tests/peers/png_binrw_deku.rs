//! PNG declared once (`examples/png/format.rs`) against the same file written with binrw 0.15
//! and deku 0.20 (`compare/peer_formats/png_{binrw,deku}.rs`, perf_report's peers for issue
//! 52's targets): the real files of simd_cesu8's package and images the `png` crate encodes in
//! every colour type and bit depth, read by all three to the same chunks (type, data, CRC) and
//! image header; both peers write each file back byte for byte; image data re-chunked by the
//! peers (new lengths and CRCs computed on write) reads in the declaration to the chunks it
//! makes itself; a damaged chunk is refused by all three.

use endian_wire::format::{ReadFormat, WriteFormat};
use endian_wire_testkit::{Rng, pngs};

use super::png::KINDS;
use super::png::format::{Body, Png};

#[path = "../../peer_formats/png_binrw.rs"]
#[allow(dead_code)] // the writer into a buffer, perf_report's
mod with_binrw;
#[path = "../../peer_formats/png_deku.rs"]
#[allow(dead_code)]
mod with_deku;

/// A chunk, whichever crate read it: its type and its data's bytes.
type Seen = ([u8; 4], Vec<u8>);

/// The declaration's chunks, their data made from the values it read, and their CRCs.
fn ours_seen(png: &Png<'_>) -> (Vec<Seen>, Vec<u32>) {
    let seen = png
        .chunks
        .iter()
        .map(|c| {
            let data = match &c.body {
                Body::Header(h) => [
                    &h.width.to_be_bytes()[..],
                    &h.height.to_be_bytes(),
                    &[
                        h.bit_depth,
                        h.color_type,
                        h.compression,
                        h.filter,
                        h.interlace,
                    ],
                ]
                .concat(),
                Body::Palette { entries } => entries.concat(),
                Body::Data { data } | Body::Other { data, .. } => data.to_vec(),
                Body::End => Vec::new(),
                Body::Text { keyword, text } => [keyword, &[0][..], text].concat(),
            };
            (c.body.chunk_type().to_be_bytes(), data)
        })
        .collect();
    (seen, png.chunks.iter().map(|c| c.crc).collect())
}

/// A peer's image header as the declaration's fields.
macro_rules! header_fields {
    ($h:expr) => {{
        let h = $h;
        (
            h.width,
            h.height,
            [
                h.bit_depth,
                h.color_type,
                h.compression,
                h.filter,
                h.interlace,
            ],
        )
    }};
}

/// All three read `file` to the same chunks and header; both peers write it back byte for
/// byte; the peers' chunks re-chunked into image data pieces of `max` bytes read in the
/// declaration as its own re-chunking.
fn agrees(file: &[u8], max: usize, what: &str) {
    let ours = Png::read_format_exact(file).unwrap_or_else(|e| panic!("{what}: {e}"));
    let (seen, crcs) = ours_seen(&ours);
    let by_binrw = with_binrw::parse(file).unwrap_or_else(|e| panic!("{what}: binrw: {e}"));
    let by_deku = with_deku::parse(file).unwrap_or_else(|e| panic!("{what}: deku: {e}"));
    let binrw_seen: Vec<Seen> = by_binrw
        .chunks
        .iter()
        .map(|c| (c.chunk_type, c.data.clone()))
        .collect();
    let deku_seen: Vec<Seen> = by_deku
        .chunks
        .iter()
        .map(|c| (c.chunk_type, c.data.clone()))
        .collect();
    assert_eq!(binrw_seen, seen, "{what}: binrw's chunks");
    assert_eq!(deku_seen, seen, "{what}: deku's chunks");
    let deku_crcs: Vec<u32> = by_deku.chunks.iter().map(|c| c.crc).collect();
    assert_eq!(deku_crcs, crcs, "{what}: deku's CRCs");

    let h = ours.header().expect("IHDR first");
    let header = header_fields!(h);
    assert_eq!(header_fields!(by_binrw.header().unwrap()), header, "{what}");
    assert_eq!(header_fields!(by_deku.header().unwrap()), header, "{what}");

    assert!(
        with_binrw::write(&by_binrw).unwrap() == file,
        "{what}: binrw wrote it back differently"
    );
    assert!(
        with_deku::write(&by_deku).unwrap() == file,
        "{what}: deku wrote it back differently"
    );

    // Re-chunked by each peer (where the first IDAT was, as the declaration does), the lengths
    // and CRCs theirs: read by the declaration to its own re-chunking.
    let stream = ours.image_data();
    let expected = ours.with_image_data(&stream, max).to_format_vec().unwrap();
    let expected = ours_seen(&Png::read_format_exact(&expected).unwrap());
    macro_rules! rechunked {
        ($module:ident, $png:expr) => {{
            let mut chunks = Vec::new();
            let mut placed = false;
            for c in &$png.chunks {
                if &c.chunk_type != b"IDAT" {
                    chunks.push(c.clone());
                } else if !placed {
                    placed = true;
                    chunks.extend(
                        stream
                            .chunks(max)
                            .map(|piece| $module::Chunk::new(*b"IDAT", piece.to_vec())),
                    );
                }
            }
            $module::write(&$module::Png { chunks }).unwrap()
        }};
    }
    for (peer, bytes) in [
        ("binrw", rechunked!(with_binrw, by_binrw)),
        ("deku", rechunked!(with_deku, by_deku)),
    ] {
        let back = Png::read_format_exact(&bytes)
            .unwrap_or_else(|e| panic!("{what}: {peer}'s re-chunked file: {e}"));
        assert_eq!(
            ours_seen(&back),
            expected,
            "{what}: {peer}'s re-chunked file"
        );
    }
}

#[test]
fn binrw_and_deku_read_the_real_pngs_as_the_declaration_does_and_write_them_back() {
    let Some(files) = pngs::all_or_skip() else {
        return;
    };
    for (name, file) in &files {
        agrees(file, 4096, name);
    }
}

#[test]
fn binrw_and_deku_read_images_of_every_kind_as_the_declaration_does() {
    let mut rng = Rng::new(0x0062_7277);
    for (color, depths) in KINDS {
        for &depth in depths {
            let (width, height) = (1 + rng.below(50) as u32, 1 + rng.below(30) as u32);
            let row = (width * color.samples() as u32 * depth as u32).div_ceil(8) as usize;
            let pixels: Vec<u8> = (0..row * height as usize)
                .map(|_| rng.below(256) as u8)
                .collect();
            let mut file = Vec::new();
            {
                let mut encoder = png::Encoder::new(&mut file, width, height);
                encoder.set_color(color);
                encoder.set_depth(depth);
                if color == png::ColorType::Indexed {
                    let palette = (0..3 << depth as u32).map(|_| rng.below(256) as u8);
                    encoder.set_palette(palette.collect::<Vec<u8>>());
                }
                encoder
                    .add_text_chunk("Comment".into(), rng.word(0, 30))
                    .unwrap();
                let mut writer = encoder.write_header().unwrap();
                writer.write_image_data(&pixels).unwrap();
                writer.finish().unwrap();
            }
            let what = format!("{color:?} at {depth:?}, {width} x {height}");
            agrees(&file, 1 + rng.below(100) as usize, &what);
        }
    }
}

/// A byte of image data or of a CRC changed: refused by all three.
#[test]
fn a_damaged_chunk_is_refused_by_all_three() {
    let Some(files) = pngs::all_or_skip() else {
        return;
    };
    let file = &files[0].1;
    let png = Png::read_format_exact(file).unwrap();
    // The first IDAT: its data's middle byte, and its CRC's last.
    let mut at = 8;
    let mut targets = None;
    for chunk in &png.chunks {
        let len = chunk.body.data_len();
        if matches!(chunk.body, Body::Data { .. }) {
            targets = Some([at + 8 + len / 2, at + 8 + len + 3]);
            break;
        }
        at += 12 + len;
    }
    for target in targets.expect("an IDAT chunk") {
        let mut bad = file.clone();
        bad[target] ^= 0x10;
        assert!(Png::read_format_exact(&bad).is_err(), "byte {target}");
        assert!(with_binrw::parse(&bad).is_err(), "binrw: byte {target}");
        assert!(with_deku::parse(&bad).is_err(), "deku: byte {target}");
    }
}
