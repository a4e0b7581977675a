use endian_wire::Endianize;

#[derive(Endianize)]
struct Header {
    magic: u32,
}

fn main() {}
