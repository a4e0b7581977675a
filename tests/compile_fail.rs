//! Misuses of `#[derive(Endianize)]` fail to compile with an error at the offending tokens
//! that says how to fix it (`tests/ui/*.stderr` hold the expected messages; refresh them with
//! `TRYBUILD=overwrite cargo test --test compile_fail` and review the diff).

// trybuild runs cargo on the host: Miri's builds and CI's builds for qemu leave it out (see
// Cargo.toml).
#![cfg(all(
    feature = "derive",
    feature = "std",
    not(miri),
    not(endian_wire_emulated)
))]

#[test]
fn compile_fail_ui() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
}
