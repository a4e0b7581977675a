//! [`CodeUnit`]: what the UTF-16 and UTF-32 text types need of their unit type.

use alloc::string::String;

use crate::wire::{BigEndian, LittleEndian, SpecificEndian};

mod sealed {
    pub trait Sealed {}
}

/// A UTF-16 or UTF-32 code unit in a declared byte order: `BigEndian<u16>`,
/// `LittleEndian<u16>`, `BigEndian<u32>` or `LittleEndian<u32>`.
///
/// Sealed: the text types rely on exactly these four.
pub trait CodeUnit: Copy + Eq + sealed::Sealed + 'static {
    /// The native unit, `u16` or `u32`.
    type Native: SpecificEndian<Self::Native> + Eq + Into<u32>;
    /// The unit of a NUL pad.
    const NUL: Self::Native;
    /// The unit of a space pad.
    const SPACE: Self::Native;

    /// Converts a native unit into this order.
    fn from_native(unit: Self::Native) -> Self;
    /// The native unit.
    fn to_native(self) -> Self::Native;
    /// The stored bits, as they are.
    fn to_raw(self) -> Self::Native;
    /// Wraps stored bits, as they are.
    fn from_raw(raw: Self::Native) -> Self;
    /// Encodes `text` into native units.
    fn encode(text: &str) -> impl Iterator<Item = Self::Native> + '_;
    /// Decodes units into `out`; on error returns the index of the first bad unit.
    fn decode(units: &[Self], out: &mut String) -> Result<(), usize>;
}

macro_rules! code_unit {
    ($W:ident, $native:ty, $encode:expr, $decode:expr) => {
        impl sealed::Sealed for $W<$native> {}

        impl CodeUnit for $W<$native> {
            type Native = $native;
            const NUL: $native = 0;
            const SPACE: $native = 0x20;

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_native(unit: $native) -> Self {
                Self::new(unit)
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn to_native(self) -> $native {
                self.get()
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn to_raw(self) -> $native {
                self.to_bits()
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_raw(raw: $native) -> Self {
                Self::from_bits(raw)
            }
            #[inline]
            fn encode(text: &str) -> impl Iterator<Item = $native> + '_ {
                $encode(text)
            }
            #[inline]
            fn decode(units: &[Self], out: &mut String) -> Result<(), usize> {
                $decode(units.iter().map(|u| u.get()), out)
            }
        }
    };
}

fn encode_utf16(text: &str) -> impl Iterator<Item = u16> + '_ {
    text.encode_utf16()
}

fn encode_utf32(text: &str) -> impl Iterator<Item = u32> + '_ {
    text.chars().map(u32::from)
}

/// Decodes UTF-16; the error is the index of the first unit of the bad sequence.
fn decode_utf16(units: impl Iterator<Item = u16>, out: &mut String) -> Result<(), usize> {
    let mut index = 0;
    for decoded in char::decode_utf16(units) {
        match decoded {
            Ok(c) => {
                out.push(c);
                index += c.len_utf16();
            }
            Err(_) => return Err(index),
        }
    }
    Ok(())
}

/// Decodes UTF-32; the error is the index of the first unit that is not a scalar value.
fn decode_utf32(units: impl Iterator<Item = u32>, out: &mut String) -> Result<(), usize> {
    for (index, unit) in units.enumerate() {
        out.push(char::from_u32(unit).ok_or(index)?);
    }
    Ok(())
}

code_unit!(BigEndian, u16, encode_utf16, decode_utf16);
code_unit!(LittleEndian, u16, encode_utf16, decode_utf16);
code_unit!(BigEndian, u32, encode_utf32, decode_utf32);
code_unit!(LittleEndian, u32, encode_utf32, decode_utf32);
