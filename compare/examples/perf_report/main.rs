//! The headline workloads of `endian_wire`, side by side with its peers in one process.
//!
//! ```sh
//! cargo run --release -p endian_wire_compare --example perf_report  # Markdown on stdout
//! # then, after `--`: `--quick` (a few seconds), `--smoke` (every row once: CI), `--write` (also refresh
//! # PERFORMANCE.md, README.md's headline and docs/perf.svg), `--only 'bytes, 64 B'` (rows
//! # whose name matches), `--isa ssse3` (every row on SSSE3's kernels), `--all-isas` (the bulk,
//! # struct and headline rows per set; with `--write` also the per-set table and chart bars)
//! ```
//!
//! Method: every implementation of a workload is measured in the same rounds, one batch each
//! per round (round-robin), so a noisy neighbour slows them all alike. A batch repeats the
//! operation enough times to last a few milliseconds (calibrated once, after a warm-up); a
//! sample is the batch's time divided by its repetitions. The report gives the median sample,
//! its spread (half the interquartile range, as a percentage of the median) and the ratio of
//! each peer's median to `endian_wire`'s. The operations are those of the criterion benches
//! (`compare/benches/peers.rs`, `compare/benches/frame.rs`); criterion's figures in `PERFORMANCE.md` come from
//! those, and these tables are the same comparisons in one short run.
//!
//! Progress goes to stderr, the report to stdout.

use std::hint::black_box;
use std::io::Write as _;
use std::time::{Duration, Instant};

use bincode1::Options as _;
use endian_wire::bulk::{self, Isa};
use endian_wire::frame::{self, Config};
use endian_wire::zerocopy::{FromBytes, FromZeros, IntoBytes};
use endian_wire::{BigEndian, read_specific, read_specific_into, write_specific};

use endian_wire_testkit::{market, shapes, solana};

mod block_rows;
mod chart;
mod dns_rows;
mod elf_rows;
mod frame_codec_rows;
mod headline;
mod isa_rows;
mod nbt_rows;
mod pcapng_rows;
mod png_rows;

/// The implementations the report knows, in column order.
const IMPLS: [&str; 21] = [
    "endian_wire",
    "memcpy",
    // The sequential entry point beside a parallel one (`block_rows.rs`): ours, not a peer.
    "endian_wire, one core",
    // The NBT tree beside the owned document (`nbt_rows.rs`): ours, not a peer.
    "endian_wire, tree",
    "simple_endian",
    "byteorder",
    "zerocopy",
    "bincode 1",
    "bincode 2",
    "wincode",
    "valence_nbt",
    "fastnbt",
    "na_nbt",
    "fastanvil",
    "nbtx",
    "pcap-parser",
    "simple-dns",
    "binrw",
    "deku",
    "object",
    "crc32fast",
];

/// How long a run takes: samples per implementation and the length of one batch.
#[derive(Clone, Copy)]
struct Plan {
    samples: usize,
    batch: Duration,
}

const FULL: Plan = Plan {
    samples: 31,
    batch: Duration::from_millis(25),
};
const QUICK: Plan = Plan {
    samples: 5,
    batch: Duration::from_millis(1),
};
/// Every row run once: that the report runs, for CI's unoptimized build (no figures).
const SMOKE: Plan = Plan {
    samples: 1,
    batch: Duration::ZERO,
};

/// One implementation of a workload: runs the operation `n` times.
struct Case {
    imp: &'static str,
    run: Box<dyn FnMut(u64)>,
}

/// One operation, measured for several implementations.
struct Workload {
    name: String,
    /// Bytes moved per operation, for throughput.
    bytes: usize,
    cases: Vec<Case>,
}

impl Workload {
    fn new(name: impl Into<String>, bytes: usize) -> Self {
        Workload {
            name: name.into(),
            bytes,
            cases: Vec::new(),
        }
    }

    /// [`case`](Self::case) where `cond` holds: a peer that has only some of a loop's rows.
    fn case_if(self, cond: bool, imp: &'static str, op: impl FnMut() + 'static) -> Self {
        if cond { self.case(imp, op) } else { self }
    }

    /// Adds an implementation; `op` is one operation, repeated by the harness.
    fn case(mut self, imp: &'static str, mut op: impl FnMut() + 'static) -> Self {
        assert!(IMPLS.contains(&imp), "unknown implementation {imp}");
        self.cases.push(Case {
            imp,
            run: Box::new(move |n| {
                for _ in 0..n {
                    op();
                }
            }),
        });
        self
    }
}

/// The measured samples of one implementation, in nanoseconds per operation.
struct Stats {
    imp: &'static str,
    median: f64,
    /// Half the interquartile range, relative to the median.
    spread: f64,
}

impl Stats {
    fn from_samples(imp: &'static str, mut ns: Vec<f64>) -> Stats {
        ns.sort_by(f64::total_cmp);
        let at = |q: f64| ns[((ns.len() - 1) as f64 * q).round() as usize];
        let median = at(0.5);
        let spread = (at(0.75) - at(0.25)) / 2.0 / median;
        Stats {
            imp,
            median,
            spread,
        }
    }
}

struct Measured {
    name: String,
    bytes: usize,
    stats: Vec<Stats>,
}

impl Measured {
    fn ours(&self) -> f64 {
        self.stats[0].median
    }

    /// The median of the implementation called `imp`, if the row has it.
    fn time(&self, imp: &str) -> Option<f64> {
        self.stats.iter().find(|s| s.imp == imp).map(|s| s.median)
    }

    /// The fastest peer: not endian_wire (on any number of cores, or its NBT tree), not memcpy (a reference,
    /// not a crate doing the job), not one of endian_wire's forced instruction sets.
    fn fastest_peer(&self) -> Option<&Stats> {
        self.stats
            .iter()
            .filter(|s| IMPLS[4..].contains(&s.imp))
            .min_by(|a, b| a.median.total_cmp(&b.median))
    }
}

/// Repetitions of `run` that take about `target`, after a warm-up of the same length.
fn calibrate(run: &mut dyn FnMut(u64), target: Duration) -> u64 {
    let mut n = 1u64;
    loop {
        let start = Instant::now();
        run(n);
        let took = start.elapsed();
        if took >= target / 4 {
            let per_op = took.as_secs_f64() / n as f64;
            return ((target.as_secs_f64() / per_op) as u64).max(1);
        }
        n = n.saturating_mul(2);
    }
}

fn measure(mut w: Workload, plan: Plan) -> Measured {
    assert_eq!(
        w.cases[0].imp, "endian_wire",
        "{}: endian_wire first",
        w.name
    );
    // A smoke run (no batch length) runs each case once: calibrating would run it again.
    let reps: Vec<u64> = w
        .cases
        .iter_mut()
        .map(|c| {
            if plan.batch.is_zero() {
                1
            } else {
                calibrate(&mut c.run, plan.batch)
            }
        })
        .collect();
    let mut samples = vec![Vec::with_capacity(plan.samples); w.cases.len()];
    for _ in 0..plan.samples {
        for ((case, &n), out) in w.cases.iter_mut().zip(&reps).zip(&mut samples) {
            let start = Instant::now();
            (case.run)(n);
            out.push(start.elapsed().as_nanos() as f64 / n as f64);
        }
    }
    Measured {
        name: w.name,
        bytes: w.bytes,
        stats: w
            .cases
            .iter()
            .zip(samples)
            .map(|(c, s)| Stats::from_samples(c.imp, s))
            .collect(),
    }
}

// ---------------------------------------------------------------------------------------------
// The workloads. Each asserts, before it is measured, that every implementation produces the
// same bytes or values, so no row measures less work than another.

fn label(bytes: usize) -> String {
    match bytes {
        b if b >= 1024 => format!("{} KiB", b / 1024),
        b => format!("{b} B"),
    }
}

fn words(n: usize) -> Vec<u32> {
    (0..n as u32).map(|i| i.wrapping_mul(0x9e37_79b9)).collect()
}

/// Distinct-looking values filling `bytes` bytes.
fn values<T: TryFrom<u64> + Default>(bytes: usize) -> Vec<T> {
    let mask = u64::MAX >> (64 - 8 * size_of::<T>().min(8));
    (0..(bytes / size_of::<T>()) as u64)
        .map(|i| T::try_from(i.wrapping_mul(0x9e37_79b9_7f4a_7c15) & mask).unwrap_or_default())
        .collect()
}

/// The two bulk rows of one element type: native values to big-endian bytes in a reused
/// `Vec<u8>`, and big-endian bytes to native values in a reused slice.
macro_rules! bulk_rows {
    ($t:ty, $Zc:ident, $to:ident, $from:ident, $write:ident, $read:ident) => {
        fn $to(bytes: usize) -> Workload {
            use endian_wire::zerocopy::byteorder::{BE, $Zc};
            let src = values::<$t>(bytes);
            let mut expected = Vec::new();
            bulk::extend_bytes::<BigEndian<$t>>(&mut expected, &src);
            let mut check = vec![0u8; bytes];
            <byteorder::BigEndian as byteorder::ByteOrder>::$write(&src, &mut check);
            assert_eq!(check, expected);

            let (s1, s2, s3, s4) = (src.clone(), src.clone(), src.clone(), src);
            let mut out1 = Vec::with_capacity(bytes);
            let mut out2 = Vec::with_capacity(bytes);
            let mut out3 = vec![0u8; bytes];
            let mut out4 = Vec::with_capacity(bytes);
            Workload::new(
                format!("`{}` → big-endian bytes, {}", stringify!($t), label(bytes)),
                bytes,
            )
            .case("endian_wire", move || {
                out1.clear();
                bulk::extend_bytes::<BigEndian<$t>>(&mut out1, black_box(&s1).as_slice());
                black_box(out1.as_ptr());
            })
            .case("memcpy", move || {
                out2.clear();
                out2.extend_from_slice(black_box(&s2).as_bytes());
                black_box(out2.as_ptr());
            })
            .case("byteorder", move || {
                <byteorder::BigEndian as byteorder::ByteOrder>::$write(
                    black_box(&s3).as_slice(),
                    &mut out3,
                );
                black_box(out3.as_ptr());
            })
            .case("zerocopy", move || {
                out4.clear();
                let wire: Vec<$Zc<BE>> = black_box(&s4).iter().map(|&v| v.into()).collect();
                out4.extend_from_slice(wire.as_bytes());
                black_box(out4.as_ptr());
            })
        }

        fn $from(bytes: usize) -> Workload {
            use endian_wire::zerocopy::byteorder::{BE, $Zc};
            let native = values::<$t>(bytes);
            let mut wire = Vec::new();
            bulk::extend_bytes::<BigEndian<$t>>(&mut wire, &native);
            let mut check = vec![0 as $t; native.len()];
            bulk::from_bytes::<BigEndian<$t>>(&wire, &mut check);
            assert_eq!(check, native);

            let n = native.len();
            let (w1, w2, w3, w4) = (wire.clone(), wire.clone(), wire.clone(), wire);
            let (mut d1, mut d2, mut d3, mut d4) = (
                vec![0 as $t; n],
                vec![0 as $t; n],
                vec![0 as $t; n],
                vec![0 as $t; n],
            );
            Workload::new(
                format!("big-endian bytes → `{}`, {}", stringify!($t), label(bytes)),
                bytes,
            )
            .case("endian_wire", move || {
                bulk::from_bytes::<BigEndian<$t>>(black_box(&w1).as_slice(), &mut d1);
                black_box(d1.as_ptr());
            })
            .case("memcpy", move || {
                d2.as_mut_bytes().copy_from_slice(black_box(&w2).as_slice());
                black_box(d2.as_ptr());
            })
            .case("byteorder", move || {
                <byteorder::BigEndian as byteorder::ByteOrder>::$read(
                    black_box(&w3).as_slice(),
                    &mut d3,
                );
                black_box(d3.as_ptr());
            })
            .case("zerocopy", move || {
                let view = <[$Zc<BE>]>::ref_from_bytes(black_box(&w4).as_slice()).unwrap();
                for (d, v) in d4.iter_mut().zip(view) {
                    *d = v.get();
                }
                black_box(d4.as_ptr());
            })
        }
    };
}
bulk_rows!(
    u16,
    U16,
    bulk_to_be_u16,
    bulk_from_be_u16,
    write_u16_into,
    read_u16_into
);
bulk_rows!(
    u32,
    U32,
    bulk_to_be,
    bulk_from_be,
    write_u32_into,
    read_u32_into
);
bulk_rows!(
    u64,
    U64,
    bulk_to_be_u64,
    bulk_from_be_u64,
    write_u64_into,
    read_u64_into
);
bulk_rows!(
    u128,
    U128,
    bulk_to_be_u128,
    bulk_from_be_u128,
    write_u128_into,
    read_u128_into
);

mod ours {
    /// A 64-byte big-endian record, through `endian_wire`'s derive.
    #[derive(endian_wire::Endianize, Clone)]
    #[endian(be)]
    pub struct Block {
        pub words: [u32; 16],
    }

    /// A header with mixed fields, for the conversion rows.
    #[derive(endian_wire::Endianize, Clone, PartialEq, Debug)]
    #[endian(be)]
    pub struct Header {
        pub a: u32,
        pub b: u16,
        pub words: [u16; 8],
        pub bytes: [u8; 8],
    }
}

mod theirs {
    /// The same records through simple_endian 0.4's derive.
    #[derive(simple_endian::Endianize, Clone)]
    #[endian(be)]
    pub struct Block {
        pub words: [u32; 16],
    }

    #[derive(simple_endian::Endianize, Clone, PartialEq, Debug)]
    #[endian(be)]
    #[wire_derive(Clone, Copy)]
    pub struct Header {
        pub a: u32,
        pub b: u16,
        pub words: [u16; 8],
        pub bytes: [u8; 8],
    }
}

fn block_words() -> [u32; 16] {
    core::array::from_fn(|i| (i as u32 + 1).wrapping_mul(0x0102_0304))
}

fn struct_write() -> Workload {
    let ours: ours::BlockWire = ours::Block {
        words: block_words(),
    }
    .into();
    let theirs: theirs::BlockWire = theirs::Block {
        words: block_words(),
    }
    .into();
    let bytes = ours.as_bytes().to_vec();
    let mut check = Vec::new();
    simple_endian::write_specific(&mut check, &theirs).unwrap();
    assert_eq!(check, bytes, "simple_endian writes the same bytes");

    let (mut o1, mut o2, mut o3) = (
        Vec::with_capacity(64),
        Vec::with_capacity(64),
        Vec::with_capacity(64),
    );
    Workload::new("`write_specific`, 64-byte struct", 64)
        .case("endian_wire", move || {
            o1.clear();
            write_specific(&mut o1, black_box(&ours)).unwrap();
            black_box(o1.as_ptr());
        })
        .case("memcpy", move || {
            o2.clear();
            o2.extend_from_slice(black_box(&bytes));
            black_box(o2.as_ptr());
        })
        .case("simple_endian", move || {
            o3.clear();
            simple_endian::write_specific(&mut o3, black_box(&theirs)).unwrap();
            black_box(o3.as_ptr());
        })
}

fn struct_read() -> Workload {
    let wire: ours::BlockWire = ours::Block {
        words: block_words(),
    }
    .into();
    let bytes = wire.as_bytes().to_vec();
    let back: ours::BlockWire = read_specific(&mut &bytes[..]).unwrap();
    assert_eq!(back.as_bytes(), &bytes[..]);
    let theirs: theirs::BlockWire = simple_endian::read_specific(&mut &bytes[..]).unwrap();
    assert_eq!(theirs::Block::from(theirs).words, block_words());

    let b1 = bytes.clone();
    let w = Workload::new("`read_specific`, 64-byte struct", 64).case("endian_wire", move || {
        let v: ours::BlockWire = read_specific(&mut black_box(&b1[..])).unwrap();
        black_box(v);
    });
    struct_read_peers(w, bytes)
}

/// The peers of both struct reads: a plain 64-byte copy and simple_endian's `read_specific`.
fn struct_read_peers(w: Workload, bytes: Vec<u8>) -> Workload {
    let (b2, b3) = (bytes.clone(), bytes);
    w.case("memcpy", move || {
        let mut v = [0u8; 64];
        v.copy_from_slice(black_box(&b2));
        black_box(v);
    })
    .case("simple_endian", move || {
        let v: theirs::BlockWire = simple_endian::read_specific(&mut black_box(&b3[..])).unwrap();
        black_box(v);
    })
}

/// `read_specific_into`: the same read into an existing value, so nothing moves out of an
/// `io::Result` (simple_endian has no such call: its `read_specific` is the comparison).
fn struct_read_into() -> Workload {
    let wire: ours::BlockWire = ours::Block {
        words: block_words(),
    }
    .into();
    let bytes = wire.as_bytes().to_vec();
    let mut dest = ours::BlockWire::new_zeroed();
    read_specific_into(&mut &bytes[..], &mut dest).unwrap();
    assert_eq!(dest.as_bytes(), &bytes[..]);

    let b1 = bytes.clone();
    let w =
        Workload::new("`read_specific_into`, 64-byte struct", 64).case("endian_wire", move || {
            read_specific_into(&mut black_box(&b1[..]), &mut dest).unwrap();
            black_box(&mut dest);
        });
    struct_read_peers(w, bytes)
}

fn headers() -> (ours::Header, theirs::Header) {
    let ours = ours::Header {
        a: 0x0102_0304,
        b: 0x0506,
        words: [0x1122; 8],
        bytes: [0xA5; 8],
    };
    let theirs = theirs::Header {
        a: ours.a,
        b: ours.b,
        words: ours.words,
        bytes: ours.bytes,
    };
    (ours, theirs)
}

fn derive_to_wire() -> Workload {
    let (ours, theirs) = headers();
    let size = size_of::<ours::HeaderWire>();
    Workload::new("derived struct → wire struct (`From`)", size)
        .case("endian_wire", move || {
            black_box(ours::HeaderWire::from(black_box(ours.clone())));
        })
        .case("simple_endian", move || {
            black_box(theirs::HeaderWire::from(black_box(theirs.clone())));
        })
}

fn derive_from_wire() -> Workload {
    let (ours, theirs) = headers();
    let size = size_of::<ours::HeaderWire>();
    let ours_wire = ours::HeaderWire::from(ours.clone());
    let theirs_wire = theirs::HeaderWire::from(theirs.clone());
    assert_eq!(ours::Header::from(ours_wire), ours);
    assert_eq!(theirs::Header::from(theirs_wire), theirs);
    Workload::new("wire struct → derived struct (`From`)", size)
        .case("endian_wire", move || {
            black_box(ours::Header::from(black_box(ours_wire)));
        })
        .case("simple_endian", move || {
            black_box(theirs::Header::from(black_box(theirs_wire)));
        })
}

/// The two conversions again, reading their input from memory it has been in for a while (a
/// buffer, a field) instead of from a value `black_box` has just stored. The rows above, like
/// simple_endian's own benchmark, pass the input by value: a 16-byte load of `words` (offset 6)
/// then spans two of `black_box`'s 16-byte stores, and the failed store-to-load forwarding
/// costs more than the conversion, in both crates (measured: reading `words` alone from such a
/// value takes 6.0 ns, from memory 1.1 ns).
fn derive_from_memory() -> [Workload; 2] {
    let (ours, theirs) = headers();
    let size = size_of::<ours::HeaderWire>();
    let (o2, t2) = (ours.clone(), theirs.clone());
    let ours_wire = ours::HeaderWire::from(ours.clone());
    let theirs_wire = theirs::HeaderWire::from(theirs.clone());
    [
        Workload::new("derived struct → wire struct (`From`), from memory", size)
            .case("endian_wire", move || {
                black_box(ours::HeaderWire::from(black_box(&o2).clone()));
            })
            .case("simple_endian", move || {
                black_box(theirs::HeaderWire::from(black_box(&t2).clone()));
            }),
        Workload::new("wire struct → derived struct (`From`), from memory", size)
            .case("endian_wire", move || {
                black_box(ours::Header::from(*black_box(&ours_wire)));
            })
            .case("simple_endian", move || {
                black_box(theirs::Header::from(*black_box(&theirs_wire)));
            }),
    ]
}

/// One input for every decoder of a row. A decode that copies is sensitive to where its input
/// sits relative to the allocation it copies into (measured: a 4 KiB `Vec<u32>` took 1.17 us
/// instead of 62-72 ns at one input placement, in every crate alike), so with a copy each the
/// row compared placements; sharing one compares the decoders. Leaked: the report ends soon.
fn shared_input(bytes: Vec<u8>) -> &'static [u8] {
    bytes.leak()
}

/// Encode and decode rows of one framed value: `endian_wire`, bincode 1 (serde), bincode 2
/// and wincode, each under its own spelling of the same configuration.
macro_rules! frame_rows {
    ($what:expr, $T:ty, $value:expr, $ours:expr, $b1:expr, $b2:expr, $wc:expr) => {{
        let value: $T = $value;
        let (ours, b1, b2, wc) = ($ours, $b1, $b2, $wc);
        let bytes = frame::encode_to_vec(&value, ours).unwrap();
        assert_eq!(b1.serialize(&value).unwrap(), bytes, "bincode 1 bytes");
        assert_eq!(
            bincode::encode_to_vec(&value, b2).unwrap(),
            bytes,
            "bincode 2 bytes"
        );
        assert_eq!(
            wincode::config::serialize(&value, wc).unwrap(),
            bytes,
            "wincode bytes"
        );
        assert_eq!(
            frame::decode_from_slice::<$T>(&bytes, ours).unwrap().0,
            value
        );
        assert_eq!(b1.deserialize::<$T>(&bytes).unwrap(), value);
        assert_eq!(
            bincode::decode_from_slice::<$T, _>(&bytes, b2).unwrap().0,
            value
        );
        assert_eq!(
            wincode::config::deserialize::<$T, _>(&bytes, wc).unwrap(),
            value
        );

        let size = bytes.len();
        let (v1, v2, v3, v4) = (value.clone(), value.clone(), value.clone(), value);
        let encode = Workload::new(format!("framed {}: encode to a new `Vec`", $what), size)
            .case("endian_wire", move || {
                black_box(frame::encode_to_vec(black_box(&v1), ours).unwrap());
            })
            .case("bincode 1", move || {
                black_box(b1.serialize(black_box(&v2)).unwrap());
            })
            .case("bincode 2", move || {
                black_box(bincode::encode_to_vec(black_box(&v3), b2).unwrap());
            })
            .case("wincode", move || {
                black_box(wincode::config::serialize(black_box(&v4), wc).unwrap());
            });
        let input = shared_input(bytes);
        let decode = Workload::new(format!("framed {}: decode", $what), size)
            .case("endian_wire", move || {
                black_box(frame::decode_from_slice::<$T>(black_box(input), ours).unwrap());
            })
            .case("bincode 1", move || {
                black_box(b1.deserialize::<$T>(black_box(input)).unwrap());
            })
            .case("bincode 2", move || {
                black_box(bincode::decode_from_slice::<$T, _>(black_box(input), b2).unwrap());
            })
            .case("wincode", move || {
                black_box(wincode::config::deserialize::<$T, _>(black_box(input), wc).unwrap());
            });
        [encode, decode]
    }};
}

fn frame_workloads() -> Vec<Workload> {
    use bincode1::DefaultOptions;
    use wincode::config::Configuration as Wincode;
    let b1_le = || {
        DefaultOptions::new()
            .with_fixint_encoding()
            .with_little_endian()
    };
    let b1_be = || {
        DefaultOptions::new()
            .with_fixint_encoding()
            .with_big_endian()
    };

    let payload: Vec<u8> = (0..1024).map(|i| i as u8).collect();
    let mut rows = Vec::new();
    rows.extend(frame_rows!(
        "`Vec<u8>` of 1 KiB",
        Vec<u8>,
        payload,
        Config::legacy(),
        b1_le(),
        bincode::config::legacy(),
        Wincode::default()
    ));
    rows.extend(frame_rows!(
        "`Vec<u32>` of 1024, little-endian",
        Vec<u32>,
        words(1024),
        Config::legacy(),
        b1_le(),
        bincode::config::legacy(),
        Wincode::default()
    ));
    rows.extend(frame_rows!(
        "`Vec<u32>` of 1024, big-endian",
        Vec<u32>,
        words(1024),
        Config::legacy().with_big_endian(),
        b1_be(),
        bincode::config::legacy().with_big_endian(),
        Wincode::default().with_big_endian()
    ));
    // Varints of three and five bytes (0xfb / 0xfc and their payload), one of one byte: the
    // runs that the sixteen-at-a-time one-byte check does not take.
    let multi_byte: Vec<u64> = (0..1024u64).map(|i| i * i * 977).collect();
    rows.extend(frame_rows!(
        "`Vec<u64>` of 1024 multi-byte varints, `standard()`",
        Vec<u64>,
        multi_byte,
        frame::config::standard(),
        DefaultOptions::new()
            .with_varint_encoding()
            .with_little_endian(),
        bincode::config::standard(),
        Wincode::default().with_varint_encoding()
    ));
    rows
}

/// Encode and decode rows of one message of derived types: `endian_wire` against wincode
/// (its derive), and bincode 1 (serde's derive) where serde can carry the type.
macro_rules! message_rows {
    ($what:expr, $T:ty, $value:expr, $ours:expr, $wc:expr $(, $b1:expr)?) => {{
        let value: $T = $value;
        let (ours, wc) = ($ours, $wc);
        let bytes = frame::encode_to_vec(&value, ours).unwrap();
        assert_eq!(wincode::config::serialize(&value, wc).unwrap(), bytes, "wincode bytes");
        assert!(frame::decode_from_slice::<$T>(&bytes, ours).unwrap().0 == value);
        assert!(wincode::config::deserialize::<$T, _>(&bytes, wc).unwrap() == value);
        $(assert_eq!($b1.serialize(&value).unwrap(), bytes, "bincode 1 bytes");)?

        let size = bytes.len();
        let (v1, v2) = (value.clone(), value.clone());
        #[allow(unused_mut)]
        let mut encode = Workload::new(format!("{}: encode to a new `Vec`", $what), size)
            .case("endian_wire", move || {
                black_box(frame::encode_to_vec(black_box(&v1), ours).unwrap());
            })
            .case("wincode", move || {
                black_box(wincode::config::serialize(black_box(&v2), wc).unwrap());
            });
        $(
            let v3 = value.clone();
            encode = encode.case("bincode 1", move || {
                black_box($b1.serialize(black_box(&v3)).unwrap());
            });
        )?
        let input = shared_input(bytes);
        #[allow(unused_mut)]
        let mut decode = Workload::new(format!("{}: decode", $what), size)
            .case("endian_wire", move || {
                black_box(frame::decode_from_slice::<$T>(black_box(input), ours).unwrap());
            })
            .case("wincode", move || {
                black_box(wincode::config::deserialize::<$T, _>(black_box(input), wc).unwrap());
            });
        $(
            decode = decode.case("bincode 1", move || {
                black_box($b1.deserialize::<$T>(black_box(input)).unwrap());
            });
        )?
        [encode, decode]
    }};
}

/// Struct-shaped messages (`benches/messages.rs`): the same derived types on every side.
fn message_workloads() -> Vec<Workload> {
    use bincode1::DefaultOptions;
    use market::{be, le};
    use wincode::config::Configuration as Wincode;
    let b1_le = DefaultOptions::new()
        .with_fixint_encoding()
        .with_little_endian();
    let b1_be = DefaultOptions::new()
        .with_fixint_encoding()
        .with_big_endian();
    let mut rows = Vec::new();
    rows.extend(message_rows!(
        "one 33-byte trade, little-endian",
        le::Trade,
        le::trade(7),
        Config::legacy(),
        Wincode::default(),
        b1_le
    ));
    rows.extend(message_rows!(
        "1000 trades, little-endian",
        le::Batch,
        le::batch(1000),
        Config::legacy(),
        Wincode::default(),
        b1_le
    ));
    rows.extend(message_rows!(
        "1000 trades, big-endian",
        be::Batch,
        be::batch(1000),
        Config::legacy().with_big_endian(),
        Wincode::default().with_big_endian(),
        b1_be
    ));
    rows.extend(message_rows!(
        "Solana-like block (100 entries × 4 transactions)",
        solana::block::Block,
        solana::block::block(100),
        Config::legacy(),
        Wincode::default()
    ));
    rows.push(borrowed_block_row());
    rows
}

/// The Solana-like block decoded borrowing (signatures, keys and instruction data lent from
/// the input, only the lists of entries, transactions and instructions allocated), against
/// wincode's zero-copy decode of the same borrowing types.
fn borrowed_block_row() -> Workload {
    use solana::block::{self, BlockRef};
    use wincode::config::Configuration as Wincode;
    let wc = Wincode::default();
    let bytes = frame::encode_to_vec(&block::block(100), Config::legacy()).unwrap();
    let ours: BlockRef<'_> = frame::borrow_decode_from_slice(&bytes, Config::legacy())
        .unwrap()
        .0;
    let theirs: BlockRef<'_> = wincode::config::deserialize(&bytes, wc).unwrap();
    assert!(ours == theirs, "the borrowed decodes differ");
    let size = bytes.len();
    let input = shared_input(bytes);
    Workload::new(
        "Solana-like block (100 entries × 4 transactions): borrowed decode",
        size,
    )
    .case("endian_wire", move || {
        black_box(
            frame::borrow_decode_from_slice::<BlockRef<'_>>(black_box(input), Config::legacy())
                .unwrap(),
        );
    })
    .case("wincode", move || {
        black_box(wincode::config::deserialize::<BlockRef<'_>, _>(black_box(input), wc).unwrap());
    })
}

/// Real message shapes (`benches/shapes.rs`), each a megabyte or more, under bincode 2's
/// `legacy()` (fixed-int) and `standard()` (varint, bincode 2's default), against every peer in
/// its matching configuration.
fn shape_workloads() -> Vec<Workload> {
    use bincode1::DefaultOptions;
    use wincode::config::Configuration as Wincode;
    // wincode refuses to preallocate more than 4 MiB by default; the mesh needs 6.
    const PREALLOC: usize = 64 << 20;
    // Ours under the typed configurations, as bincode 2's and wincode's are types; a run-time
    // `Config` of the same settings is criterion's `endian_wire_config` row (`benches/frame.rs`).
    let mut rows = Vec::new();
    macro_rules! both {
        ($what:expr, $T:ty, $value:expr) => {{
            let value: $T = $value;
            rows.extend(frame_rows!(
                format!("{}, `legacy()`", $what),
                $T,
                value.clone(),
                frame::config::legacy(),
                DefaultOptions::new().with_fixint_encoding(),
                bincode::config::legacy(),
                Wincode::default().with_preallocation_size_limit::<PREALLOC>()
            ));
            rows.extend(frame_rows!(
                format!("{}, `standard()`", $what),
                $T,
                value,
                frame::config::standard(),
                DefaultOptions::new().with_varint_encoding(),
                bincode::config::standard(),
                Wincode::default()
                    .with_varint_encoding()
                    .with_preallocation_size_limit::<PREALLOC>()
            ));
        }};
    }
    both!(
        "log lines (12,500)",
        shapes::log::Log,
        shapes::log::generate(12_500)
    );
    both!(
        "float mesh (125,000 triangles)",
        shapes::mesh::Mesh,
        shapes::mesh::generate(125_000)
    );
    both!(
        "save data (1,000 players)",
        shapes::save::Save,
        shapes::save::generate(1000)
    );
    both!(
        "network updates (400)",
        shapes::net::Updates,
        shapes::net::generate(400)
    );
    rows
}

/// A titled group of workloads, built when its turn comes so progress shows while they run.
type Section = (&'static str, fn() -> Vec<Workload>);

/// Every workload, in report order.
fn workloads() -> Vec<Section> {
    vec![
        ("bulk: native `u32` ↔ big-endian bytes", || {
            [64, 256, 1024, 4 * 1024, 16 * 1024, 64 * 1024]
                .into_iter()
                .flat_map(|b| [bulk_to_be(b), bulk_from_be(b)])
                .collect()
        }),
        ("bulk: the other widths", || {
            [64, 1024, 16 * 1024]
                .into_iter()
                .flat_map(|b| {
                    [
                        bulk_to_be_u16(b),
                        bulk_from_be_u16(b),
                        bulk_to_be_u64(b),
                        bulk_from_be_u64(b),
                        bulk_to_be_u128(b),
                        bulk_from_be_u128(b),
                    ]
                })
                .collect()
        }),
        ("fixed-size structs", || {
            vec![
                struct_write(),
                struct_read(),
                struct_read_into(),
                derive_to_wire(),
                derive_from_wire(),
            ]
            .into_iter()
            .chain(derive_from_memory())
            .collect()
        }),
        ("bincode framing", frame_workloads),
        ("framed messages of derived types", message_workloads),
        ("blocks on every core", block_rows::workloads),
        (
            "real message shapes, bincode 2's `legacy()` and `standard()`",
            shape_workloads,
        ),
        (
            "messages through a length-delimited codec",
            frame_codec_rows::workloads,
        ),
        ("NBT", nbt_rows::workloads),
        ("pcapng, declared once", pcapng_rows::workloads),
        ("DNS, declared once", dns_rows::workloads),
        ("ELF, declared once", elf_rows::workloads),
        ("PNG, declared once", png_rows::workloads),
    ]
}

// ---------------------------------------------------------------------------------------------
// The report.

fn fmt_time(ns: f64) -> String {
    if ns < 100.0 {
        format!("{ns:.1} ns")
    } else if ns < 100_000.0 {
        format!("{ns:.0} ns")
    } else {
        format!("{:.1} µs", ns / 1000.0)
    }
}

fn fmt_ratio(theirs: f64, ours: f64) -> String {
    format!("{:.2}x", theirs / ours)
}

/// Facts about the machine and the build, for the report's header.
struct Setting {
    date: String,
    cpu: String,
    threads: usize,
    rustc: String,
    commit: String,
    /// The instruction set the default run uses, and what runs on it.
    isa: &'static str,
    simd: String,
    /// The command that produced the figures.
    command: String,
}

fn command_output(program: &str, args: &[&str]) -> Option<String> {
    let out = std::process::Command::new(program)
        .args(args)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
        .filter(|s| !s.is_empty())
}

fn cpu_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, name)| name.trim().to_owned())
        })
        .or_else(|| command_output("sysctl", &["-n", "machdep.cpu.brand_string"]))
        .unwrap_or_else(|| format!("unknown {} CPU", std::env::consts::ARCH))
}

/// Today's date (UTC) from the system clock, as `YYYY-MM-DD`.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    // Civil date from days since 1970-01-01, in 400-year eras of 146 097 days.
    let days = (secs / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

fn setting() -> Setting {
    Setting {
        date: today(),
        cpu: cpu_name(),
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        rustc: command_output("rustc", &["--version"]).unwrap_or_else(|| "rustc (unknown)".into()),
        commit: command_output("git", &["describe", "--always", "--dirty"])
            .unwrap_or_else(|| "unknown".into()),
        isa: Isa::active().name(),
        simd: isa_rows::simd_path(),
        command: command_line(),
    }
}

/// This run's command line, as a reader would type it.
fn command_line() -> String {
    let mut command = "cargo run --release -p endian_wire_compare --example perf_report".to_owned();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.is_empty() {
        command += " --";
    }
    for arg in args {
        let plain = arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.,/=".contains(c));
        command += &if plain {
            format!(" {arg}")
        } else {
            format!(" '{}'", arg.replace('\'', r"'\''"))
        };
    }
    command
}

/// The wide table: one row per workload, one column per implementation.
fn summary_table(sections: &[(&str, Vec<Measured>)]) -> String {
    let used: Vec<&str> = IMPLS
        .into_iter()
        .filter(|imp| {
            sections
                .iter()
                .flat_map(|(_, rows)| rows)
                .any(|m| m.stats.iter().any(|s| s.imp == *imp))
        })
        .collect();
    let mut t = String::new();
    t += &format!("| workload | {} |\n", used.join(" | "));
    t += &format!("|---|{}\n", "---:|".repeat(used.len()));
    for (title, rows) in sections {
        t += &format!("| **{title}** |{}\n", " |".repeat(used.len()));
        for m in rows {
            let cells: Vec<String> = used
                .iter()
                .map(|imp| match m.stats.iter().find(|s| s.imp == *imp) {
                    None => "–".into(),
                    Some(s) if s.imp == "endian_wire" => format!("**{}**", fmt_time(s.median)),
                    Some(s) => {
                        format!("{} ({})", fmt_time(s.median), fmt_ratio(s.median, m.ours()))
                    }
                })
                .collect();
            t += &format!("| {} | {} |\n", m.name, cells.join(" | "));
        }
    }
    t
}

/// The long table: one row per implementation, with spread and throughput.
fn detail_table(sections: &[(&str, Vec<Measured>)]) -> String {
    let mut t = String::from(
        "| workload | implementation | median | spread | throughput | time ÷ endian_wire's |\n\
         |---|---|---:|---:|---:|---:|\n",
    );
    for m in sections.iter().flat_map(|(_, rows)| rows) {
        for (i, s) in m.stats.iter().enumerate() {
            let name = if i == 0 { m.name.as_str() } else { "" };
            let gbps = m.bytes as f64 / s.median;
            t += &format!(
                "| {name} | {} | {} | ±{:.1}% | {gbps:.2} GB/s | {} |\n",
                s.imp,
                fmt_time(s.median),
                s.spread * 100.0,
                fmt_ratio(s.median, m.ours()),
            );
        }
    }
    t
}

/// The tables' header: date, command, commit, machine, compiler, SIMD path `simd`, method.
fn header(setting: &Setting, simd: &str, plan: Plan) -> String {
    format!(
        "Measured {} by `{}` at commit `{}`: {} ({} threads), {}, SIMD path {simd}. {} samples \
         of ~{} ms per implementation, taken round-robin; median shown, ratio in parentheses = \
         that implementation's time ÷ endian_wire's (above 1.00x: endian_wire is faster).\n",
        setting.date,
        setting.command,
        setting.commit,
        setting.cpu,
        setting.threads,
        setting.rustc,
        plan.samples,
        plan.batch.as_millis().max(1),
    )
}

/// `text` with what lies between the lines `<!-- {marker}:begin -->` and `<!-- {marker}:end -->`
/// replaced by `content`.
fn replace_block(text: &str, marker: &str, content: &str) -> Result<String, String> {
    let begin = format!("<!-- {marker}:begin -->\n");
    let end = format!("<!-- {marker}:end -->");
    let (Some(b), Some(e)) = (text.find(&begin), text.find(&end)) else {
        return Err(format!(
            "markers `{}` / `{end}` not found",
            begin.trim_end()
        ));
    };
    if e < b + begin.len() {
        return Err(format!("`{end}` comes before `{}`", begin.trim_end()));
    }
    Ok(format!("{}{begin}{content}{}", &text[..b], &text[e..]))
}

/// A section's title and its measured rows.
type Sections = Vec<(&'static str, Vec<Measured>)>;

/// Measures `w`, with a line of progress on stderr.
fn measure_logged(w: Workload, plan: Plan, started: Instant) -> Measured {
    eprint!(
        "  [{:>5.1} s] {} ...",
        started.elapsed().as_secs_f64(),
        w.name
    );
    let _ = std::io::stderr().flush();
    let m = measure(w, plan);
    eprintln!(" {}", fmt_time(m.ours()));
    m
}

/// Every section on the default dispatch (or the `--isa` set), the rows `only` names if given.
fn run_default(setting: &Setting, plan: Plan, only: Option<&str>) -> Sections {
    eprintln!(
        "perf_report: {} on {}, SIMD path {}",
        setting.rustc, setting.cpu, setting.simd
    );
    let started = Instant::now();
    let mut sections = Vec::new();
    for (title, build) in workloads() {
        let rows: Vec<Measured> = build()
            .into_iter()
            .filter(|w| only.is_none_or(|text| w.name.contains(text)))
            .map(|w| measure_logged(w, plan, started))
            .collect();
        if !rows.is_empty() {
            sections.push((title, rows));
        }
    }
    eprintln!(
        "perf_report: done in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    sections
}

/// What `--write` writes: the full table, the per-set table if measured, the headline and
/// the chart. Every file's new text is made before the first is written, so a missing marker
/// leaves them all as they were.
fn write_files(
    setting: &Setting,
    plan: Plan,
    full_table: String,
    tier_table: Option<String>,
    headline: &[headline::Picked],
    legend: &[(String, &str)],
) -> Result<(), String> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    // The files get the summaries; every sample set's spread and throughput stay on stdout
    // (PERFORMANCE.md is read in ten minutes, not scrolled).
    let mut performance = vec![("perf_report", full_table)];
    performance.extend(tier_table.map(|table| ("perf_report_tiers", table)));
    let readme = vec![("headline", headline::markdown(headline, setting))];
    let mut files = Vec::new();
    for (file, blocks) in [("PERFORMANCE.md", performance), ("README.md", readme)] {
        let path = format!("{root}/{file}");
        let mut text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
        for (marker, content) in blocks {
            text = replace_block(&text, marker, &content).map_err(|e| format!("{path}: {e}"))?;
        }
        files.push((path, text));
    }
    files.push((
        format!("{root}/docs/perf.svg"),
        chart::svg(&headline::chart(headline, legend, setting, plan)),
    ));
    std::fs::create_dir_all(format!("{root}/docs")).map_err(|e| format!("{root}/docs: {e}"))?;
    for (path, text) in files {
        std::fs::write(&path, text).map_err(|e| format!("{path}: {e}"))?;
        eprintln!("perf_report: wrote {path}");
    }
    Ok(())
}

fn main() {
    // `--quick` or `--smoke`; a full run otherwise.
    let mut short: Option<Plan> = None;
    let mut write = false;
    let mut only: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--quick" => short = Some(QUICK),
            "--smoke" => short = Some(SMOKE),
            "--write" => write = true,
            "--isa" | "--all-isas" => isa_rows::take_arg(&arg, &mut args),
            "--only" => match args.next() {
                Some(text) => only = Some(text),
                None => {
                    eprintln!("perf_report: --only needs the text a row's name contains");
                    std::process::exit(2);
                }
            },
            "-h" | "--help" => {
                println!(
                    "usage: perf_report [--quick | --smoke] [--write] [--only TEXT] \
                     [--isa NAME | --all-isas]"
                );
                println!("  --quick      a few seconds (noisy figures)");
                println!("  --smoke      every row once, one operation each: that it runs (CI)");
                println!(
                    "  --write      refresh the tables in PERFORMANCE.md, the headline in \
                     README.md and docs/perf.svg\n               (with --all-isas also the \
                     per-set table, and the chart's bars per set)"
                );
                println!("  --only TEXT  measure only the rows whose name contains TEXT");
                println!("{}", isa_rows::HELP);
                return;
            }
            other => {
                eprintln!("perf_report: unknown argument `{other}` (try --help)");
                std::process::exit(2);
            }
        }
    }
    if write && (short.is_some() || only.is_some() || isa_rows::forced()) {
        eprintln!(
            "perf_report: --write records every row in full, on the default dispatch (and with \
             --all-isas on every set); run it without --quick, --smoke, --only or --isa"
        );
        std::process::exit(2);
    }
    if cfg!(debug_assertions) {
        eprintln!("perf_report: this is a debug build; the figures mean little without --release");
    }
    let plan = short.unwrap_or(FULL);
    let only = only.as_deref();
    let setting = setting();

    // `--all-isas` alone measures the per-set rows only; with `--write` every row too.
    let default = (write || !isa_rows::all_isas()).then(|| run_default(&setting, plan, only));
    let tiers = isa_rows::all_isas().then(|| isa_rows::measure(&setting, plan, only));

    let full_table = default.as_ref().map(|sections| {
        format!(
            "{}\n{}",
            header(&setting, &setting.simd, plan),
            summary_table(sections)
        )
    });
    if let (Some(sections), Some(table)) = (&default, &full_table) {
        println!(
            "# endian_wire perf report\n\n{table}\n## Every sample set\n\n{}",
            detail_table(sections)
        );
    }
    let tier_table = tiers.as_ref().map(|t| (t.markdown(&setting, plan), t));
    if let Some((table, t)) = &tier_table {
        println!(
            "# endian_wire perf report, every instruction set\n\n{table}\n## Every sample set\n\n{}",
            detail_table(&t.sections)
        );
    }

    // The headline and the chart: from the per-set run when there is one, so each row's sets
    // and peers share its rounds.
    let (source, legend): (&Sections, Vec<(String, &str)>) = match (&tiers, &default) {
        (Some(t), _) => (&t.sections, t.legend()),
        (None, Some(sections)) => (
            sections,
            vec![(format!("{} (default dispatch)", setting.isa), "endian_wire")],
        ),
        (None, None) => unreachable!("one of the runs always happens"),
    };
    // A run of every row must find each headline row (CI's quick runs check the names).
    let measured = source.iter().flat_map(|(_, rows)| rows);
    let picked = match headline::rows(measured, only.is_none()) {
        Ok(rows) => rows,
        Err(e) => {
            eprintln!("perf_report: {e}");
            std::process::exit(1);
        }
    };
    if !picked.is_empty() {
        println!("## Headline\n\n{}", headline::markdown(&picked, &setting));
    }

    if write {
        let full_table = full_table.expect("--write measures every row");
        let tier_table = tier_table.map(|(table, _)| table);
        if let Err(e) = write_files(&setting, plan, full_table, tier_table, &picked, &legend) {
            eprintln!("perf_report: {e}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::replace_block;

    #[test]
    fn a_block_is_replaced_between_its_markers_only() {
        let text = "intro\n<!-- a:begin -->\nold\n<!-- a:end -->\nmiddle\n<!-- b:begin -->\nkept\n<!-- b:end -->\n";
        assert_eq!(
            replace_block(text, "a", "new\nlines\n").unwrap(),
            "intro\n<!-- a:begin -->\nnew\nlines\n<!-- a:end -->\nmiddle\n<!-- b:begin -->\nkept\n<!-- b:end -->\n"
        );
        // Replacing with the same content gives the same text back.
        assert_eq!(replace_block(text, "b", "kept\n").unwrap(), text);
    }

    #[test]
    fn missing_or_misordered_markers_are_refused() {
        assert!(replace_block("no markers", "a", "x").is_err());
        assert!(replace_block("<!-- a:begin -->\n", "a", "x").is_err());
        assert!(replace_block("<!-- a:end --><!-- a:begin -->\n", "a", "x").is_err());
        // `a` is not a prefix match for `ab`.
        assert!(replace_block("<!-- ab:begin -->\n<!-- ab:end -->", "a", "x").is_err());
    }
}
