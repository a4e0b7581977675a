//! The `nbt` benchmark: wire_nbt against simdnbt 0.10 and na_nbt 0.2.1 (owned and borrowed
//! each), valence_nbt 0.8 and fastnbt 2.6 (`Value`), all in one run. First the typed reads and writes: serde
//! structs of `complex_player.dat`, `level.dat` and the 676 chunks of a real 1.19.4 region file
//! (fastanvil's package) against fastnbt's serde with the same structs, simdnbt's derive, and
//! our tree (then walked by hand, for the chunks), and na_nbt's serde on the two files (its
//! structs in `src/na.rs`). Then the trees, on simdnbt's seven test files (from its package,
//! gunzipped first), a generated ~400 KiB chunk, a generated server list of long strings and the
//! 676 real chunks, in Java's big-endian form and Bedrock's little-endian one (`nbt read LE/`,
//! `nbt write LE/`: ours against na_nbt, the one peer here that reads it); then int and long arrays converted to `Vec`s against a copy of their bytes.
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
use endian_wire_testkit::nbt_typed::{self as typed, Chunk, Level, Player};

use std::hint::black_box;
use std::io::Cursor;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use na_nbt::{BE, LE, Writable};
use wire_nbt as nbt;

fn inputs() -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = nbt_files::FILES
        .iter()
    .map(|f| (f.to_string(), nbt_files::uncompressed(f).expect("simdnbt's test files")))
    .collect();
    v.push(("chunk (generated)".into(), nbt_files::chunk().to_vec().unwrap()));
    v.push(("long strings (generated)".into(), nbt_files::long_strings().to_vec().unwrap()));
    v
}

fn read(c: &mut Criterion) {
    for (name, bytes) in inputs() {
        let mut g = c.benchmark_group(format!("nbt read/{name}"));
        g.throughput(Throughput::Bytes(bytes.len() as u64));
        g.bench_function("wire_nbt", |b| {
            b.iter(|| black_box(nbt::from_slice::<nbt::Nbt>(black_box(&bytes)).unwrap()))
        });
        g.bench_function("wire_nbt view", |b| {
            b.iter(|| black_box(nbt::view(black_box(&bytes)).unwrap()))
        });
        if name.starts_with("long strings") {
            // What a read or write of text that needs no re-encoding can come down to.
            g.bench_function("memcpy", |b| b.iter(|| black_box(black_box(&bytes[..]).to_vec())));
        }
        g.bench_function("simdnbt owned", |b| {
            b.iter(|| black_box(simdnbt::owned::read(&mut Cursor::new(black_box(&bytes[..]))).unwrap()))
        });
        g.bench_function("simdnbt borrow", |b| {
            b.iter(|| black_box(simdnbt::borrow::read(&mut Cursor::new(black_box(&bytes[..]))).unwrap()))
        });
        g.bench_function("na_nbt owned", |b| {
            b.iter(|| black_box(na_nbt::read_owned::<BE, BE>(black_box(&bytes)).unwrap()))
        });
        g.bench_function("na_nbt borrow", |b| {
            b.iter(|| black_box(na_nbt::read_borrowed::<BE>(black_box(&bytes)).unwrap()))
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
        let na = na_nbt::read_owned::<BE, BE>(&bytes).unwrap();
        let mut g = c.benchmark_group(format!("nbt write/{name}"));
        g.throughput(Throughput::Bytes(bytes.len() as u64));
        g.bench_function("wire_nbt", |b| b.iter(|| black_box(black_box(&ours).to_vec().unwrap())));
        g.bench_function("simdnbt", |b| {
            b.iter(|| {
                let mut out = Vec::new();
                black_box(&simd).write(&mut out);
                black_box(out)
            })
        });
        g.bench_function("na_nbt", |b| b.iter(|| black_box(black_box(&na).write_to_vec::<BE>())));
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

/// Bedrock's little-endian form of every input (written by us): ours (`bedrock::from_slice`,
/// `bedrock::view`, `bedrock::to_vec`) against na_nbt's readers and writer in that order.
fn little_endian(c: &mut Criterion) {
    for (name, bytes) in inputs() {
        let le = nbt::bedrock::to_vec(&nbt::from_slice::<nbt::Nbt>(&bytes).unwrap()).unwrap();
        let mut g = c.benchmark_group(format!("nbt read LE/{name}"));
        g.throughput(Throughput::Bytes(le.len() as u64));
        g.bench_function("wire_nbt", |b| b.iter(|| black_box(nbt::bedrock::from_slice(black_box(&le)).unwrap())));
        g.bench_function("wire_nbt view", |b| b.iter(|| black_box(nbt::bedrock::view(black_box(&le)).unwrap())));
        g.bench_function("na_nbt owned", |b| {
            b.iter(|| black_box(na_nbt::read_owned::<LE, LE>(black_box(&le)).unwrap()))
        });
        g.bench_function("na_nbt borrow", |b| {
            b.iter(|| black_box(na_nbt::read_borrowed::<LE>(black_box(&le)).unwrap()))
        });
        g.finish();
        let ours = nbt::bedrock::from_slice(&le).unwrap();
        let na = na_nbt::read_owned::<LE, LE>(&le).unwrap();
        let mut g = c.benchmark_group(format!("nbt write LE/{name}"));
        g.throughput(Throughput::Bytes(le.len() as u64));
        g.bench_function("wire_nbt", |b| b.iter(|| black_box(nbt::bedrock::to_vec(black_box(&ours)).unwrap())));
        g.bench_function("na_nbt", |b| b.iter(|| black_box(black_box(&na).write_to_vec::<LE>())));
        g.finish();
    }
}

/// The trees and views on real data: the 676 chunks of a real 1.19.4 region file (fastanvil's
/// package; one iteration reads, views or writes all of them), against simdnbt's owned tree and
/// borrowed reader.
fn real_chunks(c: &mut Criterion) {
    let chunks = typed::region_chunks().expect("fastanvil's region file");
    let total: usize = chunks.iter().map(Vec::len).sum();
    let name = "676 real 1.19.4 chunks";
    let mut g = c.benchmark_group(format!("nbt read/{name}"));
    g.throughput(Throughput::Bytes(total as u64));
    g.bench_function("wire_nbt", |b| {
        b.iter(|| {
            for d in chunks {
                black_box(nbt::from_slice::<nbt::Nbt>(black_box(d)).unwrap());
            }
        })
    });
    g.bench_function("wire_nbt view", |b| {
        b.iter(|| {
            for d in chunks {
                black_box(nbt::view(black_box(d)).unwrap());
            }
        })
    });
    g.bench_function("simdnbt owned", |b| {
        b.iter(|| {
            for d in chunks {
                black_box(simdnbt::owned::read(&mut Cursor::new(black_box(&d[..]))).unwrap());
            }
        })
    });
    g.bench_function("simdnbt borrow", |b| {
        b.iter(|| {
            for d in chunks {
                black_box(simdnbt::borrow::read(&mut Cursor::new(black_box(&d[..]))).unwrap());
            }
        })
    });
    g.bench_function("na_nbt owned", |b| {
        b.iter(|| {
            for d in chunks {
                black_box(na_nbt::read_owned::<BE, BE>(black_box(d)).unwrap());
            }
        })
    });
    g.bench_function("na_nbt borrow", |b| {
        b.iter(|| {
            for d in chunks {
                black_box(na_nbt::read_borrowed::<BE>(black_box(d)).unwrap());
            }
        })
    });
    g.finish();
    let na: Vec<_> = chunks.iter().map(|d| na_nbt::read_owned::<BE, BE>(d).unwrap()).collect();
    let ours: Vec<nbt::Nbt> = chunks.iter().map(|d| nbt::from_slice(d).unwrap()).collect();
    let simd: Vec<_> = chunks.iter().map(|d| simdnbt::owned::read(&mut Cursor::new(&d[..])).unwrap()).collect();
    let mut g = c.benchmark_group(format!("nbt write/{name}"));
    g.throughput(Throughput::Bytes(total as u64));
    g.bench_function("wire_nbt", |b| {
        b.iter(|| {
            for t in &ours {
                black_box(black_box(t).to_vec().unwrap());
            }
        })
    });
    g.bench_function("simdnbt", |b| {
        b.iter(|| {
            for t in &simd {
                let mut out = Vec::new();
                black_box(t).write(&mut out);
                black_box(out);
            }
        })
    });
    g.bench_function("na_nbt", |b| {
        b.iter(|| {
            for t in &na {
                black_box(black_box(t).write_to_vec::<BE>());
            }
        })
    });
    g.finish();
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
        g.bench_function("wire_nbt IntArray", |b| b.iter(|| black_box(black_box(ints).to_vec())));
        g.bench_function("wire_nbt LongArray", |b| b.iter(|| black_box(black_box(longs).to_vec())));
        g.bench_function("simdnbt IntArray", |b| {
            b.iter(|| black_box(black_box(&simd).int_array("i").unwrap()))
        });
        g.bench_function("simdnbt LongArray", |b| {
            b.iter(|| black_box(black_box(&simd).long_array("l").unwrap()))
        });
        g.finish();
    }
}

/// The chunk struct with fastnbt's array and value types.
type FastChunk = Chunk<fastnbt::LongArray, fastnbt::ByteArray, fastnbt::Value>;

/// Typed reads and writes of `docs` (one operation reads or writes all of them): ours into `T`,
/// fastnbt's serde into `F` (the same struct, with its array types), simdnbt's derive into `S`
/// (its borrowed reader, then the derive's `from_compound`; written through its owned tree),
/// and our tree read (then `walk`, if given) as the baseline; na_nbt's serde into `N` where
/// `na` (its structs exist for the two files only).
fn typed_group<T, F, S, N>(
    c: &mut Criterion,
    name: &str,
    docs: &[Vec<u8>],
    walk: Option<fn(&nbt::Compound) -> Option<T>>,
    na: bool,
) where
    T: serde::de::DeserializeOwned + serde::Serialize,
    F: serde::de::DeserializeOwned + serde::Serialize,
    S: simdnbt::Deserialize + simdnbt::Serialize + Clone,
    N: serde::de::DeserializeOwned + serde::Serialize,
{
    let na_values: Vec<N> = if na { docs.iter().map(|d| na_nbt::from_slice_be(d).unwrap()).collect() } else { Vec::new() };
    let total: usize = docs.iter().map(Vec::len).sum();
    let ours: Vec<T> = docs.iter().map(|d| nbt::from_slice(d).unwrap()).collect();
    let theirs: Vec<F> = docs.iter().map(|d| fastnbt::from_bytes(d).unwrap()).collect();
    let simd: Vec<S> = docs
        .iter()
        .map(|d| S::from_nbt(&simdnbt::borrow::read(&mut Cursor::new(&d[..])).unwrap().unwrap()).unwrap())
        .collect();
    for (value, doc) in ours.iter().zip(docs) {
        assert_eq!(&nbt::to_vec(value).unwrap(), doc, "{name}: our typed write is the file");
    }
    let mut g = c.benchmark_group(format!("nbt typed read/{name}"));
    g.throughput(Throughput::Bytes(total as u64));
    g.bench_function("wire_nbt", |b| {
        b.iter(|| {
            for d in docs {
                black_box(nbt::from_slice::<T>(black_box(d)).unwrap());
            }
        })
    });
    g.bench_function("wire_nbt tree", |b| {
        b.iter(|| {
            for d in docs {
                let tree: nbt::Compound = nbt::from_slice(black_box(d)).unwrap();
                match walk {
                    Some(walk) => drop(black_box(walk(&tree).unwrap())),
                    None => drop(black_box(tree)),
                }
            }
        })
    });
    g.bench_function("fastnbt serde", |b| {
        b.iter(|| {
            for d in docs {
                black_box(fastnbt::from_bytes::<F>(black_box(d)).unwrap());
            }
        })
    });
    if na {
        g.bench_function("na_nbt serde", |b| {
            b.iter(|| {
                for d in docs {
                    black_box(na_nbt::from_slice_be::<N>(black_box(d)).unwrap());
                }
            })
        });
    }
    g.bench_function("simdnbt derive", |b| {
        b.iter(|| {
            for d in docs {
                let base = simdnbt::borrow::read(&mut Cursor::new(black_box(&d[..]))).unwrap().unwrap();
                black_box(S::from_nbt(&base).unwrap());
            }
        })
    });
    g.finish();
    let mut g = c.benchmark_group(format!("nbt typed write/{name}"));
    g.throughput(Throughput::Bytes(total as u64));
    g.bench_function("wire_nbt", |b| {
        b.iter(|| {
            for v in &ours {
                black_box(nbt::to_vec(black_box(v)).unwrap());
            }
        })
    });
    g.bench_function("fastnbt serde", |b| {
        b.iter(|| {
            for v in &theirs {
                black_box(fastnbt::to_bytes(black_box(v)).unwrap());
            }
        })
    });
    if na {
        g.bench_function("na_nbt serde", |b| {
            b.iter(|| {
                for v in &na_values {
                    black_box(na_nbt::to_vec_be(black_box(v)).unwrap());
                }
            })
        });
    }
    // simdnbt's derive consumes the value: cloned outside the timed part.
    g.bench_function("simdnbt derive", |b| {
        b.iter_batched(
            || simd.clone(),
            |values| {
                for v in values {
                    let mut out = Vec::new();
                    v.to_nbt().write(&mut out);
                    black_box(out);
                }
            },
            criterion::BatchSize::LargeInput,
        )
    });
    g.finish();
}

/// The typed benchmark: `complex_player.dat`, `level.dat` and the 676 chunks of a real 1.19.4
/// region file.
fn typed(c: &mut Criterion) {
    let player = vec![nbt_files::uncompressed("complex_player.dat").unwrap()];
    typed_group::<Player, Player, nbt_simdnbt::Player, nbt_simdnbt::na::Player>(
        c,
        "complex_player.dat",
        &player,
        None,
        true,
    );
    let level = vec![nbt_files::uncompressed("level.dat").unwrap()];
    typed_group::<Level, Level, nbt_simdnbt::Level, nbt_simdnbt::na::Level>(c, "level.dat", &level, None, true);
    let chunks = typed::region_chunks().expect("fastanvil's region file");
    typed_group::<Chunk, FastChunk, nbt_simdnbt::Chunk, nbt_simdnbt::na::Player>(
        c,
        "676 real 1.19.4 chunks",
        chunks,
        Some(typed::chunk_from_tree),
        false,
    );
}

criterion_group! {
    name = benches;
    config = bench::criterion("NBT_BENCH_QUICK");
    targets = typed, read, write, little_endian, real_chunks, arrays
}
criterion_main!(benches);
