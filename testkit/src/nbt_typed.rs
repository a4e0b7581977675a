//! Typed NBT: serde structs for real Minecraft data, as a derive-only user writes them, and the
//! chunks of a real 1.19.4 region file (fastanvil's package, from Cargo's registry).
//!
//! [`Player`] holds every field of simdnbt's `complex_player.dat` in file order, [`Level`]
//! every field of its `level.dat` and [`BigTest`] of `bigtest.nbt`, so that a typed write of
//! what a typed read gave is the file again. [`Chunk`] holds every field of the region file's
//! 1.18+ chunks (sections with block-state palettes and `LongArray` data, biomes, height maps,
//! block entities, ticks), in their order. The array and "any compound" types are parameters,
//! so that the same structs serve fastnbt (`fastnbt::LongArray`, `fastnbt::Value`) and this
//! crate (`nbt::LongArray`, `nbt::Compound`).

use std::io::Read;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use wire_nbt::{ByteArray, Compound, LongArray};

// ----- complex_player.dat ---------------------------------------------------------------------

/// A player file as Minecraft 1.8 wrote it (`complex_player.dat`; `level.dat`'s `Player`).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "PascalCase")]
pub struct Player {
    pub selected_item_slot: i32,
    #[serde(rename = "UUIDLeast")]
    pub uuid_least: i64,
    pub attributes: Vec<Attribute>,
    pub motion: Vec<f64>,
    #[serde(rename = "foodExhaustionLevel")]
    pub food_exhaustion_level: f32,
    #[serde(rename = "foodTickTimer")]
    pub food_tick_timer: i32,
    pub xp_level: i32,
    pub health: i16,
    pub xp_seed: i32,
    pub heal_f: f32,
    pub selected_item: Option<Item>,
    pub spawn_forced: bool,
    pub inventory: Vec<Item>,
    pub active_effects: Vec<Effect>,
    pub sleeping: bool,
    pub spawn_x: i32,
    pub spawn_y: i32,
    pub fire: i16,
    pub spawn_z: i32,
    #[serde(rename = "playerGameType")]
    pub player_game_type: i32,
    #[serde(rename = "foodLevel")]
    pub food_level: i32,
    pub score: i32,
    pub invulnerable: bool,
    pub death_time: i16,
    pub ender_items: Vec<Item>,
    pub xp_p: f32,
    pub absorption_amount: f32,
    pub sleep_timer: i16,
    pub on_ground: bool,
    pub hurt_time: i16,
    #[serde(rename = "UUIDMost")]
    pub uuid_most: i64,
    pub hurt_by_timestamp: i32,
    pub dimension: i32,
    pub air: i16,
    pub pos: [f64; 3],
    #[serde(rename = "foodSaturationLevel")]
    pub food_saturation_level: f32,
    pub portal_cooldown: i32,
    #[serde(rename = "abilities")]
    pub abilities: Abilities,
    pub fall_distance: f32,
    pub xp_total: i32,
    pub rotation: [f32; 2],
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "PascalCase")]
pub struct Attribute {
    pub name: String,
    pub base: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modifiers: Option<Vec<Modifier>>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "PascalCase")]
pub struct Modifier {
    pub name: String,
    #[serde(rename = "UUIDLeast")]
    pub uuid_least: i64,
    pub operation: i32,
    pub amount: f64,
    #[serde(rename = "UUIDMost")]
    pub uuid_most: i64,
}

/// An item stack: in the inventory with its slot, in the hand without.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Item {
    pub id: String,
    #[serde(rename = "Damage")]
    pub damage: i16,
    #[serde(rename = "Count")]
    pub count: i8,
    pub tag: Option<ItemTag>,
    #[serde(rename = "Slot")]
    pub slot: Option<i8>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct ItemTag {
    #[serde(rename = "RepairCost")]
    pub repair_cost: Option<i32>,
    pub ench: Option<Vec<Enchantment>>,
    pub display: Option<Display>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Enchantment {
    pub id: i16,
    pub lvl: i16,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Display {
    #[serde(rename = "Name")]
    pub name: String,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "PascalCase")]
pub struct Effect {
    pub amplifier: i8,
    pub ambient: bool,
    pub duration: i32,
    pub id: i8,
    pub show_particles: bool,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Abilities {
    pub flying: bool,
    pub instabuild: bool,
    pub mayfly: bool,
    pub invulnerable: bool,
    pub may_build: bool,
    pub fly_speed: f32,
    pub walk_speed: f32,
}

// ----- level.dat ----------------------------------------------------------------------------

/// `level.dat` (Minecraft 1.8).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Level {
    #[serde(rename = "Data")]
    pub data: LevelData,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "PascalCase")]
pub struct LevelData {
    #[serde(rename = "thundering")]
    pub thundering: bool,
    pub difficulty_locked: bool,
    pub last_played: i64,
    pub day_time: i64,
    pub player: Player,
    #[serde(rename = "clearWeatherTime")]
    pub clear_weather_time: i32,
    pub border_center_z: f64,
    #[serde(rename = "initialized")]
    pub initialized: bool,
    pub border_center_x: f64,
    pub random_seed: i64,
    pub border_size: f64,
    #[serde(rename = "version")]
    pub version: i32,
    pub border_size_lerp_target: f64,
    pub time: i64,
    #[serde(rename = "allowCommands")]
    pub allow_commands: bool,
    pub spawn_x: i32,
    pub spawn_y: i32,
    #[serde(rename = "hardcore")]
    pub hardcore: bool,
    pub spawn_z: i32,
    pub level_name: String,
    pub size_on_disk: i64,
    #[serde(rename = "generatorName")]
    pub generator_name: String,
    pub border_warning_blocks: f64,
    #[serde(rename = "rainTime")]
    pub rain_time: i32,
    pub border_warning_time: f64,
    pub border_size_lerp_time: i64,
    pub game_type: i32,
    pub border_damage_per_block: f64,
    pub map_features: bool,
    pub border_safe_zone: f64,
    #[serde(rename = "raining")]
    pub raining: bool,
    #[serde(rename = "thunderTime")]
    pub thunder_time: i32,
    pub difficulty: i8,
    #[serde(rename = "generatorOptions")]
    pub generator_options: String,
    pub game_rules: GameRules,
    #[serde(rename = "generatorVersion")]
    pub generator_version: i32,
}

/// Game rules, strings in 1.8 (`"true"`, `"3"`).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct GameRules {
    pub do_mob_loot: String,
    pub show_death_messages: String,
    pub do_mob_spawning: String,
    pub do_tile_drops: String,
    pub natural_regeneration: String,
    pub command_block_output: String,
    pub do_daylight_cycle: String,
    pub log_admin_commands: String,
    pub do_entity_drops: String,
    pub send_command_feedback: String,
    pub do_fire_tick: String,
    pub mob_griefing: String,
    pub random_tick_speed: String,
    pub reduced_debug_info: String,
    pub keep_inventory: String,
}

// ----- bigtest.nbt --------------------------------------------------------------------------

/// `bigtest.nbt`, the format's test file (names with spaces and parentheses, a non-ASCII
/// string, every numeric type, a byte array of 1000).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct BigTest<B = ByteArray> {
    #[serde(rename = "longTest")]
    pub long_test: i64,
    #[serde(rename = "shortTest")]
    pub short_test: i16,
    #[serde(rename = "stringTest")]
    pub string_test: String,
    #[serde(rename = "floatTest")]
    pub float_test: f32,
    #[serde(rename = "intTest")]
    pub int_test: i32,
    #[serde(rename = "nested compound test")]
    pub nested: Nested,
    #[serde(rename = "listTest (long)")]
    pub list_of_longs: Vec<i64>,
    #[serde(rename = "listTest (compound)")]
    pub list_of_compounds: Vec<Created>,
    #[serde(rename = "byteTest")]
    pub byte_test: i8,
    #[serde(
        rename = "byteArrayTest (the first 1000 values of (n*n*255+n*7)%100, starting with n=0 (0, 62, 34, 16, 8, ...))"
    )]
    pub byte_array: B,
    #[serde(rename = "doubleTest")]
    pub double_test: f64,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Nested {
    pub ham: NamedValue,
    pub egg: NamedValue,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct NamedValue {
    pub name: String,
    pub value: f32,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Created {
    pub name: String,
    #[serde(rename = "created-on")]
    pub created_on: i64,
}

// ----- a 1.18+ chunk ------------------------------------------------------------------------

/// A chunk of a 1.18+ region file (here 1.19.4's), every field in file order. `L` is the long
/// array type, `B` the byte array type, `V` a compound of any content (block entities,
/// structure starts, block-state properties).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Chunk<L = LongArray, B = ByteArray, V = Compound> {
    #[serde(rename = "Status")]
    pub status: String,
    #[serde(rename = "zPos")]
    pub z_pos: i32,
    pub block_entities: Vec<V>,
    #[serde(rename = "yPos")]
    pub y_pos: i32,
    #[serde(rename = "LastUpdate")]
    pub last_update: i64,
    pub structures: Structures<V>,
    #[serde(rename = "InhabitedTime")]
    pub inhabited_time: i64,
    #[serde(rename = "xPos")]
    pub x_pos: i32,
    #[serde(rename = "Heightmaps")]
    pub heightmaps: Heightmaps<L>,
    pub sections: Vec<Section<L, B, V>>,
    #[serde(rename = "isLightOn")]
    pub is_light_on: Option<bool>,
    pub entities: Option<Vec<V>>,
    #[serde(rename = "Lights")]
    pub lights: Option<Vec<Vec<i16>>>,
    pub block_ticks: Vec<Tick>,
    #[serde(rename = "PostProcessing")]
    pub post_processing: Vec<Vec<i16>>,
    #[serde(rename = "DataVersion")]
    pub data_version: i32,
    #[serde(rename = "CarvingMasks")]
    pub carving_masks: Option<CarvingMasks<L>>,
    pub fluid_ticks: Vec<Tick>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Structures<V> {
    #[serde(rename = "References")]
    pub references: V,
    pub starts: V,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Heightmaps<L> {
    #[serde(rename = "OCEAN_FLOOR")]
    pub ocean_floor: Option<L>,
    #[serde(rename = "MOTION_BLOCKING_NO_LEAVES")]
    pub motion_blocking_no_leaves: Option<L>,
    #[serde(rename = "MOTION_BLOCKING")]
    pub motion_blocking: Option<L>,
    #[serde(rename = "WORLD_SURFACE")]
    pub world_surface: Option<L>,
    #[serde(rename = "OCEAN_FLOOR_WG")]
    pub ocean_floor_wg: Option<L>,
    #[serde(rename = "WORLD_SURFACE_WG")]
    pub world_surface_wg: Option<L>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct CarvingMasks<L> {
    #[serde(rename = "LIQUID")]
    pub liquid: Option<L>,
    #[serde(rename = "AIR")]
    pub air: Option<L>,
}

/// A 16-block-high section: its block states (a palette and the indices into it, packed in
/// longs), biomes, light.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Section<L, B, V> {
    pub block_states: PalettedBlocks<L, V>,
    #[serde(rename = "SkyLight")]
    pub sky_light: Option<B>,
    pub biomes: PalettedBiomes<L>,
    #[serde(rename = "BlockLight")]
    pub block_light: Option<B>,
    #[serde(rename = "Y")]
    pub y: i8,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct PalettedBlocks<L, V> {
    pub data: Option<L>,
    pub palette: Vec<BlockState<V>>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct BlockState<V> {
    #[serde(rename = "Properties")]
    pub properties: Option<V>,
    #[serde(rename = "Name")]
    pub name: String,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct PalettedBiomes<L> {
    pub data: Option<L>,
    pub palette: Vec<String>,
}

/// A scheduled block or fluid tick.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Tick {
    pub p: i32,
    pub t: i32,
    pub x: i32,
    pub i: String,
    pub y: i32,
    pub z: i32,
}

// ----- the region file ----------------------------------------------------------------------

const INSTALL: &str = "the fastanvil 0.32.0 package: `cargo fetch` with network access";

/// The uncompressed NBT of every chunk of fastanvil's region file
/// ([`crate::region::REGION`], 676 chunks of a Minecraft 1.19.4 world), in the order of the
/// region's header (read once, by flate2 directly, not through the crate under test).
pub fn region_chunks() -> Result<&'static [Vec<u8>], String> {
    static CHUNKS: OnceLock<Result<Vec<Vec<u8>>, String>> = OnceLock::new();
    CHUNKS
        .get_or_init(|| chunks_of(&crate::region::read(crate::region::REGION)?))
        .as_ref()
        .map(Vec::as_slice)
        .map_err(Clone::clone)
}

/// [`region_chunks`] for a test: `None` after [`crate::skip`] when the file cannot be found.
pub fn region_chunks_or_skip() -> Option<&'static [Vec<u8>]> {
    region_chunks()
        .map_err(|why| crate::skip(why, INSTALL))
        .ok()
}

/// The chunks of a region file: a 4 KiB table of 1024 locations (a 3-byte sector offset and a
/// sector count), each chunk a 4-byte length, a compression byte (2: zlib) and the data.
fn chunks_of(region: &[u8]) -> Result<Vec<Vec<u8>>, String> {
    let mut chunks = Vec::new();
    for i in 0..1024 {
        let entry = region
            .get(i * 4..i * 4 + 4)
            .ok_or("a region file without its table")?;
        let sector = u32::from_be_bytes([0, entry[0], entry[1], entry[2]]) as usize;
        if sector == 0 {
            continue;
        }
        let at = sector * 4096;
        let head = region.get(at..at + 5).ok_or("a chunk beyond the file")?;
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        if head[4] != 2 {
            return Err(format!(
                "chunk {i}: compression {} (only zlib here)",
                head[4]
            ));
        }
        let data = region
            .get(at + 5..at + 4 + len)
            .ok_or("a chunk cut short")?;
        let mut out = Vec::new();
        flate2::read::ZlibDecoder::new(data)
            .read_to_end(&mut out)
            .map_err(|e| format!("chunk {i}: {e}"))?;
        chunks.push(out);
    }
    Ok(chunks)
}

// ----- the tree, walked by hand ---------------------------------------------------------------

/// A [`Chunk`] from the tree of its bytes, walked by hand: what a user of the tree writes, the
/// baseline a typed read is measured against. `None` where the tree does not fit.
pub fn chunk_from_tree(c: &Compound) -> Option<Chunk> {
    use wire_nbt::{List, Tag};
    fn longs(c: &Compound, name: &str) -> Option<LongArray> {
        c.long_array(name).map(|v| LongArray::new(v.to_vec()))
    }
    fn bytes(c: &Compound, name: &str) -> Option<ByteArray> {
        c.byte_array(name).map(|v| ByteArray::new(v.to_vec()))
    }
    fn compounds(c: &Compound, name: &str) -> Option<Vec<Compound>> {
        match c.list(name)? {
            List::Empty => Some(Vec::new()),
            l => l.compounds().map(<[Compound]>::to_vec),
        }
    }
    fn shorts(l: &List) -> Option<Vec<Vec<i16>>> {
        match l {
            List::Empty => Some(Vec::new()),
            l => l
                .lists()?
                .iter()
                .map(|l| match l {
                    List::Empty => Some(Vec::new()),
                    l => l.shorts().map(<[i16]>::to_vec),
                })
                .collect(),
        }
    }
    fn ticks(c: &Compound, name: &str) -> Option<Vec<Tick>> {
        compounds(c, name)?
            .iter()
            .map(|t| {
                Some(Tick {
                    p: t.int("p")?,
                    t: t.int("t")?,
                    x: t.int("x")?,
                    i: t.string("i")?.to_owned(),
                    y: t.int("y")?,
                    z: t.int("z")?,
                })
            })
            .collect()
    }
    let structures = c.compound("structures")?;
    let heightmaps = c.compound("Heightmaps")?;
    let sections = c
        .list("sections")?
        .compounds()?
        .iter()
        .map(|s| {
            let states = s.compound("block_states")?;
            let biomes = s.compound("biomes")?;
            Some(Section {
                block_states: PalettedBlocks {
                    data: longs(states, "data"),
                    palette: states
                        .list("palette")?
                        .compounds()?
                        .iter()
                        .map(|p| {
                            Some(BlockState {
                                properties: p.compound("Properties").cloned(),
                                name: p.string("Name")?.to_owned(),
                            })
                        })
                        .collect::<Option<_>>()?,
                },
                sky_light: bytes(s, "SkyLight"),
                biomes: PalettedBiomes {
                    data: longs(biomes, "data"),
                    palette: biomes.list("palette")?.strings()?.to_vec(),
                },
                block_light: bytes(s, "BlockLight"),
                y: s.byte("Y")?,
            })
        })
        .collect::<Option<_>>()?;
    Some(Chunk {
        status: c.string("Status")?.to_owned(),
        z_pos: c.int("zPos")?,
        block_entities: compounds(c, "block_entities")?,
        y_pos: c.int("yPos")?,
        last_update: c.long("LastUpdate")?,
        structures: Structures {
            references: structures.compound("References")?.clone(),
            starts: structures.compound("starts")?.clone(),
        },
        inhabited_time: c.long("InhabitedTime")?,
        x_pos: c.int("xPos")?,
        heightmaps: Heightmaps {
            ocean_floor: longs(heightmaps, "OCEAN_FLOOR"),
            motion_blocking_no_leaves: longs(heightmaps, "MOTION_BLOCKING_NO_LEAVES"),
            motion_blocking: longs(heightmaps, "MOTION_BLOCKING"),
            world_surface: longs(heightmaps, "WORLD_SURFACE"),
            ocean_floor_wg: longs(heightmaps, "OCEAN_FLOOR_WG"),
            world_surface_wg: longs(heightmaps, "WORLD_SURFACE_WG"),
        },
        sections,
        is_light_on: c.byte("isLightOn").map(|b| b != 0),
        entities: match c.get("entities") {
            Some(Tag::List(_)) => Some(compounds(c, "entities")?),
            _ => None,
        },
        lights: match c.list("Lights") {
            Some(l) => Some(shorts(l)?),
            None => None,
        },
        block_ticks: ticks(c, "block_ticks")?,
        post_processing: shorts(c.list("PostProcessing")?)?,
        data_version: c.int("DataVersion")?,
        carving_masks: c.compound("CarvingMasks").map(|m| CarvingMasks {
            liquid: longs(m, "LIQUID"),
            air: longs(m, "AIR"),
        }),
        fluid_ticks: ticks(c, "fluid_ticks")?,
    })
}
