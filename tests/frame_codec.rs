//! `frame::FrameCodec` (feature `tokio`) and the `bytes` integration: in memory against
//! tokio-util's `LengthDelimitedCodec` (the prefix bytes) and bincode 2 (the varint prefix),
//! then over real localhost sockets: 100,000 derived messages under `legacy()` and
//! `standard()`, sent one byte per write and many messages per write, and interop both ways
//! on one socket with `LengthDelimitedCodec` + bincode 2 and + wincode.
//!
//! The socket tests do not run under Miri (no sockets there); the in-memory ones do.

#![cfg(all(feature = "tokio", feature = "derive"))]

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::{Buf, BufMut, Bytes, BytesMut};
use endian_wire::Endian;
use endian_wire::frame::{self, Config, DecodeError, FrameCodec, LengthPrefix, MessageError};
use futures_util::{SinkExt, StreamExt};
use tokio::io::AsyncWrite;
use tokio::net::{TcpListener, TcpStream};
use tokio_util::codec::{Decoder, Encoder, Framed, FramedRead, FramedWrite, LengthDelimitedCodec};

#[path = "support/market.rs"]
mod market;
use market::{Market, Peer};

const CONFIGS: [Config; 2] = [Config::legacy(), Config::standard()];

/// The inner error of an `io::Error` from the codec, as a `MessageError`.
fn message_error(e: &io::Error) -> &MessageError {
    e.get_ref()
        .and_then(|inner| inner.downcast_ref::<MessageError>())
        .unwrap_or_else(|| panic!("not a MessageError: {e:?}"))
}

// ----- in memory ---------------------------------------------------------------------------

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
                let mut ours = FrameCodec::<Market>::new(config).length_prefix(prefix);
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
    let mut ours = FrameCodec::<u64>::new(Config::legacy());
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
        let mut codec =
            FrameCodec::<Market>::new(config).length_prefix(LengthPrefix::Varint(order));
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
    let mut codec = FrameCodec::<u8>::new(Config::standard())
        .length_prefix(LengthPrefix::Varint(Endian::Little));
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
            let mut codec = FrameCodec::<Market>::new(config).length_prefix(prefix);
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
        let mut codec = FrameCodec::<Market>::new(config);
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
    let mut codec = FrameCodec::<market::Trade>::new(Config::legacy());
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
    let mut codec = FrameCodec::<Vec<u8>>::new(Config::legacy()).max_frame_length(100);
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

    let mut codec = FrameCodec::<Vec<u8>>::new(Config::standard())
        .length_prefix(LengthPrefix::U16(Endian::Big));
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
        let mut codec = FrameCodec::<Vec<u8>>::new(Config::legacy()).max_frame_length(limit);
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
    let mut codec = FrameCodec::<(bool, u16)>::new(Config::legacy());
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
    let mut codec = FrameCodec::<Market>::new(Config::legacy());
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
        let mut codec = FrameCodec::<Blob>::new(config);
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

// ----- over localhost sockets --------------------------------------------------------------

/// A writer that takes at most one byte per write: every message arrives in pieces.
struct OneByte<W>(W);

impl<W: AsyncWrite + Unpin> AsyncWrite for OneByte<W> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let n = buf.len().min(1);
        Pin::new(&mut self.0).poll_write(cx, &buf[..n])
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_shutdown(cx)
    }
}

/// A connected pair of localhost sockets, the client's writes sent at once (`nodelay`) or
/// coalesced by the kernel (Nagle's algorithm: where one-byte writes still split messages at
/// arbitrary points, without a packet each).
async fn socket_pair(nodelay: bool) -> (TcpStream, TcpStream) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (client, server) = tokio::join!(TcpStream::connect(addr), listener.accept());
    let client = client.unwrap();
    client.set_nodelay(nodelay).unwrap();
    (client, server.unwrap().0)
}

/// How many messages a byte-at-a-time run sends: 100,000 on x86_64; under qemu (the other
/// architectures CI runs), where every one-byte write is an emulated system call, fewer.
const BYTE_AT_A_TIME: u64 = if cfg!(target_arch = "x86_64") {
    100_000
} else {
    10_000
};

/// Sends `n` messages from a client to a server over localhost, one byte per write or many
/// messages per write; the server's messages must be the ones sent.
async fn hundred_thousand(config: Config, one_byte: bool, n: u64) {
    let messages = Arc::new(market::feed(n));
    let (client, server) = socket_pair(!one_byte).await;
    let expected = Arc::clone(&messages);
    let reader = tokio::spawn(async move {
        let mut framed = FramedRead::new(server, FrameCodec::<Market>::new(config));
        let mut got = Vec::with_capacity(expected.len());
        while let Some(m) = framed.next().await {
            got.push(m.unwrap());
        }
        got
    });
    let codec = FrameCodec::<Market>::new(config);
    if one_byte {
        let mut w = FramedWrite::new(OneByte(client), codec);
        for m in messages.iter() {
            w.feed(m).await.unwrap();
        }
        SinkExt::<&Market>::close(&mut w).await.unwrap();
    } else {
        let mut w = FramedWrite::new(client, codec);
        for m in messages.iter() {
            w.feed(m).await.unwrap();
        }
        SinkExt::<&Market>::close(&mut w).await.unwrap();
    }
    let got = reader.await.unwrap();
    assert_eq!(got.len(), messages.len());
    assert!(got == *messages, "{config:?}: a message changed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(miri, ignore = "no sockets under Miri")]
async fn socket_100k_messages_legacy_many_per_write() {
    hundred_thousand(Config::legacy(), false, 100_000).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(miri, ignore = "no sockets under Miri")]
async fn socket_100k_messages_standard_many_per_write() {
    hundred_thousand(Config::standard(), false, 100_000).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(miri, ignore = "no sockets under Miri")]
async fn socket_100k_messages_legacy_one_byte_per_write() {
    hundred_thousand(Config::legacy(), true, BYTE_AT_A_TIME).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(miri, ignore = "no sockets under Miri")]
async fn socket_100k_messages_standard_one_byte_per_write() {
    hundred_thousand(Config::standard(), true, BYTE_AT_A_TIME).await;
}

/// On one socket: the peer (`LengthDelimitedCodec` + its serializer) sends messages, our
/// side (`FrameCodec`) decodes each and sends it back, and the peer decodes ours: the frames
/// each side receives are byte for byte what the other side's implementation writes.
async fn interop(peer: Peer, config: Config) {
    let n = 3_000;
    let messages = Arc::new(market::feed(n));
    let (client, server) = socket_pair(true).await;
    let echo = tokio::spawn(async move {
        let mut ours = Framed::new(server, FrameCodec::<Market>::new(config));
        let mut count = 0;
        while let Some(m) = ours.next().await {
            ours.send(m.unwrap()).await.unwrap();
            count += 1;
        }
        count
    });
    let (read_half, write_half) = client.into_split();
    let mut tx = FramedWrite::new(write_half, LengthDelimitedCodec::new());
    let mut rx = FramedRead::new(read_half, LengthDelimitedCodec::new());
    let sent = Arc::clone(&messages);
    let sender = tokio::spawn(async move {
        for m in sent.iter() {
            tx.feed(Bytes::from(peer.encode(m, config))).await.unwrap();
        }
        SinkExt::<Bytes>::flush(&mut tx).await.unwrap();
        tx
    });
    for m in messages.iter() {
        let frame = rx.next().await.unwrap().unwrap();
        assert_eq!(
            frame[..],
            peer.encode(m, config)[..],
            "{peer:?} {config:?}: our bytes"
        );
        assert_eq!(&peer.decode(&frame, config), m);
    }
    let mut tx = sender.await.unwrap();
    SinkExt::<Bytes>::close(&mut tx).await.unwrap();
    assert_eq!(echo.await.unwrap(), n);
    assert!(rx.next().await.is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(miri, ignore = "no sockets under Miri")]
async fn socket_interop_bincode2_legacy() {
    interop(Peer::Bincode2, Config::legacy()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(miri, ignore = "no sockets under Miri")]
async fn socket_interop_bincode2_standard() {
    interop(Peer::Bincode2, Config::standard()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(miri, ignore = "no sockets under Miri")]
async fn socket_interop_wincode_legacy() {
    interop(Peer::Wincode, Config::legacy()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(miri, ignore = "no sockets under Miri")]
async fn socket_interop_wincode_standard() {
    interop(Peer::Wincode, Config::standard()).await;
}
