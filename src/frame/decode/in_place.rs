//! In-place reads: a value read straight into the place it ends up in (an element of a
//! `Vec`, a field of an enclosing struct), for the types that vouch for it ([`InPlace`]).

use core::mem::MaybeUninit;

#[cfg(feature = "alloc")]
use super::super::config::{ForParams, for_params};
use super::super::error::DecodeError;
use super::super::read::{BorrowReader, Reader};
#[cfg(feature = "alloc")]
use super::super::runs::fill_run;
use super::{BorrowDecode, Decode, Decoder};
#[cfg(feature = "alloc")]
use crate::layout::{Tables, copies};
#[cfg(feature = "alloc")]
use crate::wire::Endian;

/// Declares a promise type: a zero-sized token only `unsafe` code can make, typed by the type
/// it vouches for, so that a safe impl that overrides an in-place read is never trusted with
/// uninitialized memory, not even by borrowing another type's promise.
macro_rules! promise {
    ($(#[$doc:meta])* $name:ident, $(#[$new_doc:meta])*) => {
        $(#[$doc])*
        #[doc(hidden)]
        pub struct $name<T: ?Sized>(core::marker::PhantomData<fn() -> T>);

        impl<T: ?Sized> Clone for $name<T> {
            fn clone(&self) -> Self {
                *self
            }
        }

        impl<T: ?Sized> Copy for $name<T> {}

        impl<T: ?Sized> core::fmt::Debug for $name<T> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(stringify!($name))
            }
        }

        impl<T: ?Sized> $name<T> {
            $(#[$new_doc])*
            #[must_use]
            pub const unsafe fn new() -> Self {
                $name(core::marker::PhantomData)
            }
        }
    };
}

promise!(
    /// The promise that `T`'s in-place reads keep their contract (see
    /// [`Decode::DECODES_IN_PLACE`]).
    InPlace,
    /// # Safety
    /// `T`'s `decode_in_place` and `decode_fixed_array_in_place` initialize their slot
    /// whenever they return `Ok`, and leave nothing in it to drop when they return an error.
);

promise!(
    /// The promise that `T`'s borrowed in-place read keeps its contract (see
    /// [`BorrowDecode::BORROW_DECODES_IN_PLACE`]): [`InPlace`] for
    /// [`BorrowDecode::borrow_decode_in_place`], a promise of its own so that an owned
    /// decode's promise never vouches for a borrowed one.
    BorrowInPlace,
    /// # Safety
    /// `T`'s `borrow_decode_in_place` initializes its slot whenever it returns `Ok`, and
    /// leaves nothing in it to drop when it returns an error.
);

/// [`decode_into_slot`] for the borrowed decode: through `T::borrow_decode_in_place` when the
/// type vouches for it, by value otherwise. On `Ok` the slot holds the value; on an error,
/// nothing.
///
/// # Errors
/// As [`BorrowDecode::borrow_decode`].
#[doc(hidden)]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn borrow_decode_into_slot<'de, T: BorrowDecode<'de>, R: BorrowReader<'de>>(
    d: &mut Decoder<R>,
    slot: &mut MaybeUninit<T>,
) -> Result<(), DecodeError> {
    if T::BORROW_DECODES_IN_PLACE.is_some() {
        return T::borrow_decode_in_place(d, slot);
    }
    slot.write(T::borrow_decode(d)?);
    Ok(())
}

/// Reads a `T` into `slot` (holding nothing to drop): through `T::decode_in_place` when the
/// type vouches for it, by value otherwise. On `Ok` the slot holds the value; on an error,
/// nothing.
///
/// # Errors
/// As [`Decode::decode`].
#[doc(hidden)]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
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
/// into its element (see [`Decode::decode_vec_in_place`]).
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn decode_vec_into_slot<T: Decode, R: Reader>(
    len: usize,
    d: &mut Decoder<R>,
    slot: &mut MaybeUninit<alloc::vec::Vec<T>>,
) -> Result<(), DecodeError> {
    T::decode_vec_in_place(len, d, slot)
}

#[cfg(feature = "alloc")]
/// Whether a run of `T`s is decoded by one copy in this order (`big`): `[u8; 32]`, wrappers,
/// derived structs of them without padding; computed at compile time per type.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
const fn decode_copies<T: Decode>(big: bool) -> bool {
    let per_order = const {
        [
            copies(T::BYTE_MAP[0], size_of::<T>(), T::FIXED_SIZE),
            copies(T::BYTE_MAP[1], size_of::<T>(), T::FIXED_SIZE),
        ]
    };
    per_order[big as usize]
}

/// Reads `len` values whose memory is their wire bytes (`Vec<[u8; 64]>`, wrappers, records of
/// numbers in the host's order) into a new `Vec` in `slot` by one allocation and one copy,
/// when the input holds them all; `false` (the slot untouched, nothing read) otherwise. Like a
/// `Vec<u8>`, such a run allocates exactly the input bytes it consumes, so it draws no
/// preallocation credit, and it skips the run machinery's checks (measured: 400 one-signature
/// `Vec<[u8; 64]>`, 2.76 -> 2.58 us without `malloc`).
#[cfg(feature = "alloc")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn copy_run<T: Decode, R: Reader>(
    len: usize,
    d: &mut Decoder<R>,
    slot: &mut MaybeUninit<alloc::vec::Vec<T>>,
) -> bool {
    // The fixed-int image, which is the varint one too where the sizes agree.
    if !d.is_fixed_int() && T::VARINT_SIZE != T::FIXED_SIZE {
        return false;
    }
    let big = d.endian() == Endian::Big;
    if !decode_copies::<T>(big) {
        return false;
    }
    let Some(used) = len.checked_mul(size_of::<T>()) else {
        return false;
    };
    let Some(rest) = d.peek().filter(|rest| rest.len() >= used) else {
        return false;
    };
    // SAFETY: `decode_copies` holds for types of `size_of::<T>()` bytes in memory, none of them
    // padding, each valid as any pattern, whose wire bytes are their memory in order (the
    // `BYTE_MAP` contract); `rest` starts with `len` values' wire bytes.
    slot.write(unsafe { vec_of_memory(len, rest) });
    d.consume(used);
    true
}

/// A new `Vec` of the `len` values at the start of `rest`, whose wire bytes are their memory.
///
/// A short run (at most 16 bytes) with 16 bytes of input in hand is copied as one 16-byte
/// move into an allocation of 16 bytes (the smallest any allocator hands out anyway), so its
/// capacity may exceed `len`: a copy of its exact length branches on that length, which in
/// records of a few values varies from one to the next and is mispredicted (the network
/// updates' `Vec<u16>` and `Vec<bool>` of 0-5 values, log lines' user names of 4-14 bytes).
///
/// # Safety
/// `rest` holds at least `len * size_of::<T>()` bytes, which are `len` valid `T`s in memory
/// order.
#[cfg(feature = "alloc")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) unsafe fn vec_of_memory<T>(len: usize, rest: &[u8]) -> alloc::vec::Vec<T> {
    const WINDOW: usize = 16;
    let size = size_of::<T>();
    let bytes = len * size;
    if size != 0
        && WINDOW.is_multiple_of(size)
        && bytes <= WINDOW
        && let Some(window) = rest.first_chunk::<WINDOW>()
    {
        if len == 0 {
            return alloc::vec::Vec::new();
        }
        let mut out = alloc::vec::Vec::<T>::with_capacity(WINDOW / size);
        // SAFETY: the allocation holds `WINDOW / size` values, `WINDOW` bytes (`size` divides
        // it), all written here; the first `len` are the caller's values (`bytes <= WINDOW`),
        // what follows them is spare capacity. The new allocation is apart from the input.
        unsafe {
            out.as_mut_ptr()
                .cast::<[u8; WINDOW]>()
                .write_unaligned(*window);
            out.set_len(len);
        }
        return out;
    }
    let mut out = alloc::vec::Vec::<T>::with_capacity(len);
    // SAFETY: the caller's `len` values are the first `bytes` bytes of `rest`; the new
    // allocation has room for them and is apart from the input.
    unsafe {
        crate::bulk::copy_bytes(rest.as_ptr(), out.as_mut_ptr().cast(), bytes);
        out.set_len(len);
    }
    out
}

/// The default [`Decode::decode_vec_in_place`]: a run that is its memory in one copy, a run of
/// static-size values after one length check, else value by value; also the fallback of the
/// types that override it.
#[cfg(feature = "alloc")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn decode_vec_generic<T: Decode, R: Reader>(
    len: usize,
    d: &mut Decoder<R>,
    slot: &mut MaybeUninit<alloc::vec::Vec<T>>,
) -> Result<(), DecodeError> {
    // A run whose memory is its wire bytes: one allocation and one copy.
    if copy_run(len, d, slot) {
        return Ok(());
    }
    let capacity = d.capacity_for(len, size_of::<T>());
    let out = slot.write(alloc::vec::Vec::with_capacity(capacity));
    let read = 'read: {
        // Static-size elements from memory: one length check for the run.
        if let Some(size) = d.static_size::<T>()
            && size > 0
            && let Some(total) = size.checked_mul(len)
        {
            let big = d.endian() == Endian::Big;
            let varint = !d.is_fixed_int();
            let run = d.read_fixed(
                total,
                #[cfg_attr(debug_assertions, inline)]
                #[cfg_attr(not(debug_assertions), inline(always))]
                |input| {
                    for_params(
                        big,
                        varint,
                        FillRun {
                            len,
                            size,
                            out,
                            input,
                        },
                    )
                },
            );
            match run {
                Ok(Some(())) => break 'read Ok(()),
                Ok(None) => {}
                Err(e) => break 'read Err(e),
            }
        }
        decode_elements_in_place(len, d, out)
    };
    if let Err(e) = read {
        // SAFETY: `slot` was initialized with a `Vec` above and is dropped once here: the
        // caller sees the error and treats `slot` as holding nothing.
        unsafe { slot.assume_init_drop() };
        return Err(e);
    }
    Ok(())
}

/// [`fill_run_in`] as code for [`for_params`].
#[cfg(feature = "alloc")]
struct FillRun<'o, 'i, 'b, T> {
    len: usize,
    size: usize,
    out: &'o mut alloc::vec::Vec<T>,
    input: &'i mut super::super::fixed::FixedIn<'b>,
}

#[cfg(feature = "alloc")]
impl<T: Decode> ForParams for FillRun<'_, '_, '_, T> {
    type Out = Result<(), DecodeError>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run<const BIG: bool, const VARINT: bool>(self) -> Self::Out {
        fill_run_in::<T, BIG, VARINT>(self.len, self.size, self.out, self.input)
    }
}

/// [`fill_run`] in one order and integer encoding, `T`'s permutation tables for them a
/// constant: a type without tables compiles to the value-by-value loop alone.
#[cfg(feature = "alloc")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn fill_run_in<T: Decode, const BIG: bool, const VARINT: bool>(
    len: usize,
    size: usize,
    out: &mut alloc::vec::Vec<T>,
    input: &mut super::super::fixed::FixedIn<'_>,
) -> Result<(), DecodeError> {
    // The permutation is of the fixed-int image, the varint one too where the sizes agree.
    let tables = match !VARINT || T::VARINT_SIZE == T::FIXED_SIZE {
        true => const { Tables::decode(T::BYTE_MAP[BIG as usize], size_of::<T>(), T::FIXED_SIZE) },
        false => None,
    };
    // SAFETY: `tables` are `T`'s decode tables in this order.
    unsafe {
        fill_run(
            len,
            size,
            out,
            input,
            tables,
            // Inlined into the loop: called out of line, each value came back through memory
            // and its next read stalled on the store (1000 33-byte trades without the records
            // kernel: 7.4 us instead of 0.93).
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            |i| T::decode_fixed::<BIG, VARINT>(i),
        )
    }
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
    // SAFETY: `decode_into_slot` holds a value in its slot whenever it returns `Ok`.
    unsafe { fill_elements(len, out, |slot| decode_into_slot::<T, R>(d, slot)) }
}

/// [`decode_elements_in_place`] for the borrowed decode.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn borrow_decode_elements_in_place<'de, T: BorrowDecode<'de>, R: BorrowReader<'de>>(
    len: usize,
    d: &mut Decoder<R>,
    out: &mut alloc::vec::Vec<T>,
) -> Result<(), DecodeError> {
    // SAFETY: `borrow_decode_into_slot` holds a value in its slot whenever it returns `Ok`.
    unsafe { fill_elements(len, out, |slot| borrow_decode_into_slot::<T, R>(d, slot)) }
}

/// Appends `len` values to `out`, each written by `read` into the spare element it becomes;
/// stops at `read`'s first error, `out` holding the values before it.
///
/// # Safety
/// `read` leaves a value in its slot whenever it returns `Ok`.
#[cfg(feature = "alloc")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
unsafe fn fill_elements<T>(
    len: usize,
    out: &mut alloc::vec::Vec<T>,
    mut read: impl FnMut(&mut MaybeUninit<T>) -> Result<(), DecodeError>,
) -> Result<(), DecodeError> {
    for _ in 0..len {
        // Room for one more: free while the capacity given up front lasts, then it grows as
        // values arrive (a length the input did not vouch for).
        out.reserve(1);
        let Some(slot) = out.spare_capacity_mut().first_mut() else {
            unreachable!("reserved")
        };
        read(slot)?;
        // SAFETY: `read` returned `Ok`, so the first spare element holds a value (the
        // caller's promise).
        unsafe { out.set_len(out.len() + 1) };
    }
    Ok(())
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::{decode_copies, vec_of_memory};
    use crate::frame::Decode;
    use crate::wire::u32be;
    use alloc::vec::Vec;

    /// Runs of 0 to 20 values at every distance from the input's end: the 16-byte move when
    /// 16 bytes are in hand, the exact copy otherwise, and element sizes that do not divide 16.
    #[test]
    fn runs_from_memory_hold_exactly_their_values_near_the_end_of_the_input() {
        fn check<T: Copy + PartialEq + core::fmt::Debug>(values: &[T]) {
            // SAFETY: the callers' `T`s are numbers and byte arrays, without padding: their
            // memory is initialized bytes.
            let bytes = unsafe {
                core::slice::from_raw_parts(values.as_ptr().cast::<u8>(), size_of_val(values))
            };
            for len in 0..=values.len() {
                let used = len * size_of::<T>();
                for extra in 0..=17 {
                    let input = &bytes[..(used + extra).min(bytes.len())];
                    if input.len() < used {
                        continue;
                    }
                    // SAFETY: `input` starts with `len` values' bytes.
                    let out: Vec<T> = unsafe { vec_of_memory(len, input) };
                    assert_eq!(out, values[..len], "len {len}, {extra} more bytes");
                    assert!(out.capacity() >= len);
                }
            }
        }
        let n = if cfg!(miri) { 10 } else { 20 };
        check(&(0..n as u16).map(|i| i * 0x0101 + 7).collect::<Vec<_>>());
        check(&(0..n as u8).collect::<Vec<_>>());
        check(&(0..n as u64).map(|i| i << 40 | i).collect::<Vec<_>>());
        check(&(0..n as u8).map(|i| [i, !i, i ^ 0x55]).collect::<Vec<_>>());
    }

    fn copies<T: Decode>() -> [bool; 2] {
        [decode_copies::<T>(false), decode_copies::<T>(true)]
    }

    /// Which runs are one copy: the types whose memory is their wire bytes in that order.
    #[test]
    fn a_run_is_one_copy_exactly_when_memory_is_the_wire_bytes() {
        let host = [cfg!(target_endian = "little"), cfg!(target_endian = "big")];
        assert_eq!(copies::<[u8; 32]>(), [true, true]);
        assert_eq!(copies::<[u32be; 3]>(), [true, true]);
        assert_eq!(copies::<crate::BigEndian<u8>>(), [true, true]);
        assert_eq!(copies::<crate::LittleEndian<bool>>(), [false, false]);
        assert_eq!(copies::<u32>(), host);
        assert_eq!(copies::<(u64,)>(), host);
        // Padding between the fields, a `bool`, nothing at all: not a copy.
        assert_eq!(copies::<(u8, u32)>(), [false, false]);
        assert_eq!(copies::<bool>(), [false, false]);
        assert_eq!(copies::<(u8, bool)>(), [false, false]);
        assert_eq!(copies::<()>(), [false, false]);
    }
}
