//! perf_report's PNG section: the four charts simd_cesu8 1.2.0 ships in its package (RGBA, about
//! a thousand by two hundred pixels, from Cargo's registry), their chunk lists read with every
//! CRC-32 checked and the image header parsed, then written back with every length and CRC
//! computed: by the declaration of `examples/png` (image data, palettes and text borrowed from
//! the file) and by binrw 0.15 and deku 0.20 (`compare/peer_formats/png_{binrw,deku}.rs`,
//! written as their users write them: each chunk's data copied out, the CRC by crc32fast, the
//! header read from the first chunk's copy). The same files re-chunked into image data pieces
//! of 1 KiB show the cost per chunk, and a row of the CRC alone what every reader and writer
//! pays, whatever it copies. The `png` crate is not a case: it is a decoder, and reads
//! no chunk list without inflating the image. A copy of the same bytes is the floor.

use std::hint::black_box;

use endian_wire::format::{ReadFormat, WriteFormat};
use endian_wire_testkit::pngs;

use super::Workload;

#[path = "../../../examples/png/format.rs"]
#[allow(dead_code)] // the example's helpers the report does not call
mod format;
#[path = "../../peer_formats/png_binrw.rs"]
#[allow(dead_code)] // the one-shot writers the report does not call
mod with_binrw;
#[path = "../../peer_formats/png_deku.rs"]
#[allow(dead_code)]
mod with_deku;

use format::Png;

/// The declaration: every chunk (each CRC checked) and the header's width.
fn ours(file: &[u8]) -> u32 {
    let png = Png::read_format_exact(file).unwrap();
    let width = png.header().unwrap().width;
    black_box(&png);
    width
}

/// binrw: every chunk (each CRC checked), then the header from the first chunk.
fn binrw(file: &[u8]) -> u32 {
    let png = with_binrw::parse(file).unwrap();
    let width = png.header().unwrap().width;
    black_box(&png);
    width
}

/// deku: every chunk (each CRC checked), then the header from the first chunk.
fn deku(file: &[u8]) -> u32 {
    let png = with_deku::parse(file).unwrap();
    let width = png.header().unwrap().width;
    black_box(&png);
    width
}

/// The read and write rows of one batch of files.
fn rows(label: &str, files: &'static [Vec<u8>]) -> Vec<Workload> {
    let bytes: usize = files.iter().map(Vec::len).sum();
    let joined: &'static [u8] = files.concat().leak();
    let ours_read: Vec<Png<'static>> = files
        .iter()
        .map(|f| Png::read_format_exact(f).unwrap())
        .collect();
    let by_binrw: Vec<with_binrw::Png> = files
        .iter()
        .map(|f| with_binrw::parse(f).unwrap())
        .collect();
    let by_deku: Vec<with_deku::Png> = files.iter().map(|f| with_deku::parse(f).unwrap()).collect();
    for (((file, o), b), d) in files.iter().zip(&ours_read).zip(&by_binrw).zip(&by_deku) {
        assert_eq!(ours(file), binrw(file), "binrw: the same header");
        assert_eq!(ours(file), deku(file), "deku: the same header");
        assert_eq!(b.chunks.len(), o.chunks.len(), "binrw: the same chunks");
        assert_eq!(d.chunks.len(), o.chunks.len(), "deku: the same chunks");
        assert_eq!(&o.to_format_vec().unwrap(), file, "written back");
        assert_eq!(&with_binrw::write(b).unwrap(), file, "binrw: written back");
        assert_eq!(&with_deku::write(d).unwrap(), file, "deku: written back");
    }
    let mut out: Vec<u8> = Vec::with_capacity(bytes);
    let mut binrw_out: Vec<u8> = Vec::with_capacity(bytes);
    let mut deku_out: Vec<u8> = Vec::with_capacity(bytes);
    vec![
        Workload::new(format!("PNG: {label}, read"), bytes)
            .case("endian_wire", move || {
                for f in files {
                    black_box(ours(black_box(f)));
                }
            })
            .case("binrw", move || {
                for f in files {
                    black_box(binrw(black_box(f)));
                }
            })
            .case("deku", move || {
                for f in files {
                    black_box(deku(black_box(f)));
                }
            })
            .case("memcpy", move || {
                black_box(black_box(joined).to_vec());
            }),
        Workload::new(format!("PNG: {label}, written"), bytes)
            .case("endian_wire", move || {
                // One file at a time into the same buffer, as the peers below write.
                for png in &ours_read {
                    out.clear();
                    png.write_format(&mut out).unwrap();
                    black_box(&out);
                }
            })
            .case("binrw", move || {
                for png in &by_binrw {
                    with_binrw::write_into(png, &mut binrw_out).unwrap();
                    black_box(&binrw_out);
                }
            })
            .case("deku", move || {
                for png in &by_deku {
                    with_deku::write_into(png, &mut deku_out).unwrap();
                    black_box(&deku_out);
                }
            })
            .case("memcpy", move || {
                black_box(black_box(joined).to_vec());
            }),
    ]
}

pub(super) fn workloads() -> Vec<Workload> {
    let files: &'static [Vec<u8>] = pngs::all()
        .unwrap_or_else(|e| panic!("perf_report: {e}"))
        .into_iter()
        .map(|(_, bytes)| bytes)
        .collect::<Vec<_>>()
        .leak();
    let bytes: usize = files.iter().map(Vec::len).sum();
    // The same images, their data in 1 KiB chunks (the declaration's own re-chunking).
    let rechunked: &'static [Vec<u8>] = files
        .iter()
        .map(|f| {
            let png = Png::read_format_exact(f).unwrap();
            let stream = png.image_data();
            png.with_image_data(&stream, 1024).to_format_vec().unwrap()
        })
        .collect::<Vec<_>>()
        .leak();
    let chunks: usize = rechunked
        .iter()
        .map(|f| Png::read_format_exact(f).unwrap().chunks.len())
        .sum();
    let mut all = rows(
        &format!(
            "simd_cesu8's four charts ({} KiB, {} chunks)",
            bytes / 1024,
            files
                .iter()
                .map(|f| Png::read_format_exact(f).unwrap().chunks.len())
                .sum::<usize>()
        ),
        files,
    );
    all.extend(rows(
        &format!(
            "the same charts in 1 KiB image data chunks ({} KiB, {chunks} chunks)",
            rechunked.iter().map(Vec::len).sum::<usize>() / 1024
        ),
        rechunked,
    ));
    // The checksum alone, which every case above pays whatever it copies: the same bytes through the
    // crate's `crc32` and through crc32fast, the peers' CRC.
    let joined: &'static [u8] = files.concat().leak();
    assert_eq!(endian_wire::format::crc32(joined), crc32fast::hash(joined));
    all.push(
        Workload::new(
            format!(
                "PNG: CRC-32 of the four charts' bytes ({} KiB)",
                bytes / 1024
            ),
            bytes,
        )
        .case("endian_wire", move || {
            black_box(endian_wire::format::crc32(black_box(joined)));
        })
        .case("crc32fast", move || {
            black_box(crc32fast::hash(black_box(joined)));
        }),
    );
    all
}
