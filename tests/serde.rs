//! serde integration: wrappers, wire chars and fixed text serialize as their logical values,
//! so bincode 1.3 (serde only) gives the logical type's bytes.

#![cfg(all(feature = "serde", feature = "std"))]

use bincode1::Options as _;
use endian_wire::{FixedUtf16BeNullPadded, charle, i16le, u32be};

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
