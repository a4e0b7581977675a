//! `stream::MessageCodec` over real localhost sockets: 100,000 derived messages
//! under `legacy()` and `standard()`, sent one byte per write and many messages per write, and
//! interop both ways on one socket with `LengthDelimitedCodec` + bincode 2 and + wincode. (In
//! memory, and under Miri: endian_wire's `tests/core/messages.rs`.)

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::Bytes;
use endian_wire::frame::Config;
use endian_wire::stream::Builder;
use futures_util::{SinkExt, StreamExt};
use tokio::io::AsyncWrite;
use tokio::net::{TcpListener, TcpStream};
use tokio_util::codec::{Framed, FramedRead, FramedWrite, LengthDelimitedCodec};

use endian_wire_testkit::market::{self, Market, Peer};

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
        let mut framed = FramedRead::new(server, Builder::new(config).new_codec::<Market>());
        let mut got = Vec::with_capacity(expected.len());
        while let Some(m) = framed.next().await {
            got.push(m.unwrap());
        }
        got
    });
    let codec = Builder::new(config).new_codec::<Market>();
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
async fn socket_100k_messages_legacy_many_per_write() {
    hundred_thousand(Config::legacy(), false, 100_000).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn socket_100k_messages_standard_many_per_write() {
    hundred_thousand(Config::standard(), false, 100_000).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn socket_100k_messages_legacy_one_byte_per_write() {
    hundred_thousand(Config::legacy(), true, BYTE_AT_A_TIME).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn socket_100k_messages_standard_one_byte_per_write() {
    hundred_thousand(Config::standard(), true, BYTE_AT_A_TIME).await;
}

/// On one socket: the peer (`LengthDelimitedCodec` + its serializer) sends messages, our
/// side (`MessageCodec`) decodes each and sends it back, and the peer decodes ours: the frames
/// each side receives are byte for byte what the other side's implementation writes.
async fn interop(peer: Peer, config: Config) {
    let n = 3_000;
    let messages = Arc::new(market::feed(n));
    let (client, server) = socket_pair(true).await;
    let echo = tokio::spawn(async move {
        let mut ours = Framed::new(server, Builder::new(config).new_codec::<Market>());
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
async fn socket_interop_bincode2_legacy() {
    interop(Peer::Bincode2, Config::legacy()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn socket_interop_bincode2_standard() {
    interop(Peer::Bincode2, Config::standard()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn socket_interop_wincode_legacy() {
    interop(Peer::Wincode, Config::legacy()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn socket_interop_wincode_standard() {
    interop(Peer::Wincode, Config::standard()).await;
}
