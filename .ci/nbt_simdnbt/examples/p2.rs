use endian_wire::nbt;
use endian_wire_testkit::nbt as nbt_files;
use std::hint::black_box;
use std::io::Cursor;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(3).map_or(1000, |s| s.parse().unwrap());
    let bytes = if args[2] == "chunk" { nbt_files::chunk().to_vec().unwrap() } else { nbt_files::uncompressed(&args[2]).expect("simdnbt's test files") };
    let mode = args[1].as_str();
    let ours = if mode == "write" { Some(nbt::from_slice::<nbt::Nbt>(&bytes).unwrap()) } else { None };
    let simd = if mode == "simd-write" { Some(simdnbt::owned::read(&mut Cursor::new(&bytes[..])).unwrap()) } else { None };
    let start = std::time::Instant::now();
    for _ in 0..n {
        match mode {
            "read" => drop(black_box(nbt::from_slice::<nbt::Nbt>(black_box(&bytes)).unwrap())),
            "view" => drop(black_box(nbt::view(black_box(&bytes)).unwrap())),
            "write" => drop(black_box(black_box(ours.as_ref().unwrap()).to_vec().unwrap())),
            "simd-read" => drop(black_box(simdnbt::owned::read(&mut Cursor::new(black_box(&bytes[..]))).unwrap())),
            "simd-borrow" => drop(black_box(simdnbt::borrow::read(&mut Cursor::new(black_box(&bytes[..]))).unwrap())),
            "simd-write" => { let mut out = Vec::new(); black_box(simd.as_ref().unwrap()).write(&mut out); drop(black_box(out)) }
            _ => panic!("unknown mode"),
        }
    }
    eprintln!("{} {}: {:.0} ns", mode, args[2], start.elapsed().as_nanos() as f64 / n as f64);
}
