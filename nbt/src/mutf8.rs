//! Java's modified UTF-8, the encoding of every NBT string and name.
//!
//! It is UTF-8 with two differences: U+0000 is written as the two bytes `C0 80` (so no string
//! contains a zero byte), and a character outside the Basic Multilingual Plane is written as
//! its UTF-16 surrogate pair, each surrogate as a three-byte sequence (six bytes in all, where
//! UTF-8 has four). Everything else, ASCII above all, is the same bytes in both, so decoding
//! checks first and copies as is when it can.
//!
//! Decoding is strict: the bytes must be exactly what [`encode`] writes for some string (no
//! raw zero byte, no four-byte sequence, no overlong form other than `C0 80`, surrogates only
//! in pairs). Java's own decoder accepts more, but what it accepts beyond this has no Rust
//! `str` (a lone surrogate) or would not be written back the same; [`decode_lossy`] takes
//! anything, with U+FFFD for what it cannot read.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

/// A byte test three ways: on one byte, and on each byte of a `u64` or `u32` at once (the
/// high bit of each byte that passes, as `zero_bytes` gives).
trait ByteTest {
    fn byte(b: u8) -> bool;
    fn word(w: u64) -> u64;
    fn half(w: u32) -> u32;
}

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `w` that is zero (exact as to whether there is one).
#[inline(always)]
fn zero_bytes(w: u64) -> u64 {
    w.wrapping_sub(LO) & !w & HI
}

#[inline(always)]
fn zero_bytes32(w: u32) -> u32 {
    w.wrapping_sub(LO as u32) & !w & HI as u32
}

/// Bytes outside `1..=0x7F` (what is not plain ASCII).
struct NotPlainAscii;

impl ByteTest for NotPlainAscii {
    #[inline(always)]
    fn byte(b: u8) -> bool {
        b.wrapping_sub(1) >= 0x7F
    }
    #[inline(always)]
    fn word(w: u64) -> u64 {
        (w & HI) | zero_bytes(w)
    }
    #[inline(always)]
    fn half(w: u32) -> u32 {
        (w & HI as u32) | zero_bytes32(w)
    }
}

/// Zero bytes and four-byte lead bytes (`0xF0..`): what modified UTF-8 writes differently.
struct Reencoded;

impl ByteTest for Reencoded {
    #[inline(always)]
    fn byte(b: u8) -> bool {
        b.wrapping_sub(1) >= 0xEF
    }
    #[inline(always)]
    fn word(w: u64) -> u64 {
        // The top four bits of a byte all set: bit 7 of `w & w << 1 & w << 2 & w << 3`.
        zero_bytes(w) | (w & (w << 1) & (w << 2) & (w << 3) & HI)
    }
    #[inline(always)]
    fn half(w: u32) -> u32 {
        zero_bytes32(w) | (w & (w << 1) & (w << 2) & (w << 3) & HI as u32)
    }
}

#[inline(always)]
fn word_at(bytes: &[u8], at: usize) -> u64 {
    let mut w = [0; 8];
    w.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(w)
}

#[inline(always)]
fn half_at(bytes: &[u8], at: usize) -> u32 {
    let mut w = [0; 4];
    w.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(w)
}

/// Whether any byte passes `T`: 16 bytes at a time in a loop the compiler vectorizes, then the
/// rest as two overlapping words (or half-words, or up to three bytes), without a loop. NBT
/// names average 5-7 bytes and strings 15-35, so the rest is most of the work (measured with
/// callgrind: a byte loop for it took 60 instructions per name, 34% of writing a player file).
#[inline(always)]
fn any_byte<T: ByteTest>(bytes: &[u8]) -> bool {
    let mut chunks = bytes.chunks_exact(16);
    for c in &mut chunks {
        if c.iter().fold(false, |acc, &b| acc | T::byte(b)) {
            return true;
        }
    }
    let rest = chunks.remainder();
    let n = rest.len();
    if n >= 8 {
        T::word(word_at(rest, 0)) | T::word(word_at(rest, n - 8)) != 0
    } else if n >= 4 {
        T::half(half_at(rest, 0)) | T::half(half_at(rest, n - 4)) != 0
    } else {
        rest.iter().fold(false, |acc, &b| acc | T::byte(b))
    }
}

/// Whether every byte is in `1..=0x7F`: ASCII without NUL, whose modified UTF-8 is the same
/// bytes. Always inlined: the readers call it for every name and string, and out of line
/// (as LLVM chose once the reader had a flavour parameter) it cost 2% of a read.
#[inline(always)]
pub(crate) fn is_plain_ascii(bytes: &[u8]) -> bool {
    if bytes.len() >= LONG {
        return largest_less_one(bytes) < 0x7F;
    }
    !any_byte::<NotPlainAscii>(bytes)
}

/// From this length on, a string is checked by [`largest_less_one`] rather than [`any_byte`].
const LONG: usize = 128;

/// The largest `b - 1` (wrapping) over the bytes: below `0x7F` when every byte is plain ASCII
/// (`1..=0x7F`), below `0xEF` when none is one that modified UTF-8 writes differently (NUL, a
/// lead byte from `0xF0`). A reduction without an early exit, which LLVM unrolls over vectors
/// (`pmaxub`): kilobyte strings (base64 icons, JSON text) are almost always plain, and
/// [`any_byte`]'s branch every 16 bytes made the check dearer than the string's copy. Out of
/// line: short strings, nearly all, never come here. On x86_64 with `std`, the same loop
/// compiled for AVX-512BW or AVX2 where the CPU has it (four or two times the bytes per
/// instruction of x86_64's SSE2). Measured on a 40 KB server list of base64 icons, read to a
/// tree: 2.33 µs with `any_byte`, 1.88 µs with this loop on SSE2, 1.55 µs on AVX-512BW.
#[inline(never)]
fn largest_less_one(bytes: &[u8]) -> u8 {
    #[cfg(all(
        feature = "std",
        target_arch = "x86_64",
        not(target_feature = "avx512bw")
    ))]
    if std::is_x86_feature_detected!("avx512bw") {
        // SAFETY: the CPU has AVX-512BW (detected just above), the one requirement of a
        // `#[target_feature]` function; its body is safe code.
        return unsafe { largest_less_one_avx512(bytes) };
    }
    #[cfg(all(feature = "std", target_arch = "x86_64", not(target_feature = "avx2")))]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (detected just above), the one requirement of a
        // `#[target_feature]` function; its body is safe code.
        return unsafe { largest_less_one_avx2(bytes) };
    }
    largest_less_one_portable(bytes)
}

#[inline(always)]
fn largest_less_one_portable(bytes: &[u8]) -> u8 {
    bytes.iter().fold(0, |m, &b| m.max(b.wrapping_sub(1)))
}

/// [`largest_less_one`] for CPUs with AVX-512BW.
#[cfg(all(
    feature = "std",
    target_arch = "x86_64",
    not(target_feature = "avx512bw")
))]
#[target_feature(enable = "avx512bw")]
fn largest_less_one_avx512(bytes: &[u8]) -> u8 {
    largest_less_one_portable(bytes)
}

/// [`largest_less_one`] for CPUs with AVX2.
#[cfg(all(feature = "std", target_arch = "x86_64", not(target_feature = "avx2")))]
#[target_feature(enable = "avx2")]
fn largest_less_one_avx2(bytes: &[u8]) -> u8 {
    largest_less_one_portable(bytes)
}

/// Copies `len <= 64` bytes from `src` to `dst` and says whether they are their own modified
/// UTF-8 (no zero byte, no four-byte lead byte), testing the pieces the copy loads: two to four
/// possibly overlapping 16-byte vectors from 16 bytes on (SSE2, part of x86_64), two words or
/// half-words below, without a loop (measured: checking each string value, then copying it,
/// was a fifth of writing `hypixel.nbt`). Where it says no, the caller writes the string again,
/// re-encoded, over what this wrote.
///
/// # Safety
/// `len <= 64`; `src` valid for reads and `dst` for writes of `len` bytes; the ranges do not
/// overlap.
#[inline(always)]
pub(crate) unsafe fn copy_if_plain(src: *const u8, dst: *mut u8, len: usize) -> bool {
    debug_assert!(len <= 64);
    #[cfg(target_arch = "x86_64")]
    if len >= 16 {
        use core::arch::x86_64::{
            __m128i, _mm_add_epi8, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_max_epu8,
            _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_setzero_si128, _mm_storeu_si128,
        };
        // SAFETY: SSE2 is part of x86_64; every 16-byte piece lies within the `len >= 16` bytes
        // of both ranges (the caller's promise), the pieces together cover them.
        unsafe {
            let piece = |at: usize, found: __m128i| {
                let v = _mm_loadu_si128(src.add(at).cast());
                _mm_storeu_si128(dst.add(at).cast(), v);
                // `b - 1 >= 0xEF` unsigned: NUL and the lead bytes from 0xF0.
                let t = _mm_add_epi8(v, _mm_set1_epi8(-1));
                let hit = _mm_cmpeq_epi8(_mm_max_epu8(t, _mm_set1_epi8(0xEFu8 as i8)), t);
                _mm_or_si128(found, hit)
            };
            let mut found = piece(0, _mm_setzero_si128());
            if len > 32 {
                found = piece(16, found);
                found = piece(len - 32, found);
            }
            found = piece(len - 16, found);
            return _mm_movemask_epi8(found) == 0;
        }
    }
    /// Copies the words at `offsets` (each within `len` bytes, together covering them) and
    /// tests them.
    ///
    /// # Safety
    /// Each `at + 8 <= len` for the caller's `len`, with the caller's pointers.
    #[inline(always)]
    unsafe fn words<const N: usize>(src: *const u8, dst: *mut u8, offsets: [usize; N]) -> bool {
        let mut found = 0;
        for at in offsets {
            // SAFETY: `at + 8 <= len` (the caller's promise), within both ranges.
            unsafe {
                let w = src.add(at).cast::<u64>().read_unaligned();
                dst.add(at).cast::<u64>().write_unaligned(w);
                found |= Reencoded::word(w);
            }
        }
        found == 0
    }
    // SAFETY: in every arm the pieces lie within the `len` bytes of both ranges (the caller's
    // promise) and cover them.
    unsafe {
        match len {
            33.. => words(
                src,
                dst,
                [0, 8, 16, 24, len - 32, len - 24, len - 16, len - 8],
            ),
            17.. => words(src, dst, [0, 8, len - 16, len - 8]),
            8.. => words(src, dst, [0, len - 8]),
            4.. => {
                let a = src.cast::<u32>().read_unaligned();
                let b = src.add(len - 4).cast::<u32>().read_unaligned();
                dst.cast::<u32>().write_unaligned(a);
                dst.add(len - 4).cast::<u32>().write_unaligned(b);
                Reencoded::half(a) | Reencoded::half(b) == 0
            }
            _ => {
                let mut plain = true;
                for i in 0..len {
                    let b = src.add(i).read();
                    dst.add(i).write(b);
                    plain &= !Reencoded::byte(b);
                }
                plain
            }
        }
    }
}

/// Whether a UTF-8 string needs re-encoding for modified UTF-8: it holds U+0000 or a
/// character outside the Basic Multilingual Plane (a zero byte or a four-byte lead byte).
#[inline]
pub(crate) fn needs_encoding(s: &str) -> bool {
    if s.len() >= LONG {
        return largest_less_one(s.as_bytes()) >= 0xEF;
    }
    any_byte::<Reencoded>(s.as_bytes())
}

/// The length of `s` in modified UTF-8.
#[inline]
pub(crate) fn encoded_len(s: &str) -> usize {
    if !needs_encoding(s) {
        return s.len();
    }
    s.chars()
        .map(|c| match c {
            '\0' => 2,
            c if (c as u32) > 0xFFFF => 6,
            c => c.len_utf8(),
        })
        .sum()
}

/// Encodes `s` as modified UTF-8: borrowed when it is the same bytes (no NUL, nothing outside
/// the Basic Multilingual Plane), which is almost always.
///
/// ```
/// use wire_nbt::mutf8;
/// assert_eq!(mutf8::encode("plain"), b"plain".as_slice());
/// assert_eq!(mutf8::encode("a\0b"), [b'a', 0xC0, 0x80, b'b'].as_slice());
/// // U+1F600 as the surrogate pair D83D DE00, three bytes each.
/// assert_eq!(mutf8::encode("\u{1F600}"), [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80].as_slice());
/// ```
pub fn encode(s: &str) -> Cow<'_, [u8]> {
    if !needs_encoding(s) {
        return Cow::Borrowed(s.as_bytes());
    }
    let mut out = Vec::with_capacity(encoded_len(s));
    encode_slow(s, &mut out);
    Cow::Owned(out)
}

/// Appends the modified UTF-8 of `s` to `out`.
#[inline]
pub(crate) fn extend_encoded(out: &mut Vec<u8>, s: &str) {
    if needs_encoding(s) {
        encode_slow(s, out);
    } else {
        endian_wire::bulk::extend_from_bytes(out, s.as_bytes());
    }
}

#[cold]
fn encode_slow(s: &str, out: &mut Vec<u8>) {
    for c in s.chars() {
        let c = c as u32;
        if c == 0 {
            out.extend_from_slice(&[0xC0, 0x80]);
        } else if c > 0xFFFF {
            let v = c - 0x1_0000;
            push_three(out, 0xD800 | (v >> 10));
            push_three(out, 0xDC00 | (v & 0x3FF));
        } else {
            let mut buf = [0; 4];
            // `c` is a scalar value below 0x10000 (from a `char`).
            let ch = char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER);
            out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
        }
    }
}

/// The three-byte form of a BMP code unit (surrogates included).
fn push_three(out: &mut Vec<u8>, unit: u32) {
    out.extend_from_slice(&[
        0xE0 | (unit >> 12) as u8,
        0x80 | ((unit >> 6) & 0x3F) as u8,
        0x80 | (unit & 0x3F) as u8,
    ]);
}

/// Decodes modified UTF-8: borrowed when the bytes are already UTF-8 (no `C0 80`, no
/// surrogate pair), which is almost always.
///
/// # Errors
/// The offset, within `bytes`, of the first byte that does not start or continue a valid
/// sequence (see the [module docs](self) for what is valid).
///
/// ```
/// use wire_nbt::mutf8;
/// assert_eq!(mutf8::decode(b"plain").unwrap(), "plain");
/// assert_eq!(mutf8::decode(&[b'a', 0xC0, 0x80]).unwrap(), "a\0");
/// assert_eq!(mutf8::decode(&[0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]).unwrap(), "\u{1F600}");
/// assert_eq!(mutf8::decode(&[b'a', b'b', 0]), Err(2)); // a raw zero byte
/// assert_eq!(mutf8::decode(&[0xF0, 0x9F, 0x98, 0x80]), Err(0)); // UTF-8's four-byte form
/// ```
pub fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, usize> {
    if is_plain_ascii(bytes) {
        // SAFETY: ASCII is UTF-8.
        return Ok(Cow::Borrowed(unsafe {
            core::str::from_utf8_unchecked(bytes)
        }));
    }
    decode_non_ascii(bytes)
}

/// [`decode`] past its ASCII check: UTF-8 that is also modified UTF-8 is borrowed, the rest
/// decoded into a new string.
pub(crate) fn decode_non_ascii(bytes: &[u8]) -> Result<Cow<'_, str>, usize> {
    if let Ok(s) = core::str::from_utf8(bytes)
        && !needs_encoding(s)
    {
        return Ok(Cow::Borrowed(s));
    }
    decode_slow(bytes, false).map(Cow::Owned)
}

/// Decodes modified UTF-8, replacing every byte that is not part of a valid sequence (and
/// every lone surrogate) with U+FFFD.
///
/// ```
/// use wire_nbt::mutf8;
/// assert_eq!(mutf8::decode_lossy(&[b'a', 0xFF, 0xC0, 0x80]), "a\u{FFFD}\0");
/// ```
pub fn decode_lossy(bytes: &[u8]) -> Cow<'_, str> {
    match decode(bytes) {
        Ok(s) => s,
        Err(_) => match decode_slow(bytes, true) {
            Ok(s) => Cow::Owned(s),
            Err(_) => unreachable!("lossy decoding does not fail"),
        },
    }
}

/// The byte at `i` if it is a continuation byte (`10xxxxxx`), as its six bits.
#[inline]
fn continuation(bytes: &[u8], i: usize) -> Option<u32> {
    match bytes.get(i) {
        Some(&b) if b & 0xC0 == 0x80 => Some(u32::from(b & 0x3F)),
        _ => None,
    }
}

/// A three-byte sequence at `i` holding a code unit `>= 0x800`, or `None`.
#[inline]
fn three(bytes: &[u8], i: usize) -> Option<u32> {
    let lead = *bytes.get(i)?;
    if lead & 0xF0 != 0xE0 {
        return None;
    }
    let unit = (u32::from(lead & 0x0F) << 12)
        | (continuation(bytes, i + 1)? << 6)
        | continuation(bytes, i + 2)?;
    (unit >= 0x800).then_some(unit)
}

/// The full decoder: one sequence at a time. With `lossy`, a bad byte becomes U+FFFD and
/// decoding goes on from the next byte; without, it is the error.
fn decode_slow(bytes: &[u8], lossy: bool) -> Result<String, usize> {
    let mut out = String::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let (c, used) = match b {
            0x01..=0x7F => (Some(u32::from(b)), 1),
            0xC0 if bytes.get(i + 1) == Some(&0x80) => (Some(0), 2),
            0xC2..=0xDF => match continuation(bytes, i + 1) {
                Some(low) => (Some((u32::from(b & 0x1F) << 6) | low), 2),
                None => (None, 1),
            },
            0xE0..=0xEF => match three(bytes, i) {
                Some(high @ 0xD800..=0xDBFF) => match three(bytes, i + 3) {
                    Some(low @ 0xDC00..=0xDFFF) => {
                        (Some(0x1_0000 + ((high - 0xD800) << 10) + (low - 0xDC00)), 6)
                    }
                    _ => (None, 1),
                },
                Some(0xDC00..=0xDFFF) | None => (None, 1),
                Some(unit) => (Some(unit), 3),
            },
            _ => (None, 1),
        };
        match c.and_then(char::from_u32) {
            Some(c) => out.push(c),
            None if lossy => out.push(char::REPLACEMENT_CHARACTER),
            None => return Err(i),
        }
        i += used;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bmp_character_and_some_beyond_round_trip() {
        let mut s = String::new();
        // Under Miri every 53rd (still every length of encoding, surrogates' edges aside).
        let (bmp, beyond) = if cfg!(miri) { (53, 9_973) } else { (1, 97) };
        for c in (0..0x1_0000)
            .step_by(bmp)
            .chain([0xD7FF, 0xE000, 0xFFFF])
            .chain((0x1_0000..0x11_0000).step_by(beyond))
        {
            if let Some(c) = char::from_u32(c) {
                s.push(c);
            }
        }
        let bytes = encode(&s);
        assert_eq!(bytes.len(), encoded_len(&s));
        assert!(!bytes.contains(&0));
        assert_eq!(decode(&bytes).unwrap(), s);
    }

    #[test]
    fn word_checks_agree_with_byte_checks() {
        // Every length, or under Miri those around each word and vector boundary.
        let lens: alloc::vec::Vec<usize> = if cfg!(miri) {
            alloc::vec![0, 1, 7, 8, 9, 15, 16, 17, 31, 39]
        } else {
            (0..40).collect()
        };
        for len in lens {
            // Under Miri, the odd byte at each end and on each side of the first word and
            // vector boundaries.
            let near_a_boundary =
                |at: usize| at < 2 || at + 2 >= len || [7, 8, 15, 16].contains(&at);
            for at in (0..len).filter(|&at| !cfg!(miri) || near_a_boundary(at)) {
                for b in [0u8, 1, 0x7F, 0x80, 0xC3, 0xEF, 0xF0, 0xFF] {
                    let mut bytes = [b'a'; 40];
                    bytes[at] = b;
                    let s = &bytes[..len];
                    assert_eq!(
                        is_plain_ascii(s),
                        s.iter().all(|&b| (1..=0x7F).contains(&b)),
                        "{s:?}"
                    );
                    if let Ok(s) = core::str::from_utf8(s) {
                        assert_eq!(needs_encoding(s), s.bytes().any(|b| b == 0 || b >= 0xF0));
                    }
                }
            }
        }
        // Long strings (the reduction's path): one odd byte at each position, or under Miri
        // at the ends and around the path's threshold.
        for len in [LONG, LONG + 1, 300] {
            let positions: alloc::vec::Vec<usize> = if cfg!(miri) {
                alloc::vec![0, 1, LONG - 1, len - 1]
            } else {
                (0..len).collect()
            };
            for at in positions {
                for b in [0u8, 1, 0x7F, 0x80, 0xC3, 0xEF, 0xF0, 0xFF] {
                    let mut bytes = alloc::vec![b'a'; len];
                    bytes[at] = b;
                    assert_eq!(
                        is_plain_ascii(&bytes),
                        (1..=0x7F).contains(&b),
                        "{len} {at} {b:x}"
                    );
                    if let Ok(s) = core::str::from_utf8(&bytes) {
                        assert_eq!(needs_encoding(s), b == 0 || b >= 0xF0, "{len} {at} {b:x}");
                    }
                }
            }
        }
        // Four-byte characters at every position of a word.
        for pad in 0..9 {
            let s = alloc::format!("{}\u{1F600}", "x".repeat(pad));
            assert!(needs_encoding(&s));
            assert!(!needs_encoding(&s.replace('\u{1F600}', "é")));
        }
    }

    /// Every instruction set's build of the long strings' check against the portable one, on
    /// every length around the vector widths with each kind of byte at each end.
    #[test]
    fn long_check_paths_agree() {
        let lens: alloc::vec::Vec<usize> = if cfg!(miri) {
            alloc::vec![0, 1, 63, 64, 65, 129, 257]
        } else {
            (0..300).collect()
        };
        for len in lens {
            for b in [0u8, 1, 0x7F, 0x80, 0xEF, 0xF0, 0xFF] {
                for at in [0, len / 2, len.saturating_sub(1)] {
                    let mut bytes = alloc::vec![b'a'; len];
                    if len > 0 {
                        bytes[at] = b;
                    }
                    let want = largest_less_one_portable(&bytes);
                    assert_eq!(
                        want,
                        bytes.iter().map(|b| b.wrapping_sub(1)).max().unwrap_or(0)
                    );
                    assert_eq!(largest_less_one(&bytes), want, "{len} {at} {b:x}");
                    #[cfg(all(
                        feature = "std",
                        target_arch = "x86_64",
                        not(target_feature = "avx2")
                    ))]
                    if std::is_x86_feature_detected!("avx2") {
                        // SAFETY: the CPU has AVX2.
                        assert_eq!(unsafe { largest_less_one_avx2(&bytes) }, want);
                    }
                    #[cfg(all(
                        feature = "std",
                        target_arch = "x86_64",
                        not(target_feature = "avx512bw")
                    ))]
                    if std::is_x86_feature_detected!("avx512bw") {
                        // SAFETY: the CPU has AVX-512BW.
                        assert_eq!(unsafe { largest_less_one_avx512(&bytes) }, want);
                    }
                }
            }
        }
    }

    #[test]
    fn refuses_what_the_encoder_never_writes() {
        for (bad, at) in [
            (&[b'x', 0][..], 1),                  // raw NUL
            (&[0xC1, 0x81], 0),                   // overlong 'A'
            (&[0xE0, 0x80, 0x80], 0),             // overlong NUL in three bytes
            (&[0xED, 0xA0, 0xBD], 0),             // lone high surrogate
            (&[0xED, 0xB8, 0x80], 0),             // lone low surrogate
            (&[0xF0, 0x9F, 0x98, 0x80], 0),       // four-byte UTF-8
            (&[b'a', 0x80], 1),                   // stray continuation
            (&[b'a', b'b', 0xE2, 0x82], 2),       // truncated sequence
            (&[0xED, 0xA0, 0xBD, b'x', 0, 0], 0), // high surrogate then not a low one
        ] {
            assert_eq!(decode(bad), Err(at), "{bad:x?}");
            assert!(decode_lossy(bad).contains('\u{FFFD}'), "{bad:x?}");
        }
    }
}
