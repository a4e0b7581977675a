//! The typed benchmark's structs for simdnbt's derive: the fields of
//! `endian_wire_testkit::nbt_typed`'s `Player`, `Level` and `Chunk`, in simdnbt's terms.
//!
//! simdnbt's derive reads a field through `FromNbtTag`, which it implements for numbers,
//! strings, options, compounds and lists of compounds or strings; the wrappers here give it the
//! rest as a user would (lists of numbers, lists of lists, the long and byte arrays, lists of
//! compounds that may be empty lists of End), each converting in one call of simdnbt's own.

/// The typed structs for na_nbt's serde, shared with perf_report.
#[path = "../../../compare/peer_formats/nbt_na_nbt.rs"]
pub mod na;

use simdnbt::borrow::NbtTag;
use simdnbt::owned::{self, NbtCompound, NbtList};
use simdnbt::{Deserialize, FromNbtTag, Serialize, ToNbtTag};

macro_rules! wrapper {
    ($name:ident($t:ty), |$tag:ident| $from:expr, |$v:ident| $to:expr) => {
        #[derive(Clone, Debug, PartialEq)]
        pub struct $name(pub $t);
        impl FromNbtTag for $name {
            fn from_nbt_tag($tag: NbtTag) -> Option<Self> {
                $from.map($name)
            }
        }
        impl ToNbtTag for $name {
            fn to_nbt_tag(self) -> owned::NbtTag {
                let $v = self.0;
                $to
            }
        }
    };
}

wrapper!(Doubles(Vec<f64>), |t| t.list().and_then(|l| l.doubles()), |v| owned::NbtTag::List(NbtList::Double(v)));
wrapper!(Floats(Vec<f32>), |t| t.list().and_then(|l| l.floats()), |v| owned::NbtTag::List(NbtList::Float(v)));
wrapper!(Longs(Vec<i64>), |t| t.long_array(), |v| owned::NbtTag::LongArray(v));
wrapper!(Bytes(Vec<u8>), |t| t.byte_array().map(<[u8]>::to_vec), |v| owned::NbtTag::ByteArray(v));
wrapper!(
    ShortLists(Vec<Vec<i16>>),
    |t| t.list().and_then(|l| {
        if l.empty() {
            return Some(Vec::new());
        }
        l.lists().map(|ls| ls.into_iter().map(|l| l.shorts().unwrap_or_default()).collect())
    }),
    |v| owned::NbtTag::List(NbtList::List(
        v.into_iter()
            .map(|s| if s.is_empty() { NbtList::Empty } else { NbtList::Short(s) })
            .collect()
    ))
);
wrapper!(
    Strings(Vec<String>),
    |t| t.list().and_then(|l| {
        if l.empty() {
            return Some(Vec::new());
        }
        l.strings().map(|s| s.iter().map(|s| s.to_string()).collect())
    }),
    |v| owned::NbtTag::List(NbtList::String(v.into_iter().map(Into::into).collect()))
);

/// A list of compounds, which may be an empty list of End.
#[derive(Clone, Debug, PartialEq)]
pub struct Many<T>(pub Vec<T>);

impl<T: Deserialize> FromNbtTag for Many<T> {
    fn from_nbt_tag(tag: NbtTag) -> Option<Self> {
        let list = tag.list()?;
        if list.empty() {
            return Some(Many(Vec::new()));
        }
        let list = list.compounds()?;
        let mut v = Vec::with_capacity(list.approx_len() as usize);
        for c in list {
            v.push(T::from_compound(c).ok()?);
        }
        Some(Many(v))
    }
}

impl<T: Serialize> ToNbtTag for Many<T> {
    fn to_nbt_tag(self) -> owned::NbtTag {
        if self.0.is_empty() {
            return owned::NbtTag::List(NbtList::Empty);
        }
        owned::NbtTag::List(NbtList::Compound(
            self.0.into_iter().map(Serialize::to_compound).collect(),
        ))
    }
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct Player {
    #[simdnbt(rename = "SelectedItemSlot")]
    pub selected_item_slot: i32,
    #[simdnbt(rename = "UUIDLeast")]
    pub uuid_least: i64,
    #[simdnbt(rename = "Attributes")]
    pub attributes: Many<Attribute>,
    #[simdnbt(rename = "Motion")]
    pub motion: Doubles,
    #[simdnbt(rename = "foodExhaustionLevel")]
    pub food_exhaustion_level: f32,
    #[simdnbt(rename = "foodTickTimer")]
    pub food_tick_timer: i32,
    #[simdnbt(rename = "XpLevel")]
    pub xp_level: i32,
    #[simdnbt(rename = "Health")]
    pub health: i16,
    #[simdnbt(rename = "XpSeed")]
    pub xp_seed: i32,
    #[simdnbt(rename = "HealF")]
    pub heal_f: f32,
    #[simdnbt(rename = "SelectedItem")]
    pub selected_item: Option<Item>,
    #[simdnbt(rename = "SpawnForced")]
    pub spawn_forced: bool,
    #[simdnbt(rename = "Inventory")]
    pub inventory: Many<Item>,
    #[simdnbt(rename = "ActiveEffects")]
    pub active_effects: Many<Effect>,
    #[simdnbt(rename = "Sleeping")]
    pub sleeping: bool,
    #[simdnbt(rename = "SpawnX")]
    pub spawn_x: i32,
    #[simdnbt(rename = "SpawnY")]
    pub spawn_y: i32,
    #[simdnbt(rename = "Fire")]
    pub fire: i16,
    #[simdnbt(rename = "SpawnZ")]
    pub spawn_z: i32,
    #[simdnbt(rename = "playerGameType")]
    pub player_game_type: i32,
    #[simdnbt(rename = "foodLevel")]
    pub food_level: i32,
    #[simdnbt(rename = "Score")]
    pub score: i32,
    #[simdnbt(rename = "Invulnerable")]
    pub invulnerable: bool,
    #[simdnbt(rename = "DeathTime")]
    pub death_time: i16,
    #[simdnbt(rename = "EnderItems")]
    pub ender_items: Many<Item>,
    #[simdnbt(rename = "XpP")]
    pub xp_p: f32,
    #[simdnbt(rename = "AbsorptionAmount")]
    pub absorption_amount: f32,
    #[simdnbt(rename = "SleepTimer")]
    pub sleep_timer: i16,
    #[simdnbt(rename = "OnGround")]
    pub on_ground: bool,
    #[simdnbt(rename = "HurtTime")]
    pub hurt_time: i16,
    #[simdnbt(rename = "UUIDMost")]
    pub uuid_most: i64,
    #[simdnbt(rename = "HurtByTimestamp")]
    pub hurt_by_timestamp: i32,
    #[simdnbt(rename = "Dimension")]
    pub dimension: i32,
    #[simdnbt(rename = "Air")]
    pub air: i16,
    #[simdnbt(rename = "Pos")]
    pub pos: Doubles,
    #[simdnbt(rename = "foodSaturationLevel")]
    pub food_saturation_level: f32,
    #[simdnbt(rename = "PortalCooldown")]
    pub portal_cooldown: i32,
    pub abilities: Abilities,
    #[simdnbt(rename = "FallDistance")]
    pub fall_distance: f32,
    #[simdnbt(rename = "XpTotal")]
    pub xp_total: i32,
    #[simdnbt(rename = "Rotation")]
    pub rotation: Floats,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct Attribute {
    #[simdnbt(rename = "Name")]
    pub name: String,
    #[simdnbt(rename = "Base")]
    pub base: f64,
    #[simdnbt(rename = "Modifiers")]
    pub modifiers: Option<Many<Modifier>>,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct Modifier {
    #[simdnbt(rename = "Name")]
    pub name: String,
    #[simdnbt(rename = "UUIDLeast")]
    pub uuid_least: i64,
    #[simdnbt(rename = "Operation")]
    pub operation: i32,
    #[simdnbt(rename = "Amount")]
    pub amount: f64,
    #[simdnbt(rename = "UUIDMost")]
    pub uuid_most: i64,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct Item {
    pub id: String,
    #[simdnbt(rename = "Damage")]
    pub damage: i16,
    #[simdnbt(rename = "Count")]
    pub count: i8,
    pub tag: Option<ItemTag>,
    #[simdnbt(rename = "Slot")]
    pub slot: Option<i8>,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct ItemTag {
    #[simdnbt(rename = "RepairCost")]
    pub repair_cost: Option<i32>,
    pub ench: Option<Many<Enchantment>>,
    pub display: Option<Display>,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct Enchantment {
    pub id: i16,
    pub lvl: i16,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct Display {
    #[simdnbt(rename = "Name")]
    pub name: String,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct Effect {
    #[simdnbt(rename = "Amplifier")]
    pub amplifier: i8,
    #[simdnbt(rename = "Ambient")]
    pub ambient: bool,
    #[simdnbt(rename = "Duration")]
    pub duration: i32,
    #[simdnbt(rename = "Id")]
    pub id: i8,
    #[simdnbt(rename = "ShowParticles")]
    pub show_particles: bool,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct Abilities {
    pub flying: bool,
    pub instabuild: bool,
    pub mayfly: bool,
    pub invulnerable: bool,
    #[simdnbt(rename = "mayBuild")]
    pub may_build: bool,
    #[simdnbt(rename = "flySpeed")]
    pub fly_speed: f32,
    #[simdnbt(rename = "walkSpeed")]
    pub walk_speed: f32,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct Level {
    #[simdnbt(rename = "Data")]
    pub data: LevelData,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct LevelData {
    pub thundering: bool,
    #[simdnbt(rename = "DifficultyLocked")]
    pub difficulty_locked: bool,
    #[simdnbt(rename = "LastPlayed")]
    pub last_played: i64,
    #[simdnbt(rename = "DayTime")]
    pub day_time: i64,
    #[simdnbt(rename = "Player")]
    pub player: Player,
    #[simdnbt(rename = "clearWeatherTime")]
    pub clear_weather_time: i32,
    #[simdnbt(rename = "BorderCenterZ")]
    pub border_center_z: f64,
    pub initialized: bool,
    #[simdnbt(rename = "BorderCenterX")]
    pub border_center_x: f64,
    #[simdnbt(rename = "RandomSeed")]
    pub random_seed: i64,
    #[simdnbt(rename = "BorderSize")]
    pub border_size: f64,
    pub version: i32,
    #[simdnbt(rename = "BorderSizeLerpTarget")]
    pub border_size_lerp_target: f64,
    #[simdnbt(rename = "Time")]
    pub time: i64,
    #[simdnbt(rename = "allowCommands")]
    pub allow_commands: bool,
    #[simdnbt(rename = "SpawnX")]
    pub spawn_x: i32,
    #[simdnbt(rename = "SpawnY")]
    pub spawn_y: i32,
    pub hardcore: bool,
    #[simdnbt(rename = "SpawnZ")]
    pub spawn_z: i32,
    #[simdnbt(rename = "LevelName")]
    pub level_name: String,
    #[simdnbt(rename = "SizeOnDisk")]
    pub size_on_disk: i64,
    #[simdnbt(rename = "generatorName")]
    pub generator_name: String,
    #[simdnbt(rename = "BorderWarningBlocks")]
    pub border_warning_blocks: f64,
    #[simdnbt(rename = "rainTime")]
    pub rain_time: i32,
    #[simdnbt(rename = "BorderWarningTime")]
    pub border_warning_time: f64,
    #[simdnbt(rename = "BorderSizeLerpTime")]
    pub border_size_lerp_time: i64,
    #[simdnbt(rename = "GameType")]
    pub game_type: i32,
    #[simdnbt(rename = "BorderDamagePerBlock")]
    pub border_damage_per_block: f64,
    #[simdnbt(rename = "MapFeatures")]
    pub map_features: bool,
    #[simdnbt(rename = "BorderSafeZone")]
    pub border_safe_zone: f64,
    pub raining: bool,
    #[simdnbt(rename = "thunderTime")]
    pub thunder_time: i32,
    #[simdnbt(rename = "Difficulty")]
    pub difficulty: i8,
    #[simdnbt(rename = "generatorOptions")]
    pub generator_options: String,
    #[simdnbt(rename = "GameRules")]
    pub game_rules: GameRules,
    #[simdnbt(rename = "generatorVersion")]
    pub generator_version: i32,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct GameRules {
    #[simdnbt(rename = "doMobLoot")]
    pub do_mob_loot: String,
    #[simdnbt(rename = "showDeathMessages")]
    pub show_death_messages: String,
    #[simdnbt(rename = "doMobSpawning")]
    pub do_mob_spawning: String,
    #[simdnbt(rename = "doTileDrops")]
    pub do_tile_drops: String,
    #[simdnbt(rename = "naturalRegeneration")]
    pub natural_regeneration: String,
    #[simdnbt(rename = "commandBlockOutput")]
    pub command_block_output: String,
    #[simdnbt(rename = "doDaylightCycle")]
    pub do_daylight_cycle: String,
    #[simdnbt(rename = "logAdminCommands")]
    pub log_admin_commands: String,
    #[simdnbt(rename = "doEntityDrops")]
    pub do_entity_drops: String,
    #[simdnbt(rename = "sendCommandFeedback")]
    pub send_command_feedback: String,
    #[simdnbt(rename = "doFireTick")]
    pub do_fire_tick: String,
    #[simdnbt(rename = "mobGriefing")]
    pub mob_griefing: String,
    #[simdnbt(rename = "randomTickSpeed")]
    pub random_tick_speed: String,
    #[simdnbt(rename = "reducedDebugInfo")]
    pub reduced_debug_info: String,
    #[simdnbt(rename = "keepInventory")]
    pub keep_inventory: String,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct Chunk {
    #[simdnbt(rename = "Status")]
    pub status: String,
    #[simdnbt(rename = "zPos")]
    pub z_pos: i32,
    pub block_entities: Many<NbtCompound>,
    #[simdnbt(rename = "yPos")]
    pub y_pos: i32,
    #[simdnbt(rename = "LastUpdate")]
    pub last_update: i64,
    pub structures: Structures,
    #[simdnbt(rename = "InhabitedTime")]
    pub inhabited_time: i64,
    #[simdnbt(rename = "xPos")]
    pub x_pos: i32,
    #[simdnbt(rename = "Heightmaps")]
    pub heightmaps: Heightmaps,
    pub sections: Many<Section>,
    #[simdnbt(rename = "isLightOn")]
    pub is_light_on: Option<bool>,
    pub entities: Option<Many<NbtCompound>>,
    #[simdnbt(rename = "Lights")]
    pub lights: Option<ShortLists>,
    pub block_ticks: Many<Tick>,
    #[simdnbt(rename = "PostProcessing")]
    pub post_processing: ShortLists,
    #[simdnbt(rename = "DataVersion")]
    pub data_version: i32,
    #[simdnbt(rename = "CarvingMasks")]
    pub carving_masks: Option<CarvingMasks>,
    pub fluid_ticks: Many<Tick>,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct Structures {
    #[simdnbt(rename = "References")]
    pub references: NbtCompound,
    pub starts: NbtCompound,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct Heightmaps {
    #[simdnbt(rename = "OCEAN_FLOOR")]
    pub ocean_floor: Option<Longs>,
    #[simdnbt(rename = "MOTION_BLOCKING_NO_LEAVES")]
    pub motion_blocking_no_leaves: Option<Longs>,
    #[simdnbt(rename = "MOTION_BLOCKING")]
    pub motion_blocking: Option<Longs>,
    #[simdnbt(rename = "WORLD_SURFACE")]
    pub world_surface: Option<Longs>,
    #[simdnbt(rename = "OCEAN_FLOOR_WG")]
    pub ocean_floor_wg: Option<Longs>,
    #[simdnbt(rename = "WORLD_SURFACE_WG")]
    pub world_surface_wg: Option<Longs>,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct CarvingMasks {
    #[simdnbt(rename = "LIQUID")]
    pub liquid: Option<Longs>,
    #[simdnbt(rename = "AIR")]
    pub air: Option<Longs>,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct Section {
    pub block_states: PalettedBlocks,
    #[simdnbt(rename = "SkyLight")]
    pub sky_light: Option<Bytes>,
    pub biomes: PalettedBiomes,
    #[simdnbt(rename = "BlockLight")]
    pub block_light: Option<Bytes>,
    #[simdnbt(rename = "Y")]
    pub y: i8,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct PalettedBlocks {
    pub data: Option<Longs>,
    pub palette: Many<BlockState>,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct BlockState {
    #[simdnbt(rename = "Properties")]
    pub properties: Option<NbtCompound>,
    #[simdnbt(rename = "Name")]
    pub name: String,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct PalettedBiomes {
    pub data: Option<Longs>,
    pub palette: Strings,
}

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq)]
pub struct Tick {
    pub p: i32,
    pub t: i32,
    pub x: i32,
    pub i: String,
    pub y: i32,
    pub z: i32,
}
