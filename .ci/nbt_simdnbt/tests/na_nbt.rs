//! wire_nbt against na_nbt 0.2.1: the seven files of simdnbt's package and the generated
//! documents, in Java's big-endian form and Bedrock's little-endian one, read by na_nbt's
//! owned reader, its borrowed one and its serde into the same values as ours (value by value,
//! in file order), and written by its owned tree to the bytes we write; random trees too.
//!
//! na_nbt keeps no root name (its reader skips it and its writer writes `""`), so the root's
//! name is compared by the other suites, and its writes against ours with the name `""`.

use endian_wire_testkit::nbt as nbt_files;
use endian_wire_testkit::nbt_trees;

use na_nbt::{BE, CompoundRef, LE, ListRef, TagID, ValueRef, VisitRef, Writable};
use proptest::prelude::*;
use wire_nbt::{self as nbt, Compound, List, Nbt, Tag, mutf8};

/// Same text. na_nbt keeps a string's bytes as read: Java's files hold modified UTF-8 (compared
/// with our encoding), Bedrock's UTF-8 (na_nbt's little-endian reader is Java's format in that
/// order, and does not check the text), compared as is.
fn same_text(ours: &str, theirs: &[u8], utf8: bool) -> bool {
    if utf8 {
        ours.as_bytes() == theirs
    } else {
        *mutf8::encode(ours) == *theirs
    }
}

fn same_compound<'s>(ours: &Compound, theirs: &impl CompoundRef<'s>, utf8: bool) -> bool {
    let mut them = theirs.iter();
    ours.iter().all(|(k, v)| match them.next() {
        Some((tk, tv)) => same_text(k, tk.as_bytes(), utf8) && same_value(v, &tv, utf8),
        None => false,
    }) && them.next().is_none()
}

/// One of our values against one of na_nbt's, whatever its reader (owned, borrowed).
fn same_value<'s>(ours: &Tag, theirs: &impl ValueRef<'s>, utf8: bool) -> bool {
    theirs.visit(|t| match (ours, t) {
        (Tag::Byte(a), VisitRef::Byte(b)) => a == b,
        (Tag::Short(a), VisitRef::Short(b)) => a == b,
        (Tag::Int(a), VisitRef::Int(b)) => a == b,
        (Tag::Long(a), VisitRef::Long(b)) => a == b,
        (Tag::Float(a), VisitRef::Float(b)) => a.to_bits() == b.to_bits(),
        (Tag::Double(a), VisitRef::Double(b)) => a.to_bits() == b.to_bits(),
        (Tag::ByteArray(a), VisitRef::ByteArray(b)) => a[..] == b[..],
        (Tag::String(a), VisitRef::String(b)) => same_text(a, b.as_bytes(), utf8),
        (Tag::IntArray(a), VisitRef::IntArray(b)) => {
            a.iter().copied().eq(b.iter().map(|x| x.get()))
        }
        (Tag::LongArray(a), VisitRef::LongArray(b)) => {
            a.iter().copied().eq(b.iter().map(|x| x.get()))
        }
        (Tag::List(a), VisitRef::List(b)) => same_list(a, b, utf8),
        (Tag::Compound(a), VisitRef::Compound(b)) => same_compound(a, b, utf8),
        _ => false,
    })
}

fn same_list<'s>(ours: &List, theirs: &impl ListRef<'s>, utf8: bool) -> bool {
    /// Element by element, each as a tag of ours.
    fn each<'s, T>(
        ours: &[T],
        theirs: &impl ListRef<'s>,
        utf8: bool,
        tag: impl Fn(&T) -> Tag,
    ) -> bool {
        ours.len() == theirs.len()
            && ours
                .iter()
                .zip(theirs.iter())
                .all(|(a, b)| same_value(&tag(a), &b, utf8))
    }
    if ours.element_kind() as u8 != theirs.element_tag_id() as u8 {
        return false;
    }
    match ours {
        List::Empty => theirs.is_empty(),
        List::Byte(v) => each(v, theirs, utf8, |&x| Tag::Byte(x)),
        List::Short(v) => each(v, theirs, utf8, |&x| Tag::Short(x)),
        List::Int(v) => each(v, theirs, utf8, |&x| Tag::Int(x)),
        List::Long(v) => each(v, theirs, utf8, |&x| Tag::Long(x)),
        List::Float(v) => each(v, theirs, utf8, |&x| Tag::Float(x)),
        List::Double(v) => each(v, theirs, utf8, |&x| Tag::Double(x)),
        List::ByteArray(v) => each(v, theirs, utf8, |x| Tag::ByteArray(x.clone())),
        List::String(v) => each(v, theirs, utf8, |x| Tag::String(x.clone())),
        List::List(v) => each(v, theirs, utf8, |x| Tag::List(x.clone())),
        List::Compound(v) => each(v, theirs, utf8, |x| Tag::Compound(x.clone())),
        List::IntArray(v) => each(v, theirs, utf8, |x| Tag::IntArray(x.clone())),
        List::LongArray(v) => each(v, theirs, utf8, |x| Tag::LongArray(x.clone())),
    }
}

/// `bytes` (written in order `$o`) read by na_nbt's owned and borrowed readers equal `ours`,
/// and na_nbt's trees write them back as we write `ours` named `""`. A macro: na_nbt's
/// byte-order bound is a private trait, so no function of ours can be generic over it.
macro_rules! check {
    ($o:ty, $utf8:expr, $what:expr, $ours:expr, $bytes:expr, $unnamed:expr) => {{
        let (what, ours, bytes, unnamed): (&str, &Nbt, &[u8], &[u8]) =
            ($what, $ours, $bytes, $unnamed);
        let root = Tag::Compound(ours.root.clone());
        let owned = na_nbt::read_owned::<$o, $o>(bytes).unwrap_or_else(|e| panic!("{what}: {e:?}"));
        assert!(matches!(owned.tag_id(), TagID::Compound), "{what}");
        assert!(same_value(&root, &owned.to_ref(), $utf8), "{what}: owned");
        let doc = na_nbt::read_borrowed::<$o>(bytes).unwrap_or_else(|e| panic!("{what}: {e:?}"));
        assert!(same_value(&root, &doc.root(), $utf8), "{what}: borrowed");
        assert_eq!(
            owned.write_to_vec::<$o>(),
            unnamed,
            "{what}: na_nbt's owned write"
        );
        assert_eq!(
            doc.root().write_to_vec::<$o>(),
            unnamed,
            "{what}: na_nbt's borrowed write"
        );
    }};
}

fn documents() -> Vec<(String, Vec<u8>)> {
    let mut docs: Vec<(String, Vec<u8>)> = nbt_files::files_or_skip()
        .unwrap_or_default()
        .into_iter()
        .map(|(n, b)| (n.to_string(), b))
        .collect();
    docs.push((
        "chunk (generated)".into(),
        nbt_files::chunk().to_vec().unwrap(),
    ));
    docs.push((
        "player (generated)".into(),
        nbt_files::player().to_vec().unwrap(),
    ));
    docs.push((
        "long strings (generated)".into(),
        nbt_files::long_strings().to_vec().unwrap(),
    ));
    docs
}

#[test]
fn files_equal_na_nbt_java() {
    for (name, bytes) in documents() {
        let ours = nbt::from_slice::<Nbt>(&bytes).unwrap();
        let unnamed = Nbt::new("", ours.root.clone()).to_vec().unwrap();
        check!(BE, false, &name, &ours, &bytes, &unnamed);
    }
}

#[test]
fn files_equal_na_nbt_bedrock() {
    for (name, bytes) in documents() {
        let java = nbt::from_slice::<Nbt>(&bytes).unwrap();
        let le = nbt::bedrock::to_vec(&java).unwrap();
        let ours = nbt::bedrock::from_slice(&le).unwrap();
        assert_eq!(ours, java, "{name}");
        let unnamed = nbt::bedrock::to_vec(&Nbt::new("", ours.root.clone())).unwrap();
        check!(LE, true, &format!("{name} (Bedrock)"), &ours, &le, &unnamed);
    }
}

/// na_nbt's serde into the typed benchmark's structs (with the attributes it needs, `na`):
/// what it reads, written by our serde, is the file again, as is what it writes from them.
#[test]
fn typed_equal_na_nbt_serde() {
    fn check<T: serde::de::DeserializeOwned + serde::Serialize>(name: &str) {
        let Some(file) = nbt_files::file_or_skip(name) else {
            return;
        };
        let theirs: T = na_nbt::from_slice_be(&file).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(nbt::to_vec(&theirs).unwrap(), file, "{name}: na_nbt's read");
        // na_nbt writes the root named "", as both files have it.
        assert_eq!(
            na_nbt::to_vec_be(&theirs).unwrap(),
            file,
            "{name}: na_nbt's write"
        );
    }
    check::<nbt_simdnbt::na::Player>("complex_player.dat");
    check::<nbt_simdnbt::na::Level>("level.dat");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random trees we write are read by na_nbt as the same values and written back the same.
    #[test]
    fn prop_random_trees_equal_na_nbt_reading(root in nbt_trees::tree()) {
        let ours = Nbt::new("", root);
        let bytes = ours.to_vec().unwrap();
        check!(BE, false, "random tree", &ours, &bytes, &bytes);
        let le = nbt::bedrock::to_vec(&ours).unwrap();
        check!(LE, true, "random tree (Bedrock)", &ours, &le, &le);
    }
}
