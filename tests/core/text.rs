//! Text types: exact wire bytes in both orders, padding and trimming, and the errors.

#![cfg(feature = "alloc")]

use endian_wire::text::FixedText;
use endian_wire::zerocopy::IntoBytes;
use endian_wire::*;
use proptest::prelude::*;

#[test]
fn utf8_fields() {
    let n = FixedUtf8NullPadded::<6>::try_from("héj").unwrap();
    assert_eq!(n.as_bytes(), &[b'h', 0xc3, 0xa9, b'j', 0, 0]);
    assert_eq!(n.as_str().unwrap(), "héj");
    assert_eq!(String::try_from(&n).unwrap(), "héj");
    assert_eq!(Vec::<u8>::from(&n), vec![b'h', 0xc3, 0xa9, b'j', 0, 0]);
    assert_eq!(format!("[{n:>5}]"), "[  héj]");

    let s = FixedUtf8SpacePadded::<5>::try_from(String::from("ab")).unwrap();
    assert_eq!(s.as_bytes(), b"ab   ");
    assert_eq!(String::try_from(&s).unwrap(), "ab");

    let exact = FixedUtf8NullPadded::<3>::try_from("abc").unwrap();
    assert_eq!(exact.as_str().unwrap(), "abc");
    let empty = FixedUtf8SpacePadded::<0>::try_from("").unwrap();
    assert_eq!(empty.as_str().unwrap(), "");

    let bytes = FixedUtf8Bytes::from(*b"raw!");
    assert_eq!(bytes.as_str().unwrap(), "raw!");
    assert_eq!(FixedUtf8BytesRef::from(&[1u8, 2]).as_bytes(), &[1, 2]);
}

#[test]
fn utf8_errors() {
    assert_eq!(
        FixedUtf8NullPadded::<3>::try_from("abcd"),
        Err(FixedUtf8Error::TooManyBytes { max: 3, found: 4 })
    );
    assert_eq!(
        FixedUtf8SpacePadded::<1>::try_from("é"),
        Err(FixedUtf8Error::TooManyBytes { max: 1, found: 2 })
    );
    let bad = FixedUtf8NullPadded(FixedUtf8Bytes::from([b'o', b'k', 0xff, b'x']));
    // simple_endian's shape through `TryFrom`; the position through `FixedText`.
    let err = String::try_from(&bad).unwrap_err();
    assert_eq!(err, FixedUtf8Error::InvalidUtf8);
    assert_eq!(err.to_string(), "invalid UTF-8");
    let detail = bad.decode_text().unwrap_err();
    assert_eq!(detail, TextError::InvalidUtf8 { position: 2 });
    assert_eq!(detail.to_string(), "invalid UTF-8 at byte 2");
    assert_eq!(FixedUtf8Error::from(detail), err);
    assert_eq!(
        bad.0.utf8_error(),
        Some(TextError::InvalidUtf8 { position: 2 })
    );
    assert_eq!(
        FixedUtf8NullPadded::<3>::encode_text("abcd"),
        Err(TextError::TooManyBytes { max: 3, found: 4 })
    );
    assert_eq!(
        FixedUtf8Error::TooManyBytes { max: 3, found: 4 }.to_string(),
        "text is 4 bytes of UTF-8 but the field holds at most 3"
    );
    assert_eq!(format!("{bad}"), "ok\u{fffd}x");
}

#[test]
fn utf16_bytes_in_declared_order() {
    // simple_endian 0.4.11 stores `00 41` as `41 00` here on little-endian hosts.
    let be = FixedUtf16BeNullPadded::<4>::try_from("AB").unwrap();
    assert_eq!(be.as_bytes(), &[0, 0x41, 0, 0x42, 0, 0, 0, 0]);
    let le = FixedUtf16LeNullPadded::<4>::try_from("AB").unwrap();
    assert_eq!(le.as_bytes(), &[0x41, 0, 0x42, 0, 0, 0, 0, 0]);

    let be = FixedUtf16BeSpacePadded::<3>::try_from("é").unwrap();
    assert_eq!(be.as_bytes(), &[0, 0xe9, 0, 0x20, 0, 0x20]);
    let le = FixedUtf16LeSpacePadded::<3>::try_from("é").unwrap();
    assert_eq!(le.as_bytes(), &[0xe9, 0, 0x20, 0, 0x20, 0]);

    let be = FixedUtf16BeCodeUnits::<2>::try_from("hi").unwrap();
    assert_eq!(be.as_bytes(), &[0, b'h', 0, b'i']);
    let le = FixedUtf16LeCodeUnits::<2>::try_from("hi").unwrap();
    assert_eq!(le.as_bytes(), &[b'h', 0, b'i', 0]);

    // A surrogate pair: U+1F600 is D83D DE00.
    let be = FixedUtf16BePacked::<2>::try_from("😀").unwrap();
    assert_eq!(be.as_bytes(), &[0xd8, 0x3d, 0xde, 0x00]);
    let le = FixedUtf16LePacked::<2>::try_from("😀").unwrap();
    assert_eq!(le.as_bytes(), &[0x3d, 0xd8, 0x00, 0xde]);
    assert_eq!(String::try_from(&le).unwrap(), "😀");

    // From native code units: converted into the declared order.
    let be = FixedUtf16BeCodeUnits::<2>::try_from(&[0x0102u16, 0x0304][..]).unwrap();
    assert_eq!(be.as_bytes(), &[1, 2, 3, 4]);
    let le = FixedUtf16LeCodeUnits::<2>::try_from(&[0x0102u16, 0x0304][..]).unwrap();
    assert_eq!(le.as_bytes(), &[2, 1, 4, 3]);
}

#[test]
fn utf32_bytes_in_declared_order() {
    let be = FixedUtf32BeNullPadded::<3>::try_from("Aé").unwrap();
    assert_eq!(be.as_bytes(), &[0, 0, 0, 0x41, 0, 0, 0, 0xe9, 0, 0, 0, 0]);
    let le = FixedUtf32LeNullPadded::<3>::try_from("Aé").unwrap();
    assert_eq!(le.as_bytes(), &[0x41, 0, 0, 0, 0xe9, 0, 0, 0, 0, 0, 0, 0]);
    let be = FixedUtf32BeSpacePadded::<2>::try_from("😀").unwrap();
    assert_eq!(be.as_bytes(), &[0, 1, 0xf6, 0, 0, 0, 0, 0x20]);
    let le = FixedUtf32LeSpacePadded::<2>::try_from("😀").unwrap();
    assert_eq!(le.as_bytes(), &[0, 0xf6, 1, 0, 0x20, 0, 0, 0]);
    let be = FixedUtf32BePacked::<2>::try_from("ok").unwrap();
    assert_eq!(be.as_bytes(), &[0, 0, 0, b'o', 0, 0, 0, b'k']);
    let le = FixedUtf32LeCodeUnits::<1>::try_from("z").unwrap();
    assert_eq!(le.as_bytes(), &[b'z', 0, 0, 0]);
    for padded in [
        String::try_from(&FixedUtf32BeNullPadded::<5>::try_from("abc").unwrap()),
        String::try_from(&FixedUtf32LeSpacePadded::<5>::try_from("abc").unwrap()),
    ] {
        assert_eq!(padded.unwrap(), "abc");
    }
}

#[test]
fn wrapped_host_code_units_hold_the_wrapper_order() {
    let be: BigEndian<FixedUtf16CodeUnits<2>> = "hi".try_into().unwrap();
    assert_eq!(be.as_bytes(), &[0, b'h', 0, b'i']);
    assert_eq!(String::try_from(&be.to_native()).unwrap(), "hi");
    let le: LittleEndian<FixedUtf32CodeUnits<1>> = "é".try_into().unwrap();
    assert_eq!(le.as_bytes(), &[0xe9, 0, 0, 0]);
    assert_eq!(String::try_from(&le.to_native()).unwrap(), "é");
}

#[test]
fn code_unit_errors() {
    assert_eq!(
        FixedUtf16BeCodeUnits::<3>::try_from("ab"),
        Err(FixedUtf16Error::WrongCodeUnitCount {
            expected: 3,
            found: 2
        })
    );
    assert_eq!(
        FixedUtf16LePacked::<1>::try_from("abcd"),
        Err(FixedUtf16Error::WrongCodeUnitCount {
            expected: 1,
            found: 4
        })
    );
    // A padded field that overflows: a wrong count in simple_endian's shape, "at most" in the
    // detail.
    assert_eq!(
        FixedUtf16BeNullPadded::<2>::try_from("abcde"),
        Err(FixedUtf16Error::WrongCodeUnitCount {
            expected: 2,
            found: 5
        })
    );
    assert_eq!(
        FixedUtf16BeNullPadded::<2>::encode_text("abcde"),
        Err(TextError::TooManyCodeUnits { max: 2, found: 5 })
    );
    assert_eq!(
        FixedUtf32LeSpacePadded::<1>::try_from("ab"),
        Err(FixedUtf32Error::WrongCodeUnitCount {
            expected: 1,
            found: 2
        })
    );
    // An unpaired surrogate at index 1.
    let bad = FixedUtf16BeCodeUnits::<3>::try_from(&[0x61u16, 0xd800, 0x62][..]).unwrap();
    let err = String::try_from(&bad).unwrap_err();
    assert_eq!(err, FixedUtf16Error::InvalidUtf16);
    assert_eq!(err.to_string(), "invalid UTF-16: an unpaired surrogate");
    let detail = FixedUtf16BePacked(bad).decode_text().unwrap_err();
    assert_eq!(detail, TextError::InvalidUtf16 { position: 1 });
    assert_eq!(
        detail.to_string(),
        "invalid UTF-16: unpaired surrogate at code unit 1"
    );
    assert_eq!(bad.to_string_lossy(), "a\u{fffd}b");
    // After a surrogate pair, positions count code units.
    let bad = FixedUtf16LeCodeUnits::<4>::try_from(&[0xd83d, 0xde00, 0x41, 0xdc00][..]).unwrap();
    assert_eq!(String::try_from(&bad), Err(FixedUtf16Error::InvalidUtf16));
    assert_eq!(
        FixedUtf16LePacked(bad).decode_text(),
        Err(TextError::InvalidUtf16 { position: 3 })
    );
    let bad = FixedUtf32BeCodeUnits::<2>::try_from(&[0x41u32, 0x11_0000][..]).unwrap();
    let err = String::try_from(&bad).unwrap_err();
    assert_eq!(err, FixedUtf32Error::InvalidUtf32);
    let detail = FixedUtf32BePacked(bad).decode_text().unwrap_err();
    assert_eq!(
        detail,
        TextError::InvalidUtf32 {
            position: 1,
            value: 0x11_0000
        }
    );
    assert_eq!(
        detail.to_string(),
        "invalid UTF-32: 0x110000 at code unit 1 is not a Unicode scalar value"
    );
    assert_eq!(
        TextError::TooManyCodeUnits { max: 2, found: 5 }.to_string(),
        "text is 5 UTF-16/32 code units but the field holds at most 2"
    );
    assert_eq!(
        FixedUtf32BeCodeUnits::<2>::try_from(&[1u32][..]),
        Err(FixedUtf32Error::WrongCodeUnitCount {
            expected: 2,
            found: 1
        })
    );
}

#[test]
fn growable_strings() {
    let be = Utf16StringBE::from("hé😀");
    assert_eq!(be.as_bytes(), &[0, b'h', 0, 0xe9, 0xd8, 0x3d, 0xde, 0x00]);
    assert_eq!(String::try_from(&be).unwrap(), "hé😀");
    let le: Utf16StringLE = SpecificEndianOwned::to_little_endian(&be);
    assert_eq!(le.as_bytes(), &[b'h', 0, 0xe9, 0, 0x3d, 0xd8, 0x00, 0xde]);
    assert_eq!(String::try_from(le.as_str_view()).unwrap(), "hé😀");
    assert_eq!(le.len(), 4, "Deref to the code-unit slice");

    let be32 = Utf32StringBE::from("A😀");
    assert_eq!(be32.as_bytes(), &[0, 0, 0, 0x41, 0, 1, 0xf6, 0]);
    let le32 = SpecificEndianOwned::to_little_endian(&be32);
    assert_eq!(le32.as_bytes(), &[0x41, 0, 0, 0, 0, 0xf6, 1, 0]);

    let bad = Utf16StringLE(vec![u16le::new(0x41), u16le::new(0xdc00)]);
    assert_eq!(String::try_from(&bad), Err(Utf16Error::InvalidUtf16));
    assert_eq!(
        bad.as_str_view().decode_text(),
        Err(TextError::InvalidUtf16 { position: 1 })
    );
    let bad = Utf32StrBE(&[u32be::new(0xd800)]);
    assert_eq!(String::try_from(bad), Err(Utf32Error::InvalidUtf32));
    assert_eq!(
        bad.decode_text(),
        Err(TextError::InvalidUtf32 {
            position: 0,
            value: 0xd800
        })
    );
    let fixed = FixedUtf16BeCodeUnits::<2>::try_from(Utf16StringBE::from("ok")).unwrap();
    assert_eq!(fixed.as_bytes(), &[0, b'o', 0, b'k']);
}

#[test]
fn codepoint_strings() {
    let s = FixedCodepointString::<3>::try_from("a😀c").unwrap();
    assert_eq!(s.as_chars(), &['a', '😀', 'c']);
    assert_eq!(String::from(&s), "a😀c");
    assert_eq!(s.to_string(), "a😀c");
    assert_eq!(
        FixedCodepointString::<3>::try_from("ab"),
        Err(FixedTextError::WrongCodepointCount {
            expected: 3,
            found: 2
        })
    );
    assert_eq!(
        FixedCodepointString::<1>::try_from("abc"),
        Err(FixedTextError::WrongCodepointCount {
            expected: 1,
            found: 3
        })
    );
    // simple_endian's conversion: sizes become a count, invalid text a count of zero.
    assert_eq!(
        FixedTextError::from(FixedUtf8Error::TooManyBytes { max: 1, found: 2 }),
        FixedTextError::WrongCodepointCount {
            expected: 1,
            found: 2
        }
    );
    assert_eq!(
        FixedTextError::from(FixedUtf16Error::InvalidUtf16),
        FixedTextError::WrongCodepointCount {
            expected: 0,
            found: 0
        }
    );
}

#[cfg(feature = "encoding_rs")]
#[test]
fn legacy_encodings() {
    use endian_wire::encoding_rs::*;
    let f = encode_space_padded::<6>(::encoding_rs::WINDOWS_1252, "Zoë").unwrap();
    assert_eq!(f.as_bytes(), &[b'Z', b'o', 0xeb, b' ', b' ', b' ']);
    assert_eq!(
        decode_space_padded(::encoding_rs::WINDOWS_1252, &f).unwrap(),
        "Zoë"
    );
    assert_eq!(
        encode_null_padded::<2>(::encoding_rs::WINDOWS_1252, "abc"),
        Err(EncodingRsError::TooManyBytes { max: 2, found: 3 })
    );
    assert_eq!(
        encode_null_padded::<8>(::encoding_rs::WINDOWS_1252, "日本"),
        Err(EncodingRsError::MalformedInput)
    );
    let sjis = encode_null_padded::<8>(::encoding_rs::SHIFT_JIS, "日本").unwrap();
    assert_eq!(
        decode_null_padded(::encoding_rs::SHIFT_JIS, &sjis).unwrap(),
        "日本"
    );
}

/// Text without the pad unit at its end round-trips through every padded type.
fn padded_text(max_chars: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(any::<char>(), 0..max_chars).prop_map(|chars| {
        let mut s: String = chars.into_iter().collect();
        while s.ends_with(['\0', ' ']) {
            s.pop();
        }
        s
    })
}

proptest! {
    #[test]
    fn padded_round_trips(text in padded_text(8)) {
        macro_rules! check {
            ($($T:ident),*) => {$(
                match $T::<40>::try_from(text.as_str()) {
                    Ok(field) => prop_assert_eq!(String::try_from(&field).unwrap(), text.clone()),
                    Err(_) => prop_assert!(false, "{} rejected {:?}", stringify!($T), text),
                }
            )*};
        }
        check!(FixedUtf8NullPadded, FixedUtf8SpacePadded, FixedUtf16BeNullPadded,
            FixedUtf16LeNullPadded, FixedUtf16BeSpacePadded, FixedUtf16LeSpacePadded,
            FixedUtf32BeNullPadded, FixedUtf32LeNullPadded, FixedUtf32BeSpacePadded,
            FixedUtf32LeSpacePadded);
        let be = FixedUtf16BeNullPadded::<40>::try_from(text.as_str()).unwrap();
        let expected: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        prop_assert_eq!(&be.as_bytes()[..expected.len()], &expected[..]);
        let le = FixedUtf32LeSpacePadded::<40>::try_from(text.as_str()).unwrap();
        let expected: Vec<u8> = text.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect();
        prop_assert_eq!(&le.as_bytes()[..expected.len()], &expected[..]);
    }
}
