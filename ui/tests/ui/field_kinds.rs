use endian_wire::Endianize;

// Field types with no fixed wire form and no framing: each refused with what to use instead.
#[derive(Endianize)]
#[endian(le)]
struct NoWireForm {
    slice: [u8],
}

#[derive(Endianize)]
#[endian(le)]
struct Erased {
    bare: dyn Send,
}

#[derive(Endianize)]
#[endian(le)]
struct Unsized {
    text: str,
}

#[derive(Endianize)]
#[endian(le)]
struct HalfFloat {
    half: f16,
}

#[derive(Endianize)]
#[endian(be)]
struct TwoTexts {
    #[text(utf8, units = 4, pad = "null")]
    #[text(utf8, units = 8, pad = "null")]
    name: String,
}

fn main() {}
