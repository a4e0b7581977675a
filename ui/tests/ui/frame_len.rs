use endian_wire::Endianize;

#[derive(Endianize)]
#[endian(le)]
struct NotASequence {
    #[frame(len = short_vec)]
    count: u32,
}

#[derive(Endianize)]
#[endian(le)]
struct UnknownEncoding {
    #[frame(len = u24)]
    items: Vec<u8>,
}

#[derive(Endianize)]
#[endian(le)]
struct UnknownKey {
    #[frame(length = u8)]
    items: Vec<u8>,
}

#[derive(Endianize)]
#[endian(le)]
struct Twice {
    #[frame(len = u8)]
    #[frame(len = u16)]
    items: String,
}

fn main() {}
