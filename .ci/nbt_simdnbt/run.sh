#!/usr/bin/env bash
# wire_nbt against simdnbt 0.10 (see Cargo.toml): `.ci/nbt_simdnbt/run.sh` runs the
# differential tests (and the bench once, as a test); `.ci/nbt_simdnbt/run.sh bench [criterion args]` the `nbt` benchmark, all
# peers in one run (NBT_BENCH_QUICK=1 for a short one). On stable: RUSTC_BOOTSTRAP is scoped to
# the simdnbt crate, nothing else may use unstable features.
set -euo pipefail
cd "$(dirname "$0")"
export RUSTC_BOOTSTRAP=simdnbt
# The workspace's target folder: the dependencies both lockfiles pin alike are built once.
target_dir=${CARGO_TARGET_DIR:-../../target}
if [ "${1:-}" = bench ]; then
    shift
    cargo bench --target-dir "$target_dir" --bench nbt -- "$@"
else
    # Tests, the bench run once in criterion's test mode, the profiling example built.
    cargo test --target-dir "$target_dir" --all-targets "$@"
fi
