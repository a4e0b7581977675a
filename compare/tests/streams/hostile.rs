//! Hostile peers against message streams on localhost sockets, for `MessageCodec` (tokio) and
//! `MessageReader` (blocking): a prefix of `0xFFFF_FFFF`, a prefix just above the maximum, a
//! message cut short then the end of the stream, random bytes. Each is an error naming what
//! is wrong, the server's memory stays bounded (a counting allocator), and it keeps serving
//! an honest client that talks to it at the same time and one that comes after.
//!

use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::net::SocketAddr;
use std::sync::Arc;

use endian_wire::frame::{self, Config, DecodeError};
use endian_wire::stream::{Builder, DEFAULT_MAX_FRAME_LENGTH, MessageError};
use futures_util::{SinkExt, StreamExt};
use tokio_util::codec::Framed;

use endian_wire_testkit::alloc::peak_of;
use endian_wire_testkit::market::{self, Market};

const MAX: usize = DEFAULT_MAX_FRAME_LENGTH;

/// What a hostile client sends before it closes the stream, and what the server must say.
struct Attack {
    name: &'static str,
    bytes: Vec<u8>,
    expect: fn(&io::Error) -> bool,
}

fn message_error(e: &io::Error) -> Option<&MessageError> {
    e.get_ref()
        .and_then(|inner| inner.downcast_ref::<MessageError>())
}

/// A few random bytes from a seed (xorshift: the same every run).
fn random_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

fn attacks() -> Vec<Attack> {
    let trade = frame::encode_to_vec(&Market::Trade(market::trade(1)), Config::legacy()).unwrap();
    let mut cut_small = (trade.len() as u32).to_be_bytes().to_vec();
    cut_small.extend(&trade[..trade.len() / 2]);
    // The largest message allowed, announced, then 64 KiB of it and the end of the stream.
    let mut cut_large = (MAX as u32).to_be_bytes().to_vec();
    cut_large.extend(vec![0u8; 64 << 10]);
    let mut attacks = vec![
        Attack {
            name: "prefix 0xFFFF_FFFF",
            bytes: [0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3].to_vec(),
            expect: |e| {
                e.kind() == io::ErrorKind::InvalidData
                    && message_error(e)
                        == Some(&MessageError::TooLong {
                            length: 0xFFFF_FFFF,
                            limit: MAX,
                        })
            },
        },
        Attack {
            name: "prefix just above the maximum",
            bytes: [&((MAX + 1) as u32).to_be_bytes()[..], &[0u8; 1000]].concat(),
            expect: |e| {
                message_error(e)
                    == Some(&MessageError::TooLong {
                        length: MAX as u64 + 1,
                        limit: MAX,
                    })
            },
        },
        Attack {
            name: "half a message, then the end",
            bytes: cut_small,
            expect: |e| {
                e.kind() == io::ErrorKind::UnexpectedEof
                    && matches!(
                        message_error(e),
                        Some(MessageError::Truncated {
                            received: 22,
                            expected: 41
                        })
                    )
            },
        },
        Attack {
            name: "64 KiB of the largest message, then the end",
            bytes: cut_large,
            expect: |e| {
                message_error(e)
                    == Some(&MessageError::Truncated {
                        received: 4 + (64 << 10),
                        expected: 4 + MAX,
                    })
            },
        },
    ];
    for seed in 1..=4 {
        attacks.push(Attack {
            name: "random bytes",
            bytes: random_bytes(seed, 32 << 10),
            expect: |e| {
                message_error(e).is_some()
                    || e.get_ref().is_some_and(|inner| inner.is::<DecodeError>())
            },
        });
    }
    // Random bytes behind a valid, small prefix: the message arrives and does not decode.
    attacks.push(Attack {
        name: "a random message",
        bytes: [&[0, 0, 0, 200][..], &random_bytes(9, 200)].concat(),
        expect: |e| {
            e.kind() == io::ErrorKind::InvalidData
                && e.get_ref().is_some_and(|inner| inner.is::<DecodeError>())
        },
    });
    attacks
}

/// Honest traffic: `n` messages sent, each echoed back equal.
const HONEST: u64 = 5_000;

/// The most the tokio server may hold at once while serving every attack and the honest
/// clients: its buffers grow with what arrives (the attacks announce up to 4 GiB; the
/// largest message allowed is 8 MiB), so a few hundred KiB.
const TOKIO_BOUND: usize = 2 << 20;

/// The most one blocking connection may hold: its buffer, at most twice what arrived.
const BLOCKING_BOUND: usize = 512 << 10;

// ----- tokio -------------------------------------------------------------------------------

/// A `MessageCodec` server: echoes every message of every connection and reports how each
/// connection ended (the messages it echoed, or its error).
async fn tokio_server(
    listener: tokio::net::TcpListener,
    connections: usize,
) -> HashMap<SocketAddr, Result<u64, io::Error>> {
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..connections {
        let (socket, peer) = listener.accept().await.unwrap();
        tasks.spawn(async move {
            let mut framed =
                Framed::new(socket, Builder::new(Config::legacy()).new_codec::<Market>());
            let mut echoed = 0;
            let outcome = loop {
                match framed.next().await {
                    Some(Ok(m)) => {
                        if framed.send(m).await.is_err() {
                            break Ok(echoed);
                        }
                        echoed += 1;
                    }
                    Some(Err(e)) => break Err(e),
                    None => break Ok(echoed),
                }
            };
            (peer, outcome)
        });
    }
    let mut outcomes = HashMap::new();
    while let Some(done) = tasks.join_next().await {
        let (peer, outcome) = done.unwrap();
        outcomes.insert(peer, outcome);
    }
    outcomes
}

/// An honest tokio client: sends `n` messages and checks each echo.
async fn tokio_honest(addr: SocketAddr, n: u64) -> SocketAddr {
    let socket = tokio::net::TcpStream::connect(addr).await.unwrap();
    let local = socket.local_addr().unwrap();
    let (r, w) = socket.into_split();
    let mut tx = tokio_util::codec::FramedWrite::new(
        w,
        Builder::new(Config::legacy()).new_codec::<Market>(),
    );
    let mut rx =
        tokio_util::codec::FramedRead::new(r, Builder::new(Config::legacy()).new_codec::<Market>());
    let sender = async {
        for i in 0..n {
            tx.feed(market::market(i)).await.unwrap();
            if i % 64 == 0 {
                // Let the other connections in between.
                SinkExt::<Market>::flush(&mut tx).await.unwrap();
                tokio::task::yield_now().await;
            }
        }
        SinkExt::<Market>::close(&mut tx).await.unwrap();
    };
    let receiver = async {
        for i in 0..n {
            assert_eq!(rx.next().await.unwrap().unwrap(), market::market(i));
        }
        assert!(rx.next().await.is_none());
    };
    tokio::join!(sender, receiver);
    local
}

/// A hostile tokio client: sends its bytes and closes (the server may hang up first).
async fn tokio_hostile(addr: SocketAddr, bytes: Arc<Vec<u8>>) -> SocketAddr {
    use tokio::io::AsyncWriteExt;
    let mut socket = tokio::net::TcpStream::connect(addr).await.unwrap();
    let local = socket.local_addr().unwrap();
    let _ = socket.write_all(&bytes).await;
    let _ = socket.shutdown().await;
    // Wait for the server to close its side (its error), reading whatever it says.
    let mut sink = Vec::new();
    let _ = tokio::io::AsyncReadExt::read_to_end(&mut socket, &mut sink).await;
    local
}

#[test]
fn tokio_server_survives_hostile_peers() {
    // One thread runs the server and every client, so the per-thread count is the server's
    // (and the clients', which hold little).
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .unwrap();
    let attacks = attacks();
    let (outcomes, peak) = peak_of(|| {
        runtime.block_on(async {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let addr = listener.local_addr().unwrap();
            let server = tokio::spawn(tokio_server(listener, attacks.len() + 2));
            // An honest client all along, the attacks meanwhile, another honest one after.
            let honest = tokio::spawn(tokio_honest(addr, HONEST));
            let mut hostile = Vec::new();
            for attack in &attacks {
                let bytes = Arc::new(attack.bytes.clone());
                hostile.push(tokio::spawn(tokio_hostile(addr, bytes)).await.unwrap());
            }
            let first = honest.await.unwrap();
            let after = tokio_honest(addr, 500).await;
            let outcomes = server.await.unwrap();
            (outcomes, hostile, first, after)
        })
    });
    let (mut outcomes, hostile, first, after) = outcomes;
    assert_eq!(outcomes.remove(&first).unwrap().unwrap(), HONEST);
    assert_eq!(outcomes.remove(&after).unwrap().unwrap(), 500);
    for (attack, addr) in attacks.iter().zip(hostile) {
        let outcome = outcomes.remove(&addr).unwrap();
        let err = outcome.expect_err(attack.name);
        assert!((attack.expect)(&err), "{}: {err:?}", attack.name);
    }
    assert!(peak < TOKIO_BOUND, "the server held {peak} bytes at once");
    eprintln!("tokio server: peak {peak} bytes");
}

// ----- blocking ----------------------------------------------------------------------------

/// How a connection ended: the messages it echoed, or its error.
type Outcome = Result<u64, io::Error>;

/// A blocking server: a thread per connection echoing every message, each reporting how it
/// ended and the most memory it held at once.
fn blocking_server(
    listener: std::net::TcpListener,
    connections: usize,
) -> std::thread::JoinHandle<HashMap<SocketAddr, (Outcome, usize)>> {
    std::thread::spawn(move || {
        let mut threads = Vec::new();
        for _ in 0..connections {
            let (socket, peer) = listener.accept().unwrap();
            threads.push(std::thread::spawn(move || {
                let (outcome, peak) = peak_of(|| {
                    let mut reader =
                        Builder::new(Config::legacy()).new_reader(socket.try_clone().unwrap());
                    let mut writer = Builder::new(Config::legacy()).new_writer(socket);
                    let mut echoed = 0;
                    loop {
                        match reader.read::<Market>() {
                            Ok(Some(m)) => {
                                if writer.send(&m).is_err() {
                                    return Ok(echoed);
                                }
                                echoed += 1;
                            }
                            Ok(None) => return Ok(echoed),
                            Err(e) => return Err(e),
                        }
                    }
                });
                (peer, (outcome, peak))
            }));
        }
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    })
}

/// An honest blocking client: sends `n` messages and checks each echo.
fn blocking_honest(addr: SocketAddr, n: u64) -> std::thread::JoinHandle<SocketAddr> {
    std::thread::spawn(move || {
        let socket = std::net::TcpStream::connect(addr).unwrap();
        let local = socket.local_addr().unwrap();
        let mut reader = Builder::new(Config::legacy()).new_reader(socket.try_clone().unwrap());
        let sender = std::thread::spawn(move || {
            let mut writer = Builder::new(Config::legacy()).new_writer(socket);
            for i in 0..n {
                writer.feed(&market::market(i)).unwrap();
            }
            let socket = writer.into_inner().unwrap();
            socket.shutdown(std::net::Shutdown::Write).unwrap();
        });
        for i in 0..n {
            assert_eq!(reader.read::<Market>().unwrap().unwrap(), market::market(i));
        }
        assert!(reader.read::<Market>().unwrap().is_none());
        sender.join().unwrap();
        local
    })
}

/// A hostile blocking client: sends its bytes and closes.
fn blocking_hostile(addr: SocketAddr, bytes: &[u8]) -> SocketAddr {
    let mut socket = std::net::TcpStream::connect(addr).unwrap();
    let local = socket.local_addr().unwrap();
    let _ = socket.write_all(bytes);
    let _ = socket.shutdown(std::net::Shutdown::Write);
    let _ = socket.read_to_end(&mut Vec::new());
    local
}

#[test]
fn blocking_server_survives_hostile_peers() {
    let attacks = attacks();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let server = blocking_server(listener, attacks.len() + 2);
    let honest = blocking_honest(addr, HONEST);
    let hostile: Vec<SocketAddr> = attacks
        .iter()
        .map(|a| blocking_hostile(addr, &a.bytes))
        .collect();
    let first = honest.join().unwrap();
    let after = blocking_honest(addr, 500).join().unwrap();
    let mut outcomes = server.join().unwrap();
    let (outcome, _) = outcomes.remove(&first).unwrap();
    assert_eq!(outcome.unwrap(), HONEST);
    assert_eq!(outcomes.remove(&after).unwrap().0.unwrap(), 500);
    for (attack, addr) in attacks.iter().zip(hostile) {
        let (outcome, peak) = outcomes.remove(&addr).unwrap();
        let err = outcome.expect_err(attack.name);
        assert!((attack.expect)(&err), "{}: {err:?}", attack.name);
        assert!(
            peak < BLOCKING_BOUND,
            "{}: held {peak} bytes at once",
            attack.name
        );
    }
}
