//! Solana's legacy transaction, described with the derive and framed byte for byte.
//!
//! Solana frames its transactions as bincode does (fields in order, byte arrays as they are),
//! except that every length is a compact-u16 (`short_vec`: 1 to 3 bytes, 7 bits each).
//! `#[frame(len = short_vec)]` on a field says so; nothing else is written by hand.
//!
//! ```sh
//! cargo run --example solana_tx
//! ```

use endian_wire::Endianize;
use endian_wire::frame::{self, Config};

/// How many of the account keys sign, and which are read-only.
#[derive(Endianize, Clone, Copy, Debug, PartialEq, Eq)]
#[endian(le)]
pub struct MessageHeader {
    pub num_required_signatures: u8,
    pub num_readonly_signed_accounts: u8,
    pub num_readonly_unsigned_accounts: u8,
}

/// One instruction: a program (an index into the account keys), its accounts (indexes), its
/// input.
#[derive(Endianize, Clone, Debug, PartialEq, Eq)]
#[endian(le)]
pub struct CompiledInstruction {
    pub program_id_index: u8,
    #[frame(len = short_vec)]
    pub accounts: Vec<u8>,
    #[frame(len = short_vec)]
    pub data: Vec<u8>,
}

/// What the signatures sign.
#[derive(Endianize, Clone, Debug, PartialEq, Eq)]
#[endian(le)]
pub struct Message {
    pub header: MessageHeader,
    #[frame(len = short_vec)]
    pub account_keys: Vec<[u8; 32]>,
    pub recent_blockhash: [u8; 32],
    #[frame(len = short_vec)]
    pub instructions: Vec<CompiledInstruction>,
}

/// A legacy transaction.
#[derive(Endianize, Clone, Debug, PartialEq, Eq)]
#[endian(le)]
pub struct Transaction {
    #[frame(len = short_vec)]
    pub signatures: Vec<[u8; 64]>,
    pub message: Message,
}

/// A transfer of 1,000,000 lamports from the first key to the second (made-up keys).
pub fn transfer() -> Transaction {
    // The System Program's `Transfer`: instruction index 2 (u32), then the lamports (u64).
    let mut data = 2u32.to_le_bytes().to_vec();
    data.extend_from_slice(&1_000_000u64.to_le_bytes());
    Transaction {
        signatures: vec![[0xa7; 64]],
        message: Message {
            header: MessageHeader {
                num_required_signatures: 1,
                num_readonly_signed_accounts: 0,
                num_readonly_unsigned_accounts: 1,
            },
            account_keys: vec![[0x11; 32], [0x22; 32], [0x00; 32]],
            recent_blockhash: [0x5c; 32],
            instructions: vec![CompiledInstruction {
                program_id_index: 2,
                accounts: vec![0, 1],
                data,
            }],
        },
    }
}

/// [`transfer`]'s bytes, written out by hand from Solana's layout.
pub fn transfer_bytes() -> Vec<u8> {
    [
        &[1][..],                           // 1 signature (short_vec)
        &[0xa7; 64],                        // the signature
        &[1, 0, 1],                         // the header
        &[3],                               // 3 account keys (short_vec)
        &[0x11; 32],                        // sender
        &[0x22; 32],                        // recipient
        &[0x00; 32],                        // the System Program
        &[0x5c; 32],                        // recent blockhash
        &[1],                               // 1 instruction (short_vec)
        &[2],                               // program: account key 2
        &[2, 0, 1],                         // 2 accounts (short_vec): 0 and 1
        &[12],                              // 12 bytes of data (short_vec)
        &[2, 0, 0, 0],                      // Transfer
        &[0x40, 0x42, 0x0f, 0, 0, 0, 0, 0], // 1,000,000 lamports
    ]
    .concat()
}

#[allow(dead_code)] // the benchmarks include this file for its types
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
    Ok(())
}
