//! The [`Decoder`]: where a decode stands in its input (the offset its errors name), and the
//! bounds that keep hostile input from taking memory or stack (the limit, the preallocation
//! credit, the nesting depth).

use super::super::config::{Config, DEFAULT_LIMIT, IntEncoding};
use super::super::error::{DecodeError, DecodeErrorKind, LengthRefusal};
use super::super::fixed::FixedIn;
use super::super::read::{BorrowReader, ErasedBorrowReader, ErasedReader, Reader};
use super::Decode;
use crate::wire::Endian;
use core::mem::MaybeUninit;

/// How deep `Vec`s and `Box`es may nest in one message: a recursive type (`struct Tree {
/// kids: Vec<Tree> }`) read from hostile input would otherwise recurse until the stack
/// overflows. A `Vec` of static-size values (`Vec<u8>`, `Vec<[u8; 32]>`, a `Vec` of records
/// of numbers) holds no `Vec` or `Box` and reads no deeper, so it is not counted.
///
/// The stack this takes: an optimized build's 128 levels fit the 2 MiB of a spawned thread
/// with room to spare; an unoptimized one (opt-level 0) takes about 20 KiB a level, so a debug
/// build that decodes untrusted nested input wants a thread of 4 MiB or more.
pub const MAX_NESTING: usize = 128;

/// Bytes a collection may allocate before its elements arrive when the input does not vouch
/// for its length (readers, or past the preallocation credit): it grows from there.
const CAUTIOUS_BYTES: usize = 4096;

/// How many times the input's length a decoder may preallocate for collections before their
/// elements are read (a legitimate message's elements take at most a few times their encoded
/// size in memory).
const PREALLOC_FACTOR: usize = 16;

/// Reads values from a [`Reader`] under a [`Config`], tracking the offset for errors and the
/// bytes allocated against the limit.
///
/// Memory stays bounded by the input on every path, with or without a limit: a length prefix
/// is refused when the input cannot hold its elements; collections preallocate only what the
/// input vouches for (in all at most 16 times the input's length) and
/// otherwise grow as elements arrive; `Vec`s and `Box`es nest at most [`MAX_NESTING`] deep.
#[derive(Debug)]
pub struct Decoder<R> {
    pub(super) reader: R,
    pub(super) config: Config,
    /// Bytes consumed so far; for a reader that counts what is left
    /// (`Reader::counts_remaining`), what was left at the start instead, the offset then
    /// being the difference (one pointer to move per read, not two counters).
    offset: usize,
    /// Bytes that length prefixes may still allocate: what is left of the limit, or without
    /// one of `isize::MAX` (more than any allocation can take). A plain number, so that
    /// charging a length is one compare and one subtraction (as an `Option`, the tag was
    /// tested and rewritten at every `Vec`: measured, 9.3 -> 8.3 us for a Solana-like block
    /// decoded without `malloc`).
    budget: usize,
    /// Bytes collections may still allocate before their elements are read.
    prealloc_credit: usize,
    /// `Vec`s and `Box`es being decoded around the current value.
    depth: usize,
}

/// The body of [`Decoder::in_order`] and [`Decoder::in_order_borrowed`], which differ only in
/// the `dyn` wrapper (`$erased_reader`) the reader is put behind when the order differs from a
/// typed configuration's.
macro_rules! in_order_with {
    ($this:ident, $order:ident, $state:ident, $body:ident, $erased:ident, $erased_reader:ident) => {{
        if const { R::ORDER.is_none() } {
            let saved = $this.config.set_order($order);
            let out = $body($this, $state);
            $this.config.restore_order(saved);
            return out;
        }
        if R::ORDER == Some($order) {
            return $body($this, $state);
        }
        // The reader's order is that of a typed configuration, and another than `order`.
        let mut inner = Decoder {
            reader: $erased_reader(&mut $this.reader),
            config: $this.config.with_order($order),
            offset: $this.offset,
            budget: $this.budget,
            prealloc_credit: $this.prealloc_credit,
            depth: $this.depth,
        };
        let out = $erased(&mut inner, $state);
        let (offset, budget, prealloc_credit) = (inner.offset, inner.budget, inner.prealloc_credit);
        $this.offset = offset;
        $this.budget = budget;
        $this.prealloc_credit = prealloc_credit;
        out
    }};
}

impl<R: Reader> Decoder<R> {
    /// A decoder reading from `reader`.
    ///
    /// ```
    /// use endian_wire::frame::{Config, Decode, Decoder, SliceReader};
    /// let mut d = Decoder::new(SliceReader::new(&[7, 0, 1]), Config::legacy());
    /// assert_eq!(u8::decode(&mut d)?, 7);
    /// assert_eq!(u16::decode(&mut d)?, 256);
    /// assert_eq!(d.offset(), 3);
    /// # Ok::<(), endian_wire::frame::DecodeError>(())
    /// ```
    pub fn new(reader: R, config: Config) -> Self {
        assert!(
            R::INT_ENCODING.is_none_or(|known| known == config.int_encoding()),
            "a reader's INT_ENCODING must be its configuration's"
        );
        let remaining = reader.remaining();
        let prealloc_credit = remaining.map_or(0, |n| n.saturating_mul(PREALLOC_FACTOR));
        let offset = match remaining {
            Some(n) if reader.counts_remaining() => n,
            _ => 0,
        };
        Decoder {
            reader,
            budget: config.limit().unwrap_or(isize::MAX as usize),
            config,
            offset,
            prealloc_credit,
            depth: 0,
        }
    }

    /// A decoder reading from `reader` as if `depth` `Vec`s or `Box`es were open around it
    /// and `budget` bytes were left of the limit: a part of a run decoded apart from the rest
    /// (see [`parallel`](crate::frame::parallel)), in the state the run's decoder reaches it.
    #[cfg(feature = "rayon")]
    pub(crate) fn resumed(reader: R, config: Config, depth: usize, budget: usize) -> Self {
        let mut d = Self::new(reader, config);
        d.depth = depth;
        d.budget = budget;
        d
    }

    /// What is left of the limit (see [`resumed`](Self::resumed)).
    #[cfg(feature = "rayon")]
    pub(crate) fn budget(&self) -> usize {
        self.budget
    }

    /// The configuration.
    #[inline]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Bytes consumed so far.
    #[inline]
    pub fn offset(&self) -> usize {
        if self.reader.counts_remaining() {
            self.offset - self.reader.remaining().unwrap_or(0)
        } else {
            self.offset
        }
    }

    /// Counts `len` bytes just read (nothing to count when the reader counts what is left).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn advance(&mut self, len: usize) {
        if !self.reader.counts_remaining() {
            self.offset += len;
        }
    }

    /// The reader back.
    pub fn into_reader(self) -> R {
        self.reader
    }

    /// The reader.
    #[inline]
    pub fn reader(&mut self) -> &mut R {
        &mut self.reader
    }

    /// Runs `body` with native integers, lengths and tags read in `order`, or `erased` on
    /// this decoder with its reader behind `dyn` when a typed configuration compiled in
    /// another order (see [`Encoder::in_order`](crate::frame::Encoder::in_order)); its
    /// position, limits and depth are carried over and back.
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn in_order<S, T>(
        &mut self,
        order: Endian,
        state: S,
        body: impl FnOnce(&mut Self, S) -> T,
        erased: impl FnOnce(&mut Decoder<ErasedReader<'_>>, S) -> T,
    ) -> T {
        in_order_with!(self, order, state, body, erased, ErasedReader)
    }

    /// [`in_order`](Self::in_order) for a type that borrows from the input: `erased` gets a
    /// reader that still lends the input's bytes for `'de`.
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn in_order_borrowed<'de, S, T>(
        &mut self,
        order: Endian,
        state: S,
        body: impl FnOnce(&mut Self, S) -> T,
        erased: impl FnOnce(&mut Decoder<ErasedBorrowReader<'_, 'de>>, S) -> T,
    ) -> T
    where
        R: BorrowReader<'de>,
    {
        in_order_with!(self, order, state, body, erased, ErasedBorrowReader)
    }

    /// The byte order of native integers, lengths and tags here: a constant under a typed
    /// configuration, the configuration's (or a derived type's) otherwise.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn endian(&self) -> Endian {
        match R::ORDER {
            Some(order) => order,
            None => self.config.endian(),
        }
    }

    /// An error at the current offset.
    #[cold]
    pub fn error(&self, kind: DecodeErrorKind) -> DecodeError {
        DecodeError::new(self.offset(), kind)
    }

    /// An error at `offset`.
    #[cold]
    pub fn error_at(&self, offset: usize, kind: DecodeErrorKind) -> DecodeError {
        DecodeError::new(offset, kind)
    }

    /// The integer encoding (the configuration's; a compile-time constant on the entry
    /// points' paths).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn int_encoding(&self) -> IntEncoding {
        match R::INT_ENCODING {
            Some(known) => known,
            None => self.config.int_encoding(),
        }
    }

    /// Whether integers are read at their full width (then static-size values take their
    /// [`Decode::FIXED_SIZE`]).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn is_fixed_int(&self) -> bool {
        self.int_encoding() == IntEncoding::Fixed
    }

    /// Runs `read` on the next `len` bytes, checked once, and consumes them if it succeeds;
    /// `Ok(None)` (nothing read) when the input is not in memory or holds fewer bytes (the
    /// caller's byte-by-byte path then reports exactly where it ends).
    ///
    /// # Errors
    /// `read`'s error.
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn read_fixed<T>(
        &mut self,
        len: usize,
        read: impl FnOnce(&mut FixedIn<'_>) -> Result<T, DecodeError>,
    ) -> Result<Option<T>, DecodeError> {
        let offset = self.offset();
        let Some(bytes) = self.reader.peek().and_then(|rest| rest.get(..len)) else {
            return Ok(None);
        };
        let value = read(&mut FixedIn::new(bytes, offset))?;
        self.consume(len);
        Ok(Some(value))
    }

    /// Reads a `T` in one step if it has a static size under this configuration and the
    /// input is in memory, native numbers in `BIG`'s order; `Ok(None)` otherwise.
    ///
    /// # Errors
    /// As [`Decode::decode_fixed`].
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn decode_fixed_in<T: Decode, const BIG: bool>(
        &mut self,
    ) -> Result<Option<T>, DecodeError> {
        if self.is_fixed_int() {
            match T::FIXED_SIZE {
                Some(size) => self.read_fixed(size, T::decode_fixed::<BIG, false>),
                None => Ok(None),
            }
        } else {
            match T::VARINT_SIZE {
                Some(size) => self.read_fixed(size, T::decode_fixed::<BIG, true>),
                None => Ok(None),
            }
        }
    }

    /// The bytes every `T` takes under this configuration's integer encoding, if the same for
    /// all ([`Decode::FIXED_SIZE`] or [`Decode::VARINT_SIZE`]).
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn static_size<T: Decode>(&self) -> Option<usize> {
        if self.is_fixed_int() {
            T::FIXED_SIZE
        } else {
            T::VARINT_SIZE
        }
    }

    /// [`decode_fixed_in`](Self::decode_fixed_in) in the configuration's byte order.
    ///
    /// # Errors
    /// As [`Decode::decode_fixed`].
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn decode_fixed<T: Decode>(&mut self) -> Result<Option<T>, DecodeError> {
        match self.endian() {
            Endian::Big => self.decode_fixed_in::<T, true>(),
            Endian::Little => self.decode_fixed_in::<T, false>(),
        }
    }

    /// As [`decode_fixed_in`](Self::decode_fixed_in), the value written into `slot` (holding
    /// nothing to drop): `Ok(true)` when it was read. Returned by value beside the slow
    /// path's result, the two met in memory: the value's fields were stored narrow and loaded
    /// wide to be moved into the slot, a store-forwarding stall (measured: a third of the
    /// network-update decode's own time, on a 6-byte and a 13-byte record per contact).
    ///
    /// # Errors
    /// As [`Decode::decode_fixed`].
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn decode_fixed_into<T: Decode, const BIG: bool>(
        &mut self,
        slot: &mut MaybeUninit<T>,
    ) -> Result<bool, DecodeError> {
        if self.is_fixed_int() {
            self.fixed_into::<T, BIG, false>(T::FIXED_SIZE, slot)
        } else {
            self.fixed_into::<T, BIG, true>(T::VARINT_SIZE, slot)
        }
    }

    /// [`decode_fixed_into`](Self::decode_fixed_into) under one integer encoding, whose
    /// static size for `T` is `size`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn fixed_into<T: Decode, const BIG: bool, const VARINT: bool>(
        &mut self,
        size: Option<usize>,
        slot: &mut MaybeUninit<T>,
    ) -> Result<bool, DecodeError> {
        let Some(size) = size else { return Ok(false) };
        let read = self.read_fixed(
            size,
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            |input| {
                slot.write(T::decode_fixed::<BIG, VARINT>(input)?);
                Ok(())
            },
        )?;
        Ok(read.is_some())
    }

    /// [`decode_fixed_into`](Self::decode_fixed_into) in the configuration's byte order.
    ///
    /// # Errors
    /// As [`Decode::decode_fixed`].
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn decode_fixed_into_config<T: Decode>(
        &mut self,
        slot: &mut MaybeUninit<T>,
    ) -> Result<bool, DecodeError> {
        match self.endian() {
            Endian::Big => self.decode_fixed_into::<T, true>(slot),
            Endian::Little => self.decode_fixed_into::<T, false>(slot),
        }
    }

    /// As [`Encoder::out_of_line`](super::Encoder::out_of_line).
    #[doc(hidden)]
    #[inline(never)]
    pub fn out_of_line<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        f(self)
    }

    /// Fills `dst` from the input.
    ///
    /// ```
    /// use endian_wire::frame::{Config, Decoder, SliceReader};
    /// let mut d = Decoder::new(SliceReader::new(b"magic!"), Config::standard());
    /// let mut magic = [0u8; 5];
    /// d.read_bytes(&mut magic)?;
    /// assert_eq!(&magic, b"magic");
    /// assert!(d.read_bytes(&mut magic).is_err()); // one byte left
    /// # Ok::<(), endian_wire::frame::DecodeError>(())
    /// ```
    ///
    /// # Errors
    /// `UnexpectedEnd` (at the offset where the read started) or the reader's error.
    #[inline]
    pub fn read_bytes(&mut self, dst: &mut [u8]) -> Result<(), DecodeError> {
        match self.reader.read(dst) {
            Ok(()) => {
                self.advance(dst.len());
                Ok(())
            }
            Err(kind) => Err(self.error(kind)),
        }
    }

    /// Moves past `len` bytes of the input.
    ///
    /// # Errors
    /// As [`read_bytes`](Self::read_bytes).
    #[inline]
    pub fn skip_bytes(&mut self, len: usize) -> Result<(), DecodeError> {
        if let Some(unread) = self.reader.peek()
            && unread.len() >= len
        {
            self.reader.consume(len);
            self.advance(len);
            return Ok(());
        }
        // A stream, or too little left: read through a buffer (the error names the offset
        // where the input ended).
        let mut scratch = [0u8; 256];
        let mut left = len;
        while left > 0 {
            let step = left.min(scratch.len());
            self.read_bytes(&mut scratch[..step])?;
            left -= step;
        }
        Ok(())
    }

    /// Reads `N` bytes.
    ///
    /// # Errors
    /// As [`read_bytes`](Self::read_bytes).
    #[inline]
    pub fn read_array<const N: usize>(&mut self) -> Result<[u8; N], DecodeError> {
        let mut out = [0u8; N];
        self.read_bytes(&mut out)?;
        Ok(out)
    }

    /// Reads a length prefix for `len` elements taking at least `min_size` bytes each on the
    /// wire and `alloc_size` bytes each in memory, and refuses it, before anything is
    /// allocated, if the input cannot hold them or the limit does not allow them. The bytes
    /// are charged to the limit.
    ///
    /// Elements that can take no input (`min_size` 0: `()`, empty structs) cost one byte each
    /// against the limit, and against [`DEFAULT_LIMIT`] without one, so that no length makes
    /// the decoder loop without reading.
    ///
    /// # Errors
    /// [`DecodeErrorKind::LengthTooLarge`] naming the reason, or a read error.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn read_len(&mut self, min_size: usize, alloc_size: usize) -> Result<usize, DecodeError> {
        let start = self.offset();
        let order = self.endian();
        let len = self.read_uint(8, order, "u64")? as u64;
        self.accept_len(start, len, min_size, alloc_size)
    }

    /// The checks of [`read_len`](Self::read_len) on a length read at `start` by other means
    /// (the per-field length encodings of [`len`](super::len)).
    ///
    /// # Errors
    /// As [`read_len`](Self::read_len).
    #[doc(hidden)]
    #[inline]
    pub fn accept_len(
        &mut self,
        start: usize,
        len: u64,
        min_size: usize,
        alloc_size: usize,
    ) -> Result<usize, DecodeError> {
        let refuse = |reason| DecodeErrorKind::LengthTooLarge {
            length: len,
            reason,
        };
        let Ok(count) = usize::try_from(len) else {
            return Err(self.error_at(start, refuse(LengthRefusal::BeyondAddressSpace)));
        };
        if let Some(remaining) = self.reader.remaining()
            && count.saturating_mul(min_size) > remaining
        {
            return Err(self.error_at(start, refuse(LengthRefusal::BeyondInput { remaining })));
        }
        // Zero-sized elements still cost a step each: charge at least one byte.
        let cost = count.checked_mul(alloc_size.max(1));
        // Without a limit, elements that can take no input are bounded by the default limit.
        let endless = min_size == 0 && count > DEFAULT_LIMIT && self.config.limit().is_none();
        // (The refusal built inline: a call handed the decoder's address, even on this cold
        // path, kept the compiler from holding the decoder in registers, and a `Vec<u8>` of
        // 1 KiB took 15.7 ns to decode instead of 12.8.)
        let cost = match cost {
            Some(cost) if cost <= self.budget && !endless => cost,
            _ => {
                let reason = match self.config.limit() {
                    Some(limit) => LengthRefusal::BeyondLimit { limit },
                    None if endless => LengthRefusal::BeyondLimit {
                        limit: DEFAULT_LIMIT,
                    },
                    None => LengthRefusal::BeyondAddressSpace,
                };
                return Err(self.error_at(start, refuse(reason)));
            }
        };
        self.budget -= cost;
        if let Err(kind) = self.reader.claim_allocation(cost) {
            return Err(self.error_at(start, kind));
        }
        Ok(count)
    }

    /// How many of `count` elements of `size` bytes a collection may allocate before reading
    /// them: all of them while the decoder's preallocation credit (a multiple of the input's
    /// length, none for readers) lasts, else a few KiB's worth; the collection grows from
    /// there as elements arrive.
    #[doc(hidden)]
    #[inline]
    pub fn capacity_for(&mut self, count: usize, size: usize) -> usize {
        let bytes = count.saturating_mul(size);
        if bytes <= self.prealloc_credit {
            self.prealloc_credit -= bytes;
            count
        } else {
            count.min(CAUTIOUS_BYTES / size.max(1))
        }
    }

    /// Runs `f` one nesting level deeper (`Vec`, `Box`: what a recursive type recurses
    /// through).
    ///
    /// # Errors
    /// [`DecodeErrorKind::TooDeep`] beyond [`MAX_NESTING`] levels, or `f`'s error.
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn nested<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, DecodeError>,
    ) -> Result<T, DecodeError> {
        if self.depth >= MAX_NESTING {
            return Err(self.error(DecodeErrorKind::TooDeep { limit: MAX_NESTING }));
        }
        self.depth += 1;
        let out = f(self);
        self.depth -= 1;
        out
    }
}

impl<R: Reader> Decoder<R> {
    /// Reads the length of a run of elements (checked as [`read_len`](Self::read_len)) one
    /// nesting level deeper (see [`nested`](Self::nested)), then the run with `f`: how every
    /// `Vec` is read.
    ///
    /// # Errors
    /// As [`read_len`](Self::read_len) and [`nested`](Self::nested), or `f`'s error.
    #[cfg(feature = "alloc")]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn nested_run<T>(
        &mut self,
        min_size: usize,
        alloc_size: usize,
        f: impl FnOnce(usize, &mut Self) -> Result<T, DecodeError>,
    ) -> Result<T, DecodeError> {
        self.nested(
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            |d| {
                let len = d.read_len(min_size, alloc_size)?;
                f(len, d)
            },
        )
    }
}

impl<'de, R: BorrowReader<'de>> Decoder<R> {
    /// Reads a length prefix for `len` elements of `size` bytes each that will be borrowed
    /// from the input (not allocated, so not charged to the limit).
    ///
    /// # Errors
    /// [`DecodeErrorKind::LengthTooLarge`] if the input cannot hold them, or a read error.
    pub fn read_borrowed_len(&mut self, size: usize) -> Result<usize, DecodeError> {
        let start = self.offset();
        let order = self.endian();
        let len = self.read_uint(8, order, "u64")? as u64;
        let remaining = self.reader.remaining().unwrap_or(usize::MAX);
        match usize::try_from(len) {
            Ok(count) if count.saturating_mul(size) <= remaining => Ok(count),
            _ => Err(self.error_at(
                start,
                DecodeErrorKind::LengthTooLarge {
                    length: len,
                    reason: LengthRefusal::BeyondInput { remaining },
                },
            )),
        }
    }

    /// The next `len` bytes, borrowed from the input.
    ///
    /// # Errors
    /// `UnexpectedEnd` if fewer are left.
    #[inline]
    pub fn borrow_bytes(&mut self, len: usize) -> Result<&'de [u8], DecodeError> {
        match self.reader.borrow(len) {
            Ok(bytes) => {
                self.advance(len);
                Ok(bytes)
            }
            Err(kind) => Err(self.error(kind)),
        }
    }
}
