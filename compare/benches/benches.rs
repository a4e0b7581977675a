//! simple_endian 0.4.11's benchmark, row for row, with endian_wire and simple_endian side by
//! side in one run: `cargo bench -p endian_wire_compare --bench benches`.
//!
//! Each workload exists twice: `name` runs endian_wire, `simple_endian_name` runs
//! simple_endian on the same input. The `io_*_struct_*` and `derive_*` rows use each crate's
//! `#[derive(Endianize)]` on the same logical struct.

use bencher::{Bencher, benchmark_group, benchmark_main, black_box};
use endian_wire::zerocopy::IntoBytes;
use endian_wire::{BigEndian, LittleEndian, bulk, read_specific, write_specific};

benchmark_group!(
    ours,
    scalar_add_be,
    scalar_add_le,
    scalar_add_native,
    array_u16_le_endianize,
    array_u16_native,
    array_u8_passthrough,
    core_serialize_array_u16_le,
    core_serialize_array_u16_be,
    core_serialize_array_u32_le,
    core_serialize_array_u32_be,
    core_serialize_array_u64_le,
    core_serialize_array_u64_be,
    io_write_struct_u16_array_le,
    io_write_struct_u16_array_be,
    io_write_struct_u32_array_le,
    io_write_struct_u32_array_be,
    io_write_struct_u64_array_le,
    io_write_struct_u64_array_be,
    io_write_struct_u8_array,
    io_read_struct_u16_array_le,
    io_read_struct_u16_array_be,
    io_read_struct_u32_array_le,
    io_read_struct_u32_array_be,
    io_read_struct_u64_array_le,
    io_read_struct_u64_array_be,
    derive_from_logical_to_wire_numeric_only,
    derive_from_wire_to_logical_numeric_only,
    derive_tryfrom_wire_to_logical_text,
);

benchmark_group!(
    theirs,
    simple_endian_scalar_add_be,
    simple_endian_scalar_add_le,
    simple_endian_array_u16_le_endianize,
    simple_endian_core_serialize_array_u16_le,
    simple_endian_core_serialize_array_u16_be,
    simple_endian_core_serialize_array_u32_le,
    simple_endian_core_serialize_array_u32_be,
    simple_endian_core_serialize_array_u64_le,
    simple_endian_core_serialize_array_u64_be,
    simple_endian_io_write_struct_u16_array_le,
    simple_endian_io_write_struct_u16_array_be,
    simple_endian_io_write_struct_u32_array_le,
    simple_endian_io_write_struct_u32_array_be,
    simple_endian_io_write_struct_u64_array_le,
    simple_endian_io_write_struct_u64_array_be,
    simple_endian_io_write_struct_u8_array,
    simple_endian_io_read_struct_u16_array_le,
    simple_endian_io_read_struct_u16_array_be,
    simple_endian_io_read_struct_u32_array_le,
    simple_endian_io_read_struct_u32_array_be,
    simple_endian_io_read_struct_u64_array_le,
    simple_endian_io_read_struct_u64_array_be,
    simple_endian_derive_from_logical_to_wire_numeric_only,
    simple_endian_derive_from_wire_to_logical_numeric_only,
    simple_endian_derive_tryfrom_wire_to_logical_text,
);

benchmark_main!(ours, theirs);

/// 100 additions of a wrapper to a wrapper (simple_endian's `scalar_add_*`). It measures
/// `Add`, as simple_endian's bench does, so `a = a + b` stays.
macro_rules! scalar_add {
    ($name:ident, $W:path) => {
        #[allow(clippy::assign_op_pattern)]
        fn $name(b: &mut Bencher) {
            b.iter(|| {
                let mut a = <$W>::from(black_box(1_234_567_890u32));
                for _ in 0..100 {
                    a = a + <$W>::from(black_box(101_010u32));
                }
                black_box(a)
            });
        }
    };
}
scalar_add!(scalar_add_be, BigEndian<u32>);
scalar_add!(scalar_add_le, LittleEndian<u32>);
scalar_add!(simple_endian_scalar_add_be, simple_endian::BigEndian<u32>);
scalar_add!(
    simple_endian_scalar_add_le,
    simple_endian::LittleEndian<u32>
);

fn scalar_add_native(b: &mut Bencher) {
    b.iter(|| {
        let mut a = black_box(1_234_567_890u32);
        for _ in 0..100 {
            a += black_box(101_010u32);
        }
        black_box(a)
    });
}

/// `[u16; 32]` to little-endian wire values and back. Ours goes through the bulk API.
fn array_u16_le_endianize(b: &mut Bencher) {
    b.iter(|| {
        let input: [u16; 32] = black_box([0x1122u16; 32]);
        let mut wire = [LittleEndian::<u16>::ZERO; 32];
        bulk::to_wire(&input, &mut wire);
        let mut back = [0u16; 32];
        bulk::to_native(&wire, &mut back);
        black_box(back)
    });
}

fn simple_endian_array_u16_le_endianize(b: &mut Bencher) {
    b.iter(|| {
        let input: [u16; 32] = black_box([0x1122u16; 32]);
        let wire: [simple_endian::LittleEndian<u16>; 32] = input.map(|x| x.into());
        let back: [u16; 32] = wire.map(|x| x.to_native());
        black_box(back)
    });
}

fn array_u16_native(b: &mut Bencher) {
    b.iter(|| {
        let input: [u16; 32] = black_box([0x1122u16; 32]);
        let mut out = [0u16; 32];
        out.copy_from_slice(&input);
        black_box(out)
    });
}

fn array_u8_passthrough(b: &mut Bencher) {
    b.iter(|| {
        let input: [u8; 64] = black_box([0xA5u8; 64]);
        let out = input;
        black_box(out)
    });
}

/// 32 wire values serialised into a new `Vec` (simple_endian's `core_serialize_array_*`).
/// Ours: the values are converted in one bulk call from native.
macro_rules! core_serialize {
    ($ours:ident, $theirs:ident, $t:ty, $W:ident, $to_bytes:ident, $v:expr) => {
        fn $ours(b: &mut Bencher) {
            let native: [$t; 32] = [$v; 32];
            b.iter(|| {
                let mut out = Vec::with_capacity(32 * size_of::<$t>());
                bulk::extend_bytes::<$W<$t>>(&mut out, black_box(&native));
                black_box(out)
            });
        }

        fn $theirs(b: &mut Bencher) {
            let v: [simple_endian::$W<$t>; 32] = [$v.into(); 32];
            b.iter(|| {
                let mut out = Vec::with_capacity(32 * size_of::<$t>());
                for x in black_box(&v) {
                    out.extend_from_slice(&x.to_native().$to_bytes());
                }
                black_box(out)
            });
        }
    };
}
core_serialize!(
    core_serialize_array_u16_le,
    simple_endian_core_serialize_array_u16_le,
    u16,
    LittleEndian,
    to_le_bytes,
    0x1122u16
);
core_serialize!(
    core_serialize_array_u16_be,
    simple_endian_core_serialize_array_u16_be,
    u16,
    BigEndian,
    to_be_bytes,
    0x1122u16
);
core_serialize!(
    core_serialize_array_u32_le,
    simple_endian_core_serialize_array_u32_le,
    u32,
    LittleEndian,
    to_le_bytes,
    0x1122_3344u32
);
core_serialize!(
    core_serialize_array_u32_be,
    simple_endian_core_serialize_array_u32_be,
    u32,
    BigEndian,
    to_be_bytes,
    0x1122_3344u32
);
core_serialize!(
    core_serialize_array_u64_le,
    simple_endian_core_serialize_array_u64_le,
    u64,
    LittleEndian,
    to_le_bytes,
    0x1122_3344_5566_7788u64
);
core_serialize!(
    core_serialize_array_u64_be,
    simple_endian_core_serialize_array_u64_be,
    u64,
    BigEndian,
    to_be_bytes,
    0x1122_3344_5566_7788u64
);

/// `write_specific` / `read_specific` of a derived struct `{ words: [uN; 32] }`.
macro_rules! io_struct {
    ($write:ident, $read:ident, $se_write:ident, $se_read:ident, $t:ty, $W:ident, $order:ident, $v:expr) => {
        fn $write(b: &mut Bencher) {
            #[derive(endian_wire::Endianize)]
            #[endian($order)]
            #[allow(dead_code)]
            struct Blob {
                words: [$t; 32],
            }
            let v = BlobWire {
                words: [$W::<$t>::new($v); 32],
            };
            b.iter(|| {
                let mut buf = Vec::with_capacity(32 * size_of::<$t>());
                write_specific(&mut buf, black_box(&v)).unwrap();
                black_box(buf)
            });
        }

        fn $read(b: &mut Bencher) {
            #[derive(endian_wire::Endianize)]
            #[endian($order)]
            #[allow(dead_code)]
            struct Blob {
                words: [$t; 32],
            }
            let bytes = BlobWire {
                words: [$W::<$t>::new($v); 32],
            }
            .as_bytes()
            .to_vec();
            b.iter(|| {
                let v: BlobWire = read_specific(&mut black_box(&bytes[..])).unwrap();
                black_box(v)
            });
        }

        fn $se_write(b: &mut Bencher) {
            #[derive(simple_endian::Endianize)]
            #[endian($order)]
            #[allow(dead_code)]
            struct Blob {
                words: [$t; 32],
            }
            let v = BlobWire {
                words: [$v.into(); 32],
            };
            b.iter(|| {
                let mut buf = Vec::with_capacity(32 * size_of::<$t>());
                simple_endian::write_specific(&mut buf, black_box(&v)).unwrap();
                black_box(buf)
            });
        }

        fn $se_read(b: &mut Bencher) {
            #[derive(simple_endian::Endianize)]
            #[endian($order)]
            #[allow(dead_code)]
            struct Blob {
                words: [$t; 32],
            }
            let v = BlobWire {
                words: [$v.into(); 32],
            };
            let mut bytes = Vec::new();
            simple_endian::write_specific(&mut bytes, &v).unwrap();
            b.iter(|| {
                let v: BlobWire = simple_endian::read_specific(&mut black_box(&bytes[..])).unwrap();
                black_box(v)
            });
        }
    };
}
io_struct!(
    io_write_struct_u16_array_le,
    io_read_struct_u16_array_le,
    simple_endian_io_write_struct_u16_array_le,
    simple_endian_io_read_struct_u16_array_le,
    u16,
    LittleEndian,
    le,
    0x1122u16
);
io_struct!(
    io_write_struct_u16_array_be,
    io_read_struct_u16_array_be,
    simple_endian_io_write_struct_u16_array_be,
    simple_endian_io_read_struct_u16_array_be,
    u16,
    BigEndian,
    be,
    0x1122u16
);
io_struct!(
    io_write_struct_u32_array_le,
    io_read_struct_u32_array_le,
    simple_endian_io_write_struct_u32_array_le,
    simple_endian_io_read_struct_u32_array_le,
    u32,
    LittleEndian,
    le,
    0x1122_3344u32
);
io_struct!(
    io_write_struct_u32_array_be,
    io_read_struct_u32_array_be,
    simple_endian_io_write_struct_u32_array_be,
    simple_endian_io_read_struct_u32_array_be,
    u32,
    BigEndian,
    be,
    0x1122_3344u32
);
io_struct!(
    io_write_struct_u64_array_le,
    io_read_struct_u64_array_le,
    simple_endian_io_write_struct_u64_array_le,
    simple_endian_io_read_struct_u64_array_le,
    u64,
    LittleEndian,
    le,
    0x1122_3344_5566_7788u64
);
io_struct!(
    io_write_struct_u64_array_be,
    io_read_struct_u64_array_be,
    simple_endian_io_write_struct_u64_array_be,
    simple_endian_io_read_struct_u64_array_be,
    u64,
    BigEndian,
    be,
    0x1122_3344_5566_7788u64
);

fn io_write_struct_u8_array(b: &mut Bencher) {
    #[derive(endian_wire::Endianize)]
    #[endian(le)]
    #[allow(dead_code)]
    struct Blob {
        bytes: [u8; 64],
    }
    let v = BlobWire { bytes: [0xA5; 64] };
    b.iter(|| {
        let mut buf = Vec::with_capacity(64);
        write_specific(&mut buf, black_box(&v)).unwrap();
        black_box(buf)
    });
}

fn simple_endian_io_write_struct_u8_array(b: &mut Bencher) {
    #[derive(simple_endian::Endianize)]
    #[endian(le)]
    #[allow(dead_code)]
    struct Blob {
        bytes: [u8; 64],
    }
    let v = BlobWire { bytes: [0xA5; 64] };
    b.iter(|| {
        let mut buf = Vec::with_capacity(64);
        simple_endian::write_specific(&mut buf, black_box(&v)).unwrap();
        black_box(buf)
    });
}

/// simple_endian's derive benchmarks: the same logical struct through each crate's derive.
macro_rules! derive_rows {
    ($krate:ident, $to_wire:ident, $from_wire:ident, $text:ident) => {
        fn $to_wire(b: &mut Bencher) {
            #[derive($krate::Endianize, Clone)]
            #[endian(le)]
            struct Header {
                a: u32,
                b: u16,
                words: [u16; 8],
                bytes: [u8; 8],
            }
            let h = Header {
                a: black_box(1),
                b: black_box(2),
                words: black_box([0x1122u16; 8]),
                bytes: black_box([0xA5u8; 8]),
            };
            b.iter(|| {
                let w = HeaderWire::from(black_box(h.clone()));
                black_box(w)
            });
        }

        fn $from_wire(b: &mut Bencher) {
            #[derive($krate::Endianize, Clone)]
            #[endian(le)]
            #[allow(dead_code)]
            struct Header {
                a: u32,
                b: u16,
                words: [u16; 8],
                bytes: [u8; 8],
            }
            b.iter(|| {
                let w = HeaderWire {
                    a: 1u32.into(),
                    b: 2u16.into(),
                    words: [0x1122u16.into(); 8],
                    bytes: [0xA5u8; 8],
                };
                let h = Header::from(black_box(w));
                black_box(h)
            });
        }

        fn $text(b: &mut Bencher) {
            #[derive($krate::Endianize, Clone)]
            #[endian(le)]
            #[allow(dead_code)]
            struct Header {
                a: u32,
                #[text(utf16, units = 8, pad = "space")]
                title: String,
            }
            b.iter(|| {
                let w = HeaderWire {
                    a: 1u32.into(),
                    title: "HI".try_into().unwrap(),
                };
                let h = Header::try_from(black_box(w)).unwrap();
                black_box(h)
            });
        }
    };
}
derive_rows!(
    endian_wire,
    derive_from_logical_to_wire_numeric_only,
    derive_from_wire_to_logical_numeric_only,
    derive_tryfrom_wire_to_logical_text
);
derive_rows!(
    simple_endian,
    simple_endian_derive_from_logical_to_wire_numeric_only,
    simple_endian_derive_from_wire_to_logical_numeric_only,
    simple_endian_derive_tryfrom_wire_to_logical_text
);
