//! Sequences on every core (`frame::parallel`, feature `rayon`) against the sequential entry
//! points: the same bytes for blocks around the crossover size, the same values and bytes used,
//! and the same verdict (kind and offset) on every cut and on corrupted entries. And the
//! boundary pass it stands on, `Decode::skip`: wherever a decode succeeds, the skip ends where
//! it ends, for every kind of framed type (lengths, tags, options, nested and per-field
//! lengths, fields in another order, static-size parts).

#![cfg(all(feature = "derive", feature = "rayon"))]
#![forbid(unsafe_code)]

use endian_wire::Endianize;
use endian_wire::frame::{self, Config, Decode, Decoder, SliceReader};

fn configs() -> [Config; 4] {
    [
        Config::legacy(),
        Config::standard(),
        Config::legacy().with_big_endian(),
        Config::standard().with_big_endian(),
    ]
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct Instruction {
    program_id_index: u8,
    accounts: Vec<u8>,
    #[frame(len = short_vec)]
    data: Vec<u8>,
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
enum Memo {
    None,
    Text(String),
    Tagged {
        tag: u32,
        #[endian(le)]
        weight: u64,
        note: Option<Box<str>>,
    },
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct Transaction {
    signatures: Vec<[u8; 64]>,
    header: [u8; 3],
    account_keys: Vec<[u8; 32]>,
    instructions: Vec<Instruction>,
    memo: Memo,
    fee: Result<u64, String>,
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct Entry {
    num_hashes: u64,
    hash: [u8; 32],
    transactions: Vec<Transaction>,
}

/// [`Instruction`] with its bytes borrowed.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct InstructionRef<'a> {
    program_id_index: u8,
    accounts: &'a [u8],
    #[frame(len = short_vec)]
    data: Vec<u8>,
}

/// [`Transaction`] borrowing its signatures, keys and text.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct TransactionRef<'a> {
    signatures: &'a [[u8; 64]],
    header: [u8; 3],
    account_keys: &'a [[u8; 32]],
    instructions: Vec<InstructionRef<'a>>,
    memo: Memo,
    fee: Result<u64, &'a str>,
}

/// [`Entry`] with its transactions borrowing.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct EntryRef<'a> {
    num_hashes: u64,
    hash: [u8; 32],
    transactions: Vec<TransactionRef<'a>>,
}

/// Entry `i` of a block, every byte and shape derived from `i`.
fn entry(i: usize) -> Entry {
    let b = i as u8;
    let transactions = (0..1 + i % 3)
        .map(|t| Transaction {
            signatures: vec![[b ^ t as u8; 64]; 1 + t % 2],
            header: [1, 0, b],
            account_keys: vec![[b.wrapping_add(7); 32]; 2 + (i + t) % 3],
            instructions: (0..1 + t)
                .map(|k| Instruction {
                    program_id_index: k as u8,
                    accounts: vec![b; k + i % 5],
                    data: vec![b ^ 0x5a; 12 + (i * 7 + k) % 200],
                })
                .collect(),
            memo: match (i + t) % 3 {
                0 => Memo::None,
                1 => Memo::Text(format!("entry {i} transaction {t}")),
                _ => Memo::Tagged {
                    tag: i as u32,
                    weight: 1 << (i % 60),
                    note: i.is_multiple_of(2).then(|| "ünïcode".into()),
                },
            },
            fee: if t == 1 {
                Err("refunded".into())
            } else {
                Ok(5000 + i as u64)
            },
        })
        .collect();
    Entry {
        num_hashes: i as u64 * 12_500,
        hash: [b; 32],
        transactions,
    }
}

/// A block of entries whose encoding takes about `bytes` bytes under `config`.
fn block_of(bytes: usize, config: Config) -> Vec<Entry> {
    let mut out = Vec::new();
    let mut size = 0;
    while size < bytes {
        let e = entry(out.len());
        size += frame::encoded_size(&e, config).unwrap();
        out.push(e);
    }
    out
}

/// A result with its error as its `Debug` text (kind and offset), to compare verdicts.
fn verdict<T>(result: Result<T, frame::DecodeError>) -> Result<T, String> {
    result.map_err(|e| format!("{e:?}"))
}

/// `T::skip` from the front of `src`: the bytes it moved past.
fn skip<T: Decode>(src: &[u8], config: Config) -> Result<usize, String> {
    let mut d = Decoder::new(SliceReader::new(src), config);
    verdict(T::skip(&mut d))?;
    Ok(d.offset())
}

/// Wherever `T` decodes from a prefix of `bytes` (every cut, every byte changed), `skip` ends
/// where the decode ends.
fn skip_agrees_with_decode<T: Decode + PartialEq + core::fmt::Debug>(bytes: &[u8], config: Config) {
    let check = |src: &[u8]| {
        if let Ok((_, used)) = frame::decode_from_slice::<T>(src, config) {
            assert_eq!(skip::<T>(src, config), Ok(used), "{config:?} on {src:02x?}");
        }
    };
    for cut in 0..=bytes.len() {
        check(&bytes[..cut]);
    }
    let mut bytes = bytes.to_vec();
    for at in 0..bytes.len() {
        for flip in [0x01, 0x80, 0xff] {
            bytes[at] ^= flip;
            check(&bytes);
            bytes[at] ^= flip;
        }
    }
}

/// Collections, options and boxes inside one another.
type Nested = (Vec<Vec<u16>>, [Option<String>; 2], Box<(u8, Vec<char>)>);

#[test]
#[cfg_attr(
    miri,
    ignore = "minutes under Miri: `every_path_on_one_small_block` takes its paths"
)]
fn skip_ends_where_decode_ends() {
    for config in configs() {
        for i in 0..6 {
            let e = entry(i);
            let bytes = frame::encode_to_vec(&e, config).unwrap();
            assert_eq!(skip::<Entry>(&bytes, config), Ok(bytes.len()));
            let memo = frame::encode_to_vec(&e.transactions[0].memo, config).unwrap();
            skip_agrees_with_decode::<Memo>(&memo, config);
            let instruction =
                frame::encode_to_vec(&e.transactions[0].instructions[0], config).unwrap();
            skip_agrees_with_decode::<Instruction>(&instruction, config);
        }
        let small = Transaction {
            signatures: vec![[1; 64]],
            ..entry(2).transactions[0].clone()
        };
        let small = Entry {
            transactions: vec![small],
            ..entry(2)
        };
        skip_agrees_with_decode::<Entry>(&frame::encode_to_vec(&small, config).unwrap(), config);
        let nested: Nested = (
            vec![vec![1, 300], vec![]],
            [None, Some("é".into())],
            Box::new((9, vec!['x', '€'])),
        );
        skip_agrees_with_decode::<Nested>(&frame::encode_to_vec(&nested, config).unwrap(), config);
    }
}

/// A type that recurses through `Vec`: its depth is the input's.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct Tree {
    kids: Vec<Tree>,
}

#[test]
fn skip_refuses_depth_as_decode_does() {
    let config = Config::standard();
    for depth in [
        3,
        frame::MAX_NESTING - 1,
        frame::MAX_NESTING,
        frame::MAX_NESTING + 5,
    ] {
        // One kid at every level, then none.
        let mut bytes = vec![1u8; depth];
        bytes.push(0);
        let decoded = verdict(frame::decode_from_slice::<Tree>(&bytes, config).map(|(_, n)| n));
        assert_eq!(skip::<Tree>(&bytes, config), decoded, "depth {depth}");
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "minutes under Miri: `every_path_on_one_small_block` takes its paths"
)]
fn blocks_around_the_crossover_encode_to_the_sequential_bytes() {
    for config in configs() {
        for bytes in [
            0,
            1000,
            frame::parallel::MIN_PARALLEL_BYTES - 2000,
            frame::parallel::MIN_PARALLEL_BYTES + 2000,
            3 * frame::parallel::MIN_PARALLEL_BYTES,
        ] {
            let block = block_of(bytes, config);
            let sequential = frame::encode_to_vec(&block, config).unwrap();
            assert_eq!(
                frame::parallel::encode_to_vec(&block, config).unwrap(),
                sequential,
                "{config:?}, {} entries",
                block.len()
            );
            // Appended after a header, which stays.
            let mut out = b"header".to_vec();
            frame::parallel::encode_append(&block, &mut out, config).unwrap();
            assert_eq!((&out[..6], &out[6..]), (&b"header"[..], &sequential[..]));

            let (back, used) =
                frame::parallel::decode_from_slice::<Entry>(&sequential, config).unwrap();
            assert_eq!((back.len(), used), (block.len(), sequential.len()));
            assert!(back == block, "{config:?}: the values differ");
        }
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "minutes under Miri: `every_path_on_one_small_block` takes its paths"
)]
fn borrowed_blocks_agree_with_the_sequential_borrowed_decode() {
    for config in configs() {
        for bytes in [1000, frame::parallel::MIN_PARALLEL_BYTES + 3000] {
            let block = block_of(bytes, config);
            let mut encoded = frame::encode_to_vec(&block, config).unwrap();
            encoded.extend_from_slice(b"after");
            let verdicts = |src: &[u8]| {
                let sequential = frame::borrow_decode_from_slice::<Vec<EntryRef<'_>>>(src, config);
                let parallel =
                    frame::parallel::borrow_decode_from_slice::<EntryRef<'_>>(src, config);
                match (sequential, parallel) {
                    (Ok(a), Ok(b)) => assert!(a == b, "{config:?}: a value differs"),
                    (Err(a), Err(b)) => assert_eq!(format!("{a:?}"), format!("{b:?}")),
                    (a, b) => panic!(
                        "{config:?}: sequential {:?}, parallel {:?}",
                        a.map(|v| v.1),
                        b.map(|v| v.1)
                    ),
                }
            };
            let (lent, used) =
                frame::parallel::borrow_decode_from_slice::<EntryRef<'_>>(&encoded, config)
                    .unwrap();
            assert_eq!((lent.len(), used), (block.len(), encoded.len() - 5));
            let mid = block.len() / 2;
            assert_eq!(
                lent[mid].transactions[0].signatures,
                block[mid].transactions[0].signatures
            );
            let len = encoded.len();
            for cut in (0..len).step_by(len / 13).chain(len - 20..len) {
                verdicts(&encoded[..cut]);
            }
            for at in (20..len).step_by(len / 11) {
                let old = encoded[at];
                encoded[at] = 0xff;
                verdicts(&encoded);
                encoded[at] = old;
            }
        }
    }
}

#[test]
fn bytes_after_the_block_are_left() {
    let config = Config::standard();
    let block = block_of(2 * frame::parallel::MIN_PARALLEL_BYTES, config);
    let mut bytes = frame::encode_to_vec(&block, config).unwrap();
    let end = bytes.len();
    bytes.extend_from_slice(b"trailer");
    let (back, used) = frame::parallel::decode_from_slice::<Entry>(&bytes, config).unwrap();
    assert_eq!((back.len(), used), (block.len(), end));
}

#[test]
#[cfg_attr(
    miri,
    ignore = "minutes under Miri: `every_path_on_one_small_block` takes its paths"
)]
fn broken_blocks_get_the_sequential_verdict() {
    for config in [Config::legacy(), Config::standard().with_big_endian()] {
        let block = block_of(frame::parallel::MIN_PARALLEL_BYTES + 50_000, config);
        let bytes = frame::encode_to_vec(&block, config).unwrap();
        let verdicts = |src: &[u8]| {
            let sequential = frame::decode_from_slice::<Vec<Entry>>(src, config);
            let parallel = frame::parallel::decode_from_slice::<Entry>(src, config);
            match (sequential, parallel) {
                (Ok((a, n)), Ok((b, m))) => {
                    assert!(a == b && n == m, "{config:?}: a value differs")
                }
                (Err(a), Err(b)) => assert_eq!(format!("{a:?}"), format!("{b:?}")),
                (a, b) => panic!(
                    "{config:?}: sequential {:?}, parallel {:?}",
                    a.map(|v| v.1),
                    b.map(|v| v.1)
                ),
            }
        };
        // Cuts near the start, in every part, and near the end.
        let len = bytes.len();
        for cut in (0..len).step_by(len / 17).chain(len - 20..len) {
            verdicts(&bytes[..cut]);
        }
        // A byte changed in each part: lengths, tags, text, option tags.
        let mut broken = bytes.clone();
        for at in (20..len).step_by(len / 13) {
            for value in [0xff, 0x02, 0x80] {
                let old = broken[at];
                broken[at] = value;
                verdicts(&broken);
                broken[at] = old;
            }
        }
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "minutes under Miri: `every_path_on_one_small_block` takes its paths"
)]
fn a_limit_is_counted_in_order_as_the_sequential_decode_counts_it() {
    let config = Config::standard();
    let block = block_of(frame::parallel::MIN_PARALLEL_BYTES + 10_000, config);
    let bytes = frame::encode_to_vec(&block, config).unwrap();
    for limit in [1000, bytes.len() / 2, 100 * bytes.len()] {
        let limited = config.with_limit(limit);
        let sequential = verdict(
            frame::decode_from_slice::<Vec<Entry>>(&bytes, limited).map(|(v, n)| (v.len(), n)),
        );
        let parallel = verdict(
            frame::parallel::decode_from_slice::<Entry>(&bytes, limited).map(|(v, n)| (v.len(), n)),
        );
        assert_eq!(parallel, sequential, "limit {limit}");
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "minutes under Miri: `every_path_on_one_small_block` takes its paths"
)]
fn runs_of_static_size_records_and_small_blocks_stay_sequential_and_agree() {
    let config = Config::legacy();
    let records: Vec<(u64, [u8; 24])> = (0..40_000u64).map(|i| (i, [i as u8; 24])).collect();
    let bytes = frame::encode_to_vec(&records, config).unwrap();
    assert_eq!(
        frame::parallel::encode_to_vec(&records, config).unwrap(),
        bytes
    );
    assert_eq!(
        frame::parallel::decode_from_slice(&bytes, config).unwrap(),
        (records, bytes.len())
    );
    let empty: Vec<Entry> = Vec::new();
    let bytes = frame::encode_to_vec(&empty, config).unwrap();
    assert_eq!(
        frame::parallel::encode_to_vec(&empty, config).unwrap(),
        bytes
    );
    assert_eq!(
        frame::parallel::decode_from_slice::<Entry>(&bytes, config).unwrap(),
        (empty, 8)
    );
}

/// Under Miri (where a block of 2 KiB is parallel): each parallel path once, against the
/// sequential one.
#[test]
fn every_path_on_one_small_block() {
    let config = Config::standard();
    let block = block_of(frame::parallel::MIN_PARALLEL_BYTES + 1500, config);
    let bytes = frame::encode_to_vec(&block, config).unwrap();
    assert_eq!(
        frame::parallel::encode_to_vec(&block, config).unwrap(),
        bytes
    );
    let (back, used) = frame::parallel::decode_from_slice::<Entry>(&bytes, config).unwrap();
    assert!(back == block && used == bytes.len());
    let (lent, used) =
        frame::parallel::borrow_decode_from_slice::<EntryRef<'_>>(&bytes, config).unwrap();
    let sequential = frame::borrow_decode_from_slice::<Vec<EntryRef<'_>>>(&bytes, config).unwrap();
    assert!(lent == sequential.0 && used == sequential.1);
    // An entry cut off: the sequential error.
    let cut = &bytes[..bytes.len() - 3];
    let a = frame::decode_from_slice::<Vec<Entry>>(cut, config).map(|(v, _)| v.len());
    let b = frame::parallel::decode_from_slice::<Entry>(cut, config).map(|(v, _)| v.len());
    assert_eq!(verdict(a), verdict(b));
}
