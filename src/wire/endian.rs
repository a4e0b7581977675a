//! [`Endian`]: a byte order as a value, for code that chooses one at run time (a
//! configuration, a header field, [`SpecificEndian::endian`](super::SpecificEndian::endian)).

/// A byte order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Endian {
    /// Most significant byte first (network order).
    Big,
    /// Least significant byte first.
    Little,
}

impl Endian {
    /// The byte order of the host this code runs on.
    pub const NATIVE: Endian = if cfg!(target_endian = "big") {
        Endian::Big
    } else {
        Endian::Little
    };
}
