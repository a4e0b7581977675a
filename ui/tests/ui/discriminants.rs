use endian_wire::Endianize;

#[derive(Endianize)]
#[endian(be)]
#[repr(u8)]
enum Conflicting {
    A = 1,
    B(u16) = 1,
}

#[derive(Endianize)]
#[endian(be)]
#[repr(u8)]
enum TooWide {
    Small = 1,
    Large(u32) = 300,
}

fn main() {}
