use endian_wire::Endianize;

#[derive(Endianize)]
#[endian(le)]
struct Variable<'a> {
    bytes: Vec<u8>,
    name: &'a str,
    pair: (u8, u16),
    nothing: (),
    slice: Box<[u8]>,
}

fn main() {}
