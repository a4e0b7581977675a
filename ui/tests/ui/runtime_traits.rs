use endian_wire::{Endian, Endianize, RuntimeEndian};

#[derive(Endianize)]
#[endian(be)]
struct Fixed {
    magic: u32,
}

#[derive(Endianize)]
#[endian(runtime)]
struct FramedOnly {
    items: Vec<u32>,
}

fn table<T: RuntimeEndian>(data: &[u8], order: Endian) -> Vec<T> {
    T::read_all_as(data, order).unwrap()
}

fn main() {
    // A fixed-order type has no order to choose.
    let _ = Fixed::read_as(&[0; 4], Endian::Big);
    let _: Vec<Fixed> = table(&[0; 4], Endian::Big);
    // A framing-only type has no fixed wire image.
    let _: Vec<FramedOnly> = table(&[], Endian::Little);
}
