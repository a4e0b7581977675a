//! ELF declared once (`examples/readelf/format.rs`) on arbitrary bytes: the bytes alone, and
//! laid over a small generated file of the class and order the first byte picks (so that short
//! inputs reach the section table, the names and the symbol tables). Reading and checking
//! never panic; a file that reads and writes (tables in offset order) reads back the same.
#![no_main]

use endian_wire::Endian;
use endian_wire::format::{ReadFormat, WriteFormat};
use libfuzzer_sys::fuzz_target;

#[path = "../../examples/readelf/format.rs"]
#[allow(dead_code)]
mod format;
#[path = "../../examples/readelf/generate.rs"]
#[allow(dead_code)]
mod generate;

use format::ElfFile;

fn check(input: &[u8]) {
    let _ = format::parse(input);
    let Ok((file, _)) = ElfFile::read_format(input) else {
        return;
    };
    // Real files keep tables before the section table, which the writer refuses; what it
    // writes is a file that reads back as the same declaration.
    if let Ok(bytes) = file.to_format_vec() {
        let (again, _) = ElfFile::read_format(&bytes).expect("what was written reads");
        assert_eq!(again, file);
    }
}

fuzz_target!(|data: &[u8]| {
    check(data);
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let shape = generate::Shape {
        class: if pick & 1 == 0 {
            format::ELFCLASS32
        } else {
            format::ELFCLASS64
        },
        order: if pick & 2 == 0 {
            Endian::Little
        } else {
            Endian::Big
        },
        extra: 2,
        symbols: 3,
        dynamic: 2,
    };
    let mut input = generate::generate(&shape);
    // Over the header and the section table from byte 16 + 4 * (pick >> 2), cut where `rest`
    // ends when the top bit says so.
    let at = (16 + 4 * usize::from((pick >> 2) & 0x1f)).min(input.len());
    let end = (at + rest.len()).min(input.len());
    input[at..end].copy_from_slice(&rest[..end - at]);
    if pick & 0x80 != 0 {
        input.truncate(end);
    }
    check(&input);
});
