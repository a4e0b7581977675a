//! [`Encode`], what a value does to be framed, and the [`Encoder`] it writes through.

use super::config::{Config, IntEncoding};
use super::config::{ForParams, for_params};
use super::error::EncodeError;
use super::fixed::FixedOut;
use super::runs::{copy_encode_run, encode_run, permute_run};
use super::varint;
use super::write::{ErasedWriter, Writer};
use crate::layout::ByteMap;
use crate::layout::{Tables, is_memory_image};
use crate::wire::Endian;

/// A value that can be framed.
pub trait Encode {
    /// Writes this value.
    ///
    /// # Errors
    /// Whatever the writer reports.
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError>;

    /// Writes the elements of a slice back to back. Types with a faster way (one copy or one
    /// bulk conversion for the whole slice) override it; the result is the same bytes.
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn encode_slice<W: Writer>(items: &[Self], e: &mut Encoder<W>) -> Result<(), EncodeError>
    where
        Self: Sized,
    {
        if encode_static_run(items, e)? {
            return Ok(());
        }
        for item in items {
            item.encode(e)?;
        }
        Ok(())
    }

    /// The bytes every value takes under fixed-int encoding, when all values take the same
    /// number (numbers, wrappers, arrays, tuples and derived structs of them); `None`
    /// otherwise. A value with a static size is written with one capacity check for the whole
    /// value, or the whole run of values, by [`encode_fixed`](Self::encode_fixed).
    #[doc(hidden)]
    const FIXED_SIZE: Option<usize> = None;

    /// As [`FIXED_SIZE`](Self::FIXED_SIZE), under varint encoding: types without an integer
    /// wider than a byte (floats, `u8`, `i8`, `bool`, and arrays, tuples and derived structs
    /// of them), and unit enums whose tags fit one varint byte. Such values keep the one-check
    /// path under bincode 2's `standard()`. Where it equals `FIXED_SIZE` the bytes are the
    /// fixed-int ones (only a unit enum's tag changes size, and it always shrinks).
    #[doc(hidden)]
    const VARINT_SIZE: Option<usize> = None;

    /// Where the `FIXED_SIZE` wire bytes sit in the value's memory, with native numbers
    /// little-endian (`[0]`) and big-endian (`[1]`), when they are a rearrangement of it
    /// (numbers, wrappers, byte arrays, tuples and derived structs of them): a run of such
    /// values is then encoded by one byte permutation per value where the CPU has one. Built
    /// only by `ByteMap`'s `unsafe` constructors, whose contract is that the map is this
    /// type's.
    #[doc(hidden)]
    const BYTE_MAP: [Option<ByteMap<Self>>; 2] = [None, None];

    /// Writes exactly `FIXED_SIZE` bytes under fixed-int (`VARINT_SIZE` under varint if
    /// `VARINT`), native numbers big-endian if `BIG`. Called only for a type whose static size
    /// under that encoding is `Some`, which must implement it.
    #[doc(hidden)]
    #[inline]
    fn encode_fixed<const BIG: bool, const VARINT: bool>(&self, out: &mut FixedOut<'_>) {
        let _ = out;
        unreachable!("a type with a FIXED_SIZE implements encode_fixed");
    }

    /// [`encode_fixed`](Self::encode_fixed) for each item (bytes override it with one copy).
    #[doc(hidden)]
    #[inline]
    fn encode_fixed_slice<const BIG: bool, const VARINT: bool>(
        items: &[Self],
        out: &mut FixedOut<'_>,
    ) where
        Self: Sized,
    {
        for item in items {
            item.encode_fixed::<BIG, VARINT>(out);
        }
    }
}

/// Writes values to a [`Writer`] under a [`Config`].
#[derive(Debug)]
pub struct Encoder<W> {
    writer: W,
    config: Config,
}

impl<W: Writer> Encoder<W> {
    /// An encoder writing to `writer`.
    ///
    /// ```
    /// use endian_wire::frame::{Config, Encode, Encoder, SliceWriter};
    /// let mut buf = [0u8; 12];
    /// let mut e = Encoder::new(SliceWriter::new(&mut buf), Config::legacy().with_big_endian());
    /// 1u16.encode(&mut e)?;
    /// "hi".encode(&mut e)?;
    /// assert_eq!(buf, [0, 1, 0, 0, 0, 0, 0, 0, 0, 2, b'h', b'i']);
    /// # Ok::<(), endian_wire::frame::EncodeError>(())
    /// ```
    pub fn new(writer: W, config: Config) -> Self {
        assert!(
            W::INT_ENCODING.is_none_or(|known| known == config.int_encoding()),
            "a writer's INT_ENCODING must be its configuration's"
        );
        Encoder { writer, config }
    }

    /// The configuration.
    #[inline]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The writer back.
    pub fn into_writer(self) -> W {
        self.writer
    }

    /// The writer.
    #[inline]
    pub fn writer(&mut self) -> &mut W {
        &mut self.writer
    }

    /// Runs `body` with native integers, lengths and tags in `order`: how a derived type that
    /// declares its order frames what is inside it. Hand-written impls fix an order with the
    /// wrapper types instead (`u32be`, `LittleEndian<T>`), whatever the configuration.
    ///
    /// Under a run-time [`Config`](super::Config) the order is set for `body` and put back after it. Under a
    /// typed [`Configuration`](super::Configuration) the order is compiled in: `body` runs as
    /// it stands when `order` is that order, and otherwise `erased` runs instead, on this
    /// encoder with its writer behind `dyn` and the order a run-time value again (so that a
    /// type, even a recursive one, is compiled once more for it in all, not once per writer
    /// and order). `erased` frames the same value as `body` would.
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn in_order<S, T>(
        &mut self,
        order: Endian,
        state: S,
        body: impl FnOnce(&mut Self, S) -> T,
        erased: impl FnOnce(&mut Encoder<ErasedWriter<'_>>, S) -> T,
    ) -> T {
        if const { W::ORDER.is_none() } {
            let saved = self.config.set_order(order);
            let out = body(self, state);
            self.config.restore_order(saved);
            return out;
        }
        if W::ORDER == Some(order) {
            return body(self, state);
        }
        // The writer's order is that of a typed configuration, and another than `order`.
        let config = self.config.with_order(order);
        erased(
            &mut Encoder {
                writer: ErasedWriter(&mut self.writer),
                config,
            },
            state,
        )
    }

    /// The byte order of native integers, lengths and tags here: a constant under a typed
    /// configuration, the configuration's (or a derived type's) otherwise.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn endian(&self) -> Endian {
        match W::ORDER {
            Some(order) => order,
            None => self.config.endian(),
        }
    }

    /// The integer encoding (the configuration's; a compile-time constant on the entry
    /// points' paths, so that checking it costs nothing there).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn int_encoding(&self) -> IntEncoding {
        match W::INT_ENCODING {
            Some(known) => known,
            None => self.config.int_encoding(),
        }
    }

    /// Whether integers are written at their full width (then static-size values take their
    /// [`Encode::FIXED_SIZE`]).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn is_fixed_int(&self) -> bool {
        self.int_encoding() == IntEncoding::Fixed
    }

    /// Writes `len` bytes produced by `fill` with one capacity check; `Ok(false)` (nothing
    /// written) where the writer cannot give the room in one piece.
    ///
    /// # Errors
    /// As the writer.
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn write_fixed(
        &mut self,
        len: usize,
        fill: impl FnOnce(&mut FixedOut<'_>),
    ) -> Result<bool, EncodeError> {
        self.writer.write_fixed(len, fill)
    }

    /// Writes `value` in one step if it has a static size under this configuration, native
    /// numbers in `BIG`'s order; `Ok(false)` (nothing written) otherwise.
    ///
    /// # Errors
    /// As the writer.
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn encode_fixed_in<T: Encode + ?Sized, const BIG: bool>(
        &mut self,
        value: &T,
    ) -> Result<bool, EncodeError> {
        // The fill inlines, so that its writes land at constant offsets from the cursor (out
        // of line, it took its output through memory: one trade into a reused buffer 7.5 ns,
        // wincode 2.7).
        if self.is_fixed_int() {
            match T::FIXED_SIZE {
                Some(size) => self.write_fixed(
                    size,
                    #[cfg_attr(debug_assertions, inline)]
                    #[cfg_attr(not(debug_assertions), inline(always))]
                    |out| value.encode_fixed::<BIG, false>(out),
                ),
                None => Ok(false),
            }
        } else {
            match T::VARINT_SIZE {
                Some(size) => self.write_fixed(
                    size,
                    #[cfg_attr(debug_assertions, inline)]
                    #[cfg_attr(not(debug_assertions), inline(always))]
                    |out| value.encode_fixed::<BIG, true>(out),
                ),
                None => Ok(false),
            }
        }
    }

    /// The bytes every `T` takes under this configuration's integer encoding, if the same for
    /// all ([`Encode::FIXED_SIZE`] or [`Encode::VARINT_SIZE`]).
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn static_size<T: Encode + ?Sized>(&self) -> Option<usize> {
        if self.is_fixed_int() {
            T::FIXED_SIZE
        } else {
            T::VARINT_SIZE
        }
    }

    /// [`encode_fixed_in`](Self::encode_fixed_in) in the configuration's byte order.
    ///
    /// # Errors
    /// As the writer.
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn encode_fixed<T: Encode + ?Sized>(&mut self, value: &T) -> Result<bool, EncodeError> {
        match self.endian() {
            Endian::Big => self.encode_fixed_in::<T, true>(value),
            Endian::Little => self.encode_fixed_in::<T, false>(value),
        }
    }

    /// Runs `f` in a function of its own: derived types keep their field-by-field path there
    /// when they also have a one-step path, so that the latter inlines into callers.
    #[doc(hidden)]
    #[inline(never)]
    pub fn out_of_line<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        f(self)
    }

    /// Writes raw bytes.
    ///
    /// ```
    /// use endian_wire::frame::{Config, Encoder, SliceWriter};
    /// let mut buf = [0u8; 4];
    /// let mut e = Encoder::new(SliceWriter::new(&mut buf), Config::standard());
    /// e.write_bytes(b"RIFF")?;
    /// assert!(e.write_bytes(b"!").is_err()); // the slice is full
    /// assert_eq!(&buf, b"RIFF");
    /// # Ok::<(), endian_wire::frame::EncodeError>(())
    /// ```
    ///
    /// # Errors
    /// As the writer.
    #[inline]
    pub fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), EncodeError> {
        self.writer.write(bytes)
    }

    /// Writes `K` bytes known at compile time (a tag, a number): one store where the writer
    /// has room, no length-driven copy.
    ///
    /// ```
    /// use endian_wire::frame::{Config, Encoder, SliceWriter};
    /// let mut buf = [0u8; 4];
    /// let mut e = Encoder::new(SliceWriter::new(&mut buf), Config::standard());
    /// e.write_array(*b"RIFF")?;
    /// assert!(e.write_array([0]).is_err()); // the slice is full
    /// # Ok::<(), endian_wire::frame::EncodeError>(())
    /// ```
    ///
    /// # Errors
    /// As the writer.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn write_array<const K: usize>(&mut self, bytes: [u8; K]) -> Result<(), EncodeError> {
        self.writer.write_array(bytes)
    }

    /// Writes an unsigned integer of `width` bytes (2 to 16): at its width in `order` under
    /// fixed-int, as a varint (payload in `order`) under varint. Inlined, so that a constant
    /// `width` (every caller's) and a value known to fit in it leave one store per case.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn write_uint(
        &mut self,
        value: u128,
        width: usize,
        order: Endian,
    ) -> Result<(), EncodeError> {
        match self.int_encoding() {
            IntEncoding::Fixed => {
                macro_rules! full {
                    ($t:ty) => {{
                        let v = value as $t;
                        self.writer.write_array(match order {
                            Endian::Big => v.to_be_bytes(),
                            Endian::Little => v.to_le_bytes(),
                        })
                    }};
                }
                match width {
                    1 => full!(u8),
                    2 => full!(u16),
                    4 => full!(u32),
                    8 => full!(u64),
                    _ => full!(u128),
                }
            }
            IntEncoding::Variable => self.write_varint(value, order),
        }
    }

    /// Writes `value` as bincode's varint (payload in `order`), whatever the configuration:
    /// marker and payload as one constant-size piece.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn write_varint(&mut self, value: u128, order: Endian) -> Result<(), EncodeError> {
        varint::write(value, order, WriterSink(&mut self.writer))
    }

    /// Writes a signed integer of `width` bytes: two's complement under fixed-int, zigzag
    /// varint under varint.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn write_int(
        &mut self,
        value: i128,
        width: usize,
        order: Endian,
    ) -> Result<(), EncodeError> {
        match self.int_encoding() {
            IntEncoding::Fixed => self.write_uint(value as u128, width, order),
            IntEncoding::Variable => self.write_uint(varint::zigzag(value), width, order),
        }
    }

    /// Writes a length prefix (`u64`, configured order and encoding).
    ///
    /// # Errors
    /// As the writer.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn write_len(&mut self, len: usize) -> Result<(), EncodeError> {
        self.write_uint(len as u128, 8, self.endian())
    }

    /// Writes an enum tag (`u32` variant position, configured order and encoding).
    ///
    /// # Errors
    /// As the writer.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn write_variant(&mut self, index: u32) -> Result<(), EncodeError> {
        self.write_uint(u128::from(index), 4, self.endian())
    }
}

/// A varint written as one piece to a [`Writer`].
struct WriterSink<'a, W>(&'a mut W);

impl<W: Writer> varint::PieceSink for WriterSink<'_, W> {
    type Out = Result<(), EncodeError>;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn piece<const K: usize>(self, bytes: [u8; K]) -> Self::Out {
        self.0.write_array(bytes)
    }
}

/// Writes `items` after one capacity check for the whole run when `T` has a static size under
/// the encoder's configuration: by one copy where their memory is their wire bytes, by one
/// byte permutation per value where the CPU has the records kernel, else value by value
/// without checks; `Ok(false)` (nothing written)
/// otherwise, or where the writer cannot give the room in one piece.
///
/// # Errors
/// As the writer.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn encode_static_run<T: Encode, W: Writer>(
    items: &[T],
    e: &mut Encoder<W>,
) -> Result<bool, EncodeError> {
    let Some(size) = e.static_size::<T>() else {
        return Ok(false);
    };
    let Some(total) = size.checked_mul(items.len()) else {
        return Ok(false);
    };
    let big = e.endian() == Endian::Big;
    let varint = !e.is_fixed_int();
    // The byte permutation is of the fixed-int image, which is the varint one too when the
    // sizes agree (see `VARINT_SIZE`).
    let same_bytes = !varint || T::VARINT_SIZE == T::FIXED_SIZE;
    let tables = match same_bytes {
        true => encode_tables::<T>(big),
        false => None,
    };
    // A run of records of floats, or of numbers in the host's order without padding (a mesh
    // of `f32` vectors), is its memory.
    let copy = same_bytes
        && const {
            [
                is_memory_image(T::BYTE_MAP[0], size_of::<T>(), T::FIXED_SIZE),
                is_memory_image(T::BYTE_MAP[1], size_of::<T>(), T::FIXED_SIZE),
            ]
        }[usize::from(big)];
    e.write_fixed(
        total,
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        |out| {
            if copy {
                // SAFETY: `is_memory_image` holds for `T`'s map in this order.
                unsafe { copy_encode_run(items, out) };
            } else if !permute_run(items, tables, out) {
                struct Run<'i, 'o, 'b, T>(&'i [T], usize, &'o mut FixedOut<'b>);
                impl<T: Encode> ForParams for Run<'_, '_, '_, T> {
                    type Out = ();
                    #[cfg_attr(debug_assertions, inline)]
                    #[cfg_attr(not(debug_assertions), inline(always))]
                    fn run<const BIG: bool, const VARINT: bool>(self) {
                        encode_run(self.0, self.1, self.2, T::encode_fixed::<BIG, VARINT>);
                    }
                }
                for_params(big, varint, Run(items, size, out));
            }
        },
    )
}

/// `T`'s tables for encoding a run by one byte permutation per value in this order; computed
/// at compile time per type.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
const fn encode_tables<T: Encode>(big: bool) -> Option<Tables> {
    let per_order = const {
        [
            Tables::encode(T::BYTE_MAP[0], size_of::<T>(), T::FIXED_SIZE),
            Tables::encode(T::BYTE_MAP[1], size_of::<T>(), T::FIXED_SIZE),
        ]
    };
    per_order[big as usize]
}
