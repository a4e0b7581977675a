//! The portable kernels: one element at a time. The kernels of targets without SIMD, the
//! oracle the SIMD kernels are tested against, and what a vector too wide for a short input
//! falls back to.

use core::ptr;

use super::kernel::Lane;

/// Byte-reverses `count` elements of type `L` from `src` to `dst`.
///
/// # Safety
/// `src` must be valid for reads and `dst` for writes of `count * size_of::<L>()` bytes, and
/// the two ranges must either be identical (in place) or not overlap. No alignment is required.
#[inline(always)]
pub(crate) unsafe fn swap<L: Lane>(src: *const u8, dst: *mut u8, count: usize) {
    let (src, dst) = (src.cast::<L>(), dst.cast::<L>());
    for i in 0..count {
        // SAFETY: element `i` lies within the range the caller vouches for; the accesses are
        // unaligned. The element is read before it is written, so in place is correct.
        unsafe { ptr::write_unaligned(dst.add(i), ptr::read_unaligned(src.add(i)).swap()) }
    }
}

/// [`swap`] reading four elements before writing them: correct for the same ranges (each
/// element is read before it is written), and the loads of a group no longer wait behind the
/// stores before them, which the compiler cannot reorder for pointers that may be the same
/// (measured: `bulk::to_bytes` of four `u128`, the inline path of an x86_64 without SSSE3 at
/// compile time, 1.72 -> 1.33 ns, byteorder's `write_u128_into` 1.59).
///
/// # Safety
/// As [`swap`].
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
pub(crate) unsafe fn swap_grouped<L: Lane>(src: *const u8, dst: *mut u8, count: usize) {
    let (src, dst) = (src.cast::<L>(), dst.cast::<L>());
    let mut i = 0;
    while i + 4 <= count {
        // SAFETY: elements `i..i + 4` lie within the range the caller vouches for; all four
        // are read before any is written, so in place is correct.
        unsafe {
            let group = [0, 1, 2, 3].map(|k| ptr::read_unaligned(src.add(i + k)));
            for (k, value) in group.into_iter().enumerate() {
                ptr::write_unaligned(dst.add(i + k), value.swap());
            }
        }
        i += 4;
    }
    // SAFETY: the elements from `i` on, as above.
    unsafe { swap::<L>(src.add(i).cast(), dst.add(i).cast(), count - i) }
}

/// Copies `bytes` bytes (the width-1 kernel).
///
/// # Safety
/// `src` valid for reads and `dst` for writes of `bytes` bytes, the ranges identical or
/// disjoint.
pub(super) unsafe fn copy(src: *const u8, dst: *mut u8, bytes: usize) {
    // SAFETY: forwarded from the caller (`ptr::copy` allows identical ranges).
    unsafe { ptr::copy(src, dst, bytes) }
}
