//! The one loop every SIMD kernel runs, over a small vector trait.
//!
//! An instruction set supplies a [`Vector`] (load, store, reverse the bytes of each element);
//! [`swap_run`] does the rest. Up to [`Vector::STRAIGHT_MAX`] bytes (four vectors' worth, or
//! eight for the narrower vectors), two to eight vectors taken from both ends with no
//! loop (they may overlap in the middle); longer inputs, four vectors per iteration, then
//! single vectors, then one last vector that ends exactly at the end of the input and may
//! overlap what came before. So no element is left to a scalar tail. Inputs shorter than one
//! vector go to [`Vector::swap_short`].
//!
//! In place works too: the straight-line cases load everything before they store, each
//! iteration loads before it stores, and the last vector is loaded before anything is stored,
//! so the bytes it re-swaps are written with the same values the loop wrote there.

use super::kernel::Lane;
use super::portable;

/// A SIMD register of `BYTES` bytes whose elements of 2, 4, 8 or 16 bytes can be byte-reversed.
///
/// Every method is `#[inline(always)]` and unsafe: it uses instructions the caller guarantees
/// (a `#[target_feature]` function or the compile-time target), so it is only ever inlined
/// into a function that has them.
pub(crate) trait Vector: Copy {
    /// The register's width in bytes (16, 32 or 64).
    const BYTES: usize;

    /// Up to this many bytes, [`swap_run`] and [`copy_run`] run straight-line, without a loop:
    /// up to 4 or 8 vectors (at most 8), half of them from each end, every load before any
    /// store. Four vectors unless the instruction set measured better with more.
    const STRAIGHT_MAX: usize = 4 * Self::BYTES;

    /// Loads `BYTES` bytes from `src`.
    ///
    /// # Safety
    /// `src` is valid for reads of `BYTES` bytes (no alignment needed); the CPU has the
    /// instruction set.
    unsafe fn load(src: *const u8) -> Self;

    /// Stores the register's `BYTES` bytes to `dst`.
    ///
    /// # Safety
    /// `dst` is valid for writes of `BYTES` bytes (no alignment needed); the CPU has the
    /// instruction set.
    unsafe fn store(self, dst: *mut u8);

    /// Reverses the bytes of each `WIDTH`-byte element (`WIDTH` is 2, 4, 8 or 16).
    ///
    /// # Safety
    /// The CPU has the instruction set.
    unsafe fn reverse<const WIDTH: usize>(self) -> Self;

    /// Swaps fewer than `BYTES` bytes. One element at a time unless the instruction set has
    /// something better (a narrower vector, a masked load and store).
    ///
    /// # Safety
    /// As [`swap_run`], with `count * WIDTH < BYTES`.
    #[inline(always)]
    unsafe fn swap_short<L: Lane, const WIDTH: usize>(src: *const u8, dst: *mut u8, count: usize) {
        // SAFETY: forwarded from the caller.
        unsafe { portable::swap::<L>(src, dst, count) }
    }
}

/// Byte-reverses `count` elements of `WIDTH` bytes (`L` is the unsigned integer of that width)
/// from `src` to `dst` with vectors `V`.
///
/// # Safety
/// As [`portable::swap`]: `src` valid for reads and `dst` for writes of `count * WIDTH` bytes,
/// the two ranges identical or disjoint. The CPU has `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn swap_run<V: Vector, L: Lane, const WIDTH: usize>(
    src: *const u8,
    dst: *mut u8,
    count: usize,
) {
    let bytes = count * WIDTH;
    if bytes < V::BYTES {
        // SAFETY: forwarded from the caller; fewer than `V::BYTES` bytes.
        return unsafe { V::swap_short::<L, WIDTH>(src, dst, count) };
    }
    // `bytes` and `V::BYTES` are multiples of `WIDTH`, so every vector starts on an element.
    // SAFETY: forwarded from the caller, with at least `V::BYTES` bytes; `reverse` runs on the
    // instruction set the caller guarantees.
    unsafe {
        each_vector::<V>(
            src,
            dst,
            bytes,
            #[inline(always)]
            |v| v.reverse::<WIDTH>(),
        )
    }
}

/// The loop of [`swap_run`] and [`copy_run`]: `f` applied to every `V::BYTES` bytes from
/// `src`, stored at the same offset of `dst`. Up to `V::STRAIGHT_MAX` bytes (eight vectors on
/// AVX2, SSSE3 and SSE2, four on AVX-512 and NEON), straight-line from both ends (as `memcpy`
/// does its short sizes); longer, four vectors per iteration, then single
/// vectors, then one last vector that ends exactly at the end and may overlap the one before
/// (`f` must give the same bytes for the same input, so overlapping is harmless).
///
/// # Safety
/// `bytes >= V::BYTES`; `src` valid for reads and `dst` for writes of `bytes` bytes, the
/// ranges identical or disjoint; the CPU has `V`'s instruction set, which `f` may use.
#[inline(always)]
unsafe fn each_vector<V: Vector>(src: *const u8, dst: *mut u8, bytes: usize, f: impl Fn(V) -> V) {
    const { assert!(V::STRAIGHT_MAX <= 8 * V::BYTES) };
    if bytes > 4 * V::BYTES && bytes <= V::STRAIGHT_MAX {
        // SAFETY: `4 * V::BYTES < bytes <= 8 * V::BYTES`, so each call has
        // `N * V::BYTES < bytes <= 2 * N * V::BYTES`; the rest is forwarded.
        unsafe {
            if bytes <= 6 * V::BYTES {
                ends::<V, 3>(src, dst, bytes, &f);
            } else {
                ends::<V, 4>(src, dst, bytes, &f);
            }
        }
        return;
    }
    let last_at = bytes - V::BYTES;
    if bytes <= 4 * V::BYTES {
        // No loop, no extra load of the last vector: at 64 and 256 bytes (16- and 64-byte
        // vectors) the loop's set-up cost 0.3-0.4 ns a call, 0.73-0.90x of `memcpy`'s time;
        // straight-line, 0.95x or more in nearly every case (measured on Zen 5, every width,
        // six buffer placements; PERFORMANCE.md, "Bulk conversion, by instruction set").
        // SAFETY: every access covers `V::BYTES` bytes at an offset from 0 to `last_at`
        // (`bytes >= V::BYTES`; on the four-vector branch `bytes > 2 * V::BYTES`), so within
        // the caller's ranges. Every load comes before any store (in place).
        unsafe {
            if bytes <= 2 * V::BYTES {
                let a = V::load(src);
                let b = V::load(src.add(last_at));
                f(a).store(dst);
                f(b).store(dst.add(last_at));
            } else {
                let a = V::load(src);
                let b = V::load(src.add(V::BYTES));
                let c = V::load(src.add(bytes - 2 * V::BYTES));
                let d = V::load(src.add(last_at));
                f(a).store(dst);
                f(b).store(dst.add(V::BYTES));
                f(c).store(dst.add(bytes - 2 * V::BYTES));
                f(d).store(dst.add(last_at));
            }
        }
        return;
    }
    // Every access below covers `[at, at + V::BYTES)` with `at + V::BYTES <= bytes`, within the
    // caller's ranges; loads and stores are unaligned. The last vector is loaded before any
    // store (see the module docs for in place).
    // SAFETY: as just said, with `at = last_at`.
    let last = unsafe { V::load(src.add(last_at)) };
    let mut i = 0;
    while i + 4 * V::BYTES <= bytes {
        // SAFETY: as said above, for `at` from `i` to `i + 3 * V::BYTES`.
        unsafe {
            let a = V::load(src.add(i));
            let b = V::load(src.add(i + V::BYTES));
            let c = V::load(src.add(i + 2 * V::BYTES));
            let d = V::load(src.add(i + 3 * V::BYTES));
            f(a).store(dst.add(i));
            f(b).store(dst.add(i + V::BYTES));
            f(c).store(dst.add(i + 2 * V::BYTES));
            f(d).store(dst.add(i + 3 * V::BYTES));
        }
        i += 4 * V::BYTES;
    }
    while i < last_at {
        // SAFETY: as said above (`i < last_at`, so `i + V::BYTES < bytes`).
        unsafe { f(V::load(src.add(i))).store(dst.add(i)) };
        i += V::BYTES;
    }
    // Unless the loops ended exactly at the end (a multiple of four vectors), where it is
    // already stored.
    if i < bytes {
        // SAFETY: as said above, with `at = last_at`.
        unsafe { f(last).store(dst.add(last_at)) };
    }
}

/// `f` applied to the first `N` and the last `N` vectors of `bytes` bytes (the two groups may
/// overlap in the middle, which `f` makes harmless), every load before any store, so in place
/// works too. The straight-line case of [`each_vector`] above four vectors.
///
/// # Safety
/// `N * V::BYTES < bytes <= 2 * N * V::BYTES`; otherwise as [`each_vector`].
#[inline(always)]
unsafe fn ends<V: Vector, const N: usize>(
    src: *const u8,
    dst: *mut u8,
    bytes: usize,
    f: &impl Fn(V) -> V,
) {
    let tail = bytes - N * V::BYTES;
    // Plain loops over constant bounds, which unroll: `array::from_fn` was not inlined, and its
    // vectors then went through the stack outside this function's instruction set (60 ns).
    // SAFETY: the accesses cover `[k * V::BYTES, (k + 1) * V::BYTES)` and
    // `[tail + k * V::BYTES, tail + (k + 1) * V::BYTES)` for `k < N`, all within `bytes`
    // (`N * V::BYTES < bytes`), so within the caller's ranges.
    unsafe {
        let mut head = [V::load(src); N];
        let mut last = [V::load(src.add(tail)); N];
        for k in 1..N {
            head[k] = V::load(src.add(k * V::BYTES));
            last[k] = V::load(src.add(tail + k * V::BYTES));
        }
        for (k, &v) in head.iter().enumerate() {
            f(v).store(dst.add(k * V::BYTES));
        }
        for (k, &v) in last.iter().enumerate() {
            f(v).store(dst.add(tail + k * V::BYTES));
        }
    }
}

/// Copies `bytes` bytes from `src` to `dst` with vectors `V`: [`swap_run`]'s loop without the
/// reversal, for conversions whose wire order is the host's. The bulk functions use it instead
/// of `memcpy` for mid-sized runs: glibc's `memcpy` (AVX-512 variant, Zen 4) runs 14-35x
/// slower when the destination is 8 bytes past the source modulo 4 KiB (2-3x at 16), which is
/// where glibc puts a new `Vec` allocated right after the buffer it is decoded from (measured:
/// 4 KiB in 1.2 us instead of 43 ns, 64 KiB in 18.9 us instead of 1.3 us; this loop 38 ns and
/// 1.2 us there).
///
/// # Safety
/// `src` valid for reads and `dst` for writes of `bytes` bytes, the ranges identical or
/// disjoint; the CPU has `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn copy_run<V: Vector>(src: *const u8, dst: *mut u8, bytes: usize) {
    if bytes < V::BYTES {
        // SAFETY: forwarded from the caller (`copy` allows the identical ranges of in place).
        return unsafe { core::ptr::copy(src, dst, bytes) };
    }
    // SAFETY: forwarded from the caller, with at least `V::BYTES` bytes.
    unsafe { each_vector::<V>(src, dst, bytes, |v| v) }
}
