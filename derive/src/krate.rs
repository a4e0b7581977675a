//! The path under which the user's crate sees `endian_wire`.
//!
//! Generated code names items by absolute path. A user who renamed the dependency (a
//! `simple_endian` user switching with `simple_endian = { package = "endian_wire", ... }`) has
//! no `::endian_wire`, so the derive reads the user's `Cargo.toml` to find the name. The scan
//! covers the two ways Cargo spells a renamed dependency (an inline table with `package =` and
//! a `[dependencies.name]` table); `#[endian_wire(crate = path)]` overrides it.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

/// The name to use after `::`, found once per manifest. A proc-macro server (rust-analyzer)
/// expands many crates in one process, each with its own `Cargo.toml`, so the answer is kept
/// per manifest directory.
pub(crate) fn crate_name() -> String {
    static NAMES: Mutex<Option<HashMap<String, String>>> = Mutex::new(None);
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let mut names = NAMES.lock().unwrap_or_else(PoisonError::into_inner);
    names
        .get_or_insert_with(HashMap::new)
        .entry(dir)
        .or_insert_with_key(|dir| {
            std::fs::read_to_string(format!("{dir}/Cargo.toml"))
                .ok()
                .and_then(|manifest| renamed_in(&manifest))
                .unwrap_or_else(|| "endian_wire".to_owned())
        })
        .clone()
}

/// The dependency key whose `package` is `endian_wire`, if the manifest renames it.
fn renamed_in(manifest: &str) -> Option<String> {
    let mut table_key: Option<String> = None;
    for line in manifest.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if let Some(header) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            // `[dependencies.simple_endian]`, `[target.'cfg(..)'.dev-dependencies.x]`, ...
            table_key = header
                .rsplit_once("dependencies.")
                .map(|(_, key)| key.trim().trim_matches('"').to_owned());
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let (key, value) = (key.trim().trim_matches('"'), value.trim());
        if key == "package" && names_endian_wire(value) {
            if let Some(table) = &table_key {
                return Some(table.replace('-', "_"));
            }
        } else if value.starts_with('{') && value.contains("package") {
            let package = value.split("package").nth(1)?;
            let package = package.trim_start().strip_prefix('=')?.trim_start();
            if names_endian_wire(package) {
                return Some(key.replace('-', "_"));
            }
        }
    }
    None
}

fn names_endian_wire(value: &str) -> bool {
    value.starts_with("\"endian_wire\"") || value.starts_with("'endian_wire'")
}

#[cfg(test)]
mod tests {
    use super::renamed_in;

    #[test]
    fn finds_renames() {
        assert_eq!(renamed_in("[dependencies]\nendian_wire = \"0.1\"\n"), None);
        assert_eq!(
            renamed_in(
                "[dependencies]\nsimple_endian = { package = \"endian_wire\", version = \"0.1\" }\n"
            ),
            Some("simple_endian".to_owned())
        );
        assert_eq!(
            renamed_in(
                "[dependencies.simple-endian]\nversion = \"0.1\"\npackage = \"endian_wire\"\n"
            ),
            Some("simple_endian".to_owned())
        );
        assert_eq!(
            renamed_in("[dependencies]\nother = { package = \"other_crate\" }\n"),
            None
        );
    }
}
