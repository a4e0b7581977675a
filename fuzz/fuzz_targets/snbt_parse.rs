//! SNBT from arbitrary text: a tag or an error with a line and column inside the text, never
//! a panic; what reads prints as SNBT that reads back to the same tree.
#![no_main]

use wire_nbt::{self as nbt, Compound, ErrorKind, Nbt};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match nbt::tag_from_snbt(text) {
        Ok(tag) => {
            let printed = tag.to_string();
            let again = nbt::tag_from_snbt(&printed).expect("printed SNBT reads back");
            // As bytes: NaNs compare unequal as values.
            let bytes = |t| Nbt::new("", Compound::new().with("v", t)).to_vec().unwrap();
            assert_eq!(bytes(again), bytes(tag), "{printed}");
        }
        Err(e) => match e.kind() {
            ErrorKind::Snbt { line, column, .. } => {
                assert!(*line >= 1 && *column >= 1);
                assert!(e.offset() <= text.len());
                assert!(*line <= text.lines().count().max(1) + 1);
            }
            other => panic!("not an SNBT error: {other:?}"),
        },
    }
});
