//! Framing of derived types: a derived type frames exactly as bincode frames the same logical
//! type (checked against bincode 1.3.3 and bincode 2.0.1's serde path on twin types), the wire
//! type frames like the logical type, and types with variable-length fields get framing only.

#![cfg(all(feature = "derive", feature = "std"))]

use bincode1::Options as _;
use endian_wire::frame::{self, Config};
use endian_wire::{Endian, Endianize};
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
                #[cfg_attr(feature = "bincode", endian_wire(bincode))]
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

/// The declared order applies inside the type whatever the configuration says: lengths and
/// tags of a `#[endian(be)]` type are big-endian under a little-endian configuration too.
#[test]
fn declared_order_wins_inside_the_type() {
    let batch = big::ours::Batch {
        id: 1,
        name: "x".into(),
        readings: vec![],
        tags: vec![],
        last: None,
        raw: vec![],
    };
    let le = frame::encode_to_vec(&batch, Config::legacy()).unwrap();
    let be = frame::encode_to_vec(&batch, Config::legacy().with_big_endian()).unwrap();
    assert_eq!(le, be);
    assert_eq!(&le[..8], &1u64.to_be_bytes());
    // Outside the type the configuration applies again.
    let pair = frame::encode_to_vec(&(batch, 2u16), Config::legacy()).unwrap();
    assert_eq!(&pair[pair.len() - 2..], &[2, 0]);
    assert_eq!(Config::legacy().endian(), Endian::Little);
}

#[test]
fn unknown_variant_names_the_enum() {
    let err =
        frame::decode_from_slice::<big::ours::Event>(&[0, 0, 0, 9], Config::legacy()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at byte 0: Event has no variant with tag 9"
    );
}

/// With the `bincode` feature, derived types and wrappers are `bincode::Encode` / `Decode`:
/// bincode's own API gives the same bytes, and bincode's limit applies.
#[cfg(feature = "bincode")]
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
