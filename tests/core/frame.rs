//! The framing layer on its own: wrappers keep their byte order, bulk paths, borrowed views,
//! and bad input (each error names what is wrong and its byte offset; nothing panics and
//! nothing is allocated beyond the limit).

#![cfg(feature = "std")]

use core::num::NonZeroU32;

use endian_wire::frame::{
    self, Config, DEFAULT_LIMIT, DecodeErrorKind, EncodeError, LengthRefusal,
};
use endian_wire::{i64le, u16be, u32be, u32le};
use proptest::prelude::*;

fn configs() -> [Config; 4] {
    [
        Config::legacy(),
        Config::legacy().with_big_endian(),
        Config::standard(),
        Config::standard().with_big_endian(),
    ]
}

#[test]
fn wrappers_keep_their_order_and_follow_the_int_encoding() {
    // Fixed-int: the wrapper's own order, whatever the configuration says.
    for config in [Config::legacy(), Config::legacy().with_big_endian()] {
        assert_eq!(
            frame::encode_to_vec(&u32be::new(300), config).unwrap(),
            [0, 0, 1, 0x2c]
        );
        assert_eq!(
            frame::encode_to_vec(&u32le::new(300), config).unwrap(),
            [0x2c, 1, 0, 0]
        );
    }
    // Varint: a varint, payload in the wrapper's order.
    assert_eq!(
        frame::encode_to_vec(&u32be::new(300), Config::standard()).unwrap(),
        [0xfb, 1, 0x2c]
    );
    assert_eq!(
        frame::encode_to_vec(&i64le::new(-200), Config::standard().with_big_endian()).unwrap(),
        [0xfb, 0x8f, 0x01]
    );
    // A wire value encodes like its logical value under a configuration of the same order.
    let logical: Vec<u32> = vec![1, 70_000, 3];
    let wire: Vec<u32be> = logical.iter().copied().map(u32be::new).collect();
    for config in [
        Config::legacy().with_big_endian(),
        Config::standard().with_big_endian(),
    ] {
        assert_eq!(
            frame::encode_to_vec(&wire, config).unwrap(),
            frame::encode_to_vec(&logical, config).unwrap()
        );
        let back: Vec<u32be> = frame::decode_from_slice_exact(
            &frame::encode_to_vec(&logical, config).unwrap(),
            config,
        )
        .unwrap();
        assert_eq!(back, wire);
    }
}

#[test]
fn encode_append_fills_the_capacity_it_has_and_sizes_the_value_otherwise() {
    let value = (
        vec![7u8; 300],
        String::from("abc"),
        vec![1u32, 2, 3],
        [[9u16; 3]; 2],
    );
    for config in configs() {
        let expected = frame::encode_to_vec(&value, config).unwrap();
        // Room enough: written in place after what was there, no reallocation.
        let mut buf = Vec::with_capacity(3 + expected.len());
        buf.extend_from_slice(b"hdr");
        let at = buf.as_ptr();
        frame::encode_append(&value, &mut buf, config).unwrap();
        assert_eq!(buf.as_ptr(), at);
        assert_eq!((&buf[..3], &buf[3..]), (&b"hdr"[..], &expected[..]));
        // Too little room, none at all, or room to spare: the same bytes.
        for spare in [
            0,
            1,
            8,
            expected.len() / 2,
            expected.len() - 1,
            expected.len() + 7,
        ] {
            let mut buf = Vec::with_capacity(3 + spare);
            buf.extend_from_slice(b"hdr");
            frame::encode_append(&value, &mut buf, config).unwrap();
            assert_eq!(
                (&buf[..3], &buf[3..]),
                (&b"hdr"[..], &expected[..]),
                "{spare}"
            );
        }
    }
}

#[test]
fn a_static_size_value_appended_or_written_into_a_slice_has_the_same_bytes() {
    // A value of static size skips the encoder: the same bytes after what was there, in
    // every configuration (varint included, where the size is not static after all).
    let value = (7u8, 0x0102_0304u32, u64::MAX - 5, [1u16, 2, 0x8000], -3i64);
    let mut legacy = Vec::with_capacity(64);
    frame::encode_append(&value, &mut legacy, Config::legacy()).unwrap();
    #[rustfmt::skip]
    assert_eq!(legacy, [
        7,
        4, 3, 2, 1,
        0xfa, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        1, 0, 2, 0, 0, 0x80,
        0xfd, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    ]);
    for config in configs() {
        let expected = frame::encode_to_vec(&value, config).unwrap();
        for spare in [0, 1, expected.len() - 1, expected.len(), expected.len() + 7] {
            let mut buf = Vec::with_capacity(3 + spare);
            buf.extend_from_slice(b"hdr");
            let at = buf.as_ptr();
            frame::encode_append(&value, &mut buf, config).unwrap();
            assert_eq!(
                (&buf[..3], &buf[3..]),
                (&b"hdr"[..], &expected[..]),
                "{spare}"
            );
            if spare >= expected.len() {
                assert_eq!(buf.as_ptr(), at, "room enough: no reallocation");
            }
        }
        // Into a slice: the same bytes when it fits, `OutputFull` when it does not.
        for room in [expected.len(), expected.len() + 5] {
            let mut slice = vec![0xeeu8; room];
            let used = frame::encode_into_slice(&value, &mut slice, config).unwrap();
            assert_eq!(&slice[..used], &expected[..]);
            assert!(
                slice[used..].iter().all(|&b| b == 0xee),
                "nothing past the value"
            );
        }
        let mut short = vec![0u8; expected.len() - 1];
        let err = frame::encode_into_slice(&value, &mut short, config).unwrap_err();
        assert!(matches!(err, EncodeError::OutputFull { .. }), "{err:?}");
    }
}

/// Writes 50 bytes more every time it is encoded (size passes included), each byte its count.
struct Growing(core::cell::Cell<usize>);

impl frame::Encode for Growing {
    fn encode<W: frame::Writer>(&self, e: &mut frame::Encoder<W>) -> Result<(), EncodeError> {
        let n = self.0.get();
        self.0.set(n + 50);
        e.write_bytes(&vec![n as u8; n])
    }
}

/// Writes its bytes, then refuses.
struct RefusesHalfway;

impl frame::Encode for RefusesHalfway {
    fn encode<W: frame::Writer>(&self, e: &mut frame::Encoder<W>) -> Result<(), EncodeError> {
        e.write_bytes(&[1; 40])?;
        Err(EncodeError::InvalidValue {
            type_name: "RefusesHalfway",
            reason: "always",
        })
    }
}

#[test]
fn encode_append_does_not_trust_the_size_pass_and_keeps_the_buffer_on_errors() {
    // An impl that writes more than it counted: written again with more room until it fits;
    // the result is one whole encoding, never a mix.
    for start in [1, 10, 200] {
        let value = Growing(core::cell::Cell::new(start));
        let bytes = frame::encode_to_vec(&value, Config::legacy()).unwrap();
        let n = value.0.get() - 50;
        assert_eq!(bytes, vec![n as u8; n]);
        let mut buf = b"hdr".to_vec();
        frame::encode_append(&value, &mut buf, Config::legacy()).unwrap();
        let n = value.0.get() - 50;
        assert_eq!((&buf[..3], &buf[3..]), (&b"hdr"[..], &vec![n as u8; n][..]));
    }
    // An error leaves the contents as they were, whether the bytes fitted or not.
    for capacity in [3, 100] {
        let mut buf = Vec::with_capacity(capacity);
        buf.extend_from_slice(b"hdr");
        let err = frame::encode_append(&RefusesHalfway, &mut buf, Config::legacy()).unwrap_err();
        assert!(matches!(err, EncodeError::InvalidValue { .. }));
        assert_eq!(buf, b"hdr");
    }
}

#[test]
fn bulk_paths_match_element_by_element() {
    // Long slices take the one-copy / SIMD paths; the bytes are those of the element rule.
    // (Under Miri 130: still past every kernel's loop.)
    let n = if cfg!(miri) { 130 } else { 1000 };
    let values: Vec<u64> = (0..n).map(|i| i * 0x0101_0101_0101).collect();
    for config in configs() {
        let bytes = frame::encode_to_vec(&values, config).unwrap();
        let mut by_element = Vec::new();
        frame::encode_append(&values.len(), &mut by_element, config).unwrap();
        for v in &values {
            frame::encode_append(v, &mut by_element, config).unwrap();
        }
        assert_eq!(bytes, by_element);
        let back: Vec<u64> = frame::decode_from_slice_exact(&bytes, config).unwrap();
        assert_eq!(back, values);
    }
    // Into a slice and through a writer, the same bytes.
    let config = Config::legacy().with_big_endian();
    let expected = frame::encode_to_vec(&values, config).unwrap();
    let mut buf = vec![0u8; expected.len()];
    assert_eq!(
        frame::encode_into_slice(&values, &mut buf, config).unwrap(),
        expected.len()
    );
    assert_eq!(buf, expected);
    let mut out = Vec::new();
    assert_eq!(
        frame::encode_into_writer(&values, &mut out, config).unwrap(),
        expected.len()
    );
    assert_eq!(out, expected);
    let back: Vec<u64> = frame::decode_from_reader(&expected[..], config).unwrap();
    assert_eq!(back, values);
}

#[test]
fn borrowed_views() {
    let config = Config::legacy().with_big_endian();
    let words: Vec<u32be> = (1..=4).map(u32be::new).collect();
    // Put the message at an aligned position: the length (8 bytes) keeps the words aligned.
    let bytes = frame::encode_to_vec(&words, config).unwrap();
    let aligned: Vec<u32> = bytes
        .chunks(4)
        .map(|c| u32::from_ne_bytes(c.try_into().unwrap()))
        .collect();
    let aligned = endian_wire::zerocopy::IntoBytes::as_bytes(&aligned[..]);
    let (view, used): (&[u32be], usize) = frame::borrow_decode_from_slice(aligned, config).unwrap();
    assert_eq!(used, bytes.len());
    assert_eq!(view, &words[..]);
    // One byte off: not aligned, so refused with a clear error (decode into a Vec instead).
    let mut storage = vec![0u32; bytes.len() / 4 + 1];
    let storage = endian_wire::zerocopy::IntoBytes::as_mut_bytes(&mut storage[..]);
    storage[1..=bytes.len()].copy_from_slice(&bytes);
    let err =
        frame::borrow_decode_from_slice::<&[u32be]>(&storage[1..=bytes.len()], config).unwrap_err();
    assert!(
        matches!(err.kind, DecodeErrorKind::Unborrowable(_)),
        "{err}"
    );
    assert_eq!(err.offset, 8);
    // Under varint the elements are not their memory image.
    let err = frame::borrow_decode_from_slice::<&[u16be]>(&[1, 5], Config::standard()).unwrap_err();
    assert!(matches!(err.kind, DecodeErrorKind::Unborrowable(_)));
}

/// `Vec<bool>` runs of every short length (checked with one masked load when 16 bytes of
/// input are in hand, byte by byte near the end): a bad byte at each place is refused where it
/// stands, and the bytes after the run, not `bool`s, are never taken for part of it.
#[test]
fn bool_runs_check_exactly_their_own_bytes() {
    let c = Config::legacy();
    // Every length, or under Miri those around the window's edges.
    let lens: Vec<usize> = match cfg!(miri) {
        true => vec![0, 1, 2, 15, 16, 17],
        false => (0..=20).collect(),
    };
    for len in lens {
        for bad in (0..len).map(Some).chain([None]) {
            let mut run = vec![1u8; len];
            if let Some(i) = bad {
                run[i] = 2;
            }
            let mut bytes = (len as u64).to_le_bytes().to_vec();
            bytes.extend_from_slice(&run);
            // Alone at the end of the input, then followed by bytes that are not `bool`s.
            let alone = frame::decode_from_slice::<Vec<bool>>(&bytes, c);
            let mut followed = bytes.clone();
            followed.extend_from_slice(&[0xFF; 20]);
            let tail = frame::decode_from_slice::<(Vec<bool>, [u8; 20])>(&followed, c);
            match bad {
                None => {
                    assert_eq!(alone.unwrap(), (vec![true; len], bytes.len()), "{len}");
                    let whole = ((vec![true; len], [0xFF; 20]), followed.len());
                    assert_eq!(tail.unwrap(), whole, "{len}");
                }
                Some(i) => {
                    for err in [alone.unwrap_err(), tail.unwrap_err()] {
                        assert_eq!(err.offset, 8 + i, "{len} {i}");
                        assert!(matches!(err.kind, DecodeErrorKind::InvalidBool(2)), "{err}");
                    }
                }
            }
        }
    }
}

/// Short fixed-int `Vec`s of numbers (in the host's order one move into a new allocation,
/// in the other a conversion): every length up to past the 16-byte window, at every distance
/// from the input's end, alone and as a field, under both byte orders.
#[test]
fn short_fixed_int_runs_hold_exactly_their_values_at_any_distance_from_the_end() {
    fn check<T>(values: &[T])
    where
        T: Copy + PartialEq + core::fmt::Debug + frame::Encode + frame::Decode,
    {
        for config in [Config::legacy(), Config::legacy().with_big_endian()] {
            for len in 0..=values.len() {
                let run = values[..len].to_vec();
                let bytes = frame::encode_to_vec(&run, config).unwrap();
                // Under Miri: a few distances either side of the window's 16 bytes.
                let extras: Vec<usize> = if cfg!(miri) {
                    vec![0, 2, 16]
                } else {
                    (0..=17).collect()
                };
                for extra in extras {
                    let mut input = bytes.clone();
                    input.extend((0..extra).map(|i| i as u8));
                    let (back, used) = frame::decode_from_slice::<Vec<T>>(&input, config).unwrap();
                    assert_eq!(
                        (&back, used),
                        (&run, bytes.len()),
                        "{len} values, {extra} after"
                    );
                    assert!(back.capacity() >= len);
                    let field = frame::encode_to_vec(&(7u8, run.clone()), config).unwrap();
                    let mut input = field.clone();
                    input.extend((0..extra).map(|i| i as u8));
                    let (back, used) =
                        frame::decode_from_slice::<(u8, Vec<T>)>(&input, config).unwrap();
                    assert_eq!(
                        (back, used),
                        ((7, run.clone()), field.len()),
                        "{len}, {extra}"
                    );
                }
            }
        }
    }
    let n: usize = if cfg!(miri) { 10 } else { 20 };
    check(&(0..n as u16).map(|i| i * 0x0301 + 1).collect::<Vec<_>>());
    check(
        &(0..n as i32 / 2)
            .map(|i| -i * 0x0102_0304)
            .collect::<Vec<_>>(),
    );
    check(
        &(0..n as u64 / 4 + 1)
            .map(|i| i << 40 | 0xAB)
            .collect::<Vec<_>>(),
    );
}

/// Short strings and byte vectors (a 16-byte move when 16 bytes are in hand): every length up
/// to past the window, at every distance from the input's end, as a value, a field and a
/// boxed `str`; invalid UTF-8 still refused at its offset.
#[test]
fn short_strings_hold_exactly_their_bytes_at_any_distance_from_the_end() {
    let text = "ab\u{e9}cdefghijklmnopqrs";
    for config in [Config::legacy(), Config::standard()] {
        for end in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
            let s = text[..end].to_string();
            let bytes = frame::encode_to_vec(&(s.clone(), 9u8), config).unwrap();
            let extras: Vec<usize> = if cfg!(miri) {
                vec![0, 16]
            } else {
                (0..=17).collect()
            };
            for extra in extras {
                let mut input = bytes.clone();
                input.extend((0..extra).map(|i| i as u8));
                let (back, used) =
                    frame::decode_from_slice::<(String, u8)>(&input, config).unwrap();
                assert_eq!(
                    (&back, used),
                    (&(s.clone(), 9), bytes.len()),
                    "{end}, {extra}"
                );
                let (raw, _) = frame::decode_from_slice::<Vec<u8>>(&input, config).unwrap();
                assert_eq!(raw, s.as_bytes());
                let (boxed, _) = frame::decode_from_slice::<Box<str>>(&input, config).unwrap();
                assert_eq!(&*boxed, s);
            }
        }
    }
    // A lone continuation byte in a short string: refused where it stands.
    let mut bad = frame::encode_to_vec(&"abcd".to_string(), Config::legacy()).unwrap();
    bad[8 + 2] = 0x80;
    bad.extend([0; 16]);
    let err = frame::decode_from_slice::<String>(&bad, Config::legacy()).unwrap_err();
    assert!(matches!(err.kind, DecodeErrorKind::InvalidUtf8), "{err}");
    assert_eq!(err.offset, 10);
}

/// Short `Vec`s of varints (read value by value into the new allocation): every length up
/// to past the short path, one- and three-byte values, and at each place a marker too wide for
/// `u16` or the reserved marker, each refused at its own offset, or the input ending inside
/// the value; under both byte orders of the payload.
#[test]
fn short_varint_runs_read_each_value_and_refuse_each_bad_one() {
    for config in [Config::standard(), Config::standard().with_big_endian()] {
        for len in 0..=12usize {
            let values: Vec<u16> = (0..len)
                .map(|i| if i % 2 == 0 { 7 } else { 40_000 })
                .collect();
            let bytes = frame::encode_to_vec(&values, config).unwrap();
            let (back, used) = frame::decode_from_slice::<Vec<u16>>(&bytes, config).unwrap();
            assert_eq!((back, used), (values.clone(), bytes.len()), "{len}");
            // The offset of each value: the length prefix is one byte.
            let starts: Vec<usize> = (0..len)
                .scan(1, |at, i| {
                    let start = *at;
                    *at += if i % 2 == 0 { 1 } else { 3 };
                    Some(start)
                })
                .collect();
            for (i, &start) in starts.iter().enumerate() {
                for (marker, want) in [(0xfc, "too wide"), (0xff, "reserved")] {
                    let mut bad = bytes.clone();
                    bad[start] = marker;
                    let err = frame::decode_from_slice::<Vec<u16>>(&bad, config).unwrap_err();
                    assert_eq!(err.offset, start, "{len} {i} {want}: {err}");
                    match want {
                        "too wide" => assert!(
                            matches!(
                                err.kind,
                                DecodeErrorKind::VarintTooWide {
                                    marker: 0xfc,
                                    type_name: "u16"
                                }
                            ),
                            "{err}"
                        ),
                        _ => assert!(
                            matches!(err.kind, DecodeErrorKind::ReservedVarintMarker),
                            "{err}"
                        ),
                    }
                }
                // Cut inside a three-byte value (or the length refused first).
                if i % 2 == 1 {
                    assert!(
                        frame::decode_from_slice::<Vec<u16>>(&bytes[..start + 2], config).is_err()
                    );
                }
            }
        }
    }
}

#[test]
fn bad_input_names_what_and_where() {
    let c = Config::legacy();
    let err = frame::decode_from_slice::<(u8, u32)>(&[1, 2, 3], c).unwrap_err();
    assert_eq!(
        (err.offset, err.to_string().as_str()),
        (1, "at byte 1: input ends, 2 more bytes needed")
    );

    let err = frame::decode_from_slice::<(u8, bool)>(&[1, 2], c).unwrap_err();
    assert_eq!(err.to_string(), "at byte 1: bool must be 0 or 1, found 2");

    let err = frame::decode_from_slice::<Option<u8>>(&[3, 0], c).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at byte 0: Option tag must be 0 or 1, found 3"
    );

    let err = frame::decode_from_slice::<Result<u8, u8>>(&[2, 0, 0, 0, 0], c).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at byte 0: Result has no variant with tag 2"
    );

    let bad_utf8 = [3, 0, 0, 0, 0, 0, 0, 0, b'a', 0xff, b'b'];
    let err = frame::decode_from_slice::<String>(&bad_utf8, c).unwrap_err();
    assert_eq!(err.to_string(), "at byte 9: invalid UTF-8");

    let err = frame::decode_from_slice::<char>(&[0xed, 0xa0, 0x80], c).unwrap_err();
    assert!(
        matches!(err.kind, DecodeErrorKind::InvalidUtf8),
        "surrogate: {err}"
    );

    let err = frame::decode_from_slice::<NonZeroU32>(&[0; 4], c).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at byte 0: 0x0 is not a valid NonZero<u32>"
    );

    let v = Config::standard();
    let err = frame::decode_from_slice::<u32>(&[0xff], v).unwrap_err();
    assert_eq!(err.to_string(), "at byte 0: reserved varint marker 0xff");
    let err = frame::decode_from_slice::<u16>(&[0xfc, 1, 0, 0, 0], v).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at byte 0: varint marker 0xfc is too wide for u16"
    );

    let err = frame::decode_from_slice_exact::<u8>(&[1, 2, 3], c).unwrap_err();
    assert_eq!(err.to_string(), "at byte 1: 2 bytes left after the value");

    let err = frame::encode_into_slice(&[1u32, 2], &mut [0u8; 7], c).unwrap_err();
    // An array is written in one piece: all 8 bytes needed, 7 available.
    assert!(
        matches!(
            err,
            EncodeError::OutputFull {
                needed: 8,
                available: 7
            }
        ),
        "{err}"
    );

    // std::io errors follow: truncated input is UnexpectedEof, bad content InvalidData.
    let io: std::io::Error = frame::decode_from_slice::<u32>(&[1], c).unwrap_err().into();
    assert_eq!(io.kind(), std::io::ErrorKind::UnexpectedEof);
    let io: std::io::Error = frame::decode_from_slice::<bool>(&[7], c)
        .unwrap_err()
        .into();
    assert_eq!(io.kind(), std::io::ErrorKind::InvalidData);
}

#[test]
fn lengths_are_refused_before_allocating() {
    let c = Config::legacy();
    // More elements than the input holds.
    let mut huge = u64::MAX.to_le_bytes().to_vec();
    huge.extend_from_slice(&[0; 16]);
    let err = frame::decode_from_slice::<Vec<u32>>(&huge, c).unwrap_err();
    assert!(
        matches!(
            err.kind,
            DecodeErrorKind::LengthTooLarge {
                reason: LengthRefusal::BeyondInput { remaining: 16 }
                    | LengthRefusal::BeyondAddressSpace,
                ..
            }
        ),
        "{err}"
    );
    // From a reader the input's length is unknown: the limit refuses it.
    let prefix = (1u64 << 30).to_le_bytes();
    let err = frame::decode_from_reader::<Vec<u8>, _>(&prefix[..], c).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at byte 0: length 1073741824 is beyond the limit of 16777216 bytes"
    );
    // The limit counts everything allocated by one decode.
    let two = frame::encode_to_vec(&(vec![0u8; 600], vec![0u8; 600]), c).unwrap();
    assert!(frame::decode_from_slice::<(Vec<u8>, Vec<u8>)>(&two, c.with_limit(1000)).is_err());
    assert!(frame::decode_from_slice::<(Vec<u8>, Vec<u8>)>(&two, c.with_limit(1200)).is_ok());
    // Zero-sized elements cost one byte each against the limit (no endless loops).
    let units = frame::encode_to_vec(&u64::MAX, c).unwrap();
    assert!(frame::decode_from_slice::<Vec<()>>(&units, c).is_err());
}

/// Without a limit, a length is refused only for what memory cannot hold, or, for elements
/// that take no input, beyond the default limit; each refusal names its reason.
#[test]
fn refusals_without_a_limit_name_their_reason() {
    let c = Config::legacy().with_no_limit();
    let reason = |err: frame::DecodeError| match err.kind {
        DecodeErrorKind::LengthTooLarge { reason, .. } => reason,
        other => panic!("{other:?}"),
    };
    // Zero-sized elements: bounded by the default limit even without one.
    let units = frame::encode_to_vec(&(DEFAULT_LIMIT as u64 + 1), c).unwrap();
    let err = frame::decode_from_slice::<Vec<()>>(&units, c).unwrap_err();
    assert_eq!(
        reason(err),
        LengthRefusal::BeyondLimit {
            limit: DEFAULT_LIMIT
        }
    );
    // From a reader the input does not vouch for the length: more bytes than memory holds.
    let huge = (1u64 << 62).to_le_bytes();
    let err = frame::decode_from_reader::<Vec<u64>, _>(&huge[..], c).unwrap_err();
    assert_eq!(reason(err), LengthRefusal::BeyondAddressSpace);
    // Within what memory holds, a reader's length is accepted and the input then ends.
    let err =
        frame::decode_from_reader::<Vec<u64>, _>(&(1u64 << 40).to_le_bytes()[..], c).unwrap_err();
    assert!(
        matches!(err.kind, DecodeErrorKind::UnexpectedEnd { .. }),
        "{err}"
    );
    // The same lengths under a limit: refused by it, naming it.
    let err =
        frame::decode_from_reader::<Vec<u64>, _>(&huge[..], c.with_limit(1 << 20)).unwrap_err();
    assert_eq!(reason(err), LengthRefusal::BeyondLimit { limit: 1 << 20 });
}

/// Any bytes, any configuration: decoding returns a value or an error, never panics.
fn decode_everything(bytes: &[u8]) {
    for config in configs() {
        let limited = config.with_limit(1 << 16);
        let _ = frame::decode_from_slice::<(Vec<String>, Option<Vec<u64>>)>(bytes, limited);
        let _ =
            frame::decode_from_slice::<(Result<char, i32>, bool, u128, [u16; 3])>(bytes, limited);
        let _ = frame::decode_from_slice::<Vec<(u8, Vec<u32be>, Box<str>)>>(bytes, limited);
        let _ = frame::decode_from_slice::<(NonZeroU32, Vec<f64>, Vec<i16>)>(bytes, limited);
        let _ = frame::borrow_decode_from_slice::<(&str, &[u8], Vec<&str>)>(bytes, limited);
        let _ = frame::decode_from_reader::<Vec<Vec<u8>>, _>(bytes, limited);
    }
}

proptest! {
    #[test]
    fn prop_frame_random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        decode_everything(&bytes);
    }
}

/// The error half of every decode's `Result` stays small and 8-byte aligned (a 16-aligned
/// error made decoding structs with byte arrays about three times slower).
#[test]
fn decode_error_stays_small() {
    use endian_wire::frame::DecodeError;
    assert!(
        size_of::<DecodeError>() <= 40,
        "{}",
        size_of::<DecodeError>()
    );
    assert!(align_of::<DecodeError>() <= 8);
}

#[test]
fn config_stays_two_words_and_compares_by_what_it_means() {
    // Two words move in two registers; three went by pointer, copied to the stack on every
    // call of a cold path (see `Config`).
    assert!(
        size_of::<Config>() <= 2 * size_of::<usize>(),
        "{}",
        size_of::<Config>()
    );
    let base = Config::legacy();
    assert_eq!(base.with_limit(5).with_no_limit(), base.with_no_limit());
    assert_eq!(base.with_no_limit().with_limit(5), base.with_limit(5));
    assert_ne!(base.with_limit(0), base.with_no_limit());
    assert_ne!(base.with_big_endian(), base);
    assert_eq!(base.with_big_endian().with_little_endian(), base);
    assert_eq!(
        Config::standard().with_fixed_int_encoding(),
        Config::legacy()
    );
    assert_eq!(
        Config::legacy().with_variable_int_encoding(),
        Config::standard()
    );
    for config in configs() {
        let other = config.with_limit(7);
        assert_eq!(other.limit(), Some(7));
        assert_eq!(other.endian(), config.endian());
        assert_eq!(other.int_encoding(), config.int_encoding());
        assert_eq!(other.with_no_limit().limit(), None);
    }
    assert_eq!(
        format!("{:?}", Config::legacy()),
        "Config { ints: Fixed, order: Little, limit: Some(16777216) }"
    );
    assert_eq!(
        format!("{:?}", Config::standard().with_big_endian().with_no_limit()),
        "Config { ints: Variable, order: Big, limit: None }"
    );
}
