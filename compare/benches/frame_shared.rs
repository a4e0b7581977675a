//! The Solana-like types of `endian_wire_testkit::solana::block` framed from two places in
//! one program, as a node does (blocks, and transactions arriving on their own):
//! `cargo bench -p endian_wire_compare --bench frame_shared` (`FRAME_QUICK=1` for a short run).
//!
//! `benches/frame.rs` frames each message type from one place only, so the compiler may inline
//! a whole block's decode into one function and keep the input's cursor in registers; a
//! program that also reads transactions alone has the transaction's code called from two
//! places, which can change what is inlined (for wincode, measured: its block decode without
//! `malloc` 7.0 -> 13.5 us; see PERFORMANCE.md). This binary is that program. Rows, endian_wire
//! and wincode on the same bytes (asserted first), `Config::legacy()` and wincode's default:
//! * `shared_block/{encode_reuse,decode}`: 100 entries of 4 transactions, into a reused slice
//!   and back;
//! * `shared_transactions/{encode_reuse,decode}`: the block's 400 transactions as one
//!   `Vec<Transaction>`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use endian_wire::frame::{self, Config};
use wincode::config::Configuration as Wc;

use endian_wire_testkit::bench;
use endian_wire_testkit::solana::block as messages;

/// Encode into a reused slice and decode `value`, ours and wincode's, in the group `group`.
macro_rules! shared_row {
    ($c:expr, $group:expr, $T:ty, $value:expr) => {{
        let value: $T = $value;
        let wc = Wc::default();
        let bytes = frame::encode_to_vec(&value, Config::legacy()).unwrap();
        assert_eq!(
            bytes,
            wincode::config::serialize(&value, wc).unwrap(),
            "wincode bytes"
        );
        let back = frame::decode_from_slice::<$T>(&bytes, Config::legacy()).unwrap();
        assert!(
            back.0 == value && back.1 == bytes.len(),
            "endian_wire decode"
        );
        let theirs: $T = wincode::config::deserialize(&bytes, wc).unwrap();
        assert!(theirs == value, "wincode decode");

        let mut g = $c.benchmark_group($group);
        g.throughput(Throughput::Bytes(bytes.len() as u64));
        let mut out = vec![0u8; bytes.len()];
        g.bench_function(BenchmarkId::new("endian_wire", "encode_reuse"), |b| {
            b.iter(|| {
                frame::encode_into_slice(black_box(&value), &mut out, Config::legacy()).unwrap()
            })
        });
        g.bench_function(BenchmarkId::new("wincode", "encode_reuse"), |b| {
            b.iter(|| wincode::config::serialize_into(&mut out[..], black_box(&value), wc).unwrap())
        });
        g.bench_function(BenchmarkId::new("endian_wire", "decode"), |b| {
            b.iter(|| frame::decode_from_slice::<$T>(black_box(&bytes), Config::legacy()).unwrap())
        });
        g.bench_function(BenchmarkId::new("wincode", "decode"), |b| {
            b.iter(|| wincode::config::deserialize::<$T, _>(black_box(&bytes), wc).unwrap())
        });
        g.finish();
    }};
}

fn shared_benches(c: &mut Criterion) {
    let block = messages::block(100);
    let transactions: Vec<messages::Transaction> = block
        .iter()
        .flat_map(|entry| entry.transactions.iter().cloned())
        .collect();
    shared_row!(c, "shared_block", messages::Block, block);
    shared_row!(
        c,
        "shared_transactions",
        Vec<messages::Transaction>,
        transactions
    );
}

criterion_group! {
    name = benches;
    config = bench::criterion("FRAME_QUICK");
    targets = shared_benches
}
criterion_main!(benches);
