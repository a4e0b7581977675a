//! bincode's varint: one byte for 0..=250, else a marker byte (`0xfb` u16, `0xfc` u32,
//! `0xfd` u64, `0xfe` u128) and the value at that width in the configured byte order.
//! Signed values are zigzagged first. `0xff` is reserved.

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

/// An integer carried by varints in runs (`Vec<u16>`, `[i64]`, ...): unsigned as itself,
/// signed zigzagged, each at its own width.
pub(crate) trait RunInt: Copy {
    /// Bytes of the type: the widest payload a varint of it may have.
    const WIDTH: usize;
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
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn carried(self) -> u128 { ((self << 1) ^ (self >> (<$i>::BITS - 1))) as $iu as u128 }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_carried(carried: u128) -> Self { unzigzag(carried) as $i }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn is_small(self) -> bool { ((self << 1) ^ (self >> (<$i>::BITS - 1))) as $iu <= SINGLE_MAX as $iu }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn small_byte(self) -> u8 { ((self << 1) ^ (self >> (<$i>::BITS - 1))) as u8 }
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

/// Writes `values` as varints into `out`, which has room for [`run_bound`] bytes. Sixteen
/// values that are all one byte are checked with one vector compare and stored as one
/// 16-byte piece.
#[inline]
pub(crate) fn encode_run<T: RunInt>(values: &[T], order: Endian, out: &mut FixedOut<'_>) {
    let mut steps = values.chunks_exact(RUN_STEP);
    for step in &mut steps {
        if step.iter().all(|v| v.is_small()) {
            out.put::<RUN_STEP>(core::array::from_fn(|k| step[k].small_byte()));
        } else {
            for &v in step {
                write(v.carried(), order, &mut *out);
            }
        }
    }
    for &v in steps.remainder() {
        write(v.carried(), order, &mut *out);
    }
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

/// Reads varints of `T` from the front of `src` into `out` while they parse; returns how many
/// values were read and the bytes they took. Sixteen bytes that are all one-byte varints are
/// checked with one vector compare and widened at once; elsewhere values are parsed one by
/// one, sixteen at a time, before the next check.
#[inline]
pub(crate) fn decode_run<T: RunInt>(src: &[u8], out: &mut [T], order: Endian) -> (usize, usize) {
    let (mut done, mut used) = (0, 0);
    while done < out.len() {
        if out.len() - done >= RUN_STEP
            && let Some(bytes) = src.get(used..).and_then(<[u8]>::first_chunk::<RUN_STEP>)
            && bytes.iter().all(|&b| b <= SINGLE_MAX)
        {
            for (slot, &b) in out[done..done + RUN_STEP].iter_mut().zip(bytes) {
                *slot = T::from_small(b);
            }
            done += RUN_STEP;
            used += RUN_STEP;
            continue;
        }
        let end = out.len().min(done + RUN_STEP);
        while done < end {
            let Some((value, len)) = parse_one::<T>(&src[used..], order) else {
                return (done, used);
            };
            out[done] = value;
            done += 1;
            used += len;
        }
    }
    (done, used)
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
}
