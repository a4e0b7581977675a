//! [`Encode`] / [`Decode`] for the standard types and the wrappers, by kind: numbers (native,
//! `NonZero`, `bool`, unit), wrappers, text (`char`, strings, wire chars, fixed text) and
//! containers (arrays, tuples, slices, `Option`, `Result`, `Vec`, `Box`).
//!
//! Native integers follow the configuration's byte order; a wrapper follows its own. Fixed-int
//! or varint always comes from the configuration. Slices, `Vec`s and arrays of bytes, of
//! native numbers and of wrappers move in one copy or one bulk conversion under fixed-int.

mod containers;
mod numbers;
mod text;
mod wrappers;

#[cfg(feature = "alloc")]
use crate::frame::{decode::Decoder, error::DecodeError, read::Reader};

/// A `Vec` of `len` copies of `zero` overwritten by `fill`: in one piece when the decoder's
/// preallocation credit covers it, else in pieces that double as the input delivers them, so
/// a length the input does not hold never allocates more than the input gave.
#[cfg(feature = "alloc")]
#[inline]
fn fill_vec<T: Copy, R: Reader>(
    len: usize,
    d: &mut Decoder<R>,
    zero: T,
    mut fill: impl FnMut(&mut [T], &mut Decoder<R>) -> Result<(), DecodeError>,
) -> Result<alloc::vec::Vec<T>, DecodeError> {
    let first = d.capacity_for(len, size_of::<T>());
    let mut out = alloc::vec![zero; first];
    fill(&mut out, d)?;
    while out.len() < len {
        let start = out.len();
        out.resize(start + (len - start).min(start.max(1)), zero);
        fill(&mut out[start..], d)?;
    }
    Ok(out)
}

/// [`fill_vec`] out of line, for the slow path beside an inlined fast one (input not in
/// memory, or shorter than the run). The vector comes back through a slot read on this path
/// only: returned by value, both paths' vectors would share one stack slot, filled by the fast
/// path's 8-byte stores and copied out with a 16-byte load that waits for them to drain.
#[cfg(feature = "alloc")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn fill_vec_out_of_line<T: Copy, R: Reader>(
    len: usize,
    d: &mut Decoder<R>,
    zero: T,
    fill: impl FnMut(&mut [T], &mut Decoder<R>) -> Result<(), DecodeError>,
) -> Result<alloc::vec::Vec<T>, DecodeError> {
    let mut slot = core::mem::MaybeUninit::uninit();
    d.out_of_line(|d| {
        slot.write(fill_vec(len, d, zero, fill)?);
        Ok::<(), DecodeError>(())
    })?;
    // SAFETY: `out_of_line` returned `Ok`, so its closure wrote the slot.
    Ok(unsafe { slot.assume_init() })
}

/// The static-size items (`FIXED_SIZE` and `encode_fixed` / `decode_fixed`) of a native
/// number (its bytes in the order asked for) or a wrapper (its memory bytes, already in its
/// own order), for the impls below.
macro_rules! fixed_items {
    (native encode $t:ty) => {
        const FIXED_SIZE: Option<usize> = Some(size_of::<$t>());
        // SAFETY: `Self` is the number `$t`, framed in the order asked for.
        const BYTE_MAP: [Option<ByteMap<Self>>; 2] = unsafe {
            [
                ByteMap::number(size_of::<$t>(), false),
                ByteMap::number(size_of::<$t>(), true),
            ]
        };

        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn encode_fixed<const BIG: bool, const VARINT: bool>(&self, out: &mut FixedOut<'_>) {
            out.put(if BIG {
                self.to_be_bytes()
            } else {
                self.to_le_bytes()
            });
        }
    };
    (native decode $t:ty) => {
        const FIXED_SIZE: Option<usize> = Some(size_of::<$t>());
        // SAFETY: `Self` is the number `$t`, framed in the order asked for.
        const BYTE_MAP: [Option<ByteMap<Self>>; 2] = unsafe {
            [
                ByteMap::number(size_of::<$t>(), false),
                ByteMap::number(size_of::<$t>(), true),
            ]
        };

        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn decode_fixed<const BIG: bool, const VARINT: bool>(
            input: &mut FixedIn<'_>,
        ) -> Result<Self, DecodeError> {
            let bytes = input.take::<{ size_of::<$t>() }>();
            Ok(if BIG {
                <$t>::from_be_bytes(bytes)
            } else {
                <$t>::from_le_bytes(bytes)
            })
        }
    };
    (wrapper encode $t:ty) => {
        const FIXED_SIZE: Option<usize> = Some(size_of::<$t>());
        // SAFETY: a wrapper's memory is its wire image (valid as any pattern), whatever the
        // configuration's order.
        const BYTE_MAP: [Option<ByteMap<Self>>; 2] = unsafe {
            [
                ByteMap::identity(size_of::<$t>()),
                ByteMap::identity(size_of::<$t>()),
            ]
        };

        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn encode_fixed<const BIG: bool, const VARINT: bool>(&self, out: &mut FixedOut<'_>) {
            out.put_slice(self.as_bytes());
        }

        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn encode_fixed_slice<const BIG: bool, const VARINT: bool>(
            items: &[Self],
            out: &mut FixedOut<'_>,
        ) {
            out.put_slice(items.as_bytes());
        }
    };
    (wrapper decode $t:ty) => {
        const FIXED_SIZE: Option<usize> = Some(size_of::<$t>());
        // SAFETY: a wrapper's memory is its wire image (valid as any pattern), whatever the
        // configuration's order.
        const BYTE_MAP: [Option<ByteMap<Self>>; 2] = unsafe {
            [
                ByteMap::identity(size_of::<$t>()),
                ByteMap::identity(size_of::<$t>()),
            ]
        };

        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn decode_fixed<const BIG: bool, const VARINT: bool>(
            input: &mut FixedIn<'_>,
        ) -> Result<Self, DecodeError> {
            Ok(Self::from_bytes(input.take::<{ size_of::<$t>() }>()))
        }
    };
}
use fixed_items;
