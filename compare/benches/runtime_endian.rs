//! Tables of `#[endian(runtime)]` records: `cargo bench -p endian_wire_compare --bench runtime_endian`.
//!
//! The table is ELF64's section table, 64 entries of 64 bytes (`Elf64_Shdr` with the fields
//! `examples/readelf` names, declared `#[repr(C)]` as a wire structure), 4 KiB.
//!
//! * `elf_sections_other_order/*`: the table in the order that is not the host's.
//!   `read_all_as` (the runtime type, one lane shuffle over the table) against the
//!   fixed-order derive's reads of the same table into a `Vec` of the same fields declared
//!   `#[endian(be)]` (big-endian on a little-endian host, and the reverse): `fixed_frame_run`
//!   (its bulk read: the framing's run of 64 records behind a length prefix, what decodes a
//!   `Vec` of records), `fixed_view_from` (the table viewed as wire structs, each converted
//!   with `From`) and `fixed_read_each` (`FromSlice` record by record). `read_each_as` is the
//!   runtime type record by record, what `read_all_as` does for layouts the shuffle cannot
//!   take. `view_all_as` converts into wire structs of the host's order (the same shuffle).
//! * `elf_sections_host_order/*`: the table in the host's order. `read_all_as` (one copy into
//!   the new `Vec`) against two copies of the same 4 KiB into a new `Vec`: `copy_to_vec`
//!   (`to_vec`: the allocator and glibc's `memcpy`, which is very slow on Zen 3/4 for some
//!   placements of the destination, see `bulk`) and `copy_kernel` (the allocator and the
//!   bulk kernels' copy loop, through `bulk::extend_native` of `u64`s in the host's order);
//!   and `view_all_as` (borrowed in place: no copy).
//!
//! Set `RUNTIME_ENDIAN_QUICK=1` for a short run.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use endian_wire::frame::{self, Config};
use endian_wire::{Endian, Endianize, FromSlice, RuntimeEndian, bulk, view_slice};

/// `u64` in the host's order: its bulk conversions are copies.
#[cfg(target_endian = "little")]
type NativeU64 = endian_wire::u64le;
#[cfg(target_endian = "big")]
type NativeU64 = endian_wire::u64be;

use endian_wire_testkit::bench;

/// `Elf64_Shdr`, its order chosen when read.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(runtime)]
#[repr(C)]
struct Section {
    name: u32,
    kind: u32,
    flags: u64,
    addr: u64,
    offset: u64,
    size: u64,
    link: u32,
    info: u32,
    addralign: u64,
    entsize: u64,
}

/// The same fields in the order that is not the host's, fixed.
macro_rules! fixed_section {
    ($order:ident) => {
        #[derive(Endianize, Clone, Debug, PartialEq)]
        #[endian($order)]
        #[repr(C)]
        struct FixedSection {
            name: u32,
            kind: u32,
            flags: u64,
            addr: u64,
            offset: u64,
            size: u64,
            link: u32,
            info: u32,
            addralign: u64,
            entsize: u64,
        }
    };
}
#[cfg(target_endian = "little")]
fixed_section!(be);
#[cfg(target_endian = "big")]
fixed_section!(le);

const ENTRIES: usize = 64;

fn other_order() -> Endian {
    match Endian::NATIVE {
        Endian::Big => Endian::Little,
        Endian::Little => Endian::Big,
    }
}

fn sections() -> Vec<Section> {
    (0..ENTRIES as u64)
        .map(|i| Section {
            name: (i * 17) as u32,
            kind: 1 + (i % 3) as u32,
            flags: 0x6 ^ i,
            addr: 0x1000 * i,
            offset: 0x40 + 0x100 * i,
            size: 0x123 * i,
            link: (i % 5) as u32,
            info: (i % 7) as u32,
            addralign: 8,
            entsize: if i % 4 == 0 { 24 } else { 0 },
        })
        .collect()
}

/// The table's bytes in `order`, in storage aligned for the wire types (as a file read
/// into a `Vec<u64>`, or mapped, is).
fn table(order: Endian) -> Vec<u64> {
    let mut bytes = Vec::new();
    Section::write_all_as(&sections(), &mut bytes, order).unwrap();
    bytes
        .chunks_exact(8)
        .map(|c| u64::from_ne_bytes(c.try_into().unwrap()))
        .collect()
}

fn as_bytes(words: &[u64]) -> &[u8] {
    endian_wire::zerocopy::IntoBytes::as_bytes(words)
}

fn other_order_rows(c: &mut Criterion) {
    let order = other_order();
    let words = table(order);
    let data = as_bytes(&words);
    // The framing's input: the same records behind a `u64` record count.
    let mut framed = (ENTRIES as u64).to_ne_bytes().to_vec();
    if order == Endian::Big {
        framed.reverse();
    }
    framed.extend_from_slice(data);
    let config = match order {
        Endian::Big => Config::legacy().with_big_endian(),
        Endian::Little => Config::legacy(),
    };
    // The rows read the same values.
    let expected = sections();
    assert_eq!(Section::read_all_as(data, order).unwrap(), expected);
    let fixed: Vec<FixedSection> = frame::decode_from_slice_exact(&framed, config).unwrap();
    assert_eq!(fixed.len(), ENTRIES);
    assert_eq!(fixed[3].size, expected[3].size);

    let mut g = c.benchmark_group("elf_sections_other_order");
    g.throughput(Throughput::Bytes(data.len() as u64));
    g.bench_function("read_all_as", |b| {
        b.iter(|| Section::read_all_as(black_box(data), black_box(order)).unwrap())
    });
    g.bench_function("view_all_as", |b| {
        b.iter(|| Section::view_all_as(black_box(data), black_box(order)).unwrap())
    });
    g.bench_function("read_each_as", |b| {
        b.iter(|| {
            black_box(data)
                .chunks_exact(64)
                .map(|r| Section::read_as(r, black_box(order)).unwrap())
                .collect::<Vec<_>>()
        })
    });
    g.bench_function("fixed_frame_run", |b| {
        b.iter(|| {
            frame::decode_from_slice_exact::<Vec<FixedSection>>(black_box(&framed), config).unwrap()
        })
    });
    g.bench_function("fixed_view_from", |b| {
        b.iter(|| {
            view_slice::<FixedSectionWire>(black_box(data))
                .unwrap()
                .iter()
                .map(|w| FixedSection::from(*w))
                .collect::<Vec<_>>()
        })
    });
    g.bench_function("fixed_read_each", |b| {
        b.iter(|| {
            black_box(data)
                .chunks_exact(64)
                .map(|r| FixedSection::read_from_slice(r).unwrap())
                .collect::<Vec<_>>()
        })
    });
    g.finish();
}

fn host_order_rows(c: &mut Criterion) {
    let words = table(Endian::NATIVE);
    let data = as_bytes(&words);
    assert_eq!(
        Section::read_all_as(data, Endian::NATIVE).unwrap(),
        sections()
    );
    let mut g = c.benchmark_group("elf_sections_host_order");
    g.throughput(Throughput::Bytes(data.len() as u64));
    g.bench_function("read_all_as", |b| {
        b.iter(|| Section::read_all_as(black_box(data), Endian::NATIVE).unwrap())
    });
    g.bench_function("copy_to_vec", |b| b.iter(|| black_box(data).to_vec()));
    g.bench_function("copy_kernel", |b| {
        b.iter(|| {
            let mut out = Vec::<u64>::new();
            bulk::extend_native::<NativeU64>(&mut out, black_box(data));
            out
        })
    });
    g.bench_function("view_all_as", |b| {
        b.iter(|| Section::view_all_as(black_box(data), Endian::NATIVE).unwrap())
    });
    g.finish();
}

fn config() -> Criterion {
    bench::criterion("RUNTIME_ENDIAN_QUICK")
}

criterion_group! {
    name = benches;
    config = config();
    targets = other_order_rows, host_order_rows
}
criterion_main!(benches);
