//! Region files (`nbt::region`): the real region of fastanvil's package (from Cargo's registry)
//! read chunk by chunk against an inflater of our own (flate2 directly), from a slice and from
//! the file; regions written with every compression read back chunk for chunk; the layout
//! pinned; chunks in `.mcc` files. (fastanvil itself reads what we write in
//! `endian_wire_compare`'s `tests/peers/nbt_region.rs`; hostile headers are in `hostile.rs`.)

#![cfg(feature = "flate2")]

use std::io::Read;

use endian_wire_testkit::nbt_trees::tree;
use endian_wire_testkit::region as files;
use proptest::prelude::*;
use wire_nbt::region::{ChunkCompression, Region, RegionBuilder, RegionFile};
use wire_nbt::{self as nbt, Compound, ErrorKind, List, Nbt};

/// The chunk at header index `i` of `file`, inflated by hand: the oracle.
fn inflate_by_hand(file: &[u8], x: usize, z: usize) -> Option<Vec<u8>> {
    let i = 4 * (x + 32 * z);
    let loc = u32::from_be_bytes(file[i..i + 4].try_into().unwrap());
    if loc == 0 {
        return None;
    }
    let at = (loc >> 8) as usize * 4096;
    let len = u32::from_be_bytes(file[at..at + 4].try_into().unwrap()) as usize;
    let data = &file[at + 5..at + 4 + len];
    let mut out = Vec::new();
    match file[at + 4] {
        2 => flate2::read::ZlibDecoder::new(data)
            .read_to_end(&mut out)
            .unwrap(),
        1 => flate2::read::GzDecoder::new(data)
            .read_to_end(&mut out)
            .unwrap(),
        3 => {
            out.extend_from_slice(data);
            0
        }
        other => panic!("compression {other} in the real file"),
    };
    Some(out)
}

#[test]
#[cfg_attr(miri, ignore = "reads a 4 MiB file found by running cargo")]
fn every_chunk_of_the_real_region_reads() {
    let Some(file) = files::region_or_skip() else {
        return;
    };
    let region = Region::from_slice(&file).unwrap();
    let mut present = 0;
    let mut buf = Vec::new();
    for z in 0..32 {
        for x in 0..32 {
            let expected = inflate_by_hand(&file, x, z);
            assert_eq!(region.is_present(x, z), expected.is_some());
            let bytes = region.chunk_bytes(x, z).unwrap();
            assert_eq!(bytes, expected, "chunk ({x}, {z})");
            let Some(bytes) = bytes else { continue };
            present += 1;
            let chunk = region.chunk(x, z).unwrap().unwrap();
            assert_eq!((chunk.x(), chunk.z()), (x as u8, z as u8));
            assert_eq!(chunk.compression(), ChunkCompression::Zlib);
            assert!(chunk.timestamp() > 1_600_000_000, "{}", chunk.timestamp());
            let tree = chunk.to_nbt().unwrap();
            assert_eq!(
                tree.to_vec().unwrap(),
                bytes,
                "chunk ({x}, {z}) written back"
            );
            assert_eq!(tree.int("xPos").map(|v| v.rem_euclid(32)), Some(x as i32));
            assert_eq!(tree.int("zPos").map(|v| v.rem_euclid(32)), Some(z as i32));
            let view = chunk.view_in(&mut buf).unwrap();
            assert_eq!(view.to_owned().unwrap(), tree);
            // Typed: the testkit's chunk struct, as from the inflated bytes.
            let typed: endian_wire_testkit::nbt_typed::Chunk = chunk.deserialize().unwrap();
            assert_eq!(
                typed,
                nbt::from_slice(&bytes).unwrap(),
                "chunk ({x}, {z}) typed"
            );
        }
    }
    assert_eq!(present, region.len());
    assert!(present > 100, "{present} chunks");
    assert_eq!(region.chunks().count(), present);
    assert!(region.chunks().all(|c| c.is_ok()));
    assert_eq!(region.positions().count(), present);
}

#[test]
#[cfg_attr(miri, ignore = "reads a 4 MiB file found by running cargo")]
fn the_file_reader_agrees_with_the_slice_reader() {
    let Some(path) = files::region_path_or_skip() else {
        return;
    };
    let file = std::fs::read(&path).unwrap();
    let region = Region::from_slice(&file).unwrap();
    // Not named `r.<x>.<z>.mca`: no external chunks, which this file has none of.
    let mut reader = RegionFile::open(&path).unwrap();
    let mut cursor = RegionFile::new(std::io::Cursor::new(&file)).unwrap();
    assert_eq!(
        reader.positions().collect::<Vec<_>>(),
        region.positions().collect::<Vec<_>>()
    );
    for z in 0..32 {
        for x in 0..32 {
            let expected = region.chunk_bytes(x, z).unwrap();
            assert_eq!(reader.chunk_bytes(x, z).unwrap(), expected);
            assert_eq!(cursor.chunk_bytes(x, z).unwrap(), expected);
            assert_eq!(reader.timestamp(x, z), region.timestamp(x, z));
        }
    }
    let (x, z) = region.positions().next().unwrap();
    let (x, z) = (usize::from(x), usize::from(z));
    assert_eq!(
        reader.chunk_nbt(x, z).unwrap(),
        region.chunk_nbt(x, z).unwrap()
    );
}

#[cfg(feature = "rayon")]
#[test]
#[cfg_attr(miri, ignore = "reads a 4 MiB file found by running cargo")]
fn par_chunks_reads_what_chunks_reads() {
    use rayon::prelude::*;
    let Some(file) = files::region_or_skip() else {
        return;
    };
    let region = Region::from_slice(&file).unwrap();
    let serial: Vec<Nbt> = region
        .chunks()
        .map(|c| c.unwrap().to_nbt().unwrap())
        .collect();
    let parallel: Vec<Nbt> = region
        .par_chunks()
        .map(|c| c?.to_nbt())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(parallel, serial);
}

/// Every compression this build writes.
fn compressions() -> Vec<ChunkCompression> {
    let mut v = vec![
        ChunkCompression::Zlib,
        ChunkCompression::Gzip,
        ChunkCompression::None,
    ];
    if cfg!(feature = "lz4") {
        v.push(ChunkCompression::Lz4);
    }
    v
}

#[test]
#[cfg_attr(miri, ignore = "reads a 4 MiB file found by running cargo")]
fn the_real_region_written_back_reads_the_same_chunks() {
    let Some(file) = files::region_or_skip() else {
        return;
    };
    let region = Region::from_slice(&file).unwrap();
    // Copied as stored: the same file, since Minecraft laid it out in the header's order?
    // Not necessarily (it reuses freed sectors), so compare chunk by chunk.
    let mut copy = RegionBuilder::new();
    for c in region.chunks() {
        copy.insert_chunk(&c.unwrap()).unwrap();
    }
    let copied = copy.to_vec();
    assert_eq!(copied.len() % 4096, 0);
    assert!(copied.len() <= file.len());
    let back = Region::from_slice(&copied).unwrap();
    for c in region.chunks() {
        let c = c.unwrap();
        let (x, z) = (usize::from(c.x()), usize::from(c.z()));
        let d = back.chunk(x, z).unwrap().unwrap();
        assert_eq!(d.compressed(), c.compressed());
        assert_eq!(d.timestamp(), c.timestamp());
    }
    // Recompressed with every scheme: the same documents.
    for compression in compressions() {
        let mut builder = RegionBuilder::new();
        for c in region.chunks() {
            let c = c.unwrap();
            builder
                .insert_bytes(
                    c.x().into(),
                    c.z().into(),
                    &c.bytes().unwrap(),
                    compression,
                    c.timestamp(),
                )
                .unwrap();
        }
        let written = builder.to_vec();
        let back = Region::from_slice(&written).unwrap();
        assert_eq!(back.len(), region.len());
        for c in back.chunks() {
            let c = c.unwrap();
            assert_eq!(c.compression(), compression);
            let (x, z) = (usize::from(c.x()), usize::from(c.z()));
            assert_eq!(
                c.bytes().unwrap(),
                region.chunk_bytes(x, z).unwrap().unwrap(),
                "{compression:?} ({x}, {z})"
            );
        }
    }
}

#[test]
fn the_layout_is_minecrafts() {
    let small = Nbt::new("", Compound::new().with("a", 1));
    let big = Nbt::new(
        "",
        Compound::new().with("data", (0..3000).map(|i| i * 7919).collect::<Vec<i64>>()),
    );
    let mut b = RegionBuilder::new();
    b.insert(31, 0, &small, ChunkCompression::None, 0x0102_0304)
        .unwrap();
    b.insert(0, 1, &big, ChunkCompression::None, 5).unwrap();
    b.insert(0, 0, &small, ChunkCompression::None, 6).unwrap();
    let file = b.to_vec();
    let small_bytes = small.to_vec().unwrap();
    let big_bytes = big.to_vec().unwrap();
    // Header order: (0, 0) at sector 2, (31, 0) at 3, (0, 1) at 4 over 6 sectors.
    assert_eq!(file[0..4], [0, 0, 2, 1]);
    assert_eq!(file[4 * 31..4 * 32], [0, 0, 3, 1]);
    let big_sectors = (5 + big_bytes.len()).div_ceil(4096) as u8;
    assert_eq!(big_sectors, 6);
    assert_eq!(file[4 * 32..4 * 33], [0, 0, 4, big_sectors]);
    assert_eq!(file[4096 + 4 * 31..4096 + 4 * 32], [1, 2, 3, 4]);
    assert_eq!(file[4096 + 4 * 32..4096 + 4 * 33], [0, 0, 0, 5]);
    // Each chunk: length (data + the compression byte), compression, data, zeros.
    let at = 3 * 4096;
    assert_eq!(
        file[at..at + 4],
        (small_bytes.len() as u32 + 1).to_be_bytes()
    );
    assert_eq!(file[at + 4], 3);
    assert_eq!(file[at + 5..at + 5 + small_bytes.len()], small_bytes[..]);
    assert!(
        file[at + 5 + small_bytes.len()..4 * 4096]
            .iter()
            .all(|&b| b == 0)
    );
    assert_eq!(file.len(), (4 + usize::from(big_sectors)) * 4096);
    // Removing a chunk frees its sectors.
    assert!(b.remove(0, 1));
    assert!(!b.remove(0, 1));
    assert_eq!(b.to_vec().len(), 4 * 4096);
    assert_eq!(b.len(), 2);
}

#[test]
fn every_compression_round_trips() {
    let docs = [
        endian_wire_testkit::nbt::chunk(),
        Nbt::new("", Compound::new()),
        Nbt::new("", Compound::new().with("l", List::Empty)),
    ];
    for compression in compressions() {
        let mut b = RegionBuilder::new();
        for (i, doc) in docs.iter().enumerate() {
            b.insert(i, 31 - i, doc, compression, i as u32).unwrap();
        }
        let file = b.to_vec();
        let region = Region::from_slice(&file).unwrap();
        for (i, doc) in docs.iter().enumerate() {
            assert_eq!(
                region.chunk_nbt(i, 31 - i).unwrap().as_ref(),
                Some(doc),
                "{compression:?}"
            );
            assert_eq!(
                region.chunk_bytes(i, 31 - i).unwrap().unwrap(),
                doc.to_vec().unwrap()
            );
        }
    }
}

#[cfg(feature = "lz4")]
#[test]
fn lz4_streams_are_lz4_javas_blocks() {
    // Incompressible bytes are stored (method 0x10), compressible ones are LZ4 (0x20), in
    // 64 KiB blocks; an empty block ends the stream.
    let doc = Nbt::new(
        "",
        Compound::new().with("zeros", vec![0i8; 100_000]).with(
            "noise",
            (0..70_000u32)
                .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as i8)
                .collect::<Vec<i8>>(),
        ),
    );
    let mut b = RegionBuilder::new();
    b.insert(0, 0, &doc, ChunkCompression::Lz4, 0).unwrap();
    let file = b.to_vec();
    let region = Region::from_slice(&file).unwrap();
    let data = region.chunk(0, 0).unwrap().unwrap().compressed().unwrap();
    let mut at = 0;
    let mut methods = Vec::new();
    loop {
        assert_eq!(&data[at..at + 8], b"LZ4Block");
        let token = data[at + 8];
        assert_eq!(token & 0x0F, 6, "64 KiB blocks");
        let compressed = u32::from_le_bytes(data[at + 9..at + 13].try_into().unwrap()) as usize;
        let original = u32::from_le_bytes(data[at + 13..at + 17].try_into().unwrap()) as usize;
        assert!(original <= 65536);
        methods.push(token & 0xF0);
        at += 21 + compressed;
        if original == 0 {
            break;
        }
    }
    assert_eq!(at, data.len());
    assert!(
        methods.contains(&0x20) && methods.contains(&0x10),
        "{methods:x?}"
    );
    assert_eq!(region.chunk_nbt(0, 0).unwrap(), Some(doc));
}

#[test]
fn chunks_in_mcc_files_are_read_beside_the_region() {
    let dir = std::env::temp_dir().join(format!("endian_wire_mcc_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let doc = Nbt::new("", Compound::new().with("xPos", -31).with("zPos", 65));
    // Chunk (1, 1) of region (-1, 2) is chunk (-31, 65) of the world: stored in
    // `c.-31.65.mcc`, its entry in the region just the compression byte 2 + 128.
    let mut header = vec![0u8; 3 * 4096];
    header[4 * 33..4 * 34].copy_from_slice(&[0, 0, 2, 1]);
    header[2 * 4096..2 * 4096 + 5].copy_from_slice(&[0, 0, 0, 1, 130]);
    let path = dir.join("r.-1.2.mca");
    std::fs::write(&path, &header).unwrap();
    let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut zlib, &doc.to_vec().unwrap()).unwrap();
    std::fs::write(dir.join("c.-31.65.mcc"), zlib.finish().unwrap()).unwrap();

    let mut file = RegionFile::open(&path).unwrap();
    assert_eq!(file.chunk_nbt(1, 1).unwrap(), Some(doc.clone()));
    // From a slice (or a reader without a path) it is reported as external.
    let region = Region::from_slice(&header).unwrap();
    let chunk = region.chunk(1, 1).unwrap().unwrap();
    assert_eq!(chunk.compressed(), None);
    let e = chunk.bytes().unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::ExternalChunk), "{e}");
    assert_eq!(e.chunk(), Some((1, 1)));
    let mut reader = RegionFile::new(std::io::Cursor::new(&header)).unwrap();
    assert!(matches!(
        reader.chunk_nbt(1, 1).unwrap_err().kind(),
        ErrorKind::ExternalChunk
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn errors_name_the_chunk() {
    let region_bytes = vec![0u8; 8192];
    let region = Region::from_slice(&region_bytes).unwrap();
    let e = region.chunk(32, 0).unwrap_err();
    assert!(matches!(
        e.kind(),
        ErrorKind::ChunkCoordinates { x: 32, z: 0 }
    ));
    assert_eq!(region.timestamp(0, 32), None);
    assert!(!region.is_present(40, 40));

    // A chunk whose document is cut short: the NBT error, in the chunk.
    let mut b = RegionBuilder::new();
    b.insert_bytes(5, 9, &[10, 0, 0, 3, 0, 1, b'x'], ChunkCompression::None, 0)
        .unwrap();
    let file = b.to_vec();
    let e = Region::from_slice(&file)
        .unwrap()
        .chunk_nbt(5, 9)
        .unwrap_err();
    assert_eq!(e.chunk(), Some((5, 9)));
    assert_eq!(e.offset(), 7);
    assert_eq!(
        e.to_string(),
        "NBT: at byte 7: the input ended; 4 more bytes needed for an int, in the region's chunk (5, 9)"
    );
    // Too short for a header.
    assert!(matches!(
        Region::from_slice(&[0; 100]).unwrap_err().kind(),
        ErrorKind::UnexpectedEof { needed: 8092, .. }
    ));
    // A chunk that NBT cannot hold or that is larger than 255 sectors.
    let e = b
        .insert_compressed(0, 0, ChunkCompression::None, &vec![0; 255 * 4096], 0)
        .unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Unencodable { .. }), "{e}");
    assert_eq!(e.chunk(), Some((0, 0)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(endian_wire_testkit::proptest_cases(32)))]

    /// Random chunks at random positions, each with a random compression: read back the same.
    #[test]
    fn prop_random_regions_round_trip(
        chunks in prop::collection::btree_map((0usize..32, 0usize..32), (tree(), 0usize..3, any::<u32>()), 0..12)
    ) {
        let schemes = compressions();
        let mut b = RegionBuilder::new();
        for (&(x, z), (root, c, t)) in &chunks {
            b.insert(x, z, &Nbt::new("", root.clone()), schemes[*c % schemes.len()], *t).unwrap();
        }
        let file = b.to_vec();
        prop_assert_eq!(file.len() % 4096, 0);
        let region = Region::from_slice(&file).unwrap();
        prop_assert_eq!(region.len(), chunks.len());
        for (&(x, z), (root, c, t)) in &chunks {
            let chunk = region.chunk(x, z).unwrap().unwrap();
            prop_assert_eq!(chunk.compression(), schemes[*c % schemes.len()]);
            prop_assert_eq!(chunk.timestamp(), *t);
            // As bytes: NaNs compare unequal as values.
            prop_assert_eq!(chunk.bytes().unwrap(), Nbt::new("", root.clone()).to_vec().unwrap());
        }
    }
}
