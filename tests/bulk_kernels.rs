//! Every bulk kernel against a byte-reversal oracle: each instruction set this CPU has, every
//! element width (1, the copy kernel, and 2 to 16), every element count 0..=300 and start
//! offset 0..=63 (a sample under Miri), out of place and in place, with guard bytes around the
//! destination. Then the public entries (`to_bytes`,
//! `from_bytes`, `wire_in_place`) over the same sweep, for every width and both orders, once per
//! instruction set forced with `Isa::force` (`public_entries_<set>`): they switch between the
//! inline path (up to 64 bytes, the compile-time target's vectors) and the dispatched kernel,
//! and this is where that switch, the inline path and the forced dispatch are checked. A build
//! whose target fixes the set at compile time (Miri's SIMD run, aarch64) checks that one only.
//!
//! Then the lane shuffle of record tables (`RuntimeEndian::read_all_as` and its kin), each
//! instruction set, against reversing every field of every record: record layouts from ELF's
//! and others, 0 to 40 records, several buffer offsets.
//!
//! A custom harness (`harness = false`) so that a kernel the CPU lacks is reported as ignored,
//! never as passed. Accepts libtest's filter arguments and `--skip`.

use std::panic;
use std::process::ExitCode;

use endian_wire::bulk::{self, Isa, WireElement};
use endian_wire::zerocopy::{FromBytes, FromZeros, IntoBytes};
use endian_wire::{BigEndian, LittleEndian};

const GUARD: usize = 64;
const GUARD_BYTE: u8 = 0xA5;

/// Element counts and start offsets swept for elements of `width` bytes. Miri gets, for its
/// width, the counts one element on either side of every loop boundary (16, 32, 64, 128 and
/// 256 bytes) and two offsets (aligned and not): the interpreter's time goes by the byte, and
/// the boundaries are what the kernels' loops decide on. Other targets than x86_64 every
/// offset within their widest vector.
fn sweep(width: usize) -> (Vec<usize>, Vec<usize>) {
    if cfg!(miri) {
        let mut counts = vec![0, 1];
        for boundary in [16, 32, 64, 128, 256] {
            let at = boundary / width;
            counts.extend([at - 1, at + 1]);
        }
        counts.sort_unstable();
        counts.dedup();
        (counts, vec![0, 13])
    } else if cfg!(target_arch = "x86_64") {
        // Every alignment of AVX-512's 64-byte vectors.
        ((0..=300).collect(), (0..64).collect())
    } else {
        // Every alignment of the target's 16-byte vectors (NEON; none on s390x): the sweep runs
        // under qemu there, four times faster than with 64 offsets.
        ((0..=300).collect(), (0..16).collect())
    }
}

/// The oracle: reverse each `width`-byte element.
fn oracle(width: usize, src: &[u8]) -> Vec<u8> {
    src.chunks(width)
        .flat_map(|c| c.iter().rev().copied())
        .collect()
}

/// Deterministic, distinct-looking input bytes.
fn pattern(len: usize, seed: usize) -> Vec<u8> {
    (0..len)
        .map(|i| (i.wrapping_mul(131) ^ seed.wrapping_mul(7) ^ (i >> 8)) as u8)
        .collect()
}

/// Whether `buf` holds guard bytes everywhere but `start..start + len`. A slice comparison
/// (one `memcmp`, a single step under Miri, where a byte-by-byte loop is thousands).
fn guards_intact(buf: &[u8], start: usize, len: usize) -> bool {
    let guards = vec![GUARD_BYTE; buf.len()];
    buf[..start] == guards[..start] && buf[start + len..] == guards[start + len..]
}

/// The input and the expected output for every count of one sweep, made once: the input for
/// `count` elements is the first `count * width` bytes of one pattern, and the oracle of whole
/// elements is a prefix of the oracle of the longest run. (Under Miri, making them afresh for
/// every count and offset, byte by byte, took most of the sweep's time.)
struct Prefixes {
    input: Vec<u8>,
    /// The oracle of `input[offset..]`, for each swept offset.
    expected: Vec<Vec<u8>>,
}

impl Prefixes {
    fn new(
        width: usize,
        max_len: usize,
        offsets: &[usize],
        expect: impl Fn(&[u8]) -> Vec<u8>,
    ) -> Self {
        let max_offset = offsets.iter().copied().max().unwrap_or(0);
        let input = pattern(max_len + max_offset, width);
        let expected = offsets
            .iter()
            .map(|&offset| expect(&input[offset..offset + max_len]))
            .collect();
        Prefixes { input, expected }
    }
}

fn check_isa(isa: Isa) {
    for width in [1, 2, 4, 8, 16] {
        let (mut counts, offsets) = sweep(width);
        // Width 1 is the copy kernel: also past its aligned-store threshold (512 bytes).
        if width == 1 {
            if cfg!(miri) {
                counts.push(601);
            } else {
                counts.extend([511, 512, 513, 1000, 1024, 1031, 4103]);
            }
        }
        let max_len = counts.iter().max().unwrap() * width;
        let sweep = Prefixes::new(width, max_len, &offsets, |src| oracle(width, src));
        for &count in &counts {
            let len = count * width;
            for (&offset, expected) in offsets.iter().zip(&sweep.expected) {
                let src_offset = offset;
                let dst_offset = (offset * 7 + 3) % 64;
                let src = &sweep.input[src_offset..src_offset + len];
                let expected = &expected[..len];

                // Out of place, with guard bytes around the destination.
                let mut dst_buf = vec![GUARD_BYTE; GUARD + 64 + len + GUARD];
                let start = GUARD + dst_offset;
                bulk::swap_bytes_with(isa, width, src, &mut dst_buf[start..start + len])
                    .expect("isa checked available");
                assert_eq!(
                    &dst_buf[start..start + len],
                    expected,
                    "{isa:?} width {width} count {count} offsets {src_offset}/{dst_offset}"
                );
                assert!(
                    guards_intact(&dst_buf, start, len),
                    "{isa:?} wrote outside its destination: width {width} count {count}"
                );

                // In place, with guard bytes.
                let mut place = vec![GUARD_BYTE; GUARD + 64 + len + GUARD];
                place[start..start + len].copy_from_slice(src);
                bulk::swap_bytes_in_place_with(isa, width, &mut place[start..start + len])
                    .expect("isa checked available");
                assert_eq!(
                    &place[start..start + len],
                    expected,
                    "{isa:?} in place width {width} count {count} offset {dst_offset}"
                );
                assert!(
                    guards_intact(&place, start, len),
                    "{isa:?} in place wrote outside its range: width {width} count {count}"
                );
            }
        }
    }
}

/// The public entries for wire type `W` against the oracle (a copy when `W` does not swap on
/// this host). The byte side starts at every offset; the native side is a `Vec`, aligned.
fn check_entries<W: WireElement>() {
    let width = size_of::<W>();
    let expect = |src: &[u8]| {
        if W::SWAPS {
            oracle(width, src)
        } else {
            src.to_vec()
        }
    };
    let (counts, offsets) = sweep(width);
    let max_len = counts.iter().max().unwrap() * width;
    // The native side's bytes start at the pattern's first byte for every count.
    let sweep = Prefixes::new(width, max_len, &[0], expect);
    let all_native: Vec<W::Native> = <[W::Native]>::ref_from_bytes(&sweep.input[..max_len])
        .map(<[_]>::to_vec)
        .unwrap_or_else(|_| {
            // Not aligned for the native type: element by element.
            sweep.input[..max_len]
                .chunks(width)
                .map(|c| W::Native::read_from_bytes(c).expect("one element"))
                .collect()
        });
    for &count in &counts {
        let len = count * width;
        let native_bytes = &sweep.input[..len];
        let native = &all_native[..count];
        let wire_bytes = &sweep.expected[0][..len];
        for &offset in &offsets {
            let what = format!(
                "width {width} swaps {} count {count} offset {offset}",
                W::SWAPS
            );
            let mut buf = vec![GUARD_BYTE; GUARD + 64 + len + GUARD];
            let start = GUARD + offset;
            bulk::to_bytes::<W>(native, &mut buf[start..start + len]);
            assert_eq!(&buf[start..start + len], wire_bytes, "to_bytes {what}");
            assert!(
                guards_intact(&buf, start, len),
                "to_bytes wrote outside its destination: {what}"
            );

            let mut back = vec![W::Native::new_zeroed(); count];
            bulk::from_bytes::<W>(&buf[start..start + len], &mut back);
            assert_eq!(back.as_bytes(), native_bytes, "from_bytes {what}");
        }
        let mut place = native.to_vec();
        let wire = bulk::wire_in_place::<W>(&mut place);
        assert_eq!(
            wire.as_bytes(),
            wire_bytes,
            "wire_in_place width {width} count {count}"
        );
        let back = bulk::native_in_place::<W>(wire);
        assert_eq!(
            back.as_bytes(),
            native_bytes,
            "native_in_place width {width} count {count}"
        );
    }
}

fn check_all_entries() {
    check_entries::<BigEndian<u16>>();
    check_entries::<LittleEndian<u16>>();
    check_entries::<BigEndian<u32>>();
    check_entries::<LittleEndian<f32>>();
    check_entries::<BigEndian<i64>>();
    check_entries::<LittleEndian<u64>>();
    check_entries::<BigEndian<u128>>();
    check_entries::<LittleEndian<i128>>();
}

/// `Isa::force` refuses a set this CPU or build cannot run and leaves the active one alone;
/// every name parses back to its set.
fn check_refusals() {
    let before = Isa::active();
    for isa in Isa::ALL {
        assert_eq!(Isa::from_name(isa.name()), Some(isa));
        if !isa.is_available() {
            let err = isa.force().expect_err("an unavailable set is refused");
            assert!(err.to_string().contains(isa.name()), "{err}");
            assert_eq!(Isa::active(), before, "a refusal changes nothing");
        }
    }
    assert_eq!(Isa::from_name("sse4"), None);
    assert!(Isa::best().is_available());
}

/// Record layouts as field widths, each field at a multiple of its width (as a `#[repr(C)]`
/// struct of numbers without padding lays them out): ELF64's section header, program header,
/// symbol and file header, and smaller and odd ones.
const LAYOUTS: &[&[usize]] = &[
    &[4, 4, 8, 8, 8, 8, 4, 4, 8, 8],
    &[4, 4, 8, 8, 8, 8, 8, 8],
    &[4, 1, 1, 2, 8, 8],
    &[
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 4, 8, 8, 8, 4, 2, 2, 2, 2, 2, 2,
    ],
    &[2],
    &[2, 2, 2],
    &[4, 4, 4],
    &[16, 8, 4, 2, 1, 1, 16, 16],
    &[1, 1, 2, 4, 8],
    &[8, 2, 2, 4, 8, 2, 2, 2, 2, 4, 4, 4, 4, 8],
];

/// For each byte of a record, the byte it is taken from: its field reversed.
fn reversed_fields(widths: &[usize]) -> Vec<usize> {
    let mut from = Vec::new();
    for &width in widths {
        let start = from.len();
        assert_eq!(
            start % width,
            0,
            "layout {widths:?}: field at {start} of width {width}"
        );
        from.extend((0..width).map(|i| start + width - 1 - i));
    }
    from
}

/// The lane pattern of a table of such records, as `runtime_endian` builds it: the period
/// (`lcm(size, 16)`), its controls, and 64 more repeating them.
fn lane_control(from: &[usize]) -> (Vec<u8>, usize) {
    let size = from.len();
    let gcd = |mut a: usize, mut b: usize| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let period = size / gcd(size, 16) * 16;
    let mut control: Vec<u8> = (0..period)
        .map(|t| {
            let source = t / size * size + from[t % size];
            u8::try_from(source - (t & !15)).expect("within the lane")
        })
        .collect();
    let tail: Vec<u8> = (0..64).map(|i| control[i % period]).collect();
    control.extend(tail);
    (control, period)
}

fn check_lanes(isa: Isa) {
    let counts: Vec<usize> = if cfg!(miri) {
        vec![0, 1, 2, 3, 5, 9]
    } else {
        (0..=40).collect()
    };
    let offsets: &[usize] = if cfg!(miri) {
        &[0, 3]
    } else {
        &[0, 1, 3, 8, 13]
    };
    for widths in LAYOUTS {
        let from = reversed_fields(widths);
        let size = from.len();
        let (control, period) = lane_control(&from);
        let max_len = counts.iter().max().unwrap() * size;
        let offsets_in_lane: Vec<usize> = offsets.iter().map(|offset| offset % 16).collect();
        let sweep = Prefixes::new(size, max_len, &offsets_in_lane, |src| {
            (0..src.len())
                .map(|t| src[t / size * size + from[t % size]])
                .collect()
        });
        for &count in &counts {
            let len = count * size;
            for ((&offset, &in_lane), expected) in
                offsets.iter().zip(&offsets_in_lane).zip(&sweep.expected)
            {
                let src = &sweep.input[in_lane..][..len];
                let expected = &expected[..len];
                let mut dst_buf = vec![GUARD_BYTE; GUARD + 64 + len + GUARD];
                let start = GUARD + (offset * 5) % 64;
                bulk::shuffle_lanes_with(
                    isa,
                    &control,
                    period,
                    src,
                    &mut dst_buf[start..start + len],
                )
                .expect("isa available, pattern well formed");
                assert_eq!(
                    &dst_buf[start..start + len],
                    expected,
                    "{isa:?} layout {widths:?} count {count} offset {offset}"
                );
                assert!(
                    guards_intact(&dst_buf, start, len),
                    "{isa:?} wrote outside its destination: layout {widths:?} count {count}"
                );
            }
        }
    }
    // Malformed patterns are refused, not run.
    let (control, period) = lane_control(&reversed_fields(&[4, 4]));
    let mut out = [0u8; 8];
    assert!(bulk::shuffle_lanes_with(isa, &control, period + 1, &[0; 8], &mut out).is_none());
    assert!(bulk::shuffle_lanes_with(isa, &control[..period], period, &[0; 8], &mut out).is_none());
    let mut past_end = control.clone();
    past_end[0] = 15; // byte 0 would read byte 15 of an 8-byte run
    past_end[period] = 15;
    assert!(bulk::shuffle_lanes_with(isa, &past_end, period, &[0; 8], &mut out).is_none());
}

/// Whether libtest-style arguments select the test `name`.
fn selected(name: &str, args: &[String]) -> bool {
    let mut filters = Vec::new();
    let mut skips = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--skip" => skips.extend(iter.next()),
            flag if flag.starts_with('-') => {}
            filter => filters.push(filter),
        }
    }
    (filters.is_empty() || filters.iter().any(|f| name.contains(f)))
        && !skips.iter().any(|s| name.contains(s.as_str()))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut passed, mut failed, mut ignored, mut filtered) = (0, 0, 0, 0);
    println!();
    for isa in Isa::ALL {
        let name = format!("kernel_{}", isa.name());
        if !selected(&name, &args) {
            filtered += 1;
            continue;
        }
        if !isa.is_available() {
            println!("test {name} ... ignored, not available on this CPU or target");
            ignored += 1;
            continue;
        }
        match panic::catch_unwind(|| check_isa(isa)) {
            Ok(()) => {
                println!("test {name} ... ok");
                passed += 1;
            }
            Err(_) => {
                println!("test {name} ... FAILED");
                failed += 1;
            }
        }
    }
    for isa in Isa::ALL {
        let name = format!("lanes_{}", isa.name());
        if !selected(&name, &args) {
            filtered += 1;
            continue;
        }
        if !isa.is_available() {
            println!("test {name} ... ignored, not available on this CPU or target");
            ignored += 1;
            continue;
        }
        match panic::catch_unwind(|| check_lanes(isa)) {
            Ok(()) => {
                println!("test {name} ... ok");
                passed += 1;
            }
            Err(_) => {
                println!("test {name} ... FAILED");
                failed += 1;
            }
        }
    }
    let name = "force_refuses_what_cannot_run";
    if !selected(name, &args) {
        filtered += 1;
    } else if panic::catch_unwind(check_refusals).is_ok() {
        println!("test {name} ... ok");
        passed += 1;
    } else {
        println!("test {name} ... FAILED");
        failed += 1;
    }
    let best = Isa::best();
    // The best set last, so the process ends as it began.
    let forced = Isa::ALL
        .into_iter()
        .filter(|&isa| isa != best)
        .chain([best]);
    for isa in forced {
        let name = format!("public_entries_{}", isa.name());
        if !selected(&name, &args) {
            filtered += 1;
            continue;
        }
        if let Err(why) = isa.force() {
            println!("test {name} ... ignored, {why}");
            ignored += 1;
            continue;
        }
        assert_eq!(Isa::active(), isa, "forced");
        match panic::catch_unwind(check_all_entries) {
            Ok(()) => {
                println!("test {name} ... ok");
                passed += 1;
            }
            Err(_) => {
                println!("test {name} ... FAILED");
                failed += 1;
            }
        }
    }
    let status = if failed == 0 { "ok" } else { "FAILED" };
    println!(
        "\ntest result: {status}. {passed} passed; {failed} failed; {ignored} ignored; 0 measured; {filtered} filtered out\n"
    );
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
