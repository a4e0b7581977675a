//! Real Minecraft chunks from fastanvil 0.32's package, read from Cargo's registry (never kept
//! in this repository): the region file `resources/1.19.4.mca` and the uncompressed chunk
//! documents beside it (Java Edition 1.12 to 1.20). fastanvil is a dependency of this crate
//! for no platform (see its `Cargo.toml`), so Cargo downloads it without building it.

use std::path::PathBuf;

/// The region file, in fastanvil's `resources/`.
pub const REGION: &str = "1.19.4.mca";

/// The uncompressed NBT documents of fastanvil's `resources/`: chunks of 1.12 to 1.20 (one
/// with non-ASCII names), and two structure-like documents.
pub const CHUNKS: [&str; 16] = [
    "1.12.chunk",
    "1.17.0.chunk",
    "1.17.1-custom-heights.chunk",
    "1.17.1.chunk",
    "etho-empty.chunk",
    "etho-max-heights.chunk",
    "etho-old-heightmaps.chunk",
    "etho-old-in-new.chunk",
    "etho-old-in-new2.chunk",
    "etho.chunk",
    "unicode.chunk",
    "21w44a-test1.nbt",
    "chunk.nbt",
    "etho-end-r.-6.-1.c.7.25.nbt",
    "forge-1.20.1.nbt",
    "issue99-chunk.nbt",
];

const INSTALL: &str = "the fastanvil 0.32.0 package: `cargo fetch` with network access";

/// fastanvil's `resources/` directory.
pub fn resources_dir() -> Result<PathBuf, String> {
    crate::registry::data_dir("fastanvil-0.32.0", "resources", REGION)
}

/// A file of fastanvil's `resources/`.
pub fn read(name: &str) -> Result<Vec<u8>, String> {
    let path = resources_dir()?.join(name);
    std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))
}

/// The region file's path, for a test: `None` after [`crate::skip`] when it cannot be found.
pub fn region_path_or_skip() -> Option<PathBuf> {
    resources_dir()
        .map(|d| d.join(REGION))
        .map_err(|why| crate::skip(why, INSTALL))
        .ok()
}

/// The region file's bytes, for a test: `None` after [`crate::skip`] when it cannot be found.
pub fn region_or_skip() -> Option<Vec<u8>> {
    read(REGION).map_err(|why| crate::skip(why, INSTALL)).ok()
}

/// Every chunk document, `(name, bytes)`, for a test: `None` after [`crate::skip`].
pub fn chunks_or_skip() -> Option<Vec<(&'static str, Vec<u8>)>> {
    CHUNKS
        .iter()
        .map(|&f| Ok((f, read(f)?)))
        .collect::<Result<_, String>>()
        .map_err(|why| crate::skip(why, INSTALL))
        .ok()
}
