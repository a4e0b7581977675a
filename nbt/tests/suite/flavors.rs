//! NBT's other encodings of the one tree: network roots of any type (Minecraft 1.20.3+), and
//! Bedrock Edition's little-endian and network flavours with `level.dat`'s header. Pinned bytes
//! worked out by hand from the formats, round trips of random trees in every flavour, errors
//! with offsets. (Byte identity with nbtx, a Bedrock NBT crate, is checked in
//! `endian_wire_compare`'s `tests/peers/nbt_bedrock.rs`; hostile input in `hostile.rs`.)

#![cfg(feature = "std")]

use endian_wire_testkit::nbt_trees::{leaf, text, tree};
use proptest::prelude::*;
use wire_nbt::{
    self as nbt, Compound, CompoundView, ErrorKind, Flavor, List, ListView, Nbt, Numbers, Tag,
    TagView, bedrock,
};

// ----- network roots of any type -------------------------------------------------------------

#[test]
fn any_root_pinned_bytes_every_kind() {
    let cases: Vec<(Tag, Vec<u8>)> = vec![
        (Tag::Byte(-1), vec![1, 0xFF]),
        (Tag::Short(0x0102), vec![2, 1, 2]),
        (Tag::Int(-2), vec![3, 0xFF, 0xFF, 0xFF, 0xFE]),
        (Tag::Long(1), vec![4, 0, 0, 0, 0, 0, 0, 0, 1]),
        (Tag::Float(1.0), vec![5, 0x3F, 0x80, 0, 0]),
        (Tag::Double(-2.0), vec![6, 0xC0, 0, 0, 0, 0, 0, 0, 0]),
        (Tag::ByteArray(vec![1, -1]), vec![7, 0, 0, 0, 2, 1, 0xFF]),
        // Modified UTF-8: NUL is two bytes.
        (Tag::String("a\0".into()), vec![8, 0, 3, b'a', 0xC0, 0x80]),
        (Tag::List(List::Empty), vec![9, 0, 0, 0, 0, 0]),
        (
            Tag::List(List::Short(vec![3])),
            vec![9, 2, 0, 0, 0, 1, 0, 3],
        ),
        (
            Tag::Compound(Compound::new().with("x", 7i8)),
            vec![10, 1, 0, 1, b'x', 7, 0],
        ),
        (Tag::IntArray(vec![5]), vec![11, 0, 0, 0, 1, 0, 0, 0, 5]),
        (Tag::LongArray(vec![]), vec![12, 0, 0, 0, 0]),
    ];
    for (tag, bytes) in cases {
        assert_eq!(
            nbt::tag_to_network_vec(Some(&tag)).unwrap(),
            bytes,
            "{tag:?}"
        );
        assert_eq!(
            nbt::tag_from_network_slice(&bytes).unwrap(),
            Some(tag.clone())
        );
        let mut written = Vec::new();
        nbt::tag_to_network_writer(&mut written, Some(&tag)).unwrap();
        assert_eq!(written, bytes);
        // Followed by more: the length of the root alone.
        let more = [&bytes[..], &[0xAA, 0xBB]].concat();
        assert_eq!(
            nbt::tag_from_network_slice_prefix(&more).unwrap(),
            (Some(tag), bytes.len())
        );
    }
    // Absent: TAG_End alone.
    assert_eq!(nbt::tag_to_network_vec(None).unwrap(), [0]);
    assert_eq!(nbt::tag_from_network_slice(&[0]).unwrap(), None);
    assert_eq!(
        nbt::tag_from_network_slice_prefix(&[0, 9]).unwrap(),
        (None, 1)
    );
}

#[test]
fn any_root_compound_is_the_compound_only_network_form() {
    let root = Compound::new().with("text", "hi").with(
        "extra",
        List::Compound(vec![Compound::new().with("bold", true)]),
    );
    let compound_only = nbt::to_network_vec(&root).unwrap();
    let tag = Tag::Compound(root);
    assert_eq!(nbt::tag_to_network_vec(Some(&tag)).unwrap(), compound_only);
    assert_eq!(
        nbt::tag_from_network_slice(&compound_only).unwrap(),
        Some(tag)
    );
}

#[test]
fn any_root_errors_name_the_offset() {
    let e = nbt::tag_from_network_slice(&[13]).unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::InvalidTagType { found: 13, .. }),
        "{e}"
    );
    assert_eq!(e.offset(), 0);
    let e = nbt::tag_from_network_slice(&[]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::UnexpectedEof { .. }), "{e}");
    let e = nbt::tag_from_network_slice(&[0, 0]).unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::TrailingBytes { count: 1 }),
        "{e}"
    );
    assert_eq!(e.offset(), 1);
    let e = nbt::tag_from_network_slice(&[8, 0, 5, b'a']).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::UnexpectedEof { .. }), "{e}");
    assert_eq!(e.offset(), 3);
}

#[test]
#[cfg_attr(
    miri,
    ignore = "a 65,536-byte string: seconds under Miri for checks without unsafe"
)]
fn any_root_string_over_its_prefix_is_unencodable() {
    let long = Tag::String("x".repeat(65_536));
    let e = nbt::tag_to_network_vec(Some(&long)).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Unencodable { .. }), "{e}");
}

/// `depth` lists, each holding the next, as a nameless root.
fn nested_list_root(depth: usize) -> Vec<u8> {
    let mut v = vec![9]; // the root's type
    for _ in 1..depth {
        v.extend_from_slice(&[9, 0, 0, 0, 1]); // a list of one list
    }
    v.extend_from_slice(&[0, 0, 0, 0, 0]); // the innermost: empty, type End
    v
}

#[test]
fn any_root_nesting_counts_the_root_as_one() {
    let ok = nested_list_root(nbt::MAX_NESTING);
    let tag = nbt::tag_from_network_slice(&ok).expect("512 deep is allowed");
    assert_eq!(nbt::tag_to_network_vec(tag.as_ref()).unwrap(), ok);
    let e = nbt::tag_from_network_slice(&nested_list_root(nbt::MAX_NESTING + 1)).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::TooDeep), "{e}");
}

// ----- Bedrock -------------------------------------------------------------------------------

#[test]
fn bedrock_pinned_bytes() {
    let doc = Nbt::new(
        "",
        Compound::new()
            .with("i", -2)
            .with("l", -1i64)
            .with("s", 0x0102i16)
            .with("f", 1.0f32)
            .with("a", vec![1, -1])
            .with("L", List::Int(vec![0, 1]))
            .with("e", List::Empty),
    );
    #[rustfmt::skip]
    let le = [
        10, 0, 0,
        3, 1, 0, b'i', 0xFE, 0xFF, 0xFF, 0xFF,
        4, 1, 0, b'l', 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        2, 1, 0, b's', 2, 1,
        5, 1, 0, b'f', 0, 0, 0x80, 0x3F,
        11, 1, 0, b'a', 2, 0, 0, 0, 1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF,
        9, 1, 0, b'L', 3, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,
        9, 1, 0, b'e', 0, 0, 0, 0, 0,
        0,
    ];
    #[rustfmt::skip]
    let net = [
        10, 0,
        3, 1, b'i', 3,           // zigzag(-2) = 3
        4, 1, b'l', 1,           // zigzag(-1) = 1
        2, 1, b's', 2, 1,        // shorts stay fixed, little-endian
        5, 1, b'f', 0, 0, 0x80, 0x3F,
        11, 1, b'a', 4, 2, 1,    // length zigzag(2) = 4; elements zigzag varints
        9, 1, b'L', 3, 4, 0, 2,
        9, 1, b'e', 0, 0,
        0,
    ];
    assert_eq!(bedrock::to_vec(&doc).unwrap(), le);
    assert_eq!(bedrock::from_slice(&le).unwrap(), doc);
    assert_eq!(bedrock::to_network_vec(&doc).unwrap(), net);
    assert_eq!(bedrock::from_network_slice(&net).unwrap(), doc);
    // The run-time choice is the same code.
    assert_eq!(Flavor::Bedrock.to_vec(&doc).unwrap(), le);
    assert_eq!(Flavor::BedrockNetwork.to_vec(&doc).unwrap(), net);
    assert_eq!(Flavor::Java.to_vec(&doc).unwrap(), doc.to_vec().unwrap());
    assert_eq!(Flavor::BedrockNetwork.from_slice(&net).unwrap(), doc);
    let mut written = Vec::new();
    bedrock::to_network_writer(&mut written, &doc).unwrap();
    assert_eq!(written, net);
    written.clear();
    bedrock::to_writer(&mut written, &doc).unwrap();
    assert_eq!(written, le);
}

#[test]
fn bedrock_network_varints_at_their_limits() {
    let cases: [(Tag, &[u8]); 8] = [
        (Tag::Int(0), &[0]),
        (Tag::Int(-64), &[0x7F]),
        (Tag::Int(64), &[0x80, 0x01]),
        (Tag::Int(i32::MAX), &[0xFE, 0xFF, 0xFF, 0xFF, 0x0F]),
        (Tag::Int(i32::MIN), &[0xFF, 0xFF, 0xFF, 0xFF, 0x0F]),
        (
            Tag::Long(i64::MIN),
            &[0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],
        ),
        (
            Tag::Long(i64::MAX),
            &[0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],
        ),
        (Tag::LongArray(vec![-1, 1]), &[4, 1, 2]),
    ];
    for (tag, value) in cases {
        let doc = Nbt::new("", Compound::new().with("v", tag.clone()));
        let bytes = bedrock::to_network_vec(&doc).unwrap();
        let expected = [&[10, 0, tag.kind().id(), 1, b'v'][..], value, &[0]].concat();
        assert_eq!(bytes, expected, "{tag:?}");
        assert_eq!(bedrock::from_network_slice(&bytes).unwrap(), doc);
    }
    // A varint of more bytes than its type: an error at its first byte.
    let long_int = [10, 0, 3, 1, b'v', 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0];
    let e = bedrock::from_network_slice(&long_int).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::VarintTooLong { .. }), "{e}");
    assert_eq!(e.offset(), 5);
    // The same with more than 10 bytes after it (varints are then decoded from a window).
    let padded = [&long_int[..], &[0; 16]].concat();
    let e = bedrock::from_network_slice_prefix(&padded).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::VarintTooLong { .. }), "{e}");
    assert_eq!(e.offset(), 5);
    let long_long = [&[10, 0, 4, 1, b'v'][..], &[0x80; 10], &[1, 0], &[0; 16]].concat();
    let e = bedrock::from_network_slice_prefix(&long_long).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::VarintTooLong { .. }), "{e}");
    assert_eq!(e.offset(), 5);
    // Varints at the limits, followed by more: the window path reads the same values.
    let doc = Nbt::new(
        "",
        Compound::new().with("v", vec![i64::MIN, -1, 0, i64::MAX]),
    );
    let bytes = [bedrock::to_network_vec(&doc).unwrap(), vec![0xAA; 16]].concat();
    assert_eq!(
        bedrock::from_network_slice_prefix(&bytes).unwrap(),
        (doc, bytes.len() - 16)
    );
    // A negative list length.
    let negative = [10, 0, 9, 1, b'v', 3, 1, 0];
    let e = bedrock::from_network_slice(&negative).unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::NegativeLength { length: -1 }),
        "{e}"
    );
    assert_eq!(e.offset(), 6);
}

#[test]
#[cfg_attr(
    miri,
    ignore = "65,535-byte strings: seconds under Miri; bedrock_strings_are_utf8 runs the paths"
)]
fn bedrock_strings_up_to_their_prefix() {
    // 65,535 bytes: the longest a file's u16 prefix holds; a packet's varint takes 3 bytes.
    let longest = "é".repeat(32_767) + "x";
    assert_eq!(longest.len(), 65_535);
    let doc = Nbt::new("", Compound::new().with(longest.as_str(), longest.as_str()));
    let le = bedrock::to_vec(&doc).unwrap();
    assert_eq!(&le[3..6], [8, 0xFF, 0xFF]);
    assert_eq!(bedrock::from_slice(&le).unwrap(), doc);
    let net = bedrock::to_network_vec(&doc).unwrap();
    assert_eq!(&net[2..6], [8, 0xFF, 0xFF, 0x03]);
    assert_eq!(bedrock::from_network_slice(&net).unwrap(), doc);
    // One more byte: too long for a file, not for a packet.
    let over = Nbt::new("", Compound::new().with("s", longest.clone() + "y"));
    let e = bedrock::to_vec(&over).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Unencodable { .. }), "{e}");
    let net = bedrock::to_network_vec(&over).unwrap();
    assert_eq!(bedrock::from_network_slice(&net).unwrap(), over);
}

#[test]
fn bedrock_strings_are_utf8() {
    // NUL and characters beyond the BMP are plain UTF-8 (Java's modified UTF-8 differs).
    let doc = Nbt::new("", Compound::new().with("s", "\0\u{1F600}"));
    assert_eq!(
        bedrock::to_vec(&doc).unwrap(),
        [10, 0, 0, 8, 1, 0, b's', 5, 0, 0, 0xF0, 0x9F, 0x98, 0x80, 0]
    );
    // Not UTF-8: an error at the first bad byte.
    let bad = [10, 0, 0, 8, 1, 0, b's', 3, 0, b'a', 0xC0, 0x80, 0];
    let e = bedrock::from_slice(&bad).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidUtf8), "{e}");
    assert_eq!(e.offset(), 10);
}

#[test]
fn level_dat_header() {
    let doc = Nbt::new(
        "",
        Compound::new()
            .with("LevelName", "Bedrock level")
            .with("StorageVersion", 10)
            .with("RandomSeed", -42i64),
    );
    let bytes = bedrock::to_level_dat(10, &doc).unwrap();
    let body = bedrock::to_vec(&doc).unwrap();
    assert_eq!(bytes[..4], 10i32.to_le_bytes());
    assert_eq!(bytes[4..8], (body.len() as u32).to_le_bytes());
    assert_eq!(bytes[8..], body);
    let read = bedrock::from_level_dat(&bytes).unwrap();
    assert_eq!(
        read,
        bedrock::LevelDat {
            version: 10,
            nbt: doc
        }
    );

    // A length that is not what follows: an error at the length.
    let mut short = bytes.clone();
    short.pop();
    let e = bedrock::from_level_dat(&short).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::LevelDatLength { .. }), "{e}");
    assert_eq!(e.offset(), 4);
    let e = bedrock::from_level_dat(&bytes[..6]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::UnexpectedEof { .. }), "{e}");
    // An error in the document: its offset in the file.
    let mut bad = bytes.clone();
    bad[8] = 3;
    let e = bedrock::from_level_dat(&bad).unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::RootNotCompound { found: 3 }),
        "{e}"
    );
    assert_eq!(e.offset(), 8);
}

// ----- the view in every flavour ------------------------------------------------------------

/// Every accessor of `numbers` against `want`: length, each element, iteration, `to_vec`,
/// `copy_to` (compared as bits: NaNs are unequal as values).
fn same_numbers<T, B: PartialEq + core::fmt::Debug>(
    numbers: Numbers<'_, T>,
    want: &[T],
    bits: impl Fn(T) -> B,
) where
    T: endian_wire::bulk::Primitive + Default + core::fmt::Debug,
    endian_wire::BigEndian<T>: endian_wire::bulk::WireElement<Native = T>,
    endian_wire::LittleEndian<T>: endian_wire::bulk::WireElement<Native = T>,
{
    let want: Vec<B> = want.iter().map(|&v| bits(v)).collect();
    assert_eq!(numbers.len(), want.len());
    assert_eq!(numbers.is_empty(), want.is_empty());
    assert_eq!(
        numbers.to_vec().into_iter().map(&bits).collect::<Vec<_>>(),
        want
    );
    assert_eq!(numbers.iter().map(&bits).collect::<Vec<_>>(), want);
    assert_eq!(numbers.iter().len(), want.len());
    let mut copy = vec![T::default(); want.len()];
    numbers.copy_to(&mut copy);
    assert_eq!(copy.into_iter().map(&bits).collect::<Vec<_>>(), want);
    for (i, w) in want.iter().enumerate() {
        assert_eq!(numbers.get(i).map(&bits).as_ref(), Some(w), "element {i}");
    }
    assert_eq!(numbers.get(want.len()).map(&bits), None);
}

/// The view's value against the tree's, through every accessor of its kind.
fn same_tag(view: TagView<'_, '_>, want: &Tag) {
    assert_eq!(view.kind(), want.kind());
    match want {
        Tag::Byte(v) => assert_eq!(view.byte(), Some(*v)),
        Tag::Short(v) => assert_eq!(view.short(), Some(*v)),
        Tag::Int(v) => assert_eq!(view.int(), Some(*v)),
        Tag::Long(v) => assert_eq!(view.long(), Some(*v)),
        Tag::Float(v) => assert_eq!(view.float().map(f32::to_bits), Some(v.to_bits())),
        Tag::Double(v) => assert_eq!(view.double().map(f64::to_bits), Some(v.to_bits())),
        Tag::ByteArray(v) => assert_eq!(view.byte_array(), Some(&v[..])),
        Tag::String(v) => {
            let s = view.string().unwrap();
            assert_eq!(s.to_str().unwrap(), v.as_str());
            assert!(s.matches(v) && s == v.as_str());
        }
        Tag::List(v) => same_list(view.list().unwrap(), v),
        Tag::Compound(v) => same_compound(view.compound().unwrap(), v),
        Tag::IntArray(v) => same_numbers(view.int_array().unwrap(), v, |x| x),
        Tag::LongArray(v) => same_numbers(view.long_array().unwrap(), v, |x| x),
    }
    // The wrong kind's accessors say `None`.
    if !matches!(want, Tag::Int(_)) {
        assert_eq!(view.int(), None);
    }
    if !matches!(want, Tag::String(_)) {
        assert!(view.string().is_none());
    }
}

fn same_list(view: ListView<'_, '_>, want: &List) {
    assert_eq!(view.len(), want.len());
    assert_eq!(view.element_kind(), want.element_kind());
    match want {
        List::Byte(v) => assert_eq!(view.bytes(), Some(&v[..])),
        List::Short(v) => same_numbers(view.shorts().unwrap(), v, |x| x),
        List::Int(v) => same_numbers(view.ints().unwrap(), v, |x| x),
        List::Long(v) => same_numbers(view.longs().unwrap(), v, |x| x),
        List::Float(v) => same_numbers(view.floats().unwrap(), v, f32::to_bits),
        List::Double(v) => same_numbers(view.doubles().unwrap(), v, f64::to_bits),
        _ => {
            assert_eq!(view.iter().len(), want.len());
            for (i, element) in view.iter().enumerate() {
                same_tag(element, &want.get(i).unwrap());
            }
            if let Some(last) = want.len().checked_sub(1) {
                same_tag(view.get(last).unwrap(), &want.get(last).unwrap());
            }
        }
    }
}

fn same_compound(view: CompoundView<'_, '_>, want: &Compound) {
    assert_eq!(view.len(), want.len());
    assert_eq!(view.is_empty(), want.is_empty());
    for ((name, value), (want_name, want_value)) in view.iter().zip(want.iter()) {
        assert_eq!(name.to_str().unwrap(), want_name);
        same_tag(value, want_value);
        // Found by name too (the first of a repeated name is the tree's too).
        same_tag(view.get(want_name).unwrap(), want.get(want_name).unwrap());
    }
}

#[test]
fn the_view_reads_every_flavor() {
    let doc = Nbt::new(
        "\u{1F600}name\0",
        Compound::new()
            .with("byte", -3i8)
            .with("short", -300i16)
            .with("int", i32::MIN)
            .with("long", i64::MIN)
            .with("float", -1.5f32)
            .with("double", 2.25f64)
            .with("bytes", Tag::ByteArray(vec![1, -1, 0]))
            .with("text \u{1F600}\0", "caf\u{E9} \u{1F600} \0")
            .with("ints", vec![0i32, -1, i32::MAX, i32::MIN, 300])
            .with("longs", vec![0i64, -1, i64::MAX, i64::MIN, 1 << 40])
            .with("empty", List::Empty)
            .with("int list", List::Int(vec![-7, 7, i32::MIN]))
            .with("long list", List::Long(vec![-7, 7, i64::MAX]))
            .with("short list", List::Short(vec![-1, 2]))
            .with("double list", List::Double(vec![0.5, -0.0]))
            .with(
                "nested",
                List::List(vec![
                    List::IntArray(vec![vec![1, -2], vec![]]),
                    List::Compound(vec![Compound::new().with("deep", vec![5i64])]),
                ]),
            )
            .with("last", 1i8),
    );
    for flavor in [Flavor::Java, Flavor::Bedrock, Flavor::BedrockNetwork] {
        let bytes = flavor.to_vec(&doc).unwrap();
        let view = flavor.view(&bytes).unwrap();
        assert_eq!(view.name().to_str().unwrap(), doc.name, "{flavor:?}");
        same_compound(view.root(), &doc.root);
        assert_eq!(flavor.to_vec(&view.to_owned().unwrap()).unwrap(), bytes);
        // A prefix of a longer input, and the whole-input rule.
        let more = [&bytes[..], &[7, 7]].concat();
        assert_eq!(flavor.view_prefix(&more).unwrap().1, bytes.len());
        let e = flavor.view(&more).unwrap_err();
        assert!(
            matches!(e.kind(), ErrorKind::TrailingBytes { count: 2 }),
            "{e}"
        );
    }
    // The named functions are the flavours' own.
    type View = for<'a> fn(&'a [u8]) -> Result<nbt::NbtView<'a>, nbt::Error>;
    type Prefix = for<'a> fn(&'a [u8]) -> Result<(nbt::NbtView<'a>, usize), nbt::Error>;
    let named: [(Vec<u8>, View, Prefix); 2] = [
        (
            bedrock::to_vec(&doc).unwrap(),
            bedrock::view,
            bedrock::view_prefix,
        ),
        (
            bedrock::to_network_vec(&doc).unwrap(),
            bedrock::view_network,
            bedrock::view_network_prefix,
        ),
    ];
    for (bytes, view, prefix) in named {
        let owned = view(&bytes).unwrap().to_owned().unwrap();
        assert_eq!(owned.to_vec().unwrap(), doc.to_vec().unwrap());
        assert_eq!(prefix(&bytes).unwrap().1, bytes.len());
    }
}

#[test]
fn the_bedrock_view_checks_utf8_when_read() {
    // A string that is valid modified UTF-8 (a NUL as C0 80) but not UTF-8.
    let doc = Nbt::new("", Compound::new().with("s", "xy"));
    for flavor in [Flavor::Bedrock, Flavor::BedrockNetwork] {
        let mut bytes = flavor.to_vec(&doc).unwrap();
        let at = bytes.windows(2).rposition(|w| w == b"xy").unwrap();
        bytes[at..at + 2].copy_from_slice(&[0xC0, 0x80]);
        let view = flavor.view(&bytes).expect("strings are checked when read");
        let e = view.root().string("s").unwrap().to_str().unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::InvalidUtf8), "{e}");
        assert_eq!(e.offset(), at);
        assert!(view.to_owned().is_err());
        assert!(flavor.from_slice(&bytes).is_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(endian_wire_testkit::proptest_cases(256)))]

    /// Random trees (every tag kind, NUL and characters beyond the BMP, empty lists) round
    /// trip in every flavour; compared as bytes (NaNs are unequal as values).
    #[test]
    fn prop_every_flavor_round_trips(root in tree(), name in text()) {
        let doc = Nbt::new(name, root);
        for flavor in [Flavor::Java, Flavor::Bedrock, Flavor::BedrockNetwork] {
            let bytes = flavor.to_vec(&doc).unwrap();
            let back = flavor.from_slice(&bytes).unwrap();
            prop_assert_eq!(flavor.to_vec(&back).unwrap(), bytes.clone());
            prop_assert_eq!(&back.name, &doc.name);
            // The same tree in every flavour.
            prop_assert_eq!(back.to_vec().unwrap(), doc.to_vec().unwrap());
            // And the view reads it through every accessor.
            let view = flavor.view(&bytes).unwrap();
            same_compound(view.root(), &back.root);
            prop_assert_eq!(flavor.to_vec(&view.to_owned().unwrap()).unwrap(), bytes.clone());
        }
    }

    /// A root of any kind round trips through the network form.
    #[test]
    fn prop_any_root_round_trips(tag in leaf()) {
        let bytes = nbt::tag_to_network_vec(Some(&tag)).unwrap();
        let back = nbt::tag_from_network_slice(&bytes).unwrap();
        prop_assert_eq!(nbt::tag_to_network_vec(back.as_ref()).unwrap(), bytes);
    }

    /// Arbitrary bytes: a tree or an error in each flavour, never a panic; what the
    /// little-endian reader accepts writes back the same bytes.
    #[test]
    fn prop_arbitrary_bytes_never_panic(body in prop::collection::vec(any::<u8>(), 0..200)) {
        let le = [&[10u8, 0, 0][..], &body].concat();
        if let Ok(doc) = bedrock::from_slice(&le) {
            prop_assert_eq!(bedrock::to_vec(&doc).unwrap(), le.clone());
        }
        // The views accept what the readers accept (and strings they have not checked), and
        // read it to the same tree.
        for (flavor, bytes) in [(Flavor::Bedrock, &le), (Flavor::BedrockNetwork, &[&[10u8, 0][..], &body].concat())] {
            let tree = flavor.from_slice(bytes);
            match flavor.view(bytes) {
                Ok(view) => {
                    if let Ok(owned) = view.to_owned() {
                        prop_assert_eq!(flavor.to_vec(&owned).unwrap(), flavor.to_vec(&tree.unwrap()).unwrap());
                    }
                }
                Err(_) => prop_assert!(tree.is_err()),
            }
        }
        let net = [&[10u8, 0][..], &body].concat();
        if let Ok(doc) = bedrock::from_network_slice(&net) {
            // Varints may be over-long on input; written back they read to the same tree.
            let again = bedrock::to_network_vec(&doc).unwrap();
            prop_assert_eq!(bedrock::to_network_vec(&bedrock::from_network_slice(&again).unwrap()).unwrap(), again);
        }
        let _ = nbt::tag_from_network_slice(&body);
    }
}
