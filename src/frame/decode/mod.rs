//! Reading framed values back, one file per role: the traits ([`Decode`], [`BorrowDecode`],
//! here), the [`Decoder`] they read through (its limits, nesting depth, preallocation credit
//! and error offsets, `decoder.rs`), integers and varints (`ints.rs`), and the in-place reads
//! of values into the place they end up in (`in_place.rs`).

mod decoder;
mod in_place;
mod ints;

use core::mem::MaybeUninit;

pub use decoder::{Decoder, MAX_NESTING};
pub use in_place::{BorrowInPlace, InPlace, borrow_decode_into_slot, decode_into_slot};

#[cfg(feature = "alloc")]
pub(crate) use in_place::{
    borrow_decode_elements_in_place, decode_vec_generic, decode_vec_into_slot, vec_of_memory,
};

use super::error::DecodeError;
use super::fixed::FixedIn;
use super::read::{BorrowReader, Reader};
use crate::layout::ByteMap;

/// `T::decode_fixed` from an input, as code for [`for_params`](super::config::for_params).
pub(crate) struct ReadFixed<'i, 'b, T>(&'i mut FixedIn<'b>, core::marker::PhantomData<T>);

impl<'i, 'b, T> ReadFixed<'i, 'b, T> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn new(input: &'i mut FixedIn<'b>) -> Self {
        ReadFixed(input, core::marker::PhantomData)
    }
}

impl<T: Decode> super::config::ForParams for ReadFixed<'_, '_, T> {
    type Out = Result<T, DecodeError>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn run<const BIG: bool, const VARINT: bool>(self) -> Self::Out {
        T::decode_fixed::<BIG, VARINT>(self.0)
    }
}

/// A value that can be read back from its framing, owning its data.
pub trait Decode: Sized {
    /// The fewest bytes one value takes on the wire under any configuration (used to refuse a
    /// length prefix that the input cannot hold before allocating). 0 means "can be empty":
    /// a run of such values is then bounded by the limit instead of the input.
    #[doc(hidden)]
    const MIN_SIZE: usize = 0;

    /// Reads one value.
    ///
    /// # Errors
    /// A [`DecodeError`] naming what is wrong and where.
    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError>;

    /// Moves past one value without building it: the boundary pass that lets
    /// `frame::parallel` (feature `rayon`) decode the elements of a run on many cores.
    ///
    /// Wherever [`decode`](Self::decode) succeeds, `skip` succeeds too, ends where it ends
    /// and reads the same length prefixes through [`Decoder::read_len`] (which charges them to
    /// the limit). It may accept bytes that `decode` refuses (a `bool` of 2, text that is not
    /// UTF-8): the decode that follows checks them. The default moves past a static size at
    /// once and otherwise decodes the value and drops it; collections, text and derived types
    /// override it to read only their lengths and tags.
    ///
    /// # Errors
    /// A [`DecodeError`] where the input ends or its structure is refused.
    #[inline]
    fn skip<R: Reader>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
        match d.static_size::<Self>() {
            Some(size) => d.skip_bytes(size),
            None => Self::decode(d).map(drop),
        }
    }

    /// Reads `len` values into a new `Vec` (the length is already checked against the input
    /// and the limit). Types with a bulk path override it; every override allocates either
    /// exactly the input bytes it consumes, or through [`Decoder::capacity_for`], so a length
    /// the input does not vouch for grows the `Vec` as values arrive.
    #[doc(hidden)]
    #[cfg(feature = "alloc")]
    #[inline]
    fn decode_vec<R: Reader>(
        len: usize,
        d: &mut Decoder<R>,
    ) -> Result<alloc::vec::Vec<Self>, DecodeError> {
        let mut slot = MaybeUninit::uninit();
        Self::decode_vec_in_place(len, d, &mut slot)?;
        // SAFETY: `decode_vec_in_place` returned `Ok`, so the slot holds the vector.
        Ok(unsafe { slot.assume_init() })
    }

    /// [`decode_vec`](Self::decode_vec) into `slot` (left as it was on an error), the vector
    /// built where it ends up. Returned by value instead, the vector leaves the run's
    /// `Result<Option<Vec<_>>, _>` in pieces cut at the error's field offsets, and the caller's
    /// 8-byte loads of its header wait on those stores (measured: a `Vec` of 400 `Vec<[u8;
    /// 32]>` of three keys, 12.3 us, where wincode takes 2.2). Types with a bulk path of their
    /// own override it the same way, each path writing the slot.
    #[doc(hidden)]
    #[cfg(feature = "alloc")]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_vec_in_place<R: Reader>(
        len: usize,
        d: &mut Decoder<R>,
        slot: &mut MaybeUninit<alloc::vec::Vec<Self>>,
    ) -> Result<(), DecodeError> {
        decode_vec_generic(len, d, slot)
    }

    /// `Some` when this type's [`decode_in_place`](Self::decode_in_place) (and
    /// [`decode_fixed_array_in_place`](Self::decode_fixed_array_in_place)) is to be used: the
    /// derive's structs, `Vec`, arrays and bytes. Only then does the crate hand them
    /// uninitialized memory (see [`InPlace`]); otherwise it reads by value and writes the slot.
    #[doc(hidden)]
    const DECODES_IN_PLACE: Option<InPlace<Self>> = None;

    /// Reads one value into `slot`, which holds nothing to drop: on `Ok` the value is there,
    /// on an error `slot` holds nothing again (whatever was read is dropped). The derive
    /// overrides it for structs so that their fields are read straight into the place the
    /// struct ends up in (an element of a `Vec`, a field of an enclosing struct): built in a
    /// temporary and copied there, a struct written by narrow stores is copied with wide
    /// loads that wait for the stores to drain (measured: 11% of a Solana-like block's decode
    /// on one such copy). Called only through `decode_into_slot`, for types whose
    /// [`DECODES_IN_PLACE`](Self::DECODES_IN_PLACE) is `Some`.
    ///
    /// # Errors
    /// As [`decode`](Self::decode).
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_in_place<R: Reader>(
        d: &mut Decoder<R>,
        slot: &mut MaybeUninit<Self>,
    ) -> Result<(), DecodeError> {
        slot.write(Self::decode(d)?);
        Ok(())
    }

    /// Reads an array of `N` values. Types with a bulk path override it.
    #[doc(hidden)]
    #[inline]
    fn decode_array<R: Reader, const N: usize>(
        d: &mut Decoder<R>,
    ) -> Result<[Self; N], DecodeError> {
        crate::array::try_from_fn(|_| Self::decode(d))
    }

    /// Reads `out.len()` values in place (arrays). Types with a bulk path override it.
    #[doc(hidden)]
    #[inline]
    fn decode_into<R: Reader>(out: &mut [Self], d: &mut Decoder<R>) -> Result<(), DecodeError> {
        for slot in out {
            *slot = Self::decode(d)?;
        }
        Ok(())
    }

    /// As [`Encode::BYTE_MAP`](super::Encode::BYTE_MAP); a run of such values is decoded by
    /// one byte permutation per value when every byte pattern is a valid value.
    #[doc(hidden)]
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] = [None, None];

    /// As [`Encode::FIXED_SIZE`](super::Encode::FIXED_SIZE): the bytes every value takes
    /// under fixed-int, if the same for all. Such a value is read after one length check by
    /// [`decode_fixed`](Self::decode_fixed).
    #[doc(hidden)]
    const FIXED_SIZE: Option<usize> = None;

    /// As [`Encode::VARINT_SIZE`](super::Encode::VARINT_SIZE): the bytes every value takes
    /// under varint, if the same for all; such a value is read after one length check under
    /// `standard()` too.
    #[doc(hidden)]
    const VARINT_SIZE: Option<usize> = None;

    /// Reads exactly `FIXED_SIZE` bytes under fixed-int (`VARINT_SIZE` under varint if
    /// `VARINT`), native numbers big-endian if `BIG`; fails only on invalid content (`bool`,
    /// `NonZero`, tags). Called only for a type whose static size under that encoding is
    /// `Some`, which must implement it.
    ///
    /// # Errors
    /// A [`DecodeError`] at the offset of the invalid value.
    #[doc(hidden)]
    #[inline]
    fn decode_fixed<const BIG: bool, const VARINT: bool>(
        input: &mut FixedIn<'_>,
    ) -> Result<Self, DecodeError> {
        let _ = input;
        unreachable!("a type with a FIXED_SIZE implements decode_fixed");
    }

    /// [`decode_fixed`](Self::decode_fixed) for an array (bytes override it with one copy).
    ///
    /// # Errors
    /// As [`decode_fixed`](Self::decode_fixed).
    #[doc(hidden)]
    #[inline]
    fn decode_fixed_array<const BIG: bool, const VARINT: bool, const N: usize>(
        input: &mut FixedIn<'_>,
    ) -> Result<[Self; N], DecodeError> {
        crate::array::try_from_fn(|_| Self::decode_fixed::<BIG, VARINT>(input))
    }

    /// [`decode_fixed_array`](Self::decode_fixed_array) into `slot`, as
    /// [`decode_in_place`](Self::decode_in_place) (and trusted on the same condition). Bytes
    /// override it to copy straight into the slot: a `Result<[u8; N], _>` temporary is written
    /// piecewise and read back with wider loads (measured on a Solana-like block's hashes).
    ///
    /// # Errors
    /// As [`decode_fixed`](Self::decode_fixed).
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_fixed_array_in_place<const BIG: bool, const VARINT: bool, const N: usize>(
        input: &mut FixedIn<'_>,
        slot: &mut MaybeUninit<[Self; N]>,
    ) -> Result<(), DecodeError> {
        slot.write(Self::decode_fixed_array::<BIG, VARINT, N>(input)?);
        Ok(())
    }
}

/// A value that can be read back borrowing from the input (`&str`, `&[u8]`, `&[u32be]`), and
/// every [`Decode`] type of this crate (containers borrow when their elements do).
pub trait BorrowDecode<'de>: Sized {
    /// As [`Decode::MIN_SIZE`]; equal to it for types that implement both, so that both
    /// accept and refuse the same length prefixes.
    #[doc(hidden)]
    const MIN_SIZE: usize = 0;

    /// Reads one value.
    ///
    /// # Errors
    /// As [`Decode::decode`], and an error for a view that the input cannot give (misaligned,
    /// or under varint for wide elements).
    fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError>;

    /// `Some` when [`borrow_decode_in_place`](Self::borrow_decode_in_place) is to be used (the
    /// derive's borrowing structs): as [`Decode::DECODES_IN_PLACE`], with a promise of its own
    /// ([`BorrowInPlace`]).
    #[doc(hidden)]
    const BORROW_DECODES_IN_PLACE: Option<BorrowInPlace<Self>> = None;

    /// Reads one value into `slot`, which holds nothing to drop, as
    /// [`Decode::decode_in_place`] does for the owned decode: the derive reads a borrowing
    /// struct's fields straight into the element of the `Vec` it ends up in. Called only
    /// through `borrow_decode_into_slot`, for types whose
    /// [`BORROW_DECODES_IN_PLACE`](Self::BORROW_DECODES_IN_PLACE) is `Some`.
    ///
    /// # Errors
    /// As [`borrow_decode`](Self::borrow_decode).
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn borrow_decode_in_place<R: BorrowReader<'de>>(
        d: &mut Decoder<R>,
        slot: &mut MaybeUninit<Self>,
    ) -> Result<(), DecodeError> {
        slot.write(Self::borrow_decode(d)?);
        Ok(())
    }

    /// [`Decode::skip`] for the borrowed decode (the boundary pass of
    /// `frame::parallel::borrow_decode_from_slice`),
    /// under the same contract. The default borrow-decodes the value and drops it.
    ///
    /// # Errors
    /// As [`Decode::skip`].
    #[inline]
    fn borrow_skip<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
        Self::borrow_decode(d).map(drop)
    }
}

/// `BorrowDecode` for types that own their data: the same as `Decode`.
macro_rules! borrow_via_decode {
    ($($t:ty),* $(,)?) => {$(
        impl<'de> $crate::frame::BorrowDecode<'de> for $t {
            const MIN_SIZE: usize = <$t as $crate::frame::Decode>::MIN_SIZE;

            #[inline]
            fn borrow_decode<R: $crate::frame::BorrowReader<'de>>(
                d: &mut $crate::frame::Decoder<R>,
            ) -> Result<Self, $crate::frame::DecodeError> {
                <$t as $crate::frame::Decode>::decode(d)
            }

            #[inline]
            fn borrow_skip<R: $crate::frame::BorrowReader<'de>>(
                d: &mut $crate::frame::Decoder<R>,
            ) -> Result<(), $crate::frame::DecodeError> {
                <$t as $crate::frame::Decode>::skip(d)
            }
        }
    )*};
}
pub(crate) use borrow_via_decode;
