//! Misused bit fields and checksums in format declarations.

use endian_wire::Endianize;

#[derive(Endianize)]
#[endian(be)]
struct GroupOfSevenBits {
    #[wire(bits = 3)]
    a: u8,
    #[wire(bits = 4)]
    b: u8,
    after: u16,
}

#[derive(Endianize)]
#[endian(be)]
struct WiderThanItsType {
    #[wire(bits = 9)]
    a: u8,
    #[wire(bits = 7)]
    b: u8,
}

#[derive(Endianize)]
#[endian(be)]
struct SignedAndBoolBits {
    #[wire(bits = 4)]
    a: i8,
    #[wire(bits = 2)]
    flag: bool,
    #[wire(bits = 2)]
    c: u8,
}

#[derive(Endianize)]
#[endian(be)]
struct BitsWithOtherKeys {
    #[wire(bits = 8, pad_before = 1)]
    a: u8,
}

#[derive(Endianize)]
#[endian(be)]
struct ChecksumOnText {
    data: [u8; 4],
    #[wire(checksum = endian_wire::format::crc32)]
    crc: i32,
}

#[derive(Endianize)]
#[endian(be)]
struct ChecksumRanges {
    a: u8,
    #[wire(checksum = endian_wire::format::crc32, from = b, through = a)]
    crc: u32,
    b: u8,
    #[wire(checksum = endian_wire::format::crc32, from = nowhere)]
    crc2: u32,
}

#[derive(Endianize)]
#[endian(be)]
struct FromWithoutChecksum {
    a: u8,
    #[wire(from = a)]
    b: u8,
}

#[derive(Endianize)]
#[endian(be)]
struct ChecksumInsideAGroup {
    #[wire(bits = 4)]
    a: u8,
    #[wire(bits = 4)]
    b: u8,
    #[wire(checksum = endian_wire::format::internet_checksum, from = b)]
    sum: u16,
}

#[derive(Endianize)]
#[endian(le)]
struct NewWordWithoutBits {
    #[wire(bits = 8)]
    a: u8,
    #[wire(new_word)]
    b: u8,
    #[wire(bits = 4, new_word)]
    c: u8,
    #[wire(bits = 8)]
    d: u8,
}

fn main() {}
