//! Hostile input on every NBT reader: huge list and array lengths, floods of empty elements,
//! deep nesting, compression bombs and broken region files. Each is refused (or read, when
//! within bounds) holding at most a small multiple of its input, measured by the counting
//! allocator the suite installs (per thread, so parallel tests do not mix).

use endian_wire_testkit::alloc::peak_of;

/// NBT's readers on hostile input: huge list and array lengths at every length field of a real
/// document, floods of empty elements, deep nesting and a compression bomb. Each is refused (or
/// read, when within bounds) holding at most a small multiple of its input.
mod nbt_input {
    use wire_nbt::{self as nbt, Compound, ErrorKind, List, Nbt};

    use super::peak_of;

    /// A tree holds at most 40 bytes (a `Compound`) per input byte (an empty compound in a
    /// list), and the reader's stack of entries doubles as it grows.
    fn bound(input_len: usize) -> usize {
        64 * input_len + 64 * 1024
    }

    /// What a typed read goes through: lists of compounds, options, strings, numbers in lists
    /// and arrays, lists of lists, maps, tree values, and itself, nested.
    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Typed {
        strings: Option<Vec<String>>,
        compounds: Option<Vec<Item>>,
        lists: Option<Vec<Vec<i32>>>,
        arrays: Option<Vec<nbt::IntArray>>,
        longs: Option<nbt::LongArray>,
        bytes: Option<Vec<i8>>,
        name: Option<String>,
        map: Option<std::collections::BTreeMap<String, nbt::Tag>>,
        tree: Option<Compound>,
        nested: Option<Box<Typed>>,
        many: Option<Vec<Typed>>,
    }

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Item {
        x: Option<i32>,
    }

    /// The typed read of `bytes`, its memory bounded as the tree reader's.
    fn typed(bytes: &[u8], what: &str) -> bool {
        let (ok, peak) = peak_of(|| nbt::from_slice::<Typed>(bytes).is_ok());
        assert!(
            peak <= bound(bytes.len()),
            "{what}: the typed reader held {peak} bytes for {}",
            bytes.len()
        );
        ok
    }

    fn both_readers(bytes: &[u8], what: &str) -> (bool, bool) {
        let (owned, peak) = peak_of(|| nbt::from_slice::<nbt::Nbt>(bytes).is_ok());
        assert!(
            peak <= bound(bytes.len()),
            "{what}: the reader held {peak} bytes for {}",
            bytes.len()
        );
        // The typed reader takes what the tree reader takes (its strings are checked too;
        // nothing it is asked for is of another type here).
        assert_eq!(
            typed(bytes, what),
            owned,
            "{what}: typed and tree readers differ"
        );
        let (view, peak) = peak_of(|| nbt::view(bytes).is_ok());
        assert!(
            peak <= bound(bytes.len()),
            "{what}: the view held {peak} bytes for {}",
            bytes.len()
        );
        (owned, view)
    }

    fn document() -> Vec<u8> {
        Nbt::new(
            "",
            Compound::new()
                .with("strings", List::String(vec!["a".into(), "bc".into()]))
                .with(
                    "compounds",
                    List::Compound(vec![Compound::new().with("x", 1), Compound::new()]),
                )
                .with(
                    "lists",
                    List::List(vec![List::Int(vec![1, 2]), List::Empty]),
                )
                .with("arrays", List::IntArray(vec![vec![1], vec![]]))
                .with("longs", vec![1i64, 2, 3])
                .with("bytes", vec![1i8, 2])
                .with("name", "value"),
        )
        .to_vec()
        .unwrap()
    }

    #[test]
    fn huge_lengths_at_every_position_are_refused_within_bounds() {
        let valid = document();
        assert_eq!(both_readers(&valid, "valid"), (true, true));
        // Under Miri (which guards the `unsafe` paths; the logic runs in full natively and
        // on qemu) every fourth position, the four-byte windows side by side: every byte is
        // still overwritten, so every length field in part or whole; two lengths of four.
        let (step, huges) = match cfg!(miri) {
            true => (4, &[0x7FFF_FFFFu32, 0xFFFF_FFFF][..]),
            false => (
                1,
                &[0x7FFF_FFFFu32, 0x4000_0000, 0x0100_0000, 0xFFFF_FFFF][..],
            ),
        };
        for at in (0..valid.len() - 4).step_by(step) {
            for &huge in huges {
                let mut bytes = valid.clone();
                bytes[at..at + 4].copy_from_slice(&huge.to_be_bytes());
                both_readers(&bytes, &format!("{huge:#x} at {at}"));
            }
        }
        for len in (0..valid.len()).step_by(step) {
            assert_eq!(both_readers(&valid[..len], "truncated"), (false, false));
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "megabytes of input: too slow under Miri")]
    fn floods_of_empty_elements() {
        // Lists of a million empty compounds, lists and strings, claimed and then present.
        for (kind, element, min) in [
            (10u8, &[0u8][..], 1usize),
            (9, &[0, 0, 0, 0, 0], 5),
            (8, &[0, 0], 2),
        ] {
            let n = 1 << 20;
            let mut bytes = vec![10, 0, 0, 9, 0, 1, b'l', kind];
            bytes.extend_from_slice(&(n as i32).to_be_bytes());
            let header = bytes.len();
            // Claimed but absent: refused before allocating for them.
            bytes.push(0);
            let (ok, peak) = peak_of(|| nbt::from_slice::<nbt::Nbt>(&bytes).is_ok());
            assert!(!ok && peak <= bound(bytes.len()), "type {kind}: {peak}");
            assert!(!typed(&bytes, "a flood claimed"));
            // Present: read, within bounds.
            bytes.truncate(header);
            for _ in 0..n {
                bytes.extend_from_slice(element);
            }
            bytes.push(0);
            assert_eq!(bytes.len(), header + n * min + 1);
            assert_eq!(both_readers(&bytes, "flood"), (true, true));
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "megabytes of input: too slow under Miri")]
    fn typed_floods_of_empty_elements() {
        // A million empty compounds, empty lists and empty strings in the fields that read
        // them (a `Vec` of 8-byte structs, of `Vec`s, of `String`s: at most 24 bytes per input
        // byte, doubled while growing), claimed and absent, then present.
        for (kind, element, field) in [
            (10u8, &[0u8][..], "compounds"),
            (9, &[0, 0, 0, 0, 0], "lists"),
            (8, &[0, 0], "strings"),
        ] {
            let n: i32 = 1 << 20;
            let mut bytes = vec![10, 0, 0, 9];
            bytes.extend_from_slice(&(field.len() as u16).to_be_bytes());
            bytes.extend_from_slice(field.as_bytes());
            bytes.push(kind);
            bytes.extend_from_slice(&n.to_be_bytes());
            let header = bytes.len();
            bytes.push(0);
            assert!(!typed(&bytes, "claimed"), "{field}");
            bytes.truncate(header);
            for _ in 0..n {
                bytes.extend_from_slice(element);
            }
            bytes.push(0);
            assert!(typed(&bytes, "present"), "{field}");
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "megabytes of input: too slow under Miri")]
    fn typed_reads_of_deep_nesting_stop_at_the_limit() {
        // Compounds nested `depth` deep in `nested` fields: 512 (the limit) is read, 513 refused,
        // 200,000 refused as quickly, on a test thread's 2 MiB stack.
        let nested = |depth: usize| {
            let mut v = vec![10, 0, 0];
            for _ in 1..depth {
                v.extend_from_slice(&[10, 0, 6]);
                v.extend_from_slice(b"nested");
            }
            v.extend(std::iter::repeat_n(0, depth));
            v
        };
        assert!(typed(&nested(nbt::MAX_NESTING), "512 deep"));
        let e = nbt::from_slice::<Typed>(&nested(nbt::MAX_NESTING + 1)).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::TooDeep), "{e}");
        assert!(e.path().starts_with("nested.nested."));
        assert!(!typed(&nested(200_000), "200,000 deep"));
        // Lists of lists, skipped as unknown fields, are held to the same limit.
        let mut v = vec![10, 0, 0, 9, 0, 7];
        v.extend_from_slice(b"unknown");
        for _ in 0..100_000 {
            v.extend_from_slice(&[9, 0, 0, 0, 1]);
        }
        assert!(matches!(
            nbt::from_slice::<Typed>(&v).unwrap_err().kind(),
            ErrorKind::TooDeep
        ));
    }

    #[test]
    fn typed_reads_refuse_wrong_types_and_bad_strings() {
        let doc = |entry: &[u8]| [&[10u8, 0, 0][..], entry, &[0]].concat();
        // A string where a list is wanted; an int where a string is; strings where longs are.
        for (bytes, expected) in [
            (
                doc(&[8, 0, 7, b's', b't', b'r', b'i', b'n', b'g', b's', 0, 0]),
                "a list",
            ),
            (
                doc(&[3, 0, 4, b'n', b'a', b'm', b'e', 0, 0, 0, 1]),
                "a string",
            ),
            (
                // A list of strings (a list of longs would do: it reads as the array).
                doc(&[9, 0, 5, b'l', b'o', b'n', b'g', b's', 8, 0, 0, 0, 0]),
                "a long array",
            ),
        ] {
            let e = nbt::from_slice::<Typed>(&bytes).unwrap_err();
            assert!(
                matches!(e.kind(), ErrorKind::Mismatch { expected: x, .. } if *x == expected)
                    || e.to_string().contains(expected),
                "{e}"
            );
        }
        // Bad modified UTF-8 in a string, a name, a list of strings: refused at the bad byte.
        let bad_value = doc(&[8, 0, 4, b'n', b'a', b'm', b'e', 0, 2, b'a', 0xFF]);
        let e = nbt::from_slice::<Typed>(&bad_value).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::InvalidMutf8));
        assert_eq!(e.offset(), bad_value.len() - 2);
        let bad_name = doc(&[1, 0, 2, 0xC0, 0x00, 1]);
        assert!(matches!(
            nbt::from_slice::<Typed>(&bad_name).unwrap_err().kind(),
            ErrorKind::InvalidMutf8
        ));
        let bad_list = doc(&[
            9, 0, 7, b's', b't', b'r', b'i', b'n', b'g', b's', 8, 0, 0, 0, 1, 0, 1, 0,
        ]);
        let e = nbt::from_slice::<Typed>(&bad_list).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::InvalidMutf8), "{e}");
        assert_eq!(e.path(), "strings[0]");
    }

    #[test]
    #[cfg_attr(miri, ignore = "megabytes of input: too slow under Miri")]
    fn deep_nesting_is_refused_without_exhausting_the_stack() {
        let mut bytes = vec![10, 0, 0];
        for _ in 0..200_000 {
            bytes.extend_from_slice(&[10, 0, 0]);
        }
        let e = nbt::from_slice::<nbt::Nbt>(&bytes).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::TooDeep));
        assert!(matches!(
            nbt::view(&bytes).unwrap_err().kind(),
            ErrorKind::TooDeep
        ));
        assert_eq!(both_readers(&bytes, "deep"), (false, false));
    }

    #[cfg(feature = "flate2")]
    #[test]
    #[cfg_attr(miri, ignore = "megabytes of input: too slow under Miri")]
    fn a_compression_bomb_is_refused_at_the_limit() {
        use std::io::Write;
        // 64 MiB of zeros after a valid header compress to about 64 KiB.
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(&[10, 0, 0, 7, 0, 1, b'z', 0x04, 0, 0, 0])
            .unwrap();
        gz.write_all(&vec![0; 64 << 20]).unwrap();
        let bomb = gz.finish().unwrap();
        assert!(bomb.len() < 1 << 20);
        let (result, peak) =
            peak_of(|| nbt::from_compressed_slice_with_limit::<nbt::Nbt>(&bomb, 1 << 20));
        assert!(matches!(
            result.unwrap_err().kind(),
            ErrorKind::Compression(_)
        ));
        assert!(peak < 8 << 20, "{peak}");
    }
}

/// Hostile input in Bedrock's flavours and for roots of any type: every length overwritten with
/// huge values (fixed-width and varint), every truncation, floods of one-byte elements (a
/// packet's int array, list of strings, compounds or lists): errors or trees, never a panic,
/// memory bounded by the input.
mod nbt_flavor_input {
    use wire_nbt::{self as nbt, Compound, ErrorKind, List, Nbt, bedrock};

    use super::peak_of;

    /// As `nbt_input`'s bound: a tree holds at most 40 bytes per input byte, and the stack
    /// of entries doubles.
    fn bound(input_len: usize) -> usize {
        64 * input_len + 64 * 1024
    }

    fn document() -> Nbt {
        Nbt::new(
            "",
            Compound::new()
                .with("strings", List::String(vec!["a".into(), "bc".into()]))
                .with(
                    "compounds",
                    List::Compound(vec![Compound::new().with("x", 1), Compound::new()]),
                )
                .with(
                    "lists",
                    List::List(vec![List::Int(vec![1, -2]), List::Empty]),
                )
                .with("arrays", List::IntArray(vec![vec![1], vec![]]))
                .with("longs", vec![1i64, -2, 3])
                .with("ints", vec![-1i32, 300])
                .with("bytes", vec![1i8, 2])
                .with("name", "value"),
        )
    }

    /// Reads `bytes` little-endian, as a packet, and as a root of any type (Java), each
    /// within the bound. Returns whether the first two succeeded.
    fn all_readers(bytes: &[u8], what: &str) -> (bool, bool) {
        let (le, peak) = peak_of(|| bedrock::from_slice(bytes).is_ok());
        assert!(
            peak <= bound(bytes.len()),
            "{what}: little-endian held {peak}"
        );
        let (net, peak) = peak_of(|| bedrock::from_network_slice(bytes).is_ok());
        assert!(peak <= bound(bytes.len()), "{what}: network held {peak}");
        let (_, peak) = peak_of(|| nbt::tag_from_network_slice(bytes).is_ok());
        assert!(peak <= bound(bytes.len()), "{what}: any root held {peak}");
        (le, net)
    }

    #[test]
    fn huge_lengths_at_every_position_are_refused_within_bounds() {
        let doc = document();
        let le = bedrock::to_vec(&doc).unwrap();
        let net = bedrock::to_network_vec(&doc).unwrap();
        assert!(all_readers(&le, "valid").0);
        assert!(all_readers(&net, "valid").1);
        // Under Miri every fourth position and two values of four (as for Java's documents).
        let (step, values) = match cfg!(miri) {
            true => (4, 2),
            false => (1, 4),
        };
        for at in (0..le.len() - 4).step_by(step) {
            for huge in [0x7FFF_FFFFu32, 0xFFFF_FFFF, 0x4000_0000, 0x0100_0000]
                .into_iter()
                .take(values)
            {
                let mut bytes = le.clone();
                bytes[at..at + 4].copy_from_slice(&huge.to_le_bytes());
                all_readers(&bytes, &format!("LE {huge:#x} at {at}"));
            }
        }
        // Varints: the largest 5-byte values (lengths near 2^31 and 2^32), and runs of
        // continuation bytes that never end.
        for at in (0..net.len()).step_by(step) {
            for huge in [
                &[0xFE, 0xFF, 0xFF, 0xFF, 0x0F][..],
                &[0xFF; 12],
                &[0xFF, 0xFF, 0xFF, 0xFF, 0x07],
                &[0x80, 0x80, 0x80, 0x80, 0x04],
            ]
            .into_iter()
            .take(values)
            {
                let mut bytes = net.clone();
                let end = (at + huge.len()).min(bytes.len());
                bytes.splice(at..end, huge.iter().copied());
                all_readers(&bytes, &format!("network {huge:x?} at {at}"));
            }
        }
        for len in (0..le.len()).step_by(step) {
            assert!(!all_readers(&le[..len], "truncated LE").0);
        }
        for len in (0..net.len()).step_by(step) {
            assert!(!all_readers(&net[..len], "truncated network").1);
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "megabytes of input: too slow under Miri")]
    fn floods_of_one_byte_elements_in_packets() {
        // A packet's elements take one byte each: int and long array elements, and lists of
        // ints, strings, compounds and empty byte arrays. Claimed but absent: refused before
        // allocating; present: read within the bound.
        let n: u32 = 1 << 20;
        let mut zigzag_n = Vec::new();
        let mut v = n << 1;
        while v >= 0x80 {
            zigzag_n.push(v as u8 | 0x80);
            v >>= 7;
        }
        zigzag_n.push(v as u8);
        for (head, element) in [
            (&[11u8, 1, b'a'][..], 0u8),
            (&[12, 1, b'a'], 0),
            (&[9, 1, b'l', 3], 0),
            (&[9, 1, b'l', 8], 0),
            (&[9, 1, b'l', 10], 0),
            (&[9, 1, b'l', 7], 0),
        ] {
            let mut bytes = vec![10, 0];
            bytes.extend_from_slice(head);
            bytes.extend_from_slice(&zigzag_n);
            let header = bytes.len();
            bytes.push(0);
            let (ok, peak) = peak_of(|| bedrock::from_network_slice(&bytes).is_ok());
            assert!(!ok && peak <= bound(bytes.len()), "{head:?}: {peak}");
            bytes.truncate(header);
            bytes.resize(header + n as usize, element);
            bytes.push(0);
            assert!(all_readers(&bytes, "flood").1, "{head:?}");
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "megabytes of input: too slow under Miri")]
    fn deep_nesting_is_refused_in_every_flavor() {
        let mut le = vec![10, 0, 0];
        let mut net = vec![10, 0];
        let mut any = vec![9];
        for _ in 0..200_000 {
            le.extend_from_slice(&[10, 0, 0]);
            net.extend_from_slice(&[10, 0]);
            any.extend_from_slice(&[9, 0, 0, 0, 1]);
        }
        let e = bedrock::from_slice(&le).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::TooDeep), "{e}");
        let e = bedrock::from_network_slice(&net).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::TooDeep), "{e}");
        let e = nbt::tag_from_network_slice(&any).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::TooDeep), "{e}");
    }

    #[test]
    fn level_dat_lengths_are_checked() {
        let body = bedrock::to_vec(&document()).unwrap();
        for declared in [
            0u32,
            1,
            body.len() as u32 - 1,
            body.len() as u32 + 1,
            u32::MAX,
        ] {
            let mut bytes = 10i32.to_le_bytes().to_vec();
            bytes.extend_from_slice(&declared.to_le_bytes());
            bytes.extend_from_slice(&body);
            let (result, peak) = peak_of(|| bedrock::from_level_dat(&bytes));
            let e = result.unwrap_err();
            assert!(matches!(e.kind(), ErrorKind::LevelDatLength { .. }), "{e}");
            assert!(peak <= bound(bytes.len()));
        }
    }
}

#[cfg(feature = "flate2")]
mod region_input {
    use std::io::Write;

    use wire_nbt::region::{ChunkCompression, Region, RegionBuilder};
    use wire_nbt::{self as nbt, Compound, ErrorKind, Nbt};

    use super::peak_of;

    /// A region of three small chunks: (0, 0) zlib, (1, 0) uncompressed, (2, 0) gzip.
    fn region() -> Vec<u8> {
        let mut b = RegionBuilder::new();
        let doc = |i: i32| Nbt::new("", Compound::new().with("i", i).with("s", "text"));
        b.insert(0, 0, &doc(0), ChunkCompression::Zlib, 1).unwrap();
        b.insert(1, 0, &doc(1), ChunkCompression::None, 2).unwrap();
        b.insert(2, 0, &doc(2), ChunkCompression::Gzip, 3).unwrap();
        b.to_vec()
    }

    /// Reads every chunk of `file` to a tree and in place, with an inflation limit of 1 MiB:
    /// each a tree, nothing or an error naming that chunk; memory bounded by the file and the
    /// limit. Returns the outcomes.
    fn read_all(file: &[u8], what: &str) -> Vec<Result<bool, ErrorKind>> {
        let (outcomes, peak) = peak_of(|| {
            let Ok(region) = Region::from_slice(file) else {
                return Vec::new();
            };
            let region = region.with_max_inflated(1 << 20);
            let mut out = Vec::new();
            let mut buf = Vec::new();
            for z in 0..32 {
                for x in 0..32 {
                    let tree = region.chunk_nbt(x, z);
                    let view = region
                        .chunk(x, z)
                        .and_then(|c| c.map(|c| c.view_in(&mut buf).map(drop)).transpose());
                    match (tree, view) {
                        (Ok(t), Ok(v)) => {
                            assert_eq!(t.is_some(), v.is_some(), "{what} ({x}, {z})");
                            if t.is_some() {
                                out.push(Ok(true));
                            }
                        }
                        (Err(e), _) | (_, Err(e)) => {
                            assert_eq!(e.chunk(), Some((x as u8, z as u8)), "{what}: {e}");
                            let _ = e.to_string();
                            out.push(Err(e.kind().to_owned_kind()));
                        }
                    }
                }
            }
            out
        });
        assert!(
            peak <= 2 * file.len() + (3 << 20),
            "{what}: {peak} bytes for a file of {}",
            file.len()
        );
        outcomes
    }

    /// `ErrorKind` is not `Clone` (it may hold an `io::Error`): the variants the tests compare.
    trait OwnedKind {
        fn to_owned_kind(&self) -> ErrorKind;
    }
    impl OwnedKind for ErrorKind {
        fn to_owned_kind(&self) -> ErrorKind {
            match self {
                ErrorKind::Compression(e) => {
                    ErrorKind::Compression(std::io::Error::new(e.kind(), e.to_string()))
                }
                ErrorKind::InflatedTooLarge { limit } => {
                    ErrorKind::InflatedTooLarge { limit: *limit }
                }
                ErrorKind::ChunkInHeader { sector } => ErrorKind::ChunkInHeader { sector: *sector },
                ErrorKind::ChunkOutOfBounds {
                    sector,
                    sectors,
                    file_len,
                } => ErrorKind::ChunkOutOfBounds {
                    sector: *sector,
                    sectors: *sectors,
                    file_len: *file_len,
                },
                ErrorKind::ChunkOverlaps { other } => ErrorKind::ChunkOverlaps { other: *other },
                ErrorKind::ChunkLength { length, room } => ErrorKind::ChunkLength {
                    length: *length,
                    room: *room,
                },
                ErrorKind::UnknownCompression { id } => ErrorKind::UnknownCompression { id: *id },
                ErrorKind::CompressedData { why } => ErrorKind::CompressedData { why },
                ErrorKind::ExternalChunk => ErrorKind::ExternalChunk,
                other => ErrorKind::Unencodable {
                    what: if matches!(other, ErrorKind::UnexpectedEof { .. }) {
                        "eof"
                    } else {
                        "nbt"
                    },
                },
            }
        }
    }

    fn set(file: &mut [u8], at: usize, bytes: &[u8]) {
        file[at..at + bytes.len()].copy_from_slice(bytes);
    }

    #[test]
    fn each_bad_header_is_an_error_of_its_chunk() {
        let valid = region();
        assert_eq!(read_all(&valid, "valid").len(), 3);
        assert!(read_all(&valid, "valid").iter().all(|r| r.is_ok()));
        type Case<'a> = (&'a str, &'a [(usize, &'a [u8])], fn(&ErrorKind) -> bool);
        let cases: [Case<'_>; 9] = [
            ("in the header", &[(0, &[0, 0, 1, 1])], |k| {
                matches!(k, ErrorKind::ChunkInHeader { sector: 1 })
            }),
            ("no sectors", &[(0, &[0, 0, 2, 0])], |k| {
                matches!(k, ErrorKind::ChunkOutOfBounds { sectors: 0, .. })
            }),
            ("past the end", &[(0, &[0, 1, 0, 1])], |k| {
                matches!(k, ErrorKind::ChunkOutOfBounds { sector: 256, .. })
            }),
            ("overlapping", &[(0, &[0, 0, 3, 1])], |k| {
                matches!(k, ErrorKind::ChunkOverlaps { other: (1, 0) })
            }),
            ("length 0", &[(8192, &[0, 0, 0, 0])], |k| {
                matches!(k, ErrorKind::ChunkLength { length: 0, .. })
            }),
            (
                "length past its sectors",
                &[(8192, &[0, 0, 0x10, 0])],
                |k| {
                    matches!(
                        k,
                        ErrorKind::ChunkLength {
                            length: 4096,
                            room: 4092
                        }
                    )
                },
            ),
            ("unknown compression", &[(8196, &[5])], |k| {
                matches!(k, ErrorKind::UnknownCompression { id: 5 })
            }),
            ("a mod's compression", &[(8196, &[127])], |k| {
                matches!(k, ErrorKind::UnknownCompression { id: 127 })
            }),
            ("bad zlib", &[(8197, &[0xFF, 0xFF, 0xFF])], |k| {
                matches!(k, ErrorKind::Compression(_))
            }),
        ];
        for (what, edits, expected) in cases {
            let mut file = valid.clone();
            for (at, bytes) in edits {
                set(&mut file, *at, bytes);
            }
            let outcomes = read_all(&file, what);
            match &outcomes[0] {
                Err(kind) => assert!(expected(kind), "{what}: {kind:?}"),
                Ok(_) => panic!("{what}: read"),
            }
            // The other chunks still read (an overlap is an error of both).
            let ok = outcomes.iter().filter(|r| r.is_ok()).count();
            assert_eq!(
                ok,
                if what == "overlapping" { 1 } else { 2 },
                "{what}: {outcomes:?}"
            );
        }
        // A file cut inside the last chunk, and one without its last sectors.
        for cut in [valid.len() - 4096 + 3, valid.len() - 4096 + 20] {
            let outcomes = read_all(&valid[..cut], "cut");
            assert!(
                matches!(outcomes[2], Err(ErrorKind::ChunkOutOfBounds { .. })),
                "{cut}: {outcomes:?}"
            );
        }
    }

    #[test]
    fn every_byte_of_the_headers_overwritten_is_refused_within_bounds() {
        let valid = region();
        let heads = [0usize, 4, 8, 4096, 4100, 4104, 8192, 12288, 16384];
        for &base in &heads {
            for at in base..base + 8 {
                for value in [0u8, 1, 2, 0x7F, 0x80, 0xFF] {
                    let mut file = valid.clone();
                    file[at] = value;
                    read_all(&file, &format!("{value:#x} at {at}"));
                }
            }
        }
        for len in [0, 100, 8191, 8192, 8200, 12288, 12290] {
            read_all(&valid[..len.min(valid.len())], "truncated");
        }
    }

    #[test]
    fn every_chunk_on_the_same_sectors_is_refused_not_read_1024_times() {
        let mut file = region();
        for i in 0..1024 {
            set(&mut file, 4 * i, &[0, 0, 2, 1]);
        }
        let outcomes = read_all(&file, "all on one");
        assert_eq!(outcomes.len(), 1024);
        assert!(
            outcomes
                .iter()
                .all(|r| matches!(r, Err(ErrorKind::ChunkOverlaps { .. })))
        );
    }

    #[test]
    #[cfg_attr(miri, ignore = "megabytes of input: too slow under Miri")]
    fn a_decompression_bomb_is_refused_at_the_limit() {
        // 32 MiB of zeros in a byte array compress to 32 KiB: one chunk of 8 sectors.
        let mut raw = vec![10, 0, 0, 7, 0, 1, b'z'];
        raw.extend_from_slice(&(32i32 << 20).to_be_bytes());
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        z.write_all(&raw).unwrap();
        z.write_all(&vec![0; 32 << 20]).unwrap();
        z.write_all(&[0]).unwrap();
        let bomb = z.finish().unwrap();
        let mut b = RegionBuilder::new();
        b.insert_compressed(4, 4, ChunkCompression::Zlib, &bomb, 0)
            .unwrap();
        let file = b.to_vec();
        assert!(file.len() < 1 << 20);
        let outcomes = read_all(&file, "bomb");
        assert!(
            matches!(
                outcomes[..],
                [Err(ErrorKind::InflatedTooLarge { limit: 1_048_576 })]
            ),
            "{outcomes:?}"
        );
        // Without a lower limit it reads (32 MiB is within the default).
        let region = Region::from_slice(&file).unwrap();
        assert_eq!(
            region.chunk_bytes(4, 4).unwrap().unwrap().len(),
            raw.len() + (32 << 20) + 1
        );
        assert!(nbt::from_slice::<Nbt>(&region.chunk_bytes(4, 4).unwrap().unwrap()).is_ok());
    }

    #[cfg(feature = "lz4")]
    #[test]
    fn bad_lz4_streams_are_refused() {
        let mut b = RegionBuilder::new();
        let doc = Nbt::new("", Compound::new().with("zeros", vec![0i8; 200_000]));
        b.insert(0, 0, &doc, ChunkCompression::Lz4, 0).unwrap();
        let valid = b.to_vec();
        assert_eq!(read_all(&valid, "lz4").len(), 1);
        // Every byte of the first block's header and of the stream's end, overwritten.
        let len = u32::from_be_bytes(valid[8192..8196].try_into().unwrap()) as usize;
        let stream = 8197..8196 + len;
        for at in (stream.start..stream.start + 40).chain(stream.end - 21..stream.end) {
            for value in [0u8, 0x0F, 0x7F, 0xFF] {
                let mut file = valid.clone();
                if file[at] == value {
                    continue;
                }
                file[at] = value;
                let outcomes = read_all(&file, &format!("lz4 {value:#x} at {at}"));
                // A bad byte is an error, or (a length's high bits) a block that then fails.
                assert!(
                    outcomes.iter().all(|r| r.is_err()) || at >= stream.end - 4,
                    "{at}: {outcomes:?}"
                );
            }
        }
        // A stream claiming more than the limit in 64 KiB blocks is refused at the limit.
        let big = Nbt::new("", Compound::new().with("zeros", vec![0i8; 3 << 20]));
        let mut b = RegionBuilder::new();
        b.insert(0, 0, &big, ChunkCompression::Lz4, 0).unwrap();
        let outcomes = read_all(&b.to_vec(), "lz4 bomb");
        assert!(
            matches!(outcomes[..], [Err(ErrorKind::InflatedTooLarge { .. })]),
            "{outcomes:?}"
        );
    }
}
