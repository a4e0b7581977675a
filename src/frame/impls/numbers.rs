//! Native numbers (in the configuration's byte order), `NonZero` integers native or wrapped,
//! bytes, `bool` and unit.

use core::num::NonZero;

use zerocopy::{FromZeros, IntoBytes};

use crate::bulk::{self, WireElement};
use crate::frame::config::IntEncoding;
use crate::frame::decode::{Decode, Decoder, InPlace, borrow_via_decode};
use crate::frame::encode::{Encode, Encoder, encode_static_run};
use crate::frame::error::{DecodeError, DecodeErrorKind, EncodeError};
use crate::frame::fixed::{FixedIn, FixedOut};
use crate::frame::read::Reader;
use crate::frame::varint::{self, RunInt, RunSlot};
use crate::frame::write::Writer;
use crate::layout::ByteMap;
use crate::wire::{BigEndian, Endian, LittleEndian, SpecificEndian};

use super::fixed_items;
#[cfg(feature = "alloc")]
use super::{fill_vec, fill_vec_out_of_line};

// ----- bytes, bool, unit ---------------------------------------------------------------

impl Encode for u8 {
    const FIXED_SIZE: Option<usize> = Some(1);
    const VARINT_SIZE: Option<usize> = Some(1);
    // SAFETY: one byte, valid as any pattern, framed as it is.
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] =
        unsafe { [ByteMap::identity(1), ByteMap::identity(1)] };

    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        e.write_array([*self])
    }

    #[inline]
    fn encode_slice<W: Writer>(items: &[Self], e: &mut Encoder<W>) -> Result<(), EncodeError> {
        e.write_bytes(items)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn encode_fixed<const BIG: bool, const VARINT: bool>(&self, out: &mut FixedOut<'_>) {
        out.put([*self]);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn encode_fixed_slice<const BIG: bool, const VARINT: bool>(
        items: &[Self],
        out: &mut FixedOut<'_>,
    ) {
        out.put_slice(items);
    }
}

impl Decode for u8 {
    const MIN_SIZE: usize = 1;
    const FIXED_SIZE: Option<usize> = Some(1);
    const VARINT_SIZE: Option<usize> = Some(1);
    // SAFETY: one byte, valid as any pattern, framed as it is.
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] =
        unsafe { [ByteMap::identity(1), ByteMap::identity(1)] };

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_fixed<const BIG: bool, const VARINT: bool>(
        input: &mut FixedIn<'_>,
    ) -> Result<Self, DecodeError> {
        Ok(input.take::<1>()[0])
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_fixed_array<const BIG: bool, const VARINT: bool, const N: usize>(
        input: &mut FixedIn<'_>,
    ) -> Result<[Self; N], DecodeError> {
        Ok(input.take::<N>())
    }

    // SAFETY: `decode_fixed_array_in_place` below writes the slot before it returns `Ok`
    // (and it never fails); `decode_in_place` is the default, which writes it too.
    const DECODES_IN_PLACE: Option<InPlace<Self>> = Some(unsafe { InPlace::new() });

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_fixed_array_in_place<const BIG: bool, const VARINT: bool, const N: usize>(
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
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_vec<R: Reader>(
        len: usize,
        d: &mut Decoder<R>,
    ) -> Result<alloc::vec::Vec<Self>, DecodeError> {
        // Straight from the input when it is in memory: no zero-filling first, and a short
        // one (a name, a `String` of a few characters) as one 16-byte move whatever its length.
        // Inlined, so that the new vector reaches the caller in registers.
        if let Some(rest) = d.peek()
            && rest.len() >= len
        {
            // SAFETY: `rest` starts with `len` bytes, and any byte is a valid `u8`.
            let out = unsafe { crate::frame::decode::vec_of_memory(len, rest) };
            d.consume(len);
            return Ok(out);
        }
        fill_vec_out_of_line(len, d, 0, |part, d| d.read_bytes(part))
    }

    #[cfg(feature = "alloc")]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_vec_in_place<R: Reader>(
        len: usize,
        d: &mut Decoder<R>,
        slot: &mut core::mem::MaybeUninit<alloc::vec::Vec<Self>>,
    ) -> Result<(), DecodeError> {
        // As `decode_vec`, each path writing the slot itself.
        if let Some(rest) = d.peek()
            && rest.len() >= len
        {
            // SAFETY: `rest` starts with `len` bytes, and any byte is a valid `u8`.
            slot.write(unsafe { crate::frame::decode::vec_of_memory(len, rest) });
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
    const VARINT_SIZE: Option<usize> = Some(1);
    // SAFETY: one byte, valid as any pattern, framed as it is.
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] =
        unsafe { [ByteMap::identity(1), ByteMap::identity(1)] };

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn encode_fixed<const BIG: bool, const VARINT: bool>(&self, out: &mut FixedOut<'_>) {
        out.put([*self as u8]);
    }

    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        e.write_array([*self as u8])
    }

    #[inline]
    fn encode_slice<W: Writer>(items: &[Self], e: &mut Encoder<W>) -> Result<(), EncodeError> {
        e.write_bytes(items.as_bytes())
    }
}

impl Decode for i8 {
    const MIN_SIZE: usize = 1;
    const FIXED_SIZE: Option<usize> = Some(1);
    const VARINT_SIZE: Option<usize> = Some(1);
    // SAFETY: one byte, valid as any pattern, framed as it is.
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] =
        unsafe { [ByteMap::identity(1), ByteMap::identity(1)] };

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_fixed<const BIG: bool, const VARINT: bool>(
        input: &mut FixedIn<'_>,
    ) -> Result<Self, DecodeError> {
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
    const VARINT_SIZE: Option<usize> = Some(1);
    // SAFETY: `Self` is `bool`.
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] =
        unsafe { [ByteMap::boolean(), ByteMap::boolean()] };

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn encode_fixed<const BIG: bool, const VARINT: bool>(&self, out: &mut FixedOut<'_>) {
        out.put([u8::from(*self)]);
    }

    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        e.write_array([u8::from(*self)])
    }

    #[inline]
    fn encode_slice<W: Writer>(items: &[Self], e: &mut Encoder<W>) -> Result<(), EncodeError> {
        e.write_bytes(items.as_bytes())
    }
}

impl Decode for bool {
    const MIN_SIZE: usize = 1;
    const FIXED_SIZE: Option<usize> = Some(1);
    const VARINT_SIZE: Option<usize> = Some(1);
    // SAFETY: `Self` is `bool`.
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] =
        unsafe { [ByteMap::boolean(), ByteMap::boolean()] };

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_fixed<const BIG: bool, const VARINT: bool>(
        input: &mut FixedIn<'_>,
    ) -> Result<Self, DecodeError> {
        let start = input.offset();
        match input.take::<1>()[0] {
            0 => Ok(false),
            1 => Ok(true),
            other => Err(input.error_at(start, DecodeErrorKind::InvalidBool(other))),
        }
    }

    /// A run of `bool`s from memory: every byte checked at once (a vector compare, not a
    /// branch per value), then one copy.
    #[cfg(feature = "alloc")]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_vec_in_place<R: Reader>(
        len: usize,
        d: &mut Decoder<R>,
        slot: &mut core::mem::MaybeUninit<alloc::vec::Vec<Self>>,
    ) -> Result<(), DecodeError> {
        if let Some(rest) = d.peek()
            && let Some(bytes) = rest.get(..len)
            && bools_are_valid(bytes, rest)
        {
            // SAFETY: `rest` starts with `len` bytes each 0 or 1, valid `bool`s.
            slot.write(unsafe { crate::frame::decode::vec_of_memory(len, rest) });
            d.consume(len);
            return Ok(());
        }
        // Not in memory, or a bad byte (whose error the value-by-value path gives).
        d.out_of_line(|d| crate::frame::decode::decode_vec_generic(len, d, slot))
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

/// Whether every byte of `bytes` (the start of `rest`) is 0 or 1. A run of up to 16 with 16
/// bytes of input in hand is checked with one load, masked to its length: no loop whose exit
/// the branch predictor misses on every short, varying length (measured: a sixth of the
/// network-update decode's own time on `Vec<bool>`s of 0-5 values).
#[cfg(feature = "alloc")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn bools_are_valid(bytes: &[u8], rest: &[u8]) -> bool {
    const HIGH_BITS: u128 = u128::from_ne_bytes([0xFE; 16]);
    if bytes.len() <= 16
        && let Some(window) = rest.first_chunk::<16>()
    {
        // The window's first `len` bytes: a byte's place in the integer is its place in the
        // input (little-endian on every host), so the mask keeps the low `len` bytes.
        let word = u128::from_le_bytes(*window);
        let mask = u128::MAX
            .checked_shr(128 - 8 * bytes.len() as u32)
            .unwrap_or(0);
        return word & mask & HIGH_BITS == 0;
    }
    bytes.iter().fold(0, |acc, &b| acc | b) <= 1
}

impl Encode for () {
    const FIXED_SIZE: Option<usize> = Some(0);
    const VARINT_SIZE: Option<usize> = Some(0);

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn encode_fixed<const BIG: bool, const VARINT: bool>(&self, _: &mut FixedOut<'_>) {}

    #[inline]
    fn encode<W: Writer>(&self, _: &mut Encoder<W>) -> Result<(), EncodeError> {
        Ok(())
    }
}

impl Decode for () {
    const FIXED_SIZE: Option<usize> = Some(0);
    const VARINT_SIZE: Option<usize> = Some(0);

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_fixed<const BIG: bool, const VARINT: bool>(
        _: &mut FixedIn<'_>,
    ) -> Result<Self, DecodeError> {
        Ok(())
    }

    #[inline]
    fn decode<R: Reader>(_: &mut Decoder<R>) -> Result<Self, DecodeError> {
        Ok(())
    }
}

borrow_via_decode!(u8, i8, bool, ());

// ----- native numbers ------------------------------------------------------------------

/// Unsigned and signed integers of 2 to 16 bytes, floats: in the configuration's order;
/// slices under fixed-int in one copy (same order as the host) or one bulk conversion.
macro_rules! native_numbers {
    ($($t:ty => $to_wide:expr, $from_wide:expr);* $(;)?) => {$(
        impl Encode for $t {
            fixed_items!(native encode $t);

            #[inline]
            fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
                match e.int_encoding() {
                    IntEncoding::Fixed => write_fixed(*self, e),
                    IntEncoding::Variable => {
                        let order = e.endian();
                        e.write_varint($to_wide(*self), order)
                    }
                }
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn encode_slice<W: Writer>(items: &[Self], e: &mut Encoder<W>) -> Result<(), EncodeError> {
                if e.int_encoding() == IntEncoding::Variable {
                    return encode_varint_run(items, e);
                }
                // A few values (a record's `Vec<u16>` of turret angles) go value by value after
                // one check, inline: the bulk kernels' call and dispatch cost more there.
                if size_of_val(items) <= SHORT_RUN && encode_static_run(items, e)? {
                    return Ok(());
                }
                write_fixed_slice(items, e)
            }
        }

        impl Decode for $t {
            const MIN_SIZE: usize = 1;
            fixed_items!(native decode $t);

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                if d.int_encoding() == IntEncoding::Fixed {
                    return read_fixed(d);
                }
                // A varint no wider than the type (checked by `read_uint`) always fits.
                let wide = d.read_uint(size_of::<$t>(), d.endian(), stringify!($t))?;
                Ok($from_wide(wide))
            }

            #[cfg(feature = "alloc")]
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn decode_vec<R: Reader>(len: usize, d: &mut Decoder<R>) -> Result<alloc::vec::Vec<Self>, DecodeError> {
                // Fixed-int from memory: one move or one bulk conversion into the new vector,
                // inlined as `u8`'s copy is.
                if d.int_encoding() == IntEncoding::Fixed
                    && let Some(rest) = d.peek()
                    && let Some((out, used)) = fixed_vec(len, rest, d.endian())
                {
                    d.consume(used);
                    return Ok(out);
                }
                if d.int_encoding() == IntEncoding::Variable
                    && let Some(read) = varint_vec::<$t, R>(len, d)
                {
                    return read;
                }
                fill_vec_out_of_line(len, d, 0 as $t, Self::decode_into)
            }

            #[cfg(feature = "alloc")]
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn decode_vec_in_place<R: Reader>(
                len: usize,
                d: &mut Decoder<R>,
                slot: &mut core::mem::MaybeUninit<alloc::vec::Vec<Self>>,
            ) -> Result<(), DecodeError> {
                // As `decode_vec`, each path writing the slot itself.
                if d.int_encoding() == IntEncoding::Fixed
                    && let Some(rest) = d.peek()
                    && let Some((out, used)) = fixed_vec(len, rest, d.endian())
                {
                    slot.write(out);
                    d.consume(used);
                    return Ok(());
                }
                if d.int_encoding() == IntEncoding::Variable
                    && let Some(read) = varint_vec::<$t, R>(len, d)
                {
                    slot.write(read?);
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
                if d.int_encoding() == IntEncoding::Variable {
                    let done = decode_varint_run(out, d);
                    for slot in &mut out[done..] {
                        *slot = Self::decode(d)?;
                    }
                    return Ok(());
                }
                read_fixed_into(out, d)
            }
        }

        borrow_via_decode!($t);
    )*};
}

/// Up to this many bytes, a run of numbers is written or read value by value inline instead
/// of through the bulk kernels (whose call and dispatch cost more than a few values).
const SHORT_RUN: usize = 64;

/// Writes a run of integers as varints: fewer than sixteen one by one, inline (a record's
/// `Vec<u16>`: the run machinery costs more there), longer runs by [`encode_long_varint_run`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn encode_varint_run<T: RunInt, W: Writer>(
    items: &[T],
    e: &mut Encoder<W>,
) -> Result<(), EncodeError> {
    let order = e.endian();
    if items.len() < 16 {
        for &v in items {
            e.write_varint(v.carried(), order)?;
        }
        return Ok(());
    }
    encode_long_varint_run(items, order, e)
}

/// A run of varints a thousand values at a time into the writer's room (one capacity check
/// each, room made for their worst case in a growing buffer), one window store per value
/// ([`varint::encode_run`]); what does not fit, or a writer without room in memory, value by
/// value (which reports where the room runs out).
#[inline]
fn encode_long_varint_run<T: RunInt, W: Writer>(
    items: &[T],
    order: Endian,
    e: &mut Encoder<W>,
) -> Result<(), EncodeError> {
    if let Some(count) = e.writer().count_only() {
        *count += items
            .iter()
            .map(|v| varint::encoded_len(v.carried()))
            .sum::<usize>();
        return Ok(());
    }
    for chunk in items.chunks(1024) {
        let wanted = varint::run_bound::<T>(chunk.len()).unwrap_or(usize::MAX);
        let done = e
            .writer()
            .write_room(wanted, |out| varint::encode_run(chunk, order, out))?
            .unwrap_or(0);
        for &v in &chunk[done..] {
            e.write_varint(v.carried(), order)?;
        }
    }
    Ok(())
}

/// A `Vec` of `len` varints read from memory into one allocation, when the decoder's
/// preallocation credit covers it: parsed straight into its spare capacity (not zero-filled
/// first: that `memset` was a tenth of a 1024-value run); `None`, nothing read, otherwise.
#[cfg(feature = "alloc")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn varint_vec<T: RunInt + Decode, R: Reader>(
    len: usize,
    d: &mut Decoder<R>,
) -> Option<Result<alloc::vec::Vec<T>, DecodeError>> {
    d.peek()?;
    if d.capacity_for(len, size_of::<T>()) < len {
        return None;
    }
    if len <= SHORT_VARINT_RUN {
        return Some(short_varint_vec(len, d));
    }
    let mut out = alloc::vec::Vec::with_capacity(len);
    let done = decode_varint_run::<T, _, R>(&mut out.spare_capacity_mut()[..len], d);
    // SAFETY: the run wrote the first `done` elements of the new allocation.
    unsafe { out.set_len(done) };
    // Only a bad value stops the run: reading it again gives its error.
    while out.len() < len {
        match T::decode(d) {
            Ok(value) => out.push(value),
            Err(e) => return Some(Err(e)),
        }
    }
    Some(Ok(out))
}

/// Up to this many varints, a `Vec` is read value by value into its new allocation: no
/// zero-filling first and no sixteen-value steps (a record's few turret angles).
#[cfg(feature = "alloc")]
const SHORT_VARINT_RUN: usize = 8;

/// [`varint_vec`] for at most [`SHORT_VARINT_RUN`] values: each parsed from the reader's memory
/// into the next element, the rest (after a bad value) read one by one for their error.
#[cfg(feature = "alloc")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn short_varint_vec<T: RunInt + Decode, R: Reader>(
    len: usize,
    d: &mut Decoder<R>,
) -> Result<alloc::vec::Vec<T>, DecodeError> {
    let order = d.endian();
    let mut out = alloc::vec::Vec::with_capacity(len);
    let (mut done, mut used) = (0, 0);
    if let Some(bytes) = d.peek() {
        for slot in &mut out.spare_capacity_mut()[..len] {
            let Some((value, n)) = varint::parse_one::<T>(&bytes[used..], order) else {
                break;
            };
            slot.write(value);
            done += 1;
            used += n;
        }
    }
    // SAFETY: the first `done` elements were written above.
    unsafe { out.set_len(done) };
    d.consume(used);
    while out.len() < len {
        out.push(T::decode(d)?);
    }
    Ok(out)
}

/// Parses as many varints as the reader's memory holds into `out` ([`varint::decode_run`]);
/// returns how many. The rest (none, unless the input is bad or not in memory) are read one
/// by one by the caller, which also produces the error.
#[inline]
fn decode_varint_run<T: RunInt, S: RunSlot<T>, R: Reader>(
    out: &mut [S],
    d: &mut Decoder<R>,
) -> usize {
    let order = d.endian();
    let Some(bytes) = d.peek() else { return 0 };
    let (done, used) = varint::decode_run(bytes, out, order);
    d.consume(used);
    done
}

// ----- full width, in the configuration's byte order -------------------------------------
//
// A native number at full width (fixed-int integers, floats always) frames exactly as its
// wrapper of the configuration's byte order, `BigEndian<T>` or `LittleEndian<T>`. These
// helpers are the one place that order is looked at for native numbers; the impls below only
// choose between full width and varint.

/// Writes `value` at full width in the configuration's order.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn write_fixed<T, W: Writer>(value: T, e: &mut Encoder<W>) -> Result<(), EncodeError>
where
    T: bulk::Primitive + SpecificEndian<T>,
    BigEndian<T>: WireElement<Native = T>,
    LittleEndian<T>: WireElement<Native = T>,
{
    match e.endian() {
        Endian::Big => e.write_bytes(BigEndian::from_native(value).as_bytes()),
        Endian::Little => e.write_bytes(LittleEndian::from_native(value).as_bytes()),
    }
}

/// Writes `items` at full width in the configuration's order, with the bulk kernels.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn write_fixed_slice<T, W: Writer>(items: &[T], e: &mut Encoder<W>) -> Result<(), EncodeError>
where
    T: bulk::Primitive,
    BigEndian<T>: WireElement<Native = T>,
    LittleEndian<T>: WireElement<Native = T>,
{
    match e.endian() {
        Endian::Big => e.writer().write_wire::<BigEndian<T>>(items),
        Endian::Little => e.writer().write_wire::<LittleEndian<T>>(items),
    }
}

/// Reads one value at full width in the configuration's order.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn read_fixed<T, R: Reader>(d: &mut Decoder<R>) -> Result<T, DecodeError>
where
    T: bulk::Primitive + SpecificEndian<T>,
    BigEndian<T>: WireElement<Native = T>,
    LittleEndian<T>: WireElement<Native = T>,
{
    Ok(match d.endian() {
        Endian::Big => {
            let mut wire = BigEndian::<T>::new_zeroed();
            d.read_bytes(wire.as_mut_bytes())?;
            wire.to_native()
        }
        Endian::Little => {
            let mut wire = LittleEndian::<T>::new_zeroed();
            d.read_bytes(wire.as_mut_bytes())?;
            wire.to_native()
        }
    })
}

/// Fills `out` with values read at full width in the configuration's order: one read, then
/// the bulk kernels in place (swapping is its own inverse, so the native-to-wire kernel does
/// it).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn read_fixed_into<T, R: Reader>(out: &mut [T], d: &mut Decoder<R>) -> Result<(), DecodeError>
where
    T: bulk::Primitive,
    BigEndian<T>: WireElement<Native = T>,
    LittleEndian<T>: WireElement<Native = T>,
{
    d.read_bytes(out.as_mut_bytes())?;
    match d.endian() {
        Endian::Big => {
            bulk::wire_in_place::<BigEndian<T>>(out);
        }
        Endian::Little => {
            bulk::wire_in_place::<LittleEndian<T>>(out);
        }
    }
    Ok(())
}

/// The `len` fixed-int values at the start of `rest` in `order` and the bytes they took, or
/// `None` if `rest` holds fewer. In the host's order their memory is their wire bytes, so a
/// short run is one move into a new allocation ([`vec_of_memory`], no copy branching on a
/// record's varying length); the other order is one bulk conversion.
///
/// [`vec_of_memory`]: crate::frame::decode::vec_of_memory
#[cfg(feature = "alloc")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn fixed_vec<T>(len: usize, rest: &[u8], order: Endian) -> Option<(alloc::vec::Vec<T>, usize)>
where
    T: bulk::Primitive,
    BigEndian<T>: WireElement<Native = T>,
    LittleEndian<T>: WireElement<Native = T>,
{
    let bytes = rest.get(..len.checked_mul(size_of::<T>())?)?;
    if order == Endian::NATIVE {
        // SAFETY: `rest` starts with `bytes`, `len` values in the host's order, and every bit
        // pattern is a valid number.
        let out = unsafe { crate::frame::decode::vec_of_memory(len, rest) };
        return Some((out, bytes.len()));
    }
    let mut out = alloc::vec::Vec::with_capacity(len);
    extend_fixed(&mut out, bytes, order);
    Some((out, bytes.len()))
}

/// Appends the values of `bytes`, full width in `order`, to `out`, with the bulk kernels.
#[cfg(feature = "alloc")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn extend_fixed<T>(out: &mut alloc::vec::Vec<T>, bytes: &[u8], order: Endian)
where
    T: bulk::Primitive,
    BigEndian<T>: WireElement<Native = T>,
    LittleEndian<T>: WireElement<Native = T>,
{
    match order {
        Endian::Big => bulk::extend_native::<BigEndian<T>>(out, bytes),
        Endian::Little => bulk::extend_native::<LittleEndian<T>>(out, bytes),
    }
}

native_numbers! {
    u16 => |v: u16| u128::from(v), |w: u128| w as u16;
    u32 => |v: u32| u128::from(v), |w: u128| w as u32;
    u64 => |v: u64| u128::from(v), |w: u128| w as u64;
    u128 => |v: u128| v, |w: u128| w;
    i16 => |v: i16| u128::from(((v << 1) ^ (v >> 15)) as u16), |w: u128| varint::unzigzag(w) as i16;
    i32 => |v: i32| u128::from(((v << 1) ^ (v >> 31)) as u32), |w: u128| varint::unzigzag(w) as i32;
    i64 => |v: i64| u128::from(((v << 1) ^ (v >> 63)) as u64), |w: u128| varint::unzigzag(w) as i64;
    i128 => varint::zigzag, varint::unzigzag;
}

/// `usize` / `isize` travel as `u64` / `i64`.
macro_rules! pointer_sized {
    ($($t:ty => $as:ty, $write:ident, $read:ident, $wide:ty);*) => {$(
        impl Encode for $t {
            const FIXED_SIZE: Option<usize> = Some(8);

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn encode_fixed<const BIG: bool, const VARINT: bool>(&self, out: &mut FixedOut<'_>) {
                let value = *self as $as;
                out.put(if BIG { value.to_be_bytes() } else { value.to_le_bytes() });
            }

            #[inline]
            fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
                let order = e.endian();
                e.$write(*self as $wide, 8, order)
            }
        }

        impl Decode for $t {
            const MIN_SIZE: usize = 1;
            const FIXED_SIZE: Option<usize> = Some(8);

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn decode_fixed<const BIG: bool, const VARINT: bool>(input: &mut FixedIn<'_>) -> Result<Self, DecodeError> {
                let start = input.offset();
                let bytes = input.take::<8>();
                let wide = if BIG { <$as>::from_be_bytes(bytes) } else { <$as>::from_le_bytes(bytes) };
                <$t>::try_from(wide).map_err(|_| {
                    input.error_at(start, DecodeErrorKind::OutOfRange { type_name: stringify!($t) })
                })
            }

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                let order = d.endian();
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
            const VARINT_SIZE: Option<usize> = Some(size_of::<$t>());

            #[inline]
            fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
                write_fixed(*self, e)
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn encode_slice<W: Writer>(items: &[Self], e: &mut Encoder<W>) -> Result<(), EncodeError> {
                if size_of_val(items) <= SHORT_RUN && encode_static_run(items, e)? {
                    return Ok(());
                }
                write_fixed_slice(items, e)
            }
        }

        impl Decode for $t {
            const MIN_SIZE: usize = size_of::<$t>();
            fixed_items!(native decode $t);
            const VARINT_SIZE: Option<usize> = Some(size_of::<$t>());

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                read_fixed(d)
            }

            #[inline]
            fn decode_into<R: Reader>(out: &mut [Self], d: &mut Decoder<R>) -> Result<(), DecodeError> {
                read_fixed_into(out, d)
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
