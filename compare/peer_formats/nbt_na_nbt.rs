//! The typed benchmark's structs for na_nbt's serde: the fields of
//! `endian_wire_testkit::nbt_typed`'s `Player` and `Level`, with the attributes na_nbt's serde
//! needs to read the files Minecraft writes, as a user of it writes them.
//!
//! na_nbt's serde maps a plain `Vec<T>` to a list of compounds each wrapping one value
//! (`[{"": v}, ...]`) and an `Option<T>` to a compound around the value (`{"": v}`), which no
//! Minecraft file holds: a list is read through `na_nbt::list`, an optional field as absent or
//! its value (`present`, `present_list`). The chunks' structs are not here: they hold arbitrary
//! compounds (block entities), and na_nbt has no serde value type for them.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An optional field, absent or its value.
mod present {
    use super::*;

    pub fn serialize<T: Serialize, S: Serializer>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => v.serialize(s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<T>, D::Error> {
        T::deserialize(d).map(Some)
    }
}

/// An optional list, absent or its elements through `na_nbt::list`.
mod present_list {
    use super::*;

    pub fn serialize<T: Serialize, S: Serializer>(
        v: &Option<Vec<T>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => na_nbt::list::serialize(v, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Vec<T>>, D::Error> {
        na_nbt::list::deserialize(d).map(Some)
    }
}

/// A player file as Minecraft 1.8 wrote it (`complex_player.dat`; `level.dat`'s `Player`).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "PascalCase")]
pub struct Player {
    pub selected_item_slot: i32,
    #[serde(rename = "UUIDLeast")]
    pub uuid_least: i64,
    #[serde(with = "na_nbt::list")]
    pub attributes: Vec<Attribute>,
    #[serde(with = "na_nbt::list")]
    pub motion: Vec<f64>,
    #[serde(rename = "foodExhaustionLevel")]
    pub food_exhaustion_level: f32,
    #[serde(rename = "foodTickTimer")]
    pub food_tick_timer: i32,
    pub xp_level: i32,
    pub health: i16,
    pub xp_seed: i32,
    pub heal_f: f32,
    #[serde(default, with = "present", skip_serializing_if = "Option::is_none")]
    pub selected_item: Option<Item>,
    pub spawn_forced: bool,
    #[serde(with = "na_nbt::list")]
    pub inventory: Vec<Item>,
    #[serde(with = "na_nbt::list")]
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
    #[serde(with = "na_nbt::list")]
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
    #[serde(with = "na_nbt::list")]
    pub pos: Vec<f64>,
    #[serde(rename = "foodSaturationLevel")]
    pub food_saturation_level: f32,
    pub portal_cooldown: i32,
    #[serde(rename = "abilities")]
    pub abilities: Abilities,
    pub fall_distance: f32,
    pub xp_total: i32,
    #[serde(with = "na_nbt::list")]
    pub rotation: Vec<f32>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "PascalCase")]
pub struct Attribute {
    pub name: String,
    pub base: f64,
    #[serde(
        default,
        with = "present_list",
        skip_serializing_if = "Option::is_none"
    )]
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
    #[serde(default, with = "present", skip_serializing_if = "Option::is_none")]
    pub tag: Option<ItemTag>,
    #[serde(rename = "Slot")]
    #[serde(default, with = "present", skip_serializing_if = "Option::is_none")]
    pub slot: Option<i8>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct ItemTag {
    #[serde(rename = "RepairCost")]
    #[serde(default, with = "present", skip_serializing_if = "Option::is_none")]
    pub repair_cost: Option<i32>,
    #[serde(
        default,
        with = "present_list",
        skip_serializing_if = "Option::is_none"
    )]
    pub ench: Option<Vec<Enchantment>>,
    #[serde(default, with = "present", skip_serializing_if = "Option::is_none")]
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
