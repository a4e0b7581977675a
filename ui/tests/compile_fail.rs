//! Misuses of `#[derive(Endianize)]` fail to compile with an error at the offending tokens
//! that says how to fix it (`tests/ui/*.stderr` hold the expected messages; refresh them with
//! `TRYBUILD=overwrite cargo test -p endian_wire_ui` and review the diff).

#[test]
fn compile_fail_ui() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
}
