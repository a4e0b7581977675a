//! Struct-shaped messages measured by `benches/frame.rs` and `examples/perf_report.rs`: the
//! same derived types on every side (`#[derive(Endianize)]` for endian_wire,
//! `#[derive(SchemaWrite, SchemaRead)]` for wincode, serde for bincode where serde can carry
//! the type), so a row compares the framing code, not hand-written impls.
//!
//! * `le::Batch` / `be::Batch`: a sequence number and 1000 trades of 33 bytes each, in each
//!   byte order (wincode's `with_big_endian()` for the big-endian one);
//! * `Block`: a Solana-like block of 100 entries of 4 transactions each (`[u8; 64]`
//!   signatures, so no serde: wincode only).

#![allow(dead_code)]

use endian_wire::Endianize;

/// One set of trade messages in byte order `$order`.
macro_rules! trade_messages {
    ($order:ident) => {
        use endian_wire::Endianize;

        /// A 33-byte record.
        #[derive(
            Endianize,
            wincode::SchemaWrite,
            wincode::SchemaRead,
            serde::Serialize,
            serde::Deserialize,
            Clone,
            Copy,
            Debug,
            PartialEq,
        )]
        #[endian($order)]
        pub struct Trade {
            pub id: u64,
            pub price: f64,
            pub qty: u32,
            pub side: u8,
            pub venue: [u8; 4],
            pub ts: i64,
        }

        /// A block of records.
        #[derive(
            Endianize,
            wincode::SchemaWrite,
            wincode::SchemaRead,
            serde::Serialize,
            serde::Deserialize,
            Clone,
            Debug,
            PartialEq,
        )]
        #[endian($order)]
        pub struct Batch {
            pub seq: u64,
            pub trades: Vec<Trade>,
        }

        /// Trade number `i` (every field varies with `i`).
        pub fn trade(i: u64) -> Trade {
            Trade {
                id: i * 7919,
                price: 100.0 + i as f64 / 8.0,
                qty: (i as u32).wrapping_mul(31) % 10_000,
                side: (i % 2) as u8,
                venue: [b'X', b'N', b'Y', b'0' + (i % 10) as u8],
                ts: 1_700_000_000_000 + i as i64 * 13,
            }
        }

        /// A batch of `n` trades.
        pub fn batch(n: u64) -> Batch {
            Batch {
                seq: 42,
                trades: (0..n).map(trade).collect(),
            }
        }
    };
}

/// Little-endian trades (bincode's default order).
pub mod le {
    trade_messages!(le);
}

/// Big-endian trades.
pub mod be {
    trade_messages!(be);
}

/// An instruction of a Solana-like transaction.
#[derive(Endianize, wincode::SchemaWrite, wincode::SchemaRead, Clone, Debug, PartialEq)]
#[endian(le)]
pub struct Instruction {
    pub program_id_index: u8,
    pub accounts: Vec<u8>,
    pub data: Vec<u8>,
}

/// A Solana-like transaction (lengths as bincode's `u64`, not Solana's short_vec).
#[derive(Endianize, wincode::SchemaWrite, wincode::SchemaRead, Clone, Debug, PartialEq)]
#[endian(le)]
pub struct Transaction {
    pub signatures: Vec<[u8; 64]>,
    pub header: [u8; 3],
    pub account_keys: Vec<[u8; 32]>,
    pub recent_blockhash: [u8; 32],
    pub instructions: Vec<Instruction>,
}

/// An entry of a Solana-like block.
#[derive(Endianize, wincode::SchemaWrite, wincode::SchemaRead, Clone, Debug, PartialEq)]
#[endian(le)]
pub struct Entry {
    pub num_hashes: u64,
    pub hash: [u8; 32],
    pub transactions: Vec<Transaction>,
}

/// A Solana-like block.
pub type Block = Vec<Entry>;

/// A block of `entries` entries of 4 transactions each, every byte derived from its position.
pub fn block(entries: u64) -> Block {
    let fill = |seed: u64, salt: u64| (seed.wrapping_mul(0x9e37_79b9) ^ salt) as u8;
    (0..entries)
        .map(|e| Entry {
            num_hashes: 12_500 + e,
            hash: core::array::from_fn(|i| fill(e, i as u64)),
            transactions: (0..4)
                .map(|t| {
                    let s = e * 4 + t;
                    Transaction {
                        signatures: vec![core::array::from_fn(|i| fill(s, i as u64 + 1))],
                        header: [1, 0, 1],
                        account_keys: (0..3)
                            .map(|k| core::array::from_fn(|i| fill(s + k, i as u64 + 2)))
                            .collect(),
                        recent_blockhash: core::array::from_fn(|i| fill(s, i as u64 + 3)),
                        instructions: vec![Instruction {
                            program_id_index: 2,
                            accounts: vec![0, 1],
                            data: (0..12).map(|i| fill(s, i)).collect(),
                        }],
                    }
                })
                .collect(),
        })
        .collect()
}
