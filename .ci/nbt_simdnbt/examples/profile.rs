//! A loop for profilers (`valgrind --tool=callgrind`):
//! `profile <mode> <file|chunk|long-strings|region> [iterations]`, where mode is `read`, `view`, `buf`,
//! `write`, `simd-read`, `simd-borrow`, `simd-write`, `na-read`, `na-borrow`, `na-write`, or a
//! typed one: `typed`, `typed-write`,
//! `fast-typed`, `simd-typed` (`complex_player.dat` into `Player`, `level.dat` into `Level`,
//! `region` (the 676 real chunks) into `Chunk`).
use wire_nbt as nbt;
use endian_wire_testkit::nbt as nbt_files;
use endian_wire_testkit::nbt_typed::{self as typed, Chunk, Level, Player};
use std::hint::black_box;
use std::io::Cursor;

fn typed_loop<T, F, S>(mode: &str, docs: &[Vec<u8>], n: usize)
where
    T: serde::de::DeserializeOwned + serde::Serialize,
    F: serde::de::DeserializeOwned,
    S: simdnbt::Deserialize,
{
    let ours: Vec<T> = docs.iter().map(|d| nbt::from_slice(d).unwrap()).collect();
    let start = std::time::Instant::now();
    for _ in 0..n {
        for (d, v) in docs.iter().zip(&ours) {
            match mode {
                "typed" => drop(black_box(nbt::from_slice::<T>(black_box(d)).unwrap())),
                "typed-write" => drop(black_box(nbt::to_vec(black_box(v)).unwrap())),
                "fast-typed" => drop(black_box(fastnbt::from_bytes::<F>(black_box(d)).unwrap())),
                "simd-typed" => {
                    let base = simdnbt::borrow::read(&mut Cursor::new(black_box(&d[..]))).unwrap().unwrap();
                    drop(black_box(S::from_nbt(&base).unwrap()))
                }
                _ => panic!("unknown mode"),
            }
        }
    }
    if n > 0 {
        eprintln!("{mode}: {:.0} ns", start.elapsed().as_nanos() as f64 / n as f64);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(3).map_or(1000, |s| s.parse().unwrap());
    if args[1].contains("typed") {
        match args[2].as_str() {
            "region" => typed_loop::<Chunk, Chunk<fastnbt::LongArray, fastnbt::ByteArray, fastnbt::Value>, nbt_simdnbt::Chunk>(
                &args[1],
                typed::region_chunks().unwrap(),
                n,
            ),
            "level.dat" => typed_loop::<Level, Level, nbt_simdnbt::Level>(&args[1], &[nbt_files::uncompressed("level.dat").unwrap()], n),
            _ => typed_loop::<Player, Player, nbt_simdnbt::Player>(&args[1], &[nbt_files::uncompressed("complex_player.dat").unwrap()], n),
        }
    } else {
        let bytes = if args[2] == "chunk" { nbt_files::chunk().to_vec().unwrap() } else if args[2] == "long-strings" { nbt_files::long_strings().to_vec().unwrap() } else { nbt_files::uncompressed(&args[2]).expect("simdnbt's test files") };
        // Only the tree the mode writes is kept alive: the allocator's state changes what a
        // read costs (simdnbt's owned read measured 60% slower with both trees held).
        let mode = args[1].as_str();
        let ours = (mode == "write").then(|| nbt::from_slice::<nbt::Nbt>(&bytes).unwrap());
        let simd = (mode == "simd-write").then(|| simdnbt::owned::read(&mut Cursor::new(&bytes[..])).unwrap());
        let na = (mode == "na-write").then(|| na_nbt::read_owned::<na_nbt::BE, na_nbt::BE>(&bytes).unwrap());
        let start = std::time::Instant::now();
        for _ in 0..n {
            match mode {
                "read" => drop(black_box(nbt::from_slice::<nbt::Nbt>(black_box(&bytes)).unwrap())),
                "view" => drop(black_box(nbt::view(black_box(&bytes)).unwrap())),
                "buf" => drop(black_box(nbt::NbtBuf::from_slice(black_box(&bytes)).unwrap())),
                "write" => drop(black_box(black_box(ours.as_ref().unwrap()).to_vec().unwrap())),
                "simd-read" => drop(black_box(simdnbt::owned::read(&mut Cursor::new(black_box(&bytes[..]))).unwrap())),
                "simd-borrow" => drop(black_box(simdnbt::borrow::read(&mut Cursor::new(black_box(&bytes[..]))).unwrap())),
                "na-read" => drop(black_box(na_nbt::read_owned::<na_nbt::BE, na_nbt::BE>(black_box(&bytes)).unwrap())),
                "na-borrow" => drop(black_box(na_nbt::read_borrowed::<na_nbt::BE>(black_box(&bytes)).unwrap())),
                "na-write" => drop(black_box(na_nbt::Writable::write_to_vec::<na_nbt::BE>(black_box(na.as_ref().unwrap())))),
                "simd-write" => { let mut out = Vec::new(); black_box(simd.as_ref().unwrap()).write(&mut out); drop(black_box(out)) }
                _ => panic!("unknown mode"),
            }
        }
        if n > 0 {
            eprintln!("{mode} {}: {:.0} ns", args[2], start.elapsed().as_nanos() as f64 / n as f64);
        }
    }
}
