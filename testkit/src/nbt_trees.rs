//! Random NBT trees for proptest: names and strings with NUL and characters beyond the BMP
//! (modified UTF-8's special forms), every tag type, lists of every kind, nesting. Compound
//! names are generated in order and unique, so peers that order compounds by name write the
//! same bytes.

use proptest::prelude::*;
use wire_nbt::{Compound, List, Tag};

pub fn text() -> impl Strategy<Value = String> {
    // Any characters: NUL and characters beyond the BMP take modified UTF-8's special forms.
    prop_oneof![
        3 => "[a-zA-Z0-9_:]{0,12}",
        1 => prop::collection::vec(any::<char>(), 0..8).prop_map(String::from_iter),
    ]
}

pub fn leaf() -> impl Strategy<Value = Tag> {
    use prop::collection::vec;
    prop_oneof![
        any::<i8>().prop_map(Tag::Byte),
        any::<i16>().prop_map(Tag::Short),
        any::<i32>().prop_map(Tag::Int),
        any::<i64>().prop_map(Tag::Long),
        any::<f32>().prop_map(Tag::Float),
        any::<f64>().prop_map(Tag::Double),
        vec(any::<i8>(), 0..40).prop_map(Tag::ByteArray),
        text().prop_map(Tag::String),
        vec(any::<i32>(), 0..40).prop_map(Tag::IntArray),
        vec(any::<i64>(), 0..40).prop_map(Tag::LongArray),
        vec(any::<i16>(), 0..20).prop_map(|v| Tag::List(List::Short(v))),
        vec(any::<i32>(), 0..20).prop_map(|v| Tag::List(List::Int(v))),
        vec(any::<f64>(), 0..20).prop_map(|v| Tag::List(List::Double(v))),
        vec(text(), 0..5).prop_map(|v| Tag::List(List::String(v))),
        vec(vec(any::<i32>(), 0..5), 0..4).prop_map(|v| Tag::List(List::IntArray(v))),
        Just(Tag::List(List::Empty)),
        Just(Tag::List(List::Compound(vec![]))),
    ]
}

pub fn tree() -> impl Strategy<Value = Compound> {
    use prop::collection::{btree_map, vec};
    let tag = leaf().prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            btree_map(text(), inner.clone(), 0..6)
                .prop_map(|m| Tag::Compound(m.into_iter().collect())),
            vec(btree_map(text(), inner.clone(), 0..4), 0..4).prop_map(|v| {
                Tag::List(List::Compound(
                    v.into_iter().map(|m| m.into_iter().collect()).collect(),
                ))
            }),
            vec(vec(any::<i8>(), 0..4).prop_map(List::Byte), 0..4)
                .prop_map(|v| Tag::List(List::List(v))),
        ]
    });
    btree_map(text(), tag, 0..8).prop_map(|m| m.into_iter().collect())
}
