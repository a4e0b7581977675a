//! Where encoded bytes go: the [`Writer`] trait and its implementations (a `Vec`, a slice, a
//! size counter, a `std::io::Write`).

use core::mem::MaybeUninit;

use super::error::EncodeError;
use super::fixed::FixedOut;
use crate::io::bulk::{self, WireElement};

/// A destination for encoded bytes.
pub trait Writer {
    /// Appends `bytes`.
    ///
    /// # Errors
    /// [`EncodeError::OutputFull`] for a full slice, [`EncodeError::Io`] for a failed writer.
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError>;

    /// For a writer that only counts bytes, its counter (so that sizes can be added without
    /// producing the bytes).
    #[doc(hidden)]
    fn count_only(&mut self) -> Option<&mut usize> {
        None
    }

    /// Appends the wire bytes of `src` in `W`'s byte order. The default converts through a
    /// stack buffer with the bulk kernels; a `Vec` converts straight into its spare capacity.
    ///
    /// # Errors
    /// As [`write`](Self::write).
    fn write_wire<W: WireElement>(&mut self, src: &[W::Native]) -> Result<(), EncodeError> {
        const CHUNK: usize = 4096;
        let mut buf = [0u8; CHUNK];
        let per_chunk = CHUNK / size_of::<W>();
        for part in src.chunks(per_chunk) {
            let bytes = &mut buf[..size_of_val(part)];
            bulk::to_bytes::<W>(part, bytes);
            self.write(bytes)?;
        }
        Ok(())
    }

    /// Appends `len` bytes produced by `fill` (a static-size value or run, see
    /// [`Encode::FIXED_SIZE`](super::Encode::FIXED_SIZE)) with one capacity check; returns
    /// `false`, having written nothing, where the writer cannot give the room in one piece.
    /// The default fills a stack buffer of up to 256 bytes and writes it.
    ///
    /// # Errors
    /// As [`write`](Self::write).
    ///
    /// # Panics
    /// If `fill` does not write exactly `len` bytes (an `encode_fixed` that disagrees with its
    /// `FIXED_SIZE`).
    #[doc(hidden)]
    #[inline]
    fn write_fixed(
        &mut self,
        len: usize,
        fill: impl FnOnce(&mut FixedOut<'_>),
    ) -> Result<bool, EncodeError> {
        const STACK: usize = 256;
        if len > STACK {
            return Ok(false);
        }
        let mut buf = [MaybeUninit::<u8>::uninit(); STACK];
        FixedOut::fill_all(&mut buf[..len], fill);
        // SAFETY: `fill_all` returned, so each of the first `len` bytes is written, and `u8`
        // has the layout of `MaybeUninit<u8>`.
        let bytes = unsafe { &*(&raw const buf[..len] as *const [u8]) };
        self.write(bytes)?;
        Ok(true)
    }
}

impl<T: Writer + ?Sized> Writer for &mut T {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        (**self).write(bytes)
    }

    #[inline]
    fn write_wire<W: WireElement>(&mut self, src: &[W::Native]) -> Result<(), EncodeError> {
        (**self).write_wire::<W>(src)
    }

    #[inline]
    fn count_only(&mut self) -> Option<&mut usize> {
        (**self).count_only()
    }

    #[inline(always)]
    fn write_fixed(
        &mut self,
        len: usize,
        fill: impl FnOnce(&mut FixedOut<'_>),
    ) -> Result<bool, EncodeError> {
        (**self).write_fixed(len, fill)
    }
}

#[cfg(feature = "alloc")]
impl Writer for alloc::vec::Vec<u8> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        bulk::extend_from_bytes(self, bytes);
        Ok(())
    }

    #[inline]
    fn write_wire<W: WireElement>(&mut self, src: &[W::Native]) -> Result<(), EncodeError> {
        bulk::extend_bytes::<W>(self, src);
        Ok(())
    }

    /// Straight into the spare capacity.
    #[inline(always)]
    fn write_fixed(
        &mut self,
        len: usize,
        fill: impl FnOnce(&mut FixedOut<'_>),
    ) -> Result<bool, EncodeError> {
        self.reserve(len);
        let start = self.len();
        FixedOut::fill_all(&mut self.spare_capacity_mut()[..len], fill);
        // SAFETY: `reserve` made room for `len` more bytes, and `fill_all` returned, so each
        // of them is written.
        unsafe { self.set_len(start + len) };
        Ok(true)
    }
}

/// Writes into a byte slice, failing when it is full.
pub struct SliceWriter<'a> {
    /// Only ever written with initialized bytes, so a buffer lent as `&mut [u8]` stays
    /// initialized; it may also be a `Vec`'s spare capacity (see `uninit`).
    buf: &'a mut [MaybeUninit<u8>],
    written: usize,
}

impl<'a> SliceWriter<'a> {
    /// Writes from the start of `buf`.
    ///
    /// ```
    /// use endian_wire::frame::{Config, Encode, Encoder, SliceWriter};
    /// let mut buf = [0u8; 8];
    /// let mut e = Encoder::new(SliceWriter::new(&mut buf), Config::legacy().with_big_endian());
    /// 0xCAFEu16.encode(&mut e)?;
    /// assert_eq!(e.into_writer().written(), 2);
    /// assert_eq!(buf[..2], [0xCA, 0xFE]);
    /// # Ok::<(), endian_wire::frame::EncodeError>(())
    /// ```
    pub fn new(buf: &'a mut [u8]) -> Self {
        // SAFETY: `MaybeUninit<u8>` has the layout of `u8`, and the writer stores only
        // initialized bytes (the `buf` field's invariant), so `buf` stays initialized.
        let buf = unsafe { &mut *(buf as *mut [u8] as *mut [MaybeUninit<u8>]) };
        SliceWriter { buf, written: 0 }
    }

    /// Writes from the start of uninitialized memory (a `Vec`'s spare capacity); the first
    /// [`written`](Self::written) bytes are initialized afterwards.
    #[cfg(feature = "alloc")]
    pub(crate) fn uninit(buf: &'a mut [MaybeUninit<u8>]) -> Self {
        SliceWriter { buf, written: 0 }
    }

    /// Bytes written so far.
    #[must_use]
    pub fn written(&self) -> usize {
        self.written
    }

    /// The next `len` bytes, if there is room for them.
    #[inline(always)]
    fn room(&mut self, len: usize) -> Option<&mut [MaybeUninit<u8>]> {
        // `written <= buf.len()`, so this compares without the overflow check of
        // `written + len`, once per piece written.
        if len > self.buf.len() - self.written {
            return None;
        }
        self.buf.get_mut(self.written..self.written + len)
    }
}

impl Writer for SliceWriter<'_> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        let available = self.buf.len() - self.written;
        let Some(dst) = self.room(bytes.len()) else {
            return Err(EncodeError::OutputFull {
                needed: bytes.len(),
                available,
            });
        };
        // SAFETY: `dst` and `bytes` have the same length, and `MaybeUninit<u8>` the layout of
        // `u8`; a shared and a unique borrow cannot overlap.
        unsafe { bulk::copy_bytes(bytes.as_ptr(), dst.as_mut_ptr().cast(), bytes.len()) };
        self.written += bytes.len();
        Ok(())
    }

    #[inline]
    fn write_wire<W: WireElement>(&mut self, src: &[W::Native]) -> Result<(), EncodeError> {
        let needed = size_of_val(src);
        let available = self.buf.len() - self.written;
        let Some(dst) = self.room(needed) else {
            return Err(EncodeError::OutputFull { needed, available });
        };
        bulk::to_uninit_bytes::<W>(src, dst);
        self.written += needed;
        Ok(())
    }

    #[inline(always)]
    fn write_fixed(
        &mut self,
        len: usize,
        fill: impl FnOnce(&mut FixedOut<'_>),
    ) -> Result<bool, EncodeError> {
        // Too little room: the caller's field-by-field path reports where it runs out.
        let Some(dst) = self.room(len) else {
            return Ok(false);
        };
        FixedOut::fill_all(dst, fill);
        self.written += len;
        Ok(true)
    }
}

impl core::fmt::Debug for SliceWriter<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SliceWriter")
            .field("len", &self.buf.len())
            .field("written", &self.written)
            .finish()
    }
}

/// Counts bytes instead of writing them (for [`encoded_size`](super::encoded_size)).
#[derive(Debug, Default)]
pub struct SizeCounter {
    /// Bytes counted so far.
    pub count: usize,
}

impl Writer for SizeCounter {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.count += bytes.len();
        Ok(())
    }

    #[inline]
    fn write_wire<W: WireElement>(&mut self, src: &[W::Native]) -> Result<(), EncodeError> {
        self.count += size_of_val(src);
        Ok(())
    }

    #[inline]
    fn count_only(&mut self) -> Option<&mut usize> {
        Some(&mut self.count)
    }

    /// Counts, without producing the bytes.
    #[inline(always)]
    fn write_fixed(
        &mut self,
        len: usize,
        _: impl FnOnce(&mut FixedOut<'_>),
    ) -> Result<bool, EncodeError> {
        self.count += len;
        Ok(true)
    }
}

/// Writes to a `std::io::Write`.
#[cfg(feature = "std")]
#[derive(Debug)]
pub struct IoWriter<W> {
    inner: W,
}

#[cfg(feature = "std")]
impl<W: std::io::Write> IoWriter<W> {
    /// Wraps `inner`.
    pub fn new(inner: W) -> Self {
        IoWriter { inner }
    }

    /// The writer back.
    pub fn into_inner(self) -> W {
        self.inner
    }
}

#[cfg(feature = "std")]
impl<W: std::io::Write> Writer for IoWriter<W> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.inner.write_all(bytes).map_err(EncodeError::Io)
    }
}
