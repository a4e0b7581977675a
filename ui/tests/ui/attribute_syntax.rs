use endian_wire::Endianize;

#[derive(Endianize)]
#[endian(big little)]
struct TwoWords {
    a: u32,
}

#[derive(Endianize)]
#[endian(be)]
#[wire_repr(C, align)]
struct AlignWithoutValue {
    a: u32,
}

#[derive(Endianize)]
#[endian(be)]
struct TextWithoutUnits {
    #[text(utf8, pad = "null")]
    name: String,
}

fn main() {}
