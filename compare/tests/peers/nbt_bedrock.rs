//! Bedrock's NBT flavours against nbtx 3.0.1 (bedrock-crustaceans' Bedrock NBT crate), both
//! ways, little-endian and network:
//!
//! * ours -> nbtx: what we write, nbtx reads as the same tree (every tag kind; nbtx reads an
//!   array as a list of its elements and keeps compounds in a `HashMap`, so both sides are
//!   compared in that shape, compounds sorted);
//! * nbtx -> ours: what nbtx writes, we read as the same tree and write back byte for byte
//!   (nbtx's compounds come out in its `HashMap`'s order: our reader keeps that order, so our
//!   writer must reproduce nbtx's bytes exactly). nbtx writes neither int nor long arrays (its
//!   `Value::IntArray` serializes as a list) nor empty lists (`empty_lists_nbtx_cannot_write`
//!   pins what it writes instead), so trees in this direction hold lists for those.
//!
//! simdnbt's seven real (Java) files and the generated chunk and player go both ways as
//! Bedrock documents. Generated trees hold every tag kind, NUL and characters beyond the BMP, negative numbers
//! (negative varints in the network form), and 65,535-byte strings in a fixed test.

use std::collections::HashMap;

use endian_wire_testkit::nbt as nbt_files;
use endian_wire_testkit::nbt_trees::tree;
use nbtx::Value;
use proptest::prelude::*;
use wire_nbt::{self as nbt, Compound, List, Nbt, Tag, bedrock};

#[derive(Clone, Copy, Debug)]
enum Form {
    File,
    Network,
}

fn ours_to_bytes(doc: &Nbt, form: Form) -> Vec<u8> {
    match form {
        Form::File => bedrock::to_vec(doc).unwrap(),
        Form::Network => bedrock::to_network_vec(doc).unwrap(),
    }
}

fn ours_from_bytes(bytes: &[u8], form: Form) -> Nbt {
    match form {
        Form::File => bedrock::from_slice(bytes).unwrap(),
        Form::Network => bedrock::from_network_slice(bytes).unwrap(),
    }
}

fn nbtx_read(bytes: &[u8], form: Form) -> Value {
    let mut input = bytes;
    let value = match form {
        Form::File => nbtx::from_le_bytes::<Value, _>(&mut input),
        Form::Network => nbtx::from_net_bytes::<Value, _>(&mut input),
    }
    .unwrap_or_else(|e| panic!("nbtx refused our {form:?} bytes: {e}"));
    assert!(input.is_empty(), "nbtx left {} bytes", input.len());
    value
}

fn nbtx_write(value: &Value, form: Form) -> Vec<u8> {
    match form {
        Form::File => nbtx::to_le_bytes(value),
        Form::Network => nbtx::to_net_bytes(value),
    }
    .unwrap()
}

// ----- the shape nbtx reads: arrays as lists, compounds sorted -------------------------------

fn sorted(entries: impl IntoIterator<Item = (String, Tag)>) -> Compound {
    let mut v: Vec<_> = entries.into_iter().collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v.into_iter().collect()
}

fn list_of(v: Vec<List>) -> List {
    if v.is_empty() {
        List::Empty
    } else {
        List::List(v)
    }
}

/// Our tree in the shape nbtx reads it: arrays as lists, empty lists untyped, compounds sorted.
fn as_nbtx_reads(tag: &Tag) -> Tag {
    fn numbers<T: Clone>(v: &[T], make: fn(Vec<T>) -> List) -> List {
        if v.is_empty() {
            List::Empty
        } else {
            make(v.to_vec())
        }
    }
    fn list(l: &List) -> List {
        match l {
            List::Empty => List::Empty,
            List::Byte(v) => numbers(v, List::Byte),
            List::Short(v) => numbers(v, List::Short),
            List::Int(v) => numbers(v, List::Int),
            List::Long(v) => numbers(v, List::Long),
            List::Float(v) => numbers(v, List::Float),
            List::Double(v) => numbers(v, List::Double),
            List::String(v) => numbers(v, List::String),
            List::ByteArray(v) => list_of(v.iter().map(|a| numbers(a, List::Byte)).collect()),
            List::IntArray(v) => list_of(v.iter().map(|a| numbers(a, List::Int)).collect()),
            List::LongArray(v) => list_of(v.iter().map(|a| numbers(a, List::Long)).collect()),
            List::List(v) => list_of(v.iter().map(list).collect()),
            List::Compound(v) if v.is_empty() => List::Empty,
            List::Compound(v) => List::Compound(v.iter().map(compound).collect()),
        }
    }
    fn compound(c: &Compound) -> Compound {
        sorted(c.iter().map(|(k, v)| (k.to_string(), as_nbtx_reads(v))))
    }
    match tag {
        Tag::ByteArray(v) => Tag::List(numbers(v, List::Byte)),
        Tag::IntArray(v) => Tag::List(numbers(v, List::Int)),
        Tag::LongArray(v) => Tag::List(numbers(v, List::Long)),
        Tag::List(l) => Tag::List(list(l)),
        Tag::Compound(c) => Tag::Compound(compound(c)),
        other => other.clone(),
    }
}

/// nbtx's value as our tree (compounds sorted).
fn from_nbtx(value: &Value) -> Tag {
    fn list(v: &[Value]) -> List {
        macro_rules! all {
            ($variant:ident, $list:ident) => {
                List::$list(
                    v.iter()
                        .map(|e| match e {
                            Value::$variant(x) => x.clone(),
                            other => panic!("a list of mixed types from nbtx: {other:?}"),
                        })
                        .collect(),
                )
            };
        }
        match v.first() {
            None => List::Empty,
            Some(Value::Byte(_)) => all!(Byte, Byte),
            Some(Value::Short(_)) => all!(Short, Short),
            Some(Value::Int(_)) => all!(Int, Int),
            Some(Value::Long(_)) => all!(Long, Long),
            Some(Value::Float(_)) => all!(Float, Float),
            Some(Value::Double(_)) => all!(Double, Double),
            Some(Value::String(_)) => all!(String, String),
            Some(Value::List(_)) => List::List(
                v.iter()
                    .map(|e| match e {
                        Value::List(l) => list(l),
                        other => panic!("{other:?}"),
                    })
                    .collect(),
            ),
            Some(Value::Compound(_)) => List::Compound(
                v.iter()
                    .map(|e| match e {
                        Value::Compound(m) => compound(m),
                        other => panic!("{other:?}"),
                    })
                    .collect(),
            ),
            Some(other) => panic!("nbtx read an array: {other:?}"),
        }
    }
    fn compound(m: &HashMap<String, Value>) -> Compound {
        sorted(m.iter().map(|(k, v)| (k.clone(), from_nbtx(v))))
    }
    match value {
        Value::Byte(v) => Tag::Byte(*v),
        Value::Short(v) => Tag::Short(*v),
        Value::Int(v) => Tag::Int(*v),
        Value::Long(v) => Tag::Long(*v),
        Value::Float(v) => Tag::Float(*v),
        Value::Double(v) => Tag::Double(*v),
        Value::String(v) => Tag::String(v.clone()),
        Value::ByteArray(v) => Tag::ByteArray(v.iter().map(|&b| b as i8).collect()),
        Value::IntArray(v) => Tag::IntArray(v.clone()),
        Value::LongArray(v) => Tag::LongArray(v.clone()),
        Value::List(v) => Tag::List(list(v)),
        Value::Compound(m) => Tag::Compound(compound(m)),
    }
}

/// Equal as trees, NaNs included: compared as Java bytes.
fn same(a: &Tag, b: &Tag) -> bool {
    let doc = |t: &Tag| {
        Nbt::new("", Compound::new().with("v", t.clone()))
            .to_vec()
            .unwrap()
    };
    doc(a) == doc(b)
}

// ----- nbtx writing: the trees it can write -------------------------------------------------

/// Our tree with what nbtx cannot write replaced: int and long arrays by lists of their
/// elements, empty lists (and empty arrays) by a byte.
fn nbtx_writable(tag: &Tag) -> Tag {
    match as_nbtx_reads(tag) {
        Tag::List(List::Empty) => Tag::Byte(0),
        Tag::List(l) => Tag::List(writable_list(&l)),
        Tag::Compound(c) => Tag::Compound(
            c.iter()
                .map(|(k, v)| (k.to_string(), nbtx_writable(v)))
                .collect(),
        ),
        other => other,
    }
}

fn writable_list(l: &List) -> List {
    match l {
        List::List(v) => {
            let inner: Vec<List> = v
                .iter()
                .filter(|l| !matches!(l, List::Empty))
                .map(writable_list)
                .collect();
            if inner.is_empty() {
                List::Byte(vec![0])
            } else {
                List::List(inner)
            }
        }
        List::Compound(v) => List::Compound(
            v.iter()
                .map(|c| {
                    c.iter()
                        .map(|(k, t)| (k.to_string(), nbtx_writable(t)))
                        .collect()
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Our tree as nbtx's value: byte arrays as `Value::ByteArray` (written as byte arrays).
fn to_nbtx(tag: &Tag) -> Value {
    fn list(l: &List) -> Vec<Value> {
        match l {
            List::Empty => vec![],
            List::Byte(v) => v.iter().map(|&x| Value::Byte(x)).collect(),
            List::Short(v) => v.iter().map(|&x| Value::Short(x)).collect(),
            List::Int(v) => v.iter().map(|&x| Value::Int(x)).collect(),
            List::Long(v) => v.iter().map(|&x| Value::Long(x)).collect(),
            List::Float(v) => v.iter().map(|&x| Value::Float(x)).collect(),
            List::Double(v) => v.iter().map(|&x| Value::Double(x)).collect(),
            List::String(v) => v.iter().map(|x| Value::String(x.clone())).collect(),
            List::ByteArray(v) => v
                .iter()
                .map(|a| Value::ByteArray(a.iter().map(|&b| b as u8).collect()))
                .collect(),
            List::IntArray(v) => v.iter().map(|a| Value::IntArray(a.clone())).collect(),
            List::LongArray(v) => v.iter().map(|a| Value::LongArray(a.clone())).collect(),
            List::List(v) => v.iter().map(|l| Value::List(list(l))).collect(),
            List::Compound(v) => v.iter().map(compound).collect(),
        }
    }
    fn compound(c: &Compound) -> Value {
        Value::Compound(c.iter().map(|(k, v)| (k.to_string(), to_nbtx(v))).collect())
    }
    match tag {
        Tag::Byte(v) => Value::Byte(*v),
        Tag::Short(v) => Value::Short(*v),
        Tag::Int(v) => Value::Int(*v),
        Tag::Long(v) => Value::Long(*v),
        Tag::Float(v) => Value::Float(*v),
        Tag::Double(v) => Value::Double(*v),
        Tag::String(v) => Value::String(v.clone()),
        Tag::ByteArray(v) => Value::ByteArray(v.iter().map(|&b| b as u8).collect()),
        Tag::IntArray(v) => Value::IntArray(v.clone()),
        Tag::LongArray(v) => Value::LongArray(v.clone()),
        Tag::List(l) => Value::List(list(l)),
        Tag::Compound(c) => compound(c),
    }
}

/// Both ways for one tree, in one form.
fn both_ways(root: &Compound, form: Form) -> Result<(), TestCaseError> {
    // Ours -> nbtx: every tag kind.
    let doc = Nbt::new("", root.clone());
    let ours = ours_to_bytes(&doc, form);
    let read = nbtx_read(&ours, form);
    let expected = as_nbtx_reads(&Tag::Compound(root.clone()));
    prop_assert!(
        same(&from_nbtx(&read), &expected),
        "{form:?}: nbtx read {read:?}"
    );

    // nbtx -> ours: what nbtx writes.
    let writable = nbtx_writable(&Tag::Compound(root.clone()));
    let theirs = nbtx_write(&to_nbtx(&writable), form);
    let back = ours_from_bytes(&theirs, form);
    prop_assert_eq!(
        ours_to_bytes(&back, form),
        theirs.clone(),
        "{:?}: our writer differs from nbtx's on nbtx's own order",
        form
    );
    prop_assert!(same(
        &as_nbtx_reads(&Tag::Compound(back.root)),
        &as_nbtx_reads(&writable)
    ));
    Ok(())
}

/// Every tag kind, negative numbers at the varints' limits, NUL and a character beyond the BMP.
fn every_kind() -> Compound {
    Compound::new()
        .with("byte", -1i8)
        .with("short", -300i16)
        .with("int", i32::MIN)
        .with("int+", i32::MAX)
        .with("long", i64::MIN)
        .with("long-1", -1i64)
        .with("float", -0.5f32)
        .with("double", 1e300f64)
        .with("byte array", vec![1i8, -1, 0])
        .with("string", "é\0\u{1F600}")
        .with("int array", vec![-1, 0, i32::MIN])
        .with("long array", vec![i64::MAX, -64, 64])
        .with("ints", List::Int(vec![-2, 300]))
        .with("longs", List::Long(vec![-2, 1 << 40]))
        .with("strings", List::String(vec!["a".into(), String::new()]))
        .with("byte arrays", List::ByteArray(vec![vec![1, 2]]))
        .with("int arrays", List::IntArray(vec![vec![-7]]))
        .with("lists", List::List(vec![List::Short(vec![1]), List::Empty]))
        .with(
            "compounds",
            List::Compound(vec![Compound::new().with("x", -5), Compound::new()]),
        )
        .with("empty", List::Empty)
        .with("empty ints", List::Int(vec![]))
        .with(
            "nested",
            Compound::new().with("deeper", Compound::new().with("z", 1.5f64)),
        )
}

#[test]
fn every_kind_both_ways() {
    for form in [Form::File, Form::Network] {
        both_ways(&every_kind(), form).unwrap();
    }
}

#[test]
fn real_documents_both_ways() {
    // No Bedrock file ships in a registry package we could find (nbtx's `servers.dat` is
    // Java's): the real documents are simdnbt's seven Java files, their trees written in
    // Bedrock's forms, and the generated chunk and player.
    let Some(files) = nbt_files::files_or_skip() else {
        return;
    };
    let mut roots: Vec<(String, Compound)> = files
        .iter()
        .map(|(name, bytes)| {
            (
                name.to_string(),
                nbt::from_slice::<Nbt>(bytes).unwrap().root,
            )
        })
        .collect();
    roots.push(("chunk".into(), nbt_files::chunk().root));
    roots.push(("player".into(), nbt_files::player().root));
    for (name, root) in roots {
        for form in [Form::File, Form::Network] {
            both_ways(&root, form).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}

#[test]
fn strings_of_65535_bytes_both_ways() {
    let longest = "é".repeat(32_767) + "x";
    let root = Compound::new().with(longest.as_str(), longest.as_str());
    for form in [Form::File, Form::Network] {
        both_ways(&root, form).unwrap();
    }
}

#[test]
fn single_entries_byte_identical_both_ways() {
    // One entry per compound: no order to differ, so the bytes of both writers from the same
    // tree must be equal.
    let cases = [
        Tag::Int(-1),
        Tag::Int(i32::MIN),
        Tag::Long(i64::MIN),
        Tag::Long(-300),
        Tag::Short(-2),
        Tag::Double(-0.0),
        Tag::String("ünïcode".into()),
        Tag::ByteArray(vec![-1, 1]),
        Tag::List(List::Int(vec![-1, 1, i32::MAX])),
        Tag::List(List::Long(vec![i64::MIN])),
        Tag::List(List::Compound(vec![Compound::new().with("a", -9i64)])),
    ];
    for tag in cases {
        let doc = Nbt::new("", Compound::new().with("v", tag.clone()));
        let value = to_nbtx(&Tag::Compound(doc.root.clone()));
        for form in [Form::File, Form::Network] {
            assert_eq!(
                ours_to_bytes(&doc, form),
                nbtx_write(&value, form),
                "{tag:?} {form:?}"
            );
        }
    }
}

#[test]
fn empty_lists_nbtx_cannot_write() {
    // nbtx writes an empty list as its type byte and name alone (no element type, no
    // length): bytes no reader, nbtx's included, reads as the document. Pinned, so that a
    // fixed nbtx shows here and `nbtx_writable` can stop replacing empty lists.
    let value = to_nbtx(&Tag::Compound(Compound::new().with("e", List::Empty)));
    let theirs = nbtx_write(&value, Form::File);
    assert_eq!(theirs, [10, 0, 0, 9, 1, 0, b'e', 0]);
    assert!(bedrock::from_slice(&theirs).is_err());
    let ours = bedrock::to_vec(&Nbt::new("", Compound::new().with("e", List::Empty))).unwrap();
    assert_eq!(ours, [10, 0, 0, 9, 1, 0, b'e', 0, 0, 0, 0, 0, 0]);
    assert!(same(
        &from_nbtx(&nbtx_read(&ours, Form::File)),
        &Tag::Compound(Compound::new().with("e", List::Empty))
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn prop_random_trees_both_ways(root in tree()) {
        both_ways(&root, Form::File)?;
        both_ways(&root, Form::Network)?;
    }
}
