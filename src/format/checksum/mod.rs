//! Ready checksum functions for `#[wire(checksum = ...)]`: CRC-32 (IEEE) and the Internet
//! checksum (RFC 1071). Each is an `fn(&[u8]) -> T`, the shape the attribute calls.
//!
//! CRC-32 runs on the CPU's own instructions where it has them (carry-less multiplication
//! on x86_64, the CRC instructions on aarch64), found at run time, and through tables
//! everywhere else and for short inputs.

#[cfg(target_arch = "aarch64")]
mod aarch64;
#[cfg(target_arch = "x86_64")]
mod x86;

/// Below this many bytes the table loop wins: the folding's set-up and final reduction cost
/// about what 64 bytes through the tables do.
#[cfg(target_arch = "x86_64")]
const FOLD_FROM: usize = 64;

/// From this many bytes the 512-bit folding (256 bytes per step) takes over.
#[cfg(target_arch = "x86_64")]
const FOLD_WIDE_FROM: usize = 256;

/// The CRC-32 lookup tables for slicing by 8: `TABLES[0]` is the classic byte-at-a-time table
/// of the reflected polynomial `0xEDB88320`; `TABLES[k][b]` is the CRC of byte `b` followed by
/// `k` zero bytes.
static TABLES: [[u32; 256]; 8] = crc32_tables();

const fn crc32_tables() -> [[u32; 256]; 8] {
    let mut tables = [[0u32; 256]; 8];
    let mut byte = 0;
    while byte < 256 {
        let mut crc = byte as u32;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 1 == 1 {
                0xEDB8_8320 ^ (crc >> 1)
            } else {
                crc >> 1
            };
            bit += 1;
        }
        tables[0][byte] = crc;
        byte += 1;
    }
    let mut byte = 0;
    while byte < 256 {
        let mut k = 1;
        while k < 8 {
            let previous = tables[k - 1][byte];
            tables[k][byte] = (previous >> 8) ^ tables[0][(previous & 0xFF) as usize];
            k += 1;
        }
        byte += 1;
    }
    tables
}

/// Feeds `bytes` into a running CRC-32 register (not yet complemented at either end), on the
/// fastest path this CPU has. (`is_*_feature_detected!` caches its answer: a load and a test.)
fn crc32_register(crc: u32, bytes: &[u8]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if bytes.len() >= FOLD_WIDE_FROM && x86::wide_available() {
        // SAFETY: `wide_available` found AVX-512F, `vpclmulqdq` and `pclmulqdq` on this CPU.
        let (crc, tail) = unsafe { x86::crc32_fold_wide(crc, bytes) };
        return crc32_tables_register(crc, tail);
    }
    #[cfg(target_arch = "x86_64")]
    if bytes.len() >= FOLD_FROM && x86::available() {
        // SAFETY: `available` found `pclmulqdq` on this CPU.
        let (crc, tail) = unsafe { x86::crc32_fold(crc, bytes) };
        return crc32_tables_register(crc, tail);
    }
    #[cfg(target_arch = "aarch64")]
    if aarch64::available() {
        // SAFETY: `available` found the CRC instructions on this CPU.
        return unsafe { aarch64::crc32_instructions(crc, bytes) };
    }
    crc32_tables_register(crc, bytes)
}

/// [`crc32_register`] through the tables, eight bytes per step: any CPU.
fn crc32_tables_register(mut crc: u32, bytes: &[u8]) -> u32 {
    let t = &TABLES;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let lo = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]) ^ crc;
        let hi = u32::from_le_bytes([chunk[4], chunk[5], chunk[6], chunk[7]]);
        crc = t[7][(lo & 0xFF) as usize]
            ^ t[6][((lo >> 8) & 0xFF) as usize]
            ^ t[5][((lo >> 16) & 0xFF) as usize]
            ^ t[4][(lo >> 24) as usize]
            ^ t[3][(hi & 0xFF) as usize]
            ^ t[2][((hi >> 8) & 0xFF) as usize]
            ^ t[1][((hi >> 16) & 0xFF) as usize]
            ^ t[0][(hi >> 24) as usize];
    }
    let mut rest = chunks.remainder();
    // Four bytes in one step of independent lookups: the folding's tails (a PNG chunk's type
    // beside whole blocks of data) are often four bytes, which one at a time would be a
    // chain of four dependent loads.
    if let [a, b, c, d, tail @ ..] = rest {
        // The register is all in `x`: four bytes shift all 32 of its bits out.
        let x = u32::from_le_bytes([*a, *b, *c, *d]) ^ crc;
        crc = t[3][(x & 0xFF) as usize]
            ^ t[2][((x >> 8) & 0xFF) as usize]
            ^ t[1][((x >> 16) & 0xFF) as usize]
            ^ t[0][(x >> 24) as usize];
        rest = tail;
    }
    for &byte in rest {
        crc = (crc >> 8) ^ t[0][((crc ^ u32::from(byte)) & 0xFF) as usize];
    }
    crc
}

/// CRC-32 as PNG, zlib, gzip and Ethernet use it (IEEE 802.3: the reflected polynomial
/// `0xEDB88320`, register starting at all ones, result complemented). On x86_64 with
/// `pclmulqdq` it folds 64 bytes per step by carry-less multiplication (256 with AVX-512 and
/// `vpclmulqdq`), on aarch64 with the CRC extension it takes eight bytes per instruction;
/// elsewhere (and under 64 bytes on x86_64) it takes eight bytes per step through lookup
/// tables built at compile time.
///
/// # Examples
///
/// ```
/// use endian_wire::format::crc32;
///
/// assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
/// assert_eq!(crc32(b""), 0);
/// // PNG's IEND chunk: the CRC covers the chunk type and its (empty) data.
/// assert_eq!(crc32(b"IEND"), 0xAE42_6082);
/// ```
#[must_use]
pub fn crc32(bytes: &[u8]) -> u32 {
    !crc32_register(!0, bytes)
}

/// The Internet checksum of RFC 1071, as the IPv4 header, ICMP, UDP and TCP use it: the
/// ones' complement of the ones' complement sum of the bytes taken as big-endian 16-bit words
/// (an odd last byte padded with a zero byte).
///
/// Computed over a header whose checksum field is zero, it gives the field's value; over a
/// header with a correct checksum in place it gives 0. Declared as the checksum of an IPv4
/// header, `#[wire(checksum = internet_checksum, through = dst)]` on the checksum field
/// covers the whole header with that field as zeros, which is what RFC 791 asks.
///
/// # Examples
///
/// ```
/// use endian_wire::format::internet_checksum;
///
/// // An IPv4 header with its checksum field (bytes 10 and 11) zeroed ...
/// let mut header = [
///     0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11, 0x00, 0x00,
///     0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7,
/// ];
/// assert_eq!(internet_checksum(&header), 0xb861);
/// // ... and with it filled in: the sum checks to zero.
/// header[10..12].copy_from_slice(&0xb861_u16.to_be_bytes());
/// assert_eq!(internet_checksum(&header), 0);
/// ```
#[must_use]
pub fn internet_checksum(bytes: &[u8]) -> u16 {
    // Eight bytes at a time, as two big-endian 32-bit words: a sum modulo 2^16 - 1 is the
    // same whatever the width of the words it adds (2^16 is 1 there, and so is 2^64, so a
    // carry out of the u64 goes back in at the bottom).
    let mut sum: u64 = 0;
    let mut add = |value: u64| {
        let (s, carry) = sum.overflowing_add(value);
        sum = s + u64::from(carry);
    };
    let mut octets = bytes.chunks_exact(8);
    for octet in &mut octets {
        let v = u64::from_be_bytes(octet.try_into().expect("eight bytes"));
        add((v >> 32) + (v & 0xFFFF_FFFF));
    }
    let mut words = octets.remainder().chunks_exact(2);
    for word in &mut words {
        add(u64::from(u16::from_be_bytes([word[0], word[1]])));
    }
    if let [last] = words.remainder() {
        add(u64::from(*last) << 8);
    }
    while sum >> 16 != 0 {
        sum = (sum & 0xFFFF) + (sum >> 16);
    }
    // The fold leaves at most 16 bits.
    !(sum as u16)
}

#[cfg(test)]
mod tests {
    use super::{crc32, crc32_register, crc32_tables_register, internet_checksum};
    use alloc::vec::Vec;

    /// The byte-at-a-time definition, the oracle for the sliced loop.
    fn crc32_bitwise(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &byte in bytes {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    0xEDB8_8320 ^ (crc >> 1)
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    #[test]
    fn crc32_known_vectors() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(
            crc32(b"The quick brown fox jumps over the lazy dog"),
            0x414F_A339
        );
        assert_eq!(crc32(b"a"), 0xE8B7_BE43);
        assert_eq!(crc32(&[0u8; 32]), 0x190A_55AD);
    }

    #[test]
    fn crc32_every_length_and_offset_matches_the_bitwise_definition() {
        let data: Vec<u8> = (0..300u32).map(|i| (i * 7 + i / 5) as u8).collect();
        for start in 0..9 {
            for end in start..data.len() {
                assert_eq!(crc32(&data[start..end]), crc32_bitwise(&data[start..end]));
            }
        }
        // The register continues across calls.
        let (a, b) = data.split_at(101);
        assert_eq!(!crc32_register(crc32_register(!0, a), b), crc32(&data));
    }

    /// Pseudo-random bytes (xorshift), so no folding constant can hide behind a pattern.
    fn noise(len: usize, mut x: u64) -> Vec<u8> {
        (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 32) as u8
            })
            .collect()
    }

    #[test]
    fn crc32_tables_match_the_bitwise_definition() {
        let data = noise(200, 7);
        for start in 0..9 {
            for end in start..data.len() {
                let slice = &data[start..end];
                assert_eq!(!crc32_tables_register(!0, slice), crc32_bitwise(slice));
            }
        }
    }

    #[test]
    fn crc32_long_inputs_and_every_register_match_the_bitwise_definition() {
        // Every length around the 64-byte steps and the 16-byte blocks the folding takes,
        // long runs (a megabyte, but not under Miri), and registers that do not start at all
        // ones.
        let longest = if cfg!(miri) { 4096 } else { 1 << 20 };
        let data = noise(longest + 7, 11);
        let lengths = (0..300).chain([511, 512, 513, 1023, 4096 + 15, 65_536 + 48, longest]);
        for len in lengths {
            for start in [0, 1, 7] {
                let Some(slice) = data.get(start..start + len) else {
                    continue;
                };
                assert_eq!(crc32(slice), crc32_bitwise(slice), "{start}+{len}");
                for register in [0, 0x1234_5678, !0] {
                    assert_eq!(
                        crc32_register(register, slice),
                        crc32_tables_register(register, slice),
                        "{start}+{len} from {register:#x}"
                    );
                }
            }
        }
    }

    /// Both x86_64 foldings, whichever `crc32` picks on this CPU, against the tables.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn x86_both_foldings_match_the_tables() {
        let data = noise(if cfg!(miri) { 1200 } else { 70_000 }, 5);
        let lengths = (256..700).chain([1023, 1024, 1025, data.len() - 1]);
        for len in lengths {
            let Some(slice) = data.get(3..3 + len) else {
                continue;
            };
            for register in [0, 0xdead_beef, !0] {
                let tables = crc32_tables_register(register, slice);
                let through = |(crc, tail)| crc32_tables_register(crc, tail);
                if super::x86::available() {
                    // SAFETY: `available` found `pclmulqdq`.
                    let narrow = through(unsafe { super::x86::crc32_fold(register, slice) });
                    assert_eq!(narrow, tables, "128-bit, {len} from {register:#x}");
                }
                if super::x86::wide_available() {
                    // SAFETY: `wide_available` found AVX-512F, `vpclmulqdq` and `pclmulqdq`.
                    let wide = through(unsafe { super::x86::crc32_fold_wide(register, slice) });
                    assert_eq!(wide, tables, "512-bit, {len} from {register:#x}");
                }
            }
        }
    }

    /// The folding constants are x^n mod P for the reflected polynomial, bit-reversed and
    /// shifted one place (the product of two reflected 64-bit halves lands one bit low).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn x86_folding_constants_are_powers_of_x_mod_the_polynomial() {
        fn x_pow_mod_p(n: u32) -> u64 {
            const P: u64 = 0x1_04C1_1DB7;
            let mut r: u64 = 1;
            for _ in 0..n {
                r <<= 1;
                if r & (1 << 32) != 0 {
                    r ^= P;
                }
            }
            r
        }
        let folded = |n| (u64::from((x_pow_mod_p(n) as u32).reverse_bits()) << 1) as i64;
        assert_eq!(
            super::x86::FOLD_BY_4,
            (folded(4 * 128 + 32), folded(4 * 128 - 32))
        );
        assert_eq!(
            super::x86::FOLD_BY_16,
            (folded(4 * 512 + 32), folded(4 * 512 - 32))
        );
        assert_eq!(super::x86::FOLD_BY_1, (folded(128 + 32), folded(128 - 32)));
        assert_eq!(super::x86::FOLD_64, folded(64));
    }

    #[test]
    fn internet_checksum_vectors() {
        // RFC 1071's worked example: the sum of 0001 f203 f4f5 f6f7 is ddf2.
        assert_eq!(
            internet_checksum(&[0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7]),
            !0xddf2
        );
        assert_eq!(internet_checksum(&[]), 0xFFFF);
        // An odd byte is the high half of a last word.
        assert_eq!(internet_checksum(&[0x12]), !0x1200);
        assert_eq!(internet_checksum(&[0xFF; 1001]), 0x00FF);
    }

    /// The 16-bit words one at a time: RFC 1071's definition, the oracle for the wide loop.
    fn internet_checksum_by_words(bytes: &[u8]) -> u16 {
        let mut sum: u64 = 0;
        for word in bytes.chunks(2) {
            sum += u64::from(word[0]) << 8 | u64::from(word.get(1).copied().unwrap_or(0));
        }
        while sum >> 16 != 0 {
            sum = (sum & 0xFFFF) + (sum >> 16);
        }
        !(sum as u16)
    }

    #[test]
    fn internet_checksum_agrees_with_the_word_by_word_sum() {
        let bytes = noise(300, 0x2545_f491_4f6c_dd1d);
        for len in 0..bytes.len() {
            for start in 0..3.min(len + 1) {
                let slice = &bytes[start..len];
                assert_eq!(
                    internet_checksum(slice),
                    internet_checksum_by_words(slice),
                    "{len}"
                );
            }
        }
        // Every carry: all ones.
        for len in [8, 64, 1000, 4096] {
            let ones = alloc::vec![0xFF; len];
            assert_eq!(
                internet_checksum(&ones),
                internet_checksum_by_words(&ones),
                "{len}"
            );
        }
    }
}
