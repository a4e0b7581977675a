//! Criterion's settings for this crate's criterion benches (`benches/peers.rs`,
//! `benches/frame.rs`, `benches/frame_shared.rs`): 300 ms warm-up, 1 s measurement and 30
//! samples per row; a short run (100 ms, 300 ms, 10 samples) when the bench's `*_QUICK`
//! variable is set. `ENDIAN_WIRE_ISA=avx2` (or `portable`, `sse2`, `ssse3`, `avx512bw`,
//! `neon`) runs every row on that instruction set's bulk kernels (`support/isa.rs`).

use std::time::Duration;

use criterion::Criterion;

#[path = "isa.rs"]
mod isa;

/// The settings, short when the environment variable `quick_var` is set.
pub fn config(quick_var: &str) -> Criterion {
    isa::force_from_env();
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
