//! serde integration (feature `serde`): `Serialize` / `Deserialize` for the wrappers (as their
//! native values) and wire chars (as `char`), so bincode 1.3, bincode 2's serde path and other
//! serde formats see the logical values (the text types' impls are in `text/serde.rs`).
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
