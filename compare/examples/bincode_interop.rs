//! One message, four codecs, the same bytes: `endian_wire::frame`, bincode 1.3 (serde),
//! bincode 2 (its own traits, implemented by `#[derive(Endianize)]` for types marked
//! `#[endian_wire(bincode)]`) and bincode 2's serde path.
//!
//! `cargo run -p endian_wire_compare --example bincode_interop`
//!
//! The logical type derives `Endianize` (framing, and `bincode::Encode` / `Decode` with the
//! `bincode` feature and `#[endian_wire(bincode)]`) and serde's traits. Whatever one side writes, the other reads, under
//! fixed-int and varint configurations. A derived type frames in the order it declares
//! (`#[endian(le)]` here, so the peers use a little-endian configuration); a `be` type talks to
//! peers configured `with_big_endian()`.
//!
//! A wire wrapper such as `u32be` is different: under fixed-int, `endian_wire::frame` and
//! bincode 2's own traits write it in its declared order whatever the configuration says,
//! while serde (which has no notion of byte order) sees its value and lets the format choose.
//! The last step shows both.

use bincode1::Options as _;
use endian_wire::frame::{self, Config};
use endian_wire::{Endianize, u32be};
use serde::{Deserialize, Serialize};

/// A fixed-size reading: it also gets a `ReadingWire` for in-place use.
#[derive(Endianize, Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)] // bincode 2\'s traits too
struct Reading {
    at_ms: u64,
    celsius: f32,
}

/// What the device reports about itself.
#[derive(Endianize, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)] // bincode 2\'s traits too
enum Status {
    Ok,
    Degraded { code: u16, reason: String },
    Offline(u64),
}

/// A message with variable-length fields: it frames exactly as bincode frames it.
#[derive(Endianize, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)] // bincode 2\'s traits too
struct Telemetry {
    device: u32,
    name: String,
    readings: Vec<Reading>,
    status: Status,
    note: Option<String>,
}

fn hex(bytes: &[u8]) -> String {
    let shown: Vec<String> = bytes.iter().take(24).map(|b| format!("{b:02x}")).collect();
    let more = if bytes.len() > 24 { " …" } else { "" };
    format!("{}{more} ({} bytes)", shown.join(" "), bytes.len())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let msg = Telemetry {
        device: 7,
        name: "greenhouse-east".into(),
        readings: (0..5)
            .map(|i| Reading {
                at_ms: 1_700_000_000_000 + i * 250,
                celsius: 21.5 + i as f32 / 4.0,
            })
            .collect(),
        status: Status::Degraded {
            code: 3,
            reason: "fan slow".into(),
        },
        note: Some("calibrated".into()),
    };

    // 1. endian_wire writes, bincode 1.3 reads (its default options: fixed-int, little-endian).
    let ours = frame::encode_to_vec(&msg, Config::legacy())?;
    println!("endian_wire, legacy:   {}", hex(&ours));
    let read: Telemetry = bincode1::DefaultOptions::new()
        .with_fixint_encoding()
        .deserialize(&ours)?;
    assert_eq!(read, msg);
    assert_eq!(
        ours,
        bincode1::serialize(&msg)?,
        "bincode 1 writes the same bytes"
    );
    println!("  bincode 1.3 reads it back: {:?}", read.status);

    // 2. bincode 2 writes through the `bincode::Encode` the derive implemented (varint), and
    //    endian_wire reads.
    let theirs = bincode::encode_to_vec(&msg, bincode::config::standard())?;
    println!("bincode 2, standard:   {}", hex(&theirs));
    let (read, used) = frame::decode_from_slice::<Telemetry>(&theirs, Config::standard())?;
    assert_eq!((read.clone(), used), (msg.clone(), theirs.len()));
    assert_eq!(theirs, frame::encode_to_vec(&msg, Config::standard())?);
    println!(
        "  endian_wire reads it back: {} readings",
        read.readings.len()
    );

    // 3. bincode 2's serde path, varint, both ways.
    let standard = bincode::config::standard();
    let theirs = bincode::serde::encode_to_vec(&msg, standard)?;
    let ours = frame::encode_to_vec(&msg, Config::standard())?;
    assert_eq!(ours, theirs);
    let (read, _): (Telemetry, usize) = bincode::serde::decode_from_slice(&ours, standard)?;
    assert_eq!(read, msg);
    println!("serde path, varint:    {}", hex(&ours));

    // 4. A wrapper keeps its declared order in endian_wire's framing and bincode 2's own
    //    traits; serde sees the value, so bincode's serde path writes it in the config's order.
    let sealed = (7u32, u32be::new(0xC0FF_EE00));
    let ours = frame::encode_to_vec(&sealed, Config::legacy())?;
    let native = bincode::encode_to_vec(sealed, bincode::config::legacy())?;
    let via_serde = bincode::serde::encode_to_vec(sealed, bincode::config::legacy())?;
    assert_eq!(ours, [7, 0, 0, 0, 0xC0, 0xFF, 0xEE, 0x00]);
    assert_eq!(native, ours);
    assert_eq!(via_serde, [7, 0, 0, 0, 0x00, 0xEE, 0xFF, 0xC0]);
    println!(
        "(u32, u32be), little-endian config: endian_wire and bincode 2 {ours:02x?}, serde {via_serde:02x?}"
    );

    // 5. Bad input names what is wrong and where, on either side of the exchange.
    let mut bad = frame::encode_to_vec(&msg, Config::legacy())?;
    bad[4..12].copy_from_slice(&u64::MAX.to_le_bytes()); // the name's length
    let err = frame::decode_from_slice::<Telemetry>(&bad, Config::legacy()).unwrap_err();
    println!("corrupted length: {err}");
    Ok(())
}
