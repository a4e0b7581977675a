//! perf_report's NBT section: reading to a tree, reading in place and writing simdnbt's test
//! files, a generated chunk and a generated server list of long strings, against na_nbt 0.2.1
//! (its owned tree and its borrowed document), valence_nbt 0.8 and fastnbt 2.6 (`Value`); typed
//! reads and writes (serde structs of `complex_player.dat`, `level.dat` and the 676 chunks of a
//! real 1.19.4 region file) against fastnbt's serde with the same structs and na_nbt's (its
//! structs, `peer_formats/nbt_na_nbt.rs`; none for the chunks), and our own tree read (then
//! walked by hand, for the chunks) as a baseline row; reading every chunk of fastanvil's real
//! region file against fastanvil 0.32 (with fastnbt's `Value` for the trees), on one core and on
//! all; Bedrock's little-endian and network forms against nbtx 3.0.1 (and na_nbt, little-endian);
//! converting int and
//! long arrays against a copy of their bytes. simdnbt needs unstable
//! features, so its rows are in the criterion bench of
//! `.ci/nbt_simdnbt` (`.ci/nbt_simdnbt/run.sh bench`), which measures every peer in one run.

use std::hint::black_box;

use wire_nbt as nbt;

use super::Workload;

use endian_wire_testkit::nbt as nbt_files;
use endian_wire_testkit::nbt_typed::{self as typed, Chunk, Level, Player};
use na_nbt::{BE, LE, Writable};

#[path = "../../peer_formats/nbt_na_nbt.rs"]
#[allow(dead_code)]
mod na;

/// The inputs: four of simdnbt's files (gunzipped) and a generated chunk.
fn inputs() -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = [
        "complex_player.dat",
        "hypixel.nbt",
        "bigtest.nbt",
        "inttest1023.nbt",
    ]
    .iter()
    .map(|f| {
        let bytes = nbt_files::uncompressed(f).unwrap_or_else(|e| panic!("perf_report: {e}"));
        (format!("`{f}`"), bytes)
    })
    .collect();
    v.push((
        "a generated chunk".into(),
        nbt_files::chunk().to_vec().unwrap(),
    ));
    v.push((
        "a generated server list of long strings".into(),
        nbt_files::long_strings().to_vec().unwrap(),
    ));
    v
}

fn size(bytes: usize) -> String {
    if bytes >= 10 * 1024 {
        format!("{} KiB", bytes / 1024)
    } else {
        format!("{bytes} B")
    }
}

/// The chunk struct with fastnbt's array and value types.
type FastChunk = Chunk<fastnbt::LongArray, fastnbt::ByteArray, fastnbt::Value>;

/// Typed reads and writes of one struct `T` from `bytes`, against fastnbt's serde with the same
/// struct and na_nbt's with its struct `N`, and the tree read as a baseline row.
fn typed_rows<T, N>(rows: &mut Vec<Workload>, what: &str, bytes: Vec<u8>)
where
    T: serde::de::DeserializeOwned + serde::Serialize + PartialEq + std::fmt::Debug + 'static,
    N: serde::de::DeserializeOwned + serde::Serialize + 'static,
{
    let na_value: N = na_nbt::from_slice_be(&bytes).unwrap();
    assert_eq!(
        nbt::to_vec(&na_value).unwrap(),
        bytes,
        "{what}: na_nbt reads the same values"
    );
    assert_eq!(
        na_nbt::to_vec_be(&na_value).unwrap(),
        bytes,
        "{what}: na_nbt writes the same bytes"
    );
    let b_na = bytes.clone();
    let label = format!("{what} ({})", size(bytes.len()));
    let value: T = nbt::from_slice(&bytes).unwrap();
    assert_eq!(
        fastnbt::from_bytes::<T>(&bytes).unwrap(),
        value,
        "{what}: the same value"
    );
    let (b1, b2, b3) = (bytes.clone(), bytes.clone(), bytes.clone());
    rows.push(
        Workload::new(format!("typed read {label}"), bytes.len())
            .case("endian_wire", move || {
                black_box(nbt::from_slice::<T>(black_box(&b1)).unwrap());
            })
            .case("fastnbt", move || {
                black_box(fastnbt::from_bytes::<T>(black_box(&b2)).unwrap());
            })
            .case("na_nbt", move || {
                black_box(na_nbt::from_slice_be::<N>(black_box(&b_na)).unwrap());
            }),
    );
    rows.push(
        Workload::new(
            format!("baseline: {label} to our tree (`Nbt`)"),
            bytes.len(),
        )
        .case("endian_wire", move || {
            black_box(nbt::from_slice::<nbt::Nbt>(black_box(&b3)).unwrap());
        }),
    );
    let ours = nbt::to_vec(&value).unwrap();
    assert_eq!(
        fastnbt::to_bytes(&value).unwrap(),
        ours,
        "{what}: the same bytes"
    );
    let (v1, v2) = (value, nbt::from_slice::<T>(&bytes).unwrap());
    rows.push(
        Workload::new(format!("typed write {label}"), bytes.len())
            .case("endian_wire", move || {
                black_box(nbt::to_vec(black_box(&v1)).unwrap());
            })
            .case("fastnbt", move || {
                black_box(fastnbt::to_bytes(black_box(&v2)).unwrap());
            })
            .case("na_nbt", move || {
                black_box(na_nbt::to_vec_be(black_box(&na_value)).unwrap());
            }),
    );
}

/// Typed rows of the real chunks: all of them per operation.
fn chunk_rows(rows: &mut Vec<Workload>) {
    let chunks: &'static [Vec<u8>] =
        typed::region_chunks().unwrap_or_else(|e| panic!("perf_report: {e}"));
    let total: usize = chunks.iter().map(Vec::len).sum();
    let label = format!(
        "{} real 1.19.4 chunks into `Chunk` ({} KiB)",
        chunks.len(),
        total / 1024
    );
    rows.push(
        Workload::new(format!("typed read {label}"), total)
            .case("endian_wire", move || {
                for c in chunks {
                    black_box(nbt::from_slice::<Chunk>(black_box(c)).unwrap());
                }
            })
            .case("fastnbt", move || {
                for c in chunks {
                    black_box(fastnbt::from_bytes::<FastChunk>(black_box(c)).unwrap());
                }
            }),
    );
    for c in chunks.iter().step_by(37) {
        let tree: nbt::Compound = nbt::from_slice(c).unwrap();
        let walked = typed::chunk_from_tree(&tree).expect("the walk fits the chunk");
        assert_eq!(walked, nbt::from_slice::<Chunk>(c).unwrap());
    }
    rows.push(
        Workload::new(
            format!("baseline: {label} to our tree, then walked by hand"),
            total,
        )
        .case("endian_wire", move || {
            for c in chunks {
                let tree: nbt::Compound = nbt::from_slice(black_box(c)).unwrap();
                black_box(typed::chunk_from_tree(&tree).unwrap());
            }
        }),
    );
    let ours: Vec<Chunk> = chunks.iter().map(|c| nbt::from_slice(c).unwrap()).collect();
    let theirs: Vec<FastChunk> = chunks
        .iter()
        .map(|c| fastnbt::from_bytes(c).unwrap())
        .collect();
    for (c, bytes) in ours.iter().zip(chunks) {
        assert_eq!(
            &nbt::to_vec(c).unwrap(),
            bytes,
            "written back byte for byte"
        );
    }
    rows.push(
        Workload::new(format!("typed write {label}"), total)
            .case("endian_wire", move || {
                for c in &ours {
                    black_box(nbt::to_vec(black_box(c)).unwrap());
                }
            })
            .case("fastnbt", move || {
                for c in &theirs {
                    black_box(fastnbt::to_bytes(black_box(c)).unwrap());
                }
            }),
    );
}

/// Every chunk of fastanvil's region file: to trees, in place, inflated only; one core and all.
fn region_rows(rows: &mut Vec<Workload>) {
    use rayon::prelude::*;
    use std::io::Cursor;
    use wire_nbt::region::Region;

    let file: &'static [u8] = Vec::leak(
        endian_wire_testkit::region::read(endian_wire_testkit::region::REGION)
            .unwrap_or_else(|e| panic!("perf_report: {e}")),
    );
    let region = Region::from_slice(file).unwrap();
    let chunks = region.len();
    let inflated: usize = region
        .chunks()
        .map(|c| c.unwrap().bytes().unwrap().len())
        .sum();
    // Both read the same chunks to the same documents.
    let mut theirs = fastanvil::Region::from_stream(Cursor::new(file)).unwrap();
    assert_eq!(theirs.iter().count(), chunks);
    for c in region.chunks() {
        let c = c.unwrap();
        let bytes = theirs.read_chunk(c.x().into(), c.z().into()).unwrap();
        assert_eq!(bytes, Some(c.bytes().unwrap()));
    }
    let label = format!(
        "`{}` ({} KiB, {chunks} chunks, {} KiB inflated)",
        endian_wire_testkit::region::REGION,
        file.len() / 1024,
        inflated / 1024
    );
    let fastanvil_trees = move || {
        let mut r = fastanvil::Region::from_stream(Cursor::new(file)).unwrap();
        for c in r.iter() {
            let c = c.unwrap();
            black_box(fastnbt::from_bytes::<fastnbt::Value>(&c.data).unwrap());
        }
    };
    rows.push(
        Workload::new(
            format!("read every chunk of {label} to trees, one core"),
            file.len(),
        )
        .case("endian_wire", move || {
            let region = Region::from_slice(black_box(file)).unwrap();
            for c in region.chunks() {
                black_box(c.unwrap().to_nbt().unwrap());
            }
        })
        .case("fastanvil", fastanvil_trees),
    );
    rows.push(
        Workload::new(
            format!("read every chunk of {label} in place, one core"),
            file.len(),
        )
        .case("endian_wire", move || {
            let region = Region::from_slice(black_box(file)).unwrap();
            let mut buf = Vec::new();
            for c in region.chunks() {
                black_box(c.unwrap().view_in(&mut buf).unwrap());
            }
        })
        .case("fastanvil", move || {
            // fastanvil has no view: its inflated bytes, deserialized by fastnbt to
            // `Value` borrowing nothing is the tree row; here it inflates only.
            let mut r = fastanvil::Region::from_stream(Cursor::new(file)).unwrap();
            for c in r.iter() {
                black_box(c.unwrap().data);
            }
        }),
    );
    rows.push(
        Workload::new(
            format!("inflate every chunk of {label}, one core"),
            file.len(),
        )
        .case("endian_wire", move || {
            let region = Region::from_slice(black_box(file)).unwrap();
            let mut buf = Vec::new();
            for c in region.chunks() {
                c.unwrap().bytes_into(&mut buf).unwrap();
                black_box(&buf);
            }
        })
        .case("fastanvil", move || {
            let mut r = fastanvil::Region::from_stream(Cursor::new(file)).unwrap();
            for c in r.iter() {
                black_box(c.unwrap().data);
            }
        }),
    );
    let threads = rayon::current_num_threads();
    rows.push(
        Workload::new(
            format!("read every chunk of {label} to trees, all {threads} cores (rayon)"),
            file.len(),
        )
        .case("endian_wire", move || {
            let region = Region::from_slice(black_box(file)).unwrap();
            region.par_chunks().for_each(|c| {
                black_box(c.unwrap().to_nbt().unwrap());
            });
        })
        .case("fastanvil", move || {
            // One fastanvil reader per rayon job (it reads through `&mut self`).
            let positions: Vec<(usize, usize)> = Region::from_slice(file)
                .unwrap()
                .positions()
                .map(|(x, z)| (x.into(), z.into()))
                .collect();
            positions.par_iter().for_each_init(
                || fastanvil::Region::from_stream(Cursor::new(file)).unwrap(),
                |r, &(x, z)| {
                    let data = r.read_chunk(x, z).unwrap().unwrap();
                    black_box(fastnbt::from_bytes::<fastnbt::Value>(&data).unwrap());
                },
            );
        }),
    );
}

/// Bedrock's flavours against nbtx 3.0.1 (its `Value`): the inputs' trees written little-endian
/// and in the network form, read to a tree and written. nbtx reads an array as a list of its
/// elements, so its write rows write that tree.
fn bedrock_rows(rows: &mut Vec<Workload>) {
    use wire_nbt::bedrock;
    type Read = fn(&[u8]) -> nbtx::Value;
    type Write = fn(&nbtx::Value) -> Vec<u8>;
    for (name, bytes) in inputs() {
        if name.contains("inttest") {
            continue; // a single list of ints: the array rows above cover it
        }
        let doc: nbt::Nbt = nbt::from_slice(&bytes).unwrap();
        let forms: [(&str, Vec<u8>, Read, Write); 2] = [
            (
                "little-endian",
                bedrock::to_vec(&doc).unwrap(),
                |b| nbtx::from_le_bytes(&mut &b[..]).unwrap(),
                |v| nbtx::to_le_bytes(v).unwrap(),
            ),
            (
                "network",
                bedrock::to_network_vec(&doc).unwrap(),
                |b| nbtx::from_net_bytes(&mut &b[..]).unwrap(),
                |v| nbtx::to_net_bytes(v).unwrap(),
            ),
        ];
        for (form, encoded, nbtx_read, nbtx_write) in forms {
            let network = form == "network";
            let label = format!("Bedrock {form} {name} ({})", size(encoded.len()));
            let encoded: &'static [u8] = Vec::leak(encoded);
            rows.push(
                Workload::new(format!("read {label} to a tree"), encoded.len())
                    .case("endian_wire", move || {
                        black_box(if network {
                            bedrock::from_network_slice(black_box(encoded))
                        } else {
                            bedrock::from_slice(black_box(encoded))
                        })
                        .unwrap();
                    })
                    .case("nbtx", move || {
                        black_box(nbtx_read(black_box(encoded)));
                    })
                    .case_if(!network, "na_nbt", move || {
                        black_box(na_nbt::read_owned::<LE, LE>(black_box(encoded)).unwrap());
                    }),
            );
            let ours = if network {
                bedrock::from_network_slice(encoded)
            } else {
                bedrock::from_slice(encoded)
            }
            .unwrap();
            let theirs = nbtx_read(encoded);
            let na_tree = na_nbt::read_owned::<LE, LE>(encoded).ok();
            rows.push(
                Workload::new(format!("write {label}"), encoded.len())
                    .case("endian_wire", move || {
                        black_box(if network {
                            bedrock::to_network_vec(black_box(&ours))
                        } else {
                            bedrock::to_vec(black_box(&ours))
                        })
                        .unwrap();
                    })
                    .case("nbtx", move || {
                        black_box(nbtx_write(black_box(&theirs)));
                    })
                    .case_if(!network, "na_nbt", move || {
                        black_box(black_box(na_tree.as_ref().unwrap()).write_to_vec::<LE>());
                    }),
            );
        }
    }
}

/// Every NBT row.
pub fn workloads() -> Vec<Workload> {
    let mut rows = Vec::new();
    let file = |f: &str| nbt_files::uncompressed(f).unwrap_or_else(|e| panic!("perf_report: {e}"));
    typed_rows::<Player, na::Player>(
        &mut rows,
        "`complex_player.dat` into `Player`",
        file("complex_player.dat"),
    );
    typed_rows::<Level, na::Level>(&mut rows, "`level.dat` into `Level`", file("level.dat"));
    chunk_rows(&mut rows);

    region_rows(&mut rows);
    bedrock_rows(&mut rows);
    for (name, bytes) in inputs() {
        let label = format!("{name} ({})", size(bytes.len()));
        let (b1, b2, b3) = (bytes.clone(), bytes.clone(), bytes.clone());
        let (b5, b6) = (bytes.clone(), bytes.clone());
        rows.push(
            Workload::new(format!("read {label} to a tree"), bytes.len())
                .case("endian_wire", move || {
                    black_box(nbt::from_slice::<nbt::Nbt>(black_box(&b1)).unwrap());
                })
                .case("na_nbt", move || {
                    black_box(na_nbt::read_owned::<BE, BE>(black_box(&b5)).unwrap());
                })
                .case("valence_nbt", move || {
                    black_box(valence_nbt::from_binary::<String>(&mut black_box(&b2[..])).unwrap());
                })
                .case("fastnbt", move || {
                    black_box(fastnbt::from_bytes::<fastnbt::Value>(black_box(&b3)).unwrap());
                }),
        );
        // An owned document that keeps the bytes and the view's record of them, against
        // na_nbt's owned read and our tree (what each can do differs: the tree and na_nbt's
        // value change in place, the `NbtBuf` is read, walked and written back).
        let (b7, b8, b9) = (bytes.clone(), bytes.clone(), bytes.clone());
        rows.push(
            Workload::new(
                format!("read {label} to an owned document (`NbtBuf`)"),
                bytes.len(),
            )
            .case("endian_wire", move || {
                black_box(nbt::NbtBuf::from_slice(black_box(&b7)).unwrap());
            })
            .case("endian_wire, tree", move || {
                black_box(nbt::from_slice::<nbt::Nbt>(black_box(&b8)).unwrap());
            })
            .case("na_nbt", move || {
                black_box(na_nbt::read_owned::<BE, BE>(black_box(&b9)).unwrap());
            }),
        );
        let b4 = bytes.clone();
        rows.push(
            Workload::new(format!("read {label} in place (`nbt::view`)"), bytes.len())
                .case("endian_wire", move || {
                    black_box(nbt::view(black_box(&b4)).unwrap());
                })
                .case("na_nbt", move || {
                    black_box(na_nbt::read_borrowed::<BE>(black_box(&b6)).unwrap());
                }),
        );
        // An unmodified document written back from its borrowed form: ours one copy of the
        // view's bytes, na_nbt's its root compound's bytes behind an unnamed root's header.
        let kept: &'static [u8] = Vec::leak(bytes.clone());
        let view: &'static nbt::NbtView<'static> = Box::leak(Box::new(nbt::view(kept).unwrap()));
        let na_doc = na_nbt::read_borrowed::<BE>(kept).unwrap();
        assert_eq!(
            view.to_vec(),
            kept,
            "{name}: the view writes back its bytes"
        );
        assert_eq!(
            na_doc.root().write_to_vec::<BE>().len(),
            kept.len() - view.name().as_bytes().len(),
            "{name}: na_nbt writes back the document, its root unnamed"
        );
        rows.push(
            Workload::new(format!("write {label} back from its view"), bytes.len())
                .case("endian_wire", move || {
                    black_box(black_box(view).to_vec());
                })
                .case("na_nbt", move || {
                    black_box(black_box(&na_doc).root().write_to_vec::<BE>());
                })
                .case("memcpy", move || {
                    black_box(black_box(kept).to_vec());
                }),
        );
        let ours = nbt::from_slice::<nbt::Nbt>(&bytes).unwrap();
        let (valence, root_name) = valence_nbt::from_binary::<String>(&mut &bytes[..]).unwrap();
        let fast: fastnbt::Value = fastnbt::from_bytes(&bytes).unwrap();
        let na_tree = na_nbt::read_owned::<BE, BE>(&bytes).unwrap();
        rows.push(
            Workload::new(format!("write {label}"), bytes.len())
                .case("endian_wire", move || {
                    black_box(black_box(&ours).to_vec().unwrap());
                })
                .case("na_nbt", move || {
                    black_box(black_box(&na_tree).write_to_vec::<BE>());
                })
                .case("valence_nbt", move || {
                    let mut out = Vec::new();
                    valence_nbt::to_binary(black_box(&valence), &mut out, &root_name).unwrap();
                    black_box(out);
                })
                .case("fastnbt", move || {
                    black_box(fastnbt::to_bytes(black_box(&fast)).unwrap());
                }),
        );
    }
    for kib in [1, 4, 16, 64] {
        let n = kib * 1024;
        let doc = nbt::Nbt::new(
            "",
            nbt::Compound::new()
                .with(
                    "i",
                    (0..n / 4).map(|i| i as i32 * 7919).collect::<Vec<i32>>(),
                )
                .with(
                    "l",
                    (0..n / 8).map(|i| i as i64 * 7919).collect::<Vec<i64>>(),
                ),
        );
        let bytes: &'static [u8] = Vec::leak(doc.to_vec().unwrap());
        let view: &'static nbt::NbtView<'static> = Box::leak(Box::new(nbt::view(bytes).unwrap()));
        let ints = view.root().int_array("i").unwrap();
        let longs = view.root().long_array("l").unwrap();
        rows.push(
            Workload::new(format!("`IntArray` of {kib} KiB in place → `Vec<i32>`"), n)
                .case("endian_wire", move || {
                    black_box(black_box(ints).to_vec());
                })
                .case("memcpy", move || {
                    black_box(black_box(ints.as_bytes()).to_vec());
                }),
        );
        rows.push(
            Workload::new(format!("`LongArray` of {kib} KiB in place → `Vec<i64>`"), n)
                .case("endian_wire", move || {
                    black_box(black_box(longs).to_vec());
                })
                .case("memcpy", move || {
                    black_box(black_box(longs.as_bytes()).to_vec());
                }),
        );
    }
    rows
}
