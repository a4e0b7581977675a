use endian_wire::*;

#[derive(Endianize, Debug, Clone, PartialEq)]
#[endian(be)]
struct Header {
    magic: u32,
    version: u16,
    flags: u16,
}

#[derive(Endianize, Debug, Clone, PartialEq)]
#[endian(le)]
struct Padded {
    tag: u8,
    len: u32,
    ok: bool,
}

#[derive(Endianize, Debug, Clone, PartialEq)]
#[endian(be)]
struct Packet {
    header: Header,
    body: [u8; 4],
    samples: [i16; 3],
    grid: [[u16; 2]; 2],
    initial: char,
    #[text(utf8, units = 8, pad = "null")]
    name: String,
}

#[derive(Endianize, Debug, Clone, PartialEq)]
#[endian(be)]
#[repr(u8)]
enum Command {
    Nop,
    Move { x: i16, y: i16 } = 5,
    Pair(u32, Header),
}

#[test]
fn smoke() {
    let h = Header {
        magic: 0x0102_0304,
        version: 2,
        flags: 7,
    };
    let w: HeaderWire = h.clone().into();
    assert_eq!(w.magic.get(), 0x0102_0304);
    let mut out = Vec::new();
    h.write_to(&mut out).unwrap();
    assert_eq!(out, [1, 2, 3, 4, 0, 2, 0, 7]);
    let back = Header::read_from(&mut &out[..]).unwrap();
    assert_eq!(back, h);
    assert_eq!(HeaderWire::WIRE_SIZE, 8);

    let p = Padded {
        tag: 1,
        len: 2,
        ok: true,
    };
    let mut out = Vec::new();
    p.write_to(&mut out).unwrap();
    assert_eq!(out, [1, 2, 0, 0, 0, 1]);
    assert_eq!(Padded::read_from(&mut &out[..]).unwrap(), p);

    let pk = Packet {
        header: h.clone(),
        body: *b"abcd",
        samples: [-1, 2, 3],
        grid: [[1, 2], [3, 4]],
        initial: 'é',
        name: "hi".into(),
    };
    let mut out = Vec::new();
    pk.write_to(&mut out).unwrap();
    assert_eq!(Packet::read_from(&mut &out[..]).unwrap(), pk);
    let w = PacketWire::try_from(pk.clone()).unwrap();
    assert_eq!(Packet::try_from(w).unwrap(), pk);

    for c in [
        Command::Nop,
        Command::Move { x: -1, y: 2 },
        Command::Pair(9, h.clone()),
    ] {
        let mut out = Vec::new();
        c.write_to(&mut out).unwrap();
        eprintln!("{out:?}");
        assert_eq!(Command::read_from(&mut &out[..]).unwrap(), c);
    }
}
