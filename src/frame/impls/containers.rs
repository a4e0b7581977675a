//! Containers: arrays, tuples, references, slices, `Option`, `Result`, and with `alloc`
//! `Vec` and `Box`.

use crate::frame::config::{ForParams, for_params};
#[cfg(feature = "alloc")]
use crate::frame::decode::decode_vec_into_slot;
use crate::frame::decode::{BorrowDecode, Decode, Decoder, InPlace};
use crate::frame::encode::{Encode, Encoder};
use crate::frame::error::{DecodeError, DecodeErrorKind, EncodeError};
use crate::frame::fixed::{FixedIn, FixedOut, sum_sizes, times};
use crate::frame::read::{BorrowReader, Reader};
use crate::frame::write::Writer;
use crate::layout::ByteMap;
use crate::wire::Endian;

// ----- arrays and tuples -----------------------------------------------------------------

impl<T: Encode, const N: usize> Encode for [T; N] {
    const FIXED_SIZE: Option<usize> = times(T::FIXED_SIZE, N);
    const VARINT_SIZE: Option<usize> = times(T::VARINT_SIZE, N);
    // SAFETY: `Self` is `[T; N]`, its elements `size_of::<T>()` apart, framed in order.
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] = unsafe {
        [
            ByteMap::repeat(<T as Encode>::BYTE_MAP[0], N, size_of::<T>()),
            ByteMap::repeat(<T as Encode>::BYTE_MAP[1], N, size_of::<T>()),
        ]
    };

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn encode_fixed<const BIG: bool, const VARINT: bool>(&self, out: &mut FixedOut<'_>) {
        T::encode_fixed_slice::<BIG, VARINT>(self, out);
    }

    // Arrays have no length prefix, so a run of them frames as the run of their elements: a
    // `Vec<[u8; 64]>` is one copy, not one per array.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn encode_fixed_slice<const BIG: bool, const VARINT: bool>(
        items: &[Self],
        out: &mut FixedOut<'_>,
    ) {
        T::encode_fixed_slice::<BIG, VARINT>(items.as_flattened(), out);
    }

    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        T::encode_slice(self, e)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn encode_slice<W: Writer>(items: &[Self], e: &mut Encoder<W>) -> Result<(), EncodeError> {
        T::encode_slice(items.as_flattened(), e)
    }
}

impl<T: Decode, const N: usize> Decode for [T; N] {
    const MIN_SIZE: usize = T::MIN_SIZE * N;
    const FIXED_SIZE: Option<usize> = times(<T as Decode>::FIXED_SIZE, N);
    const VARINT_SIZE: Option<usize> = times(<T as Decode>::VARINT_SIZE, N);
    // SAFETY: `Self` is `[T; N]`, its elements `size_of::<T>()` apart, framed in order.
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] = unsafe {
        [
            ByteMap::repeat(<T as Decode>::BYTE_MAP[0], N, size_of::<T>()),
            ByteMap::repeat(<T as Decode>::BYTE_MAP[1], N, size_of::<T>()),
        ]
    };

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_fixed<const BIG: bool, const VARINT: bool>(
        input: &mut FixedIn<'_>,
    ) -> Result<Self, DecodeError> {
        T::decode_fixed_array::<BIG, VARINT, N>(input)
    }

    // The one-step read inlines into the enclosing struct's decode (a `[u8; 32]` field is a
    // 32-byte copy, not a call returning through memory); the element-by-element read does not.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        if let Some(value) = d.decode_fixed::<Self>()? {
            return Ok(value);
        }
        d.out_of_line(T::decode_array::<R, N>)
    }

    // SAFETY: `decode_in_place` below writes the slot itself or leaves it to
    // `T::decode_fixed_array_in_place` only when `T` vouches for that in turn.
    const DECODES_IN_PLACE: Option<InPlace<Self>> = Some(unsafe { InPlace::new() });

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_in_place<R: Reader>(
        d: &mut Decoder<R>,
        slot: &mut core::mem::MaybeUninit<Self>,
    ) -> Result<(), DecodeError> {
        if T::DECODES_IN_PLACE.is_some()
            && let Some(size) = d.static_size::<Self>()
        {
            let big = d.endian() == Endian::Big;
            let varint = !d.is_fixed_int();
            struct Fill<'i, 'b, 's, T, const N: usize>(
                &'i mut FixedIn<'b>,
                &'s mut core::mem::MaybeUninit<[T; N]>,
            );
            impl<T: Decode, const N: usize> ForParams for Fill<'_, '_, '_, T, N> {
                type Out = Result<(), DecodeError>;
                #[cfg_attr(debug_assertions, inline)]
                #[cfg_attr(not(debug_assertions), inline(always))]
                fn run<const BIG: bool, const VARINT: bool>(self) -> Self::Out {
                    T::decode_fixed_array_in_place::<BIG, VARINT, N>(self.0, self.1)
                }
            }
            let done = d.read_fixed(size, |input| {
                for_params(big, varint, Fill::<T, N>(input, slot))
            })?;
            if done.is_some() {
                return Ok(());
            }
        }
        slot.write(Self::decode(d)?);
        Ok(())
    }
}

impl<'de, T: BorrowDecode<'de>, const N: usize> BorrowDecode<'de> for [T; N] {
    const MIN_SIZE: usize = T::MIN_SIZE * N;

    #[inline]
    fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        crate::array::try_from_fn(|_| T::borrow_decode(d))
    }
}

macro_rules! tuples {
    ($(($($idx:tt $T:ident),+))*) => {$(
        impl<$($T: Encode),+> Encode for ($($T,)+) {
            const FIXED_SIZE: Option<usize> = sum_sizes(&[$($T::FIXED_SIZE),+]);
            const VARINT_SIZE: Option<usize> = sum_sizes(&[$($T::VARINT_SIZE),+]);
            // SAFETY: each element's map at that element's `offset_of!`, in the order a tuple
            // frames its elements, in the configuration's byte order.
            const BYTE_MAP: [Option<ByteMap<Self>>; 2] = unsafe {
                let (mut le, mut be) = (ByteMap::<Self>::empty(), ByteMap::<Self>::empty());
                $(
                    let at = core::mem::offset_of!(Self, $idx);
                    le = ByteMap::then(le, <$T as Encode>::BYTE_MAP[0], at);
                    be = ByteMap::then(be, <$T as Encode>::BYTE_MAP[1], at);
                )+
                [le, be]
            };

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn encode_fixed<const BIG: bool, const VARINT: bool>(&self, out: &mut FixedOut<'_>) {
                $(self.$idx.encode_fixed::<BIG, VARINT>(out);)+
            }

            #[inline]
            fn encode<Wr: Writer>(&self, e: &mut Encoder<Wr>) -> Result<(), EncodeError> {
                if e.encode_fixed(self)? {
                    return Ok(());
                }
                $(self.$idx.encode(e)?;)+
                Ok(())
            }
        }

        impl<$($T: Decode),+> Decode for ($($T,)+) {
            const MIN_SIZE: usize = 0 $(+ $T::MIN_SIZE)+;
            const FIXED_SIZE: Option<usize> = sum_sizes(&[$(<$T as Decode>::FIXED_SIZE),+]);
            const VARINT_SIZE: Option<usize> = sum_sizes(&[$(<$T as Decode>::VARINT_SIZE),+]);
            // SAFETY: as for `Encode`, from the elements' decoding maps.
            const BYTE_MAP: [Option<ByteMap<Self>>; 2] = unsafe {
                let (mut le, mut be) = (ByteMap::<Self>::empty(), ByteMap::<Self>::empty());
                $(
                    let at = core::mem::offset_of!(Self, $idx);
                    le = ByteMap::then(le, <$T as Decode>::BYTE_MAP[0], at);
                    be = ByteMap::then(be, <$T as Decode>::BYTE_MAP[1], at);
                )+
                [le, be]
            };

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn decode_fixed<const BIG: bool, const VARINT: bool>(input: &mut FixedIn<'_>) -> Result<Self, DecodeError> {
                Ok(($($T::decode_fixed::<BIG, VARINT>(input)?,)+))
            }

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                if let Some(value) = d.decode_fixed::<Self>()? {
                    return Ok(value);
                }
                Ok(($($T::decode(d)?,)+))
            }
        }

        impl<'de, $($T: BorrowDecode<'de>),+> BorrowDecode<'de> for ($($T,)+) {
            const MIN_SIZE: usize = 0 $(+ $T::MIN_SIZE)+;

            #[inline]
            fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                Ok(($($T::borrow_decode(d)?,)+))
            }
        }
    )*};
}
tuples! { (0 A) }
crate::wire::for_tuples!(tuples);

// ----- references, slices, strings -------------------------------------------------------

impl<T: Encode + ?Sized> Encode for &T {
    const FIXED_SIZE: Option<usize> = T::FIXED_SIZE;
    const VARINT_SIZE: Option<usize> = T::VARINT_SIZE;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn encode_fixed<const BIG: bool, const VARINT: bool>(&self, out: &mut FixedOut<'_>) {
        (**self).encode_fixed::<BIG, VARINT>(out);
    }

    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        (**self).encode(e)
    }
}

impl<T: Encode> Encode for [T] {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        e.write_len(self.len())?;
        T::encode_slice(self, e)
    }
}

impl<'de> BorrowDecode<'de> for &'de [u8] {
    const MIN_SIZE: usize = 1;

    #[inline]
    fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let len = d.read_borrowed_len(1)?;
        d.borrow_bytes(len)
    }
}

/// Runs of byte arrays (signatures, keys, hashes) borrowed from the input: an array of bytes
/// is framed as its bytes under every configuration, so a run of them is its own memory image,
/// at any address. The length prefix is checked against the input as `&[u8]`'s is. Arrays of
/// no bytes cannot be lent from it (any count of them would fit): decode those into a `Vec`.
impl<'de, const N: usize> BorrowDecode<'de> for &'de [[u8; N]] {
    const MIN_SIZE: usize = 1;

    #[inline]
    fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let start = d.offset();
        let len = d.read_borrowed_len(N)?;
        if N == 0 {
            if len == 0 {
                return Ok(&[]);
            }
            return Err(d.error_at(
                start,
                DecodeErrorKind::Unborrowable("arrays of no bytes; decode into a Vec"),
            ));
        }
        // `read_borrowed_len` checked `len * N` against the bytes left where the reader knows
        // them; a product past `usize` is more than any input holds.
        let bytes = match len.checked_mul(N) {
            Some(total) => d.borrow_bytes(total)?,
            None => d.borrow_bytes(usize::MAX)?,
        };
        Ok(bytes.as_chunks::<N>().0)
    }
}

// ----- Option, Result --------------------------------------------------------------------

impl<T: Encode> Encode for Option<T> {
    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        match self {
            None => e.write_array([0]),
            Some(v) => {
                e.write_array([1])?;
                v.encode(e)
            }
        }
    }
}

impl<T: Decode> Decode for Option<T> {
    const MIN_SIZE: usize = 1;

    #[inline]
    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let start = d.offset();
        match d.read_array::<1>()?[0] {
            0 => Ok(None),
            1 => T::decode(d).map(Some),
            other => Err(d.error_at(start, DecodeErrorKind::InvalidOptionTag(other))),
        }
    }
}

impl<'de, T: BorrowDecode<'de>> BorrowDecode<'de> for Option<T> {
    const MIN_SIZE: usize = 1;

    #[inline]
    fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let start = d.offset();
        match d.read_array::<1>()?[0] {
            0 => Ok(None),
            1 => T::borrow_decode(d).map(Some),
            other => Err(d.error_at(start, DecodeErrorKind::InvalidOptionTag(other))),
        }
    }
}

impl<T: Encode, E: Encode> Encode for Result<T, E> {
    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        match self {
            Ok(v) => {
                e.write_variant(0)?;
                v.encode(e)
            }
            Err(v) => {
                e.write_variant(1)?;
                v.encode(e)
            }
        }
    }
}

impl<T: Decode, E: Decode> Decode for Result<T, E> {
    const MIN_SIZE: usize = 1;

    #[inline]
    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let start = d.offset();
        match d.read_variant()? {
            0 => T::decode(d).map(Ok),
            1 => E::decode(d).map(Err),
            tag => Err(d.error_at(
                start,
                DecodeErrorKind::UnknownVariant {
                    type_name: "Result",
                    tag: u64::from(tag),
                },
            )),
        }
    }
}

impl<'de, T: BorrowDecode<'de>, E: BorrowDecode<'de>> BorrowDecode<'de> for Result<T, E> {
    const MIN_SIZE: usize = 1;

    #[inline]
    fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let start = d.offset();
        match d.read_variant()? {
            0 => T::borrow_decode(d).map(Ok),
            1 => E::borrow_decode(d).map(Err),
            tag => Err(d.error_at(
                start,
                DecodeErrorKind::UnknownVariant {
                    type_name: "Result",
                    tag: u64::from(tag),
                },
            )),
        }
    }
}

// ----- owned collections (alloc) -----------------------------------------------------------

#[cfg(feature = "alloc")]
mod owned {
    use alloc::boxed::Box;

    use alloc::vec::Vec;

    use super::*;

    impl<T: Encode> Encode for Vec<T> {
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
            self.as_slice().encode(e)
        }
    }

    impl<T: Decode> Decode for Vec<T> {
        const MIN_SIZE: usize = 1;

        // Inlined down to the element reads, so that the new vector's pointer, capacity and
        // length reach the caller in registers: returned through memory and copied out with a
        // 16-byte load right after the 8-byte stores that wrote them, the copy waits for the
        // element bytes' stores to drain (measured on a Solana-like block: 87 -> 75 us).
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            // Static-size elements read no deeper (they hold no `Vec` or `Box`): such a run
            // is a leaf and does not count against the nesting depth.
            if T::FIXED_SIZE.is_some() {
                let len = d.read_len(T::MIN_SIZE, size_of::<T>())?;
                return T::decode_vec(len, d);
            }
            d.nested_run(
                T::MIN_SIZE,
                size_of::<T>(),
                #[cfg_attr(debug_assertions, inline)]
                #[cfg_attr(not(debug_assertions), inline(always))]
                |len, d| T::decode_vec(len, d),
            )
        }

        // SAFETY: `decode_in_place` below fills the slot through `decode_vec_into_slot`, which
        // writes it on `Ok` and leaves nothing in it on an error.
        const DECODES_IN_PLACE: Option<InPlace<Self>> = Some(unsafe { InPlace::new() });

        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn decode_in_place<R: Reader>(
            d: &mut Decoder<R>,
            slot: &mut core::mem::MaybeUninit<Self>,
        ) -> Result<(), DecodeError> {
            // As `decode`: a run of static-size elements is a leaf.
            if T::FIXED_SIZE.is_some() {
                let len = d.read_len(T::MIN_SIZE, size_of::<T>())?;
                return decode_vec_into_slot(len, d, slot);
            }
            d.nested_run(
                T::MIN_SIZE,
                size_of::<T>(),
                #[cfg_attr(debug_assertions, inline)]
                #[cfg_attr(not(debug_assertions), inline(always))]
                |len, d| decode_vec_into_slot(len, d, slot),
            )
        }
    }

    /// Elements that borrow (`Vec<&str>`) decode one by one; the length is checked as for
    /// [`Decode`], so both accept and refuse the same inputs.
    impl<'de, T: BorrowDecode<'de>> BorrowDecode<'de> for Vec<T> {
        const MIN_SIZE: usize = 1;

        #[inline]
        fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            d.nested_run(T::MIN_SIZE, size_of::<T>(), |len, d| {
                let mut out = Vec::with_capacity(d.capacity_for(len, size_of::<T>()));
                for _ in 0..len {
                    out.push(T::borrow_decode(d)?);
                }
                Ok(out)
            })
        }
    }

    impl<T: Encode + ?Sized> Encode for Box<T> {
        #[inline]
        fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
            (**self).encode(e)
        }
    }

    impl<T: Decode> Decode for Box<T> {
        const MIN_SIZE: usize = T::MIN_SIZE;

        #[inline]
        fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            d.nested(|d| T::decode(d).map(Box::new))
        }
    }

    impl<T: Decode> Decode for Box<[T]> {
        const MIN_SIZE: usize = 1;

        #[inline]
        fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            Vec::<T>::decode(d).map(Vec::into_boxed_slice)
        }
    }

    impl<'de, T: BorrowDecode<'de>> BorrowDecode<'de> for Box<T> {
        const MIN_SIZE: usize = T::MIN_SIZE;

        #[inline]
        fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            d.nested(|d| T::borrow_decode(d).map(Box::new))
        }
    }

    impl<'de, T: BorrowDecode<'de>> BorrowDecode<'de> for Box<[T]> {
        const MIN_SIZE: usize = 1;

        #[inline]
        fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            Vec::<T>::borrow_decode(d).map(Vec::into_boxed_slice)
        }
    }
}
