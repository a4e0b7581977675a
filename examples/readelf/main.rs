//! `readelf -h -S -W` for 64-bit ELF files of either byte order: the file header and the
//! section table (name, type, address, offset, size, flags, ...), declared once
//! ([`ElfFile`]): the `EI_DATA` byte names the order of everything after it, the section table
//! is read at the offset the header gives, and the section names from the string table one of
//! its entries locates.
//!
//! ```sh
//! cargo run --example readelf                                  # this example's own executable
//! cargo run --example readelf -- /usr/s390x-linux-gnu/lib/libc.so.6   # a big-endian one
//! ```
//!
//! The header and the section headers are nested `#[endian(runtime)]` declarations, read in
//! the file's order as runs of fixed-size fields; the names are borrowed from the file. `binutils.rs` beside this file checks
//! [`parse`] against binutils' `readelf` on every shared library of the host and of the cross
//! toolchains (`cargo test --example readelf`).

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};

use endian_wire::format::ReadFormat;
use endian_wire::{Endian, Endianize};

/// `Elf64_Ehdr` after its 16 bytes of identification (which [`ElfFile`] reads, the byte order
/// among them): the file header, read in the file's order.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(runtime)]
#[wire]
pub struct FileHeader {
    pub kind: u16,
    pub machine: u16,
    pub version: u32,
    pub entry: u64,
    pub phoff: u64,
    pub shoff: u64,
    pub flags: u32,
    pub ehsize: u16,
    pub phentsize: u16,
    pub phnum: u16,
    pub shentsize: u16,
    pub shnum: u16,
    pub shstrndx: u16,
}

/// `Elf64_Shdr`: one entry of the section table, read in the order of the file around it (a
/// bare `#[wire]` makes it a declaration, which follows that order).
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(runtime)]
#[wire]
pub struct SectionHeader {
    /// Offset of the name in the section-name string table.
    pub name: u32,
    pub kind: u32,
    pub flags: u64,
    pub addr: u64,
    pub offset: u64,
    pub size: u64,
    pub link: u32,
    pub info: u32,
    pub addralign: u64,
    pub entsize: u64,
}

/// A parsed file: its byte order, header, and sections with their names.
#[derive(Debug)]
pub struct Elf {
    pub order: Endian,
    pub header: FileHeader,
    pub sections: Vec<Section>,
}

#[derive(Debug)]
pub struct Section {
    pub name: String,
    pub header: SectionHeader,
}

const SHN_XINDEX: u16 = 0xffff;
/// `SHT_NOBITS`: a section with no bytes in the file.
const SHT_NOBITS: u32 = 8;

/// What `readelf -h -S` reads of a 64-bit ELF file, declared once: the header, whose `EI_DATA`
/// byte names the order of everything after it, the section table at `e_shoff`, and the
/// section-name string table that one of its entries locates, borrowed from the file.
#[derive(Endianize, Debug)]
#[endian(runtime)]
#[wire(magic = b"\x7fELF")]
pub struct ElfFile<'a> {
    /// `EI_CLASS`: 2 for ELF64 (`parse` refuses the rest first).
    pub class: u8,
    /// `EI_DATA`: 1 little-endian, 2 big-endian.
    #[wire(order = match data {
        1 => Some(Endian::Little),
        2 => Some(Endian::Big),
        _ => None,
    })]
    pub data: u8,
    /// Version, OS ABI, padding.
    pub ident_rest: [u8; 10],
    pub header: FileHeader,
    /// Section 0, which holds the real count and string-table index when they do not fit 16
    /// bits.
    #[wire(offset = header.shoff, if = header.shoff != 0)]
    pub first: Option<SectionHeader>,
    #[wire(offset = header.shoff, count = section_count(header.shnum, first.as_ref()))]
    pub sections: Vec<SectionHeader>,
    #[wire(
        offset = names_table(sections.as_slice(), names_index(header.shstrndx, first.as_ref())).0,
        count = names_table(sections.as_slice(), names_index(header.shstrndx, first.as_ref())).1
    )]
    pub names: &'a [u8],
}

/// How many section headers there are (`e_shnum`, or section 0's size when that is 0).
fn section_count(shnum: u16, first: Option<&SectionHeader>) -> u64 {
    match (shnum, first) {
        (0, Some(first)) => first.size,
        (n, _) => u64::from(n),
    }
}

/// Which section holds the section names (`e_shstrndx`, or section 0's link).
fn names_index(shstrndx: u16, first: Option<&SectionHeader>) -> u64 {
    match (shstrndx, first) {
        (SHN_XINDEX, Some(first)) => u64::from(first.link),
        (n, _) => u64::from(n),
    }
}

/// Where the section names are and how long they are: nothing for a missing index or a
/// section without bytes in the file.
fn names_table(sections: &[SectionHeader], index: u64) -> (u64, u64) {
    match usize::try_from(index).ok().and_then(|i| sections.get(i)) {
        Some(s) if s.kind != SHT_NOBITS => (s.offset, s.size),
        _ => (0, 0),
    }
}

/// Reads the header, the section table and the section names of a 64-bit ELF file.
///
/// # Errors
/// `InvalidData` for a file that is not a 64-bit ELF file or whose tables do not fit the
/// file (naming the field and the byte), or a read error.
pub fn parse(file: &mut (impl Read + Seek)) -> io::Result<Elf> {
    let invalid = |what: String| io::Error::new(io::ErrorKind::InvalidData, what);
    let mut bytes = Vec::new();
    file.seek(SeekFrom::Start(0))?;
    file.read_to_end(&mut bytes)?;
    if bytes.get(4).is_some_and(|&class| class != 2) {
        return Err(invalid(format!("ELF class {} is not ELF64", bytes[4])));
    }
    let (elf, _) = ElfFile::read_format(&bytes)?;
    let order = if elf.data == 2 {
        Endian::Big
    } else {
        Endian::Little
    };
    if elf.header.shoff != 0 && elf.header.shentsize != 64 {
        return Err(invalid(format!(
            "section headers of {} bytes",
            elf.header.shentsize
        )));
    }
    let sections = elf
        .sections
        .into_iter()
        .map(|header| Section {
            name: name_at(elf.names, header.name),
            header,
        })
        .collect();
    Ok(Elf {
        order,
        header: elf.header,
        sections,
    })
}

/// The NUL-terminated name at `offset` of a string table.
fn name_at(names: &[u8], offset: u32) -> String {
    let rest = names.get(offset as usize..).unwrap_or_default();
    let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
    String::from_utf8_lossy(&rest[..end]).into_owned()
}

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
    let _ = writeln!(out, "  Class:                             ELF64");
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
    let _ = writeln!(
        out,
        "  [Nr] Name              Type            Address          Off    Size   ES Flg Lk Inf Al"
    );
    for (i, s) in elf.sections.iter().enumerate() {
        let k = &s.header;
        let kind = type_name(k.kind, h.machine)
            .map(str::to_owned)
            .unwrap_or_else(|| format!("{:#x}", k.kind));
        let flags = flag_letters(k.flags, h.machine).unwrap_or_else(|| "x".into());
        let _ = writeln!(
            out,
            "  [{i:2}] {:<17} {kind:<15} {:016x} {:06x} {:06x} {:02x} {flags:>3} {:2} {:3} {:2}",
            s.name, k.addr, k.offset, k.size, k.entsize, k.link, k.info, k.addralign
        );
    }
    out
}

#[cfg(test)]
mod binutils;

fn main() -> io::Result<()> {
    let path = match std::env::args_os().nth(1) {
        Some(path) => path.into(),
        None => std::env::current_exe()?,
    };
    println!("File: {}", path.display());
    match parse(&mut File::open(&path)?) {
        Ok(elf) => print!("{}", report(&elf)),
        // The error names the field and the byte (`ElfFile.sections at byte 64: ...`).
        Err(e) => {
            eprintln!("readelf: {}: {e}", path.display());
            std::process::exit(1);
        }
    }
    Ok(())
}
