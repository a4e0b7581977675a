//! AVX2: `vpshufb` on 32-byte vectors (inputs shorter than one go to SSSE3), the stores of
//! long runs aligned first.

use core::arch::x86_64::*;

use super::ssse3::Ssse3;
use super::{align_head, aligned_copy, reverse_control};
use crate::bulk::kernel::{Kernels, Lane, LanePattern};
use crate::bulk::lanes::{Shuffle, shuffle_run};
use crate::bulk::vector::{Vector, swap_run};

/// 32 bytes with AVX2's `vpshufb`; shorter inputs go to SSSE3 (which AVX2 implies).
#[derive(Clone, Copy)]
pub(crate) struct Avx2(__m256i);

impl Vector for Avx2 {
    const BYTES: usize = 32;
    /// Eight vectors: without AVX-512 a 256-byte input is eight vectors, where the loop took
    /// 7.1 ns and this 6.0 at 160 and 192 bytes (Zen 3); sixteen (to 512 bytes) measured
    /// 0.3-1.3 ns slower than the loop from 288 bytes on.
    const STRAIGHT_MAX: usize = 256;

    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller vouches for 32 readable bytes and AVX2; no alignment needed.
        Avx2(unsafe { _mm256_loadu_si256(src.cast()) })
    }

    #[inline(always)]
    unsafe fn store(self, dst: *mut u8) {
        // SAFETY: the caller vouches for 32 writable bytes and AVX2; no alignment needed.
        unsafe { _mm256_storeu_si256(dst.cast(), self.0) }
    }

    #[inline(always)]
    unsafe fn reverse<const WIDTH: usize>(self) -> Self {
        let control = const { reverse_control::<WIDTH, 32>() };
        // SAFETY: reads the 32-byte `control` array; the caller guarantees AVX2.
        unsafe {
            Avx2(_mm256_shuffle_epi8(
                self.0,
                _mm256_loadu_si256(control.as_ptr().cast()),
            ))
        }
    }

    #[inline(always)]
    unsafe fn swap_short<L: Lane, const WIDTH: usize>(src: *const u8, dst: *mut u8, count: usize) {
        // SAFETY: forwarded from the caller; AVX2 implies SSSE3.
        unsafe { swap_run::<Ssse3, L, WIDTH>(src, dst, count) }
    }
}

impl Shuffle for Avx2 {
    #[inline(always)]
    unsafe fn shuffle(self, control: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        unsafe { Avx2(_mm256_shuffle_epi8(self.0, control.0)) }
    }
}

/// # Safety
/// The CPU supports AVX2; otherwise as [`LanesKernel`](crate::bulk::kernel::LanesKernel).
#[target_feature(enable = "avx2")]
unsafe fn lanes(p: &LanePattern<'_>, src: *const u8, dst: *mut u8, bytes: usize) {
    // SAFETY: forwarded from the caller; AVX2 is enabled.
    unsafe { shuffle_run::<Avx2>(p, src, dst, bytes) }
}

/// # Safety
/// The CPU supports AVX2; otherwise as [`portable::swap`].
#[target_feature(enable = "avx2")]
unsafe fn swap<L: Lane, const WIDTH: usize>(src: *const u8, dst: *mut u8, count: usize) {
    if count * WIDTH < super::ALIGN_FROM {
        // The common short case first, before any alignment arithmetic.
        // SAFETY: forwarded from the caller.
        return unsafe { swap_run::<Avx2, L, WIDTH>(src, dst, count) };
    }
    // SAFETY: forwarded from the caller; then the rest of the same ranges, whole elements.
    unsafe {
        let done = align_head::<Avx2, L, WIDTH>(src, dst, count);
        swap_run::<Avx2, L, WIDTH>(src.add(done), dst.add(done), count - done / WIDTH);
    }
}

/// # Safety
/// The CPU supports AVX2; otherwise as [`copy_run`].
#[target_feature(enable = "avx2")]
unsafe fn copy(src: *const u8, dst: *mut u8, bytes: usize) {
    // SAFETY: forwarded from the caller; AVX2 is enabled.
    unsafe { aligned_copy::<Avx2>(src, dst, bytes) }
}

/// The kernel of each width, AVX2.
pub(crate) static KERNELS: Kernels = Kernels {
    copy,
    swap2: swap::<u16, 2>,
    swap4: swap::<u32, 4>,
    swap8: swap::<u64, 8>,
    swap16: swap::<u128, 16>,
    lanes,
};
