//! The real message shapes of `endian_wire_testkit::shapes` (log lines, a float mesh, save data, network
//! updates) against every peer, under bincode 2's `legacy()` (fixed-int) and `standard()`
//! (varint): our bytes equal bincode 2's (its derive and its serde path), bincode 1's (fixint
//! and varint options) and wincode's (default and varint configurations), every peer reads
//! ours, and we read ours from a slice, exactly, and from a `std::io::Read`. Whole generated
//! datasets once, then random small ones (proptest).

use bincode1::Options as _;
use endian_wire::frame::{self, Config};
use endian_wire_testkit::Rng;
use endian_wire_testkit::shapes::{log, mesh, net, save};
use proptest::prelude::*;

/// Checks `value` against every peer under both configurations and returns the encoded sizes
/// (fixed-int, varint).
/// (A macro: wincode's traits are generic over its configuration types.)
macro_rules! check {
    ($T:ty, $value:expr) => {{
        let value: &$T = $value;
        use bincode::config;
        use wincode::config::Configuration;
        let mut sizes = [0; 2];
        for (i, varint) in [false, true].into_iter().enumerate() {
            let ours = if varint {
                Config::standard()
            } else {
                Config::legacy()
            };
            let bytes = frame::encode_to_vec(value, ours).unwrap();
            sizes[i] = bytes.len();
            let what = if varint { "standard()" } else { "legacy()" };

            // Every peer writes the same bytes.
            let (b2, b2_serde, b1) = if varint {
                (
                    bincode::encode_to_vec(value, config::standard()).unwrap(),
                    bincode::serde::encode_to_vec(value, config::standard()).unwrap(),
                    bincode1::DefaultOptions::new()
                        .with_varint_encoding()
                        .serialize(value)
                        .unwrap(),
                )
            } else {
                (
                    bincode::encode_to_vec(value, config::legacy()).unwrap(),
                    bincode::serde::encode_to_vec(value, config::legacy()).unwrap(),
                    bincode1::DefaultOptions::new()
                        .with_fixint_encoding()
                        .serialize(value)
                        .unwrap(),
                )
            };
            let wc = if varint {
                wincode::config::serialize(
                    value,
                    Configuration::default()
                        .with_preallocation_size_limit::<{ 64 << 20 }>()
                        .with_varint_encoding(),
                )
            } else {
                wincode::config::serialize(
                    value,
                    Configuration::default().with_preallocation_size_limit::<{ 64 << 20 }>(),
                )
            }
            .unwrap();
            assert!(b2 == bytes, "bincode 2 derive, {what}");
            assert!(b2_serde == bytes, "bincode 2 serde, {what}");
            assert!(b1 == bytes, "bincode 1, {what}");
            assert!(wc == bytes, "wincode, {what}");

            // Every peer reads ours.
            let (b2_back, b1_back): ($T, $T) = if varint {
                (
                    bincode::decode_from_slice(&bytes, config::standard())
                        .unwrap()
                        .0,
                    bincode1::DefaultOptions::new()
                        .with_varint_encoding()
                        .deserialize(&bytes)
                        .unwrap(),
                )
            } else {
                (
                    bincode::decode_from_slice(&bytes, config::legacy())
                        .unwrap()
                        .0,
                    bincode1::DefaultOptions::new()
                        .with_fixint_encoding()
                        .deserialize(&bytes)
                        .unwrap(),
                )
            };
            let wc_back: $T = if varint {
                wincode::config::deserialize(
                    &bytes,
                    Configuration::default()
                        .with_preallocation_size_limit::<{ 64 << 20 }>()
                        .with_varint_encoding(),
                )
            } else {
                wincode::config::deserialize(
                    &bytes,
                    Configuration::default().with_preallocation_size_limit::<{ 64 << 20 }>(),
                )
            }
            .unwrap();
            assert!(b2_back == *value, "bincode 2 reads ours, {what}");
            assert!(b1_back == *value, "bincode 1 reads ours, {what}");
            assert!(wc_back == *value, "wincode reads ours, {what}");

            // We read them back every way, and every other way of writing gives the same bytes.
            let (back, used) = frame::decode_from_slice::<$T>(&bytes, ours).unwrap();
            assert!(
                back == *value && used == bytes.len(),
                "decode_from_slice, {what}"
            );
            let exact: $T = frame::decode_from_slice_exact(&bytes, ours).unwrap();
            assert!(exact == *value, "decode_from_slice_exact, {what}");
            let streamed: $T = frame::decode_from_reader(&mut &bytes[..], ours).unwrap();
            assert!(streamed == *value, "decode_from_reader, {what}");
            assert_eq!(frame::encoded_size(value, ours).unwrap(), bytes.len());
            let mut appended = b"head".to_vec();
            frame::encode_append(value, &mut appended, ours).unwrap();
            assert!(appended[4..] == bytes[..], "encode_append, {what}");
            let mut slice = vec![0u8; bytes.len() + 3];
            let n = frame::encode_into_slice(value, &mut slice, ours).unwrap();
            assert!(
                n == bytes.len() && slice[..n] == bytes[..],
                "encode_into_slice, {what}"
            );
            let mut streamed_out = Vec::new();
            frame::encode_into_writer(value, &mut streamed_out, ours).unwrap();
            assert!(streamed_out == bytes, "encode_into_writer, {what}");

            // A slice one byte short is refused where it runs out, and so is the input.
            if !bytes.is_empty() {
                assert!(
                    frame::encode_into_slice(value, &mut slice[..bytes.len() - 1], ours).is_err()
                );
                let err =
                    frame::decode_from_slice::<$T>(&bytes[..bytes.len() - 1], ours).unwrap_err();
                assert!(err.offset < bytes.len(), "{err}");
            }
        }
        (sizes[0], sizes[1])
    }};
}

#[test]
fn log_lines_frame_as_every_peer() {
    let (fixed, var) = check!(log::Log, &log::generate(12_500));
    assert!(fixed > 1_000_000 && var > 1_000_000, "{fixed} {var}");
}

#[test]
fn a_float_mesh_frames_as_every_peer_and_the_same_under_both_configurations() {
    let value = mesh::generate(125_000);
    let (fixed, var) = check!(mesh::Mesh, &value);
    // Floats are never varints: only the length prefix differs.
    assert_eq!(fixed - 8, var - varint_len(value.triangles.len() as u64));
    let fixed_bytes = frame::encode_to_vec(&value, Config::legacy()).unwrap();
    let var_bytes = frame::encode_to_vec(&value, Config::standard()).unwrap();
    assert_eq!(
        fixed_bytes[8..],
        var_bytes[varint_len(value.triangles.len() as u64)..]
    );
}

#[test]
fn save_data_frames_as_every_peer() {
    let (fixed, var) = check!(save::Save, &save::generate(1000));
    assert!(fixed > 1_000_000 && var > 1_000_000, "{fixed} {var}");
}

#[test]
fn network_updates_frame_as_every_peer() {
    let (fixed, var) = check!(net::Updates, &net::generate(400));
    assert!(fixed > 1_000_000 && var > 1_000_000, "{fixed} {var}");
}

fn varint_len(v: u64) -> usize {
    match v {
        0..=250 => 1,
        251..=0xffff => 3,
        0x1_0000..=0xffff_ffff => 5,
        _ => 9,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn prop_random_log_lines(seed: u64, n in 0usize..12) {
        let mut r = Rng::new(seed);
        check!(log::Log, &log::Log { lines: (0..n).map(|_| log::line(&mut r)).collect() });
    }

    #[test]
    fn prop_random_meshes(seed: u64, n in 0usize..40) {
        let mut r = Rng::new(seed);
        check!(mesh::Mesh, &mesh::Mesh { triangles: (0..n).map(|_| mesh::triangle(&mut r)).collect() });
    }

    #[test]
    fn prop_random_save_data(seed: u64, n in 0usize..4) {
        let mut r = Rng::new(seed);
        check!(save::Save, &save::Save { players: (0..n).map(|_| save::player(&mut r)).collect() });
    }

    #[test]
    fn prop_random_network_updates(seed: u64, n in 0usize..3) {
        let mut r = Rng::new(seed);
        check!(net::Updates, &net::Updates { updates: (0..n).map(|_| net::update(&mut r)).collect() });
    }
}
