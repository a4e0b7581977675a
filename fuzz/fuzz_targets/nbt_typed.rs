//! Typed NBT reads on arbitrary bytes, in both forms: `nbt::from_slice` into nested structs
//! (lists of compounds, options, strings borrowed and owned, the array newtypes, enums, maps,
//! tree values inside) gives a value or an error, never a panic, never unbounded memory
//! (`fuzz/run.sh` runs with a 256 MiB allocation limit). Oracles: a value read is written back
//! and reads again to the same bytes; whatever the tree reader accepts, the typed readers of the
//! tree types accept as the same tree.
#![no_main]

use std::borrow::Cow;
use std::collections::BTreeMap;

use wire_nbt::{self as nbt, ByteArray, Compound, IntArray, LongArray, Nbt, Tag};
use libfuzzer_sys::fuzz_target;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug)]
struct Root<'a> {
    a: Option<i32>,
    #[serde(borrow)]
    name: Option<Cow<'a, str>>,
    items: Option<Vec<Item>>,
    nested: Option<Box<Root<'a>>>,
    longs: Option<LongArray>,
    ints: Option<IntArray>,
    bytes: Option<ByteArray>,
    plain: Option<Vec<i64>>,
    pair: Option<[i16; 2]>,
    kind: Option<Kind>,
    map: Option<BTreeMap<String, Tag>>,
    tag: Option<Compound>,
    #[serde(default)]
    flag: bool,
}

#[derive(Serialize, Deserialize, Debug)]
struct Item {
    id: String,
    #[serde(rename = "Count", default)]
    count: i8,
    tag: Option<Compound>,
}

#[derive(Serialize, Deserialize, Debug)]
enum Kind {
    Unit,
    Newtype(f64),
    Tuple(i32, String),
    Struct { x: i64 },
}

fuzz_target!(|data: &[u8]| {
    for network in [false, true] {
        let typed = if network {
            nbt::from_network_slice::<Root>(data)
        } else {
            nbt::from_slice::<Root>(data)
        };
        if let Ok(root) = typed {
            // Written back (it always can be: it was read) and read again, to the same bytes.
            let again = nbt::to_vec(&root).expect("a value read is writable");
            let twice = nbt::to_vec(&nbt::from_slice::<Root>(&again).expect("reads back")).unwrap();
            assert_eq!(again, twice);
        }
        let tree = if network {
            nbt::from_network_slice::<Nbt>(data)
        } else {
            nbt::from_slice::<Nbt>(data)
        };
        if let Ok(tree) = tree {
            let root: Compound = if network {
                nbt::from_network_slice(data).expect("the tree reader accepted it")
            } else {
                nbt::from_slice(data).expect("the tree reader accepted it")
            };
            // Compared as bytes: a NaN is not equal to itself.
            assert_eq!(nbt::to_vec(&root).unwrap(), nbt::to_vec(&tree.root).unwrap());
            let through_serde = nbt::to_vec_named(&tree.name, &tree).expect("a tree read is writable");
            assert_eq!(through_serde, tree.to_vec().unwrap());
        }
    }
});
