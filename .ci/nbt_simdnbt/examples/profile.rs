//! A loop for profilers (`valgrind --tool=callgrind`): `profile <read|view|write|simd-read|simd-write> <file> [iterations]`.
use endian_wire_testkit::nbt as nbt_files;
use std::hint::black_box;
use std::io::Cursor;
use endian_wire::nbt;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bytes = if args[2] == "chunk" { nbt_files::chunk().to_vec().unwrap() } else { nbt_files::uncompressed(&args[2]).expect("simdnbt's test files") };
    let n: usize = args.get(3).map_or(1000, |s| s.parse().unwrap());
    let ours = nbt::from_slice::<nbt::Nbt>(&bytes).unwrap();
    let simd = simdnbt::owned::read(&mut Cursor::new(&bytes[..])).unwrap();
    let start = std::time::Instant::now();
    for _ in 0..n {
        match args[1].as_str() {
            "read" => drop(black_box(nbt::from_slice::<nbt::Nbt>(black_box(&bytes)).unwrap())),
            "view" => drop(black_box(nbt::view(black_box(&bytes)).unwrap())),
            "write" => drop(black_box(black_box(&ours).to_vec().unwrap())),
            "simd-read" => drop(black_box(simdnbt::owned::read(&mut Cursor::new(black_box(&bytes[..]))).unwrap())),
            "simd-borrow" => drop(black_box(simdnbt::borrow::read(&mut Cursor::new(black_box(&bytes[..]))).unwrap())),
            "simd-write" => { let mut out = Vec::new(); black_box(&simd).write(&mut out); drop(black_box(out)) }
            _ => panic!("unknown mode"),
        }
    }
    if n > 0 {
        eprintln!("{} {}: {:.0} ns", args[1], args[2], start.elapsed().as_nanos() as f64 / n as f64);
    }
}
