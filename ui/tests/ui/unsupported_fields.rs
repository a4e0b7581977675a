use endian_wire::Endianize;

// A borrowed field needs a lifetime on the struct (`Unsupported<'a>`, read by `BorrowDecode`).
#[derive(Endianize)]
#[endian(le)]
struct Unsupported {
    name: &'static str,
    pointer: *const u8,
}

fn main() {}
