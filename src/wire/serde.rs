//! serde integration (feature `serde`): `Serialize` / `Deserialize` for the wrappers (as their
//! native values), wire chars (as `char`) and fixed text types (as strings), so bincode 1.3,
//! bincode 2's serde path and other serde formats see the logical values.
//!
//! serde formats choose byte order themselves, so a `BigEndian<u32>` serializes as a `u32` in
//! the format's order: byte-identical with the logical type under every configuration, and
//! with the wrapper's own framing under a configuration of the wrapper's order.

use ::serde::de::{Deserialize, Deserializer};
use ::serde::ser::{Error as _, Serialize, Serializer};

use crate::wire::{BigEndian, BigEndianChar, LittleEndian, LittleEndianChar, SpecificEndian};

macro_rules! wrappers {
    ($($W:ident),*) => {$(
        impl<T: SpecificEndian<T> + Serialize> Serialize for $W<T> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                self.to_native().serialize(serializer)
            }
        }

        impl<'de, T: SpecificEndian<T> + Deserialize<'de>> Deserialize<'de> for $W<T> {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                T::deserialize(deserializer).map(Self::from_native)
            }
        }
    )*};
}
wrappers!(BigEndian, LittleEndian);

macro_rules! chars {
    ($($W:ident),*) => {$(
        impl Serialize for $W {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                match self.to_char() {
                    Some(c) => c.serialize(serializer),
                    None => Err(S::Error::custom(concat!(
                        stringify!($W),
                        " holds a number that is not a Unicode scalar value"
                    ))),
                }
            }
        }

        impl<'de> Deserialize<'de> for $W {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                char::deserialize(deserializer).map(Self::new)
            }
        }
    )*};
}
chars!(BigEndianChar, LittleEndianChar);

#[cfg(feature = "alloc")]
mod text {
    use alloc::string::String;

    use ::serde::de::Error as _;

    use super::*;

    macro_rules! text {
        ($($T:ident),*) => {$(
            impl<const N: usize> Serialize for crate::text::$T<N> {
                fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                    let text = String::try_from(self).map_err(S::Error::custom)?;
                    serializer.serialize_str(&text)
                }
            }

            impl<'de, const N: usize> Deserialize<'de> for crate::text::$T<N> {
                fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                    let text = String::deserialize(deserializer)?;
                    Self::try_from(text.as_str()).map_err(D::Error::custom)
                }
            }
        )*};
    }
    crate::text::for_string_fields!(text);
}
