//! wire_nbt's own benchmark, no peer: every reader and writer on simdnbt's seven test files
//! (from its package in Cargo's registry, gunzipped first), a generated ~400 KiB chunk and the
//! 676 chunks of fastanvil's real 1.19.4 region, typed and as a tree. For regressions between
//! two commits (`--save-baseline` / `--baseline`); the comparisons with the other NBT crates,
//! in one run, are `perf_report`'s NBT rows and `.ci/nbt_simdnbt/run.sh bench`.
//!
//! ```sh
//! cargo bench -p wire_nbt
//! NBT_BENCH_QUICK=1 cargo bench -p wire_nbt -- 'read/'
//! ```
//!
//! Every reader is given the uncompressed bytes and its result is dropped inside the timed
//! loop; every writer writes into a new `Vec`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use endian_wire_testkit::bench;
use endian_wire_testkit::nbt as nbt_files;
use endian_wire_testkit::nbt_typed::{self as typed, Chunk, Level, Player};
use wire_nbt::{Nbt, bedrock};

/// simdnbt's files and the generated chunk, uncompressed.
fn documents() -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = nbt_files::FILES
        .iter()
        .map(|f| {
            (
                f.to_string(),
                nbt_files::uncompressed(f).expect("simdnbt's test files"),
            )
        })
        .collect();
    v.push((
        "chunk (generated)".into(),
        nbt_files::chunk().to_vec().unwrap(),
    ));
    v
}

fn trees(c: &mut Criterion) {
    for (name, bytes) in documents() {
        let tree = wire_nbt::from_slice::<Nbt>(&bytes).unwrap();
        let little = bedrock::to_vec(&tree).unwrap();
        let mut g = c.benchmark_group(format!("tree/{name}"));
        g.throughput(Throughput::Bytes(bytes.len() as u64));
        g.bench_function("read", |b| {
            b.iter(|| black_box(wire_nbt::from_slice::<Nbt>(black_box(&bytes)).unwrap()))
        });
        g.bench_function("view", |b| {
            b.iter(|| black_box(wire_nbt::view(black_box(&bytes)).unwrap()))
        });
        g.bench_function("write", |b| {
            b.iter(|| black_box(black_box(&tree).to_vec().unwrap()))
        });
        g.bench_function("read bedrock", |b| {
            b.iter(|| black_box(bedrock::from_slice(black_box(&little)).unwrap()))
        });
        g.bench_function("write bedrock", |b| {
            b.iter(|| black_box(bedrock::to_vec(black_box(&tree)).unwrap()))
        });
        g.finish();
    }
}

fn typed_rows(c: &mut Criterion) {
    let player = nbt_files::uncompressed("complex_player.dat").expect("simdnbt's test files");
    let level = nbt_files::uncompressed("level.dat").expect("simdnbt's test files");
    let mut g = c.benchmark_group("typed");
    g.bench_function("read complex_player.dat", |b| {
        b.iter(|| black_box(wire_nbt::from_slice::<Player>(black_box(&player)).unwrap()))
    });
    g.bench_function("read level.dat", |b| {
        b.iter(|| black_box(wire_nbt::from_slice::<Level>(black_box(&level)).unwrap()))
    });
    let p: Player = wire_nbt::from_slice(&player).unwrap();
    g.bench_function("write complex_player.dat", |b| {
        b.iter(|| black_box(wire_nbt::to_vec(black_box(&p)).unwrap()))
    });
    if let Ok(chunks) = typed::region_chunks() {
        let bytes: u64 = chunks.iter().map(|c| c.len() as u64).sum();
        g.throughput(Throughput::Bytes(bytes));
        g.bench_function("read 676 region chunks", |b| {
            b.iter(|| {
                for chunk in chunks {
                    black_box(wire_nbt::from_slice::<Chunk>(black_box(chunk)).unwrap());
                }
            })
        });
        g.bench_function("read 676 region chunks to trees", |b| {
            b.iter(|| {
                for chunk in chunks {
                    black_box(wire_nbt::from_slice::<Nbt>(black_box(chunk)).unwrap());
                }
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = bench::criterion("NBT_BENCH_QUICK");
    targets = trees, typed_rows
}
criterion_main!(benches);
