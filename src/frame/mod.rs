//! bincode-compatible framing: whole messages, variable-length data included, byte for byte
//! what `bincode` 1 and 2 and `wincode` write under the matching configuration.
//!
//! The rules (see [`Config`]): integers fixed-width or varint, lengths as `u64` (or varint),
//! `Option` as a one-byte tag, enums and `Result` as a `u32` variant position, `char` and
//! strings as UTF-8, structs and tuples as their fields back to back. Native integers, lengths
//! and tags use the configuration's byte order; a `BigEndian<T>` / `LittleEndian<T>` keeps its
//! own, so a wire type encodes exactly like its logical type under a configuration of the same
//! order. Slices, `Vec`s and arrays of bytes, numbers and wrappers move in one copy or one
//! SIMD pass under fixed-int; a `Vec` of a derived record of numbers and byte arrays moves by
//! one byte permutation per record where the CPU has AVX-512 VBMI (the map from its memory to
//! its wire bytes is computed at compile time), field by field elsewhere.
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! use endian_wire::frame::{self, Config};
//! use endian_wire::u32be;
//!
//! let message: (u16, Vec<u32>, Option<&str>) = (7, vec![1, 300], Some("hi"));
//! let bytes = frame::encode_to_vec(&message, Config::standard())?;
//! assert_eq!(bytes, [7, 2, 1, 0xfb, 0x2c, 0x01, 1, 2, b'h', b'i']);
//!
//! let (back, used): ((u16, Vec<u32>, Option<String>), usize) =
//!     frame::decode_from_slice(&bytes, Config::standard())?;
//! assert_eq!(used, bytes.len());
//! assert_eq!(back.1, [1, 300]);
//!
//! // A wrapper keeps its byte order under a little-endian configuration.
//! let be = frame::encode_to_vec(&u32be::new(1), Config::legacy())?;
//! assert_eq!(be, [0, 0, 0, 1]);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The configuration is a value or a type. [`Config`] is chosen at run time: each call reads it
//! once and runs code compiled for its integer encoding, its byte order a run-time value.
//! [`config::legacy`] and [`config::standard`] start a [`Configuration`] whose byte order and
//! integer encoding are types, as bincode 2's: the calls under it are compiled for them and
//! test neither again (a type of a fixed order inside, under the other order, is framed
//! through a reader or writer whose order is a run-time value again). Both frame the same
//! bytes; the entry points take either ([`AnyConfig`]).
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! use endian_wire::frame::{self, config, Config};
//! let typed = config::standard().with_big_endian();
//! let bytes = frame::encode_to_vec(&(300u32, "hi"), typed)?;
//! assert_eq!(bytes, frame::encode_to_vec(&(300u32, "hi"), Config::standard().with_big_endian())?);
//! assert_eq!(frame::decode_from_slice::<(u32, String)>(&bytes, typed)?.0, (300, "hi".into()));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Decoding can borrow instead of copying ([`borrow_decode_from_slice`]): `&str`, `&[u8]`,
//! runs of byte arrays (`&[[u8; 64]]`: signatures, keys, hashes, lent at any address under
//! every configuration), and runs of wrappers and of derived wire records of them (`&[u32be]`,
//! `&[LevelWire]`: every type framed as its memory on every host), under fixed-int (floats and
//! bytes under varint too) where the input is aligned for them: a record declared
//! `#[wire_repr(C, packed)]` has no alignment, so its runs are lent at any address. A derived
//! struct with a lifetime borrows too: its fields are framed as the owned struct's are, so it
//! reads the bytes the owned struct (or bincode, or wincode) writes, and only its `Vec`s are
//! allocated.
//!
//! ```
//! # #[cfg(all(feature = "alloc", feature = "derive"))] {
//! use endian_wire::Endianize;
//! use endian_wire::frame::{self, Config};
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(le)]
//! struct Transaction {
//!     signatures: Vec<[u8; 64]>,
//!     account_keys: Vec<[u8; 32]>,
//!     data: Vec<u8>,
//! }
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(le)]
//! struct TransactionRef<'a> {
//!     signatures: &'a [[u8; 64]],
//!     account_keys: &'a [[u8; 32]],
//!     data: &'a [u8],
//! }
//!
//! let owned = Transaction {
//!     signatures: vec![[7; 64]],
//!     account_keys: vec![[1; 32], [2; 32]],
//!     data: vec![1, 2, 3],
//! };
//! let bytes = frame::encode_to_vec(&owned, Config::standard())?;
//! let (lent, used): (TransactionRef<'_>, usize) =
//!     frame::borrow_decode_from_slice(&bytes, Config::standard())?;
//! assert_eq!(used, bytes.len());
//! assert_eq!(lent.account_keys, owned.account_keys); // pointing into `bytes`
//! assert_eq!(frame::encode_to_vec(&lent, Config::standard())?, bytes);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ```
//! # #[cfg(all(feature = "alloc", feature = "derive"))] {
//! use endian_wire::Endianize;
//! use endian_wire::frame::{self, Config};
//!
//! /// A price level of a market-data feed; its wire type `LevelWire` holds the fields as
//! /// little-endian wrappers, packed: 15 bytes in memory and on the wire.
//! #[derive(Endianize, Clone, Copy, Debug, PartialEq)]
//! #[endian(le)]
//! #[wire_repr(C, packed)]
//! struct Level {
//!     price: u64,
//!     size: u32,
//!     orders: u16,
//!     side: u8,
//! }
//!
//! let book = vec![
//!     Level { price: 101, size: 5, orders: 1, side: 0 },
//!     Level { price: 102, size: 9, orders: 3, side: 1 },
//! ];
//! let bytes = frame::encode_to_vec(&book, Config::legacy())?;
//! // The levels in the input, not copied; each converts to a `Level` when it is read.
//! let (lent, _): (&[LevelWire], usize) = frame::borrow_decode_from_slice(&bytes, Config::legacy())?;
//! assert_eq!(Level::from(lent[1]), book[1]);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A block of thousands of entries (transactions, records with variable-length parts) can use
//! every core: `frame::parallel` (feature `rayon`) encodes a `[T]` with a size pass and the entries
//! written into one buffer in parallel, and decodes a `Vec<T>` with a boundary pass
//! ([`Decode::skip`]: lengths and tags only) and the entries decoded in parallel. The bytes,
//! values, limits and errors are the sequential entry points'; small blocks stay on the
//! calling thread.
//!
//! Messages on a byte stream, each a length prefix and one framed value, are
//! the transport's (`endian_wire::stream`). [`encode_into_buf`] and [`decode_from_buf`] work with `bytes` buffers
//! (feature `bytes`).
//!
//! Decoding never panics and never allocates beyond the configured limit
//! ([`DEFAULT_LIMIT`], 16 MiB, unless changed): a length prefix is checked against the input
//! and the limit before anything is allocated, and every error names the byte offset. Without
//! a limit, and from readers, what a decode allocates is still bounded by the input it reads
//! (see [`Decoder`]); `Vec`s and `Box`es nest at most [`MAX_NESTING`] deep.

#[cfg(feature = "bincode")]
#[doc(hidden)]
pub mod bincode;
#[cfg(feature = "bytes")]
mod bytes;
pub mod config;
mod decode;
mod encode;
mod error;
mod fixed;
mod impls;
pub mod len;
#[cfg(feature = "rayon")]
pub mod parallel;
#[cfg(feature = "std")]
mod prefixed;
mod read;
mod runs;
mod varint;
mod write;

pub use config::{AnyConfig, Config, Configuration, DEFAULT_LIMIT, IntEncoding};
use config::{Entry, ForParams, IntParam, OrderParam, Static, for_params};
use decode::ReadFixed;
pub use decode::{BorrowDecode, Decode, Decoder, MAX_NESTING};
#[doc(hidden)]
pub use decode::{BorrowInPlace, InPlace, borrow_decode_into_slot, decode_into_slot};
pub use encode::{Encode, Encoder};
pub use error::{DecodeError, DecodeErrorKind, EncodeError, LengthFault, LengthRefusal};
#[doc(hidden)]
pub use fixed::{FixedIn, FixedOut, sum_sizes, times};
#[cfg(feature = "std")]
pub use read::IoReader;
pub use read::{BorrowReader, Reader, SliceReader};
#[doc(hidden)]
pub use read::{ErasedBorrowReader, ErasedReader};
#[doc(hidden)]
pub use write::ErasedWriter;
#[cfg(feature = "std")]
pub use write::IoWriter;
pub use write::{SizeCounter, SliceWriter, Writer};

#[cfg(feature = "bytes")]
pub use bytes::{BytesReader, BytesWriter, decode_from_buf, encode_into_buf};
// What the transport (`stream`) frames its messages with.
#[cfg(feature = "std")]
pub(crate) use prefixed::{Prefix, PrefixedError, encode_prefixed};
#[cfg(all(feature = "std", feature = "tokio"))]
pub(crate) use prefixed::{decode_message, decodes_in_one_step};
#[cfg(feature = "std")]
pub(crate) use write::GrowBuf;

/// Whether native numbers are big-endian: a constant for a typed order `O`, the run-time
/// configuration's otherwise.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn is_big<O: OrderParam>(config: Config) -> bool {
    O::ORDER.unwrap_or(config.endian()) == crate::wire::Endian::Big
}

/// Writes a static-size `value` in byte order `O` (or `config`'s) and integer encoding `I`:
/// the fill of the one-step paths of [`encode_to_vec`], [`encode_append`] and
/// [`encode_into_slice`], inlined into each.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn fill_fixed<T: Encode + ?Sized, I: IntParam, O: OrderParam>(
    value: &T,
    config: Config,
    out: &mut FixedOut<'_>,
) {
    struct Fill<'v, 'o, 'b, T: ?Sized>(&'v T, &'o mut FixedOut<'b>);
    impl<T: Encode + ?Sized> ForParams for Fill<'_, '_, '_, T> {
        type Out = ();
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn run<const BIG: bool, const VARINT: bool>(self) {
            self.0.encode_fixed::<BIG, VARINT>(self.1);
        }
    }
    for_params(is_big::<O>(config), I::VARINT, Fill(value, out));
}

/// The bytes every `T` takes under integer encoding `I`, when the same for all values: the
/// [`Encode::FIXED_SIZE`] or [`Encode::VARINT_SIZE`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn static_size<T: Encode + ?Sized, I: IntParam>() -> Option<usize> {
    if I::VARINT {
        T::VARINT_SIZE
    } else {
        T::FIXED_SIZE
    }
}

/// As [`static_size`], for decoding (a unit enum's varint tag has no static size to read).
#[cfg(feature = "bytes")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn static_decode_size<T: Decode, I: IntParam>() -> Option<usize> {
    if I::VARINT {
        <T as Decode>::VARINT_SIZE
    } else {
        <T as Decode>::FIXED_SIZE
    }
}

/// Encodes `value` into a new `Vec`.
///
/// ```
/// use endian_wire::frame::{self, Config};
/// let bytes = frame::encode_to_vec(&(1u16, "ab"), Config::legacy().with_big_endian())?;
/// assert_eq!(bytes, [0, 1, 0, 0, 0, 0, 0, 0, 0, 2, b'a', b'b']);
/// # Ok::<(), frame::EncodeError>(())
/// ```
///
/// # Errors
/// None for the types of this crate; the `Result` is for `Encode` implementations that can
/// refuse a value.
#[cfg(feature = "alloc")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn encode_to_vec<T: Encode + ?Sized>(
    value: &T,
    config: impl AnyConfig,
) -> Result<alloc::vec::Vec<u8>, EncodeError> {
    struct Run<'a, T: ?Sized>(&'a T);
    impl<T: Encode + ?Sized> Entry for Run<'_, T> {
        type Out = Result<alloc::vec::Vec<u8>, EncodeError>;
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn run<I: IntParam, O: OrderParam>(self, config: Config) -> Self::Out {
            encode_to_vec_in::<T, I, O>(self.0, config)
        }
    }
    config.dispatch(Run(value))
}

#[cfg(feature = "alloc")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn encode_to_vec_in<T: Encode + ?Sized, I: IntParam, O: OrderParam>(
    value: &T,
    config: Config,
) -> Result<alloc::vec::Vec<u8>, EncodeError> {
    if T::FIXED_SIZE.is_some() || T::VARINT_SIZE.is_some() {
        if let Some(size) = static_size::<T, I>() {
            // A static size: one allocation and the one-step path, without an `Encoder`, so
            // the new `Vec` never sits in memory between writes of its fields and the move
            // that returns it (a wide load over narrower stores stalls: 20 ns instead of 10
            // for a 33-byte struct).
            let mut out = alloc::vec::Vec::with_capacity(size);
            // The fill inlines too: its cursor then stays in registers and the writes, whose
            // offsets are constants, need no checks.
            out.write_fixed(
                size,
                #[cfg_attr(debug_assertions, inline)]
                #[cfg_attr(not(debug_assertions), inline(always))]
                |o| fill_fixed::<T, I, O>(value, config, o),
            )?;
            return Ok(out);
        }
        // Sizes vary under varint after all; the value's field-by-field path is out of line. Not
        // `encode_append`, whose result, merged with the one above, went through memory in
        // byte-sized pieces (measured: 18-25 ns instead of 11 for a 33-byte struct).
        let mut out = alloc::vec::Vec::with_capacity(encoded_size_in::<T, I, O>(value, config)?);
        value.encode(&mut Encoder::new(Static::<_, I, O>::new(&mut out), config))?;
        return Ok(out);
    }
    let mut out = alloc::vec::Vec::new();
    encode_append_in::<T, I, O>(value, &mut out, config)?;
    Ok(out)
}

/// Appends `value`'s encoding to `out`. Reusing one `Vec` (cleared between messages) means no
/// allocation once it has grown to the largest message.
///
/// ```
/// use endian_wire::frame::{self, Config};
/// let mut buf = Vec::with_capacity(64);
/// for payload in [&b"abc"[..], &b"de"[..]] {
///     buf.clear();
///     frame::encode_append(payload, &mut buf, Config::legacy())?;
///     // ... send `buf` ...
/// }
/// assert_eq!(buf, [2, 0, 0, 0, 0, 0, 0, 0, b'd', b'e']);
/// # Ok::<(), frame::EncodeError>(())
/// ```
///
/// The value is written into the capacity `out` already has, as into a slice (a buffer that is
/// reused usually has enough); only if it runs out is the value sized, the room reserved in
/// one step and the value written again. Writing into a slice keeps the write position in a
/// register instead of updating the `Vec` after every piece (measured on the Solana-like
/// block of `benches/messages.rs`: 4.2 us instead of 6.4).
///
/// # Errors
/// As [`encode_to_vec`]. On an error `out` keeps its contents (its capacity may have grown).
#[cfg(feature = "alloc")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn encode_append<T: Encode + ?Sized>(
    value: &T,
    out: &mut alloc::vec::Vec<u8>,
    config: impl AnyConfig,
) -> Result<(), EncodeError> {
    struct Run<'a, 'o, T: ?Sized>(&'a T, &'o mut alloc::vec::Vec<u8>);
    impl<T: Encode + ?Sized> Entry for Run<'_, '_, T> {
        type Out = Result<(), EncodeError>;
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn run<I: IntParam, O: OrderParam>(self, config: Config) -> Self::Out {
            encode_append_in::<T, I, O>(self.0, self.1, config)
        }
    }
    config.dispatch(Run(value, out))
}

#[cfg(feature = "alloc")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn encode_append_in<T: Encode + ?Sized, I: IntParam, O: OrderParam>(
    value: &T,
    out: &mut alloc::vec::Vec<u8>,
    config: Config,
) -> Result<(), EncodeError> {
    if let Some(size) = static_size::<T, I>() {
        // A static size: room for it, then the one-step fill, without an `Encoder`. Built
        // for the general path below, the encoder and the registers that path needs were
        // stored on every call (one 33-byte trade into a reused buffer: 6.0 ns, a plain
        // 33-byte `extend_from_slice` 3.0).
        out.write_fixed(
            size,
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            |o| fill_fixed::<T, I, O>(value, config, o),
        )?;
        return Ok(());
    }
    let mut sized = false;
    loop {
        let start = out.len();
        let result = {
            let writer = SliceWriter::uninit(out.spare_capacity_mut());
            let mut e = Encoder::new(Static::<_, I, O>::new(writer), config);
            value.encode(&mut e).map(|()| e.into_writer().0.written())
        };
        match result {
            Ok(written) => {
                // SAFETY: the writer initialized the first `written` bytes after `start`.
                unsafe { out.set_len(start + written) };
                return Ok(());
            }
            Err(EncodeError::OutputFull { .. }) => {
                // First the exact size; should an `Encode` impl write more than it counts,
                // then twice the room until it fits.
                let room = if sized {
                    2 * (out.capacity() - start).max(64)
                } else {
                    encoded_size_in::<T, I, O>(value, config)?
                };
                sized = true;
                out.reserve(room);
            }
            Err(err) => return Err(err),
        }
    }
}

/// Encodes `value` at the start of `dst` and returns the number of bytes written.
///
/// ```
/// use endian_wire::frame::{self, Config, EncodeError};
/// let mut packet = [0u8; 8];
/// let used = frame::encode_into_slice(&[1u16, 2][..], &mut packet, Config::standard())?;
/// assert_eq!(&packet[..used], [2, 1, 2]); // varint length, then two varints
/// let too_big = frame::encode_into_slice(&[0u64; 4], &mut packet, Config::legacy());
/// assert!(matches!(too_big, Err(EncodeError::OutputFull { .. })));
/// # Ok::<(), EncodeError>(())
/// ```
///
/// # Errors
/// [`EncodeError::OutputFull`] if `dst` is too small (what was written before is left there).
#[inline]
pub fn encode_into_slice<T: Encode + ?Sized>(
    value: &T,
    dst: &mut [u8],
    config: impl AnyConfig,
) -> Result<usize, EncodeError> {
    struct Run<'a, 'o, T: ?Sized>(&'a T, &'o mut [u8]);
    impl<T: Encode + ?Sized> Entry for Run<'_, '_, T> {
        type Out = Result<usize, EncodeError>;
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn run<I: IntParam, O: OrderParam>(self, config: Config) -> Self::Out {
            encode_into_slice_in::<T, I, O>(self.0, self.1, config)
        }
    }
    config.dispatch(Run(value, dst))
}

#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn encode_into_slice_in<T: Encode + ?Sized, I: IntParam, O: OrderParam>(
    value: &T,
    dst: &mut [u8],
    config: Config,
) -> Result<usize, EncodeError> {
    if let Some(size) = static_size::<T, I>()
        && size <= dst.len()
    {
        // A static size that fits: the one-step fill, without an `Encoder` (measured on
        // `(u32, u16, [u8; 16], u64)`: 5.3 ns through the encoder, wincode 1.4). A slice too
        // short takes the general path, whose error names the offset where the room ran out.
        let mut out = SliceWriter::new(dst);
        out.write_fixed(
            size,
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            |o| fill_fixed::<T, I, O>(value, config, o),
        )?;
        return Ok(size);
    }
    let mut e = Encoder::new(Static::<_, I, O>::new(SliceWriter::new(dst)), config);
    value.encode(&mut e)?;
    Ok(e.into_writer().0.written())
}

/// Encodes `value` to a `std::io::Write` and returns the number of bytes written.
///
/// ```
/// use endian_wire::frame::{self, Config};
/// let mut file = Vec::new(); // any `std::io::Write`
/// let n = frame::encode_into_writer(&Some(7u32), &mut file, Config::legacy())?;
/// assert_eq!((n, file.as_slice()), (5, &[1, 7, 0, 0, 0][..]));
/// # Ok::<(), frame::EncodeError>(())
/// ```
///
/// # Errors
/// [`EncodeError::Io`] if the writer fails.
#[cfg(feature = "std")]
pub fn encode_into_writer<T: Encode + ?Sized, W: std::io::Write>(
    value: &T,
    writer: W,
    config: impl AnyConfig,
) -> Result<usize, EncodeError> {
    struct Run<'a, T: ?Sized, W>(&'a T, W);
    impl<T: Encode + ?Sized, W: std::io::Write> Entry for Run<'_, T, W> {
        type Out = Result<usize, EncodeError>;
        fn run<I: IntParam, O: OrderParam>(self, config: Config) -> Self::Out {
            let size = encoded_size_in::<T, I, O>(self.0, config)?;
            let writer = Static::<_, I, O>::new(IoWriter::new(self.1));
            self.0.encode(&mut Encoder::new(writer, config))?;
            Ok(size)
        }
    }
    config.dispatch(Run(value, writer))
}

/// The number of bytes `value` encodes to.
///
/// ```
/// use endian_wire::frame::{self, Config};
/// let message = (1u32, &[1u8, 2, 3][..], "hi");
/// // Fixed-width integers and `u64` lengths, or varints.
/// assert_eq!(frame::encoded_size(&message, Config::legacy())?, 4 + 8 + 3 + 8 + 2);
/// assert_eq!(frame::encoded_size(&message, Config::standard())?, 1 + 1 + 3 + 1 + 2);
/// # Ok::<(), frame::EncodeError>(())
/// ```
///
/// # Errors
/// As [`encode_to_vec`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn encoded_size<T: Encode + ?Sized>(
    value: &T,
    config: impl AnyConfig,
) -> Result<usize, EncodeError> {
    struct Run<'a, T: ?Sized>(&'a T);
    impl<T: Encode + ?Sized> Entry for Run<'_, T> {
        type Out = Result<usize, EncodeError>;
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn run<I: IntParam, O: OrderParam>(self, config: Config) -> Self::Out {
            encoded_size_in::<T, I, O>(self.0, config)
        }
    }
    config.dispatch(Run(value))
}

#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn encoded_size_in<T: Encode + ?Sized, I: IntParam, O: OrderParam>(
    value: &T,
    config: Config,
) -> Result<usize, EncodeError> {
    let mut e = Encoder::new(Static::<_, I, O>::new(SizeCounter::default()), config);
    value.encode(&mut e)?;
    Ok(e.into_writer().0.count)
}

/// Decodes a `T` from the front of `src`; returns it and the number of bytes used.
///
/// ```
/// # #[cfg(feature = "alloc")] {
/// use endian_wire::frame::{self, Config, DecodeErrorKind};
/// let bytes = [3, 0, 0, 0, 0, 0, 0, 0, b'a', b'b', b'c', 0xff];
/// let (text, used): (String, usize) = frame::decode_from_slice(&bytes, Config::legacy())?;
/// assert_eq!((text.as_str(), used), ("abc", 11)); // the last byte is left for the caller
///
/// let err = frame::decode_from_slice::<String>(&bytes[..6], Config::legacy()).unwrap_err();
/// assert_eq!(err.offset, 0);
/// assert!(matches!(err.kind, DecodeErrorKind::UnexpectedEnd { .. }));
/// # }
/// # Ok::<(), endian_wire::frame::DecodeError>(())
/// ```
///
/// # Errors
/// A [`DecodeError`] naming what is wrong and its byte offset.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn decode_from_slice<T: Decode>(
    src: &[u8],
    config: impl AnyConfig,
) -> Result<(T, usize), DecodeError> {
    struct Run<'a, T>(&'a [u8], core::marker::PhantomData<T>);
    impl<T: Decode> Entry for Run<'_, T> {
        type Out = Result<(T, usize), DecodeError>;
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn run<I: IntParam, O: OrderParam>(self, config: Config) -> Self::Out {
            decode_from_slice_in::<T, I, O>(self.0, config)
        }
    }
    config.dispatch(Run(src, core::marker::PhantomData))
}

#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn decode_from_slice_in<T: Decode, I: IntParam, O: OrderParam>(
    src: &[u8],
    config: Config,
) -> Result<(T, usize), DecodeError> {
    if T::FIXED_SIZE.is_some() || T::VARINT_SIZE.is_some() {
        // A static size: one length check, then the one-step read, straight into the caller's
        // result without building a `Decoder`. No other path returns a `T` by value: had one
        // (the general decode, out of line, through memory), the compiler would keep both
        // paths' values in one stack slot and copy the one read here out of it with wider
        // loads than the stores that wrote it (measured: a 33-byte struct 7.9 ns instead of
        // 2.2). Without a static size under this configuration (varint integers) the value
        // goes field by field out of line, into a slot read on that path only; input shorter
        // than the size can only be an error.
        let varint = I::VARINT;
        let size = if varint {
            T::VARINT_SIZE
        } else {
            T::FIXED_SIZE
        };
        let Some(size) = size else {
            let mut slot = core::mem::MaybeUninit::<T>::uninit();
            let used = decode_general_into_slot::<T, I, O>(src, config, &mut slot)?;
            // SAFETY: `decode_general_into_slot` returned `Ok`, so it wrote the slot.
            return Ok((unsafe { slot.assume_init() }, used));
        };
        let Some(bytes) = src.get(..size) else {
            return Err(short_static_input::<T>(src, config));
        };
        let mut input = FixedIn::new(bytes, 0);
        let value = for_params(is_big::<O>(config), varint, ReadFixed::<T>::new(&mut input))?;
        return Ok((value, size));
    }
    let mut d = Decoder::new(Static::<_, I, O>::new(SliceReader::new(src)), config);
    // Not `?` then `Ok((value, offset))`: that moved a decoded `Vec` through one temporary
    // more (with `DecodeError`'s layout, measured: 30 ns instead of 22 for 1 KiB of bytes).
    let result = T::decode(&mut d);
    let used = d.offset();
    result.map(|value| (value, used))
}

/// The general decode of a `T` from `src`, written to `slot` on `Ok`; returns the bytes used.
/// Its own function, with the `Decoder` built inside it: built in `decode_from_slice`, or with
/// the value and offset returned through one generic slot helper like the `Vec` paths' (tried),
/// the one-step path slowed from 2.2 to 2.5 ns.
#[inline(never)]
fn decode_general_into_slot<T: Decode, I: IntParam, O: OrderParam>(
    src: &[u8],
    config: Config,
    slot: &mut core::mem::MaybeUninit<T>,
) -> Result<usize, DecodeError> {
    let mut d = Decoder::new(Static::<_, I, O>::new(SliceReader::new(src)), config);
    slot.write(T::decode(&mut d)?);
    Ok(d.offset())
}

/// The error for `src` shorter than `T`'s static size: the general decode's, which names the
/// field where the input ends. (A type that decodes from fewer bytes than its
/// [`Decode::FIXED_SIZE`] breaks that const's contract; it gets the end of input too.)
#[cold]
#[inline(never)]
fn short_static_input<T: Decode>(src: &[u8], config: Config) -> DecodeError {
    let mut d = Decoder::new(SliceReader::new(src), config);
    match T::decode(&mut d) {
        Err(e) => e,
        Ok(_) => DecodeError::new(
            src.len(),
            DecodeErrorKind::UnexpectedEnd {
                needed: match config.int_encoding() {
                    IntEncoding::Fixed => T::FIXED_SIZE,
                    IntEncoding::Variable => T::VARINT_SIZE,
                }
                .unwrap_or(0)
                .saturating_sub(src.len()),
            },
        ),
    }
}

/// Decodes a `T` that must take all of `src`.
///
/// ```
/// use endian_wire::frame::{self, Config, DecodeErrorKind};
/// let value: u16 = frame::decode_from_slice_exact(&[1, 2], Config::legacy())?;
/// assert_eq!(value, 0x0201);
/// let err = frame::decode_from_slice_exact::<u16>(&[1, 2, 3], Config::legacy()).unwrap_err();
/// assert!(matches!(err.kind, DecodeErrorKind::TrailingBytes { count: 1 }));
/// # Ok::<(), frame::DecodeError>(())
/// ```
///
/// # Errors
/// As [`decode_from_slice`], and [`DecodeErrorKind::TrailingBytes`] if bytes are left.
#[inline]
pub fn decode_from_slice_exact<T: Decode>(
    src: &[u8],
    config: impl AnyConfig,
) -> Result<T, DecodeError> {
    let (value, used) = decode_from_slice(src, config)?;
    if used != src.len() {
        return Err(DecodeError::new(
            used,
            DecodeErrorKind::TrailingBytes {
                count: src.len() - used,
            },
        ));
    }
    Ok(value)
}

/// Decodes a `T` that may borrow from `src` (`&str`, `&[u8]`, `&[[u8; 32]]`, `&[u32be]`, runs
/// of derived wire records, a derived struct with a lifetime, ...); returns it and the number
/// of bytes used.
///
/// ```
/// use endian_wire::frame::{self, Config};
/// let mut bytes = [0u8; 32];
/// let len = frame::encode_into_slice(&("name", &b"raw"[..]), &mut bytes, Config::standard())?;
/// let ((name, raw), used): ((&str, &[u8]), usize) =
///     frame::borrow_decode_from_slice(&bytes[..len], Config::standard())?;
/// assert_eq!((name, raw, used), ("name", &b"raw"[..], len));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`decode_from_slice`].
#[inline]
pub fn borrow_decode_from_slice<'de, T: BorrowDecode<'de>>(
    src: &'de [u8],
    config: impl AnyConfig,
) -> Result<(T, usize), DecodeError> {
    struct Run<'de, T>(&'de [u8], core::marker::PhantomData<T>);
    impl<'de, T: BorrowDecode<'de>> Entry for Run<'de, T> {
        type Out = Result<(T, usize), DecodeError>;
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn run<I: IntParam, O: OrderParam>(self, config: Config) -> Self::Out {
            let mut d = Decoder::new(Static::<_, I, O>::new(SliceReader::new(self.0)), config);
            let value = T::borrow_decode(&mut d)?;
            Ok((value, d.offset()))
        }
    }
    config.dispatch(Run(src, core::marker::PhantomData))
}

/// Decodes a `T` from a `std::io::Read`, reading no further than the value.
///
/// ```
/// use endian_wire::frame::{self, Config};
/// let stream = [2u8, 10, 20, 99]; // a varint-framed `Vec<u8>`, then the next message
/// let mut reader = &stream[..];
/// let v: Vec<u8> = frame::decode_from_reader(&mut reader, Config::standard())?;
/// assert_eq!((v.as_slice(), reader), (&[10, 20][..], &[99][..]));
/// # Ok::<(), frame::DecodeError>(())
/// ```
///
/// A reader's length is unknown, so collections are not preallocated from their length
/// prefix: they grow as elements arrive, and a lying prefix costs no more memory than the bytes
/// the reader delivered.
///
/// # Errors
/// As [`decode_from_slice`].
#[cfg(feature = "std")]
pub fn decode_from_reader<T: Decode, R: std::io::Read>(
    reader: R,
    config: impl AnyConfig,
) -> Result<T, DecodeError> {
    struct Run<T, R>(R, core::marker::PhantomData<T>);
    impl<T: Decode, R: std::io::Read> Entry for Run<T, R> {
        type Out = Result<T, DecodeError>;
        fn run<I: IntParam, O: OrderParam>(self, config: Config) -> Self::Out {
            let reader = Static::<_, I, O>::new(IoReader::new(self.0));
            T::decode(&mut Decoder::new(reader, config))
        }
    }
    config.dispatch(Run(reader, core::marker::PhantomData))
}
