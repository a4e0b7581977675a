//! Where encoded bytes go: the [`Writer`] trait and its implementations (a `Vec`, a slice, a
//! size counter, a `std::io::Write`).

use core::mem::MaybeUninit;

use super::config::{IntEncoding, IntParam, OrderParam, Static};
use super::error::EncodeError;
use super::fixed::FixedOut;
use crate::bulk::{self, WireElement};
use crate::wire::Endian;

/// A destination for encoded bytes.
pub trait Writer {
    /// The integer encoding this writer is known, at compile time, to be written under: set
    /// only by the crate's entry points, which wrap their writer once per message so that
    /// no value checks the configuration again. `None` (the default): the configuration's.
    #[doc(hidden)]
    const INT_ENCODING: Option<IntEncoding> = None;

    /// The byte order this writer is known, at compile time, to be written in (set only by
    /// the entry points under a typed [`Configuration`](super::Configuration), and only for
    /// types whose framing does not switch to the other order inside); `None` (the default):
    /// the configuration's, read at run time.
    #[doc(hidden)]
    const ORDER: Option<Endian> = None;

    /// Appends `bytes`.
    ///
    /// # Errors
    /// [`EncodeError::OutputFull`] for a full slice, [`EncodeError::Io`] for a failed writer.
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError>;

    /// Appends `K` bytes known at compile time to be `K` (a tag, a number, a varint of a given
    /// width): writers store them as one value, without a length-driven copy.
    ///
    /// # Errors
    /// As [`write`](Self::write).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_array<const K: usize>(&mut self, bytes: [u8; K]) -> Result<(), EncodeError> {
        self.write(&bytes)
    }

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
    /// Lets `fill` write front to back into the writer's room in one piece (a run of
    /// varints: one capacity check for the whole run), as much of it as `fill` likes, and
    /// counts what it wrote; a growing buffer first makes room for `wanted` bytes, a slice
    /// offers what it has left. `None`, having written nothing, where the writer holds no
    /// room in memory. The default has none.
    ///
    /// # Errors
    /// As [`write`](Self::write).
    #[doc(hidden)]
    #[inline]
    fn write_room<Filled>(
        &mut self,
        wanted: usize,
        fill: impl FnOnce(&mut FixedOut<'_>) -> Filled,
    ) -> Result<Option<Filled>, EncodeError> {
        let _ = (wanted, fill);
        Ok(None)
    }
}

impl<T: Writer + ?Sized> Writer for &mut T {
    const INT_ENCODING: Option<IntEncoding> = T::INT_ENCODING;
    const ORDER: Option<Endian> = T::ORDER;

    #[inline]
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        (**self).write(bytes)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_array<const K: usize>(&mut self, bytes: [u8; K]) -> Result<(), EncodeError> {
        (**self).write_array(bytes)
    }

    #[inline]
    fn write_wire<W: WireElement>(&mut self, src: &[W::Native]) -> Result<(), EncodeError> {
        (**self).write_wire::<W>(src)
    }

    #[inline]
    fn count_only(&mut self) -> Option<&mut usize> {
        (**self).count_only()
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_fixed(
        &mut self,
        len: usize,
        fill: impl FnOnce(&mut FixedOut<'_>),
    ) -> Result<bool, EncodeError> {
        (**self).write_fixed(len, fill)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_room<Filled>(
        &mut self,
        wanted: usize,
        fill: impl FnOnce(&mut FixedOut<'_>) -> Filled,
    ) -> Result<Option<Filled>, EncodeError> {
        (**self).write_room(wanted, fill)
    }
}

/// A buffer that grows at its end, written straight into its spare capacity: a `Vec<u8>`, a
/// `BytesMut`. Both are [`Writer`]s through the one body below, fast paths included.
#[cfg(feature = "alloc")]
pub(crate) trait GrowBuf {
    fn len(&self) -> usize;
    fn reserve(&mut self, additional: usize);
    fn spare_capacity_mut(&mut self) -> &mut [MaybeUninit<u8>];
    /// # Safety
    /// As `Vec::set_len`: the bytes up to `len` are initialized.
    unsafe fn set_len(&mut self, len: usize);

    /// Appends `bytes` (through the bulk copy kernel: glibc's `memcpy` is very slow for some
    /// destinations, see `bulk::copy_bytes`).
    #[inline]
    fn append_bytes(&mut self, bytes: &[u8]) {
        self.fill_spare(bytes.len(), |dst| bulk::copy_to_uninit(bytes, dst));
    }

    /// Makes room for `len` bytes, lets `fill` write all of them, and counts them.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn fill_spare(&mut self, len: usize, fill: impl FnOnce(&mut [MaybeUninit<u8>])) {
        self.reserve(len);
        let start = self.len();
        fill(&mut self.spare_capacity_mut()[..len]);
        // SAFETY: `reserve` made room for `len` bytes after `start`, and every caller's
        // `fill` writes all of them (a copy or conversion of exactly `len` bytes, or
        // `FixedOut::fill_all`, which checks it).
        unsafe { self.set_len(start + len) };
    }
}

#[cfg(feature = "alloc")]
impl GrowBuf for alloc::vec::Vec<u8> {
    #[inline]
    fn len(&self) -> usize {
        alloc::vec::Vec::len(self)
    }
    #[inline]
    fn reserve(&mut self, additional: usize) {
        alloc::vec::Vec::reserve(self, additional);
    }
    #[inline]
    fn spare_capacity_mut(&mut self) -> &mut [MaybeUninit<u8>] {
        alloc::vec::Vec::spare_capacity_mut(self)
    }
    #[inline]
    unsafe fn set_len(&mut self, len: usize) {
        // SAFETY: the caller's contract is `Vec::set_len`'s.
        unsafe { alloc::vec::Vec::set_len(self, len) }
    }
}

#[cfg(feature = "bytes")]
impl GrowBuf for bytes::BytesMut {
    #[inline]
    fn len(&self) -> usize {
        bytes::BytesMut::len(self)
    }
    #[inline]
    fn reserve(&mut self, additional: usize) {
        bytes::BytesMut::reserve(self, additional);
    }
    #[inline]
    fn spare_capacity_mut(&mut self) -> &mut [MaybeUninit<u8>] {
        bytes::BytesMut::spare_capacity_mut(self)
    }
    #[inline]
    unsafe fn set_len(&mut self, len: usize) {
        // SAFETY: the caller's contract is `BytesMut::set_len`'s.
        unsafe { bytes::BytesMut::set_len(self, len) }
    }
}

/// [`Writer`] for a [`GrowBuf`]: every piece straight into the spare capacity, which grows
/// as needed (so nothing is ever full).
macro_rules! grow_buf_writer {
    ($(#[$attr:meta])* $buf:ty) => {
        $(#[$attr])*
        impl Writer for $buf {
            #[inline]
            fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
                self.append_bytes(bytes);
                Ok(())
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn write_array<const K: usize>(&mut self, bytes: [u8; K]) -> Result<(), EncodeError> {
                self.fill_spare(K, |dst| {
                    let Some((head, _)) = dst.split_first_chunk_mut::<K>() else {
                        unreachable!("`fill_spare` lends exactly K bytes")
                    };
                    *head = bytes.map(MaybeUninit::new);
                });
                Ok(())
            }

            #[inline]
            fn write_wire<W: WireElement>(&mut self, src: &[W::Native]) -> Result<(), EncodeError> {
                self.fill_spare(size_of_val(src), |dst| bulk::to_uninit_bytes::<W>(src, dst));
                Ok(())
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn write_fixed(
                &mut self,
                len: usize,
                fill: impl FnOnce(&mut FixedOut<'_>),
            ) -> Result<bool, EncodeError> {
                self.fill_spare(len, |dst| FixedOut::fill_all(dst, fill));
                Ok(true)
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn write_room<Filled>(
                &mut self,
                wanted: usize,
                fill: impl FnOnce(&mut FixedOut<'_>) -> Filled,
            ) -> Result<Option<Filled>, EncodeError> {
                self.reserve(wanted);
                let start = self.len();
                let room = self.spare_capacity_mut();
                let max = room.len();
                let mut out = FixedOut::new(room);
                let filled = fill(&mut out);
                let written = max - out.remaining();
                // SAFETY: a `FixedOut` is written front to back with initialized bytes, so
                // the first `written` bytes of the spare capacity are initialized.
                unsafe { self.set_len(start + written) };
                Ok(Some(filled))
            }
        }
    };
}

grow_buf_writer!(
    #[cfg(feature = "alloc")]
    alloc::vec::Vec<u8>
);
grow_buf_writer!(
    /// A `BytesMut` grows as a `Vec<u8>` does, and is written the same way.
    #[cfg(feature = "bytes")]
    bytes::BytesMut
);

/// What [`ErasedWriter`] calls through `dyn`: a [`Writer`]'s methods that take no type.
pub(crate) trait DynWriter {
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError>;
    fn count_only(&mut self) -> Option<&mut usize>;
}

impl<W: Writer> DynWriter for W {
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        Writer::write(self, bytes)
    }
    fn count_only(&mut self) -> Option<&mut usize> {
        Writer::count_only(self)
    }
}

/// Any writer behind `dyn`, its byte order a run-time value: as `ErasedReader`, for
/// `Encoder::in_order`.
#[doc(hidden)]
pub struct ErasedWriter<'a>(pub(crate) &'a mut (dyn DynWriter + 'a));

impl core::fmt::Debug for ErasedWriter<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("ErasedWriter")
    }
}

impl Writer for ErasedWriter<'_> {
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.0.write(bytes)
    }
    fn count_only(&mut self) -> Option<&mut usize> {
        self.0.count_only()
    }
}

impl<W: Writer, I: IntParam, O: OrderParam> Writer for Static<W, I, O> {
    const ORDER: Option<Endian> = O::ORDER;
    const INT_ENCODING: Option<IntEncoding> = Some(if I::VARINT {
        IntEncoding::Variable
    } else {
        IntEncoding::Fixed
    });

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.0.write(bytes)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_array<const K: usize>(&mut self, bytes: [u8; K]) -> Result<(), EncodeError> {
        self.0.write_array(bytes)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn count_only(&mut self) -> Option<&mut usize> {
        self.0.count_only()
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_wire<E: WireElement>(&mut self, src: &[E::Native]) -> Result<(), EncodeError> {
        self.0.write_wire::<E>(src)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_fixed(
        &mut self,
        len: usize,
        fill: impl FnOnce(&mut FixedOut<'_>),
    ) -> Result<bool, EncodeError> {
        self.0.write_fixed(len, fill)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_room<Filled>(
        &mut self,
        wanted: usize,
        fill: impl FnOnce(&mut FixedOut<'_>) -> Filled,
    ) -> Result<Option<Filled>, EncodeError> {
        self.0.write_room(wanted, fill)
    }
}

/// Writes into a byte slice, failing when it is full.
pub struct SliceWriter<'a> {
    /// What is left to write: the buffer after the bytes written so far. Only ever written
    /// with initialized bytes, so a buffer lent as `&mut [u8]` stays initialized; it may also
    /// be a `Vec`'s spare capacity (see `uninit`). Kept as the rest alone (a pointer and a
    /// length), so that a piece's check and write touch two registers, not three.
    rest: &'a mut [MaybeUninit<u8>],
    /// The buffer's length, from which `written` follows.
    len: usize,
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
        // initialized bytes (the `rest` field's invariant), so `buf` stays initialized.
        Self::uninit(unsafe { &mut *(buf as *mut [u8] as *mut [MaybeUninit<u8>]) })
    }

    /// Writes from the start of uninitialized memory (a `Vec`'s spare capacity); the first
    /// [`written`](Self::written) bytes are initialized afterwards.
    pub(crate) fn uninit(buf: &'a mut [MaybeUninit<u8>]) -> Self {
        SliceWriter {
            len: buf.len(),
            rest: buf,
        }
    }

    /// Bytes written so far.
    #[must_use]
    pub fn written(&self) -> usize {
        self.len - self.rest.len()
    }

    /// The next `len` bytes, if there is room for them (then they count as written; else
    /// nothing changes).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn take(&mut self, len: usize) -> Option<&'a mut [MaybeUninit<u8>]> {
        if len > self.rest.len() {
            return None;
        }
        let (dst, rest) = core::mem::take(&mut self.rest).split_at_mut(len);
        self.rest = rest;
        Some(dst)
    }

    /// [`EncodeError::OutputFull`] for a piece of `needed` bytes.
    #[cold]
    fn full(&self, needed: usize) -> EncodeError {
        EncodeError::OutputFull {
            needed,
            available: self.rest.len(),
        }
    }
}

impl Writer for SliceWriter<'_> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        let Some(dst) = self.take(bytes.len()) else {
            return Err(self.full(bytes.len()));
        };
        // SAFETY: `dst` and `bytes` have the same length, and `MaybeUninit<u8>` the layout of
        // `u8`; a shared and a unique borrow cannot overlap.
        unsafe { bulk::copy_bytes(bytes.as_ptr(), dst.as_mut_ptr().cast(), bytes.len()) };
        Ok(())
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_array<const K: usize>(&mut self, bytes: [u8; K]) -> Result<(), EncodeError> {
        if K > self.rest.len() {
            return Err(self.full(K));
        }
        let Some((head, rest)) = core::mem::take(&mut self.rest).split_first_chunk_mut::<K>()
        else {
            unreachable!("checked")
        };
        *head = bytes.map(MaybeUninit::new);
        self.rest = rest;
        Ok(())
    }

    #[inline]
    fn write_wire<W: WireElement>(&mut self, src: &[W::Native]) -> Result<(), EncodeError> {
        let needed = size_of_val(src);
        let Some(dst) = self.take(needed) else {
            return Err(self.full(needed));
        };
        bulk::to_uninit_bytes::<W>(src, dst);
        Ok(())
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_fixed(
        &mut self,
        len: usize,
        fill: impl FnOnce(&mut FixedOut<'_>),
    ) -> Result<bool, EncodeError> {
        // Too little room: the caller's field-by-field path reports where it runs out.
        let Some(dst) = self.take(len) else {
            return Ok(false);
        };
        FixedOut::fill_all(dst, fill);
        Ok(true)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_room<Filled>(
        &mut self,
        wanted: usize,
        fill: impl FnOnce(&mut FixedOut<'_>) -> Filled,
    ) -> Result<Option<Filled>, EncodeError> {
        // All that is left, however much is wanted: `fill` stops where it runs out, and the
        // caller's value-by-value path reports where.
        let _ = wanted;
        let max = self.rest.len();
        let mut out = FixedOut::new(&mut *self.rest);
        let filled = fill(&mut out);
        let written = max - out.remaining();
        // (Written front to back with initialized bytes only: the `rest` invariant holds.)
        let rest = core::mem::take(&mut self.rest);
        self.rest = &mut rest[written..];
        Ok(Some(filled))
    }
}

impl core::fmt::Debug for SliceWriter<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SliceWriter")
            .field("len", &self.len)
            .field("written", &self.written())
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

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_array<const K: usize>(&mut self, _: [u8; K]) -> Result<(), EncodeError> {
        self.count += K;
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
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
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

#[cfg(test)]
mod tests {
    use super::{SliceWriter, Writer};
    use crate::frame::EncodeError;

    /// A piece that does not fit is refused without taking any room: the error says what was
    /// left, and a smaller piece still goes in after it.
    #[test]
    fn a_refused_piece_leaves_the_room_as_it_was() {
        let mut buf = [0u8; 6];
        let mut w = SliceWriter::new(&mut buf);
        w.write(b"abcd").unwrap();
        let err = w.write(b"xyz").unwrap_err();
        assert!(
            matches!(
                err,
                EncodeError::OutputFull {
                    needed: 3,
                    available: 2
                }
            ),
            "{err}"
        );
        assert!(matches!(
            w.write_fixed(3, |_| unreachable!("no room")),
            Ok(false)
        ));
        assert_eq!(w.written(), 4);
        assert!(matches!(w.write_fixed(1, |out| out.put(*b"e")), Ok(true)));
        w.write_wire::<crate::wire::u8be>(b"f").unwrap();
        assert_eq!(w.written(), 6);
        assert!(w.write(b"").is_ok());
        assert!(w.write(b"g").is_err());
        #[cfg(feature = "alloc")]
        assert_eq!(
            alloc::format!("{w:?}"),
            "SliceWriter { len: 6, written: 6 }"
        );
        assert_eq!(&buf, b"abcdef");
    }
}
