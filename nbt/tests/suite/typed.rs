//! Typed NBT through serde: a derive-only user's structs read and write simdnbt's real files
//! and a real 1.19.4 region file's chunks byte for byte; every serde feature a user reaches for
//! (borrowing, the arrays, unknown and absent fields, `rename`, `default`, `flatten`,
//! `deny_unknown_fields`, enums, maps, `bool`) pinned to its bytes; errors with their path and
//! offset; the tree as a serde type (the same bytes as the tree writer, through serde_json and
//! back). Against fastnbt's serde in `endian_wire_compare`'s `tests/peers/nbt.rs`.

#![cfg(feature = "std")]

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use endian_wire_testkit::alloc::{allocations_during, peak_of};
use endian_wire_testkit::nbt as nbt_files;
use endian_wire_testkit::nbt_trees::{text, tree};
use endian_wire_testkit::nbt_typed::{self as typed, BigTest, Chunk, Level, Player};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use wire_nbt::{self as nbt, ByteArray, Compound, ErrorKind, IntArray, List, LongArray, Nbt, Tag};

/// A root compound of `entries` (type, name, payload), in the file form with an empty name.
fn doc(entries: &[u8]) -> Vec<u8> {
    [&[10u8, 0, 0][..], entries, &[0]].concat()
}

/// An entry: type, name, payload.
fn entry(kind: u8, name: &str, payload: &[u8]) -> Vec<u8> {
    let mut v = vec![kind];
    v.extend_from_slice(&(name.len() as u16).to_be_bytes());
    v.extend_from_slice(name.as_bytes());
    v.extend_from_slice(payload);
    v
}

// ----- real files ------------------------------------------------------------------------------

/// Reads `bytes` as `T`, writes it back with the root's name, and checks that the bytes are the
/// file's (the structs hold every field in file order) and read back as the same value and the
/// same tree.
fn round_trip_exactly<T>(name: &str, bytes: &[u8])
where
    T: for<'de> Deserialize<'de> + Serialize + PartialEq + std::fmt::Debug,
{
    let value: T = nbt::from_slice(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    let tree: Nbt = nbt::from_slice(bytes).unwrap();
    let written = nbt::to_vec_named(&tree.name, &value).unwrap();
    assert_eq!(nbt::from_slice::<T>(&written).unwrap(), value, "{name}");
    assert_eq!(
        nbt::from_slice::<Nbt>(&written).unwrap(),
        tree,
        "{name}: the tree"
    );
    assert!(written == bytes, "{name}: written back byte for byte");
}

#[test]
#[cfg_attr(miri, ignore = "reads files found by running cargo")]
fn a_derive_only_user_reads_and_writes_the_real_files() {
    let Some(files) = nbt_files::files_or_skip() else {
        return;
    };
    let file = |n: &str| &files.iter().find(|(f, _)| *f == n).unwrap().1;
    round_trip_exactly::<Player>("complex_player.dat", file("complex_player.dat"));
    round_trip_exactly::<Level>("level.dat", file("level.dat"));
    round_trip_exactly::<BigTest>("bigtest.nbt", file("bigtest.nbt"));

    // What the values are, against the tree's.
    let player: Player = nbt::from_slice(file("complex_player.dat")).unwrap();
    let tree: Nbt = nbt::from_slice(file("complex_player.dat")).unwrap();
    assert_eq!(player.inventory.len(), 25);
    assert_eq!(
        player.pos[..],
        *tree.list("Pos").unwrap().doubles().unwrap()
    );
    assert_eq!(player.xp_level, tree.int("XpLevel").unwrap());
    let sword = player.selected_item.as_ref().unwrap();
    assert_eq!(sword.id, "minecraft:diamond_sword");
    assert_eq!(
        sword.tag.as_ref().unwrap().display.as_ref().unwrap().name,
        "Shinzuki"
    );
    assert!(player.on_ground && !player.sleeping);
    let level: Level = nbt::from_slice(file("level.dat")).unwrap();
    assert_eq!(level.data.player, player);
    assert_eq!(level.data.game_rules.random_tick_speed, "3");
    let big: BigTest = nbt::from_slice(file("bigtest.nbt")).unwrap();
    assert_eq!(big.string_test, "HELLO WORLD THIS IS A TEST STRING ÅÄÖ!");
    assert_eq!(big.nested.egg.name, "Eggbert");
    assert!(
        big.byte_array
            .iter()
            .enumerate()
            .all(|(n, &b)| b as usize == (n * n * 255 + n * 7) % 100)
    );
}

#[test]
#[cfg_attr(miri, ignore = "reads files found by running cargo")]
fn the_real_chunks_of_a_region_file_round_trip() {
    let Some(chunks) = typed::region_chunks_or_skip() else {
        return;
    };
    assert_eq!(chunks.len(), 676);
    let mut longs = 0;
    for (i, bytes) in chunks.iter().enumerate() {
        round_trip_exactly::<Chunk>(&format!("chunk {i}"), bytes);
        let chunk: Chunk = nbt::from_slice(bytes).unwrap();
        let tree: Compound = nbt::from_slice(bytes).unwrap();
        let sections = tree.list("sections").unwrap().compounds().unwrap();
        assert_eq!(chunk.sections.len(), sections.len());
        for (s, t) in chunk.sections.iter().zip(sections) {
            let states = t.compound("block_states").unwrap();
            assert_eq!(s.block_states.data.as_deref(), states.long_array("data"));
            assert_eq!(
                s.block_states.palette.len(),
                states.list("palette").unwrap().len()
            );
            longs += s.block_states.data.as_ref().map_or(0, |d| d.len());
        }
    }
    assert!(longs > 100_000, "{longs} longs of block states");
}

#[test]
#[cfg_attr(miri, ignore = "hundreds of KiB")]
fn generated_documents_convert_between_a_struct_and_a_tree() {
    // A typed value to bytes to a tree, and the tree to bytes to the value.
    let Some(player) = nbt_files::file_or_skip("complex_player.dat") else {
        return;
    };
    let player: Player = nbt::from_slice(&player).unwrap();
    let tree: Compound = nbt::from_slice(&nbt::to_vec(&player).unwrap()).unwrap();
    assert_eq!(tree.int("XpTotal"), Some(player.xp_total));
    let back: Player = nbt::from_slice(&nbt::to_vec(&tree).unwrap()).unwrap();
    assert_eq!(back, player);
    // The tree through serde's writer is the tree writer's bytes.
    for doc in [nbt_files::chunk(), nbt_files::player()] {
        assert_eq!(nbt::to_vec(&doc).unwrap(), doc.to_vec().unwrap());
    }
}

// ----- borrowing -----------------------------------------------------------------------------

fn within(s: &[u8], input: &[u8]) -> bool {
    input.as_ptr_range().contains(&s.as_ptr())
}

#[test]
fn strings_and_byte_arrays_borrow_from_the_input() {
    #[derive(Deserialize)]
    struct Borrowed<'a> {
        plain: &'a str,
        utf8: &'a str,
        #[serde(borrow)]
        cow_plain: Cow<'a, str>,
        #[serde(borrow)]
        cow_nul: Cow<'a, str>,
        bytes: &'a [u8],
    }
    let input = nbt::to_vec(
        &Compound::new()
            .with("plain", "minecraft:stone")
            .with("utf8", "Åäö ✦")
            .with("cow_plain", "x")
            .with("cow_nul", "a\0b")
            .with("bytes", vec![1i8, -1, 2]),
    )
    .unwrap();
    let b: Borrowed = nbt::from_slice(&input).unwrap();
    assert_eq!((b.plain, b.utf8), ("minecraft:stone", "Åäö ✦"));
    assert!(within(b.plain.as_bytes(), &input) && within(b.utf8.as_bytes(), &input));
    assert!(matches!(b.cow_plain, Cow::Borrowed("x")));
    // NUL is `C0 80` in modified UTF-8: decoded into a new string.
    assert!(matches!(&b.cow_nul, Cow::Owned(s) if s == "a\0b"));
    assert_eq!(b.bytes, [1, 0xFF, 2]);
    assert!(within(b.bytes, &input));

    // A `&str` cannot hold a string that needs decoding: an error naming the field.
    #[derive(Deserialize, Debug)]
    struct OnlyBorrowed<'a> {
        #[allow(dead_code)]
        cow_nul: &'a str,
    }
    let e = nbt::from_slice::<OnlyBorrowed>(
        &nbt::to_vec(&Compound::new().with("cow_nul", "a\0b")).unwrap(),
    )
    .unwrap_err();
    assert_eq!(e.path(), "cow_nul");
    assert!(e.to_string().contains("borrowed string"), "{e}");
}

// ----- arrays and lists ----------------------------------------------------------------------

#[test]
fn array_newtypes_are_the_array_tags_and_plain_vectors_are_lists() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Arrays {
        b: ByteArray,
        i: IntArray,
        l: LongArray,
        v: Vec<i32>,
        a: [i16; 2],
    }
    let value = Arrays {
        b: ByteArray::new(vec![1, -1]),
        i: IntArray::new(vec![0x0102_0304]),
        l: LongArray::new(vec![-2]),
        v: vec![7],
        a: [1, -1],
    };
    let bytes = nbt::to_vec(&value).unwrap();
    let expected = doc(&[
        entry(7, "b", &[0, 0, 0, 2, 1, 0xFF]),
        entry(11, "i", &[0, 0, 0, 1, 1, 2, 3, 4]),
        entry(
            12,
            "l",
            &[0, 0, 0, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE],
        ),
        entry(9, "v", &[3, 0, 0, 0, 1, 0, 0, 0, 7]),
        entry(9, "a", &[2, 0, 0, 0, 2, 0, 1, 0xFF, 0xFF]),
    ]
    .concat());
    assert_eq!(bytes, expected);
    assert_eq!(nbt::from_slice::<Arrays>(&bytes).unwrap(), value);

    // Each reads from the other form too: an array newtype from a list of its numbers, a
    // vector or an array from an array tag.
    let swapped = doc(&[
        entry(9, "b", &[1, 0, 0, 0, 2, 1, 0xFF]),
        entry(9, "i", &[3, 0, 0, 0, 1, 1, 2, 3, 4]),
        entry(
            9,
            "l",
            &[
                4, 0, 0, 0, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE,
            ],
        ),
        entry(11, "v", &[0, 0, 0, 1, 0, 0, 0, 7]),
        entry(9, "a", &[2, 0, 0, 0, 2, 0, 1, 0xFF, 0xFF]),
    ]
    .concat());
    assert_eq!(nbt::from_slice::<Arrays>(&swapped).unwrap(), value);
    // Empty lists of End read as empty vectors.
    #[derive(Deserialize, Debug, PartialEq)]
    struct Empty {
        v: Vec<i32>,
        i: IntArray,
    }
    let empty = doc(&[
        entry(9, "v", &[0, 0, 0, 0, 0]),
        entry(11, "i", &[0, 0, 0, 0]),
    ]
    .concat());
    assert_eq!(
        nbt::from_slice::<Empty>(&empty).unwrap(),
        Empty {
            v: vec![],
            i: IntArray::default()
        }
    );
    // A fixed-size array of another length is an error.
    #[derive(Deserialize, Debug)]
    struct Three {
        #[allow(dead_code)]
        a: [i16; 3],
    }
    assert!(nbt::from_slice::<Three>(&bytes).is_err());
    #[derive(Deserialize, Debug)]
    struct One {
        #[allow(dead_code)]
        a: [i16; 1],
    }
    assert!(nbt::from_slice::<One>(&bytes).is_err());
}

#[test]
fn block_state_long_arrays_convert_in_one_allocation() {
    #[derive(Deserialize)]
    struct States {
        data: LongArray,
    }
    let longs: Vec<i64> = (0..4096).map(|i| i * 0x0101_0101_0101).collect();
    let bytes = nbt::to_vec(&Compound::new().with("data", longs.clone())).unwrap();
    let mut states = None;
    let allocations =
        allocations_during(|| states = Some(nbt::from_slice::<States>(&bytes).unwrap()));
    assert_eq!(allocations, 1, "the vector, allocated once at its size");
    assert_eq!(states.unwrap().data.0, longs);
}

// ----- fields ----------------------------------------------------------------------------------

#[test]
fn unknown_fields_are_skipped_without_allocating() {
    #[derive(Deserialize)]
    struct Wanted {
        x: i32,
    }
    let big = nbt::to_vec(
        &Compound::new()
            .with(
                "strings",
                List::String((0..1000).map(|i| format!("string {i}")).collect()),
            )
            .with("x", 5)
            .with(
                "nested",
                Compound::new().with(
                    "deeper",
                    List::Compound(vec![Compound::new().with("a", 1); 100]),
                ),
            )
            .with("longs", (0..1000i64).collect::<Vec<_>>()),
    )
    .unwrap();
    let (x, peak) = peak_of(|| nbt::from_slice::<Wanted>(&big).unwrap().x);
    assert_eq!(x, 5);
    assert_eq!(
        peak,
        0,
        "nothing allocated for {} bytes of unknown fields",
        big.len()
    );
    // What is skipped is still checked as the tree reader checks it.
    let mut cut = big.clone();
    cut.truncate(big.len() - 100);
    cut.push(0);
    assert!(nbt::from_slice::<Wanted>(&cut).is_err());
}

#[test]
fn absent_options_are_none_and_none_fields_are_left_out() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Maybe {
        a: Option<i32>,
        b: Option<String>,
    }
    let some = Maybe {
        a: Some(1),
        b: None,
    };
    let bytes = nbt::to_vec(&some).unwrap();
    assert_eq!(bytes, doc(&entry(3, "a", &[0, 0, 0, 1])));
    assert_eq!(nbt::from_slice::<Maybe>(&bytes).unwrap(), some);
    assert_eq!(
        nbt::from_slice::<Maybe>(&doc(&[])).unwrap(),
        Maybe { a: None, b: None }
    );
    // `None` in a list has no NBT form.
    let e = nbt::to_vec(&HashMap::from([("l", vec![Some(1), None])])).unwrap_err();
    assert_eq!(e.path(), "l[1]");
    assert!(matches!(e.kind(), ErrorKind::Unencodable { .. }), "{e}");
}

#[test]
fn rename_default_and_deny_unknown_fields() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "PascalCase", deny_unknown_fields)]
    struct Strict {
        #[serde(rename = "xPos")]
        x_pos: i32,
        count: i8,
        #[serde(default = "seven")]
        level: i32,
    }
    fn seven() -> i32 {
        7
    }
    let bytes = doc(&[entry(3, "xPos", &[0, 0, 0, 2]), entry(1, "Count", &[3])].concat());
    assert_eq!(
        nbt::from_slice::<Strict>(&bytes).unwrap(),
        Strict {
            x_pos: 2,
            count: 3,
            level: 7
        }
    );
    let written = nbt::to_vec(&Strict {
        x_pos: 2,
        count: 3,
        level: 7,
    })
    .unwrap();
    assert_eq!(written[3..14], entry(3, "xPos", &[0, 0, 0, 2])[..]);
    let extra = doc(&[entry(3, "xPos", &[0, 0, 0, 2]), entry(8, "Other", &[0, 0])].concat());
    let e = nbt::from_slice::<Strict>(&extra).unwrap_err();
    assert!(e.to_string().contains("unknown field `Other`"), "{e}");
    assert_eq!(e.path(), "Other");
    // A missing field without a default: serde's message, at the compound.
    let e = nbt::from_slice::<Strict>(&doc(&[])).unwrap_err();
    assert_eq!(e.to_string(), "NBT: at byte 3: missing field `xPos`");
}

#[test]
fn flatten_collects_the_rest() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Entity {
        id: String,
        #[serde(flatten)]
        pos: Pos,
        #[serde(flatten)]
        rest: BTreeMap<String, Tag>,
    }
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Pos {
        x: i32,
        y: i32,
    }
    let tree = Compound::new()
        .with("id", "minecraft:chest")
        .with("x", 1)
        .with("CustomName", "box")
        .with("y", 2)
        .with(
            "Items",
            List::Compound(vec![Compound::new().with("Slot", 0i8)]),
        );
    let e: Entity = nbt::from_slice(&nbt::to_vec(&tree).unwrap()).unwrap();
    assert_eq!(e.pos, Pos { x: 1, y: 2 });
    assert_eq!(e.rest["CustomName"], Tag::String("box".into()));
    assert_eq!(
        e.rest["Items"],
        Tag::List(List::Compound(vec![Compound::new().with("Slot", 0i8)]))
    );
    // Written: the fields, then the flattened entries (a map: serde writes them in its order).
    let back: Compound = nbt::from_slice(&nbt::to_vec(&e).unwrap()).unwrap();
    assert_eq!(back.len(), tree.len());
    for (k, v) in tree.iter() {
        assert_eq!(back.get(k), Some(v), "{k}");
    }
}

#[test]
fn enums_unit_variants_as_strings_and_the_others_as_compounds() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    enum Shape {
        Point,
        Circle(f32),
        Line(i32, i32),
        Rect { w: i16, h: i16 },
    }
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Holder {
        shapes: Vec<Shape>,
        one: Shape,
    }
    let h = Holder {
        shapes: vec![
            Shape::Circle(0.5),
            Shape::Line(1, 2),
            Shape::Rect { w: 3, h: 4 },
        ],
        one: Shape::Point,
    };
    let bytes = nbt::to_vec(&h).unwrap();
    assert_eq!(nbt::from_slice::<Holder>(&bytes).unwrap(), h);
    let tree: Compound = nbt::from_slice(&bytes).unwrap();
    assert_eq!(tree.string("one"), Some("Point"));
    let shapes = tree.list("shapes").unwrap().compounds().unwrap();
    assert_eq!(shapes[0], Compound::new().with("Circle", 0.5f32));
    assert_eq!(
        shapes[1],
        Compound::new().with("Line", List::Int(vec![1, 2]))
    );
    assert_eq!(
        shapes[2],
        Compound::new().with("Rect", Compound::new().with("w", 3i16).with("h", 4i16))
    );
    // A variant at the root is a compound of one entry.
    let root = nbt::to_vec(&Shape::Rect { w: 1, h: 2 }).unwrap();
    assert_eq!(
        nbt::from_slice::<Shape>(&root).unwrap(),
        Shape::Rect { w: 1, h: 2 }
    );
    // An unknown variant, and a compound of two entries, are errors.
    let e = nbt::from_slice::<Holder>(&doc(&[
        entry(9, "shapes", &[0, 0, 0, 0, 0]),
        entry(8, "one", &[0, 3, b'B', b'a', b'd']),
    ]
    .concat()))
    .unwrap_err();
    assert!(e.to_string().contains("unknown variant `Bad`"), "{e}");
    assert_eq!(e.path(), "one");
    let two = Compound::new().with("one", Compound::new().with("Circle", 1.0f32).with("x", 1));
    assert!(nbt::from_slice::<Holder>(&nbt::to_vec(&two).unwrap()).is_err());

    // Internally tagged, as entity files are (`id` names the kind). serde reads such an enum
    // through its own buffer, where a byte is a number: a `bool` there is an error, so the
    // byte is an `i8` (as with fastnbt).
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "id")]
    enum Entity {
        #[serde(rename = "minecraft:pig")]
        Pig { saddle: i8 },
        #[serde(rename = "minecraft:item")]
        Item { age: i16 },
    }
    let pig = Entity::Pig { saddle: 1 };
    let bytes = nbt::to_vec(&pig).unwrap();
    let tree: Compound = nbt::from_slice(&bytes).unwrap();
    assert_eq!(
        tree,
        Compound::new()
            .with("id", "minecraft:pig")
            .with("saddle", 1i8)
    );
    assert_eq!(nbt::from_slice::<Entity>(&bytes).unwrap(), pig);
    #[derive(Deserialize, Debug)]
    #[serde(tag = "id")]
    enum WithBool {
        #[serde(rename = "minecraft:pig")]
        Pig {
            #[allow(dead_code)]
            saddle: bool,
        },
    }
    assert!(nbt::from_slice::<WithBool>(&bytes).is_err());
}

#[test]
fn maps_with_string_and_integer_keys() {
    let rules: BTreeMap<String, String> = [
        ("doFireTick".into(), "false".into()),
        ("keepInventory".into(), "true".into()),
    ]
    .into();
    let bytes = nbt::to_vec(&rules).unwrap();
    assert_eq!(
        nbt::from_slice::<BTreeMap<String, String>>(&bytes).unwrap(),
        rules
    );
    let borrowed: HashMap<&str, &str> = nbt::from_slice(&bytes).unwrap();
    assert_eq!(borrowed["keepInventory"], "true");
    // Integer keys are their decimal digits, as in JSON.
    let by_id: BTreeMap<i32, i8> = [(-3, 1), (40, 2)].into();
    let bytes = nbt::to_vec(&by_id).unwrap();
    assert_eq!(
        bytes,
        doc(&[entry(1, "-3", &[1]), entry(1, "40", &[2])].concat())
    );
    assert_eq!(nbt::from_slice::<BTreeMap<i32, i8>>(&bytes).unwrap(), by_id);
    assert!(nbt::from_slice::<BTreeMap<u8, i8>>(&bytes).is_err());
    assert!(nbt::to_vec(&BTreeMap::from([((1, 2), 3)])).is_err());
}

#[test]
fn bools_are_bytes_and_unsigned_integers_keep_their_bits() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Flags {
        on: bool,
        off: bool,
        u8: u8,
        u16: u16,
        u32: u32,
        u64: u64,
        ch: char,
        unit: (),
    }
    let f = Flags {
        on: true,
        off: false,
        u8: 200,
        u16: 60_000,
        u32: u32::MAX,
        u64: 1 << 63,
        ch: 'é',
        unit: (),
    };
    let bytes = nbt::to_vec(&f).unwrap();
    let tree: Compound = nbt::from_slice(&bytes).unwrap();
    assert_eq!(tree.byte("on"), Some(1));
    assert_eq!(tree.byte("off"), Some(0));
    assert_eq!(tree.byte("u8"), Some(200u8 as i8));
    assert_eq!(tree.short("u16"), Some(60_000u16 as i16));
    assert_eq!(tree.int("u32"), Some(-1));
    assert_eq!(tree.long("u64"), Some(i64::MIN));
    assert_eq!(tree.string("ch"), Some("é"));
    assert_eq!(tree.compound("unit"), Some(&Compound::new()));
    assert_eq!(nbt::from_slice::<Flags>(&bytes).unwrap(), f);
    // Any byte but 0 is true (Minecraft's `getBoolean`); a wider integer reads if it fits.
    #[derive(Deserialize, Debug, PartialEq)]
    struct Wide {
        on: bool,
        n: i64,
        small: u8,
    }
    let other = doc(&[
        entry(1, "on", &[7]),
        entry(1, "n", &[0xFF]),
        entry(3, "small", &[0, 0, 0, 9]),
    ]
    .concat());
    assert_eq!(
        nbt::from_slice::<Wide>(&other).unwrap(),
        Wide {
            on: true,
            n: -1,
            small: 9
        }
    );
    let too_big = doc(&[
        entry(1, "on", &[1]),
        entry(1, "n", &[1]),
        entry(3, "small", &[0, 0, 1, 0]),
    ]
    .concat());
    let e = nbt::from_slice::<Wide>(&too_big).unwrap_err();
    assert_eq!(e.path(), "small");
    assert!(nbt::to_vec(&HashMap::from([("x", 1u128)])).is_err());
}

// ----- errors --------------------------------------------------------------------------------

#[test]
fn errors_name_the_path_and_the_offset() {
    let inventory = List::Compound(
        (0..5)
            .map(|i| {
                let c = Compound::new().with("id", "minecraft:stone");
                if i == 3 {
                    c.with("Count", "64")
                } else {
                    c.with("Count", 64i8)
                }
            })
            .collect(),
    );
    let bytes = nbt::to_vec(
        &Compound::new()
            .with("XpLevel", 30)
            .with("Inventory", inventory),
    )
    .unwrap();
    #[derive(Deserialize, Debug)]
    #[serde(rename_all = "PascalCase")]
    struct P {
        #[allow(dead_code)]
        inventory: Vec<I>,
    }
    #[derive(Deserialize, Debug)]
    struct I {
        #[allow(dead_code)]
        #[serde(rename = "Count")]
        count: i8,
    }
    let e = nbt::from_slice::<P>(&bytes).unwrap_err();
    assert_eq!(e.path(), "Inventory[3].Count");
    // The string's payload: its entry starts 8 bytes earlier (type, length, "Count").
    let at = e.offset();
    assert_eq!(bytes[at - 8], 8);
    assert_eq!(&bytes[at - 5..at], b"Count");
    assert_eq!(
        e.to_string(),
        format!("NBT: Inventory[3].Count at byte {at}: expected a byte, found a string")
    );
    assert!(matches!(
        e.kind(),
        ErrorKind::Mismatch {
            expected: "a byte",
            found: nbt::TagKind::String
        }
    ));
    let io: std::io::Error = e.into();
    assert_eq!(io.kind(), std::io::ErrorKind::InvalidData);

    // The input ending inside a typed read: where, and `UnexpectedEof`.
    let fine = List::Compound(vec![Compound::new().with("Count", 1i8); 3]);
    let bytes = nbt::to_vec(&Compound::new().with("Inventory", fine)).unwrap();
    let e = nbt::from_slice::<P>(&bytes[..bytes.len() - 4]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::UnexpectedEof { .. }), "{e}");
    assert!(e.path().starts_with("Inventory["), "{e}");
    let io: std::io::Error = e.into();
    assert_eq!(io.kind(), std::io::ErrorKind::UnexpectedEof);
}

#[test]
fn every_reader_refuses_trailing_bytes_and_the_prefix_forms_take_them() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct X {
        x: i32,
    }
    let mut bytes = doc(&entry(3, "x", &[0, 0, 0, 1]));
    let len = bytes.len();
    bytes.extend_from_slice(b"rest");
    let trailing = |e: nbt::Error| {
        assert!(
            matches!(e.kind(), ErrorKind::TrailingBytes { count: 4 }),
            "{e}"
        );
        assert_eq!(e.offset(), len);
    };
    trailing(nbt::from_slice::<X>(&bytes).unwrap_err());
    trailing(nbt::from_slice::<Nbt>(&bytes).unwrap_err());
    trailing(nbt::from_slice::<Compound>(&bytes).unwrap_err());
    trailing(nbt::view(&bytes).unwrap_err());
    trailing(nbt::from_reader::<X, _>(&bytes[..]).unwrap_err());
    assert_eq!(
        nbt::from_slice_prefix::<X>(&bytes).unwrap(),
        (X { x: 1 }, len)
    );
    assert_eq!(nbt::from_slice_prefix::<Nbt>(&bytes).unwrap().1, len);
    assert_eq!(nbt::view_prefix(&bytes).unwrap().1, len);
    // The network form: no name.
    let mut net = vec![10];
    net.extend_from_slice(&entry(3, "x", &[0, 0, 0, 1]));
    net.push(0);
    let used = net.len();
    assert_eq!(nbt::from_network_slice::<X>(&net).unwrap(), X { x: 1 });
    assert_eq!(
        nbt::to_network_vec(&Compound::new().with("x", 1)).unwrap(),
        net
    );
    net.extend_from_slice(b"packet");
    assert_eq!(nbt::from_network_slice_prefix::<X>(&net).unwrap().1, used);
    assert_eq!(nbt::view_network_prefix(&net).unwrap().1, used);
    assert!(nbt::from_network_slice::<X>(&net).is_err());
    assert!(nbt::from_network_reader::<X, _>(&net[..]).is_err());
}

#[test]
fn roots_that_are_not_compounds_are_refused_both_ways() {
    assert!(matches!(
        nbt::to_vec(&5i32).unwrap_err().kind(),
        ErrorKind::Unencodable { .. }
    ));
    assert!(nbt::to_vec(&vec![1, 2]).is_err());
    let e = nbt::from_slice::<i32>(&[3, 0, 0, 0, 0, 0, 1]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::RootNotCompound { found: 3 }));
}

// ----- the tree as a serde type --------------------------------------------------------------

#[test]
fn the_tree_prints_through_serde_json_and_reads_back() {
    let tree = Compound::new()
        .with("name", "Steve")
        .with("pos", List::Double(vec![0.5, 64.0]))
        .with("uuid", vec![1, 2])
        .with("flag", 1i8)
        .with(
            "inv",
            List::Compound(vec![Compound::new().with("id", "stone")]),
        );
    let json = serde_json::to_string(&tree).unwrap();
    assert_eq!(
        json,
        r#"{"name":"Steve","pos":[0.5,64.0],"uuid":[1,2],"flag":1,"inv":[{"id":"stone"}]}"#
    );
    // Back from JSON: numbers as longs and doubles (JSON has no widths).
    let back: Compound = serde_json::from_str(&json).unwrap();
    assert_eq!(back.long("flag"), Some(1));
    assert_eq!(back.string("name"), Some("Steve"));
    assert_eq!(back.list("pos").unwrap().doubles(), Some(&[0.5, 64.0][..]));
    assert_eq!(back.list("uuid").unwrap().longs(), Some(&[1, 2][..]));
    assert!(serde_json::from_str::<Compound>(r#"{"mixed":[1,"a"]}"#).is_err());
    let nbt: Nbt = serde_json::from_str(&json).unwrap();
    assert_eq!(nbt.name, "");
}

#[test]
fn tree_types_read_through_typed_structs_keep_every_type() {
    #[derive(Deserialize, Serialize, Debug, PartialEq)]
    struct Item {
        id: String,
        tag: Option<Compound>,
        any: Tag,
        list: List,
    }
    let tag = Compound::new()
        .with("empty ints", List::Int(vec![]))
        .with("arrays", List::LongArray(vec![vec![1], vec![]]))
        .with("nul", "a\0b");
    let value = Item {
        id: "x".into(),
        tag: Some(tag.clone()),
        any: Tag::IntArray(vec![1, 2]),
        list: List::Empty,
    };
    let bytes = nbt::to_vec(&value).unwrap();
    assert_eq!(nbt::from_slice::<Item>(&bytes).unwrap(), value);
    // A tree type of the wrong tag type is an error with its path.
    let wrong = nbt::to_vec(
        &Compound::new()
            .with("id", "x")
            .with("any", 1)
            .with("list", 5),
    )
    .unwrap();
    let e = nbt::from_slice::<Item>(&wrong).unwrap_err();
    assert_eq!(e.path(), "list");
    // A bad tree value inside a struct: the tree reader's own error and offset.
    let mut bad = nbt::to_vec(
        &Compound::new()
            .with("id", "x")
            .with("tag", Compound::new().with("s", "ok")),
    )
    .unwrap();
    let at = bad.windows(2).position(|w| w == b"ok").unwrap();
    bad[at] = 0xFF;
    let e = nbt::from_slice::<Item>(&bad).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidMutf8), "{e}");
    assert_eq!(e.offset(), at);
    assert_eq!(e.path(), "tag");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(endian_wire_testkit::proptest_cases(256)))]

    /// Random trees: serde's writer gives the tree writer's bytes; `from_slice` into each tree
    /// type gives the tree; a typed map of tags reads and writes them back.
    #[test]
    fn prop_random_trees_through_serde(root in tree(), name in text()) {
        let nbt = Nbt::new(name.clone(), root);
        let bytes = nbt.to_vec().unwrap();
        prop_assert_eq!(&nbt::to_vec_named(&name, &nbt).unwrap(), &bytes);
        let back: Nbt = nbt::from_slice(&bytes).unwrap();
        prop_assert_eq!(back.to_vec().unwrap(), bytes.clone());
        let root: Compound = nbt::from_slice(&bytes).unwrap();
        prop_assert_eq!(nbt::to_vec_named(&name, &root).unwrap(), bytes.clone());
        let tag: Tag = nbt::from_slice(&bytes).unwrap();
        prop_assert_eq!(nbt::to_vec_named(&name, &tag).unwrap(), bytes.clone());
        // Entries one by one through serde's map: a map of tags is the compound, in name
        // order (the generator's order).
        let map: BTreeMap<String, Tag> = nbt::from_slice(&bytes).unwrap();
        prop_assert_eq!(nbt::to_vec_named(&name, &map).unwrap(), bytes.clone());
    }

    /// Arbitrary bytes into a typed struct: a value or an error, never a panic; a value read
    /// is written back and read again the same.
    #[test]
    fn prop_arbitrary_bytes_into_structs(body in prop::collection::vec(any::<u8>(), 0..200)) {
        #[derive(Serialize, Deserialize, Debug, PartialEq)]
        struct Loose {
            a: Option<i32>,
            b: Option<Vec<String>>,
            c: Option<BTreeMap<String, Tag>>,
        }
        let bytes = [&[10u8, 0, 0][..], &body].concat();
        if let Ok(v) = nbt::from_slice::<Loose>(&bytes) {
            // Compared as bytes: a NaN is not equal to itself.
            let again = nbt::to_vec(&v).unwrap();
            let twice = nbt::to_vec(&nbt::from_slice::<Loose>(&again).unwrap()).unwrap();
            prop_assert_eq!(twice, again);
        }
    }
}

/// Names and strings of every length around the writer's one-pass copy (64 bytes), plain or
/// holding a character that modified UTF-8 re-encodes (NUL, one beyond the Basic Multilingual
/// Plane) at the start, middle or end: the typed writer gives the tree writer's bytes, and
/// they read back.
#[test]
fn typed_names_and_strings_of_every_length_are_written_as_the_tree_writes_them() {
    #[derive(Serialize)]
    struct Field<'a> {
        s: &'a str,
    }
    // Under Miri the lengths around each of the copy's cases (words, 16-byte pieces, 64).
    let lens: Vec<usize> = if cfg!(miri) {
        vec![0, 7, 16, 33, 64, 65]
    } else {
        (0..=70).collect()
    };
    for len in lens {
        for special in ["", "\0", "é", "🦀"] {
            for at in [0, len / 2, len] {
                let mut text: String = "abcdefghij".chars().cycle().take(len).collect();
                if !special.is_empty() {
                    text.insert_str(at.min(text.len()), special);
                }
                let map = BTreeMap::from([(text.clone(), text.clone())]);
                let tree = Nbt::new("", Compound::new().with(text.as_str(), text.as_str()));
                let bytes = nbt::to_vec(&map).unwrap();
                assert_eq!(bytes, tree.to_vec().unwrap(), "{text:?}");
                assert_eq!(
                    nbt::from_slice::<BTreeMap<String, String>>(&bytes).unwrap(),
                    map
                );
                let field = nbt::to_vec(&Field { s: &text }).unwrap();
                let tree = Nbt::new("", Compound::new().with("s", text.as_str()));
                assert_eq!(field, tree.to_vec().unwrap(), "{text:?}");
            }
        }
    }
}
