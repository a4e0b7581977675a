//! Hostile input: every decode entry point, fed truncations of valid messages, huge length
//! prefixes at every position, floods of empty elements and deep nesting, with and without a
//! limit, returns an error and never allocates more than a bounded multiple of its input.
//!
//! A counting global allocator (per thread, so the harness's parallel tests do not mix) measures
//! the peak memory of each decode.

#![cfg(all(feature = "derive", feature = "std", feature = "bincode"))]

use std::fmt::Debug;

use endian_wire::frame::{self, BorrowDecode, Config, Decode, DecodeErrorKind, Encode};
use endian_wire::{Endianize, u16be, u32be};

use endian_wire_testkit::alloc::peak_of;

/// The memory a decode of `input_len` bytes may take: a multiple of the input for the values
/// and their preallocation, plus a few KiB per nesting level for collections whose length the
/// input does not vouch for.
fn memory_bound(input_len: usize) -> usize {
    64 * input_len + (frame::MAX_NESTING + 8) * 8192
}

// ----- the messages ----------------------------------------------------------------------

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)]
pub struct Fixed {
    pub id: u64,
    pub qty: u32,
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)]
pub struct Named {
    pub id: u64,
    pub name: String,
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)]
pub enum Event {
    Ping,
    Trade(Fixed),
    Note { text: String, tags: Vec<u16> },
}

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)]
pub struct Empty;

#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)]
pub struct Nested {
    pub events: Vec<Event>,
    pub groups: Vec<Vec<Named>>,
    pub fixed: Vec<Fixed>,
    pub maybe: Option<Box<Named>>,
    pub empties: Vec<Empty>,
    pub raw: Vec<u8>,
    pub big: Vec<u32be>,
}

/// A unit enum: a static size under both encodings (4 bytes, or one varint byte).
#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)]
pub enum Kind {
    Boat,
    Ship,
    Plane,
}

/// A record of what real messages hold beyond numbers: `Option`s of a unit enum and of an
/// integer, a record of bytes and a `bool` (static under varint too), runs of `bool`s and of
/// varints (one vector compare per sixteen), a unit enum. (No floats: a mutated byte can make
/// a NaN, which equals nothing, and the checks compare decoded values.)
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)]
pub struct Contact {
    pub damage: u8,
    pub id: u32,
    pub kind: Option<Kind>,
    pub position: (u8, [i8; 2], bool),
    pub player: Option<u16>,
    pub reloads: Vec<bool>,
    pub angles: Vec<u16>,
    pub offsets: Vec<i64>,
    pub mode: Kind,
}

fn contact(i: u16) -> Contact {
    Contact {
        damage: i as u8,
        id: u32::from(i) * 70_001,
        kind: (!i.is_multiple_of(3))
            .then_some([Kind::Boat, Kind::Ship, Kind::Plane][usize::from(i % 3)]),
        position: (i as u8, [i as i8, -2], i.is_multiple_of(2)),
        player: i.is_multiple_of(2).then_some(i * 400),
        reloads: (0..i % 20).map(|k| k % 3 == 0).collect(),
        angles: (0..i % 40).map(|k| k * 97).collect(),
        offsets: (0..i % 24).map(|k| i64::from(k) * -1_000_003).collect(),
        mode: Kind::Ship,
    }
}

/// A recursive type: only the nesting limit bounds its depth.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)]
pub struct Tree {
    pub value: u8,
    pub kids: Vec<Tree>,
}

/// A run of values as a derived type: the same bytes as a bare `Vec<T>`, but its length is read
/// by this crate's framing on every path, the bincode 2 bridge included (a bare `Vec<T>` through
/// `bincode::decode_from_slice` is bincode's own impl, outside this crate's reach).
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)]
pub struct Items<T> {
    pub items: Vec<T>,
}

fn items<T>(items: Vec<T>) -> Items<T> {
    Items { items }
}

/// A tuple of containers, as a derived type.
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)]
pub struct Mixed(String, Vec<Vec<u64>>, Option<Box<u32>>);

/// A generic enum with variable-length fields (framing only).
#[derive(Endianize, Clone, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)]
pub enum Either<T> {
    Left(T),
    Right(Vec<T>),
}

fn sample() -> Nested {
    Nested {
        events: vec![
            Event::Ping,
            Event::Trade(Fixed { id: 7, qty: 3 }),
            Event::Note {
                text: "hello".into(),
                tags: vec![1, 2, 300],
            },
        ],
        groups: vec![
            vec![Named {
                id: 1,
                name: "a".into(),
            }],
            vec![],
            vec![
                Named {
                    id: 2,
                    name: "bc".into(),
                },
                Named {
                    id: 3,
                    name: String::new(),
                },
            ],
        ],
        fixed: vec![Fixed { id: 9, qty: 10 }; 3],
        maybe: Some(Box::new(Named {
            id: 4,
            name: "boxed".into(),
        })),
        empties: vec![Empty, Empty],
        raw: b"raw bytes".to_vec(),
        big: vec![u32be::new(1), u32be::new(0x0102_0304)],
    }
}

fn tree(depth: usize) -> Tree {
    let mut t = Tree {
        value: 0,
        kids: vec![],
    };
    for i in 1..depth {
        t = Tree {
            value: i as u8,
            kids: vec![t],
        };
    }
    t
}

// ----- every entry point -----------------------------------------------------------------

/// One configuration, as this crate and as bincode 2 spell it.
#[derive(Clone, Copy, Debug)]
struct Setup {
    varint: bool,
    limit: bool,
}

const SETUPS: [Setup; 4] = [
    Setup {
        varint: false,
        limit: false,
    },
    Setup {
        varint: false,
        limit: true,
    },
    Setup {
        varint: true,
        limit: false,
    },
    Setup {
        varint: true,
        limit: true,
    },
];

impl Setup {
    fn config(self) -> Config {
        let base = if self.varint {
            Config::standard()
        } else {
            Config::legacy()
        };
        if self.limit {
            base
        } else {
            base.with_no_limit()
        }
    }
}

trait Message:
    Decode
    + for<'de> BorrowDecode<'de>
    + Encode
    + bincode::Decode<()>
    + for<'de> bincode::BorrowDecode<'de, ()>
    + PartialEq
    + Debug
{
}
impl<T> Message for T where
    T: Decode
        + for<'de> BorrowDecode<'de>
        + Encode
        + bincode::Decode<()>
        + for<'de> bincode::BorrowDecode<'de, ()>
        + PartialEq
        + Debug
{
}

/// The result of one entry point: the value and the bytes it used, or the error's text.
type Outcome<T> = Result<(T, usize), String>;

/// Decodes `bytes` through bincode 2 (its traits, as derived with the `bincode` feature).
fn through_bincode<T: Message, C: bincode::config::Config>(
    bytes: &[u8],
    config: C,
) -> [(&'static str, Outcome<T>); 3] {
    let err = |e: bincode::error::DecodeError| e.to_string();
    let mut reader = bytes;
    let from_reader = bincode::decode_from_std_read::<T, _, _>(&mut reader, config)
        .map(|v| (v, bytes.len() - reader.len()))
        .map_err(err);
    [
        (
            "bincode::decode_from_slice",
            bincode::decode_from_slice::<T, _>(bytes, config).map_err(err),
        ),
        (
            "bincode::borrow_decode_from_slice",
            bincode::borrow_decode_from_slice::<T, _>(bytes, config).map_err(err),
        ),
        ("bincode::decode_from_std_read", from_reader),
    ]
}

/// Runs every entry point on `bytes`, asserting each stays within the memory bound.
fn every_entry<T: Message>(bytes: &[u8], setup: Setup) -> Vec<(&'static str, Outcome<T>)> {
    let config = setup.config();
    let mut out: Vec<(&'static str, Outcome<T>)> = Vec::new();
    let mut run = |name: &'static str, f: &dyn Fn() -> Outcome<T>| {
        let (result, peak) = peak_of(f);
        assert!(
            peak <= memory_bound(bytes.len()),
            "{name} under {setup:?} held {peak} bytes for a {}-byte input",
            bytes.len()
        );
        out.push((name, result));
    };
    run("frame::decode_from_slice", &|| {
        frame::decode_from_slice::<T>(bytes, config).map_err(|e| e.to_string())
    });
    run("frame::borrow_decode_from_slice", &|| {
        frame::borrow_decode_from_slice::<T>(bytes, config).map_err(|e| e.to_string())
    });
    run("frame::decode_from_reader", &|| {
        let mut reader = bytes;
        frame::decode_from_reader::<T, _>(&mut reader, config)
            .map(|v| (v, bytes.len() - reader.len()))
            .map_err(|e| e.to_string())
    });
    const LIMIT: usize = frame::DEFAULT_LIMIT;
    let bc = bincode::config::legacy();
    let bs = bincode::config::standard();
    let (results, peak) = match (setup.varint, setup.limit) {
        (false, false) => peak_of(|| through_bincode::<T, _>(bytes, bc)),
        (false, true) => peak_of(|| through_bincode::<T, _>(bytes, bc.with_limit::<LIMIT>())),
        (true, false) => peak_of(|| through_bincode::<T, _>(bytes, bs)),
        (true, true) => peak_of(|| through_bincode::<T, _>(bytes, bs.with_limit::<LIMIT>())),
    };
    // Three decodes, each bounded alike.
    assert!(
        peak <= 3 * memory_bound(bytes.len()),
        "the bincode 2 bridge under {setup:?} held {peak} bytes for a {}-byte input",
        bytes.len()
    );
    out.extend(results);
    out
}

/// Every entry point refuses `bytes`.
fn refused_everywhere<T: Message>(bytes: &[u8], setup: Setup, what: &str) {
    for (name, outcome) in every_entry::<T>(bytes, setup) {
        if let Ok((value, used)) = outcome {
            panic!("{name} under {setup:?} accepted {what}: {value:?} ({used} bytes)");
        }
    }
}

/// Every entry point either refuses `bytes` or decodes a value that encodes back to the bytes
/// it used (then the mutation happened to be a valid message). Under varint a value may have
/// been written with a wider marker than it needs, which bincode's readers accept too (`fc fd
/// 00 00 00` for 253): there the value must survive a second round trip instead.
///
/// A value that an earlier entry point decoded from the same bytes is checked once: a huge
/// length that lands on the empty elements makes millions of them, which every entry point
/// decodes but one encode checks.
fn refused_or_faithful<T: Message>(bytes: &[u8], setup: Setup, what: &str) {
    let mut checked: Vec<(T, usize)> = Vec::new();
    for (name, outcome) in every_entry::<T>(bytes, setup) {
        let Ok((value, used)) = outcome else {
            continue;
        };
        if checked.iter().any(|(v, u)| *u == used && *v == value) {
            continue;
        }
        let again = frame::encode_to_vec(&value, setup.config()).unwrap();
        if setup.varint {
            let back = frame::decode_from_slice_exact::<T>(&again, setup.config()).unwrap();
            assert_eq!(
                back, value,
                "{name} under {setup:?} decoded {what} as a value that does not survive a round trip"
            );
            assert!(
                again.len() <= used,
                "{name}: a canonical encoding is never longer"
            );
        } else {
            assert_eq!(
                again,
                bytes[..used],
                "{name} under {setup:?} decoded {what} as {value:?}, which encodes differently"
            );
        }
        checked.push((value, used));
    }
}

/// Every entry point decodes `bytes` as `expected`, using all of it.
fn accepted_everywhere<T: Message>(bytes: &[u8], setup: Setup, expected: &T) {
    for (name, outcome) in every_entry::<T>(bytes, setup) {
        match outcome {
            Ok((value, used)) => {
                assert_eq!(&value, expected, "{name} under {setup:?}");
                assert_eq!(used, bytes.len(), "{name} under {setup:?}");
            }
            Err(e) => panic!("{name} under {setup:?} refused a valid message: {e}"),
        }
    }
}

/// Every truncation, every huge length at every position: refused, within the memory bound.
fn attack<T: Message>(valid: &T) {
    for setup in SETUPS {
        attack_under(valid, setup);
    }
}

/// [`attack`] under one configuration.
fn attack_under<T: Message>(valid: &T, setup: Setup) {
    // Under Miri the full sweep takes hours: one huge value at every 16th position still
    // reaches each kind of field of these messages.
    let (huge, step): (&[u64], usize) = if cfg!(miri) {
        (&[1 << 40], 16)
    } else {
        (&[1 << 32, 1 << 40, 1 << 63, u64::MAX], 1)
    };
    let bytes = frame::encode_to_vec(valid, setup.config()).unwrap();
    accepted_everywhere(&bytes, setup, valid);
    for len in (0..bytes.len()).step_by(step) {
        refused_everywhere::<T>(&bytes[..len], setup, &format!("a {len}-byte truncation"));
    }
    for &huge in huge {
        for at in (0..bytes.len()).step_by(step) {
            let mut hostile = bytes.clone();
            if setup.varint {
                // The varint for a u64: marker 253, then 8 bytes.
                let mut varint = vec![253];
                varint.extend_from_slice(&huge.to_le_bytes());
                hostile.splice(at..=at, varint);
            } else if at + 8 <= bytes.len() {
                hostile[at..at + 8].copy_from_slice(&huge.to_le_bytes());
            } else {
                continue;
            }
            refused_or_faithful::<T>(&hostile, setup, &format!("{huge} at byte {at}"));
        }
    }
}

// ----- the cases ---------------------------------------------------------------------------

/// The input: a `u64` length of 2^40, then 64 zero bytes.
fn seventy_two_bytes() -> Vec<u8> {
    let mut bytes = (1u64 << 40).to_le_bytes().to_vec();
    bytes.extend_from_slice(&[0; 64]);
    bytes
}

#[test]
fn the_72_byte_message_is_refused_on_every_path() {
    let bytes = seventy_two_bytes();
    for setup in SETUPS.into_iter().filter(|s| !s.varint) {
        refused_everywhere::<Items<Fixed>>(&bytes, setup, "2^40 fixed-size structs");
        refused_everywhere::<Items<Named>>(&bytes, setup, "2^40 framing-only structs");
        refused_everywhere::<Items<Event>>(&bytes, setup, "2^40 enums");
        refused_everywhere::<Nested>(&bytes, setup, "2^40 events");
    }
    // Exactly the calls, on a bare `Vec`.
    let config = Config::legacy().with_no_limit();
    let err = frame::decode_from_slice::<Vec<Fixed>>(&bytes, config).unwrap_err();
    assert!(
        matches!(err.kind, DecodeErrorKind::LengthTooLarge { .. }),
        "{err}"
    );
    let err = frame::decode_from_slice::<Vec<Named>>(&bytes, config).unwrap_err();
    assert!(
        matches!(err.kind, DecodeErrorKind::LengthTooLarge { .. }),
        "{err}"
    );
    let (result, peak) = peak_of(|| frame::decode_from_reader::<Vec<Named>, _>(&bytes[..], config));
    assert!(
        result.is_err() && peak <= memory_bound(bytes.len()),
        "{peak}"
    );
}

#[test]
fn the_bridge_refuses_a_huge_vec_inside_a_derived_type() {
    // `Outer { inner: Vec<Derived> }` through bincode's own entry point, no limit: the length
    // is read by this crate's framing, which bounds it by what arrives.
    let mut bytes = vec![0u8; 0];
    bytes.extend_from_slice(&(1u64 << 40).to_le_bytes()); // events
    bytes.extend_from_slice(&[0; 64]);
    let (result, peak) =
        peak_of(|| bincode::decode_from_slice::<Nested, _>(&bytes, bincode::config::legacy()));
    assert!(result.is_err());
    assert!(peak <= memory_bound(bytes.len()), "{peak}");
}

/// The nested message's sweep, one test per configuration so that the harness runs them side
/// by side: each huge length that lands on `empties` decodes millions of empty elements (up
/// to the limit), the longest of the suite's cases.
macro_rules! nested_message_sweeps {
    ($($name:ident: varint $varint:literal, limit $limit:literal;)*) => {$(
        #[test]
        #[cfg_attr(
            miri,
            ignore = "thousands of decodes: minutes under Miri; the other cases cover the same paths"
        )]
        fn $name() {
            let setup = Setup { varint: $varint, limit: $limit };
            attack_under(&sample(), setup);
        }
    )*};
}

nested_message_sweeps! {
    truncations_and_huge_lengths_of_a_nested_message: varint false, limit false;
    truncations_and_huge_lengths_of_a_nested_message_with_a_limit: varint false, limit true;
    truncations_and_huge_lengths_of_a_nested_message_in_varints: varint true, limit false;
    truncations_and_huge_lengths_of_a_nested_message_in_varints_with_a_limit: varint true, limit true;
}

#[test]
#[cfg_attr(
    miri,
    ignore = "thousands of decodes: minutes under Miri; the other cases cover the same paths"
)]
fn truncations_and_huge_lengths_of_vecs_of_derived_types() {
    attack(&items(vec![
        Fixed { id: 1, qty: 2 },
        Fixed { id: 3, qty: 4 },
    ]));
    attack(&items(vec![
        Named {
            id: 1,
            name: "x".into(),
        };
        3
    ]));
    attack(&items(vec![
        Either::<u16be>::Right(vec![u16be::new(5)]),
        Either::Left(u16be::new(6)),
    ]));
    attack(&Mixed(
        "text".into(),
        vec![vec![1, 2], vec![]],
        Some(Box::new(7)),
    ));
}

#[test]
#[cfg_attr(
    miri,
    ignore = "thousands of decodes: minutes under Miri; the other cases cover the same paths"
)]
fn truncations_and_huge_lengths_of_records_with_options_enums_and_runs() {
    attack(&items((0..6).map(contact).collect()));
    attack(&items(vec![contact(17), contact(39)]));
}

/// A bad byte anywhere in a run of `bool`s, unit-enum tags or varints is refused with its
/// offset, on the vector-compare paths as on the value-by-value ones.
#[test]
#[cfg_attr(miri, ignore = "thousands of decodes: minutes under Miri")]
fn bad_bools_tags_and_varints_in_runs_are_refused_where_they_stand() {
    let valid = items((0..8).map(|i| contact(i + 20)).collect());
    for setup in SETUPS {
        let config = setup.config();
        let bytes = frame::encode_to_vec(&valid, config).unwrap();
        for at in 0..bytes.len() {
            for bad in [2u8, 0x7f, 0xff] {
                let mut hostile = bytes.clone();
                hostile[at] = bad;
                refused_or_faithful::<Items<Contact>>(&hostile, setup, &format!("{bad} at {at}"));
            }
        }
    }
}

#[test]
fn floods_of_empty_elements_are_refused() {
    for count in [1u64 << 32, 1 << 40, 1 << 63, u64::MAX] {
        for setup in SETUPS {
            let mut bytes = Vec::new();
            if setup.varint {
                bytes.push(253);
            }
            bytes.extend_from_slice(&count.to_le_bytes());
            let what = format!("{count} empty elements");
            refused_everywhere::<Items<()>>(&bytes, setup, &what);
            refused_everywhere::<Items<Empty>>(&bytes, setup, &what);
            refused_everywhere::<Items<[u8; 0]>>(&bytes, setup, &what);
            refused_everywhere::<Items<Vec<()>>>(&bytes, setup, &what);
        }
    }
}

#[test]
fn empty_elements_within_bounds_still_decode() {
    // bincode writes `vec![(); n]` as just its length; a modest count is a valid message.
    for setup in SETUPS {
        // (Under Miri fewer: each empty element is a call it interprets, on every path, and
        // a run of 20 takes the loop as a run of 1000 does.)
        let value = items(vec![Empty; if cfg!(miri) { 20 } else { 1000 }]);
        let bytes = frame::encode_to_vec(&value, setup.config()).unwrap();
        accepted_everywhere(&bytes, setup, &value);
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "thousands of decodes: minutes under Miri; the other cases cover the same paths"
)]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    // 128 levels fit a 2 MiB thread in an optimized build; the test profile builds at
    // opt-level 0, where a level's frames take about 20 KiB (`MAX_NESTING`'s documented cost):
    // the decodes run on a thread with room for that.
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(deep_nesting_cases)
        .unwrap()
        .join()
        .unwrap();
}

fn deep_nesting_cases() {
    let ok = tree(frame::MAX_NESTING);
    let too_deep = tree(frame::MAX_NESTING + 1);
    for setup in SETUPS {
        let bytes = frame::encode_to_vec(&ok, setup.config()).unwrap();
        accepted_everywhere(&bytes, setup, &ok);
        let bytes = frame::encode_to_vec(&too_deep, setup.config()).unwrap();
        refused_everywhere::<Tree>(&bytes, setup, "a tree nested too deep");
        let err = frame::decode_from_slice::<Tree>(&bytes, setup.config()).unwrap_err();
        assert!(matches!(err.kind, DecodeErrorKind::TooDeep { .. }), "{err}");
    }
    // A hostile stream of one-child nodes a million levels deep (9 bytes a level, fixed-int).
    let mut bytes = Vec::new();
    for _ in 0..100_000 {
        bytes.push(0);
        bytes.extend_from_slice(&1u64.to_le_bytes());
    }
    for setup in SETUPS.into_iter().filter(|s| !s.varint) {
        refused_everywhere::<Tree>(&bytes, setup, "100,000 levels");
    }
    attack(&tree(4));
}

#[test]
fn decode_and_borrow_decode_agree() {
    // `Vec<()>` longer than the input, a struct run longer than the input, and both within.
    // Empty elements are bounded by the limit, or by `DEFAULT_LIMIT` without one.
    // (A million steps take minutes under Miri: there the run within bounds is shorter.)
    let within: &[u8] = if cfg!(miri) {
        &[0xff, 0x0f, 0, 0, 0, 0, 0, 0]
    } else {
        &[0xff, 0xff, 0x0f, 0, 0, 0, 0, 0]
    };
    let cases: [(&[u8], bool); 4] = [
        (&[5, 0, 0, 0, 0, 0, 0, 0], true),
        (within, true),
        (&[0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0], false),
        (&[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0], false),
    ];
    for (bytes, ok) in cases {
        for config in [Config::legacy(), Config::legacy().with_no_limit()] {
            let owned = frame::decode_from_slice::<Vec<()>>(bytes, config).is_ok();
            let borrowed = frame::borrow_decode_from_slice::<Vec<()>>(bytes, config).is_ok();
            assert_eq!((owned, borrowed), (ok, ok), "{bytes:?} under {config:?}");
        }
    }
    for len in [1u64, 2, 1000] {
        let mut bytes = len.to_le_bytes().to_vec();
        bytes.extend_from_slice(&[0; 12]);
        let owned = frame::decode_from_slice::<Vec<Fixed>>(&bytes, Config::legacy()).is_ok();
        let borrowed =
            frame::borrow_decode_from_slice::<Vec<Fixed>>(&bytes, Config::legacy()).is_ok();
        assert_eq!((owned, borrowed), (len == 1, len == 1), "{len} elements");
    }
}

#[test]
fn derived_types_state_their_minimum_size() {
    assert_eq!(<Fixed as Decode>::MIN_SIZE, 2);
    assert_eq!(<FixedWire as Decode>::MIN_SIZE, 2);
    assert_eq!(<Named as Decode>::MIN_SIZE, 2);
    // The tag, then the smallest variant (`Ping`).
    assert_eq!(<Event as Decode>::MIN_SIZE, 1);
    assert_eq!(<Empty as Decode>::MIN_SIZE, 0);
    assert_eq!(<Tree as Decode>::MIN_SIZE, 2);
    assert_eq!(<Either<u64> as Decode>::MIN_SIZE, 2);
    assert_eq!(<Nested as BorrowDecode<'_>>::MIN_SIZE, 7);
}

// ----- the fixed wire image ----------------------------------------------------------------

#[test]
fn fixed_images_refuse_every_truncation() {
    use endian_wire::{FromSlice, read_specific};
    let value = FixedWire::from(Fixed { id: 1, qty: 2 });
    let mut bytes = Vec::new();
    endian_wire::write_specific(&mut bytes, &value).unwrap();
    for len in 0..bytes.len() {
        let err = read_specific::<_, FixedWire>(&mut &bytes[..len]).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof);
        assert!(read_specific::<_, Fixed>(&mut &bytes[..len]).is_err());
        assert!(FixedWire::read_from_slice(&bytes[..len]).is_err());
    }
    assert_eq!(
        read_specific::<_, Fixed>(&mut &bytes[..]).unwrap(),
        Fixed { id: 1, qty: 2 }
    );
}
