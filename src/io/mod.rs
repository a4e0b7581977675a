//! Moving wire values between memory and bytes.
//!
//! * [`WireBytes`]: the types whose memory image is their wire image (wrappers, text fields,
//!   arrays of them); reading and writing them is one copy. [`WireImage`] adds derived wire
//!   structs whose memory has padding.
//! * `std::io` (feature `std`): [`EndianRead`], [`EndianWrite`], [`read_specific`],
//!   [`write_specific`] and the `*_native` helpers, with `simple_endian`'s signatures.
//! * `no_std`: [`FromSlice`], [`read_from_slice`], [`write_to_extend`], and [`view`] /
//!   [`view_slice`] for zero-copy access.

mod slice;
#[cfg(feature = "std")]
mod stream;
pub(crate) mod wire_bytes;
mod wire_image;

pub use slice::{FromSlice, ViewError, read_from_slice, view, view_slice, write_to_extend};
#[cfg(feature = "std")]
pub use stream::{
    EndianRead, EndianWrite, read_native, read_specific, read_specific_dyn, read_specific_into,
    try_read_native, try_write_native, try_write_native_ref, write_native, write_native_ref,
    write_specific, write_specific_dyn,
};
pub use wire_bytes::WireBytes;
pub(crate) use wire_bytes::is_valid_part;
#[cfg(feature = "std")]
pub(crate) use wire_bytes::{Hex, short_name, short_type_name};
pub use wire_image::{InvalidImage, WireImage};
