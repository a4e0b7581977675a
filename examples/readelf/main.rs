//! `readelf -h -S -s -W` for ELF files of either class and byte order: the file header, the
//! section table (name, type, address, offset, size, flags, ...) and the symbol tables,
//! declared once ([`format::ElfFile`]): the `EI_CLASS` byte chooses the layout, the `EI_DATA`
//! byte the order of everything after it, the section table is read at the offset the header
//! gives, the section names from the string table one of its entries locates, and `.symtab`
//! and `.dynsym` at their sections' offsets with the string tables their links name.
//!
//! ```sh
//! cargo run --example readelf                                  # this example's own executable
//! cargo run --example readelf -- /usr/s390x-linux-gnu/lib/libc.so.6   # a big-endian one
//! ```
//!
//! The header and the section headers are nested `#[endian(runtime)]` declarations, read in
//! the file's order as runs of fixed-size fields; the symbol tables are `#[endian(runtime)]`
//! wire images read a whole table at a time ([`format::Table`]); the names are borrowed from
//! the file. `generate.rs` writes files of every class and order through the same
//! declaration (`cargo run --example readelf -- --generate 32 big out.elf`). `binutils.rs` beside this file checks
//! [`parse`] against binutils' `readelf` on every shared library of the host and of the cross
//! toolchains (`cargo test --example readelf`).

use std::fmt::Write as _;
use std::io;

use endian_wire::Endian;

pub mod format;
pub mod generate;

pub use format::{Elf, parse};

/// readelf's name for a section type, where it has a fixed one.
pub fn type_name(kind: u32, machine: u16) -> Option<&'static str> {
    Some(match kind {
        0 => "NULL",
        1 => "PROGBITS",
        2 => "SYMTAB",
        3 => "STRTAB",
        4 => "RELA",
        5 => "HASH",
        6 => "DYNAMIC",
        7 => "NOTE",
        8 => "NOBITS",
        9 => "REL",
        10 => "SHLIB",
        11 => "DYNSYM",
        14 => "INIT_ARRAY",
        15 => "FINI_ARRAY",
        16 => "PREINIT_ARRAY",
        17 => "GROUP",
        18 => "SYMTAB SECTION INDICES",
        19 => "RELR",
        0x6fff_4c03 => "LLVM_ADDRSIG",
        0x6fff_fff5 => "GNU_ATTRIBUTES",
        0x6fff_fff6 => "GNU_HASH",
        0x6fff_fff7 => "GNU_LIBLIST",
        0x6fff_fffd => "VERDEF",
        0x6fff_fffe => "VERNEED",
        0x6fff_ffff => "VERSYM",
        0x7000_0001 if machine == 62 => "X86_64_UNWIND",
        0x7000_0003 if machine == 183 => "AARCH64_ATTRIBUTES",
        _ => return None,
    })
}

/// readelf's letters for section flags (lowest bit first, as it prints them); `None` when a
/// flag has none here (readelf reads the OS-specific ones, such as GNU's "retain", by the
/// file's OS ABI and its own version).
pub fn flag_letters(mut flags: u64, machine: u16) -> Option<String> {
    let mut out = String::new();
    while flags != 0 {
        let flag = flags & flags.wrapping_neg();
        flags &= !flag;
        out.push(match flag {
            0x1 => 'W',
            0x2 => 'A',
            0x4 => 'X',
            0x10 => 'M',
            0x20 => 'S',
            0x40 => 'I',
            0x80 => 'L',
            0x100 => 'O',
            0x200 => 'G',
            0x400 => 'T',
            0x800 => 'C',
            0x1000_0000 if machine == 62 => 'l',
            0x8000_0000 => 'E',
            _ => return None,
        });
    }
    Some(out)
}

/// The report, laid out as `readelf -h -S -W` lays out the same fields.
pub fn report(elf: &Elf) -> String {
    let h = &elf.header;
    let mut out = String::new();
    let data = match elf.order {
        Endian::Little => "2's complement, little endian",
        Endian::Big => "2's complement, big endian",
    };
    let _ = writeln!(out, "ELF Header:");
    let wide = elf.class == format::ELFCLASS64;
    let class = if wide { "ELF64" } else { "ELF32" };
    let _ = writeln!(out, "  Class:                             {class}");
    let _ = writeln!(out, "  Data:                              {data}");
    let kind = match h.kind {
        1 => "REL",
        2 => "EXEC",
        3 => "DYN",
        4 => "CORE",
        _ => "?",
    };
    let machine = match h.machine {
        3 => "Intel 80386",
        8 => "MIPS R3000",
        20 => "PowerPC",
        21 => "PowerPC64",
        22 => "IBM S/390",
        40 => "ARM",
        62 => "Advanced Micro Devices X86-64",
        183 => "AArch64",
        243 => "RISC-V",
        _ => "?",
    };
    let _ = writeln!(
        out,
        "  Type:                              {kind} ({})",
        h.kind
    );
    let _ = writeln!(
        out,
        "  Machine:                           {machine} ({})",
        h.machine
    );
    let _ = writeln!(out, "  Entry point address:               {:#x}", h.entry);
    let _ = writeln!(
        out,
        "  Start of section headers:          {} (bytes into file)",
        h.shoff
    );
    let _ = writeln!(out, "  Flags:                             {:#x}", h.flags);
    let _ = writeln!(out, "  Number of section headers:         {}", h.shnum);
    let _ = writeln!(out, "  Section header string table index: {}", h.shstrndx);
    if elf.sections.is_empty() {
        let _ = writeln!(out, "\nThere are no sections in this file.");
        return out;
    }
    let _ = writeln!(out, "\nSection Headers:");
    let address = if wide { "Address         " } else { "Addr    " };
    let _ = writeln!(
        out,
        "  [Nr] Name              Type            {address} Off    Size   ES Flg Lk Inf Al"
    );
    let digits = if wide { 16 } else { 8 };
    for (i, s) in elf.sections.iter().enumerate() {
        let k = &s.header;
        let kind = type_name(k.kind, h.machine)
            .map(str::to_owned)
            .unwrap_or_else(|| format!("{:#x}", k.kind));
        let flags = flag_letters(k.flags, h.machine).unwrap_or_else(|| "x".into());
        let _ = writeln!(
            out,
            "  [{i:2}] {:<17} {kind:<15} {:0digits$x} {:06x} {:06x} {:02x} {flags:>3} {:2} {:3} {:2}",
            String::from_utf8_lossy(s.name),
            k.addr,
            k.offset,
            k.size,
            k.entsize,
            k.link,
            k.info,
            k.addralign
        );
    }
    for (title, symbols) in [(".dynsym", &elf.dynsym), (".symtab", &elf.symtab)] {
        if symbols.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "\nSymbol table '{title}' contains {} entries:",
            symbols.len()
        );
        let _ = writeln!(
            out,
            "   Num:    Value{} Size Type    Bind   Vis      Ndx Name",
            if wide { "         " } else { " " }
        );
        for (i, y) in symbols.iter().enumerate() {
            let s = &y.sym;
            let _ = writeln!(
                out,
                "{i:6}: {:0digits$x} {:5} {:<7} {:<6} {:<8} {:>3} {}",
                s.value,
                s.size,
                symbol_type(s.info & 0xf),
                symbol_bind(s.info >> 4),
                symbol_visibility(s.other & 3),
                symbol_index(s.shndx),
                String::from_utf8_lossy(y.name)
            );
        }
    }
    out
}

/// readelf's names for a symbol's type (the low nibble of `st_info`).
pub fn symbol_type(kind: u8) -> String {
    match kind {
        0 => "NOTYPE".into(),
        1 => "OBJECT".into(),
        2 => "FUNC".into(),
        3 => "SECTION".into(),
        4 => "FILE".into(),
        5 => "COMMON".into(),
        6 => "TLS".into(),
        10 => "IFUNC".into(),
        n => format!("<{n}>"),
    }
}

/// readelf's names for a symbol's binding (the high nibble of `st_info`).
pub fn symbol_bind(bind: u8) -> String {
    match bind {
        0 => "LOCAL".into(),
        1 => "GLOBAL".into(),
        2 => "WEAK".into(),
        10 => "UNIQUE".into(),
        n => format!("<{n}>"),
    }
}

/// readelf's names for a symbol's visibility (the low two bits of `st_other`).
pub fn symbol_visibility(other: u8) -> &'static str {
    ["DEFAULT", "INTERNAL", "HIDDEN", "PROTECTED"][usize::from(other & 3)]
}

/// readelf's column for a symbol's section index.
pub fn symbol_index(shndx: u16) -> String {
    match shndx {
        0 => "UND".into(),
        0xfff1 => "ABS".into(),
        0xfff2 => "COM".into(),
        n => n.to_string(),
    }
}

#[cfg(test)]
mod binutils;
#[cfg(test)]
mod tests;

fn main() -> io::Result<()> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if args.first().is_some_and(|a| a == "--generate") {
        // `--generate 32|64 little|big OUT`: a file written by the declaration.
        let arg = |i: usize| args.get(i).and_then(|a| a.to_str()).unwrap_or("");
        let shape = generate::Shape {
            class: if arg(1) == "32" {
                format::ELFCLASS32
            } else {
                format::ELFCLASS64
            },
            order: if arg(2) == "big" {
                Endian::Big
            } else {
                Endian::Little
            },
            extra: 3,
            symbols: 10,
            dynamic: 4,
        };
        return std::fs::write(arg(3), generate::generate(&shape));
    }
    let path = match args.first() {
        Some(path) => path.into(),
        None => std::env::current_exe()?,
    };
    println!("File: {}", path.display());
    let bytes = std::fs::read(&path)?;
    match parse(&bytes) {
        Ok(elf) => print!("{}", report(&elf)),
        // The error names the field and the byte (`Tables64.sections at byte 64: ...`).
        Err(e) => {
            eprintln!("readelf: {}: {e}", path.display());
            std::process::exit(1);
        }
    }
    Ok(())
}
