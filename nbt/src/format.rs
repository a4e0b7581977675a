//! NBT's three encodings of the one tag model as types: what the reader, the writer and the
//! view are generic over, so that each is compiled once per flavour (the Java path is the
//! code it always was).
//!
//! | | Java | Bedrock (files) | Bedrock network |
//! |---|---|---|---|
//! | byte order | big-endian | little-endian | little-endian |
//! | `Short`, `Float`, `Double` | fixed | fixed | fixed |
//! | `Int`, `Long` (and int / long array elements) | fixed | fixed | zigzag varint |
//! | string length | `u16` | `u16` | unsigned varint (32 bits) |
//! | list and array lengths | `i32` | `i32` | zigzag varint (32 bits) |
//! | strings | modified UTF-8 | UTF-8 | UTF-8 |

use alloc::vec::Vec;

use super::cursor::Cursor;
use super::{Error, ErrorKind};
use endian_wire::bulk;
use endian_wire::{BigEndian, LittleEndian};

/// Which of NBT's encodings the input is in (see [`Flavor`](super::Flavor)).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// Java: big-endian, modified UTF-8.
    Java,
    /// Bedrock's files: little-endian, UTF-8.
    Bedrock,
    /// Bedrock's packets: varint lengths, zigzag varint ints and longs, UTF-8.
    BedrockNetwork,
}

/// A number type of NBT, with its fixed-width conversions in both orders (one bulk call per
/// run of them) and, for ints and longs, the network flavour's zigzag varints.
pub(crate) trait Number: Copy + Default {
    /// Ints and longs are zigzag varints in the network flavour.
    const VARINT: bool;
    /// The fixed width in bytes.
    const WIDTH: usize;
    /// Appends the big-endian `bytes` (a whole number of elements) converted.
    fn extend_from_be(out: &mut Vec<Self>, bytes: &[u8]);
    /// Appends the little-endian `bytes` converted.
    fn extend_from_le(out: &mut Vec<Self>, bytes: &[u8]);
    /// Appends `v` big-endian.
    fn extend_be(out: &mut Vec<u8>, v: &[Self]);
    /// Appends `v` little-endian.
    fn extend_le(out: &mut Vec<u8>, v: &[Self]);
    /// From a zigzag varint's value (ints and longs only).
    fn from_zigzag(v: u64) -> Self;
    /// To a zigzag varint's value (ints and longs only).
    fn to_zigzag(self) -> u64;
}

macro_rules! number {
    ($($t:ty: $varint:expr, $from:expr, $to:expr;)*) => {$(
        impl Number for $t {
            const VARINT: bool = $varint;
            const WIDTH: usize = core::mem::size_of::<$t>();
            #[inline(always)]
            fn extend_from_be(out: &mut Vec<Self>, bytes: &[u8]) {
                bulk::extend_native::<BigEndian<$t>>(out, bytes);
            }
            #[inline(always)]
            fn extend_from_le(out: &mut Vec<Self>, bytes: &[u8]) {
                bulk::extend_native::<LittleEndian<$t>>(out, bytes);
            }
            #[inline(always)]
            fn extend_be(out: &mut Vec<u8>, v: &[Self]) {
                bulk::extend_bytes::<BigEndian<$t>>(out, v);
            }
            #[inline(always)]
            fn extend_le(out: &mut Vec<u8>, v: &[Self]) {
                bulk::extend_bytes::<LittleEndian<$t>>(out, v);
            }
            #[inline(always)]
            fn from_zigzag(v: u64) -> Self {
                let f: fn(u64) -> Self = $from;
                f(v)
            }
            #[inline(always)]
            fn to_zigzag(self) -> u64 {
                let f: fn(Self) -> u64 = $to;
                f(self)
            }
        }
    )*};
}

number! {
    i8: false, |_| 0, |_| 0;
    i16: false, |_| 0, |_| 0;
    i32: true, |v| (((v as u32) >> 1) as i32) ^ -((v & 1) as i32), |v| ((v << 1) ^ (v >> 31)) as u32 as u64;
    i64: true, |v| ((v >> 1) as i64) ^ -((v & 1) as i64), |v| ((v << 1) ^ (v >> 63)) as u64;
    f32: false, |_| 0.0, |_| 0;
    f64: false, |_| 0.0, |_| 0;
}

/// How one flavour encodes NBT's pieces: what the reader and the writer are generic over.
pub(crate) trait Format {
    /// The borrowed view's name for this flavour.
    const FORM: Form;
    /// Strings are modified UTF-8 (Java) rather than UTF-8 (Bedrock).
    const MUTF8: bool;
    /// The most bytes a string's length prefix takes.
    const MAX_STR_PREFIX: usize;
    /// The longest string the length prefix holds.
    const MAX_STR: usize;
    /// The fewest bytes an element of a list of each element type takes (by type byte).
    const MIN_SIZE: [usize; 13];
    /// Fixed-width numbers (and, where [`MAX_STR_PREFIX`](Self::MAX_STR_PREFIX) is 2, string
    /// lengths) are little-endian.
    const LITTLE_ENDIAN: bool;

    /// A string's length prefix.
    fn str_len(c: &mut Cursor<'_>, what: &'static str) -> Result<usize, Error>;
    /// A list's or array's length, as stored.
    fn len(c: &mut Cursor<'_>, what: &'static str) -> Result<i32, Error>;
    /// A short.
    fn i16(c: &mut Cursor<'_>, what: &'static str) -> Result<i16, Error>;
    /// An int.
    fn i32(c: &mut Cursor<'_>, what: &'static str) -> Result<i32, Error>;
    /// A long.
    fn i64(c: &mut Cursor<'_>, what: &'static str) -> Result<i64, Error>;
    /// A float.
    fn f32(c: &mut Cursor<'_>, what: &'static str) -> Result<f32, Error>;
    /// A double.
    fn f64(c: &mut Cursor<'_>, what: &'static str) -> Result<f64, Error>;
    /// `len` numbers (their count already read and checked against the input).
    fn numbers<T: Number>(
        c: &mut Cursor<'_>,
        len: usize,
        what: &'static str,
    ) -> Result<Vec<T>, Error>;

    /// Appends a string's length prefix.
    fn put_str_len(out: &mut Vec<u8>, len: usize);
    /// Appends a list's or array's length (at most `i32::MAX`).
    fn put_len(out: &mut Vec<u8>, len: usize);
    /// Stores a short at `at` and returns how many bytes it took.
    ///
    /// # Safety
    /// `at` valid for writing 10 bytes.
    unsafe fn store_i16(at: *mut u8, v: i16) -> usize;
    /// As [`store_i16`](Self::store_i16), an int.
    ///
    /// # Safety
    /// As `store_i16`.
    unsafe fn store_i32(at: *mut u8, v: i32) -> usize;
    /// As [`store_i16`](Self::store_i16), a long.
    ///
    /// # Safety
    /// As `store_i16`.
    unsafe fn store_i64(at: *mut u8, v: i64) -> usize;
    /// As [`store_i16`](Self::store_i16), a float.
    ///
    /// # Safety
    /// As `store_i16`.
    unsafe fn store_f32(at: *mut u8, v: f32) -> usize;
    /// As [`store_i16`](Self::store_i16), a double.
    ///
    /// # Safety
    /// As `store_i16`.
    unsafe fn store_f64(at: *mut u8, v: f64) -> usize;
    /// Stores a string's length prefix at `at` and returns how many bytes it took.
    ///
    /// # Safety
    /// `at` valid for writing [`MAX_STR_PREFIX`](Self::MAX_STR_PREFIX) bytes; `len` at most
    /// [`MAX_STR`](Self::MAX_STR).
    unsafe fn store_str_len(at: *mut u8, len: usize) -> usize;
    /// Appends the elements of a numeric list or array.
    fn put_numbers<T: Number>(out: &mut Vec<u8>, v: &[T]);
}

impl Cursor<'_> {
    /// [`count`](Cursor::count) in flavour `F`: its length encoding, the same checks.
    #[inline(always)]
    pub(crate) fn count_in<F: Format>(
        &mut self,
        min_size: usize,
        what: &'static str,
    ) -> Result<usize, Error> {
        let at = self.pos();
        let len = F::len(self, what)?;
        self.checked_count(at, len, min_size, what)
    }
}

/// Stores `bytes` at `at` and returns how many.
///
/// # Safety
/// `at` valid for writing `N` bytes.
#[inline(always)]
unsafe fn store<const N: usize>(at: *mut u8, bytes: [u8; N]) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { at.cast::<[u8; N]>().write_unaligned(bytes) };
    N
}

/// The fixed-width orders: Java's big-endian and Bedrock's little-endian.
macro_rules! fixed_format {
    ($name:ident, $form:ident, $mutf8:expr, $little:expr, $from:ident, $to:ident, $extend_from:ident, $extend:ident) => {
        /// A fixed-width flavour.
        pub(crate) struct $name;

        impl Format for $name {
            const FORM: Form = Form::$form;
            const MUTF8: bool = $mutf8;
            const MAX_STR_PREFIX: usize = 2;
            const MAX_STR: usize = u16::MAX as usize;
            const MIN_SIZE: [usize; 13] = [0, 1, 2, 4, 8, 4, 8, 4, 2, 5, 1, 4, 4];
            const LITTLE_ENDIAN: bool = $little;

            #[inline(always)]
            fn str_len(c: &mut Cursor<'_>, what: &'static str) -> Result<usize, Error> {
                Ok(usize::from(u16::$from(c.array(what)?)))
            }
            #[inline(always)]
            fn len(c: &mut Cursor<'_>, what: &'static str) -> Result<i32, Error> {
                Ok(i32::$from(c.array(what)?))
            }
            #[inline(always)]
            fn i16(c: &mut Cursor<'_>, what: &'static str) -> Result<i16, Error> {
                Ok(i16::$from(c.array(what)?))
            }
            #[inline(always)]
            fn i32(c: &mut Cursor<'_>, what: &'static str) -> Result<i32, Error> {
                Ok(i32::$from(c.array(what)?))
            }
            #[inline(always)]
            fn i64(c: &mut Cursor<'_>, what: &'static str) -> Result<i64, Error> {
                Ok(i64::$from(c.array(what)?))
            }
            #[inline(always)]
            fn f32(c: &mut Cursor<'_>, what: &'static str) -> Result<f32, Error> {
                Ok(f32::$from(c.array(what)?))
            }
            #[inline(always)]
            fn f64(c: &mut Cursor<'_>, what: &'static str) -> Result<f64, Error> {
                Ok(f64::$from(c.array(what)?))
            }
            #[inline(always)]
            fn numbers<T: Number>(
                c: &mut Cursor<'_>,
                len: usize,
                what: &'static str,
            ) -> Result<Vec<T>, Error> {
                let bytes = c.take(len * T::WIDTH, what)?;
                // At its size up front (no out-of-line growth path).
                let mut out = Vec::with_capacity(len);
                T::$extend_from(&mut out, bytes);
                Ok(out)
            }

            #[inline(always)]
            fn put_str_len(out: &mut Vec<u8>, len: usize) {
                out.extend_from_slice(&(len as u16).$to());
            }
            #[inline(always)]
            fn put_len(out: &mut Vec<u8>, len: usize) {
                out.extend_from_slice(&(len as i32).$to());
            }
            #[inline(always)]
            unsafe fn store_i16(at: *mut u8, v: i16) -> usize {
                // SAFETY: forwarded from the caller.
                unsafe { store(at, v.$to()) }
            }
            #[inline(always)]
            unsafe fn store_i32(at: *mut u8, v: i32) -> usize {
                // SAFETY: forwarded from the caller.
                unsafe { store(at, v.$to()) }
            }
            #[inline(always)]
            unsafe fn store_i64(at: *mut u8, v: i64) -> usize {
                // SAFETY: forwarded from the caller.
                unsafe { store(at, v.$to()) }
            }
            #[inline(always)]
            unsafe fn store_f32(at: *mut u8, v: f32) -> usize {
                // SAFETY: forwarded from the caller.
                unsafe { store(at, v.$to()) }
            }
            #[inline(always)]
            unsafe fn store_f64(at: *mut u8, v: f64) -> usize {
                // SAFETY: forwarded from the caller.
                unsafe { store(at, v.$to()) }
            }
            #[inline(always)]
            unsafe fn store_str_len(at: *mut u8, len: usize) -> usize {
                // SAFETY: forwarded from the caller.
                unsafe { store(at, (len as u16).$to()) }
            }
            #[inline(always)]
            fn put_numbers<T: Number>(out: &mut Vec<u8>, v: &[T]) {
                T::$extend(out, v);
            }
        }
    };
}

fixed_format!(
    Java,
    Java,
    true,
    false,
    from_be_bytes,
    to_be_bytes,
    extend_from_be,
    extend_be
);
fixed_format!(
    BedrockLe,
    Bedrock,
    false,
    true,
    from_le_bytes,
    to_le_bytes,
    extend_from_le,
    extend_le
);

/// Bedrock's network flavour: varints.
pub(crate) struct BedrockNet;

impl Cursor<'_> {
    /// An unsigned LEB128 varint of at most `max_bytes` (5 or 10) bytes. With 10 bytes left
    /// (all but a document's last varints) they are decoded from one fixed-size array, with
    /// no check per byte.
    #[inline(always)]
    fn varint(&mut self, max_bytes: usize, what: &'static str) -> Result<u64, Error> {
        let at = self.pos();
        if let Some(window) = self.data()[at..].first_chunk::<10>() {
            let mut v = 0u64;
            for (i, &b) in window.iter().enumerate().take(max_bytes) {
                v |= u64::from(b & 0x7F) << (7 * i);
                if b < 0x80 {
                    self.skip(i + 1, what)?;
                    return Ok(v);
                }
            }
            return Err(Error::new(at, ErrorKind::VarintTooLong { what }));
        }
        self.varint_near_end(max_bytes, what)
    }

    /// [`varint`](Self::varint) within 10 bytes of the end: byte by byte.
    #[inline(never)]
    fn varint_near_end(&mut self, max_bytes: usize, what: &'static str) -> Result<u64, Error> {
        let at = self.pos();
        let mut v = 0u64;
        for i in 0..max_bytes {
            let b = self.u8(what)?;
            v |= u64::from(b & 0x7F) << (7 * i);
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(Error::new(at, ErrorKind::VarintTooLong { what }))
    }
}

/// Appends `v` as an unsigned LEB128 varint.
#[inline]
fn put_varint(out: &mut Vec<u8>, v: u64) {
    let mut buf = [0u8; 10];
    // SAFETY: `buf` holds 10 bytes, the most a varint takes.
    let n = unsafe { store_varint(buf.as_mut_ptr(), v) };
    out.extend_from_slice(&buf[..n]);
}

/// Stores `v` as an unsigned LEB128 varint at `at`; returns how many bytes.
///
/// # Safety
/// `at` valid for writing the varint's bytes: at most 5 for `v < 2^35` (a zigzag `i32`), at
/// most 10 for any `v`.
#[inline(always)]
unsafe fn store_varint(at: *mut u8, mut v: u64) -> usize {
    let mut n = 0;
    while v >= 0x80 {
        // SAFETY: at most 9 bytes here (a `u64` has 64 bits, 7 per byte).
        unsafe { at.add(n).write(v as u8 | 0x80) };
        v >>= 7;
        n += 1;
    }
    // SAFETY: the 10th byte at most.
    unsafe { at.add(n).write(v as u8) };
    n + 1
}

impl Format for BedrockNet {
    const FORM: Form = Form::BedrockNetwork;
    const MUTF8: bool = false;
    const MAX_STR_PREFIX: usize = 5;
    const MAX_STR: usize = i32::MAX as usize;
    const MIN_SIZE: [usize; 13] = [0, 1, 2, 1, 1, 4, 8, 1, 1, 2, 1, 1, 1];
    const LITTLE_ENDIAN: bool = true;

    #[inline]
    fn str_len(c: &mut Cursor<'_>, what: &'static str) -> Result<usize, Error> {
        Ok(c.varint(5, what)? as u32 as usize)
    }
    #[inline]
    fn len(c: &mut Cursor<'_>, what: &'static str) -> Result<i32, Error> {
        Ok(i32::from_zigzag(c.varint(5, what)? & 0xFFFF_FFFF))
    }
    #[inline]
    fn i16(c: &mut Cursor<'_>, what: &'static str) -> Result<i16, Error> {
        Ok(i16::from_le_bytes(c.array(what)?))
    }
    #[inline]
    fn i32(c: &mut Cursor<'_>, what: &'static str) -> Result<i32, Error> {
        Ok(i32::from_zigzag(c.varint(5, what)? & 0xFFFF_FFFF))
    }
    #[inline]
    fn i64(c: &mut Cursor<'_>, what: &'static str) -> Result<i64, Error> {
        Ok(i64::from_zigzag(c.varint(10, what)?))
    }
    #[inline]
    fn f32(c: &mut Cursor<'_>, what: &'static str) -> Result<f32, Error> {
        Ok(f32::from_le_bytes(c.array(what)?))
    }
    #[inline]
    fn f64(c: &mut Cursor<'_>, what: &'static str) -> Result<f64, Error> {
        Ok(f64::from_le_bytes(c.array(what)?))
    }
    fn numbers<T: Number>(
        c: &mut Cursor<'_>,
        len: usize,
        what: &'static str,
    ) -> Result<Vec<T>, Error> {
        if !T::VARINT {
            let bytes = c.take(len * T::WIDTH, what)?;
            let mut out = Vec::with_capacity(len);
            T::extend_from_le(&mut out, bytes);
            return Ok(out);
        }
        // `len` is checked against the input at one byte per element.
        let mut out = Vec::with_capacity(len);
        let max = if T::WIDTH == 4 { 5 } else { 10 };
        for _ in 0..len {
            let v = c.varint(max, what)?;
            out.push(T::from_zigzag(if T::WIDTH == 4 {
                v & 0xFFFF_FFFF
            } else {
                v
            }));
        }
        Ok(out)
    }

    fn put_str_len(out: &mut Vec<u8>, len: usize) {
        put_varint(out, len as u64);
    }
    fn put_len(out: &mut Vec<u8>, len: usize) {
        put_varint(out, (len as i32).to_zigzag());
    }
    #[inline(always)]
    unsafe fn store_i16(at: *mut u8, v: i16) -> usize {
        // SAFETY: forwarded from the caller.
        unsafe { store(at, v.to_le_bytes()) }
    }
    #[inline(always)]
    unsafe fn store_i32(at: *mut u8, v: i32) -> usize {
        // SAFETY: forwarded from the caller (10 bytes).
        unsafe { store_varint(at, v.to_zigzag()) }
    }
    #[inline(always)]
    unsafe fn store_i64(at: *mut u8, v: i64) -> usize {
        // SAFETY: forwarded from the caller (10 bytes).
        unsafe { store_varint(at, v.to_zigzag()) }
    }
    #[inline(always)]
    unsafe fn store_f32(at: *mut u8, v: f32) -> usize {
        // SAFETY: forwarded from the caller.
        unsafe { store(at, v.to_le_bytes()) }
    }
    #[inline(always)]
    unsafe fn store_f64(at: *mut u8, v: f64) -> usize {
        // SAFETY: forwarded from the caller.
        unsafe { store(at, v.to_le_bytes()) }
    }
    #[inline(always)]
    unsafe fn store_str_len(at: *mut u8, len: usize) -> usize {
        // SAFETY: forwarded from the caller (5 bytes hold a length up to `i32::MAX`).
        unsafe { store_varint(at, len as u64) }
    }
    fn put_numbers<T: Number>(out: &mut Vec<u8>, v: &[T]) {
        if !T::VARINT {
            return T::extend_le(out, v);
        }
        if v.len() > i32::MAX as usize {
            return; // the writer has recorded the count as unencodable
        }
        // The most each takes (5 bytes for an int, 10 for a long), reserved once; then stored
        // through a pointer and the length set once, not one `extend_from_slice` per varint.
        let max = if T::WIDTH == 4 { 5 } else { 10 };
        out.reserve(v.len().saturating_mul(max));
        let mut len = out.len();
        let base = out.as_mut_ptr();
        for &x in v {
            // SAFETY: `v.len() * max` bytes reserved after the first `len`; each varint takes
            // at most `max` (a zigzag `i32` fits 32 bits: 5 bytes).
            len += unsafe { store_varint(base.add(len), x.to_zigzag()) };
        }
        // SAFETY: the bytes up to `len` were written just above.
        unsafe { out.set_len(len) };
    }
}
