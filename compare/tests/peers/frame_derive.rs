//! Framing of derived types against bincode: a derived type frames exactly as bincode frames
//! the same logical type (bincode 1.3.3 and bincode 2.0.1's serde path on twin types, and
//! bincode 2's own API through the `bincode` feature), whether its fields have static sizes,
//! variable lengths or heap data. (`tests/core/frame_derive.rs` of endian_wire holds the
//! derive's framing on its own: the paths, the per-field lengths, in-place decoding.)

use bincode1::Options as _;
use endian_wire::Endianize;
use endian_wire::frame::{self, Config};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

/// Declares a type twice: `ours::T` with `#[derive(Endianize)]`, `theirs::T` with serde.
macro_rules! twins {
    ($order:ident; $($item:item)*) => {
        pub mod ours {
            #![allow(dead_code)]
            use super::*;
            $(
                #[derive(Endianize, Clone, Debug, PartialEq)]
                #[endian($order)]
                #[endian_wire(bincode)]
                $item
            )*
        }
        pub mod theirs {
            #![allow(dead_code)]
            use super::*;
            $(
                #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
                $item
            )*
        }
    };
}

mod big {
    use super::*;
    twins! { be;
        pub struct Reading {
            pub sensor: u16,
            pub value: f64,
            pub flags: [u8; 4],
            pub unit: char,
            pub samples: [i32; 3],
            pub ok: bool,
        }

        pub enum Event {
            Start,
            Sample(Reading),
            Stop { code: u32 },
        }

        pub struct Batch {
            pub id: u64,
            pub name: String,
            pub readings: Vec<Reading>,
            pub tags: Vec<String>,
            pub last: Option<Event>,
            pub raw: Vec<u8>,
        }
    }
}

fn bincode1_be<T: Serialize>(v: &T, varint: bool) -> Vec<u8> {
    let o = bincode1::DefaultOptions::new().with_big_endian();
    if varint {
        o.with_varint_encoding().serialize(v)
    } else {
        o.with_fixint_encoding().serialize(v)
    }
    .unwrap()
}

fn bincode2_be<T: Serialize>(v: &T, varint: bool) -> Vec<u8> {
    use bincode::config;
    if varint {
        bincode::serde::encode_to_vec(v, config::standard().with_big_endian())
    } else {
        bincode::serde::encode_to_vec(v, config::legacy().with_big_endian())
    }
    .unwrap()
}

fn reading(seed: u32) -> (big::ours::Reading, big::theirs::Reading) {
    let unit = char::from_u32(0x61 + seed % 26).unwrap();
    let ours = big::ours::Reading {
        sensor: seed as u16,
        value: f64::from(seed) * 0.5,
        flags: seed.to_le_bytes(),
        unit,
        samples: [seed as i32, -(seed as i32), 7],
        ok: seed.is_multiple_of(2),
    };
    let theirs = big::theirs::Reading {
        sensor: ours.sensor,
        value: ours.value,
        flags: ours.flags,
        unit,
        samples: ours.samples,
        ok: ours.ok,
    };
    (ours, theirs)
}

#[test]
fn fixed_types_frame_as_bincode_and_as_their_wire_type() {
    for seed in [0u32, 1, 300, 70_000, u32::MAX] {
        let (ours, theirs) = reading(seed);
        for varint in [false, true] {
            let config = if varint {
                Config::standard()
            } else {
                Config::legacy()
            }
            .with_big_endian();
            let bytes = frame::encode_to_vec(&ours, config).unwrap();
            assert_eq!(bytes, bincode1_be(&theirs, varint));
            assert_eq!(bytes, bincode2_be(&theirs, varint));
            let back: big::ours::Reading = frame::decode_from_slice_exact(&bytes, config).unwrap();
            assert_eq!(back, ours);
            // The wire type frames like the logical type.
            let wire = big::ours::ReadingWire::from(ours.clone());
            assert_eq!(frame::encode_to_vec(&wire, config).unwrap(), bytes);
            let wire_back: big::ours::ReadingWire =
                frame::decode_from_slice_exact(&bytes, config).unwrap();
            assert_eq!(wire_back, wire);
        }
        // Enums: the variant position as a `u32`, as bincode.
        let events = [
            (big::ours::Event::Start, big::theirs::Event::Start),
            (
                big::ours::Event::Sample(ours.clone()),
                big::theirs::Event::Sample(theirs.clone()),
            ),
            (
                big::ours::Event::Stop { code: seed },
                big::theirs::Event::Stop { code: seed },
            ),
        ];
        for (ours_event, theirs_event) in events {
            for varint in [false, true] {
                let config = if varint {
                    Config::standard()
                } else {
                    Config::legacy()
                }
                .with_big_endian();
                let bytes = frame::encode_to_vec(&ours_event, config).unwrap();
                assert_eq!(bytes, bincode1_be(&theirs_event, varint), "{ours_event:?}");
                let back: big::ours::Event =
                    frame::decode_from_slice_exact(&bytes, config).unwrap();
                assert_eq!(back, ours_event);
            }
        }
    }
}

proptest! {
    #[test]
    fn prop_framed_only_types_frame_as_bincode(
        id: u64,
        name in ".{0,12}",
        seeds in proptest::collection::vec(any::<u32>(), 0..6),
        tags in proptest::collection::vec("[a-z]{0,4}", 0..4),
        last in 0u8..4,
        raw in proptest::collection::vec(any::<u8>(), 0..40),
    ) {
        let pairs: Vec<_> = seeds.iter().map(|&s| reading(s)).collect();
        let event = |i: u8| match i {
            0 => (None, None),
            1 => (Some(big::ours::Event::Start), Some(big::theirs::Event::Start)),
            2 => (Some(big::ours::Event::Stop { code: 9 }), Some(big::theirs::Event::Stop { code: 9 })),
            _ => {
                let (o, t) = reading(3);
                (Some(big::ours::Event::Sample(o)), Some(big::theirs::Event::Sample(t)))
            }
        };
        let (ours_last, theirs_last) = event(last);
        let ours = big::ours::Batch {
            id,
            name: name.clone(),
            readings: pairs.iter().map(|p| p.0.clone()).collect(),
            tags: tags.clone(),
            last: ours_last,
            raw: raw.clone(),
        };
        let theirs = big::theirs::Batch {
            id,
            name,
            readings: pairs.iter().map(|p| p.1.clone()).collect(),
            tags,
            last: theirs_last,
            raw,
        };
        for varint in [false, true] {
            let config = if varint { Config::standard() } else { Config::legacy() }.with_big_endian();
            let bytes = frame::encode_to_vec(&ours, config).unwrap();
            prop_assert_eq!(&bytes, &bincode1_be(&theirs, varint));
            prop_assert_eq!(&bytes, &bincode2_be(&theirs, varint));
            let back: big::ours::Batch = frame::decode_from_slice_exact(&bytes, config).unwrap();
            prop_assert_eq!(&back, &ours);
        }
    }
}

/// With the `bincode` feature, derived types and wrappers are `bincode::Encode` / `Decode`:
/// bincode's own API gives the same bytes, and bincode's limit applies.
#[test]
fn through_bincodes_own_api() {
    use endian_wire::u32be;
    let (reading, _) = reading(42);
    let batch = big::ours::Batch {
        id: 7,
        name: "probe".into(),
        readings: vec![reading.clone(), reading],
        tags: vec!["a".into()],
        last: Some(big::ours::Event::Stop { code: 1 }),
        raw: vec![1, 2, 3],
    };
    let config = bincode::config::standard().with_big_endian();
    let ours = frame::encode_to_vec(&batch, Config::standard().with_big_endian()).unwrap();
    let theirs = bincode::encode_to_vec(&batch, config).unwrap();
    assert_eq!(ours, theirs);
    let (back, used): (big::ours::Batch, usize) =
        bincode::decode_from_slice(&theirs, config).unwrap();
    assert_eq!((back, used), (batch, theirs.len()));

    let words = vec![u32be::new(1), u32be::new(0x0102_0304)];
    let bytes = bincode::encode_to_vec(&words, bincode::config::legacy()).unwrap();
    assert_eq!(&bytes[8..], &[0, 0, 0, 1, 1, 2, 3, 4]);
    let (back, _): (Vec<u32be>, usize) =
        bincode::decode_from_slice(&bytes, bincode::config::legacy()).unwrap();
    assert_eq!(back, words);

    // bincode's limit is honoured inside our framing.
    let limited = bincode::config::standard()
        .with_big_endian()
        .with_limit::<16>();
    assert!(bincode::decode_from_slice::<big::ours::Batch, _>(&theirs, limited).is_err());
}

// ----- static sizes: one check, then unchecked writes and reads ---------------------------

/// Structs whose every field has a static size under fixed-int (`FIXED_SIZE`), so they and
/// runs of them take the one-check path; `Ticks` holds a run.
macro_rules! static_twins {
    ($order:ident) => {
        twins! { $order;
            pub struct Tick {
                pub id: u64,
                pub px: f64,
                pub qty: u32,
                pub side: u8,
                pub venue: [u8; 4],
                pub ok: bool,
                pub ts: i64,
                pub pair: (u16, i8),
                pub grid: [[i16; 2]; 2],
            }

            pub struct Ticks {
                pub seq: u32,
                pub ticks: Vec<Tick>,
            }
        }
    };
}

mod static_le {
    use super::*;
    static_twins!(le);
}

mod static_be {
    use super::*;
    static_twins!(be);
}

/// `Tick`'s encoded size.
const TICK_SIZE: usize = 8 + 8 + 4 + 1 + 4 + 1 + 8 + 3 + 8;

/// Runs of static-size records frame as bincode 1 frames the same data, in both orders.
#[test]
fn static_size_runs_frame_as_bincode() {
    macro_rules! tick_as {
        ($ty:path, $s:expr) => {{
            let s: u64 = $s;
            $ty {
                id: s,
                px: s as f64 / 3.0,
                qty: s as u32,
                side: (s >> 8) as u8,
                venue: (s as u32).to_be_bytes(),
                ok: s % 3 == 0,
                ts: -(s as i64),
                pair: (s as u16, (s >> 16) as i8),
                grid: [[s as i16, 1], [-2, (s >> 4) as i16]],
            }
        }};
    }
    macro_rules! check {
        ($m:ident, $b1:expr, $config:expr) => {
            for n in [0u64, 1, 5, 40] {
                let ours = $m::ours::Ticks {
                    seq: 7,
                    ticks: (0..n)
                        .map(|i| tick_as!($m::ours::Tick, i * 0x9e37_79b9))
                        .collect(),
                };
                let theirs = $m::theirs::Ticks {
                    seq: 7,
                    ticks: (0..n)
                        .map(|i| tick_as!($m::theirs::Tick, i * 0x9e37_79b9))
                        .collect(),
                };
                let bytes = frame::encode_to_vec(&ours, $config).unwrap();
                assert_eq!(bytes, $b1.serialize(&theirs).unwrap(), "{n} ticks");
                assert_eq!(bytes.len(), 12 + n as usize * TICK_SIZE);
            }
        };
    }
    let b1 = bincode1::DefaultOptions::new().with_fixint_encoding();
    check!(static_le, b1.with_little_endian(), Config::legacy());
    check!(
        static_be,
        b1.with_big_endian(),
        Config::legacy().with_big_endian()
    );
    // The declared order wins over the configuration's.
    check!(static_be, b1.with_big_endian(), Config::legacy());
}

mod heap {
    use super::*;
    twins! { le;
        pub struct Instruction {
            pub program: u8,
            pub accounts: Vec<u8>,
            pub data: Vec<u8>,
            pub weights: Vec<u32>,
        }

        pub struct Tx {
            pub signatures: Vec<[u8; 4]>,
            pub header: [u8; 3],
            pub instructions: Vec<Instruction>,
            pub memo: String,
            pub ok: bool,
        }

        pub struct Block {
            pub slot: u64,
            pub hash: [u8; 8],
            pub txs: Vec<Tx>,
        }
    }
}

fn heap_block() -> (heap::ours::Block, heap::theirs::Block) {
    use heap::{ours, theirs};
    let mut ours = ours::Block {
        slot: 9,
        hash: *b"blockhsh",
        txs: Vec::new(),
    };
    let mut theirs = theirs::Block {
        slot: 9,
        hash: *b"blockhsh",
        txs: Vec::new(),
    };
    for t in 0..3u8 {
        let instructions = || {
            (0..t).map(|i| {
                let weights = (0..u32::from(i)).map(|w| w * 70_000).collect();
                (i, vec![i; usize::from(t)], vec![t; 2], weights)
            })
        };
        ours.txs.push(ours::Tx {
            signatures: vec![[t; 4]; usize::from(t) + 1],
            header: [t, 1, 2],
            instructions: instructions()
                .map(|(program, accounts, data, weights)| ours::Instruction {
                    program,
                    accounts,
                    data,
                    weights,
                })
                .collect(),
            memo: "m".repeat(usize::from(t)),
            ok: t != 1,
        });
        theirs.txs.push(theirs::Tx {
            signatures: vec![[t; 4]; usize::from(t) + 1],
            header: [t, 1, 2],
            instructions: instructions()
                .map(|(program, accounts, data, weights)| theirs::Instruction {
                    program,
                    accounts,
                    data,
                    weights,
                })
                .collect(),
            memo: "m".repeat(usize::from(t)),
            ok: t != 1,
        });
    }
    (ours, theirs)
}

/// Structs with heap fields frame as bincode 1 frames their twins (the in-place decoding of
/// them is `endian_wire`'s own tests' subject, `tests/core/frame_derive.rs`).
#[test]
fn heap_fields_frame_as_bincode() {
    let (ours, theirs) = heap_block();
    let bytes = frame::encode_to_vec(&ours, Config::legacy()).unwrap();
    let b1 = bincode1::DefaultOptions::new().with_fixint_encoding();
    assert_eq!(bytes, b1.serialize(&theirs).unwrap());
    assert_eq!(
        frame::decode_from_slice::<heap::ours::Block>(&bytes, Config::legacy()).unwrap(),
        (ours, bytes.len())
    );
}
