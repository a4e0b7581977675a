//! Every framing decoder on arbitrary bytes, under every configuration (owned and borrowed, a
//! typed configuration too): a value or an error, never a panic, never an allocation beyond
//! the limit.
#![no_main]

use endian_wire::frame::{self, Config};
use endian_wire::{Endianize, u32be};
use libfuzzer_sys::fuzz_target;

#[derive(Endianize, Debug)]
#[endian(be)]
#[allow(dead_code)]
struct Record {
    id: u64,
    name: String,
    values: Vec<i32>,
    tag: Option<char>,
    nested: Vec<(u8, Vec<u16>)>,
}

#[derive(Endianize, Debug)]
#[endian(le)]
#[allow(dead_code)]
enum Message {
    Ping,
    Data(Vec<u8>),
    Pair { a: u128, b: bool },
}

/// A transaction borrowed from the input: runs of byte arrays and bytes lent, a field in
/// another order than its struct's.
#[derive(Endianize, Debug)]
#[endian(le)]
#[allow(dead_code)]
struct TransactionRef<'a> {
    signatures: &'a [[u8; 64]],
    account_keys: &'a [[u8; 32]],
    #[endian(be)]
    fee: u64,
    instructions: Vec<(u8, &'a [u8])>,
}

/// A record whose wire type is its memory (aligned to 8), and its packed twin (aligned to 1):
/// runs of their wire types lent from the input, or refused where the input is not aligned.
#[derive(Endianize, Debug, Clone, Copy)]
#[endian(be)]
#[allow(dead_code)]
struct Level {
    price: u64,
    size: u32,
    orders: u16,
    side: u8,
    venue: u8,
}

#[derive(Endianize, Debug, Clone, Copy)]
#[endian(le)]
#[wire_repr(C, packed)]
#[allow(dead_code)]
struct PackedLevel {
    price: u64,
    size: u32,
    side: u8,
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, data)) = data.split_first() else { return };
    let base = match selector & 3 {
        0 => Config::legacy(),
        1 => Config::legacy().with_big_endian(),
        2 => Config::standard(),
        _ => Config::standard().with_big_endian(),
    };
    let config = base.with_limit(1 << 20);
    let _ = frame::decode_from_slice::<Record>(data, config);
    let _ = frame::decode_from_slice::<Vec<Message>>(data, config);
    let _ = frame::decode_from_slice::<(Vec<String>, Option<Vec<u64>>, Result<char, i16>)>(data, config);
    let _ = frame::decode_from_slice::<(Vec<u32be>, Box<str>, [f64; 2])>(data, config);
    let _ = frame::borrow_decode_from_slice::<(&str, &[u8], Vec<&str>)>(data, config);
    let _ = frame::borrow_decode_from_slice::<Vec<TransactionRef<'_>>>(data, config);
    let _ = frame::borrow_decode_from_slice::<TransactionRef<'_>>(data, frame::config::legacy());
    let _ = frame::borrow_decode_from_slice::<(&[LevelWire], &[PackedLevelWire])>(data, config);
    let _ = frame::decode_from_reader::<Vec<Vec<u8>>, _>(data, config);
    let _ = frame::decode_from_slice_exact::<Record>(data, config);
});
