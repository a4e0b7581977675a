//! A market-data feed over localhost with tokio: a server streams derived messages (trades,
//! quotes, small and deep order books, status text: the data-carrying enum
//! `endian_wire_testkit::market::Market`) to two clients, one reading them with
//! `endian_wire::stream::MessageCodec`, the other with tokio-util's `LengthDelimitedCodec` and
//! bincode 2, the bytes being the same. Prints messages per second.
//!
//! ```sh
//! cargo run --release -p endian_wire_compare --example feed             # 200,000 messages
//! cargo run -p endian_wire_compare --example feed                       # 20,000 in a debug build
//! cargo run --release -p endian_wire_compare --example feed -- 1000000  # or as many as given
//! ```

use std::time::Instant;

use bytes::Bytes;
use endian_wire::frame::Config;
use endian_wire::stream::Builder;
use endian_wire_testkit::market::{self, Market};
use futures_util::{SinkExt, StreamExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_util::codec::{FramedRead, FramedWrite, LengthDelimitedCodec};

/// The framing on the wire: bincode 2's `standard()` (varint integers, little-endian).
const CONFIG: Config = Config::standard();

/// Message number `i` (the clients rebuild it to check what they receive): trades and quotes
/// most of the time, now and then a status, a cancel or a small book, and every 160th a deep
/// one (100 levels a side, about 2.8 KB).
fn message(i: u64) -> Market {
    market::market(i)
}

/// Streams `count` messages to one client, encoded by `MessageCodec` straight into the socket's
/// write buffer.
async fn serve(socket: TcpStream, count: u64) -> std::io::Result<()> {
    let mut out = FramedWrite::new(socket, Builder::new(CONFIG).new_codec::<Market>());
    for i in 0..count {
        // `feed` buffers; the sink writes when its buffer is full, and at `close`.
        out.feed(message(i)).await?;
    }
    SinkExt::<Market>::close(&mut out).await
}

/// What a client saw.
struct Report {
    messages: u64,
    seconds: f64,
}

/// The client using this crate's codec: each message decoded from the read buffer in place.
async fn endian_wire_client(socket: TcpStream) -> Report {
    let start = Instant::now();
    let mut input = FramedRead::new(socket, Builder::new(CONFIG).new_codec::<Market>());
    let mut messages = 0;
    while let Some(m) = input.next().await {
        let m = m.expect("a message");
        assert_eq!(m, message(messages), "message {messages}");
        messages += 1;
    }
    Report {
        messages,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// The client a bincode 2 user would write: `LengthDelimitedCodec` gives each message's
/// bytes, bincode 2 (its serde path, `standard()`) decodes them.
async fn bincode_client(socket: TcpStream) -> Report {
    let start = Instant::now();
    let mut input = FramedRead::new(socket, LengthDelimitedCodec::new());
    let mut messages = 0;
    while let Some(frame) = input.next().await {
        let frame = frame.expect("a frame");
        let (m, used): (Market, usize) =
            bincode::serde::decode_from_slice(&frame, bincode::config::standard())
                .expect("bincode 2 reads endian_wire's bytes");
        assert_eq!(used, frame.len());
        assert_eq!(m, message(messages), "message {messages}");
        messages += 1;
    }
    Report {
        messages,
        seconds: start.elapsed().as_secs_f64(),
    }
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let count: u64 = match std::env::args().nth(1) {
        Some(n) => n.parse().expect("a message count"),
        // A debug build (CI runs it so) is ten times slower: a shorter feed.
        None if cfg!(debug_assertions) => 20_000,
        None => 200_000,
    };
    // The bytes are the same for both: check one message of each kind up front.
    for i in [0, 6, 9, 19] {
        let ours = endian_wire::frame::encode_to_vec(&message(i), CONFIG).unwrap();
        let theirs =
            bincode::serde::encode_to_vec(message(i), bincode::config::standard()).unwrap();
        assert_eq!(ours, theirs, "message {i}");
    }

    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let server = tokio::spawn(async move {
        let mut streams = Vec::new();
        for _ in 0..2 {
            let (socket, _) = listener.accept().await?;
            socket.set_nodelay(true)?;
            streams.push(tokio::spawn(serve(socket, count)));
        }
        for s in streams {
            s.await.expect("server task")?;
        }
        Ok::<_, std::io::Error>(())
    });
    let ours = tokio::spawn(endian_wire_client(TcpStream::connect(addr).await?));
    let bincode = tokio::spawn(bincode_client(TcpStream::connect(addr).await?));
    let (ours, bincode) = (ours.await.expect("client"), bincode.await.expect("client"));
    server.await.expect("server")?;

    // An interop sanity check the other way: a bincode 2 sender, our reader, in memory.
    let mut wire = bytes::BytesMut::new();
    let frame = Bytes::from(
        bincode::serde::encode_to_vec(message(19), bincode::config::standard()).unwrap(),
    );
    tokio_util::codec::Encoder::encode(&mut LengthDelimitedCodec::new(), frame, &mut wire)?;
    let back = tokio_util::codec::Decoder::decode(
        &mut Builder::new(CONFIG).new_codec::<Market>(),
        &mut wire,
    )?;
    assert_eq!(back, Some(message(19)));

    // Each stream's bytes (its prefixes included), counted outside the clients' timing.
    let bytes: u64 = (0..count)
        .map(|i| endian_wire::frame::encoded_size(&message(i), CONFIG).unwrap() as u64 + 4)
        .sum();
    println!(
        "{count} messages ({bytes} bytes) to each of two clients over localhost, both at once:"
    );
    for (name, r) in [
        ("MessageCodec (endian_wire)", ours),
        ("LengthDelimitedCodec + bincode 2", bincode),
    ] {
        assert_eq!(r.messages, count);
        println!(
            "  {name:34} {:>10.0} messages/s  {:>7.1} MB/s  ({:.3} s)",
            r.messages as f64 / r.seconds,
            bytes as f64 / r.seconds / 1e6,
            r.seconds
        );
    }
    Ok(())
}
