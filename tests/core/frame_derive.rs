//! Framing of derived types: the wire type frames like the logical type, the declared order
//! wins inside a type, static-size records take their one-check paths and agree with the
//! field-by-field ones, per-field length encodings, and in-place decoding that drops what it
//! read on every error. (That a derived type frames exactly as bincode frames the same logical
//! type is checked against bincode 1 and 2 in `endian_wire_compare`'s
//! `tests/peers/frame_derive.rs`.)

#![cfg(all(feature = "derive", feature = "std"))]
// The derive's in-place decoding is `unsafe` code of its own making: users who forbid theirs
// can still derive.
#![forbid(unsafe_code)]

use endian_wire::frame::{self, Config};
use endian_wire::{Endian, Endianize};
use proptest::prelude::*;

/// Derives `Endianize` in byte order `$order` for each item.
macro_rules! derived {
    ($order:ident; $($item:item)*) => {
        $(
            #[derive(Endianize, Clone, Debug, PartialEq)]
            #[endian($order)]
            $item
        )*
    };
}

mod big {
    use super::*;
    derived! { be;
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

fn reading(seed: u32) -> big::Reading {
    let unit = char::from_u32(0x61 + seed % 26).unwrap();
    big::Reading {
        sensor: seed as u16,
        value: f64::from(seed) * 0.5,
        flags: seed.to_le_bytes(),
        unit,
        samples: [seed as i32, -(seed as i32), 7],
        ok: seed.is_multiple_of(2),
    }
}

#[test]
fn fixed_types_frame_as_their_wire_type() {
    for seed in [0u32, 1, 300, 70_000, u32::MAX] {
        let ours = reading(seed);
        for config in [Config::legacy(), Config::standard()] {
            let config = config.with_big_endian();
            let bytes = frame::encode_to_vec(&ours, config).unwrap();
            let back: big::Reading = frame::decode_from_slice_exact(&bytes, config).unwrap();
            assert_eq!(back, ours);
            // The wire type frames like the logical type.
            let wire = big::ReadingWire::from(ours.clone());
            assert_eq!(frame::encode_to_vec(&wire, config).unwrap(), bytes);
            let wire_back: big::ReadingWire =
                frame::decode_from_slice_exact(&bytes, config).unwrap();
            assert_eq!(wire_back, wire);
        }
        // Enums: the variant position as a `u32`, as bincode; back as they were.
        let events = [
            big::Event::Start,
            big::Event::Sample(ours.clone()),
            big::Event::Stop { code: seed },
        ];
        for (position, event) in events.into_iter().enumerate() {
            let bytes = frame::encode_to_vec(&event, Config::legacy()).unwrap();
            assert_eq!(bytes[..4], (position as u32).to_be_bytes(), "{event:?}");
            let back: big::Event =
                frame::decode_from_slice_exact(&bytes, Config::legacy()).unwrap();
            assert_eq!(back, event);
        }
    }
}

/// The declared order applies inside the type whatever the configuration says: lengths and
/// tags of a `#[endian(be)]` type are big-endian under a little-endian configuration too.
#[test]
fn declared_order_wins_inside_the_type() {
    let batch = big::Batch {
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
    let err = frame::decode_from_slice::<big::Event>(&[0, 0, 0, 9], Config::legacy()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at byte 0: Event has no variant with tag 9"
    );
}

// ----- static sizes: one check, then unchecked writes and reads ---------------------------

/// Structs whose every field has a static size under fixed-int (`FIXED_SIZE`), so they and
/// runs of them take the one-check path; `Ticks` holds a run.
macro_rules! static_twins {
    ($order:ident) => {
        derived! { $order;
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

/// `Tick`'s encoded size and the offset of `ok` in it.
const TICK_SIZE: usize = 8 + 8 + 4 + 1 + 4 + 1 + 8 + 3 + 8;
const TICK_OK_AT: usize = 8 + 8 + 4 + 1 + 4;

#[test]
fn static_sizes_are_the_encoded_sizes() {
    use endian_wire::frame::{Decode, Encode};
    assert_eq!(<static_le::Tick as Encode>::FIXED_SIZE, Some(TICK_SIZE));
    assert_eq!(<static_be::Tick as Decode>::FIXED_SIZE, Some(TICK_SIZE));
    assert_eq!(<static_be::TickWire as Encode>::FIXED_SIZE, Some(TICK_SIZE));
    assert_eq!(<(u8, [u32; 3], bool) as Encode>::FIXED_SIZE, Some(14));
    // Variable-length parts have none.
    assert_eq!(<static_le::Ticks as Encode>::FIXED_SIZE, None);
    assert_eq!(<big::Reading as Decode>::FIXED_SIZE, None); // a `char` is UTF-8
    assert_eq!(<(u8, Option<u8>) as Decode>::FIXED_SIZE, None);
}

/// Every path of one message agrees: the one-check paths (a `Vec`, a slice) and the
/// field-by-field ones (a stream, a too-short slice), on the bytes, and on the error and its
/// offset for bad and truncated input.
macro_rules! check_static_paths {
    ($m:ident, $declared:expr, $config:expr, $seed:expr, $n:expr) => {{
        let config: Config = $config;
        /// The same tick as either twin.
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
        let tick = |i: u64| {
            let s = $seed.wrapping_add(i.wrapping_mul(0x9e37_79b9));
            tick_as!($m::Tick, s)
        };
        let ticks: Vec<_> = (0..$n as u64).map(tick).collect();
        let ours = $m::Ticks {
            seq: 7,
            ticks: ticks.clone(),
        };
        let order: Endian = $declared;

        // Writes: a `Vec`, a slice of the exact size, a stream. (The count, in the declared
        // order, then the records.)
        let bytes = frame::encode_to_vec(&ours, config).unwrap();
        assert_eq!(bytes.len(), 12 + $n * TICK_SIZE);
        let count = match order {
            Endian::Big => ($n as u64).to_be_bytes(),
            Endian::Little => ($n as u64).to_le_bytes(),
        };
        assert_eq!(bytes[4..12], count);
        let mut exact = vec![0u8; bytes.len()];
        assert_eq!(
            frame::encode_into_slice(&ours, &mut exact, config).unwrap(),
            bytes.len()
        );
        assert_eq!(exact, bytes);
        let mut streamed = Vec::new();
        frame::encode_into_writer(&ours, &mut streamed, config).unwrap();
        assert_eq!(streamed, bytes);
        if let Some(first) = ticks.first() {
            let one = frame::encode_to_vec(first, config).unwrap();
            assert_eq!(one.len(), TICK_SIZE);
            assert_eq!(one, bytes[12..12 + TICK_SIZE]);
            // One static-size value cut short: from memory (the one-check path's error-only
            // branch) the same end of input, at the same field, as from a stream.
            for cut in 0..one.len() {
                let from_slice =
                    frame::decode_from_slice::<$m::Tick>(&one[..cut], config).unwrap_err();
                let from_stream =
                    frame::decode_from_reader::<$m::Tick, _>(&one[..cut], config).unwrap_err();
                assert!(
                    matches!(
                        from_slice.kind,
                        frame::DecodeErrorKind::UnexpectedEnd { .. }
                    ),
                    "cut at {cut}: {from_slice:?}"
                );
                assert_eq!(from_slice.offset, from_stream.offset, "cut at {cut}");
            }
        }
        // A slice one byte short fails as the field-by-field path does.
        let mut short = vec![0u8; bytes.len() - 1];
        assert!(matches!(
            frame::encode_into_slice(&ours, &mut short, config),
            Err(frame::EncodeError::OutputFull { .. })
        ));

        // Reads: from memory (one check) and from a stream (field by field).
        let back: $m::Ticks = frame::decode_from_slice_exact(&bytes, config).unwrap();
        assert_eq!(back, ours);
        let streamed: $m::Ticks = frame::decode_from_reader(&bytes[..], config).unwrap();
        assert_eq!(streamed, ours);
        // A run of the wire type reads the same bytes (its length in the declared order).
        let run_config = match order {
            Endian::Big => config.with_big_endian(),
            Endian::Little => config.with_little_endian(),
        };
        let wire: Vec<$m::TickWire> =
            frame::decode_from_slice_exact(&bytes[4..], run_config).unwrap();
        assert_eq!(frame::encode_to_vec(&wire, run_config).unwrap(), bytes[4..]);

        // A bad `bool` in the last tick: the same error, at its offset, on both paths.
        if $n > 0 {
            let mut bad = bytes.clone();
            let at = 12 + ($n - 1) * TICK_SIZE + TICK_OK_AT;
            bad[at] = 2;
            let from_slice = frame::decode_from_slice::<$m::Ticks>(&bad, config).unwrap_err();
            let from_stream =
                frame::decode_from_reader::<$m::Ticks, _>(&bad[..], config).unwrap_err();
            assert_eq!(from_slice.offset, at);
            assert_eq!(format!("{from_slice:?}"), format!("{from_stream:?}"));
        }
        // Every truncation: an unexpected end where the stream ends, on both paths.
        // (Under Miri a sample of them: few for the long run, whose paths the property test
        // sweeps on short ones.)
        let miri_step = if bytes.len() > 1024 { 331 } else { 97 };
        for cut in (0..bytes.len()).step_by(if cfg!(miri) { miri_step } else { 1 }) {
            let from_slice =
                frame::decode_from_slice::<$m::Ticks>(&bytes[..cut], config).unwrap_err();
            let from_stream =
                frame::decode_from_reader::<$m::Ticks, _>(&bytes[..cut], config).unwrap_err();
            // (`needed` differs by reader: what is missing, or what was asked for; and from
            // memory a length the rest cannot hold is refused at the length itself.)
            assert!(matches!(
                from_stream.kind,
                frame::DecodeErrorKind::UnexpectedEnd { .. }
            ));
            match from_slice.kind {
                frame::DecodeErrorKind::UnexpectedEnd { .. } => {
                    assert_eq!(from_slice.offset, from_stream.offset, "cut at {cut}");
                }
                frame::DecodeErrorKind::LengthTooLarge { .. } => assert_eq!(from_slice.offset, 4),
                other => panic!("cut at {cut}: {other:?}"),
            }
        }
    }};
}

proptest! {
    #[test]
    fn prop_static_size_paths_agree(seed: u64, n in 0usize..12) {
        check_static_paths!(static_le, Endian::Little, Config::legacy(), seed, n);
        check_static_paths!(static_be, Endian::Big, Config::legacy().with_big_endian(), seed, n);
        // The declared order wins over the configuration's.
        check_static_paths!(static_be, Endian::Big, Config::legacy(), seed, n);
    }
}

#[test]
fn static_size_runs_longer_than_a_stack_buffer() {
    // 40 ticks are 2 KiB: a stream writer takes the field-by-field path for the run.
    check_static_paths!(static_le, Endian::Little, Config::legacy(), 99u64, 40usize);
    check_static_paths!(
        static_be,
        Endian::Big,
        Config::legacy().with_big_endian(),
        5u64,
        40usize
    );
}

// ----- per-field length encodings: `#[frame(len = ...)]` ---------------------------------

mod lens {
    use super::*;

    #[derive(Endianize, Clone, Debug, PartialEq)]
    #[endian(be)]
    pub struct Lens {
        #[frame(len = short_vec)]
        pub short: Vec<u16>,
        #[frame(len = u8)]
        pub name: String,
        #[frame(len = u16)]
        pub boxed: Box<[u32]>,
        #[frame(len = u32)]
        pub words: Vec<[u8; 2]>,
        #[frame(len = u64)]
        pub wide: Vec<u8>,
        #[frame(len = varint)]
        pub var: Vec<u8>,
        pub plain: Vec<u8>,
    }

    #[derive(Endianize, Clone, Debug, PartialEq)]
    #[endian(le)]
    pub enum Packet {
        Empty,
        Data(#[frame(len = short_vec)] Vec<u8>),
        Named {
            id: u8,
            #[frame(len = u8)]
            tag: String,
        },
    }
}

#[test]
fn per_field_lengths_frame_as_written_out_by_hand() {
    let value = lens::Lens {
        short: vec![1, 2],
        name: "ab".into(),
        boxed: vec![7].into_boxed_slice(),
        words: vec![[1, 2]],
        wide: vec![9],
        var: vec![5; 300],
        plain: vec![6],
    };
    for config in [Config::legacy(), Config::legacy().with_big_endian()] {
        let bytes = frame::encode_to_vec(&value, config).unwrap();
        let expected = [
            &[2, 0, 1, 0, 2][..], // short_vec 2, two u16 (big-endian: the container's)
            &[2, b'a', b'b'],     // u8 length
            &[0, 1, 0, 0, 0, 7],  // u16 length, one u32
            &[0, 0, 0, 1, 1, 2],  // u32 length, one [u8; 2]
            &[0, 0, 0, 0, 0, 0, 0, 1, 9], // u64 length
            &[251, 1, 44],        // varint 300 (big-endian payload)
            &[5; 300],
            &[0, 0, 0, 0, 0, 0, 0, 1, 6], // the configuration's length (fixed-int)
        ]
        .concat();
        assert_eq!(bytes, expected);
        let back: lens::Lens = frame::decode_from_slice_exact(&bytes, config).unwrap();
        assert_eq!(back, value);
        // Inside a `Vec` the struct is read in place, per-field lengths included; a truncation
        // anywhere is an error (and under Miri, nothing read before it leaks).
        let two = vec![value.clone(), value.clone()];
        let bytes = frame::encode_to_vec(&two, config).unwrap();
        let back: Vec<lens::Lens> = frame::decode_from_slice_exact(&bytes, config).unwrap();
        assert_eq!(back, two);
        for len in (0..bytes.len()).step_by(if cfg!(miri) { 17 } else { 1 }) {
            assert!(frame::decode_from_slice::<Vec<lens::Lens>>(&bytes[..len], config).is_err());
        }
        // Under varint only the configuration's own lengths and integers change.
        let var = frame::encode_to_vec(&value, Config::standard()).unwrap();
        let back: lens::Lens = frame::decode_from_slice_exact(&var, Config::standard()).unwrap();
        assert_eq!(back, value);
    }
    let packets = [
        (lens::Packet::Empty, vec![0, 0, 0, 0]),
        (
            lens::Packet::Data(vec![3; 130]),
            [&[1, 0, 0, 0, 0x82, 0x01][..], &[3; 130]].concat(),
        ),
        (
            lens::Packet::Named {
                id: 4,
                tag: "x".into(),
            },
            vec![2, 0, 0, 0, 4, 1, b'x'],
        ),
    ];
    for (packet, expected) in packets {
        let bytes = frame::encode_to_vec(&packet, Config::legacy()).unwrap();
        assert_eq!(bytes, expected, "{packet:?}");
        let back: lens::Packet = frame::decode_from_slice_exact(&bytes, Config::legacy()).unwrap();
        assert_eq!(back, packet);
    }
}

#[test]
fn short_vec_lengths_are_solanas() {
    use endian_wire::frame::len::{self, LenEncoding, ShortVec};
    let encode = |n: usize| {
        let mut out = Vec::new();
        let mut e = frame::Encoder::new(&mut out, Config::legacy());
        len::encode::<ShortVec, _, _>(&vec![(); n], &mut e).map(|()| out)
    };
    let encode_len = |n: usize| {
        let mut out = Vec::new();
        ShortVec::write(n, &mut frame::Encoder::new(&mut out, Config::legacy())).map(|()| out)
    };
    for (n, bytes) in [
        (0usize, &[0x00][..]),
        (1, &[0x01]),
        (127, &[0x7f]),
        (128, &[0x80, 0x01]),
        (16_383, &[0xff, 0x7f]),
        (16_384, &[0x80, 0x80, 0x01]),
        (65_535, &[0xff, 0xff, 0x03]),
    ] {
        assert_eq!(encode_len(n).unwrap(), bytes, "{n}");
        let mut d = frame::Decoder::new(frame::SliceReader::new(bytes), Config::legacy());
        assert_eq!(ShortVec::read(&mut d).unwrap(), n as u64);
        // The same prefix on a whole sequence (under Miri, whose steps over tens of thousands
        // of elements take a minute, the short ones).
        if cfg!(miri) && n > 128 {
            continue;
        }
        assert_eq!(encode(n).unwrap(), bytes, "{n}");
        let mut d = frame::Decoder::new(frame::SliceReader::new(bytes), Config::legacy());
        let back: Vec<()> = len::decode::<ShortVec, _, _>(&mut d).unwrap();
        assert_eq!(back.len(), n);
    }
    assert!(matches!(
        encode_len(65_536),
        Err(frame::EncodeError::InvalidValue { .. })
    ));
    if !cfg!(miri) {
        assert!(matches!(
            encode(65_536),
            Err(frame::EncodeError::InvalidValue { .. })
        ));
    }
    // Refused as Solana refuses them: aliases, too long, beyond u16::MAX.
    use endian_wire::frame::LengthFault;
    for (bytes, fault) in [
        (&[0x80, 0x00][..], LengthFault::RedundantByte),
        (&[0x81, 0x80, 0x00], LengthFault::RedundantByte),
        (&[0x80, 0x80, 0x80], LengthFault::TooManyBytes),
        (&[0xff, 0xff, 0x04], LengthFault::BeyondMax),
        (&[0x80, 0x80, 0x7f], LengthFault::BeyondMax),
    ] {
        let mut d = frame::Decoder::new(frame::SliceReader::new(bytes), Config::legacy());
        let err = len::decode::<ShortVec, Vec<()>, _>(&mut d).unwrap_err();
        assert_eq!(err.offset, 0);
        assert!(
            matches!(err.kind, frame::DecodeErrorKind::InvalidLength { encoding: "short_vec", fault: f } if f == fault),
            "{bytes:02x?}: {err}"
        );
    }
    // A length the input cannot hold is refused before anything is allocated; truncation is
    // an unexpected end.
    let mut d = frame::Decoder::new(
        frame::SliceReader::new(&[0xff, 0xff, 0x03, 1]),
        Config::legacy(),
    );
    let err = len::decode::<ShortVec, Vec<u64>, _>(&mut d).unwrap_err();
    assert!(
        matches!(
            err.kind,
            frame::DecodeErrorKind::LengthTooLarge { length: 65_535, .. }
        ),
        "{err}"
    );
    let mut d = frame::Decoder::new(frame::SliceReader::new(&[0x80]), Config::legacy());
    let err = len::decode::<ShortVec, Vec<u8>, _>(&mut d).unwrap_err();
    assert!(
        matches!(err.kind, frame::DecodeErrorKind::UnexpectedEnd { .. }),
        "{err}"
    );
}

#[test]
fn per_field_lengths_refuse_what_they_cannot_carry() {
    let value = lens::Packet::Named {
        id: 1,
        tag: "x".repeat(256),
    };
    assert!(matches!(
        frame::encode_to_vec(&value, Config::legacy()),
        Err(frame::EncodeError::InvalidValue {
            type_name: "u8",
            ..
        })
    ));
    // A `String` with a per-field length still checks its UTF-8, at the bad byte.
    let bytes = [2, 0, 0, 0, 4, 2, b'x', 0xff];
    let err = frame::decode_from_slice::<lens::Packet>(&bytes, Config::legacy()).unwrap_err();
    assert_eq!(err.offset, 7);
    assert!(matches!(err.kind, frame::DecodeErrorKind::InvalidUtf8));
}

mod heap {
    use super::*;
    derived! { le;
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

fn heap_block() -> heap::Block {
    let mut ours = heap::Block {
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
        ours.txs.push(heap::Tx {
            signatures: vec![[t; 4]; usize::from(t) + 1],
            header: [t, 1, 2],
            instructions: instructions()
                .map(|(program, accounts, data, weights)| heap::Instruction {
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
    ours
}

/// Structs with heap fields are read field by field into the place they end up in (an element
/// of a `Vec`, a field of the enclosing struct); an error part-way drops what was read, once.
/// Under Miri (CI) a leak or a double drop on any of these paths fails the run.
#[test]
fn in_place_decoding_drops_what_it_read_on_every_error() {
    let ours = heap_block();
    for config in [
        Config::legacy(),
        Config::standard(),
        Config::legacy().with_big_endian(),
    ] {
        let bytes = frame::encode_to_vec(&ours, config).unwrap();
        assert_eq!(
            frame::decode_from_slice::<heap::Block>(&bytes, config).unwrap(),
            (ours.clone(), bytes.len())
        );
        // From a stream, the runs take their out-of-line paths.
        assert_eq!(
            frame::decode_from_reader::<heap::Block, _>(&bytes[..], config).unwrap(),
            ours
        );
        // Under Miri (minutes for every length) every fifth still stops inside each kind of
        // field of the block.
        for len in (0..bytes.len()).step_by(if cfg!(miri) { 5 } else { 1 }) {
            let streamed = frame::decode_from_reader::<heap::Block, _>(&bytes[..len], config);
            assert!(streamed.is_err(), "{len} bytes from a stream decoded");
            let err = frame::decode_from_slice::<heap::Block>(&bytes[..len], config)
                .expect_err("a truncation decoded");
            assert!(
                matches!(
                    err.kind,
                    frame::DecodeErrorKind::UnexpectedEnd { .. }
                        | frame::DecodeErrorKind::LengthTooLarge { .. }
                ),
                "{len} bytes: {err}"
            );
        }
        // The last byte is the last transaction's `ok`: everything else was read, then dropped.
        let mut bad = bytes.clone();
        *bad.last_mut().unwrap() = 2;
        let err = frame::decode_from_slice::<heap::Block>(&bad, config).unwrap_err();
        assert_eq!(err.offset, bytes.len() - 1);
        assert!(matches!(err.kind, frame::DecodeErrorKind::InvalidBool(2)));
        // Bad UTF-8 in a memo part-way through the block.
        let memo = bytes.windows(2).rposition(|w| w == b"mm").unwrap();
        let mut bad = bytes.clone();
        bad[memo] = 0xff;
        let err = frame::decode_from_slice::<heap::Block>(&bad, config).unwrap_err();
        assert!(
            matches!(err.kind, frame::DecodeErrorKind::InvalidUtf8),
            "{err}"
        );
    }
}

/// A type whose safe `Decode` impl overrides the in-place read and breaks its contract (claims
/// success, writes nothing). It never vouched for it (`DECODES_IN_PLACE` needs `unsafe`), so
/// the crate reads it by value instead: no uninitialized value can come out (Miri, in CI,
/// would see one).
#[derive(Debug, Clone, PartialEq)]
pub struct Liar(u8);

impl frame::Decode for Liar {
    fn decode<R: frame::Reader>(d: &mut frame::Decoder<R>) -> Result<Self, frame::DecodeError> {
        let byte: u8 = frame::Decode::decode(d)?;
        Ok(Liar(byte))
    }

    fn decode_in_place<R: frame::Reader>(
        _: &mut frame::Decoder<R>,
        _: &mut core::mem::MaybeUninit<Self>,
    ) -> Result<(), frame::DecodeError> {
        Ok(())
    }
}

impl frame::Encode for Liar {
    fn encode<W: frame::Writer>(
        &self,
        e: &mut frame::Encoder<W>,
    ) -> Result<(), frame::EncodeError> {
        frame::Encode::encode(&self.0, e)
    }
}

#[derive(Endianize, Debug, Clone, PartialEq)]
#[endian(le)]
pub struct HoldsLiars {
    pub first: Liar,
    pub rest: Vec<Liar>,
    pub tail: String,
}

#[test]
fn a_safe_impl_is_not_trusted_with_uninitialized_memory() {
    let value = HoldsLiars {
        first: Liar(1),
        rest: vec![Liar(2), Liar(3)],
        tail: "t".into(),
    };
    let bytes = frame::encode_to_vec(&value, Config::legacy()).unwrap();
    let (back, _) = frame::decode_from_slice::<HoldsLiars>(&bytes, Config::legacy()).unwrap();
    assert_eq!(back, value);
    let many = vec![value.clone(), value];
    let bytes = frame::encode_to_vec(&many, Config::legacy()).unwrap();
    let (back, _) = frame::decode_from_slice::<Vec<HoldsLiars>>(&bytes, Config::legacy()).unwrap();
    assert_eq!(back, many);
}
