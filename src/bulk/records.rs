//! Runs of fixed-size records rearranged byte by byte: one byte permutation per record.
//!
//! A record's bytes are gathered from up to 64 source bytes into up to 64 destination bytes by
//! one table (`index[i]`: the source byte that destination byte `i` copies). Framing uses it
//! both ways for runs of derived structs: memory to wire bytes (the struct's padding left
//! unread) and wire bytes to memory (the padding left unwritten, or written with don't-care
//! bytes). The kernel is AVX-512 VBMI's `vpermb` (one instruction for any 64-byte
//! permutation; AVX-512 VL for the narrower stores); where the CPU lacks them,
//! [`records_kernel_available`] says so and the caller frames field by field. Under Miri the kernel
//! runs when compiled with those features (CI does), its `vpermb` done byte by byte.

/// The permutation of one run: which source bytes each record reads, where each destination
/// byte comes from, and which destination bytes each record writes.
#[derive(Clone, Copy, Debug)]
// Read only by the kernels, which some targets lack.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) struct Permutation<'a> {
    /// For destination byte `i`, the source byte it copies (entries beyond the record's
    /// destination bytes are ignored).
    pub(crate) index: &'a [u8; 64],
    /// The source bytes of a record that may be read (bit `i`: byte `i`); the others (a
    /// struct's padding) are never touched.
    pub(crate) read: u64,
    /// The destination bytes of a record that hold its value (bit `i`: byte `i`).
    pub(crate) write: u64,
    /// Bytes from one record's source to the next's.
    pub(crate) src_stride: usize,
    /// Bytes from one record's destination to the next's.
    pub(crate) dst_stride: usize,
}

/// Rearranges `count` records from `src` into `dst` by `p`.
///
/// Besides each record's `write` bytes, the destination bytes between the records' values
/// (a struct's padding) may be written with unspecified bytes; nothing outside
/// `dst .. dst + count * dst_stride` is.
///
/// # Safety
/// [`records_kernel_available`] returned `true`. For each `k < count`, the `read` bytes at
/// `src + k * src_stride` are readable and initialized, and `dst .. dst + count * dst_stride`
/// is writable and does not overlap them. `read` and `write` name bytes below `src_stride` and
/// `dst_stride` bytes respectively (so records do not overlap).
#[inline]
pub(crate) unsafe fn permute_records(
    p: &Permutation<'_>,
    src: *const u8,
    dst: *mut u8,
    count: usize,
) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the CPU has the features the kernel is compiled for (`records_kernel_available`
    // said so, as the caller vouches); the pointers are the caller's promise.
    unsafe {
        x86::permute(p, src, dst, count);
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (p, src, dst, count);
        unreachable!("no record kernel on this target: `records_kernel_available` is false");
    }
}

/// Whether [`permute_records`] runs on this CPU (so that callers can skip preparing a run).
#[inline]
pub(crate) fn records_kernel_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        x86::available()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Allows the kernel (when the CPU has it) or forbids it, for [`super::Isa::force`]: a forced
/// tier below AVX-512 frames as a CPU of that tier would.
pub(super) fn set_allowed(allowed: bool) {
    #[cfg(target_arch = "x86_64")]
    x86::set_allowed(allowed);
    #[cfg(not(target_arch = "x86_64"))]
    let _ = allowed;
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::Permutation;
    use core::arch::x86_64::*;
    use core::sync::atomic::{AtomicU8, Ordering};

    const UNKNOWN: u8 = 0;
    const ABSENT: u8 = 1;
    const PRESENT: u8 = 2;
    static VBMI: AtomicU8 = AtomicU8::new(UNKNOWN);

    /// Whether the CPU has AVX-512 F, BW, VL and VBMI (detected once, then cached).
    #[inline(always)]
    pub(super) fn available() -> bool {
        if cfg!(all(
            target_feature = "avx512f",
            target_feature = "avx512bw",
            target_feature = "avx512vl",
            target_feature = "avx512vbmi"
        )) {
            return true;
        }
        match VBMI.load(Ordering::Relaxed) {
            UNKNOWN => detect(),
            state => state == PRESENT,
        }
    }

    /// Forbids the kernel, or lets the next call detect it again.
    pub(super) fn set_allowed(allowed: bool) {
        VBMI.store(if allowed { UNKNOWN } else { ABSENT }, Ordering::Relaxed);
    }

    #[cold]
    fn detect() -> bool {
        #[cfg(feature = "std")]
        let present = std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512vl")
            && std::arch::is_x86_feature_detected!("avx512vbmi");
        #[cfg(not(feature = "std"))]
        let present = false;
        VBMI.store(if present { PRESENT } else { ABSENT }, Ordering::Relaxed);
        present
    }

    /// `vpermb`: byte `i` of the result is byte `index[i] % 64` of `v`.
    #[cfg(not(miri))]
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn permute_bytes(index: __m512i, v: __m512i) -> __m512i {
        _mm512_permutexvar_epi8(index, v)
    }

    /// Miri does not implement `vpermb`: the same permutation byte by byte, so that the
    /// kernel's loads and stores around it are still checked.
    #[cfg(miri)]
    #[inline]
    fn permute_bytes(index: __m512i, v: __m512i) -> __m512i {
        // SAFETY: a `__m512i` is 64 plain bytes, as is a `[u8; 64]`.
        let (index, v): ([u8; 64], [u8; 64]) =
            unsafe { (core::mem::transmute(index), core::mem::transmute(v)) };
        let out: [u8; 64] = core::array::from_fn(|i| v[usize::from(index[i] % 64)]);
        // SAFETY: as above.
        unsafe { core::mem::transmute(out) }
    }

    /// # Safety
    /// The CPU has AVX-512 F, BW, VL and VBMI; the rest as [`super::permute_records`].
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi")]
    pub(super) unsafe fn permute(p: &Permutation<'_>, src: *const u8, dst: *mut u8, count: usize) {
        // Each record is stored with the narrowest stores that cover its value (measured: a
        // 64-byte store per 33-byte record cost 1.02 us per 1000, a 32 + 8-byte pair 0.85:
        // most of the wide stores straddled two cache lines).
        let extent = 64 - p.write.leading_zeros() as usize;
        // SAFETY: forwarded.
        unsafe {
            match extent {
                0..=16 => run::<16>(p, src, dst, count),
                17..=32 => run::<32>(p, src, dst, count),
                33..=40 => run::<40>(p, src, dst, count),
                41..=48 => run::<48>(p, src, dst, count),
                _ => run::<64>(p, src, dst, count),
            }
        }
    }

    /// [`permute`] with `STORE`-byte stores (at least the bytes from a record's start to the
    /// last of its `write` bytes).
    ///
    /// # Safety
    /// As [`permute`], and `STORE` covers the record's `write` bytes.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi")]
    unsafe fn run<const STORE: usize>(
        p: &Permutation<'_>,
        src: *const u8,
        dst: *mut u8,
        count: usize,
    ) {
        // SAFETY: 64 readable bytes (the table is a `[u8; 64]`); `loadu` needs no alignment.
        let index = unsafe { _mm512_loadu_si512(p.index.as_ptr().cast()) };
        // The records with `STORE` bytes left from their start take the plain stores (the
        // bytes past the record's value belong to its padding or to records not yet written,
        // rewritten by their own stores); the last few a masked one.
        let total = count * p.dst_stride;
        let full = if total >= STORE {
            ((total - STORE) / p.dst_stride + 1).min(count)
        } else {
            0
        };
        let (mut from, mut to) = (src, dst);
        for k in 0..count {
            // SAFETY: the masked load touches only the `read` bytes of record `k`, which the
            // caller vouches are readable and initialized.
            let record = unsafe { _mm512_maskz_loadu_epi8(p.read, from.cast()) };
            let out = permute_bytes(index, record);
            // SAFETY: record `k`'s destination starts at `to`, `k * dst_stride` bytes into
            // the destination; below `full`, `STORE` bytes from there stay inside it,
            // otherwise the masked store writes only the record's `write` bytes, inside its
            // stride. The pointers advance within (or one past) the caller's regions.
            unsafe {
                if k < full {
                    store::<STORE>(to, out);
                } else {
                    _mm512_mask_storeu_epi8(to.cast(), p.write, out);
                }
                from = from.wrapping_add(p.src_stride);
                to = to.add(p.dst_stride);
            }
        }
    }

    /// Stores the first `N` bytes of `v` (16, 32, 40, 48 or 64) at `to`.
    ///
    /// # Safety
    /// `N` bytes at `to` are writable.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl")]
    unsafe fn store<const N: usize>(to: *mut u8, v: __m512i) {
        let low = _mm512_castsi512_si256(v);
        // SAFETY: the stores cover the first `N` bytes at `to`; `storeu` needs no alignment.
        unsafe {
            match N {
                16 => _mm_storeu_si128(to.cast(), _mm512_castsi512_si128(v)),
                32 => _mm256_storeu_si256(to.cast(), low),
                40 => {
                    _mm256_storeu_si256(to.cast(), low);
                    _mm_storeu_si64(to.add(32), _mm512_extracti32x4_epi32::<2>(v));
                }
                48 => {
                    _mm256_storeu_si256(to.cast(), low);
                    _mm_storeu_si128(to.add(32).cast(), _mm512_extracti32x4_epi32::<2>(v));
                }
                _ => _mm512_storeu_si512(to.cast(), v),
            }
        }
    }
}
