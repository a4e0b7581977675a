//! Derived types (static-size structs, structs with `Vec`/`String`/`Option` and per-field
//! lengths such as `short_vec`, enums with data, unit enums, runs of `bool`s and varints,
//! nested and recursive types) through every decode entry point, with and without a limit, including the bincode 2
//! bridge (and `Decode::skip`, which must end where a successful decode ends): a value or an
//! error, never a panic or an abort, memory bounded by the input (the
//! run's `-rss_limit_mb` / `-malloc_limit_mb` catch an unbounded allocation). A value that
//! decodes encodes back to the bytes it was read from (to the same value under varint).
#![no_main]

use endian_wire::frame::{self, BorrowDecode, Config, Decode, Encode};
use endian_wire::{Endianize, u16be};
use libfuzzer_sys::fuzz_target;

#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)]
struct Fixed {
    id: u64,
    qty: u32,
    live: bool,
    venue: [u8; 3],
}

/// Every byte pattern valid: a run of these is decoded by one byte permutation per record
/// where the CPU has the kernel. (No float: a NaN is not equal to itself, and the checks
/// below compare decoded values.)
#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
struct Plain {
    id: u64,
    px: i64,
    qty: u32,
    side: u8,
    venue: [u8; 4],
    grid: [i16; 3],
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
#[endian_wire(bincode)]
struct Named {
    id: u64,
    name: String,
    tags: Option<Vec<u16be>>,
    #[frame(len = short_vec)]
    codes: Vec<[u8; 3]>,
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)]
struct Empty;

#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)]
enum Event {
    Ping,
    Trade(Fixed),
    Note { text: String, who: Vec<Named> },
    Many(Vec<Empty>),
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)]
struct Tree {
    value: u8,
    kids: Vec<Tree>,
}

#[derive(Endianize, Debug, PartialEq)]
#[endian(be)]
#[endian_wire(bincode)]
struct Block {
    events: Vec<Event>,
    groups: Vec<Vec<Fixed>>,
    tree: Option<Box<Tree>>,
    units: Vec<()>,
    #[frame(len = u8)]
    note: String,
}

#[derive(Endianize, Debug, PartialEq, Clone, Copy)]
#[endian(le)]
#[endian_wire(bincode)]
enum Kind {
    Boat,
    Ship,
    Plane,
}

/// What real messages hold beyond numbers: a unit enum (static size under both encodings,
/// decoded by the general path under varint), `Option`s of it and of an integer, a record of
/// bytes and a `bool` (static under varint too), runs of `bool`s and of varints (checked
/// sixteen at a time).
#[derive(Endianize, Debug, PartialEq)]
#[endian(le)]
#[endian_wire(bincode)]
struct Contact {
    damage: u8,
    id: u32,
    kind: Option<Kind>,
    flags: (u8, bool, [i8; 2]),
    player: Option<u16>,
    reloads: Vec<bool>,
    angles: Vec<u16>,
    offsets: Vec<i64>,
    mode: Kind,
}

/// Every entry point of this crate on `data`, and the bytes used when a value came back.
fn ours<T>(data: &[u8], config: Config)
where
    T: Decode + for<'de> BorrowDecode<'de> + Encode + PartialEq + core::fmt::Debug,
{
    let owned = frame::decode_from_slice::<T>(data, config);
    let borrowed = frame::borrow_decode_from_slice::<T>(data, config);
    let mut reader = data;
    let streamed = frame::decode_from_reader::<T, _>(&mut reader, config);
    // The boundary pass of `frame::parallel`: wherever the decode succeeds, the skip ends
    // where it ends.
    let mut d = frame::Decoder::new(frame::SliceReader::new(data), config);
    let skipped = T::skip(&mut d).map(|()| d.offset());
    if let Ok((_, used)) = &owned {
        assert_eq!(skipped.ok(), Some(*used), "skip and decode end apart");
    }
    assert_eq!(owned.is_ok(), borrowed.is_ok(), "Decode and BorrowDecode disagree");
    assert_eq!(owned.is_ok(), streamed.is_ok(), "slice and reader disagree");
    if let (Ok((a, used)), Ok((b, _)), Ok(c)) = (owned, borrowed, streamed) {
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(data.len() - reader.len(), used);
        // Fixed-int has one encoding per value; varint accepts non-canonical forms (as bincode
        // does), so there the value must survive a second round trip.
        let again = frame::encode_to_vec(&a, config).unwrap();
        if config.int_encoding() == frame::IntEncoding::Fixed {
            assert_eq!(again, data[..used]);
        } else {
            assert_eq!(frame::decode_from_slice_exact::<T>(&again, config).unwrap(), a);
        }
    }
}

/// The bincode 2 bridge: the derived type's `bincode::Decode`, whose lengths this crate reads.
fn bridge<T>(data: &[u8], varint: bool, limit: bool)
where
    T: bincode::Decode<()> + for<'de> bincode::BorrowDecode<'de, ()>,
{
    use bincode::config;
    const LIMIT: usize = 1 << 20;
    match (varint, limit) {
        (false, false) => {
            let _ = bincode::decode_from_slice::<T, _>(data, config::legacy());
            let _ = bincode::borrow_decode_from_slice::<T, _>(data, config::legacy());
        }
        (false, true) => {
            let c = config::legacy().with_limit::<LIMIT>();
            let _ = bincode::decode_from_slice::<T, _>(data, c);
        }
        (true, false) => {
            let _ = bincode::decode_from_slice::<T, _>(data, config::standard());
            let _ = bincode::decode_from_std_read::<T, _, _>(&mut &data[..], config::standard());
        }
        (true, true) => {
            let c = config::standard().with_limit::<LIMIT>();
            let _ = bincode::decode_from_slice::<T, _>(data, c);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, data)) = data.split_first() else { return };
    let varint = selector & 1 != 0;
    let limit = selector & 2 != 0;
    let base = if varint { Config::standard() } else { Config::legacy() };
    let base = if selector & 4 != 0 { base.with_big_endian() } else { base };
    let config = if limit { base.with_limit(1 << 20) } else { base.with_no_limit() };
    match selector >> 3 & 7 {
        0 => {
            ours::<Block>(data, config);
            bridge::<Block>(data, varint, limit);
        }
        1 => {
            ours::<Vec<Event>>(data, config);
            bridge::<Event>(data, varint, limit);
        }
        2 => {
            ours::<Tree>(data, config);
            bridge::<Tree>(data, varint, limit);
        }
        3 => {
            ours::<(Vec<Named>, Vec<Vec<Fixed>>, Vec<Empty>, Vec<Plain>)>(data, config);
            bridge::<Named>(data, varint, limit);
        }
        _ => {
            ours::<Vec<Contact>>(data, config);
            bridge::<Contact>(data, varint, limit);
        }
    }
});
