//! Fixtures shared by endian_wire's tests, benchmarks and report; not published.
//!
//! One home for what more than one target needs (endian_wire's own tests, the comparisons
//! with its peers in `endian_wire_compare`, `.ci/nbt_simdnbt`), each part behind the feature
//! that brings its dependencies:
//!
//! * always: the counting allocator ([`alloc`]), the rule for tests whose tool or data is not
//!   installed ([`skip`]), the generators' deterministic [`Rng`], packages found in Cargo's
//!   registry ([`registry`]), the pcapng captures of pcap-parser's ([`captures`]) and the PNG
//!   files of simd_cesu8's ([`pngs`]);
//! * `nbt`: the NBT files of simdnbt's package, generated documents and random trees
//!   (`nbt`, `nbt_trees`), the region file and chunks of fastanvil's package (`region`),
//!   serde structs for the real files and chunks (`nbt_typed`);
//! * `messages`: market-data messages (`market`); `peers` derives them for bincode and wincode
//!   too and adds the peers' serializers, the real-message shapes (`shapes`) and Solana's
//!   transactions (`solana`);
//! * `bench`: criterion's settings and the choice of instruction set for measurements
//!   (`bench`).
//!
//! This crate depends on endian_wire and wire_nbt only through its features, so a test build
//! of `endian_wire` with `--no-default-features` still builds the library with no feature on.

pub mod alloc;
#[cfg(feature = "bench")]
pub mod bench;
pub mod captures;
#[cfg(feature = "messages")]
pub mod market;
#[cfg(feature = "nbt")]
pub mod nbt;
#[cfg(feature = "nbt")]
pub mod nbt_trees;
#[cfg(feature = "nbt")]
pub mod nbt_typed;
pub mod pngs;
#[cfg(feature = "nbt")]
pub mod region;
pub mod registry;
mod rng;
#[cfg(feature = "peers")]
pub mod shapes;
#[cfg(feature = "peers")]
pub mod solana;

pub use rng::Rng;

use std::fmt::Display;
use std::io::Write;

/// Set (to anything but `0`) by CI, which installs every tool and library the tests use: a
/// test that would skip fails instead.
pub const CI_VAR: &str = "ENDIAN_WIRE_CI";

/// Whether [`CI_VAR`] is set.
pub fn in_ci() -> bool {
    std::env::var_os(CI_VAR).is_some_and(|v| v != "0")
}

/// The number of cases a property test with its own count runs: `PROPTEST_CASES` when set
/// (as proptest's default configuration reads it), `default` otherwise. Proptest's
/// `with_cases` ignores the variable, so a run that asks for fewer cases everywhere (Miri,
/// qemu) would otherwise still run these at full size.
pub fn proptest_cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(default)
}

/// Says that the running test cannot run here because of `why`, and what to install for it:
/// one line on standard error, `SKIPPED <test>: <why> (install <install>)`, which the test
/// harness does not capture, so it shows in a plain `cargo test`. Under [`CI_VAR`] it panics
/// with that line instead. The caller returns right after.
pub fn skip(why: impl Display, install: &str) {
    // The harness names each test's thread after the test.
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    let line = format!("SKIPPED {test}: {why} (install {install})");
    if in_ci() {
        panic!("{line}; {CI_VAR} is set, so a skip is a failure");
    }
    // `eprintln!` is captured for passing tests; the handle itself is not.
    let _ = writeln!(std::io::stderr(), "{line}");
}
