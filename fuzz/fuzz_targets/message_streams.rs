//! Message streams from arbitrary bytes: `MessageCodec` (fed in chunks whose sizes the input
//! picks, then the end of the stream) and `MessageReader` (from a reader returning such
//! chunks), under every length prefix: each message is a value or an error, never a panic or
//! an abort, memory bounded by the input and the limit (the run's `-malloc_limit_mb` catches
//! an allocation made for a length prefix alone), and a message that decodes encodes back to
//! a frame that decodes to the same value.
#![no_main]

use bytes::BytesMut;
use endian_wire::frame::Config;
use endian_wire::stream::{Builder, LengthPrefix};
use endian_wire::{Endian, Endianize};
use libfuzzer_sys::fuzz_target;
use tokio_util::codec::{Decoder, Encoder};

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
struct Level {
    px: i64,
    qty: u32,
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
enum Message {
    Ping,
    Trade { id: u64, px: i64, qty: u32, venue: [u8; 4] },
    Book { symbol: String, levels: Vec<Level> },
    Raw(Vec<u8>),
}

/// A reader that hands out the input in the chunk sizes `sizes` cycles through.
struct Chunked<'a> {
    data: &'a [u8],
    sizes: &'a [u8],
    turn: usize,
}

impl std::io::Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let size = self.sizes.get(self.turn % self.sizes.len().max(1)).map_or(7, |&s| usize::from(s) + 1);
        self.turn += 1;
        let n = size.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fuzz_target!(|input: &[u8]| {
    let Some((&setup, rest)) = input.split_first() else {
        return;
    };
    let (sizes, data) = rest.split_at(rest.len().min(4));
    let order = if setup & 1 == 0 { Endian::Big } else { Endian::Little };
    let prefix = match (setup >> 1) & 3 {
        0 => LengthPrefix::U32(order),
        1 => LengthPrefix::U16(order),
        2 => LengthPrefix::U64(order),
        _ => LengthPrefix::Varint(order),
    };
    let config = if setup & 8 == 0 { Config::legacy() } else { Config::standard() };
    let max = if setup & 16 == 0 { 1 << 20 } else { 64 };

    // The codec, fed in chunks.
    let mut codec = Builder::new(config).max_frame_length(max).length_prefix(prefix).new_codec::<Message>();
    let mut src = BytesMut::new();
    let mut rest = data;
    let mut turn = 0;
    let mut decoded = Vec::new();
    'feed: while !rest.is_empty() {
        let size = sizes.get(turn % sizes.len().max(1)).map_or(7, |&s| usize::from(s) + 1);
        turn += 1;
        let n = size.min(rest.len());
        src.extend_from_slice(&rest[..n]);
        rest = &rest[n..];
        loop {
            match codec.decode(&mut src) {
                Ok(Some(m)) => decoded.push(m),
                Ok(None) => break,
                Err(_) => break 'feed,
            }
        }
    }
    let _ = codec.decode_eof(&mut src);

    // The blocking reader on the same bytes finds the same messages, up to the same error.
    let mut reader = Builder::new(config)
        .max_frame_length(max)
        .length_prefix(prefix)
        .new_reader(Chunked { data, sizes, turn: 0 });
    let mut from_reader = Vec::new();
    while let Ok(Some(m)) = reader.read::<Message>() {
        from_reader.push(m);
    }
    assert_eq!(decoded, from_reader);

    // What decoded encodes back to a message that decodes to it.
    for m in decoded {
        let mut out = BytesMut::new();
        if codec.clone().encode(&m, &mut out).is_ok() {
            let mut fresh = Builder::new(config).max_frame_length(max).length_prefix(prefix).new_codec::<Message>();
            assert_eq!(fresh.decode(&mut out).unwrap(), Some(m));
        }
    }
});
