//! Region files against fastanvil 0.32: every chunk of its own real region (from Cargo's
//! registry) inflates to the same bytes in both readers; regions we write, with every
//! compression (LZ4 too, through fastanvil's lz4-java reader), read back chunk for chunk in
//! fastanvil, and regions fastanvil writes read back in ours.

use std::io::Cursor;

use endian_wire_testkit::nbt_trees::tree;
use endian_wire_testkit::region as files;
use proptest::prelude::*;
use wire_nbt::region::{ChunkCompression, Region, RegionBuilder};
use wire_nbt::{Compound, Nbt};

#[test]
fn every_chunk_of_the_real_region_is_fastanvils() {
    let Some(file) = files::region_or_skip() else {
        return;
    };
    let ours = Region::from_slice(&file).unwrap();
    let mut theirs = fastanvil::Region::from_stream(Cursor::new(&file)).unwrap();
    let mut present = 0;
    for z in 0..32 {
        for x in 0..32 {
            let expected = theirs.read_chunk(x, z).unwrap();
            present += usize::from(expected.is_some());
            assert_eq!(ours.chunk_bytes(x, z).unwrap(), expected, "({x}, {z})");
        }
    }
    assert_eq!(present, ours.len());
    assert!(present > 100);
    // fastanvil's iterator gives the same chunks in the same order.
    let listed: Vec<(usize, usize)> = theirs
        .iter()
        .map(|c| {
            let c = c.unwrap();
            (c.x, c.z)
        })
        .collect();
    let ours_listed: Vec<(usize, usize)> = ours
        .positions()
        .map(|(x, z)| (x.into(), z.into()))
        .collect();
    assert_eq!(listed, ours_listed);
}

fn read_by_fastanvil(file: Vec<u8>) -> Vec<(usize, usize, Vec<u8>)> {
    let mut region = fastanvil::Region::from_stream(Cursor::new(file)).unwrap();
    region
        .iter()
        .map(|c| {
            let c = c.unwrap();
            (c.x, c.z, c.data)
        })
        .collect()
}

const COMPRESSIONS: [ChunkCompression; 4] = [
    ChunkCompression::Zlib,
    ChunkCompression::Gzip,
    ChunkCompression::None,
    ChunkCompression::Lz4,
];

#[test]
fn fastanvil_reads_what_we_write() {
    let Some(file) = files::region_or_skip() else {
        return;
    };
    let real = Region::from_slice(&file).unwrap();
    for compression in COMPRESSIONS {
        let mut b = RegionBuilder::new();
        for c in real.chunks() {
            let c = c.unwrap();
            b.insert_bytes(
                c.x().into(),
                c.z().into(),
                &c.bytes().unwrap(),
                compression,
                c.timestamp(),
            )
            .unwrap();
        }
        let read = read_by_fastanvil(b.to_vec());
        assert_eq!(read.len(), real.len(), "{compression:?}");
        for (x, z, data) in read {
            assert_eq!(
                Some(data),
                real.chunk_bytes(x, z).unwrap(),
                "{compression:?} ({x}, {z})"
            );
        }
    }
}

#[test]
fn we_read_what_fastanvil_writes() {
    let mut theirs = fastanvil::Region::create(Cursor::new(Vec::new())).unwrap();
    let docs: Vec<Vec<u8>> = (0..40)
        .map(|i| {
            Nbt::new(
                "",
                Compound::new()
                    .with("i", i)
                    .with("data", (0..i * 300).map(i64::from).collect::<Vec<_>>()),
            )
            .to_vec()
            .unwrap()
        })
        .collect();
    for (i, d) in docs.iter().enumerate() {
        theirs.write_chunk(i % 32, i / 32 * 7, d).unwrap();
    }
    // Rewritten in place, and moved when it grows.
    theirs.write_chunk(0, 0, &docs[39]).unwrap();
    let file = theirs.into_inner().unwrap().into_inner();
    let ours = Region::from_slice(&file).unwrap();
    assert_eq!(ours.len(), 40);
    for (i, d) in docs.iter().enumerate() {
        let expected = if i == 0 { &docs[39] } else { d };
        assert_eq!(
            ours.chunk_bytes(i % 32, i / 32 * 7).unwrap().as_ref(),
            Some(expected)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random chunks with random compressions: fastanvil reads each as we wrote it.
    #[test]
    fn prop_fastanvil_reads_random_regions(
        chunks in prop::collection::btree_map((0usize..32, 0usize..32), (tree(), 0usize..4), 0..10)
    ) {
        let mut b = RegionBuilder::new();
        for (&(x, z), (root, c)) in &chunks {
            b.insert(x, z, &Nbt::new("", root.clone()), COMPRESSIONS[*c], 0).unwrap();
        }
        let read = read_by_fastanvil(b.to_vec());
        prop_assert_eq!(read.len(), chunks.len());
        for (x, z, data) in read {
            prop_assert_eq!(data, Nbt::new("", chunks[&(x, z)].0.clone()).to_vec().unwrap());
        }
    }
}
