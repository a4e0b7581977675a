//! [`Decode`] and [`BorrowDecode`], what a value does to be read back, and the [`Decoder`]
//! it reads through (limits, nesting depth, preallocation credit, error offsets).

use core::mem::MaybeUninit;

use super::byte_map::ByteMap;
use super::config::{Config, DEFAULT_LIMIT, IntEncoding};
use super::error::{DecodeError, DecodeErrorKind, LengthRefusal};
use super::fixed::FixedIn;
use super::read::{BorrowReader, Reader};
#[cfg(feature = "alloc")]
use super::runs::{copy_run, fill_run};
use super::varint;
use crate::wire::Endian;

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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
        }
    )*};
}
pub(crate) use borrow_via_decode;

/// How deep `Vec`s and `Box`es may nest in one message: a recursive type (`struct Tree {
/// kids: Vec<Tree> }`) read from hostile input would otherwise recurse until the stack
/// overflows. A `Vec` of static-size values (`Vec<u8>`, `Vec<[u8; 32]>`, a `Vec` of records
/// of numbers) holds no `Vec` or `Box` and reads no deeper, so it is not counted.
pub const MAX_DEPTH: u32 = 128;

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
/// otherwise grow as elements arrive; `Vec`s and `Box`es nest at most [`MAX_DEPTH`] deep.
#[derive(Debug)]
pub struct Decoder<R> {
    reader: R,
    config: Config,
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
    depth: u32,
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
    #[inline(always)]
    fn advance(&mut self, len: usize) {
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

    /// Runs `f` with native integers, lengths and tags read in `order`, then restores the
    /// configured order (see [`Encoder::with_endian`](super::Encoder::with_endian)).
    #[inline]
    pub fn with_endian<T>(&mut self, order: Endian, f: impl FnOnce(&mut Self) -> T) -> T {
        let saved = self.config;
        self.config = saved.with_order(order);
        let out = f(self);
        self.config = saved;
        out
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
    #[inline(always)]
    pub fn int_encoding(&self) -> IntEncoding {
        match R::INT_ENCODING {
            Some(known) => known,
            None => self.config.int_encoding(),
        }
    }

    /// Whether integers are read at their full width (then static-size values take their
    /// [`Decode::FIXED_SIZE`]).
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
    pub fn decode_fixed<T: Decode>(&mut self) -> Result<Option<T>, DecodeError> {
        match self.config.endian() {
            Endian::Big => self.decode_fixed_in::<T, true>(),
            Endian::Little => self.decode_fixed_in::<T, false>(),
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

    /// Reads an unsigned integer of `width` bytes written by
    /// [`Encoder::write_uint`](super::Encoder::write_uint).
    ///
    /// Inlined so that a constant `width` (every caller's) turns the fixed-int read into one
    /// load of that many bytes; varints stay a call.
    #[inline(always)]
    pub(crate) fn read_uint(
        &mut self,
        width: usize,
        order: Endian,
        type_name: &'static str,
    ) -> Result<u128, DecodeError> {
        if self.int_encoding() == IntEncoding::Variable {
            // From memory, the one-byte case first, inline: values up to 250 (lengths, tags,
            // small numbers) are most of a varint message, and the branch predictor keeps it;
            // then the two- and four-byte payloads a `u16` or `u32` field takes (a constant
            // `width` drops the cases the type cannot have). Wider values, errors and streams
            // take `read_varint`.
            if let Some(bytes) = self.reader.peek() {
                macro_rules! payload {
                    ($t:ty) => {
                        if let Some(p) = bytes.get(1..1 + size_of::<$t>()) {
                            let p: [u8; size_of::<$t>()] =
                                p.try_into().unwrap_or_else(|_| unreachable!());
                            let value = match order {
                                Endian::Big => <$t>::from_be_bytes(p),
                                Endian::Little => <$t>::from_le_bytes(p),
                            };
                            self.consume(1 + size_of::<$t>());
                            return Ok(u128::from(value));
                        }
                    };
                }
                match bytes.first() {
                    Some(&first) if first <= varint::SINGLE_MAX => {
                        self.consume(1);
                        return Ok(u128::from(first));
                    }
                    Some(&varint::U16_MARKER) if width >= 2 => payload!(u16),
                    Some(&varint::U32_MARKER) if width >= 4 => payload!(u32),
                    _ => {}
                }
            }
            return self.read_varint(width, order, type_name);
        }
        macro_rules! fixed {
            ($t:ty) => {{
                let bytes = self.read_array::<{ size_of::<$t>() }>()?;
                u128::from(match order {
                    Endian::Big => <$t>::from_be_bytes(bytes),
                    Endian::Little => <$t>::from_le_bytes(bytes),
                })
            }};
        }
        Ok(match width {
            1 => fixed!(u8),
            2 => fixed!(u16),
            4 => fixed!(u32),
            8 => fixed!(u64),
            _ => {
                let mut buf = [0u8; 16];
                self.read_bytes(&mut buf[..width])?;
                varint::payload_value(&buf[..width], order)
            }
        })
    }

    /// Reads a bincode varint of at most `width` bytes (payload in `order`), whatever the
    /// configuration.
    #[inline]
    pub(crate) fn read_varint(
        &mut self,
        width: usize,
        order: Endian,
        type_name: &'static str,
    ) -> Result<u128, DecodeError> {
        let start = self.offset();
        // From memory in one step when the reader holds the input.
        if let Some(bytes) = self.reader.peek() {
            return match varint::parse(bytes, width, order) {
                Ok((value, used)) => {
                    self.consume(used);
                    Ok(value)
                }
                Err(e) => Err(self.varint_error(start, e, type_name)),
            };
        }
        // From a stream: the marker, then its payload if it may follow, then the same checks
        // as above on what was read.
        let [first] = self.read_array::<1>()?;
        let mut buf = [0u8; 17];
        buf[0] = first;
        let payload = varint::payload_width(first).ok().flatten().unwrap_or(0);
        if payload <= width {
            self.read_bytes(&mut buf[1..=payload])?;
        }
        match varint::parse(&buf[..=payload], width, order) {
            Ok((value, _)) => Ok(value),
            Err(e) => Err(self.varint_error(start, e, type_name)),
        }
    }

    /// The error for a varint that failed to parse at `start`.
    #[cold]
    pub(crate) fn varint_error(
        &self,
        start: usize,
        e: varint::ParseError,
        type_name: &'static str,
    ) -> DecodeError {
        let kind = match e {
            varint::ParseError::End(needed) => DecodeErrorKind::UnexpectedEnd { needed },
            varint::ParseError::Reserved => DecodeErrorKind::ReservedVarintMarker,
            varint::ParseError::TooWide(marker) => {
                DecodeErrorKind::VarintTooWide { marker, type_name }
            }
        };
        self.error_at(start, kind)
    }

    /// The unread input, when the reader holds it in memory.
    #[inline]
    pub(crate) fn peek(&self) -> Option<&[u8]> {
        self.reader.peek()
    }

    /// Marks `len` peeked bytes as read.
    #[inline]
    pub(crate) fn consume(&mut self, len: usize) {
        self.reader.consume(len);
        self.advance(len);
    }

    /// Reads a signed integer of `width` bytes written by
    /// [`Encoder::write_int`](super::Encoder::write_int).
    pub(crate) fn read_int(
        &mut self,
        width: usize,
        order: Endian,
        type_name: &'static str,
    ) -> Result<i128, DecodeError> {
        let raw = self.read_uint(width, order, type_name)?;
        Ok(match self.int_encoding() {
            // Sign-extend from `width` bytes.
            IntEncoding::Fixed => {
                let shift = 128 - 8 * width as u32;
                ((raw << shift) as i128) >> shift
            }
            IntEncoding::Variable => varint::unzigzag(raw),
        })
    }

    /// Reads an enum tag (`u32` variant position).
    ///
    /// # Errors
    /// As [`read_len`](Self::read_len), for a `u32`.
    pub fn read_variant(&mut self) -> Result<u32, DecodeError> {
        let order = self.config.endian();
        let v = self.read_uint(4, order, "u32")?;
        // Fixed-int reads 4 bytes and a varint is refused when wider than 4: it fits.
        Ok(v as u32)
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
    #[inline(always)]
    pub fn read_len(&mut self, min_size: usize, alloc_size: usize) -> Result<usize, DecodeError> {
        let start = self.offset();
        let order = self.config.endian();
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
    /// [`DecodeErrorKind::TooDeep`] beyond [`MAX_DEPTH`] levels, or `f`'s error.
    #[doc(hidden)]
    #[inline(always)]
    pub fn nested<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, DecodeError>,
    ) -> Result<T, DecodeError> {
        if self.depth >= MAX_DEPTH {
            return Err(self.error(DecodeErrorKind::TooDeep { limit: MAX_DEPTH }));
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
    #[inline(always)]
    pub(crate) fn nested_run<T>(
        &mut self,
        min_size: usize,
        alloc_size: usize,
        f: impl FnOnce(usize, &mut Self) -> Result<T, DecodeError>,
    ) -> Result<T, DecodeError> {
        self.nested(
            #[inline(always)]
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
        let order = self.config.endian();
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

/// The promise that `T`'s in-place reads keep their contract (see
/// [`Decode::DECODES_IN_PLACE`]). Only `unsafe` code can make one, and it is typed by the type
/// it vouches for, so a safe `Decode` impl that overrides [`Decode::decode_in_place`] is never
/// trusted with uninitialized memory, not even by borrowing another type's promise.
#[doc(hidden)]
pub struct InPlace<T: ?Sized>(core::marker::PhantomData<fn() -> T>);

impl<T: ?Sized> Clone for InPlace<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: ?Sized> Copy for InPlace<T> {}

impl<T: ?Sized> core::fmt::Debug for InPlace<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("InPlace")
    }
}

impl<T: ?Sized> InPlace<T> {
    /// # Safety
    /// `T`'s `decode_in_place` and `decode_fixed_array_in_place` initialize their slot
    /// whenever they return `Ok`, and leave nothing in it to drop when they return an error.
    #[must_use]
    pub const unsafe fn new() -> Self {
        InPlace(core::marker::PhantomData)
    }
}

/// Reads a `T` into `slot` (holding nothing to drop): through `T::decode_in_place` when the
/// type vouches for it, by value otherwise. On `Ok` the slot holds the value; on an error,
/// nothing.
///
/// # Errors
/// As [`Decode::decode`].
#[doc(hidden)]
#[inline(always)]
pub fn decode_into_slot<T: Decode, R: Reader>(
    d: &mut Decoder<R>,
    slot: &mut MaybeUninit<T>,
) -> Result<(), DecodeError> {
    if T::DECODES_IN_PLACE.is_some() {
        return T::decode_in_place(d, slot);
    }
    slot.write(T::decode(d)?);
    Ok(())
}

/// Reads `len` values into a new `Vec` in `slot` (holding nothing to drop), as
/// [`decode_into_slot`] for a `Vec<T>`: the vector is built where it ends up, each value read
/// into its element (see [`Decode::decode_vec_in_place`]).
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn decode_vec_into_slot<T: Decode, R: Reader>(
    len: usize,
    d: &mut Decoder<R>,
    slot: &mut MaybeUninit<alloc::vec::Vec<T>>,
) -> Result<(), DecodeError> {
    T::decode_vec_in_place(len, d, slot)
}

/// The default [`Decode::decode_vec_in_place`]: a run that is its memory in one copy, a run of
/// static-size values after one length check, else value by value; also the fallback of the
/// types that override it.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn decode_vec_generic<T: Decode, R: Reader>(
    len: usize,
    d: &mut Decoder<R>,
    slot: &mut MaybeUninit<alloc::vec::Vec<T>>,
) -> Result<(), DecodeError> {
    // A run whose memory is its wire bytes: one allocation and one copy.
    if copy_run(len, d, slot) {
        return Ok(());
    }
    let capacity = d.capacity_for(len, size_of::<T>());
    let out = slot.write(alloc::vec::Vec::with_capacity(capacity));
    let read = 'read: {
        // Static-size elements from memory: one length check for the run.
        if let Some(size) = d.static_size::<T>()
            && size > 0
            && let Some(total) = size.checked_mul(len)
        {
            let big = d.config().endian() == Endian::Big;
            let varint = !d.is_fixed_int();
            let run = d.read_fixed(
                total,
                #[inline(always)]
                |input| match (big, varint) {
                    (false, false) => fill_run::<T, false, false>(len, size, out, input),
                    (true, false) => fill_run::<T, true, false>(len, size, out, input),
                    (false, true) => fill_run::<T, false, true>(len, size, out, input),
                    (true, true) => fill_run::<T, true, true>(len, size, out, input),
                },
            );
            match run {
                Ok(Some(())) => break 'read Ok(()),
                Ok(None) => {}
                Err(e) => break 'read Err(e),
            }
        }
        decode_elements_in_place(len, d, out)
    };
    if let Err(e) = read {
        // SAFETY: `slot` was initialized with a `Vec` above and is dropped once here: the
        // caller sees the error and treats `slot` as holding nothing.
        unsafe { slot.assume_init_drop() };
        return Err(e);
    }
    Ok(())
}

/// Appends `len` values to `out` (empty), each read into the element it becomes; on an error,
/// `out` holds the values read before it.
#[cfg(feature = "alloc")]
#[inline]
fn decode_elements_in_place<T: Decode, R: Reader>(
    len: usize,
    d: &mut Decoder<R>,
    out: &mut alloc::vec::Vec<T>,
) -> Result<(), DecodeError> {
    for _ in 0..len {
        // Room for one more: free while the capacity given up front lasts, then it grows as
        // values arrive (a length the input did not vouch for).
        out.reserve(1);
        let Some(slot) = out.spare_capacity_mut().first_mut() else {
            unreachable!("reserved")
        };
        decode_into_slot::<T, R>(d, slot)?;
        // SAFETY: `decode_into_slot` returned `Ok`, so the first spare element holds a value.
        unsafe { out.set_len(out.len() + 1) };
    }
    Ok(())
}
