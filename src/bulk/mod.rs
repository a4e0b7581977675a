//! Bulk conversion between native slices and wire slices or bytes, at memory speed.
//!
//! Every function takes its byte order from the wire type (`u32be`, `LittleEndian<f64>`, ...),
//! so the same call is a byte swap on one host and a copy on another. Swaps run on the best
//! SIMD kernel of the CPU (SSE2, SSSE3, AVX2 or AVX-512BW on x86_64, NEON on aarch64), chosen
//! once and cached ([`Isa`]; [`Isa::force`] picks another one for measurements); inputs up to
//! 64 bytes are swapped inline with the vectors every CPU of the target has (SSE2 on x86_64,
//! NEON on aarch64), without a call.
//!
//! ```
//! use endian_wire::{bulk, u32be};
//!
//! let samples = [1u32, 2, 0x0102_0304];
//! let mut wire = [u32be::ZERO; 3];
//! bulk::to_wire(&samples, &mut wire);
//! assert_eq!(wire[2].to_bytes(), [1, 2, 3, 4]);
//!
//! # #[cfg(feature = "alloc")] {
//! let mut bytes = Vec::new();
//! bulk::extend_bytes::<u32be>(&mut bytes, &samples);
//! assert_eq!(&bytes[8..], &[1, 2, 3, 4]);
//!
//! let mut back = [0u32; 3];
//! bulk::from_bytes::<u32be>(&bytes, &mut back);
//! assert_eq!(back, samples);
//! # }
//! ```
//!
//! # Panics
//!
//! Like [`slice::copy_from_slice`], the functions that take a source and a destination panic
//! when their lengths do not match (for byte slices: when the byte length is not the element
//! count times the element size). A length mismatch is a bug in the caller, not bad input.

#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
mod aarch64;
mod dispatch;
mod element;
mod kernel;
mod lanes;
mod portable;
mod records;
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
mod vector;
#[cfg(target_arch = "x86_64")]
mod x86;

use core::mem::size_of;

use zerocopy::{FromBytes, IntoBytes};

pub use dispatch::{ForceIsaError, Isa};
pub use element::{Primitive, WireElement};
#[cfg(feature = "std")]
pub(crate) use kernel::CONTROL_TAIL;
pub(crate) use kernel::LanePattern;
pub(crate) use records::{Permutation, permute_records, records_kernel_available};

/// Up to this many bytes (one cache line) a swap runs inline on the compile-time target's
/// vectors (SSE2 on any x86_64, NEON on aarch64), without a call; longer ones go to the active
/// kernel, whose wider vectors and aligned stores pay for the call from here on (measured:
/// at 256 bytes inline SSE2 took 7-10 ns, the AVX-512 kernel 5 ns).
const INLINE_MAX: usize = 64;

/// Runs of this many bytes whose wire order is the host's are copied by the active kernel's
/// vector loop instead of `memcpy` (see `vector::copy_run` for the placement where `memcpy`
/// collapses). Measured on Zen 4 (`from_bytes::<u32le>` against `copy_from_slice`, the
/// destination 0 to 2048 bytes past the source modulo 4 KiB): at 1 KiB 10-16 ns either way,
/// from 4 KiB to 256 KiB the loop 0.85-1.05x of `memcpy`'s time at ordinary placements and
/// 14-31x faster at the bad one.
const COPY_FROM: usize = 1024;

/// Above this, `memcpy` again: past the caches it switches to non-temporal stores, which the
/// loop does not have (measured up to here).
const COPY_TO: usize = 256 * 1024;

/// Byte-reverses `count` elements of `L` from `src` to `dst`: inline when short, else with the
/// active kernel.
///
/// # Safety
/// `src` valid for reads and `dst` for writes of `count * size_of::<L>()` bytes; the ranges
/// identical or disjoint.
#[inline(always)]
unsafe fn swap_elements<L: kernel::Lane, const WIDTH: usize>(
    src: *const u8,
    dst: *mut u8,
    count: usize,
) {
    if count * WIDTH <= INLINE_MAX {
        // SAFETY: forwarded from the caller; `Inline` is an instruction set of the
        // compile-time target.
        unsafe { inline::swap::<L, WIDTH>(src, dst, count) }
    } else {
        let kernel = dispatch::active_kernel(WIDTH);
        // SAFETY: forwarded from the caller; the active kernel runs on this CPU.
        unsafe { kernel(src, dst, count) }
    }
}

/// The inline path: the compile-time target's vectors, or one element at a time without any.
mod inline {
    use super::kernel::Lane;

    /// # Safety
    /// As [`super::portable::swap`].
    #[inline(always)]
    pub(super) unsafe fn swap<L: Lane, const WIDTH: usize>(
        src: *const u8,
        dst: *mut u8,
        count: usize,
    ) {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        // SAFETY: forwarded; `x86::Inline` needs at most what the compile-time target has.
        unsafe {
            // SSE2 has no byte shuffle: a 16-byte reversal costs six instructions per vector,
            // more than two `bswap`s per element (measured at 64 B: 3.7 -> 3.4 ns to bytes).
            if WIDTH == 16 && !cfg!(target_feature = "ssse3") {
                super::portable::swap_grouped::<L>(src, dst, count)
            } else {
                super::vector::swap_run::<super::x86::Inline, L, WIDTH>(src, dst, count)
            }
        }
        #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
        // SAFETY: forwarded; NEON is part of the compile-time target.
        unsafe {
            super::vector::swap_run::<super::aarch64::Inline, L, WIDTH>(src, dst, count)
        }
        #[cfg(not(any(
            all(target_arch = "x86_64", target_feature = "sse2"),
            all(target_arch = "aarch64", target_feature = "neon")
        )))]
        // SAFETY: forwarded.
        unsafe {
            super::portable::swap::<L>(src, dst, count)
        }
    }
}

/// Byte-reverses `count` elements of `width` bytes from `src` to `dst`.
///
/// # Safety
/// `src` valid for reads and `dst` for writes of `count * width` bytes; the ranges identical or
/// disjoint; `width` is 2, 4, 8 or 16.
#[inline(always)]
unsafe fn swap_dispatched(width: usize, src: *const u8, dst: *mut u8, count: usize) {
    // SAFETY: forwarded from the caller.
    unsafe {
        match width {
            2 => swap_elements::<u16, 2>(src, dst, count),
            4 => swap_elements::<u32, 4>(src, dst, count),
            8 => swap_elements::<u64, 8>(src, dst, count),
            _ => swap_elements::<u128, 16>(src, dst, count),
        }
    }
}

/// Writes the wire form of `src` (`count` elements of `W`, as native bytes) to `dst`.
///
/// # Safety
/// `src` valid for reads and `dst` for writes of `count * size_of::<W>()` bytes; the ranges
/// identical or disjoint.
#[inline(always)]
unsafe fn convert<W: WireElement>(src: *const u8, dst: *mut u8, count: usize) {
    if W::SWAPS {
        // SAFETY: forwarded; `W::SWAPS` implies a width of 2, 4, 8 or 16.
        unsafe { swap_dispatched(size_of::<W>(), src, dst, count) }
    } else if !core::ptr::eq(src, dst) {
        // SAFETY: forwarded; the ranges are disjoint since they are not identical.
        unsafe { copy_bytes(src, dst, count * size_of::<W>()) }
    }
}

/// Copies `len` bytes between disjoint ranges, as `core::ptr::copy_nonoverlapping` does, but
/// faster for the short runs of varying length that format writers copy by the thousand (a
/// name, a short string, a 64-byte key): inline, with no call, up to 64 bytes; the active
/// SIMD copy kernel for mid-sized runs; `memcpy` beyond. It is what [`extend_from_bytes`]
/// and this crate's framing use; call it directly when writing into memory you reserved.
///
/// # Safety
/// `src` valid for reads and `dst` for writes of `len` bytes; the ranges do not overlap.
///
/// # Examples
///
/// ```
/// let name = b"minecraft:stone";
/// let mut out: Vec<u8> = Vec::with_capacity(2 + name.len());
/// out.extend_from_slice(&(name.len() as u16).to_be_bytes());
/// // SAFETY: the vector has room for `name.len()` more bytes (reserved above), which the copy
/// // initialises before `set_len` counts them; a shared and a unique borrow cannot overlap.
/// unsafe {
///     endian_wire::bulk::copy_bytes(name.as_ptr(), out.as_mut_ptr().add(2), name.len());
///     out.set_len(2 + name.len());
/// }
/// assert_eq!(&out[2..], name);
/// ```
#[inline(always)]
pub unsafe fn copy_bytes(src: *const u8, dst: *mut u8, len: usize) {
    if len <= SHORT_COPY_MAX {
        // SAFETY: forwarded, with `len <= SHORT_COPY_MAX`.
        unsafe { copy_short(src, dst, len) }
    } else if (COPY_FROM..=COPY_TO).contains(&len) {
        // SAFETY: forwarded; the width-1 kernel copies `len` bytes.
        unsafe { dispatch::active_kernel(1)(src, dst, len) }
    } else {
        // SAFETY: forwarded.
        unsafe { core::ptr::copy_nonoverlapping(src, dst, len) }
    }
}

/// Up to this many bytes, [`copy_bytes`] copies inline ([`copy_short`]) instead of calling
/// `memcpy` (tried: up to 128, with eight 16-byte moves, measured no faster on the Solana-like
/// block, whose keys come in 96-byte runs).
const SHORT_COPY_MAX: usize = 64;

/// Copies `len <= 64` bytes with two to four possibly overlapping loads and stores, without a
/// call or a loop. Framing copies many short pieces whose length is known only at run time (a
/// 12-byte `Vec<u8>`, one 64-byte signature), where the call to `memcpy` and its own size
/// dispatch cost more than the copy.
///
/// # Safety
/// `len <= 64`; `src` valid for reads and `dst` for writes of `len` bytes; the ranges do not
/// overlap.
#[inline(always)]
unsafe fn copy_short(src: *const u8, dst: *mut u8, len: usize) {
    /// Copies bytes `[0, N)` and `[len - N, len)` (`N` the size of `T`): all of them when
    /// `N <= len <= 2 * N`.
    ///
    /// # Safety
    /// As `copy_short`, with `N <= len`.
    #[inline(always)]
    unsafe fn ends<T: Copy>(src: *const u8, dst: *mut u8, len: usize) {
        let tail = len - size_of::<T>();
        // SAFETY: both accesses lie within the caller's `len` bytes (`size_of::<T>() <= len`).
        unsafe {
            let head = src.cast::<T>().read_unaligned();
            let last = src.add(tail).cast::<T>().read_unaligned();
            dst.cast::<T>().write_unaligned(head);
            dst.add(tail).cast::<T>().write_unaligned(last);
        }
    }
    // SAFETY: each branch calls `ends` with `N <= len <= 2 * N`.
    unsafe {
        if len > 32 {
            // Two 16-byte halves at each end, each moved as it is loaded: as one 32-byte
            // value per end, the tail's half went through the stack until the head was stored.
            ends::<u128>(src, dst, 32);
            ends::<u128>(src.add(len - 32), dst.add(len - 32), 32);
        } else if len >= 16 {
            ends::<u128>(src, dst, len);
        } else if len >= 8 {
            ends::<u64>(src, dst, len);
        } else if len >= 4 {
            ends::<u32>(src, dst, len);
        } else if len >= 2 {
            ends::<u16>(src, dst, len);
        } else if len == 1 {
            *dst = *src;
        }
    }
}

/// `src` copied into `dst` (uninitialized memory of the same length, a buffer's spare
/// capacity) through [`copy_bytes`], which initializes it.
///
/// # Panics
/// If the lengths differ.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn copy_to_uninit(src: &[u8], dst: &mut [core::mem::MaybeUninit<u8>]) {
    assert_eq!(src.len(), dst.len(), "copy_to_uninit: lengths differ");
    // SAFETY: `dst` holds `src.len()` bytes (`MaybeUninit<u8>` has the layout of `u8`) and is
    // disjoint from `src` (a shared and a unique borrow cannot alias); all are written.
    unsafe { copy_bytes(src.as_ptr(), dst.as_mut_ptr().cast(), src.len()) }
}

/// `out.extend_from_slice(src)` through [`copy_bytes`]: faster for the short byte runs of
/// varying length a format writer appends (strings, names, keys), where `extend_from_slice`'s
/// call to `memcpy` costs more than the copy.
///
/// # Examples
///
/// ```
/// let mut out = vec![0, 5];
/// endian_wire::bulk::extend_from_bytes(&mut out, b"hello");
/// assert_eq!(out, b"\0\x05hello");
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn extend_from_bytes(out: &mut alloc::vec::Vec<u8>, src: &[u8]) {
    out.reserve(src.len());
    let len = out.len();
    copy_to_uninit(src, &mut out.spare_capacity_mut()[..src.len()]);
    // SAFETY: `reserve` made room for `src.len()` bytes after `len`, all written just above.
    unsafe { out.set_len(len + src.len()) }
}

/// Converts wire bytes to native bytes, or back, where they are.
#[inline(always)]
fn convert_in_place<W: WireElement>(bytes: &mut [u8]) {
    let ptr = bytes.as_mut_ptr();
    // SAFETY: one range, both pointers derived from the same `as_mut_ptr`, as source and
    // destination; `bytes` holds whole elements (it comes from a slice of `W` or its native).
    unsafe { convert::<W>(ptr, ptr, bytes.len() / size_of::<W>()) }
}

/// Panics unless the lengths match. Inlined down to one comparison; the panic is out of line.
/// Applies `pattern` to `bytes` bytes from `src` to `dst` with the active instruction set
/// (records converted within 16-byte lanes, see [`lanes`]); `false`, nothing written, when
/// that is the portable one, which goes one byte at a time: the caller's record-by-record
/// path is faster there.
///
/// # Safety
/// `src` valid for reads and `dst` for writes of `bytes` bytes, the ranges disjoint; the
/// pattern [stays within](LanePattern::stays_within) `bytes`.
#[cfg(feature = "std")]
#[inline]
pub(crate) unsafe fn shuffle_lanes(
    pattern: &LanePattern<'_>,
    src: *const u8,
    dst: *mut u8,
    bytes: usize,
) -> bool {
    let isa = Isa::active();
    if isa == Isa::Portable {
        return false;
    }
    // SAFETY: forwarded from the caller; the active instruction set runs on this CPU.
    unsafe { (isa.table().lanes)(pattern, src, dst, bytes) };
    true
}

/// The lane shuffle of records (the bulk path of `RuntimeEndian::read_all_as` and its kin)
/// with a chosen instruction set, for tests and benchmarks: byte `t` of `dst` becomes byte
/// `(t & !15) + control[t % period]` of `src`. `None` if the instruction set is not available
/// here; the lengths differ; or the pattern is malformed (a `period` that is not a positive
/// multiple of 16, an entry of 16 or more, fewer than `period + 64` entries whose last 64
/// repeat the first, or a byte read past the end of `src`).
#[doc(hidden)]
pub fn shuffle_lanes_with(
    isa: Isa,
    control: &[u8],
    period: usize,
    src: &[u8],
    dst: &mut [u8],
) -> Option<()> {
    let kernels = isa.kernels()?;
    let pattern = LanePattern::new(control, period)?;
    if src.len() != dst.len() || !pattern.stays_within(src.len()) {
        return None;
    }
    // SAFETY: both slices hold `src.len()` bytes and cannot overlap (`&` and `&mut`); the
    // pattern was checked to stay within them; the instruction set is available.
    unsafe { (kernels.lanes)(&pattern, src.as_ptr(), dst.as_mut_ptr(), src.len()) };
    Some(())
}

#[track_caller]
#[inline(always)]
fn check_lengths(what: &'static str, src: usize, dst: usize) {
    if src != dst {
        length_mismatch(what, src, dst);
    }
}

#[track_caller]
#[cold]
#[inline(never)]
fn length_mismatch(what: &'static str, src: usize, dst: usize) -> ! {
    panic!("bulk::{what}: source length ({src}) does not match destination length ({dst})")
}

/// Converts native values into wire values: `dst[i] = W::from(src[i])`.
///
/// # Panics
/// If `src.len() != dst.len()`.
///
/// ```
/// use endian_wire::{bulk, u16le};
/// let mut wire = [u16le::ZERO; 2];
/// bulk::to_wire(&[1u16, 0x0203], &mut wire);
/// assert_eq!(wire, [u16le::new(1), u16le::new(0x0203)]);
/// ```
#[track_caller]
#[inline]
pub fn to_wire<W: WireElement>(src: &[W::Native], dst: &mut [W]) {
    check_lengths("to_wire", src.len(), dst.len());
    // SAFETY: both slices hold `src.len()` elements of the same size; `&` and `&mut` borrows
    // cannot overlap.
    unsafe { convert::<W>(src.as_ptr().cast(), dst.as_mut_ptr().cast(), src.len()) }
}

/// Converts wire values into native values: `dst[i] = src[i].to_native()`.
///
/// ```
/// use endian_wire::{bulk, u32be};
/// let wire = [u32be::new(1), u32be::new(0xCAFE)];
/// let mut native = [0u32; 2];
/// bulk::to_native(&wire, &mut native);
/// assert_eq!(native, [1, 0xCAFE]);
/// ```
///
/// # Panics
/// If `src.len() != dst.len()`.
#[track_caller]
#[inline]
pub fn to_native<W: WireElement>(src: &[W], dst: &mut [W::Native]) {
    check_lengths("to_native", src.len(), dst.len());
    // SAFETY: as in `to_wire`.
    unsafe { convert::<W>(src.as_ptr().cast(), dst.as_mut_ptr().cast(), src.len()) }
}

/// Converts native values to wire values where they are, and returns the same memory viewed
/// as wire values. No copy.
///
/// ```
/// use endian_wire::{bulk, u32be};
/// let mut data = [1u32, 2];
/// let wire: &mut [u32be] = bulk::wire_in_place(&mut data);
/// assert_eq!(wire[1].to_bytes(), [0, 0, 0, 2]);
/// ```
#[inline]
pub fn wire_in_place<W: WireElement>(data: &mut [W::Native]) -> &mut [W] {
    let bytes = data.as_mut_bytes();
    convert_in_place::<W>(bytes);
    match <[W]>::mut_from_bytes(bytes) {
        Ok(wire) => wire,
        // `W` is `repr(transparent)` over `W::Native`: same size and alignment.
        Err(_) => unreachable!("wire and native element layouts differ"),
    }
}

/// Converts wire values to native values where they are, and returns the same memory viewed
/// as native values. No copy.
///
/// ```
/// use endian_wire::{bulk, u16be};
/// let mut data = [u16be::new(1), u16be::new(2)];
/// let native: &mut [u16] = bulk::native_in_place(&mut data);
/// assert_eq!(native, [1, 2]);
/// ```
#[inline]
pub fn native_in_place<W: WireElement>(data: &mut [W]) -> &mut [W::Native] {
    let bytes = data.as_mut_bytes();
    convert_in_place::<W>(bytes);
    match <[W::Native]>::mut_from_bytes(bytes) {
        Ok(native) => native,
        // `W` is `repr(transparent)` over `W::Native`: same size and alignment.
        Err(_) => unreachable!("wire and native element layouts differ"),
    }
}

/// Converts wire bytes into native values.
///
/// ```
/// use endian_wire::{bulk, u32be};
/// let wire = [0, 0, 0, 1, 0, 0, 1, 0];
/// let mut values = [0u32; 2];
/// bulk::from_bytes::<u32be>(&wire, &mut values);
/// assert_eq!(values, [1, 256]);
/// ```
///
/// # Panics
/// If `src.len() != dst.len() * size_of::<W>()`.
#[track_caller]
#[inline]
pub fn from_bytes<W: WireElement>(src: &[u8], dst: &mut [W::Native]) {
    check_lengths("from_bytes", src.len(), dst.len() * size_of::<W>());
    // SAFETY: `src` holds exactly `dst.len()` elements' bytes; the borrows do not overlap.
    unsafe { convert::<W>(src.as_ptr(), dst.as_mut_ptr().cast(), dst.len()) }
}

/// Converts native values into wire bytes written to `dst`.
///
/// ```
/// use endian_wire::{bulk, i16be};
/// let mut wire = [0u8; 4];
/// bulk::to_bytes::<i16be>(&[1, -2], &mut wire);
/// assert_eq!(wire, [0, 1, 0xff, 0xfe]);
/// ```
///
/// # Panics
/// If `dst.len() != src.len() * size_of::<W>()`.
#[track_caller]
#[inline]
pub fn to_bytes<W: WireElement>(src: &[W::Native], dst: &mut [u8]) {
    check_lengths("to_bytes", src.len() * size_of::<W>(), dst.len());
    // SAFETY: `dst` holds exactly `src.len()` elements' bytes; the borrows do not overlap.
    unsafe { convert::<W>(src.as_ptr().cast(), dst.as_mut_ptr(), src.len()) }
}

/// Appends the wire bytes of `src` to `out` (one pass, no zero-filling).
///
/// ```
/// use endian_wire::{bulk, f32le};
/// let mut out = vec![0xAA];
/// bulk::extend_bytes::<f32le>(&mut out, &[1.0]);
/// assert_eq!(out, [0xAA, 0, 0, 0x80, 0x3f]);
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn extend_bytes<W: WireElement>(out: &mut alloc::vec::Vec<u8>, src: &[W::Native]) {
    let added = core::mem::size_of_val(src);
    out.reserve(added);
    to_uninit_bytes::<W>(src, &mut out.spare_capacity_mut()[..added]);
    let len = out.len();
    // SAFETY: the `added` bytes after `len` were initialised just above.
    unsafe { out.set_len(len + added) }
}

/// [`to_bytes`] into uninitialized memory (a `Vec`'s spare capacity), which it initializes.
///
/// # Panics
/// If `dst.len() != src.len() * size_of::<W>()`.
#[track_caller]
#[inline]
pub(crate) fn to_uninit_bytes<W: WireElement>(
    src: &[W::Native],
    dst: &mut [core::mem::MaybeUninit<u8>],
) {
    check_lengths("to_bytes", src.len() * size_of::<W>(), dst.len());
    // SAFETY: `dst` holds exactly `src.len()` elements' bytes (`MaybeUninit<u8>` has the
    // layout of `u8`); the borrows do not overlap; `convert` writes every byte.
    unsafe { convert::<W>(src.as_ptr().cast(), dst.as_mut_ptr().cast(), src.len()) }
}

/// Appends the native values of the wire bytes `src` to `out` (one pass, no zero-filling).
///
/// ```
/// use endian_wire::{bulk, u16be};
/// let mut out = vec![7u16];
/// bulk::extend_native::<u16be>(&mut out, &[0x01, 0x02]);
/// assert_eq!(out, [7, 0x0102]);
/// ```
///
/// # Panics
/// If `src.len()` is not a multiple of the element size.
#[cfg(feature = "alloc")]
#[inline]
#[track_caller]
pub fn extend_native<W: WireElement>(out: &mut alloc::vec::Vec<W::Native>, src: &[u8]) {
    let size = core::mem::size_of::<W>();
    assert!(
        src.len().is_multiple_of(size),
        "bulk::extend_native: {} bytes are not a whole number of {size}-byte elements",
        src.len()
    );
    let count = src.len() / size;
    out.reserve(count);
    let spare = &mut out.spare_capacity_mut()[..count];
    // SAFETY: `spare` is `count` elements of this vector's unused capacity, disjoint from
    // `src`, which holds exactly their bytes; `convert` writes every one of them.
    unsafe { convert::<W>(src.as_ptr(), spare.as_mut_ptr().cast(), count) }
    let len = out.len();
    // SAFETY: the `count` elements after `len` were initialised just above.
    unsafe { out.set_len(len + count) }
}

/// Swaps the bytes of `count = src.len() / width` elements of `width` bytes with the given
/// instruction set, or returns `None` if this build or CPU cannot run it. Width 1 is the copy
/// kernel (pass-through conversions use it for mid-sized runs). For tests and benchmarks that
/// compare the kernels; the other functions use [`Isa::active`].
///
/// ```
/// use endian_wire::bulk::{self, Isa};
/// let src = [1u8, 2, 3, 4, 5, 6, 7, 8];
/// let mut dst = [0u8; 8];
/// bulk::swap_bytes_with(Isa::Portable, 4, &src, &mut dst).expect("portable runs everywhere");
/// assert_eq!(dst, [4, 3, 2, 1, 8, 7, 6, 5]);
/// // Every instruction set this machine can run gives the same bytes.
/// for isa in Isa::ALL.into_iter().filter(|isa| isa.is_available()) {
///     let mut again = [0u8; 8];
///     bulk::swap_bytes_with(isa, 4, &src, &mut again);
///     assert_eq!(again, dst);
/// }
/// ```
///
/// # Panics
/// If `width` is not 1, 2, 4, 8 or 16, if `src.len()` is not a multiple of `width`, or if the
/// lengths differ.
#[track_caller]
pub fn swap_bytes_with(isa: Isa, width: usize, src: &[u8], dst: &mut [u8]) -> Option<()> {
    check_width(width, src.len());
    check_lengths("swap_bytes_with", src.len(), dst.len());
    let kernel = isa.kernels()?.for_width(width);
    // SAFETY: equal lengths, a whole number of elements, disjoint borrows; the kernel runs
    // on this CPU.
    unsafe { kernel(src.as_ptr(), dst.as_mut_ptr(), src.len() / width) }
    Some(())
}

/// In-place form of [`swap_bytes_with`].
///
/// ```
/// use endian_wire::bulk::{self, Isa};
/// let mut data = [1u8, 2, 3, 4];
/// bulk::swap_bytes_in_place_with(Isa::active(), 2, &mut data).expect("the active set runs here");
/// assert_eq!(data, [2, 1, 4, 3]);
/// ```
///
/// # Panics
/// If `width` is not 1, 2, 4, 8 or 16 or `data.len()` is not a multiple of it.
#[track_caller]
pub fn swap_bytes_in_place_with(isa: Isa, width: usize, data: &mut [u8]) -> Option<()> {
    check_width(width, data.len());
    let kernel = isa.kernels()?.for_width(width);
    let ptr = data.as_mut_ptr();
    // SAFETY: one range (both pointers from the same `as_mut_ptr`) as source and destination,
    // a whole number of elements; the kernel runs on this CPU.
    unsafe { kernel(ptr, ptr, data.len() / width) }
    Some(())
}

#[track_caller]
fn check_width(width: usize, len: usize) {
    assert!(
        matches!(width, 1 | 2 | 4 | 8 | 16) && len.is_multiple_of(width),
        "bulk: width {width} must be 1, 2, 4, 8 or 16 and divide the length {len}"
    );
}

/// Bytes converted per `write_all` call by [`write`] when it has to swap.
#[cfg(feature = "std")]
const WRITE_CHUNK: usize = 8192;

/// Writes the wire bytes of `src` to `writer` without allocating.
///
/// When the host order is the wire order this is one `write_all` of `src`'s bytes; otherwise
/// the values are converted into a stack buffer and written 8 KiB at a time.
///
/// ```
/// use endian_wire::{bulk, u16be};
/// let mut file = Vec::new(); // any `std::io::Write`
/// bulk::write::<u16be, _>(&mut file, &[0x0102, 0x0304])?;
/// assert_eq!(file, [1, 2, 3, 4]);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// Whatever `writer` returns.
#[cfg(feature = "std")]
pub fn write<W: WireElement, Wr: std::io::Write + ?Sized>(
    writer: &mut Wr,
    src: &[W::Native],
) -> std::io::Result<()> {
    if !W::SWAPS {
        return writer.write_all(src.as_bytes());
    }
    let mut buf = [core::mem::MaybeUninit::<u8>::uninit(); WRITE_CHUNK];
    for chunk in src.chunks(WRITE_CHUNK / size_of::<W>()) {
        let len = core::mem::size_of_val(chunk);
        // SAFETY: `chunk` fits in `buf` and `convert` writes all of its `len` bytes.
        unsafe { convert::<W>(chunk.as_ptr().cast(), buf.as_mut_ptr().cast(), chunk.len()) };
        // SAFETY: the first `len` bytes of `buf` were initialised just above.
        let bytes = unsafe { core::slice::from_raw_parts(buf.as_ptr().cast::<u8>(), len) };
        writer.write_all(bytes)?;
    }
    Ok(())
}

/// Fills `dst` with values read from `reader` as wire bytes: one `read_exact`, then an
/// in-place conversion.
///
/// ```
/// use endian_wire::{bulk, u16be};
/// let mut samples = [0u16; 2];
/// bulk::read::<u16be, _>(&mut &[1u8, 2, 3, 4][..], &mut samples)?;
/// assert_eq!(samples, [0x0102, 0x0304]);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// `UnexpectedEof` if the reader ends first (the contents of `dst` are then unspecified), or
/// whatever else `reader` returns.
#[cfg(feature = "std")]
pub fn read<W: WireElement, R: std::io::Read + ?Sized>(
    reader: &mut R,
    dst: &mut [W::Native],
) -> std::io::Result<()> {
    let bytes = dst.as_mut_bytes();
    reader.read_exact(bytes)?;
    convert_in_place::<W>(bytes);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every length the inline copy takes, and the first it does not, from every offset of a
    /// 16-byte stride: exactly `len` bytes land, and none around them.
    #[test]
    fn short_copies_write_their_bytes_and_nothing_else() {
        let src: [u8; 160] = core::array::from_fn(|i| i as u8 ^ 0x5a);
        for len in 0..=SHORT_COPY_MAX + 1 {
            // Every alignment, or under Miri (which checks the accesses) 0, 5, 10 and 15.
            for at in (0..16).step_by(if cfg!(miri) { 5 } else { 1 }) {
                let mut dst = [0xeeu8; 160];
                // SAFETY: `at + len <= 16 + 65` bytes of both arrays, which are disjoint.
                unsafe { copy_bytes(src[at..].as_ptr(), dst[8..].as_mut_ptr(), len) };
                assert!(dst[..8].iter().all(|&b| b == 0xee), "len {len}: before");
                assert_eq!(dst[8..8 + len], src[at..at + len], "len {len} at {at}");
                assert!(
                    dst[8 + len..].iter().all(|&b| b == 0xee),
                    "len {len}: after"
                );
            }
        }
    }
}
