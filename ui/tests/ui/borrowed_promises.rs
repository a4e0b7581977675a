// The crate trusts a type with uninitialized memory, or reads its memory byte by byte, only on
// a promise that unsafe code made for that very type: a safe impl cannot borrow another
// type's (`u8`'s) promise or byte map.
use endian_wire::derive_support::ByteMap;
use endian_wire::frame::{Decode, DecodeError, Decoder, Encode, EncodeError, Encoder, InPlace, Reader, Writer};

struct Padded(u8, u32);

impl Encode for Padded {
    const FIXED_SIZE: Option<usize> = Some(5);
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] = <[u8; 5] as Encode>::BYTE_MAP;

    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        (self.0, self.1).encode(e)
    }
}

impl Decode for Padded {
    const DECODES_IN_PLACE: Option<InPlace<Self>> = <u8 as Decode>::DECODES_IN_PLACE;

    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let (a, b) = <(u8, u32)>::decode(d)?;
        Ok(Padded(a, b))
    }
}

fn main() {}
