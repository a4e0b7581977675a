//! SSSE3: `pshufb` on 16-byte vectors, and the kernels of the CPUs without AVX2.

use core::arch::x86_64::*;

use super::reverse_control;
use super::sse2::Sse2;
use crate::bulk::kernel::{Kernels, Lane, LanePattern};
use crate::bulk::lanes::{Shuffle, shuffle_run};
use crate::bulk::vector::{Vector, copy_run, swap_run};

/// 16 bytes with SSSE3's `pshufb`.
#[derive(Clone, Copy)]
pub(crate) struct Ssse3(__m128i);

impl Vector for Ssse3 {
    const BYTES: usize = 16;
    /// Eight vectors, 128 bytes (see `Avx2`).
    const STRAIGHT_MAX: usize = 128;

    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller vouches for 16 readable bytes; `loadu` needs no alignment.
        Ssse3(unsafe { _mm_loadu_si128(src.cast()) })
    }

    #[inline(always)]
    unsafe fn store(self, dst: *mut u8) {
        // SAFETY: the caller vouches for 16 writable bytes; `storeu` needs no alignment.
        unsafe { _mm_storeu_si128(dst.cast(), self.0) }
    }

    #[inline(always)]
    unsafe fn reverse<const WIDTH: usize>(self) -> Self {
        let control = const { reverse_control::<WIDTH, 16>() };
        // SAFETY: reads the 16-byte `control` array; the caller guarantees SSSE3.
        unsafe {
            Ssse3(_mm_shuffle_epi8(
                self.0,
                _mm_loadu_si128(control.as_ptr().cast()),
            ))
        }
    }
}

impl Shuffle for Ssse3 {
    #[inline(always)]
    unsafe fn shuffle(self, control: Self) -> Self {
        // SAFETY: the caller guarantees SSSE3.
        unsafe { Ssse3(_mm_shuffle_epi8(self.0, control.0)) }
    }
}

/// # Safety
/// The CPU supports SSSE3; otherwise as [`LanesKernel`](crate::bulk::kernel::LanesKernel).
#[target_feature(enable = "ssse3")]
unsafe fn lanes(p: &LanePattern<'_>, src: *const u8, dst: *mut u8, bytes: usize) {
    // SAFETY: forwarded from the caller; SSSE3 is enabled.
    unsafe { shuffle_run::<Ssse3>(p, src, dst, bytes) }
}

/// # Safety
/// The CPU supports SSSE3; otherwise as [`portable::swap`].
#[target_feature(enable = "ssse3")]
unsafe fn swap<L: Lane, const WIDTH: usize>(src: *const u8, dst: *mut u8, count: usize) {
    // SAFETY: forwarded from the caller; SSSE3 is enabled.
    unsafe { swap_run::<Ssse3, L, WIDTH>(src, dst, count) }
}

/// # Safety
/// The CPU supports SSSE3 (SSE2 does the copy); otherwise as [`copy_run`].
#[target_feature(enable = "ssse3")]
unsafe fn copy(src: *const u8, dst: *mut u8, bytes: usize) {
    // SAFETY: forwarded from the caller; SSE2 is part of every x86_64 target.
    unsafe { copy_run::<Sse2>(src, dst, bytes) }
}

/// The kernel of each width, SSSE3.
pub(crate) static KERNELS: Kernels = Kernels {
    copy,
    swap2: swap::<u16, 2>,
    swap4: swap::<u32, 4>,
    swap8: swap::<u64, 8>,
    swap16: swap::<u128, 16>,
    lanes,
};
