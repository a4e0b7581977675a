//! aarch64 kernels: NEON byte reversal (`rev16`/`rev32`/`rev64`, and `rev64` plus a half swap
//! for 16-byte elements). Compiled where the target has NEON (`target_feature = "neon"`, the
//! baseline of the usual aarch64 targets), so there is no detection; soft-float aarch64 targets
//! use the portable kernels.
//!
//! Four vectors (64 bytes) per iteration, then single vectors, then the portable kernel. All
//! loads of an iteration happen before its stores, so the kernels also work in place.

use core::arch::aarch64::*;

use super::portable::{self, Lane};

#[inline(always)]
unsafe fn reverse<const WIDTH: usize>(v: uint8x16_t) -> uint8x16_t {
    // SAFETY: NEON is enabled in every caller.
    unsafe {
        match WIDTH {
            2 => vrev16q_u8(v),
            4 => vrev32q_u8(v),
            8 => vrev64q_u8(v),
            _ => {
                let halves = vrev64q_u8(v);
                vextq_u8::<8>(halves, halves)
            }
        }
    }
}

/// # Safety
/// As [`portable::swap`].
#[target_feature(enable = "neon")]
unsafe fn neon<L: Lane, const WIDTH: usize>(src: *const u8, dst: *mut u8, count: usize) {
    let bytes = count * WIDTH;
    let mut i = 0;
    while i + 64 <= bytes {
        // SAFETY: `i + 64 <= bytes`: within the caller's ranges; vld1q/vst1q need no alignment.
        unsafe {
            let a = vld1q_u8(src.add(i));
            let b = vld1q_u8(src.add(i + 16));
            let c = vld1q_u8(src.add(i + 32));
            let d = vld1q_u8(src.add(i + 48));
            vst1q_u8(dst.add(i), reverse::<WIDTH>(a));
            vst1q_u8(dst.add(i + 16), reverse::<WIDTH>(b));
            vst1q_u8(dst.add(i + 32), reverse::<WIDTH>(c));
            vst1q_u8(dst.add(i + 48), reverse::<WIDTH>(d));
        }
        i += 64;
    }
    while i + 16 <= bytes {
        // SAFETY: `i + 16 <= bytes`: within the caller's ranges.
        unsafe { vst1q_u8(dst.add(i), reverse::<WIDTH>(vld1q_u8(src.add(i)))) }
        i += 16;
    }
    // SAFETY: the rest of the caller's ranges, a whole number of elements.
    unsafe { portable::swap::<L>(src.add(i), dst.add(i), (bytes - i) / WIDTH) }
}

pub(crate) mod neon {
    macro_rules! kernels {
        ($($name:ident $lane:ty, $width:literal);*) => {$(
            /// # Safety
            /// As the portable kernel.
            pub(crate) unsafe fn $name(src: *const u8, dst: *mut u8, count: usize) {
                // SAFETY: forwarded from the caller; NEON is baseline on aarch64.
                unsafe { super::neon::<$lane, $width>(src, dst, count) }
            }
        )*};
    }
    kernels!(swap2 u16, 2; swap4 u32, 4; swap8 u64, 8; swap16 u128, 16);
}
