//! Length-prefixed messages in memory: `stream::MessageCodec` (feature `tokio`) as a tokio-util
//! `Decoder` / `Encoder` against `LengthDelimitedCodec` (the prefix bytes) and bincode 2 (the
//! varint prefix), the `bytes` integration, and `MessageReader` / `MessageWriter` over plain
//! buffers. No runtime and no socket, so Miri runs them. (Over localhost sockets and against
//! peers at the other end: `endian_wire_compare`'s `tests/streams`.)

#![cfg(all(feature = "tokio", feature = "derive", feature = "bincode"))]

use std::io;

use bytes::{Buf, BufMut, Bytes, BytesMut};
use endian_wire::Endian;
use endian_wire::frame::{self, Config, DecodeError};
use endian_wire::stream::{Builder, LengthPrefix, MessageError};
use endian_wire_testkit::market::{self, Market};
use tokio_util::codec::{Decoder, Encoder, LengthDelimitedCodec};

const CONFIGS: [Config; 2] = [Config::legacy(), Config::standard()];

/// The inner error of an `io::Error` from the codec, as a `MessageError`.
fn message_error(e: &io::Error) -> &MessageError {
    e.get_ref()
        .and_then(|inner| inner.downcast_ref::<MessageError>())
        .unwrap_or_else(|| panic!("not a MessageError: {e:?}"))
}

/// `LengthDelimitedCodec` configured as `prefix` (fixed widths only).
fn ldc_for(prefix: LengthPrefix) -> LengthDelimitedCodec {
    let mut b = LengthDelimitedCodec::builder();
    let order = match prefix {
        LengthPrefix::U16(o) => {
            b.length_field_type::<u16>();
            o
        }
        LengthPrefix::U32(o) => {
            b.length_field_type::<u32>();
            o
        }
        LengthPrefix::U64(o) => {
            b.length_field_type::<u64>();
            o
        }
        _ => unreachable!("fixed widths only"),
    };
    if order == Endian::Little {
        b.little_endian();
    }
    b.new_codec()
}

/// Every fixed-width prefix writes what `LengthDelimitedCodec` writes for the same setting,
/// and each side reads the other's bytes back.
#[test]
fn fixed_prefixes_are_length_delimited_codecs() {
    // Under Miri, the first dozen (no deep book).
    let messages = market::feed(if cfg!(miri) { 12 } else { 64 });
    for config in CONFIGS {
        for width in 0..3 {
            for order in [Endian::Big, Endian::Little] {
                let prefix =
                    [LengthPrefix::U16, LengthPrefix::U32, LengthPrefix::U64][width](order);
                let mut ours = Builder::new(config)
                    .length_prefix(prefix)
                    .new_codec::<Market>();
                let mut theirs = ldc_for(prefix);
                let (mut a, mut b) = (BytesMut::new(), BytesMut::new());
                for m in &messages {
                    ours.encode(m, &mut a).unwrap();
                    let body = frame::encode_to_vec(m, config).unwrap();
                    theirs.encode(Bytes::from(body), &mut b).unwrap();
                }
                assert_eq!(a, b, "{prefix:?} {config:?}");
                for m in &messages {
                    let frame = theirs.decode(&mut a).unwrap().unwrap();
                    assert_eq!(
                        &frame::decode_from_slice_exact::<Market>(&frame, config).unwrap(),
                        m
                    );
                    assert_eq!(ours.decode(&mut b).unwrap().as_ref(), Some(m));
                }
                assert!(a.is_empty() && b.is_empty());
            }
        }
    }
    // The default is `LengthDelimitedCodec::new()`'s.
    let mut ours = Builder::new(Config::legacy()).new_codec::<u64>();
    let (mut a, mut b) = (BytesMut::new(), BytesMut::new());
    ours.encode(7, &mut a).unwrap();
    LengthDelimitedCodec::new()
        .encode(Bytes::from(7u64.to_le_bytes().to_vec()), &mut b)
        .unwrap();
    assert_eq!(a, b);
}

/// The varint prefix is bincode 2's `u64` under the same order: a message is bincode's
/// encoding of its length, then of the value.
#[test]
fn varint_prefix_is_bincode_u64() {
    for order in [Endian::Little, Endian::Big] {
        let config = match order {
            Endian::Little => Config::standard(),
            Endian::Big => Config::standard().with_big_endian(),
        };
        let mut codec = Builder::new(config)
            .length_prefix(LengthPrefix::Varint(order))
            .new_codec::<Market>();
        // Sizes around every varint width: books of 0..=8 levels, a deep one, one of 300 KB.
        let mut messages: Vec<Market> = (0..9).map(|d| Market::Book(market::book(d, d))).collect();
        messages.push(Market::Book(market::book(1, 100)));
        // (Not under Miri, where a message beyond 64 KiB takes many minutes: the `u32` marker is
        // written by the same code as the others.)
        if !cfg!(miri) {
            messages.push(Market::Book(market::book(2, 12_000)));
        }
        messages.push(Market::Heartbeat);
        let mut wire = BytesMut::new();
        let mut expected = Vec::new();
        for m in &messages {
            codec.encode(m, &mut wire).unwrap();
            let body = frame::encode_to_vec(m, config).unwrap();
            let b2 = match order {
                Endian::Little => {
                    bincode::encode_to_vec(body.len() as u64, bincode::config::standard())
                }
                Endian::Big => bincode::encode_to_vec(
                    body.len() as u64,
                    bincode::config::standard().with_big_endian(),
                ),
            };
            expected.extend(b2.unwrap());
            expected.extend(body);
        }
        assert_eq!(wire[..], expected[..], "{order:?}");
        for m in &messages {
            assert_eq!(codec.decode(&mut wire).unwrap().as_ref(), Some(m));
        }
        assert_eq!(codec.decode(&mut wire).unwrap(), None);
    }
    // A varint marker that is not a u64's fails the stream.
    let mut codec = Builder::new(Config::standard())
        .length_prefix(LengthPrefix::Varint(Endian::Little))
        .new_codec::<u8>();
    for marker in [0xfe, 0xff] {
        let mut codec = codec.clone();
        let err = codec
            .decode(&mut BytesMut::from(&[marker, 1, 2, 3][..]))
            .unwrap_err();
        assert_eq!(message_error(&err), &MessageError::BadPrefix { marker });
    }
    // A u64 marker whose payload has not arrived waits.
    assert_eq!(
        codec
            .decode(&mut BytesMut::from(&[0xfd, 1, 2][..]))
            .unwrap(),
        None
    );
}

/// Fed one byte at a time, the decoder gives every message once it is whole, whatever the
/// prefix, and nothing before.
#[test]
fn messages_arrive_one_byte_at_a_time() {
    let messages = market::feed(if cfg!(miri) { 12 } else { 200 });
    for config in CONFIGS {
        for prefix in [
            LengthPrefix::U32(Endian::Big),
            LengthPrefix::U16(Endian::Little),
            LengthPrefix::Varint(Endian::Little),
        ] {
            let mut codec = Builder::new(config)
                .length_prefix(prefix)
                .new_codec::<Market>();
            let mut wire = BytesMut::new();
            for m in &messages {
                codec.encode(m, &mut wire).unwrap();
            }
            let mut received = BytesMut::new();
            let mut out = Vec::new();
            for &b in wire.iter() {
                received.put_u8(b);
                if let Some(m) = codec.decode(&mut received).unwrap() {
                    out.push(m);
                }
            }
            assert!(received.is_empty());
            assert_eq!(out, messages, "{config:?} {prefix:?}");
            assert_eq!(codec.decode_eof(&mut received).unwrap(), None);
        }
    }
}

/// `Encoder<T>` and `Encoder<&T>` write the same bytes, into a buffer with or without room
/// (encoded in place, or sized and reserved once), after what the buffer holds.
#[test]
fn encoding_appends_prefix_and_value() {
    let messages = market::feed(if cfg!(miri) { 12 } else { 100 });
    for config in CONFIGS {
        let mut codec = Builder::new(config).new_codec::<Market>();
        let mut by_ref = BytesMut::from(&b"head"[..]);
        let mut by_value = BytesMut::with_capacity(1 << 16);
        by_value.put_slice(b"head");
        let mut expected = b"head".to_vec();
        for m in &messages {
            codec.encode(m, &mut by_ref).unwrap();
            codec.encode(m.clone(), &mut by_value).unwrap();
            let body = frame::encode_to_vec(m, config).unwrap();
            expected.extend((body.len() as u32).to_be_bytes());
            expected.extend(body);
        }
        assert_eq!(by_ref[..], expected[..]);
        assert_eq!(by_value[..], expected[..]);
    }
    // A static-size message (one reservation, the one-step fill).
    let mut codec = Builder::new(Config::legacy()).new_codec::<market::Trade>();
    let mut out = BytesMut::new();
    codec.encode(market::trade(3), &mut out).unwrap();
    let body = frame::encode_to_vec(&market::trade(3), Config::legacy()).unwrap();
    assert_eq!(out[..4], [0, 0, 0, 33]);
    assert_eq!(out[4..], body[..]);
}

/// A message beyond the limit, or beyond what the prefix can carry, is refused before
/// anything is written.
#[test]
fn too_long_to_send_is_refused() {
    let mut codec = Builder::new(Config::legacy())
        .max_frame_length(100)
        .new_codec::<Vec<u8>>();
    let mut out = BytesMut::from(&b"keep"[..]);
    codec.encode(vec![1u8; 92], &mut out).unwrap(); // 8 + 92 = 100 bytes
    let len = out.len();
    let err = codec.encode(vec![1u8; 93], &mut out).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    assert_eq!(
        message_error(&err),
        &MessageError::TooLong {
            length: 101,
            limit: 100
        }
    );
    assert_eq!(out.len(), len);

    let mut codec = Builder::new(Config::standard())
        .length_prefix(LengthPrefix::U16(Endian::Big))
        .new_codec::<Vec<u8>>();
    // 70,000 bytes behind their varint length (a `u32` marker and 4 bytes).
    let err = codec.encode(vec![0u8; 70_000], &mut out).unwrap_err();
    assert_eq!(
        message_error(&err),
        &MessageError::TooLong {
            length: 70_005,
            limit: 65_535
        }
    );
    assert_eq!(out.len(), len);
    codec.encode(vec![0u8; 65_532], &mut out).unwrap(); // 3-byte varint length + 65,532
    assert_eq!(out.len(), len + 2 + 65_535);
}

/// A length beyond the limit fails the stream as soon as the prefix is there, with nothing
/// reserved for it, and every later read fails too (the next message cannot be found).
#[test]
fn too_long_to_receive_fails_the_stream() {
    for (prefix, limit) in [([0xFF, 0xFF, 0xFF, 0xFF], 8 << 20), ([0, 0, 1, 1], 256)] {
        let mut codec = Builder::new(Config::legacy())
            .max_frame_length(limit)
            .new_codec::<Vec<u8>>();
        let mut src = BytesMut::with_capacity(16);
        src.put_slice(&prefix);
        let err = codec.decode(&mut src).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        let length = u64::from(u32::from_be_bytes(prefix));
        assert_eq!(
            message_error(&err),
            &MessageError::TooLong { length, limit }
        );
        assert!(
            err.to_string().contains(&length.to_string())
                && err.to_string().contains(&limit.to_string())
        );
        assert_eq!(src.capacity(), 16, "nothing reserved");
        // A valid message after it is not taken for one.
        src.put_slice(&[0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0]);
        let again = codec.decode(&mut src).unwrap_err();
        assert_eq!(message_error(&again), &MessageError::Failed);
        assert!(codec.decode_eof(&mut src).is_err());
    }
}

/// A message that arrived whole but does not decode (bad content, too short for its type,
/// bytes left over) is an `InvalidData` error with the `DecodeError` inside, consumed: the
/// next message decodes.
#[test]
fn undecodable_message_is_skipped() {
    let mut codec = Builder::new(Config::legacy()).new_codec::<(bool, u16)>();
    let mut src = BytesMut::new();
    for body in [&[2u8, 1, 0][..], &[1, 1], &[1, 1, 0, 9], &[1, 5, 0]] {
        src.put_u32(body.len() as u32);
        src.put_slice(body);
    }
    for offset in [0, 1, 3] {
        let err = codec.decode(&mut src).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData, "{err}");
        let inner = err
            .get_ref()
            .unwrap()
            .downcast_ref::<DecodeError>()
            .unwrap();
        assert_eq!(inner.offset, offset, "{inner}");
    }
    assert_eq!(codec.decode(&mut src).unwrap(), Some((true, 5)));
    assert!(src.is_empty());
}

/// A stream that ends inside a message: `UnexpectedEof`, naming what arrived and what was
/// expected.
#[test]
fn end_inside_a_message() {
    let mut codec = Builder::new(Config::legacy()).new_codec::<Market>();
    let mut wire = BytesMut::new();
    codec
        .encode(Market::Trade(market::trade(1)), &mut wire)
        .unwrap();
    let whole = wire.len();
    for cut in [1, 3, 4, whole - 1] {
        let mut codec = codec.clone();
        let mut src = BytesMut::from(&wire[..cut]);
        let err = codec.decode_eof(&mut src).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::UnexpectedEof);
        let expected = if cut < 4 { 4 } else { whole };
        assert_eq!(
            message_error(&err),
            &MessageError::Truncated {
                received: cut,
                expected
            }
        );
    }
}

/// `Bytes` values decoded by the codec share the read buffer's memory (no copy), and are the
/// bytes that were sent.
#[test]
fn bytes_fields_share_the_read_buffer() {
    type Blob = (u32, Bytes, Vec<Bytes>);
    let blob: Blob = (
        7,
        Bytes::from(vec![5u8; 300]),
        vec![Bytes::from_static(b"a"), Bytes::new()],
    );
    for config in CONFIGS {
        let mut codec = Builder::new(config).new_codec::<Blob>();
        let mut src = BytesMut::new();
        codec.encode(&blob, &mut src).unwrap();
        codec.encode(&blob, &mut src).unwrap();
        let range = src.as_ptr() as usize..src.as_ptr() as usize + src.len();
        let first = codec.decode(&mut src).unwrap().unwrap();
        assert_eq!(first, blob);
        assert!(
            range.contains(&(first.1.as_ptr() as usize)),
            "shared, not copied"
        );
        assert!(range.contains(&(first.2[0].as_ptr() as usize)));
        let second = codec.decode(&mut src).unwrap().unwrap();
        assert_eq!(second, blob);
        assert!(src.is_empty());
    }
}

/// `encode_into_buf` writes what `encode_to_vec` writes into any `BufMut` (growing, fixed,
/// split in two); `decode_from_buf` reads it back from any `Buf` (one piece or split at every
/// byte), sharing a `Bytes` input's memory.
#[test]
fn bufs_agree_with_slices() {
    let values: Vec<(Market, Bytes)> = (0..if cfg!(miri) { 8 } else { 40 })
        .map(|i| (market::market(i), Bytes::from(vec![i as u8; i as usize])))
        .collect();
    for config in CONFIGS {
        for value in &values {
            let expected = frame::encode_to_vec(value, config).unwrap();
            let mut grown = BytesMut::new();
            assert_eq!(
                frame::encode_into_buf(value, &mut grown, config).unwrap(),
                expected.len()
            );
            assert_eq!(grown[..], expected[..]);
            let mut vec = Vec::new();
            frame::encode_into_buf(value, &mut vec, config).unwrap();
            assert_eq!(vec, expected);
            // A fixed buffer, and one in two pieces split inside the value.
            let mut fixed = vec![0u8; expected.len()];
            frame::encode_into_buf(value, &mut &mut fixed[..], config).unwrap();
            assert_eq!(fixed, expected);
            let short =
                frame::encode_into_buf(value, &mut &mut fixed[..expected.len() - 1], config);
            assert!(matches!(short, Err(frame::EncodeError::OutputFull { .. })));
            let (mut a, mut b) = (
                vec![0u8; expected.len() / 2],
                vec![0u8; expected.len() - expected.len() / 2],
            );
            frame::encode_into_buf(value, &mut (&mut a[..]).chain_mut(&mut b[..]), config).unwrap();
            assert_eq!([a, b].concat(), expected);

            let mut input = Bytes::from(expected.clone());
            let range = input.as_ptr() as usize..input.as_ptr() as usize + input.len();
            let back: (Market, Bytes) = frame::decode_from_buf(&mut input, config).unwrap();
            assert_eq!(&back, value);
            assert!(input.is_empty());
            if !back.1.is_empty() {
                assert!(
                    range.contains(&(back.1.as_ptr() as usize)),
                    "shared, not copied"
                );
            }
            let step = if cfg!(miri) {
                expected.len() / 3 + 1
            } else {
                1
            };
            for cut in (0..=expected.len()).step_by(step) {
                let mut split = (&expected[..cut]).chain(&expected[cut..]);
                let back: (Market, Bytes) = frame::decode_from_buf(&mut split, config).unwrap();
                assert_eq!(&back, value);
                assert_eq!(split.remaining(), 0);
            }
            let truncated = frame::decode_from_buf::<(Market, Bytes), _>(
                &mut &expected[..expected.len() - 1],
                config,
            );
            assert!(truncated.is_err());
        }
    }
    // A static-size value from a `Buf` in one piece: the slice's one-step path.
    let mut input = Bytes::from(frame::encode_to_vec(&market::trade(4), Config::legacy()).unwrap());
    let back: market::Trade = frame::decode_from_buf(&mut input, Config::legacy()).unwrap();
    assert_eq!(back, market::trade(4));
}

/// A message beyond the writer's limit is refused before anything is buffered or written; a
/// message that does not decode is skipped by the iterator, which goes on.
#[test]
fn blocking_limits_and_skips() {
    let mut writer = Builder::new(Config::legacy())
        .max_frame_length(16)
        .new_writer(Vec::new());
    writer.feed(&1u64).unwrap();
    let err = writer.feed(&vec![0u8; 9]).unwrap_err(); // 8 + 9 bytes
    assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    assert_eq!(
        message_error(&err),
        &MessageError::TooLong {
            length: 17,
            limit: 16
        }
    );
    assert_eq!(writer.buffered(), 4 + 8);
    writer.feed(&2u8).unwrap(); // not a `u64`: 1 byte
    writer.send(&3u64).unwrap();
    let sent = writer.into_inner().unwrap();

    let mut reader = Builder::new(Config::legacy()).new_reader(&sent[..]);
    let got: Vec<io::Result<u64>> = reader.messages().collect();
    assert_eq!(got.len(), 3);
    assert_eq!(got[0].as_ref().unwrap(), &1);
    assert_eq!(
        got[1].as_ref().unwrap_err().kind(),
        io::ErrorKind::InvalidData
    );
    assert_eq!(got[2].as_ref().unwrap(), &3);
}
