//! Messages through a length-delimited codec, `endian_wire::stream::MessageCodec` against
//! tokio-util's `LengthDelimitedCodec` + bincode 2 (its serde path, the derive the message
//! types have) and + wincode (its derive), in one criterion run:
//! `cargo bench -p endian_wire_compare --bench frame_codec` (`FRAME_CODEC_QUICK=1` for a short run).
//!
//! Rows, for one 33-byte trade and a 4 KiB message (a `Batch` of 124 trades, 4,108 bytes),
//! both from `endian_wire_testkit::market`, under fixed-int little-endian (bincode's `legacy()`):
//! * `codec_memory/{trade_33B,batch_4KiB}`: one message encoded into the codec's write buffer
//!   and decoded from it, in memory (no socket), per iteration; the peers do what a user of
//!   `LengthDelimitedCodec` does: serialize to a `Vec`, hand it to the codec as `Bytes`, and
//!   deserialize the `BytesMut` frame the codec returns;
//! * `codec_socket/{trade_33B,batch_4KiB}`: messages per second from a `FramedWrite` to a
//!   `FramedRead` over a localhost TCP connection (tokio, current-thread runtime), a burst of
//!   messages per iteration (criterion's throughput is messages).
//!
//! The bytes on the wire are the same for every implementation (asserted before measuring).

use std::hint::black_box;
use std::time::{Duration, Instant};

use bytes::{Bytes, BytesMut};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use endian_wire::frame::Config;
use endian_wire::stream::{Builder, MessageCodec};
use futures_util::{SinkExt, StreamExt};
use tokio_util::codec::{Decoder, Encoder, FramedRead, FramedWrite, LengthDelimitedCodec};

use endian_wire_testkit::bench;
use endian_wire_testkit::market;

use market::le::{Batch, Trade, batch, trade};

/// The configurations that write the same bytes.
const OURS: Config = Config::legacy();
fn b2() -> bincode::config::Configuration<bincode::config::LittleEndian, bincode::config::Fixint> {
    bincode::config::legacy()
}
fn wc() -> wincode::config::Configuration {
    wincode::config::Configuration::default()
}

/// The 4 KiB message: 124 trades.
fn batch_4k() -> Batch {
    batch(124)
}

/// One implementation: how it turns a message into a frame in `dst` and a frame back into a
/// message.
trait Side<T> {
    fn encode(&mut self, value: &T, dst: &mut BytesMut);
    fn decode(&mut self, src: &mut BytesMut) -> Option<T>;
}

struct Ours<T>(MessageCodec<T>);

impl<T: endian_wire::frame::Encode + endian_wire::frame::Decode> Side<T> for Ours<T> {
    #[inline]
    fn encode(&mut self, value: &T, dst: &mut BytesMut) {
        self.0.encode(value, dst).unwrap();
    }
    #[inline]
    fn decode(&mut self, src: &mut BytesMut) -> Option<T> {
        self.0.decode(src).unwrap()
    }
}

struct Bincode2(LengthDelimitedCodec);

impl<T: serde::Serialize + serde::de::DeserializeOwned> Side<T> for Bincode2 {
    #[inline]
    fn encode(&mut self, value: &T, dst: &mut BytesMut) {
        let body = bincode::serde::encode_to_vec(value, b2()).unwrap();
        self.0.encode(Bytes::from(body), dst).unwrap();
    }
    #[inline]
    fn decode(&mut self, src: &mut BytesMut) -> Option<T> {
        let frame = self.0.decode(src).unwrap()?;
        Some(bincode::serde::decode_from_slice(&frame, b2()).unwrap().0)
    }
}

struct Wincode(LengthDelimitedCodec);

impl<T> Side<T> for Wincode
where
    T: wincode::SchemaWrite<wincode::config::Configuration, Src = T>
        + for<'de> wincode::SchemaRead<'de, wincode::config::Configuration, Dst = T>,
{
    #[inline]
    fn encode(&mut self, value: &T, dst: &mut BytesMut) {
        let body = wincode::config::serialize(value, wc()).unwrap();
        self.0.encode(Bytes::from(body), dst).unwrap();
    }
    #[inline]
    fn decode(&mut self, src: &mut BytesMut) -> Option<T> {
        let frame = self.0.decode(src).unwrap()?;
        Some(wincode::config::deserialize(&frame, wc()).unwrap())
    }
}

/// Every side's frames are the same bytes, and each reads back the value.
fn check_same_bytes<T: PartialEq + std::fmt::Debug>(value: &T, sides: &mut [&mut dyn Side<T>]) {
    let mut frames = Vec::new();
    for side in sides.iter_mut() {
        let mut buf = BytesMut::new();
        side.encode(value, &mut buf);
        frames.push(buf.clone());
        assert_eq!(side.decode(&mut buf).as_ref(), Some(value));
        assert!(buf.is_empty());
    }
    for f in &frames[1..] {
        assert_eq!(f, &frames[0], "the same bytes from every implementation");
    }
}

/// The in-memory row of one message type.
fn memory_row<T>(c: &mut Criterion, param: &str, value: T)
where
    T: endian_wire::frame::Encode
        + endian_wire::frame::Decode
        + serde::Serialize
        + serde::de::DeserializeOwned,
    T: wincode::SchemaWrite<wincode::config::Configuration, Src = T>
        + for<'de> wincode::SchemaRead<'de, wincode::config::Configuration, Dst = T>,
    T: PartialEq + std::fmt::Debug,
{
    let mut ours = Ours(Builder::new(OURS).new_codec::<T>());
    let mut bincode2 = Bincode2(LengthDelimitedCodec::new());
    let mut wincode = Wincode(LengthDelimitedCodec::new());
    check_same_bytes(&value, &mut [&mut ours, &mut bincode2, &mut wincode]);
    let size = endian_wire::frame::encoded_size(&value, OURS).unwrap() + 4;

    let mut g = c.benchmark_group("codec_memory");
    g.throughput(Throughput::Bytes(size as u64));
    let mut run = |name: &str, side: &mut dyn Side<T>| {
        // A buffer reused as a `Framed`'s is: written, then read empty.
        let mut buf = BytesMut::with_capacity(8 << 10);
        g.bench_function(BenchmarkId::new(name, param), |b| {
            b.iter(|| {
                side.encode(black_box(&value), &mut buf);
                black_box(side.decode(&mut buf).unwrap())
            })
        });
    };
    run("endian_wire", &mut ours);
    run("ldc_bincode2", &mut bincode2);
    run("ldc_wincode", &mut wincode);
    g.finish();
}

/// Messages per burst over the socket.
const BURST: u64 = 256;

/// A localhost connection with a `FramedWrite` of `W` on one end and a `FramedRead` of `R` on
/// the other; `run(n)` sends `n` bursts and returns the time taken until the last message
/// has been decoded.
fn socket_case<'r, W, R>(
    runtime: &'r tokio::runtime::Runtime,
    writer_codec: W,
    reader_codec: R,
    message: impl Fn() -> W::Item + 'r,
) -> impl FnMut(u64) -> Duration + 'r
where
    W: SendCodec + 'r,
    R: Decoder + 'r,
    R::Error: std::fmt::Debug,
{
    let (client, server) = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (client, server) =
            tokio::join!(tokio::net::TcpStream::connect(addr), listener.accept());
        let client = client.unwrap();
        client.set_nodelay(true).unwrap();
        (client, server.unwrap().0)
    });
    let mut tx = Some(FramedWrite::new(client, writer_codec));
    let mut rx = Some(FramedRead::new(server, reader_codec));
    move |bursts| {
        let (mut w, mut r) = (tx.take().unwrap(), rx.take().unwrap());
        let message = &message;
        let (w, r, took) = runtime.block_on(async move {
            let start = Instant::now();
            let send = async {
                for _ in 0..bursts {
                    for _ in 0..BURST {
                        W::feed(&mut w, message()).await;
                    }
                    W::flush(&mut w).await;
                }
            };
            let receive = async {
                for _ in 0..bursts * BURST {
                    black_box(r.next().await.unwrap().unwrap());
                }
            };
            tokio::join!(send, receive);
            (w, r, start.elapsed())
        });
        tx = Some(w);
        rx = Some(r);
        took
    }
}

/// The writing side of a socket case: a codec and how a message becomes what it encodes.
trait SendCodec: Sized {
    type Item;
    #[allow(async_fn_in_trait)]
    async fn feed(w: &mut FramedWrite<tokio::net::TcpStream, Self>, item: Self::Item);
    #[allow(async_fn_in_trait)]
    async fn flush(w: &mut FramedWrite<tokio::net::TcpStream, Self>);
}

impl<T: endian_wire::frame::Encode> SendCodec for MessageCodec<T> {
    type Item = T;
    async fn feed(w: &mut FramedWrite<tokio::net::TcpStream, Self>, item: T) {
        w.feed(item).await.unwrap();
    }
    async fn flush(w: &mut FramedWrite<tokio::net::TcpStream, Self>) {
        SinkExt::<T>::flush(w).await.unwrap();
    }
}

impl SendCodec for LengthDelimitedCodec {
    type Item = Bytes;
    async fn feed(w: &mut FramedWrite<tokio::net::TcpStream, Self>, item: Bytes) {
        w.feed(item).await.unwrap();
    }
    async fn flush(w: &mut FramedWrite<tokio::net::TcpStream, Self>) {
        SinkExt::<Bytes>::flush(w).await.unwrap();
    }
}

/// A `LengthDelimitedCodec` reader that deserializes each frame with `de`.
struct PeerReader<T> {
    ldc: LengthDelimitedCodec,
    de: fn(&[u8]) -> T,
}

impl<T> Decoder for PeerReader<T> {
    type Item = T;
    type Error = std::io::Error;
    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<T>, std::io::Error> {
        Ok(self.ldc.decode(src)?.map(|frame| (self.de)(&frame)))
    }
}

/// The socket row of one message type.
fn socket_row<T>(c: &mut Criterion, param: &str, value: T)
where
    T: endian_wire::frame::Encode
        + endian_wire::frame::Decode
        + serde::Serialize
        + serde::de::DeserializeOwned,
    T: wincode::SchemaWrite<wincode::config::Configuration, Src = T>
        + for<'de> wincode::SchemaRead<'de, wincode::config::Configuration, Dst = T>,
    T: Clone + Send + Sync + 'static,
{
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .unwrap();
    let mut g = c.benchmark_group("codec_socket");
    g.throughput(Throughput::Elements(BURST));
    let v = value.clone();
    let mut ours = socket_case(
        &runtime,
        Builder::new(OURS).new_codec::<T>(),
        Builder::new(OURS).new_codec::<T>(),
        move || v.clone(),
    );
    g.bench_function(BenchmarkId::new("endian_wire", param), |b| {
        b.iter_custom(&mut ours)
    });
    let v = value.clone();
    let mut bincode2 = socket_case(
        &runtime,
        LengthDelimitedCodec::new(),
        PeerReader::<T> {
            ldc: LengthDelimitedCodec::new(),
            de: |f| bincode::serde::decode_from_slice(f, b2()).unwrap().0,
        },
        move || Bytes::from(bincode::serde::encode_to_vec(&v, b2()).unwrap()),
    );
    g.bench_function(BenchmarkId::new("ldc_bincode2", param), |b| {
        b.iter_custom(&mut bincode2)
    });
    let v = value;
    let mut wincode = socket_case(
        &runtime,
        LengthDelimitedCodec::new(),
        PeerReader::<T> {
            ldc: LengthDelimitedCodec::new(),
            de: |f| wincode::config::deserialize(f, wc()).unwrap(),
        },
        move || Bytes::from(wincode::config::serialize(&v, wc()).unwrap()),
    );
    g.bench_function(BenchmarkId::new("ldc_wincode", param), |b| {
        b.iter_custom(&mut wincode)
    });
    g.finish();
}

fn codec_benches(c: &mut Criterion) {
    let _: (Trade, Batch) = (trade(7), batch_4k());
    assert_eq!(
        endian_wire::frame::encoded_size(&batch_4k(), OURS).unwrap(),
        4108
    );
    memory_row(c, "trade_33B", trade(7));
    memory_row(c, "batch_4KiB", batch_4k());
    socket_row(c, "trade_33B", trade(7));
    socket_row(c, "batch_4KiB", batch_4k());
}

criterion_group! {
    name = benches;
    config = bench::criterion("FRAME_CODEC_QUICK");
    targets = codec_benches
}
criterion_main!(benches);
