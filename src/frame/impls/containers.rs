//! Containers: arrays, tuples, references, slices, `Option`, `Result`, and with `alloc`
//! `Vec` and `Box`.

use crate::frame::config::{ForParams, for_params};
#[cfg(feature = "alloc")]
use crate::frame::decode::decode_vec_into_slot;
use crate::frame::decode::{BorrowDecode, Decode, Decoder, InPlace};
use crate::frame::encode::{Encode, Encoder};
use crate::frame::error::{DecodeError, DecodeErrorKind, EncodeError};
use crate::frame::fixed::{FixedIn, FixedOut, sum_sizes, times};
#[cfg(feature = "alloc")]
use crate::frame::len::skip_items;
use crate::frame::read::{BorrowReader, Reader};
use crate::frame::write::Writer;
use crate::layout::{ByteMap, copies};
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

    #[inline]
    fn skip<R: Reader>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
        if let Some(size) = d.static_size::<Self>() {
            return d.skip_bytes(size);
        }
        for _ in 0..N {
            T::skip(d)?;
        }
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

            #[inline]
            fn skip<R: Reader>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
                if let Some(size) = d.static_size::<Self>() {
                    return d.skip_bytes(size);
                }
                $($T::skip(d)?;)+
                Ok(())
            }
        }

        impl<'de, $($T: BorrowDecode<'de>),+> BorrowDecode<'de> for ($($T,)+) {
            const MIN_SIZE: usize = 0 $(+ $T::MIN_SIZE)+;

            #[inline]
            fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                Ok(($($T::borrow_decode(d)?,)+))
            }

            #[inline]
            fn borrow_skip<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
                $($T::borrow_skip(d)?;)+
                Ok(())
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

/// Runs borrowed from the input: `&[u8]`, byte arrays (signatures, keys), wrappers (`&[u32be]`)
/// and derived wire records of them (`&[TradeWire]`), every type whose framing is its memory
/// on every host and in either configured order (its `BYTE_MAP` is the identity in both), so
/// the run's bytes in the input are the slice. Such a type is framed the same under varint
/// only when it has no integer wider than a byte (bytes, floats): other runs under varint are
/// `Unborrowable` (decode into a `Vec`). The input may be at any address: a type aligned to
/// more than one byte (a record with a `u64be`) whose run is not at such an address in memory
/// is `Unborrowable` too; wire types declared `#[wire_repr(C, packed)]` have no alignment.
/// A run of a type framed in a host's or a configuration's order does not build (the check is
/// made when the decode is compiled, so `cargo check` does not see it):
///
/// ```compile_fail,E0080
/// use endian_wire::frame::{self, Config};
/// let bytes = [1, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0];
/// // A native `u32` is framed in the configuration's order: decode a `Vec<u32>`.
/// let _ = frame::borrow_decode_from_slice::<&[u32]>(&bytes, Config::legacy());
/// ```
///
/// while its wrapper, framed in its own order, is lent:
///
/// ```
/// # #[cfg(feature = "alloc")] {
/// use endian_wire::frame::{self, Config};
/// use endian_wire::u32le;
/// let bytes = frame::encode_to_vec(&[u32le::new(7), u32le::new(9)][..], Config::legacy()).unwrap();
/// // The run starts 8 bytes into the `Vec`'s allocation, aligned for a `u32le`.
/// let (run, _) = frame::borrow_decode_from_slice::<&[u32le]>(&bytes, Config::legacy()).unwrap();
/// assert_eq!(run, [u32le::new(7), u32le::new(9)]);
/// # }
/// ```
impl<'de, T> BorrowDecode<'de> for &'de [T]
where
    T: Decode + zerocopy::FromBytes + zerocopy::Immutable,
{
    const MIN_SIZE: usize = 1;

    #[inline]
    fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        const {
            assert!(
                size_of::<T>() == 0 || memory_in_every_order::<T>(),
                "a borrowed run `&[T]` needs a `T` framed as its memory on every host and in \
                 either order (bytes, byte arrays, `BigEndian`/`LittleEndian` wrappers, derived \
                 wire records of them); decode other runs into a `Vec`"
            )
        };
        let start = d.offset();
        if !d.is_fixed_int() && T::VARINT_SIZE != T::FIXED_SIZE {
            return Err(d.error_at(
                start,
                DecodeErrorKind::Unborrowable(
                    "varint elements are not their memory image; decode into a Vec",
                ),
            ));
        }
        let size = size_of::<T>();
        let len = d.read_borrowed_len(size)?;
        if size == 0 {
            if len == 0 {
                return Ok(&[]);
            }
            return Err(d.error_at(
                start,
                DecodeErrorKind::Unborrowable("elements of no bytes; decode into a Vec"),
            ));
        }
        // `read_borrowed_len` checked `len * size` against the bytes left where the reader
        // knows them; a product past `usize` is more than any input holds.
        let run = d.offset();
        let bytes = match len.checked_mul(size) {
            Some(total) => d.borrow_bytes(total)?,
            None => d.borrow_bytes(usize::MAX)?,
        };
        <[T] as zerocopy::FromBytes>::ref_from_bytes_with_elems(bytes, len).map_err(|_| {
            d.error_at(
                run,
                DecodeErrorKind::Unborrowable(
                    "the elements are not aligned in the input; decode into a Vec",
                ),
            )
        })
    }
}

/// Whether `T`'s fixed-int framing is its memory in both orders (and so on every host).
const fn memory_in_every_order<T: Decode>() -> bool {
    copies(T::BYTE_MAP[0], size_of::<T>(), T::FIXED_SIZE)
        && copies(T::BYTE_MAP[1], size_of::<T>(), T::FIXED_SIZE)
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

    #[inline]
    fn skip<R: Reader>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
        let start = d.offset();
        match d.read_array::<1>()?[0] {
            0 => Ok(()),
            1 => T::skip(d),
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

    #[inline]
    fn borrow_skip<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
        let start = d.offset();
        match d.read_array::<1>()?[0] {
            0 => Ok(()),
            1 => T::borrow_skip(d),
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

    #[inline]
    fn skip<R: Reader>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
        let start = d.offset();
        match d.read_variant()? {
            0 => T::skip(d),
            1 => E::skip(d),
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

    #[inline]
    fn borrow_skip<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
        let start = d.offset();
        match d.read_variant()? {
            0 => T::borrow_skip(d),
            1 => E::borrow_skip(d),
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

        #[inline]
        fn skip<R: Reader>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
            // Nested exactly as `decode` nests, so that both refuse the same depths.
            if T::FIXED_SIZE.is_some() {
                let len = d.read_len(T::MIN_SIZE, size_of::<T>())?;
                return skip_items::<T, R>(len, d);
            }
            d.nested_run(T::MIN_SIZE, size_of::<T>(), skip_items::<T, R>)
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
                // Each element read where it ends up (a borrowing struct's fields straight into
                // it), not built on the stack and copied.
                crate::frame::decode::borrow_decode_elements_in_place(len, d, &mut out)?;
                Ok(out)
            })
        }

        #[inline]
        fn borrow_skip<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
            d.nested_run(T::MIN_SIZE, size_of::<T>(), |len, d| {
                for _ in 0..len {
                    T::borrow_skip(d)?;
                }
                Ok(())
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

        #[inline]
        fn skip<R: Reader>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
            d.nested(T::skip)
        }
    }

    impl<T: Decode> Decode for Box<[T]> {
        const MIN_SIZE: usize = 1;

        #[inline]
        fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            Vec::<T>::decode(d).map(Vec::into_boxed_slice)
        }

        #[inline]
        fn skip<R: Reader>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
            Vec::<T>::skip(d)
        }
    }

    impl<'de, T: BorrowDecode<'de>> BorrowDecode<'de> for Box<T> {
        const MIN_SIZE: usize = T::MIN_SIZE;

        #[inline]
        fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            d.nested(|d| T::borrow_decode(d).map(Box::new))
        }

        #[inline]
        fn borrow_skip<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
            d.nested(T::borrow_skip)
        }
    }

    impl<'de, T: BorrowDecode<'de>> BorrowDecode<'de> for Box<[T]> {
        const MIN_SIZE: usize = 1;

        #[inline]
        fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            Vec::<T>::borrow_decode(d).map(Vec::into_boxed_slice)
        }

        #[inline]
        fn borrow_skip<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
            Vec::<T>::borrow_skip(d)
        }
    }
}
