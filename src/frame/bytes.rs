//! `bytes` buffers (feature `bytes`): encode into any `BufMut` ([`encode_into_buf`],
//! [`BytesWriter`], a `BytesMut` as a [`Writer`]), decode from any `Buf` ([`decode_from_buf`],
//! [`BytesReader`]), and `bytes::Bytes` / `BytesMut` as framed values (a length and the
//! bytes, as `Vec<u8>`). A `Bytes` decoded from a `Bytes` input (or from a message received
//! by the transport's `MessageCodec`) shares the input's memory instead of copying it.
//!
//! ```
//! use bytes::{Bytes, BytesMut};
//! use endian_wire::frame::{self, Config};
//!
//! let mut out = BytesMut::new();
//! frame::encode_into_buf(&(7u16, Bytes::from_static(b"payload")), &mut out, Config::standard())?;
//!
//! let mut input: Bytes = out.freeze();
//! let (id, payload): (u16, Bytes) = frame::decode_from_buf(&mut input, Config::standard())?;
//! assert_eq!((id, &payload[..]), (7, &b"payload"[..]));
//! assert!(input.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use bytes::{Buf, BufMut, Bytes, BytesMut};

use super::config::{AnyConfig, Config, Entry, IntParam, OrderParam, Static};
use super::decode::{Decode, Decoder, borrow_via_decode};
use super::encode::{Encode, Encoder};
use super::error::{DecodeError, DecodeErrorKind, EncodeError};
use super::fixed::FixedOut;
use super::read::Reader;
use super::write::Writer;

/// Encodes `value` into `buf`, advancing it; returns the number of bytes written.
///
/// A `BytesMut` or `Vec<u8>` grows as needed; a fixed-size `BufMut` (`&mut [u8]`) that runs
/// out is an error.
///
/// ```
/// use bytes::BufMut;
/// use endian_wire::frame::{self, Config};
///
/// let mut packet = [0u8; 16];
/// let mut rest = &mut packet[..];
/// let n = frame::encode_into_buf(&(1u32, "hi"), &mut rest, Config::standard())?;
/// assert_eq!((n, rest.remaining_mut()), (4, 12));
/// assert_eq!(packet[..4], [1, 2, b'h', b'i']);
/// # Ok::<(), frame::EncodeError>(())
/// ```
///
/// # Errors
/// [`EncodeError::OutputFull`] if `buf` cannot take the value (what fitted before is written),
/// or the value's own error.
#[inline]
pub fn encode_into_buf<T: Encode + ?Sized, B: BufMut + ?Sized>(
    value: &T,
    buf: &mut B,
    config: impl AnyConfig,
) -> Result<usize, EncodeError> {
    struct Run<'a, 'b, T: ?Sized, B: ?Sized>(&'a T, &'b mut B);
    impl<T: Encode + ?Sized, B: BufMut + ?Sized> Entry for Run<'_, '_, T, B> {
        type Out = Result<usize, EncodeError>;
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn run<I: IntParam, O: OrderParam>(self, config: Config) -> Self::Out {
            let mut e = Encoder::new(Static::<_, I, O>::new(BytesWriter::new(self.1)), config);
            self.0.encode(&mut e)?;
            Ok(e.into_writer().0.written)
        }
    }
    config.dispatch(Run(value, buf))
}

/// Decodes a `T` from the front of `buf`, advancing it past the value.
///
/// `bytes::Bytes` values inside `T` share `buf`'s memory when `buf` is a `Bytes` or a
/// `BytesMut` (their `copy_to_bytes` slices instead of copying); from other buffers they are
/// copied.
///
/// ```
/// use bytes::{Buf, Bytes};
/// use endian_wire::frame::{self, Config};
///
/// let mut input = Bytes::from(frame::encode_to_vec(&(Bytes::from_static(b"abc"), 9u8), Config::legacy())?);
/// let start = input.as_ptr();
/// let (raw, nine): (Bytes, u8) = frame::decode_from_buf(&mut input, Config::legacy())?;
/// assert_eq!((&raw[..], nine), (&b"abc"[..], 9));
/// assert_eq!(raw.as_ptr(), start.wrapping_add(8)); // no copy: after the 8-byte length
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`DecodeError`] naming what is wrong and its offset from where `buf` started; `buf` has
/// then advanced by an unspecified amount.
#[inline]
pub fn decode_from_buf<T: Decode, B: Buf + ?Sized>(
    buf: &mut B,
    config: impl AnyConfig,
) -> Result<T, DecodeError> {
    struct Run<'b, T, B: ?Sized>(&'b mut B, core::marker::PhantomData<T>);
    impl<T: Decode, B: Buf + ?Sized> Entry for Run<'_, T, B> {
        type Out = Result<T, DecodeError>;
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn run<I: IntParam, O: OrderParam>(self, config: Config) -> Self::Out {
            let buf = self.0;
            if let Some(size) = super::static_decode_size::<T, I>()
                && buf.chunk().len() >= size
            {
                // A static size in one piece (it holds no `Bytes`): the slice's one-step path.
                let (value, used) = super::decode_from_slice_in::<T, I, O>(buf.chunk(), config)?;
                buf.advance(used);
                return Ok(value);
            }
            T::decode(&mut Decoder::new(
                Static::<_, I, O>::new(BytesReader::new(buf)),
                config,
            ))
        }
    }
    config.dispatch(Run(buf, core::marker::PhantomData))
}

/// Writes into a `BufMut`, failing when it has no room left.
#[derive(Debug)]
pub struct BytesWriter<B> {
    /// Bytes written so far.
    written: usize,
    inner: B,
}

impl<B: BufMut> BytesWriter<B> {
    /// Writes to `inner`.
    ///
    /// ```
    /// use endian_wire::frame::{BytesWriter, Config, Encode, Encoder};
    /// let mut e = Encoder::new(BytesWriter::new(bytes::BytesMut::new()), Config::legacy());
    /// 0x0102u16.encode(&mut e)?;
    /// assert_eq!(e.into_writer().into_inner(), &[2, 1][..]);
    /// # Ok::<(), endian_wire::frame::EncodeError>(())
    /// ```
    pub fn new(inner: B) -> Self {
        BytesWriter { written: 0, inner }
    }

    /// The buffer back.
    pub fn into_inner(self) -> B {
        self.inner
    }
}

impl<B: BufMut> BytesWriter<B> {
    /// Bytes written so far.
    #[must_use]
    pub fn written(&self) -> usize {
        self.written
    }

    /// `needed` bytes do not fit.
    #[cold]
    fn full(&self, needed: usize) -> EncodeError {
        EncodeError::OutputFull {
            needed,
            available: self.inner.remaining_mut(),
        }
    }
}

impl<B: BufMut> Writer for BytesWriter<B> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        if self.inner.remaining_mut() < bytes.len() {
            return Err(self.full(bytes.len()));
        }
        self.inner.put_slice(bytes);
        self.written += bytes.len();
        Ok(())
    }

    /// Into the buffer's current chunk when it has the room in one piece.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_fixed(
        &mut self,
        len: usize,
        fill: impl FnOnce(&mut FixedOut<'_>),
    ) -> Result<bool, EncodeError> {
        if self.inner.remaining_mut() < len {
            // The field-by-field path reports where the room runs out.
            return Ok(false);
        }
        let chunk = self.inner.chunk_mut();
        if chunk.len() < len {
            // In pieces instead.
            return Ok(false);
        }
        // SAFETY: `fill_all` writes only initialized bytes, so the chunk never holds an
        // uninitialized byte where the buffer had an initialized one.
        let dst = unsafe { &mut chunk.as_uninit_slice_mut()[..len] };
        FixedOut::fill_all(dst, fill);
        // SAFETY: the chunk's first `len` bytes are initialized, just above.
        unsafe { self.inner.advance_mut(len) };
        self.written += len;
        Ok(true)
    }
}

/// Reads from a `Buf`, advancing it. `bytes::Bytes` values share its memory when it is a
/// `Bytes` or `BytesMut` (see [`decode_from_buf`]).
#[derive(Debug)]
pub struct BytesReader<B> {
    inner: B,
}

impl<B: Buf> BytesReader<B> {
    /// Reads `inner` from its current position.
    ///
    /// ```
    /// use endian_wire::frame::{BytesReader, Config, Decode, Decoder};
    /// let input = bytes::Bytes::from_static(&[1, 0, 2, 0, 9]);
    /// let mut d = Decoder::new(BytesReader::new(input), Config::legacy());
    /// assert_eq!(<[u16; 2]>::decode(&mut d)?, [1, 2]);
    /// assert_eq!(d.into_reader().into_inner(), &[9][..]);
    /// # Ok::<(), endian_wire::frame::DecodeError>(())
    /// ```
    pub fn new(inner: B) -> Self {
        BytesReader { inner }
    }

    /// The buffer back, advanced past what was read.
    pub fn into_inner(self) -> B {
        self.inner
    }

    /// `len` bytes are not there.
    #[cold]
    fn short(&self, len: usize) -> DecodeErrorKind {
        DecodeErrorKind::UnexpectedEnd {
            needed: len - self.inner.remaining(),
        }
    }
}

impl<B: Buf> Reader for BytesReader<B> {
    #[inline]
    fn read(&mut self, dst: &mut [u8]) -> Result<(), DecodeErrorKind> {
        if self.inner.remaining() < dst.len() {
            return Err(self.short(dst.len()));
        }
        self.inner.copy_to_slice(dst);
        Ok(())
    }

    #[inline]
    fn remaining(&self) -> Option<usize> {
        Some(self.inner.remaining())
    }

    #[inline]
    fn counts_remaining(&self) -> bool {
        true
    }

    /// The rest, when it is in one piece (a split buffer is read piecewise).
    #[inline]
    fn peek(&self) -> Option<&[u8]> {
        let chunk = self.inner.chunk();
        (chunk.len() == self.inner.remaining()).then_some(chunk)
    }

    #[inline]
    fn consume(&mut self, len: usize) {
        self.inner.advance(len);
    }

    #[inline]
    fn read_shared(&mut self, len: usize) -> Option<Result<Bytes, DecodeErrorKind>> {
        if self.inner.remaining() < len {
            return Some(Err(self.short(len)));
        }
        Some(Ok(self.inner.copy_to_bytes(len)))
    }
}

impl Encode for Bytes {
    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        self[..].encode(e)
    }
}

impl Encode for BytesMut {
    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        self[..].encode(e)
    }
}

impl Decode for Bytes {
    const MIN_SIZE: usize = <alloc::vec::Vec<u8> as Decode>::MIN_SIZE;

    /// Shares the input's memory where the reader holds it in a `Bytes` (see
    /// [`decode_from_buf`]); copies otherwise. Either way the length is checked against the
    /// input and charged to the limit first.
    #[inline]
    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let len = d.read_len(1, 1)?;
        match d.reader().read_shared(len) {
            Some(Ok(bytes)) => Ok(bytes),
            Some(Err(kind)) => Err(d.error(kind)),
            None => Ok(Bytes::from(<u8 as Decode>::decode_vec(len, d)?)),
        }
    }
}

impl Decode for BytesMut {
    const MIN_SIZE: usize = <alloc::vec::Vec<u8> as Decode>::MIN_SIZE;

    /// Always into memory of its own (a `BytesMut` is unique), read as a `Vec<u8>`.
    #[inline]
    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let bytes = <alloc::vec::Vec<u8> as Decode>::decode(d)?;
        Ok(BytesMut::from(Bytes::from(bytes)))
    }
}

borrow_via_decode!(Bytes, BytesMut);
