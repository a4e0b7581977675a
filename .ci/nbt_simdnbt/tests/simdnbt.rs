//! wire_nbt against simdnbt 0.10: the seven files of simdnbt's package read to the same
//! trees (its owned reader and its borrowed one) and written to the same bytes; generated
//! chunk-like and player-like documents written by each and read by the other; random trees
//! written by us read by simdnbt as the same tree.

use endian_wire_testkit::nbt as nbt_files;
use endian_wire_testkit::nbt_trees;

use std::io::Cursor;

use wire_nbt::{self as nbt, Compound, List, Nbt, Tag, mutf8};
use proptest::prelude::*;
use simdnbt::owned::{self as sn, NbtCompound, NbtList, NbtTag};

/// Same text: simdnbt keeps modified UTF-8, so the bytes are compared with our encoding.
fn same_text(ours: &str, theirs: &[u8]) -> bool {
    *mutf8::encode(ours) == *theirs
}

fn same_compound(ours: &Compound, theirs: &NbtCompound) -> bool {
    // Both keep file order: compare entry by entry.
    ours.len() == theirs.len()
        && ours
            .iter()
            .zip(theirs.iter())
            .all(|((k, v), (tk, tv))| same_text(k, tk.as_bytes()) && same_tag(v, tv))
}

fn same_tag(ours: &Tag, theirs: &NbtTag) -> bool {
    match (ours, theirs) {
        (Tag::Byte(a), NbtTag::Byte(b)) => a == b,
        (Tag::Short(a), NbtTag::Short(b)) => a == b,
        (Tag::Int(a), NbtTag::Int(b)) => a == b,
        (Tag::Long(a), NbtTag::Long(b)) => a == b,
        (Tag::Float(a), NbtTag::Float(b)) => a.to_bits() == b.to_bits(),
        (Tag::Double(a), NbtTag::Double(b)) => a.to_bits() == b.to_bits(),
        (Tag::ByteArray(a), NbtTag::ByteArray(b)) => a.iter().map(|&x| x as u8).eq(b.iter().copied()),
        (Tag::String(a), NbtTag::String(b)) => same_text(a, b.as_bytes()),
        (Tag::List(a), NbtTag::List(b)) => same_list(a, b),
        (Tag::Compound(a), NbtTag::Compound(b)) => same_compound(a, b),
        (Tag::IntArray(a), NbtTag::IntArray(b)) => a == b,
        (Tag::LongArray(a), NbtTag::LongArray(b)) => a == b,
        _ => false,
    }
}

fn same_list(ours: &List, theirs: &NbtList) -> bool {
    fn all<A, B>(a: &[A], b: &[B], f: impl Fn(&A, &B) -> bool) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(a, b)| f(a, b))
    }
    match (ours, theirs) {
        (List::Empty, NbtList::Empty) => true,
        (List::Byte(a), NbtList::Byte(b)) => a == b,
        (List::Short(a), NbtList::Short(b)) => a == b,
        (List::Int(a), NbtList::Int(b)) => a == b,
        (List::Long(a), NbtList::Long(b)) => a == b,
        (List::Float(a), NbtList::Float(b)) => all(a, b, |a, b| a.to_bits() == b.to_bits()),
        (List::Double(a), NbtList::Double(b)) => all(a, b, |a, b| a.to_bits() == b.to_bits()),
        (List::ByteArray(a), NbtList::ByteArray(b)) => {
            all(a, b, |a, b| a.iter().map(|&x| x as u8).eq(b.iter().copied()))
        }
        (List::String(a), NbtList::String(b)) => all(a, b, |a, b| same_text(a, b.as_bytes())),
        (List::List(a), NbtList::List(b)) => all(a, b, same_list),
        (List::Compound(a), NbtList::Compound(b)) => all(a, b, same_compound),
        (List::IntArray(a), NbtList::IntArray(b)) => a == b,
        (List::LongArray(a), NbtList::LongArray(b)) => a == b,
        _ => false,
    }
}

/// Our tree as simdnbt's (to have simdnbt write it).
fn to_simdnbt(c: &Compound) -> NbtCompound {
    fn text(s: &str) -> simdnbt::Mutf8String {
        simdnbt::Mutf8String::from_vec(mutf8::encode(s).into_owned())
    }
    fn bytes(v: &[i8]) -> Vec<u8> {
        v.iter().map(|&x| x as u8).collect()
    }
    fn list(l: &List) -> NbtList {
        match l {
            List::Empty => NbtList::Empty,
            List::Byte(v) => NbtList::Byte(v.clone()),
            List::Short(v) => NbtList::Short(v.clone()),
            List::Int(v) => NbtList::Int(v.clone()),
            List::Long(v) => NbtList::Long(v.clone()),
            List::Float(v) => NbtList::Float(v.clone()),
            List::Double(v) => NbtList::Double(v.clone()),
            List::ByteArray(v) => NbtList::ByteArray(v.iter().map(|a| bytes(a)).collect()),
            List::String(v) => NbtList::String(v.iter().map(|s| text(s)).collect()),
            List::List(v) => NbtList::List(v.iter().map(list).collect()),
            List::Compound(v) => NbtList::Compound(v.iter().map(to_simdnbt).collect()),
            List::IntArray(v) => NbtList::IntArray(v.clone()),
            List::LongArray(v) => NbtList::LongArray(v.clone()),
        }
    }
    fn tag(t: &Tag) -> NbtTag {
        match t {
            Tag::Byte(v) => NbtTag::Byte(*v),
            Tag::Short(v) => NbtTag::Short(*v),
            Tag::Int(v) => NbtTag::Int(*v),
            Tag::Long(v) => NbtTag::Long(*v),
            Tag::Float(v) => NbtTag::Float(*v),
            Tag::Double(v) => NbtTag::Double(*v),
            Tag::ByteArray(v) => NbtTag::ByteArray(bytes(v)),
            Tag::String(s) => NbtTag::String(text(s)),
            Tag::List(l) => NbtTag::List(list(l)),
            Tag::Compound(c) => NbtTag::Compound(to_simdnbt(c)),
            Tag::IntArray(v) => NbtTag::IntArray(v.clone()),
            Tag::LongArray(v) => NbtTag::LongArray(v.clone()),
        }
    }
    NbtCompound::from_values(c.iter().map(|(k, v)| (text(k), tag(v))).collect())
}

fn simdnbt_owned(bytes: &[u8]) -> sn::BaseNbt {
    sn::read(&mut Cursor::new(bytes)).expect("simdnbt reads it").unwrap()
}

fn simdnbt_write(nbt: &Nbt) -> Vec<u8> {
    let mut out = Vec::new();
    sn::Nbt::Some(sn::BaseNbt::new(
        simdnbt::Mutf8String::from_vec(mutf8::encode(&nbt.name).into_owned()),
        to_simdnbt(&nbt.root),
    ))
    .write(&mut out);
    out
}

#[test]
fn seven_files_equal_simdnbt_owned_and_borrowed_trees() {
    for (name, bytes) in nbt_files::files_or_skip().unwrap_or_default() {
        let ours = nbt::from_slice::<nbt::Nbt>(&bytes).unwrap();
        let owned = simdnbt_owned(&bytes);
        assert!(same_text(&ours.name, owned.name().as_bytes()), "{name}");
        let borrowed = simdnbt::borrow::read(&mut Cursor::new(&bytes[..])).unwrap().unwrap();
        assert!(same_compound(&ours.root, &borrowed.to_owned().as_compound()), "{name}: borrowed");
        assert!(same_compound(&ours.root, &owned.as_compound()), "{name}: owned");
        // Our view against simdnbt's borrowed reader: the same trees again.
        let view = nbt::view(&bytes).unwrap().to_owned().unwrap();
        assert_eq!(view, ours, "{name}");
    }
}

#[test]
fn seven_files_written_alike() {
    for (name, bytes) in nbt_files::files_or_skip().unwrap_or_default() {
        let ours = nbt::from_slice::<nbt::Nbt>(&bytes).unwrap();
        let mut theirs = Vec::new();
        sn::Nbt::Some(simdnbt_owned(&bytes)).write(&mut theirs);
        assert_eq!(theirs, bytes, "{name}: simdnbt's read -> write");
        assert_eq!(ours.to_vec().unwrap(), theirs, "{name}");
        assert_eq!(simdnbt_write(&ours), bytes, "{name}: our tree written by simdnbt");
    }
}

#[test]
fn generated_documents_cross_both_ways() {
    for doc in [nbt_files::chunk(), nbt_files::player(), nbt_files::long_strings()] {
        // simdnbt writes, we read.
        let theirs = simdnbt_write(&doc);
        assert_eq!(nbt::from_slice::<nbt::Nbt>(&theirs).unwrap(), doc);
        assert_eq!(nbt::view(&theirs).unwrap().to_owned().unwrap(), doc);
        // We write, simdnbt reads (owned and borrowed).
        let ours = doc.to_vec().unwrap();
        assert_eq!(ours, theirs);
        assert!(same_compound(&doc.root, &simdnbt_owned(&ours).as_compound()));
        let borrowed = simdnbt::borrow::read(&mut Cursor::new(&ours[..])).unwrap().unwrap();
        assert!(same_compound(&doc.root, &borrowed.to_owned().as_compound()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random trees: simdnbt reads our bytes as the same tree, and writes them back the same.
    #[test]
    fn prop_random_trees_equal_simdnbt_reading(root in nbt_trees::tree(), name in nbt_trees::text()) {
        let nbt = Nbt::new(name, root);
        let bytes = nbt.to_vec().unwrap();
        let theirs = simdnbt_owned(&bytes);
        prop_assert!(same_text(&nbt.name, theirs.name().as_bytes()));
        let mut back = Vec::new();
        sn::Nbt::Some(theirs.clone()).write(&mut back);
        prop_assert_eq!(&back, &bytes);
        prop_assert!(same_compound(&nbt.root, &theirs.as_compound()));
        prop_assert_eq!(simdnbt_write(&nbt), bytes);
    }
}
