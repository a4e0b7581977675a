//! The framing layer against bincode 1.3.3 (serde), bincode 2.0.1 (its own `Encode` and its
//! serde path) and wincode 0.6: for random values of a set of message shapes, under fixed-int
//! and varint, in both byte orders, our bytes equal theirs and each side decodes the other's
//! bytes.

use bincode1::Options as _;
use endian_wire::frame::{self, Config};
use proptest::prelude::*;

/// The four configurations, as ours, bincode 1's and bincode 2's.
#[derive(Clone, Copy, Debug)]
enum Setup {
    FixedLittle,
    FixedBig,
    VarLittle,
    VarBig,
}

const SETUPS: [Setup; 4] = [
    Setup::FixedLittle,
    Setup::FixedBig,
    Setup::VarLittle,
    Setup::VarBig,
];

impl Setup {
    fn ours(self) -> Config {
        match self {
            Setup::FixedLittle => Config::legacy(),
            Setup::FixedBig => Config::legacy().with_big_endian(),
            Setup::VarLittle => Config::standard(),
            Setup::VarBig => Config::standard().with_big_endian(),
        }
    }

    fn bincode1<T: serde::Serialize>(self, value: &T) -> Vec<u8> {
        let o = bincode1::DefaultOptions::new();
        match self {
            Setup::FixedLittle => o
                .with_fixint_encoding()
                .with_little_endian()
                .serialize(value),
            Setup::FixedBig => o.with_fixint_encoding().with_big_endian().serialize(value),
            Setup::VarLittle => o
                .with_varint_encoding()
                .with_little_endian()
                .serialize(value),
            Setup::VarBig => o.with_varint_encoding().with_big_endian().serialize(value),
        }
        .unwrap()
    }

    fn bincode1_decode<T: serde::de::DeserializeOwned>(self, bytes: &[u8]) -> T {
        let o = bincode1::DefaultOptions::new();
        match self {
            Setup::FixedLittle => o
                .with_fixint_encoding()
                .with_little_endian()
                .deserialize(bytes),
            Setup::FixedBig => o
                .with_fixint_encoding()
                .with_big_endian()
                .deserialize(bytes),
            Setup::VarLittle => o
                .with_varint_encoding()
                .with_little_endian()
                .deserialize(bytes),
            Setup::VarBig => o
                .with_varint_encoding()
                .with_big_endian()
                .deserialize(bytes),
        }
        .unwrap()
    }

    fn bincode2<T: bincode::Encode>(self, value: &T) -> Vec<u8> {
        use bincode::config;
        match self {
            Setup::FixedLittle => bincode::encode_to_vec(value, config::legacy()),
            Setup::FixedBig => bincode::encode_to_vec(value, config::legacy().with_big_endian()),
            Setup::VarLittle => bincode::encode_to_vec(value, config::standard()),
            Setup::VarBig => bincode::encode_to_vec(value, config::standard().with_big_endian()),
        }
        .unwrap()
    }

    fn bincode2_serde<T: serde::Serialize>(self, value: &T) -> Vec<u8> {
        use bincode::config;
        use bincode::serde::encode_to_vec;
        match self {
            Setup::FixedLittle => encode_to_vec(value, config::legacy()),
            Setup::FixedBig => encode_to_vec(value, config::legacy().with_big_endian()),
            Setup::VarLittle => encode_to_vec(value, config::standard()),
            Setup::VarBig => encode_to_vec(value, config::standard().with_big_endian()),
        }
        .unwrap()
    }

    fn bincode2_decode<T: bincode::Decode<()>>(self, bytes: &[u8]) -> T {
        use bincode::config;
        match self {
            Setup::FixedLittle => bincode::decode_from_slice(bytes, config::legacy()),
            Setup::FixedBig => {
                bincode::decode_from_slice(bytes, config::legacy().with_big_endian())
            }
            Setup::VarLittle => bincode::decode_from_slice(bytes, config::standard()),
            Setup::VarBig => {
                bincode::decode_from_slice(bytes, config::standard().with_big_endian())
            }
        }
        .unwrap()
        .0
    }
}

/// wincode's configuration for a setup: a different type for each, so this is a macro.
macro_rules! with_wincode_config {
    ($setup:expr, |$config:ident| $body:expr) => {{
        use wincode::config::Configuration;
        match $setup {
            Setup::FixedLittle => {
                let $config = Configuration::default();
                $body
            }
            Setup::FixedBig => {
                let $config = Configuration::default().with_big_endian();
                $body
            }
            Setup::VarLittle => {
                let $config = Configuration::default().with_varint_encoding();
                $body
            }
            Setup::VarBig => {
                let $config = Configuration::default()
                    .with_varint_encoding()
                    .with_big_endian();
                $body
            }
        }
    }};
}

/// Every implementation writes the same bytes and reads everyone's bytes back to the value.
macro_rules! check {
    ($value:expr, $T:ty) => {{
        let value: &$T = $value;
        for setup in SETUPS {
            let ours = frame::encode_to_vec(value, setup.ours()).unwrap();
            assert_eq!(
                ours,
                setup.bincode1(value),
                "bincode 1, {setup:?}, {value:?}"
            );
            assert_eq!(
                ours,
                setup.bincode2(value),
                "bincode 2, {setup:?}, {value:?}"
            );
            assert_eq!(
                ours,
                setup.bincode2_serde(value),
                "bincode 2 serde, {setup:?}, {value:?}"
            );
            with_wincode_config!(setup, |config| {
                let theirs = wincode::config::serialize(value, config).unwrap();
                assert_eq!(ours, theirs, "wincode, {setup:?}, {value:?}");
                let back: $T = wincode::config::deserialize(&ours, config).unwrap();
                assert_eq!(&back, value, "wincode reads ours");
            });
            let back: $T = frame::decode_from_slice_exact(&ours, setup.ours()).unwrap();
            assert_eq!(&back, value);
            assert_eq!(&setup.bincode1_decode::<$T>(&ours), value);
            assert_eq!(&setup.bincode2_decode::<$T>(&ours), value);
            assert_eq!(
                frame::encoded_size(value, setup.ours()).unwrap(),
                ours.len()
            );
        }
    }};
}

proptest! {
    #[test]
    fn prop_frame_integers(a: u8, b: i8, c: u16, d: i16, e: u32, f: i32, g: u64, h: i64) {
        check!(&(a, b, c, d, e, f, g, h), (u8, i8, u16, i16, u32, i32, u64, i64));
    }

    #[test]
    fn prop_frame_wide(a: u128, b: i128, c: usize, d: isize, e: f32, f: f64, g: bool, h: char) {
        // NaN != NaN: compare floats through their bits by keeping them finite.
        let e = if e.is_nan() { 0.5 } else { e };
        let f = if f.is_nan() { 0.25 } else { f };
        check!(&(a, b, c as u64, d as i64, e, f, g, h), (u128, i128, u64, i64, f32, f64, bool, char));
    }

    #[test]
    fn prop_frame_collections(
        words in proptest::collection::vec(any::<u32>(), 0..40),
        halves in proptest::collection::vec(any::<i16>(), 0..40),
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
        text in ".{0,20}",
        fixed: [u16; 5],
        maybe: Option<u64>,
        pairs in proptest::collection::vec((any::<u8>(), any::<bool>()), 0..10),
    ) {
        type Message = (Vec<u32>, Vec<i16>, Vec<u8>, String, [u16; 5], Option<u64>, Vec<(u8, bool)>);
        check!(&(words, halves, bytes, text, fixed, maybe, pairs), Message);
    }

    #[test]
    fn prop_frame_nested(
        outer in proptest::collection::vec(proptest::collection::vec(any::<u64>(), 0..5), 0..5),
        names in proptest::collection::vec(".{0,5}", 0..5),
        result in prop_oneof![any::<u32>().prop_map(Ok), ".{0,5}".prop_map(Err)],
        floats in proptest::collection::vec(-1e9f64..1e9, 0..20),
    ) {
        let result: Result<u32, String> = result;
        type Message = (Vec<Vec<u64>>, Vec<String>, Result<u32, String>, Vec<f64>);
        check!(&(outer, names, result, floats), Message);
    }
}

#[test]
fn pinned_examples() {
    // The reference page's examples: fixed-int LE, fixed-int BE, varint LE.
    type Encoding<'a> = &'a dyn Fn(Config) -> Vec<u8>;
    let cases: [(Encoding<'_>, [&[u8]; 3]); 3] = [
        (
            &|c| frame::encode_to_vec(&300u32, c).unwrap(),
            [&[0x2c, 1, 0, 0], &[0, 0, 1, 0x2c], &[0xfb, 0x2c, 0x01]],
        ),
        (
            &|c| frame::encode_to_vec(&-200i32, c).unwrap(),
            [
                &[0x38, 0xff, 0xff, 0xff],
                &[0xff, 0xff, 0xff, 0x38],
                &[0xfb, 0x8f, 0x01],
            ],
        ),
        (
            &|c| frame::encode_to_vec(&Some(7u32), c).unwrap(),
            [&[1, 7, 0, 0, 0], &[1, 0, 0, 0, 7], &[1, 7]],
        ),
    ];
    for (encode, [fixed_le, fixed_be, var_le]) in cases {
        assert_eq!(encode(Config::legacy()), fixed_le);
        assert_eq!(encode(Config::legacy().with_big_endian()), fixed_be);
        assert_eq!(encode(Config::standard()), var_le);
    }
}

/// What a decoder made of a message: the value and the bytes used, or the kind of refusal
/// (the input ends, or a marker the type cannot take: too wide or reserved).
#[derive(Debug, PartialEq)]
enum Verdict<T> {
    Read(T, usize),
    Ends,
    BadMarker,
}

/// Ours under the run-time `config` and, which must agree, its typed configuration and both
/// without a limit.
fn our_verdict<T: frame::Decode + PartialEq + std::fmt::Debug>(
    bytes: &[u8],
    config: Config,
) -> Verdict<T> {
    let verdict = one_verdict(frame::decode_from_slice::<T>(bytes, config));
    let typed = if config.endian() == endian_wire::Endian::Big {
        one_verdict(frame::decode_from_slice::<T>(
            bytes,
            frame::config::standard().with_big_endian(),
        ))
    } else {
        one_verdict(frame::decode_from_slice::<T>(
            bytes,
            frame::config::standard(),
        ))
    };
    assert_eq!(typed, verdict, "typed configuration");
    let unlimited = one_verdict(frame::decode_from_slice::<T>(bytes, config.with_no_limit()));
    assert_eq!(unlimited, verdict, "without a limit");
    verdict
}

fn one_verdict<T>(result: Result<(T, usize), frame::DecodeError>) -> Verdict<T> {
    use endian_wire::frame::DecodeErrorKind as Kind;
    match result {
        Ok((value, used)) => Verdict::Read(value, used),
        Err(e) => match e.kind {
            // A length beyond what the input can hold is refused before reading (bincode 2
            // finds the end while reading).
            Kind::UnexpectedEnd { .. }
            | Kind::LengthTooLarge {
                reason: frame::LengthRefusal::BeyondInput { .. },
                ..
            } => Verdict::Ends,
            Kind::VarintTooWide { .. } | Kind::ReservedVarintMarker => Verdict::BadMarker,
            other => panic!("unexpected refusal {other:?}"),
        },
    }
}

fn bincode2_verdict<T: bincode::Decode<()>>(bytes: &[u8], big: bool) -> Verdict<T> {
    use bincode::error::DecodeError as E;
    let result = if big {
        bincode::decode_from_slice(bytes, bincode::config::standard().with_big_endian())
    } else {
        bincode::decode_from_slice(bytes, bincode::config::standard())
    };
    match result {
        Ok((value, used)) => Verdict::Read(value, used),
        Err(E::UnexpectedEnd { .. }) => Verdict::Ends,
        Err(E::InvalidIntegerType { .. }) => Verdict::BadMarker,
        Err(other) => panic!("unexpected bincode 2 refusal {other:?}"),
    }
}

/// Runs of multi-byte varints (one width per sixteen values, mixed widths, every marker
/// boundary, non-canonical markers), in both payload orders: bincode 2's verdict on each,
/// on every cut and on each marker byte replaced by every marker (too wide for the type,
/// reserved, narrower than the value's payload), is ours.
#[test]
fn varint_runs_get_bincode2s_verdicts_on_every_cut_and_marker() {
    fn check<T>(values: &[u128], width: usize)
    where
        T: frame::Decode
            + bincode::Decode<()>
            + PartialEq
            + std::fmt::Debug
            + Clone
            + TryFrom<u128>,
        Vec<T>: frame::Encode,
    {
        let values: Vec<T> = values.iter().filter_map(|&v| T::try_from(v).ok()).collect();
        for big in [false, true] {
            let config = if big {
                Config::standard().with_big_endian()
            } else {
                Config::standard()
            };
            for len in [15usize, 16, 17, 33] {
                let run: Vec<T> = values.iter().take(len).cloned().collect::<Vec<_>>();
                if run.is_empty() {
                    continue;
                }
                let bytes = frame::encode_to_vec(&run, config).unwrap();
                let verdicts = |bytes: &[u8]| {
                    let ours = our_verdict::<Vec<T>>(bytes, config);
                    assert_eq!(ours, bincode2_verdict::<Vec<T>>(bytes, big), "{bytes:02x?}");
                };
                verdicts(&bytes);
                for cut in 0..bytes.len() {
                    verdicts(&bytes[..cut]);
                }
                // Each value's marker (its first byte) replaced by every marker.
                let mut at = 1;
                while at < bytes.len() {
                    let value_len = match bytes[at] {
                        0..=250 => 1,
                        0xfb => 3,
                        0xfc => 5,
                        0xfd => 9,
                        _ => 17,
                    };
                    for marker in 0xfb..=0xff {
                        let mut bad = bytes.clone();
                        bad[at] = marker;
                        verdicts(&bad);
                    }
                    at += value_len;
                }
                // Non-canonical: the first value at the type's widest payload.
                let mut wide = bytes[..1].to_vec();
                let first = frame::encode_to_vec(&run[..1].to_vec(), config).unwrap();
                let first_value = &first[1..];
                let carried = match first_value[0] {
                    b @ 0..=250 => u128::from(b),
                    m => {
                        let n = 2usize << (m - 0xfb);
                        let mut payload = [0u8; 16];
                        if big {
                            payload[16 - n..].copy_from_slice(&first_value[1..=n]);
                            u128::from_be_bytes(payload)
                        } else {
                            payload[..n].copy_from_slice(&first_value[1..=n]);
                            u128::from_le_bytes(payload)
                        }
                    }
                };
                wide.push(0xfa + width.trailing_zeros() as u8);
                if big {
                    wide.extend_from_slice(&carried.to_be_bytes()[16 - width..]);
                } else {
                    wide.extend_from_slice(&carried.to_le_bytes()[..width]);
                }
                wide.extend_from_slice(&bytes[1 + first_value.len()..]);
                verdicts(&wide);
            }
        }
    }
    // One width per sixteen (the one-marker blocks), then mixed widths, then every boundary.
    let mut values: Vec<u128> = Vec::new();
    for start in [300u128, 70_000, 1 << 40, 1 << 70] {
        values.extend((0..16).map(|i| start + i * 7));
    }
    let boundaries = [
        0u128,
        250,
        251,
        255,
        256,
        u16::MAX.into(),
        u128::from(u16::MAX) + 1,
        u32::MAX.into(),
        u128::from(u32::MAX) + 1,
        u64::MAX.into(),
        u128::from(u64::MAX) + 1,
        u128::MAX,
    ];
    let mixed: Vec<u128> = (0..40)
        .map(|i| boundaries[(i * 5) % boundaries.len()])
        .collect();
    for run in [
        &values[..],
        &values[16..],
        &values[32..],
        &mixed[..],
        &boundaries[..],
    ] {
        check::<u16>(run, 2);
        check::<u32>(run, 4);
        check::<u64>(run, 8);
        check::<u128>(run, 16);
        // Signed: the same carried values, zigzagged back.
        let signed: Vec<u128> = run
            .iter()
            .map(|&v| ((v >> 1) as i128 ^ -((v & 1) as i128)) as u128)
            .collect();
        check_signed(&signed);
    }
}

/// The signed types' runs of [`varint_runs_get_bincode2s_verdicts_on_every_cut_and_marker`]:
/// `values` are two's-complement `i128`s as `u128`.
fn check_signed(values: &[u128]) {
    for big in [false, true] {
        let config = if big {
            Config::standard().with_big_endian()
        } else {
            Config::standard()
        };
        macro_rules! signed {
            ($t:ty) => {{
                let run: Vec<$t> = values
                    .iter()
                    .filter_map(|&v| <$t>::try_from(v as i128).ok())
                    .take(33)
                    .collect();
                let bytes = frame::encode_to_vec(&run, config).unwrap();
                assert_eq!(
                    bytes,
                    if big {
                        bincode::encode_to_vec(&run, bincode::config::standard().with_big_endian())
                    } else {
                        bincode::encode_to_vec(&run, bincode::config::standard())
                    }
                    .unwrap()
                );
                for cut in 0..=bytes.len() {
                    assert_eq!(
                        our_verdict::<Vec<$t>>(&bytes[..cut], config),
                        bincode2_verdict::<Vec<$t>>(&bytes[..cut], big)
                    );
                }
            }};
        }
        signed!(i16);
        signed!(i32);
        signed!(i64);
        signed!(i128);
    }
}
