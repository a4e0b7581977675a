//! The example's parser (`#[endian(runtime)]` declarations of ELF's file and section
//! headers and symbols) against binutils' `readelf -h -S -s -W`, header field for header field,
//! section for section (name, type, address, offset, size, entry size, flags, link, info and
//! alignment) and symbol for symbol (value, size and name, of `.symtab` and `.dynsym`). `cargo test --example readelf` runs it (the example has `test = true`).
//!
//! `every_shared_library` takes every 64-bit ELF shared library under the host's library
//! directories and the cross toolchains' (`/usr/s390x-linux-gnu`, `/usr/aarch64-linux-gnu`):
//! at least 100 files, or every one there is. `both_byte_orders` takes a few of each
//! toolchain's, for the big-endian files. Without binutils, or without the cross libraries
//! for the second, they skip with a line saying what to install (`ENDIAN_WIRE_CI=1`, which
//! CI sets after installing them, makes that a failure). Under qemu-user (the s390x and
//! aarch64 runs) `readelf` is still the host's program. Neither runs under Miri, which cannot
//! start processes.

use endian_wire_testkit::skip;

use crate as readelf;

use std::collections::BTreeSet;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;

use endian_wire::Endian;

const HOST_DIRS: &[&str] = &["/lib", "/lib64", "/usr/lib", "/usr/lib64", "/usr/local/lib"];
const CROSS_DIRS: &[&str] = &["/usr/s390x-linux-gnu", "/usr/aarch64-linux-gnu"];

/// The 64-bit ELF shared libraries under `dirs`: regular files named `*.so` or `*.so.*`,
/// symbolic links not followed, each file once.
fn shared_libraries(dirs: &[&str]) -> Vec<PathBuf> {
    let mut found = BTreeSet::new();
    let mut stack: Vec<PathBuf> = dirs.iter().map(PathBuf::from).collect();
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            if meta.is_dir() {
                stack.push(path);
            } else if meta.is_file() && is_shared_library_name(&path) && is_elf64(&path) {
                found.insert(path.canonicalize().unwrap_or(path));
            }
        }
    }
    found.into_iter().collect()
}

fn is_shared_library_name(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.ends_with(".so") || name.contains(".so.")
}

fn is_elf64(path: &Path) -> bool {
    let mut magic = [0u8; 5];
    File::open(path)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic))
        .is_ok()
        && magic == *b"\x7fELF\x02"
}

/// What `readelf -h -S -W` says about a file.
#[derive(Debug, Default)]
struct Expected {
    big: bool,
    entry: u64,
    shoff: u64,
    flags: u64,
    shnum: u64,
    shstrndx: u64,
    sections: Vec<ExpectedSection>,
    /// `readelf -s`'s tables by name (`.symtab`, `.dynsym`).
    symbols: Vec<(String, Vec<ExpectedSymbol>)>,
}

/// One line of `readelf -s -W`: value, size, and the name where the line has one plainly
/// (`None` when readelf adds notes after the visibility, as on some machines).
#[derive(Debug)]
struct ExpectedSymbol {
    value: u64,
    size: u64,
    name: Option<String>,
}

/// The symbol tables of `readelf -s -W`'s output.
fn symbol_tables(text: &str) -> Option<Vec<(String, Vec<ExpectedSymbol>)>> {
    let mut tables = Vec::new();
    for part in text.split("Symbol table '").skip(1) {
        let (name, rest) = part.split_once('\'')?;
        let mut symbols = Vec::new();
        for line in rest.lines().skip(1) {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            let Some(num) = tokens.first().and_then(|t| t.strip_suffix(':')) else {
                continue;
            };
            match num.parse::<usize>() {
                Ok(n) if n == symbols.len() => {}
                Ok(_) => break,
                Err(_) => continue, // the "Num: Value ..." heading
            }
            let size = match tokens.get(2)?.strip_prefix("0x") {
                Some(h) => u64::from_str_radix(h, 16).ok()?,
                None => tokens[2].parse().ok()?,
            };
            let name = match tokens.len() {
                7 => Some(String::new()),
                8 if !tokens[7].starts_with('[') => Some(tokens[7].to_owned()),
                _ => None,
            };
            symbols.push(ExpectedSymbol {
                value: hex(tokens[1])?,
                size,
                name,
            });
        }
        tables.push((name.to_owned(), symbols));
    }
    Some(tables)
}

#[derive(Debug)]
struct ExpectedSection {
    index: usize,
    name: String,
    kind: String,
    addr: u64,
    offset: u64,
    size: u64,
    entsize: u64,
    flags: String,
    link: u64,
    info: u64,
    align: u64,
}

fn hex(s: &str) -> Option<u64> {
    u64::from_str_radix(s.trim_start_matches("0x"), 16).ok()
}

/// The first whole number after `label`, in `text`.
fn field(text: &str, label: &str, radix: u32) -> Option<u64> {
    let line = text.lines().find(|l| l.trim_start().starts_with(label))?;
    let value = line.split_once(':')?.1.split_whitespace().next()?;
    u64::from_str_radix(value.trim_start_matches("0x").trim_end_matches(','), radix).ok()
}

/// Whether binutils' `readelf` runs here; skips the test when it does not.
fn have_readelf() -> bool {
    match Command::new("readelf").arg("--version").output() {
        Ok(out) if out.status.success() => true,
        Ok(out) => {
            skip(
                format!("readelf --version failed: {}", out.status),
                "binutils",
            );
            false
        }
        Err(e) => {
            skip(format!("readelf not found: {e}"), "binutils");
            false
        }
    }
}

/// Runs `readelf -h -S -W`; `None` if it refuses the file.
fn readelf(path: &Path) -> Option<Expected> {
    let out = Command::new("readelf")
        .args(["-h", "-S", "-s", "-W"])
        .arg(path)
        .output()
        .expect("readelf ran a moment ago");
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let mut expected = Expected {
        big: text.contains("2's complement, big endian"),
        entry: field(&text, "Entry point address:", 16)?,
        shoff: field(&text, "Start of section headers:", 10)?,
        flags: field(&text, "Flags:", 16)?,
        shnum: field(&text, "Number of section headers:", 10)?,
        shstrndx: field(&text, "Section header string table index:", 10)?,
        ..Expected::default()
    };
    let table = text.split("Section Headers:").nth(1).unwrap_or("");
    for line in table.lines() {
        let Some(rest) = line.trim_start().strip_prefix('[') else {
            continue;
        };
        let Some((index, rest)) = rest.split_once(']') else {
            continue;
        };
        let Ok(index) = index.trim().parse() else {
            continue; // the "[Nr] Name ..." heading
        };
        expected.sections.push(section_line(index, rest)?);
    }
    expected.symbols = symbol_tables(&text)?;
    Some(expected)
}

/// One section line after its `[Nr]`: `Name Type Address Off Size ES Flg Lk Inf Al`, where
/// the name may be empty and the flags absent. The address (16 hex digits) anchors it.
fn section_line(index: usize, rest: &str) -> Option<ExpectedSection> {
    let tokens: Vec<&str> = rest.split_whitespace().collect();
    let at = tokens
        .iter()
        .position(|t| t.len() == 16 && t.bytes().all(|b| b.is_ascii_hexdigit()))?;
    let before = &tokens[..at];
    // Types are one word but for one.
    let type_words = if before.ends_with(&["SYMTAB", "SECTION", "INDICES"]) {
        3
    } else {
        1
    };
    let (name, kind) = before.split_at(before.len().checked_sub(type_words)?);
    let after = &tokens[at..];
    let (flags, numbers) = match after.len() {
        7 => ("", &after[4..]),
        8 => (after[4], &after[5..]),
        _ => return None,
    };
    let dec = |s: &str| s.parse::<u64>().ok();
    Some(ExpectedSection {
        index,
        name: name.join(" "),
        kind: kind.join(" "),
        addr: hex(after[0])?,
        offset: hex(after[1])?,
        size: hex(after[2])?,
        entsize: hex(after[3])?,
        flags: flags.to_owned(),
        link: dec(numbers[0])?,
        info: dec(numbers[1])?,
        align: dec(numbers[2])?,
    })
}

/// The differences between the example's parse of `path` and readelf's, if readelf reads it.
fn compare(path: &Path) -> Option<(Endian, Vec<String>)> {
    let expected = readelf(path)?;
    let mut problems = Vec::new();
    let bytes = std::fs::read(path).unwrap();
    let parsed = match readelf::parse(&bytes) {
        Ok(parsed) => parsed,
        Err(e) => return Some((Endian::Little, vec![format!("not parsed: {e}")])),
    };
    let h = &parsed.header;
    let order = if expected.big {
        Endian::Big
    } else {
        Endian::Little
    };
    let mut check = |what: &str, ours: String, theirs: String| {
        if ours != theirs {
            problems.push(format!("{what}: ours {ours}, readelf {theirs}"));
        }
    };
    check("order", format!("{:?}", parsed.order), format!("{order:?}"));
    check("entry", h.entry.to_string(), expected.entry.to_string());
    check("shoff", h.shoff.to_string(), expected.shoff.to_string());
    check("flags", h.flags.to_string(), expected.flags.to_string());
    check("shnum", h.shnum.to_string(), expected.shnum.to_string());
    check(
        "shstrndx",
        h.shstrndx.to_string(),
        expected.shstrndx.to_string(),
    );
    check(
        "section count",
        parsed.sections.len().to_string(),
        expected.sections.len().to_string(),
    );
    for (ours, theirs) in parsed.sections.iter().zip(&expected.sections) {
        let s = &ours.header;
        let i = theirs.index;
        check(
            &format!("[{i}] name"),
            String::from_utf8_lossy(ours.name).into_owned(),
            theirs.name.clone(),
        );
        if let Some(kind) = readelf::type_name(s.kind, h.machine) {
            check(&format!("[{i}] type"), kind.into(), theirs.kind.clone());
        }
        if let Some(flags) = readelf::flag_letters(s.flags, h.machine) {
            check(&format!("[{i}] flags"), flags, theirs.flags.clone());
        }
        let numbers = [
            ("addr", s.addr, theirs.addr),
            ("offset", s.offset, theirs.offset),
            ("size", s.size, theirs.size),
            ("entsize", s.entsize, theirs.entsize),
            ("link", s.link.into(), theirs.link),
            ("info", s.info.into(), theirs.info),
            ("align", s.addralign, theirs.align),
        ];
        for (what, ours, theirs) in numbers {
            check(
                &format!("[{i}] {what}"),
                ours.to_string(),
                theirs.to_string(),
            );
        }
    }
    for (title, theirs) in &expected.symbols {
        let ours = match title.as_str() {
            ".symtab" => &parsed.symtab,
            ".dynsym" => &parsed.dynsym,
            _ => continue,
        };
        check(
            &format!("{title} entries"),
            ours.len().to_string(),
            theirs.len().to_string(),
        );
        for (i, (ours, theirs)) in ours.iter().zip(theirs).enumerate() {
            check(
                &format!("{title}[{i}] value"),
                ours.sym.value.to_string(),
                theirs.value.to_string(),
            );
            check(
                &format!("{title}[{i}] size"),
                ours.sym.size.to_string(),
                theirs.size.to_string(),
            );
            // readelf adds the version to dynamic symbols' names (`memcpy@GLIBC_2.14`).
            // and the section's name to section symbols' empty ones.
            let name = String::from_utf8_lossy(ours.name);
            let section_symbol = ours.sym.info & 0xf == 3 && name.is_empty();
            if let Some(their_name) = theirs.name.as_ref().filter(|_| !section_symbol)
                && their_name != &name
                && !their_name
                    .strip_prefix(name.as_ref())
                    .is_some_and(|v| v.starts_with('@'))
            {
                check(
                    &format!("{title}[{i}] name"),
                    name.into_owned(),
                    their_name.clone(),
                );
            }
        }
    }
    Some((order, problems))
}

/// What [`compare_all`] found.
struct Counts {
    big: usize,
    little: usize,
}

/// Compares every file and fails on any difference; says how many of each order it read.
fn compare_all(files: &[PathBuf]) -> Counts {
    let (mut big, mut little, mut refused, mut sections, mut symbols) = (0, 0, 0, 0, 0);
    let mut problems = Vec::new();
    for path in files {
        match compare(path) {
            None => refused += 1,
            Some((order, found)) => {
                match order {
                    Endian::Big => big += 1,
                    Endian::Little => little += 1,
                }
                if let Ok(elf) = readelf::parse(&std::fs::read(path).unwrap()) {
                    sections += elf.sections.len();
                    symbols += elf.symtab.len() + elf.dynsym.len();
                }
                problems.extend(
                    found
                        .into_iter()
                        .map(|p| format!("{}: {p}", path.display())),
                );
            }
        }
    }
    eprintln!(
        "{} files: {big} big-endian, {little} little-endian, {sections} sections, \
         {symbols} symbols; {refused} \
         refused by readelf",
        files.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    Counts { big, little }
}

/// The cross toolchains' libraries, for the message when they are missing.
const CROSS_PACKAGES: &str = "the cross libraries: libc6-dev-s390x-cross libc6-dev-arm64-cross";

#[test]
#[cfg_attr(miri, ignore = "starts processes")]
fn every_shared_library() {
    if !have_readelf() {
        return;
    }
    let mut dirs = HOST_DIRS.to_vec();
    dirs.extend(CROSS_DIRS);
    let files = shared_libraries(&dirs);
    let counts = compare_all(&files);
    assert!(
        counts.big + counts.little >= 100,
        "only {} files compared; at least 100 are needed",
        counts.big + counts.little
    );
}

#[test]
#[cfg_attr(miri, ignore = "starts processes")]
fn both_byte_orders() {
    if !have_readelf() {
        return;
    }
    // A few of each toolchain's: big-endian s390x, little-endian aarch64.
    let mut files = Vec::new();
    for dir in CROSS_DIRS {
        files.extend(shared_libraries(&[dir]).into_iter().take(6));
    }
    let counts = compare_all(&files);
    if counts.big == 0 || counts.little == 0 {
        skip(
            format!(
                "both byte orders are needed: {} big-endian, {} little-endian cross libraries",
                counts.big, counts.little
            ),
            CROSS_PACKAGES,
        );
    }
}
