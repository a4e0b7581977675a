#!/usr/bin/env bash
# Each published crate from its package alone, as a user of the registry gets it: after
# `cargo publish --dry-run --workspace --no-verify` (which packages each), every package is
# unpacked outside the workspace, its docs built and its doctests run (a build of its library
# with every feature, from the package's files), with the other packages (not the workspace's
# folders) standing in for crates.io.
#
# The docs are built as docs.rs builds them, from the package: all features, `--cfg docsrs`
# (feature labels) on the nightly toolchain, every item documented (`-D missing_docs`), into
# `target/docsrs`. Without a nightly toolchain they are built on stable without the labels.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
crates=(endian_wire_derive endian_wire wire_nbt)
work=$(mktemp -d)
# The workspace's target folder: the registry dependencies built by the tests are reused.
target_dir=${CARGO_TARGET_DIR:-$PWD/target}
trap 'rm -rf "$work"' EXIT
for crate in "${crates[@]}"; do
    # Cargo leaves the `.crate` files in a folder of its own under `target/package`.
    package=$(find "$target_dir/package" -name "$crate-$version.crate" | head -1)
    [ -n "$package" ] || { echo "no package $crate-$version.crate under $target_dir/package"; exit 1; }
    tar -xzf "$package" -C "$work"
done
config=()
for crate in "${crates[@]}"; do
    config+=(--config "patch.crates-io.$crate.path='$work/$crate-$version'")
done
# The workspace's dev profile (a package carries no profile of its own), so that the
# dependencies the tests built are reused rather than built again with full debug information.
config+=(--config 'profile.dev.debug=false' --config 'profile.dev.codegen-units=16'
    --config 'profile.dev.lto="off"')
docs_toolchain=() docs_cfg=()
if rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
    docs_toolchain=(+nightly) docs_cfg=(--cfg docsrs)
else
    echo "(no nightly toolchain: the docs are built on stable, without docs.rs's feature labels)"
fi
for crate in "${crates[@]}"; do
    echo "=== $crate $version from its package: docs, doctests"
    (
        cd "$work/$crate-$version"
        RUSTDOCFLAGS="${docs_cfg[*]} -D warnings -D missing_docs" cargo "${docs_toolchain[@]}" doc \
            --quiet --no-deps --all-features --target-dir "$target_dir/docsrs" "${config[@]}"
        cargo test --doc --all-features --target-dir "$target_dir" "${config[@]}"
    )
done
