use endian_wire::Endianize;

#[derive(Endianize)]
#[endian(be)]
struct Named {
    #[text(utf8, units = 4, pad = "null")]
    id: u32,
}

fn main() {}
