//! Real message shapes for the framing tests and benchmarks: four families of derived types
//! with what real messages hold beyond flat records of numbers (strings, `Option`s of tuples
//! and structs, unit enums, `bool`s, small integers, nested `Vec`s), each generated at a
//! megabyte or more.
//!
//! * [`log`]: web-server log lines: four `String`s, a `u16`, a `u64`, a 4-byte address;
//! * [`mesh`]: a triangle mesh of `f32` vectors (the same bytes under fixed-int and varint);
//! * [`save`]: a game's save data: players with `Option<String>`, `Option<(f64, f64, f64)>`,
//!   `Option<([u32; 4], Creature)>`, `Vec<Item>`, `Vec<String>`, many `bool`s, a unit enum;
//! * [`net`]: a game's network updates: `Vec<Contact>` with `Option<UnitEnum>`, `Option<u16>`,
//!   `Vec<bool>`, `Vec<u16>`, `(f32, f32)` and small integers, plus terrain patches of
//!   `(i8, i8)` and `Vec<u8>`.
//!
//! Every type derives `Endianize` (endian_wire), `SchemaWrite`/`SchemaRead` (wincode),
//! `Encode`/`Decode` (bincode 2) and serde's traits (bincode 1 and bincode 2's serde path), so
//! each row compares derived code with derived code. The generators are deterministic (a
//! SplitMix64 stream per family) and spread values over every varint width.

use crate::Rng;

/// Declares message types with every derive the benchmarks compare.
macro_rules! shapes {
    ($($item:item)*) => {$(
        #[derive(
            endian_wire::Endianize,
            wincode::SchemaWrite,
            wincode::SchemaRead,
            bincode::Encode,
            bincode::Decode,
            serde::Serialize,
            serde::Deserialize,
            Clone,
            Debug,
            PartialEq,
        )]
        #[endian(le)]
        $item
    )*};
}

/// Web-server log lines.
pub mod log {
    use super::Rng;

    shapes! {
        pub struct Address {
            pub a: u8,
            pub b: u8,
            pub c: u8,
            pub d: u8,
        }

        pub struct Line {
            pub address: Address,
            pub identity: String,
            pub user: String,
            pub date: String,
            pub request: String,
            pub status: u16,
            pub size: u64,
        }

        pub struct Log {
            pub lines: Vec<Line>,
        }
    }

    const METHODS: [&str; 4] = ["GET", "POST", "PUT", "HEAD"];
    const STATUS: [u16; 6] = [200, 200, 200, 304, 404, 500];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];

    pub fn line(r: &mut Rng) -> Line {
        let path: Vec<String> = (0..1 + r.below(4)).map(|_| r.word(2, 12)).collect();
        Line {
            address: Address {
                a: r.below(256) as u8,
                b: r.below(256) as u8,
                c: r.below(256) as u8,
                d: r.below(256) as u8,
            },
            identity: if r.chance(80) {
                "-".into()
            } else {
                r.word(3, 10)
            },
            user: r.word(4, 14),
            date: format!(
                "{:02}/{}/20{:02}:{:02}:{:02}:{:02} +0000",
                1 + r.below(28),
                MONTHS[r.below(12) as usize],
                10 + r.below(17),
                r.below(24),
                r.below(60),
                r.below(60)
            ),
            request: format!(
                "{} /{} HTTP/1.1",
                METHODS[r.below(4) as usize],
                path.join("/")
            ),
            status: STATUS[r.below(STATUS.len() as u64) as usize],
            size: r.spread(1 << 40),
        }
    }

    /// `lines` log lines (12,500: 1.46 MB under fixed-int, 1.06 MB under varint).
    pub fn generate(lines: usize) -> Log {
        let mut r = Rng::new(0x10_6106);
        Log {
            lines: (0..lines).map(|_| line(&mut r)).collect(),
        }
    }
}

/// A triangle mesh: nothing but `f32`s.
pub mod mesh {
    use super::Rng;

    shapes! {
        pub struct Vector3 {
            pub x: f32,
            pub y: f32,
            pub z: f32,
        }

        pub struct Triangle {
            pub v0: Vector3,
            pub v1: Vector3,
            pub v2: Vector3,
            pub normal: Vector3,
        }

        pub struct Mesh {
            pub triangles: Vec<Triangle>,
        }
    }

    pub fn vector(r: &mut Rng) -> Vector3 {
        Vector3 {
            x: r.float(-100.0, 100.0) as f32,
            y: r.float(-100.0, 100.0) as f32,
            z: r.float(-100.0, 100.0) as f32,
        }
    }

    pub fn triangle(r: &mut Rng) -> Triangle {
        Triangle {
            v0: vector(r),
            v1: vector(r),
            v2: vector(r),
            normal: vector(r),
        }
    }

    /// `triangles` triangles of 48 bytes each (125,000: 6 MB).
    pub fn generate(triangles: usize) -> Mesh {
        let mut r = Rng::new(0x3e54);
        Mesh {
            triangles: (0..triangles).map(|_| triangle(&mut r)).collect(),
        }
    }
}

/// A game's save data: players with optional parts, inventories, flags.
pub mod save {
    use super::Rng;

    shapes! {
        pub enum Mode {
            Survival,
            Creative,
            Adventure,
            Spectator,
        }

        pub struct Item {
            pub count: i8,
            pub slot: u8,
            pub id: String,
        }

        pub struct Abilities {
            pub walk_speed: f32,
            pub fly_speed: f32,
            pub may_fly: bool,
            pub flying: bool,
            pub invulnerable: bool,
            pub may_build: bool,
            pub instabuild: bool,
        }

        pub struct Creature {
            pub kind: String,
            pub pos: (f64, f64, f64),
            pub motion: (f64, f64, f64),
            pub rotation: (f32, f32),
            pub fall_distance: f32,
            pub fire: u16,
            pub air: u16,
            pub on_ground: bool,
            pub no_gravity: bool,
            pub invulnerable: bool,
            pub portal_cooldown: i32,
            pub uuid: [u32; 4],
            pub custom_name: Option<String>,
            pub custom_name_visible: bool,
            pub silent: bool,
            pub glowing: bool,
        }

        pub struct RecipeBook {
            pub recipes: Vec<String>,
            pub to_be_displayed: Vec<String>,
            pub gui_open: bool,
            pub filtering_craftable: bool,
            pub furnace_gui_open: bool,
            pub furnace_filtering_craftable: bool,
        }

        pub struct Player {
            pub mode: Mode,
            pub previous_mode: Mode,
            pub score: u64,
            pub dimension: String,
            pub selected_slot: u32,
            pub selected_item: Item,
            pub spawn_dimension: Option<String>,
            pub spawn: (i64, i64, i64),
            pub spawn_forced: Option<bool>,
            pub sleep_timer: u16,
            pub food_exhaustion: f32,
            pub food_saturation: f32,
            pub food_tick_timer: u32,
            pub xp_level: u32,
            pub xp_progress: f32,
            pub xp_total: i32,
            pub xp_seed: i32,
            pub inventory: Vec<Item>,
            pub ender_items: Vec<Item>,
            pub abilities: Abilities,
            pub nether_position: Option<(f64, f64, f64)>,
            pub vehicle: Option<([u32; 4], Creature)>,
            pub shoulder_left: Option<Creature>,
            pub shoulder_right: Option<Creature>,
            pub seen_credits: bool,
            pub recipe_book: RecipeBook,
        }

        pub struct Save {
            pub players: Vec<Player>,
        }
    }

    const MODES: [Mode; 4] = [
        Mode::Survival,
        Mode::Creative,
        Mode::Adventure,
        Mode::Spectator,
    ];

    fn mode(r: &mut Rng) -> Mode {
        MODES[r.below(4) as usize].clone()
    }

    pub fn item(r: &mut Rng) -> Item {
        Item {
            count: r.below(65) as i8,
            slot: r.below(36) as u8,
            id: format!("game:{}", r.word(4, 16)),
        }
    }

    fn triple(r: &mut Rng, range: f64) -> (f64, f64, f64) {
        (
            r.float(-range, range),
            r.float(-range, range),
            r.float(-range, range),
        )
    }

    fn uuid(r: &mut Rng) -> [u32; 4] {
        core::array::from_fn(|_| r.next_u64() as u32)
    }

    pub fn creature(r: &mut Rng) -> Creature {
        Creature {
            kind: format!("game:{}", r.word(3, 12)),
            pos: triple(r, 10_000.0),
            motion: triple(r, 2.0),
            rotation: (r.float(0.0, 360.0) as f32, r.float(-90.0, 90.0) as f32),
            fall_distance: r.float(0.0, 20.0) as f32,
            fire: r.spread(u64::from(u16::MAX)) as u16,
            air: r.below(301) as u16,
            on_ground: r.chance(50),
            no_gravity: r.chance(5),
            invulnerable: r.chance(5),
            portal_cooldown: r.spread(1000) as i32 - 100,
            uuid: uuid(r),
            custom_name: r.chance(30).then(|| r.word(3, 20)),
            custom_name_visible: r.chance(20),
            silent: r.chance(10),
            glowing: r.chance(10),
        }
    }

    pub fn player(r: &mut Rng) -> Player {
        Player {
            mode: mode(r),
            previous_mode: mode(r),
            score: r.spread(1 << 34),
            dimension: format!("game:{}", r.word(5, 12)),
            selected_slot: r.below(9) as u32,
            selected_item: item(r),
            spawn_dimension: r.chance(60).then(|| format!("game:{}", r.word(5, 12))),
            spawn: (
                r.spread(1 << 25) as i64 - (1 << 24),
                r.below(320) as i64 - 64,
                r.spread(1 << 25) as i64 - (1 << 24),
            ),
            spawn_forced: r.chance(50).then(|| r.chance(50)),
            sleep_timer: r.below(101) as u16,
            food_exhaustion: r.float(0.0, 4.0) as f32,
            food_saturation: r.float(0.0, 20.0) as f32,
            food_tick_timer: r.spread(100_000) as u32,
            xp_level: r.spread(10_000) as u32,
            xp_progress: r.float(0.0, 1.0) as f32,
            xp_total: r.spread(1 << 30) as i32,
            xp_seed: r.next_u64() as i32,
            inventory: (0..r.below(37)).map(|_| item(r)).collect(),
            ender_items: (0..r.below(28)).map(|_| item(r)).collect(),
            abilities: Abilities {
                walk_speed: 0.1,
                fly_speed: 0.05,
                may_fly: r.chance(20),
                flying: r.chance(5),
                invulnerable: r.chance(5),
                may_build: r.chance(95),
                instabuild: r.chance(10),
            },
            nether_position: r.chance(50).then(|| triple(r, 5_000.0)),
            vehicle: r.chance(20).then(|| (uuid(r), creature(r))),
            shoulder_left: r.chance(15).then(|| creature(r)),
            shoulder_right: r.chance(15).then(|| creature(r)),
            seen_credits: r.chance(30),
            recipe_book: RecipeBook {
                recipes: (0..r.below(30))
                    .map(|_| format!("game:{}", r.word(4, 20)))
                    .collect(),
                to_be_displayed: (0..r.below(8))
                    .map(|_| format!("game:{}", r.word(4, 20)))
                    .collect(),
                gui_open: r.chance(50),
                filtering_craftable: r.chance(50),
                furnace_gui_open: r.chance(50),
                furnace_filtering_craftable: r.chance(50),
            },
        }
    }

    /// `players` players (1000: 1.5 MB under fixed-int, 1.07 MB under varint).
    pub fn generate(players: usize) -> Save {
        let mut r = Rng::new(0x5a7e);
        Save {
            players: (0..players).map(|_| player(&mut r)).collect(),
        }
    }
}

/// A game's network updates: many small records with small integers, `Option`s and `Vec`s.
pub mod net {
    use super::Rng;

    shapes! {
        pub enum Kind {
            Boat,
            Frigate,
            Submarine,
            Carrier,
            Aircraft,
            Missile,
            Torpedo,
            Mine,
            Crate,
            Barrel,
        }

        pub struct Transform {
            pub altitude: i8,
            pub angle: u16,
            pub position: (f32, f32),
            pub velocity: i16,
        }

        pub struct Guidance {
            pub angle: u16,
            pub submerge: bool,
            pub velocity: i16,
        }

        pub struct Contact {
            pub damage: u8,
            pub entity_id: u32,
            pub kind: Option<Kind>,
            pub guidance: Guidance,
            pub player_id: Option<u16>,
            pub reloads: Vec<bool>,
            pub transform: Transform,
            pub turret_angles: Vec<u16>,
        }

        pub struct TerrainPatch {
            pub chunk: (i8, i8),
            pub data: Vec<u8>,
        }

        pub struct Update {
            pub contacts: Vec<Contact>,
            pub score: u32,
            pub world_radius: f32,
            pub terrain: Vec<TerrainPatch>,
        }

        pub struct Updates {
            pub updates: Vec<Update>,
        }
    }

    const KINDS: [Kind; 10] = [
        Kind::Boat,
        Kind::Frigate,
        Kind::Submarine,
        Kind::Carrier,
        Kind::Aircraft,
        Kind::Missile,
        Kind::Torpedo,
        Kind::Mine,
        Kind::Crate,
        Kind::Barrel,
    ];

    pub fn contact(r: &mut Rng) -> Contact {
        let turrets = r.below(6) as usize;
        Contact {
            damage: r.below(256) as u8,
            entity_id: r.spread(u64::from(u32::MAX)) as u32,
            kind: r.chance(90).then(|| KINDS[r.below(10) as usize].clone()),
            guidance: Guidance {
                angle: r.next_u64() as u16,
                submerge: r.chance(10),
                velocity: r.spread(2000) as i16 - 1000,
            },
            player_id: r.chance(40).then(|| r.spread(u64::from(u16::MAX)) as u16),
            reloads: (0..turrets).map(|_| r.chance(70)).collect(),
            transform: Transform {
                altitude: r.below(256) as u8 as i8,
                angle: r.next_u64() as u16,
                position: (
                    r.float(-5000.0, 5000.0) as f32,
                    r.float(-5000.0, 5000.0) as f32,
                ),
                velocity: r.spread(4000) as i16 - 2000,
            },
            turret_angles: (0..turrets).map(|_| r.next_u64() as u16).collect(),
        }
    }

    pub fn update(r: &mut Rng) -> Update {
        Update {
            contacts: (0..50 + r.below(150)).map(|_| contact(r)).collect(),
            score: r.spread(1 << 24) as u32,
            world_radius: r.float(1000.0, 8000.0) as f32,
            terrain: (0..r.below(4))
                .map(|_| TerrainPatch {
                    chunk: (r.below(256) as u8 as i8, r.below(256) as u8 as i8),
                    data: (0..64 + r.below(512)).map(|_| r.next_u64() as u8).collect(),
                })
                .collect(),
        }
    }

    /// `updates` updates (400: about 1.9 MB under fixed-int, 1.4 MB under varint).
    pub fn generate(updates: usize) -> Updates {
        let mut r = Rng::new(0x3e7);
        Updates {
            updates: (0..updates).map(|_| update(&mut r)).collect(),
        }
    }
}
