//! Packages in Cargo's registry, found with `cargo metadata`: where the tests read peers'
//! data files from (never kept in this repository). `cargo metadata` downloads every package
//! of the lock file it lacks; where that fails (no network, no registry), the tests that need
//! the files skip.

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

/// The directory of the package `name-version` (`"simdnbt-0.10.0"`) in Cargo's registry, as
/// `cargo metadata` names it (the package must be in the workspace's dependency graph).
pub fn package_dir(name_version: &str) -> Result<PathBuf, String> {
    let json = metadata()?;
    // The package's `"manifest_path":"<dir>/<name-version>/Cargo.toml"`.
    let tail = format!("/{name_version}/Cargo.toml\"");
    let end = json
        .find(&tail)
        .ok_or_else(|| format!("{name_version} is not in the dependency graph"))?;
    let start = json[..end]
        .rfind('"')
        .ok_or("cargo metadata printed no JSON string")?
        + 1;
    Ok(PathBuf::from(format!(
        "{}/{name_version}",
        &json[start..end]
    )))
}

/// The folder `sub` of the package `name_version` ([`package_dir`]), checked to hold `probe`
/// (one of the files the tests read there), so that a package without its data says so.
pub fn data_dir(name_version: &str, sub: &str, probe: &str) -> Result<PathBuf, String> {
    let dir = package_dir(name_version)?.join(sub);
    if dir.join(probe).is_file() {
        Ok(dir)
    } else {
        Err(format!("{} holds no {probe}", dir.display()))
    }
}

/// `cargo metadata`'s JSON for this crate (run once).
fn metadata() -> Result<String, String> {
    static JSON: OnceLock<Result<String, String>> = OnceLock::new();
    JSON.get_or_init(run_metadata).clone()
}

fn run_metadata() -> Result<String, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--manifest-path",
            manifest,
        ])
        .output()
        .map_err(|e| format!("cargo metadata did not start: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}
