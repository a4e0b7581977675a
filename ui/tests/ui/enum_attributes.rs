use endian_wire::Endianize;

#[derive(Endianize)]
#[endian(be)]
#[wire_default]
enum NoDefault {
    A,
    B,
}

#[derive(Endianize)]
#[endian(be)]
enum BadIndex {
    #[tuple_text(idx = 2, utf8, units = 4, pad = "null")]
    Name(String, u8),
}

#[derive(Endianize)]
#[endian(be)]
enum Empty {}

#[derive(Endianize)]
#[endian(be)]
#[wire_repr(C, packed)]
enum PackedEnum {
    A(u32),
}

fn main() {}
