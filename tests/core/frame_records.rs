//! Runs of derived records (a `Vec` of a struct of numbers and byte arrays): framed by one
//! byte permutation per record where the CPU has the kernel (AVX-512 VBMI; CI's Miri run
//! compiles it in), field by field elsewhere, always the bytes of the values framed one by one.

#![cfg(all(feature = "derive", feature = "std"))]

use endian_wire::Endianize;
use endian_wire::frame::{self, Config};

mod records {
    use super::*;

    #[derive(Endianize, Clone, Copy, Debug, PartialEq)]
    #[endian(be)]
    pub struct Inner {
        pub code: u16,
        pub tag: [u8; 3],
    }

    macro_rules! record {
        ($name:ident, $order:ident) => {
            /// Numbers of every width, byte and number arrays, a nested struct and a wrapper
            /// (each keeps its own order), with padding between fields in memory.
            #[derive(Endianize, Clone, Copy, Debug, PartialEq)]
            #[endian($order)]
            pub struct $name {
                pub id: u64,
                pub px: f64,
                pub qty: u32,
                pub side: u8,
                pub venue: [u8; 4],
                pub ts: i64,
                pub grid: [i16; 3],
                pub inner: Inner,
                pub wrapped: endian_wire::u32le,
            }
        };
    }
    record!(RecLe, le);
    record!(RecBe, be);

    /// A `bool` inside: encoded by permutation, decoded field by field (2 is refused).
    #[derive(Endianize, Clone, Copy, Debug, PartialEq)]
    #[endian(le)]
    pub struct Flagged {
        pub on: bool,
        pub n: u32,
    }

    /// A tuple struct.
    #[derive(Endianize, Clone, Copy, Debug, PartialEq)]
    #[endian(be)]
    pub struct Pair(pub u16, pub u64);

    /// 33 wire bytes in 40 of memory, and 20 in 24: the kernel's other store widths.
    #[derive(Endianize, Clone, Copy, Debug, PartialEq)]
    #[endian(be)]
    pub struct Padded33 {
        pub a: u64,
        pub b: f64,
        pub c: u32,
        pub d: u8,
        pub e: [u8; 4],
        pub f: i64,
    }

    /// No padding, and its memory is its little-endian wire bytes on a little-endian host
    /// (big-endian on a big-endian one): a run of them is one copy in that order.
    #[derive(Endianize, Clone, Copy, Debug, PartialEq)]
    #[endian(le)]
    pub struct Plain {
        pub a: u64,
        pub b: u32,
        pub c: [u8; 4],
    }

    #[derive(Endianize, Clone, Copy, Debug, PartialEq)]
    #[endian(be)]
    pub struct Mid {
        pub a: u64,
        pub b: u64,
        pub c: u32,
    }
}

/// A run of `values` framed as a `Vec` (one permutation per value where the CPU has the
/// kernel) against the same values framed one at a time, and read back both from memory and
/// from a stream (field by field); every truncation refused alike.
fn check_record_run<T>(values: &[T], config: Config)
where
    T: frame::Encode + frame::Decode + Clone + PartialEq + core::fmt::Debug,
{
    let vec = values.to_vec();
    let bytes = frame::encode_to_vec(&vec, config).unwrap();
    let mut expected = frame::encode_to_vec(&(values.len() as u64), config).unwrap();
    for value in values {
        expected.extend(frame::encode_to_vec(value, config).unwrap());
    }
    assert_eq!(bytes, expected, "{} values", values.len());
    let back: Vec<T> = frame::decode_from_slice_exact(&bytes, config).unwrap();
    assert_eq!(back, vec);
    let streamed: Vec<T> = frame::decode_from_reader(&bytes[..], config).unwrap();
    assert_eq!(streamed, vec);
    for cut in (0..bytes.len()).step_by(if cfg!(miri) { 29 } else { 1 }) {
        let err = frame::decode_from_slice::<Vec<T>>(&bytes[..cut], config).unwrap_err();
        assert!(
            matches!(
                err.kind,
                frame::DecodeErrorKind::UnexpectedEnd { .. }
                    | frame::DecodeErrorKind::LengthTooLarge { .. }
            ),
            "cut at {cut}: {err}"
        );
    }
    // Inside an enclosing `Vec`, each run is read into the element it becomes (not returned by
    // value): the same bytes, and every truncation refused.
    let outer = vec![vec.clone(), Vec::new(), vec.clone()];
    let bytes = frame::encode_to_vec(&outer, config).unwrap();
    let mut expected = frame::encode_to_vec(&3u64, config).unwrap();
    for run in &outer {
        expected.extend(frame::encode_to_vec(run, config).unwrap());
    }
    assert_eq!(bytes, expected, "nested, {} values", values.len());
    let back: Vec<Vec<T>> = frame::decode_from_slice_exact(&bytes, config).unwrap();
    assert_eq!(back, outer);
    for cut in (0..bytes.len()).step_by(if cfg!(miri) { 61 } else { 7 }) {
        assert!(frame::decode_from_slice::<Vec<Vec<T>>>(&bytes[..cut], config).is_err());
    }
}

#[test]
fn runs_of_records_frame_as_their_values_one_by_one() {
    use endian_wire::frame::{Decode, Encode};
    use records::*;
    // The types that can be permuted say so; a `bool` keeps decoding field by field.
    assert!(<RecLe as Encode>::BYTE_MAP[0].is_some());
    assert!(<RecBe as Decode>::BYTE_MAP[1].is_some_and(|m| m.any_bits()));
    assert!(<Flagged as Encode>::BYTE_MAP[0].is_some());
    assert!(<Flagged as Decode>::BYTE_MAP[0].is_some_and(|m| !m.any_bits()));
    assert!(<Pair as Decode>::BYTE_MAP[0].is_some());
    macro_rules! rec {
        ($ty:ident, $i:expr) => {{
            let i: u64 = $i;
            $ty {
                id: i.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                px: i as f64 / 7.0,
                qty: i as u32 ^ 0xdead_beef,
                side: i as u8,
                venue: (i as u32).to_le_bytes(),
                ts: -(i as i64) * 1_000_003,
                grid: [i as i16, -(i as i16), 0x1234],
                inner: Inner {
                    code: (i as u16).rotate_left(5),
                    tag: [1, 2, i as u8],
                },
                wrapped: endian_wire::u32le::new(i as u32 * 3),
            }
        }};
    }
    // Under Miri (a second or more a run) an empty run and one of three values, the
    // big-endian configuration for the longer only, and of the types one of each kind of
    // permutation: mixed orders with nesting and a wrapper (`RecLe`, `RecBe`), padding, a
    // `bool` checked, plain bytes, a tuple and a tuple with a `bool`. The others (58 s there
    // with them) take the same kernel with other byte maps; they run natively and under qemu.
    let every_type = !cfg!(miri);
    let counts: &[u64] = if cfg!(miri) {
        &[0, 3]
    } else {
        &[0, 1, 2, 3, 5, 17, 64, 65]
    };
    for &n in counts {
        let configs = [Config::legacy(), Config::legacy().with_big_endian()];
        let configs = if cfg!(miri) && n == 0 {
            &configs[..1]
        } else {
            &configs[..]
        };
        for &config in configs {
            check_record_run(&(0..n).map(|i| rec!(RecLe, i)).collect::<Vec<_>>(), config);
            check_record_run(&(0..n).map(|i| rec!(RecBe, i)).collect::<Vec<_>>(), config);
            let flagged: Vec<_> = (0..n)
                .map(|i| Flagged {
                    on: i % 3 == 0,
                    n: i as u32,
                })
                .collect();
            check_record_run(&flagged, config);
            if every_type {
                check_record_run(
                    &(0..n).map(|i| Pair(i as u16, !i)).collect::<Vec<_>>(),
                    config,
                );
            }
            let padded: Vec<_> = (0..n)
                .map(|i| Padded33 {
                    a: i * 7919,
                    b: i as f64 / 8.0,
                    c: i as u32 * 31,
                    d: i as u8,
                    e: *b"XNYS",
                    f: -(i as i64),
                })
                .collect();
            check_record_run(&padded, config);
            if every_type {
                let mids: Vec<_> = (0..n)
                    .map(|i| Mid {
                        a: i,
                        b: !i,
                        c: i as u32,
                    })
                    .collect();
                check_record_run(&mids, config);
                let plain: Vec<_> = (0..n)
                    .map(|i| Plain {
                        a: i << 33 | i,
                        b: !(i as u32),
                        c: [i as u8, 1, 2, 3],
                    })
                    .collect();
                check_record_run(&plain, config);
            }
            // Byte arrays and wrappers: their memory is their wire bytes in every order.
            check_record_run(&(0..n).map(|i| [i as u8; 32]).collect::<Vec<_>>(), config);
            if every_type {
                check_record_run(
                    &(0..n)
                        .map(|i| [endian_wire::u32be::new(i as u32); 3])
                        .collect::<Vec<_>>(),
                    config,
                );
            }
            // Tuples: their elements' maps at their offsets, in the configuration's order.
            let tuples: Vec<(u32, u16, [u8; 16], u64)> = (0..n)
                .map(|i| (i as u32 * 3, !(i as u16), [i as u8; 16], i << 40 | i))
                .collect();
            check_record_run(&tuples, config);
            if every_type {
                let nested: Vec<(u64, (u16, [u8; 3]), i32)> = (0..n)
                    .map(|i| (!i, (i as u16, [1, 2, i as u8]), -(i as i32)))
                    .collect();
                check_record_run(&nested, config);
                let single: Vec<(u64,)> = (0..n).map(|i| (i * 0x0101,)).collect();
                check_record_run(&single, config);
            }
            let with_bool: Vec<(u8, bool)> = (0..n).map(|i| (i as u8, i % 2 == 0)).collect();
            check_record_run(&with_bool, config);
        }
    }
    assert!(<(u32, u16, [u8; 16], u64) as Encode>::BYTE_MAP[1].is_some());
    assert!(<(u64, (u16, [u8; 3]), i32) as Decode>::BYTE_MAP[0].is_some_and(|m| m.any_bits()));
    assert!(<(u8, bool) as Decode>::BYTE_MAP[0].is_some_and(|m| !m.any_bits()));
    // A bad `bool` in a run is still refused, at its offset.
    let flagged: Vec<_> = (0..4)
        .map(|i| records::Flagged { on: i == 1, n: i })
        .collect();
    let mut bytes = frame::encode_to_vec(&flagged, Config::legacy()).unwrap();
    bytes[8 + 2 * 5] = 2;
    let err =
        frame::decode_from_slice::<Vec<records::Flagged>>(&bytes, Config::legacy()).unwrap_err();
    assert_eq!(err.offset, 8 + 2 * 5, "{err}");
}
