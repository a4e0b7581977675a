//! Text: `char` and strings as UTF-8 (as bincode), wire chars and fixed-size text as the logical
//! values they stand for.

use crate::frame::decode::{BorrowDecode, Decode, Decoder, borrow_via_decode};
use crate::frame::encode::{Encode, Encoder};
use crate::frame::error::{DecodeError, DecodeErrorKind, EncodeError};
use crate::frame::read::{BorrowReader, Reader};
use crate::frame::write::Writer;

// ----- char: UTF-8, as bincode -----------------------------------------------------------

impl Encode for char {
    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        let mut buf = [0u8; 4];
        e.write_bytes(self.encode_utf8(&mut buf).as_bytes())
    }
}

impl Decode for char {
    const MIN_SIZE: usize = 1;

    fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let start = d.offset();
        let [first] = d.read_array::<1>()?;
        let width = match first {
            0x00..=0x7f => 1,
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            _ => return Err(d.error_at(start, DecodeErrorKind::InvalidUtf8)),
        };
        let mut buf = [first, 0, 0, 0];
        d.read_bytes(&mut buf[1..width])?;
        core::str::from_utf8(&buf[..width])
            .ok()
            .and_then(|s| s.chars().next())
            .ok_or_else(|| d.error_at(start, DecodeErrorKind::InvalidUtf8))
    }
}
borrow_via_decode!(char);

impl Encode for str {
    #[inline]
    fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
        e.write_len(self.len())?;
        e.write_bytes(self.as_bytes())
    }
}

impl<'de> BorrowDecode<'de> for &'de str {
    const MIN_SIZE: usize = 1;

    #[inline]
    fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
        let len = d.read_borrowed_len(1)?;
        let start = d.offset();
        let bytes = d.borrow_bytes(len)?;
        core::str::from_utf8(bytes)
            .map_err(|e| d.error_at(start + e.valid_up_to(), DecodeErrorKind::InvalidUtf8))
    }

    #[inline]
    fn borrow_skip<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
        let len = d.read_borrowed_len(1)?;
        d.borrow_bytes(len).map(drop)
    }
}

#[cfg(feature = "alloc")]
mod owned {
    use alloc::boxed::Box;
    use alloc::string::String;

    use super::*;

    impl Encode for String {
        #[inline]
        fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
            self.as_str().encode(e)
        }
    }

    impl Decode for String {
        const MIN_SIZE: usize = 1;

        fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            let len = d.read_len(1, 1)?;
            let start = d.offset();
            let bytes = u8::decode_vec(len, d)?;
            String::from_utf8(bytes).map_err(|e| {
                d.error_at(
                    start + e.utf8_error().valid_up_to(),
                    DecodeErrorKind::InvalidUtf8,
                )
            })
        }

        #[inline]
        fn skip<R: Reader>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
            let len = d.read_len(1, 1)?;
            d.skip_bytes(len)
        }
    }

    impl Decode for Box<str> {
        const MIN_SIZE: usize = 1;

        #[inline]
        fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
            String::decode(d).map(String::into_boxed_str)
        }

        #[inline]
        fn skip<R: Reader>(d: &mut Decoder<R>) -> Result<(), DecodeError> {
            String::skip(d)
        }
    }

    borrow_via_decode!(String, Box<str>);
}

// ----- wire chars and fixed text: framed as their logical values ---------------------------

/// A wire `char` frames as a `char` (UTF-8, as bincode), so a wire struct frames exactly like
/// its logical struct. A surrogate held by a wire char has no encoding.
macro_rules! wire_chars {
    ($($W:ident),*) => {$(
        impl Encode for crate::wire::$W {
            #[inline]
            fn encode<Wr: Writer>(&self, e: &mut Encoder<Wr>) -> Result<(), EncodeError> {
                match self.to_char() {
                    Some(c) => c.encode(e),
                    None => Err(EncodeError::InvalidValue {
                        type_name: stringify!($W),
                        reason: "not a Unicode scalar value",
                    }),
                }
            }
        }

        impl Decode for crate::wire::$W {
            const MIN_SIZE: usize = 1;

            #[inline]
            fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                char::decode(d).map(Self::new)
            }
        }

        borrow_via_decode!(crate::wire::$W);
    )*};
}
wire_chars!(BigEndianChar, LittleEndianChar);

/// Fixed-size text frames as a string (length, then UTF-8), as the `String` field it stands
/// for in a derived type. Decoding refuses text that does not fit.
#[cfg(feature = "alloc")]
mod fixed_text {
    use alloc::string::String;

    use super::*;
    use crate::text::FixedText;

    macro_rules! fixed_text {
        ($($T:ident),*) => {$(
            impl<const N: usize> Encode for crate::text::$T<N> {
                fn encode<W: Writer>(&self, e: &mut Encoder<W>) -> Result<(), EncodeError> {
                    let text = self.decode_text().map_err(|_| EncodeError::InvalidValue {
                        type_name: stringify!($T),
                        reason: "the stored code units are not valid text",
                    })?;
                    text.encode(e)
                }
            }

            impl<const N: usize> Decode for crate::text::$T<N> {
                const MIN_SIZE: usize = 1;

                fn decode<R: Reader>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                    let start = d.offset();
                    let text = String::decode(d)?;
                    Self::encode_text(&text).map_err(|err| d.error_at(start, DecodeErrorKind::Text(err)))
                }
            }

            impl<'de, const N: usize> BorrowDecode<'de> for crate::text::$T<N> {
                const MIN_SIZE: usize = 1;

                #[inline]
                fn borrow_decode<R: BorrowReader<'de>>(d: &mut Decoder<R>) -> Result<Self, DecodeError> {
                    Self::decode(d)
                }
            }
        )*};
    }
    crate::text::for_string_fields!(fixed_text);
}
