//! Market-data messages, derived on every side (`#[derive(Endianize)]` for endian_wire; with
//! the `peers` feature `SchemaWrite` / `SchemaRead` for wincode and serde for bincode 1 and 2),
//! so that a test or a row compares framing code with framing code, not hand-written impls.
//!
//! * [`le::Trade`] / [`be::Trade`]: a 33-byte record, and [`le::Batch`] / [`be::Batch`]: a
//!   sequence number and a `Vec` of trades, in each byte order (wincode's `with_big_endian()`
//!   for the big-endian one);
//! * [`Market`]: what a feed sends, a data-carrying enum of small records (trades, quotes,
//!   cancels, status text) and order [`Book`]s now and then deep; [`feed`] generates one;
//! * `Peer` (feature `peers`): bincode 2's and wincode's serializers under the configuration
//!   matching ours.

use endian_wire::Endianize;
#[cfg(feature = "peers")]
use endian_wire::frame::Config;

/// One set of trade messages in byte order `$order`.
macro_rules! trade_messages {
    ($order:ident) => {
        use endian_wire::Endianize;

        /// A 33-byte record.
        #[derive(Endianize, Clone, Copy, Debug, PartialEq)]
        #[cfg_attr(
            feature = "peers",
            derive(
                wincode::SchemaWrite,
                wincode::SchemaRead,
                serde::Serialize,
                serde::Deserialize
            )
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
        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[cfg_attr(
            feature = "peers",
            derive(
                wincode::SchemaWrite,
                wincode::SchemaRead,
                serde::Serialize,
                serde::Deserialize
            )
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

pub use le::{Trade, trade};

/// A price level of a book.
#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "peers",
    derive(
        wincode::SchemaWrite,
        wincode::SchemaRead,
        serde::Serialize,
        serde::Deserialize
    )
)]
#[endian(le)]
pub struct Level {
    pub price: f64,
    pub qty: u32,
    pub orders: u16,
}

/// An order book snapshot (large when deep).
#[derive(Endianize, Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "peers",
    derive(
        wincode::SchemaWrite,
        wincode::SchemaRead,
        serde::Serialize,
        serde::Deserialize
    )
)]
#[endian(le)]
pub struct Book {
    pub symbol: String,
    pub seq: u64,
    pub bids: Vec<Level>,
    pub asks: Vec<Level>,
}

/// What a feed sends.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "peers",
    derive(
        wincode::SchemaWrite,
        wincode::SchemaRead,
        serde::Serialize,
        serde::Deserialize
    )
)]
#[endian(le)]
pub enum Market {
    Heartbeat,
    Trade(Trade),
    Quote {
        symbol: [u8; 8],
        bid: f64,
        ask: f64,
        bid_qty: u32,
        ask_qty: u32,
    },
    Book(Book),
    Status {
        code: u16,
        text: String,
    },
    Cancel(u64),
}

/// A book of `depth` levels a side.
pub fn book(i: u64, depth: u64) -> Book {
    let level = |k: u64, sign: f64| Level {
        price: 100.0 + sign * k as f64 / 100.0,
        qty: (i + k) as u32 % 5000,
        orders: (k % 40) as u16,
    };
    Book {
        symbol: format!("SYM{}", i % 97),
        seq: i,
        bids: (0..depth).map(|k| level(k, -1.0)).collect(),
        asks: (0..depth).map(|k| level(k, 1.0)).collect(),
    }
}

/// Message number `i` of a feed: mostly trades and quotes, now and then a status, a cancel
/// or a small book, and every 160th a deep book (100 levels a side, about 2.8 KB).
pub fn market(i: u64) -> Market {
    match i % 16 {
        0 => Market::Heartbeat,
        1..=8 => Market::Trade(trade(i)),
        9..=12 => Market::Quote {
            symbol: *b"EURUSD\0\0",
            bid: 1.08 + i as f64 / 1e6,
            ask: 1.09 + i as f64 / 1e6,
            bid_qty: (i % 1000) as u32,
            ask_qty: (i % 777) as u32,
        },
        13 => Market::Cancel(i),
        14 => Market::Status {
            code: (i % 600) as u16,
            text: format!("session {} open", i % 7),
        },
        _ if i % 160 == 15 => Market::Book(book(i, 100)),
        _ => Market::Book(book(i, 3)),
    }
}

/// The first `n` messages.
pub fn feed(n: u64) -> Vec<Market> {
    (0..n).map(market).collect()
}

#[cfg(feature = "peers")]
/// A peer's serializer: bincode 2 (its serde path) or wincode, under the configuration that
/// matches ours.
#[derive(Clone, Copy, Debug)]
pub enum Peer {
    Bincode2,
    Wincode,
}

#[cfg(feature = "peers")]
impl Peer {
    pub fn encode(self, m: &Market, config: Config) -> Vec<u8> {
        let varint = config == Config::standard();
        match (self, varint) {
            (Peer::Bincode2, false) => {
                bincode::serde::encode_to_vec(m, bincode::config::legacy()).unwrap()
            }
            (Peer::Bincode2, true) => {
                bincode::serde::encode_to_vec(m, bincode::config::standard()).unwrap()
            }
            (Peer::Wincode, false) => {
                wincode::config::serialize(m, wincode::config::Configuration::default()).unwrap()
            }
            (Peer::Wincode, true) => wincode::config::serialize(
                m,
                wincode::config::Configuration::default().with_varint_encoding(),
            )
            .unwrap(),
        }
    }

    pub fn decode(self, bytes: &[u8], config: Config) -> Market {
        let varint = config == Config::standard();
        match (self, varint) {
            (Peer::Bincode2, false) => {
                bincode::serde::decode_from_slice(bytes, bincode::config::legacy())
                    .unwrap()
                    .0
            }
            (Peer::Bincode2, true) => {
                bincode::serde::decode_from_slice(bytes, bincode::config::standard())
                    .unwrap()
                    .0
            }
            (Peer::Wincode, false) => {
                wincode::config::deserialize(bytes, wincode::config::Configuration::default())
                    .unwrap()
            }
            (Peer::Wincode, true) => wincode::config::deserialize(
                bytes,
                wincode::config::Configuration::default().with_varint_encoding(),
            )
            .unwrap(),
        }
    }
}
