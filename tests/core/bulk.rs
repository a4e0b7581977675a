//! Bulk conversion: the generic API for every element type in both orders, and random large
//! inputs through every available kernel. The exhaustive kernel sweep is `tests/bulk_kernels.rs`.

#![cfg(feature = "std")]

use endian_wire::bulk::{self, Isa, WireElement};
use endian_wire::zerocopy::IntoBytes;
use endian_wire::*;
use proptest::prelude::*;

/// The oracle: reverse each `width`-byte element.
fn oracle(width: usize, src: &[u8]) -> Vec<u8> {
    src.chunks(width)
        .flat_map(|c| c.iter().rev().copied())
        .collect()
}

#[test]
fn active_isa_is_available_and_reported() {
    let active = Isa::active();
    assert!(active.is_available());
    println!("active bulk kernel: {}", active.name());
    if cfg!(all(target_arch = "aarch64", target_feature = "neon")) {
        assert_eq!(active, Isa::Neon);
    }
    assert!(Isa::Portable.is_available());
}

#[test]
#[should_panic(expected = "does not match")]
fn length_mismatch_panics() {
    let mut dst = [u32be::ZERO; 2];
    bulk::to_wire(&[1u32, 2, 3], &mut dst);
}

#[test]
#[should_panic(expected = "does not match")]
fn byte_length_mismatch_panics() {
    let mut dst = [0u16; 2];
    bulk::from_bytes::<u16le>(&[1, 2, 3], &mut dst);
}

/// Exercises every public bulk function for one wire type against per-element conversion.
fn check_api<W>(values: &[W::Native])
where
    W: WireElement + From<W::Native> + PartialEq + core::fmt::Debug,
    W::Native: PartialEq + core::fmt::Debug + Default + From<W>,
{
    let expected: Vec<W> = values.iter().map(|&v| W::from(v)).collect();
    let expected_bytes: Vec<u8> = expected.as_bytes().to_vec();

    let mut wire = expected.clone();
    wire.as_mut_bytes().fill(0);
    bulk::to_wire(values, &mut wire);
    assert_eq!(wire.as_bytes(), &expected_bytes[..]);

    let mut native = vec![W::Native::default(); values.len()];
    bulk::to_native(&wire, &mut native);
    assert_eq!(native.as_bytes(), values.as_bytes());

    let mut in_place = values.to_vec();
    let as_wire = bulk::wire_in_place::<W>(&mut in_place);
    assert_eq!(as_wire.as_bytes(), &expected_bytes[..]);
    let back = bulk::native_in_place(as_wire);
    assert_eq!(back.as_bytes(), values.as_bytes());

    let mut out = vec![0xEE];
    bulk::extend_bytes::<W>(&mut out, values);
    assert_eq!(out[0], 0xEE);
    assert_eq!(&out[1..], &expected_bytes[..]);

    let mut to = vec![0u8; expected_bytes.len()];
    bulk::to_bytes::<W>(values, &mut to);
    assert_eq!(to, expected_bytes);

    let mut from = vec![W::Native::default(); values.len()];
    bulk::from_bytes::<W>(&expected_bytes, &mut from);
    assert_eq!(from.as_bytes(), values.as_bytes());

    let mut written = Vec::new();
    bulk::write::<W, _>(&mut written, values).unwrap();
    assert_eq!(written, expected_bytes);
    let mut read = vec![W::Native::default(); values.len()];
    bulk::read::<W, _>(&mut &written[..], &mut read).unwrap();
    assert_eq!(read.as_bytes(), values.as_bytes());
    if !values.is_empty() {
        let err = bulk::read::<W, _>(&mut &written[1..], &mut read).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof);
    }
}

macro_rules! api_properties {
    ($($name:ident: $t:ty),* $(,)?) => {$(
        proptest! {
            #[test]
            fn $name(values in proptest::collection::vec(any::<$t>(), 0..600)) {
                check_api::<BigEndian<$t>>(&values);
                check_api::<LittleEndian<$t>>(&values);
            }
        }
    )*};
}

api_properties! {
    api_u8: u8, api_u16: u16, api_u32: u32, api_u64: u64, api_u128: u128, api_usize: usize,
    api_i8: i8, api_i16: i16, api_i32: i32, api_i64: i64, api_i128: i128, api_isize: isize,
}

proptest! {
    #[test]
    fn api_floats(values in proptest::collection::vec(any::<u64>(), 0..300)) {
        // Arbitrary bit patterns, NaNs included: conversion is by bits.
        let f64s: Vec<f64> = values.iter().map(|&b| f64::from_bits(b)).collect();
        let f32s: Vec<f32> = values.iter().map(|&b| f32::from_bits(b as u32)).collect();
        let mut wire = vec![f64be::new(0.0); f64s.len()];
        bulk::to_wire(&f64s, &mut wire);
        for (w, v) in wire.iter().zip(&f64s) {
            prop_assert_eq!(w.to_bytes(), v.to_be_bytes());
        }
        let mut out = Vec::new();
        bulk::extend_bytes::<f32le>(&mut out, &f32s);
        let expected: Vec<u8> = f32s.iter().flat_map(|v| v.to_le_bytes()).collect();
        prop_assert_eq!(out, expected);
    }

    #[test]
    fn large_random_inputs_match_the_oracle(
        bytes in proptest::collection::vec(any::<u8>(), 0..20_000),
        width_index in 0usize..4,
    ) {
        let width = [2, 4, 8, 16][width_index];
        let len = bytes.len() / width * width;
        let src = &bytes[..len];
        for isa in Isa::ALL.into_iter().filter(|i| i.is_available()) {
            let mut dst = vec![0u8; len];
            bulk::swap_bytes_with(isa, width, src, &mut dst).unwrap();
            prop_assert_eq!(&dst, &oracle(width, src));
        }
    }
}
