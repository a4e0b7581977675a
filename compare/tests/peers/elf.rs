//! ELF declared once (`examples/readelf/format.rs`) against `object` 0.37, the Rust
//! toolchain's own reader: every section header and every `.symtab` and `.dynsym` entry,
//! value by value with their names, on real files (this test binary, the host's shared
//! libraries, the s390x and aarch64 cross libcs when installed) and on files of both classes
//! and orders written by the declaration (a fixed grid and proptest shapes), which also write
//! back byte for byte. (Hostile files are the example's own tests.)

use endian_wire::Endian;
use endian_wire::format::{ReadFormat, WriteFormat};
use endian_wire_testkit::{proptest_cases, skip};
use object::Endianness;
use object::elf;
use object::read::elf::{FileHeader, SectionHeader as _, Sym as _};
use proptest::prelude::*;

#[path = "../../../examples/readelf/format.rs"]
#[allow(dead_code)] // the example's helpers these tests do not call
mod format;
#[path = "../../../examples/readelf/generate.rs"]
#[allow(dead_code)]
mod generate;

use format::{ELFCLASS32, ELFCLASS64, ElfFile};
use generate::Shape;

/// A section or symbol in one shape for both readers: its name and its fields widened.
type Entry = (Vec<u8>, Vec<u64>);

/// What `object` reads of a file: class, order, header fields, sections and both symbol
/// tables.
#[derive(Debug, PartialEq)]
struct Read {
    class: u8,
    big: bool,
    header: Vec<u64>,
    sections: Vec<Entry>,
    symtab: Vec<Entry>,
    dynsym: Vec<Entry>,
}

fn theirs_as<H>(data: &[u8]) -> object::read::Result<Read>
where
    H: FileHeader<Endian = Endianness>,
    H::Word: Into<u64>,
{
    let header = H::parse(data)?;
    let e = header.endian()?;
    let sections = header.sections(e, data)?;
    let mut read = Read {
        class: if header.is_class_64() {
            ELFCLASS64
        } else {
            ELFCLASS32
        },
        big: e == Endianness::Big,
        header: vec![
            header.e_type(e).into(),
            header.e_machine(e).into(),
            header.e_version(e).into(),
            header.e_entry(e).into(),
            header.e_phoff(e).into(),
            header.e_shoff(e).into(),
            header.e_flags(e).into(),
            header.e_ehsize(e).into(),
            header.e_phentsize(e).into(),
            header.e_phnum(e).into(),
            header.e_shentsize(e).into(),
            header.e_shnum(e).into(),
            header.e_shstrndx(e).into(),
        ],
        sections: Vec::new(),
        symtab: Vec::new(),
        dynsym: Vec::new(),
    };
    for s in sections.iter() {
        let name = sections.section_name(e, s)?.to_vec();
        read.sections.push((
            name,
            vec![
                s.sh_name(e).into(),
                s.sh_type(e).into(),
                s.sh_flags(e).into(),
                s.sh_addr(e).into(),
                s.sh_offset(e).into(),
                s.sh_size(e).into(),
                s.sh_link(e).into(),
                s.sh_info(e).into(),
                s.sh_addralign(e).into(),
                s.sh_entsize(e).into(),
            ],
        ));
    }
    for (kind, out) in [
        (elf::SHT_SYMTAB, &mut read.symtab),
        (elf::SHT_DYNSYM, &mut read.dynsym),
    ] {
        let table = sections.symbols(e, data, kind)?;
        for y in table.iter() {
            out.push((
                table.symbol_name(e, y)?.to_vec(),
                vec![
                    y.st_name(e).into(),
                    y.st_info().into(),
                    y.st_other().into(),
                    y.st_shndx(e).into(),
                    y.st_value(e).into(),
                    y.st_size(e).into(),
                ],
            ));
        }
    }
    Ok(read)
}

/// `object`'s reading of `data`, of the class its fifth byte names.
fn theirs(data: &[u8]) -> object::read::Result<Read> {
    match data.get(4) {
        Some(&ELFCLASS32) => theirs_as::<elf::FileHeader32<Endianness>>(data),
        _ => theirs_as::<elf::FileHeader64<Endianness>>(data),
    }
}

/// The declaration's reading of `data`, in the same shape.
fn ours(data: &[u8]) -> std::io::Result<Read> {
    let elf = format::parse(data)?;
    let h = &elf.header;
    let symbols = |table: &[format::Symbol<'_>]| -> Vec<Entry> {
        table
            .iter()
            .map(|y| {
                let s = &y.sym;
                let fields = vec![
                    s.name.into(),
                    s.info.into(),
                    s.other.into(),
                    s.shndx.into(),
                    s.value,
                    s.size,
                ];
                (y.name.to_vec(), fields)
            })
            .collect()
    };
    Ok(Read {
        class: elf.class,
        big: elf.order == Endian::Big,
        header: vec![
            h.kind.into(),
            h.machine.into(),
            h.version.into(),
            h.entry,
            h.phoff,
            h.shoff,
            h.flags.into(),
            h.ehsize.into(),
            h.phentsize.into(),
            h.phnum.into(),
            h.shentsize.into(),
            h.shnum.into(),
            h.shstrndx.into(),
        ],
        sections: elf
            .sections
            .iter()
            .map(|s| {
                let k = &s.header;
                let fields = vec![
                    k.name.into(),
                    k.kind.into(),
                    k.flags,
                    k.addr,
                    k.offset,
                    k.size,
                    k.link.into(),
                    k.info.into(),
                    k.addralign,
                    k.entsize,
                ];
                (s.name.to_vec(), fields)
            })
            .collect(),
        symtab: symbols(&elf.symtab),
        dynsym: symbols(&elf.dynsym),
    })
}

/// Both readers agree on `data`, entry by entry (the first difference named); returns how
/// many sections and symbols were compared.
fn same(data: &[u8], what: &str) -> (usize, usize) {
    let theirs = theirs(data).unwrap_or_else(|e| panic!("{what}: object: {e}"));
    let ours = ours(data).unwrap_or_else(|e| panic!("{what}: ours: {e}"));
    assert_eq!(
        (ours.class, ours.big, &ours.header),
        (theirs.class, theirs.big, &theirs.header),
        "{what}: header"
    );
    for (part, o, t) in [
        ("sections", &ours.sections, &theirs.sections),
        (".symtab", &ours.symtab, &theirs.symtab),
        (".dynsym", &ours.dynsym, &theirs.dynsym),
    ] {
        assert_eq!(o.len(), t.len(), "{what}: {part}");
        for (i, (o, t)) in o.iter().zip(t).enumerate() {
            assert_eq!(o, t, "{what}: {part}[{i}]");
        }
    }
    (ours.sections.len(), ours.symtab.len() + ours.dynsym.len())
}

/// Regular ELF files named `*.so` or `*.so.*` in `dir` (not below it).
fn libraries_in(dir: &str) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<_> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            (name.ends_with(".so") || name.contains(".so."))
                && std::fs::symlink_metadata(p).is_ok_and(|m| m.is_file())
        })
        .filter(|p| std::fs::read(p).is_ok_and(|b| b.starts_with(b"\x7fELF")))
        .collect();
    found.sort();
    found
}

/// Compares every file; says how many of each kind it read.
fn compare_files(files: &[std::path::PathBuf]) -> [usize; 4] {
    let (mut sections, mut symbols) = (0, 0);
    let mut kinds = [0usize; 4]; // ELF32 LE, ELF32 BE, ELF64 LE, ELF64 BE
    for path in files {
        let data = std::fs::read(path).unwrap();
        let (n, m) = same(&data, &path.display().to_string());
        sections += n;
        symbols += m;
        kinds[usize::from(data[4] == ELFCLASS64) * 2 + usize::from(data[5] == 2)] += 1;
    }
    eprintln!(
        "{} files (ELF32 LE/BE {}/{}, ELF64 LE/BE {}/{}): {sections} sections, {symbols} \
         symbols the same",
        files.len(),
        kinds[0],
        kinds[1],
        kinds[2],
        kinds[3]
    );
    kinds
}

#[test]
#[cfg_attr(miri, ignore = "reads the file system")]
fn this_test_binary() {
    let exe = std::env::current_exe().unwrap();
    let data = std::fs::read(&exe).unwrap();
    let (sections, symbols) = same(&data, "the test binary");
    assert!(
        sections > 10 && symbols > 100,
        "{sections} sections, {symbols} symbols"
    );
}

#[test]
#[cfg_attr(miri, ignore = "reads the file system")]
fn the_hosts_shared_libraries() {
    let files = libraries_in("/usr/lib/x86_64-linux-gnu");
    if files.is_empty() {
        skip(
            "no /usr/lib/x86_64-linux-gnu/*.so*",
            "an x86_64 Debian or Ubuntu libc6",
        );
        return;
    }
    compare_files(&files);
}

#[test]
#[cfg_attr(miri, ignore = "reads the file system")]
fn the_cross_libcs() {
    let mut files = libraries_in("/usr/s390x-linux-gnu/lib");
    files.extend(libraries_in("/usr/aarch64-linux-gnu/lib"));
    if files.is_empty() {
        skip(
            "no /usr/s390x-linux-gnu/lib or /usr/aarch64-linux-gnu/lib",
            "the cross libraries: libc6-dev-s390x-cross libc6-dev-arm64-cross",
        );
        return;
    }
    compare_files(&files);
}

/// A generated file: the same for both readers, and written back byte for byte.
fn generated(shape: &Shape) {
    let bytes = generate::generate(shape);
    let what = format!("{shape:?}");
    let (sections, symbols) = same(&bytes, &what);
    assert_eq!(sections, generate::FIXED + shape.extra, "{what}");
    assert_eq!(symbols, shape.symbols + shape.dynamic + 2, "{what}");
    let (file, _) = ElfFile::read_format(&bytes).unwrap();
    assert_eq!(file.to_format_vec().unwrap(), bytes, "{what}: written back");
}

#[test]
fn generated_grid_of_both_classes_and_orders() {
    for shape in generate::grid() {
        generated(&shape);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(proptest_cases(if cfg!(miri) { 2 } else { 48 })))]

    #[test]
    fn prop_generated_shapes(
        wide: bool,
        big: bool,
        extra in 0usize..60,
        symbols in 0usize..400,
        dynamic in 0usize..100,
    ) {
        generated(&Shape {
            class: if wide { ELFCLASS64 } else { ELFCLASS32 },
            order: if big { Endian::Big } else { Endian::Little },
            extra,
            symbols,
            dynamic,
        });
    }
}
