//! PNG declared once (`examples/png/format.rs`) on its own, no peer (the comparison with the
//! `png` crate is `endian_wire_compare`'s): the real files of simd_cesu8's package read and
//! written back byte for byte, generated files of every kind of chunk round-tripped with their
//! lengths and CRCs checked by hand, and every cut and corrupted byte an error (a cut between
//! chunks: the file's first chunks), never a panic, within a bounded allocation. Here, not only
//! beside the peer, because this binary also runs on the big-endian host.

use endian_wire::format::FormatErrorKind as ErrorKind;

use endian_wire::format::{ReadFormat, WriteFormat, crc32};
use endian_wire_testkit::alloc::peak_of;
use endian_wire_testkit::{Rng, pngs};

#[path = "../../examples/png/format.rs"]
#[allow(dead_code)] // the example's helpers these tests do not call
mod format;

use format::{Body, Chunk, ImageHeader, Png};

const SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// The chunks of a PNG file walked by hand: `(type, data, crc)`.
fn chunks_by_hand(file: &[u8]) -> Vec<([u8; 4], &[u8], u32)> {
    assert_eq!(&file[..8], SIGNATURE);
    let mut out = Vec::new();
    let mut at = 8;
    while at < file.len() {
        let len = u32::from_be_bytes(file[at..at + 4].try_into().unwrap()) as usize;
        let kind: [u8; 4] = file[at + 4..at + 8].try_into().unwrap();
        let data = &file[at + 8..at + 8 + len];
        let crc = u32::from_be_bytes(file[at + 8 + len..at + 12 + len].try_into().unwrap());
        out.push((kind, data, crc));
        at += 12 + len;
    }
    out
}

/// The declaration's chunks agree with the walk by hand: types, data and CRCs, which are the
/// CRC-32 of type and data.
fn agrees_with_the_walk(png: &Png<'_>, file: &[u8], what: &str) {
    let walked = chunks_by_hand(file);
    assert_eq!(png.chunks.len(), walked.len(), "{what}");
    for (i, (chunk, (kind, data, crc))) in png.chunks.iter().zip(&walked).enumerate() {
        assert_eq!(
            chunk.body.chunk_type().to_be_bytes(),
            *kind,
            "{what}: chunk {i}"
        );
        assert_eq!(chunk.body.data_len(), data.len(), "{what}: chunk {i}");
        assert_eq!(chunk.crc, *crc, "{what}: chunk {i}");
        let mut covered = kind.to_vec();
        covered.extend_from_slice(data);
        assert_eq!(crc32(&covered), *crc, "{what}: chunk {i}");
        match chunk.body {
            Body::Data { data: ours } | Body::Other { data: ours, .. } => {
                assert_eq!(ours, *data, "{what}: chunk {i}");
                // Borrowed from the file, not copied.
                assert!(file.as_ptr_range().contains(&ours.as_ptr()) || ours.is_empty());
            }
            Body::Header(h) => assert_eq!(&data[..4], h.width.to_be_bytes(), "{what}"),
            _ => {}
        }
    }
}

#[test]
fn every_real_png_reads_and_writes_back_byte_for_byte() {
    let Some(files) = pngs::all_or_skip() else {
        return;
    };
    for (name, file) in &files {
        let png = Png::read_format_exact(file).unwrap_or_else(|e| panic!("{name}: {e}"));
        let header = png.header().expect("IHDR first");
        assert!(header.width > 0 && header.height > 0, "{name}");
        assert_eq!(png.chunks.last().unwrap().body, Body::End, "{name}");
        agrees_with_the_walk(&png, file, name);
        assert!(
            png.to_format_vec().unwrap() == *file,
            "{name}: written back"
        );
        // Re-chunked, the same image data in chunks of 4 KiB: new lengths and CRCs.
        let stream = png.image_data();
        let rechunked = png.with_image_data(&stream, 4096).to_format_vec().unwrap();
        let again = Png::read_format_exact(&rechunked).unwrap();
        agrees_with_the_walk(&again, &rechunked, name);
        assert_eq!(again.image_data(), stream, "{name}");
    }
}

/// A PNG of every kind of chunk the declaration names, and unknown ones, from `rng`.
fn generated(rng: &mut Rng, bytes: &mut Vec<Vec<u8>>) -> Vec<u8> {
    // The borrowed parts live in `bytes` (filled first, then borrowed).
    bytes.clear();
    for _ in 0..4 {
        let len = rng.spread(3000) as usize;
        bytes.push((0..len).map(|_| rng.below(256) as u8).collect());
    }
    let text_len = rng.below(200) as usize;
    let text = rng.text(b"abc xyz\n\xe9", text_len).into_bytes();
    let keyword = rng.word(1, 79).into_bytes();
    let mut chunks = vec![Chunk::new(Body::Header(ImageHeader {
        width: rng.below(1 << 20) as u32 + 1,
        height: rng.below(1 << 20) as u32 + 1,
        bit_depth: [1, 2, 4, 8, 16][rng.below(5) as usize],
        color_type: [0, 2, 3, 4, 6][rng.below(5) as usize],
        compression: 0,
        filter: 0,
        interlace: rng.below(2) as u8,
    }))];
    let palette: Vec<[u8; 3]> = (0..rng.below(257))
        .map(|i| [i as u8, rng.below(256) as u8, 7])
        .collect();
    chunks.push(Chunk::new(Body::Palette { entries: palette }));
    chunks.push(Chunk::new(Body::Text {
        keyword: &keyword,
        text: &text,
    }));
    chunks.push(Chunk::new(Body::Other {
        chunk_type: format::chunk_type(b"gAMA"),
        data: &[0, 0, 0xb1, 0x8f],
    }));
    for piece in &bytes[..] {
        chunks.push(Chunk::new(Body::Data { data: piece }));
    }
    chunks.push(Chunk::new(Body::Other {
        chunk_type: format::chunk_type(b"tIME"),
        data: &[7, 234, 12, 1, 12, 0, 0],
    }));
    chunks.push(Chunk::new(Body::End));
    Png { chunks }.to_format_vec().unwrap()
}

#[test]
fn generated_pngs_round_trip_with_their_lengths_and_crcs() {
    let mut rng = Rng::new(0x0050_4e47);
    let mut parts = Vec::new();
    for round in 0..16 {
        let file = generated(&mut rng, &mut parts);
        let png = Png::read_format_exact(&file).unwrap();
        agrees_with_the_walk(&png, &file, &format!("round {round}"));
        assert!(png.to_format_vec().unwrap() == file, "round {round}");
        let data: Vec<u8> = parts.concat();
        assert_eq!(png.image_data(), data, "round {round}");
    }
}

#[test]
fn errors_name_the_chunk_and_the_field() {
    let mut rng = Rng::new(7);
    let mut parts = Vec::new();
    let file = generated(&mut rng, &mut parts);
    // The text chunk's CRC (the third chunk): a checksum mismatch naming it.
    let walked = chunks_by_hand(&file);
    let crc_at = 8 + walked[..3]
        .iter()
        .map(|(_, d, _)| 12 + d.len())
        .sum::<usize>()
        - 4;
    let mut bad = file.clone();
    bad[crc_at] ^= 0x80;
    let err = Png::read_format_exact(&bad).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData, "{err}");
    let message = err.to_string();
    assert!(
        message.starts_with("Png.chunks[2].crc at byte"),
        "{message}"
    );
    assert!(message.contains("checksum mismatch"), "{message}");
    // A length running past the file.
    let mut bad = file.clone();
    bad[8..12].copy_from_slice(&u32::MAX.to_be_bytes());
    let err = Png::read_format_exact(&bad).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::UnexpectedEof, "{err}");
    assert!(err.to_string().contains("Png.chunks[0]"), "{err}");
    // A header cut short by its length: its fields run past the chunk.
    let mut bad = file.clone();
    bad[11] = 12;
    let err = Png::read_format_exact(&bad).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData, "{err}");
    // Not a PNG.
    let err = Png::read_format_exact(b"GIF89a\0\0").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData, "{err}");
    // A palette whose data is not whole entries.
    let mut plte = Png {
        chunks: vec![Chunk::new(Body::Palette {
            entries: vec![[1, 2, 3]],
        })],
    }
    .to_format_vec()
    .unwrap();
    plte[11] = 2; // a length of 2
    let crc_covered = [&plte[12..16], &plte[16..18]].concat();
    let crc = crc32(&crc_covered).to_be_bytes();
    plte.splice(18..22, crc);
    plte.truncate(22);
    let err = Png::read_format_exact(&plte).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData, "{err}");
    assert!(err.to_string().contains("entries"), "{err}");
}

/// Every cut and byte on x86_64; every fourth under emulation.
const STEP: usize = if cfg!(target_arch = "x86_64") { 1 } else { 4 };

/// Every truncation is an error or, cut between chunks, the file's first chunks; every byte
/// changed is an error (a type, length, data or CRC byte: the CRC covers type and data, and a
/// changed length moves it); no read holds more than a multiple of its input.
#[test]
fn every_truncation_and_corrupted_byte_is_an_error_never_a_panic() {
    let mut rng = Rng::new(11);
    let mut parts = Vec::new();
    let mut files = vec![("generated".to_string(), generated(&mut rng, &mut parts))];
    if let Ok(real) = pngs::all() {
        // The first 6 KB of a real file and its end (a cut file keeps its chunks' bounds).
        let (name, file) = &real[0];
        let png = Png::read_format_exact(file).unwrap();
        let stream = png.image_data();
        let small = png.with_image_data(&stream[..1500], 700);
        files.push((name.to_string(), small.to_format_vec().unwrap()));
    }
    for (name, file) in &files {
        let boundaries = chunks_by_hand(file).len();
        let mut between_chunks = 0;
        for len in (0..file.len()).step_by(STEP) {
            let cut = &file[..len];
            let (result, peak) =
                peak_of(|| Png::read_format_exact(cut).map(|p| p.to_format_vec().unwrap()));
            match result {
                Ok(back) => {
                    assert!(back == cut, "{name} cut to {len}: read, written back");
                    between_chunks += 1;
                }
                Err(err) => assert!(
                    matches!(
                        err.kind(),
                        ErrorKind::UnexpectedEof | ErrorKind::InvalidData
                    ),
                    "{name} cut to {len}: {err}"
                ),
            }
            assert!(
                peak <= 64 * len + 4096,
                "{name} cut to {len}: {peak} bytes held"
            );
        }
        if STEP == 1 {
            // The signature alone, then after each chunk.
            assert_eq!(between_chunks, boundaries, "{name}: cuts between chunks");
        }
        for at in (0..file.len()).step_by(STEP) {
            let mut bad = file.clone();
            bad[at] ^= 1 << rng.below(8);
            let (result, peak) = peak_of(|| Png::read_format_exact(&bad).map(|p| p.chunks.len()));
            assert!(result.is_err(), "{name}: byte {at} changed, still read");
            assert!(
                peak <= 64 * bad.len() + 4096,
                "{name}: byte {at}: {peak} bytes held"
            );
        }
    }
}
