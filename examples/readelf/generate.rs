//! ELF files of a chosen class, order and size, written by the declaration
//! ([`ElfFile::to_format_vec`](super::format::ElfFile)): the generated input of the tests, the
//! comparison with `object`, the report and the fuzz seeds.
//!
//! The layout is the declaration's order: the header, the section table right after it, the
//! section names, `.symtab` (aligned) and `.strtab`, `.dynsym` (aligned) and `.dynstr`, the
//! gaps zeros the writer puts before a field at an offset. Sections: the null one,
//! `.shstrtab`, the two symbol tables and their strings, then `extra` `.bss.N` sections
//! (`SHT_NOBITS`, sizes without bytes) that the symbols point into.

use endian_wire::Endian;
use endian_wire::format::WriteFormat;

use super::format::{
    ELFCLASS32, ELFCLASS64, ELFDATA2LSB, ELFDATA2MSB, ElfFile, Header32, Header64, SHT_DYNSYM,
    SHT_NOBITS, SHT_STRTAB, SHT_SYMTAB, Section32, Section64, Sym32, Sym64, Table, Tables32,
    Tables64,
};

/// What to generate.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// [`ELFCLASS32`] or [`ELFCLASS64`].
    pub class: u8,
    pub order: Endian,
    /// `.bss.N` sections after the six fixed ones.
    pub extra: usize,
    /// Entries of `.symtab` after its null entry.
    pub symbols: usize,
    /// Entries of `.dynsym` after its null entry.
    pub dynamic: usize,
}

/// Sections before the extra ones: null, .shstrtab, .symtab, .strtab, .dynsym, .dynstr.
pub const FIXED: usize = 6;

/// A string table being built: offsets of the names added.
struct Strings(Vec<u8>);

impl Strings {
    fn new() -> Self {
        Strings(vec![0])
    }
    fn add(&mut self, name: &str) -> u32 {
        let at = self.0.len() as u32;
        self.0.extend_from_slice(name.as_bytes());
        self.0.push(0);
        at
    }
}

/// The name of symbol `i` of a table (`f` for `.symtab`, `d` for `.dynsym`).
pub fn symbol_name(table: char, i: usize) -> String {
    format!("{table}_sym_{i:05}")
}

/// One symbol in the 64-bit shape, pointing into one of the extra sections.
fn symbol(i: usize, name: u32, extra: usize) -> Sym64 {
    Sym64 {
        name,
        // Global functions and objects, weak functions (no locals after the null entry, as
        // `sh_info = 1` says).
        info: [0x12, 0x11, 0x22][i % 3],
        other: (i % 4) as u8,
        shndx: if extra == 0 {
            0
        } else {
            (FIXED + i % extra) as u16
        },
        value: 0x40_0000 + 16 * i as u64,
        size: (i % 97) as u64,
    }
}

/// The file `shape` describes, written by the declaration.
///
/// # Panics
/// For a shape whose tables do not fit its class (more than 4 GiB for ELF32) or more than
/// 65,000 sections: test input only.
pub fn generate(shape: &Shape) -> Vec<u8> {
    let wide = shape.class == ELFCLASS64;
    let (ehsize, shdr, sym) = if wide { (64, 64, 24) } else { (52, 40, 16) };
    let count = FIXED + shape.extra;
    assert!(count < 0xff00, "{count} sections need section 0's count");
    let mut names = Strings::new();
    let mut section_names = vec![0u32];
    for name in [".shstrtab", ".symtab", ".strtab", ".dynsym", ".dynstr"] {
        section_names.push(names.add(name));
    }
    for i in 0..shape.extra {
        section_names.push(names.add(&format!(".bss.{i}")));
    }
    let mut tables = [(shape.symbols, 'f'), (shape.dynamic, 'd')].map(|(n, table)| {
        let mut strings = Strings::new();
        let mut symbols = vec![Sym64 {
            name: 0,
            info: 0,
            other: 0,
            shndx: 0,
            value: 0,
            size: 0,
        }];
        for i in 0..n {
            let name = strings.add(&symbol_name(table, i));
            symbols.push(symbol(i, name, shape.extra));
        }
        (symbols, strings.0)
    });
    let shoff = ehsize as u64;
    let names_at = shoff + (count * shdr) as u64;
    // Symbol tables aligned as their entries' widest field (readers such as `object` map
    // them in place), the string tables where the bytes before them end.
    let align = if wide { 8 } else { 4 };
    let symtab_at = (names_at + names.0.len() as u64).next_multiple_of(align);
    let strtab_at = symtab_at + (tables[0].0.len() * sym) as u64;
    let dynsym_at = (strtab_at + tables[0].1.len() as u64).next_multiple_of(align);
    let dynstr_at = dynsym_at + (tables[1].0.len() * sym) as u64;
    let section =
        |i: usize, kind: u32, offset: u64, size: u64, link: u32, entsize: u64| Section64 {
            name: section_names[i],
            kind,
            flags: if kind == SHT_NOBITS { 3 } else { 0 },
            addr: 0,
            offset,
            size,
            link,
            info: u32::from(kind == SHT_SYMTAB || kind == SHT_DYNSYM),
            addralign: match kind {
                SHT_NOBITS => 16,
                SHT_SYMTAB | SHT_DYNSYM => align,
                _ => 1,
            },
            entsize,
        };
    let mut sections = vec![Section64 {
        name: 0,
        kind: 0,
        flags: 0,
        addr: 0,
        offset: 0,
        size: 0,
        link: 0,
        info: 0,
        addralign: 0,
        entsize: 0,
    }];
    sections.push(section(1, SHT_STRTAB, names_at, names.0.len() as u64, 0, 0));
    sections.push(section(
        2,
        SHT_SYMTAB,
        symtab_at,
        (tables[0].0.len() * sym) as u64,
        3,
        sym as u64,
    ));
    sections.push(section(
        3,
        SHT_STRTAB,
        strtab_at,
        tables[0].1.len() as u64,
        0,
        0,
    ));
    sections.push(section(
        4,
        SHT_DYNSYM,
        dynsym_at,
        (tables[1].0.len() * sym) as u64,
        5,
        sym as u64,
    ));
    sections.push(section(
        5,
        SHT_STRTAB,
        dynstr_at,
        tables[1].1.len() as u64,
        0,
        0,
    ));
    for i in 0..shape.extra {
        sections.push(section(
            FIXED + i,
            SHT_NOBITS,
            dynstr_at,
            0x100 * i as u64,
            0,
            0,
        ));
    }
    let header = Header64 {
        kind: 3, // ET_DYN
        machine: if wide { 62 } else { 3 },
        version: 1,
        entry: 0x40_1000,
        phoff: 0,
        shoff,
        flags: 0,
        ehsize,
        phentsize: 0,
        phnum: 0,
        shentsize: shdr as u16,
        shnum: count as u16,
        shstrndx: 1,
    };
    let [(symtab, strtab), (dynsym, dynstr)] = &mut tables;
    let data = match shape.order {
        Endian::Little => ELFDATA2LSB,
        Endian::Big => ELFDATA2MSB,
    };
    let mut file = ElfFile {
        class: if wide { ELFCLASS64 } else { ELFCLASS32 },
        data,
        ident_rest: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        elf32: None,
        elf64: None,
    };
    if wide {
        file.elf64 = Some(Tables64 {
            header,
            first: None,
            sections,
            names: &names.0,
            symtab: Table(std::mem::take(symtab)),
            symtab_names: strtab,
            dynsym: Table(std::mem::take(dynsym)),
            dynsym_names: dynstr,
        });
    } else {
        file.elf32 = Some(Tables32 {
            header: narrow_header(&header),
            first: None,
            sections: sections.iter().map(narrow_section).collect(),
            names: &names.0,
            symtab: Table(symtab.iter().map(narrow_symbol).collect()),
            symtab_names: strtab,
            dynsym: Table(dynsym.iter().map(narrow_symbol).collect()),
            dynsym_names: dynstr,
        });
    }
    file.to_format_vec().expect("a generated file writes")
}

fn narrow(n: u64) -> u32 {
    u32::try_from(n).expect("ELF32 values fit 32 bits")
}

fn narrow_header(h: &Header64) -> Header32 {
    Header32 {
        kind: h.kind,
        machine: h.machine,
        version: h.version,
        entry: narrow(h.entry),
        phoff: narrow(h.phoff),
        shoff: narrow(h.shoff),
        flags: h.flags,
        ehsize: h.ehsize,
        phentsize: h.phentsize,
        phnum: h.phnum,
        shentsize: h.shentsize,
        shnum: h.shnum,
        shstrndx: h.shstrndx,
    }
}

fn narrow_section(s: &Section64) -> Section32 {
    Section32 {
        name: s.name,
        kind: s.kind,
        flags: narrow(s.flags),
        addr: narrow(s.addr),
        offset: narrow(s.offset),
        size: narrow(s.size),
        link: s.link,
        info: s.info,
        addralign: narrow(s.addralign),
        entsize: narrow(s.entsize),
    }
}

fn narrow_symbol(s: &Sym64) -> Sym32 {
    Sym32 {
        name: s.name,
        value: narrow(s.value),
        size: narrow(s.size),
        info: s.info,
        other: s.other,
        shndx: s.shndx,
    }
}

/// Every class and order, small: the grid the tests run.
pub fn grid() -> Vec<Shape> {
    let mut shapes = Vec::new();
    for class in [ELFCLASS32, ELFCLASS64] {
        for order in [Endian::Little, Endian::Big] {
            for (extra, symbols, dynamic) in [(0, 0, 0), (1, 1, 0), (3, 10, 4), (40, 300, 77)] {
                shapes.push(Shape {
                    class,
                    order,
                    extra,
                    symbols,
                    dynamic,
                });
            }
        }
    }
    shapes
}

/// The report's file: ELF64 of `order`, 200 sections, 24,000 + 4,000 symbols (about 1 MB).
pub fn report_shape(order: Endian) -> Shape {
    Shape {
        class: ELFCLASS64,
        order,
        extra: 194,
        symbols: 24_000,
        dynamic: 4_000,
    }
}
