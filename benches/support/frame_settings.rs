//! Criterion's settings for the framing benches (`benches/frame.rs`, `benches/frame_shared.rs`):
//! 300 ms warm-up, 1 s measurement and 30 samples per row, or a short run with `FRAME_QUICK=1`.

use std::time::Duration;

use criterion::Criterion;

/// The settings, read from the environment.
pub fn config() -> Criterion {
    let quick = std::env::var_os("FRAME_QUICK").is_some();
    let (warm, measure, samples) = if quick {
        (Duration::from_millis(50), Duration::from_millis(150), 10)
    } else {
        (Duration::from_millis(300), Duration::from_secs(1), 30)
    };
    Criterion::default()
        .warm_up_time(warm)
        .measurement_time(measure)
        .sample_size(samples)
}
