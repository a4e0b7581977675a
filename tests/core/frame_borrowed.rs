//! Borrowed decoding of runs: `&[[u8; N]]` lent from the input under every configuration, runs
//! of derived wire records (aligned, packed, and under varint only without wide integers), and
//! derived structs with a lifetime (a Solana-like transaction whose signatures, keys and
//! instruction data point into the input), against the owned decode of the same bytes: the
//! same values, the same bytes used, and the same verdict on every truncation and every huge
//! length. (Against bincode 2's and wincode's own decoders: `endian_wire_compare`'s
//! `tests/peers/frame_borrowed.rs`.)

#![cfg(all(feature = "derive", feature = "std"))]
#![forbid(unsafe_code)]

use endian_wire::Endianize;
use endian_wire::frame::{self, Config, DecodeErrorKind, config};

/// Every run-time configuration: both integer encodings, both orders, with and without a limit.
fn configs() -> Vec<Config> {
    let mut out = Vec::new();
    for base in [Config::legacy(), Config::standard()] {
        for ordered in [base, base.with_big_endian()] {
            out.push(ordered);
            out.push(ordered.with_limit(4096));
        }
    }
    out
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct Instruction {
    program_id_index: u8,
    accounts: Vec<u8>,
    data: Vec<u8>,
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct Transaction {
    signatures: Vec<[u8; 64]>,
    header: [u8; 3],
    account_keys: Vec<[u8; 32]>,
    recent_blockhash: [u8; 32],
    instructions: Vec<Instruction>,
}

/// [`Instruction`], its bytes borrowed.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct InstructionRef<'a> {
    program_id_index: u8,
    accounts: &'a [u8],
    data: &'a [u8],
}

/// [`Transaction`] with only its list of instructions allocated.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct TransactionRef<'a> {
    signatures: &'a [[u8; 64]],
    header: [u8; 3],
    account_keys: &'a [[u8; 32]],
    recent_blockhash: [u8; 32],
    instructions: Vec<InstructionRef<'a>>,
}

impl InstructionRef<'_> {
    fn to_owned(&self) -> Instruction {
        Instruction {
            program_id_index: self.program_id_index,
            accounts: self.accounts.to_vec(),
            data: self.data.to_vec(),
        }
    }
}

impl TransactionRef<'_> {
    fn to_owned(&self) -> Transaction {
        Transaction {
            signatures: self.signatures.to_vec(),
            header: self.header,
            account_keys: self.account_keys.to_vec(),
            recent_blockhash: self.recent_blockhash,
            instructions: self
                .instructions
                .iter()
                .map(InstructionRef::to_owned)
                .collect(),
        }
    }
}

fn transaction(seed: u8) -> Transaction {
    let fill = |salt: u8, i: usize| seed.wrapping_mul(31) ^ salt ^ i as u8;
    Transaction {
        signatures: (0..2)
            .map(|s| core::array::from_fn(|i| fill(s, i)))
            .collect(),
        header: [2, 0, 1],
        account_keys: (0..3)
            .map(|k| core::array::from_fn(|i| fill(10 + k, i)))
            .collect(),
        recent_blockhash: core::array::from_fn(|i| fill(20, i)),
        instructions: vec![
            Instruction {
                program_id_index: 2,
                accounts: vec![0, 1],
                data: (0..12).map(|i| fill(30, i)).collect(),
            },
            Instruction {
                program_id_index: 1,
                accounts: vec![],
                data: vec![],
            },
        ],
    }
}

#[test]
fn runs_of_byte_arrays_are_lent_from_the_input_under_every_configuration() {
    let keys: Vec<[u8; 32]> = (0..5u8).map(|k| [k; 32]).collect();
    for config in configs() {
        let mut bytes = frame::encode_to_vec(&keys, config).unwrap();
        bytes.push(0xEE); // a byte after the value, left alone
        let (lent, used) = frame::borrow_decode_from_slice::<&[[u8; 32]]>(&bytes, config).unwrap();
        assert_eq!(lent, &keys[..], "{config:?}");
        assert_eq!(used, bytes.len() - 1, "{config:?}");
        // Pointing into the input, not copied.
        assert!(
            bytes.as_ptr_range().contains(&lent.as_ptr().cast()),
            "{config:?}"
        );
        // Written back as the owned run is.
        assert_eq!(frame::encode_to_vec(&lent, config).unwrap(), bytes[..used]);
        let empty = frame::encode_to_vec(&Vec::<[u8; 7]>::new(), config).unwrap();
        let (lent, _) = frame::borrow_decode_from_slice::<&[[u8; 7]]>(&empty, config).unwrap();
        assert!(lent.is_empty());
    }
}

#[test]
fn typed_configurations_lend_runs_too() {
    let keys: Vec<[u8; 3]> = vec![[1, 2, 3], [4, 5, 6]];
    let bytes = frame::encode_to_vec(&keys, config::standard()).unwrap();
    let (lent, used) =
        frame::borrow_decode_from_slice::<&[[u8; 3]]>(&bytes, config::standard()).unwrap();
    assert_eq!((lent, used), (&keys[..], bytes.len()));
    let bytes = frame::encode_to_vec(&keys, config::legacy().with_big_endian()).unwrap();
    let (lent, _) =
        frame::borrow_decode_from_slice::<&[[u8; 3]]>(&bytes, config::legacy().with_big_endian())
            .unwrap();
    assert_eq!(lent, &keys[..]);
}

#[test]
fn arrays_of_no_bytes_are_lent_only_when_there_are_none() {
    let config = Config::legacy();
    let none = frame::encode_to_vec(&Vec::<[u8; 0]>::new(), config).unwrap();
    let (lent, _) = frame::borrow_decode_from_slice::<&[[u8; 0]]>(&none, config).unwrap();
    assert!(lent.is_empty());
    let some = frame::encode_to_vec(&vec![[0u8; 0]; 3], config).unwrap();
    let err = frame::borrow_decode_from_slice::<&[[u8; 0]]>(&some, config).unwrap_err();
    assert!(
        matches!(err.kind, DecodeErrorKind::Unborrowable(_)),
        "{err}"
    );
    assert_eq!(err.offset, 0);
}

#[test]
fn a_borrowing_transaction_reads_what_the_owned_one_writes() {
    for config in configs() {
        for seed in 0..if cfg!(miri) { 1 } else { 4 } {
            let owned = transaction(seed);
            let bytes = frame::encode_to_vec(&owned, config).unwrap();
            let (lent, used) =
                frame::borrow_decode_from_slice::<TransactionRef<'_>>(&bytes, config).unwrap();
            assert_eq!(used, bytes.len(), "{config:?}");
            assert_eq!(lent.to_owned(), owned, "{config:?}");
            let range = bytes.as_ptr_range();
            assert!(range.contains(&lent.signatures.as_ptr().cast()));
            assert!(range.contains(&lent.account_keys.as_ptr().cast()));
            assert!(range.contains(&lent.instructions[0].data.as_ptr()));
            // The borrowing struct writes the owned struct's bytes.
            assert_eq!(
                frame::encode_to_vec(&lent, config).unwrap(),
                bytes,
                "{config:?}"
            );
        }
    }
}

/// Every prefix and every huge length at every position: the borrowed decode refuses exactly
/// what the owned decode refuses, for the same reason, and otherwise gives the same value from
/// the same bytes.
#[test]
fn the_borrowed_and_owned_decodes_reach_the_same_verdict_on_every_cut_and_huge_length() {
    let owned = transaction(7);
    // Under Miri (whose interest here is the erased reader and the lent slices, which every
    // configuration takes alike) two configurations and every 32nd position: each input is
    // two decodes it interprets.
    let (step, configs) = if cfg!(miri) {
        (
            32,
            vec![Config::legacy(), Config::standard().with_limit(4096)],
        )
    } else {
        (1, configs())
    };
    for config in configs {
        let bytes = frame::encode_to_vec(&owned, config).unwrap();
        let mut inputs: Vec<Vec<u8>> = (0..bytes.len())
            .step_by(step)
            .map(|n| bytes[..n].to_vec())
            .collect();
        for huge in [1u64 << 32, 1 << 40, u64::MAX] {
            for at in (0..bytes.len()).step_by(step) {
                let mut hostile = bytes.clone();
                if at + 8 <= hostile.len() {
                    hostile[at..at + 8].copy_from_slice(&huge.to_le_bytes());
                    inputs.push(hostile);
                }
            }
        }
        for input in &inputs {
            let by_value = frame::decode_from_slice::<Transaction>(input, config);
            let lent = frame::borrow_decode_from_slice::<TransactionRef<'_>>(input, config);
            match (&by_value, &lent) {
                (Ok((value, used)), Ok((borrowed, lent_used))) => {
                    assert_eq!((value, used), (&borrowed.to_owned(), lent_used));
                }
                // The same kind of refusal (the owned decode checks a run of fixed-size
                // fields at once, so a truncation inside one is reported at its start).
                (Err(a), Err(b)) => assert_eq!(
                    core::mem::discriminant(&a.kind),
                    core::mem::discriminant(&b.kind),
                    "{a} / {b}"
                ),
                _ => panic!(
                    "{config:?}: owned {:?}, borrowed {:?}",
                    by_value.map(|(_, n)| n),
                    lent.map(|(_, n)| n)
                ),
            }
        }
    }
}

/// A borrowing struct whose order is not the configuration's, and a field whose order is not
/// the struct's: under a run-time configuration and a typed one of the other order (which
/// reads them through an erased reader that still lends the input).
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
struct Named<'a> {
    id: u32,
    name: &'a str,
    #[endian(le)]
    little: u16,
    tags: &'a [u8],
}

#[test]
fn borrowing_structs_keep_their_declared_order_under_any_configuration() {
    let value = Named {
        id: 0x0102_0304,
        name: "tank",
        little: 0x0506,
        tags: &[7, 8],
    };
    let runtime = [Config::legacy(), Config::legacy().with_big_endian()];
    let expected = frame::encode_to_vec(&value, Config::legacy()).unwrap();
    // The container's order wins over the configuration's: the same bytes under both.
    assert_eq!(&expected[..4], [1, 2, 3, 4]);
    assert_eq!(&expected[16..18], [6, 5]); // `little`, after the name's u64 length and 4 bytes
    for config in runtime {
        let bytes = frame::encode_to_vec(&value, config).unwrap();
        assert_eq!(bytes, expected, "{config:?}");
        let (back, used) = frame::borrow_decode_from_slice::<Named<'_>>(&bytes, config).unwrap();
        assert_eq!((back, used), (value.clone(), bytes.len()), "{config:?}");
    }
    for bytes in [
        frame::encode_to_vec(&value, config::legacy()).unwrap(),
        frame::encode_to_vec(&value, config::legacy().with_big_endian()).unwrap(),
    ] {
        assert_eq!(bytes, expected);
        let (little, _) =
            frame::borrow_decode_from_slice::<Named<'_>>(&bytes, config::legacy()).unwrap();
        let (big, _) = frame::borrow_decode_from_slice::<Named<'_>>(
            &bytes,
            config::legacy().with_big_endian(),
        )
        .unwrap();
        assert_eq!((little, big), (value.clone(), value.clone()));
    }
}

// ----- runs of wire records ----------------------------------------------------------------

/// A record of numbers and bytes whose wire type is its memory image: 8 + 4 + 2 + 1 + 1 bytes,
/// no padding, aligned to 8.
#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(be)]
struct Quote {
    id: u64,
    px: u32,
    qty: u16,
    side: u8,
    venue: u8,
}

/// [`Quote`]'s fields in little-endian order, its wire type packed: no alignment, so a run of
/// it is lent at any address.
#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(le)]
#[wire_repr(C, packed)]
struct PackedQuote {
    id: u64,
    px: u32,
    qty: u16,
    side: u8,
    venue: u8,
}

/// Floats and bytes only: framed the same under varint, so lent there too.
#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(le)]
struct Point {
    x: f32,
    y: f32,
    tag: [u8; 4],
}

fn quotes(n: u64) -> Vec<Quote> {
    (0..n)
        .map(|i| Quote {
            id: i << 40 | 0x0102_0304,
            px: (i as u32).wrapping_mul(2_654_435_761),
            qty: i as u16 ^ 0x8001,
            side: (i % 2) as u8,
            venue: b'A' + (i % 26) as u8,
        })
        .collect()
}

/// `bytes` copied to an address that is `misalign` bytes past a multiple of 8 (the run of a
/// fixed-int `Vec` starts 8 bytes in, so it is then aligned exactly when `misalign` is 0).
fn placed(bytes: &[u8], misalign: usize) -> (Vec<u64>, core::ops::Range<usize>) {
    let mut words = vec![0u64; (bytes.len() + misalign).div_ceil(8) + 1];
    let region = misalign..misalign + bytes.len();
    zerocopy::IntoBytes::as_mut_bytes(&mut words[..])[region.clone()].copy_from_slice(bytes);
    (words, region)
}

#[test]
fn runs_of_wire_records_are_lent_from_an_aligned_input() {
    let owned = quotes(if cfg!(miri) { 3 } else { 40 });
    let wire: Vec<QuoteWire> = owned.iter().copied().map(QuoteWire::from).collect();
    for config in [
        Config::legacy(),
        Config::legacy().with_big_endian().with_limit(4096),
    ] {
        // The wire type frames as the logical type does: the same bytes.
        let bytes = frame::encode_to_vec(&owned, config).unwrap();
        assert_eq!(frame::encode_to_vec(&wire, config).unwrap(), bytes);
        let (words, region) = placed(&bytes, 0);
        let input = &zerocopy::IntoBytes::as_bytes(&words[..])[region];
        let (lent, used) = frame::borrow_decode_from_slice::<&[QuoteWire]>(input, config).unwrap();
        assert_eq!((lent, used), (&wire[..], bytes.len()), "{config:?}");
        assert!(input.as_ptr_range().contains(&lent.as_ptr().cast()));
        let logical: Vec<Quote> = lent.iter().copied().map(Quote::from).collect();
        assert_eq!(logical, owned);
        // The owned decode of the same bytes agrees.
        let (by_value, _) = frame::decode_from_slice::<Vec<QuoteWire>>(input, config).unwrap();
        assert_eq!(by_value, wire);
        assert_eq!(frame::encode_to_vec(&lent, config).unwrap(), bytes);
        // The same run one byte further on in memory: not aligned for a `u64be`.
        for misalign in 1..8 {
            let (words, region) = placed(&bytes, misalign);
            let input = &zerocopy::IntoBytes::as_bytes(&words[..])[region];
            let err = frame::borrow_decode_from_slice::<&[QuoteWire]>(input, config).unwrap_err();
            assert!(
                matches!(err.kind, DecodeErrorKind::Unborrowable(_)),
                "{err}"
            );
            assert_eq!(err.offset, 8, "the run's first byte");
            // The owned decode has no such need.
            assert_eq!(
                frame::decode_from_slice::<Vec<QuoteWire>>(input, config)
                    .unwrap()
                    .0,
                wire
            );
        }
    }
}

#[test]
fn runs_of_packed_wire_records_are_lent_at_any_address() {
    let owned: Vec<PackedQuote> = quotes(if cfg!(miri) { 3 } else { 17 })
        .iter()
        .map(|q| PackedQuote {
            id: q.id,
            px: q.px,
            qty: q.qty,
            side: q.side,
            venue: q.venue,
        })
        .collect();
    let wire: Vec<PackedQuoteWire> = owned.iter().copied().map(PackedQuoteWire::from).collect();
    for config in [Config::legacy(), Config::legacy().with_big_endian()] {
        let bytes = frame::encode_to_vec(&owned, config).unwrap();
        for misalign in 0..8 {
            let (words, region) = placed(&bytes, misalign);
            let input = &zerocopy::IntoBytes::as_bytes(&words[..])[region];
            let (lent, used) =
                frame::borrow_decode_from_slice::<&[PackedQuoteWire]>(input, config).unwrap();
            assert_eq!(
                (lent, used),
                (&wire[..], bytes.len()),
                "{config:?} +{misalign}"
            );
            assert!(input.as_ptr_range().contains(&lent.as_ptr().cast()));
        }
    }
}

#[test]
fn under_varint_only_runs_without_wide_integers_are_lent() {
    let config = Config::standard();
    let owned = quotes(3);
    let bytes = frame::encode_to_vec(&owned, config).unwrap();
    let err = frame::borrow_decode_from_slice::<&[QuoteWire]>(&bytes, config).unwrap_err();
    assert!(
        matches!(err.kind, DecodeErrorKind::Unborrowable(_)),
        "{err}"
    );
    assert_eq!(err.offset, 0);
    let points: Vec<Point> = (0..5u8)
        .map(|i| Point {
            x: f32::from(i) / 3.0,
            y: -f32::from(i),
            tag: [i, 1, 2, 3],
        })
        .collect();
    for config in [Config::standard(), Config::standard().with_big_endian()] {
        let bytes = frame::encode_to_vec(&points, config).unwrap();
        // A one-byte length prefix: the run starts at an odd offset, so copy it to where a
        // `f32le` may be read in place.
        let (words, region) = placed(&bytes, 7);
        let input = &zerocopy::IntoBytes::as_bytes(&words[..])[region];
        let (lent, used) = frame::borrow_decode_from_slice::<&[PointWire]>(input, config).unwrap();
        assert_eq!(used, bytes.len());
        let back: Vec<Point> = lent.iter().copied().map(Point::from).collect();
        assert_eq!(back, points, "{config:?}");
    }
}

/// A borrowing struct holding a run of records, read from what the owned struct writes.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct BookRef<'a> {
    venue: u64,
    quotes: &'a [QuoteWire],
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct Book {
    venue: u64,
    quotes: Vec<Quote>,
}

#[test]
fn a_borrowing_struct_lends_its_run_of_records() {
    let owned = Book {
        venue: 9,
        quotes: quotes(if cfg!(miri) { 2 } else { 12 }),
    };
    let config = Config::legacy();
    let bytes = frame::encode_to_vec(&owned, config).unwrap();
    // `venue` and the length: the run starts 16 bytes in.
    let (words, region) = placed(&bytes, 0);
    let input = &zerocopy::IntoBytes::as_bytes(&words[..])[region];
    let (lent, used) = frame::borrow_decode_from_slice::<BookRef<'_>>(input, config).unwrap();
    assert_eq!(used, bytes.len());
    assert_eq!(lent.venue, 9);
    assert_eq!(
        lent.quotes
            .iter()
            .copied()
            .map(Quote::from)
            .collect::<Vec<_>>(),
        owned.quotes
    );
    assert_eq!(frame::encode_to_vec(&lent, config).unwrap(), bytes);
    // Every cut: refused as the owned decode refuses it.
    for n in 0..bytes.len() {
        let owned_verdict = frame::decode_from_slice::<Book>(&input[..n], config).map(|_| ());
        let lent_verdict = frame::borrow_decode_from_slice::<BookRef<'_>>(&input[..n], config);
        assert!(
            owned_verdict.is_err() && lent_verdict.is_err(),
            "cut at {n}"
        );
    }
}

/// A borrowing struct whose fields before the last own memory (a `Vec` of borrowing structs,
/// a `Vec<u16>`) and one of another order, in a `Vec`: each element is read in place, field by
/// field into its slot. Cut anywhere, the fields already read are dropped (Miri checks that
/// nothing leaks or is dropped twice) and the verdict is the owned decode's.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct HolderRef<'a> {
    instructions: Vec<InstructionRef<'a>>,
    name: &'a str,
    extra: Vec<u16>,
    #[endian(be)]
    big: u32,
    tail: &'a [u8],
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct Holder {
    instructions: Vec<Instruction>,
    name: String,
    extra: Vec<u16>,
    #[endian(be)]
    big: u32,
    tail: Vec<u8>,
}

impl HolderRef<'_> {
    fn to_owned(&self) -> Holder {
        Holder {
            instructions: self
                .instructions
                .iter()
                .map(InstructionRef::to_owned)
                .collect(),
            name: self.name.into(),
            extra: self.extra.clone(),
            big: self.big,
            tail: self.tail.to_vec(),
        }
    }
}

#[test]
fn vecs_of_borrowing_structs_read_in_place_and_free_what_they_read_when_cut() {
    let holders: Vec<Holder> = (0..3u8)
        .map(|n| Holder {
            instructions: transaction(n).instructions,
            name: "holder ✓".repeat(usize::from(n)),
            extra: (0..u16::from(n) * 3).collect(),
            big: 0x0102_0304 * u32::from(n + 1),
            tail: vec![n; usize::from(n) * 2],
        })
        .collect();
    let (step, configs) = if cfg!(miri) {
        (7, vec![Config::legacy(), Config::standard()])
    } else {
        (1, configs())
    };
    for config in configs {
        let bytes = frame::encode_to_vec(&holders, config).unwrap();
        let (lent, used) =
            frame::borrow_decode_from_slice::<Vec<HolderRef<'_>>>(&bytes, config).unwrap();
        assert_eq!(used, bytes.len());
        assert_eq!(
            lent.iter().map(HolderRef::to_owned).collect::<Vec<_>>(),
            holders,
            "{config:?}"
        );
        for cut in (0..bytes.len()).step_by(step) {
            let input = &bytes[..cut];
            let by_value = frame::decode_from_slice::<Vec<Holder>>(input, config);
            let lent = frame::borrow_decode_from_slice::<Vec<HolderRef<'_>>>(input, config);
            match (&by_value, &lent) {
                (Err(a), Err(b)) => assert_eq!(
                    core::mem::discriminant(&a.kind),
                    core::mem::discriminant(&b.kind),
                    "{config:?} cut at {cut}: {a} / {b}"
                ),
                _ => panic!("{config:?} cut at {cut}: a truncated block decoded"),
            }
        }
    }
}

/// A tuple struct that borrows, in a `Vec`: read in place as a named one is.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct PairRef<'a>(Vec<u16>, &'a str);

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct Pair(Vec<u16>, String);

#[test]
fn vecs_of_borrowing_tuple_structs_read_in_place() {
    let pairs: Vec<Pair> = (0..4u16)
        .map(|n| Pair((0..n).collect(), "p".repeat(usize::from(n))))
        .collect();
    for config in [Config::legacy(), Config::standard().with_big_endian()] {
        let bytes = frame::encode_to_vec(&pairs, config).unwrap();
        let (lent, used) =
            frame::borrow_decode_from_slice::<Vec<PairRef<'_>>>(&bytes, config).unwrap();
        assert_eq!(used, bytes.len());
        let owned: Vec<Pair> = lent.iter().map(|p| Pair(p.0.clone(), p.1.into())).collect();
        assert_eq!(owned, pairs, "{config:?}");
        for cut in 0..bytes.len() {
            assert!(
                frame::borrow_decode_from_slice::<Vec<PairRef<'_>>>(&bytes[..cut], config).is_err(),
                "{config:?} cut at {cut}"
            );
        }
    }
}
