//! x86_64 vectors: SSE2 (the baseline: shifts and word shuffles), SSSE3, AVX2 and AVX-512BW
//! (`pshufb` with a constant control), one file each with its `#[target_feature]` kernels;
//! what they share (the alignment of long runs, the shuffle controls) is here.
//!
//! SSE2 needs no detection, so short inputs are swapped inline with it (or with the widest
//! instruction set the compile-time target guarantees, see [`Inline`]); the wider kernels are
//! reached through the cached function pointers of `dispatch`.

use super::kernel::Lane;
use super::portable;
use super::vector::{Vector, copy_run};

pub(crate) mod avx2;
pub(crate) mod avx512;
pub(crate) mod sse2;
pub(crate) mod ssse3;

/// The shuffle control that reverses each `WIDTH`-byte element of a 16-byte lane, repeated
/// over `N` bytes (AVX2 and AVX-512 shuffle within 16-byte lanes).
const fn reverse_control<const WIDTH: usize, const N: usize>() -> [u8; N] {
    let mut control = [0u8; N];
    let mut i = 0;
    while i < N {
        let lane = i % 16;
        control[i] = ((lane / WIDTH) * WIDTH + (WIDTH - 1 - lane % WIDTH)) as u8;
        i += 1;
    }
    control
}

/// From this many bytes, the AVX kernels first align their stores to the vector width (a store
/// that straddles a cache line costs twice, and a `Vec`'s buffer is usually only 16-aligned).
/// Measured on Zen 4 (perf_report, `u32` to big-endian bytes): without it 1 KiB took 20-27 ns
/// instead of 13 and 16 KiB 205 ns instead of 170; with it from 128 bytes, 256 bytes took
/// 8.1 ns instead of 6.9.
const ALIGN_FROM: usize = 512;

/// Swaps the head of the input so that the rest's stores are aligned to `V::BYTES`, when whole
/// elements get `dst` there and the input is long enough to pay; returns how many bytes were
/// done. Between disjoint buffers the head is one unaligned vector (the loop then starts at
/// the aligned point, overlapping it); in place, where that would swap bytes twice, it is done
/// one element at a time.
///
/// # Safety
/// As [`swap_run`]: `src`/`dst` valid for `count * WIDTH` bytes, identical or disjoint; the CPU
/// has `V`'s instruction set.
#[inline(always)]
unsafe fn align_head<V: Vector, L: Lane, const WIDTH: usize>(
    src: *const u8,
    dst: *mut u8,
    count: usize,
) -> usize {
    let bytes = count * WIDTH;
    let head = (V::BYTES - dst as usize % V::BYTES) % V::BYTES;
    if bytes < ALIGN_FROM || head == 0 || !head.is_multiple_of(WIDTH) {
        return 0;
    }
    if core::ptr::eq(src, dst) {
        // SAFETY: `head < V::BYTES <= bytes`: whole elements of the caller's range.
        unsafe { portable::swap::<L>(src, dst, head / WIDTH) };
    } else {
        // SAFETY: `V::BYTES <= ALIGN_FROM <= bytes`: within the caller's disjoint ranges.
        unsafe { V::load(src).reverse::<WIDTH>().store(dst) };
    }
    head
}

/// Copies `bytes` bytes (width-1 "swap": the conversions whose wire order is the host's) with
/// `V`, the stores aligned as in [`align_head`] from [`ALIGN_FROM`] bytes on.
///
/// # Safety
/// As [`copy_run`].
#[inline(always)]
unsafe fn aligned_copy<V: Vector>(src: *const u8, dst: *mut u8, bytes: usize) {
    let head = (V::BYTES - dst as usize % V::BYTES) % V::BYTES;
    if bytes < ALIGN_FROM || head == 0 || core::ptr::eq(src, dst) {
        // SAFETY: forwarded from the caller.
        return unsafe { copy_run::<V>(src, dst, bytes) };
    }
    // SAFETY: `V::BYTES <= ALIGN_FROM <= bytes`: within the caller's disjoint ranges; the
    // rest of them from `head` on, where the stores are aligned.
    unsafe {
        V::load(src).store(dst);
        copy_run::<V>(src.add(head), dst.add(head), bytes - head);
    }
}

/// The vector short inputs are swapped with inline, without a call: the widest one the
/// compile-time target guarantees (SSE2 at least, which every x86_64 CPU has).
#[cfg(target_feature = "avx2")]
pub(crate) type Inline = avx2::Avx2;
/// The vector short inputs are swapped with inline, without a call: the widest one the
/// compile-time target guarantees (SSE2 at least, which every x86_64 CPU has).
#[cfg(all(not(target_feature = "avx2"), target_feature = "ssse3"))]
pub(crate) type Inline = ssse3::Ssse3;
/// The vector short inputs are swapped with inline, without a call: the widest one the
/// compile-time target guarantees (SSE2 at least, which every x86_64 CPU has).
#[cfg(not(any(target_feature = "avx2", target_feature = "ssse3")))]
pub(crate) type Inline = sse2::Sse2;
