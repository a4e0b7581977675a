//! A small binary protocol described once, as ordinary Rust types.
//!
//! `cargo run --example protocol`
//!
//! Each frame is a big-endian header followed by a command. `#[derive(Endianize)]` generates
//! the wire types (`FrameHeaderWire`, `CommandWire`), the conversions and the IO; the program
//! writes a few frames into a buffer, views a header in place, reads everything back and shows
//! what bad input looks like.

use std::io::{self, Cursor};

use endian_wire::zerocopy::IntoBytes;
use endian_wire::{EndianRead, EndianWrite, Endianize, view};

/// Fixed at the front of every frame.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
struct FrameHeader {
    magic: [u8; 4],
    version: u16,
    flags: u16,
    sequence: u64,
}

/// A position on a map, little-endian like the device that sends it.
#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(le)]
struct Position {
    x: i32,
    y: i32,
}

/// What a frame asks for. The tag is a `u8` holding the discriminant.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(be)]
#[repr(u8)]
enum Command {
    Ping = 1,
    MoveTo {
        target: Position,
        speed: f32,
    } = 2,
    Rename {
        #[text(utf8, units = 12, pad = "null")]
        name: String,
        initial: char,
    } = 3,
    Samples([i16; 6]) = 4,
}

const MAGIC: [u8; 4] = *b"EWP1";

fn main() -> io::Result<()> {
    let frames = [
        Command::Ping,
        Command::MoveTo {
            target: Position { x: -120, y: 45 },
            speed: 2.5,
        },
        Command::Rename {
            name: "rover-7".into(),
            initial: 'R',
        },
        Command::Samples([0, 100, -100, 32767, -32768, 1]),
    ];

    // Writing: logical values straight to any `io::Write`, no wire type named.
    let mut stream = Vec::new();
    for (sequence, command) in frames.iter().enumerate() {
        let header = FrameHeader {
            magic: MAGIC,
            version: 1,
            flags: 0,
            sequence: sequence as u64,
        };
        header.write_to(&mut stream)?;
        command.write_to(&mut stream)?;
    }
    println!("{} frames in {} bytes", frames.len(), stream.len());

    // The header's wire type has no padding, so its memory is its wire image: it can be
    // viewed in place (here from an aligned copy) and converted with `From`.
    let first = FrameHeaderWire::from(FrameHeader {
        magic: MAGIC,
        version: 1,
        flags: 0,
        sequence: 0,
    });
    let viewed: &FrameHeaderWire = view(first.as_bytes()).expect("aligned and sized");
    println!(
        "header wire image: {:02x?} (version {})",
        viewed.as_bytes(),
        viewed.version.get()
    );

    // Reading back: one `read_exact` per header, tag then payload per command.
    let mut input = Cursor::new(&stream[..]);
    for expected in &frames {
        let header = FrameHeader::read_from(&mut input)?;
        assert_eq!(header.magic, MAGIC);
        let command = Command::read_from(&mut input)?;
        println!("#{} {:?}", header.sequence, command);
        assert_eq!(&command, expected);
    }

    // Bad input is an error that names what is wrong, never a panic.
    let unknown_tag = [9u8, 0, 0, 0];
    let err = Command::read_from(&mut &unknown_tag[..]).unwrap_err();
    println!("unknown tag: {err}");
    let truncated = &stream[..10];
    let err = FrameHeader::read_from(&mut &truncated[..]).unwrap_err();
    println!("truncated: {:?}", err.kind());
    let too_long = Command::Rename {
        name: "a name much too long".into(),
        initial: 'a',
    };
    let mut sink = Vec::new();
    let err = too_long.write_to(&mut sink).unwrap_err();
    println!("unencodable: {err} ({} bytes written)", sink.len());

    // The wire enum is a safe Rust enum: match on it, no `unsafe`, no inconsistent value.
    match CommandWire::try_from(frames[1].clone()).expect("encodable") {
        CommandWire::MoveTo { target, speed } => {
            println!("wire x = {}, speed = {}", target.x.get(), speed.get())
        }
        other => unreachable!("{other:?}"),
    }
    Ok(())
}
