//! Runs of records whose bytes move only within 16-byte lanes: one byte shuffle per vector
//! (`pshufb`, NEON `tbl`), its control repeating every `period` bytes.
//!
//! A table of records of mixed widths laid out without padding (ELF's section headers: two
//! `u32`s, four `u64`s, two `u32`s, two `u64`s) changes byte order field by field: each byte
//! moves inside its field, and a field whose offset is a multiple of its size never straddles
//! a 16-byte boundary. So the whole table converts with the shuffle that reverses each
//! element, as the element kernels do, except that the control follows the record's layout
//! and repeats with the record (every `lcm(record size, 16)` bytes) instead of every lane.
//! The controls are built at compile time per record type (`runtime_endian::table`).

use super::kernel::LanePattern;

/// A vector that can shuffle the bytes of each of its 16-byte lanes.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub(crate) trait Shuffle: super::vector::Vector {
    /// Byte `i` of each lane becomes byte `control[i]` (below 16) of the same lane.
    ///
    /// # Safety
    /// The CPU has the instruction set.
    unsafe fn shuffle(self, control: Self) -> Self;
}

/// The pattern applied with vectors `V`, four per iteration, then one at a time, then the
/// bytes after the last whole vector one at a time (fewer than `V::BYTES`). When the pattern
/// repeats within four vectors (records of 16, 32 or 64 bytes), every iteration's four
/// vectors start at the same phases, and their controls are loaded once.
///
/// # Safety
/// As [`LanesKernel`]; the CPU has `V`'s instruction set.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
#[inline(always)]
pub(crate) unsafe fn shuffle_run<V: Shuffle>(
    p: &LanePattern<'_>,
    src: *const u8,
    dst: *mut u8,
    bytes: usize,
) {
    let period = p.period();
    let step = V::BYTES % period;
    let next = |phase: usize| {
        let phase = phase + step;
        if phase >= period {
            phase - period
        } else {
            phase
        }
    };
    // The control of a vector at `phase` (always below `period`).
    let control = |phase: usize| {
        debug_assert!(phase < period);
        // SAFETY: `phase < period`, so the `V::BYTES <= CONTROL_TAIL` bytes from it are
        // inside `control`; the caller guarantees the instruction set.
        unsafe { V::load(p.control().as_ptr().add(phase)) }
    };
    let block = 4 * V::BYTES;
    let (mut at, mut phase) = (0, 0);
    if block.is_multiple_of(period) {
        let c = [0, 1, 2, 3].map(|k| control(k * V::BYTES % period));
        while at + block <= bytes {
            // SAFETY: `at + block <= bytes`: the four vectors are within the caller's ranges;
            // every load comes before the stores. Unaligned loads and stores.
            unsafe {
                let v = [0, 1, 2, 3].map(|k| V::load(src.add(at + k * V::BYTES)));
                for (k, v) in v.into_iter().enumerate() {
                    v.shuffle(c[k]).store(dst.add(at + k * V::BYTES));
                }
            }
            at += block; // a whole number of periods: the phase stays 0
        }
    } else {
        while at + block <= bytes {
            let phases = [
                phase,
                next(phase),
                next(next(phase)),
                next(next(next(phase))),
            ];
            // SAFETY: as above.
            unsafe {
                let v = [0, 1, 2, 3].map(|k| V::load(src.add(at + k * V::BYTES)));
                for (k, v) in v.into_iter().enumerate() {
                    v.shuffle(control(phases[k]))
                        .store(dst.add(at + k * V::BYTES));
                }
            }
            at += block;
            phase = next(phases[3]);
        }
    }
    while at + V::BYTES <= bytes {
        // SAFETY: `at + V::BYTES <= bytes`: within the caller's ranges.
        unsafe {
            V::load(src.add(at))
                .shuffle(control(phase))
                .store(dst.add(at))
        };
        at += V::BYTES;
        phase = next(phase);
    }
    // SAFETY: the rest of the caller's ranges, from a lane boundary (`at` is a multiple of
    // 16) and at phase `phase` of the pattern.
    unsafe { bytewise(p, src, dst, at, bytes, phase) }
}

/// The pattern applied one byte at a time to bytes `from..bytes` (`from` a multiple of 16, at
/// phase `phase` of the pattern): the portable kernel, and the tails of the vector ones.
///
/// # Safety
/// As [`LanesKernel`].
#[inline(always)]
unsafe fn bytewise(
    p: &LanePattern<'_>,
    src: *const u8,
    dst: *mut u8,
    from: usize,
    bytes: usize,
    mut phase: usize,
) {
    debug_assert!(from.is_multiple_of(16));
    for t in from..bytes {
        let source = (t & !15) + usize::from(p.control()[phase]);
        // SAFETY: the pattern stays within `bytes` (the caller's promise), so `source` is a
        // readable byte of `src`, and `t < bytes` a writable one of `dst`.
        unsafe { dst.add(t).write(src.add(source).read()) };
        phase += 1;
        if phase == p.period() {
            phase = 0;
        }
    }
}

/// The portable kernel: one byte at a time. The oracle of the tests; the callers in this
/// crate convert record by record instead when it is the active one.
///
/// # Safety
/// As [`LanesKernel`].
pub(crate) unsafe fn portable(p: &LanePattern<'_>, src: *const u8, dst: *mut u8, bytes: usize) {
    // SAFETY: forwarded from the caller, from the start.
    unsafe { bytewise(p, src, dst, 0, bytes, 0) }
}
