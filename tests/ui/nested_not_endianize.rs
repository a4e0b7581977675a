use endian_wire::Endianize;

struct Plain {
    a: u32,
}

#[derive(Endianize)]
#[endian(be)]
struct Outer {
    inner: Plain,
}

fn main() {}
