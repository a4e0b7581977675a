//! The pcapng captures pcap-parser 0.17 ships in its package (`assets/`, read from Cargo's
//! registry, never kept here): both byte orders, interface descriptions, enhanced, simple and
//! name resolution blocks, statistics, custom blocks, and Wireshark's 1.1 MB sample of 5,898
//! Ethernet packets.

use std::path::PathBuf;
use std::sync::OnceLock;

/// The captures, in the package's `assets/` directory.
pub const FILES: [&str; 9] = [
    "err-buffertoosmall.pcapng",
    "test001-be.pcapng",
    "test001-le.pcapng",
    "test010-le.pcapng",
    "test016-be.pcapng",
    "test016-le.pcapng",
    "test017-be.pcapng",
    "test017-le.pcapng",
    "wireshark_samples-test.pcapng",
];

/// The large one: Wireshark's sample of Ethernet packets.
pub const WIRESHARK_SAMPLE: &str = "wireshark_samples-test.pcapng";

/// What to do when the files cannot be found.
const INSTALL: &str = "the pcap-parser 0.17.0 package: `cargo fetch` with network access";

/// The directory holding them (looked up once).
pub fn dir() -> Result<PathBuf, String> {
    static DIR: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    DIR.get_or_init(|| crate::registry::data_dir("pcap-parser-0.17.0", "assets", FILES[0]))
        .clone()
}

/// A capture's bytes.
pub fn read(name: &str) -> Result<Vec<u8>, String> {
    let path = dir()?.join(name);
    std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Every capture: `(name, bytes)`.
pub fn all() -> Result<Vec<(&'static str, Vec<u8>)>, String> {
    FILES.iter().map(|&f| Ok((f, read(f)?))).collect()
}

/// [`all`] for a test: `None` after [`crate::skip`] when the files cannot be found.
pub fn all_or_skip() -> Option<Vec<(&'static str, Vec<u8>)>> {
    all().map_err(|why| crate::skip(why, INSTALL)).ok()
}

/// [`read`] for a test: `None` after [`crate::skip`] when the file cannot be found.
pub fn read_or_skip(name: &str) -> Option<Vec<u8>> {
    read(name).map_err(|why| crate::skip(why, INSTALL)).ok()
}
