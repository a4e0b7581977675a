//! x86_64 kernels: SSSE3, AVX2 and AVX-512BW byte shuffles.
//!
//! Each loop moves four vectors per iteration (64, 128 and 256 bytes), then single vectors,
//! then hands the last partial vector to the portable kernel (AVX-512 uses a masked load and
//! store instead). Loads and stores are unaligned; the four loads of an iteration happen before
//! its stores, so the kernels work in place as well as between disjoint buffers.

use core::arch::x86_64::*;

use super::portable::{self, Lane};

/// The shuffle control that reverses each `WIDTH`-byte element of a 16-byte lane.
const fn lane_mask<const WIDTH: usize>() -> [u8; 16] {
    let mut mask = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        mask[i] = ((i / WIDTH) * WIDTH + (WIDTH - 1 - i % WIDTH)) as u8;
        i += 1;
    }
    mask
}

/// The same control repeated over `N` bytes (AVX2 and AVX-512 shuffle within 16-byte lanes).
const fn wide_mask<const WIDTH: usize, const N: usize>() -> [u8; N] {
    let lane = lane_mask::<WIDTH>();
    let mut mask = [0u8; N];
    let mut i = 0;
    while i < N {
        mask[i] = lane[i % 16];
        i += 1;
    }
    mask
}

/// # Safety
/// The CPU supports SSSE3; otherwise as [`portable::swap`].
#[target_feature(enable = "ssse3")]
unsafe fn ssse3<L: Lane, const WIDTH: usize>(src: *const u8, dst: *mut u8, count: usize) {
    let bytes = count * WIDTH;
    let mask_bytes = const { lane_mask::<WIDTH>() };
    // SAFETY: reads the `mask_bytes` array, exactly one vector long; the feature is enabled.
    let mask = unsafe { _mm_loadu_si128(mask_bytes.as_ptr().cast()) };
    // SAFETY (every block below): `i + k * 16 + 16 <= bytes` for each access, so it is within
    // the ranges the caller vouches for; loadu/storeu need no alignment; SSSE3 is enabled.
    let mut i = 0;
    while i + 64 <= bytes {
        // SAFETY: see above.
        unsafe {
            let a = _mm_loadu_si128(src.add(i).cast());
            let b = _mm_loadu_si128(src.add(i + 16).cast());
            let c = _mm_loadu_si128(src.add(i + 32).cast());
            let d = _mm_loadu_si128(src.add(i + 48).cast());
            _mm_storeu_si128(dst.add(i).cast(), _mm_shuffle_epi8(a, mask));
            _mm_storeu_si128(dst.add(i + 16).cast(), _mm_shuffle_epi8(b, mask));
            _mm_storeu_si128(dst.add(i + 32).cast(), _mm_shuffle_epi8(c, mask));
            _mm_storeu_si128(dst.add(i + 48).cast(), _mm_shuffle_epi8(d, mask));
        }
        i += 64;
    }
    while i + 16 <= bytes {
        // SAFETY: see above.
        unsafe {
            let a = _mm_loadu_si128(src.add(i).cast());
            _mm_storeu_si128(dst.add(i).cast(), _mm_shuffle_epi8(a, mask));
        }
        i += 16;
    }
    // SAFETY: the rest of the caller's ranges, a whole number of elements.
    unsafe { portable::swap::<L>(src.add(i), dst.add(i), (bytes - i) / WIDTH) }
}

/// # Safety
/// The CPU supports AVX2; otherwise as [`portable::swap`].
#[target_feature(enable = "avx2")]
unsafe fn avx2<L: Lane, const WIDTH: usize>(src: *const u8, dst: *mut u8, count: usize) {
    let bytes = count * WIDTH;
    let mask_bytes = const { wide_mask::<WIDTH, 32>() };
    // SAFETY: reads the `mask_bytes` array, exactly one vector long; the feature is enabled.
    let mask = unsafe { _mm256_loadu_si256(mask_bytes.as_ptr().cast()) };
    // Stores that straddle cache lines halve the throughput: swap a few leading elements
    // until `dst` is 32-byte aligned (when whole elements can get it there).
    let head = (32 - dst as usize % 32) % 32;
    let start = if bytes >= 256 && head.is_multiple_of(WIDTH) {
        head
    } else {
        0
    };
    // SAFETY: `start < 32 <= bytes`, a whole number of elements of the caller's ranges.
    unsafe { portable::swap::<L>(src, dst, start / WIDTH) };
    // SAFETY: `start <= bytes`: still within the caller's ranges.
    let (src, dst, bytes) = unsafe { (src.add(start), dst.add(start), bytes - start) };
    // SAFETY (every block below): `i + k * 32 + 32 <= bytes` for each access, so it is within
    // the ranges the caller vouches for; loadu/storeu need no alignment; AVX2 is enabled.
    let mut i = 0;
    while i + 128 <= bytes {
        // SAFETY: see above.
        unsafe {
            let a = _mm256_loadu_si256(src.add(i).cast());
            let b = _mm256_loadu_si256(src.add(i + 32).cast());
            let c = _mm256_loadu_si256(src.add(i + 64).cast());
            let d = _mm256_loadu_si256(src.add(i + 96).cast());
            _mm256_storeu_si256(dst.add(i).cast(), _mm256_shuffle_epi8(a, mask));
            _mm256_storeu_si256(dst.add(i + 32).cast(), _mm256_shuffle_epi8(b, mask));
            _mm256_storeu_si256(dst.add(i + 64).cast(), _mm256_shuffle_epi8(c, mask));
            _mm256_storeu_si256(dst.add(i + 96).cast(), _mm256_shuffle_epi8(d, mask));
        }
        i += 128;
    }
    while i + 32 <= bytes {
        // SAFETY: see above.
        unsafe {
            let a = _mm256_loadu_si256(src.add(i).cast());
            _mm256_storeu_si256(dst.add(i).cast(), _mm256_shuffle_epi8(a, mask));
        }
        i += 32;
    }
    // SAFETY: the rest of the caller's ranges; AVX2 implies SSSE3.
    unsafe { ssse3::<L, WIDTH>(src.add(i), dst.add(i), (bytes - i) / WIDTH) }
}

/// # Safety
/// The CPU supports AVX-512F and AVX-512BW; otherwise as [`portable::swap`].
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn avx512<L: Lane, const WIDTH: usize>(src: *const u8, dst: *mut u8, count: usize) {
    let bytes = count * WIDTH;
    let mask_bytes = const { wide_mask::<WIDTH, 64>() };
    // SAFETY: reads the `mask_bytes` array, exactly one vector long; the feature is enabled.
    let mask = unsafe { _mm512_loadu_si512(mask_bytes.as_ptr().cast()) };
    // SAFETY (every block below): `i + k * 64 + 64 <= bytes` for each access, so it is within
    // the ranges the caller vouches for; loadu/storeu need no alignment; AVX-512BW is enabled.
    let mut i = 0;
    while i + 256 <= bytes {
        // SAFETY: see above.
        unsafe {
            let a = _mm512_loadu_si512(src.add(i).cast());
            let b = _mm512_loadu_si512(src.add(i + 64).cast());
            let c = _mm512_loadu_si512(src.add(i + 128).cast());
            let d = _mm512_loadu_si512(src.add(i + 192).cast());
            _mm512_storeu_si512(dst.add(i).cast(), _mm512_shuffle_epi8(a, mask));
            _mm512_storeu_si512(dst.add(i + 64).cast(), _mm512_shuffle_epi8(b, mask));
            _mm512_storeu_si512(dst.add(i + 128).cast(), _mm512_shuffle_epi8(c, mask));
            _mm512_storeu_si512(dst.add(i + 192).cast(), _mm512_shuffle_epi8(d, mask));
        }
        i += 256;
    }
    while i + 64 <= bytes {
        // SAFETY: see above.
        unsafe {
            let a = _mm512_loadu_si512(src.add(i).cast());
            _mm512_storeu_si512(dst.add(i).cast(), _mm512_shuffle_epi8(a, mask));
        }
        i += 64;
    }
    let rest = bytes - i;
    if rest > 0 {
        // Bytes `i..bytes` only: masked-off lanes are neither read nor written (no fault).
        let keep: __mmask64 = (1u64 << rest) - 1;
        // SAFETY: the mask limits the access to the `rest < 64` bytes left in the caller's
        // ranges, a whole number of elements, so the shuffle stays within them.
        unsafe {
            let a = _mm512_maskz_loadu_epi8(keep, src.add(i).cast());
            _mm512_mask_storeu_epi8(dst.add(i).cast(), keep, _mm512_shuffle_epi8(a, mask));
        }
    }
}

macro_rules! kernels {
    ($isa:ident: $($name:ident $lane:ty, $width:literal);*) => {
        pub(crate) mod $isa {
            $(
                /// # Safety
                /// The CPU has the instruction set; otherwise as the portable kernel.
                pub(crate) unsafe fn $name(src: *const u8, dst: *mut u8, count: usize) {
                    // SAFETY: forwarded from the caller.
                    unsafe { super::$isa::<$lane, $width>(src, dst, count) }
                }
            )*
        }
    };
}
kernels!(ssse3: swap2 u16, 2; swap4 u32, 4; swap8 u64, 8; swap16 u128, 16);
kernels!(avx2: swap2 u16, 2; swap4 u32, 4; swap8 u64, 8; swap16 u128, 16);
kernels!(avx512: swap2 u16, 2; swap4 u32, 4; swap8 u64, 8; swap16 u128, 16);
