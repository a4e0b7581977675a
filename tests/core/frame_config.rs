//! Typed configurations (`frame::config::{legacy, standard}` and their `with_*` methods): the
//! order and integer encoding compiled in, the bytes those of the run-time `Config` of the same
//! settings through every entry point; types of a fixed order under a typed configuration of
//! the other (framed again through the erased coder), recursive ones included.

#![cfg(all(feature = "derive", feature = "std"))]

use endian_wire::Endianize;
use endian_wire::frame::{
    self, AnyConfig, Config, Decode, DecodeError, Decoder, Encode, EncodeError, Encoder, Reader,
    Writer, config,
};
use endian_wire::u32be;
use proptest::prelude::*;

/// Little-endian records with a big-endian one inside, a field of its own order, and
/// recursion through a `Vec` (every path of an order switch).
mod mixed {
    use super::*;

    #[derive(Endianize, Clone, Debug, PartialEq)]
    #[endian(be)]
    pub struct Header {
        pub kind: u16,
        pub tags: Vec<u32>,
        pub name: String,
    }

    #[derive(Endianize, Clone, Debug, PartialEq)]
    #[endian(be)]
    pub struct Fixed {
        pub a: u32,
        pub b: i16,
        pub ok: bool,
    }

    #[derive(Endianize, Clone, Debug, PartialEq)]
    #[endian(le)]
    pub struct Packet {
        pub header: Header,
        #[endian(be)]
        pub magic: u32,
        pub fixed: Vec<Fixed>,
        pub body: Vec<u16>,
        pub maybe: Option<Fixed>,
    }

    #[derive(Endianize, Clone, Debug, PartialEq)]
    #[endian(be)]
    pub struct Tree {
        pub value: u64,
        pub kids: Vec<Tree>,
    }

    #[derive(Endianize, Clone, Debug, PartialEq)]
    #[endian(le)]
    pub enum Event {
        Start,
        One(Fixed),
        Two { first: Fixed, n: u16 },
    }
}

fn packet(seed: u32) -> mixed::Packet {
    mixed::Packet {
        header: mixed::Header {
            kind: seed as u16,
            tags: (0..seed % 5).map(|i| i * 1000 + seed).collect(),
            name: format!("n{seed}"),
        },
        magic: 0xCAFE_0000 | seed,
        fixed: (0..seed % 4)
            .map(|i| mixed::Fixed {
                a: seed ^ i,
                b: -(i as i16),
                ok: i % 2 == 0,
            })
            .collect(),
        body: vec![seed as u16; (seed % 7) as usize],
        maybe: seed.is_multiple_of(2).then_some(mixed::Fixed {
            a: 1,
            b: 2,
            ok: true,
        }),
    }
}

fn tree(depth: u32) -> mixed::Tree {
    mixed::Tree {
        value: u64::from(depth) << 40,
        kids: (0..depth.min(3)).map(|_| tree(depth - 1)).collect(),
    }
}

/// Under `typed`, the bytes and sizes of the run-time `Config` of the same settings, read back
/// from memory and from a stream; a short input refused alike. (One entry point of each kind:
/// what a typed configuration changes is the code below the entry points, compiled with its
/// order and integer encoding as constants, and every further entry point instantiated that
/// code again for each type and configuration: with all eight, this file took 78 of the core
/// binary's 284 CPU-seconds to build. The entry points themselves are `frame`'s tests.)
fn same_as_run_time<T, C>(value: &T, typed: C)
where
    T: Encode + Decode + PartialEq + core::fmt::Debug,
    C: AnyConfig,
{
    let config: Config = typed.config();
    let bytes = frame::encode_to_vec(value, config).unwrap();
    assert_eq!(
        frame::encode_to_vec(value, typed).unwrap(),
        bytes,
        "{config:?}"
    );
    assert_eq!(frame::encoded_size(value, typed).unwrap(), bytes.len());

    let (back, used) = frame::decode_from_slice::<T>(&bytes, typed).unwrap();
    assert_eq!((&back, used), (value, bytes.len()));
    assert_eq!(
        &frame::decode_from_reader::<T, _>(&bytes[..], typed).unwrap(),
        value
    );
    // Short input: the same error as under the run-time configuration.
    if let Some(short) = bytes.len().checked_sub(1) {
        assert_eq!(
            frame::decode_from_slice::<T>(&bytes[..short], typed)
                .unwrap_err()
                .to_string(),
            frame::decode_from_slice::<T>(&bytes[..short], config)
                .unwrap_err()
                .to_string()
        );
    }
}

/// All four typed configurations.
fn every_typed<T>(value: &T)
where
    T: Encode + Decode + PartialEq + core::fmt::Debug,
{
    same_as_run_time(value, config::legacy());
    same_as_run_time(value, config::legacy().with_big_endian());
    same_as_run_time(value, config::standard());
    same_as_run_time(value, config::standard().with_big_endian());
}

/// The entry points `same_as_run_time` leaves out, under one typed configuration of each
/// integer encoding: the bytes of the run-time configuration's.
#[test]
fn every_entry_point_takes_a_typed_configuration() {
    fn check(typed: impl AnyConfig) {
        let value = (String::from("text"), vec![1u16, 300], -7i64);
        let bytes = frame::encode_to_vec(&value, typed.config()).unwrap();
        let mut appended = vec![0xAA];
        frame::encode_append(&value, &mut appended, typed).unwrap();
        assert_eq!(appended[1..], bytes[..]);
        let mut slice = vec![0u8; bytes.len()];
        assert_eq!(
            frame::encode_into_slice(&value, &mut slice, typed).unwrap(),
            bytes.len()
        );
        assert_eq!(slice, bytes);
        let mut written = Vec::new();
        frame::encode_into_writer(&value, &mut written, typed).unwrap();
        assert_eq!(written, bytes);
        assert_eq!(
            frame::decode_from_slice_exact::<(String, Vec<u16>, i64)>(&bytes, typed).unwrap(),
            value
        );
    }
    check(config::legacy());
    check(config::standard().with_big_endian());
}

#[test]
fn typed_configurations_frame_as_the_run_time_config() {
    every_typed(&(7u8, -2i16, 300u32, u64::MAX, -1i128, 1.5f32, 'é', true));
    every_typed(&(
        String::from("text"),
        vec![1u16, 2, 3],
        Some(9u64),
        None::<i32>,
    ));
    every_typed(&vec![vec![1u8; 40], vec![], vec![7]]);
    every_typed(&[(1u32, 2u64); 5]);
    every_typed(&Box::new([250u16, 251, 65535]));
    every_typed(&(Ok::<u32, String>(4), Err::<u32, String>("no".into())));
}

#[test]
fn fixed_orders_inside_typed_configurations_of_either_order() {
    // Under Miri, seeds 1 and 2: each `Vec` with one and two values, `maybe` both ways
    // (twelve seeds took 59 s there).
    let seeds = if cfg!(miri) { 1..3 } else { 0..12 };
    for seed in seeds {
        every_typed(&packet(seed));
        every_typed(&vec![packet(seed), packet(seed + 1)]);
        every_typed(&mixed::Event::One(packet(seed).maybe.unwrap_or(
            mixed::Fixed {
                a: seed,
                b: 0,
                ok: false,
            },
        )));
    }
    every_typed(&tree(if cfg!(miri) { 2 } else { 4 }));
    every_typed(&vec![
        mixed::Event::Two {
            first: mixed::Fixed {
                a: 7,
                b: -7,
                ok: true,
            },
            n: 300,
        },
        mixed::Event::Start,
    ]);
    every_typed(&mixed::Event::Start);
    // The declared orders hold whatever the configuration: the big-endian header's kind,
    // then the little-endian packet's own.
    let bytes = frame::encode_to_vec(&packet(1), config::legacy()).unwrap();
    assert_eq!(&bytes[..2], [0, 1]);
    assert_eq!(
        bytes,
        frame::encode_to_vec(&packet(1), config::legacy().with_big_endian()).unwrap()
    );
}

#[test]
fn typed_limits_refuse_as_the_run_time_config() {
    let bytes = frame::encode_to_vec(&vec![0u8; 1000], config::legacy()).unwrap();
    let typed = config::legacy().with_limit(100);
    assert_eq!(typed.config(), Config::legacy().with_limit(100));
    assert_eq!(
        frame::decode_from_slice::<Vec<u8>>(&bytes, typed)
            .unwrap_err()
            .to_string(),
        frame::decode_from_slice::<Vec<u8>>(&bytes, Config::legacy().with_limit(100))
            .unwrap_err()
            .to_string()
    );
    assert!(frame::decode_from_slice::<Vec<u8>>(&bytes, typed.with_no_limit()).is_ok());
    assert_eq!(
        Config::from(config::standard().with_big_endian().with_no_limit()),
        Config::standard().with_big_endian().with_no_limit()
    );
    assert_eq!(config::standard().to_config(), Config::standard());
}

/// A hand-written type of a fixed order: its numbers are wrappers of that order, which frame
/// in it under every configuration, typed or not.
#[derive(Debug, PartialEq)]
struct BigPair(u32, u32);

impl Encode for BigPair {
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        u32be::from(self.0).encode(e)?;
        u32be::from(self.1).encode(e)
    }
}

impl Decode for BigPair {
    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        Ok(BigPair(
            u32be::decode(d)?.to_native(),
            u32be::decode(d)?.to_native(),
        ))
    }
}

#[test]
fn hand_written_fixed_orders_hold_under_every_configuration() {
    let pair = (BigPair(1, 2), 3u16);
    let bytes = frame::encode_to_vec(&pair, config::legacy()).unwrap();
    assert_eq!(bytes, [0, 0, 0, 1, 0, 0, 0, 2, 3, 0]);
    every_typed(&pair);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(endian_wire_testkit::proptest_cases(64)))]

    #[test]
    fn prop_typed_configurations_frame_as_the_run_time_config(
        ints in prop::collection::vec(any::<(u16, i32, u64, i8)>(), 0..20),
        text in ".{0,20}",
        seed in any::<u32>(),
    ) {
        every_typed(&(ints, text));
        every_typed(&packet(seed));
    }
}
