//! Choosing a kernel: once, at first use, cached as a function pointer per element width.
//!
//! When the compile-time target already guarantees an instruction set (for example
//! `-C target-cpu=native`, or NEON on aarch64), the choice is a constant and no detection runs.

use core::sync::atomic::{AtomicPtr, AtomicU8, Ordering};

use super::portable;

/// An instruction set the bulk kernels can use.
///
/// [`Isa::active`] is the one the bulk functions dispatch to; every available one can be forced
/// through [`swap_bytes_with`](super::swap_bytes_with), for tests and benchmarks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Isa {
    /// One element at a time; every target. The oracle of the tests.
    Portable,
    /// x86_64 SSSE3 `pshufb`, 64 bytes per iteration.
    Ssse3,
    /// x86_64 AVX2 `vpshufb`, 128 bytes per iteration.
    Avx2,
    /// x86_64 AVX-512BW `vpshufb` on 64-byte vectors, 256 bytes per iteration; inputs under
    /// 64 bytes in one masked load and store.
    Avx512Bw,
    /// aarch64 NEON `rev16` / `rev32` / `rev64`, 64 bytes per iteration.
    Neon,
}

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
    pub(crate) lanes: super::lanes::LanesKernel,
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

impl Isa {
    /// Every instruction set this crate knows, on any architecture.
    pub const ALL: [Isa; 5] = [
        Isa::Portable,
        Isa::Ssse3,
        Isa::Avx2,
        Isa::Avx512Bw,
        Isa::Neon,
    ];

    /// A short name, as used in benchmark and report labels.
    pub const fn name(self) -> &'static str {
        match self {
            Isa::Portable => "portable",
            Isa::Ssse3 => "ssse3",
            Isa::Avx2 => "avx2",
            Isa::Avx512Bw => "avx512bw",
            Isa::Neon => "neon",
        }
    }

    /// Whether this build and this CPU can run the instruction set.
    pub fn is_available(self) -> bool {
        self.kernels().is_some()
    }

    /// The instruction set the bulk functions use on this machine.
    #[inline(always)]
    pub fn active() -> Isa {
        if let Some(isa) = compile_time_choice() {
            return isa;
        }
        match CHOSEN.load(Ordering::Relaxed) {
            UNSET => detect_and_cache(),
            index => Isa::ALL[usize::from(index)],
        }
    }

    /// The kernels of this instruction set, if this build and this CPU can run them.
    pub(crate) fn kernels(self) -> Option<&'static Kernels> {
        let supported = match self {
            Isa::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Ssse3 => cpu_has_ssse3(),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => cpu_has_avx2(),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512Bw => cpu_has_avx512bw(),
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            Isa::Neon => true,
            _ => false,
        };
        supported.then(|| self.table())
    }

    /// The kernel table of this instruction set, without asking the CPU. Only for an
    /// instruction set known to be available; one not compiled for this target maps to the
    /// portable kernels.
    #[inline(always)]
    pub(super) fn table(self) -> &'static Kernels {
        match self {
            #[cfg(target_arch = "x86_64")]
            Isa::Ssse3 => &super::x86::ssse3::KERNELS,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => &super::x86::avx2::KERNELS,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512Bw => &super::x86::avx512::KERNELS,
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            Isa::Neon => &super::aarch64::KERNELS,
            _ => &portable::KERNELS,
        }
    }
}

/// The active kernel of each width, cached as a plain function pointer (memchr's scheme): it
/// starts as [`detect`], which chooses the instruction set, stores the chosen kernel over
/// itself and runs it, so every later call is one load and one indirect call.
static ACTIVE: [AtomicPtr<()>; 5] = [
    AtomicPtr::new(detect::<0> as *mut ()),
    AtomicPtr::new(detect::<1> as *mut ()),
    AtomicPtr::new(detect::<2> as *mut ()),
    AtomicPtr::new(detect::<3> as *mut ()),
    AtomicPtr::new(detect::<4> as *mut ()),
];

/// The element width of a slot of [`ACTIVE`].
const fn slot_width(slot: usize) -> usize {
    1 << slot
}

/// The slot of [`ACTIVE`] for elements of `width` bytes (1, 2, 4, 8 or 16).
#[inline(always)]
const fn width_slot(width: usize) -> usize {
    width.trailing_zeros() as usize
}

/// Stands in for the kernel of slot `SLOT` until the first call: chooses, caches, runs.
///
/// # Safety
/// As [`Kernel`].
unsafe fn detect<const SLOT: usize>(src: *const u8, dst: *mut u8, count: usize) {
    let kernel = Isa::active().table().for_width(slot_width(SLOT));
    ACTIVE[SLOT].store(kernel as *mut (), Ordering::Relaxed);
    // SAFETY: forwarded from the caller; the active instruction set runs on this CPU.
    unsafe { kernel(src, dst, count) }
}

/// The kernel the bulk functions use for elements of `width` bytes (1, 2, 4, 8 or 16): a constant
/// when the compile-time target settles the instruction set, the cached pointer otherwise.
#[inline(always)]
pub(crate) fn active_kernel(width: usize) -> Kernel {
    if let Some(isa) = compile_time_choice() {
        return isa.table().for_width(width);
    }
    let raw = ACTIVE[width_slot(width)].load(Ordering::Relaxed);
    // SAFETY: every pointer stored in `ACTIVE` is a `Kernel` (a `detect` instance or a kernel
    // of the active instruction set), cast to `*mut ()` above; casting back restores it.
    unsafe { core::mem::transmute::<*mut (), Kernel>(raw) }
}

const UNSET: u8 = u8::MAX;
static CHOSEN: AtomicU8 = AtomicU8::new(UNSET);

/// The choice when the compile-time target settles it (no detection needed).
#[inline(always)]
const fn compile_time_choice() -> Option<Isa> {
    if cfg!(all(target_arch = "aarch64", target_feature = "neon")) {
        Some(Isa::Neon)
    } else if cfg!(all(
        target_arch = "x86_64",
        target_feature = "avx512f",
        target_feature = "avx512bw"
    )) {
        Some(Isa::Avx512Bw)
    } else if cfg!(all(target_arch = "x86_64", target_feature = "avx2")) {
        Some(Isa::Avx2)
    } else if cfg!(target_arch = "x86_64") && !cfg!(feature = "std") {
        // Without std there is no runtime detection: use what the target guarantees.
        if cfg!(target_feature = "ssse3") {
            Some(Isa::Ssse3)
        } else {
            Some(Isa::Portable)
        }
    } else if cfg!(target_arch = "x86_64") {
        None
    } else {
        Some(Isa::Portable)
    }
}

#[cold]
fn detect_and_cache() -> Isa {
    let best = [Isa::Avx512Bw, Isa::Avx2, Isa::Ssse3]
        .into_iter()
        .find(|isa| isa.is_available())
        .unwrap_or(Isa::Portable);
    let index = Isa::ALL.iter().position(|&isa| isa == best).unwrap_or(0);
    CHOSEN.store(index as u8, Ordering::Relaxed);
    best
}

macro_rules! cpu_has {
    ($name:ident, $($feature:tt),+) => {
        #[cfg(target_arch = "x86_64")]
        #[inline]
        fn $name() -> bool {
            if cfg!(all($(target_feature = $feature),+)) {
                return true;
            }
            #[cfg(feature = "std")]
            {
                $(std::arch::is_x86_feature_detected!($feature))&&+
            }
            #[cfg(not(feature = "std"))]
            {
                false
            }
        }
    };
}
cpu_has!(cpu_has_ssse3, "ssse3");
cpu_has!(cpu_has_avx2, "avx2");
cpu_has!(cpu_has_avx512bw, "avx512f", "avx512bw");
