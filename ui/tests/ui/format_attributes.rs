//! Misused `#[wire(...)]` attributes on format declarations.

use endian_wire::Endianize;

#[derive(Endianize)]
#[endian(be)]
struct CountOnANumber {
    n: u8,
    #[wire(count = n)]
    value: u32,
}

#[derive(Endianize)]
#[endian(be)]
struct VecWithoutLength {
    n: u8,
    #[wire(pad_before = 1)]
    items: Vec<u16>,
}

#[derive(Endianize)]
#[endian(be)]
struct CountFromLater {
    #[wire(count = n)]
    items: Vec<u16>,
    n: u8,
}

#[derive(Endianize)]
#[endian(be)]
struct BothLengths {
    n: u8,
    #[wire(count = n, until_eof)]
    items: Vec<u16>,
}

#[derive(Endianize)]
#[endian(be)]
struct UntilEofNotLast {
    #[wire(until_eof)]
    items: Vec<u16>,
    last: u8,
}

#[derive(Endianize)]
#[endian(be)]
struct IfOnANumber {
    flags: u8,
    #[wire(if = flags != 0)]
    value: u32,
}

#[derive(Endianize)]
#[endian(be)]
struct OptionWithoutIf {
    #[wire(pad_after = 2)]
    value: Option<u32>,
}

#[derive(Endianize)]
#[endian(be)]
struct CalcOnAVec {
    #[wire(calc = 3)]
    #[wire(until_eof)]
    items: Vec<u8>,
}

#[derive(Endianize)]
#[endian(be)]
struct UnknownKeys {
    #[wire(count = 1, length = 2)]
    items: Vec<u8>,
    #[wire(until_eof, until_eof)]
    rest: Vec<u8>,
}

#[derive(Endianize)]
#[endian(be)]
#[wire(magic = 0xCAFE, tag = u16)]
struct MagicWithoutWidth {
    a: u8,
}

#[derive(Endianize)]
#[endian(be)]
struct OrderInAFixedOrder {
    #[wire(order = endian_wire::Endian::Little)]
    a: u8,
    b: u16,
}

#[derive(Endianize)]
#[endian(be)]
#[wire_derive(Hash)]
struct NoWireType {
    #[wire(pad_before = 1)]
    a: u8,
}

#[derive(Endianize)]
#[endian(be)]
struct FramedString {
    #[wire(pad_before = 1)]
    name: String,
}



#[derive(Endianize)]
#[endian(be)]
#[wire(tag = u8)]
struct TagOnAStruct {
    a: u8,
}

#[derive(Endianize)]
#[endian(be)]
#[wire(magic = b"U")]
union NoUnions {
    a: u8,
}

#[derive(Endianize)]
#[endian(be)]
struct NestedCollections {
    n: u8,
    #[wire(count = n)]
    rows: Vec<Vec<u8>>,
}

#[derive(Endianize)]
#[endian(be)]
struct SizedToTheEnd {
    n: u8,
    #[wire(bytes = n, until_eof)]
    rows: Vec<u8>,
}
fn main() {}
