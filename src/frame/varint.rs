//! bincode's varint: one byte for 0..=250, else a marker byte (`0xfb` u16, `0xfc` u32,
//! `0xfd` u64, `0xfe` u128) and the value at that width in the configured byte order.
//! Signed values are zigzagged first. `0xff` is reserved.

use core::mem::MaybeUninit;

use super::fixed::FixedOut;
use crate::wire::Endian;

pub(crate) const SINGLE_MAX: u8 = 250;
pub(crate) const U16_MARKER: u8 = 0xfb;
pub(crate) const U32_MARKER: u8 = 0xfc;
pub(crate) const U64_MARKER: u8 = 0xfd;
pub(crate) const U128_MARKER: u8 = 0xfe;
pub(crate) const RESERVED_MARKER: u8 = 0xff;

/// Where [`write`] puts a varint: one constant-size piece (marker and payload together).
pub(crate) trait PieceSink {
    /// What writing the piece returns.
    type Out;
    /// Takes the varint's `K` bytes.
    fn piece<const K: usize>(self, bytes: [u8; K]) -> Self::Out;
}

/// Writes `value` as a varint (payload in `order`) to `sink` as one constant-size piece per
/// width. Inlined: where the value has fewer bits (a `u16`), the wider cases fold away.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn write<S: PieceSink>(value: u128, order: Endian, sink: S) -> S::Out {
    macro_rules! marked {
        ($marker:expr, $t:ty) => {{
            let v = value as $t;
            let payload = match order {
                Endian::Big => v.to_be_bytes(),
                Endian::Little => v.to_le_bytes(),
            };
            let mut piece = [$marker; 1 + size_of::<$t>()];
            piece[1..].copy_from_slice(&payload);
            sink.piece(piece)
        }};
    }
    if value <= u128::from(SINGLE_MAX) {
        sink.piece([value as u8])
    } else if value <= u128::from(u16::MAX) {
        marked!(U16_MARKER, u16)
    } else if value <= u128::from(u32::MAX) {
        marked!(U32_MARKER, u32)
    } else if value <= u128::from(u64::MAX) {
        marked!(U64_MARKER, u64)
    } else {
        marked!(U128_MARKER, u128)
    }
}

/// A varint into a static-size region (with room for it).
impl PieceSink for &mut FixedOut<'_> {
    type Out = ();

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn piece<const K: usize>(self, bytes: [u8; K]) {
        self.put(bytes);
    }
}

/// A varint at the front of a buffer of the widest varint's 17 bytes; gives its length.
impl PieceSink for &mut [u8; 17] {
    type Out = usize;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn piece<const K: usize>(self, bytes: [u8; K]) -> usize {
        self[..K].copy_from_slice(&bytes);
        K
    }
}

/// A varint appended to a `Vec` (tests, and sizes of other things).
#[cfg(feature = "alloc")]
impl PieceSink for &mut alloc::vec::Vec<u8> {
    type Out = ();

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn piece<const K: usize>(self, bytes: [u8; K]) {
        self.extend_from_slice(&bytes);
    }
}

/// Why a varint could not be parsed from a byte slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ParseError {
    /// The slice ends; this many more bytes are needed.
    End(usize),
    /// The reserved marker `0xff`.
    Reserved,
    /// A marker wider than the type.
    TooWide(u8),
}

/// Parses one varint for a type of `width` bytes from the front of `bytes`; returns the value
/// and the bytes used.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn parse(
    bytes: &[u8],
    width: usize,
    order: Endian,
) -> Result<(u128, usize), ParseError> {
    let Some(&first) = bytes.first() else {
        return Err(ParseError::End(1));
    };
    let payload = match payload_width(first) {
        Ok(None) => return Ok((u128::from(first), 1)),
        Ok(Some(payload)) => payload,
        Err(()) => return Err(ParseError::Reserved),
    };
    if payload > width {
        return Err(ParseError::TooWide(first));
    }
    match bytes.get(1..1 + payload) {
        Some(p) => Ok((payload_value(p, order), 1 + payload)),
        None => Err(ParseError::End(1 + payload - bytes.len())),
    }
}

/// The payload width announced by a marker byte, `None` for a single-byte value, and
/// `Err(())` for the reserved marker.
#[inline]
pub(crate) fn payload_width(first: u8) -> Result<Option<usize>, ()> {
    match first {
        0..=SINGLE_MAX => Ok(None),
        U16_MARKER => Ok(Some(2)),
        U32_MARKER => Ok(Some(4)),
        U64_MARKER => Ok(Some(8)),
        U128_MARKER => Ok(Some(16)),
        RESERVED_MARKER => Err(()),
    }
}

/// Bytes `value` takes as a varint.
#[inline]
pub(crate) fn encoded_len(value: u128) -> usize {
    if value <= u128::from(SINGLE_MAX) {
        1
    } else if value <= u128::from(u16::MAX) {
        3
    } else if value <= u128::from(u32::MAX) {
        5
    } else if value <= u128::from(u64::MAX) {
        9
    } else {
        17
    }
}

/// Reads a payload of `bytes.len()` (2, 4, 8 or 16) bytes in `order`.
#[inline]
pub(crate) fn payload_value(bytes: &[u8], order: Endian) -> u128 {
    // Fixed-size conversions for the varint widths (no variable-length copy).
    macro_rules! width {
        ($t:ty) => {{
            let array = bytes
                .try_into()
                .unwrap_or_else(|_| unreachable!("length matched"));
            u128::from(match order {
                Endian::Big => <$t>::from_be_bytes(array),
                Endian::Little => <$t>::from_le_bytes(array),
            })
        }};
    }
    match bytes.len() {
        1 => return u128::from(bytes[0]),
        2 => return width!(u16),
        4 => return width!(u32),
        8 => return width!(u64),
        16 => return width!(u128),
        _ => {}
    }
    let mut buf = [0u8; 16];
    match order {
        Endian::Little => {
            buf[..bytes.len()].copy_from_slice(bytes);
            u128::from_le_bytes(buf)
        }
        Endian::Big => {
            buf[16 - bytes.len()..].copy_from_slice(bytes);
            u128::from_be_bytes(buf)
        }
    }
}

/// Zigzag: 0 -> 0, -1 -> 1, 1 -> 2, -2 -> 3, ...
#[inline]
pub(crate) const fn zigzag(value: i128) -> u128 {
    ((value << 1) ^ (value >> 127)) as u128
}

/// The inverse of [`zigzag`].
#[inline]
pub(crate) const fn unzigzag(value: u128) -> i128 {
    ((value >> 1) as i128) ^ -((value & 1) as i128)
}

/// An unsigned integer as a varint carries it (a run's value at its own width, zigzagged if
/// signed), moved through a window of its widest varint's `1 + size_of::<Self>()` bytes: a
/// whole window stored or loaded at once, whatever the varint's own length, so that a run's
/// values need neither a branch per width nor a check per byte.
pub(crate) trait Carrier: Copy {
    /// Writes the varint into the window at `at` of `room`; returns its length (the bytes
    /// after it in the window are written too, to be written over next), or `None`, nothing
    /// written, if the window does not fit.
    fn put_window(self, order: Endian, room: &mut [MaybeUninit<u8>], at: usize) -> Option<usize>;
    /// The varint at the front of `src` and its length, if `src` holds a whole window and the
    /// varint is one of this width (`None` also for a marker too wide or reserved: the caller's
    /// exact parse decides).
    fn take_window(src: &[u8], order: Endian) -> Option<(Self, usize)>;
    /// The value's bytes in `order`, a payload of `len` bytes first (the value narrowed to
    /// `len` bytes, which it fits in).
    type Bytes: AsRef<[u8]>;
    /// See [`Bytes`](Self::Bytes).
    fn payload_bytes(self, order: Endian, len: usize) -> Self::Bytes;
    /// Whether `self - start` (wrapping) is at most `span`: one compare for a range.
    fn in_span(self, start: Self, span: Self) -> bool;
    /// The marker class of the value: 0 for one byte, 1 (a `u16` payload) to 4 (`u128`).
    fn class(self) -> u8;
    /// The low bytes of `value` (a payload no wider than the type).
    fn narrow(value: u128) -> Self;
    /// The zero value.
    const ZERO: Self;
    /// Marker classes the type may carry: 1 (`0xfb`) for `u16` up to 4 (`0xfe`) for `u128`.
    const CLASSES: u8;
}

macro_rules! carriers {
    ($($c:ty => $markers:expr;)*) => {$(
        impl Carrier for $c {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn put_window(
                self,
                order: Endian,
                room: &mut [MaybeUninit<u8>],
                at: usize,
            ) -> Option<usize> {
                const BYTES: usize = size_of::<$c>();
                let dst = room.get_mut(at..at + 1 + BYTES)?;
                let class = self.class();
                let payload_len = (1usize << class) & !1;
                let first = if class == 0 { self as u8 } else { SINGLE_MAX + class };
                // (For one byte, whose payload is not kept, any bytes fill the window.)
                let payload = self.payload_bytes(order, payload_len);
                let mut window = [first; 1 + BYTES];
                window[1..].copy_from_slice(&payload);
                for (d, b) in dst.iter_mut().zip(window) {
                    d.write(b);
                }
                Some(1 + payload_len)
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn take_window(src: &[u8], order: Endian) -> Option<(Self, usize)> {
                const BYTES: usize = size_of::<$c>();
                let window = src.first_chunk::<{ 1 + BYTES }>()?;
                let first = window[0];
                if first <= SINGLE_MAX {
                    return Some((<$c>::from(first), 1));
                }
                // 0 for `0xfb` up to 3 for `0xfe`; wraps above for anything the type cannot
                // take (`0xff` included), so one compare refuses both.
                let class = first.wrapping_sub(U16_MARKER);
                if class >= $markers {
                    return None;
                }
                let payload_len = 2usize << class;
                let tail = window.last_chunk::<BYTES>().unwrap_or_else(|| unreachable!());
                let unused = 8 * (BYTES - payload_len) as u32;
                let value = match order {
                    Endian::Little => <$c>::from_le_bytes(*tail) & (<$c>::MAX >> unused),
                    Endian::Big => <$c>::from_be_bytes(*tail) >> unused,
                };
                Some((value, 1 + payload_len))
            }


            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn narrow(value: u128) -> Self {
                value as $c
            }

            type Bytes = [u8; size_of::<$c>()];

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn payload_bytes(self, order: Endian, len: usize) -> Self::Bytes {
                match order {
                    Endian::Little => self.to_le_bytes(),
                    // The narrowed payload's bytes first (the shift wraps to none for a
                    // `len` of 0).
                    Endian::Big => self
                        .wrapping_shl(8 * (size_of::<$c>() - len) as u32)
                        .to_be_bytes(),
                }
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn in_span(self, start: Self, span: Self) -> bool {
                self.wrapping_sub(start) <= span
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn class(self) -> u8 {
                class_of(u128::from(self))
            }

            const ZERO: Self = 0;
            const CLASSES: u8 = $markers;
        }
    )*};
}

/// The marker class of a value above one byte: 1 (a `u16` payload) to 4 (`u128`); 0 for one
/// byte.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn class_of(value: u128) -> u8 {
    u8::from(value > u128::from(SINGLE_MAX))
        + u8::from(value > u128::from(u16::MAX))
        + u8::from(value > u128::from(u32::MAX))
        + u8::from(value > u128::from(u64::MAX))
}

/// The smallest value of each class (one byte's class first).
const CLASS_START: [u128; 5] = [
    0,
    SINGLE_MAX as u128 + 1,
    u16::MAX as u128 + 1,
    u32::MAX as u128 + 1,
    u64::MAX as u128 + 1,
];

/// Writes a step of values that all take a `P`-byte payload at `at` of `room`, each marker and
/// payload (`L = 1 + P` bytes) at a fixed place, as one store where the CPU has one that wide
/// (no length carried from one value to the next); returns the bytes written, `None`, nothing
/// written, if they do not fit.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn put_same_width<T: RunInt, const P: usize, const L: usize>(
    step: &[T; RUN_STEP],
    order: Endian,
    room: &mut [MaybeUninit<u8>],
    at: usize,
) -> Option<usize> {
    debug_assert_eq!(L, 1 + P);
    let marker = SINGLE_MAX + P.trailing_zeros() as u8;
    let dst = room.get_mut(at..at + RUN_STEP * L)?;
    for (d, &v) in dst.chunks_exact_mut(L).zip(step) {
        let payload = v.carrier().payload_bytes(order, P);
        let mut piece = [marker; L];
        piece[1..].copy_from_slice(&payload.as_ref()[..P]);
        let d: &mut [MaybeUninit<u8>; L] = d.try_into().unwrap_or_else(|_| unreachable!());
        *d = piece.map(MaybeUninit::new);
    }
    Some(RUN_STEP * L)
}

/// Writes `step` with one marker for all of it where every value takes the first one's width
/// (a run of counters or offsets of one magnitude); `None`, nothing written, otherwise.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn put_one_width<T: RunInt>(
    step: &[T; RUN_STEP],
    order: Endian,
    room: &mut [MaybeUninit<u8>],
    at: usize,
) -> Option<usize> {
    let class = step[0].carrier().class();
    if class == 0 {
        return None;
    }
    // The class's values: `start` and at most `span` above it (to the type's end for its
    // widest class).
    let start = CLASS_START[usize::from(class)];
    let end = CLASS_START
        .get(usize::from(class) + 1)
        .map_or(u128::MAX, |next| next - 1);
    let (start, span) = (T::Carried::narrow(start), T::Carried::narrow(end - start));
    if !step
        .iter()
        .fold(true, |all, v| all & v.carrier().in_span(start, span))
    {
        return None;
    }
    match class {
        1 => put_same_width::<T, 2, 3>(step, order, room, at),
        2 => put_same_width::<T, 4, 5>(step, order, room, at),
        3 => put_same_width::<T, 8, 9>(step, order, room, at),
        _ => put_same_width::<T, 16, 17>(step, order, room, at),
    }
}

/// Reads a step of varints that all carry the first one's marker, of a `P`-byte payload, each
/// at a fixed place; `None` if `src` is shorter or a marker differs.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn take_same_width<C: Carrier, const P: usize>(
    src: &[u8],
    marker: u8,
    order: Endian,
) -> Option<[C; RUN_STEP]> {
    let block = src.get(..RUN_STEP * (1 + P))?;
    if !block
        .chunks_exact(1 + P)
        .fold(true, |all, v| all & (v[0] == marker))
    {
        return None;
    }
    let mut out = [C::ZERO; RUN_STEP];
    for (slot, v) in out.iter_mut().zip(block.chunks_exact(1 + P)) {
        *slot = C::narrow(payload_value(&v[1..], order));
    }
    Some(out)
}

/// A step of varints of one width, as [`take_same_width`], and the bytes they took, if the
/// first marker is one the type may carry.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn take_one_width<C: Carrier>(src: &[u8], order: Endian) -> Option<([C; RUN_STEP], usize)> {
    let marker = *src.first()?;
    let class = marker.wrapping_sub(U16_MARKER);
    if class >= C::CLASSES {
        return None;
    }
    match class {
        0 => take_same_width::<C, 2>(src, marker, order).map(|v| (v, RUN_STEP * 3)),
        1 => take_same_width::<C, 4>(src, marker, order).map(|v| (v, RUN_STEP * 5)),
        2 => take_same_width::<C, 8>(src, marker, order).map(|v| (v, RUN_STEP * 9)),
        _ => take_same_width::<C, 16>(src, marker, order).map(|v| (v, RUN_STEP * 17)),
    }
}
carriers! {
    u16 => 1;
    u32 => 2;
    u64 => 3;
    u128 => 4;
}

/// An integer carried by varints in runs (`Vec<u16>`, `[i64]`, ...): unsigned as itself,
/// signed zigzagged, each at its own width.
pub(crate) trait RunInt: Copy {
    /// Bytes of the type: the widest payload a varint of it may have.
    const WIDTH: usize;
    /// The unsigned integer of the type's width that its varint carries.
    type Carried: Carrier;
    /// The value the varint carries, at the type's width.
    fn carrier(self) -> Self::Carried;
    /// The value back from what its varint carried.
    fn from_carrier(carried: Self::Carried) -> Self;
    /// The value the varint carries.
    fn carried(self) -> u128;
    /// The value back from what a varint carried (no wider than `WIDTH`).
    fn from_carried(carried: u128) -> Self;
    /// Whether the varint is one byte, computed at the type's own width (so that a run's
    /// check vectorizes).
    fn is_small(self) -> bool;
    /// The one byte of a small value.
    fn small_byte(self) -> u8;
    /// The value of a one-byte varint.
    fn from_small(byte: u8) -> Self;
}

macro_rules! run_ints {
    ($(unsigned $u:ty;)* $(signed $i:ty => $iu:ty;)*) => {
        $(impl RunInt for $u {
            const WIDTH: usize = size_of::<$u>();
            type Carried = $u;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn carrier(self) -> $u { self }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_carrier(carried: $u) -> Self { carried }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn carried(self) -> u128 { self as u128 }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_carried(carried: u128) -> Self { carried as $u }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn is_small(self) -> bool { self <= SINGLE_MAX as $u }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn small_byte(self) -> u8 { self as u8 }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_small(byte: u8) -> Self { byte as $u }
        })*
        $(impl RunInt for $i {
            const WIDTH: usize = size_of::<$i>();
            type Carried = $iu;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn carrier(self) -> $iu { ((self << 1) ^ (self >> (<$i>::BITS - 1))) as $iu }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_carrier(carried: $iu) -> Self { ((carried >> 1) as $i) ^ -((carried & 1) as $i) }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn carried(self) -> u128 { self.carrier() as u128 }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_carried(carried: u128) -> Self { unzigzag(carried) as $i }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn is_small(self) -> bool { self.carrier() <= SINGLE_MAX as $iu }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn small_byte(self) -> u8 { self.carrier() as u8 }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_small(byte: u8) -> Self { ((byte >> 1) as $i) ^ -((byte & 1) as $i) }
        })*
    };
}
run_ints! {
    unsigned u16; unsigned u32; unsigned u64; unsigned u128;
    signed i16 => u16; signed i32 => u32; signed i64 => u64; signed i128 => u128;
}

/// Values per step of a run: this many one-byte varints are checked and moved at once.
const RUN_STEP: usize = 16;

/// The most bytes a run of `len` varints of `T` takes.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) const fn run_bound<T: RunInt>(len: usize) -> Option<usize> {
    len.checked_mul(T::WIDTH + 1)
}

/// Writes as many of `values` as varints as `out` has room for, front to back; returns how
/// many. Sixteen values that are all one byte are checked with one vector compare and stored
/// as one 16-byte piece, sixteen of one wider width with one marker each at fixed places;
/// others each as one window store ([`Carrier::put_window`]), and only the last few, where
/// less than a window is left, in exactly their bytes. After a step of mixed widths the checks
/// are skipped for a while, so that mixed runs do not pay for a failed check every step.
#[inline]
pub(crate) fn encode_run<T: RunInt>(values: &[T], order: Endian, out: &mut FixedOut<'_>) -> usize {
    let room = out.rest_mut();
    let (mut done, mut at) = (0, 0);
    // Steps of sixteen written value by value without trying the one-width checks first:
    // after a step of mixed widths, the next `backoff` (doubling up to `MAX_BACKOFF` while
    // steps stay mixed), so that mixed runs pay for the checks only now and then.
    let (mut unchecked, mut backoff) = (0u32, 1u32);
    const MAX_BACKOFF: u32 = 16;
    'windows: while done < values.len() {
        let step = &values[done..values.len().min(done + RUN_STEP)];
        if unchecked > 0 {
            unchecked -= 1;
        } else if let Ok(step) = <&[T; RUN_STEP]>::try_from(step) {
            // A step's first value picks which check to try: one byte or one wider width.
            if step[0].is_small()
                && step.iter().fold(true, |all, v| all & v.is_small())
                && let Some(dst) = room.get_mut(at..at + RUN_STEP)
            {
                for (d, v) in dst.iter_mut().zip(step) {
                    d.write(v.small_byte());
                }
                done += RUN_STEP;
                at += RUN_STEP;
                backoff = 1;
                continue;
            }
            if let Some(len) = put_one_width(step, order, room, at) {
                done += RUN_STEP;
                at += len;
                backoff = 1;
                continue;
            }
            unchecked = backoff;
            backoff = (backoff * 2).min(MAX_BACKOFF);
        }
        for &v in step {
            let Some(len) = v.carrier().put_window(order, room, at) else {
                break 'windows;
            };
            done += 1;
            at += len;
        }
    }
    // Less than a window left: exactly each value's bytes while they fit.
    for &v in &values[done..] {
        let mut piece = [0u8; 17];
        let len = write(v.carried(), order, &mut piece);
        let Some(dst) = room.get_mut(at..at + len) else {
            break;
        };
        for (d, &b) in dst.iter_mut().zip(&piece) {
            d.write(b);
        }
        done += 1;
        at += len;
    }
    out.take_raw(at);
    done
}

/// The varint of `T` at the front of `src` and the bytes it takes, one-byte values first;
/// `None` if it does not parse (the caller's value-by-value read gives the error).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn parse_one<T: RunInt>(src: &[u8], order: Endian) -> Option<(T, usize)> {
    if let Some(&b) = src.first()
        && b <= SINGLE_MAX
    {
        return Some((T::from_small(b), 1));
    }
    match parse(src, T::WIDTH, order) {
        Ok((value, len)) => Some((T::from_carried(value), len)),
        Err(_) => None,
    }
}

/// Where a run's decoded values go: a slice's elements, or a new `Vec`'s spare capacity.
pub(crate) trait RunSlot<T> {
    /// Stores `value` here.
    fn set(&mut self, value: T);
}

impl<T> RunSlot<T> for T {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn set(&mut self, value: T) {
        *self = value;
    }
}

impl<T> RunSlot<T> for core::mem::MaybeUninit<T> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn set(&mut self, value: T) {
        self.write(value);
    }
}

/// Reads varints of `T` from the front of `src` into `out` while they parse; returns how many
/// values were read and the bytes they took (the first `done` slots are written). Sixteen
/// bytes that are all one-byte varints are checked with one vector compare and widened at
/// once; elsewhere values are read one window load each ([`Carrier::take_window`]), sixteen
/// at a time before the next check, and the last few, where less than a window is left (or
/// a value the window read refuses), by the exact parse.
#[inline]
pub(crate) fn decode_run<T: RunInt, S: RunSlot<T>>(
    src: &[u8],
    out: &mut [S],
    order: Endian,
) -> (usize, usize) {
    let (mut done, mut rest) = (0, src);
    while done < out.len() {
        if out.len() - done >= RUN_STEP
            && let Some((bytes, after)) = rest.split_first_chunk::<RUN_STEP>()
            && bytes.iter().fold(true, |all, &b| all & (b <= SINGLE_MAX))
        {
            for (slot, &b) in out[done..done + RUN_STEP].iter_mut().zip(bytes) {
                slot.set(T::from_small(b));
            }
            done += RUN_STEP;
            rest = after;
            continue;
        }
        if out.len() - done >= RUN_STEP
            && let Some((values, len)) = take_one_width::<T::Carried>(rest, order)
        {
            for (slot, c) in out[done..done + RUN_STEP].iter_mut().zip(values) {
                slot.set(T::from_carrier(c));
            }
            done += RUN_STEP;
            rest = &rest[len..];
            continue;
        }
        let end = out.len().min(done + RUN_STEP);
        for slot in &mut out[done..end] {
            let (value, len) = match T::Carried::take_window(rest, order) {
                Some((carried, len)) => (T::from_carrier(carried), len),
                None => match parse_one::<T>(rest, order) {
                    Some(parsed) => parsed,
                    None => return (done, src.len() - rest.len()),
                },
            };
            let Some(after) = rest.get(len..) else {
                return (done, src.len() - rest.len());
            };
            slot.set(value);
            done += 1;
            rest = after;
        }
    }
    (done, src.len() - rest.len())
}

// Every test writes into a `Vec`.
#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;

    fn encoded(value: u128, order: Endian) -> alloc::vec::Vec<u8> {
        let mut out = alloc::vec::Vec::new();
        write(value, order, &mut out);
        out
    }

    #[test]
    fn markers_and_zigzag() {
        assert_eq!(encoded(250, Endian::Little), [250]);
        assert_eq!(encoded(300, Endian::Little), [0xfb, 0x2c, 0x01]);
        assert_eq!(encoded(300, Endian::Big), [0xfb, 0x01, 0x2c]);
        assert_eq!(encoded(u128::from(u32::MAX) + 1, Endian::Little).len(), 9);
        assert_eq!(encoded(u128::MAX, Endian::Little).len(), 17);
        for v in [0i128, -1, 1, -2, 2, i128::MIN, i128::MAX] {
            assert_eq!(unzigzag(zigzag(v)), v);
        }
        assert_eq!(zigzag(-200), 399);
        assert_eq!(payload_width(0xff), Err(()));
    }

    /// Runs agree with one varint at a time for every mix of one-byte and wider values, and
    /// stop at the first value that does not parse.
    #[test]
    fn runs_agree_with_single_values() {
        use core::mem::MaybeUninit;
        let mut values: alloc::vec::Vec<i32> = (0..100).map(|i| i - 50).collect();
        values.extend([300, -70_000, 5, i32::MIN, i32::MAX, 0]);
        values.extend((0..40).map(|i| i * 3));
        // Every start; under Miri the runs of 1 to 9 values and a few longer ones, on either
        // side of the runs' 16-value steps (Miri's cost grows with the run's length).
        let miri_lens = [16, 17, 33, 64, values.len()];
        let under_miri = |start: usize| {
            let len = values.len() - start;
            len <= 9 || miri_lens.contains(&len)
        };
        for order in [Endian::Little, Endian::Big] {
            for start in (0..values.len()).filter(|&start| !cfg!(miri) || under_miri(start)) {
                let run = &values[start..];
                let mut expected = alloc::vec::Vec::new();
                for &v in run {
                    write(RunInt::carried(v), order, &mut expected);
                }
                let room = run_bound::<i32>(run.len()).unwrap();
                let mut dst = alloc::vec![MaybeUninit::new(0u8); room];
                let mut out = FixedOut::new(&mut dst);
                encode_run(run, order, &mut out);
                let used = room - out.remaining();
                let got: alloc::vec::Vec<u8> =
                    // SAFETY: `dst` was initialized with zeros.
                    dst[..used].iter().map(|b| unsafe { b.assume_init() }).collect();
                assert_eq!(got, expected);
                let mut back = alloc::vec![0i32; run.len()];
                assert_eq!(decode_run(&expected, &mut back, order), (run.len(), used));
                assert_eq!(back, run);
                // A reserved marker ends the run where it stands.
                let mut bad = expected.clone();
                bad.push(RESERVED_MARKER);
                let mut back = alloc::vec![0i32; run.len() + 1];
                assert_eq!(decode_run(&bad, &mut back, order), (run.len(), used));
            }
        }
    }

    /// Carried values at every marker boundary that fit `T`.
    fn boundaries<T: RunInt>() -> alloc::vec::Vec<u128> {
        let all = [
            0,
            1,
            250,
            251,
            255,
            256,
            u128::from(u16::MAX),
            u128::from(u16::MAX) + 1,
            u128::from(u32::MAX),
            u128::from(u32::MAX) + 1,
            u128::from(u64::MAX),
            u128::from(u64::MAX) + 1,
            u128::MAX,
        ];
        all.into_iter()
            .filter(|&c| T::WIDTH == 16 || c >> (8 * T::WIDTH) == 0)
            .collect()
    }

    /// The runs checked for `T`: each boundary repeated (runs of one width, which take the
    /// one-marker blocks), and all of them mixed, each at lengths around the sixteen-value step,
    /// and a mixed step followed by steps of one width.
    fn runs<T: RunInt>() -> alloc::vec::Vec<alloc::vec::Vec<T>> {
        let lens: &[usize] = if cfg!(miri) {
            &[17]
        } else {
            &[0, 1, 15, 16, 17, 31, 32, 33, 48]
        };
        let carried = boundaries::<T>();
        let mut runs = alloc::vec::Vec::new();
        for &len in lens {
            // Miri: the widest boundary alone, and the mix.
            let repeated = if cfg!(miri) {
                &carried[carried.len() - 1..]
            } else {
                &carried[..]
            };
            for &c in repeated {
                runs.push((0..len).map(|_| T::from_carried(c)).collect());
            }
            // Miri: the mix for eight-byte types only (the same window code for every width).
            if !cfg!(miri) || T::WIDTH == 8 {
                let mixed = (0..len).map(|i| T::from_carried(carried[(i * 5) % carried.len()]));
                runs.push(mixed.collect());
            }
        }
        // A mixed step, then steps of one width: written value by value while the one-width
        // checks are skipped after the mixed step, then in one-marker blocks again.
        if !cfg!(miri) {
            let widest = carried[carried.len() - 1];
            let mixed = (0..RUN_STEP).map(|i| carried[(i * 5) % carried.len()]);
            let then_one_width = core::iter::repeat_n(widest, 3 * RUN_STEP);
            runs.push(mixed.chain(then_one_width).map(T::from_carried).collect());
        }
        runs
    }

    /// Every marker boundary of every width, in runs of one width and mixed, of lengths around
    /// the sixteen-value step, in both orders: a run writes what one value at a time writes
    /// (with room for the worst case, exactly its room, and a byte less), reads it back into a
    /// slice or spare capacity, stops at every cut with the values before it, stops at a
    /// reserved or too wide marker in every position, and reads a value at the type's widest
    /// marker (non-canonical, which bincode 2 accepts too).
    fn check_runs<T: RunInt + PartialEq + core::fmt::Debug>(orders: &[Endian]) {
        use core::mem::MaybeUninit;
        for &order in orders {
            for run in runs::<T>() {
                let (mut expected, mut starts) = (alloc::vec::Vec::new(), alloc::vec::Vec::new());
                for &v in &run {
                    starts.push(expected.len());
                    write(v.carried(), order, &mut expected);
                }
                starts.push(expected.len());
                // Worst-case room, exact room, and one byte short (the last value left out;
                // under Miri the first and the last).
                let bound = run_bound::<T>(run.len()).unwrap();
                let exact = expected.len();
                let rooms = [bound, exact, exact.saturating_sub(1)];
                for room in rooms
                    .into_iter()
                    .filter(|&room| !cfg!(miri) || room != exact)
                {
                    let mut dst = alloc::vec![MaybeUninit::new(0u8); room];
                    let mut out = FixedOut::new(&mut dst);
                    let done = encode_run(&run, order, &mut out);
                    let used = room - out.remaining();
                    let fits = starts.iter().rposition(|&end| end <= room).unwrap();
                    assert_eq!(
                        (done, used),
                        (fits, starts[fits]),
                        "{run:?} {order:?} room {room}"
                    );
                    // SAFETY: `dst` was initialized with zeros.
                    let got: alloc::vec::Vec<u8> = dst[..used]
                        .iter()
                        .map(|b| unsafe { b.assume_init() })
                        .collect();
                    assert_eq!(got, expected[..used], "{run:?} {order:?} room {room}");
                }
                let mut back = alloc::vec![T::from_small(0); run.len()];
                assert_eq!(
                    decode_run(&expected, &mut back, order),
                    (run.len(), expected.len()),
                    "{run:?} {order:?}"
                );
                assert_eq!(back, run, "{run:?} {order:?}");
                let mut spare = alloc::vec::Vec::<T>::with_capacity(run.len());
                let slots = &mut spare.spare_capacity_mut()[..run.len()];
                assert_eq!(decode_run::<T, _>(&expected, slots, order).0, run.len());
                // SAFETY: the run wrote every slot.
                unsafe { spare.set_len(run.len()) };
                assert_eq!(spare, run, "{run:?} {order:?}");
                // Every cut (under Miri a few): the whole values before it.
                let cuts: alloc::vec::Vec<usize> = if cfg!(miri) {
                    alloc::vec![0, expected.len() / 2, expected.len().saturating_sub(1)]
                } else {
                    (0..expected.len()).collect()
                };
                for cut in cuts {
                    let whole = starts.iter().rposition(|&end| end <= cut).unwrap();
                    let mut back = alloc::vec![T::from_small(0); run.len()];
                    assert_eq!(
                        decode_run(&expected[..cut], &mut back, order),
                        (whole, starts[whole]),
                        "{run:?} {order:?} cut {cut}"
                    );
                    assert_eq!(back[..whole], run[..whole]);
                }
                // A reserved marker, and one too wide for `T`, in each value's place (under
                // Miri the first, a middle and the last).
                let places = starts[..run.len()].iter().enumerate();
                let places = places.filter(|&(i, _)| {
                    !cfg!(miri) || i == 0 || i == run.len() / 2 || i + 1 == run.len()
                });
                for (i, &start) in places {
                    let too_wide = U16_MARKER + T::WIDTH.trailing_zeros() as u8;
                    for marker in [RESERVED_MARKER, too_wide] {
                        let mut bad = expected.clone();
                        bad[start] = marker;
                        let mut back = alloc::vec![T::from_small(0); run.len()];
                        assert_eq!(
                            decode_run(&bad, &mut back, order),
                            (i, start),
                            "{run:?} {order:?} {marker:#x} at value {i}"
                        );
                    }
                }
                // Each value at the widest marker the type takes (under Miri the first only).
                for i in 0..if cfg!(miri) {
                    run.len().min(1)
                } else {
                    run.len()
                } {
                    let mut wide = expected[..starts[i]].to_vec();
                    let carried = run[i].carried();
                    wide.push(U16_MARKER + T::WIDTH.trailing_zeros() as u8 - 1);
                    match order {
                        Endian::Little => {
                            wide.extend_from_slice(&carried.to_le_bytes()[..T::WIDTH]);
                        }
                        Endian::Big => {
                            wide.extend_from_slice(&carried.to_be_bytes()[16 - T::WIDTH..]);
                        }
                    }
                    wide.extend_from_slice(&expected[starts[i + 1]..]);
                    let mut back = alloc::vec![T::from_small(0); run.len()];
                    assert_eq!(
                        decode_run(&wide, &mut back, order).0,
                        run.len(),
                        "{run:?} {order:?}"
                    );
                    assert_eq!(back, run, "{run:?} {order:?} wide value {i}");
                }
            }
        }
    }

    #[test]
    fn runs_agree_with_single_values_at_every_marker_boundary() {
        const BOTH: &[Endian] = &[Endian::Little, Endian::Big];
        // Under Miri, slow on the windows' many reborrows, the unsigned widths in one order
        // each (the same macro's code for every width, signed or not); `u64` in both.
        let (little, big) = if cfg!(miri) {
            (&BOTH[..1], &BOTH[1..])
        } else {
            (BOTH, BOTH)
        };
        check_runs::<u16>(little);
        check_runs::<u32>(little);
        check_runs::<u64>(BOTH);
        check_runs::<u128>(big);
        if !cfg!(miri) {
            check_runs::<i64>(BOTH);
            check_runs::<i16>(BOTH);
            check_runs::<i32>(BOTH);
            check_runs::<i128>(BOTH);
        }
    }

    /// A `Vec` of multi-byte varints through the framing (the run parsed into the new
    /// allocation's spare capacity): read back, and every cut refused.
    #[test]
    fn vecs_of_wide_varints_read_into_their_allocation() {
        use crate::frame::{self, Config};
        let values: alloc::vec::Vec<u64> = (0..40u64).map(|i| i * i * 977 + 300).collect();
        for config in [Config::standard(), Config::standard().with_big_endian()] {
            let bytes = frame::encode_to_vec(&values, config).unwrap();
            let (back, used) =
                frame::decode_from_slice::<alloc::vec::Vec<u64>>(&bytes, config).unwrap();
            assert_eq!((back, used), (values.clone(), bytes.len()));
            let step = if cfg!(miri) { 37 } else { 1 };
            for cut in (0..bytes.len()).step_by(step) {
                assert!(
                    frame::decode_from_slice::<alloc::vec::Vec<u64>>(&bytes[..cut], config)
                        .is_err()
                );
            }
        }
    }
}
