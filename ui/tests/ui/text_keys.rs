use endian_wire::Endianize;

#[derive(Endianize)]
#[endian(be)]
struct Named {
    #[text(utf8, units = 4, pad = "null", width = 3)]
    unknown_key: String,
    #[text(utf8, units = 4, units = 5, pad = "null")]
    duplicate_key: String,
    #[text(utf8, units = 0, pad = "null")]
    zero_units: String,
    #[text(utf16, units = 4, pad = "zero")]
    bad_pad: String,
    #[text(units = 4, pad = "null")]
    no_encoding: String,
    #[text(utf8, units = 4)]
    utf8_without_pad: String,
}

fn main() {}
