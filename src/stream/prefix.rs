//! The length written before each message ([`LengthPrefix`]).

use core::mem::MaybeUninit;

use crate::frame::{self, Config, DecodeErrorKind};
use crate::wire::Endian;

use super::MessageError;

/// The default maximum message length (not counting the prefix): 8 MiB, as tokio-util's
/// `LengthDelimitedCodec`.
pub const DEFAULT_MAX_FRAME_LENGTH: usize = 8 << 20;

/// How the length of each message is written before it.
///
/// The length counts the message's bytes, not the prefix's. The default,
/// `LengthPrefix::U32(Endian::Big)`, is what tokio-util's `LengthDelimitedCodec` writes by
/// default.
///
/// ```
/// use endian_wire::Endian;
/// use endian_wire::stream::LengthPrefix;
/// assert_eq!(LengthPrefix::default(), LengthPrefix::U32(Endian::Big));
/// assert_eq!(LengthPrefix::U16(Endian::Little).max_length(), 0xFFFF);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LengthPrefix {
    /// Two bytes in the given order (messages of at most 65535 bytes).
    U16(Endian),
    /// Four bytes in the given order.
    U32(Endian),
    /// Eight bytes in the given order.
    U64(Endian),
    /// bincode's varint (one byte up to 250, else a marker byte and 2, 4 or 8 bytes in the
    /// given order): what bincode 2's `standard()` writes for a `u64`.
    Varint(Endian),
}

impl Default for LengthPrefix {
    /// `U32(Endian::Big)`, `LengthDelimitedCodec`'s default.
    fn default() -> Self {
        LengthPrefix::U32(Endian::Big)
    }
}

/// The most bytes any prefix takes (a varint's marker and 8 bytes).
pub(crate) const MAX_PREFIX_WIDTH: usize = 9;

impl LengthPrefix {
    /// The longest message length this prefix can carry.
    #[must_use]
    pub const fn max_length(self) -> u64 {
        match self {
            LengthPrefix::U16(_) => u16::MAX as u64,
            LengthPrefix::U32(_) => u32::MAX as u64,
            LengthPrefix::U64(_) | LengthPrefix::Varint(_) => u64::MAX,
        }
    }

    /// The varint's configuration: bincode 2's `standard()` in `order`.
    const fn varint_config(order: Endian) -> Config {
        Config::standard().with_order(order)
    }

    /// The prefix of a `len`-byte message, in a buffer, and its width.
    #[inline]
    pub(crate) fn encode(self, len: usize) -> ([u8; MAX_PREFIX_WIDTH], usize) {
        let mut buf = [0; MAX_PREFIX_WIDTH];
        let width = match self {
            LengthPrefix::U16(order) => put(&mut buf, order, &(len as u16).to_be_bytes()),
            LengthPrefix::U32(order) => put(&mut buf, order, &(len as u32).to_be_bytes()),
            LengthPrefix::U64(order) => put(&mut buf, order, &(len as u64).to_be_bytes()),
            LengthPrefix::Varint(order) => {
                frame::encode_into_slice(&(len as u64), &mut buf, Self::varint_config(order))
                    .unwrap_or_else(|_| unreachable!("a u64 varint takes at most 9 bytes"))
            }
        };
        (buf, width)
    }

    /// Reads a prefix from the front of `bytes`: the message length and the prefix's width,
    /// `Ok(None)` if `bytes` ends before the prefix does.
    ///
    /// # Errors
    /// [`MessageError::BadPrefix`] for a varint with the reserved marker `0xff` or the
    /// marker of a 16-byte value.
    #[inline]
    pub(crate) fn read(self, bytes: &[u8]) -> Result<Option<(u64, usize)>, MessageError> {
        macro_rules! fixed {
            ($t:ty, $order:expr) => {{
                let Some(head) = bytes.first_chunk::<{ size_of::<$t>() }>() else {
                    return Ok(None);
                };
                let value = match $order {
                    Endian::Big => <$t>::from_be_bytes(*head),
                    Endian::Little => <$t>::from_le_bytes(*head),
                };
                Ok(Some((value as u64, size_of::<$t>())))
            }};
        }
        match self {
            LengthPrefix::U16(order) => fixed!(u16, order),
            LengthPrefix::U32(order) => fixed!(u32, order),
            LengthPrefix::U64(order) => fixed!(u64, order),
            LengthPrefix::Varint(order) => {
                match frame::decode_from_slice::<u64>(bytes, Self::varint_config(order)) {
                    Ok((value, used)) => Ok(Some((value, used))),
                    Err(e) if matches!(e.kind, DecodeErrorKind::UnexpectedEnd { .. }) => Ok(None),
                    Err(_) => Err(MessageError::BadPrefix {
                        marker: bytes.first().copied().unwrap_or(0),
                    }),
                }
            }
        }
    }

    /// The width of a prefix that starts with `first` (a varint's marker says it), or the most
    /// it can take when that is not known yet.
    pub(crate) fn width_from(self, first: Option<u8>) -> usize {
        match (self, first) {
            (LengthPrefix::U16(_), _) => 2,
            (LengthPrefix::U32(_), _) => 4,
            (LengthPrefix::U64(_), _) => 8,
            (LengthPrefix::Varint(_), Some(marker)) => match marker {
                0..=250 => 1,
                251 => 3,
                252 => 5,
                _ => MAX_PREFIX_WIDTH,
            },
            (LengthPrefix::Varint(_), None) => MAX_PREFIX_WIDTH,
        }
    }
}

/// `big_endian` (a number's bytes, most significant first) into `buf` in `order`; returns the
/// width.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn put(buf: &mut [u8; MAX_PREFIX_WIDTH], order: Endian, big_endian: &[u8]) -> usize {
    let dst = &mut buf[..big_endian.len()];
    dst.copy_from_slice(big_endian);
    if order == Endian::Little {
        dst.reverse();
    }
    big_endian.len()
}

/// Writes `bytes` at the start of `out`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn put_uninit(out: &mut [MaybeUninit<u8>], bytes: &[u8]) {
    for (dst, &b) in out[..bytes.len()].iter_mut().zip(bytes) {
        *dst = MaybeUninit::new(b);
    }
}
