//! The seven NBT files of simdnbt 0.10's package, read from Cargo's registry (never kept in
//! this repository), and generated chunk-like and player-like documents.
//!
//! simdnbt is a dependency of this crate for no platform (see its `Cargo.toml`), so Cargo
//! downloads it without building it; `cargo metadata` (which downloads every package of the
//! lock file it lacks) says where it is. Where that fails (no network, no registry), the tests
//! that need the files skip ([`files_or_skip`]).

use std::io::Read;
use std::path::PathBuf;
use std::sync::OnceLock;

use wire_nbt::{Compound, List, Nbt};

use crate::Rng;

/// The seven files, in simdnbt's `tests/` directory.
pub const FILES: [&str; 7] = [
    "bigtest.nbt",
    "complex_player.dat",
    "hello_world.nbt",
    "hypixel.nbt",
    "inttest1023.nbt",
    "level.dat",
    "simple_player.dat",
];

/// What to do when the files cannot be found.
const INSTALL: &str = "the simdnbt 0.10.0 package: `cargo fetch` with network access";

/// The directory holding them, `tests/` of the simdnbt 0.10.0 package (looked up once).
pub fn simdnbt_tests_dir() -> Result<PathBuf, String> {
    static DIR: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    DIR.get_or_init(|| crate::registry::data_dir("simdnbt-0.10.0", "tests", FILES[0]))
        .clone()
}

/// A file's bytes as stored (four of the seven are gzip).
pub fn raw(name: &str) -> Result<Vec<u8>, String> {
    let path = simdnbt_tests_dir()?.join(name);
    std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))
}

/// A file's NBT bytes: gunzipped if gzip (by flate2 directly, not through the crate).
pub fn uncompressed(name: &str) -> Result<Vec<u8>, String> {
    let raw = raw(name)?;
    if !raw.starts_with(&[0x1f, 0x8b]) {
        return Ok(raw);
    }
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(&raw[..])
        .read_to_end(&mut out)
        .map_err(|e| format!("{name}: {e}"))?;
    Ok(out)
}

/// Every file, uncompressed: `(name, bytes)`.
pub fn all() -> Result<Vec<(&'static str, Vec<u8>)>, String> {
    FILES.iter().map(|&f| Ok((f, uncompressed(f)?))).collect()
}

/// [`all`] for a test: `None` after [`crate::skip`] when the files cannot be found.
pub fn files_or_skip() -> Option<Vec<(&'static str, Vec<u8>)>> {
    all().map_err(|why| crate::skip(why, INSTALL)).ok()
}

/// [`uncompressed`] for a test: `None` after [`crate::skip`] when the file cannot be found.
pub fn file_or_skip(name: &str) -> Option<Vec<u8>> {
    uncompressed(name)
        .map_err(|why| crate::skip(why, INSTALL))
        .ok()
}

const BLOCKS: [&str; 8] = [
    "minecraft:stone",
    "minecraft:dirt",
    "minecraft:grass_block",
    "minecraft:deepslate",
    "minecraft:water",
    "minecraft:oak_log",
    "minecraft:iron_ore",
    "minecraft:air",
];

/// A chunk like a 1.18+ region file holds: 24 sections, each with a palette of block-state
/// compounds and `LongArray` block states (256 to 4096 longs), biomes, `IntArray` and
/// `LongArray` height maps, block entities with strings, and a list of ints. About 400 KiB.
pub fn chunk() -> Nbt {
    let mut rng = Rng::new(0xC0FFEE);
    let mut sections = Vec::new();
    for y in -4..20i8 {
        let palette: Vec<Compound> = (0..1 + rng.below(8) as usize)
            .map(|i| {
                let mut c = Compound::new().with("Name", BLOCKS[i % BLOCKS.len()]);
                if i % 3 == 1 {
                    c.insert(
                        "Properties",
                        Compound::new()
                            .with("axis", "y")
                            .with("waterlogged", "false"),
                    );
                }
                c
            })
            .collect();
        let longs = [256, 342, 512, 1024, 4096][rng.below(5) as usize];
        let data: Vec<i64> = (0..longs).map(|_| rng.next_u64() as i64).collect();
        sections.push(
            Compound::new()
                .with("Y", y)
                .with(
                    "block_states",
                    Compound::new()
                        .with("palette", List::Compound(palette))
                        .with("data", data),
                )
                .with(
                    "biomes",
                    Compound::new()
                        .with("palette", List::String(vec!["minecraft:plains".into()]))
                        .with(
                            "data",
                            (0..4).map(|_| rng.next_u64() as i64).collect::<Vec<_>>(),
                        ),
                )
                .with(
                    "BlockLight",
                    (0..2048).map(|_| rng.next_u64() as i8).collect::<Vec<_>>(),
                )
                .with(
                    "SkyLight",
                    (0..2048).map(|_| rng.next_u64() as i8).collect::<Vec<_>>(),
                ),
        );
    }
    let block_entities: Vec<Compound> = (0..32)
        .map(|i| {
            Compound::new()
                .with("id", "minecraft:chest")
                .with("x", i * 3)
                .with("y", 64)
                .with("z", -i)
                .with("CustomName", format!("{{\"text\":\"Chest number {i}\"}}"))
                .with("keepPacked", false)
        })
        .collect();
    let root = Compound::new()
        .with("DataVersion", 3953)
        .with("xPos", -12)
        .with("zPos", 7)
        .with("yPos", -4i32)
        .with("Status", "minecraft:full")
        .with("LastUpdate", 123_456_789i64)
        .with("sections", List::Compound(sections))
        .with(
            "Heightmaps",
            Compound::new()
                .with(
                    "MOTION_BLOCKING",
                    (0..37).map(|_| rng.next_u64() as i64).collect::<Vec<_>>(),
                )
                .with(
                    "WORLD_SURFACE",
                    (0..37).map(|_| rng.next_u64() as i64).collect::<Vec<_>>(),
                ),
        )
        .with(
            "Biomes3d",
            (0..1024).map(|_| rng.below(64) as i32).collect::<Vec<_>>(),
        )
        .with("block_entities", List::Compound(block_entities))
        .with(
            "PostProcessing",
            List::List(vec![List::Short(vec![1, 2, 3]), List::Empty]),
        )
        .with("InhabitedTime", 0i64)
        .with("isLightOn", true);
    Nbt::new("", root)
}

/// A server list like a client's `servers.dat`: four servers, each with a base64 PNG icon of
/// about 10 KB (the strings of kilobytes that issue 49's long-string rows time), names with
/// `§` colour codes (two-byte characters) and one with an emoji (a surrogate pair in modified
/// UTF-8, where it differs from UTF-8). About 42 KB.
pub fn long_strings() -> Nbt {
    const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut rng = Rng::new(0x5E4E);
    let servers: Vec<Compound> = (0..4)
        .map(|i| {
            let icon: String = (0..10_240)
                .map(|_| B64[rng.below(64) as usize] as char)
                .collect();
            let name = match i {
                0 => "§6Hypixel Network §c[1.8-1.21]".to_string(),
                1 => "Minecraft Server \u{1F600}".to_string(),
                _ => format!("Server {i}"),
            };
            Compound::new()
                .with("ip", format!("play{i}.example.net:25565"))
                .with("name", name)
                .with("icon", icon)
                .with("acceptTextures", (i % 2) as i8)
        })
        .collect();
    Nbt::new("", Compound::new().with("servers", List::Compound(servers)))
}

/// A player file with a full inventory and ender chest of enchanted, named items and a long
/// list of recipes: a few hundred KiB.
pub fn player() -> Nbt {
    let mut rng = Rng::new(0xBEEF);
    let item = |rng: &mut Rng, slot: i8| {
        let enchantments: Vec<Compound> = (0..rng.below(4))
            .map(|i| {
                Compound::new()
                    .with(
                        "id",
                        [
                            "minecraft:sharpness",
                            "minecraft:unbreaking",
                            "minecraft:mending",
                        ][i as usize % 3],
                    )
                    .with("lvl", (1 + rng.below(5)) as i16)
            })
            .collect();
        Compound::new()
            .with("Slot", slot)
            .with("id", BLOCKS[rng.below(8) as usize])
            .with("Count", (1 + rng.below(64)) as i8)
            .with(
                "tag",
                Compound::new()
                    .with("Damage", rng.below(100) as i32)
                    .with("Enchantments", List::Compound(enchantments))
                    .with(
                        "display",
                        Compound::new()
                            .with("Name", format!("{{\"text\":\"Item ✦ {slot}\"}}"))
                            .with(
                                "Lore",
                                List::String(
                                    (0..3).map(|i| format!("§7Line {i} of lore")).collect(),
                                ),
                            ),
                    ),
            )
    };
    let inventory: Vec<Compound> = (0..36).map(|s| item(&mut rng, s)).collect();
    let ender: Vec<Compound> = (0..27).map(|s| item(&mut rng, s)).collect();
    let recipes: Vec<String> = (0..6000)
        .map(|i| format!("minecraft:recipe_number_{i}"))
        .collect();
    let root = Compound::new()
        .with("DataVersion", 3953)
        .with("Pos", List::Double(vec![12.5, 70.0, -88.25]))
        .with("Motion", List::Double(vec![0.0, -0.0784, 0.0]))
        .with("Rotation", List::Float(vec![90.0, 12.5]))
        .with("Health", 20.0f32)
        .with("foodLevel", 20)
        .with("XpLevel", 30)
        .with("XpP", 0.25f32)
        .with("UUID", vec![1, -2, 3, -4])
        .with("Inventory", List::Compound(inventory))
        .with("EnderItems", List::Compound(ender))
        .with(
            "recipeBook",
            Compound::new()
                .with("recipes", List::String(recipes.clone()))
                .with("toBeDisplayed", List::String(recipes[..500].to_vec())),
        )
        .with(
            "abilities",
            Compound::new()
                .with("flying", false)
                .with("walkSpeed", 0.1f32),
        );
    Nbt::new("", root)
}
