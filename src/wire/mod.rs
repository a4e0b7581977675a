//! Wire values: numbers whose in-memory bytes are already in a declared byte order.
//!
//! [`BigEndian<T>`] and [`LittleEndian<T>`] are `#[repr(transparent)]` over `T`. They store the
//! value *already converted* to their byte order, so:
//!
//! * their size and alignment are those of `T` (C layouts, virtio rings, MMIO registers and
//!   memory-mapped files can use them directly);
//! * their memory bytes are their wire bytes on every host, which makes a `#[repr(C)]` struct of
//!   wrappers without padding a byte-exact image of its wire format;
//! * they implement [`zerocopy`]'s `FromBytes`, `IntoBytes`, `KnownLayout` and `Immutable`
//!   wherever `T` does, so `&[u8]` and `&[u32be]` convert into each other safely.
//!
//! Equality, ordering and hashing are by value and agree with `T`'s, on every host: two
//! `f64be` compare as the floats they hold (`0.0 == -0.0`, `NaN != NaN`), never as swapped bit
//! patterns.
//!
//! ```
//! use endian_wire::{u32be, u32le};
//! use endian_wire::zerocopy::{FromBytes, IntoBytes};
//!
//! let words = [u32be::new(1), u32be::new(0x0102_0304)];
//! assert_eq!(words.as_bytes(), &[0, 0, 0, 1, 1, 2, 3, 4]);
//!
//! // View bytes in place (they must be aligned for the type, as these are)...
//! let view = <[u32be]>::ref_from_bytes(words.as_bytes()).unwrap();
//! assert_eq!(view[1].get(), 0x0102_0304);
//! // ...or copy from bytes at any offset.
//! let bytes = [0xAAu8, 0, 0, 0, 7];
//! let seven = u32be::read_from_bytes(&bytes[1..]).unwrap();
//!
//! // Converting between orders keeps the value and changes the bytes.
//! let le = u32le::from(seven);
//! assert_eq!(le.to_bytes(), [7, 0, 0, 0]);
//! ```

mod aliases;
mod chars;
mod endian;
mod fmt;
mod ops;
mod primitives;
#[cfg(feature = "serde")]
mod serde;
mod simple;
mod specific;
mod wrappers;

pub use aliases::*;
pub use chars::{BigEndianChar, LittleEndianChar, charbe, charle};
pub use endian::Endian;
pub use simple::SimpleEndian;
pub use specific::{OrderedBytes, SpecificEndian, SpecificEndianOwned};
pub use wrappers::{BigEndian, LittleEndian};

/// Applies `$mac!(Wrapper, to_order, from_order)` to both wrappers, so the code shared by
/// `BigEndian` and `LittleEndian` is written once.
macro_rules! for_both_wrappers {
    ($mac:ident) => {
        $mac!(BigEndian, to_big_endian, from_big_endian);
        $mac!(LittleEndian, to_little_endian, from_little_endian);
    };
}
pub(crate) use for_both_wrappers;

/// Applies `$mac!` to every tuple arity from 2 to 12, given as `(0 A, 1 B, ...)` lists, so the
/// tuple impls (order conversion, IO) share one list.
macro_rules! for_tuples {
    ($mac:ident) => {
        $mac! {
            (0 A, 1 B)
            (0 A, 1 B, 2 C)
            (0 A, 1 B, 2 C, 3 D)
            (0 A, 1 B, 2 C, 3 D, 4 E)
            (0 A, 1 B, 2 C, 3 D, 4 E, 5 F)
            (0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G)
            (0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H)
            (0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I)
            (0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J)
            (0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K)
            (0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G, 7 H, 8 I, 9 J, 10 K, 11 L)
        }
    };
}
pub(crate) use for_tuples;
