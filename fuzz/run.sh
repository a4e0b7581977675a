#!/usr/bin/env bash
# Runs every fuzz target for a while: `fuzz/run.sh [seconds per target]` (default 60). CI runs
# 3 seconds each; a long run before a release is `fuzz/run.sh 3600` (an hour per target).
#
# Needs only the nightly toolchain: the targets are built as cargo-fuzz builds them (libFuzzer
# from libfuzzer-sys, SanitizerCoverage, AddressSanitizer, debug assertions) with plain cargo,
# so nothing else is installed; `cargo +nightly fuzz run <target>` works on the same package
# for those who have cargo-fuzz. A crash is saved under fuzz/artifacts/<target>/ and fails the
# run; replay it with `fuzz/target/x86_64-unknown-linux-gnu/release/<target> <file>`.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
host=$(rustc +nightly -vV | sed -n 's/^host: //p')
# The host triple named explicitly, so build scripts and proc macros are not instrumented.
RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Zsanitizer=address \
-Cdebug-assertions -Coverflow-checks -Cforce-frame-pointers=yes" \
    cargo +nightly build --release --target "$host" --bins
targets=$(sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v '^endian_wire-fuzz$')
log=$(mktemp)
for target in $targets; do
    echo "=== fuzz $target for ${seconds}s"
    mkdir -p "corpus/$target" "artifacts/$target"
    # Memory is bounded by the input on every path: a 256 MiB allocation or 1 GiB of resident
    # memory is a crash.
    if ! "target/$host/release/$target" -max_total_time="$seconds" -rss_limit_mb=1024 \
        -malloc_limit_mb=256 -artifact_prefix="artifacts/$target/" -print_final_stats=1 \
        "corpus/$target" >"$log" 2>&1; then
        tail -40 "$log"
        echo "fuzz target $target failed: see above and fuzz/artifacts/$target/"
        exit 1
    fi
    grep -E "^(Done|stat::number_of_executed_units)" "$log" || true
done
rm -f "$log"
