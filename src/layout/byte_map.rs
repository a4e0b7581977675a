//! Where a static-size value's wire bytes sit in its memory.
//!
//! A derived record of numbers and byte arrays (`struct Trade { id: u64, price: f64, .. }`)
//! frames as a fixed rearrangement of its own memory: each wire byte is one byte of one field,
//! in the configuration's or the container's order. [`ByteMap`] names, for each wire byte, the
//! memory byte it copies; the types build it at compile time (numbers, wrappers, arrays,
//! tuples and derived structs from their elements' or fields' maps and `offset_of!`), and a
//! run of such records is then framed by one byte permutation per record
//! (`bulk::records`) instead of field by field.

use core::marker::PhantomData;

/// The most wire bytes, and memory bytes, a map covers: one 64-byte vector.
const MAX_MAPPED: usize = 64;

/// For each of a `T`'s wire bytes (under fixed-int encoding), the offset in its memory of the
/// byte it is. Every byte of a `T` that is not padding appears once.
///
/// The crate reads and writes a `T`'s memory by it, so only `unsafe` code can make one, and a
/// map is typed by the type it describes (a map of `u64` cannot stand for another type's).
#[doc(hidden)]
pub struct ByteMap<T: ?Sized> {
    len: u8,
    src: [u8; MAX_MAPPED],
    /// Every byte pattern of the mapped bytes is a valid value (no `bool`), so decoding may
    /// permute too.
    any_bits: bool,
    of: PhantomData<fn() -> T>,
}

impl<T: ?Sized> Clone for ByteMap<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: ?Sized> Copy for ByteMap<T> {}

impl<T: ?Sized> core::fmt::Debug for ByteMap<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ByteMap")
            .field("sources", &&self.src[..self.len as usize])
            .field("any_bits", &self.any_bits)
            .finish()
    }
}

impl<T: ?Sized> ByteMap<T> {
    /// No bytes yet (a struct before its first field).
    ///
    /// # Safety
    /// `T` is a struct whose map is completed with [`then`](Self::then) for every field.
    #[must_use]
    pub const unsafe fn empty() -> Option<ByteMap<T>> {
        Some(ByteMap {
            len: 0,
            src: [0; MAX_MAPPED],
            any_bits: true,
            of: PhantomData,
        })
    }

    /// One byte, valid as 0 and 1 only: a `bool`.
    ///
    /// # Safety
    /// `T` is `bool`.
    #[must_use]
    pub const unsafe fn boolean() -> Option<ByteMap<T>> {
        Some(ByteMap {
            len: 1,
            src: [0; MAX_MAPPED],
            any_bits: false,
            of: PhantomData,
        })
    }

    /// `len` bytes in memory order: bytes, byte arrays, wrappers (whose memory is their wire
    /// image).
    ///
    /// # Safety
    /// A `T` is `len` bytes, each valid as any pattern, written on the wire as they are.
    #[must_use]
    pub const unsafe fn identity(len: usize) -> Option<ByteMap<T>> {
        if len > MAX_MAPPED {
            return None;
        }
        let mut src = [0; MAX_MAPPED];
        let mut i = 0;
        while i < len {
            src[i] = i as u8;
            i += 1;
        }
        Some(ByteMap {
            len: len as u8,
            src,
            any_bits: true,
            of: PhantomData,
        })
    }

    /// A native number of `width` bytes (stored in the host's order), written big-endian if
    /// `big`, little-endian otherwise.
    ///
    /// # Safety
    /// `T` is an integer or float of `width` bytes, framed in that order.
    #[must_use]
    pub const unsafe fn number(width: usize, big: bool) -> Option<ByteMap<T>> {
        // SAFETY: forwarded: a number's bytes are all valid as any pattern.
        let Some(mut map) = (unsafe { ByteMap::identity(width) }) else {
            return None;
        };
        // Reversed when the wire order is not the host's.
        if big == cfg!(target_endian = "little") {
            let mut i = 0;
            while i < width {
                map.src[i] = (width - 1 - i) as u8;
                i += 1;
            }
        }
        Some(map)
    }

    /// `map`, then the bytes of `field`, whose value starts `offset` bytes into the memory:
    /// how a struct's map grows field by field. `None` if either is `None` or the result
    /// exceeds [`MAX_MAPPED`] bytes on either side.
    ///
    /// # Safety
    /// A `T` holds an `F` at `offset`, framed right after the bytes `map` covers.
    #[must_use]
    pub const unsafe fn then<F: ?Sized>(
        map: Option<ByteMap<T>>,
        field: Option<ByteMap<F>>,
        offset: usize,
    ) -> Option<ByteMap<T>> {
        let (Some(mut map), Some(field)) = (map, field) else {
            return None;
        };
        let (start, len) = (map.len as usize, field.len as usize);
        if start + len > MAX_MAPPED {
            return None;
        }
        let mut i = 0;
        while i < len {
            let at = offset + field.src[i] as usize;
            if at >= MAX_MAPPED {
                return None;
            }
            map.src[start + i] = at as u8;
            i += 1;
        }
        map.len = (start + len) as u8;
        map.any_bits = map.any_bits && field.any_bits;
        Some(map)
    }

    /// `count` values mapped by `item`, `stride` bytes apart in memory: an array.
    ///
    /// # Safety
    /// `T` is `[F; count]` and `stride` is `size_of::<F>()`.
    #[must_use]
    pub const unsafe fn repeat<F>(
        item: Option<ByteMap<F>>,
        count: usize,
        stride: usize,
    ) -> Option<ByteMap<T>> {
        // SAFETY: the elements of an array follow each other `stride` bytes apart and frame
        // in order, as the caller vouches.
        let mut map = unsafe { ByteMap::empty() };
        let mut i = 0;
        while i < count {
            // SAFETY: element `i` sits `i * stride` bytes in and frames after those before it.
            map = unsafe { ByteMap::then(map, item, i * stride) };
            if map.is_none() {
                return None;
            }
            i += 1;
        }
        map
    }

    /// The number of wire bytes.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the map has no bytes.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// For each wire byte, the memory byte it copies (the first [`len`](Self::len) entries).
    #[must_use]
    pub const fn sources(&self) -> &[u8; MAX_MAPPED] {
        &self.src
    }

    /// Whether the wire bytes are the memory bytes in order (a copy, no permutation).
    #[must_use]
    pub const fn is_identity(&self) -> bool {
        let mut i = 0;
        while i < self.len as usize {
            if self.src[i] as usize != i {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Whether every byte pattern decodes to a valid value.
    #[must_use]
    pub const fn any_bits(&self) -> bool {
        self.any_bits
    }

    /// The memory bytes the map reads, one bit each (bit `i`: offset `i`).
    #[must_use]
    pub const fn memory_mask(&self) -> u64 {
        let mut mask = 0u64;
        let mut i = 0;
        while i < self.len as usize {
            mask |= 1 << self.src[i];
            i += 1;
        }
        mask
    }

    /// The inverse: for each memory byte, the wire byte it is (0 for padding, which
    /// [`memory_mask`](Self::memory_mask) leaves out).
    #[must_use]
    pub const fn inverse(&self) -> [u8; MAX_MAPPED] {
        let mut inverse = [0u8; MAX_MAPPED];
        let mut i = 0;
        while i < self.len as usize {
            inverse[self.src[i] as usize] = i as u8;
            i += 1;
        }
        inverse
    }

    /// Whether the map is well formed for a value of `size` bytes in memory: every mapped
    /// byte inside it and named once.
    #[must_use]
    pub const fn fits(&self, size: usize) -> bool {
        let mut seen = 0u64;
        let mut i = 0;
        while i < self.len as usize {
            let at = self.src[i] as usize;
            if at >= size || seen & (1 << at) != 0 {
                return false;
            }
            seen |= 1 << at;
            i += 1;
        }
        true
    }
}

/// The first `len` bytes of a record, one bit each.
#[must_use]
pub(crate) const fn prefix_mask(len: usize) -> u64 {
    if len >= 64 {
        u64::MAX
    } else {
        (1u64 << len) - 1
    }
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::ByteMap;
    use alloc::vec::Vec;

    /// The wire bytes a map makes of a value's memory bytes.
    fn gather<T: ?Sized>(map: &ByteMap<T>, memory: &[u8]) -> Vec<u8> {
        map.sources()[..map.len()]
            .iter()
            .map(|&at| memory[usize::from(at)])
            .collect()
    }

    #[test]
    fn numbers_map_to_their_wire_order_on_this_host() {
        let v = 0x0102_0304_0506_0708_090a_0b0c_0d0e_0f10u128;
        macro_rules! check {
            ($t:ty) => {{
                let x = v as $t;
                for big in [false, true] {
                    // SAFETY: the map is `$t`'s.
                    let map = unsafe { ByteMap::<$t>::number(size_of::<$t>(), big) }.unwrap();
                    let wire = if big {
                        x.to_be_bytes()
                    } else {
                        x.to_le_bytes()
                    };
                    assert_eq!(
                        gather(&map, &x.to_ne_bytes()),
                        wire,
                        "{} big={big}",
                        stringify!($t)
                    );
                    assert!(map.any_bits() && map.fits(size_of::<$t>()));
                }
            }};
        }
        check!(u16);
        check!(u32);
        check!(u64);
        check!(u128);
    }

    #[test]
    fn arrays_and_fields_compose() {
        // SAFETY: `[u32; 3]` is three `u32`s 4 bytes apart.
        let map =
            unsafe { ByteMap::<[u32; 3]>::repeat(ByteMap::<u32>::number(4, true), 3, 4) }.unwrap();
        let words = [1u32, 0x0a0b_0c0d, u32::MAX - 1];
        let memory: Vec<u8> = words.iter().flat_map(|w| w.to_ne_bytes()).collect();
        let wire: Vec<u8> = words.iter().flat_map(|w| w.to_be_bytes()).collect();
        assert_eq!(gather(&map, &memory), wire);
        assert_eq!(map.memory_mask(), (1 << 12) - 1);
        assert_eq!(map.is_identity(), cfg!(target_endian = "big"));
        // SAFETY: `[u8; 4]` is four bytes in order.
        assert!(unsafe { ByteMap::<[u8; 4]>::identity(4) }.is_some_and(|m| m.is_identity()));
        // The inverse puts each wire byte back where it came from.
        let inverse = map.inverse();
        let back: Vec<u8> = (0..12).map(|at| wire[usize::from(inverse[at])]).collect();
        assert_eq!(back, memory);

        // A bool anywhere makes the map unfit for decoding; more than 64 bytes, no map.
        // SAFETY: maps of a struct `{ flag: bool, n: u16 }` laid out at offsets 2 and 0.
        let with_bool = unsafe {
            let map = ByteMap::<()>::empty();
            let map = ByteMap::then(map, ByteMap::<bool>::boolean(), 2);
            ByteMap::then(map, ByteMap::<u16>::number(2, false), 0)
        }
        .unwrap();
        assert!(!with_bool.any_bits());
        assert_eq!(with_bool.memory_mask(), 0b111);
        assert!(with_bool.fits(4) && !with_bool.fits(2));
        // SAFETY: `[u8; 65]` is 65 bytes in order.
        assert!(unsafe { ByteMap::<[u8; 65]>::identity(65) }.is_none());
        // SAFETY: `[u64; 9]` is nine `u64`s 8 bytes apart.
        let nine = unsafe { ByteMap::<[u64; 9]>::repeat(ByteMap::<u64>::number(8, false), 9, 8) };
        assert!(nine.is_none());
    }
}
