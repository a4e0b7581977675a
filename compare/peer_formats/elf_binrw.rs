//! ELF64's header, section table, section names and symbol tables, written with binrw 0.15
//! the way its documentation shows its users: `#[binread]` types read from a `Read + Seek`
//! stream (a `Cursor` over the file), the order taken from `EI_DATA` with `is_big`, the tables
//! read with `seek_before` and `restore_position` at the offsets the header and the section
//! table give, `count`s from them, the string tables copied out into `Vec`s.
//!
//! The same tables as `examples/readelf/format.rs` reads of an ELF64 file (either order);
//! included with `#[path]` by perf_report (`compare/examples/perf_report/elf_rows.rs`), which
//! checks that it reads what the declaration reads.

use binrw::io::{Cursor, SeekFrom};
use binrw::{BinRead, BinResult, binread};

const SHT_SYMTAB: u32 = 2;
const SHT_DYNSYM: u32 = 11;

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
#[binread]
#[br(magic = b"\x7fELF")]
#[derive(Debug)]
pub struct Elf64 {
    #[br(assert(class == 2, "not ELF64: class {class}"))]
    pub class: u8,
    pub data: u8,
    pub ident_rest: [u8; 10],
    #[br(is_big = data == 2)]
    pub header: Header,
    #[br(
        is_big = data == 2,
        seek_before = SeekFrom::Start(header.shoff),
        restore_position,
        count = header.shnum
    )]
    pub sections: Vec<Section>,
    #[br(
        seek_before = SeekFrom::Start(bytes_of(&sections, header.shstrndx.into()).0),
        restore_position,
        count = bytes_of(&sections, header.shstrndx.into()).1
    )]
    pub names: Vec<u8>,
    #[br(
        is_big = data == 2,
        seek_before = SeekFrom::Start(symbols(&sections, SHT_SYMTAB).0),
        restore_position,
        count = symbols(&sections, SHT_SYMTAB).1
    )]
    pub symtab: Vec<Sym>,
    #[br(
        seek_before = SeekFrom::Start(bytes_of(&sections, symbols(&sections, SHT_SYMTAB).2).0),
        restore_position,
        count = bytes_of(&sections, symbols(&sections, SHT_SYMTAB).2).1
    )]
    pub symtab_names: Vec<u8>,
    #[br(
        is_big = data == 2,
        seek_before = SeekFrom::Start(symbols(&sections, SHT_DYNSYM).0),
        restore_position,
        count = symbols(&sections, SHT_DYNSYM).1
    )]
    pub dynsym: Vec<Sym>,
    #[br(
        seek_before = SeekFrom::Start(bytes_of(&sections, symbols(&sections, SHT_DYNSYM).2).0),
        restore_position,
        count = bytes_of(&sections, symbols(&sections, SHT_DYNSYM).2).1
    )]
    pub dynsym_names: Vec<u8>,
}

/// `Elf64_Ehdr` after the identification.
#[binread]
#[derive(Debug)]
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
#[binread]
#[derive(Debug)]
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
#[binread]
#[derive(Debug)]
pub struct Sym {
    pub name: u32,
    pub info: u8,
    pub other: u8,
    pub shndx: u16,
    pub value: u64,
    pub size: u64,
}

/// Reads `bytes` as an ELF64 file.
pub fn parse(bytes: &[u8]) -> BinResult<Elf64> {
    // The identification is bytes; `is_big` orders the rest.
    Elf64::read_le(&mut Cursor::new(bytes))
}
