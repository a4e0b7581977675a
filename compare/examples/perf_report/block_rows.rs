//! Solana-like blocks on every core (`frame::parallel`): the 100-entry block and a
//! 10,000-entry one, encoded, decoded and borrow-decoded by the parallel entry points (`endian_wire`), by the
//! sequential ones (`endian_wire, one core`) and by wincode, with memcpy of the same bytes
//! beside the encodes (issue 50's targets: encode >= 0.8x memcpy on one core, all cores >= 1.6x
//! one core on the big block).

use std::hint::black_box;

use endian_wire::frame::{self, Config};
use endian_wire_testkit::solana::block::{self, Block, BlockRef, Entry, EntryRef};
use wincode::config::Configuration as Wincode;

use super::{Workload, shared_input};

/// The rows, for blocks of 100 and 10,000 entries.
pub fn workloads() -> Vec<Workload> {
    [100, 10_000].into_iter().flat_map(rows).collect()
}

fn rows(entries: u64) -> [Workload; 3] {
    let config = Config::legacy();
    // wincode refuses to preallocate more than 4 MiB by default; the big block's entries need more.
    let wc = Wincode::default().with_preallocation_size_limit::<{ 64 << 20 }>();
    let value: Block = block::block(entries);
    let bytes = frame::encode_to_vec(&value, config).unwrap();
    assert_eq!(
        frame::parallel::encode_to_vec(&value, config).unwrap(),
        bytes
    );
    assert_eq!(
        wincode::config::serialize(&value, wc).unwrap(),
        bytes,
        "wincode bytes"
    );
    let (back, used) = frame::parallel::decode_from_slice::<Entry>(&bytes, config).unwrap();
    assert!(
        back == value && used == bytes.len(),
        "the parallel decode differs"
    );
    assert!(wincode::config::deserialize::<Block, _>(&bytes, wc).unwrap() == value);
    let (lent, _) =
        frame::parallel::borrow_decode_from_slice::<EntryRef<'_>>(&bytes, config).unwrap();
    assert!(
        block::to_owned(&lent) == value,
        "the parallel borrowed decode differs"
    );

    let what = format!("Solana-like block ({entries} entries × 4 transactions), all cores");
    let size = bytes.len();
    let (v1, v2, v3) = (value.clone(), value.clone(), value);
    let input = shared_input(bytes);
    let encode = Workload::new(format!("{what}: encode to a new `Vec`"), size)
        .case("endian_wire", move || {
            black_box(frame::parallel::encode_to_vec(black_box(&v1), config).unwrap());
        })
        .case("endian_wire, one core", move || {
            black_box(frame::encode_to_vec(black_box(&v2), config).unwrap());
        })
        .case("memcpy", move || {
            black_box(black_box(input).to_vec());
        })
        .case("wincode", move || {
            black_box(wincode::config::serialize(black_box(&v3), wc).unwrap());
        });
    let decode = Workload::new(format!("{what}: decode"), size)
        .case("endian_wire", move || {
            black_box(
                frame::parallel::decode_from_slice::<Entry>(black_box(input), config).unwrap(),
            );
        })
        .case("endian_wire, one core", move || {
            black_box(frame::decode_from_slice::<Block>(black_box(input), config).unwrap());
        })
        .case("wincode", move || {
            black_box(wincode::config::deserialize::<Block, _>(black_box(input), wc).unwrap());
        });
    let borrowed = Workload::new(format!("{what}: borrowed decode"), size)
        .case("endian_wire", move || {
            black_box(
                frame::parallel::borrow_decode_from_slice::<EntryRef<'_>>(black_box(input), config)
                    .unwrap(),
            );
        })
        .case("endian_wire, one core", move || {
            black_box(
                frame::borrow_decode_from_slice::<BlockRef<'_>>(black_box(input), config).unwrap(),
            );
        })
        .case("wincode", move || {
            black_box(
                wincode::config::deserialize::<BlockRef<'_>, _>(black_box(input), wc).unwrap(),
            );
        });
    [encode, decode, borrowed]
}
