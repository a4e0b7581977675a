//! [`BigEndianChar`] and [`LittleEndianChar`]: a `char` on the wire, as a 4-byte scalar value.
//!
//! A `char` cannot be wrapped like the integers: `BigEndian<char>` would have to hold a `char`
//! whose bytes are swapped, and a swapped scalar value (`'A'` is `0x41`, swapped `0x4100_0000`)
//! is not a valid `char`, so the wrapper could not exist without undefined behaviour. These
//! types hold the four wire bytes instead, and check the value where
//! it becomes a `char`: `TryFrom<BigEndianChar> for char`, and every read (`read_specific`,
//! `read_from_slice`, arrays and derived structs holding them) rejects a value that is not a
//! Unicode scalar value with `InvalidData`.
//!
//! A zero-copy view of arbitrary bytes (zerocopy's `FromBytes`) may hold such an invalid value;
//! that is memory-safe, and [`to_char`](BigEndianChar::to_char) reports it.

use core::char::CharTryFromError;
use core::fmt;

use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout, Unaligned};

macro_rules! wire_char {
    ($(#[$doc:meta])* $Name:ident, $alias:ident, $to_bytes:ident, $from_bytes:ident) => {
        $(#[$doc])*
        #[derive(
            Clone, Copy, PartialEq, Eq, Hash,
            FromBytes, IntoBytes, KnownLayout, Immutable, Unaligned,
        )]
        #[repr(transparent)]
        pub struct $Name([u8; 4]);

        #[doc = concat!("Short name for [`", stringify!($Name), "`], in the style of `u32be`.")]
        #[allow(non_camel_case_types)]
        pub type $alias = $Name;

        impl $Name {
            /// The character `'\0'`.
            pub const NUL: Self = Self::new('\0');

            /// Stores `c`.
            #[inline]
            #[must_use]
            pub const fn new(c: char) -> Self {
                Self::from_scalar(c as u32)
            }

            /// Stores a raw scalar value, valid or not (reading it back as a `char` checks it).
            #[inline]
            #[must_use]
            pub const fn from_scalar(scalar: u32) -> Self {
                Self(scalar.$to_bytes())
            }

            /// The stored number, whether or not it is a Unicode scalar value.
            #[inline]
            #[must_use]
            pub const fn scalar(self) -> u32 {
                u32::$from_bytes(self.0)
            }

            /// The stored `char`, or `None` if the number is not a Unicode scalar value
            /// (a surrogate or above `0x10FFFF`).
            #[inline]
            #[must_use]
            pub const fn to_char(self) -> Option<char> {
                char::from_u32(self.scalar())
            }

            /// Whether the stored number is a Unicode scalar value.
            #[inline]
            #[must_use]
            pub const fn is_valid(self) -> bool {
                self.to_char().is_some()
            }

            /// The four wire bytes.
            #[inline]
            #[must_use]
            pub const fn to_bytes(self) -> [u8; 4] {
                self.0
            }

            /// Takes four wire bytes as they are (reading it back as a `char` checks them).
            #[inline]
            #[must_use]
            pub const fn from_bytes(bytes: [u8; 4]) -> Self {
                Self(bytes)
            }
        }

        /// By scalar value, on every host (as `char`'s order).
        impl PartialOrd for $Name {
            #[inline]
            fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $Name {
            #[inline]
            fn cmp(&self, other: &Self) -> core::cmp::Ordering {
                self.scalar().cmp(&other.scalar())
            }
        }

        impl Default for $Name {
            /// `'\0'`, as `char::default()`.
            fn default() -> Self {
                Self::NUL
            }
        }

        impl From<char> for $Name {
            #[inline]
            fn from(c: char) -> Self {
                Self::new(c)
            }
        }

        impl TryFrom<$Name> for char {
            type Error = CharTryFromError;

            /// Fails if the stored number is not a Unicode scalar value.
            #[inline]
            fn try_from(wire: $Name) -> Result<char, CharTryFromError> {
                char::try_from(wire.scalar())
            }
        }

        impl fmt::Debug for $Name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self.to_char() {
                    Some(c) => write!(f, "{}({c:?})", stringify!($Name)),
                    None => write!(f, "{}(invalid {:#x})", stringify!($Name), self.scalar()),
                }
            }
        }

        /// The character; an invalid scalar value shows as U+FFFD, as lossy decoding does.
        impl fmt::Display for $Name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.to_char().unwrap_or(char::REPLACEMENT_CHARACTER), f)
            }
        }
    };
}

wire_char!(
    /// A `char` on the wire as four big-endian bytes: `'é'` (U+00E9) is `00 00 00 e9`.
    ///
    /// ```
    /// use endian_wire::{read_from_slice, charbe};
    ///
    /// let c = charbe::new('é');
    /// assert_eq!(c.to_bytes(), [0, 0, 0, 0xe9]);
    /// assert_eq!(char::try_from(c), Ok('é'));
    ///
    /// // A surrogate is not a `char`: reading one is an error, not a bad value.
    /// assert_eq!(read_from_slice::<charbe>(&[0, 0, 0xd8, 0]), Err("invalid value"));
    /// ```
    BigEndianChar, charbe, to_be_bytes, from_be_bytes
);
wire_char!(
    /// A `char` on the wire as four little-endian bytes: `'é'` (U+00E9) is `e9 00 00 00`.
    ///
    /// ```
    /// use endian_wire::charle;
    ///
    /// let c = charle::from('é');
    /// assert_eq!(c.to_bytes(), [0xe9, 0, 0, 0]);
    /// assert_eq!(c.to_char(), Some('é'));
    /// ```
    LittleEndianChar, charle, to_le_bytes, from_le_bytes
);

impl From<BigEndianChar> for LittleEndianChar {
    #[inline]
    fn from(c: BigEndianChar) -> Self {
        Self::from_scalar(c.scalar())
    }
}

impl From<LittleEndianChar> for BigEndianChar {
    #[inline]
    fn from(c: LittleEndianChar) -> Self {
        Self::from_scalar(c.scalar())
    }
}
