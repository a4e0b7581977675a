use simple_endian::{read_specific, write_specific, Endianize};

#[derive(Endianize, Debug, Clone, PartialEq)]
#[endian(be)]
struct Header {
    magic: u32,
    id: u16,
}

fn main() {
    let h = Header { magic: 1, id: 2 };
    let wire: HeaderWire = h.clone().into();
    let mut out = Vec::new();
    write_specific(&mut out, &wire).unwrap();
    let back: HeaderWire = read_specific(&mut &out[..]).unwrap();
    assert_eq!(Header::from(back), h);
    println!("renamed ok: {out:?}");
}
