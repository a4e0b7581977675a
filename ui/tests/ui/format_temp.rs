//! Misused `temp` fields in format declarations.

use endian_wire::Endianize;
use endian_wire::format::Temp;

#[derive(Endianize)]
#[endian(be)]
struct NothingToWrite {
    #[wire(temp)]
    n: Temp<u16>,
    #[wire(count = n * 2)]
    items: Vec<u8>,
}

#[derive(Endianize)]
#[endian(be)]
struct NotATemp {
    #[wire(temp, calc = 1)]
    n: u16,
}

#[derive(Endianize)]
#[endian(be)]
struct TempBits {
    #[wire(bits = 4, temp)]
    a: Temp<u8>,
    #[wire(bits = 4)]
    b: u8,
}

fn main() {}
