use endian_wire::Endianize;

#[derive(Endianize)]
#[endian(be)]
#[wire_repr(C, packed(3))]
struct NotPowerOfTwo {
    a: u32,
}

#[derive(Endianize)]
#[endian(be)]
#[wire_repr(Rust)]
struct UnknownRepr {
    a: u32,
}

fn main() {}
