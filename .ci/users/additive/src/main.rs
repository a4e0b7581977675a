//! Derives next to each other: the user's own `bincode` and `serde` derives beside
//! `Endianize`, and one type that asks `Endianize` for bincode's traits instead; a `no_std`
//! library of the same package (`src/lib.rs`) derives with `std` on in the graph.

use endian_wire::frame::{self, Config};
use endian_wire::{Endianize, u32be};

/// The user's own bincode and serde derives next to `Endianize`.
#[derive(Endianize, bincode::Encode, bincode::Decode, serde::Serialize, serde::Deserialize)]
#[derive(Clone, Debug, PartialEq)]
#[endian(le)]
struct Reading {
    sensor: u16,
    value: f64,
}

/// A framing-only type (variable-length field), with the user's own derives.
#[derive(Endianize, bincode::Encode, bincode::Decode, serde::Serialize, serde::Deserialize)]
#[derive(Clone, Debug, PartialEq)]
#[endian(le)]
enum Message {
    Ping,
    Batch { id: u64, readings: Vec<Reading> },
}

/// bincode's traits from `Endianize`, on request: a big-endian type keeps its order.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
#[endian_wire(bincode)]
struct Header {
    magic: u32,
    checksum: u32be,
}

fn main() {
    let message = Message::Batch {
        id: 7,
        readings: vec![Reading { sensor: 1, value: 0.5 }],
    };
    // The user's bincode derive and the framing write the same bytes.
    let theirs = bincode::encode_to_vec(&message, bincode::config::legacy()).unwrap();
    let ours = frame::encode_to_vec(&message, Config::legacy()).unwrap();
    assert_eq!(theirs, ours);
    let json_like = bincode::serde::encode_to_vec(&message, bincode::config::legacy()).unwrap();
    assert_eq!(json_like, ours);

    let header = Header { magic: 1, checksum: u32be::new(2) };
    let bytes = bincode::encode_to_vec(&header, bincode::config::legacy()).unwrap();
    assert_eq!(bytes, [0, 0, 0, 1, 0, 0, 0, 2]);
    let (back, _): (Header, usize) =
        bincode::decode_from_slice(&bytes, bincode::config::legacy()).unwrap();
    assert_eq!(back, header);
    let hdr = additive_user::read(&[1, 0, 2, 0, 3, 0, 0, 0, 4]).unwrap();
    assert_eq!(hdr, additive_user::Hdr { a: 1, b: 2, c: (3, 4) });
    println!("additive ok: {} bytes", ours.len());
}
