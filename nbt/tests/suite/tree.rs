//! NBT on real files: simdnbt's seven test files (from Cargo's registry) read back byte for
//! byte, through the tree and the view; generated chunk-like and player-like documents and
//! random trees round-trip; every kind of bad input refused with its offset. (The peers'
//! trees are compared in `endian_wire_compare`'s `tests/peers/nbt.rs`, simdnbt's in
//! `.ci/nbt_simdnbt/`, which needs nightly.)

#![cfg(feature = "std")]

use endian_wire_testkit::nbt as nbt_files;
use endian_wire_testkit::nbt_trees::{text, tree};
use proptest::prelude::*;
use wire_nbt::{self as nbt, Compound, ErrorKind, List, Nbt, Tag};

// ----- simdnbt's seven files -----------------------------------------------------------------

#[test]
#[cfg_attr(
    miri,
    ignore = "reads files found by running cargo; Miri runs the small document test"
)]
fn seven_files_read_back_byte_for_byte() {
    let Some(files) = nbt_files::files_or_skip() else {
        return;
    };
    for (name, bytes) in files {
        let nbt = nbt::from_slice::<Nbt>(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!nbt.is_empty(), "{name}");
        assert_eq!(nbt.to_vec().unwrap(), bytes, "{name}: read -> write");
        let again = nbt::from_slice::<Nbt>(&nbt.to_vec().unwrap()).unwrap();
        assert_eq!(again, nbt, "{name}: read -> write -> read");
        // Through serde's writer (the tree as a serde type), named, and through `io::Write`.
        assert_eq!(nbt::to_vec_named(&nbt.name, &nbt).unwrap(), bytes, "{name}");
        let mut written = Vec::new();
        nbt::to_writer_named(&mut written, &nbt.name, &nbt).unwrap();
        assert_eq!(written, bytes, "{name}");
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "reads files found by running cargo; Miri runs the small document test"
)]
fn known_values_of_the_files() {
    let Some(hello) = nbt_files::file_or_skip("hello_world.nbt") else {
        return;
    };
    let hello = nbt::from_slice::<Nbt>(&hello).unwrap();
    assert_eq!(hello.name, "hello world");
    assert_eq!(hello.string("name"), Some("Bananrama"));

    let big = nbt::from_slice::<Nbt>(&nbt_files::uncompressed("bigtest.nbt").unwrap()).unwrap();
    assert_eq!(big.name, "Level");
    assert_eq!(big.long("longTest"), Some(9_223_372_036_854_775_807));
    assert_eq!(big.short("shortTest"), Some(32767));
    assert_eq!(big.float("floatTest"), Some(0.498_231_47));
    let nested = big.compound("nested compound test").unwrap();
    assert_eq!(
        nested.compound("egg").unwrap().string("name"),
        Some("Eggbert")
    );
    assert_eq!(
        big.list("listTest (long)").and_then(List::longs),
        Some(&[11, 12, 13, 14, 15][..])
    );
    // The byte array of bigtest: (n*n*255 + n*7) % 100 for n in 0..1000.
    let bytes = big.byte_array("byteArrayTest (the first 1000 values of (n*n*255+n*7)%100, starting with n=0 (0, 62, 34, 16, 8, ...))").unwrap();
    assert_eq!(bytes.len(), 1000);
    assert!(
        bytes
            .iter()
            .enumerate()
            .all(|(n, &b)| b as usize == (n * n * 255 + n * 7) % 100)
    );
    // Its non-ASCII name: "ŋ" etc. in `stringTest`, decoded from modified UTF-8.
    assert_eq!(
        big.string("stringTest"),
        Some("HELLO WORLD THIS IS A TEST STRING ÅÄÖ!")
    );

    let ints =
        nbt::from_slice::<Nbt>(&nbt_files::uncompressed("inttest1023.nbt").unwrap()).unwrap();
    let list = ints.list("").and_then(List::ints).unwrap();
    assert_eq!(list.len(), 1023);
    assert_eq!(list[..3], [0, 1, 2]);
    assert_eq!(list[1022], 1022);
}

#[test]
#[cfg_attr(
    miri,
    ignore = "reads files found by running cargo; Miri runs the small document test"
)]
fn snbt_shows_the_tree() {
    let Some(big) = nbt_files::file_or_skip("bigtest.nbt") else {
        return;
    };
    let big = nbt::from_slice::<Nbt>(&big).unwrap();
    let s = big.to_string();
    assert!(s.starts_with('{') && s.ends_with('}'), "{s}");
    assert!(s.contains("longTest:9223372036854775807L"), "{s}");
    assert!(s.contains("shortTest:32767s"), "{s}");
    assert!(s.contains(r#"egg:{name:"Eggbert",value:0.5f}"#), "{s}");
    assert!(
        s.contains(r#""listTest (long)":[11L,12L,13L,14L,15L]"#),
        "{s}"
    );
    let pretty = format!("{big:#}");
    assert!(
        pretty.contains("\n  longTest: 9223372036854775807L"),
        "{pretty}"
    );
    let escaped = Compound::new().with("q", "a\"b\\c\n").to_string();
    assert_eq!(escaped, r#"{q:"a\"b\\c\n"}"#);
}

#[test]
#[cfg_attr(
    miri,
    ignore = "reads files found by running cargo; Miri runs the small document test"
)]
fn network_form_drops_the_root_name() {
    let Some(files) = nbt_files::files_or_skip() else {
        return;
    };
    for (name, bytes) in files {
        let nbt = nbt::from_slice::<Nbt>(&bytes).unwrap();
        let net = nbt::to_network_vec(&nbt).unwrap();
        let name_len = 2 + nbt.name.len();
        assert_eq!(net[0], 10);
        assert_eq!(net[1..], bytes[1 + name_len..], "{name}");
        let back = nbt::from_network_slice::<Nbt>(&net).unwrap();
        assert_eq!(back.root, nbt.root, "{name}");
        assert_eq!(back.name, "");
        let mut packet = net.clone();
        packet.extend_from_slice(b"rest of the packet");
        let (again, used) = nbt::from_network_slice_prefix::<Nbt>(&packet).unwrap();
        assert_eq!((again.root, used), (nbt.root, net.len()), "{name}");
    }
}

// ----- generated documents ---------------------------------------------------------------------

#[test]
#[cfg_attr(miri, ignore = "hundreds of KiB; Miri runs the small document test")]
fn generated_chunk_and_player_round_trip() {
    for doc in [nbt_files::chunk(), nbt_files::player()] {
        let bytes = doc.to_vec().unwrap();
        assert!(bytes.len() > 100_000, "{} bytes", bytes.len());
        assert_eq!(nbt::from_slice::<Nbt>(&bytes).unwrap(), doc);
    }
}

/// Strings of kilobytes (the long strings' check): plain ASCII, two-byte characters, and ones
/// modified UTF-8 writes differently (NUL, a character beyond the BMP) at each end, in a server
/// list and alone; every reader gives them back, every writer writes the same bytes, in each
/// flavour.
#[test]
#[cfg_attr(
    miri,
    ignore = "tens of KiB; mutf8's unit tests run the check under Miri"
)]
fn long_strings_round_trip_in_every_flavour() {
    let mut docs = vec![nbt_files::long_strings()];
    for odd in ["\0", "\u{1F600}", "é", "\u{7FF}", "\u{FFFF}"] {
        for len in [127, 128, 129, 4096] {
            let plain = "x".repeat(len);
            let root = Compound::new()
                .with("front", format!("{odd}{plain}"))
                .with("back", format!("{plain}{odd}"))
                .with(
                    "list",
                    List::String(vec![plain.clone(), format!("{plain}{odd}{plain}")]),
                );
            docs.push(Nbt::new(format!("{odd}{plain}"), root));
        }
    }
    for doc in docs {
        let bytes = doc.to_vec().unwrap();
        assert_eq!(nbt::from_slice::<Nbt>(&bytes).unwrap(), doc);
        // Serde's writer names the root "".
        let unnamed = Nbt::new("", doc.root.clone()).to_vec().unwrap();
        assert_eq!(nbt::to_vec(&doc.root).unwrap(), unnamed, "serde's writer");
        assert_eq!(
            nbt::from_slice::<Compound>(&unnamed).unwrap(),
            doc.root,
            "serde's reader"
        );
        assert_eq!(nbt::view(&bytes).unwrap().to_owned().unwrap(), doc);
        for (k, v) in doc.root.iter() {
            let view = nbt::view(&bytes).unwrap();
            if let Tag::String(s) = v {
                assert_eq!(view.root().string(k).unwrap().to_str().unwrap(), *s);
            }
        }
        let le = nbt::bedrock::to_vec(&doc).unwrap();
        assert_eq!(nbt::bedrock::from_slice(&le).unwrap(), doc);
        let net = nbt::bedrock::to_network_vec(&doc).unwrap();
        assert_eq!(nbt::bedrock::from_network_slice(&net).unwrap(), doc);
    }
    // A long string that is not modified UTF-8 (a raw NUL, a four-byte sequence) is refused.
    for bad in [&[0u8][..], &[0xF0, 0x9F, 0x98, 0x80]] {
        let mut s = vec![b'x'; 300];
        s.extend_from_slice(bad);
        let mut bytes = vec![10, 0, 0, 8, 0, 1, b's'];
        bytes.extend_from_slice(&(s.len() as u16).to_be_bytes());
        bytes.extend_from_slice(&s);
        bytes.push(0);
        assert!(nbt::from_slice::<Nbt>(&bytes).is_err());
        assert!(
            nbt::view(&bytes)
                .unwrap()
                .root()
                .string("s")
                .unwrap()
                .to_str()
                .is_err()
        );
    }
}

// ----- bad input -----------------------------------------------------------------------------

fn error(bytes: &[u8]) -> nbt::Error {
    nbt::from_slice::<Nbt>(bytes).expect_err("refused")
}

/// The truncations of a real file a sweep tries: every one of a small file, every 7th of a
/// large one; on other hosts than x86_64 (emulated in CI, where the two sweeps took 37 s)
/// about a quarter as many, still stopping inside every kind of tag and field.
fn truncation_step(bytes: &[u8]) -> usize {
    let step = if bytes.len() > 5000 { 7 } else { 1 };
    if cfg!(target_arch = "x86_64") {
        step
    } else {
        step * 4 - 1
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "reads files found by running cargo; Miri runs the small document test"
)]
fn every_truncation_is_an_unexpected_end_at_or_before_it() {
    let Some(files) = nbt_files::files_or_skip() else {
        return;
    };
    for (name, bytes) in files {
        for len in (0..bytes.len()).step_by(truncation_step(&bytes)) {
            let e = error(&bytes[..len]);
            assert!(
                matches!(e.kind(), ErrorKind::UnexpectedEof { .. }) && e.offset() <= len,
                "{name} cut at {len}: {e}"
            );
            let io: std::io::Error = e.into();
            assert_eq!(io.kind(), std::io::ErrorKind::UnexpectedEof);
        }
    }
}

#[test]
fn errors_name_offset_and_cause() {
    let named = |body: &[u8]| [&[10u8, 0, 0][..], body].concat();
    // An unknown tag type in a compound, at its offset.
    let e = error(&named(&[13, 0, 0]));
    assert_eq!(e.offset(), 3);
    assert!(matches!(
        e.kind(),
        ErrorKind::InvalidTagType { found: 13, .. }
    ));
    assert_eq!(
        e.to_string(),
        "NBT: at byte 3: invalid tag type 13 for a compound entry"
    );
    let io: std::io::Error = e.into();
    assert_eq!(io.kind(), std::io::ErrorKind::InvalidData);
    // A root that is not a compound.
    let e = error(&[8, 0, 0, 0, 0]);
    assert!(matches!(e.kind(), ErrorKind::RootNotCompound { found: 8 }));
    // A negative array length, at the length's offset.
    let e = error(&named(&[11, 0, 1, b'a', 0xFF, 0xFF, 0xFF, 0xFE, 0]));
    assert_eq!(e.offset(), 7);
    assert!(matches!(e.kind(), ErrorKind::NegativeLength { length: -2 }));
    // A length beyond the input: refused before allocating.
    let e = error(&named(&[12, 0, 1, b'a', 0x7F, 0xFF, 0xFF, 0xFF, 0]));
    assert!(
        matches!(
            e.kind(),
            ErrorKind::UnexpectedEof {
                what: "a long array",
                ..
            }
        ),
        "{e}"
    );
    // A list of End with elements.
    let e = error(&named(&[9, 0, 1, b'a', 0, 0, 0, 0, 3, 0]));
    assert_eq!(e.offset(), 8);
    assert!(matches!(e.kind(), ErrorKind::EndListNotEmpty { length: 3 }));
    // A list of an unknown type.
    let e = error(&named(&[9, 0, 1, b'a', 77, 0, 0, 0, 0, 0]));
    assert_eq!(e.offset(), 7);
    assert!(matches!(
        e.kind(),
        ErrorKind::InvalidTagType { found: 77, .. }
    ));
    // Invalid modified UTF-8 in a name: the offset of the bad byte.
    let e = error(&named(&[1, 0, 3, b'a', b'b', 0xFF, 1, 0]));
    assert_eq!(e.offset(), 8);
    assert!(matches!(e.kind(), ErrorKind::InvalidMutf8));
    // A raw zero byte in a string value.
    let e = error(&named(&[8, 0, 1, b'a', 0, 2, b'x', 0, 0]));
    assert_eq!(e.offset(), 10);
    // Trailing bytes.
    let e = error(&[10, 0, 0, 0, 0xAA, 0xBB]);
    assert_eq!(e.offset(), 4);
    assert!(matches!(e.kind(), ErrorKind::TrailingBytes { count: 2 }));
    assert_eq!(
        nbt::from_slice_prefix::<Nbt>(&[10, 0, 0, 0, 0xAA])
            .unwrap()
            .1,
        4
    );
}

/// Lists nested in the root compound, `depth` containers in all (the root is depth 1).
fn nested_lists(depth: usize) -> Vec<u8> {
    let mut v = vec![10, 0, 0, 9, 0, 1, b'a'];
    for _ in 2..depth {
        v.extend_from_slice(&[9, 0, 0, 0, 1]); // a list of one list
    }
    v.extend_from_slice(&[0, 0, 0, 0, 0]); // the innermost: empty, type End
    v.push(0); // the root's End
    v
}

#[test]
fn nesting_is_limited_to_512() {
    // Root (1) + 511 lists = 512: accepted; one more: refused.
    let ok = nested_lists(nbt::MAX_NESTING);
    let nbt = nbt::from_slice::<Nbt>(&ok).expect("512 deep is allowed");
    assert_eq!(nbt.to_vec().unwrap(), ok);
    let e = error(&nested_lists(nbt::MAX_NESTING + 1));
    assert!(matches!(e.kind(), ErrorKind::TooDeep), "{e}");
    // Far deeper input is refused the same way, without exhausting the stack.
    let e = error(&nested_lists(if cfg!(miri) { 2_000 } else { 100_000 }));
    assert!(matches!(e.kind(), ErrorKind::TooDeep));
    // Compounds nested in compounds count alike.
    let mut v = vec![10, 0, 0];
    for _ in 0..600 {
        v.extend_from_slice(&[10, 0, 0]);
    }
    v.extend(std::iter::repeat_n(0, 601));
    assert!(matches!(error(&v).kind(), ErrorKind::TooDeep));
}

#[test]
#[cfg_attr(
    miri,
    ignore = "70,000-byte strings: 20 s under Miri for checks without unsafe"
)]
fn unencodable_values_are_errors() {
    let long = "x".repeat(65_536);
    let nbt = Nbt::new("", Compound::new().with("s", long.as_str()));
    let e = nbt.to_vec().unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Unencodable { .. }));
    let io: std::io::Error = nbt::to_writer(&mut Vec::new(), &nbt).unwrap_err().into();
    assert_eq!(io.kind(), std::io::ErrorKind::InvalidInput);
    // 65,535 bytes fit; NUL takes two bytes in modified UTF-8.
    let fits = Nbt::new("", Compound::new().with("s", "x".repeat(65_535)));
    assert!(fits.to_vec().is_ok());
    assert!(nbt::to_vec(&fits).is_ok());
    let nul = Nbt::new("", Compound::new().with("s", "\0".repeat(32_768)));
    assert!(nul.to_vec().is_err());
    assert!(nbt::to_vec(&nul).is_err());
    // Too deep.
    let mut l = List::Empty;
    for _ in 0..nbt::MAX_NESTING {
        l = List::List(vec![l]);
    }
    let deep = Nbt::new("", Compound::new().with("l", l));
    for e in [deep.to_vec().unwrap_err(), nbt::to_vec(&deep).unwrap_err()] {
        assert!(matches!(e.kind(), ErrorKind::Unencodable { .. }), "{e}");
    }
}

/// A 70,000-byte string, as a value, a name and the root's name, through every writer: an
/// error (`InvalidInput` as an `io::Error`), never a panic, and nothing written.
#[test]
#[cfg_attr(
    miri,
    ignore = "70,000-byte strings: 20 s under Miri for checks without unsafe"
)]
fn a_70000_byte_string_is_an_error_from_every_writer() {
    use std::collections::BTreeMap;
    let long = "x".repeat(70_000);
    let as_value = Nbt::new("", Compound::new().with("s", long.as_str()));
    let as_name = Nbt::new("", Compound::new().with(long.as_str(), 1));
    let as_root_name = Nbt::new(long.as_str(), Compound::new());
    let map: BTreeMap<&str, &str> = [("s", long.as_str())].into();
    let check = |e: nbt::Error| {
        assert!(
            matches!(e.kind(), ErrorKind::Unencodable { what } if what.contains("65,535")),
            "{e}"
        );
        let io: std::io::Error = e.into();
        assert_eq!(io.kind(), std::io::ErrorKind::InvalidInput);
    };
    for tree in [&as_value, &as_name, &as_root_name] {
        check(tree.to_vec().unwrap_err());
        check(nbt::to_vec_named(&tree.name, tree).unwrap_err());
    }
    for tree in [&as_value, &as_name] {
        check(nbt::to_vec(tree).unwrap_err());
        check(nbt::to_network_vec(tree).unwrap_err());
        let mut out = Vec::new();
        check(nbt::to_writer(&mut out, tree).unwrap_err());
        check(nbt::to_network_writer(&mut out, tree).unwrap_err());
        check(nbt::to_writer_named(&mut out, "", tree).unwrap_err());
        assert!(out.is_empty(), "nothing written");
        #[cfg(feature = "flate2")]
        for c in [
            nbt::Compression::Gzip,
            nbt::Compression::Zlib,
            nbt::Compression::None,
        ] {
            check(nbt::to_compressed_vec(tree, c).unwrap_err());
            check(nbt::to_compressed_vec_named("", tree, c).unwrap_err());
            check(nbt::to_compressed_writer(&mut out, tree, c).unwrap_err());
            assert!(out.is_empty(), "nothing written");
        }
    }
    check(nbt::to_vec(&map).unwrap_err());
    check(nbt::to_vec_named(&long, &Compound::new()).unwrap_err());
    // A region file's chunk: refused, and the builder left without it.
    let mut region = nbt::region::RegionBuilder::new();
    for tree in [&as_value, &as_name, &as_root_name] {
        let none = nbt::region::ChunkCompression::None;
        check(region.insert(3, 4, tree, none, 0).unwrap_err());
    }
    assert!(region.is_empty());
}

// ----- names of every length -----------------------------------------------------------------

/// Modified UTF-8, written out here for the expected bytes: NUL as two bytes, characters
/// beyond the Basic Multilingual Plane as two three-byte surrogates.
fn mutf8(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for c in s.chars() {
        match c {
            '\0' => out.extend([0xC0, 0x80]),
            c if (c as u32) > 0xFFFF => {
                for unit in c.encode_utf16(&mut [0; 2]).iter() {
                    let u = u32::from(*unit);
                    out.extend([
                        0xE0 | (u >> 12) as u8,
                        0x80 | ((u >> 6) & 0x3F) as u8,
                        0x80 | (u & 0x3F) as u8,
                    ]);
                }
            }
            c => out.extend(c.encode_utf8(&mut [0; 4]).as_bytes()),
        }
    }
    out
}

/// Names of 0 to 40 bytes (the key keeps up to 23 inline, the reader builds short ASCII names
/// from a 24-byte window of its input, the writer copies an inline key's 24 bytes whole), in
/// ASCII, with NUL, with a two-byte and with a supplementary character, each beside every kind
/// of value and as the last entry (its window runs past the input's end): the writer's bytes
/// are the expected encoding, and the reader gives the same tree back.
#[test]
fn names_of_every_length_and_encoding_round_trip() {
    let values = [
        Tag::Byte(-3),
        Tag::Short(300),
        Tag::Int(-70_000),
        Tag::Long(1 << 40),
        Tag::Float(1.5),
        Tag::Double(-0.25),
        Tag::String("value".into()),
        Tag::Compound(Compound::new().with("in", 1)),
        Tag::List(List::Int(vec![1, 2])),
        Tag::IntArray(vec![7]),
    ];
    // Under Miri the lengths around the key's and the window's limits.
    let (lens, fills): (Vec<usize>, &[&str]) = if cfg!(miri) {
        (vec![23, 24], &["a", "😀"])
    } else {
        ((0..=40).collect(), &["a", "\0", "é", "😀"])
    };
    for len in lens {
        for &fill in fills {
            let mut name: String = "n".repeat(len.saturating_sub(fill.len()));
            if len >= fill.len() {
                name.push_str(fill);
            }
            let mut root = Compound::new();
            let mut expected = vec![10u8, 0, 0];
            for (i, value) in values.iter().enumerate() {
                let key = format!("{name}{}", "x".repeat(i));
                root.insert(key.clone(), value.clone());
                let encoded = mutf8(&key);
                expected.push(value.kind().id());
                expected.extend((encoded.len() as u16).to_be_bytes());
                expected.extend(&encoded);
                let one = Nbt::new("", Compound::new().with("", value.clone()))
                    .to_vec()
                    .unwrap();
                expected.extend(&one[6..one.len() - 1]);
            }
            expected.push(0);
            let nbt = Nbt::new("", root);
            let bytes = nbt.to_vec().unwrap();
            assert_eq!(bytes, expected, "names of {len} bytes with {fill:?}");
            assert_eq!(
                nbt::from_slice::<Nbt>(&bytes).unwrap(),
                nbt,
                "{len} {fill:?}"
            );
            assert_eq!(
                nbt::view(&bytes).unwrap().to_owned().unwrap(),
                nbt,
                "{len} {fill:?}"
            );
            // Cut anywhere, inside a name, a value or a nested compound: an error, and every
            // key made before it freed (Miri checks the reader's partly built entries).
            // (Miri: keys all on the heap, every fifth cut.)
            let (cut_this, step) = if cfg!(miri) {
                (len == 24 && fill == "a", 5)
            } else {
                (fill == "😀" && (len == 7 || len == 30), 1)
            };
            if cut_this {
                for cut in (0..bytes.len()).step_by(step) {
                    assert!(
                        nbt::from_slice::<Nbt>(&bytes[..cut]).is_err(),
                        "cut at {cut}"
                    );
                }
            }
        }
    }
}

/// String values of 0 to 80 bytes (the writer copies and checks up to 64 bytes at once, in
/// pieces that depend on the length), plain or with NUL, a two-byte or a supplementary
/// character first, in the middle or last: written as their modified UTF-8, in a compound and
/// in a list, and read back.
#[test]
fn string_values_of_every_length_and_encoding_round_trip() {
    let (lens, specials, places): (Vec<usize>, &[&str], usize) = if cfg!(miri) {
        (vec![3, 8, 17, 33, 65], &["", "😀"], 1)
    } else {
        ((0..=80).collect(), &["", "\0", "é", "😀"], 3)
    };
    for len in lens {
        for &special in specials {
            for place in 0..places {
                let fill = len.saturating_sub(special.len());
                let (head, tail) = match place {
                    0 => (0, fill),
                    1 => (fill / 2, fill - fill / 2),
                    _ => (fill, 0),
                };
                let text = format!("{}{special}{}", "a".repeat(head), "z".repeat(tail));
                let encoded = mutf8(&text);
                let nbt = Nbt::new(
                    "",
                    Compound::new()
                        .with("s", text.as_str())
                        .with("l", List::String(vec![text.clone(), text.clone()])),
                );
                let mut expected = vec![10u8, 0, 0, 8, 0, 1, b's'];
                let string = [&(encoded.len() as u16).to_be_bytes()[..], &encoded].concat();
                expected.extend(&string);
                expected.extend([9, 0, 1, b'l', 8, 0, 0, 0, 2]);
                expected.extend(&string);
                expected.extend(&string);
                expected.push(0);
                let bytes = nbt.to_vec().unwrap();
                assert_eq!(bytes, expected, "{text:?}");
                assert_eq!(nbt::from_slice::<Nbt>(&bytes).unwrap(), nbt, "{text:?}");
                assert_eq!(nbt::to_vec_named("", &nbt).unwrap(), expected, "{text:?}");
            }
        }
    }
}

// ----- random trees --------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(endian_wire_testkit::proptest_cases(256)))]

    /// Random trees: written and read back equal (as bytes: NaNs compare unequal as values),
    /// in the file form and the network form.
    #[test]
    fn prop_random_trees_round_trip(root in tree(), name in text()) {
        let nbt = Nbt::new(name.clone(), root);
        let bytes = nbt.to_vec().unwrap();
        let back = nbt::from_slice::<Nbt>(&bytes).unwrap();
        prop_assert_eq!(back.to_vec().unwrap(), bytes.clone());
        prop_assert_eq!(&back.name, &name);

        let net = nbt::to_network_vec(&nbt).unwrap();
        prop_assert_eq!(
            nbt::from_network_slice::<Nbt>(&net).unwrap().to_vec().unwrap(),
            Nbt::new("", nbt.root.clone()).to_vec().unwrap()
        );
    }

    /// Arbitrary bytes: a tree or an error, never a panic; a tree read writes back the same
    /// bytes (every accepted input is canonical).
    #[test]
    fn prop_arbitrary_bytes_never_panic(body in prop::collection::vec(any::<u8>(), 0..200)) {
        let bytes = [&[10u8, 0, 0][..], &body].concat();
        if let Ok(nbt) = nbt::from_slice::<Nbt>(&bytes) {
            prop_assert_eq!(nbt.to_vec().unwrap(), bytes);
        }
    }
}

// ----- the borrowed view ---------------------------------------------------------------------

/// Every tag kind, every list kind, a non-ASCII name, NUL and a character beyond the BMP: the
/// document Miri reads with both readers (on x86_64 and the big-endian s390x), small enough
/// for it.
fn every_kind() -> Nbt {
    let all_lists = Compound::new()
        .with("empty", List::Empty)
        .with("bytes", List::Byte(vec![-1, 2]))
        .with("shorts", List::Short(vec![-300, 4]))
        .with("ints", List::Int(vec![1, -2, 3]))
        .with("longs", List::Long(vec![i64::MIN, 5]))
        .with("floats", List::Float(vec![0.5, -1.0]))
        .with("doubles", List::Double(vec![1e300, -0.0]))
        .with("byte arrays", List::ByteArray(vec![vec![1], vec![]]))
        .with(
            "strings",
            List::String(vec!["a".into(), "é\0\u{1F600}".into()]),
        )
        .with("lists", List::List(vec![List::Int(vec![7]), List::Empty]))
        .with(
            "compounds",
            List::Compound(vec![Compound::new().with("x", 1i8), Compound::new()]),
        )
        .with("int arrays", List::IntArray(vec![vec![1, 2], vec![]]))
        .with("long arrays", List::LongArray(vec![vec![3], vec![4, 5]]))
        .with("empty ints", List::Int(vec![]));
    Nbt::new(
        "root ✓",
        Compound::new()
            .with("byte", 1i8)
            .with("short", -2i16)
            .with("int", 0x0102_0304)
            .with("long", -0x0102_0304_0506_0708i64)
            .with("float", 1.5f32)
            .with("double", -2.25f64)
            .with("byte array", vec![1i8, -1, 0])
            .with("string", "plain")
            .with("nul\0name", "\u{10FFFF}")
            .with("lists", all_lists)
            .with("int array", (0..20).collect::<Vec<i32>>())
            .with(
                "long array",
                (0..20).map(|i| i * 0x0101_0101_0101).collect::<Vec<i64>>(),
            ),
    )
}

#[test]
fn a_document_of_every_kind_through_both_readers_and_the_writer() {
    let doc = every_kind();
    let bytes = doc.to_vec().unwrap();
    assert_eq!(nbt::from_slice::<Nbt>(&bytes).unwrap(), doc);
    let view = nbt::view(&bytes).unwrap();
    assert_eq!(view.to_owned().unwrap(), doc);
    assert_eq!(view.name().to_str().unwrap(), "root ✓");
    view_matches(view.root(), &doc.root);
    let root = view.root();
    assert_eq!(root.long("long"), Some(-0x0102_0304_0506_0708));
    assert_eq!(
        root.string("nul\0name").unwrap().to_str().unwrap(),
        "\u{10FFFF}"
    );
    let ints = root.int_array("int array").unwrap();
    assert_eq!(ints.to_vec(), (0..20).collect::<Vec<i32>>());
    assert_eq!(ints.get(19), Some(19));
    assert_eq!(ints.get(20), None);
    let lists = root.compound("lists").unwrap();
    assert_eq!(
        lists.list("doubles").unwrap().doubles().unwrap().to_vec(),
        [1e300, -0.0]
    );
    assert_eq!(lists.list("bytes").unwrap().bytes(), Some(&[-1i8, 2][..]));
    let strings: Vec<String> = lists
        .list("strings")
        .unwrap()
        .strings()
        .unwrap()
        .map(|s| s.to_str().unwrap().into_owned())
        .collect();
    assert_eq!(strings, ["a", "é\0\u{1F600}"]);
    // Every truncation is refused by both, at the same offset (under Miri, where each costs
    // about a second, 16 spread over the whole document).
    let step = if cfg!(miri) { bytes.len() / 16 + 1 } else { 1 };
    for len in (0..bytes.len()).step_by(step) {
        let (a, b) = (
            nbt::from_slice::<Nbt>(&bytes[..len]).unwrap_err(),
            nbt::view(&bytes[..len]).unwrap_err(),
        );
        assert_eq!(a.offset(), b.offset());
    }
}

/// NBT numbers are big-endian: on a big-endian host (s390x in CI) the bulk conversions are
/// copies, on a little-endian one swaps; the bytes are the same either way.
#[test]
fn big_endian_hosts_read_numbers_without_swapping() {
    use endian_wire::bulk::WireElement;
    use endian_wire::{BigEndian, Endian};
    let swaps = <BigEndian<i64> as WireElement>::SWAPS;
    assert_eq!(swaps, Endian::NATIVE == Endian::Little);
    assert_eq!(<BigEndian<i32> as WireElement>::SWAPS, swaps);
    let bytes = Nbt::new("", Compound::new().with("a", vec![0x0102_0304i32]))
        .to_vec()
        .unwrap();
    assert_eq!(bytes[bytes.len() - 5..], [1, 2, 3, 4, 0]);
}

/// A view writes back as one copy of its bytes, a compound of it as a document of its own,
/// and each value's bytes are what the writer gives for the owned value: in every flavour, on
/// the document of every kind (small enough for Miri).
#[test]
fn a_view_writes_back_as_one_copy_and_subtrees_as_documents() {
    use wire_nbt::Flavor;
    let doc = every_kind();
    for flavor in [Flavor::Java, Flavor::Bedrock, Flavor::BedrockNetwork] {
        let bytes = flavor.to_vec(&doc).unwrap();
        let view = flavor.view(&bytes).unwrap();
        assert_eq!(view.as_bytes(), bytes, "{flavor:?}");
        assert_eq!(view.to_vec(), bytes, "{flavor:?}");
        let mut out = b"kept".to_vec();
        view.write_to(&mut out);
        assert_eq!(&out[4..], bytes, "{flavor:?}");
        subtrees_write_as_documents(flavor, view.root(), &doc.root);
    }
    // Java's nameless network form.
    let bytes = nbt::to_network_vec(&doc.root).unwrap();
    let view = nbt::view_network(&bytes).unwrap();
    assert_eq!(view.to_vec(), bytes);
    let mut out = Vec::new();
    view.root().write_nameless(&mut out);
    assert_eq!(out, bytes);
}

#[test]
fn a_buf_keeps_what_its_view_read_in_every_flavour() {
    use wire_nbt::{Flavor, NbtBuf};
    fn owned_and_shareable<T: Send + Sync + Clone + 'static>(_: &T) {}
    let doc = every_kind();
    for flavor in [Flavor::Java, Flavor::Bedrock, Flavor::BedrockNetwork] {
        let bytes = flavor.to_vec(&doc).unwrap();
        let kept = NbtBuf::from_vec_in(flavor, bytes.clone()).unwrap();
        owned_and_shareable(&kept);
        assert_eq!(kept.as_bytes(), bytes, "{flavor:?}");
        assert_eq!(kept.view().to_owned().unwrap(), doc, "{flavor:?}");
        view_matches(kept.view().root(), &doc.root);
        // Copied from a view of a prefix: the bytes after the document are not kept.
        let mut more = bytes.clone();
        more.extend_from_slice(b"after");
        let copied = flavor.view_prefix(&more).unwrap().0.to_buf();
        drop(more);
        assert_eq!(copied.as_bytes(), bytes, "{flavor:?}");
        assert_eq!(copied.clone().view().to_vec(), bytes, "{flavor:?}");
        subtrees_write_as_documents(flavor, copied.view().root(), &doc.root);
        assert_eq!(copied.into_bytes(), bytes);
        // What the view refuses, the buf refuses, at the same offset.
        for len in [0, 1, bytes.len() / 2, bytes.len() - 1] {
            let view = flavor.view(&bytes[..len]).unwrap_err();
            let buf = NbtBuf::from_vec_in(flavor, bytes[..len].to_vec()).unwrap_err();
            assert_eq!(buf.offset(), view.offset(), "{flavor:?} cut at {len}");
        }
    }
    // Java's file form through `from_vec`, and the nameless network form through `to_buf`.
    let bytes = doc.to_vec().unwrap();
    let kept = NbtBuf::from_vec(bytes.clone()).unwrap();
    assert_eq!(kept.view().name().to_str().unwrap(), doc.name);
    let from_slice = NbtBuf::from_slice(&bytes).unwrap();
    assert_eq!(from_slice.as_bytes(), kept.as_bytes());
    let moved = nbt::view(&bytes).unwrap().into_buf();
    view_matches(moved.view().root(), &doc.root);
    assert!(NbtBuf::from_slice(&bytes[..bytes.len() - 1]).is_err());
    assert!(format!("{kept:?}").starts_with("NbtBuf"));
    let net = nbt::to_network_vec(&doc.root).unwrap();
    let kept = nbt::view_network(&net).unwrap().to_buf();
    assert_eq!(kept.view().to_owned().unwrap().root, doc.root);
    assert_eq!(kept.as_bytes(), net);
    assert!(NbtBuf::from_vec(net).is_err());
}

/// Each compound below `view` (and `view` itself) written as a named document equals the
/// writer's document of the owned compound; each value's payload equals the writer's.
fn subtrees_write_as_documents(
    flavor: wire_nbt::Flavor,
    view: nbt::CompoundView<'_, '_>,
    owned: &Compound,
) {
    let mut out = Vec::new();
    view.write_named("sub ✓", &mut out).unwrap();
    let expected = flavor.to_vec(&Nbt::new("sub ✓", owned.clone())).unwrap();
    assert_eq!(out, expected, "{flavor:?}");
    // The document's payload starts after the type and the name.
    let header = flavor
        .to_vec(&Nbt::new("sub ✓", Compound::new()))
        .unwrap()
        .len()
        - 1;
    assert_eq!(view.as_bytes(), &expected[header..], "{flavor:?}");
    for ((_, v), (k, ov)) in view.iter().zip(owned.iter()) {
        // A document holding only this value: type, root name (empty), entry type, the
        // entry's name, then its payload and the root's end.
        let alone = flavor
            .to_vec(&Nbt::new("", Compound::new().with(k, ov.clone())))
            .unwrap();
        let before = flavor
            .to_vec(&Nbt::new("", Compound::new().with(k, 0i8)))
            .unwrap()
            .len()
            - 2;
        assert_eq!(
            v.as_bytes(),
            &alone[before..alone.len() - 1],
            "{flavor:?} {k}"
        );
        if let (Some(list), Tag::List(_)) = (v.list(), ov) {
            assert_eq!(list.as_bytes(), v.as_bytes(), "{flavor:?} {k}");
        }
        if let (Some(c), Tag::Compound(oc)) = (v.compound(), ov) {
            subtrees_write_as_documents(flavor, c, oc);
        }
    }
}

#[test]
fn a_compound_named_past_its_prefix_is_refused_and_nothing_written() {
    let bytes = Nbt::new("", Compound::new().with("x", 1i8))
        .to_vec()
        .unwrap();
    let view = nbt::view(&bytes).unwrap();
    let mut out = b"kept".to_vec();
    let long = "n".repeat(70_000);
    let e = view.root().write_named(&long, &mut out).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Unencodable { .. }), "{e}");
    assert_eq!(out, b"kept");
}

#[test]
#[cfg_attr(
    miri,
    ignore = "reads files found by running cargo; Miri runs the small document test"
)]
fn the_seven_files_viewed_write_back_as_one_copy() {
    let Some(files) = nbt_files::files_or_skip() else {
        return;
    };
    for (name, bytes) in files {
        let view = nbt::view(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(view.to_vec(), bytes, "{name}");
        let owned = view.to_owned().unwrap();
        subtrees_write_as_documents(wire_nbt::Flavor::Java, view.root(), &owned.root);
    }
}

/// Every value reachable from `view`, compared with the owned tree's, through the typed
/// getters, lookups by name and element access.
fn view_matches(view: nbt::CompoundView<'_, '_>, owned: &Compound) {
    assert_eq!(view.len(), owned.len());
    for ((k, v), (ok, ov)) in view.iter().zip(owned.iter()) {
        assert_eq!(k.to_str().unwrap(), ok);
        assert!(k == ok);
        assert_eq!(v.kind(), ov.kind());
        assert_eq!(v.to_owned().unwrap(), *ov);
        // The lookup finds the first entry of that name.
        assert_eq!(
            view.get(ok).unwrap().to_owned().unwrap(),
            *owned.get(ok).unwrap()
        );
        match ov {
            Tag::Int(x) => assert_eq!(view.int(ok), Some(*x)),
            Tag::String(s) => assert_eq!(view.string(ok).unwrap().to_str().unwrap(), *s),
            Tag::IntArray(a) => assert_eq!(view.int_array(ok).unwrap().to_vec(), *a),
            Tag::LongArray(a) => {
                let n = view.long_array(ok).unwrap();
                assert_eq!(n.to_vec(), *a);
                assert_eq!(n.iter().collect::<Vec<_>>(), *a);
                let mut into = vec![0; n.len()];
                n.copy_to(&mut into);
                assert_eq!(into, *a);
            }
            Tag::ByteArray(a) => assert_eq!(view.byte_array(ok).unwrap(), &a[..]),
            Tag::Compound(c) => view_matches(view.compound(ok).unwrap(), c),
            Tag::List(l) => {
                let lv = view.list(ok).unwrap();
                assert_eq!(lv.len(), l.len());
                assert_eq!(lv.element_kind(), l.element_kind());
                for i in 0..l.len() {
                    assert_eq!(lv.get(i).unwrap().to_owned().unwrap(), l.get(i).unwrap());
                }
                if let (Some(v), Some(o)) = (lv.ints(), l.ints()) {
                    assert_eq!(v.to_vec(), o);
                }
                if let (Some(v), Some(o)) = (lv.compounds(), l.compounds()) {
                    for (v, o) in v.zip(o) {
                        view_matches(v, o);
                    }
                }
            }
            _ => {}
        }
    }
    assert!(view.get("no such name in any file").is_none());
}

#[test]
#[cfg_attr(
    miri,
    ignore = "reads files found by running cargo; Miri runs the small document test"
)]
fn view_of_seven_files_equals_the_owned_tree() {
    let Some(files) = nbt_files::files_or_skip() else {
        return;
    };
    for (name, bytes) in files {
        let owned = nbt::from_slice::<Nbt>(&bytes).unwrap();
        let view = nbt::view(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(view.name().to_str().unwrap(), owned.name);
        assert_eq!(view.to_owned().unwrap(), owned, "{name}");
        view_matches(view.root(), &owned.root);
        let kept = nbt::NbtBuf::from_vec(bytes.clone()).unwrap();
        view_matches(kept.view().root(), &owned.root);
        assert_eq!(kept.view().to_owned().unwrap(), owned, "{name}");
        let net = nbt::to_network_vec(&owned).unwrap();
        assert_eq!(
            nbt::view_network(&net).unwrap().to_owned().unwrap().root,
            owned.root
        );
    }
    for doc in [nbt_files::chunk(), nbt_files::player()] {
        let bytes = doc.to_vec().unwrap();
        let view = nbt::view(&bytes).unwrap();
        view_matches(view.root(), &doc.root);
    }
}

#[test]
fn view_decodes_strings_on_demand() {
    // A name with NUL (C0 80) and a value that is not modified UTF-8 (a raw zero byte): the
    // view accepts the document and reports the bad string only when it is decoded.
    let bytes = [10, 0, 0, 8, 0, 3, b'a', 0xC0, 0x80, 0, 2, b'x', 0, 0];
    assert!(nbt::from_slice::<Nbt>(&bytes).is_err());
    let view = nbt::view(&bytes).unwrap();
    let root = view.root();
    let s = root.string("a\0").unwrap();
    assert_eq!(s.as_bytes(), b"x\0");
    let e = s.to_str().unwrap_err();
    assert_eq!(e.offset(), 12);
    assert_eq!(s.to_str_lossy(), "x\u{FFFD}");
    assert!(view.to_owned().is_err());
}

#[test]
#[cfg_attr(
    miri,
    ignore = "reads files found by running cargo; Miri runs the small document test"
)]
fn view_refuses_what_the_reader_refuses() {
    let Some(files) = nbt_files::files_or_skip() else {
        return;
    };
    for (name, bytes) in files {
        for len in (0..bytes.len()).step_by(truncation_step(&bytes)) {
            let owned = nbt::from_slice::<Nbt>(&bytes[..len]).unwrap_err();
            let view = nbt::view(&bytes[..len]).unwrap_err();
            assert_eq!(view.offset(), owned.offset(), "{name} cut at {len}");
            assert_eq!(view.to_string(), owned.to_string(), "{name} cut at {len}");
        }
    }
    assert!(matches!(
        nbt::view(&nested_lists(nbt::MAX_NESTING + 1))
            .unwrap_err()
            .kind(),
        ErrorKind::TooDeep
    ));
    assert!(nbt::view(&nested_lists(nbt::MAX_NESTING)).is_ok());
    assert!(matches!(
        nbt::view(&nested_lists(100_000)).unwrap_err().kind(),
        ErrorKind::TooDeep
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(endian_wire_testkit::proptest_cases(256)))]

    /// The view of random trees is the tree.
    #[test]
    fn prop_view_of_random_trees(root in tree()) {
        let nbt = Nbt::new("", root);
        let bytes = nbt.to_vec().unwrap();
        let view = nbt::view(&bytes).unwrap();
        prop_assert_eq!((view.to_owned().unwrap()).to_vec().unwrap(), bytes);
    }

    /// On arbitrary bytes the view and the reader agree: both refuse at the same offset, or
    /// both accept and give the same tree (strings aside: the view checks them when read).
    #[test]
    fn prop_view_agrees_with_the_reader(body in prop::collection::vec(any::<u8>(), 0..200)) {
        let bytes = [&[10u8, 0, 0][..], &body].concat();
        // The buf's verdict is the view's.
        match (nbt::view(&bytes), nbt::NbtBuf::from_vec(bytes.clone())) {
            (Ok(view), Ok(buf)) => prop_assert_eq!(buf.view().to_vec(), view.to_vec()),
            (Err(v), Err(b)) => prop_assert_eq!(v.offset(), b.offset()),
            (v, b) => prop_assert!(false, "view {:?}, buf {:?}", v.is_ok(), b.is_ok()),
        }
        match (nbt::from_slice::<Nbt>(&bytes), nbt::view(&bytes)) {
            (Ok(owned), Ok(view)) => prop_assert_eq!(view.to_owned().unwrap().to_vec().unwrap(), owned.to_vec().unwrap()),
            // The reader may stop earlier, at a string the view does not check.
            (Err(o), Err(v)) if matches!(o.kind(), ErrorKind::InvalidMutf8) => {
                prop_assert!(v.offset() > o.offset())
            }
            (Err(o), Err(v)) => prop_assert_eq!(o.offset(), v.offset()),
            (Err(o), Ok(view)) => {
                prop_assert!(matches!(o.kind(), ErrorKind::InvalidMutf8), "{}", o);
                prop_assert!(view.to_owned().is_err());
            }
            (Ok(_), Err(v)) => prop_assert!(false, "view refused what the reader took: {}", v),
        }
    }
}
