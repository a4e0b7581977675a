//! SNBT reading (`nbt::from_snbt`, `str::parse`): Minecraft 1.21.5's grammar case by case,
//! errors with line and column, and the round trip print -> read -> the same tree for random
//! trees and every real document of the suite (simdnbt's files, fastanvil's chunks and every
//! chunk of its region).

#![cfg(feature = "std")]

use endian_wire_testkit::nbt as nbt_files;
use endian_wire_testkit::nbt_trees::tree;
use endian_wire_testkit::region as region_files;
use proptest::prelude::*;
use wire_nbt::region::Region;
use wire_nbt::{self as nbt, Compound, ErrorKind, List, Nbt, Tag};

/// `c` with every empty list's element type forgotten: what SNBT cannot say (`[]` reads as a
/// list of End).
fn without_empty_list_types(c: &Compound) -> Compound {
    fn tag(t: &Tag) -> Tag {
        match t {
            Tag::List(l) => Tag::List(list(l)),
            Tag::Compound(c) => Tag::Compound(without_empty_list_types(c)),
            t => t.clone(),
        }
    }
    fn list(l: &List) -> List {
        match l {
            l if l.is_empty() => List::Empty,
            List::List(v) => List::List(v.iter().map(list).collect()),
            List::Compound(v) => List::Compound(v.iter().map(without_empty_list_types).collect()),
            l => l.clone(),
        }
    }
    c.iter().map(|(k, v)| (k, tag(v))).collect()
}

/// Prints `c` both ways and reads it back: the same tree, compared as bytes (NaNs compare
/// unequal as values).
fn round_trip(c: &Compound, what: &str) {
    let expected = Nbt::new("", without_empty_list_types(c)).to_vec().unwrap();
    for text in [c.to_string(), format!("{c:#}")] {
        let back = nbt::from_snbt(&text).unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
        assert_eq!(back.name, "");
        assert!(back.to_vec().unwrap() == expected, "{what}: {text}");
    }
}

#[test]
#[cfg_attr(miri, ignore = "reads files found by running cargo")]
fn every_real_document_round_trips() {
    let Some(files) = nbt_files::files_or_skip() else {
        return;
    };
    for (name, bytes) in files {
        round_trip(&nbt::from_slice::<Nbt>(&bytes).unwrap(), name);
    }
    let Some(chunks) = region_files::chunks_or_skip() else {
        return;
    };
    for (name, bytes) in chunks {
        round_trip(&nbt::from_slice::<Nbt>(&bytes).unwrap(), name);
    }
    let region = region_files::region_or_skip().unwrap_or_default();
    if !region.is_empty() && cfg!(feature = "flate2") {
        for c in Region::from_slice(&region).unwrap().chunks() {
            let c = c.unwrap();
            round_trip(
                &c.to_nbt().unwrap(),
                &format!("chunk ({}, {})", c.x(), c.z()),
            );
        }
    }
    round_trip(&nbt_files::chunk(), "generated chunk");
    round_trip(&nbt_files::player(), "generated player");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(endian_wire_testkit::proptest_cases(256)))]

    /// Random trees (every tag kind, NUL and characters beyond the BMP, NaNs, empty names):
    /// printed, read back the same.
    #[test]
    fn prop_random_trees_round_trip(root in tree()) {
        round_trip(&root, "random tree");
    }

    /// Arbitrary text: a tree or an error, never a panic; what reads prints and reads back
    /// the same.
    #[test]
    fn prop_arbitrary_text_never_panics(text in "[\\[\\]{}:;,\"'\\\\ a-zA-Z0-9_+.-]{0,40}") {
        if let Ok(tag) = nbt::tag_from_snbt(&text) {
            let again = nbt::tag_from_snbt(&tag.to_string()).unwrap();
            prop_assert_eq!(again.to_string(), tag.to_string());
        }
    }
}

fn tag(text: &str) -> Tag {
    nbt::tag_from_snbt(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn numbers_of_the_current_grammar() {
    let cases: &[(&str, Tag)] = &[
        ("0", Tag::Int(0)),
        ("-2147483648", Tag::Int(i32::MIN)),
        ("+7", Tag::Int(7)),
        ("1_000_000", Tag::Int(1_000_000)),
        ("127b", Tag::Byte(127)),
        ("-128B", Tag::Byte(-128)),
        ("255ub", Tag::Byte(-1)),
        ("-5sb", Tag::Byte(-5)),
        ("32767s", Tag::Short(32767)),
        ("65535us", Tag::Short(-1)),
        ("12i", Tag::Int(12)),
        ("4294967295ui", Tag::Int(-1)),
        ("9223372036854775807L", Tag::Long(i64::MAX)),
        ("18446744073709551615UL", Tag::Long(-1)),
        ("0xFF", Tag::Int(255)),
        ("0xFFFFFFFF", Tag::Int(-1)),
        ("0x1b", Tag::Int(0x1b)),
        ("0x7Fb", Tag::Int(0x7FB)),
        ("0x7Fsb", Tag::Byte(127)),
        ("0xFFub", Tag::Byte(-1)),
        ("-0x80sb", Tag::Byte(-128)),
        ("0b101", Tag::Int(5)),
        ("0b1111_1111ub", Tag::Byte(-1)),
        ("0b", Tag::Byte(0)),
        ("0s", Tag::Short(0)),
        ("1.5", Tag::Double(1.5)),
        ("1.", Tag::Double(1.0)),
        (".5", Tag::Double(0.5)),
        ("-.5f", Tag::Float(-0.5)),
        ("1e3", Tag::Double(1000.0)),
        ("1E-3f", Tag::Float(0.001)),
        ("2.5e+2d", Tag::Double(250.0)),
        ("3f", Tag::Float(3.0)),
        ("3d", Tag::Double(3.0)),
        ("0d", Tag::Double(0.0)),
        ("-0.0", Tag::Double(-0.0)),
        ("01.5", Tag::Double(1.5)),
        ("1_0.2_5", Tag::Double(10.25)),
        ("true", Tag::Byte(1)),
        ("FALSE", Tag::Byte(0)),
        ("bool(5)", Tag::Byte(1)),
        ("bool(0.0)", Tag::Byte(0)),
        ("bool(true)", Tag::Byte(1)),
        (
            "uuid(\"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\")",
            Tag::IntArray(vec![
                0xf81d4faeu32 as i32,
                0x7dec11d0,
                0xa76500a0u32 as i32,
                0xc91e6bf6u32 as i32,
            ]),
        ),
        (
            "float_bits(0x7FC00000)",
            Tag::Float(f32::from_bits(0x7FC0_0000)),
        ),
        (
            "double_bits(0xFFF0000000000000L)",
            Tag::Double(f64::NEG_INFINITY),
        ),
    ];
    for (text, expected) in cases {
        let got = tag(text);
        assert!(
            Nbt::new("", Compound::new().with("v", got.clone()))
                .to_vec()
                .unwrap()
                == Nbt::new("", Compound::new().with("v", expected.clone()))
                    .to_vec()
                    .unwrap(),
            "{text}: {got:?}, expected {expected:?}"
        );
    }
}

#[test]
fn strings_lists_arrays_and_compounds() {
    let cases: &[(&str, Tag)] = &[
        ("minecraft", Tag::String("minecraft".into())),
        ("a.b-c_d+e", Tag::String("a.b-c_d+e".into())),
        ("Infinity", Tag::String("Infinity".into())),
        (r#""say \"hi\"""#, Tag::String("say \"hi\"".into())),
        (
            r#"'single " double'"#,
            Tag::String("single \" double".into()),
        ),
        (r#""it's""#, Tag::String("it's".into())),
        (
            r#""\b\s\t\n\f\r\\\x41\u00e9\U0001F600\uD83D\uDE00""#,
            Tag::String("\u{8} \t\n\u{c}\r\\Aé😀😀".into()),
        ),
        ("\"multi\nline\"", Tag::String("multi\nline".into())),
        ("[]", Tag::List(List::Empty)),
        ("[1,2,3,]", Tag::List(List::Int(vec![1, 2, 3]))),
        ("[ 1b , 2b ]", Tag::List(List::Byte(vec![1, 2]))),
        (
            "[a, 'b']",
            Tag::List(List::String(vec!["a".into(), "b".into()])),
        ),
        (
            "[[], [1]]",
            Tag::List(List::List(vec![List::Empty, List::Int(vec![1])])),
        ),
        ("[B;]", Tag::ByteArray(vec![])),
        ("[B; 1b, 2, -3b, 0xFF]", Tag::ByteArray(vec![1, 2, -3, -1])),
        (
            "[I; 1, 2b, 3s, 0xFFFFFFFF,]",
            Tag::IntArray(vec![1, 2, 3, -1]),
        ),
        ("[L ; 1, 2L, 3i, -4s]", Tag::LongArray(vec![1, 2, 3, -4])),
        ("[B]", Tag::List(List::String(vec!["B".into()]))),
        (
            "{a: 1, 'b c': \"d\", 3: [I;], -x: {}, a: 2}",
            Tag::Compound(
                Compound::new()
                    .with("a", 2)
                    .with("b c", "d")
                    .with("3", vec![0i32; 0])
                    .with("-x", Compound::new()),
            ),
        ),
        ("{\"\": 1}", Tag::Compound(Compound::new().with("", 1))),
        // Mixed types: a list of compounds, the elements that are not compounds wrapped.
        (
            "[1, \"a\", {x: 1}, {\"\": 2b}]",
            Tag::List(List::Compound(vec![
                Compound::new().with("", 1),
                Compound::new().with("", "a"),
                Compound::new().with("x", 1),
                Compound::new().with("", Compound::new().with("", 2i8)),
            ])),
        ),
        (
            "[1b, 1s]",
            Tag::List(List::Compound(vec![
                Compound::new().with("", 1i8),
                Compound::new().with("", 1i16),
            ])),
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(&tag(text), expected, "{text}");
    }
    let pretty = "{\n  name: \"Steve\",\n  pos: [\n    1.0d,\n    2.0d\n  ]\n}\n";
    let doc: Nbt = pretty.parse().unwrap();
    assert_eq!(
        doc.list("pos").and_then(List::doubles),
        Some(&[1.0, 2.0][..])
    );
}

#[test]
fn mixed_lists_print_as_minecraft_prints_them() {
    let mixed = tag("[1, \"a\", {x: 1}]");
    assert_eq!(mixed.to_string(), r#"[1,"a",{x:1}]"#);
    // Wrappers of one type only were not written for mixed types: printed as they are.
    let same = Tag::List(List::Compound(vec![
        Compound::new().with("", 1),
        Compound::new().with("", 2),
    ]));
    assert_eq!(same.to_string(), r#"[{"":1},{"":2}]"#);
    assert_eq!(tag(&same.to_string()), same);
    // Non-finite floats by their bits.
    let odd = Compound::new()
        .with("nan", f32::NAN)
        .with("inf", f64::INFINITY)
        .with("l", List::Float(vec![f32::NEG_INFINITY, 1.0]));
    assert_eq!(
        odd.to_string(),
        "{nan:float_bits(0x7FC00000),inf:double_bits(0x7FF0000000000000L),l:[float_bits(0xFF800000),1.0f]}"
    );
    round_trip(&odd, "non-finite");
}

#[test]
fn errors_name_line_and_column() {
    let cases: &[(&str, usize, usize, &str)] = &[
        ("", 1, 1, "expected `{`"),
        ("{a:1", 1, 5, "expected `,` or `}`"),
        ("{a 1}", 1, 4, "expected `:`"),
        ("{a:1}}", 1, 6, "expected the end of the text"),
        ("{\n a: [1,\n  2b,\n  }", 4, 3, "expected a value"),
        ("{a: 128b}", 1, 5, "a number out of range for a byte"),
        ("{a: -1ub}", 1, 5, "a negative unsigned number"),
        ("{a: -0x1}", 1, 5, "a negative unsigned number"),
        ("{a: 01}", 1, 5, "a leading zero (octal is not SNBT)"),
        (
            "{a: 1__}",
            1,
            5,
            "an underscore at the start or end of a number",
        ),
        ("{a: 1e999}", 1, 5, "a number too large for a double"),
        ("{a: 1e39f}", 1, 5, "a number too large for a float"),
        ("{a: -x}", 1, 6, "expected a number"),
        ("{a: \"open}", 1, 11, "expected the string's closing quote"),
        ("{a: \"\\q\"}", 1, 6, "an unknown escape sequence"),
        ("{a: \"\\u12\"}", 1, 8, "expected 4 hexadecimal digits"),
        (
            "{a: \"\\uD800\"}",
            1,
            6,
            "an escape that is not a character",
        ),
        (
            "{a: \"\\N{SNOWMAN}\"}",
            1,
            6,
            "character names (\\N{..}) are not supported: use \\u or \\U",
        ),
        (
            "{a: [B; 1s]}",
            1,
            9,
            "an element type this array cannot hold",
        ),
        (
            "{a: [I; 1L]}",
            1,
            9,
            "an element type this array cannot hold",
        ),
        ("{a: [I; 1.5]}", 1, 10, "expected `,` or `]`"),
        ("{a: [L; x]}", 1, 9, "expected an integer in the array"),
        (
            "{a: nope(1)}",
            1,
            5,
            "unknown operation (bool(x), uuid(\"...\"), float_bits(i), double_bits(l) take one argument)",
        ),
        ("{a: uuid(1)}", 1, 10, "expected a string for uuid(..)"),
        ("{: 1}", 1, 2, "expected a key"),
        ("{é: 1}", 1, 2, "expected a key"),
        ("{a: \"é\", b: ?}", 1, 13, "expected a value"),
    ];
    for &(text, line, column, problem) in cases {
        let e = nbt::from_snbt(text).expect_err(text);
        match e.kind() {
            ErrorKind::Snbt {
                line: l,
                column: c,
                problem: p,
            } => assert_eq!((*l, *c, *p), (line, column, problem), "{text}"),
            other => panic!("{text}: {other:?}"),
        }
        assert_eq!(
            e.to_string(),
            format!("NBT: bad SNBT at line {line}, column {column}: {problem}")
        );
    }
    // Not a compound at the root.
    assert!(nbt::from_snbt("[1]").is_err());
    assert!("1".parse::<Compound>().is_err());
    // Nesting is limited as in the binary form.
    let deep = format!("{}{}", "[".repeat(600), "]".repeat(600));
    assert!(matches!(
        nbt::tag_from_snbt(&deep).unwrap_err().kind(),
        ErrorKind::Snbt {
            problem: "compounds and lists nested deeper than 512",
            ..
        }
    ));
    let fine = format!("{}{}", "[".repeat(500), "]".repeat(500));
    assert!(nbt::tag_from_snbt(&fine).is_ok());
}
