//! Where decoded bytes come from: the [`Reader`] and [`BorrowReader`] traits and their
//! implementations (a slice, a `std::io::Read`).

use super::config::{IntEncoding, IntParam, OrderParam, Static};
use super::error::DecodeErrorKind;
use crate::bulk;
use crate::wire::Endian;

/// A source of bytes to decode.
pub trait Reader {
    /// As [`Writer::INT_ENCODING`](super::Writer::INT_ENCODING): the integer encoding this
    /// reader is known, at compile time, to be read under; `None`: the configuration's.
    #[doc(hidden)]
    const INT_ENCODING: Option<IntEncoding> = None;

    /// As [`Writer::ORDER`](super::Writer::ORDER).
    #[doc(hidden)]
    const ORDER: Option<Endian> = None;

    /// Fills `dst` completely.
    ///
    /// # Errors
    /// [`DecodeErrorKind::UnexpectedEnd`] if the input ends first, or the reader's own error.
    fn read(&mut self, dst: &mut [u8]) -> Result<(), DecodeErrorKind>;

    /// Bytes left, when known (slices). Decoders use it to refuse a length prefix that the
    /// input cannot hold, before allocating.
    fn remaining(&self) -> Option<usize> {
        None
    }

    /// Whether [`remaining`](Self::remaining) is always `Some` and shrinks by exactly what
    /// [`read`](Self::read) and [`consume`](Self::consume) take: the decoder then derives its
    /// offset from it instead of counting. (A method, not a constant, so that `dyn Reader`
    /// stays possible.)
    #[doc(hidden)]
    #[inline]
    fn counts_remaining(&self) -> bool {
        false
    }

    /// The unread input, when the source holds it in memory (slices): lets decoders parse
    /// many values in one pass. After using it, call [`consume`](Self::consume).
    #[doc(hidden)]
    fn peek(&self) -> Option<&[u8]> {
        None
    }

    /// Marks `len` bytes returned by [`peek`](Self::peek) as read.
    #[doc(hidden)]
    fn consume(&mut self, len: usize) {
        let _ = len;
    }

    /// Asks the source whether `bytes` may be allocated for a length prefix just read (a
    /// bincode decoder applies its own limit here). The default allows it; the decoder's
    /// configured limit applies in every case.
    ///
    /// # Errors
    /// The source's refusal.
    fn claim_allocation(&mut self, bytes: usize) -> Result<(), DecodeErrorKind> {
        let _ = bytes;
        Ok(())
    }

    /// The next `len` bytes as a `bytes::Bytes` that shares the input's memory, when the
    /// input is held in one (`Bytes`, a message received into a `BytesMut`); `None`, having
    /// read nothing, otherwise (the caller copies). Only for readers whose
    /// [`counts_remaining`](Self::counts_remaining) is `true`, so that the decoder's offset
    /// follows.
    #[cfg(feature = "bytes")]
    #[doc(hidden)]
    fn read_shared(&mut self, len: usize) -> Option<Result<bytes::Bytes, DecodeErrorKind>> {
        let _ = len;
        None
    }
}

impl<T: Reader + ?Sized> Reader for &mut T {
    const INT_ENCODING: Option<IntEncoding> = T::INT_ENCODING;
    const ORDER: Option<Endian> = T::ORDER;

    #[inline]
    fn counts_remaining(&self) -> bool {
        (**self).counts_remaining()
    }

    #[inline]
    fn read(&mut self, dst: &mut [u8]) -> Result<(), DecodeErrorKind> {
        (**self).read(dst)
    }

    #[inline]
    fn remaining(&self) -> Option<usize> {
        (**self).remaining()
    }

    #[inline]
    fn claim_allocation(&mut self, bytes: usize) -> Result<(), DecodeErrorKind> {
        (**self).claim_allocation(bytes)
    }

    #[inline]
    fn peek(&self) -> Option<&[u8]> {
        (**self).peek()
    }

    #[inline]
    fn consume(&mut self, len: usize) {
        (**self).consume(len);
    }

    #[cfg(feature = "bytes")]
    #[inline]
    fn read_shared(&mut self, len: usize) -> Option<Result<bytes::Bytes, DecodeErrorKind>> {
        (**self).read_shared(len)
    }
}

/// A reader that can lend its bytes for the whole input lifetime `'de` (for zero-copy
/// decoding of `&str`, `&[u8]` and `&[W]`).
pub trait BorrowReader<'de>: Reader {
    /// The next `len` bytes, borrowed from the input.
    ///
    /// # Errors
    /// [`DecodeErrorKind::UnexpectedEnd`] if fewer are left.
    fn borrow(&mut self, len: usize) -> Result<&'de [u8], DecodeErrorKind>;
}

impl<R: Reader, I: IntParam, O: OrderParam> Reader for Static<R, I, O> {
    const ORDER: Option<Endian> = O::ORDER;
    const INT_ENCODING: Option<IntEncoding> = Some(if I::VARINT {
        IntEncoding::Variable
    } else {
        IntEncoding::Fixed
    });

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn read(&mut self, dst: &mut [u8]) -> Result<(), DecodeErrorKind> {
        self.0.read(dst)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn remaining(&self) -> Option<usize> {
        self.0.remaining()
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn counts_remaining(&self) -> bool {
        self.0.counts_remaining()
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn peek(&self) -> Option<&[u8]> {
        self.0.peek()
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn consume(&mut self, len: usize) {
        self.0.consume(len);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn claim_allocation(&mut self, bytes: usize) -> Result<(), DecodeErrorKind> {
        self.0.claim_allocation(bytes)
    }

    #[cfg(feature = "bytes")]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn read_shared(&mut self, len: usize) -> Option<Result<bytes::Bytes, DecodeErrorKind>> {
        self.0.read_shared(len)
    }
}

impl<'de, R: BorrowReader<'de>, I: IntParam, O: OrderParam> BorrowReader<'de> for Static<R, I, O> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn borrow(&mut self, len: usize) -> Result<&'de [u8], DecodeErrorKind> {
        self.0.borrow(len)
    }
}

/// What [`ErasedReader`] calls through `dyn`: a [`Reader`]'s methods without its constants.
pub(crate) trait DynReader {
    fn read(&mut self, dst: &mut [u8]) -> Result<(), DecodeErrorKind>;
    fn remaining(&self) -> Option<usize>;
    fn counts_remaining(&self) -> bool;
    fn peek(&self) -> Option<&[u8]>;
    fn consume(&mut self, len: usize);
    fn claim_allocation(&mut self, bytes: usize) -> Result<(), DecodeErrorKind>;
    #[cfg(feature = "bytes")]
    fn read_shared(&mut self, len: usize) -> Option<Result<bytes::Bytes, DecodeErrorKind>>;
}

impl<R: Reader> DynReader for R {
    fn read(&mut self, dst: &mut [u8]) -> Result<(), DecodeErrorKind> {
        Reader::read(self, dst)
    }
    fn remaining(&self) -> Option<usize> {
        Reader::remaining(self)
    }
    fn counts_remaining(&self) -> bool {
        Reader::counts_remaining(self)
    }
    fn peek(&self) -> Option<&[u8]> {
        Reader::peek(self)
    }
    fn consume(&mut self, len: usize) {
        Reader::consume(self, len);
    }
    fn claim_allocation(&mut self, bytes: usize) -> Result<(), DecodeErrorKind> {
        Reader::claim_allocation(self, bytes)
    }
    #[cfg(feature = "bytes")]
    fn read_shared(&mut self, len: usize) -> Option<Result<bytes::Bytes, DecodeErrorKind>> {
        Reader::read_shared(self, len)
    }
}

/// Any reader behind `dyn`, its byte order a run-time value: what a type whose framing
/// switches to another order than a typed configuration's is read through (derive support,
/// see `Decoder::in_order`), so that it is compiled once more in all, not once more per
/// reader and order.
#[doc(hidden)]
pub struct ErasedReader<'a>(pub(crate) &'a mut (dyn DynReader + 'a));

impl core::fmt::Debug for ErasedReader<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("ErasedReader")
    }
}

/// `Reader` for a wrapper of a `&mut dyn` reader (field 0): every method forwarded.
macro_rules! reader_through_dyn {
    ($($wrapper:tt)*) => {
        impl Reader for $($wrapper)* {
            fn read(&mut self, dst: &mut [u8]) -> Result<(), DecodeErrorKind> {
                self.0.read(dst)
            }
            fn remaining(&self) -> Option<usize> {
                self.0.remaining()
            }
            fn counts_remaining(&self) -> bool {
                self.0.counts_remaining()
            }
            fn peek(&self) -> Option<&[u8]> {
                self.0.peek()
            }
            fn consume(&mut self, len: usize) {
                self.0.consume(len);
            }
            fn claim_allocation(&mut self, bytes: usize) -> Result<(), DecodeErrorKind> {
                self.0.claim_allocation(bytes)
            }
            #[cfg(feature = "bytes")]
            fn read_shared(&mut self, len: usize) -> Option<Result<bytes::Bytes, DecodeErrorKind>> {
                self.0.read_shared(len)
            }
        }
    };
}

reader_through_dyn!(ErasedReader<'_>);

/// What [`ErasedBorrowReader`] calls through `dyn`: a [`BorrowReader`]'s methods.
pub(crate) trait DynBorrowReader<'de>: DynReader {
    fn borrow(&mut self, len: usize) -> Result<&'de [u8], DecodeErrorKind>;
}

impl<'de, R: BorrowReader<'de>> DynBorrowReader<'de> for R {
    fn borrow(&mut self, len: usize) -> Result<&'de [u8], DecodeErrorKind> {
        BorrowReader::borrow(self, len)
    }
}

/// [`ErasedReader`] for borrowed decoding: a type that borrows from its input and switches to
/// another order than a typed configuration's is read through it (`Decoder::in_order_borrowed`),
/// its borrowed fields still pointing into the input.
#[doc(hidden)]
pub struct ErasedBorrowReader<'a, 'de>(pub(crate) &'a mut (dyn DynBorrowReader<'de> + 'a));

impl core::fmt::Debug for ErasedBorrowReader<'_, '_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("ErasedBorrowReader")
    }
}

reader_through_dyn!(ErasedBorrowReader<'_, '_>);

impl<'de> BorrowReader<'de> for ErasedBorrowReader<'_, 'de> {
    fn borrow(&mut self, len: usize) -> Result<&'de [u8], DecodeErrorKind> {
        self.0.borrow(len)
    }
}

/// Reads from a byte slice.
#[derive(Clone, Copy, Debug)]
pub struct SliceReader<'de> {
    data: &'de [u8],
}

impl<'de> SliceReader<'de> {
    /// Reads `data` from its start.
    ///
    /// ```
    /// use endian_wire::frame::{Config, Decode, Decoder, SliceReader};
    /// let mut d = Decoder::new(SliceReader::new(&[1, 0, 2, 0, 9]), Config::legacy());
    /// assert_eq!(<[u16; 2]>::decode(&mut d)?, [1, 2]);
    /// assert_eq!(d.into_reader().rest(), [9]);
    /// # Ok::<(), endian_wire::frame::DecodeError>(())
    /// ```
    #[must_use]
    pub fn new(data: &'de [u8]) -> Self {
        SliceReader { data }
    }

    /// The bytes not read yet.
    #[must_use]
    pub fn rest(&self) -> &'de [u8] {
        self.data
    }
}

impl Reader for SliceReader<'_> {
    #[inline]
    fn counts_remaining(&self) -> bool {
        true
    }

    #[inline]
    fn read(&mut self, dst: &mut [u8]) -> Result<(), DecodeErrorKind> {
        let Some((head, rest)) = self.data.split_at_checked(dst.len()) else {
            return Err(DecodeErrorKind::UnexpectedEnd {
                needed: dst.len() - self.data.len(),
            });
        };
        // SAFETY: `head` and `dst` have the same length; a shared and a unique borrow cannot
        // overlap.
        unsafe { bulk::copy_bytes(head.as_ptr(), dst.as_mut_ptr(), dst.len()) };
        self.data = rest;
        Ok(())
    }

    #[inline]
    fn remaining(&self) -> Option<usize> {
        Some(self.data.len())
    }

    #[inline]
    fn peek(&self) -> Option<&[u8]> {
        Some(self.data)
    }

    #[inline]
    fn consume(&mut self, len: usize) {
        self.data = &self.data[len..];
    }
}

impl<'de> BorrowReader<'de> for SliceReader<'de> {
    #[inline]
    fn borrow(&mut self, len: usize) -> Result<&'de [u8], DecodeErrorKind> {
        let Some((head, rest)) = self.data.split_at_checked(len) else {
            return Err(DecodeErrorKind::UnexpectedEnd {
                needed: len - self.data.len(),
            });
        };
        self.data = rest;
        Ok(head)
    }
}

/// Reads from a `std::io::Read`.
#[cfg(feature = "std")]
#[derive(Debug)]
pub struct IoReader<R> {
    inner: R,
}

#[cfg(feature = "std")]
impl<R: std::io::Read> IoReader<R> {
    /// Wraps `inner`.
    pub fn new(inner: R) -> Self {
        IoReader { inner }
    }

    /// The reader back.
    pub fn into_inner(self) -> R {
        self.inner
    }
}

#[cfg(feature = "std")]
impl<R: std::io::Read> Reader for IoReader<R> {
    #[inline]
    fn read(&mut self, dst: &mut [u8]) -> Result<(), DecodeErrorKind> {
        self.inner.read_exact(dst).map_err(|e| {
            if e.kind() == std::io::ErrorKind::UnexpectedEof {
                DecodeErrorKind::UnexpectedEnd { needed: dst.len() }
            } else {
                DecodeErrorKind::Io(e)
            }
        })
    }
}
