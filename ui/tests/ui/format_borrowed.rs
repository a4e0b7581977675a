use endian_wire::Endianize;

// A borrowed field needs its length.
#[derive(Endianize)]
#[endian(be)]
struct NoLength<'a> {
    n: u8,
    #[wire(pad_before = 1)]
    bytes: &'a [u8],
}

// A terminator ends bytes or text, not other slices.
#[derive(Endianize)]
#[endian(be)]
struct TerminatedSlice<'a> {
    #[wire(terminator = 0)]
    keys: &'a [[u8; 4]],
}

// A mutable borrow is not read from an input.
#[derive(Endianize)]
#[endian(be)]
struct Mutable<'a> {
    n: u8,
    #[wire(count = n)]
    bytes: &'a mut [u8],
}

fn main() {}
