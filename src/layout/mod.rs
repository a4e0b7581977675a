//! Layout facts: where a static-size value's wire bytes sit in its memory ([`ByteMap`]), and
//! the permutation tables that move a run of such values in one pass. Below the fixed image,
//! framing and runtime byte order, which all ask the same questions of a type: is its memory
//! its wire image in this order (one copy), or a fixed rearrangement of it (one shuffle)?

mod byte_map;
mod tables;

pub use byte_map::ByteMap;
pub(crate) use tables::{Tables, copies, is_memory_image};

/// A type's wire image in each byte order (index 0 little-endian, 1 big-endian), as maps of
/// its memory: what runtime byte order's tables are built from. `#[derive(Endianize)]` gives
/// it for `#[endian(runtime)]` types.
#[doc(hidden)]
pub struct ImageMaps<T> {
    /// The wire image's size, if static.
    pub size: Option<usize>,
    /// Memory to wire bytes (writing).
    pub write: [Option<ByteMap<T>>; 2],
    /// Wire bytes to memory (reading): `None` where a byte pattern may not be a value.
    pub read: [Option<ByteMap<T>>; 2],
}
