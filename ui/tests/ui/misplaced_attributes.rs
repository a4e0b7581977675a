use endian_wire::Endianize;

#[derive(Endianize)]
#[endian(be)]
#[wire_repr(C)]
#[wire_repr(packed)]
struct TwoReprs {
    a: u32,
}

#[derive(Endianize)]
#[endian(be)]
#[wire_default(A)]
#[endian_wire(unknown)]
#[wire_derive(= Hash)]
struct BadArguments {
    a: u32,
}

#[derive(Endianize)]
#[endian(be)]
#[text(utf8, units = 4, pad = "null")]
struct TextOnStruct {
    a: u32,
}

#[derive(Endianize)]
#[endian(be)]
#[tuple_text(idx = 0, utf8, units = 4, pad = "null")]
enum TextOnEnum {
    A(u32),
}

#[derive(Endianize)]
#[endian(be)]
#[wire_default]
struct DefaultOnStruct {
    a: u32,
}

#[derive(Endianize)]
#[endian(be)]
#[wire_default]
enum DefaultWithData {
    #[default]
    A(u32),
    B,
}

#[derive(Endianize)]
#[endian(be)]
enum VariantAttributes {
    #[text(utf8, units = 4, pad = "null")]
    Text(String),
    #[tuple_text(idx = 0, utf8, units = 4, pad = "null")]
    Named { name: String },
    #[tuple_text(utf8, units = 4, pad = "null")]
    NoIndex(String),
}

#[derive(Endianize)]
#[endian(be)]
enum FieldAttributes {
    Misplaced(#[tuple_text(idx = 0, utf8, units = 4, pad = "null")] String),
    #[tuple_text(idx = 0, utf8, units = 4, pad = "null")]
    Twice(#[text(utf8, units = 4, pad = "null")] String),
}

#[derive(Endianize)]
#[endian(be)]
union Growing {
    a: u32,
    b: Option<u32>,
}

fn main() {}
