//! Runs of static-size values (`Vec<T>`, `[T]`, `[T; N]` under fixed-int): one length check
//! for the whole run, then each value written or read without checks, or the whole run moved by
//! one byte permutation per value where the CPU has the records kernel.

use super::byte_map::{ByteMap, prefix_mask};
#[cfg(feature = "alloc")]
use super::decode::{Decode, Decoder};
use super::encode::Encode;
#[cfg(feature = "alloc")]
use super::error::DecodeError;
#[cfg(feature = "alloc")]
use super::fixed::FixedIn;
use super::fixed::FixedOut;
#[cfg(feature = "alloc")]
use super::read::Reader;
#[cfg(feature = "alloc")]
use crate::wire::Endian;
#[cfg(feature = "alloc")]
use core::mem::MaybeUninit;

/// The tables of one byte permutation per value, both ways, from a type's `BYTE_MAP`s
/// (computed at compile time, once per type).
pub(crate) struct RunTables<T>(core::marker::PhantomData<T>);

/// A permutation's tables: for each destination byte its source byte, and the bytes of one
/// value read and written.
#[derive(Clone, Copy)]
pub(crate) struct Tables {
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
    pub(crate) fn permutation(
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
    pub(crate) const ENCODE: [Option<Tables>; 2] = [
        Tables::encode(T::BYTE_MAP[0], size_of::<T>(), T::FIXED_SIZE),
        Tables::encode(T::BYTE_MAP[1], size_of::<T>(), T::FIXED_SIZE),
    ];

    /// Whether a run of `T`s is encoded by one copy of its memory in each order: records of
    /// floats or of numbers in the host's order without padding (a mesh of `f32` vectors).
    pub(super) const ENCODE_COPIES: [bool; 2] = [
        is_memory_image(T::BYTE_MAP[0], size_of::<T>(), T::FIXED_SIZE),
        is_memory_image(T::BYTE_MAP[1], size_of::<T>(), T::FIXED_SIZE),
    ];
}

#[cfg(feature = "alloc")]
impl<T: Decode> RunTables<T> {
    pub(crate) const DECODE: [Option<Tables>; 2] = [
        Tables::decode(T::BYTE_MAP[0], size_of::<T>(), T::FIXED_SIZE),
        Tables::decode(T::BYTE_MAP[1], size_of::<T>(), T::FIXED_SIZE),
    ];

    /// Whether a run of `T`s is decoded by one copy in each order: `[u8; 32]`, wrappers,
    /// derived structs of them without padding.
    pub(crate) const COPIES: [bool; 2] = [
        copies(T::BYTE_MAP[0], size_of::<T>(), T::FIXED_SIZE),
        copies(T::BYTE_MAP[1], size_of::<T>(), T::FIXED_SIZE),
    ];
}

/// Whether values of `size` bytes in memory, framed by `map` into `wire` bytes, are their
/// wire bytes: every memory byte (so none of them padding) mapped in order.
const fn is_memory_image<T>(map: Option<ByteMap<T>>, size: usize, wire: Option<usize>) -> bool {
    match (map, wire) {
        (Some(map), Some(wire)) => {
            size > 0 && wire == size && map.len() == size && map.is_identity()
        }
        _ => false,
    }
}

/// [`is_memory_image`], with every byte valid as any pattern: such wire bytes can be copied
/// back into values.
#[cfg(feature = "alloc")]
const fn copies<T>(map: Option<ByteMap<T>>, size: usize, wire: Option<usize>) -> bool {
    match map {
        Some(m) => m.any_bits() && is_memory_image(map, size, wire),
        None => false,
    }
}

/// Writes `items`, whose memory is their wire bytes ([`RunTables::ENCODE_COPIES`]), by one
/// copy.
#[inline(always)]
pub(super) fn copy_encode_run<T: Encode>(items: &[T], big: bool, out: &mut FixedOut<'_>) {
    debug_assert!(RunTables::<T>::ENCODE_COPIES[usize::from(big)]);
    // SAFETY: `ENCODE_COPIES` holds only for types whose every memory byte is mapped (the
    // `BYTE_MAP` contract: mapped bytes are non-padding, initialized), so the run's memory is
    // `size_of_val(items)` initialized bytes, borrowed for as long as `items`.
    let bytes =
        unsafe { core::slice::from_raw_parts(items.as_ptr().cast::<u8>(), size_of_val(items)) };
    out.put_slice(bytes);
}

/// Writes `items` into `out` by one byte permutation each, if `tables` exist and the CPU has
/// a kernel; `false` (nothing written) otherwise.
#[inline(always)]
pub(super) fn permute_run<T>(items: &[T], tables: Option<Tables>, out: &mut FixedOut<'_>) -> bool {
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
pub(super) fn encode_run<T: Encode, const BIG: bool, const VARINT: bool>(
    items: &[T],
    size: usize,
    out: &mut FixedOut<'_>,
) {
    if size == 0 {
        for item in items {
            let mut part = out.split(0);
            item.encode_fixed::<BIG, VARINT>(&mut part);
            assert!(part.is_full(), "encode_fixed wrote less than FIXED_SIZE");
        }
        return;
    }
    // The run's bytes taken with one bounds check, then cut into exact chunks: per value, a
    // `split` checked what the run's length had already guaranteed (3 of 16 instructions per
    // 33-byte trade).
    let run = out.take_raw(items.len() * size);
    for (item, region) in items.iter().zip(run.chunks_exact_mut(size)) {
        let mut part = FixedOut::new(region);
        item.encode_fixed::<BIG, VARINT>(&mut part);
        assert!(part.is_full(), "encode_fixed wrote less than FIXED_SIZE");
    }
}

/// Reads a run of `len` static-size values of `size` bytes each into `out` (empty): one byte
/// permutation per value where the CPU has the records kernel, else value by value (runs that
/// are one copy took [`copy_run`] before). On an error, `out` holds the values read
/// before it, or none of them (forgotten, never dropped twice) when it had room for all.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(super) fn fill_run<T: Decode, const BIG: bool, const VARINT: bool>(
    len: usize,
    size: usize,
    out: &mut alloc::vec::Vec<T>,
    input: &mut FixedIn<'_>,
) -> Result<(), DecodeError> {
    debug_assert!(out.is_empty());
    let room = out.capacity() >= len;
    // The permutation is of the fixed-int image, the varint one too where the sizes agree.
    let same_bytes = !VARINT || T::VARINT_SIZE == T::FIXED_SIZE;
    if room
        && len >= 2
        && same_bytes
        && let Some(t) = RunTables::<T>::DECODE[usize::from(BIG)]
        && crate::io::bulk::records_kernel_available()
    {
        let src = input.peek_slice(len * size);
        let p = t.permutation(size, size_of::<T>());
        // SAFETY: the kernel is available (checked above); `src` holds `len` values' `size`
        // wire bytes; the allocation has room for `len` values (`room`). The tables exist
        // only for types whose every byte pattern is valid and whose non-padding bytes are
        // all written (the `BYTE_MAP` contract), so the first `len` elements are initialized
        // values.
        unsafe {
            crate::io::bulk::permute_records(&p, src.as_ptr(), out.as_mut_ptr().cast(), len);
            out.set_len(len);
        }
        input.split(len * size);
        return Ok(());
    }
    if room && size > 0 {
        // Straight into the allocation; on an error the values read so far are forgotten
        // (leaked, never dropped twice). The run's bytes in exact chunks: one bounds check
        // for the run, none per value (see `encode_run`).
        let (bytes, at) = (input.peek_slice(len * size), input.offset());
        let slots = out.spare_capacity_mut()[..len].iter_mut();
        for (k, (slot, value)) in slots.zip(bytes.chunks_exact(size)).enumerate() {
            let mut part = FixedIn::new(value, at + k * size);
            slot.write(T::decode_fixed::<BIG, VARINT>(&mut part)?);
        }
        input.split(len * size);
        // SAFETY: the loop initialized each of the first `len` slots of the allocation.
        unsafe { out.set_len(len) };
        return Ok(());
    }
    for _ in 0..len {
        let mut part = input.split(size);
        out.push(T::decode_fixed::<BIG, VARINT>(&mut part)?);
    }
    Ok(())
}

/// Reads `len` values whose memory is their wire bytes (`Vec<[u8; 64]>`, wrappers, records of
/// numbers in the host's order) into a new `Vec` in `slot` by one allocation and one copy,
/// when the input holds them all; `false` (the slot untouched, nothing read) otherwise. Like a
/// `Vec<u8>`, such a run allocates exactly the input bytes it consumes, so it draws no
/// preallocation credit, and it skips the run machinery's checks (measured: 400 one-signature
/// `Vec<[u8; 64]>`, 2.76 -> 2.58 us without `malloc`).
#[cfg(feature = "alloc")]
#[inline(always)]
pub(super) fn copy_run<T: Decode, R: Reader>(
    len: usize,
    d: &mut Decoder<R>,
    slot: &mut MaybeUninit<alloc::vec::Vec<T>>,
) -> bool {
    // The fixed-int image, which is the varint one too where the sizes agree.
    if !d.is_fixed_int() && T::VARINT_SIZE != T::FIXED_SIZE {
        return false;
    }
    let big = d.config().endian() == Endian::Big;
    if !RunTables::<T>::COPIES[usize::from(big)] {
        return false;
    }
    let Some(bytes) = len
        .checked_mul(size_of::<T>())
        .and_then(|total| d.peek()?.get(..total))
    else {
        return false;
    };
    let out = slot.write(alloc::vec::Vec::with_capacity(len));
    // SAFETY: `COPIES` holds for types of `size_of::<T>()` bytes in memory, none of them
    // padding, each valid as any pattern, whose wire bytes are their memory in order (the
    // `BYTE_MAP` contract); `bytes` holds `len` values' wire bytes; the new allocation has
    // room for `len` values and is apart from the input.
    unsafe {
        crate::io::bulk::copy_bytes(bytes.as_ptr(), out.as_mut_ptr().cast(), bytes.len());
        out.set_len(len);
    }
    let used = bytes.len();
    d.consume(used);
    true
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::RunTables;
    use crate::u32be;

    /// Which runs are one copy: the types whose memory is their wire bytes in that order.
    #[test]
    fn a_run_is_one_copy_exactly_when_memory_is_the_wire_bytes() {
        let host = [cfg!(target_endian = "little"), cfg!(target_endian = "big")];
        assert_eq!(RunTables::<[u8; 32]>::COPIES, [true, true]);
        assert_eq!(RunTables::<[u32be; 3]>::COPIES, [true, true]);
        assert_eq!(RunTables::<u32>::COPIES, host);
        assert_eq!(RunTables::<(u64,)>::COPIES, host);
        // Padding between the fields, a `bool`, nothing at all: not a copy.
        assert_eq!(RunTables::<(u8, u32)>::COPIES, [false, false]);
        assert_eq!(RunTables::<bool>::COPIES, [false, false]);
        assert_eq!(RunTables::<(u8, bool)>::COPIES, [false, false]);
        assert_eq!(RunTables::<()>::COPIES, [false, false]);
    }
}
