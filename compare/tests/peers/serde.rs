//! serde integration: wrappers, wire chars and fixed text serialize as their logical values,
//! so bincode 1.3 (serde only) gives the logical type's bytes; on hostile input through serde
//! the formats' own length checks apply and the wrappers allocate nothing.

use bincode1::Options as _;
use endian_wire::{FixedUtf16BeNullPadded, charle, i16le, u16be, u32be};
use endian_wire_testkit::alloc::peak_of;

/// The memory a decode of `input_len` bytes may take (as `tests/core/hostile.rs` bounds it).
fn memory_bound(input_len: usize) -> usize {
    64 * input_len + (endian_wire::frame::MAX_NESTING + 8) * 8192
}

#[test]
fn wrappers_serialize_as_their_logical_values() {
    let wire = (
        u32be::new(0x0102_0304),
        i16le::new(-2),
        charle::new('é'),
        FixedUtf16BeNullPadded::<4>::try_from("ok").unwrap(),
    );
    let logical = (0x0102_0304u32, -2i16, 'é', String::from("ok"));
    for big in [false, true] {
        let o = bincode1::DefaultOptions::new().with_fixint_encoding();
        let (ours, theirs) = if big {
            let o = o.with_big_endian();
            (o.serialize(&wire).unwrap(), o.serialize(&logical).unwrap())
        } else {
            let o = o.with_little_endian();
            (o.serialize(&wire).unwrap(), o.serialize(&logical).unwrap())
        };
        assert_eq!(ours, theirs);
    }
    let bytes = bincode1::serialize(&wire).unwrap();
    let back: (u32be, i16le, charle, FixedUtf16BeNullPadded<4>) =
        bincode1::deserialize(&bytes).unwrap();
    assert_eq!(back, wire);
    // Text that does not fit is a deserialization error, not a panic.
    let long = bincode1::serialize(&"too long for four").unwrap();
    assert!(bincode1::deserialize::<FixedUtf16BeNullPadded<4>>(&long).is_err());
}

#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
struct SerdeMessage {
    id: u32be,
    samples: Vec<u16be>,
    name: String,
}

#[test]
fn serde_path_refuses_huge_lengths() {
    let valid = SerdeMessage {
        id: u32be::new(1),
        samples: vec![u16be::new(2), u16be::new(3)],
        name: "n".into(),
    };
    let bytes = bincode1::serialize(&valid).unwrap();
    for len in 0..bytes.len() {
        assert!(bincode1::deserialize::<SerdeMessage>(&bytes[..len]).is_err());
    }
    for at in 0..bytes.len() - 8 {
        let mut hostile = bytes.clone();
        hostile[at..at + 8].copy_from_slice(&(1u64 << 40).to_le_bytes());
        let (results, peak) = peak_of(|| {
            [
                bincode1::deserialize::<SerdeMessage>(&hostile).ok(),
                // bincode 2 without a limit preallocates whatever a string's length claims (4 GiB
                // for a 30-byte input here, in its own `String` impl): only with a limit.
                bincode::serde::decode_from_slice::<SerdeMessage, _>(
                    &hostile,
                    bincode::config::legacy().with_limit::<{ 1 << 20 }>(),
                )
                .ok()
                .map(|(v, _)| v),
            ]
        });
        // The lengths on this path are read by the formats, not by this crate (the wrappers'
        // `Deserialize` allocates nothing); serde caps a sequence's preallocation at 1 MiB.
        assert!(
            peak <= 2 * memory_bound(hostile.len()) + (2 << 20),
            "{peak} at {at}"
        );
        // Accepted only when the mutation left a valid message.
        for value in results.into_iter().flatten() {
            let again = bincode1::serialize(&value).unwrap();
            assert_eq!(again, hostile[..again.len()], "2^40 at byte {at}");
        }
    }
}
