//! Solana's legacy transaction, described with the derive and framed byte for byte: the
//! types are `endian_wire_testkit::solana`'s (`testkit/src/solana.rs`), which the benchmarks
//! measure too.
//!
//! Solana frames its transactions as bincode does (fields in order, byte arrays as they are),
//! except that every length is a compact-u16 (`short_vec`: 1 to 3 bytes, 7 bits each).
//! `#[frame(len = short_vec)]` on a field says so; nothing else is written by hand.
//!
//! Then a block of 10,000 Solana-like entries (bincode's `u64` lengths), encoded and decoded
//! on one core and on every core (`frame::parallel`): the same bytes, the same entries.
//!
//! ```sh
//! cargo run -p endian_wire_compare --example solana_tx
//! ```

use endian_wire::frame::{self, Config};
use endian_wire_testkit::solana::{Transaction, block, transfer, transfer_bytes};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let tx = transfer();
    let bytes = frame::encode_to_vec(&tx, Config::legacy())?;
    assert_eq!(bytes, transfer_bytes(), "Solana's bytes");
    println!(
        "a transfer is {} bytes: {:02x?}...",
        bytes.len(),
        &bytes[..8]
    );

    let back: Transaction = frame::decode_from_slice_exact(&bytes, Config::legacy())?;
    assert_eq!(back, tx);

    // A long instruction: 200 bytes of data take a two-byte length.
    let mut big = tx.clone();
    big.message.instructions[0].data = vec![9; 200];
    let bytes = frame::encode_to_vec(&big, Config::legacy())?;
    let at = bytes.len() - 200 - 2;
    assert_eq!(bytes[at..at + 2], [0xc8, 0x01]);
    println!(
        "with 200 bytes of data the length is {:02x?}",
        &bytes[at..at + 2]
    );

    // A non-canonical length (0x81 0x00 for 1) is refused, as Solana refuses it.
    let mut aliased = transfer_bytes();
    aliased.splice(0..1, [0x81, 0x00]);
    let err = frame::decode_from_slice::<Transaction>(&aliased, Config::legacy()).unwrap_err();
    println!("aliased length: {err}");

    // A block both ways: one core, then every core (the speed of each: `perf_report`'s
    // "blocks on every core" rows).
    let entries = block::block(10_000);
    let bytes = frame::encode_to_vec(&entries, Config::legacy())?;
    assert_eq!(
        frame::parallel::encode_to_vec(&entries, Config::legacy())?,
        bytes
    );
    println!(
        "a block of {} entries is {} bytes, encoded alike on one core and on {} threads",
        entries.len(),
        bytes.len(),
        rayon::current_num_threads()
    );
    let (back, used) =
        frame::parallel::decode_from_slice::<block::Entry>(&bytes, Config::legacy())?;
    assert!(back == entries && used == bytes.len());
    let (back, _) = frame::decode_from_slice::<block::Block>(&bytes, Config::legacy())?;
    assert!(back == entries);
    println!(
        "decoded back on every core and on one: the same {} entries",
        back.len()
    );
    Ok(())
}
