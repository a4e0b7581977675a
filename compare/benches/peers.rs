//! endian_wire against its peers, side by side in one run: `cargo bench -p endian_wire_compare --bench peers`.
//!
//! * `to_be_bytes/<type>/<size>`: native values to big-endian bytes in a reused `Vec<u8>`:
//!   endian_wire dispatched and each kernel forced, memcpy of the same bytes (the ceiling),
//!   byteorder's `write_*_into`, a `to_be_bytes` loop, and zerocopy's `U32<BE>` values built
//!   then copied.
//! * `from_be_bytes/<type>/<size>`: big-endian bytes to native values in a reused slice:
//!   endian_wire dispatched and forced, memcpy, byteorder's `read_*_into`, a `from_be_bytes`
//!   loop.
//! * `write_struct/<shape>`, `read_struct/<shape>`: `write_specific` / `read_specific` of a
//!   64-byte wire struct (`[u16; 32]`, `[u32; 16]`, `[u64; 8]`, `[f64; 8]`, `[u128; 4]`, both
//!   orders): endian_wire (`read_specific`, and `read_specific_into` as `endian_wire_into`),
//!   simple_endian 0.4.11, and a plain 64-byte `extend_from_slice` / copy.
//!
//! Set `PEERS_QUICK=1` for a short run (fewer sizes, shorter measurement).

use std::hint::black_box;

use byteorder::ByteOrder;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use endian_wire::bulk::{self, Isa};
use endian_wire::zerocopy::IntoBytes;
use endian_wire::{
    BigEndian, LittleEndian, WireBytes, read_specific, read_specific_into, write_specific,
};

use endian_wire_testkit::bench;

fn quick() -> bool {
    std::env::var_os("PEERS_QUICK").is_some()
}

fn sizes() -> Vec<usize> {
    if quick() {
        vec![64, 1024, 16 * 1024]
    } else {
        vec![64, 1024, 16 * 1024, 256 * 1024, 4 * 1024 * 1024]
    }
}

fn size_label(bytes: usize) -> String {
    match bytes {
        b if b >= 1024 * 1024 => format!("{}MiB", b / (1024 * 1024)),
        b if b >= 1024 => format!("{}KiB", b / 1024),
        b => format!("{b}B"),
    }
}

/// One element type's bulk rows.
macro_rules! bulk_rows {
    ($c:expr, $t:ty, $zc:ty, $name:literal, $byteorder_write:ident, $byteorder_read:ident) => {{
        let width = size_of::<$t>();
        let mut to = $c.benchmark_group(concat!("to_be_bytes/", $name));
        for bytes in sizes() {
            let n = bytes / width;
            let src: Vec<$t> = (0..n).map(|i| (i as $t).wrapping_mul(0x0101 as $t)).collect();
            let label = size_label(bytes);
            let mut out: Vec<u8> = Vec::with_capacity(bytes);
            to.throughput(Throughput::Bytes(bytes as u64));
            to.bench_function(BenchmarkId::new("endian_wire", &label), |b| {
                b.iter(|| {
                    out.clear();
                    bulk::extend_bytes::<BigEndian<$t>>(&mut out, black_box(&src));
                    black_box(out.as_ptr());
                })
            });
            for isa in Isa::ALL.into_iter().filter(|i| i.is_available()) {
                let mut dst = vec![0u8; bytes];
                to.bench_function(
                    BenchmarkId::new(format!("endian_wire_{}", isa.name()), &label),
                    |b| {
                        b.iter(|| {
                            bulk::swap_bytes_with(isa, width, black_box(src.as_bytes()), &mut dst)
                        })
                    },
                );
            }
            to.bench_function(BenchmarkId::new("memcpy", &label), |b| {
                b.iter(|| {
                    out.clear();
                    out.extend_from_slice(black_box(src.as_bytes()));
                    black_box(out.as_ptr());
                })
            });
            let mut pre_sized = vec![0u8; bytes];
            to.bench_function(BenchmarkId::new("byteorder", &label), |b| {
                b.iter(|| byteorder::BigEndian::$byteorder_write(black_box(&src), &mut pre_sized))
            });
            to.bench_function(BenchmarkId::new("to_be_bytes_loop", &label), |b| {
                b.iter(|| {
                    out.clear();
                    for v in black_box(&src) {
                        out.extend_from_slice(&v.to_be_bytes());
                    }
                    black_box(out.as_ptr());
                })
            });
            to.bench_function(BenchmarkId::new("zerocopy", &label), |b| {
                b.iter(|| {
                    out.clear();
                    let wire: Vec<$zc> =
                        black_box(&src).iter().map(|&v| v.into()).collect();
                    out.extend_from_slice(wire.as_bytes());
                    black_box(out.as_ptr());
                })
            });
        }
        to.finish();

        let mut from = $c.benchmark_group(concat!("from_be_bytes/", $name));
        for bytes in sizes() {
            let n = bytes / width;
            let native: Vec<$t> = (0..n).map(|i| (i as $t).wrapping_mul(0x0101 as $t)).collect();
            let mut wire = Vec::new();
            bulk::extend_bytes::<BigEndian<$t>>(&mut wire, &native);
            let label = size_label(bytes);
            let mut dst: Vec<$t> = vec![Default::default(); n];
            from.throughput(Throughput::Bytes(bytes as u64));
            from.bench_function(BenchmarkId::new("endian_wire", &label), |b| {
                b.iter(|| bulk::from_bytes::<BigEndian<$t>>(black_box(&wire), &mut dst))
            });
            for isa in Isa::ALL.into_iter().filter(|i| i.is_available()) {
                from.bench_function(
                    BenchmarkId::new(format!("endian_wire_{}", isa.name()), &label),
                    |b| {
                        b.iter(|| {
                            bulk::swap_bytes_with(isa, width, black_box(&wire), dst.as_mut_bytes())
                        })
                    },
                );
            }
            from.bench_function(BenchmarkId::new("memcpy", &label), |b| {
                b.iter(|| dst.as_mut_bytes().copy_from_slice(black_box(&wire)))
            });
            from.bench_function(BenchmarkId::new("byteorder", &label), |b| {
                b.iter(|| byteorder::BigEndian::$byteorder_read(black_box(&wire), &mut dst))
            });
            from.bench_function(BenchmarkId::new("from_be_bytes_loop", &label), |b| {
                b.iter(|| {
                    for (d, chunk) in dst.iter_mut().zip(black_box(&wire).chunks_exact(width)) {
                        *d = <$t>::from_be_bytes(chunk.try_into().unwrap());
                    }
                })
            });
        }
        from.finish();
    }};
}

fn bulk_benches(c: &mut Criterion) {
    use endian_wire::zerocopy::byteorder::{BE, U16, U32, U64, U128};
    bulk_rows!(c, u16, U16<BE>, "u16", write_u16_into, read_u16_into);
    bulk_rows!(c, u32, U32<BE>, "u32", write_u32_into, read_u32_into);
    bulk_rows!(c, u64, U64<BE>, "u64", write_u64_into, read_u64_into);
    bulk_rows!(c, u128, U128<BE>, "u128", write_u128_into, read_u128_into);
}

/// One 64-byte struct shape, both orders.
macro_rules! struct_rows {
    ($c:expr, $shape:literal, $t:ty, $n:literal, $v:expr) => {
        struct_rows!(@order $c, $shape, "be", $t, $n, $v, BigEndian, be);
        struct_rows!(@order $c, $shape, "le", $t, $n, $v, LittleEndian, le);
    };
    (@order $c:expr, $shape:literal, $order_name:literal, $t:ty, $n:literal, $v:expr, $W:ident, $order:ident) => {{
        mod ours {
            #[derive(endian_wire::Endianize)]
            #[endian($order)]
            #[allow(dead_code)]
            pub struct Blob {
                pub words: [$t; $n],
            }
        }
        type Ours = ours::BlobWire;

        mod theirs {
            #[derive(simple_endian::Endianize)]
            #[endian($order)]
            #[allow(dead_code)]
            pub struct Blob {
                pub words: [$t; $n],
            }
        }

        let ours = Ours { words: [$W::<$t>::from($v); $n] };
        // No padding: the derive made it a `WireBytes`, read and written as one copy.
        fn wire_bytes<T: WireBytes>() {}
        wire_bytes::<Ours>();
        let theirs = theirs::BlobWire { words: [$v.into(); $n] };
        let bytes = ours.as_bytes().to_vec();
        assert_eq!(bytes.len(), 64);
        let mut theirs_bytes = Vec::new();
        simple_endian::write_specific(&mut theirs_bytes, &theirs).unwrap();
        assert_eq!(theirs_bytes, bytes, "simple_endian writes the same bytes");

        let name = concat!($shape, "_", $order_name);
        let mut write = $c.benchmark_group("write_struct");
        write.throughput(Throughput::Bytes(64));
        let mut out: Vec<u8> = Vec::with_capacity(64);
        write.bench_function(BenchmarkId::new("endian_wire", name), |b| {
            b.iter(|| {
                out.clear();
                write_specific(&mut out, black_box(&ours)).unwrap();
                black_box(out.as_ptr());
            })
        });
        write.bench_function(BenchmarkId::new("simple_endian", name), |b| {
            b.iter(|| {
                out.clear();
                simple_endian::write_specific(&mut out, black_box(&theirs)).unwrap();
                black_box(out.as_ptr());
            })
        });
        write.bench_function(BenchmarkId::new("extend_from_slice_64", name), |b| {
            b.iter(|| {
                out.clear();
                out.extend_from_slice(black_box(&bytes));
                black_box(out.as_ptr());
            })
        });
        write.finish();

        let mut read = $c.benchmark_group("read_struct");
        read.throughput(Throughput::Bytes(64));
        read.bench_function(BenchmarkId::new("endian_wire", name), |b| {
            b.iter(|| {
                let v: Ours = read_specific(&mut black_box(&bytes[..])).unwrap();
                black_box(v)
            })
        });
        let mut dest = Ours { words: [$W::<$t>::from($v); $n] };
        read.bench_function(BenchmarkId::new("endian_wire_into", name), |b| {
            b.iter(|| {
                read_specific_into(&mut black_box(&bytes[..]), &mut dest).unwrap();
                black_box(&mut dest);
            })
        });
        read.bench_function(BenchmarkId::new("simple_endian", name), |b| {
            b.iter(|| {
                let v: theirs::BlobWire =
                    simple_endian::read_specific(&mut black_box(&bytes[..])).unwrap();
                black_box(v)
            })
        });
        read.bench_function(BenchmarkId::new("copy_64", name), |b| {
            b.iter(|| {
                let mut v = [0u8; 64];
                v.copy_from_slice(black_box(&bytes));
                black_box(v)
            })
        });
        read.finish();
    }};
}

fn struct_benches(c: &mut Criterion) {
    struct_rows!(c, "u16x32", u16, 32, 0x1122u16);
    struct_rows!(c, "u32x16", u32, 16, 0x1122_3344u32);
    struct_rows!(c, "u64x8", u64, 8, 0x1122_3344_5566_7788u64);
    struct_rows!(c, "f64x8", f64, 8, 1.5f64);
    struct_rows!(
        c,
        "u128x4",
        u128,
        4,
        0x0102_0304_0506_0708_090a_0b0c_0d0e_0f10u128
    );
}

criterion_group! {
    name = peers;
    config = bench::criterion("PEERS_QUICK");
    targets = bulk_benches, struct_benches
}
criterion_main!(peers);
