//! IO on byte slices, for `no_std`: [`FromSlice`], and zero-copy views of bytes as wire values.

use core::fmt;

use zerocopy::{FromBytes, Immutable, KnownLayout};

use super::wire_bytes::WireBytes;
use super::wire_image::WireImage;

/// Reading from a byte slice and writing to any `Extend<u8>`, without `std::io`
/// (`simple_endian`'s `no_std` IO).
pub trait FromSlice: Sized {
    /// Reads a value from the front of `data` (extra bytes are left alone).
    ///
    /// # Errors
    /// `"unexpected end of input"` if `data` is too short, `"invalid value"` if the bytes are
    /// not a valid value.
    fn read_from_slice(data: &[u8]) -> Result<Self, &'static str>;

    /// Appends the value's wire bytes to `out`.
    ///
    /// # Errors
    /// Never, for the types of this crate; the `Result` is `simple_endian`'s signature.
    fn write_to_extend(&self, out: &mut impl Extend<u8>) -> Result<(), &'static str>;
}

impl<T: WireBytes> FromSlice for T {
    fn read_from_slice(data: &[u8]) -> Result<Self, &'static str> {
        let image = data.get(..T::WIRE_SIZE).ok_or("unexpected end of input")?;
        T::read_image(image).map_err(|_| "invalid value")
    }

    fn write_to_extend(&self, out: &mut impl Extend<u8>) -> Result<(), &'static str> {
        out.extend(self.as_bytes().iter().copied());
        Ok(())
    }
}

/// Reads an `E` from the front of `data`.
///
/// ```
/// use endian_wire::{read_from_slice, u16be};
/// let v: u16be = read_from_slice(&[1, 2, 3]).unwrap();
/// assert_eq!(v.get(), 0x0102);
/// ```
///
/// # Errors
/// As [`FromSlice::read_from_slice`].
pub fn read_from_slice<E: FromSlice>(data: &[u8]) -> Result<E, &'static str> {
    E::read_from_slice(data)
}

/// Appends `value`'s wire bytes to `out`.
///
/// # Errors
/// As [`FromSlice::write_to_extend`].
pub fn write_to_extend<E: FromSlice>(
    value: &E,
    out: &mut impl Extend<u8>,
) -> Result<(), &'static str> {
    value.write_to_extend(out)
}

/// Why bytes could not be viewed as wire values in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewError {
    /// The byte count is not what the type needs.
    Size {
        /// Bytes needed: the exact size, or for slices the element size it must be a
        /// multiple of.
        needed: usize,
        /// Bytes given.
        found: usize,
    },
    /// The bytes do not start at a multiple of the type's alignment. Copy them instead
    /// (`read_from_slice`), or use a buffer aligned for the type.
    Alignment {
        /// The alignment the type needs.
        needed: usize,
        /// The address of the bytes.
        address: usize,
    },
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ViewError::Size { needed, found } => {
                write!(f, "cannot view {found} bytes as a value of {needed} bytes")
            }
            ViewError::Alignment { needed, address } => write!(
                f,
                "cannot view bytes at {address:#x} in place: the type needs alignment {needed}"
            ),
        }
    }
}

impl core::error::Error for ViewError {}

#[cfg(feature = "std")]
impl From<ViewError> for std::io::Error {
    fn from(e: ViewError) -> Self {
        let kind = match e {
            ViewError::Size { .. } => std::io::ErrorKind::UnexpectedEof,
            ViewError::Alignment { .. } => std::io::ErrorKind::InvalidInput,
        };
        std::io::Error::new(kind, e)
    }
}

/// Views `bytes` as one `T` without copying.
///
/// ```
/// use endian_wire::{u32be, view, ViewError};
/// let bytes = 7u32.to_be_bytes();
/// let aligned = u32::from_ne_bytes(bytes); // some storage aligned for u32
/// let v: &u32be = view(endian_wire::zerocopy::IntoBytes::as_bytes(&aligned)).unwrap();
/// assert_eq!(v.get(), 7);
/// assert!(matches!(view::<u32be>(&[0; 3]), Err(ViewError::Size { needed: 4, found: 3 })));
/// ```
///
/// # Errors
/// [`ViewError::Size`] unless `bytes` is exactly `size_of::<T>()` long, [`ViewError::Alignment`]
/// if it is not aligned for `T`.
pub fn view<T: FromBytes + KnownLayout + Immutable>(bytes: &[u8]) -> Result<&T, ViewError> {
    check_view::<T>(
        bytes,
        bytes.len() == core::mem::size_of::<T>(),
        core::mem::size_of::<T>(),
    )?;
    T::ref_from_bytes(bytes).map_err(|_| unreachable_view_error(bytes))
}

/// Views `bytes` as a slice of `T` without copying.
///
/// ```
/// use endian_wire::{ViewError, u16be, view_slice};
/// #[repr(align(2))]
/// struct Aligned([u8; 6]);
/// let bytes = Aligned([0, 1, 0, 2, 0, 3]);
/// let values: &[u16be] = view_slice(&bytes.0)?;
/// assert_eq!((values.len(), values[2].get()), (3, 3));
/// assert!(matches!(view_slice::<u16be>(&bytes.0[..5]), Err(ViewError::Size { .. })));
/// # Ok::<(), ViewError>(())
/// ```
///
/// # Errors
/// [`ViewError::Size`] unless the length is a multiple of `size_of::<T>()`,
/// [`ViewError::Alignment`] if the bytes are not aligned for `T`.
pub fn view_slice<T: FromBytes + Immutable>(bytes: &[u8]) -> Result<&[T], ViewError> {
    let size = core::mem::size_of::<T>();
    check_view::<T>(bytes, size != 0 && bytes.len().is_multiple_of(size), size)?;
    <[T]>::ref_from_bytes(bytes).map_err(|_| unreachable_view_error(bytes))
}

fn check_view<T>(bytes: &[u8], size_ok: bool, needed: usize) -> Result<(), ViewError> {
    if !size_ok {
        return Err(ViewError::Size {
            needed,
            found: bytes.len(),
        });
    }
    let needed = core::mem::align_of::<T>();
    let address = bytes.as_ptr() as usize;
    if !address.is_multiple_of(needed) {
        return Err(ViewError::Alignment { needed, address });
    }
    Ok(())
}

/// zerocopy's own checks are the ones made above; report its refusal as a size error.
#[cold]
fn unreachable_view_error(bytes: &[u8]) -> ViewError {
    ViewError::Size {
        needed: 0,
        found: bytes.len(),
    }
}
