//! ELF, declared once: the identification (whose `EI_CLASS` byte chooses the 32- or 64-bit
//! layout and whose `EI_DATA` byte the order of everything after it), the file header, the
//! section table at `e_shoff`, the section names, and the two symbol tables (`.symtab`,
//! `.dynsym`) at their sections' offsets with the string tables their `sh_link` names. Names
//! and string tables are borrowed from the file; the symbols are read a table at a time
//! ([`Table`]).
//!
//! The same declaration writes: [`ElfFile::to_format_vec`] lays the tables out where their
//! offsets say, in declaration order (section table, section names, `.symtab` and its
//! strings, `.dynsym` and its strings), zeros between them.
//!
//! Shared by the example, its tests, the comparison with `object` (`compare/tests/peers/elf.rs`),
//! the report and the fuzz target, which include this file.

use std::io::{self, ErrorKind};

use endian_wire::format::{self, FormatError, FormatReader, FormatWriter, ReadFormat, WriteFormat};
use endian_wire::{Endian, Endianize, RuntimeEndian};

/// `EI_CLASS` of a 32-bit file.
pub const ELFCLASS32: u8 = 1;
/// `EI_CLASS` of a 64-bit file.
pub const ELFCLASS64: u8 = 2;
/// `EI_DATA` of a little-endian file.
pub const ELFDATA2LSB: u8 = 1;
/// `EI_DATA` of a big-endian file.
pub const ELFDATA2MSB: u8 = 2;
/// `e_shnum` / `e_shstrndx` escape: the real value is in section 0.
pub const SHN_XINDEX: u16 = 0xffff;
/// Section type of `.symtab`.
pub const SHT_SYMTAB: u32 = 2;
/// Section type of a string table.
pub const SHT_STRTAB: u32 = 3;
/// Section type of a section without bytes in the file (`.bss`).
pub const SHT_NOBITS: u32 = 8;
/// Section type of `.dynsym`.
pub const SHT_DYNSYM: u32 = 11;

/// The order `EI_DATA` names; `None` (an error naming the field) for any other byte.
pub fn order_of(data: u8) -> Option<Endian> {
    match data {
        ELFDATA2LSB => Some(Endian::Little),
        ELFDATA2MSB => Some(Endian::Big),
        _ => None,
    }
}

/// What the helpers below need of a section header of either class.
pub trait SectionFields {
    /// Bytes of one entry of this class's symbol table.
    const SYM_SIZE: u64;
    /// Bytes of one section header of this class.
    const SHDR_SIZE: u64;
    /// `sh_type`.
    fn kind(&self) -> u32;
    /// `sh_offset`, widened.
    fn offset(&self) -> u64;
    /// `sh_size`, widened.
    fn size(&self) -> u64;
    /// `sh_link`.
    fn link(&self) -> u32;
    /// `sh_entsize`, widened.
    fn entsize(&self) -> u64;
}

/// Whether section 0 holds the real count or names index (the header's fields say so by 0 or
/// `SHN_XINDEX`), so that it is read before the table it sizes.
pub fn extended(shoff: u64, shnum: u16, shstrndx: u16) -> bool {
    shoff != 0 && (shnum == 0 || shstrndx == SHN_XINDEX)
}

/// How many section headers there are (`e_shnum`, or section 0's size when that is 0).
pub fn section_count<S: SectionFields>(shnum: u16, first: Option<&S>) -> u64 {
    match (shnum, first) {
        (0, Some(first)) => first.size(),
        (n, _) => u64::from(n),
    }
}

/// Which section holds the section names (`e_shstrndx`, or section 0's link).
pub fn names_index<S: SectionFields>(shstrndx: u16, first: Option<&S>) -> u64 {
    match (shstrndx, first) {
        (SHN_XINDEX, Some(first)) => u64::from(first.link()),
        (n, _) => u64::from(n),
    }
}

/// A section's bytes in the file as (offset, size): nothing for a missing index or a section
/// without bytes in the file.
pub fn bytes_of<S: SectionFields>(sections: &[S], index: u64) -> (u64, u64) {
    match usize::try_from(index).ok().and_then(|i| sections.get(i)) {
        Some(s) if s.kind() != SHT_NOBITS => (s.offset(), s.size()),
        _ => (0, 0),
    }
}

/// The index of the first section of type `kind`.
pub fn find<S: SectionFields>(sections: &[S], kind: u32) -> Option<usize> {
    sections.iter().position(|s| s.kind() == kind)
}

/// Where the tables after the section table are: (offset, size in bytes) of the string
/// tables, (offset, entries) of the symbol tables. A table the file lacks is read empty where
/// the one before it ends (the section table, first), so that writing puts nothing behind
/// what is already written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub names: (u64, u64),
    pub symtab: (u64, u64),
    pub symtab_names: (u64, u64),
    pub dynsym: (u64, u64),
    pub dynsym_names: (u64, u64),
}

/// [`Layout`] from the section table at `shoff` and the index of the section names.
pub fn layout<S: SectionFields>(shoff: u64, sections: &[S], names_index: u64) -> Layout {
    let mut end = shoff.saturating_add((sections.len() as u64).saturating_mul(S::SHDR_SIZE));
    let mut place = |(offset, size): (u64, u64), unit: u64| {
        let at = if size == 0 { (end, 0) } else { (offset, size) };
        end = at.0.saturating_add(at.1.saturating_mul(unit));
        at
    };
    let names = place(bytes_of(sections, names_index), 1);
    let mut tables = [SHT_SYMTAB, SHT_DYNSYM]
        .map(|kind| {
            let table = find(sections, kind).filter(|&i| sections[i].kind() != SHT_NOBITS);
            let symbols = table.map_or((0, 0), |i| {
                (sections[i].offset(), sections[i].size() / S::SYM_SIZE)
            });
            let strings = table.map_or((0, 0), |i| bytes_of(sections, sections[i].link().into()));
            (symbols, strings)
        })
        .into_iter()
        .map(|(symbols, strings)| (place(symbols, S::SYM_SIZE), place(strings, 1)));
    let (symtab, symtab_names) = tables.next().unwrap_or_default();
    let (dynsym, dynsym_names) = tables.next().unwrap_or_default();
    Layout {
        names,
        symtab,
        symtab_names,
        dynsym,
        dynsym_names,
    }
}

/// [`layout`] from a header's fields (`e_shoff`, `e_shstrndx`) and section 0.
pub fn tables<S: SectionFields>(
    shoff: u64,
    shstrndx: u16,
    sections: &[S],
    first: Option<&S>,
) -> Layout {
    layout(shoff, sections, names_index(shstrndx, first))
}

/// A table of fixed-size records in the declaration's current order, filling the bytes its
/// field is given (`#[wire(bytes = ...)]`): read with [`RuntimeEndian::read_all_as`], the
/// whole table at once (one copy in the host's order, one byte shuffle in the other), where a
/// `Vec` of nested declarations is read record by record.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table<T>(pub Vec<T>);

impl<'de, T: RuntimeEndian> ReadFormat<'de> for Table<T> {
    fn read_with(reader: &mut FormatReader<'de>) -> format::Result<Self> {
        let at = reader.position();
        let bytes = reader.take(reader.remaining())?;
        T::read_all_as(bytes, reader.order())
            .map(Table)
            .map_err(|e| FormatError::new(e.kind(), at, e))
    }
}

impl<T: RuntimeEndian> WriteFormat for Table<T> {
    fn write_with(&self, writer: &mut FormatWriter<'_>) -> format::Result<()> {
        let mut bytes = Vec::new();
        let at = writer.position();
        T::write_all_as(&self.0, &mut bytes, writer.order())
            .map_err(|e| FormatError::new(e.kind(), at, e))?;
        writer.bytes(&bytes);
        Ok(())
    }
}

/// An ELF file of either class and order, declared once.
#[derive(Endianize, Debug, Clone, PartialEq)]
#[endian(runtime)]
#[wire(magic = b"\x7fELF")]
pub struct ElfFile<'a> {
    /// `EI_CLASS`: [`ELFCLASS32`] or [`ELFCLASS64`]; any other is refused by [`ElfFile::check`].
    pub class: u8,
    /// `EI_DATA`: the order of everything after it.
    #[wire(order = order_of(data))]
    pub data: u8,
    /// Version, OS ABI, ABI version, padding.
    pub ident_rest: [u8; 10],
    /// The 32-bit layout, when `EI_CLASS` says so.
    #[wire(if = class == ELFCLASS32)]
    pub elf32: Option<Tables32<'a>>,
    /// The 64-bit layout, when `EI_CLASS` says so.
    #[wire(if = class == ELFCLASS64)]
    pub elf64: Option<Tables64<'a>>,
}

/// `Elf32_Ehdr` after the identification.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(runtime)]
#[wire]
pub struct Header32 {
    pub kind: u16,
    pub machine: u16,
    pub version: u32,
    pub entry: u32,
    pub phoff: u32,
    pub shoff: u32,
    pub flags: u32,
    pub ehsize: u16,
    pub phentsize: u16,
    pub phnum: u16,
    pub shentsize: u16,
    pub shnum: u16,
    pub shstrndx: u16,
}

/// `Elf64_Ehdr` after the identification.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(runtime)]
#[wire]
pub struct Header64 {
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

/// `Elf32_Shdr`.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(runtime)]
#[wire]
pub struct Section32 {
    /// Offset of the name in the section-name string table.
    pub name: u32,
    pub kind: u32,
    pub flags: u32,
    pub addr: u32,
    pub offset: u32,
    pub size: u32,
    pub link: u32,
    pub info: u32,
    pub addralign: u32,
    pub entsize: u32,
}

/// `Elf64_Shdr`.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(runtime)]
#[wire]
pub struct Section64 {
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

/// `Elf32_Sym`: value and size before info, other and the section index. A fixed wire image
/// in either order (not a declaration), laid out as on the wire, so that a [`Table`] of them
/// is one copy or one byte shuffle.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(runtime)]
#[repr(C)]
pub struct Sym32 {
    /// Offset of the name in the table's string table.
    pub name: u32,
    pub value: u32,
    pub size: u32,
    pub info: u8,
    pub other: u8,
    pub shndx: u16,
}

/// `Elf64_Sym`: info, other and the section index before value and size (as [`Sym32`], a
/// wire image for [`Table`]).
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(runtime)]
#[repr(C)]
pub struct Sym64 {
    /// Offset of the name in the table's string table.
    pub name: u32,
    pub info: u8,
    pub other: u8,
    pub shndx: u16,
    pub value: u64,
    pub size: u64,
}

impl SectionFields for Section32 {
    const SYM_SIZE: u64 = 16;
    const SHDR_SIZE: u64 = 40;
    fn kind(&self) -> u32 {
        self.kind
    }
    fn offset(&self) -> u64 {
        self.offset.into()
    }
    fn size(&self) -> u64 {
        self.size.into()
    }
    fn link(&self) -> u32 {
        self.link
    }
    fn entsize(&self) -> u64 {
        self.entsize.into()
    }
}

impl SectionFields for Section64 {
    const SYM_SIZE: u64 = 24;
    const SHDR_SIZE: u64 = 64;
    fn kind(&self) -> u32 {
        self.kind
    }
    fn offset(&self) -> u64 {
        self.offset
    }
    fn size(&self) -> u64 {
        self.size
    }
    fn link(&self) -> u32 {
        self.link
    }
    fn entsize(&self) -> u64 {
        self.entsize
    }
}

/// What follows the identification of a 32-bit file: the header, section 0 when it holds
/// the real count (see [`extended`]), the section table, the section names, and the symbol
/// tables with their strings (see [`Layout`]).
#[derive(Endianize, Debug, Clone, PartialEq)]
#[endian(runtime)]
#[wire]
pub struct Tables32<'a> {
    pub header: Header32,
    #[wire(
        offset = header.shoff,
        if = extended(header.shoff.into(), header.shnum, header.shstrndx)
    )]
    pub first: Option<Section32>,
    #[wire(offset = header.shoff, count = section_count(header.shnum, first.as_ref()))]
    pub sections: Vec<Section32>,
    #[wire(
        offset = tables(header.shoff.into(), header.shstrndx, sections.as_slice(), first.as_ref()).names.0,
        count = tables(header.shoff.into(), header.shstrndx, sections.as_slice(), first.as_ref()).names.1
    )]
    pub names: &'a [u8],
    #[wire(
        offset = tables(header.shoff.into(), header.shstrndx, sections.as_slice(), first.as_ref()).symtab.0,
        bytes = tables(header.shoff.into(), header.shstrndx, sections.as_slice(), first.as_ref()).symtab.1
            * Section32::SYM_SIZE
    )]
    pub symtab: Table<Sym32>,
    #[wire(
        offset = tables(header.shoff.into(), header.shstrndx, sections.as_slice(), first.as_ref()).symtab_names.0,
        count = tables(header.shoff.into(), header.shstrndx, sections.as_slice(), first.as_ref()).symtab_names.1
    )]
    pub symtab_names: &'a [u8],
    #[wire(
        offset = tables(header.shoff.into(), header.shstrndx, sections.as_slice(), first.as_ref()).dynsym.0,
        bytes = tables(header.shoff.into(), header.shstrndx, sections.as_slice(), first.as_ref()).dynsym.1
            * Section32::SYM_SIZE
    )]
    pub dynsym: Table<Sym32>,
    #[wire(
        offset = tables(header.shoff.into(), header.shstrndx, sections.as_slice(), first.as_ref()).dynsym_names.0,
        count = tables(header.shoff.into(), header.shstrndx, sections.as_slice(), first.as_ref()).dynsym_names.1
    )]
    pub dynsym_names: &'a [u8],
}

/// What follows the identification of a 64-bit file: the header, section 0 when it holds
/// the real count (see [`extended`]), the section table, the section names, and the symbol
/// tables with their strings (see [`Layout`]).
#[derive(Endianize, Debug, Clone, PartialEq)]
#[endian(runtime)]
#[wire]
pub struct Tables64<'a> {
    pub header: Header64,
    #[wire(
        offset = header.shoff,
        if = extended(header.shoff, header.shnum, header.shstrndx)
    )]
    pub first: Option<Section64>,
    #[wire(offset = header.shoff, count = section_count(header.shnum, first.as_ref()))]
    pub sections: Vec<Section64>,
    #[wire(
        offset = tables(header.shoff, header.shstrndx, sections.as_slice(), first.as_ref()).names.0,
        count = tables(header.shoff, header.shstrndx, sections.as_slice(), first.as_ref()).names.1
    )]
    pub names: &'a [u8],
    #[wire(
        offset = tables(header.shoff, header.shstrndx, sections.as_slice(), first.as_ref()).symtab.0,
        bytes = tables(header.shoff, header.shstrndx, sections.as_slice(), first.as_ref()).symtab.1
            * Section64::SYM_SIZE
    )]
    pub symtab: Table<Sym64>,
    #[wire(
        offset = tables(header.shoff, header.shstrndx, sections.as_slice(), first.as_ref()).symtab_names.0,
        count = tables(header.shoff, header.shstrndx, sections.as_slice(), first.as_ref()).symtab_names.1
    )]
    pub symtab_names: &'a [u8],
    #[wire(
        offset = tables(header.shoff, header.shstrndx, sections.as_slice(), first.as_ref()).dynsym.0,
        bytes = tables(header.shoff, header.shstrndx, sections.as_slice(), first.as_ref()).dynsym.1
            * Section64::SYM_SIZE
    )]
    pub dynsym: Table<Sym64>,
    #[wire(
        offset = tables(header.shoff, header.shstrndx, sections.as_slice(), first.as_ref()).dynsym_names.0,
        count = tables(header.shoff, header.shstrndx, sections.as_slice(), first.as_ref()).dynsym_names.1
    )]
    pub dynsym_names: &'a [u8],
}

impl From<Header32> for Header64 {
    fn from(h: Header32) -> Self {
        Header64 {
            kind: h.kind,
            machine: h.machine,
            version: h.version,
            entry: h.entry.into(),
            phoff: h.phoff.into(),
            shoff: h.shoff.into(),
            flags: h.flags,
            ehsize: h.ehsize,
            phentsize: h.phentsize,
            phnum: h.phnum,
            shentsize: h.shentsize,
            shnum: h.shnum,
            shstrndx: h.shstrndx,
        }
    }
}

impl From<Section32> for Section64 {
    fn from(s: Section32) -> Self {
        Section64 {
            name: s.name,
            kind: s.kind,
            flags: s.flags.into(),
            addr: s.addr.into(),
            offset: s.offset.into(),
            size: s.size.into(),
            link: s.link,
            info: s.info,
            addralign: s.addralign.into(),
            entsize: s.entsize.into(),
        }
    }
}

impl From<Sym32> for Sym64 {
    fn from(s: Sym32) -> Self {
        Sym64 {
            name: s.name,
            info: s.info,
            other: s.other,
            shndx: s.shndx,
            value: s.value.into(),
            size: s.size.into(),
        }
    }
}

/// A file read and checked, either class in the 64-bit shapes (every 32-bit field widened):
/// its class and order, header, sections and symbols with their names.
#[derive(Debug, Clone, PartialEq)]
pub struct Elf<'a> {
    pub class: u8,
    pub order: Endian,
    pub header: Header64,
    pub sections: Vec<Section<'a>>,
    /// `.symtab`'s entries (the first `SHT_SYMTAB` section's), entry 0 included.
    pub symtab: Vec<Symbol<'a>>,
    /// `.dynsym`'s entries (the first `SHT_DYNSYM` section's), entry 0 included.
    pub dynsym: Vec<Symbol<'a>>,
}

/// A section header and its name.
#[derive(Debug, Clone, PartialEq)]
pub struct Section<'a> {
    pub name: &'a [u8],
    pub header: Section64,
}

/// A symbol and its name.
#[derive(Debug, Clone, PartialEq)]
pub struct Symbol<'a> {
    pub name: &'a [u8],
    pub sym: Sym64,
}

fn invalid(what: String) -> io::Error {
    io::Error::new(ErrorKind::InvalidData, what)
}

/// The NUL-terminated name at `offset` of a string table; `None` when it starts outside the
/// table or has no end in it (an empty table holds the empty name).
pub fn name_at(table: &[u8], offset: u32) -> Option<&[u8]> {
    let rest = table.get(offset as usize..)?;
    // Eight bytes at a time: `w - 0x01..01 & !w & 0x80..80` has its lowest set bit in the
    // first zero byte (bits above it may be wrong, those below never are).
    let mut at = 0;
    while let Some(chunk) = rest.get(at..at + 8) {
        let w = u64::from_le_bytes(chunk.try_into().ok()?);
        let zero = w.wrapping_sub(0x0101_0101_0101_0101) & !w & 0x8080_8080_8080_8080;
        if zero != 0 {
            return Some(&rest[..at + (zero.trailing_zeros() / 8) as usize]);
        }
        at += 8;
    }
    match rest[at..].iter().position(|&b| b == 0) {
        Some(end) => Some(&rest[..at + end]),
        None if table.is_empty() => Some(&[]),
        None => None,
    }
}

/// The error for a name [`name_at`] does not find: `what` names its owner.
fn bad_name(what: &str, index: usize, offset: u32, table: &[u8]) -> io::Error {
    invalid(format!(
        "{what} {index}: name offset {offset} has no NUL-terminated name in its string table \
         of {} bytes",
        table.len()
    ))
}

/// Reads and checks a file of either class and order: [`ElfFile`], then [`Elf::from_file`].
///
/// # Errors
/// What reading the declaration gives (`UnexpectedEof` for a table past the end of the file,
/// `InvalidData` for an unknown `EI_DATA`, ...), and [`Elf::from_file`]'s.
pub fn parse(bytes: &[u8]) -> io::Result<Elf<'_>> {
    use endian_wire::format::ReadFormat;
    let (file, _) = ElfFile::read_format(bytes)?;
    Elf::from_file(&file)
}

/// The checks on one class's tables that the declaration cannot make: the section header
/// size, the names index, each symbol table's entry size and string table.
fn check_tables<S: SectionFields>(
    class: u8,
    header: &Header64,
    first: Option<&S>,
    sections: &[S],
) -> io::Result<()> {
    if !sections.is_empty() && u64::from(header.shentsize) != S::SHDR_SIZE {
        return Err(invalid(format!(
            "e_shentsize {} is not {} (ELF{} section headers)",
            header.shentsize,
            S::SHDR_SIZE,
            if class == ELFCLASS32 { 32 } else { 64 }
        )));
    }
    let index = names_index(header.shstrndx, first);
    if !sections.is_empty() && index != 0 && index >= sections.len() as u64 {
        return Err(invalid(format!(
            "e_shstrndx {index} is out of range ({} sections)",
            sections.len()
        )));
    }
    for (kind, what) in [(SHT_SYMTAB, ".symtab"), (SHT_DYNSYM, ".dynsym")] {
        let Some(i) = find(sections, kind) else {
            continue;
        };
        let s = &sections[i];
        if s.entsize() != S::SYM_SIZE || !s.size().is_multiple_of(S::SYM_SIZE) {
            return Err(invalid(format!(
                "{what} (section {i}): entry size {} and size {} do not hold {}-byte symbols",
                s.entsize(),
                s.size(),
                S::SYM_SIZE
            )));
        }
        let link = s.link() as usize;
        if sections.get(link).is_none_or(|t| t.kind() != SHT_STRTAB) {
            return Err(invalid(format!(
                "{what} (section {i}): sh_link {link} is not a string table"
            )));
        }
    }
    Ok(())
}

/// [`check_tables`], then the widened view with every name.
#[allow(clippy::too_many_arguments)]
fn widen<'a, S, Y>(
    class: u8,
    order: Endian,
    header: Header64,
    first: Option<&S>,
    sections: &[S],
    names: &'a [u8],
    tables: [(&[Y], &'a [u8]); 2],
) -> io::Result<Elf<'a>>
where
    S: SectionFields + Clone + Into<Section64>,
    Y: Clone + Into<Sym64>,
{
    check_tables(class, &header, first, sections)?;
    // Collected into vectors of the known length (a `Result` collect would grow them by
    // doubling, copying each symbol several times).
    let mut widened = Vec::with_capacity(sections.len());
    for (i, s) in sections.iter().enumerate() {
        let header: Section64 = s.clone().into();
        let name = name_at(names, header.name)
            .ok_or_else(|| bad_name("section", i, header.name, names))?;
        widened.push(Section { name, header });
    }
    let [symtab, dynsym] = tables.map(|(symbols, strings)| {
        let mut out = Vec::with_capacity(symbols.len());
        for (i, y) in symbols.iter().enumerate() {
            let sym: Sym64 = y.clone().into();
            let name = name_at(strings, sym.name)
                .ok_or_else(|| bad_name("symbol", i, sym.name, strings))?;
            out.push(Symbol { name, sym });
        }
        Ok::<_, io::Error>(out)
    });
    let sections = widened;
    Ok(Elf {
        class,
        order,
        header,
        sections,
        symtab: symtab?,
        dynsym: dynsym?,
    })
}

impl ElfFile<'_> {
    /// The checks [`Elf::from_file`] makes before it widens the tables, for a caller that
    /// uses the declaration's own values: the class, the order, the section header size, the
    /// names index, each symbol table's entry size and string table. (Names are checked as
    /// they are looked up: [`name_at`].)
    ///
    /// # Errors
    /// `InvalidData` naming the field and its value.
    pub fn check(&self) -> io::Result<()> {
        order_of(self.data)
            .ok_or_else(|| invalid(format!("EI_DATA {} is no byte order", self.data)))?;
        match (self.class, &self.elf32, &self.elf64) {
            (ELFCLASS32, Some(t), _) => check_tables(
                ELFCLASS32,
                &t.header.clone().into(),
                t.first.as_ref(),
                &t.sections,
            ),
            (ELFCLASS64, _, Some(t)) => {
                check_tables(ELFCLASS64, &t.header, t.first.as_ref(), &t.sections)
            }
            (class, ..) => Err(invalid(format!(
                "EI_CLASS {class} is neither ELF32 nor ELF64"
            ))),
        }
    }
}

impl<'a> Elf<'a> {
    /// Checks what the declaration read (the class, the entry sizes, the names index, the
    /// symbol tables' links, every name inside its table) and widens it.
    ///
    /// # Errors
    /// `InvalidData` naming the field and its value.
    pub fn from_file(file: &ElfFile<'a>) -> io::Result<Self> {
        let order = order_of(file.data)
            .ok_or_else(|| invalid(format!("EI_DATA {} is no byte order", file.data)))?;
        match (file.class, &file.elf32, &file.elf64) {
            (ELFCLASS32, Some(t), _) => widen(
                ELFCLASS32,
                order,
                t.header.clone().into(),
                t.first.as_ref(),
                &t.sections,
                t.names,
                [(&t.symtab.0, t.symtab_names), (&t.dynsym.0, t.dynsym_names)],
            ),
            (ELFCLASS64, _, Some(t)) => widen(
                ELFCLASS64,
                order,
                t.header.clone(),
                t.first.as_ref(),
                &t.sections,
                t.names,
                [(&t.symtab.0, t.symtab_names), (&t.dynsym.0, t.dynsym_names)],
            ),
            (class, ..) => Err(invalid(format!(
                "EI_CLASS {class} is neither ELF32 nor ELF64"
            ))),
        }
    }
}
