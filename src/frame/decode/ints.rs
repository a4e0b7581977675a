//! Integers, varints and enum tags, as the [`Decoder`] reads them: fixed-width loads under
//! fixed-int, bincode's varints (one-byte values first) otherwise.

use super::super::config::IntEncoding;
use super::super::error::{DecodeError, DecodeErrorKind};
use super::super::read::Reader;
use super::super::varint;
use super::Decoder;
use crate::wire::Endian;

impl<R: Reader> Decoder<R> {
    /// Reads an unsigned integer of `width` bytes written by
    /// [`Encoder::write_uint`](super::Encoder::write_uint).
    ///
    /// Inlined so that a constant `width` (every caller's) turns the fixed-int read into one
    /// load of that many bytes; varints stay a call.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
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
        let order = self.endian();
        let v = self.read_uint(4, order, "u32")?;
        // Fixed-int reads 4 bytes and a varint is refused when wider than 4: it fits.
        Ok(v as u32)
    }
}
