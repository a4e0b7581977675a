//! Which element types the bulk functions accept, and how wide they are.

use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout};

use crate::wire::{BigEndian, Endian, LittleEndian};

mod sealed {
    pub trait Sealed {}
}

/// A native primitive that bulk conversion handles: every integer, `f32` and `f64`.
///
/// Sealed: the kernels rely on these being plain bytes of width 1, 2, 4, 8 or 16.
pub trait Primitive:
    Copy + FromBytes + IntoBytes + KnownLayout + Immutable + sealed::Sealed + 'static
{
}

/// A wire element: `BigEndian<T>` or `LittleEndian<T>` of a [`Primitive`] `T`.
///
/// Its byte order is taken from the type, so bulk calls never name an order.
pub trait WireElement: Copy + FromBytes + IntoBytes + KnownLayout + Immutable + 'static {
    /// The native type held.
    type Native: Primitive;
    /// The byte order of the wire bytes.
    const ORDER: Endian;
    /// Whether converting between native and wire bytes swaps bytes on this host.
    const SWAPS: bool = !matches!(
        (Self::ORDER, Endian::NATIVE),
        (Endian::Big, Endian::Big) | (Endian::Little, Endian::Little)
    ) && core::mem::size_of::<Self::Native>() > 1;
}

macro_rules! primitives {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl Primitive for $t {}

        impl WireElement for BigEndian<$t> {
            type Native = $t;
            const ORDER: Endian = Endian::Big;
        }

        impl WireElement for LittleEndian<$t> {
            type Native = $t;
            const ORDER: Endian = Endian::Little;
        }
    )*};
}
primitives!(
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64
);
