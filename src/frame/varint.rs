//! bincode's varint: one byte for 0..=250, else a marker byte (`0xfb` u16, `0xfc` u32,
//! `0xfd` u64, `0xfe` u128) and the value at that width in the configured byte order.
//! Signed values are zigzagged first. `0xff` is reserved.

use crate::wire::Endian;

pub(crate) const SINGLE_MAX: u8 = 250;
pub(crate) const U16_MARKER: u8 = 0xfb;
pub(crate) const U32_MARKER: u8 = 0xfc;
pub(crate) const U64_MARKER: u8 = 0xfd;
pub(crate) const U128_MARKER: u8 = 0xfe;
pub(crate) const RESERVED_MARKER: u8 = 0xff;

/// Encodes `value` into `out` (at least 17 bytes), returning the number of bytes used.
#[inline]
pub(crate) fn encode(value: u128, order: Endian, out: &mut [u8]) -> usize {
    macro_rules! put {
        ($marker:expr, $t:ty) => {{
            out[0] = $marker;
            let v = value as $t;
            let bytes = match order {
                Endian::Big => v.to_be_bytes(),
                Endian::Little => v.to_le_bytes(),
            };
            out[1..1 + bytes.len()].copy_from_slice(&bytes);
            1 + bytes.len()
        }};
    }
    if value <= u128::from(SINGLE_MAX) {
        // The common case first, and without touching the rest of `out`.
        out[0] = value as u8;
        1
    } else if value <= u128::from(u16::MAX) {
        put!(U16_MARKER, u16)
    } else if value <= u128::from(u32::MAX) {
        put!(U32_MARKER, u32)
    } else if value <= u128::from(u64::MAX) {
        put!(U64_MARKER, u64)
    } else {
        put!(U128_MARKER, u128)
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
#[inline(always)]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_and_zigzag() {
        let mut out = [0u8; 17];
        assert_eq!(encode(250, Endian::Little, &mut out), 1);
        assert_eq!(encode(300, Endian::Little, &mut out), 3);
        assert_eq!(out[..3], [0xfb, 0x2c, 0x01]);
        assert_eq!(encode(300, Endian::Big, &mut out), 3);
        assert_eq!(out[..3], [0xfb, 0x01, 0x2c]);
        assert_eq!(
            encode(u128::from(u32::MAX) + 1, Endian::Little, &mut out),
            9
        );
        assert_eq!(encode(u128::MAX, Endian::Little, &mut out), 17);
        for v in [0i128, -1, 1, -2, 2, i128::MIN, i128::MAX] {
            assert_eq!(unzigzag(zigzag(v)), v);
        }
        assert_eq!(zigzag(-200), 399);
        assert_eq!(payload_width(0xff), Err(()));
    }
}
