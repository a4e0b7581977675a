//! serde integration (feature `serde`): the fixed text types that hold a `String`'s text
//! serialize as strings, so serde formats see the logical text, not the code units.

use alloc::string::String;

use ::serde::de::{Deserialize, Deserializer, Error as _};
use ::serde::ser::{Error as _, Serialize, Serializer};

macro_rules! text {
    ($($T:ident),*) => {$(
        impl<const N: usize> Serialize for super::$T<N> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let text = String::try_from(self).map_err(S::Error::custom)?;
                serializer.serialize_str(&text)
            }
        }

        impl<'de, const N: usize> Deserialize<'de> for super::$T<N> {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = String::deserialize(deserializer)?;
                Self::try_from(text.as_str()).map_err(D::Error::custom)
            }
        }
    )*};
}
super::for_string_fields!(text);
