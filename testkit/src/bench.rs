//! What the benchmarks share: criterion's settings and the choice of the bulk kernels'
//! instruction set.
//!
//! [`criterion`]: 300 ms warm-up, 1 s measurement and 30 samples per row; a short run
//! (100 ms, 300 ms, 10 samples) when the bench's `*_QUICK` variable is set.
//!
//! `ENDIAN_WIRE_ISA=avx2` (or `portable`, `sse2`, `ssse3`, `avx512bw`, `neon`) runs every row
//! of a criterion bench on that instruction set's bulk kernels; perf_report takes
//! `--isa ssse3`. Either forces the set for the whole process ([`Isa::force`]), so every row
//! that goes through the kernels (bulk, structs, framing) runs on it, and refuses a set this
//! CPU or build cannot run. Criterion's saved results do not record the set: compare two with
//! `--save-baseline NAME` / `--baseline NAME`.

use std::time::Duration;

use criterion::Criterion;
use endian_wire::bulk::Isa;

/// The environment variable the criterion benches read.
pub const ENV: &str = "ENDIAN_WIRE_ISA";

/// Every name [`Isa::from_name`] accepts, for messages.
pub fn names() -> String {
    Isa::ALL.map(Isa::name).join("|")
}

/// Forces the set called `name`, or exits with status 2 and a message saying why not; `who`
/// starts the message.
pub fn force_or_exit(who: &str, name: &str) -> Isa {
    let Some(isa) = Isa::from_name(name) else {
        eprintln!(
            "{who}: unknown instruction set `{name}` (one of {})",
            names()
        );
        std::process::exit(2);
    };
    if let Err(e) = isa.force() {
        eprintln!("{who}: {e}");
        std::process::exit(2);
    }
    isa
}

/// Forces the set `ENDIAN_WIRE_ISA` names, if it is set (the first call only).
pub fn force_from_env() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if let Some(name) = std::env::var_os(ENV) {
            let isa = force_or_exit(ENV, &name.to_string_lossy());
            eprintln!(
                "{ENV}: bulk kernels forced to `{}` (best here: `{}`)",
                isa.name(),
                Isa::best().name()
            );
        }
    });
}

/// Criterion's settings, short when the environment variable `quick_var` is set; forces the
/// instruction set `ENDIAN_WIRE_ISA` names first.
pub fn criterion(quick_var: &str) -> Criterion {
    force_from_env();
    let (warm, measure, samples) = if std::env::var_os(quick_var).is_some() {
        (Duration::from_millis(100), Duration::from_millis(300), 10)
    } else {
        (Duration::from_millis(300), Duration::from_secs(1), 30)
    };
    Criterion::default()
        .warm_up_time(warm)
        .measurement_time(measure)
        .sample_size(samples)
}
