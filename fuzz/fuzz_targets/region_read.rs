//! Region files from arbitrary bytes: the slice reader and the file reader, every chunk to a
//! tree and in place, with an inflation limit. Each chunk is a tree, absent or an error naming
//! it, never a panic; both readers agree; memory is bounded by the input and the limit.
#![no_main]

use std::io::Cursor;

use wire_nbt::region::{Region, RegionFile};
use libfuzzer_sys::fuzz_target;

const LIMIT: usize = 1 << 20;

fuzz_target!(|data: &[u8]| {
    let Ok(region) = Region::from_slice(data) else {
        assert!(data.len() < 8192);
        assert!(RegionFile::new(Cursor::new(data)).is_err());
        return;
    };
    let region = region.with_max_inflated(LIMIT);
    let mut file = RegionFile::new(Cursor::new(data)).unwrap().with_max_inflated(LIMIT);
    let mut buf = Vec::new();
    for chunk in region.chunks() {
        match chunk {
            Ok(chunk) => {
                let (x, z) = (usize::from(chunk.x()), usize::from(chunk.z()));
                let tree = chunk.to_nbt();
                if let Err(e) = &tree {
                    assert_eq!(e.chunk(), Some((chunk.x(), chunk.z())), "{e}");
                }
                let view = chunk.view_in(&mut buf).map(|v| v.to_owned());
                match (&tree, view) {
                    (Ok(t), Ok(Ok(v))) => assert_eq!(&v, t),
                    (Ok(_), other) => panic!("the view refused what the reader read: {other:?}"),
                    (Err(_), _) => {}
                }
                let from_file = file.chunk_bytes(x, z).map_err(|e| e.to_string());
                assert_eq!(from_file, chunk.bytes().map(Some).map_err(|e| e.to_string()));
            }
            Err(e) => {
                let (x, z) = e.chunk().expect("a chunk's error names it");
                assert!(file.chunk(x.into(), z.into()).is_err());
            }
        }
    }
});
