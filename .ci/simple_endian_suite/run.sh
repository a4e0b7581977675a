#!/usr/bin/env bash
# Runs simple_endian 0.4.11's own integration tests against endian_wire, with only the crate
# name changed (this package renames the dependency: `simple_endian = { package = "endian_wire" }`).
# The test files are copied from the simple_endian package Cargo downloaded for the
# dev-dependencies; they are not kept in this repository.
#
# Files that cannot pass, and why (README "Switching from simple_endian", MIGRATING.md):
# - derive_default_passthrough, derive_enum_io_roundtrip, derive_enum_tuple_text,
#   derive_no_std (which compiles to nothing while `io-std` is on, and under its own features
#   builds a wire enum the same way): they build simple_endian's wire enum as a tag plus a
#   union, which cannot be made sound; endian_wire's wire enum is a Rust enum.
# A listed file that starts to compile fails this script, so the list stays true.
set -euo pipefail
cd "$(dirname "$0")"
target_dir=${CARGO_TARGET_DIR:-../../target/ci-users}
cannot_pass=(derive_default_passthrough derive_enum_io_roundtrip derive_enum_tuple_text
    derive_no_std)

source_dir=$(cargo metadata --format-version 1 --manifest-path ../../Cargo.toml |
    python3 -c 'import json, sys
for p in json.load(sys.stdin)["packages"]:
    if p["name"] == "simple_endian" and p["version"] == "0.4.11":
        print(p["manifest_path"].rsplit("/", 1)[0])')
[ -d "$source_dir/tests" ] || { echo "simple_endian 0.4.11 sources not found"; exit 1; }
rm -rf tests && mkdir tests && cp "$source_dir"/tests/*.rs tests/

passing=()
for file in tests/*.rs; do
    name=$(basename "$file" .rs)
    [[ " ${cannot_pass[*]} " == *" $name "* ]] || passing+=("$name")
done
echo "simple_endian 0.4.11: ${#passing[@]} of $(ls tests/*.rs | wc -l) test files expected to pass"

log=$(mktemp)
args=()
for name in "${passing[@]}"; do args+=(--test "$name"); done
cargo test --target-dir "$target_dir" "${args[@]}" 2>&1 | tee "$log"
# Every file must have run tests: one whose feature gate were off would pass empty.
for name in "${passing[@]}"; do
    count=$(awk -v f="tests/$name.rs" '$1 == "Running" && $2 == f {on = 1; next}
        on && /^test result:/ {print $4; exit}' "$log")
    if [ "${count:-0}" = 0 ]; then
        echo "tests/$name.rs ran no test"
        exit 1
    fi
done
for name in "${cannot_pass[@]}"; do
    # derive_no_std is gated on `io-std` being off.
    features=()
    [ "$name" = derive_no_std ] && features=(--no-default-features --features derive)
    if cargo test --target-dir "$target_dir" "${features[@]}" --no-run --test "$name" \
        >/dev/null 2>&1; then
        echo "tests/$name.rs now compiles: move it to the passing files"
        exit 1
    fi
done
rm -f "$log"
