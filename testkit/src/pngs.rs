//! Real PNG files from Cargo's registry (never kept here): the four benchmark charts simd_cesu8
//! 1.2.0 ships in its package (`img/`), RGBA images of about a thousand by two hundred pixels
//! with an `sRGB` chunk, written by a plotting tool.

use std::path::PathBuf;
use std::sync::OnceLock;

/// The files, in the package's `img/` directory.
pub const FILES: [&str; 4] = [
    "decode_cesu8.png",
    "decode_mutf8.png",
    "encode_cesu8.png",
    "encode_mutf8.png",
];

/// What to do when the files cannot be found.
const INSTALL: &str = "the simd_cesu8 1.2.0 package: `cargo fetch` with network access";

/// The directory holding them (looked up once).
pub fn dir() -> Result<PathBuf, String> {
    static DIR: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    DIR.get_or_init(|| crate::registry::data_dir("simd_cesu8-1.2.0", "img", FILES[0]))
        .clone()
}

/// Every file: `(name, bytes)`.
pub fn all() -> Result<Vec<(&'static str, Vec<u8>)>, String> {
    let dir = dir()?;
    FILES
        .iter()
        .map(|&f| {
            let path = dir.join(f);
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok((f, bytes))
        })
        .collect()
}

/// [`all`] for a test: `None` after [`crate::skip`] when the files cannot be found.
pub fn all_or_skip() -> Option<Vec<(&'static str, Vec<u8>)>> {
    all().map_err(|why| crate::skip(why, INSTALL)).ok()
}
