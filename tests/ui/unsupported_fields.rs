use endian_wire::Endianize;

#[derive(Endianize)]
#[endian(le)]
struct Unsupported<'a> {
    name: &'a str,
    pointer: *const u8,
}

fn main() {}
