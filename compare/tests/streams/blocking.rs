//! `stream::MessageReader` / `MessageWriter` over `std::net::TcpStream` pairs on localhost:
//! derived messages under `legacy()` and `standard()`, 10,000 written one byte per write and
//! 100,000 many messages per write; interop both ways on one socket with a tokio peer using
//! `LengthDelimitedCodec` + bincode 2 and + wincode. (Hostile peers: `hostile.rs`; limits and
//! the iterator in memory: endian_wire's `tests/core/messages.rs`.)

use std::io::{self, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::thread;

use bytes::Bytes;
use endian_wire::frame::Config;
use endian_wire::stream::Builder;
use futures_util::{SinkExt, StreamExt};
use tokio_util::codec::{FramedRead, FramedWrite, LengthDelimitedCodec};

use endian_wire_testkit::market::{self, Market, Peer};

/// A connected pair of localhost sockets (client, server).
fn socket_pair(nodelay: bool) -> (TcpStream, TcpStream) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
    client.set_nodelay(nodelay).unwrap();
    (client, listener.accept().unwrap().0)
}

/// A writer that takes at most one byte per write.
struct OneByte<W>(W);

impl<W: Write> Write for OneByte<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(&buf[..buf.len().min(1)])
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// How many messages a byte-at-a-time run sends: 10,000 (590,000 one-byte writes, each
/// a system call). The tokio codec's runs (`codec.rs`) send 100,000 this way; here, the same
/// count cost CI half a CPU-minute per configuration in the kernel's TCP path, for the reader's
/// partial-message paths that the first thousand messages already take (the many-per-write
/// runs below send 100,000).
const BYTE_AT_A_TIME: u64 = 10_000;

/// Sends `n` messages over a socket pair; the reader's messages must be the ones sent.
fn hundred_thousand(config: Config, one_byte: bool, n: u64) {
    let messages = Arc::new(market::feed(n));
    let (client, server) = socket_pair(!one_byte);
    let reader = thread::spawn(move || {
        let mut reader = Builder::new(config).new_reader(server);
        let mut got = Vec::new();
        while let Some(m) = reader.read::<Market>().unwrap() {
            got.push(m);
        }
        got
    });
    if one_byte {
        let mut writer = Builder::new(config).new_writer(OneByte(client));
        for m in messages.iter() {
            writer.send(m).unwrap();
        }
    } else {
        let mut writer = Builder::new(config).new_writer(client);
        for m in messages.iter() {
            writer.feed(m).unwrap();
        }
        writer.flush().unwrap();
    }
    // The writer is dropped: the stream ends, between messages.
    let got = reader.join().unwrap();
    assert_eq!(got.len(), messages.len());
    assert!(got == *messages, "{config:?}: a message changed");
}

#[test]
fn blocking_100k_messages_legacy_many_per_write() {
    hundred_thousand(Config::legacy(), false, 100_000);
}

#[test]
fn blocking_100k_messages_standard_many_per_write() {
    hundred_thousand(Config::standard(), false, 100_000);
}

#[test]
fn blocking_10k_messages_legacy_one_byte_per_write() {
    hundred_thousand(Config::legacy(), true, BYTE_AT_A_TIME);
}

#[test]
fn blocking_10k_messages_standard_one_byte_per_write() {
    hundred_thousand(Config::standard(), true, BYTE_AT_A_TIME);
}

/// On one socket: a tokio peer (`LengthDelimitedCodec` + its serializer) sends messages, the
/// blocking side reads each with `MessageReader` and sends it back with `MessageWriter`, and
/// the peer checks our frames byte for byte and decodes them.
fn interop(peer: Peer, config: Config) {
    let n = 3_000;
    let messages = Arc::new(market::feed(n));
    let (client, server) = socket_pair(true);
    let echo = thread::spawn(move || {
        let mut reader = Builder::new(config).new_reader(server.try_clone().unwrap());
        let mut writer = Builder::new(config).new_writer(server);
        let mut count = 0;
        for m in reader.messages::<Market>() {
            writer.send(&m.unwrap()).unwrap();
            count += 1;
        }
        count
    });
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .unwrap();
    runtime.block_on(async {
        client.set_nonblocking(true).unwrap();
        let client = tokio::net::TcpStream::from_std(client).unwrap();
        let (read_half, write_half) = client.into_split();
        let mut tx = FramedWrite::new(write_half, LengthDelimitedCodec::new());
        let mut rx = FramedRead::new(read_half, LengthDelimitedCodec::new());
        let sent = Arc::clone(&messages);
        let sender = tokio::spawn(async move {
            for m in sent.iter() {
                tx.feed(Bytes::from(peer.encode(m, config))).await.unwrap();
            }
            SinkExt::<Bytes>::close(&mut tx).await.unwrap();
        });
        for m in messages.iter() {
            let frame = rx.next().await.unwrap().unwrap();
            assert_eq!(frame[..], peer.encode(m, config)[..], "{peer:?} {config:?}");
            assert_eq!(&peer.decode(&frame, config), m);
        }
        sender.await.unwrap();
        assert!(rx.next().await.is_none());
    });
    assert_eq!(echo.join().unwrap(), n);
}

#[test]
fn blocking_interop_bincode2_legacy() {
    interop(Peer::Bincode2, Config::legacy());
}

#[test]
fn blocking_interop_bincode2_standard() {
    interop(Peer::Bincode2, Config::standard());
}

#[test]
fn blocking_interop_wincode_legacy() {
    interop(Peer::Wincode, Config::legacy());
}

#[test]
fn blocking_interop_wincode_standard() {
    interop(Peer::Wincode, Config::standard());
}
