//! Runs of static-size values (`Vec<T>`, `[T]`, `[T; N]` under fixed-int): one length check
//! for the whole run, then each value written or read without checks, or the whole run moved by
//! one byte permutation per value where the CPU has the records kernel.

//!
//! Nothing here names `Encode` or `Decode`: the traits' default methods use these runs, so the
//! runs take what they need of a type as values (its maps, sizes, tables) and closures (how
//! one value is written or read), and the traits' files compute those, at compile time, for
//! each type.

#[cfg(feature = "alloc")]
use super::error::DecodeError;
#[cfg(feature = "alloc")]
use super::fixed::FixedIn;
use super::fixed::FixedOut;
use crate::layout::Tables;

/// Writes `items`, whose memory is their wire bytes, by one copy.
///
/// # Safety
/// [`is_memory_image`] holds for `T`'s map in this order: every memory byte of a `T` is
/// mapped, so none is padding.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) unsafe fn copy_encode_run<T>(items: &[T], out: &mut FixedOut<'_>) {
    // SAFETY: the caller's promise (the `BYTE_MAP` contract: mapped bytes are non-padding,
    // initialized), so the run's memory is `size_of_val(items)` initialized bytes, borrowed
    // for as long as `items`.
    let bytes =
        unsafe { core::slice::from_raw_parts(items.as_ptr().cast::<u8>(), size_of_val(items)) };
    out.put_slice(bytes);
}

/// Writes `items` into `out` by one byte permutation each, if `tables` exist and the CPU has
/// a kernel; `false` (nothing written) otherwise.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn permute_run<T>(items: &[T], tables: Option<Tables>, out: &mut FixedOut<'_>) -> bool {
    let Some(t) = tables else { return false };
    if items.len() < 2 || !crate::bulk::records_kernel_available() {
        return false;
    }
    let wire = t.wire_len();
    let dst = out.take_raw(items.len() * wire);
    let p = t.permutation(size_of::<T>(), wire);
    // SAFETY: the kernel is available (checked above); the tables come from `T::BYTE_MAP`,
    // whose `unsafe` constructors vouch that the `read` bytes of each value are its
    // non-padding (initialized) bytes; `dst` is `items.len() * wire` writable bytes of the
    // output, apart from `items`.
    unsafe {
        crate::bulk::permute_records(
            &p,
            items.as_ptr().cast(),
            dst.as_mut_ptr().cast(),
            items.len(),
        );
    }
    true
}

/// Writes a run of static-size values, each into its own `size` bytes by `encode` (a type's
/// `encode_fixed`).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn encode_run<T>(
    items: &[T],
    size: usize,
    out: &mut FixedOut<'_>,
    encode: impl Fn(&T, &mut FixedOut<'_>),
) {
    if size == 0 {
        for item in items {
            let mut part = out.split(0);
            encode(item, &mut part);
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
        encode(item, &mut part);
        assert!(part.is_full(), "encode_fixed wrote less than FIXED_SIZE");
    }
}

/// Reads a run of `len` static-size values of `size` bytes each into `out` (empty): one byte
/// permutation per value by `tables` where the CPU has the records kernel, else value by value
/// by `decode` (a type's `decode_fixed`; runs that are one copy took another path before). On
/// an error, `out` holds the values read before it, or none of them (forgotten, never dropped
/// twice) when it had room for all.
///
/// # Safety
/// `tables`, if any, are `T`'s decode tables in this order ([`Tables::decode`] of its
/// `BYTE_MAP`): they exist only for types whose every byte pattern is valid and whose
/// non-padding bytes are all written.
#[cfg(feature = "alloc")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) unsafe fn fill_run<T>(
    len: usize,
    size: usize,
    out: &mut alloc::vec::Vec<T>,
    input: &mut FixedIn<'_>,
    tables: Option<Tables>,
    decode: impl Fn(&mut FixedIn<'_>) -> Result<T, DecodeError>,
) -> Result<(), DecodeError> {
    debug_assert!(out.is_empty());
    let room = out.capacity() >= len;
    if room
        && len >= 2
        && let Some(t) = tables
        && crate::bulk::records_kernel_available()
    {
        let src = input.peek_slice(len * size);
        let p = t.permutation(size, size_of::<T>());
        // SAFETY: the kernel is available (checked above); `src` holds `len` values' `size`
        // wire bytes; the allocation has room for `len` values (`room`). The tables are `T`'s
        // decode tables (the caller's promise), so the first `len` elements are initialized
        // values.
        unsafe {
            crate::bulk::permute_records(&p, src.as_ptr(), out.as_mut_ptr().cast(), len);
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
            slot.write(decode(&mut part)?);
        }
        input.split(len * size);
        // SAFETY: the loop initialized each of the first `len` slots of the allocation.
        unsafe { out.set_len(len) };
        return Ok(());
    }
    for _ in 0..len {
        let mut part = input.split(size);
        out.push(decode(&mut part)?);
    }
    Ok(())
}
