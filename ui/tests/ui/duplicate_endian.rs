use endian_wire::Endianize;

#[derive(Endianize)]
#[endian(be)]
#[endian(le)]
struct Header {
    magic: u32,
}

fn main() {}
