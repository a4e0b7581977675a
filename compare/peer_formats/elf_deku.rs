//! ELF64's header, section table, section names and symbol tables, written with deku 0.20 the
//! way its documentation shows its users: `#[derive(DekuRead)]` types, the order passed down
//! as `ctx = "endian: deku::ctx::Endian"` from `EI_DATA`, the tables read with
//! `seek_from_start` at the offsets the header and the section table give, `count`s from them,
//! the string tables copied out into `Vec`s.
//!
//! The same tables as `examples/readelf/format.rs` reads of an ELF64 file (either order);
//! included with `#[path]` by perf_report (`compare/examples/perf_report/elf_rows.rs`), which
//! checks that it reads what the declaration reads.

use deku::ctx::Endian;
use deku::prelude::*;

const SHT_SYMTAB: u32 = 2;
const SHT_DYNSYM: u32 = 11;

/// The order `EI_DATA` names.
pub fn order_of(data: u8) -> Endian {
    if data == 2 {
        Endian::Big
    } else {
        Endian::Little
    }
}

/// The (offset, size) of section `index`'s bytes, none for an index out of range.
fn bytes_of(sections: &[Section], index: u32) -> (u64, u64) {
    sections
        .get(index as usize)
        .map_or((0, 0), |s| (s.offset, s.size))
}

/// The first symbol table of type `kind`: (offset, entries, its string table's section).
fn symbols(sections: &[Section], kind: u32) -> (u64, u64, u32) {
    sections
        .iter()
        .find(|s| s.kind == kind)
        .map_or((0, 0, u32::MAX), |s| (s.offset, s.size / 24, s.link))
}

/// An ELF64 file's tables.
#[derive(Debug, DekuRead)]
#[deku(magic = b"\x7fELF")]
pub struct Elf64 {
    #[deku(assert_eq = "2")]
    pub class: u8,
    pub data: u8,
    pub ident_rest: [u8; 10],
    #[deku(ctx = "order_of(*data)")]
    pub header: Header,
    #[deku(
        seek_from_start = "header.shoff",
        count = "header.shnum",
        ctx = "order_of(*data)"
    )]
    pub sections: Vec<Section>,
    #[deku(
        seek_from_start = "bytes_of(sections, (*header).shstrndx.into()).0",
        count = "bytes_of(sections, (*header).shstrndx.into()).1"
    )]
    pub names: Vec<u8>,
    #[deku(
        seek_from_start = "symbols(sections, SHT_SYMTAB).0",
        count = "symbols(sections, SHT_SYMTAB).1",
        ctx = "order_of(*data)"
    )]
    pub symtab: Vec<Sym>,
    #[deku(
        seek_from_start = "bytes_of(sections, symbols(sections, SHT_SYMTAB).2).0",
        count = "bytes_of(sections, symbols(sections, SHT_SYMTAB).2).1"
    )]
    pub symtab_names: Vec<u8>,
    #[deku(
        seek_from_start = "symbols(sections, SHT_DYNSYM).0",
        count = "symbols(sections, SHT_DYNSYM).1",
        ctx = "order_of(*data)"
    )]
    pub dynsym: Vec<Sym>,
    #[deku(
        seek_from_start = "bytes_of(sections, symbols(sections, SHT_DYNSYM).2).0",
        count = "bytes_of(sections, symbols(sections, SHT_DYNSYM).2).1"
    )]
    pub dynsym_names: Vec<u8>,
}

/// `Elf64_Ehdr` after the identification.
#[derive(Debug, DekuRead)]
#[deku(endian = "endian", ctx = "endian: deku::ctx::Endian")]
pub struct Header {
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

/// `Elf64_Shdr`.
#[derive(Debug, DekuRead)]
#[deku(endian = "endian", ctx = "endian: deku::ctx::Endian")]
pub struct Section {
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

/// `Elf64_Sym`.
#[derive(Debug, DekuRead)]
#[deku(endian = "endian", ctx = "endian: deku::ctx::Endian")]
pub struct Sym {
    pub name: u32,
    pub info: u8,
    pub other: u8,
    pub shndx: u16,
    pub value: u64,
    pub size: u64,
}

/// Reads `bytes` as an ELF64 file.
pub fn parse(bytes: &[u8]) -> Result<Elf64, DekuError> {
    let mut cursor = std::io::Cursor::new(bytes);
    Elf64::from_reader((&mut cursor, 0)).map(|(_, elf)| elf)
}
