//! [`SimpleEndian`]: types that look the same in every byte order.

/// A type whose bytes do not depend on byte order, so every conversion is the identity.
///
/// Kept for `simple_endian` 0.4 compatibility: implemented for `()`, `bool`, `u8`, `i8`,
/// `char`, `&str` and (with `alloc`) `String`.
#[allow(clippy::wrong_self_convention)]
pub trait SimpleEndian: Sized + Clone {
    /// Returns `self`: the value is already in big-endian form.
    fn to_big_endian(self) -> Self {
        self
    }
    /// Returns `self`: the value is already in little-endian form.
    fn to_little_endian(self) -> Self {
        self
    }
    /// Returns `self`.
    fn from_big_endian(self) -> Self {
        self
    }
    /// Returns `self`.
    fn from_little_endian(self) -> Self {
        self
    }
    /// The host's byte order.
    fn endian(&self) -> crate::wire::Endian {
        crate::wire::Endian::NATIVE
    }
}

impl SimpleEndian for () {}
impl SimpleEndian for bool {}
impl SimpleEndian for u8 {}
impl SimpleEndian for i8 {}
impl SimpleEndian for char {}
impl SimpleEndian for &str {}
#[cfg(feature = "alloc")]
impl SimpleEndian for alloc::string::String {}
