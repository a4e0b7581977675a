//! A Minecraft `level.dat` round trip: read the gzip file, print it as SNBT, change a value,
//! write it back compressed, read it again.
//!
//! ```sh
//! cargo run --example nbt --features flate2 -- path/to/level.dat
//! cargo run --example nbt --features flate2                  # a level.dat it makes
//! ```
//!
//! Any Java Edition world's `level.dat` will do; the one of simdnbt's package is in Cargo's
//! registry after this crate's tests have run (`~/.cargo/registry/src/*/simdnbt-0.10.0/tests/`).

use std::error::Error;
use std::path::PathBuf;

use wire_nbt::{self as nbt, Compound, List, Nbt};

fn main() -> Result<(), Box<dyn Error>> {
    let path = match std::env::args_os().nth(1) {
        Some(path) => PathBuf::from(path),
        None => default_level_dat()?,
    };
    let gz = std::fs::read(&path)?;
    println!(
        "{}: {} bytes, {:?}",
        path.display(),
        gz.len(),
        nbt::Compression::detect(&gz)
    );

    // Read: gzip detected and inflated, then the tree.
    let mut level = nbt::from_compressed_slice::<nbt::Nbt>(&gz)?;
    println!("{level:#}");

    // Change a value: the world's name, and the spawn point moved by 16 blocks.
    let data = level
        .compound_mut("Data")
        .ok_or("level.dat has no Data compound")?;
    let old_name = data.string("LevelName").unwrap_or("").to_owned();
    data.insert("LevelName", format!("{old_name} (edited)"));
    let spawn_x = data.int("SpawnX").unwrap_or(0);
    data.insert("SpawnX", spawn_x + 16);

    // Write it back gzip-compressed, next to the system's temporary files.
    let out = std::env::temp_dir().join(format!("endian_wire_level_{}.dat", std::process::id()));
    std::fs::write(
        &out,
        nbt::to_compressed_vec_named(&level.name, &level, nbt::Compression::Gzip)?,
    )?;

    // Read it again: the same tree, and the changed values are there.
    let again = nbt::from_compressed_slice::<nbt::Nbt>(&std::fs::read(&out)?)?;
    std::fs::remove_file(&out)?;
    assert_eq!(again, level);
    let data = again.compound("Data").ok_or("no Data")?;
    println!(
        "\nwritten and read back: LevelName {:?} (was {old_name:?}), SpawnX {} (was {spawn_x})",
        data.string("LevelName").unwrap_or(""),
        data.int("SpawnX").unwrap_or(0),
    );

    // The borrowed view reads one value without building the tree.
    let raw = again.to_vec()?;
    let view = nbt::view(&raw)?;
    let name = view
        .root()
        .compound("Data")
        .and_then(|d| d.string("LevelName"));
    println!(
        "through the view: LevelName {:?}",
        name.map(|n| n.to_str_lossy())
    );
    Ok(())
}

/// A small `level.dat` made here and saved as a temporary file.
fn default_level_dat() -> Result<PathBuf, Box<dyn Error>> {
    eprintln!("no level.dat given: making one");
    let level = Nbt::new(
        "",
        Compound::new().with(
            "Data",
            Compound::new()
                .with("LevelName", "Generated World")
                .with("SpawnX", 0)
                .with("SpawnY", 64)
                .with("SpawnZ", 0)
                .with("RandomSeed", 0x5EED_i64)
                .with("GameRules", Compound::new().with("doDaylightCycle", "true"))
                .with(
                    "Player",
                    Compound::new().with("Pos", List::Double(vec![0.5, 64.0, 0.5])),
                ),
        ),
    );
    let path =
        std::env::temp_dir().join(format!("endian_wire_generated_{}.dat", std::process::id()));
    std::fs::write(
        &path,
        nbt::to_compressed_vec(&level, nbt::Compression::Gzip)?,
    )?;
    Ok(path) // left in the temporary directory for a look after the run
}
