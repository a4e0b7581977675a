//! Growable UTF-16 and UTF-32 strings in a declared byte order.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Deref;

use super::code_unit::CodeUnit;
use super::{TextError, Utf16Error, Utf32Error};
use crate::wire::{BigEndian, LittleEndian, SpecificEndianOwned};

macro_rules! unit_strings {
    ($enc:literal, $native:ty, $Error:ident, $invalid:expr, $BeOwned:ident, $LeOwned:ident;
     $($Owned:ident $Borrowed:ident $W:ident;)*) => {$(
        #[doc = concat!("A growable ", $enc, " string stored as `", stringify!($W), "` code units (its wire bytes).")]
        #[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $Owned(pub Vec<$W<$native>>);

        #[doc = concat!("A borrowed ", $enc, " string of `", stringify!($W), "` code units.")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(transparent)]
        pub struct $Borrowed<'a>(pub &'a [$W<$native>]);

        impl $Owned {
            /// The code units.
            pub fn as_units(&self) -> &[$W<$native>] {
                &self.0
            }

            /// A borrowed view.
            pub fn as_str_view(&self) -> $Borrowed<'_> {
                $Borrowed(&self.0)
            }
        }

        impl<'a> $Borrowed<'a> {
            /// The code units.
            pub const fn as_units(&self) -> &'a [$W<$native>] {
                self.0
            }

            /// Decodes the text.
            ///
            /// # Errors
            #[doc = concat!("`", stringify!($Error), "` (the position is in [`decode_text`](Self::decode_text)'s error).")]
            pub fn decode(&self) -> Result<String, $Error> {
                self.decode_text().map_err(Into::into)
            }

            /// Decodes the text.
            ///
            /// # Errors
            /// [`TextError`] with the position (and for UTF-32 the value) of the first
            /// invalid code unit.
            pub fn decode_text(&self) -> Result<String, TextError> {
                let mut out = String::with_capacity(self.0.len());
                CodeUnit::decode(self.0, &mut out)
                    .map_err(|position| ($invalid)(self.0, position))?;
                Ok(out)
            }
        }

        impl From<&str> for $Owned {
            fn from(text: &str) -> Self {
                Self(<$W<$native> as CodeUnit>::encode(text).map($W::<$native>::new).collect())
            }
        }

        impl From<Vec<$W<$native>>> for $Owned {
            fn from(units: Vec<$W<$native>>) -> Self {
                Self(units)
            }
        }

        impl<'a> From<&'a [$W<$native>]> for $Borrowed<'a> {
            fn from(units: &'a [$W<$native>]) -> Self {
                Self(units)
            }
        }

        impl AsRef<[$W<$native>]> for $Owned {
            fn as_ref(&self) -> &[$W<$native>] {
                &self.0
            }
        }

        impl AsRef<[$W<$native>]> for $Borrowed<'_> {
            fn as_ref(&self) -> &[$W<$native>] {
                self.0
            }
        }

        impl Deref for $Owned {
            type Target = [$W<$native>];
            fn deref(&self) -> &Self::Target {
                &self.0
            }
        }

        impl Deref for $Borrowed<'_> {
            type Target = [$W<$native>];
            fn deref(&self) -> &Self::Target {
                self.0
            }
        }

        impl IntoIterator for $Owned {
            type Item = $W<$native>;
            type IntoIter = alloc::vec::IntoIter<$W<$native>>;
            fn into_iter(self) -> Self::IntoIter {
                self.0.into_iter()
            }
        }

        impl<'a> IntoIterator for &'a $Owned {
            type Item = &'a $W<$native>;
            type IntoIter = core::slice::Iter<'a, $W<$native>>;
            fn into_iter(self) -> Self::IntoIter {
                self.0.iter()
            }
        }

        impl<'a> IntoIterator for $Borrowed<'a> {
            type Item = &'a $W<$native>;
            type IntoIter = core::slice::Iter<'a, $W<$native>>;
            fn into_iter(self) -> Self::IntoIter {
                self.0.iter()
            }
        }

        impl TryFrom<$Borrowed<'_>> for String {
            type Error = $Error;
            fn try_from(v: $Borrowed<'_>) -> Result<Self, $Error> {
                v.decode()
            }
        }

        impl TryFrom<&$Owned> for String {
            type Error = $Error;
            fn try_from(v: &$Owned) -> Result<Self, $Error> {
                v.as_str_view().decode()
            }
        }

        /// The same text with its code units stored in either order.
        impl SpecificEndianOwned for $Owned {
            type Big = $BeOwned;
            type Little = $LeOwned;
            fn to_big_endian(&self) -> $BeOwned {
                $BeOwned(self.0.iter().map(|u| BigEndian::<$native>::new(u.get())).collect())
            }
            fn to_little_endian(&self) -> $LeOwned {
                $LeOwned(self.0.iter().map(|u| LittleEndian::<$native>::new(u.get())).collect())
            }
            fn from_big_endian(&self) -> $BeOwned {
                self.to_big_endian()
            }
            fn from_little_endian(&self) -> $LeOwned {
                self.to_little_endian()
            }
        }
    )*};
}

unit_strings! {
    "UTF-16", u16, Utf16Error,
    |_: &[_], position| TextError::InvalidUtf16 { position },
    Utf16StringBE, Utf16StringLE;
    Utf16StringBE Utf16StrBE BigEndian;
    Utf16StringLE Utf16StrLE LittleEndian;
}

unit_strings! {
    "UTF-32", u32, Utf32Error,
    |units: &[_], position| TextError::InvalidUtf32 { position, value: CodeUnit::to_native(units[position]) },
    Utf32StringBE, Utf32StringLE;
    Utf32StringBE Utf32StrBE BigEndian;
    Utf32StringLE Utf32StrLE LittleEndian;
}

macro_rules! host_aliases {
    ($($Alias:ident $(<$lt:lifetime>)? = $Le:ident / $Be:ident;)*) => {$(
        #[doc = concat!("[`", stringify!($Le), "`] or [`", stringify!($Be), "`]: the host's byte order.")]
        #[cfg(target_endian = "little")]
        pub type $Alias$(<$lt>)? = $Le$(<$lt>)?;
        #[doc = concat!("[`", stringify!($Le), "`] or [`", stringify!($Be), "`]: the host's byte order.")]
        #[cfg(target_endian = "big")]
        pub type $Alias$(<$lt>)? = $Be$(<$lt>)?;
    )*};
}

host_aliases! {
    Utf16String = Utf16StringLE / Utf16StringBE;
    Utf16Str<'a> = Utf16StrLE / Utf16StrBE;
    Utf32String = Utf32StringLE / Utf32StringBE;
    Utf32Str<'a> = Utf32StrLE / Utf32StrBE;
}
