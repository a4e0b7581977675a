//! perf_report's ELF section: a generated ELF64 file of about 1 MB (200 sections, 24,000
//! `.symtab` and 4,000 `.dynsym` entries, `generate::report_shape`), little- and big-endian,
//! its section and symbol tables read with every name: by the declaration
//! (`examples/readelf/format.rs`: the tables, its checks, names looked up in the string tables
//! it borrows, each checked), by `object` 0.37
//! (sections and symbols borrowed in place, names looked up), and by binrw 0.15 and deku 0.20
//! (`compare/peer_formats/elf_{binrw,deku}.rs`, written as their users would: tables copied
//! out, names then looked up in the string tables they copied with the example's search). A copy of the same bytes is the
//! floor.

use std::hint::black_box;

use endian_wire::Endian;
use endian_wire::format::ReadFormat;
use object::Endianness;
use object::read::elf::{FileHeader, SectionHeader as _, Sym as _};

use super::Workload;

#[path = "../../../examples/readelf/format.rs"]
#[allow(dead_code)] // the example's helpers the report does not call
mod format;
#[path = "../../../examples/readelf/generate.rs"]
#[allow(dead_code)]
mod generate;
#[path = "../../peer_formats/elf_binrw.rs"]
#[allow(dead_code)]
mod with_binrw;
#[path = "../../peer_formats/elf_deku.rs"]
#[allow(dead_code)]
mod with_deku;

/// The NUL-terminated name at `offset` of a string table (empty outside it), for the binrw
/// and deku readers: the example's own search (eight bytes at a time), so that the rows
/// differ in how the tables are read, not in how names are found.
fn name_at(table: &[u8], offset: u32) -> &[u8] {
    format::name_at(table, offset).unwrap_or_default()
}

/// The declaration: the tables as read, [`format::ElfFile::check`], then every section's and
/// symbol's name looked up in the string tables it borrows (each checked); returns the name
/// bytes seen. (`format::parse`'s widened view, a second copy of every symbol, is not
/// what the peers build: they keep the tables as read, too.)
fn ours(file: &[u8]) -> usize {
    let (elf, _) = format::ElfFile::read_format(file).unwrap();
    elf.check().unwrap();
    let t = elf.elf64.as_ref().unwrap();
    let mut seen = 0;
    for s in &t.sections {
        seen += format::name_at(t.names, s.name).unwrap().len();
    }
    for (symbols, names) in [(&t.symtab.0, t.symtab_names), (&t.dynsym.0, t.dynsym_names)] {
        for y in symbols {
            seen += format::name_at(names, y.name).unwrap().len();
        }
    }
    black_box(&elf);
    seen
}

/// [`ours`] gives what the example's `format::parse` gives.
fn parse_sees(file: &[u8]) -> usize {
    let elf = format::parse(file).unwrap();
    let sections: usize = elf.sections.iter().map(|s| s.name.len()).sum();
    let symbols: usize = elf
        .symtab
        .iter()
        .chain(&elf.dynsym)
        .map(|y| y.name.len())
        .sum();
    sections + symbols
}

/// `object`: the section table and both symbol tables, every name looked up.
fn object(file: &[u8]) -> usize {
    let header = object::elf::FileHeader64::<Endianness>::parse(file).unwrap();
    let e = header.endian().unwrap();
    let sections = header.sections(e, file).unwrap();
    let mut seen = 0;
    for s in sections.iter() {
        seen += sections.section_name(e, s).unwrap().len();
        black_box(s.sh_offset(e));
    }
    for kind in [object::elf::SHT_SYMTAB, object::elf::SHT_DYNSYM] {
        let table = sections.symbols(e, file, kind).unwrap();
        for y in table.iter() {
            seen += table.symbol_name(e, y).unwrap().len();
            black_box((y.st_value(e), y.st_size(e)));
        }
    }
    seen
}

fn binrw(file: &[u8]) -> usize {
    let elf = with_binrw::parse(file).unwrap();
    let mut seen = 0;
    for s in &elf.sections {
        seen += name_at(&elf.names, s.name).len();
    }
    for (symbols, names) in [
        (&elf.symtab, &elf.symtab_names),
        (&elf.dynsym, &elf.dynsym_names),
    ] {
        for y in symbols {
            seen += name_at(names, y.name).len();
        }
    }
    black_box(&elf);
    seen
}

fn deku(file: &[u8]) -> usize {
    let elf = with_deku::parse(file).unwrap();
    let mut seen = 0;
    for s in &elf.sections {
        seen += name_at(&elf.names, s.name).len();
    }
    for (symbols, names) in [
        (&elf.symtab, &elf.symtab_names),
        (&elf.dynsym, &elf.dynsym_names),
    ] {
        for y in symbols {
            seen += name_at(names, y.name).len();
        }
    }
    black_box(&elf);
    seen
}

pub(super) fn workloads() -> Vec<Workload> {
    [Endian::Little, Endian::Big]
        .into_iter()
        .map(|order| {
            let shape = generate::report_shape(order);
            let file: &'static [u8] = generate::generate(&shape).leak();
            // The same names, every reader.
            let seen = ours(file);
            assert_eq!(parse_sees(file), seen, "parse: the same names");
            assert_eq!(object(file), seen, "object: the same names");
            assert_eq!(binrw(file), seen, "binrw: the same names");
            assert_eq!(deku(file), seen, "deku: the same names");
            let label = format!(
                "ELF section and symbol tables: ELF64 {}, {} sections, {} symbols ({} KiB), read",
                match order {
                    Endian::Little => "little-endian",
                    Endian::Big => "big-endian",
                },
                generate::FIXED + shape.extra,
                shape.symbols + shape.dynamic + 2,
                file.len() / 1024
            );
            Workload::new(label, file.len())
                .case("endian_wire", move || {
                    black_box(ours(black_box(file)));
                })
                .case("object", move || {
                    black_box(object(black_box(file)));
                })
                .case("binrw", move || {
                    black_box(binrw(black_box(file)));
                })
                .case("deku", move || {
                    black_box(deku(black_box(file)));
                })
                .case("memcpy", move || {
                    black_box(black_box(file).to_vec());
                })
        })
        .collect()
}
