//! Runs of fixed-size records rearranged byte by byte: one byte permutation per record.
//!
//! A record's bytes are gathered from up to 64 source bytes into up to 64 destination bytes by
//! one table (`index[i]`: the source byte that destination byte `i` copies). Framing uses it
//! both ways for runs of derived structs: memory to wire bytes (the struct's padding left
//! unread) and wire bytes to memory (the padding left unwritten, or written with don't-care
//! bytes). The kernel is AVX-512 VBMI's `vpermb` (one instruction for any 64-byte
//! permutation); where the CPU lacks it, [`permute_records`] declines and the caller frames
//! field by field. Under Miri the kernel runs when compiled with those features (CI does), its
//! `vpermb` done byte by byte.

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

/// Rearranges `count` records from `src` into `dst` by `p`, if this CPU has a kernel for it;
/// returns `false` (nothing written) otherwise.
///
/// Besides each record's `write` bytes, the destination bytes between the records' values
/// (a struct's padding) may be written with unspecified bytes; nothing outside
/// `dst .. dst + count * dst_stride` is.
///
/// # Safety
/// For each `k < count`, the `read` bytes at `src + k * src_stride` are readable and
/// initialized, and `dst .. dst + count * dst_stride` is writable and does not overlap them.
/// `read` and `write` name bytes below `src_stride` and `dst_stride` bytes respectively (so
/// records do not overlap).
#[inline]
pub(crate) unsafe fn permute_records(
    p: &Permutation<'_>,
    src: *const u8,
    dst: *mut u8,
    count: usize,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    if x86::available() {
        // SAFETY: the CPU has the features the kernel is compiled for (checked just above);
        // the pointers are the caller's promise.
        unsafe { x86::permute(p, src, dst, count) };
        return true;
    }
    let _ = (p, src, dst, count);
    false
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

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::Permutation;
    use core::arch::x86_64::*;
    use core::sync::atomic::{AtomicU8, Ordering};

    const UNKNOWN: u8 = 0;
    const ABSENT: u8 = 1;
    const PRESENT: u8 = 2;
    static VBMI: AtomicU8 = AtomicU8::new(UNKNOWN);

    /// Whether the CPU has AVX-512 F, BW and VBMI (detected once, then cached).
    #[inline(always)]
    pub(super) fn available() -> bool {
        if cfg!(all(
            target_feature = "avx512f",
            target_feature = "avx512bw",
            target_feature = "avx512vbmi"
        )) {
            return true;
        }
        match VBMI.load(Ordering::Relaxed) {
            UNKNOWN => detect(),
            state => state == PRESENT,
        }
    }

    #[cold]
    fn detect() -> bool {
        #[cfg(feature = "std")]
        let present = std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
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
    /// The CPU has AVX-512 F, BW and VBMI; the rest as [`super::permute_records`].
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub(super) unsafe fn permute(p: &Permutation<'_>, src: *const u8, dst: *mut u8, count: usize) {
        // SAFETY: 64 readable bytes (the table is a `[u8; 64]`); `loadu` needs no alignment.
        let index = unsafe { _mm512_loadu_si512(p.index.as_ptr().cast()) };
        let total = count * p.dst_stride;
        let mut k = 0;
        while k < count {
            // SAFETY: the masked load touches only the `read` bytes of record `k`, which the
            // caller vouches are readable and initialized.
            let record =
                unsafe { _mm512_maskz_loadu_epi8(p.read, src.add(k * p.src_stride).cast()) };
            let out = permute_bytes(index, record);
            let at = k * p.dst_stride;
            // SAFETY: `at + 64 <= total`: the full store stays inside the destination, and
            // the bytes it writes past this record's belong to records not yet written
            // (rewritten by their own store) or to padding. Otherwise the masked store
            // writes only this record's `write` bytes, inside its `dst_stride`.
            unsafe {
                if at + 64 <= total {
                    _mm512_storeu_si512(dst.add(at).cast(), out);
                } else {
                    _mm512_mask_storeu_epi8(dst.add(at).cast(), p.write, out);
                }
            }
            k += 1;
        }
    }
}
