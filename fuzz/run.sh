#!/usr/bin/env bash
# Runs every fuzz target for a while: `fuzz/run.sh [seconds per target]` (default 60). CI runs
# 10 seconds each; a long run before a release is `fuzz/run.sh 3600` (an hour per target), or
# one target: `cargo +nightly fuzz run derived_decode -- -max_total_time=3600`.
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`). A crash is saved
# under fuzz/artifacts/<target>/ and fails the run; replay it with
# `cargo +nightly fuzz run <target> fuzz/artifacts/<target>/<file>`.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
log=$(mktemp)
for target in $(cargo +nightly fuzz list); do
    echo "=== fuzz $target for ${seconds}s"
    # Memory is bounded by the input on every path: a 256 MiB allocation or 1 GiB of resident
    # memory is a crash.
    if ! cargo +nightly fuzz run "$target" -- -max_total_time="$seconds" -rss_limit_mb=1024 \
        -malloc_limit_mb=256 \
        -print_final_stats=1 >"$log" 2>&1; then
        tail -40 "$log"
        echo "fuzz target $target failed: see above and fuzz/artifacts/$target/"
        exit 1
    fi
    grep -E "^(Done|stat::number_of_executed_units)" "$log" || true
done
rm -f "$log"
