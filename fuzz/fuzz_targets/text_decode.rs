//! Text decoding on arbitrary bytes: fixed UTF-8/16/32 fields in both orders, growable
//! UTF-16/32 strings.
#![no_main]

use endian_wire::zerocopy::FromBytes;
use endian_wire::{
    FixedUtf8NullPadded, FixedUtf8SpacePadded, FixedUtf16BeNullPadded, FixedUtf16LeSpacePadded,
    FixedUtf32BeNullPadded, FixedUtf32LePacked, read_from_slice,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(v) = read_from_slice::<FixedUtf8NullPadded<16>>(data) {
        let _ = String::try_from(&v);
    }
    if let Ok(v) = read_from_slice::<FixedUtf8SpacePadded<7>>(data) {
        let _ = String::try_from(&v);
    }
    if let Ok(v) = read_from_slice::<FixedUtf16BeNullPadded<8>>(data) {
        let _ = String::try_from(&v);
    }
    if let Ok(v) = read_from_slice::<FixedUtf16LeSpacePadded<5>>(data) {
        let _ = String::try_from(&v);
    }
    if let Ok(v) = read_from_slice::<FixedUtf32BeNullPadded<4>>(data) {
        let _ = String::try_from(&v);
    }
    if let Ok(v) = read_from_slice::<FixedUtf32LePacked<3>>(data) {
        let _ = String::try_from(&v);
    }
    if let Ok(text) = core::str::from_utf8(data) {
        let _ = FixedUtf16BeNullPadded::<8>::try_from(text);
        let _ = FixedUtf8NullPadded::<5>::try_from(text);
    }
    let _ = FixedUtf8NullPadded::<4>::read_from_bytes(data);
});
