//! Formatting: every trait formats the native value, honouring width, fill, alignment, sign,
//! `#` and precision exactly as `T` does.

use core::fmt::{self, Binary, Debug, Display, LowerExp, LowerHex, Octal, UpperExp, UpperHex};

use super::{BigEndian, LittleEndian, SpecificEndian};

macro_rules! delegate_fmt {
    ($W:ident; $($Trait:ident),*) => {$(
        impl<T: SpecificEndian<T> + $Trait> $Trait for $W<T> {
            #[inline]
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                $Trait::fmt(&self.to_native(), f)
            }
        }
    )*};
}

macro_rules! fmt_for {
    ($W:ident, $to:ident, $from:ident) => {
        delegate_fmt!($W; Debug, Display, LowerHex, UpperHex, Octal, Binary, LowerExp, UpperExp);
    };
}
super::for_both_wrappers!(fmt_for);
