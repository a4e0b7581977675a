//! perf_report's rows for messages through a length-delimited codec: one message encoded into
//! a codec's buffer and decoded back, in memory, by `stream::MessageCodec` and by tokio-util's
//! `LengthDelimitedCodec` + bincode 2 (serde) and + wincode, as `benches/frame_codec.rs`
//! measures them with criterion.

use super::Workload;

/// The rows: a 33-byte trade and a 4 KiB message (124 trades), fixed-int little-endian.
pub fn workloads() -> Vec<Workload> {
    use super::market::le::{batch, trade};
    vec![
        row(
            "one 33-byte trade through a length-delimited codec: encode + decode",
            trade(7),
        ),
        row(
            "a 4 KiB message (124 trades) through a length-delimited codec: encode + decode",
            batch(124),
        ),
    ]
}

/// One message through each codec, its buffer reused as a `Framed`'s is.
fn row<T>(name: &str, value: T) -> Workload
where
    T: endian_wire::frame::Encode
        + endian_wire::frame::Decode
        + serde::Serialize
        + serde::de::DeserializeOwned,
    T: wincode::SchemaWrite<wincode::config::Configuration, Src = T>
        + for<'de> wincode::SchemaRead<'de, wincode::config::Configuration, Dst = T>,
    T: Clone + PartialEq + 'static,
{
    use std::hint::black_box;

    use bytes::{Bytes, BytesMut};
    use endian_wire::frame::{self, Config};
    use endian_wire::stream::Builder;
    use tokio_util::codec::{Decoder, Encoder, LengthDelimitedCodec};

    let b2 = bincode::config::legacy();
    let wc = wincode::config::Configuration::default();
    let body = frame::encode_to_vec(&value, Config::legacy()).unwrap();
    assert_eq!(
        bincode::serde::encode_to_vec(&value, b2).unwrap(),
        body,
        "bincode 2 bytes"
    );
    assert_eq!(
        wincode::config::serialize(&value, wc).unwrap(),
        body,
        "wincode bytes"
    );

    let (v1, v2, v3) = (value.clone(), value.clone(), value);
    let mut ours = Builder::new(Config::legacy()).new_codec::<T>();
    let mut ours_buf = BytesMut::with_capacity(8 << 10);
    let (mut ldc_b2, mut b2_buf) = (
        LengthDelimitedCodec::new(),
        BytesMut::with_capacity(8 << 10),
    );
    let (mut ldc_wc, mut wc_buf) = (
        LengthDelimitedCodec::new(),
        BytesMut::with_capacity(8 << 10),
    );
    Workload::new(name, body.len() + 4)
        .case("endian_wire", move || {
            ours.encode(black_box(&v1), &mut ours_buf).unwrap();
            black_box(ours.decode(&mut ours_buf).unwrap().unwrap());
        })
        .case("bincode 2", move || {
            let out = bincode::serde::encode_to_vec(black_box(&v2), b2).unwrap();
            ldc_b2.encode(Bytes::from(out), &mut b2_buf).unwrap();
            let frame = ldc_b2.decode(&mut b2_buf).unwrap().unwrap();
            black_box(bincode::serde::decode_from_slice::<T, _>(&frame, b2).unwrap());
        })
        .case("wincode", move || {
            let out = wincode::config::serialize(black_box(&v3), wc).unwrap();
            ldc_wc.encode(Bytes::from(out), &mut wc_buf).unwrap();
            let frame = ldc_wc.decode(&mut wc_buf).unwrap().unwrap();
            black_box(wincode::config::deserialize::<T, _>(&frame, wc).unwrap());
        })
}
