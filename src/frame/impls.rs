//! [`Encode`] / [`Decode`] for the standard types and the wrappers.
//!
//! Native integers follow the configuration's byte order; a wrapper follows its own. Fixed-int
//! or varint always comes from the configuration. Slices, `Vec`s and arrays of bytes, of
//! native numbers and of wrappers move in one copy or one bulk conversion under fixed-int.

use core::num::NonZero;

use zerocopy::IntoBytes;

use super::byte_map::ByteMap;
#[cfg(feature = "alloc")]
use super::codec::decode_vec_into_slot;
use super::codec::{BorrowDecode, Decode, Decoder, Encode, Encoder, InPlace, borrow_via_decode};
use super::config::IntEncoding;
use super::error::{DecodeError, DecodeErrorKind, EncodeError};
use super::fixed::{FixedIn, FixedOut, sum_sizes, times};
use super::io::{BorrowReader, Reader, Writer};
use super::varint;
use crate::bulk::{self, WireElement};
use crate::{BigEndian, Endian, LittleEndian};

// ----- bytes, bool, unit ---------------------------------------------------------------

impl Encode for u8 {
    const FIXED_SIZE: Option<usize> = Some(1);
    // SAFETY: one byte, valid as any pattern, framed as it is.
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] =
        unsafe { [ByteMap::identity(1), ByteMap::identity(1)] };

    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        e.write_bytes(&[*self])
    }

    #[inline]
    fn encode_slice<W: Writer>(items: &[Self], e: &mut Encoder<W>) -> Result<(), EncodeError> {
        e.write_bytes(items)
    }

    #[inline(always)]
    fn encode_fixed<const BIG: bool>(&self, out: &mut FixedOut<'_>) {
        out.put([*self]);
    }

    #[inline(always)]
    fn encode_fixed_slice<const BIG: bool>(items: &[Self], out: &mut FixedOut<'_>) {
        out.put_slice(items);
    }
}

impl Decode for u8 {
    const MIN_SIZE: usize = 1;
    const FIXED_SIZE: Option<usize> = Some(1);
    // SAFETY: one byte, valid as any pattern, framed as it is.
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] =
        unsafe { [ByteMap::identity(1), ByteMap::identity(1)] };

    #[inline(always)]
    fn decode_fixed<const BIG: bool>(input: &mut FixedIn<'_>) -> Result<Self, DecodeError> {
        Ok(input.take::<1>()[0])
    }

    #[inline(always)]
    fn decode_fixed_array<const BIG: bool, const N: usize>(
        input: &mut FixedIn<'_>,
    ) -> Result<[Self; N], DecodeError> {
        Ok(input.take::<N>())
    }

    // SAFETY: `decode_fixed_array_in_place` below writes the slot before it returns `Ok`
    // (and it never fails); `decode_in_place` is the default, which writes it too.
    const DECODES_IN_PLACE: Option<InPlace<Self>> = Some(unsafe { InPlace::new() });

    #[inline(always)]
    fn decode_fixed_array_in_place<const BIG: bool, const N: usize>(
        input: &mut FixedIn<'_>,
        slot: &mut core::mem::MaybeUninit<[Self; N]>,
    ) -> Result<(), DecodeError> {
        slot.write(input.take::<N>());
        Ok(())
    }

    #[inline]
    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        Ok(d.read_array::<1>()?[0])
    }

    #[cfg(feature = "alloc")]
    #[inline(always)]
    fn decode_vec<R: Reader>(
        len: usize,
        d: &mut Decoder<R>,
    ) -> Result<alloc::vec::Vec<Self>, DecodeError> {
        // Straight from the input when it is in memory: no zero-filling first. Inlined, so
        // that the new vector reaches the caller in registers.
        if let Some(bytes) = d.peek()
            && let Some(bytes) = bytes.get(..len)
        {
            let out = bulk::bytes_to_vec(bytes);
            d.consume(len);
            return Ok(out);
        }
        d.out_of_line(|d| fill_vec(len, d, 0, |part, d| d.read_bytes(part)))
    }

    #[cfg(feature = "alloc")]
    #[inline(always)]
    fn decode_vec_in_place<R: Reader>(
        len: usize,
        d: &mut Decoder<R>,
        slot: &mut core::mem::MaybeUninit<alloc::vec::Vec<Self>>,
    ) -> Result<(), DecodeError> {
        // As `decode_vec`, each path writing the slot itself.
        if let Some(bytes) = d.peek()
            && let Some(bytes) = bytes.get(..len)
        {
            slot.write(bulk::bytes_to_vec(bytes));
            d.consume(len);
            return Ok(());
        }
        d.out_of_line(|d| {
            slot.write(fill_vec(len, d, 0, |part, d| d.read_bytes(part))?);
            Ok(())
        })
    }

    #[inline]
    fn decode_into<R: Reader>(out: &mut [Self], d: &mut Decoder<R>) -> Result<(), DecodeError> {
        d.read_bytes(out)
    }

    #[inline]
    fn decode_array<R: Reader, const N: usize>(
        d: &mut Decoder<R>,
    ) -> Result<[Self; N], DecodeError> {
        d.read_array::<N>()
    }
}

impl Encode for i8 {
    const FIXED_SIZE: Option<usize> = Some(1);
    // SAFETY: one byte, valid as any pattern, framed as it is.
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] =
        unsafe { [ByteMap::identity(1), ByteMap::identity(1)] };

    #[inline(always)]
    fn encode_fixed<const BIG: bool>(&self, out: &mut FixedOut<'_>) {
        out.put([*self as u8]);
    }

    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        e.write_bytes(&[*self as u8])
    }

    #[inline]
    fn encode_slice<W: Writer>(items: &[Self], e: &mut Encoder<W>) -> Result<(), EncodeError> {
        e.write_bytes(items.as_bytes())
    }
}

impl Decode for i8 {
    const MIN_SIZE: usize = 1;
    const FIXED_SIZE: Option<usize> = Some(1);
    // SAFETY: one byte, valid as any pattern, framed as it is.
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] =
        unsafe { [ByteMap::identity(1), ByteMap::identity(1)] };

    #[inline(always)]
    fn decode_fixed<const BIG: bool>(input: &mut FixedIn<'_>) -> Result<Self, DecodeError> {
        Ok(input.take::<1>()[0] as i8)
    }

    #[inline]
    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        Ok(d.read_array::<1>()?[0] as i8)
    }

    #[inline]
    fn decode_into<R: Reader>(out: &mut [Self], d: &mut Decoder<R>) -> Result<(), DecodeError> {
        d.read_bytes(out.as_mut_bytes())
    }
}

impl Encode for bool {
    const FIXED_SIZE: Option<usize> = Some(1);
    // SAFETY: `Self` is `bool`.
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] =
        unsafe { [ByteMap::boolean(), ByteMap::boolean()] };

    #[inline(always)]
    fn encode_fixed<const BIG: bool>(&self, out: &mut FixedOut<'_>) {
        out.put([u8::from(*self)]);
    }

    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        e.write_bytes(&[u8::from(*self)])
    }

    #[inline]
    fn encode_slice<W: Writer>(items: &[Self], e: &mut Encoder<W>) -> Result<(), EncodeError> {
        e.write_bytes(items.as_bytes())
    }
}

impl Decode for bool {
    const MIN_SIZE: usize = 1;
    const FIXED_SIZE: Option<usize> = Some(1);
    // SAFETY: `Self` is `bool`.
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] =
        unsafe { [ByteMap::boolean(), ByteMap::boolean()] };

    #[inline(always)]
    fn decode_fixed<const BIG: bool>(input: &mut FixedIn<'_>) -> Result<Self, DecodeError> {
        let start = input.offset();
        match input.take::<1>()[0] {
            0 => Ok(false),
            1 => Ok(true),
            other => Err(input.error_at(start, DecodeErrorKind::InvalidBool(other))),
        }
    }

    #[inline]
    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let start = d.offset();
        match d.read_array::<1>()?[0] {
            0 => Ok(false),
            1 => Ok(true),
            other => Err(d.error_at(start, DecodeErrorKind::InvalidBool(other))),
        }
    }
}

impl Encode for () {
    const FIXED_SIZE: Option<usize> = Some(0);

    #[inline(always)]
    fn encode_fixed<const BIG: bool>(&self, _: &mut FixedOut<'_>) {}

    #[inline]
    fn encode<W: Writer>(&self, _: &mut Encoder<W>) -> Result<(), EncodeError> {
        Ok(())
    }
}

impl Decode for () {
    const FIXED_SIZE: Option<usize> = Some(0);

    #[inline(always)]
    fn decode_fixed<const BIG: bool>(_: &mut FixedIn<'_>) -> Result<Self, DecodeError> {
        Ok(())
    }

    #[inline]
    fn decode<R: Reader>(_: &mut Decoder<R>) -> Result<Self, DecodeError> {
        Ok(())
    }
}

borrow_via_decode!(u8, i8, bool, (), char);

/// A `Vec` of `len` copies of `zero` overwritten by `fill`: in one piece when the decoder's
/// preallocation credit covers it, else in pieces that double as the input delivers them, so
/// a length the input does not hold never allocates more than the input gave.
#[cfg(feature = "alloc")]
#[inline]
fn fill_vec<T: Copy, R: Reader>(
    len: usize,
    d: &mut Decoder<R>,
    zero: T,
    mut fill: impl FnMut(&mut [T], &mut Decoder<R>) -> Result<(), DecodeError>,
) -> Result<alloc::vec::Vec<T>, DecodeError> {
    let first = d.capacity_for(len, size_of::<T>());
    let mut out = alloc::vec![zero; first];
    fill(&mut out, d)?;
    while out.len() < len {
        let start = out.len();
        out.resize(start + (len - start).min(start.max(1)), zero);
        fill(&mut out[start..], d)?;
    }
    Ok(out)
}

/// The static-size items (`FIXED_SIZE` and `encode_fixed` / `decode_fixed`) of a native
/// number (its bytes in the order asked for) or a wrapper (its memory bytes, already in its
/// own order), for the impls below.
macro_rules! fixed_items {
    (native encode $t:ty) => {
        const FIXED_SIZE: Option<usize> = Some(size_of::<$t>());
        // SAFETY: `Self` is the number `$t`, framed in the order asked for.
        const BYTE_MAP: [Option<ByteMap<Self>>; 2] = unsafe {
            [
                ByteMap::number(size_of::<$t>(), false),
                ByteMap::number(size_of::<$t>(), true),
            ]
        };

        #[inline(always)]
        fn encode_fixed<const BIG: bool>(&self, out: &mut FixedOut<'_>) {
            out.put(if BIG {
                self.to_be_bytes()
            } else {
                self.to_le_bytes()
            });
        }
    };
    (native decode $t:ty) => {
        const FIXED_SIZE: Option<usize> = Some(size_of::<$t>());
        // SAFETY: `Self` is the number `$t`, framed in the order asked for.
        const BYTE_MAP: [Option<ByteMap<Self>>; 2] = unsafe {
            [
                ByteMap::number(size_of::<$t>(), false),
                ByteMap::number(size_of::<$t>(), true),
            ]
        };

        #[inline(always)]
        fn decode_fixed<const BIG: bool>(input: &mut FixedIn<'_>) -> Result<Self, DecodeError> {
            let bytes = input.take::<{ size_of::<$t>() }>();
            Ok(if BIG {
                <$t>::from_be_bytes(bytes)
            } else {
                <$t>::from_le_bytes(bytes)
            })
        }
    };
    (wrapper encode $t:ty) => {
        const FIXED_SIZE: Option<usize> = Some(size_of::<$t>());
        // SAFETY: a wrapper's memory is its wire image (valid as any pattern), whatever the
        // configuration's order.
        const BYTE_MAP: [Option<ByteMap<Self>>; 2] = unsafe {
            [
                ByteMap::identity(size_of::<$t>()),
                ByteMap::identity(size_of::<$t>()),
            ]
        };

        #[inline(always)]
        fn encode_fixed<const BIG: bool>(&self, out: &mut FixedOut<'_>) {
            out.put_slice(self.as_bytes());
        }

        #[inline(always)]
        fn encode_fixed_slice<const BIG: bool>(items: &[Self], out: &mut FixedOut<'_>) {
            out.put_slice(items.as_bytes());
        }
    };
    (wrapper decode $t:ty) => {
        const FIXED_SIZE: Option<usize> = Some(size_of::<$t>());
        // SAFETY: a wrapper's memory is its wire image (valid as any pattern), whatever the
        // configuration's order.
        const BYTE_MAP: [Option<ByteMap<Self>>; 2] = unsafe {
            [
                ByteMap::identity(size_of::<$t>()),
                ByteMap::identity(size_of::<$t>()),
            ]
        };

        #[inline(always)]
        fn decode_fixed<const BIG: bool>(input: &mut FixedIn<'_>) -> Result<Self, DecodeError> {
            Ok(Self::from_bytes(input.take::<{ size_of::<$t>() }>()))
        }
    };
}

// ----- native numbers ------------------------------------------------------------------

/// Unsigned and signed integers of 2 to 16 bytes, floats: in the configuration's order;
/// slices under fixed-int in one copy (same order as the host) or one bulk conversion.
macro_rules! native_numbers {
    ($($t:ty => $to_wide:expr, $from_wide:expr);* $(;)?) => {$(
        impl Encode for $t {
            fixed_items!(native encode $t);

            #[inline]
            fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
                let order = e.config().endian();
                match e.config().int_encoding() {
                    IntEncoding::Fixed => match order {
                        Endian::Big => e.write_bytes(&self.to_be_bytes()),
                        Endian::Little => e.write_bytes(&self.to_le_bytes()),
                    },
                    IntEncoding::Variable => {
                        let mut buf = [0u8; 17];
                        let len = varint::encode($to_wide(*self), order, &mut buf);
                        e.write_bytes(&buf[..len])
                    }
                }
            }

            #[inline]
            fn encode_slice<W: Writer>(items: &[Self], e: &mut Encoder<W>) -> Result<(), EncodeError> {
                let order = e.config().endian();
                if e.config().int_encoding() == IntEncoding::Variable {
                    return encode_varints(items.iter().map(|&v| $to_wide(v)), order, e);
                }
                match order {
                    Endian::Big => e.writer().write_wire::<BigEndian<$t>>(items),
                    Endian::Little => e.writer().write_wire::<LittleEndian<$t>>(items),
                }
            }
        }

        impl Decode for $t {
            const MIN_SIZE: usize = 1;
            fixed_items!(native decode $t);

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                let order = d.config().endian();
                if d.config().int_encoding() == IntEncoding::Fixed {
                    let bytes = d.read_array::<{ size_of::<$t>() }>()?;
                    return Ok(match order {
                        Endian::Big => <$t>::from_be_bytes(bytes),
                        Endian::Little => <$t>::from_le_bytes(bytes),
                    });
                }
                // A varint no wider than the type (checked by `read_uint`) always fits.
                let wide = d.read_uint(size_of::<$t>(), order, stringify!($t))?;
                Ok($from_wide(wide))
            }

            #[cfg(feature = "alloc")]
            #[inline(always)]
            fn decode_vec<R: Reader>(len: usize, d: &mut Decoder<R>) -> Result<alloc::vec::Vec<Self>, DecodeError> {
                // Fixed-int from memory: one bulk conversion into the new vector, inlined as
                // `u8`'s copy is.
                if d.config().int_encoding() == IntEncoding::Fixed
                    && let Some(bytes) = d.peek()
                    && let Some(bytes) = bytes.get(..len * size_of::<$t>())
                {
                    let mut out = alloc::vec::Vec::with_capacity(len);
                    match d.config().endian() {
                        Endian::Big => bulk::extend_native::<BigEndian<$t>>(&mut out, bytes),
                        Endian::Little => bulk::extend_native::<LittleEndian<$t>>(&mut out, bytes),
                    }
                    d.consume(bytes.len());
                    return Ok(out);
                }
                d.out_of_line(|d| fill_vec(len, d, 0 as $t, Self::decode_into))
            }

            #[cfg(feature = "alloc")]
            #[inline(always)]
            fn decode_vec_in_place<R: Reader>(
                len: usize,
                d: &mut Decoder<R>,
                slot: &mut core::mem::MaybeUninit<alloc::vec::Vec<Self>>,
            ) -> Result<(), DecodeError> {
                // As `decode_vec`, each path writing the slot itself.
                if d.config().int_encoding() == IntEncoding::Fixed
                    && let Some(bytes) = d.peek()
                    && let Some(bytes) = bytes.get(..len * size_of::<$t>())
                {
                    let out = slot.write(alloc::vec::Vec::with_capacity(len));
                    match d.config().endian() {
                        Endian::Big => bulk::extend_native::<BigEndian<$t>>(out, bytes),
                        Endian::Little => bulk::extend_native::<LittleEndian<$t>>(out, bytes),
                    }
                    d.consume(bytes.len());
                    return Ok(());
                }
                d.out_of_line(|d| {
                    slot.write(fill_vec(len, d, 0 as $t, Self::decode_into)?);
                    Ok(())
                })
            }

            #[inline]
            fn decode_array<R: Reader, const N: usize>(d: &mut Decoder<R>) -> Result<[Self; N], DecodeError> {
                let mut out = [0 as $t; N];
                Self::decode_into(&mut out, d)?;
                Ok(out)
            }

            #[inline]
            fn decode_into<R: Reader>(out: &mut [Self], d: &mut Decoder<R>) -> Result<(), DecodeError> {
                let order = d.config().endian();
                if d.config().int_encoding() == IntEncoding::Variable {
                    let done = decode_varints(out, d, size_of::<$t>(), |wide| $from_wide(wide));
                    for slot in &mut out[done..] {
                        *slot = Self::decode(d)?;
                    }
                    return Ok(());
                }
                d.read_bytes(out.as_mut_bytes())?;
                to_native_order::<$t>(out, order);
                Ok(())
            }
        }

        borrow_via_decode!($t);
    )*};
}

/// Writes varints through a stack buffer: one writer call per few hundred values.
#[inline]
fn encode_varints<W: Writer>(
    values: impl Iterator<Item = u128>,
    order: Endian,
    e: &mut Encoder<W>,
) -> Result<(), EncodeError> {
    if let Some(count) = e.writer().count_only() {
        *count += values.map(varint::encoded_len).sum::<usize>();
        return Ok(());
    }
    const BUF: usize = 1024;
    let mut buf = [0u8; BUF];
    let mut len = 0;
    for value in values {
        if len > BUF - 17 {
            e.write_bytes(&buf[..len])?;
            len = 0;
        }
        len += varint::encode(value, order, &mut buf[len..]);
    }
    e.write_bytes(&buf[..len])
}

/// Parses as many varints as fit from the reader's memory into `out`; returns how many. The
/// rest (none, unless the input is bad or not in memory) are read one by one by the caller,
/// which also produces the error.
#[inline]
fn decode_varints<T, R: Reader>(
    out: &mut [T],
    d: &mut Decoder<R>,
    width: usize,
    convert: impl Fn(u128) -> T,
) -> usize {
    let order = d.config().endian();
    let Some(bytes) = d.peek() else { return 0 };
    let mut used = 0;
    let mut done = 0;
    for slot in out.iter_mut() {
        match varint::parse(&bytes[used..], width, order) {
            Ok((value, n)) => {
                *slot = convert(value);
                used += n;
                done += 1;
            }
            Err(_) => break,
        }
    }
    d.consume(used);
    done
}

/// Turns numbers read as raw bytes in `order` into native values, in place, with the bulk
/// kernels. (Swapping is its own inverse, so the native-to-wire kernel does it.)
#[inline]
fn to_native_order<T>(data: &mut [T], order: Endian)
where
    T: bulk::Primitive,
    BigEndian<T>: WireElement<Native = T>,
    LittleEndian<T>: WireElement<Native = T>,
{
    match order {
        Endian::Big => {
            bulk::wire_in_place::<BigEndian<T>>(data);
        }
        Endian::Little => {
            bulk::wire_in_place::<LittleEndian<T>>(data);
        }
    }
}

native_numbers! {
    u16 => |v: u16| u128::from(v), |w: u128| w as u16;
    u32 => |v: u32| u128::from(v), |w: u128| w as u32;
    u64 => |v: u64| u128::from(v), |w: u128| w as u64;
    u128 => |v: u128| v, |w: u128| w;
    i16 => |v: i16| varint::zigzag(v.into()), |w: u128| varint::unzigzag(w) as i16;
    i32 => |v: i32| varint::zigzag(v.into()), |w: u128| varint::unzigzag(w) as i32;
    i64 => |v: i64| varint::zigzag(v.into()), |w: u128| varint::unzigzag(w) as i64;
    i128 => varint::zigzag, varint::unzigzag;
}

/// `usize` / `isize` travel as `u64` / `i64`.
macro_rules! pointer_sized {
    ($($t:ty => $as:ty, $write:ident, $read:ident, $wide:ty);*) => {$(
        impl Encode for $t {
            const FIXED_SIZE: Option<usize> = Some(8);

            #[inline(always)]
            fn encode_fixed<const BIG: bool>(&self, out: &mut FixedOut<'_>) {
                let value = *self as $as;
                out.put(if BIG { value.to_be_bytes() } else { value.to_le_bytes() });
            }

            #[inline]
            fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
                let order = e.config().endian();
                e.$write(*self as $wide, 8, order)
            }
        }

        impl Decode for $t {
            const MIN_SIZE: usize = 1;
            const FIXED_SIZE: Option<usize> = Some(8);

            #[inline(always)]
            fn decode_fixed<const BIG: bool>(input: &mut FixedIn<'_>) -> Result<Self, DecodeError> {
                let start = input.offset();
                let bytes = input.take::<8>();
                let wide = if BIG { <$as>::from_be_bytes(bytes) } else { <$as>::from_le_bytes(bytes) };
                <$t>::try_from(wide).map_err(|_| {
                    input.error_at(start, DecodeErrorKind::OutOfRange { type_name: stringify!($t) })
                })
            }

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                let order = d.config().endian();
                let start = d.offset();
                let wide = d.$read(8, order, stringify!($t))?;
                <$as>::try_from(wide)
                    .ok()
                    .and_then(|v| <$t>::try_from(v).ok())
                    .ok_or_else(|| d.error_at(start, DecodeErrorKind::OutOfRange { type_name: stringify!($t) }))
            }
        }

        borrow_via_decode!($t);
    )*};
}
pointer_sized! {
    usize => u64, write_uint, read_uint, u128;
    isize => i64, write_int, read_int, i128
}

/// Floats: their IEEE bits at full width in the configuration's order, never varint.
macro_rules! floats {
    ($($t:ty),*) => {$(
        impl Encode for $t {
            fixed_items!(native encode $t);

            #[inline]
            fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
                match e.config().endian() {
                    Endian::Big => e.write_bytes(&self.to_be_bytes()),
                    Endian::Little => e.write_bytes(&self.to_le_bytes()),
                }
            }

            #[inline]
            fn encode_slice<W: Writer>(items: &[Self], e: &mut Encoder<W>) -> Result<(), EncodeError> {
                match e.config().endian() {
                    Endian::Big => e.writer().write_wire::<BigEndian<$t>>(items),
                    Endian::Little => e.writer().write_wire::<LittleEndian<$t>>(items),
                }
            }
        }

        impl Decode for $t {
            const MIN_SIZE: usize = size_of::<$t>();
            fixed_items!(native decode $t);

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                let bytes = d.read_array::<{ size_of::<$t>() }>()?;
                Ok(match d.config().endian() {
                    Endian::Big => <$t>::from_be_bytes(bytes),
                    Endian::Little => <$t>::from_le_bytes(bytes),
                })
            }

            #[inline]
            fn decode_into<R: Reader>(out: &mut [Self], d: &mut Decoder<R>) -> Result<(), DecodeError> {
                d.read_bytes(out.as_mut_bytes())?;
                to_native_order::<$t>(out, d.config().endian());
                Ok(())
            }

            #[inline]
            fn decode_array<R: Reader, const N: usize>(d: &mut Decoder<R>) -> Result<[Self; N], DecodeError> {
                let mut out = [0.0; N];
                Self::decode_into(&mut out, d)?;
                Ok(out)
            }
        }

        borrow_via_decode!($t);
    )*};
}
floats!(f32, f64);

// ----- wrappers: their own byte order --------------------------------------------------

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
                match e.config().int_encoding() {
                    IntEncoding::Fixed => e.write_bytes(self.as_bytes()),
                    IntEncoding::Variable => e.$write(self.get() as $wide, size_of::<$t>(), $order),
                }
            }

            #[inline]
            fn encode_slice<Wr: Writer>(items: &[Self], e: &mut Encoder<Wr>) -> Result<(), EncodeError> {
                match e.config().int_encoding() {
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
                match d.config().int_encoding() {
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
                match d.config().int_encoding() {
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

            #[inline(always)]
            fn encode_fixed<const BIG: bool>(&self, out: &mut FixedOut<'_>) {
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

            #[inline(always)]
            fn decode_fixed<const BIG: bool>(input: &mut FixedIn<'_>) -> Result<Self, DecodeError> {
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

            #[inline(always)]
            fn encode_fixed<const BIG: bool>(&self, out: &mut FixedOut<'_>) {
                self.get().encode_fixed::<BIG>(out);
            }

            #[inline]
            fn encode<Wr: Writer>(&self, e: &mut Encoder<Wr>) -> Result<(), EncodeError> {
                self.get().encode(e)
            }
        }

        impl Decode for $W<$t> {
            const MIN_SIZE: usize = 1;
            const FIXED_SIZE: Option<usize> = Some(1);

            #[inline(always)]
            fn decode_fixed<const BIG: bool>(input: &mut FixedIn<'_>) -> Result<Self, DecodeError> {
                <$t>::decode_fixed::<BIG>(input).map(Self::new)
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

/// `NonZero` integers, native or wrapped: as their integer; zero is refused on decode.
macro_rules! non_zero {
    ($($t:ty),*) => {$(
        impl Encode for NonZero<$t> {
            #[inline]
            fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
                self.get().encode(e)
            }
        }

        impl Decode for NonZero<$t> {
            const MIN_SIZE: usize = 1;

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                let start = d.offset();
                let value = <$t>::decode(d)?;
                NonZero::new(value).ok_or_else(|| d.error_at(start, DecodeErrorKind::InvalidValue {
                    type_name: concat!("NonZero<", stringify!($t), ">"),
                    value: 0,
                }))
            }
        }

        impl Encode for BigEndian<NonZero<$t>> {
            #[inline]
            fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
                BigEndian::<$t>::new(self.get().get()).encode(e)
            }
        }

        impl Encode for LittleEndian<NonZero<$t>> {
            #[inline]
            fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
                LittleEndian::<$t>::new(self.get().get()).encode(e)
            }
        }

        impl Decode for BigEndian<NonZero<$t>> {
            const MIN_SIZE: usize = 1;

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                let start = d.offset();
                let value = BigEndian::<$t>::decode(d)?.get();
                NonZero::new(value).map(Self::new).ok_or_else(|| d.error_at(start, DecodeErrorKind::InvalidValue {
                    type_name: concat!("BigEndian<NonZero<", stringify!($t), ">>"),
                    value: 0,
                }))
            }
        }

        impl Decode for LittleEndian<NonZero<$t>> {
            const MIN_SIZE: usize = 1;

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                let start = d.offset();
                let value = LittleEndian::<$t>::decode(d)?.get();
                NonZero::new(value).map(Self::new).ok_or_else(|| d.error_at(start, DecodeErrorKind::InvalidValue {
                    type_name: concat!("LittleEndian<NonZero<", stringify!($t), ">>"),
                    value: 0,
                }))
            }
        }
    )*};
}
non_zero!(
    u8, i8, u16, u32, u64, u128, usize, i16, i32, i64, i128, isize
);
borrow_via_decode!(
    NonZero<u8>,
    NonZero<i8>,
    NonZero<usize>,
    NonZero<isize>,
    BigEndian<NonZero<u8>>,
    BigEndian<NonZero<i8>>,
    BigEndian<NonZero<usize>>,
    BigEndian<NonZero<isize>>,
    LittleEndian<NonZero<u8>>,
    LittleEndian<NonZero<i8>>,
    LittleEndian<NonZero<usize>>,
    LittleEndian<NonZero<isize>>,
    NonZero<u16>,
    NonZero<u32>,
    NonZero<u64>,
    NonZero<u128>,
    NonZero<i16>,
    NonZero<i32>,
    NonZero<i64>,
    NonZero<i128>,
    BigEndian<NonZero<u16>>,
    BigEndian<NonZero<u32>>,
    BigEndian<NonZero<u64>>,
    BigEndian<NonZero<u128>>,
    BigEndian<NonZero<i16>>,
    BigEndian<NonZero<i32>>,
    BigEndian<NonZero<i64>>,
    BigEndian<NonZero<i128>>,
    LittleEndian<NonZero<u16>>,
    LittleEndian<NonZero<u32>>,
    LittleEndian<NonZero<u64>>,
    LittleEndian<NonZero<u128>>,
    LittleEndian<NonZero<i16>>,
    LittleEndian<NonZero<i32>>,
    LittleEndian<NonZero<i64>>,
    LittleEndian<NonZero<i128>>,
);

// ----- char: UTF-8, as bincode -----------------------------------------------------------

impl Encode for char {
    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        let mut buf = [0u8; 4];
        e.write_bytes(self.encode_utf8(&mut buf).as_bytes())
    }
}

impl Decode for char {
    const MIN_SIZE: usize = 1;

    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let start = d.offset();
        let [first] = d.read_array::<1>()?;
        let width = match first {
            0x00..=0x7f => 1,
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            _ => return Err(d.error_at(start, DecodeErrorKind::InvalidUtf8)),
        };
        let mut buf = [first, 0, 0, 0];
        d.read_bytes(&mut buf[1..width])?;
        core::str::from_utf8(&buf[..width])
            .ok()
            .and_then(|s| s.chars().next())
            .ok_or_else(|| d.error_at(start, DecodeErrorKind::InvalidUtf8))
    }
}

// ----- arrays and tuples -----------------------------------------------------------------

impl<T: Encode, const N: usize> Encode for [T; N] {
    const FIXED_SIZE: Option<usize> = times(T::FIXED_SIZE, N);
    // SAFETY: `Self` is `[T; N]`, its elements `size_of::<T>()` apart, framed in order.
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] = unsafe {
        [
            ByteMap::repeat(<T as Encode>::BYTE_MAP[0], N, size_of::<T>()),
            ByteMap::repeat(<T as Encode>::BYTE_MAP[1], N, size_of::<T>()),
        ]
    };

    #[inline(always)]
    fn encode_fixed<const BIG: bool>(&self, out: &mut FixedOut<'_>) {
        T::encode_fixed_slice::<BIG>(self, out);
    }

    // Arrays have no length prefix, so a run of them frames as the run of their elements: a
    // `Vec<[u8; 64]>` is one copy, not one per array.
    #[inline(always)]
    fn encode_fixed_slice<const BIG: bool>(items: &[Self], out: &mut FixedOut<'_>) {
        T::encode_fixed_slice::<BIG>(items.as_flattened(), out);
    }

    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        T::encode_slice(self, e)
    }

    #[inline(always)]
    fn encode_slice<W: Writer>(items: &[Self], e: &mut Encoder<W>) -> Result<(), EncodeError> {
        T::encode_slice(items.as_flattened(), e)
    }
}

impl<T: Decode, const N: usize> Decode for [T; N] {
    const MIN_SIZE: usize = T::MIN_SIZE * N;
    const FIXED_SIZE: Option<usize> = times(<T as Decode>::FIXED_SIZE, N);
    // SAFETY: `Self` is `[T; N]`, its elements `size_of::<T>()` apart, framed in order.
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] = unsafe {
        [
            ByteMap::repeat(<T as Decode>::BYTE_MAP[0], N, size_of::<T>()),
            ByteMap::repeat(<T as Decode>::BYTE_MAP[1], N, size_of::<T>()),
        ]
    };

    #[inline(always)]
    fn decode_fixed<const BIG: bool>(input: &mut FixedIn<'_>) -> Result<Self, DecodeError> {
        T::decode_fixed_array::<BIG, N>(input)
    }

    // The one-step read inlines into the enclosing struct's decode (a `[u8; 32]` field is a
    // 32-byte copy, not a call returning through memory); the element-by-element read does not.
    #[inline(always)]
    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        if let Some(value) = d.decode_fixed::<Self>()? {
            return Ok(value);
        }
        d.out_of_line(T::decode_array::<R, N>)
    }

    // SAFETY: `decode_in_place` below writes the slot itself or leaves it to
    // `T::decode_fixed_array_in_place` only when `T` vouches for that in turn.
    const DECODES_IN_PLACE: Option<InPlace<Self>> = Some(unsafe { InPlace::new() });

    #[inline(always)]
    fn decode_in_place<R: Reader>(
        d: &mut Decoder<R>,
        slot: &mut core::mem::MaybeUninit<Self>,
    ) -> Result<(), DecodeError> {
        if T::DECODES_IN_PLACE.is_some()
            && let Some(size) = <Self as Decode>::FIXED_SIZE
            && d.is_fixed_int()
        {
            let big = d.config().endian() == Endian::Big;
            let done = d.read_fixed(size, |input| {
                if big {
                    T::decode_fixed_array_in_place::<true, N>(input, slot)
                } else {
                    T::decode_fixed_array_in_place::<false, N>(input, slot)
                }
            })?;
            if done.is_some() {
                return Ok(());
            }
        }
        slot.write(Self::decode(d)?);
        Ok(())
    }
}

impl<'de, T: BorrowDecode<'de>, const N: usize> BorrowDecode<'de> for [T; N] {
    const MIN_SIZE: usize = T::MIN_SIZE * N;

    #[inline]
    fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        crate::array::try_from_fn(|_| T::borrow_decode(d))
    }
}

macro_rules! tuples {
    ($(($($idx:tt $T:ident),+))*) => {$(
        impl<$($T: Encode),+> Encode for ($($T,)+) {
            const FIXED_SIZE: Option<usize> = sum_sizes(&[$($T::FIXED_SIZE),+]);

            #[inline(always)]
            fn encode_fixed<const BIG: bool>(&self, out: &mut FixedOut<'_>) {
                $(self.$idx.encode_fixed::<BIG>(out);)+
            }

            #[inline]
            fn encode<Wr: Writer>(&self, e: &mut Encoder<Wr>) -> Result<(), EncodeError> {
                if e.encode_fixed(self)? {
                    return Ok(());
                }
                $(self.$idx.encode(e)?;)+
                Ok(())
            }
        }

        impl<$($T: Decode),+> Decode for ($($T,)+) {
            const MIN_SIZE: usize = 0 $(+ $T::MIN_SIZE)+;
            const FIXED_SIZE: Option<usize> = sum_sizes(&[$(<$T as Decode>::FIXED_SIZE),+]);

            #[inline(always)]
            fn decode_fixed<const BIG: bool>(input: &mut FixedIn<'_>) -> Result<Self, DecodeError> {
                Ok(($($T::decode_fixed::<BIG>(input)?,)+))
            }

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                if let Some(value) = d.decode_fixed::<Self>()? {
                    return Ok(value);
                }
                Ok(($($T::decode(d)?,)+))
            }
        }

        impl<'de, $($T: BorrowDecode<'de>),+> BorrowDecode<'de> for ($($T,)+) {
            const MIN_SIZE: usize = 0 $(+ $T::MIN_SIZE)+;

            #[inline]
            fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                Ok(($($T::borrow_decode(d)?,)+))
            }
        }
    )*};
}
tuples! { (0 A) }
crate::wire::for_tuples!(tuples);

// ----- references, slices, strings -------------------------------------------------------

impl<T: Encode + ?Sized> Encode for &T {
    const FIXED_SIZE: Option<usize> = T::FIXED_SIZE;

    #[inline(always)]
    fn encode_fixed<const BIG: bool>(&self, out: &mut FixedOut<'_>) {
        (**self).encode_fixed::<BIG>(out);
    }

    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        (**self).encode(e)
    }
}

impl<T: Encode> Encode for [T] {
    #[inline(always)]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        e.write_len(self.len())?;
        T::encode_slice(self, e)
    }
}

impl Encode for str {
    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        e.write_len(self.len())?;
        e.write_bytes(self.as_bytes())
    }
}

impl<'de> BorrowDecode<'de> for &'de [u8] {
    const MIN_SIZE: usize = 1;

    #[inline]
    fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let len = d.read_borrowed_len(1)?;
        d.borrow_bytes(len)
    }
}

impl<'de> BorrowDecode<'de> for &'de str {
    const MIN_SIZE: usize = 1;

    #[inline]
    fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let len = d.read_borrowed_len(1)?;
        let start = d.offset();
        let bytes = d.borrow_bytes(len)?;
        core::str::from_utf8(bytes)
            .map_err(|e| d.error_at(start + e.valid_up_to(), DecodeErrorKind::InvalidUtf8))
    }
}

/// Borrowed views of wrapper slices: the input must be aligned for the element and the
/// configuration fixed-int (a varint sequence is not the memory image).
macro_rules! borrow_wrapped {
    ($($W:ident<$t:ty>),*) => {$(
        impl<'de> BorrowDecode<'de> for &'de [$W<$t>] {
            const MIN_SIZE: usize = 1;

            fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                if d.config().int_encoding() == IntEncoding::Variable && size_of::<$t>() > 1 {
                    return Err(d.error(DecodeErrorKind::Unborrowable(
                        "varint elements are not their memory image; decode into a Vec",
                    )));
                }
                let len = d.read_borrowed_len(size_of::<$t>())?;
                let start = d.offset();
                let bytes = d.borrow_bytes(len * size_of::<$t>())?;
                <[$W<$t>] as zerocopy::FromBytes>::ref_from_bytes(bytes).map_err(|_| {
                    d.error_at(start, DecodeErrorKind::Unborrowable(
                        "the elements are not aligned in the input; decode into a Vec",
                    ))
                })
            }
        }
    )*};
}
borrow_wrapped!(
    BigEndian<u16>,
    LittleEndian<u16>,
    BigEndian<u32>,
    LittleEndian<u32>,
    BigEndian<u64>,
    LittleEndian<u64>,
    BigEndian<u128>,
    LittleEndian<u128>,
    BigEndian<i16>,
    LittleEndian<i16>,
    BigEndian<i32>,
    LittleEndian<i32>,
    BigEndian<i64>,
    LittleEndian<i64>,
    BigEndian<i128>,
    LittleEndian<i128>,
    BigEndian<f32>,
    LittleEndian<f32>,
    BigEndian<f64>,
    LittleEndian<f64>
);

// ----- Option, Result --------------------------------------------------------------------

impl<T: Encode> Encode for Option<T> {
    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        match self {
            None => e.write_bytes(&[0]),
            Some(v) => {
                e.write_bytes(&[1])?;
                v.encode(e)
            }
        }
    }
}

impl<T: Decode> Decode for Option<T> {
    const MIN_SIZE: usize = 1;

    #[inline]
    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let start = d.offset();
        match d.read_array::<1>()?[0] {
            0 => Ok(None),
            1 => T::decode(d).map(Some),
            other => Err(d.error_at(start, DecodeErrorKind::InvalidOptionTag(other))),
        }
    }
}

impl<'de, T: BorrowDecode<'de>> BorrowDecode<'de> for Option<T> {
    const MIN_SIZE: usize = 1;

    #[inline]
    fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let start = d.offset();
        match d.read_array::<1>()?[0] {
            0 => Ok(None),
            1 => T::borrow_decode(d).map(Some),
            other => Err(d.error_at(start, DecodeErrorKind::InvalidOptionTag(other))),
        }
    }
}

impl<T: Encode, E: Encode> Encode for Result<T, E> {
    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        match self {
            Ok(v) => {
                e.write_variant(0)?;
                v.encode(e)
            }
            Err(v) => {
                e.write_variant(1)?;
                v.encode(e)
            }
        }
    }
}

impl<T: Decode, E: Decode> Decode for Result<T, E> {
    const MIN_SIZE: usize = 1;

    #[inline]
    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let start = d.offset();
        match d.read_variant()? {
            0 => T::decode(d).map(Ok),
            1 => E::decode(d).map(Err),
            tag => Err(d.error_at(
                start,
                DecodeErrorKind::UnknownVariant {
                    type_name: "Result",
                    tag: u64::from(tag),
                },
            )),
        }
    }
}

impl<'de, T: BorrowDecode<'de>, E: BorrowDecode<'de>> BorrowDecode<'de> for Result<T, E> {
    const MIN_SIZE: usize = 1;

    #[inline]
    fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let start = d.offset();
        match d.read_variant()? {
            0 => T::borrow_decode(d).map(Ok),
            1 => E::borrow_decode(d).map(Err),
            tag => Err(d.error_at(
                start,
                DecodeErrorKind::UnknownVariant {
                    type_name: "Result",
                    tag: u64::from(tag),
                },
            )),
        }
    }
}

// ----- owned collections (alloc) -----------------------------------------------------------

#[cfg(feature = "alloc")]
mod owned {
    use alloc::boxed::Box;
    use alloc::string::String;
    use alloc::vec::Vec;

    use super::*;

    impl<T: Encode> Encode for Vec<T> {
        #[inline(always)]
        fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
            self.as_slice().encode(e)
        }
    }

    impl<T: Decode> Decode for Vec<T> {
        const MIN_SIZE: usize = 1;

        // Inlined down to the element reads, so that the new vector's pointer, capacity and
        // length reach the caller in registers: returned through memory and copied out with a
        // 16-byte load right after the 8-byte stores that wrote them, the copy waits for the
        // element bytes' stores to drain (measured on a Solana-like block: 87 -> 75 us).
        #[inline(always)]
        fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            d.nested_run(
                T::MIN_SIZE,
                size_of::<T>(),
                #[inline(always)]
                |len, d| T::decode_vec(len, d),
            )
        }

        // SAFETY: `decode_in_place` below fills the slot through `decode_vec_into_slot`, which
        // writes it on `Ok` and leaves nothing in it on an error.
        const DECODES_IN_PLACE: Option<InPlace<Self>> = Some(unsafe { InPlace::new() });

        #[inline(always)]
        fn decode_in_place<R: Reader>(
            d: &mut Decoder<R>,
            slot: &mut core::mem::MaybeUninit<Self>,
        ) -> Result<(), DecodeError> {
            d.nested_run(
                T::MIN_SIZE,
                size_of::<T>(),
                #[inline(always)]
                |len, d| decode_vec_into_slot(len, d, slot),
            )
        }
    }

    /// Elements that borrow (`Vec<&str>`) decode one by one; the length is checked as for
    /// [`Decode`], so both accept and refuse the same inputs.
    impl<'de, T: BorrowDecode<'de>> BorrowDecode<'de> for Vec<T> {
        const MIN_SIZE: usize = 1;

        fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            d.nested_run(T::MIN_SIZE, size_of::<T>(), |len, d| {
                let mut out = Vec::with_capacity(d.capacity_for(len, size_of::<T>()));
                for _ in 0..len {
                    out.push(T::borrow_decode(d)?);
                }
                Ok(out)
            })
        }
    }

    impl<T: Encode + ?Sized> Encode for Box<T> {
        #[inline]
        fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
            (**self).encode(e)
        }
    }

    impl<T: Decode> Decode for Box<T> {
        const MIN_SIZE: usize = T::MIN_SIZE;

        #[inline]
        fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            d.nested(|d| T::decode(d).map(Box::new))
        }
    }

    impl<T: Decode> Decode for Box<[T]> {
        const MIN_SIZE: usize = 1;

        #[inline]
        fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            Vec::<T>::decode(d).map(Vec::into_boxed_slice)
        }
    }

    impl Encode for String {
        #[inline]
        fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
            self.as_str().encode(e)
        }
    }

    impl Decode for String {
        const MIN_SIZE: usize = 1;

        fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            let len = d.read_len(1, 1)?;
            let start = d.offset();
            let bytes = u8::decode_vec(len, d)?;
            String::from_utf8(bytes).map_err(|e| {
                d.error_at(
                    start + e.utf8_error().valid_up_to(),
                    DecodeErrorKind::InvalidUtf8,
                )
            })
        }
    }

    impl Decode for Box<str> {
        const MIN_SIZE: usize = 1;

        #[inline]
        fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            String::decode(d).map(String::into_boxed_str)
        }
    }

    borrow_via_decode!(String, Box<str>);

    impl<'de, T: BorrowDecode<'de>> BorrowDecode<'de> for Box<T> {
        const MIN_SIZE: usize = T::MIN_SIZE;

        #[inline]
        fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            d.nested(|d| T::borrow_decode(d).map(Box::new))
        }
    }

    impl<'de, T: BorrowDecode<'de>> BorrowDecode<'de> for Box<[T]> {
        const MIN_SIZE: usize = 1;

        #[inline]
        fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            Vec::<T>::borrow_decode(d).map(Vec::into_boxed_slice)
        }
    }
}

// ----- wire chars and fixed text: framed as their logical values ---------------------------

/// A wire `char` frames as a `char` (UTF-8, as bincode), so a wire struct frames exactly like
/// its logical struct. A surrogate held by a wire char has no encoding.
macro_rules! wire_chars {
    ($($W:ident),*) => {$(
        impl Encode for crate::$W {
            #[inline]
            fn encode<Wr: Writer>(&self, e: &mut Encoder<Wr>) -> Result<(), EncodeError> {
                match self.to_char() {
                    Some(c) => c.encode(e),
                    None => Err(EncodeError::InvalidValue {
                        type_name: stringify!($W),
                        reason: "not a Unicode scalar value",
                    }),
                }
            }
        }

        impl Decode for crate::$W {
            const MIN_SIZE: usize = 1;

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                char::decode(d).map(Self::new)
            }
        }

        borrow_via_decode!(crate::$W);
    )*};
}
wire_chars!(BigEndianChar, LittleEndianChar);

/// Fixed-size text frames as a string (length, then UTF-8), as the `String` field it stands
/// for in a derived type. Decoding refuses text that does not fit.
#[cfg(feature = "alloc")]
mod fixed_text {
    use alloc::string::String;

    use super::*;
    use crate::text::FixedText;

    macro_rules! fixed_text {
        ($($T:ident),*) => {$(
            impl<const N: usize> Encode for crate::text::$T<N> {
                fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
                    let text = self.decode_text().map_err(|_| EncodeError::InvalidValue {
                        type_name: stringify!($T),
                        reason: "the stored code units are not valid text",
                    })?;
                    text.encode(e)
                }
            }

            impl<const N: usize> Decode for crate::text::$T<N> {
                const MIN_SIZE: usize = 1;

                fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                    let start = d.offset();
                    let text = String::decode(d)?;
                    Self::encode_text(&text).map_err(|err| d.error_at(start, DecodeErrorKind::Text(err)))
                }
            }

            impl<'de, const N: usize> BorrowDecode<'de> for crate::text::$T<N> {
                const MIN_SIZE: usize = 1;

                #[inline]
                fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                    Self::decode(d)
                }
            }
        )*};
    }
    crate::text::for_string_fields!(fixed_text);
}
