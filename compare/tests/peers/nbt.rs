//! NBT against valence_nbt and fastnbt: simdnbt's seven test files (from Cargo's registry) and
//! generated chunk-like and player-like documents read as the same trees, exchanged both ways;
//! random trees written byte for byte as valence_nbt writes them.

use endian_wire_testkit::nbt as nbt_files;
use endian_wire_testkit::nbt_trees::{text, tree};
use proptest::prelude::*;
use wire_nbt::{self as nbt, Compound, List, Nbt, Tag};

// ----- tree comparison with the peers, by walking both ---------------------------------------

fn bits32(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits()
}
fn bits64(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits()
}

fn same_valence_compound(ours: &Compound, theirs: &valence_nbt::Compound) -> bool {
    ours.len() == theirs.len()
        && ours
            .iter()
            .all(|(k, v)| theirs.get(k).is_some_and(|t| same_valence(v, t)))
}

fn same_valence(ours: &Tag, theirs: &valence_nbt::Value) -> bool {
    use valence_nbt::Value as V;
    match (ours, theirs) {
        (Tag::Byte(a), V::Byte(b)) => a == b,
        (Tag::Short(a), V::Short(b)) => a == b,
        (Tag::Int(a), V::Int(b)) => a == b,
        (Tag::Long(a), V::Long(b)) => a == b,
        (Tag::Float(a), V::Float(b)) => bits32(*a, *b),
        (Tag::Double(a), V::Double(b)) => bits64(*a, *b),
        (Tag::ByteArray(a), V::ByteArray(b)) => a == b,
        (Tag::String(a), V::String(b)) => a == b,
        (Tag::List(a), V::List(b)) => same_valence_list(a, b),
        (Tag::Compound(a), V::Compound(b)) => same_valence_compound(a, b),
        (Tag::IntArray(a), V::IntArray(b)) => a == b,
        (Tag::LongArray(a), V::LongArray(b)) => a == b,
        _ => false,
    }
}

fn same_valence_list(ours: &List, theirs: &valence_nbt::List) -> bool {
    use valence_nbt::List as L;
    fn all<A, B>(a: &[A], b: &[B], f: impl Fn(&A, &B) -> bool) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(a, b)| f(a, b))
    }
    match (ours, theirs) {
        (List::Empty, L::End) => true,
        (List::Byte(a), L::Byte(b)) => a == b,
        (List::Short(a), L::Short(b)) => a == b,
        (List::Int(a), L::Int(b)) => a == b,
        (List::Long(a), L::Long(b)) => a == b,
        (List::Float(a), L::Float(b)) => all(a, b, |a, b| bits32(*a, *b)),
        (List::Double(a), L::Double(b)) => all(a, b, |a, b| bits64(*a, *b)),
        (List::ByteArray(a), L::ByteArray(b)) => a == b,
        (List::String(a), L::String(b)) => a == b,
        (List::List(a), L::List(b)) => all(a, b, same_valence_list),
        (List::Compound(a), L::Compound(b)) => all(a, b, same_valence_compound),
        (List::IntArray(a), L::IntArray(b)) => a == b,
        (List::LongArray(a), L::LongArray(b)) => a == b,
        _ => false,
    }
}

fn same_fastnbt(ours: &Tag, theirs: &fastnbt::Value) -> bool {
    use fastnbt::Value as V;
    match (ours, theirs) {
        (Tag::Byte(a), V::Byte(b)) => a == b,
        (Tag::Short(a), V::Short(b)) => a == b,
        (Tag::Int(a), V::Int(b)) => a == b,
        (Tag::Long(a), V::Long(b)) => a == b,
        (Tag::Float(a), V::Float(b)) => bits32(*a, *b),
        (Tag::Double(a), V::Double(b)) => bits64(*a, *b),
        (Tag::ByteArray(a), V::ByteArray(b)) => a[..] == b[..],
        (Tag::String(a), V::String(b)) => a == b,
        // fastnbt's lists are vectors of values (an empty one has lost its element type).
        (Tag::List(a), V::List(b)) => {
            a.len() == b.len() && (0..a.len()).all(|i| same_fastnbt(&a.get(i).unwrap(), &b[i]))
        }
        (Tag::Compound(a), V::Compound(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(k, v)| b.get(k).is_some_and(|t| same_fastnbt(v, t)))
        }
        (Tag::IntArray(a), V::IntArray(b)) => a[..] == b[..],
        (Tag::LongArray(a), V::LongArray(b)) => a[..] == b[..],
        _ => false,
    }
}

/// Our tree as valence_nbt's (to have valence_nbt write it).
fn to_valence(c: &Compound) -> valence_nbt::Compound {
    fn list(l: &List) -> valence_nbt::List {
        use valence_nbt::List as L;
        match l {
            List::Empty => L::End,
            List::Byte(v) => L::Byte(v.clone()),
            List::Short(v) => L::Short(v.clone()),
            List::Int(v) => L::Int(v.clone()),
            List::Long(v) => L::Long(v.clone()),
            List::Float(v) => L::Float(v.clone()),
            List::Double(v) => L::Double(v.clone()),
            List::ByteArray(v) => L::ByteArray(v.clone()),
            List::String(v) => L::String(v.clone()),
            List::List(v) => L::List(v.iter().map(list).collect()),
            List::Compound(v) => L::Compound(v.iter().map(to_valence).collect()),
            List::IntArray(v) => L::IntArray(v.clone()),
            List::LongArray(v) => L::LongArray(v.clone()),
        }
    }
    fn value(t: &Tag) -> valence_nbt::Value {
        use valence_nbt::Value as V;
        match t {
            Tag::Byte(v) => V::Byte(*v),
            Tag::Short(v) => V::Short(*v),
            Tag::Int(v) => V::Int(*v),
            Tag::Long(v) => V::Long(*v),
            Tag::Float(v) => V::Float(*v),
            Tag::Double(v) => V::Double(*v),
            Tag::ByteArray(v) => V::ByteArray(v.clone()),
            Tag::String(v) => V::String(v.clone()),
            Tag::List(l) => V::List(list(l)),
            Tag::Compound(c) => V::Compound(to_valence(c)),
            Tag::IntArray(v) => V::IntArray(v.clone()),
            Tag::LongArray(v) => V::LongArray(v.clone()),
        }
    }
    c.iter().map(|(k, v)| (k.to_string(), value(v))).collect()
}

fn valence_read(bytes: &[u8]) -> (valence_nbt::Compound, String) {
    valence_nbt::from_binary::<String>(&mut &bytes[..]).expect("valence_nbt reads it")
}

// ----- simdnbt's seven files -----------------------------------------------------------------

#[test]
fn seven_files_equal_valence_nbt_trees() {
    let Some(files) = nbt_files::files_or_skip() else {
        return;
    };
    for (name, bytes) in files {
        let ours = nbt::from_slice::<nbt::Nbt>(&bytes).unwrap();
        let (theirs, root_name) = valence_read(&bytes);
        assert_eq!(ours.name, root_name, "{name}");
        assert!(same_valence_compound(&ours.root, &theirs), "{name}");
    }
}

#[test]
fn seven_files_equal_fastnbt_trees() {
    let Some(files) = nbt_files::files_or_skip() else {
        return;
    };
    for (name, bytes) in files {
        let ours = nbt::from_slice::<nbt::Nbt>(&bytes).unwrap();
        let theirs: fastnbt::Value = fastnbt::from_bytes(&bytes).expect("fastnbt reads it");
        assert!(same_fastnbt(&Tag::Compound(ours.root), &theirs), "{name}");
    }
}

// ----- generated documents ---------------------------------------------------------------------

#[test]
fn generated_chunk_and_player_exchange_with_valence_nbt() {
    for doc in [nbt_files::chunk(), nbt_files::player()] {
        let bytes = doc.to_vec().unwrap();
        // valence_nbt reads ours, and we read what valence_nbt writes of the same tree (its
        // compounds are ordered by name, so the bytes differ but the trees are equal).
        let (theirs, _) = valence_read(&bytes);
        assert!(same_valence_compound(&doc.root, &theirs));
        let mut written = Vec::new();
        valence_nbt::to_binary(&to_valence(&doc.root), &mut written, "").unwrap();
        let back = nbt::from_slice::<nbt::Nbt>(&written).unwrap();
        assert!(same_valence_compound(&back.root, &theirs));
        // fastnbt too.
        let theirs: fastnbt::Value = fastnbt::from_bytes(&bytes).unwrap();
        assert!(same_fastnbt(&Tag::Compound(doc.root.clone()), &theirs));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random trees: read by valence_nbt as the same tree, and valence_nbt's bytes of it are
    /// ours.
    #[test]
    fn prop_random_trees_agree_with_valence(root in tree(), name in text()) {
        let nbt = Nbt::new(name.clone(), root);
        let bytes = nbt.to_vec().unwrap();
        let (theirs, their_name) = valence_read(&bytes);
        prop_assert_eq!(their_name, name.clone());
        prop_assert!(same_valence_compound(&nbt.root, &theirs));
        let mut written = Vec::new();
        valence_nbt::to_binary(&to_valence(&nbt.root), &mut written, &name).unwrap();
        // The keys are generated in order, so valence_nbt (ordered by name) writes our bytes.
        prop_assert_eq!(&written, &bytes);
    }
}

// ----- typed reads and writes against fastnbt's serde --------------------------------------------

use endian_wire_testkit::nbt_typed::{self as typed, BigTest, Chunk, Level, Player};

/// The chunk struct with fastnbt's array and value types.
type FastChunk = Chunk<fastnbt::LongArray, fastnbt::ByteArray, fastnbt::Value>;

#[test]
fn typed_reads_and_writes_agree_with_fastnbt() {
    let Some(files) = nbt_files::files_or_skip() else {
        return;
    };
    let file = |n: &str| files.iter().find(|(f, _)| *f == n).unwrap().1.clone();
    // The same structs, read by both from the file and from each other's writing.
    for name in ["complex_player.dat", "level.dat"] {
        let bytes = file(name);
        if name == "level.dat" {
            let ours: Level = nbt::from_slice(&bytes).unwrap();
            let theirs: Level = fastnbt::from_bytes(&bytes).unwrap();
            assert_eq!(ours, theirs, "{name}");
            let ours_written = nbt::to_vec(&ours).unwrap();
            assert_eq!(fastnbt::from_bytes::<Level>(&ours_written).unwrap(), ours);
            assert_eq!(
                ours_written,
                fastnbt::to_bytes(&theirs).unwrap(),
                "{name}: same bytes"
            );
        } else {
            let ours: Player = nbt::from_slice(&bytes).unwrap();
            let theirs: Player = fastnbt::from_bytes(&bytes).unwrap();
            assert_eq!(ours, theirs, "{name}");
            let ours_written = nbt::to_vec(&ours).unwrap();
            assert_eq!(fastnbt::from_bytes::<Player>(&ours_written).unwrap(), ours);
            assert_eq!(
                ours_written,
                fastnbt::to_bytes(&theirs).unwrap(),
                "{name}: same bytes"
            );
        }
    }
    let bytes = file("bigtest.nbt");
    let ours: BigTest = nbt::from_slice(&bytes).unwrap();
    let theirs: BigTest<fastnbt::ByteArray> = fastnbt::from_bytes(&bytes).unwrap();
    assert_eq!(ours.byte_array[..], theirs.byte_array[..]);
    assert_eq!(ours.list_of_compounds, theirs.list_of_compounds);
    assert_eq!(ours.string_test, theirs.string_test);
    let opts = fastnbt::SerOpts::new().root_name("Level");
    assert_eq!(
        nbt::to_vec_named("Level", &ours).unwrap(),
        fastnbt::to_bytes_with_opts(&theirs, opts).unwrap()
    );
}

#[test]
fn typed_chunks_agree_with_fastnbt() {
    let Some(chunks) = typed::region_chunks_or_skip() else {
        return;
    };
    // Every 5th chunk (fastnbt at opt-level 0 takes a while).
    for (i, bytes) in chunks.iter().enumerate().step_by(5) {
        let ours: Chunk = nbt::from_slice(bytes).unwrap();
        let theirs: FastChunk = fastnbt::from_bytes(bytes).unwrap();
        assert_eq!(
            (ours.x_pos, ours.z_pos, &ours.status),
            (theirs.x_pos, theirs.z_pos, &theirs.status)
        );
        assert_eq!(ours.sections.len(), theirs.sections.len(), "chunk {i}");
        for (a, b) in ours.sections.iter().zip(&theirs.sections) {
            assert_eq!(a.y, b.y);
            assert_eq!(
                a.block_states.data.as_deref(),
                b.block_states.data.as_deref()
            );
            assert!(
                a.block_states.palette.iter().map(|p| &p.name).eq(b
                    .block_states
                    .palette
                    .iter()
                    .map(|p| &p.name))
            );
            assert_eq!(a.biomes.palette, b.biomes.palette);
            assert_eq!(a.sky_light.as_deref(), b.sky_light.as_deref());
        }
        assert_eq!(
            ours.heightmaps.world_surface.as_deref(),
            theirs.heightmaps.world_surface.as_deref()
        );
        assert_eq!(ours.block_ticks, theirs.block_ticks);
        assert_eq!(ours.post_processing, theirs.post_processing);
        // fastnbt reads what we write, and we read what fastnbt writes.
        let back: FastChunk = fastnbt::from_bytes(&nbt::to_vec(&ours).unwrap()).unwrap();
        assert_eq!(back.sections.len(), ours.sections.len());
        let ours_again: Chunk = nbt::from_slice(&fastnbt::to_bytes(&theirs).unwrap()).unwrap();
        assert_eq!(ours_again.sections.len(), ours.sections.len());
        for (a, b) in ours.sections.iter().zip(&ours_again.sections) {
            assert_eq!(a.block_states.data, b.block_states.data);
            assert_eq!(a.block_light, b.block_light);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Random trees: fastnbt's `Value` reads what our serde writer writes of them, as the same
    /// tree, and our typed reader reads fastnbt's writing of its `Value` as the same tree (up
    /// to the order of entries, which fastnbt's maps do not keep).
    #[test]
    fn prop_random_trees_cross_fastnbt(root in tree()) {
        let bytes = nbt::to_vec(&root).unwrap();
        let theirs: fastnbt::Value = fastnbt::from_bytes(&bytes).unwrap();
        prop_assert!(same_fastnbt(&Tag::Compound(root.clone()), &theirs));
        let written = fastnbt::to_bytes(&theirs).unwrap();
        let back: Compound = nbt::from_slice(&written).unwrap();
        prop_assert!(same_fastnbt(&Tag::Compound(back), &theirs));
    }
}
