//! Tagged enums in format declarations that cannot work.

use endian_wire::Endianize;

#[derive(Endianize)]
#[endian(le)]
enum NoTagType {
    #[wire(tag = 1)]
    A,
}

#[derive(Endianize)]
#[endian(le)]
#[wire(tag = u24)]
enum NotAnInteger {
    #[wire(tag = 1)]
    A,
}

#[derive(Endianize)]
#[endian(le)]
#[wire(tag = u8)]
enum Tags {
    #[wire(tag = 1)]
    A,
    #[wire(tag = 1)]
    B,
    C,
    #[wire(fallback)]
    Unit,
    #[wire(fallback)]
    Second(u8),
    #[wire(fallback, tag = 3)]
    Both(u8),
    #[wire(tags = 4)]
    Misspelt,
}

#[derive(Endianize)]
#[endian(le)]
#[wire(tag = u8)]
enum FallbackTagWithAttribute {
    #[wire(fallback)]
    Other(#[wire(pad_before = 1)] u8),
}

fn main() {}
