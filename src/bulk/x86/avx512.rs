//! AVX-512BW: `vpshufb` on 64-byte vectors, inputs shorter than one in one masked load and
//! store, the stores of long runs aligned first.

use core::arch::x86_64::*;

use super::{align_head, aligned_copy, reverse_control};
use crate::bulk::kernel::{Kernels, Lane, LanePattern};
use crate::bulk::lanes::{Shuffle, shuffle_run};
use crate::bulk::vector::{Vector, swap_run};

/// 64 bytes with AVX-512BW's `vpshufb`; shorter inputs in one masked load and store.
#[derive(Clone, Copy)]
pub(crate) struct Avx512(__m512i);

impl Vector for Avx512 {
    const BYTES: usize = 64;

    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller vouches for 64 readable bytes and AVX-512F; no alignment needed.
        Avx512(unsafe { _mm512_loadu_si512(src.cast()) })
    }

    #[inline(always)]
    unsafe fn store(self, dst: *mut u8) {
        // SAFETY: the caller vouches for 64 writable bytes and AVX-512F; no alignment needed.
        unsafe { _mm512_storeu_si512(dst.cast(), self.0) }
    }

    #[inline(always)]
    unsafe fn reverse<const WIDTH: usize>(self) -> Self {
        let control = const { reverse_control::<WIDTH, 64>() };
        // SAFETY: reads the 64-byte `control` array; the caller guarantees AVX-512BW.
        unsafe {
            Avx512(_mm512_shuffle_epi8(
                self.0,
                _mm512_loadu_si512(control.as_ptr().cast()),
            ))
        }
    }

    #[inline(always)]
    unsafe fn swap_short<L: Lane, const WIDTH: usize>(src: *const u8, dst: *mut u8, count: usize) {
        let bytes = count * WIDTH;
        // Bytes `0..bytes` only (`bytes < 64`): masked-off lanes are neither read nor written,
        // so they cannot fault.
        let keep: __mmask64 = (1u64 << bytes) - 1;
        // SAFETY: the mask limits both accesses to the caller's `bytes`, a whole number of
        // elements, so the shuffle moves bytes only within them; AVX-512BW is guaranteed.
        unsafe {
            let v = Avx512(_mm512_maskz_loadu_epi8(keep, src.cast()));
            _mm512_mask_storeu_epi8(dst.cast(), keep, v.reverse::<WIDTH>().0);
        }
    }
}

impl Shuffle for Avx512 {
    #[inline(always)]
    unsafe fn shuffle(self, control: Self) -> Self {
        // SAFETY: the caller guarantees AVX-512BW.
        unsafe { Avx512(_mm512_shuffle_epi8(self.0, control.0)) }
    }
}

/// # Safety
/// The CPU supports AVX-512F and AVX-512BW; otherwise as
/// [`LanesKernel`](crate::bulk::kernel::LanesKernel).
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn lanes(p: &LanePattern<'_>, src: *const u8, dst: *mut u8, bytes: usize) {
    // SAFETY: forwarded from the caller; AVX-512F and AVX-512BW are enabled.
    unsafe { shuffle_run::<Avx512>(p, src, dst, bytes) }
}

/// # Safety
/// The CPU supports AVX-512F and AVX-512BW; otherwise as [`portable::swap`].
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn swap<L: Lane, const WIDTH: usize>(src: *const u8, dst: *mut u8, count: usize) {
    // SAFETY: forwarded from the caller; then the rest of the same ranges, whole elements.
    unsafe {
        let done = align_head::<Avx512, L, WIDTH>(src, dst, count);
        swap_run::<Avx512, L, WIDTH>(src.add(done), dst.add(done), count - done / WIDTH);
    }
}

/// # Safety
/// The CPU supports AVX-512F and AVX-512BW; otherwise as [`copy_run`].
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn copy(src: *const u8, dst: *mut u8, bytes: usize) {
    // SAFETY: forwarded from the caller; AVX-512 is enabled.
    unsafe { aligned_copy::<Avx512>(src, dst, bytes) }
}

/// The kernel of each width, AVX-512BW.
pub(crate) static KERNELS: Kernels = Kernels {
    copy,
    swap2: swap::<u16, 2>,
    swap4: swap::<u32, 4>,
    swap8: swap::<u64, 8>,
    swap16: swap::<u128, 16>,
    lanes,
};
