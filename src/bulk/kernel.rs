//! What every instruction set's kernels are: the element kernel's type and the table of one
//! kernel per width ([`Kernels`]), the lane shuffle's pattern ([`LanePattern`]), and the
//! integers an element is swapped as ([`Lane`]). The kernels' files and the dispatch import
//! these; this file imports none of them.

/// An unsigned integer as wide as an element; its `swap_bytes` is the element's byte reversal.
pub(crate) trait Lane: Copy {
    fn swap(self) -> Self;
}

macro_rules! lanes {
    ($($t:ty),*) => {$(
        impl Lane for $t {
            #[inline(always)]
            fn swap(self) -> Self {
                self.swap_bytes()
            }
        }
    )*};
}
lanes!(u16, u32, u64, u128);

/// A kernel: byte-reverse `count` elements from `src` to `dst` (identical or disjoint ranges).
pub(crate) type Kernel = unsafe fn(src: *const u8, dst: *mut u8, count: usize);

/// One kernel per element width: 1 (a copy: reversing one byte changes nothing), 2, 4, 8 and
/// 16 bytes.
pub(crate) struct Kernels {
    pub(crate) copy: Kernel,
    pub(crate) swap2: Kernel,
    pub(crate) swap4: Kernel,
    pub(crate) swap8: Kernel,
    pub(crate) swap16: Kernel,
    /// Records shuffled within 16-byte lanes ([`super::lanes`]).
    pub(crate) lanes: LanesKernel,
}

impl Kernels {
    /// The kernel for elements of `width` bytes (1, 2, 4, 8 or 16).
    #[inline(always)]
    pub(crate) fn for_width(&self, width: usize) -> Kernel {
        match width {
            1 => self.copy,
            2 => self.swap2,
            4 => self.swap4,
            8 => self.swap8,
            _ => self.swap16,
        }
    }
}

/// A byte shuffle within 16-byte lanes that repeats every `period` bytes: byte `t` of the
/// output is byte `control[t % period]` of the input's 16-byte lane holding byte `t` (input
/// byte `(t & !15) + control[t % period]`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct LanePattern<'a> {
    control: &'a [u8],
    period: usize,
}

/// Bytes of control past the period, repeating its start, so that a vector of up to 64 bytes
/// loads its control in one piece wherever in the period it starts.
pub(crate) const CONTROL_TAIL: usize = 64;

impl<'a> LanePattern<'a> {
    /// The pattern of `control` (at least `period + CONTROL_TAIL` bytes), if well formed: a
    /// period that is a positive multiple of 16, every entry below 16, and the tail repeating
    /// the start.
    pub(crate) const fn new(control: &'a [u8], period: usize) -> Option<Self> {
        if period == 0 || !period.is_multiple_of(16) || control.len() < period + CONTROL_TAIL {
            return None;
        }
        let mut i = 0;
        while i < period + CONTROL_TAIL {
            if control[i] >= 16 || control[i] != control[i % period] {
                return None;
            }
            i += 1;
        }
        Some(LanePattern { control, period })
    }

    /// The control: every entry below 16, the first `period + CONTROL_TAIL` bytes valid, the
    /// tail repeating the start (checked by [`new`](Self::new)).
    #[inline(always)]
    pub(crate) fn control(&self) -> &'a [u8] {
        self.control
    }

    /// The period, a positive multiple of 16.
    #[inline(always)]
    pub(crate) fn period(&self) -> usize {
        self.period
    }

    /// Whether every byte of a run of `bytes` bytes reads a byte inside the run (the last,
    /// partial lane of a run whose length is not a multiple of 16 may point past its end).
    pub(crate) fn stays_within(&self, bytes: usize) -> bool {
        let start = bytes & !15;
        (start..bytes).all(|t| start + usize::from(self.control[t % self.period]) < bytes)
    }
}

/// A kernel: the pattern applied to `bytes` bytes from `src` to `dst`.
///
/// # Safety
/// `src` valid for reads and `dst` for writes of `bytes` bytes, the ranges disjoint; the
/// pattern [stays within](LanePattern::stays_within) `bytes`.
pub(crate) type LanesKernel =
    unsafe fn(pattern: &LanePattern<'_>, src: *const u8, dst: *mut u8, bytes: usize);
