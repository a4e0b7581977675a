//! bincode-compatible framing, side by side with bincode 1.3.3, bincode 2.0.1 and wincode 0.6
//! in one criterion run: `cargo bench -p endian_wire_compare --bench frame` (`FRAME_QUICK=1` for a short run).
//!
//! Rows (the same bytes from every implementation, asserted before measuring):
//! * `vec_u8/{64B,1KiB,64KiB}`: a `Vec<u8>` payload framed as length + bytes;
//! * `vec_u32_1024/{le,be}`: 1024 `u32` under fixed-int, little- and big-endian;
//! * `vec_u64_1024/varint`: 1024 `u64` under varint (little-endian);
//! * `struct30`: the 30-byte struct `{u32, u16, [u8; 16], u64}` (as a tuple, which every
//!   implementation frames as a struct), and `vec_struct30_1000`: a `Vec` of 1000 of them;
//! * derived types on both sides (`endian_wire_testkit::market`): `trade/{le,be}` (one 33-byte
//!   record), `batch_1000/{le,be}` (`{ seq, trades: Vec<Trade> }` with 1000 trades) and
//!   `solana_block/le` (100 entries of 4 transactions); these compare endian_wire with wincode,
//!   and with bincode 1 where serde can carry the type;
//! * real message shapes (`endian_wire_testkit::shapes`), each a megabyte or more, under the
//!   typed `frame::config::legacy()` (`fixint`) and `standard()` (`varint`), as bincode 2's and
//!   wincode's configurations are types (`endian_wire_config/decode`: the same settings as a
//!   run-time `Config`), against bincode 1, bincode 2 (derive) and wincode:
//!   `shape_log` (log lines of strings and integers), `shape_mesh` (a float mesh),
//!   `shape_save` (save data with `Option`s, `Vec`s of small structs, `bool`s, a unit enum),
//!   `shape_net` (network updates with `Option<enum>`, `Option<u16>`, `Vec<bool>`, `Vec<u16>`);
//! * `solana_tx/transfer`: Solana's legacy transaction (`endian_wire_testkit::solana`, every length a
//!   `short_vec`): endian_wire alone, as no peer frames `short_vec` without an outside crate.
//!
//! Columns per row: `encode_vec` (a new `Vec` per call), `encode_reuse` (into a reused buffer
//! or slice: ours both ways, `endian_wire` appending to a cleared `Vec` with `encode_append`,
//! `endian_wire_slice` into a slice with `encode_into_slice` as bincode 2 and wincode do;
//! `wincode_vec` is wincode appending to the same cleared `Vec`, its `Writer` for `Vec<u8>`),
//! `decode`.

use std::hint::black_box;

use bincode1::Options as _;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use endian_wire::frame::{self, AnyConfig, Config};

use endian_wire_testkit::bench;
use endian_wire_testkit::{market, shapes, solana};

type Struct30 = (u32, u16, [u8; 16], u64);

/// One row: `$value` of type `$T`, under our config `$ours`, bincode 1 options `$b1`,
/// bincode 2 config `$b2`, wincode config `$wc`.
macro_rules! row {
    ($c:expr, $group:expr, $param:expr, $T:ty, $value:expr, $ours:expr, $b1:expr, $b2:expr, $wc:expr) => {{
        let value: $T = $value;
        let ours_cfg = $ours;
        let b1 = $b1;
        let b2 = $b2;
        let wc = $wc;
        let bytes = frame::encode_to_vec(&value, ours_cfg).unwrap();
        assert_eq!(bytes, b1.serialize(&value).unwrap(), "bincode 1 bytes");
        assert_eq!(
            bytes,
            bincode::encode_to_vec(&value, b2).unwrap(),
            "bincode 2 bytes"
        );
        assert_eq!(
            bytes,
            wincode::config::serialize(&value, wc).unwrap(),
            "wincode bytes"
        );

        let mut g = $c.benchmark_group($group);
        g.throughput(Throughput::Bytes(bytes.len() as u64));
        let id = |name: &str| BenchmarkId::new(name, $param);

        g.bench_function(id("endian_wire/encode_vec"), |b| {
            b.iter(|| frame::encode_to_vec(black_box(&value), ours_cfg).unwrap())
        });
        g.bench_function(id("bincode1/encode_vec"), |b| {
            b.iter(|| b1.serialize(black_box(&value)).unwrap())
        });
        g.bench_function(id("bincode2/encode_vec"), |b| {
            b.iter(|| bincode::encode_to_vec(black_box(&value), b2).unwrap())
        });
        g.bench_function(id("wincode/encode_vec"), |b| {
            b.iter(|| wincode::config::serialize(black_box(&value), wc).unwrap())
        });

        let mut reuse = Vec::with_capacity(bytes.len());
        g.bench_function(id("endian_wire/encode_reuse"), |b| {
            b.iter(|| {
                reuse.clear();
                frame::encode_append(black_box(&value), &mut reuse, ours_cfg).unwrap();
                black_box(reuse.as_ptr());
            })
        });
        let mut ours_slice = vec![0u8; bytes.len()];
        g.bench_function(id("endian_wire_slice/encode_reuse"), |b| {
            b.iter(|| {
                frame::encode_into_slice(black_box(&value), &mut ours_slice, ours_cfg).unwrap()
            })
        });
        g.bench_function(id("bincode1/encode_reuse"), |b| {
            b.iter(|| {
                reuse.clear();
                b1.serialize_into(&mut reuse, black_box(&value)).unwrap();
                black_box(reuse.as_ptr());
            })
        });
        let mut slice = vec![0u8; bytes.len()];
        g.bench_function(id("bincode2/encode_reuse"), |b| {
            b.iter(|| bincode::encode_into_slice(black_box(&value), &mut slice, b2).unwrap())
        });
        g.bench_function(id("wincode/encode_reuse"), |b| {
            b.iter(|| {
                wincode::config::serialize_into(&mut slice[..], black_box(&value), wc).unwrap()
            })
        });
        g.bench_function(id("wincode_vec/encode_reuse"), |b| {
            b.iter(|| {
                reuse.clear();
                wincode::config::serialize_into(&mut reuse, black_box(&value), wc).unwrap();
                black_box(reuse.as_ptr());
            })
        });

        g.bench_function(id("endian_wire/decode"), |b| {
            b.iter(|| frame::decode_from_slice::<$T>(black_box(&bytes), ours_cfg).unwrap())
        });
        // The same settings as a run-time `Config` (the same as the row above when that is
        // one already).
        let run_time: Config = AnyConfig::config(ours_cfg);
        g.bench_function(id("endian_wire_config/decode"), |b| {
            b.iter(|| frame::decode_from_slice::<$T>(black_box(&bytes), run_time).unwrap())
        });
        g.bench_function(id("bincode1/decode"), |b| {
            b.iter(|| b1.deserialize::<$T>(black_box(&bytes)).unwrap())
        });
        g.bench_function(id("bincode2/decode"), |b| {
            b.iter(|| bincode::decode_from_slice::<$T, _>(black_box(&bytes), b2).unwrap())
        });
        g.bench_function(id("wincode/decode"), |b| {
            b.iter(|| wincode::config::deserialize::<$T, _>(black_box(&bytes), wc).unwrap())
        });
        g.finish();
    }};
}

/// One row of derived types: endian_wire against wincode (same bytes asserted first), and
/// bincode 1 through serde when given.
macro_rules! derived_row {
    ($c:expr, $group:expr, $param:expr, $T:ty, $value:expr, $ours:expr, $wc:expr $(, $b1:expr)?) => {{
        let value: $T = $value;
        let ours_cfg = $ours;
        let wc = $wc;
        let bytes = frame::encode_to_vec(&value, ours_cfg).unwrap();
        assert_eq!(bytes, wincode::config::serialize(&value, wc).unwrap(), "wincode bytes");
        assert!(frame::decode_from_slice::<$T>(&bytes, ours_cfg).unwrap().0 == value);
        $(assert_eq!(bytes, $b1.serialize(&value).unwrap(), "bincode 1 bytes");)?

        let mut g = $c.benchmark_group($group);
        g.throughput(Throughput::Bytes(bytes.len() as u64));
        let id = |name: &str| BenchmarkId::new(name, $param);
        g.bench_function(id("endian_wire/encode_vec"), |b| {
            b.iter(|| frame::encode_to_vec(black_box(&value), ours_cfg).unwrap())
        });
        g.bench_function(id("wincode/encode_vec"), |b| {
            b.iter(|| wincode::config::serialize(black_box(&value), wc).unwrap())
        });
        $(g.bench_function(id("bincode1/encode_vec"), |b| {
            b.iter(|| $b1.serialize(black_box(&value)).unwrap())
        });)?
        let mut reuse = Vec::with_capacity(bytes.len());
        g.bench_function(id("endian_wire/encode_reuse"), |b| {
            b.iter(|| {
                reuse.clear();
                frame::encode_append(black_box(&value), &mut reuse, ours_cfg).unwrap();
                black_box(reuse.as_ptr());
            })
        });
        let mut ours_slice = vec![0u8; bytes.len()];
        g.bench_function(id("endian_wire_slice/encode_reuse"), |b| {
            b.iter(|| frame::encode_into_slice(black_box(&value), &mut ours_slice, ours_cfg).unwrap())
        });
        let mut slice = vec![0u8; bytes.len()];
        g.bench_function(id("wincode/encode_reuse"), |b| {
            b.iter(|| {
                wincode::config::serialize_into(&mut slice[..], black_box(&value), wc).unwrap()
            })
        });
        g.bench_function(id("wincode_vec/encode_reuse"), |b| {
            b.iter(|| {
                reuse.clear();
                wincode::config::serialize_into(&mut reuse, black_box(&value), wc).unwrap();
                black_box(reuse.as_ptr());
            })
        });
        g.bench_function(id("endian_wire/decode"), |b| {
            b.iter(|| frame::decode_from_slice::<$T>(black_box(&bytes), ours_cfg).unwrap())
        });
        g.bench_function(id("wincode/decode"), |b| {
            b.iter(|| wincode::config::deserialize::<$T, _>(black_box(&bytes), wc).unwrap())
        });
        $(g.bench_function(id("bincode1/decode"), |b| {
            b.iter(|| $b1.deserialize::<$T>(black_box(&bytes)).unwrap())
        });)?
        g.finish();
    }};
}

fn struct30(i: u64) -> Struct30 {
    (i as u32, i as u16, [i as u8; 16], i * 3)
}

fn frame_benches(c: &mut Criterion) {
    use bincode::config as b2;
    use bincode1::DefaultOptions;
    use wincode::config::Configuration as Wc;
    let fixed_le = || {
        DefaultOptions::new()
            .with_fixint_encoding()
            .with_little_endian()
    };
    let fixed_be = || {
        DefaultOptions::new()
            .with_fixint_encoding()
            .with_big_endian()
    };
    let var_le = || {
        DefaultOptions::new()
            .with_varint_encoding()
            .with_little_endian()
    };

    for (label, len) in [("64B", 64usize), ("1KiB", 1024), ("64KiB", 64 * 1024)] {
        let payload: Vec<u8> = (0..len).map(|i| i as u8).collect();
        row!(
            c,
            "vec_u8",
            label,
            Vec<u8>,
            payload,
            Config::legacy(),
            fixed_le(),
            b2::legacy(),
            Wc::default()
        );
    }
    let words: Vec<u32> = (0..1024u32).map(|i| i.wrapping_mul(0x9e37_79b9)).collect();
    row!(
        c,
        "vec_u32_1024",
        "le",
        Vec<u32>,
        words.clone(),
        Config::legacy(),
        fixed_le(),
        b2::legacy(),
        Wc::default()
    );
    row!(
        c,
        "vec_u32_1024",
        "be",
        Vec<u32>,
        words,
        Config::legacy().with_big_endian(),
        fixed_be(),
        b2::legacy().with_big_endian(),
        Wc::default().with_big_endian()
    );
    let wide: Vec<u64> = (0..1024u64).map(|i| i * i * 977).collect();
    row!(
        c,
        "vec_u64_1024",
        "varint",
        Vec<u64>,
        wide,
        Config::standard(),
        var_le(),
        b2::standard(),
        Wc::default().with_varint_encoding()
    );
    row!(
        c,
        "struct30",
        "le",
        Struct30,
        struct30(7),
        Config::legacy(),
        fixed_le(),
        b2::legacy(),
        Wc::default()
    );
    let many: Vec<Struct30> = (0..1000).map(struct30).collect();
    row!(
        c,
        "vec_struct30_1000",
        "le",
        Vec<Struct30>,
        many,
        Config::legacy(),
        fixed_le(),
        b2::legacy(),
        Wc::default()
    );

    use market::{be, le};
    derived_row!(
        c,
        "trade",
        "le",
        le::Trade,
        le::trade(7),
        Config::legacy(),
        Wc::default(),
        fixed_le()
    );
    derived_row!(
        c,
        "trade",
        "be",
        be::Trade,
        be::trade(7),
        Config::legacy().with_big_endian(),
        Wc::default().with_big_endian(),
        fixed_be()
    );
    derived_row!(
        c,
        "batch_1000",
        "le",
        le::Batch,
        le::batch(1000),
        Config::legacy(),
        Wc::default(),
        fixed_le()
    );
    derived_row!(
        c,
        "batch_1000",
        "be",
        be::Batch,
        be::batch(1000),
        Config::legacy().with_big_endian(),
        Wc::default().with_big_endian(),
        fixed_be()
    );
    let tx = solana::transfer();
    let bytes = frame::encode_to_vec(&tx, Config::legacy()).unwrap();
    assert_eq!(bytes, solana::transfer_bytes());
    let mut g = c.benchmark_group("solana_tx");
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function(
        BenchmarkId::new("endian_wire/encode_vec", "transfer"),
        |b| b.iter(|| frame::encode_to_vec(black_box(&tx), Config::legacy()).unwrap()),
    );
    let mut reuse = Vec::with_capacity(bytes.len());
    g.bench_function(
        BenchmarkId::new("endian_wire/encode_reuse", "transfer"),
        |b| {
            b.iter(|| {
                reuse.clear();
                frame::encode_append(black_box(&tx), &mut reuse, Config::legacy()).unwrap();
                black_box(reuse.as_ptr());
            })
        },
    );
    g.bench_function(BenchmarkId::new("endian_wire/decode", "transfer"), |b| {
        b.iter(|| {
            frame::decode_from_slice::<solana::Transaction>(black_box(&bytes), Config::legacy())
                .unwrap()
        })
    });
    g.finish();

    shape_benches(c);

    derived_row!(
        c,
        "solana_block",
        "le",
        solana::block::Block,
        solana::block::block(100),
        Config::legacy(),
        Wc::default()
    );
}

/// The real message shapes, each under `legacy()` and `standard()`.
fn shape_benches(c: &mut Criterion) {
    use bincode::config as b2;
    use bincode1::DefaultOptions;
    use wincode::config::Configuration as Wc;
    // wincode refuses to preallocate more than 4 MiB by default; the mesh needs 6.
    const PREALLOC: usize = 64 << 20;
    macro_rules! both_configs {
        ($group:expr, $T:ty, $value:expr) => {{
            let value: $T = $value;
            row!(
                c,
                $group,
                "fixint",
                $T,
                value.clone(),
                frame::config::legacy(),
                DefaultOptions::new().with_fixint_encoding(),
                b2::legacy(),
                Wc::default().with_preallocation_size_limit::<PREALLOC>()
            );
            row!(
                c,
                $group,
                "varint",
                $T,
                value,
                frame::config::standard(),
                DefaultOptions::new().with_varint_encoding(),
                b2::standard(),
                Wc::default()
                    .with_varint_encoding()
                    .with_preallocation_size_limit::<PREALLOC>()
            );
        }};
    }
    both_configs!("shape_log", shapes::log::Log, shapes::log::generate(12_500));
    both_configs!(
        "shape_mesh",
        shapes::mesh::Mesh,
        shapes::mesh::generate(125_000)
    );
    both_configs!(
        "shape_save",
        shapes::save::Save,
        shapes::save::generate(1000)
    );
    both_configs!(
        "shape_net",
        shapes::net::Updates,
        shapes::net::generate(400)
    );
}

criterion_group! {
    name = benches;
    config = bench::criterion("FRAME_QUICK");
    targets = frame_benches
}
criterion_main!(benches);
