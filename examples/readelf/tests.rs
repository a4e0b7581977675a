//! The declaration on files it wrote itself (every class and order: the values put in come
//! back, and the bytes write back identical) and on hostile ones: cut files, offsets and
//! counts past the end, wrong entry sizes, indexes out of range. Each is a clean error, never a
//! panic, and no count from the file allocates more than the file could hold.

use std::io::ErrorKind;

use endian_wire::Endian;
use endian_wire::format::{ReadFormat, WriteFormat};

use crate::format::{self, ELFCLASS32, ELFCLASS64, ElfFile};
use crate::generate::{self, FIXED, Shape, symbol_name};

fn small(class: u8, order: Endian) -> Shape {
    Shape {
        class,
        order,
        extra: 3,
        symbols: 10,
        dynamic: 4,
    }
}

fn every_kind() -> Vec<(u8, Endian)> {
    let mut kinds = Vec::new();
    for class in [ELFCLASS32, ELFCLASS64] {
        for order in [Endian::Little, Endian::Big] {
            kinds.push((class, order));
        }
    }
    kinds
}

#[test]
fn generated_files_read_back_and_write_back_identical() {
    // Under Miri the small shapes only.
    let grid = generate::grid();
    for shape in grid.iter().filter(|s| !cfg!(miri) || s.symbols < 100) {
        let bytes = generate::generate(shape);
        let (file, used) = ElfFile::read_format(&bytes).unwrap();
        assert_eq!(used, 16 + if shape.class == ELFCLASS64 { 48 } else { 36 });
        assert_eq!(file.to_format_vec().unwrap(), bytes, "{shape:?}");
        let elf = format::parse(&bytes).unwrap();
        assert_eq!((elf.class, elf.order), (shape.class, shape.order));
        assert_eq!(elf.sections.len(), FIXED + shape.extra, "{shape:?}");
        assert_eq!(elf.sections[2].name, b".symtab");
        assert_eq!(elf.sections[FIXED - 1].name, b".dynstr");
        for (table, symbols, n) in [
            ('f', &elf.symtab, shape.symbols),
            ('d', &elf.dynsym, shape.dynamic),
        ] {
            assert_eq!(symbols.len(), n + 1, "{shape:?}");
            for (i, y) in symbols.iter().skip(1).enumerate() {
                assert_eq!(y.name, symbol_name(table, i).as_bytes());
                assert_eq!(y.sym.value, 0x40_0000 + 16 * i as u64);
                assert_eq!(y.sym.size, (i % 97) as u64);
            }
        }
    }
}

/// Where the header's fields and section `index`'s fields are in a file of `class`.
struct Places {
    wide: bool,
    order: Endian,
}

impl Places {
    fn of(bytes: &[u8]) -> Self {
        Places {
            wide: bytes[4] == ELFCLASS64,
            order: if bytes[5] == 2 {
                Endian::Big
            } else {
                Endian::Little
            },
        }
    }
    fn shoff(&self) -> (usize, usize) {
        if self.wide { (40, 8) } else { (32, 4) }
    }
    fn shentsize(&self) -> (usize, usize) {
        (if self.wide { 58 } else { 46 }, 2)
    }
    fn shnum(&self) -> (usize, usize) {
        (if self.wide { 60 } else { 48 }, 2)
    }
    fn shstrndx(&self) -> (usize, usize) {
        (if self.wide { 62 } else { 50 }, 2)
    }
    /// Section `index`'s `field` (`"offset"`, `"size"`, `"link"`, `"entsize"`, `"name"`).
    fn section(&self, index: usize, field: &str) -> (usize, usize) {
        let (size, at) = if self.wide {
            let at = match field {
                "name" => (0, 4),
                "offset" => (24, 8),
                "size" => (32, 8),
                "link" => (40, 4),
                "entsize" => (56, 8),
                _ => unreachable!(),
            };
            (64, at)
        } else {
            let at = match field {
                "name" => (0, 4),
                "offset" => (16, 4),
                "size" => (20, 4),
                "link" => (24, 4),
                "entsize" => (36, 4),
                _ => unreachable!(),
            };
            (40, at)
        };
        let base = if self.wide { 64 } else { 52 };
        (base + index * size + at.0, at.1)
    }
    fn put(&self, bytes: &mut [u8], (at, width): (usize, usize), value: u64) {
        let image = match self.order {
            Endian::Little => value.to_le_bytes()[..width].to_vec(),
            Endian::Big => value.to_be_bytes()[8 - width..].to_vec(),
        };
        bytes[at..at + width].copy_from_slice(&image);
    }
}

/// `edit` applied to a small file of every class and order must fail with `kind`, its
/// message containing `says`.
fn refused(kind: ErrorKind, says: &str, edit: impl Fn(&Places, &mut Vec<u8>)) {
    for (class, order) in every_kind() {
        let mut bytes = generate::generate(&small(class, order));
        let places = Places::of(&bytes);
        edit(&places, &mut bytes);
        let err = format::parse(&bytes).expect_err(says);
        assert_eq!(err.kind(), kind, "{class} {order:?}: {err}");
        assert!(err.to_string().contains(says), "{class} {order:?}: {err}");
    }
}

#[test]
fn every_cut_file_is_an_error() {
    for (class, order) in every_kind() {
        let bytes = generate::generate(&small(class, order));
        // Under Miri every 29th length (the whole run takes minutes there otherwise).
        let step = if cfg!(miri) { 29 } else { 1 };
        for len in (0..bytes.len()).step_by(step) {
            let err = format::parse(&bytes[..len]).expect_err("a cut file");
            assert!(
                matches!(
                    err.kind(),
                    ErrorKind::UnexpectedEof | ErrorKind::InvalidData
                ),
                "{len}: {err}"
            );
        }
    }
}

#[test]
fn unknown_class_and_order_are_refused() {
    refused(ErrorKind::InvalidData, "EI_CLASS 3", |_, b| b[4] = 3);
    refused(ErrorKind::InvalidData, "", |_, b| b[5] = 0);
    refused(ErrorKind::InvalidData, "", |_, b| b[0] = b'E');
}

#[test]
fn the_section_table_past_the_end_is_an_error() {
    refused(ErrorKind::UnexpectedEof, "past the end", |p, b| {
        let len = b.len() as u64;
        p.put(b, p.shoff(), len + 1)
    });
    refused(ErrorKind::UnexpectedEof, "", |p, b| {
        p.put(b, p.shoff(), u32::MAX.into())
    });
    // A count of sections the file cannot hold: refused before anything is allocated.
    refused(ErrorKind::UnexpectedEof, "", |p, b| {
        p.put(b, p.shnum(), 0xfeff)
    });
}

#[test]
fn a_wrong_section_header_size_is_refused() {
    refused(ErrorKind::InvalidData, "e_shentsize 12", |p, b| {
        p.put(b, p.shentsize(), 12)
    });
}

#[test]
fn the_names_index_out_of_range_is_refused() {
    refused(
        ErrorKind::InvalidData,
        "e_shstrndx 200 is out of range",
        |p, b| p.put(b, p.shstrndx(), 200),
    );
}

#[test]
fn symbol_tables_of_wrong_entry_size_are_refused() {
    for entsize in [0, 1, 23, 1 << 40] {
        refused(
            ErrorKind::InvalidData,
            ".symtab (section 2): entry size",
            |p, b| p.put(b, p.section(2, "entsize"), entsize),
        );
    }
    // A size that is no multiple of the entry size.
    refused(
        ErrorKind::InvalidData,
        ".dynsym (section 4): entry size",
        |p, b| p.put(b, p.section(4, "size"), 17),
    );
}

#[test]
fn symbol_tables_past_the_end_are_errors() {
    refused(ErrorKind::UnexpectedEof, "", |p, b| {
        let len = b.len() as u64;
        p.put(b, p.section(2, "offset"), len + 8)
    });
    // A size claiming billions of symbols: refused before anything is allocated.
    refused(ErrorKind::UnexpectedEof, "", |p, b| {
        p.put(b, p.section(4, "size"), u32::MAX.into())
    });
    refused(ErrorKind::UnexpectedEof, "", |p, b| {
        p.put(b, p.section(3, "offset"), u32::MAX.into())
    });
}

#[test]
fn a_link_to_no_string_table_is_refused() {
    refused(
        ErrorKind::InvalidData,
        "sh_link 99 is not a string table",
        |p, b| p.put(b, p.section(2, "link"), 99),
    );
    refused(
        ErrorKind::InvalidData,
        "sh_link 2 is not a string table",
        |p, b| p.put(b, p.section(4, "link"), 2),
    );
}

#[test]
fn names_outside_their_tables_are_refused() {
    refused(
        ErrorKind::InvalidData,
        "section 1: name offset 4096 has no",
        |p, b| p.put(b, p.section(1, "name"), 4096),
    );
}

#[test]
fn section_zero_holds_a_count_that_does_not_fit_the_header() {
    for (class, order) in every_kind() {
        let mut bytes = generate::generate(&small(class, order));
        let p = Places::of(&bytes);
        let original = bytes.clone();
        let expected = format::parse(&original).unwrap();
        let count = expected.sections.len() as u64;
        p.put(&mut bytes, p.shnum(), 0);
        p.put(&mut bytes, p.section(0, "size"), count);
        p.put(&mut bytes, p.shstrndx(), u64::from(format::SHN_XINDEX));
        p.put(&mut bytes, p.section(0, "link"), 1);
        let elf = format::parse(&bytes).unwrap();
        assert_eq!(elf.sections.len(), expected.sections.len());
        assert_eq!(elf.sections[3].name, b".strtab");
        assert_eq!(elf.symtab, expected.symtab);
    }
}

#[test]
fn names_are_found_as_a_byte_by_byte_search_finds_them() {
    // Names of every length around the eight-byte steps, bytes of every value but zero in
    // them, and a table whose last name has no end.
    let mut table = Vec::new();
    for len in 0..40usize {
        table.extend((0..len).map(|i| (i * 37 % 255 + 1) as u8));
        table.push(0);
    }
    table.extend_from_slice(b"\x80\xff\x01unterminated");
    for offset in 0..=table.len() as u32 + 1 {
        let naive = table
            .get(offset as usize..)
            .and_then(|rest| rest.iter().position(|&b| b == 0).map(|end| &rest[..end]));
        assert_eq!(format::name_at(&table, offset), naive, "offset {offset}");
    }
    assert_eq!(format::name_at(&[], 0), Some(&[][..]));
}
