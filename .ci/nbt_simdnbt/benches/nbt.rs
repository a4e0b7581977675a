//! The `nbt` benchmark: endian_wire's NBT against simdnbt 0.9 (owned and borrowed), valence_nbt
//! 0.8 and fastnbt 2.6 (`Value`), all in one run, on `complex_player.dat`, `hypixel.nbt`,
//! `bigtest.nbt`, `inttest1023.nbt` (from simdnbt's package, gunzipped first) and a generated
//! ~400 KiB chunk; then int and long arrays converted to `Vec`s against a copy of their bytes.
//!
//! ```sh
//! .ci/nbt_simdnbt/run.sh bench              # stable, RUSTC_BOOTSTRAP scoped to simdnbt
//! NBT_BENCH_QUICK=1 .ci/nbt_simdnbt/run.sh bench
//! ```
//!
//! Every reader is given the uncompressed bytes and its result is dropped inside the timed
//! loop (what a program that reads and discards pays); every writer writes into a new `Vec`.
//! All use the system allocator.

use endian_wire_testkit::bench;
use endian_wire_testkit::nbt as nbt_files;

use std::hint::black_box;
use std::io::Cursor;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use endian_wire::nbt;

fn inputs() -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = [
        "complex_player.dat",
        "hypixel.nbt",
        "bigtest.nbt",
        "inttest1023.nbt",
    ]
    .iter()
    .map(|f| (f.to_string(), nbt_files::uncompressed(f).expect("simdnbt's test files")))
    .collect();
    v.push(("chunk (generated)".into(), nbt_files::chunk().to_vec().unwrap()));
    v
}

fn read(c: &mut Criterion) {
    for (name, bytes) in inputs() {
        let mut g = c.benchmark_group(format!("nbt read/{name}"));
        g.throughput(Throughput::Bytes(bytes.len() as u64));
        g.bench_function("endian_wire", |b| {
            b.iter(|| black_box(nbt::from_slice::<nbt::Nbt>(black_box(&bytes)).unwrap()))
        });
        g.bench_function("endian_wire view", |b| {
            b.iter(|| black_box(nbt::view(black_box(&bytes)).unwrap()))
        });
        g.bench_function("simdnbt owned", |b| {
            b.iter(|| black_box(simdnbt::owned::read(&mut Cursor::new(black_box(&bytes[..]))).unwrap()))
        });
        g.bench_function("simdnbt borrow", |b| {
            b.iter(|| black_box(simdnbt::borrow::read(&mut Cursor::new(black_box(&bytes[..]))).unwrap()))
        });
        g.bench_function("valence_nbt", |b| {
            b.iter(|| black_box(valence_nbt::from_binary::<String>(&mut black_box(&bytes[..])).unwrap()))
        });
        g.bench_function("fastnbt Value", |b| {
            b.iter(|| black_box(fastnbt::from_bytes::<fastnbt::Value>(black_box(&bytes)).unwrap()))
        });
        g.finish();
    }
}

fn write(c: &mut Criterion) {
    for (name, bytes) in inputs() {
        let ours = nbt::from_slice::<nbt::Nbt>(&bytes).unwrap();
        let simd = simdnbt::owned::read(&mut Cursor::new(&bytes[..])).unwrap();
        let (valence, valence_name) = valence_nbt::from_binary::<String>(&mut &bytes[..]).unwrap();
        let fast: fastnbt::Value = fastnbt::from_bytes(&bytes).unwrap();
        let mut g = c.benchmark_group(format!("nbt write/{name}"));
        g.throughput(Throughput::Bytes(bytes.len() as u64));
        g.bench_function("endian_wire", |b| b.iter(|| black_box(black_box(&ours).to_vec().unwrap())));
        g.bench_function("simdnbt", |b| {
            b.iter(|| {
                let mut out = Vec::new();
                black_box(&simd).write(&mut out);
                black_box(out)
            })
        });
        g.bench_function("valence_nbt", |b| {
            b.iter(|| {
                let mut out = Vec::new();
                valence_nbt::to_binary(black_box(&valence), &mut out, &valence_name).unwrap();
                black_box(out)
            })
        });
        g.bench_function("fastnbt Value", |b| {
            b.iter(|| black_box(fastnbt::to_bytes(black_box(&fast)).unwrap()))
        });
        g.finish();
    }
}

/// An int array and a long array of `bytes` bytes each, converted to `Vec`s from a view,
/// against copying the same bytes into a new `Vec<u8>` (memcpy) and simdnbt's borrowed
/// reader's conversion of the same arrays.
fn arrays(c: &mut Criterion) {
    for size in [1024usize, 4096, 16 * 1024, 64 * 1024] {
        let doc = nbt::Nbt::new(
            "",
            nbt::Compound::new()
                .with("i", (0..size / 4).map(|i| i as i32 * 7919).collect::<Vec<i32>>())
                .with("l", (0..size / 8).map(|i| i as i64 * 7919).collect::<Vec<i64>>()),
        );
        let bytes = doc.to_vec().unwrap();
        let view = nbt::view(&bytes).unwrap();
        let root = view.root();
        let (ints, longs) = (root.int_array("i").unwrap(), root.long_array("l").unwrap());
        let simd = simdnbt::borrow::read(&mut Cursor::new(&bytes[..])).unwrap().unwrap();
        let simd = simd.as_compound();
        let mut g = c.benchmark_group(format!("nbt arrays/{} KiB", size / 1024));
        g.throughput(Throughput::Bytes(size as u64));
        g.bench_function("memcpy", |b| b.iter(|| black_box(black_box(ints.as_bytes()).to_vec())));
        g.bench_function("endian_wire IntArray", |b| b.iter(|| black_box(black_box(ints).to_vec())));
        g.bench_function("endian_wire LongArray", |b| b.iter(|| black_box(black_box(longs).to_vec())));
        g.bench_function("simdnbt IntArray", |b| {
            b.iter(|| black_box(black_box(&simd).int_array("i").unwrap()))
        });
        g.bench_function("simdnbt LongArray", |b| {
            b.iter(|| black_box(black_box(&simd).long_array("l").unwrap()))
        });
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = bench::criterion("NBT_BENCH_QUICK");
    targets = read, write, arrays
}
criterion_main!(benches);
