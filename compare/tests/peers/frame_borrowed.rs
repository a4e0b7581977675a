//! Borrowed runs against the peers: a Solana-like block as wincode writes it, read by
//! endian_wire's borrowing types (signatures, keys and instruction data lent from the input)
//! gives what wincode's and bincode 2's owned decoders give and what wincode's zero-copy
//! decoder lends, under fixed-width and varint lengths; every truncation is refused by all.
//! Runs of derived wire records lent from what wincode and bincode 2 write of the native
//! records, in both orders.

use endian_wire::frame::{self, Config};
use endian_wire_testkit::solana::block::{self, Block, BlockRef};
use wincode::config::Configuration as Wincode;

/// The block's types with bincode 2's own derive: what bincode decodes, converted for
/// comparison.
mod theirs {
    #[derive(bincode::Decode)]
    pub struct Instruction {
        pub program_id_index: u8,
        pub accounts: Vec<u8>,
        pub data: Vec<u8>,
    }

    #[derive(bincode::Decode)]
    pub struct Transaction {
        pub signatures: Vec<[u8; 64]>,
        pub header: [u8; 3],
        pub account_keys: Vec<[u8; 32]>,
        pub recent_blockhash: [u8; 32],
        pub instructions: Vec<Instruction>,
    }

    #[derive(bincode::Decode)]
    pub struct Entry {
        pub num_hashes: u64,
        pub hash: [u8; 32],
        pub transactions: Vec<Transaction>,
    }

    pub fn into_block(entries: Vec<Entry>) -> super::Block {
        use endian_wire_testkit::solana::block as ours;
        entries
            .into_iter()
            .map(|e| ours::Entry {
                num_hashes: e.num_hashes,
                hash: e.hash,
                transactions: e
                    .transactions
                    .into_iter()
                    .map(|t| ours::Transaction {
                        signatures: t.signatures,
                        header: t.header,
                        account_keys: t.account_keys,
                        recent_blockhash: t.recent_blockhash,
                        instructions: t
                            .instructions
                            .into_iter()
                            .map(|i| ours::Instruction {
                                program_id_index: i.program_id_index,
                                accounts: i.accounts,
                                data: i.data,
                            })
                            .collect(),
                    })
                    .collect(),
            })
            .collect()
    }
}

/// Our borrowed decode, wincode's owned and zero-copy decodes and bincode 2's owned decode of
/// `bytes`, which encode `expected`.
fn all_agree<W, B>(bytes: &[u8], expected: &Block, ours: Config, wc: W, bc: B)
where
    W: wincode::config::Config + Copy,
    B: bincode::config::Config,
{
    let (lent, used) = frame::borrow_decode_from_slice::<BlockRef<'_>>(bytes, ours).unwrap();
    assert_eq!(used, bytes.len());
    assert!(block::to_owned(&lent) == *expected, "ours");
    let owned: Block = wincode::config::deserialize(bytes, wc).unwrap();
    assert!(owned == *expected, "wincode's owned decode");
    let zero_copy: BlockRef<'_> = wincode::config::deserialize(bytes, wc).unwrap();
    assert!(zero_copy == lent, "wincode's zero-copy decode");
    let (theirs, used) = bincode::decode_from_slice::<Vec<theirs::Entry>, _>(bytes, bc).unwrap();
    assert_eq!(used, bytes.len());
    assert!(
        theirs::into_block(theirs) == *expected,
        "bincode 2's owned decode"
    );
    // And ours writes back the bytes it borrowed from.
    assert_eq!(frame::encode_to_vec(&lent, ours).unwrap(), bytes);
}

#[test]
fn a_borrowed_block_reads_what_wincode_writes_under_fixed_lengths() {
    let expected = block::block(25);
    let wc = Wincode::default();
    let bytes = wincode::config::serialize(&expected, wc).unwrap();
    all_agree(
        &bytes,
        &expected,
        Config::legacy(),
        wc,
        bincode::config::legacy(),
    );
}

#[test]
fn a_borrowed_block_reads_what_wincode_writes_under_varint_lengths() {
    let expected = block::block(25);
    let wc = Wincode::default().with_varint_encoding();
    let bytes = wincode::config::serialize(&expected, wc).unwrap();
    all_agree(
        &bytes,
        &expected,
        Config::standard(),
        wc,
        bincode::config::standard(),
    );
}

#[test]
fn every_truncation_of_a_borrowed_block_is_refused_by_all() {
    let expected = block::block(2);
    for (ours, varint) in [(Config::legacy(), false), (Config::standard(), true)] {
        let bytes = frame::encode_to_vec(&expected, ours).unwrap();
        for n in 0..bytes.len() {
            let cut = &bytes[..n];
            assert!(
                frame::borrow_decode_from_slice::<BlockRef<'_>>(cut, ours).is_err(),
                "{n}"
            );
            let zero_copy = if varint {
                wincode::config::deserialize::<BlockRef<'_>, _>(
                    cut,
                    Wincode::default().with_varint_encoding(),
                )
            } else {
                wincode::config::deserialize::<BlockRef<'_>, _>(cut, Wincode::default())
            };
            assert!(zero_copy.is_err(), "wincode accepted {n} bytes");
            let theirs = if varint {
                bincode::decode_from_slice::<Vec<theirs::Entry>, _>(
                    cut,
                    bincode::config::standard(),
                )
            } else {
                bincode::decode_from_slice::<Vec<theirs::Entry>, _>(cut, bincode::config::legacy())
            };
            assert!(theirs.is_err(), "bincode 2 accepted {n} bytes");
        }
    }
}

/// A record of numbers as a peer user declares it (native fields, the peers' derives), and as
/// an endian_wire user borrows it: its wire type, of little-endian wrappers, lent from the
/// input.
#[derive(
    endian_wire::Endianize,
    bincode::Encode,
    bincode::Decode,
    wincode::SchemaWrite,
    wincode::SchemaRead,
    Clone,
    Copy,
    Debug,
    PartialEq,
)]
#[endian(le)]
struct Level {
    price: u64,
    size: u32,
    orders: u16,
    side: u8,
    venue: u8,
}

/// [`Level`] as a big-endian format would carry it (bincode 2's `with_big_endian`).
#[derive(endian_wire::Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(be)]
struct LevelBe {
    price: u64,
    size: u32,
    orders: u16,
    side: u8,
    venue: u8,
}

fn levels() -> Vec<Level> {
    (0..50u64)
        .map(|i| Level {
            price: 1_000_000 + i * 37,
            size: (i as u32) << 20 | 5,
            orders: i as u16 * 3,
            side: (i % 2) as u8,
            venue: (i % 7) as u8,
        })
        .collect()
}

/// `bytes` in memory aligned to 8, as a file read into a `Vec<u64>` or a page is.
fn aligned(bytes: &[u8]) -> Vec<u64> {
    let mut words = vec![0u64; bytes.len().div_ceil(8)];
    zerocopy::IntoBytes::as_mut_bytes(&mut words[..])[..bytes.len()].copy_from_slice(bytes);
    words
}

#[test]
fn runs_of_wire_records_are_lent_from_what_the_peers_write() {
    let expected = levels();
    let bytes = wincode::config::serialize(&expected, Wincode::default()).unwrap();
    assert_eq!(
        bytes,
        bincode::encode_to_vec(&expected, bincode::config::legacy()).unwrap()
    );
    let words = aligned(&bytes);
    let input = &zerocopy::IntoBytes::as_bytes(&words[..])[..bytes.len()];
    let (lent, used) =
        frame::borrow_decode_from_slice::<&[LevelWire]>(input, Config::legacy()).unwrap();
    assert_eq!(used, bytes.len());
    assert!(input.as_ptr_range().contains(&lent.as_ptr().cast()));
    let back: Vec<Level> = lent.iter().copied().map(Level::from).collect();
    assert_eq!(back, expected);
    // The peers' owned decodes of the same bytes.
    let theirs: Vec<Level> = wincode::config::deserialize(input, Wincode::default()).unwrap();
    assert_eq!(theirs, back);
    let (theirs, _) =
        bincode::decode_from_slice::<Vec<Level>, _>(input, bincode::config::legacy()).unwrap();
    assert_eq!(theirs, back);
    // A big-endian format: bincode 2's big-endian fixed-width framing of the native record is
    // the memory of the big-endian wire record.
    let big = bincode::config::legacy().with_big_endian();
    let bytes = bincode::encode_to_vec(&expected, big).unwrap();
    let words = aligned(&bytes);
    let input = &zerocopy::IntoBytes::as_bytes(&words[..])[..bytes.len()];
    let config = Config::legacy().with_big_endian();
    let (lent, _) = frame::borrow_decode_from_slice::<&[LevelBeWire]>(input, config).unwrap();
    let back: Vec<Level> = lent
        .iter()
        .map(|w| {
            let l = LevelBe::from(*w);
            Level {
                price: l.price,
                size: l.size,
                orders: l.orders,
                side: l.side,
                venue: l.venue,
            }
        })
        .collect();
    assert_eq!(back, expected);
    // Every truncation refused by all three.
    for n in 0..bytes.len().min(200) {
        let cut = &input[..n];
        assert!(
            frame::borrow_decode_from_slice::<&[LevelBeWire]>(cut, config).is_err(),
            "{n}"
        );
        assert!(
            bincode::decode_from_slice::<Vec<Level>, _>(cut, big).is_err(),
            "{n}"
        );
    }
}
