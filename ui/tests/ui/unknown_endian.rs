use endian_wire::Endianize;

#[derive(Endianize)]
#[endian(middle)]
struct Header {
    magic: u32,
}

fn main() {}
