//! aarch64 vectors: NEON byte reversal (`rev16`/`rev32`/`rev64`, and `rev64` plus a half swap
//! for 16-byte elements). Compiled where the target has NEON (`target_feature = "neon"`, the
//! baseline of the usual aarch64 targets), so there is no detection and short inputs use it
//! inline; soft-float aarch64 targets use the portable kernels.

use core::arch::aarch64::*;

use super::kernel::{Kernels, Lane, LanePattern};
use super::lanes::{Shuffle, shuffle_run};
use super::vector::{Vector, copy_run, swap_run};

/// 16 bytes in a NEON register.
#[derive(Clone, Copy)]
pub(crate) struct Neon(uint8x16_t);

impl Vector for Neon {
    const BYTES: usize = 16;

    #[inline(always)]
    unsafe fn load(src: *const u8) -> Self {
        // SAFETY: the caller vouches for 16 readable bytes; `vld1q` needs no alignment.
        Neon(unsafe { vld1q_u8(src) })
    }

    #[inline(always)]
    unsafe fn store(self, dst: *mut u8) {
        // SAFETY: the caller vouches for 16 writable bytes; `vst1q` needs no alignment.
        unsafe { vst1q_u8(dst, self.0) }
    }

    #[inline(always)]
    unsafe fn reverse<const WIDTH: usize>(self) -> Self {
        let v = self.0;
        // SAFETY: NEON, as the caller guarantees.
        unsafe {
            Neon(match WIDTH {
                2 => vrev16q_u8(v),
                4 => vrev32q_u8(v),
                8 => vrev64q_u8(v),
                _ => {
                    let halves = vrev64q_u8(v);
                    vextq_u8::<8>(halves, halves)
                }
            })
        }
    }
}

impl Shuffle for Neon {
    #[inline(always)]
    unsafe fn shuffle(self, control: Self) -> Self {
        // SAFETY: NEON, as the caller guarantees; `tbl` with indexes below 16 is `pshufb`.
        unsafe { Neon(vqtbl1q_u8(self.0, control.0)) }
    }
}

/// # Safety
/// As [`LanesKernel`](super::kernel::LanesKernel); NEON is part of the compile-time target.
unsafe fn lanes(p: &LanePattern<'_>, src: *const u8, dst: *mut u8, bytes: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { shuffle_run::<Neon>(p, src, dst, bytes) }
}

/// Short inputs are swapped inline with NEON.
pub(crate) type Inline = Neon;

/// # Safety
/// As [`super::portable::swap`]; NEON is part of the compile-time target.
unsafe fn swap<L: Lane, const WIDTH: usize>(src: *const u8, dst: *mut u8, count: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { swap_run::<Neon, L, WIDTH>(src, dst, count) }
}

/// # Safety
/// As [`copy_run`]; NEON is part of the compile-time target.
unsafe fn copy(src: *const u8, dst: *mut u8, bytes: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { copy_run::<Neon>(src, dst, bytes) }
}

/// The kernel of each width, NEON.
pub(crate) static KERNELS: Kernels = Kernels {
    copy,
    swap2: swap::<u16, 2>,
    swap4: swap::<u32, 4>,
    swap8: swap::<u64, 8>,
    swap16: swap::<u128, 16>,
    lanes,
};
