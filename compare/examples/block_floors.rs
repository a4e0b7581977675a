//! The floors under issue 50's block targets: what the fastest code of its kind reaches on
//! this machine, measured beside the framing in one process (PERFORMANCE.md, "Blocks: the
//! floors").
//!
//! - **Borrowed decode against wincode's zero-copy decode.** A decoder written by hand for
//!   exactly these types: one function, the cursor a local slice, no limit, no depth, no error
//!   detail; it allocates what both framings allocate (the `Vec`s of entries, transactions and
//!   instructions). What it gains on wincode bounds what any decoder of these types can.
//! - **Encode against memcpy.** A hand encoder that sizes the block, allocates once and appends
//!   each piece: the gather of the block's ~2,100 (100 entries) or ~210,000 heap buffers that
//!   every encoder of this value does, against one copy of the output's bytes.
//! - **Two cores.** The hand encoder on the two halves of the 10,000-entry block at once, each
//!   into its own buffer (no size pass shared, nothing joined: a lower bound); a plain copy of
//!   the output split the same way; and the allocations the block's decode makes (210,000, of
//!   the decode's sizes), half on each thread, all freed on the caller's, as the parallel
//!   decode does.
//!
//! Times are the minimum over 20 rounds, the cases alternating within each round.
//!
//! ```sh
//! cargo run --release -p endian_wire_compare --example block_floors
//! ```

use std::hint::black_box;
use std::time::Instant;

use endian_wire::frame::{self, Config};
use endian_wire_testkit::solana::block::{
    self, Block, BlockRef, Entry, EntryRef, Instruction, InstructionRef, Transaction,
    TransactionRef,
};

/// A little-endian `u64` length.
#[inline(always)]
fn len(r: &mut &[u8]) -> Option<usize> {
    let (head, tail) = r.split_first_chunk::<8>()?;
    *r = tail;
    usize::try_from(u64::from_le_bytes(*head)).ok()
}

#[inline(always)]
fn bytes<'a>(r: &mut &'a [u8], n: usize) -> Option<&'a [u8]> {
    let (head, tail) = r.split_at_checked(n)?;
    *r = tail;
    Some(head)
}

#[inline(always)]
fn array<const N: usize>(r: &mut &[u8]) -> Option<[u8; N]> {
    let (head, tail) = r.split_first_chunk::<N>()?;
    *r = tail;
    Some(*head)
}

#[inline(always)]
fn arrays<'a, const N: usize>(r: &mut &'a [u8], n: usize) -> Option<&'a [[u8; N]]> {
    Some(bytes(r, n.checked_mul(N)?)?.as_chunks::<N>().0)
}

/// The hand decoder (`None` for any fault). Preallocations are capped by what is left, as a
/// decoder of untrusted input must.
#[inline(never)]
fn hand_decode(input: &[u8]) -> Option<BlockRef<'_>> {
    let r = &mut { input };
    let n = len(r)?;
    let mut entries = Vec::with_capacity(n.min(r.len() / 48));
    for _ in 0..n {
        let num_hashes = u64::from_le_bytes(array(r)?);
        let hash = array(r)?;
        let n = len(r)?;
        let mut transactions = Vec::with_capacity(n.min(r.len() / 59));
        for _ in 0..n {
            let n = len(r)?;
            let signatures = arrays::<64>(r, n)?;
            let header = array(r)?;
            let n = len(r)?;
            let account_keys = arrays::<32>(r, n)?;
            let recent_blockhash = array(r)?;
            let n = len(r)?;
            let mut instructions = Vec::with_capacity(n.min(r.len() / 17));
            for _ in 0..n {
                let [program_id_index] = array(r)?;
                let n = len(r)?;
                let accounts = bytes(r, n)?;
                let n = len(r)?;
                let data = bytes(r, n)?;
                instructions.push(InstructionRef {
                    program_id_index,
                    accounts,
                    data,
                });
            }
            transactions.push(TransactionRef {
                signatures,
                header,
                account_keys,
                recent_blockhash,
                instructions,
            });
        }
        entries.push(EntryRef {
            num_hashes,
            hash,
            transactions,
        });
    }
    Some(entries)
}

/// The encoded size of `entries`.
fn encoded_len(entries: &[Entry]) -> usize {
    let mut n = 8;
    for e in entries {
        n += 8 + 32 + 8;
        for t in &e.transactions {
            n += 8 + 64 * t.signatures.len() + 3 + 8 + 32 * t.account_keys.len() + 32 + 8;
            for i in &t.instructions {
                n += 1 + 8 + i.accounts.len() + 8 + i.data.len();
            }
        }
    }
    n
}

/// The hand encoder: sized, one allocation, each piece appended.
#[inline(never)]
fn hand_encode(entries: &[Entry]) -> Vec<u8> {
    let mut out = Vec::with_capacity(encoded_len(entries));
    let len = |out: &mut Vec<u8>, n: usize| out.extend_from_slice(&(n as u64).to_le_bytes());
    len(&mut out, entries.len());
    for e in entries {
        out.extend_from_slice(&e.num_hashes.to_le_bytes());
        out.extend_from_slice(&e.hash);
        len(&mut out, e.transactions.len());
        for t in &e.transactions {
            len(&mut out, t.signatures.len());
            out.extend_from_slice(t.signatures.as_flattened());
            out.extend_from_slice(&t.header);
            len(&mut out, t.account_keys.len());
            out.extend_from_slice(t.account_keys.as_flattened());
            out.extend_from_slice(&t.recent_blockhash);
            len(&mut out, t.instructions.len());
            for i in &t.instructions {
                out.push(i.program_id_index);
                len(&mut out, i.accounts.len());
                out.extend_from_slice(&i.accounts);
                len(&mut out, i.data.len());
                out.extend_from_slice(&i.data);
            }
        }
    }
    out
}

/// The heap blocks a decode of `entries` entries allocates, each of the decode's size: the
/// block's entries with their vectors allocated and left empty.
fn allocate(entries: usize) -> Block {
    (0..entries)
        .map(|_| Entry {
            num_hashes: 0,
            hash: [0; 32],
            transactions: (0..4)
                .map(|_| Transaction {
                    signatures: Vec::with_capacity(1),
                    header: [0; 3],
                    account_keys: Vec::with_capacity(3),
                    recent_blockhash: [0; 32],
                    instructions: vec![Instruction {
                        program_id_index: 0,
                        accounts: Vec::with_capacity(2),
                        data: Vec::with_capacity(12),
                    }],
                })
                .collect(),
        })
        .collect()
}

/// Runs `f` on two threads at once (this one and a scoped one).
fn on_two<A: Send, B: Send>(a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B + Send) -> (A, B) {
    std::thread::scope(|s| {
        let other = s.spawn(b);
        let mine = a();
        (mine, other.join().unwrap())
    })
}

/// Minimum time per call, in ns, of each case over 20 rounds, the cases taking turns.
fn race<const N: usize>(calls: usize, mut cases: [&mut dyn FnMut(); N]) -> [f64; N] {
    let mut best = [f64::MAX; N];
    for _ in 0..20 {
        for (case, best) in cases.iter_mut().zip(&mut best) {
            let start = Instant::now();
            for _ in 0..calls {
                case();
            }
            *best = best.min(start.elapsed().as_nanos() as f64 / calls as f64);
        }
    }
    best
}

fn main() {
    let config = Config::legacy();
    let wc = wincode::config::Configuration::default();

    let small = frame::encode_to_vec(&block::block(100), config).unwrap();
    let ours: BlockRef<'_> = frame::borrow_decode_from_slice(&small, config).unwrap().0;
    let theirs: BlockRef<'_> = wincode::config::deserialize(&small, wc).unwrap();
    assert!(
        ours == theirs && hand_decode(&small) == Some(ours),
        "the decodes differ"
    );
    let [ours, wincode, hand] = race(
        200,
        [
            &mut || {
                drop(black_box(
                    frame::borrow_decode_from_slice::<BlockRef<'_>>(black_box(&small), config)
                        .unwrap(),
                ))
            },
            &mut || {
                drop(black_box(
                    wincode::config::deserialize::<BlockRef<'_>, _>(black_box(&small), wc).unwrap(),
                ))
            },
            &mut || drop(black_box(hand_decode(black_box(&small)).unwrap())),
        ],
    );
    println!(
        "borrowed decode, 100 entries: endian_wire {ours:.0} ns, wincode {wincode:.0} ns, by hand {hand:.0} ns"
    );
    println!(
        "  wincode / endian_wire {:.2}x; wincode / by hand {:.2}x (the floor of the 1.2x target)",
        wincode / ours,
        wincode / hand
    );

    for entries in [100, 10_000] {
        let value: Block = block::block(entries);
        let bytes = frame::encode_to_vec(&value, config).unwrap();
        assert_eq!(hand_encode(&value), bytes, "the hand encoder's bytes");
        let calls = if entries == 100 { 500 } else { 5 };
        let [ours, hand, copy] = race(
            calls,
            [
                &mut || {
                    drop(black_box(
                        frame::encode_to_vec(black_box(&value), config).unwrap(),
                    ))
                },
                &mut || drop(black_box(hand_encode(black_box(&value)))),
                &mut || drop(black_box(black_box(&bytes[..]).to_vec())),
            ],
        );
        println!(
            "encode, {entries} entries: endian_wire {ours:.0} ns, by hand {hand:.0} ns, memcpy {copy:.0} ns"
        );
        println!(
            "  memcpy / endian_wire {:.2}x; memcpy / by hand {:.2}x (the floor of the 0.8x target)",
            copy / ours,
            copy / hand
        );
    }

    let value: Block = block::block(10_000);
    let bytes = frame::encode_to_vec(&value, config).unwrap();
    assert_eq!(
        frame::parallel::encode_to_vec(&value, config).unwrap(),
        bytes
    );
    let (left, right) = value.split_at(value.len() / 2);
    let (head, tail) = bytes.split_at(bytes.len() / 2);
    // Three races, so that one's heap (the 210,000 small blocks) does not move another's.
    let [one, all, hand_one, hand_two] = race(
        5,
        [
            &mut || {
                drop(black_box(
                    frame::encode_to_vec(black_box(&value), config).unwrap(),
                ))
            },
            &mut || {
                drop(black_box(
                    frame::parallel::encode_to_vec(black_box(&value), config).unwrap(),
                ))
            },
            &mut || drop(black_box(hand_encode(black_box(&value)))),
            &mut || {
                drop(black_box(on_two(
                    || hand_encode(left),
                    || hand_encode(right),
                )))
            },
        ],
    );
    let [copy_one, copy_two] = race(
        5,
        [
            &mut || drop(black_box(black_box(&bytes[..]).to_vec())),
            &mut || drop(black_box(on_two(|| head.to_vec(), || tail.to_vec()))),
        ],
    );
    let [alloc_one, alloc_two] = race(
        5,
        [&mut || drop(black_box(allocate(10_000))), &mut || {
            drop(black_box(on_two(|| allocate(5_000), || allocate(5_000))))
        }],
    );
    println!("two cores, 10,000 entries (one core's time / two cores'; target 1.6x):");
    println!(
        "  endian_wire encode {:.2}x ({one:.0} -> {all:.0} ns)",
        one / all
    );
    println!(
        "  hand encoder, halves apart {:.2}x ({hand_one:.0} -> {hand_two:.0} ns)",
        hand_one / hand_two
    );
    println!(
        "  copy of the bytes, halves apart {:.2}x ({copy_one:.0} -> {copy_two:.0} ns)",
        copy_one / copy_two
    );
    println!(
        "  the decode's allocations and frees {:.2}x ({alloc_one:.0} -> {alloc_two:.0} ns)",
        alloc_one / alloc_two
    );
}
