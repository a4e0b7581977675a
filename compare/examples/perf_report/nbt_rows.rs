//! perf_report's NBT section: reading to a tree, reading in place and writing simdnbt's test
//! files and a generated chunk, against valence_nbt 0.8 and fastnbt 2.6 (`Value`); converting
//! int and long arrays against a copy of their bytes. simdnbt needs unstable features, so its rows are in the criterion bench of
//! `.ci/nbt_simdnbt` (`.ci/nbt_simdnbt/run.sh bench`), which measures every peer in one run.

use std::hint::black_box;

use endian_wire::nbt;

use super::Workload;

use endian_wire_testkit::nbt as nbt_files;

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
    v
}

fn size(bytes: usize) -> String {
    if bytes >= 10 * 1024 {
        format!("{} KiB", bytes / 1024)
    } else {
        format!("{bytes} B")
    }
}

/// Every NBT row.
pub fn workloads() -> Vec<Workload> {
    let mut rows = Vec::new();
    for (name, bytes) in inputs() {
        let label = format!("{name} ({})", size(bytes.len()));
        let (b1, b2, b3) = (bytes.clone(), bytes.clone(), bytes.clone());
        rows.push(
            Workload::new(format!("read {label} to a tree"), bytes.len())
                .case("endian_wire", move || {
                    black_box(nbt::from_slice::<nbt::Nbt>(black_box(&b1)).unwrap());
                })
                .case("valence_nbt", move || {
                    black_box(valence_nbt::from_binary::<String>(&mut black_box(&b2[..])).unwrap());
                })
                .case("fastnbt", move || {
                    black_box(fastnbt::from_bytes::<fastnbt::Value>(black_box(&b3)).unwrap());
                }),
        );
        let b4 = bytes.clone();
        rows.push(
            Workload::new(format!("read {label} in place (`nbt::view`)"), bytes.len()).case(
                "endian_wire",
                move || {
                    black_box(nbt::view(black_box(&b4)).unwrap());
                },
            ),
        );
        let ours = nbt::from_slice::<nbt::Nbt>(&bytes).unwrap();
        let (valence, root_name) = valence_nbt::from_binary::<String>(&mut &bytes[..]).unwrap();
        let fast: fastnbt::Value = fastnbt::from_bytes(&bytes).unwrap();
        rows.push(
            Workload::new(format!("write {label}"), bytes.len())
                .case("endian_wire", move || {
                    black_box(black_box(&ours).to_vec().unwrap());
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
