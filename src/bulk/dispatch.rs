//! Choosing a kernel: once, at first use, cached as a function pointer per element width.
//!
//! When the compile-time target already guarantees an instruction set (for example
//! `-C target-cpu=native`, or NEON on aarch64), the choice is a constant and no detection runs.

use core::sync::atomic::{AtomicPtr, AtomicU8, Ordering};

use super::kernel::{Kernel, Kernels};
use super::portable;

/// An instruction set the bulk kernels can use.
///
/// [`Isa::active`] is the one the bulk functions dispatch to. Every available one can be run
/// directly through [`swap_bytes_with`](super::swap_bytes_with), or made the one every bulk
/// function uses with [`Isa::force`], for tests and benchmarks.
///
/// Whatever the instruction set, inputs of up to 64 bytes are swapped inline with the vectors
/// of the compile-time target (SSE2 on a default x86_64 build), without a call; the instruction
/// set decides from 65 bytes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Isa {
    /// One element at a time; every target. The oracle of the tests.
    Portable,
    /// x86_64 SSE2, the baseline every x86_64 CPU has: no byte shuffle, so shifts and word
    /// shuffles, 64 bytes per iteration (16-byte elements: two `bswap`s each). The kernels of a
    /// build without run-time detection (no `std`) and of a CPU without SSSE3.
    Sse2,
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

/// Why [`Isa::force`] refused an instruction set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ForceIsaError {
    /// This build or CPU cannot run the instruction set.
    Unavailable(Isa),
    /// The compile-time target settles the instruction set, and it is another one.
    FixedAtCompileTime {
        /// The set asked for.
        requested: Isa,
        /// The set the build uses.
        fixed: Isa,
    },
}

impl core::fmt::Display for ForceIsaError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ForceIsaError::Unavailable(isa) => {
                write!(
                    f,
                    "this CPU or build cannot run `{}` (it can run:",
                    isa.name()
                )?;
                for isa in Isa::ALL.into_iter().filter(|isa| isa.is_available()) {
                    write!(f, " {}", isa.name())?;
                }
                f.write_str(")")
            }
            ForceIsaError::FixedAtCompileTime { requested, fixed } => write!(
                f,
                "cannot force `{}`: this build's target settles the instruction set at compile \
                 time (`{}`)",
                requested.name(),
                fixed.name()
            ),
        }
    }
}

impl core::error::Error for ForceIsaError {}

impl Isa {
    /// Every instruction set this crate knows, on any architecture.
    pub const ALL: [Isa; 6] = [
        Isa::Portable,
        Isa::Sse2,
        Isa::Ssse3,
        Isa::Avx2,
        Isa::Avx512Bw,
        Isa::Neon,
    ];

    /// A short name, as used in benchmark and report labels.
    pub const fn name(self) -> &'static str {
        match self {
            Isa::Portable => "portable",
            Isa::Sse2 => "sse2",
            Isa::Ssse3 => "ssse3",
            Isa::Avx2 => "avx2",
            Isa::Avx512Bw => "avx512bw",
            Isa::Neon => "neon",
        }
    }

    /// The instruction set called `name` (as [`Isa::name`] spells it), on any architecture.
    ///
    /// ```
    /// use endian_wire::bulk::Isa;
    /// assert_eq!(Isa::from_name("avx2"), Some(Isa::Avx2));
    /// assert_eq!(Isa::from_name("mmx"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Isa> {
        Isa::ALL.into_iter().find(|isa| isa.name() == name)
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

    /// Makes this instruction set the one every bulk function of the process uses from now on
    /// (and the one [`Isa::active`] reports), in place of the one detection chose. For
    /// measurement and testing only: it lets one machine measure or test each tier it can run
    /// (`perf_report --isa`, the criterion benches' `ENDIAN_WIRE_ISA`, the kernel sweep). The
    /// default, the best instruction set the CPU has, needs no call.
    ///
    /// It also decides the record kernel of framing (runs of derived structs): AVX-512 VBMI's
    /// byte permutation is used only while [`Isa::Avx512Bw`] is the active set (and the CPU
    /// has VBMI). Inputs of up to 64 bytes stay on the inline path of the compile-time target
    /// (see [`Isa`]). The dispatch reads the choice on every call, so forcing costs the
    /// ordinary path nothing; call it before other threads convert (a conversion already
    /// running on another thread may finish with the set it started with).
    ///
    /// ```
    /// use endian_wire::bulk::{self, ForceIsaError, Isa};
    /// match Isa::Portable.force() {
    ///     Ok(()) => assert_eq!(Isa::active(), Isa::Portable),
    ///     // A build for `-C target-cpu=native`, aarch64 or `no_std` fixes the set.
    ///     Err(ForceIsaError::FixedAtCompileTime { .. }) => {}
    ///     Err(e) => panic!("{e}"),
    /// }
    /// let mut bytes = [0u8; 400];
    /// bulk::to_bytes::<endian_wire::u32be>(&[0x0102_0304; 100], &mut bytes);
    /// assert_eq!(bytes[396..], [1, 2, 3, 4]);
    /// ```
    ///
    /// # Errors
    /// [`ForceIsaError::Unavailable`] if this build or CPU cannot run the set (the active set
    /// is unchanged); [`ForceIsaError::FixedAtCompileTime`] if the compile-time target settles
    /// the choice (`-C target-cpu=native`, NEON on aarch64, `no_std` builds) and it is another
    /// set: the kernels are then called directly, not through the cached pointers.
    pub fn force(self) -> Result<(), ForceIsaError> {
        if let Some(fixed) = compile_time_choice() {
            return if fixed == self {
                Ok(())
            } else {
                Err(ForceIsaError::FixedAtCompileTime {
                    requested: self,
                    fixed,
                })
            };
        }
        let table = self.kernels().ok_or(ForceIsaError::Unavailable(self))?;
        let index = Isa::ALL.iter().position(|&isa| isa == self).unwrap_or(0);
        CHOSEN.store(index as u8, Ordering::Relaxed);
        for (slot, active) in ACTIVE.iter().enumerate() {
            active.store(
                table.for_width(slot_width(slot)) as *mut (),
                Ordering::Relaxed,
            );
        }
        super::records::set_allowed(self == Isa::Avx512Bw);
        Ok(())
    }

    /// The instruction set detection chooses on this machine: the best one it can run (what
    /// [`Isa::active`] is unless [`Isa::force`] changed it).
    ///
    /// ```
    /// use endian_wire::bulk::Isa;
    /// assert!(Isa::best().is_available());
    /// ```
    pub fn best() -> Isa {
        compile_time_choice().unwrap_or_else(|| {
            [Isa::Avx512Bw, Isa::Avx2, Isa::Ssse3, Isa::Sse2]
                .into_iter()
                .find(|isa| isa.is_available())
                .unwrap_or(Isa::Portable)
        })
    }

    /// The kernels of this instruction set, if this build and this CPU can run them.
    pub(crate) fn kernels(self) -> Option<&'static Kernels> {
        let supported = match self {
            Isa::Portable => true,
            // Never detected at run time: a target without SSE2 (a kernel's soft-float
            // target) may not touch the vector registers whatever the CPU has.
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            Isa::Sse2 => true,
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
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            Isa::Sse2 => &super::x86::sse2::KERNELS,
            #[cfg(target_arch = "x86_64")]
            Isa::Ssse3 => &super::x86::ssse3::KERNELS,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => &super::x86::avx2::KERNELS,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512Bw => &super::x86::avx512::KERNELS,
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            Isa::Neon => &super::aarch64::KERNELS,
            _ => &PORTABLE,
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
        } else if cfg!(target_feature = "sse2") {
            Some(Isa::Sse2)
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
    let best = Isa::best();
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

/// The portable kernel of each width.
static PORTABLE: Kernels = Kernels {
    copy: portable::copy,
    swap2: portable::swap::<u16>,
    swap4: portable::swap::<u32>,
    swap8: portable::swap::<u64>,
    swap16: portable::swap::<u128>,
    lanes: super::lanes::portable,
};
