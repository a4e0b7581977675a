//! Bedrock's little-endian and network readers, `level.dat`'s header and network roots of any
//! type on arbitrary bytes: a tree or an error, never a panic, never unbounded memory. Oracles:
//! what the little-endian reader and the any-root reader accept is written back byte for byte
//! (both accept only canonical input); what the network reader accepts (varints may be
//! over-long) is written canonically and reads back to a tree written the same way. The views
//! of both forms accept what the readers accept (and strings they have not checked yet), and
//! read it to the same tree.
#![no_main]

use wire_nbt::{self as nbt, bedrock, Flavor};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(tree) = bedrock::from_slice(data) {
        assert_eq!(bedrock::to_vec(&tree).unwrap(), data, "accepted input not written back");
        // The run-time choice reads the same (compared as bytes: NaNs are unequal as values).
        let again = Flavor::Bedrock.from_slice(data).expect("the same reader");
        assert_eq!(Flavor::Bedrock.to_vec(&again).unwrap(), data);
    }
    if let Ok(tree) = bedrock::from_network_slice(data) {
        let canonical = bedrock::to_network_vec(&tree).unwrap();
        let again = bedrock::from_network_slice(&canonical).expect("our own bytes read");
        assert_eq!(bedrock::to_network_vec(&again).unwrap(), canonical);
    }
    for flavor in [Flavor::Bedrock, Flavor::BedrockNetwork] {
        let tree = flavor.from_slice(data);
        match flavor.view(data) {
            Ok(view) => {
                if let Ok(owned) = view.to_owned() {
                    let tree = tree.expect("a view read whole is a tree");
                    assert_eq!(flavor.to_vec(&owned).unwrap(), flavor.to_vec(&tree).unwrap());
                }
            }
            Err(_) => assert!(tree.is_err(), "the reader accepts what the view refuses"),
        }
    }
    if let Ok(level) = bedrock::from_level_dat(data) {
        assert_eq!(bedrock::to_level_dat(level.version, &level.nbt).unwrap(), data);
    }
    if let Ok(tag) = nbt::tag_from_network_slice(data) {
        assert_eq!(nbt::tag_to_network_vec(tag.as_ref()).unwrap(), data);
    }
});
