//! CRC-32 with the Armv8 CRC instructions (`crc32x` and friends: the IEEE polynomial, the
//! register reflected as this crate keeps it): eight bytes per instruction.

use core::arch::aarch64::{__crc32b, __crc32d};

/// Whether this CPU has the CRC instructions (optional in Armv8.0, required from 8.1).
#[cfg(feature = "std")]
pub(super) fn available() -> bool {
    cfg!(target_feature = "crc") || std::arch::is_aarch64_feature_detected!("crc")
}

/// Whether this CPU has the CRC instructions: without `std`, what the compile target says.
#[cfg(not(feature = "std"))]
pub(super) fn available() -> bool {
    cfg!(target_feature = "crc")
}

/// Feeds `bytes` into the CRC-32 register `crc` (not complemented).
///
/// # Safety
///
/// The CPU has the CRC instructions ([`available`]).
#[target_feature(enable = "crc")]
pub(super) unsafe fn crc32_instructions(mut crc: u32, bytes: &[u8]) -> u32 {
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        crc = __crc32d(crc, word);
    }
    for &byte in words.remainder() {
        crc = __crc32b(crc, byte);
    }
    crc
}
