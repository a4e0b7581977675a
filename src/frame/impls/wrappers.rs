//! `BigEndian<T>` / `LittleEndian<T>`: framed in their own byte order whatever the
//! configuration's, so a wire type frames exactly like its logical type (borrowed runs of them
//! are `&[T]`'s, in `containers.rs`).

use zerocopy::IntoBytes;

use crate::frame::config::IntEncoding;
use crate::frame::decode::{Decode, Decoder, borrow_via_decode};
use crate::frame::encode::{Encode, Encoder};
use crate::frame::error::{DecodeError, DecodeErrorKind, EncodeError};
use crate::frame::fixed::{FixedIn, FixedOut};
use crate::frame::read::Reader;
use crate::frame::write::Writer;
use crate::layout::ByteMap;
use crate::wire::{BigEndian, Endian, LittleEndian};

#[cfg(feature = "alloc")]
use super::fill_vec;
use super::fixed_items;

/// Wrappers of integers and floats: under fixed-int their memory bytes (the wire bytes in the
/// wrapper's order); under varint the value as a varint whose payload is in the wrapper's
/// order. Slices under fixed-int are one copy.
macro_rules! wrapped_numbers {
    ($($t:ty => $write:ident, $read:ident, $wide:ty);* $(;)?) => {$(
        wrapped_numbers!(@one BigEndian, Endian::Big, $t, $write, $read, $wide);
        wrapped_numbers!(@one LittleEndian, Endian::Little, $t, $write, $read, $wide);
    )*};
    (@one $W:ident, $order:expr, $t:ty, $write:ident, $read:ident, $wide:ty) => {
        impl Encode for $W<$t> {
            fixed_items!(wrapper encode $t);

            #[inline]
            fn encode<Wr: Writer>(&self, e: &mut Encoder<Wr>) -> Result<(), EncodeError> {
                match e.int_encoding() {
                    IntEncoding::Fixed => e.write_bytes(self.as_bytes()),
                    IntEncoding::Variable => e.$write(self.get() as $wide, size_of::<$t>(), $order),
                }
            }

            #[inline]
            fn encode_slice<Wr: Writer>(items: &[Self], e: &mut Encoder<Wr>) -> Result<(), EncodeError> {
                match e.int_encoding() {
                    IntEncoding::Fixed => e.write_bytes(items.as_bytes()),
                    IntEncoding::Variable => items.iter().try_for_each(|item| item.encode(e)),
                }
            }
        }

        impl Decode for $W<$t> {
            const MIN_SIZE: usize = 1;
            fixed_items!(wrapper decode $t);

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                match d.int_encoding() {
                    IntEncoding::Fixed => Ok(Self::from_bytes(d.read_array::<{ size_of::<$t>() }>()?)),
                    IntEncoding::Variable => {
                        let start = d.offset();
                        let wide = d.$read(size_of::<$t>(), $order, stringify!($t))?;
                        <$t>::try_from(wide).map(Self::new).map_err(|_| {
                            d.error_at(start, DecodeErrorKind::OutOfRange { type_name: stringify!($t) })
                        })
                    }
                }
            }

            #[inline]
            fn decode_into<R: Reader>(out: &mut [Self], d: &mut Decoder<R>) -> Result<(), DecodeError> {
                match d.int_encoding() {
                    IntEncoding::Fixed => d.read_bytes(out.as_mut_bytes()),
                    IntEncoding::Variable => {
                        for slot in out {
                            *slot = Self::decode(d)?;
                        }
                        Ok(())
                    }
                }
            }

            #[cfg(feature = "alloc")]
            #[inline]
            fn decode_vec<R: Reader>(len: usize, d: &mut Decoder<R>) -> Result<alloc::vec::Vec<Self>, DecodeError> {
                fill_vec(len, d, Self::ZERO, Self::decode_into)
            }

            #[inline]
            fn decode_array<R: Reader, const N: usize>(d: &mut Decoder<R>) -> Result<[Self; N], DecodeError> {
                let mut out = [Self::ZERO; N];
                Self::decode_into(&mut out, d)?;
                Ok(out)
            }
        }

        borrow_via_decode!($W<$t>);
    };
}
wrapped_numbers! {
    u16 => write_uint, read_uint, u128;
    u32 => write_uint, read_uint, u128;
    u64 => write_uint, read_uint, u128;
    u128 => write_uint, read_uint, u128;
    i16 => write_int, read_int, i128;
    i32 => write_int, read_int, i128;
    i64 => write_int, read_int, i128;
    i128 => write_int, read_int, i128;
}

/// `usize` / `isize` wrappers: as `u64` / `i64` in the wrapper's order (bincode's width on
/// every target).
macro_rules! wrapped_pointer_sized {
    ($($W:ident, $order:expr, $t:ty => $as:ty, $write:ident, $read:ident, $wide:ty);* $(;)?) => {$(
        impl Encode for $W<$t> {
            const FIXED_SIZE: Option<usize> = Some(8);

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn encode_fixed<const BIG: bool, const VARINT: bool>(&self, out: &mut FixedOut<'_>) {
                let value = self.get() as $as;
                out.put(match $order {
                    Endian::Big => value.to_be_bytes(),
                    Endian::Little => value.to_le_bytes(),
                });
            }

            #[inline]
            fn encode<Wr: Writer>(&self, e: &mut Encoder<Wr>) -> Result<(), EncodeError> {
                e.$write(self.get() as $wide, 8, $order)
            }
        }

        impl Decode for $W<$t> {
            const MIN_SIZE: usize = 1;
            const FIXED_SIZE: Option<usize> = Some(8);

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn decode_fixed<const BIG: bool, const VARINT: bool>(input: &mut FixedIn<'_>) -> Result<Self, DecodeError> {
                let start = input.offset();
                let bytes = input.take::<8>();
                let wide = match $order {
                    Endian::Big => <$as>::from_be_bytes(bytes),
                    Endian::Little => <$as>::from_le_bytes(bytes),
                };
                <$t>::try_from(wide).map(Self::new).map_err(|_| {
                    input.error_at(start, DecodeErrorKind::OutOfRange { type_name: stringify!($t) })
                })
            }

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                let start = d.offset();
                let wide = d.$read(8, $order, stringify!($t))?;
                <$as>::try_from(wide)
                    .ok()
                    .and_then(|v| <$t>::try_from(v).ok())
                    .map(Self::new)
                    .ok_or_else(|| d.error_at(start, DecodeErrorKind::OutOfRange { type_name: stringify!($t) }))
            }
        }

        borrow_via_decode!($W<$t>);
    )*};
}
wrapped_pointer_sized! {
    BigEndian, Endian::Big, usize => u64, write_uint, read_uint, u128;
    LittleEndian, Endian::Little, usize => u64, write_uint, read_uint, u128;
    BigEndian, Endian::Big, isize => i64, write_int, read_int, i128;
    LittleEndian, Endian::Little, isize => i64, write_int, read_int, i128;
}

/// Float wrappers: their memory bytes under every configuration (floats are never varint).
macro_rules! wrapped_floats {
    ($($t:ty),*) => {$(
        wrapped_floats!(@one BigEndian, $t);
        wrapped_floats!(@one LittleEndian, $t);
    )*};
    (@one $W:ident, $t:ty) => {
        impl Encode for $W<$t> {
            fixed_items!(wrapper encode $t);
            const VARINT_SIZE: Option<usize> = Some(size_of::<$t>());

            #[inline]
            fn encode<Wr: Writer>(&self, e: &mut Encoder<Wr>) -> Result<(), EncodeError> {
                e.write_bytes(self.as_bytes())
            }

            #[inline]
            fn encode_slice<Wr: Writer>(items: &[Self], e: &mut Encoder<Wr>) -> Result<(), EncodeError> {
                e.write_bytes(items.as_bytes())
            }
        }

        impl Decode for $W<$t> {
            const MIN_SIZE: usize = size_of::<$t>();
            fixed_items!(wrapper decode $t);
            const VARINT_SIZE: Option<usize> = Some(size_of::<$t>());

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                Ok(Self::from_bytes(d.read_array::<{ size_of::<$t>() }>()?))
            }

            #[inline]
            fn decode_into<R: Reader>(out: &mut [Self], d: &mut Decoder<R>) -> Result<(), DecodeError> {
                d.read_bytes(out.as_mut_bytes())
            }
        }

        borrow_via_decode!($W<$t>);
    };
}
wrapped_floats!(f32, f64);

/// One-byte wrappers: the byte.
macro_rules! wrapped_bytes {
    ($($W:ident<$t:ty>),*) => {$(
        impl Encode for $W<$t> {
            const FIXED_SIZE: Option<usize> = Some(1);
            const VARINT_SIZE: Option<usize> = Some(1);
            // SAFETY: the wrapper is `#[repr(transparent)]` over the byte, so the byte's map
            // (the identity, or a `bool`'s) is the wrapper's: a record of them keeps the
            // one-copy and permutation paths.
            const BYTE_MAP: [Option<ByteMap<Self>>; 2] = unsafe {
                [
                    ByteMap::then(ByteMap::empty(), <$t as Encode>::BYTE_MAP[0], 0),
                    ByteMap::then(ByteMap::empty(), <$t as Encode>::BYTE_MAP[1], 0),
                ]
            };

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn encode_fixed<const BIG: bool, const VARINT: bool>(&self, out: &mut FixedOut<'_>) {
                self.get().encode_fixed::<BIG, VARINT>(out);
            }

            #[inline]
            fn encode<Wr: Writer>(&self, e: &mut Encoder<Wr>) -> Result<(), EncodeError> {
                self.get().encode(e)
            }
        }

        impl Decode for $W<$t> {
            const MIN_SIZE: usize = 1;
            const FIXED_SIZE: Option<usize> = Some(1);
            const VARINT_SIZE: Option<usize> = Some(1);
            // SAFETY: as for `Encode`: the byte's map (a `bool`'s says which patterns are
            // valid) is the `#[repr(transparent)]` wrapper's.
            const BYTE_MAP: [Option<ByteMap<Self>>; 2] = unsafe {
                [
                    ByteMap::then(ByteMap::empty(), <$t as Decode>::BYTE_MAP[0], 0),
                    ByteMap::then(ByteMap::empty(), <$t as Decode>::BYTE_MAP[1], 0),
                ]
            };

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn decode_fixed<const BIG: bool, const VARINT: bool>(input: &mut FixedIn<'_>) -> Result<Self, DecodeError> {
                <$t>::decode_fixed::<BIG, VARINT>(input).map(Self::new)
            }

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                <$t>::decode(d).map(Self::new)
            }
        }

        borrow_via_decode!($W<$t>);
    )*};
}
wrapped_bytes!(
    BigEndian<u8>,
    LittleEndian<u8>,
    BigEndian<i8>,
    LittleEndian<i8>,
    BigEndian<bool>,
    LittleEndian<bool>
);
