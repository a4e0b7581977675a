//! Differential tests against simple_endian 0.4.11's derive: for the shapes it handles
//! correctly (unsigned integers, floats, byte and integer arrays, fixed text, enums with a
//! `repr` tag), the same logical value gives the same stream bytes, and each side reads the
//! other's bytes.

use proptest::prelude::*;

/// Declares the same type twice, in `ours` (endian_wire) and `theirs` (simple_endian).
macro_rules! both {
    (shared: { $($item:item)* } extra_for_theirs: { $($extra:item)* }) => {
        mod ours {
            #![allow(dead_code)]
            $(
                #[derive(endian_wire::Endianize, Clone, Debug, PartialEq)]
                $item
            )*
        }
        mod theirs {
            #![allow(dead_code)]
            $(
                #[derive(simple_endian::Endianize, Clone, Debug, PartialEq)]
                $item
            )*
            $($extra)*
        }
    };
}

both! {
    shared: {
    #[endian(be)]
    #[repr(C)]
    pub struct Header {
        pub magic: u32,
        pub version: u16,
        pub length: u64,
        pub ratio: f64,
        pub id: [u8; 4],
        pub words: [u16; 3],
    }

    #[endian(le)]
    #[repr(C)]
    pub struct Record {
        pub kind: u8,
        pub offset: u32,
        pub scale: f32,
        pub wide: u128,
        #[text(utf8, units = 6, pad = "null")]
        pub name: String,
        #[text(utf16, units = 3, pad = "space")]
        pub label: String,
        #[text(utf32, units = 2, pad = "space")]
        pub code: String,
    }

    #[endian(be)]
    #[repr(u8)]
    pub enum Message {
        Ping = 1,
        Data { offset: u32, length: u16 } = 2,
        Pair(u64, u8) = 7,
    }
    }

    extra_for_theirs: {
        /// simple_endian's wire enum is a tag and a union with private fields: built here.
        pub mod build {
            use core::mem::ManuallyDrop;

            use super::{MessageWire, MessageWirePayload as Payload};
            use super::{MessageWirePayload_Data, MessageWirePayload_Pair};

            pub fn ping() -> MessageWire {
                MessageWire { tag: 1u8.into(), payload: Payload { _unused: [] } }
            }

            pub fn data(offset: u32, length: u16) -> MessageWire {
                let payload = MessageWirePayload_Data { offset: offset.into(), length: length.into() };
                MessageWire { tag: 2u8.into(), payload: Payload { Data: ManuallyDrop::new(payload) } }
            }

            pub fn pair(a: u64, b: u8) -> MessageWire {
                let payload = MessageWirePayload_Pair(a.into(), b.into());
                MessageWire { tag: 7u8.into(), payload: Payload { Pair: ManuallyDrop::new(payload) } }
            }
        }
    }
}

fn header_bytes(magic: u32, version: u16, length: u64, ratio: f64, id: [u8; 4], words: [u16; 3]) {
    let ours_value = ours::Header {
        magic,
        version,
        length,
        ratio,
        id,
        words,
    };
    let theirs_value = theirs::Header {
        magic,
        version,
        length,
        ratio,
        id,
        words,
    };
    let mut ours = Vec::new();
    endian_wire::write_specific(&mut ours, &ours_value).unwrap();
    let mut theirs = Vec::new();
    simple_endian::write_specific(&mut theirs, &theirs::HeaderWire::from(theirs_value.clone()))
        .unwrap();
    assert_eq!(ours, theirs);
    let back: ours::Header = endian_wire::read_specific(&mut &theirs[..]).unwrap();
    assert_eq!(back, ours_value);
    let wire: theirs::HeaderWire = simple_endian::read_specific(&mut &ours[..]).unwrap();
    assert_eq!(theirs::Header::from(wire), theirs_value);
}

proptest! {
    #[test]
    fn prop_derive_headers(
        magic: u32, version: u16, length: u64, ratio in -1e9f64..1e9, id: [u8; 4], words: [u16; 3],
    ) {
        header_bytes(magic, version, length, ratio, id, words);
    }

    #[test]
    fn prop_derive_records(
        kind: u8, offset: u32, scale in -1e6f32..1e6, wide: u128,
        name in "[a-z]{0,6}", label in "[A-Z]{0,3}", code in "[0-9]{0,2}",
    ) {
        let ours_value = ours::Record {
            kind, offset, scale, wide, name: name.clone(), label: label.clone(), code: code.clone(),
        };
        let theirs_value = theirs::Record { kind, offset, scale, wide, name, label, code };
        let mut ours = Vec::new();
        endian_wire::write_specific(&mut ours, &ours_value).unwrap();
        let mut theirs = Vec::new();
        // simple_endian's derive gates the text `TryFrom` on a cfg of the user's crate, so its
        // wire value is built by hand.
        let wire = theirs::RecordWire {
            kind: kind.into(),
            offset: offset.into(),
            scale: scale.into(),
            wide: wide.into(),
            name: theirs_value.name.as_str().try_into().unwrap(),
            label: theirs_value.label.as_str().try_into().unwrap(),
            code: theirs_value.code.as_str().try_into().unwrap(),
        };
        simple_endian::write_specific(&mut theirs, &wire).unwrap();
        prop_assert_eq!(&ours, &theirs);
        let back: ours::Record = endian_wire::read_specific(&mut &theirs[..]).unwrap();
        prop_assert_eq!(back, ours_value);
    }
}

#[test]
fn enums_match() {
    use theirs::build;
    let cases = [
        (ours::Message::Ping, build::ping()),
        (
            ours::Message::Data {
                offset: 0x0102_0304,
                length: 5,
            },
            build::data(0x0102_0304, 5),
        ),
        (
            ours::Message::Pair(u64::MAX - 1, 9),
            build::pair(u64::MAX - 1, 9),
        ),
    ];
    for (ours_value, theirs_wire) in cases {
        let mut ours = Vec::new();
        endian_wire::write_specific(&mut ours, &ours_value).unwrap();
        let mut theirs = Vec::new();
        simple_endian::write_specific(&mut theirs, &theirs_wire).unwrap();
        assert_eq!(ours, theirs, "{ours_value:?}");
        let back: ours::Message = endian_wire::read_specific(&mut &theirs[..]).unwrap();
        assert_eq!(back, ours_value);
        let wire: theirs::MessageWire = simple_endian::read_specific(&mut &ours[..]).unwrap();
        assert_eq!(u8::from(wire.tag), u8::from(theirs_wire.tag));
    }
}
