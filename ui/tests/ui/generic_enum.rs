use endian_wire::Endianize;

// Fixed-size fields only: a wire enum would be needed, and it cannot be generic.
#[derive(Endianize)]
#[endian(le)]
enum Fixed<T> {
    One(T),
    Two(u32),
}

// A variable-length field: framing only, generics are fine.
#[derive(Endianize)]
#[endian(le)]
enum Framed<T> {
    One(T),
    Many(Vec<T>),
}

fn main() {}
