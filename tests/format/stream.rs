//! `FormatStream`: declarations read from a `std::io::Read` without `Seek`, against the same
//! bytes read from a slice, over readers that deliver any number of bytes per call, fail with
//! `Interrupted` or `WouldBlock`, or end inside a value.

use std::io::{self, ErrorKind, Read};

use endian_wire::format::{FormatErrorKind, FormatStream, ReadFormat, WriteFormat};
use endian_wire::{Endian, Endianize};

use super::at;

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
#[wire(tag = u8)]
enum Block {
    #[wire(tag = 1)]
    Ping { seq: u32 },
    #[wire(tag = 2)]
    Samples {
        n: u16,
        #[wire(count = n)]
        values: Vec<i16>,
    },
    #[wire(fallback)]
    Other {
        tag: u8,
        len: u8,
        #[wire(count = len)]
        body: Vec<u8>,
    },
}

fn blocks(n: usize) -> Vec<Block> {
    (0..n)
        .map(|i| match i % 3 {
            0 => Block::Ping { seq: i as u32 * 7 },
            1 => Block::Samples {
                n: (i % 40) as u16,
                values: (0..(i % 40) as i16).map(|v| v * -3).collect(),
            },
            _ => Block::Other {
                tag: 9,
                len: (i % 5) as u8,
                body: vec![i as u8; i % 5],
            },
        })
        .collect()
}

fn bytes_of(blocks: &[Block]) -> Vec<u8> {
    let mut out = Vec::new();
    for block in blocks {
        block.write_format(&mut out).unwrap();
    }
    out
}

/// Delivers at most `step` bytes a call, and between them an `Interrupted` error (which the
/// stream retries) every third call.
struct Pieces<'a> {
    bytes: &'a [u8],
    step: usize,
    calls: usize,
}

impl Read for Pieces<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.calls += 1;
        if self.calls.is_multiple_of(3) {
            return Err(io::Error::from(ErrorKind::Interrupted));
        }
        let n = self.step.min(out.len()).min(self.bytes.len());
        out[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

#[test]
fn values_arriving_in_pieces_read_as_from_a_slice() {
    let sent = blocks(300);
    let bytes = bytes_of(&sent);
    for step in [1, 2, 3, 7, 64, 8191, 1 << 20] {
        let mut stream = FormatStream::new(Pieces {
            bytes: &bytes,
            step,
            calls: 0,
        });
        let mut position = 0;
        for (i, block) in sent.iter().enumerate() {
            assert_eq!(stream.position(), position, "step {step}, block {i}");
            assert_eq!(
                &stream.read::<Block>().unwrap(),
                block,
                "step {step}, block {i}"
            );
            position += block.to_format_vec().unwrap().len() as u64;
        }
        assert_eq!(stream.next_value::<Block>().unwrap(), None, "step {step}");
        assert_eq!(stream.position(), bytes.len() as u64);
        // After the end, still the end.
        assert_eq!(stream.next_value::<Block>().unwrap(), None);
        let err = stream.read::<Block>().unwrap_err();
        assert_eq!(
            at(&err),
            (
                FormatErrorKind::UnexpectedEof,
                "Block".into(),
                Some(bytes.len())
            )
        );
    }
    // The iterator: every value, then the end.
    let mut stream = FormatStream::new(&bytes[..]);
    let read: Vec<Block> = stream.values().collect::<io::Result<_>>().unwrap();
    assert_eq!(read, sent);
}

#[test]
fn a_value_cut_short_or_bad_names_its_byte_in_the_stream() {
    let sent = blocks(4);
    // Where each value ends in the stream.
    let ends: Vec<usize> = (1..=sent.len())
        .map(|k| bytes_of(&sent[..k]).len())
        .collect();
    let bytes = bytes_of(&sent);
    // Every cut: the values that end before it, then the end of the stream if it falls
    // between values, else `UnexpectedEof` inside the value it cuts.
    for cut in 0..=bytes.len() {
        let mut stream = FormatStream::new(Pieces {
            bytes: &bytes[..cut],
            step: 3,
            calls: 0,
        });
        let whole = ends.iter().take_while(|&&end| end <= cut).count();
        for block in &sent[..whole] {
            assert_eq!(&stream.read::<Block>().unwrap(), block, "cut {cut}");
        }
        let start = if whole == 0 { 0 } else { ends[whole - 1] };
        match stream.next_value::<Block>() {
            Ok(None) => assert_eq!(start, cut, "cut {cut}: the stream ended between values"),
            Ok(Some(block)) => panic!("cut {cut}: read {block:?} from a cut value"),
            Err(err) => {
                let (kind, _, offset) = at(&err);
                assert_eq!(kind, ErrorKind::UnexpectedEof, "cut {cut}: {err}");
                assert!(
                    offset.is_some_and(|o| (start..=cut).contains(&o)),
                    "cut {cut}: {err}"
                );
            }
        }
    }
    // Content that is not a value, in the second value: `InvalidData` at its byte in the
    // stream (an unknown tag where the type has no fallback).
    #[derive(Endianize, Debug, PartialEq)]
    #[endian(le)]
    #[wire(tag = u8)]
    enum Strict {
        #[wire(tag = 1)]
        One { v: u16 },
    }
    let mut stream = FormatStream::new(&[1u8, 5, 0, 7, 0, 0][..]);
    assert_eq!(stream.read::<Strict>().unwrap(), Strict::One { v: 5 });
    let err = stream.read::<Strict>().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert_eq!(
        at(&err),
        (FormatErrorKind::InvalidData, "Strict".into(), Some(3))
    );
    // The stream stays at the value, its bytes still buffered: the same error again.
    assert_eq!(stream.position(), 3);
    assert_eq!(stream.buffered(), [7, 0, 0]);
    assert_eq!(at(&stream.read::<Strict>().unwrap_err()), at(&err));
}

/// `until_eof` at any depth: the value is read from everything to the stream's end (from a
/// buffer that held only part of the stream, it would stop early).
#[test]
fn values_read_to_the_end_wait_for_the_end() {
    #[derive(Endianize, Debug, PartialEq)]
    #[endian(le)]
    struct Tail {
        kind: u8,
        #[wire(until_eof)]
        rest: Vec<u16>,
    }
    #[derive(Endianize, Debug, PartialEq)]
    #[endian(le)]
    #[wire(magic = b"TL")]
    struct Outer {
        version: u8,
        #[wire(if = version > 1)]
        tail: Option<Tail>,
    }
    #[derive(Endianize, Debug, PartialEq)]
    #[endian(le)]
    #[wire]
    struct Plain {
        a: u32,
    }
    const {
        assert!(<Tail as ReadFormat>::READS_TO_END);
        assert!(<Outer as ReadFormat>::READS_TO_END);
        assert!(!<Plain as ReadFormat>::READS_TO_END);
        assert!(!<Block as ReadFormat>::READS_TO_END);
    }

    let rest: Vec<u16> = (0..10_000).collect();
    let tail = Tail { kind: 3, rest };
    let bytes = tail.to_format_vec().unwrap();
    let mut stream = FormatStream::new(Pieces {
        bytes: &bytes,
        step: 1000,
        calls: 0,
    });
    assert_eq!(stream.read::<Tail>().unwrap(), tail);
    assert_eq!(stream.next_value::<Tail>().unwrap(), None);
    // Through the `Option` of a declaration.
    let outer = Outer {
        version: 2,
        tail: Some(tail),
    };
    let bytes = outer.to_format_vec().unwrap();
    let mut stream = FormatStream::new(Pieces {
        bytes: &bytes,
        step: 999,
        calls: 0,
    });
    assert_eq!(stream.read::<Outer>().unwrap(), outer);
}

/// A count larger than the limit allows, from a peer that keeps sending: refused before its
/// bytes are buffered; a list whose terminator never comes: refused once the limit's worth is
/// buffered, instead of buffering on.
#[test]
fn the_limit_bounds_what_a_value_buffers() {
    let claim = [2u8, 0xFF, 0xFF]; // a `Samples` block of 65,535 values: 131,070 bytes
    let endless = claim.chain(io::repeat(0));
    let mut stream = FormatStream::new(endless).with_limit(4096);
    let err = stream.read::<Block>().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert!(
        err.to_string()
            .contains("longer than the stream's limit of 4096 bytes"),
        "{err}"
    );
    assert!(stream.buffered().len() <= 4096);
    #[derive(Endianize, Debug, PartialEq)]
    #[endian(be)]
    struct Line {
        #[wire(terminator = 0)]
        text: Vec<u8>,
    }
    let mut stream = FormatStream::new(io::repeat(b'a')).with_limit(10_000);
    let err = stream.read::<Line>().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData, "{err}");
    assert!(stream.buffered().len() <= 10_000);
    let mut stream = FormatStream::new(&b"abc\0de\0"[..]).with_limit(4);
    assert_eq!(stream.read::<Line>().unwrap().text, b"abc");
    assert_eq!(stream.read::<Line>().unwrap().text, b"de");
    // Within the limit, the same value is read.
    let value = Block::Samples {
        n: 3000,
        values: vec![-1; 3000],
    };
    let bytes = value.to_format_vec().unwrap();
    let mut stream = FormatStream::new(&bytes[..]).with_limit(bytes.len());
    assert_eq!(stream.read::<Block>().unwrap(), value);
}

/// A reader that is not ready (`WouldBlock`): the error is returned, nothing read is lost, and
/// the next call picks up where it left off.
#[test]
fn would_block_is_returned_and_the_value_resumes() {
    struct NotYet<'a> {
        parts: Vec<&'a [u8]>,
        ready: bool,
    }
    impl Read for NotYet<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if !std::mem::replace(&mut self.ready, false) {
                self.ready = true;
                return Err(io::Error::from(ErrorKind::WouldBlock));
            }
            match self.parts.first_mut() {
                None => Ok(0),
                Some(part) => {
                    let n = part.len().min(out.len());
                    out[..n].copy_from_slice(&part[..n]);
                    *part = &part[n..];
                    if part.is_empty() {
                        self.parts.remove(0);
                    }
                    Ok(n)
                }
            }
        }
    }
    let sent = blocks(5);
    let bytes = bytes_of(&sent);
    let mut stream = FormatStream::new(NotYet {
        parts: bytes.chunks(4).collect(),
        ready: false,
    });
    let mut read = Vec::new();
    loop {
        match stream.next_value::<Block>() {
            Ok(Some(block)) => read.push(block),
            Ok(None) => break,
            Err(e) if e.kind() == ErrorKind::WouldBlock => {}
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(read, sent);
}

/// An ELF-like file from a pipe: its table at an offset in the value is in the buffer, no
/// seeking; a runtime-order declaration follows the order the stream starts it in, and a
/// value can set the order of the next ones.
#[test]
fn offsets_and_byte_order_from_a_stream() {
    #[derive(Endianize, Debug, PartialEq)]
    #[endian(runtime)]
    struct File {
        #[wire(order = match mark { 1 => Some(Endian::Little), 2 => Some(Endian::Big), _ => None })]
        mark: u8,
        n: u16,
        table_at: u32,
        #[wire(offset = table_at, count = n)]
        table: Vec<u32>,
    }
    for (mark, order) in [(1, Endian::Little), (2, Endian::Big)] {
        let file = File {
            mark,
            n: 3,
            table_at: 64,
            table: vec![1, 0x0102_0304, u32::MAX],
        };
        let mut bytes = Vec::new();
        file.write_format_as(&mut bytes, order).unwrap();
        assert_eq!(bytes.len(), 64 + 12);
        let mut stream = FormatStream::new(Pieces {
            bytes: &bytes,
            step: 5,
            calls: 0,
        });
        assert_eq!(stream.read::<File>().unwrap(), file);
        // As from a slice, the value's bytes are its fields in sequence (7); the table's stay
        // buffered, read but not consumed.
        assert_eq!(stream.position(), 7);
        assert_eq!(stream.buffered(), &bytes[7..]);
    }
    // The order a stream starts values in, and set between them.
    #[derive(Endianize, Debug, PartialEq)]
    #[endian(runtime)]
    #[wire]
    struct Word {
        w: u16,
    }
    let mut stream = FormatStream::with_order(&[1u8, 0, 1, 0][..], Endian::Little);
    assert_eq!(stream.read::<Word>().unwrap(), Word { w: 1 });
    stream.set_order(Endian::Big);
    assert_eq!(stream.order(), Endian::Big);
    assert_eq!(stream.read::<Word>().unwrap(), Word { w: 256 });
    let (_, rest) = stream.into_parts();
    assert!(rest.is_empty());
}
