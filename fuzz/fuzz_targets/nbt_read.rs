//! Both NBT readers on arbitrary bytes, in both forms: a tree or an error, never a panic,
//! never unbounded memory. Round-trip oracle: every accepted input is written back byte for
//! byte (the reader accepts only canonical NBT), the view accepts whatever the reader accepts
//! and gives the same tree, an `NbtBuf` reaches the view's verdict, and SNBT of any accepted
//! tree can be formatted.
#![no_main]

use wire_nbt as nbt;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The owned document's verdict is the view's, and it views the same bytes.
    match (nbt::view(data), nbt::NbtBuf::from_slice(data)) {
        (Ok(view), Ok(buf)) => assert_eq!(buf.view().to_vec(), view.to_vec()),
        (Err(v), Err(b)) => assert_eq!(v.offset(), b.offset()),
        (v, b) => panic!("view ok {}, buf ok {}", v.is_ok(), b.is_ok()),
    }
    for network in [false, true] {
        let (owned, view) = if network {
            (nbt::from_network_slice::<nbt::Nbt>(data), nbt::view_network(data))
        } else {
            (nbt::from_slice::<nbt::Nbt>(data), nbt::view(data))
        };
        match (owned, view) {
            (Ok(tree), Ok(view)) => {
                let back = if network { nbt::to_network_vec(&tree).unwrap() } else { tree.to_vec().unwrap() };
                assert_eq!(back, data, "accepted input not written back the same");
                let from_view = view.to_owned().expect("the reader decoded every string");
                assert_eq!(from_view.to_vec().unwrap(), tree.to_vec().unwrap());
                let _ = tree.to_string();
            }
            (Ok(_), Err(e)) => panic!("the view refused what the reader accepted: {e}"),
            (Err(owned), Ok(view)) => {
                // Only a string can differ: the view checks them when they are read.
                assert!(matches!(owned.kind(), nbt::ErrorKind::InvalidMutf8), "{owned}");
                assert!(view.to_owned().is_err());
            }
            (Err(owned), Err(view)) => {
                if !matches!(owned.kind(), nbt::ErrorKind::InvalidMutf8) {
                    assert_eq!(owned.offset(), view.offset(), "{owned} / {view}");
                }
            }
        }
    }
});
