//! bincode's varint: one byte for 0..=250, else a marker byte (`0xfb` u16, `0xfc` u32,
//! `0xfd` u64, `0xfe` u128) and the value at that width in the configured byte order.
//! Signed values are zigzagged first. `0xff` is reserved.

use crate::Endian;

pub(crate) const SINGLE_MAX: u8 = 250;
pub(crate) const U16_MARKER: u8 = 0xfb;
pub(crate) const U32_MARKER: u8 = 0xfc;
pub(crate) const U64_MARKER: u8 = 0xfd;
pub(crate) const U128_MARKER: u8 = 0xfe;
pub(crate) const RESERVED_MARKER: u8 = 0xff;

/// Encodes `value` into `out`, returning the number of bytes used (1 to 17).
#[inline]
pub(crate) fn encode(value: u128, order: Endian, out: &mut [u8; 17]) -> usize {
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

/// Reads a payload of `bytes.len()` (2, 4, 8 or 16) bytes in `order`.
#[inline]
pub(crate) fn payload_value(bytes: &[u8], order: Endian) -> u128 {
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
