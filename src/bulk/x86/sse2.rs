//! SSE2, the x86_64 baseline: no detection needed, so short inputs are swapped inline with it
//! when the compile-time target guarantees nothing wider, and its kernels serve builds without
//! run-time detection and CPUs without SSSE3. It has no byte shuffle: bytes are swapped within
//! 16-bit words by shifts, and words reordered by word shuffles.

use core::arch::x86_64::*;

#[cfg(target_feature = "sse2")]
use crate::bulk::kernel::{Kernels, Lane};
#[cfg(target_feature = "sse2")]
use crate::bulk::vector::Vector;
#[cfg(target_feature = "sse2")]
use crate::bulk::vector::{copy_run, swap_run};

/// 16 bytes with SSE2 only: bytes swapped within 16-bit words by shifts, words and double words
/// reordered by `pshuflw`/`pshufhw`/`pshufd`.
#[derive(Clone, Copy)]
pub(crate) struct Sse2(__m128i);

impl Vector for Sse2 {
    const BYTES: usize = 16;
    /// Eight vectors, 128 bytes (see `Avx2`).
    const STRAIGHT_MAX: usize = 128;

    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller vouches for 16 readable bytes; `loadu` needs no alignment.
        Sse2(unsafe { _mm_loadu_si128(src.cast()) })
    }

    #[inline(always)]
    unsafe fn store(self, dst: *mut u8) {
        // SAFETY: the caller vouches for 16 writable bytes; `storeu` needs no alignment.
        unsafe { _mm_storeu_si128(dst.cast(), self.0) }
    }

    #[inline(always)]
    unsafe fn reverse<const WIDTH: usize>(self) -> Self {
        /// Swaps the two bytes of every 16-bit word.
        ///
        /// # Safety
        /// The CPU has SSE2.
        #[inline(always)]
        unsafe fn swap_words(v: __m128i) -> __m128i {
            // SAFETY: SSE2, as the caller guarantees.
            unsafe { _mm_or_si128(_mm_slli_epi16::<8>(v), _mm_srli_epi16::<8>(v)) }
        }
        let v = self.0;
        // SAFETY: SSE2, as the caller guarantees.
        unsafe {
            Sse2(match WIDTH {
                2 => swap_words(v),
                // The words of each 32-bit element exchanged (order 2 3 0 1), then their bytes.
                4 => swap_words(_mm_shufflehi_epi16::<0b10_11_00_01>(_mm_shufflelo_epi16::<
                    0b10_11_00_01,
                >(v))),
                // The words of each 64-bit element reversed (order 0 1 2 3), then their bytes.
                8 => swap_words(_mm_shufflehi_epi16::<0b00_01_10_11>(_mm_shufflelo_epi16::<
                    0b00_01_10_11,
                >(v))),
                // The two 64-bit halves exchanged, then each reversed as above.
                _ => {
                    let halves = _mm_shuffle_epi32::<0b01_00_11_10>(v);
                    swap_words(_mm_shufflehi_epi16::<0b00_01_10_11>(_mm_shufflelo_epi16::<
                        0b00_01_10_11,
                    >(
                        halves
                    )))
                }
            })
        }
    }
}

/// # Safety
/// As [`swap_run`]; SSE2 is part of the compile-time target.
#[cfg(target_feature = "sse2")]
unsafe fn swap<L: Lane, const WIDTH: usize>(src: *const u8, dst: *mut u8, count: usize) {
    // SAFETY: forwarded from the caller.
    unsafe {
        if WIDTH == 16 {
            // Two `bswap`s per element beat six vector instructions per element here too
            // (1 KiB on Zen 3: 38.6 ns against 50.2; for 8-byte elements the two were even,
            // for 4-byte ones the vectors took 47 ns against 70).
            crate::bulk::portable::swap_grouped::<L>(src, dst, count)
        } else {
            swap_run::<Sse2, L, WIDTH>(src, dst, count)
        }
    }
}

/// # Safety
/// As [`copy_run`]; SSE2 is part of the compile-time target.
#[cfg(target_feature = "sse2")]
unsafe fn copy(src: *const u8, dst: *mut u8, bytes: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { copy_run::<Sse2>(src, dst, bytes) }
}

/// The kernel of each width, SSE2 (only where the compile-time target has it: a soft-float
/// target may not use the vector registers).
#[cfg(target_feature = "sse2")]
pub(crate) static KERNELS: Kernels = Kernels {
    copy,
    swap2: swap::<u16, 2>,
    swap4: swap::<u32, 4>,
    swap8: swap::<u64, 8>,
    swap16: swap::<u128, 16>,
    // SSE2 has no byte shuffle: a table's lanes move one byte at a time.
    lanes: crate::bulk::lanes::portable,
};
