use endian_wire::{u32be, Endianize};

// Fixed-size fields and a type parameter: two wire types would each need it.
#[derive(Endianize)]
#[endian(runtime)]
struct Generic<T> {
    header: T,
    length: u32,
}

// With a variable-length field the type frames only, and a parameter is fine.
#[derive(Endianize)]
#[endian(runtime)]
struct Framed<T> {
    items: Vec<T>,
}

#[derive(Endianize)]
#[endian(runtime)]
struct FieldOrders {
    // Only the type can be `runtime`.
    #[endian(runtime)]
    a: u32,
    // A wire type keeps its own order.
    #[endian(le)]
    b: u32be,
    #[endian(be)]
    #[endian(le)]
    c: u16,
    #[endian(sideways)]
    d: u16,
}

#[derive(Endianize)]
#[endian(runtime)]
enum Variants {
    #[endian(be)]
    A(u32),
}

fn main() {}
