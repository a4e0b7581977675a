//! Permutation tables of static-size records, computed at compile time from their byte maps:
//! what moves a run of records between memory and wire bytes in one pass.

use super::byte_map::{ByteMap, prefix_mask};

/// A permutation's tables: for each destination byte its source byte, and the bytes of one
/// value read and written.
#[derive(Clone, Copy)]
pub(crate) struct Tables {
    index: [u8; 64],
    read: u64,
    write: u64,
}

impl Tables {
    /// Memory to wire bytes, for a type of `size` bytes whose wire image is `wire` bytes.
    pub(crate) const fn encode<T>(
        map: Option<ByteMap<T>>,
        size: usize,
        wire: Option<usize>,
    ) -> Option<Tables> {
        match (map, wire) {
            // (Not for a map that is its memory in order, `[u8; N]` and wrappers: a copy.)
            (Some(map), Some(wire))
                if map.len() == wire && wire > 0 && map.fits(size) && !map.is_identity() =>
            {
                Some(Tables {
                    index: *map.sources(),
                    read: map.memory_mask(),
                    write: prefix_mask(wire),
                })
            }
            _ => None,
        }
    }

    /// Wire bytes to memory, when every byte pattern is a valid value.
    #[cfg(feature = "alloc")]
    pub(crate) const fn decode<T>(
        map: Option<ByteMap<T>>,
        size: usize,
        wire: Option<usize>,
    ) -> Option<Tables> {
        match Tables::encode(map, size, wire) {
            Some(tables) => {
                let Some(map) = map else { return None };
                if !map.any_bits() {
                    return None;
                }
                Some(Tables {
                    index: map.inverse(),
                    read: tables.write,
                    write: tables.read,
                })
            }
            None => None,
        }
    }
}

impl Tables {
    /// The kernel's view of these tables, for records `src_stride` and `dst_stride` bytes
    /// apart.
    /// The wire bytes of one record.
    pub(crate) const fn wire_len(&self) -> usize {
        self.write.count_ones() as usize
    }

    pub(crate) fn permutation(
        &self,
        src_stride: usize,
        dst_stride: usize,
    ) -> crate::bulk::Permutation<'_> {
        crate::bulk::Permutation {
            index: &self.index,
            read: self.read,
            write: self.write,
            src_stride,
            dst_stride,
        }
    }
}

/// Whether values of `size` bytes in memory, framed by `map` into `wire` bytes, are their
/// wire bytes: every memory byte (so none of them padding) mapped in order.
pub(crate) const fn is_memory_image<T>(
    map: Option<ByteMap<T>>,
    size: usize,
    wire: Option<usize>,
) -> bool {
    match (map, wire) {
        (Some(map), Some(wire)) => {
            size > 0 && wire == size && map.len() == size && map.is_identity()
        }
        _ => false,
    }
}

/// [`is_memory_image`], with every byte valid as any pattern: such wire bytes can be copied
/// back into values.
pub(crate) const fn copies<T>(map: Option<ByteMap<T>>, size: usize, wire: Option<usize>) -> bool {
    match map {
        Some(m) => m.any_bits() && is_memory_image(map, size, wire),
        None => false,
    }
}
