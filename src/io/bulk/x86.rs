//! x86_64 vectors: SSE2 (the baseline: shifts and word shuffles), SSSE3, AVX2 and AVX-512BW
//! (`pshufb` with a constant control), and the `#[target_feature]` kernels built on them.
//!
//! SSE2 needs no detection, so short inputs are swapped inline with it (or with the widest
//! instruction set the compile-time target guarantees, see [`Inline`]); the wider kernels are
//! reached through the cached function pointers of `dispatch`.

use core::arch::x86_64::*;

use super::portable::{self, Lane};
use super::vector::{Vector, copy_run, swap_run};

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

/// 16 bytes with SSE2 only: bytes swapped within 16-bit words by shifts, words and double words
/// reordered by `pshuflw`/`pshufhw`/`pshufd`.
#[derive(Clone, Copy)]
pub(crate) struct Sse2(__m128i);

impl Vector for Sse2 {
    const BYTES: usize = 16;

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

/// 16 bytes with SSSE3's `pshufb`.
#[derive(Clone, Copy)]
pub(crate) struct Ssse3(__m128i);

impl Vector for Ssse3 {
    const BYTES: usize = 16;

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

/// 32 bytes with AVX2's `vpshufb`; shorter inputs go to SSSE3 (which AVX2 implies).
#[derive(Clone, Copy)]
pub(crate) struct Avx2(__m256i);

impl Vector for Avx2 {
    const BYTES: usize = 32;

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

/// # Safety
/// The CPU supports SSSE3; otherwise as [`portable::swap`].
#[target_feature(enable = "ssse3")]
unsafe fn ssse3<L: Lane, const WIDTH: usize>(src: *const u8, dst: *mut u8, count: usize) {
    // SAFETY: forwarded from the caller; SSSE3 is enabled.
    unsafe { swap_run::<Ssse3, L, WIDTH>(src, dst, count) }
}

/// # Safety
/// The CPU supports AVX2; otherwise as [`portable::swap`].
#[target_feature(enable = "avx2")]
unsafe fn avx2<L: Lane, const WIDTH: usize>(src: *const u8, dst: *mut u8, count: usize) {
    // SAFETY: forwarded from the caller; then the rest of the same ranges, whole elements.
    unsafe {
        let done = align_head::<Avx2, L, WIDTH>(src, dst, count);
        swap_run::<Avx2, L, WIDTH>(src.add(done), dst.add(done), count - done / WIDTH);
    }
}

/// # Safety
/// The CPU supports AVX-512F and AVX-512BW; otherwise as [`portable::swap`].
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn avx512<L: Lane, const WIDTH: usize>(src: *const u8, dst: *mut u8, count: usize) {
    // SAFETY: forwarded from the caller; then the rest of the same ranges, whole elements.
    unsafe {
        let done = align_head::<Avx512, L, WIDTH>(src, dst, count);
        swap_run::<Avx512, L, WIDTH>(src.add(done), dst.add(done), count - done / WIDTH);
    }
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

/// # Safety
/// The CPU supports SSSE3 (SSE2 does the copy); otherwise as [`copy_run`].
#[target_feature(enable = "ssse3")]
unsafe fn ssse3_copy(src: *const u8, dst: *mut u8, bytes: usize) {
    // SAFETY: forwarded from the caller; SSE2 is part of every x86_64 target.
    unsafe { copy_run::<Sse2>(src, dst, bytes) }
}

/// # Safety
/// The CPU supports AVX2; otherwise as [`copy_run`].
#[target_feature(enable = "avx2")]
unsafe fn avx2_copy(src: *const u8, dst: *mut u8, bytes: usize) {
    // SAFETY: forwarded from the caller; AVX2 is enabled.
    unsafe { aligned_copy::<Avx2>(src, dst, bytes) }
}

/// # Safety
/// The CPU supports AVX-512F and AVX-512BW; otherwise as [`copy_run`].
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn avx512_copy(src: *const u8, dst: *mut u8, bytes: usize) {
    // SAFETY: forwarded from the caller; AVX-512 is enabled.
    unsafe { aligned_copy::<Avx512>(src, dst, bytes) }
}

/// The vector short inputs are swapped with inline, without a call: the widest one the
/// compile-time target guarantees (SSE2 at least, which every x86_64 CPU has).
#[cfg(target_feature = "avx2")]
pub(crate) type Inline = Avx2;
/// The vector short inputs are swapped with inline, without a call: the widest one the
/// compile-time target guarantees (SSE2 at least, which every x86_64 CPU has).
#[cfg(all(not(target_feature = "avx2"), target_feature = "ssse3"))]
pub(crate) type Inline = Ssse3;
/// The vector short inputs are swapped with inline, without a call: the widest one the
/// compile-time target guarantees (SSE2 at least, which every x86_64 CPU has).
#[cfg(not(any(target_feature = "avx2", target_feature = "ssse3")))]
pub(crate) type Inline = Sse2;

macro_rules! kernels {
    ($isa:ident, $copy:ident) => {
        pub(crate) mod $isa {
            /// The kernel of each width.
            pub(crate) static KERNELS: super::super::dispatch::Kernels =
                super::super::dispatch::Kernels {
                    copy: super::$copy,
                    swap2: super::$isa::<u16, 2>,
                    swap4: super::$isa::<u32, 4>,
                    swap8: super::$isa::<u64, 8>,
                    swap16: super::$isa::<u128, 16>,
                };
        }
    };
}
kernels!(ssse3, ssse3_copy);
kernels!(avx2, avx2_copy);
kernels!(avx512, avx512_copy);
