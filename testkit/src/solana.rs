//! Solana's data, two ways.
//!
//! * [`Transaction`]: Solana's legacy transaction as Solana frames it, described with the
//!   derive: fields in order as bincode frames them, byte arrays as they are, every length a
//!   compact-u16 (`short_vec`: 1 to 3 bytes, 7 bits each), which `#[frame(len = short_vec)]`
//!   on a field says. No peer frames `short_vec` without an outside crate, so its rows are
//!   endian_wire's alone; `examples/solana_tx.rs` walks through it.
//! * [`block::Block`]: a Solana-like block of entries of transactions with bincode's `u64` lengths,
//!   derived for wincode too, for a row against it.

use endian_wire::Endianize;

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

/// A Solana-like block: its own `Transaction` with bincode's `u64` lengths (not Solana's
/// `short_vec`), so that wincode frames it the same way.
pub mod block {
    use endian_wire::Endianize;

    /// An instruction of a Solana-like transaction.
    #[derive(Endianize, wincode::SchemaWrite, wincode::SchemaRead, Clone, Debug, PartialEq)]
    #[endian(le)]
    pub struct Instruction {
        pub program_id_index: u8,
        pub accounts: Vec<u8>,
        pub data: Vec<u8>,
    }

    /// A Solana-like transaction (lengths as bincode's `u64`, not Solana's short_vec).
    #[derive(Endianize, wincode::SchemaWrite, wincode::SchemaRead, Clone, Debug, PartialEq)]
    #[endian(le)]
    pub struct Transaction {
        pub signatures: Vec<[u8; 64]>,
        pub header: [u8; 3],
        pub account_keys: Vec<[u8; 32]>,
        pub recent_blockhash: [u8; 32],
        pub instructions: Vec<Instruction>,
    }

    /// An entry of a Solana-like block.
    #[derive(Endianize, wincode::SchemaWrite, wincode::SchemaRead, Clone, Debug, PartialEq)]
    #[endian(le)]
    pub struct Entry {
        pub num_hashes: u64,
        pub hash: [u8; 32],
        pub transactions: Vec<Transaction>,
    }

    /// A Solana-like block.
    pub type Block = Vec<Entry>;

    /// [`Instruction`] with its bytes borrowed from the input.
    #[derive(Endianize, wincode::SchemaWrite, wincode::SchemaRead, Clone, Debug, PartialEq)]
    #[endian(le)]
    pub struct InstructionRef<'a> {
        pub program_id_index: u8,
        pub accounts: &'a [u8],
        pub data: &'a [u8],
    }

    /// [`Transaction`] with its signatures, keys and instruction data borrowed: only its list
    /// of instructions is allocated.
    #[derive(Endianize, wincode::SchemaWrite, wincode::SchemaRead, Clone, Debug, PartialEq)]
    #[endian(le)]
    pub struct TransactionRef<'a> {
        pub signatures: &'a [[u8; 64]],
        pub header: [u8; 3],
        pub account_keys: &'a [[u8; 32]],
        pub recent_blockhash: [u8; 32],
        pub instructions: Vec<InstructionRef<'a>>,
    }

    /// [`Entry`] with its transactions borrowing.
    #[derive(Endianize, wincode::SchemaWrite, wincode::SchemaRead, Clone, Debug, PartialEq)]
    #[endian(le)]
    pub struct EntryRef<'a> {
        pub num_hashes: u64,
        pub hash: [u8; 32],
        pub transactions: Vec<TransactionRef<'a>>,
    }

    /// A Solana-like block borrowed from its bytes.
    pub type BlockRef<'a> = Vec<EntryRef<'a>>;

    /// The owned entries a borrowed block holds (for comparing decodes).
    pub fn to_owned(block: &[EntryRef<'_>]) -> Block {
        block
            .iter()
            .map(|e| Entry {
                num_hashes: e.num_hashes,
                hash: e.hash,
                transactions: e
                    .transactions
                    .iter()
                    .map(|t| Transaction {
                        signatures: t.signatures.to_vec(),
                        header: t.header,
                        account_keys: t.account_keys.to_vec(),
                        recent_blockhash: t.recent_blockhash,
                        instructions: t
                            .instructions
                            .iter()
                            .map(|i| Instruction {
                                program_id_index: i.program_id_index,
                                accounts: i.accounts.to_vec(),
                                data: i.data.to_vec(),
                            })
                            .collect(),
                    })
                    .collect(),
            })
            .collect()
    }

    /// A block of `entries` entries of 4 transactions each, every byte derived from its position.
    pub fn block(entries: u64) -> Block {
        let fill = |seed: u64, salt: u64| (seed.wrapping_mul(0x9e37_79b9) ^ salt) as u8;
        (0..entries)
            .map(|e| Entry {
                num_hashes: 12_500 + e,
                hash: core::array::from_fn(|i| fill(e, i as u64)),
                transactions: (0..4)
                    .map(|t| {
                        let s = e * 4 + t;
                        Transaction {
                            signatures: vec![core::array::from_fn(|i| fill(s, i as u64 + 1))],
                            header: [1, 0, 1],
                            account_keys: (0..3)
                                .map(|k| core::array::from_fn(|i| fill(s + k, i as u64 + 2)))
                                .collect(),
                            recent_blockhash: core::array::from_fn(|i| fill(s, i as u64 + 3)),
                            instructions: vec![Instruction {
                                program_id_index: 2,
                                accounts: vec![0, 1],
                                data: (0..12).map(|i| fill(s, i)).collect(),
                            }],
                        }
                    })
                    .collect(),
            })
            .collect()
    }
}
