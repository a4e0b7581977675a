//! The [`Encode`] / [`Decode`] / [`BorrowDecode`] traits and the [`Encoder`] / [`Decoder`]
//! they work with.

use super::byte_map::{ByteMap, prefix_mask};
use super::config::{Config, DEFAULT_LIMIT, IntEncoding};
use super::error::{DecodeError, DecodeErrorKind, EncodeError, LengthRefusal};
use super::fixed::{FixedIn, FixedOut};
use super::io::{BorrowReader, Reader, Writer};
use super::varint;
use crate::Endian;
use core::mem::MaybeUninit;

/// A value that can be framed.
pub trait Encode {
    /// Writes this value.
    ///
    /// # Errors
    /// Whatever the writer reports.
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError>;

    /// Writes the elements of a slice back to back. Types with a faster way (one copy or one
    /// bulk conversion for the whole slice) override it; the result is the same bytes.
    #[doc(hidden)]
    #[inline(always)]
    fn encode_slice<W: Writer>(items: &[Self], e: &mut Encoder<W>) -> Result<(), EncodeError>
    where
        Self: Sized,
    {
        if let Some(size) = Self::FIXED_SIZE
            && e.is_fixed_int()
            && let Some(total) = size.checked_mul(items.len())
        {
            let big = e.config().endian() == Endian::Big;
            let done = e.write_fixed(
                total,
                #[inline(always)]
                |out| {
                    if !permute_run(items, RunTables::<Self>::ENCODE[usize::from(big)], out) {
                        if big {
                            encode_run::<Self, true>(items, size, out);
                        } else {
                            encode_run::<Self, false>(items, size, out);
                        }
                    }
                },
            )?;
            if done {
                return Ok(());
            }
        }
        for item in items {
            item.encode(e)?;
        }
        Ok(())
    }

    /// The bytes every value takes under fixed-int encoding, when all values take the same
    /// number (numbers, wrappers, arrays, tuples and derived structs of them); `None`
    /// otherwise. A value with a static size is written with one capacity check for the whole
    /// value, or the whole run of values, by [`encode_fixed`](Self::encode_fixed).
    #[doc(hidden)]
    const FIXED_SIZE: Option<usize> = None;

    /// Where the `FIXED_SIZE` wire bytes sit in the value's memory, with native numbers
    /// little-endian (`[0]`) and big-endian (`[1]`), when they are a rearrangement of it
    /// (numbers, wrappers, byte arrays and derived structs of them): a run of such values is
    /// then encoded by one byte permutation per value where the CPU has one. Built only by
    /// `ByteMap`'s `unsafe` constructors, whose contract is that the map is this type's.
    #[doc(hidden)]
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] = [None, None];

    /// Writes exactly `FIXED_SIZE` bytes under fixed-int, native numbers big-endian if `BIG`.
    /// Called only for a type whose `FIXED_SIZE` is `Some`, which must implement it.
    #[doc(hidden)]
    #[inline]
    fn encode_fixed<const BIG: bool>(&self, out: &mut FixedOut<'_>) {
        let _ = out;
        unreachable!("a type with a FIXED_SIZE implements encode_fixed");
    }

    /// [`encode_fixed`](Self::encode_fixed) for each item (bytes override it with one copy).
    #[doc(hidden)]
    #[inline]
    fn encode_fixed_slice<const BIG: bool>(items: &[Self], out: &mut FixedOut<'_>)
    where
        Self: Sized,
    {
        for item in items {
            item.encode_fixed::<BIG>(out);
        }
    }
}

/// The tables of one byte permutation per value, both ways, from a type's `BYTE_MAP`s
/// (computed at compile time, once per type).
struct RunTables<T>(core::marker::PhantomData<T>);

/// A permutation's tables: for each destination byte its source byte, and the bytes of one
/// value read and written.
#[derive(Clone, Copy)]
struct Tables {
    index: [u8; 64],
    read: u64,
    write: u64,
}

impl Tables {
    /// Memory to wire bytes, for a type of `size` bytes whose wire image is `wire` bytes.
    const fn encode<T>(
        map: Option<ByteMap<T>>,
        size: usize,
        wire: Option<usize>,
    ) -> Option<Tables> {
        match (map, wire) {
            // (Not for a map that is its memory in order, `[u8; N]` and wrappers: a copy.)
            (Some(map), Some(wire))
                if map.len() == wire && wire > 0 && map.fits(size) && !map.is_identity() =>
            {
                Some(Tables {
                    index: *map.sources(),
                    read: map.memory_mask(),
                    write: prefix_mask(wire),
                })
            }
            _ => None,
        }
    }

    /// Wire bytes to memory, when every byte pattern is a valid value.
    #[cfg(feature = "alloc")]
    const fn decode<T>(
        map: Option<ByteMap<T>>,
        size: usize,
        wire: Option<usize>,
    ) -> Option<Tables> {
        match Tables::encode(map, size, wire) {
            Some(tables) => {
                let Some(map) = map else { return None };
                if !map.any_bits() {
                    return None;
                }
                Some(Tables {
                    index: map.inverse(),
                    read: tables.write,
                    write: tables.read,
                })
            }
            None => None,
        }
    }
}

impl Tables {
    /// The kernel's view of these tables, for records `src_stride` and `dst_stride` bytes
    /// apart.
    fn permutation(
        &self,
        src_stride: usize,
        dst_stride: usize,
    ) -> crate::io::bulk::Permutation<'_> {
        crate::io::bulk::Permutation {
            index: &self.index,
            read: self.read,
            write: self.write,
            src_stride,
            dst_stride,
        }
    }
}

impl<T: Encode> RunTables<T> {
    const ENCODE: [Option<Tables>; 2] = [
        Tables::encode(T::BYTE_MAP[0], size_of::<T>(), T::FIXED_SIZE),
        Tables::encode(T::BYTE_MAP[1], size_of::<T>(), T::FIXED_SIZE),
    ];
}

#[cfg(feature = "alloc")]
impl<T: Decode> RunTables<T> {
    const DECODE: [Option<Tables>; 2] = [
        Tables::decode(T::BYTE_MAP[0], size_of::<T>(), T::FIXED_SIZE),
        Tables::decode(T::BYTE_MAP[1], size_of::<T>(), T::FIXED_SIZE),
    ];
}

/// Writes `items` into `out` by one byte permutation each, if `tables` exist and the CPU has
/// a kernel; `false` (nothing written) otherwise.
#[inline(always)]
fn permute_run<T>(items: &[T], tables: Option<Tables>, out: &mut FixedOut<'_>) -> bool {
    let Some(t) = tables else { return false };
    if items.len() < 2 || !crate::io::bulk::records_kernel_available() {
        return false;
    }
    let wire = t.write.count_ones() as usize;
    let dst = out.take_raw(items.len() * wire);
    let p = t.permutation(size_of::<T>(), wire);
    // SAFETY: the kernel is available (checked above); the tables come from `T::BYTE_MAP`,
    // whose `unsafe` constructors vouch that the `read` bytes of each value are its
    // non-padding (initialized) bytes; `dst` is `items.len() * wire` writable bytes of the
    // output, apart from `items`.
    unsafe {
        crate::io::bulk::permute_records(
            &p,
            items.as_ptr().cast(),
            dst.as_mut_ptr().cast(),
            items.len(),
        );
    }
    true
}

/// Writes a run of static-size values, each into its own `size` bytes.
#[inline(always)]
fn encode_run<T: Encode, const BIG: bool>(items: &[T], size: usize, out: &mut FixedOut<'_>) {
    for item in items {
        let mut part = out.split(size);
        item.encode_fixed::<BIG>(&mut part);
        assert!(part.is_full(), "encode_fixed wrote less than FIXED_SIZE");
    }
}

/// Reads a run of `len` static-size values of `size` bytes each.
#[cfg(feature = "alloc")]
#[inline(always)]
fn decode_run<T: Decode, const BIG: bool>(
    len: usize,
    size: usize,
    capacity: usize,
    input: &mut FixedIn<'_>,
) -> Result<alloc::vec::Vec<T>, DecodeError> {
    let mut out: alloc::vec::Vec<T> = alloc::vec::Vec::with_capacity(capacity);
    if capacity >= len
        && len >= 2
        && let Some(t) = RunTables::<T>::DECODE[usize::from(BIG)]
        && crate::io::bulk::records_kernel_available()
    {
        let src = input.peek_slice(len * size);
        let p = t.permutation(size, size_of::<T>());
        // SAFETY: the kernel is available (checked above); `src` holds `len` values' `size`
        // wire bytes; the allocation has room for `len` values (`capacity >= len`). The tables
        // exist only for types whose every byte pattern is valid and whose non-padding bytes
        // are all written (the `BYTE_MAP` contract), so the first `len` elements are
        // initialized values.
        unsafe {
            crate::io::bulk::permute_records(&p, src.as_ptr(), out.as_mut_ptr().cast(), len);
            out.set_len(len);
        }
        input.split(len * size);
        return Ok(out);
    }
    if capacity >= len {
        // Straight into the allocation; on an error the values read so far are forgotten
        // (leaked, never dropped twice).
        for slot in &mut out.spare_capacity_mut()[..len] {
            let mut part = input.split(size);
            slot.write(T::decode_fixed::<BIG>(&mut part)?);
        }
        // SAFETY: the loop initialized each of the first `len` slots of the allocation.
        unsafe { out.set_len(len) };
        return Ok(out);
    }
    for _ in 0..len {
        let mut part = input.split(size);
        out.push(T::decode_fixed::<BIG>(&mut part)?);
    }
    Ok(out)
}

/// Appends `len` values to `out` (empty), each read into the element it becomes; on an error,
/// `out` holds the values read before it.
#[cfg(feature = "alloc")]
#[inline]
fn decode_elements_in_place<T: Decode, R: Reader>(
    len: usize,
    d: &mut Decoder<R>,
    out: &mut alloc::vec::Vec<T>,
) -> Result<(), DecodeError> {
    for _ in 0..len {
        // Room for one more: free while the capacity given up front lasts, then it grows as
        // values arrive (a length the input did not vouch for).
        out.reserve(1);
        let Some(slot) = out.spare_capacity_mut().first_mut() else {
            unreachable!("reserved")
        };
        decode_into_slot::<T, R>(d, slot)?;
        // SAFETY: `decode_into_slot` returned `Ok`, so the first spare element holds a value.
        unsafe { out.set_len(out.len() + 1) };
    }
    Ok(())
}

/// The promise that `T`'s in-place reads keep their contract (see
/// [`Decode::DECODES_IN_PLACE`]). Only `unsafe` code can make one, and it is typed by the type
/// it vouches for, so a safe `Decode` impl that overrides [`Decode::decode_in_place`] is never
/// trusted with uninitialized memory, not even by borrowing another type's promise.
#[doc(hidden)]
pub struct InPlace<T: ?Sized>(core::marker::PhantomData<fn() -> T>);

impl<T: ?Sized> Clone for InPlace<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: ?Sized> Copy for InPlace<T> {}

impl<T: ?Sized> core::fmt::Debug for InPlace<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("InPlace")
    }
}

impl<T: ?Sized> InPlace<T> {
    /// # Safety
    /// `T`'s `decode_in_place` and `decode_fixed_array_in_place` initialize their slot
    /// whenever they return `Ok`, and leave nothing in it to drop when they return an error.
    #[must_use]
    pub const unsafe fn new() -> Self {
        InPlace(core::marker::PhantomData)
    }
}

/// Reads a `T` into `slot` (holding nothing to drop): through `T::decode_in_place` when the
/// type vouches for it, by value otherwise. On `Ok` the slot holds the value; on an error,
/// nothing.
///
/// # Errors
/// As [`Decode::decode`].
#[doc(hidden)]
#[inline(always)]
pub fn decode_into_slot<T: Decode, R: Reader>(
    d: &mut Decoder<R>,
    slot: &mut MaybeUninit<T>,
) -> Result<(), DecodeError> {
    if T::DECODES_IN_PLACE.is_some() {
        return T::decode_in_place(d, slot);
    }
    slot.write(T::decode(d)?);
    Ok(())
}

/// Reads `len` values into a new `Vec` in `slot` (holding nothing to drop), as
/// [`decode_into_slot`] for a `Vec<T>`: the vector is built where it ends up, each value read
/// into its element.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn decode_vec_into_slot<T: Decode, R: Reader>(
    len: usize,
    d: &mut Decoder<R>,
    slot: &mut MaybeUninit<alloc::vec::Vec<T>>,
) -> Result<(), DecodeError> {
    if T::FIXED_SIZE.is_some() {
        // Static-size values come from their run (a bulk copy or conversion for the types
        // that override `decode_vec`, which all have a static size).
        return T::decode_vec_in_place(len, d, slot);
    }
    let capacity = d.capacity_for(len, size_of::<T>());
    let out = slot.write(alloc::vec::Vec::with_capacity(capacity));
    if let Err(e) = decode_elements_in_place(len, d, out) {
        // SAFETY: `slot` was initialized with a `Vec` just above and is dropped once here:
        // the caller sees the error and treats `slot` as holding nothing.
        unsafe { slot.assume_init_drop() };
        return Err(e);
    }
    Ok(())
}

/// A value that can be read back from its framing, owning its data.
pub trait Decode: Sized {
    /// The fewest bytes one value takes on the wire under any configuration (used to refuse a
    /// length prefix that the input cannot hold before allocating). 0 means "can be empty":
    /// a run of such values is then bounded by the limit instead of the input.
    #[doc(hidden)]
    const MIN_SIZE: usize = 0;

    /// Reads one value.
    ///
    /// # Errors
    /// A [`DecodeError`] naming what is wrong and where.
    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError>;

    /// Reads `len` values into a new `Vec` (the length is already checked against the input
    /// and the limit). Types with a bulk path override it; every override allocates through
    /// [`Decoder::capacity_for`], so a length the input does not vouch for grows the `Vec` as
    /// values arrive.
    #[doc(hidden)]
    #[cfg(feature = "alloc")]
    #[inline]
    fn decode_vec<R: Reader>(
        len: usize,
        d: &mut Decoder<R>,
    ) -> Result<alloc::vec::Vec<Self>, DecodeError> {
        let capacity = d.capacity_for(len, size_of::<Self>());
        // Static-size elements from memory: one length check for the run.
        if let Some(size) = Self::FIXED_SIZE
            && size > 0
            && d.is_fixed_int()
            && let Some(total) = size.checked_mul(len)
        {
            let big = d.config().endian() == Endian::Big;
            let run = d.read_fixed(total, |input| {
                if big {
                    decode_run::<Self, true>(len, size, capacity, input)
                } else {
                    decode_run::<Self, false>(len, size, capacity, input)
                }
            })?;
            if let Some(out) = run {
                return Ok(out);
            }
        }
        let mut out = alloc::vec::Vec::with_capacity(capacity);
        decode_elements_in_place(len, d, &mut out)?;
        Ok(out)
    }

    /// [`decode_vec`](Self::decode_vec) into `slot` (left as it was on an error). Types whose
    /// `decode_vec` has an inlined fast path beside an out-of-line one override it to write the
    /// slot on each path: returned by value, the two vectors merge into one temporary that is
    /// copied into the slot with a 16-byte load over the 8-byte stores that built it, a failed
    /// store forwarding on every `Vec<u8>` field (measured: half of this function's time on the
    /// Solana-like block).
    #[doc(hidden)]
    #[cfg(feature = "alloc")]
    #[inline(always)]
    fn decode_vec_in_place<R: Reader>(
        len: usize,
        d: &mut Decoder<R>,
        slot: &mut MaybeUninit<alloc::vec::Vec<Self>>,
    ) -> Result<(), DecodeError> {
        slot.write(Self::decode_vec(len, d)?);
        Ok(())
    }

    /// `Some` when this type's [`decode_in_place`](Self::decode_in_place) (and
    /// [`decode_fixed_array_in_place`](Self::decode_fixed_array_in_place)) is to be used: the
    /// derive's structs, `Vec`, arrays and bytes. Only then does the crate hand them
    /// uninitialized memory (see [`InPlace`]); otherwise it reads by value and writes the slot.
    #[doc(hidden)]
    const DECODES_IN_PLACE: Option<InPlace<Self>> = None;

    /// Reads one value into `slot`, which holds nothing to drop: on `Ok` the value is there,
    /// on an error `slot` holds nothing again (whatever was read is dropped). The derive
    /// overrides it for structs so that their fields are read straight into the place the
    /// struct ends up in (an element of a `Vec`, a field of an enclosing struct): built in a
    /// temporary and copied there, a struct written by narrow stores is copied with wide
    /// loads that wait for the stores to drain (measured: 11% of a Solana-like block's decode
    /// on one such copy). Called only through `decode_into_slot`, for types whose
    /// [`DECODES_IN_PLACE`](Self::DECODES_IN_PLACE) is `Some`.
    ///
    /// # Errors
    /// As [`decode`](Self::decode).
    #[doc(hidden)]
    #[inline(always)]
    fn decode_in_place<R: Reader>(
        d: &mut Decoder<R>,
        slot: &mut MaybeUninit<Self>,
    ) -> Result<(), DecodeError> {
        slot.write(Self::decode(d)?);
        Ok(())
    }

    /// Reads an array of `N` values. Types with a bulk path override it.
    #[doc(hidden)]
    #[inline]
    fn decode_array<R: Reader, const N: usize>(
        d: &mut Decoder<R>,
    ) -> Result<[Self; N], DecodeError> {
        crate::array::try_from_fn(|_| Self::decode(d))
    }

    /// Reads `out.len()` values in place (arrays). Types with a bulk path override it.
    #[doc(hidden)]
    #[inline]
    fn decode_into<R: Reader>(out: &mut [Self], d: &mut Decoder<R>) -> Result<(), DecodeError> {
        for slot in out {
            *slot = Self::decode(d)?;
        }
        Ok(())
    }

    /// As [`Encode::BYTE_MAP`]; a run of such values is decoded by one byte permutation per
    /// value when every byte pattern is a valid value.
    #[doc(hidden)]
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] = [None, None];

    /// As [`Encode::FIXED_SIZE`]: the bytes every value takes under fixed-int, if the same
    /// for all. Such a value is read after one length check by
    /// [`decode_fixed`](Self::decode_fixed).
    #[doc(hidden)]
    const FIXED_SIZE: Option<usize> = None;

    /// Reads exactly `FIXED_SIZE` bytes under fixed-int, native numbers big-endian if `BIG`;
    /// fails only on invalid content (`bool`, `NonZero`, tags). Called only for a type whose
    /// `FIXED_SIZE` is `Some`, which must implement it.
    ///
    /// # Errors
    /// A [`DecodeError`] at the offset of the invalid value.
    #[doc(hidden)]
    #[inline]
    fn decode_fixed<const BIG: bool>(input: &mut FixedIn<'_>) -> Result<Self, DecodeError> {
        let _ = input;
        unreachable!("a type with a FIXED_SIZE implements decode_fixed");
    }

    /// [`decode_fixed`](Self::decode_fixed) for an array (bytes override it with one copy).
    ///
    /// # Errors
    /// As [`decode_fixed`](Self::decode_fixed).
    #[doc(hidden)]
    #[inline]
    fn decode_fixed_array<const BIG: bool, const N: usize>(
        input: &mut FixedIn<'_>,
    ) -> Result<[Self; N], DecodeError> {
        crate::array::try_from_fn(|_| Self::decode_fixed::<BIG>(input))
    }

    /// [`decode_fixed_array`](Self::decode_fixed_array) into `slot`, as
    /// [`decode_in_place`](Self::decode_in_place) (and trusted on the same condition). Bytes
    /// override it to copy straight into the slot: a `Result<[u8; N], _>` temporary is written
    /// piecewise and read back with wider loads (measured on a Solana-like block's hashes).
    ///
    /// # Errors
    /// As [`decode_fixed`](Self::decode_fixed).
    #[doc(hidden)]
    #[inline(always)]
    fn decode_fixed_array_in_place<const BIG: bool, const N: usize>(
        input: &mut FixedIn<'_>,
        slot: &mut MaybeUninit<[Self; N]>,
    ) -> Result<(), DecodeError> {
        slot.write(Self::decode_fixed_array::<BIG, N>(input)?);
        Ok(())
    }
}

/// A value that can be read back borrowing from the input (`&str`, `&[u8]`, `&[u32be]`), and
/// every [`Decode`] type of this crate (containers borrow when their elements do).
pub trait BorrowDecode<'de>: Sized {
    /// As [`Decode::MIN_SIZE`]; equal to it for types that implement both, so that both
    /// accept and refuse the same length prefixes.
    #[doc(hidden)]
    const MIN_SIZE: usize = 0;

    /// Reads one value.
    ///
    /// # Errors
    /// As [`Decode::decode`], and an error for a view that the input cannot give (misaligned,
    /// or under varint for wide elements).
    fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError>;
}

/// `BorrowDecode` for types that own their data: the same as `Decode`.
macro_rules! borrow_via_decode {
    ($($t:ty),* $(,)?) => {$(
        impl<'de> $crate::frame::BorrowDecode<'de> for $t {
            const MIN_SIZE: usize = <$t as $crate::frame::Decode>::MIN_SIZE;

            #[inline]
            fn borrow_decode<R: $crate::frame::BorrowReader<'de>>(
                d: &mut $crate::frame::Decoder<R>,
            ) -> Result<Self, $crate::frame::DecodeError> {
                <$t as $crate::frame::Decode>::decode(d)
            }
        }
    )*};
}
pub(crate) use borrow_via_decode;

/// Writes values to a [`Writer`] under a [`Config`].
#[derive(Debug)]
pub struct Encoder<W> {
    writer: W,
    config: Config,
}

impl<W: Writer> Encoder<W> {
    /// An encoder writing to `writer`.
    pub fn new(writer: W, config: Config) -> Self {
        Encoder { writer, config }
    }

    /// The configuration.
    #[inline]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The writer back.
    pub fn into_writer(self) -> W {
        self.writer
    }

    /// The writer.
    #[inline]
    pub fn writer(&mut self) -> &mut W {
        &mut self.writer
    }

    /// Runs `f` with native integers, lengths and tags in `order`, then restores the
    /// configured order. Derived types use it so that the order they declare applies to
    /// everything inside them; hand-written `Encode` impls can do the same.
    #[inline(always)]
    pub fn with_endian<T>(&mut self, order: Endian, f: impl FnOnce(&mut Self) -> T) -> T {
        let saved = core::mem::replace(&mut self.config.order, order);
        let out = f(self);
        self.config.order = saved;
        out
    }

    /// Whether integers are written at their full width (then static-size values take their
    /// [`Encode::FIXED_SIZE`]).
    #[inline]
    pub fn is_fixed_int(&self) -> bool {
        self.config.ints == IntEncoding::Fixed
    }

    /// Writes `len` bytes produced by `fill` with one capacity check; `Ok(false)` (nothing
    /// written) where the writer cannot give the room in one piece.
    ///
    /// # Errors
    /// As the writer.
    #[doc(hidden)]
    #[inline(always)]
    pub fn write_fixed(
        &mut self,
        len: usize,
        fill: impl FnOnce(&mut FixedOut<'_>),
    ) -> Result<bool, EncodeError> {
        self.writer.write_fixed(len, fill)
    }

    /// Writes `value` in one step if it has a static size under this configuration, native
    /// numbers in `BIG`'s order; `Ok(false)` (nothing written) otherwise.
    ///
    /// # Errors
    /// As the writer.
    #[doc(hidden)]
    #[inline(always)]
    pub fn encode_fixed_in<T: Encode + ?Sized, const BIG: bool>(
        &mut self,
        value: &T,
    ) -> Result<bool, EncodeError> {
        match T::FIXED_SIZE {
            Some(size) if self.is_fixed_int() => self.write_fixed(size, |out| {
                value.encode_fixed::<BIG>(out);
            }),
            _ => Ok(false),
        }
    }

    /// [`encode_fixed_in`](Self::encode_fixed_in) in the configuration's byte order.
    ///
    /// # Errors
    /// As the writer.
    #[doc(hidden)]
    #[inline(always)]
    pub fn encode_fixed<T: Encode + ?Sized>(&mut self, value: &T) -> Result<bool, EncodeError> {
        match self.config.order {
            Endian::Big => self.encode_fixed_in::<T, true>(value),
            Endian::Little => self.encode_fixed_in::<T, false>(value),
        }
    }

    /// Runs `f` in a function of its own: derived types keep their field-by-field path there
    /// when they also have a one-step path, so that the latter inlines into callers.
    #[doc(hidden)]
    #[inline(never)]
    pub fn out_of_line<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        f(self)
    }

    /// Writes raw bytes.
    ///
    /// # Errors
    /// As the writer.
    #[inline]
    pub fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.writer.write(bytes)
    }

    /// Writes an unsigned integer of `width` bytes (2 to 16): at its width in `order` under
    /// fixed-int, as a varint (payload in `order`) under varint.
    #[inline(always)]
    pub(crate) fn write_uint(
        &mut self,
        value: u128,
        width: usize,
        order: Endian,
    ) -> Result<(), EncodeError> {
        match self.config.ints {
            IntEncoding::Fixed => {
                let bytes = match order {
                    Endian::Big => value.to_be_bytes(),
                    Endian::Little => value.to_le_bytes(),
                };
                match order {
                    Endian::Big => self.writer.write(&bytes[16 - width..]),
                    Endian::Little => self.writer.write(&bytes[..width]),
                }
            }
            IntEncoding::Variable => self.write_varint(value, order),
        }
    }

    /// Writes `value` as bincode's varint (payload in `order`), whatever the configuration.
    #[inline]
    pub(crate) fn write_varint(&mut self, value: u128, order: Endian) -> Result<(), EncodeError> {
        let mut buf = [0u8; 17];
        let len = varint::encode(value, order, &mut buf);
        self.writer.write(&buf[..len])
    }

    /// Writes a signed integer of `width` bytes: two's complement under fixed-int, zigzag
    /// varint under varint.
    #[inline]
    pub(crate) fn write_int(
        &mut self,
        value: i128,
        width: usize,
        order: Endian,
    ) -> Result<(), EncodeError> {
        match self.config.ints {
            IntEncoding::Fixed => self.write_uint(value as u128, width, order),
            IntEncoding::Variable => self.write_uint(varint::zigzag(value), width, order),
        }
    }

    /// Writes a length prefix (`u64`, configured order and encoding).
    ///
    /// # Errors
    /// As the writer.
    #[inline(always)]
    pub fn write_len(&mut self, len: usize) -> Result<(), EncodeError> {
        self.write_uint(len as u128, 8, self.config.order)
    }

    /// Writes an enum tag (`u32` variant position, configured order and encoding).
    ///
    /// # Errors
    /// As the writer.
    #[inline]
    pub fn write_variant(&mut self, index: u32) -> Result<(), EncodeError> {
        self.write_uint(u128::from(index), 4, self.config.order)
    }
}

/// How deep `Vec`s and `Box`es may nest in one message: a recursive type (`struct Tree {
/// kids: Vec<Tree> }`) read from hostile input would otherwise recurse until the stack
/// overflows.
pub const MAX_DEPTH: u32 = 128;

/// Bytes a collection may allocate before its elements arrive when the input does not vouch
/// for its length (readers, or past the preallocation credit): it grows from there.
const CAUTIOUS_BYTES: usize = 4096;

/// How many times the input's length a decoder may preallocate for collections before their
/// elements are read (a legitimate message's elements take at most a few times their encoded
/// size in memory).
const PREALLOC_FACTOR: usize = 16;

/// Reads values from a [`Reader`] under a [`Config`], tracking the offset for errors and the
/// bytes allocated against the limit.
///
/// Memory stays bounded by the input on every path, with or without a limit: a length prefix
/// is refused when the input cannot hold its elements; collections preallocate only what the
/// input vouches for (in all at most 16 times the input's length) and
/// otherwise grow as elements arrive; `Vec`s and `Box`es nest at most [`MAX_DEPTH`] deep.
#[derive(Debug)]
pub struct Decoder<R> {
    reader: R,
    config: Config,
    offset: usize,
    /// Bytes that length prefixes may still allocate (`None`: no limit).
    budget: Option<usize>,
    /// Bytes collections may still allocate before their elements are read.
    prealloc_credit: usize,
    /// `Vec`s and `Box`es being decoded around the current value.
    depth: u32,
}

impl<R: Reader> Decoder<R> {
    /// A decoder reading from `reader`.
    pub fn new(reader: R, config: Config) -> Self {
        let prealloc_credit = reader
            .remaining()
            .map_or(0, |n| n.saturating_mul(PREALLOC_FACTOR));
        Decoder {
            reader,
            budget: config.limit,
            config,
            offset: 0,
            prealloc_credit,
            depth: 0,
        }
    }

    /// The configuration.
    #[inline]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Bytes consumed so far.
    #[inline]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The reader back.
    pub fn into_reader(self) -> R {
        self.reader
    }

    /// The reader.
    #[inline]
    pub fn reader(&mut self) -> &mut R {
        &mut self.reader
    }

    /// Runs `f` with native integers, lengths and tags read in `order`, then restores the
    /// configured order (see [`Encoder::with_endian`]).
    #[inline]
    pub fn with_endian<T>(&mut self, order: Endian, f: impl FnOnce(&mut Self) -> T) -> T {
        let saved = core::mem::replace(&mut self.config.order, order);
        let out = f(self);
        self.config.order = saved;
        out
    }

    /// An error at the current offset.
    #[cold]
    pub fn error(&self, kind: DecodeErrorKind) -> DecodeError {
        DecodeError::new(self.offset, kind)
    }

    /// An error at `offset`.
    #[cold]
    pub fn error_at(&self, offset: usize, kind: DecodeErrorKind) -> DecodeError {
        DecodeError::new(offset, kind)
    }

    /// Whether integers are read at their full width (then static-size values take their
    /// [`Decode::FIXED_SIZE`]).
    #[inline]
    pub fn is_fixed_int(&self) -> bool {
        self.config.ints == IntEncoding::Fixed
    }

    /// Runs `read` on the next `len` bytes, checked once, and consumes them if it succeeds;
    /// `Ok(None)` (nothing read) when the input is not in memory or holds fewer bytes (the
    /// caller's byte-by-byte path then reports exactly where it ends).
    ///
    /// # Errors
    /// `read`'s error.
    #[doc(hidden)]
    #[inline(always)]
    pub fn read_fixed<T>(
        &mut self,
        len: usize,
        read: impl FnOnce(&mut FixedIn<'_>) -> Result<T, DecodeError>,
    ) -> Result<Option<T>, DecodeError> {
        let offset = self.offset;
        let Some(bytes) = self.reader.peek().and_then(|rest| rest.get(..len)) else {
            return Ok(None);
        };
        let value = read(&mut FixedIn::new(bytes, offset))?;
        self.consume(len);
        Ok(Some(value))
    }

    /// Reads a `T` in one step if it has a static size under this configuration and the
    /// input is in memory, native numbers in `BIG`'s order; `Ok(None)` otherwise.
    ///
    /// # Errors
    /// As [`Decode::decode_fixed`].
    #[doc(hidden)]
    #[inline(always)]
    pub fn decode_fixed_in<T: Decode, const BIG: bool>(
        &mut self,
    ) -> Result<Option<T>, DecodeError> {
        match T::FIXED_SIZE {
            Some(size) if self.is_fixed_int() => self.read_fixed(size, T::decode_fixed::<BIG>),
            _ => Ok(None),
        }
    }

    /// [`decode_fixed_in`](Self::decode_fixed_in) in the configuration's byte order.
    ///
    /// # Errors
    /// As [`Decode::decode_fixed`].
    #[doc(hidden)]
    #[inline(always)]
    pub fn decode_fixed<T: Decode>(&mut self) -> Result<Option<T>, DecodeError> {
        match self.config.order {
            Endian::Big => self.decode_fixed_in::<T, true>(),
            Endian::Little => self.decode_fixed_in::<T, false>(),
        }
    }

    /// As [`Encoder::out_of_line`].
    #[doc(hidden)]
    #[inline(never)]
    pub fn out_of_line<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        f(self)
    }

    /// Fills `dst` from the input.
    ///
    /// # Errors
    /// `UnexpectedEnd` (at the offset where the read started) or the reader's error.
    #[inline]
    pub fn read_bytes(&mut self, dst: &mut [u8]) -> Result<(), DecodeError> {
        match self.reader.read(dst) {
            Ok(()) => {
                self.offset += dst.len();
                Ok(())
            }
            Err(kind) => Err(self.error(kind)),
        }
    }

    /// Reads `N` bytes.
    ///
    /// # Errors
    /// As [`read_bytes`](Self::read_bytes).
    #[inline]
    pub fn read_array<const N: usize>(&mut self) -> Result<[u8; N], DecodeError> {
        let mut out = [0u8; N];
        self.read_bytes(&mut out)?;
        Ok(out)
    }

    /// Reads an unsigned integer of `width` bytes written by [`Encoder::write_uint`].
    ///
    /// Inlined so that a constant `width` (every caller's) turns the fixed-int read into one
    /// load of that many bytes; varints stay a call.
    #[inline(always)]
    pub(crate) fn read_uint(
        &mut self,
        width: usize,
        order: Endian,
        type_name: &'static str,
    ) -> Result<u128, DecodeError> {
        if self.config.ints == IntEncoding::Variable {
            return self.read_varint(width, order, type_name);
        }
        macro_rules! fixed {
            ($t:ty) => {{
                let bytes = self.read_array::<{ size_of::<$t>() }>()?;
                u128::from(match order {
                    Endian::Big => <$t>::from_be_bytes(bytes),
                    Endian::Little => <$t>::from_le_bytes(bytes),
                })
            }};
        }
        Ok(match width {
            1 => fixed!(u8),
            2 => fixed!(u16),
            4 => fixed!(u32),
            8 => fixed!(u64),
            _ => {
                let mut buf = [0u8; 16];
                self.read_bytes(&mut buf[..width])?;
                varint::payload_value(&buf[..width], order)
            }
        })
    }

    /// Reads a bincode varint of at most `width` bytes (payload in `order`), whatever the
    /// configuration.
    #[inline]
    pub(crate) fn read_varint(
        &mut self,
        width: usize,
        order: Endian,
        type_name: &'static str,
    ) -> Result<u128, DecodeError> {
        let start = self.offset;
        // From memory in one step when the reader holds the input.
        if let Some(bytes) = self.reader.peek() {
            return match varint::parse(bytes, width, order) {
                Ok((value, used)) => {
                    self.consume(used);
                    Ok(value)
                }
                Err(e) => Err(self.varint_error(start, e, type_name)),
            };
        }
        // From a stream: the marker, then its payload if it may follow, then the same checks
        // as above on what was read.
        let [first] = self.read_array::<1>()?;
        let mut buf = [0u8; 17];
        buf[0] = first;
        let payload = varint::payload_width(first).ok().flatten().unwrap_or(0);
        if payload <= width {
            self.read_bytes(&mut buf[1..=payload])?;
        }
        match varint::parse(&buf[..=payload], width, order) {
            Ok((value, _)) => Ok(value),
            Err(e) => Err(self.varint_error(start, e, type_name)),
        }
    }

    /// The error for a varint that failed to parse at `start`.
    #[cold]
    pub(crate) fn varint_error(
        &self,
        start: usize,
        e: varint::ParseError,
        type_name: &'static str,
    ) -> DecodeError {
        let kind = match e {
            varint::ParseError::End(needed) => DecodeErrorKind::UnexpectedEnd { needed },
            varint::ParseError::Reserved => DecodeErrorKind::ReservedVarintMarker,
            varint::ParseError::TooWide(marker) => {
                DecodeErrorKind::VarintTooWide { marker, type_name }
            }
        };
        self.error_at(start, kind)
    }

    /// The unread input, when the reader holds it in memory.
    #[inline]
    pub(crate) fn peek(&self) -> Option<&[u8]> {
        self.reader.peek()
    }

    /// Marks `len` peeked bytes as read.
    #[inline]
    pub(crate) fn consume(&mut self, len: usize) {
        self.reader.consume(len);
        self.offset += len;
    }

    /// Reads a signed integer of `width` bytes written by [`Encoder::write_int`].
    pub(crate) fn read_int(
        &mut self,
        width: usize,
        order: Endian,
        type_name: &'static str,
    ) -> Result<i128, DecodeError> {
        let raw = self.read_uint(width, order, type_name)?;
        Ok(match self.config.ints {
            // Sign-extend from `width` bytes.
            IntEncoding::Fixed => {
                let shift = 128 - 8 * width as u32;
                ((raw << shift) as i128) >> shift
            }
            IntEncoding::Variable => varint::unzigzag(raw),
        })
    }

    /// Reads an enum tag (`u32` variant position).
    ///
    /// # Errors
    /// As [`read_len`](Self::read_len), for a `u32`.
    pub fn read_variant(&mut self) -> Result<u32, DecodeError> {
        let order = self.config.order;
        let v = self.read_uint(4, order, "u32")?;
        // Fixed-int reads 4 bytes and a varint is refused when wider than 4: it fits.
        Ok(v as u32)
    }

    /// Reads a length prefix for `len` elements taking at least `min_size` bytes each on the
    /// wire and `alloc_size` bytes each in memory, and refuses it, before anything is
    /// allocated, if the input cannot hold them or the limit does not allow them. The bytes
    /// are charged to the limit.
    ///
    /// Elements that can take no input (`min_size` 0: `()`, empty structs) cost one byte each
    /// against the limit, and against [`DEFAULT_LIMIT`] without one, so that no length makes
    /// the decoder loop without reading.
    ///
    /// # Errors
    /// [`DecodeErrorKind::LengthTooLarge`] naming the reason, or a read error.
    #[inline(always)]
    pub fn read_len(&mut self, min_size: usize, alloc_size: usize) -> Result<usize, DecodeError> {
        let start = self.offset;
        let order = self.config.order;
        let len = self.read_uint(8, order, "u64")? as u64;
        self.accept_len(start, len, min_size, alloc_size)
    }

    /// The checks of [`read_len`](Self::read_len) on a length read at `start` by other means
    /// (the per-field length encodings of [`len`](super::len)).
    ///
    /// # Errors
    /// As [`read_len`](Self::read_len).
    #[doc(hidden)]
    #[inline]
    pub fn accept_len(
        &mut self,
        start: usize,
        len: u64,
        min_size: usize,
        alloc_size: usize,
    ) -> Result<usize, DecodeError> {
        let refuse = |reason| DecodeErrorKind::LengthTooLarge {
            length: len,
            reason,
        };
        let Ok(count) = usize::try_from(len) else {
            return Err(self.error_at(start, refuse(LengthRefusal::BeyondAddressSpace)));
        };
        if let Some(remaining) = self.reader.remaining()
            && count.saturating_mul(min_size) > remaining
        {
            return Err(self.error_at(start, refuse(LengthRefusal::BeyondInput { remaining })));
        }
        // Zero-sized elements still cost a step each: charge at least one byte.
        let cost = count.checked_mul(alloc_size.max(1));
        if let Some(budget) = self.budget {
            match cost {
                Some(cost) if cost <= budget => self.budget = Some(budget - cost),
                _ => {
                    let limit = self.config.limit.unwrap_or(0);
                    return Err(self.error_at(start, refuse(LengthRefusal::BeyondLimit { limit })));
                }
            }
        } else if min_size == 0 && count > DEFAULT_LIMIT {
            let limit = DEFAULT_LIMIT;
            return Err(self.error_at(start, refuse(LengthRefusal::BeyondLimit { limit })));
        } else if cost.is_none_or(|c| c > isize::MAX as usize) {
            return Err(self.error_at(start, refuse(LengthRefusal::BeyondAddressSpace)));
        }
        if let Some(cost) = cost
            && let Err(kind) = self.reader.claim_allocation(cost)
        {
            return Err(self.error_at(start, kind));
        }
        Ok(count)
    }

    /// How many of `count` elements of `size` bytes a collection may allocate before reading
    /// them: all of them while the decoder's preallocation credit (a multiple of the input's
    /// length, none for readers) lasts, else a few KiB's worth; the collection grows from
    /// there as elements arrive.
    #[doc(hidden)]
    #[inline]
    pub fn capacity_for(&mut self, count: usize, size: usize) -> usize {
        let bytes = count.saturating_mul(size);
        if bytes <= self.prealloc_credit {
            self.prealloc_credit -= bytes;
            count
        } else {
            count.min(CAUTIOUS_BYTES / size.max(1))
        }
    }

    /// Runs `f` one nesting level deeper (`Vec`, `Box`: what a recursive type recurses
    /// through).
    ///
    /// # Errors
    /// [`DecodeErrorKind::TooDeep`] beyond [`MAX_DEPTH`] levels, or `f`'s error.
    #[doc(hidden)]
    #[inline(always)]
    pub fn nested<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, DecodeError>,
    ) -> Result<T, DecodeError> {
        if self.depth >= MAX_DEPTH {
            return Err(self.error(DecodeErrorKind::TooDeep { limit: MAX_DEPTH }));
        }
        self.depth += 1;
        let out = f(self);
        self.depth -= 1;
        out
    }
}

impl<R: Reader> Decoder<R> {
    /// Reads the length of a run of elements (checked as [`read_len`](Self::read_len)) one
    /// nesting level deeper (see [`nested`](Self::nested)), then the run with `f`: how every
    /// `Vec` is read.
    ///
    /// # Errors
    /// As [`read_len`](Self::read_len) and [`nested`](Self::nested), or `f`'s error.
    #[cfg(feature = "alloc")]
    #[inline(always)]
    pub(crate) fn nested_run<T>(
        &mut self,
        min_size: usize,
        alloc_size: usize,
        f: impl FnOnce(usize, &mut Self) -> Result<T, DecodeError>,
    ) -> Result<T, DecodeError> {
        self.nested(
            #[inline(always)]
            |d| {
                let len = d.read_len(min_size, alloc_size)?;
                f(len, d)
            },
        )
    }
}

impl<'de, R: BorrowReader<'de>> Decoder<R> {
    /// Reads a length prefix for `len` elements of `size` bytes each that will be borrowed
    /// from the input (not allocated, so not charged to the limit).
    ///
    /// # Errors
    /// [`DecodeErrorKind::LengthTooLarge`] if the input cannot hold them, or a read error.
    pub fn read_borrowed_len(&mut self, size: usize) -> Result<usize, DecodeError> {
        let start = self.offset;
        let order = self.config.order;
        let len = self.read_uint(8, order, "u64")? as u64;
        let remaining = self.reader.remaining().unwrap_or(usize::MAX);
        match usize::try_from(len) {
            Ok(count) if count.saturating_mul(size) <= remaining => Ok(count),
            _ => Err(self.error_at(
                start,
                DecodeErrorKind::LengthTooLarge {
                    length: len,
                    reason: LengthRefusal::BeyondInput { remaining },
                },
            )),
        }
    }

    /// The next `len` bytes, borrowed from the input.
    ///
    /// # Errors
    /// `UnexpectedEnd` if fewer are left.
    #[inline]
    pub fn borrow_bytes(&mut self, len: usize) -> Result<&'de [u8], DecodeError> {
        match self.reader.borrow(len) {
            Ok(bytes) => {
                self.offset += len;
                Ok(bytes)
            }
            Err(kind) => Err(self.error(kind)),
        }
    }
}
