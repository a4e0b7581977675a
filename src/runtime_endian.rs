//! [`RuntimeEndian`]: reading and writing an `#[endian(runtime)]` type in a byte order chosen
//! at run time, the order given last to every method.
//!
//! The derive writes two wire types per runtime type (`FooWireBe`, `FooWireLe`) with the
//! conversions of each ([`EndianizeIn`]); the methods here choose between them and move
//! whole tables at once where the layout allows ([`table`]).

use crate::endianize::EndianizeIn;
#[cfg(feature = "std")]
use {
    crate::wire::Endian,
    alloc::borrow::Cow,
    alloc::vec::Vec,
    std::io,
    with_std::{read_from, read_one, write_to},
};

#[cfg(feature = "std")]
mod table;

/// `true` on a big-endian host: the `BIG` of the [`EndianizeIn`] whose wire type is the host's.
const NATIVE_BIG: bool = cfg!(target_endian = "big");

/// A type whose byte order on the wire is chosen when it is read or written: ELF's `EI_DATA`,
/// TIFF's `II` / `MM`, classic pcap's magic. Implemented by `#[derive(Endianize)]` with
/// `#[endian(runtime)]`.
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use endian_wire::*;
///
/// /// The first 16 bytes of an ELF file, then its fields in the order `data` names.
/// #[derive(Endianize, Debug, PartialEq)]
/// #[endian(runtime)]
/// struct Header {
///     ident: [u8; 16],
///     kind: u16,
///     machine: u16,
///     version: u32,
/// }
///
/// let mut file = vec![0x7f, b'E', b'L', b'F', 2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
/// file.extend_from_slice(&[0, 3, 0, 0x16, 0, 0, 0, 1]); // big-endian: s390x
/// let order = if file[5] == 2 { Endian::Big } else { Endian::Little };
/// let header = Header::read_as(&file, order)?;
/// assert_eq!((header.kind, header.machine, header.version), (3, 0x16, 1));
///
/// let mut out = Vec::new();
/// header.write_as(&mut out, Endian::Little)?; // the same header, little-endian
/// assert_eq!(&out[16..], [3, 0, 0x16, 0, 1, 0, 0, 0]);
/// # }
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// The methods need `std` (their errors are `std::io::Error`s, as [`EndianRead`]'s are):
/// truncated input is `UnexpectedEof`, bytes that are not a value (a `bool` of 2, an unknown
/// enum tag, text that is not valid) `InvalidData`, a value that has no wire form (text too
/// long for its field) `InvalidInput`, each naming the type, the value and its byte offset.
/// Without `std`, the two wire types serve: view a table as `&[FooWireBe]` with
/// [`view_slice`](crate::io::view_slice) and convert with `From`.
///
/// A field marked `#[endian(be)]` or `#[endian(le)]` keeps that order in both wire types;
/// a nested `#[endian(runtime)]` type follows the outer order, a nested fixed-order type keeps
/// its own. Framed (`endian_wire::frame`), a runtime type takes the configuration's order.
///
/// [`EndianRead`]: crate::io::EndianRead
#[cfg(feature = "std")]
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no wire image whose byte order is chosen at run time",
    label = "not an `#[endian(runtime)]` type with fixed-size fields",
    note = "derive `Endianize` with `#[endian(runtime)]` for it; a type with `#[endian(be)]` or \
            `#[endian(le)]` reads with `EndianRead::read_from`, and one with variable-length \
            fields (`Vec`, `String`, ...) frames with `endian_wire::frame`"
)]
pub trait RuntimeEndian:
    EndianizeIn<true, Wire: RuntimeWire>
    + EndianizeIn<false, Wire: RuntimeWire>
    + EndianizeIn<NATIVE_BIG, Wire = <Self as RuntimeEndian>::WireNative>
{
    /// The wire type in the host's byte order: `FooWireLe` on little-endian hosts, `FooWireBe`
    /// on big-endian ones. [`view_all_as`](Self::view_all_as) gives a table of them.
    type WireNative: RuntimeWire;

    /// Where the wire image's bytes sit in a value's memory, in each order (for whole
    /// tables at once); given by the derive.
    #[doc(hidden)]
    const IMAGE_MAPS: crate::layout::ImageMaps<Self>;

    /// Reads one value from the front of `data` (the bytes after it are left alone), in
    /// `order`.
    ///
    /// # Errors
    /// `UnexpectedEof` if `data` is shorter than the value, `InvalidData` if its bytes are
    /// not a value; the message names the type, the bytes and their offset.
    fn read_as(data: &[u8], order: Endian) -> io::Result<Self> {
        match order {
            Endian::Big => read_one::<Self, true>(data, 0),
            Endian::Little => read_one::<Self, false>(data, 0),
        }
    }

    /// Reads a table: `data` is records back to back, every one in `order`.
    ///
    /// For a struct whose layout allows it, the whole table is converted at once: one copy in
    /// the host's order when the logical type's memory is its wire image (a `#[repr(C)]`
    /// struct of numbers laid out without padding), otherwise one pass of the bulk kernels'
    /// byte shuffle over the whole table (fields of any widths: each byte moves inside its
    /// field). Other types (text, `char`, `bool` fields, padding, enums) are read record by
    /// record. Enums, whose values differ in size, are read one after the other until `data`
    /// ends.
    ///
    /// ```
    /// # #[cfg(feature = "derive")] {
    /// use endian_wire::*;
    ///
    /// #[derive(Endianize, Debug, PartialEq)]
    /// #[endian(runtime)]
    /// #[repr(C)] // laid out as on the wire: the table is one copy in the host's order
    /// struct Entry { tag: u32, size: u32, value: u64 }
    ///
    /// let bytes: Vec<u8> = [1u32, 2, 0, 3].iter().flat_map(|v| v.to_be_bytes()).collect();
    /// let table = Entry::read_all_as(&bytes, Endian::Big)?;
    /// assert_eq!(table, [Entry { tag: 1, size: 2, value: 3 }]);
    ///
    /// let err = Entry::read_all_as(&bytes[..12], Endian::Big).unwrap_err();
    /// assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof);
    /// assert_eq!(err.to_string(), "Entry at byte 0: 16 bytes needed, 12 left");
    /// # }
    /// # Ok::<(), std::io::Error>(())
    /// ```
    ///
    /// # Errors
    /// `UnexpectedEof` if the length is not a whole number of records (naming the offset of
    /// the cut record), `InvalidData` at the first record that is not a value (naming its
    /// offset).
    fn read_all_as(data: &[u8], order: Endian) -> io::Result<Vec<Self>> {
        match order {
            Endian::Big => table::read_all::<Self, true>(data),
            Endian::Little => table::read_all::<Self, false>(data),
        }
    }

    /// Appends the value's wire image in `order` to `out`.
    ///
    /// # Errors
    /// `InvalidInput`, with nothing appended, if a field has no wire form (text longer than
    /// its field).
    fn write_as(&self, out: &mut Vec<u8>, order: Endian) -> io::Result<()> {
        self.write_to_as(out, order)
    }

    /// Appends the wire images of `items` in `order` to `out`: a table that
    /// [`read_all_as`](Self::read_all_as) reads back, converted at once where the layout
    /// allows, as there.
    ///
    /// # Errors
    /// `InvalidInput` at the first item with no wire form (naming its index), with the
    /// items before it appended.
    fn write_all_as(items: &[Self], out: &mut Vec<u8>, order: Endian) -> io::Result<()> {
        match order {
            Endian::Big => table::write_all::<Self, true>(items, out),
            Endian::Little => table::write_all::<Self, false>(items, out),
        }
    }

    /// Reads one value from `reader` in `order` (one `read_exact` for a struct).
    ///
    /// # Errors
    /// As [`EndianRead::read_from`](crate::io::EndianRead::read_from).
    fn read_from_as<R: io::Read + ?Sized>(reader: &mut R, order: Endian) -> io::Result<Self> {
        match order {
            Endian::Big => read_from::<Self, true, R>(reader),
            Endian::Little => read_from::<Self, false, R>(reader),
        }
    }

    /// Writes the value's wire image in `order` to `writer` (one `write_all` for a struct).
    ///
    /// # Errors
    /// `InvalidInput`, with nothing written, if a field has no wire form; the writer's errors.
    fn write_to_as<W: io::Write + ?Sized>(&self, writer: &mut W, order: Endian) -> io::Result<()> {
        match order {
            Endian::Big => write_to::<Self, true, W>(self, writer),
            Endian::Little => write_to::<Self, false, W>(self, writer),
        }
    }

    /// A table of records in `order` as wire values of the host's order, without a copy when
    /// it can be: borrowed in place when `order` is the host's, the wire type's memory is its
    /// image (no padding) and `data` is aligned for it; otherwise converted into a new `Vec`
    /// (at once, as in [`read_all_as`](Self::read_all_as), where the layout allows). Either
    /// way the caller reads the same slice, and each field's `get()` is a plain load.
    ///
    /// ```
    /// # #[cfg(feature = "derive")] {
    /// use endian_wire::*;
    /// use std::borrow::Cow;
    ///
    /// #[derive(Endianize, Debug, PartialEq)]
    /// #[endian(runtime)]
    /// struct Entry { tag: u32, size: u32, value: u64 }
    ///
    /// let mut file = [0u64; 2]; // one record, in storage aligned for it
    /// let data = endian_wire::zerocopy::IntoBytes::as_mut_bytes(&mut file);
    /// data[..4].copy_from_slice(&7u32.to_ne_bytes());
    /// data[8..].copy_from_slice(&9u64.to_ne_bytes());
    /// let data = &*data;
    ///
    /// let table = Entry::view_all_as(data, Endian::NATIVE)?;
    /// assert!(matches!(table, Cow::Borrowed(_))); // the file's own bytes
    /// assert_eq!((table[0].tag.get(), table[0].value.get()), (7, 9));
    ///
    /// let other = if Endian::NATIVE == Endian::Big { Endian::Little } else { Endian::Big };
    /// let swapped = Entry::view_all_as(data, other)?;
    /// assert!(matches!(swapped, Cow::Owned(_)));
    /// assert_eq!(swapped[0].tag.get(), 7u32.swap_bytes());
    /// # }
    /// # Ok::<(), std::io::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`read_all_as`](Self::read_all_as).
    fn view_all_as(data: &[u8], order: Endian) -> io::Result<Cow<'_, [Self::WireNative]>> {
        match order {
            Endian::Big => table::view_all::<Self, true>(data),
            Endian::Little => table::view_all::<Self, false>(data),
        }
    }
}

/// A type whose byte order on the wire is chosen when it is read or written. Implemented by
/// `#[derive(Endianize)]` with `#[endian(runtime)]`; its methods need the `std` feature.
#[cfg(not(feature = "std"))]
pub trait RuntimeEndian:
    EndianizeIn<true>
    + EndianizeIn<false>
    + EndianizeIn<NATIVE_BIG, Wire = <Self as RuntimeEndian>::WireNative>
{
    /// The wire type in the host's byte order: `FooWireLe` on little-endian hosts, `FooWireBe`
    /// on big-endian ones.
    type WireNative;

    /// Where the wire image's bytes sit in a value's memory, in each order; given by the
    /// derive (used by the table methods that `std` adds).
    #[doc(hidden)]
    const IMAGE_MAPS: crate::layout::ImageMaps<Self>;
}

#[cfg(feature = "std")]
pub use with_std::*;

#[cfg(feature = "std")]
mod with_std {
    use std::format;
    use std::io;

    use crate::endianize::{ConvertError, EndianizeIn};
    use crate::io::{EndianRead, EndianWrite, Hex, InvalidImage, short_type_name};

    /// The wire type of one order of a runtime type, as [`RuntimeEndian`](super::RuntimeEndian)
    /// reads it. Implemented by the derive.
    #[doc(hidden)]
    pub trait RuntimeWire: EndianRead + EndianWrite + Clone {
        /// Bytes of every value's wire image (a struct's); `None` when values differ in size
        /// (an enum's).
        const RECORD_SIZE: Option<usize>;

        /// Whether the type's memory is its wire image (no padding, fields in order).
        const IN_PLACE: bool;

        /// Reads a value from its image, exactly `RECORD_SIZE` bytes (structs only).
        ///
        /// # Errors
        /// Where the image is not a value.
        fn read_record(image: &[u8]) -> Result<Self, InvalidImage>;

        /// `bytes` (whole records) viewed in place, if the type's memory is its wire image,
        /// the bytes are aligned for it and every record is a value.
        fn view_records(bytes: &[u8]) -> Option<&[Self]>;
    }

    /// A record that is not a value of its logical type, at a byte offset.
    #[derive(Debug)]
    pub(super) struct RecordError {
        pub(super) type_name: &'static str,
        pub(super) offset: usize,
        pub(super) cause: ConvertError,
    }

    impl core::fmt::Display for RecordError {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            write!(
                f,
                "{} at byte {}: {}",
                self.type_name, self.offset, self.cause
            )
        }
    }

    impl core::error::Error for RecordError {
        fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
            Some(&self.cause)
        }
    }

    /// The short name of `T`, for messages.
    pub(super) fn name_of<T>() -> &'static str {
        let full = core::any::type_name::<T>();
        let base = full.split('<').next().unwrap_or(full);
        base.rsplit("::").next().unwrap_or(base)
    }

    /// `UnexpectedEof`: the `T` at `offset` needs `size` bytes, `left` are there.
    #[cold]
    pub(super) fn cut_short<T>(offset: usize, size: usize, left: usize) -> io::Error {
        io::Error::new(
            io::ErrorKind::UnexpectedEof,
            format!(
                "{} at byte {offset}: {size} bytes needed, {left} left",
                name_of::<T>()
            ),
        )
    }

    /// The image of a `W`, found at `offset` of the caller's input, is not a value:
    /// `InvalidData` naming the type, the bytes and their offset in the input, as
    /// [`EndianRead`] names them within one value.
    #[cold]
    pub(super) fn invalid_image<W>(image: &[u8], offset: usize, e: InvalidImage) -> io::Error {
        let part = image.get(e.offset..e.offset + e.len).unwrap_or(image);
        let at = offset + e.offset;
        let message = if e.type_name == core::any::type_name::<W>() {
            format!(
                "invalid {}: wire bytes {} at offset {at}",
                short_type_name::<W>(),
                Hex(part)
            )
        } else {
            format!(
                "invalid {}: {} wire bytes {} at offset {at}",
                short_type_name::<W>(),
                ShortName(e.type_name),
                Hex(part)
            )
        };
        io::Error::new(io::ErrorKind::InvalidData, message)
    }

    /// A `core::any::type_name` without its module paths.
    struct ShortName(&'static str);

    impl core::fmt::Display for ShortName {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            crate::io::short_name(self.0, f)
        }
    }

    /// A conversion from the wire at `offset` refused: `InvalidData`.
    #[cold]
    pub(super) fn refused<T>(offset: usize, e: impl Into<ConvertError>) -> io::Error {
        io::Error::new(
            io::ErrorKind::InvalidData,
            RecordError {
                type_name: name_of::<T>(),
                offset,
                cause: e.into(),
            },
        )
    }

    /// An error of the wire type's own reader, for the value at `offset`.
    #[cold]
    pub(super) fn at_offset<T>(offset: usize, e: io::Error) -> io::Error {
        let kind = e.kind();
        if kind == io::ErrorKind::UnexpectedEof {
            return io::Error::new(
                kind,
                format!(
                    "{} at byte {offset}: the input ends inside it",
                    name_of::<T>()
                ),
            );
        }
        io::Error::new(
            kind,
            format!("{} at byte {offset}: {e}", short_type_name::<T>()),
        )
    }

    /// One `T` from the front of `data`, in `BIG`'s order, for a value at `offset` of the
    /// caller's input; and the bytes it took.
    pub(super) fn read_one_sized<T, const BIG: bool>(
        data: &[u8],
        offset: usize,
    ) -> io::Result<(T, usize)>
    where
        T: EndianizeIn<BIG, Wire: RuntimeWire>,
    {
        let (wire, used) = match T::Wire::RECORD_SIZE {
            Some(size) => {
                let Some(image) = data.get(..size) else {
                    return Err(cut_short::<T>(offset, size, data.len()));
                };
                let wire = T::Wire::read_record(image)
                    .map_err(|e| invalid_image::<T::Wire>(image, offset, e))?;
                (wire, size)
            }
            None => {
                let mut rest = data;
                let wire = T::Wire::read_from(&mut rest).map_err(|e| at_offset::<T>(offset, e))?;
                (wire, data.len() - rest.len())
            }
        };
        let value = T::from_wire(&wire).map_err(|e| refused::<T>(offset, e))?;
        Ok((value, used))
    }

    /// One `T` from the front of `data`, in `BIG`'s order.
    pub(super) fn read_one<T, const BIG: bool>(data: &[u8], offset: usize) -> io::Result<T>
    where
        T: EndianizeIn<BIG, Wire: RuntimeWire>,
    {
        read_one_sized::<T, BIG>(data, offset).map(|(value, _)| value)
    }

    /// One `T` from `reader`, in `BIG`'s order.
    pub(super) fn read_from<T, const BIG: bool, R: io::Read + ?Sized>(
        reader: &mut R,
    ) -> io::Result<T>
    where
        T: EndianizeIn<BIG, Wire: RuntimeWire>,
    {
        let wire = T::Wire::read_from(reader)?;
        T::from_wire(&wire).map_err(crate::endianize::ConvertError::invalid_data)
    }

    /// `value` to `writer`, in `BIG`'s order.
    pub(super) fn write_to<T, const BIG: bool, W: io::Write + ?Sized>(
        value: &T,
        writer: &mut W,
    ) -> io::Result<()>
    where
        T: EndianizeIn<BIG, Wire: RuntimeWire>,
    {
        let wire = value
            .to_wire()
            .map_err(crate::endianize::ConvertError::invalid_input)?;
        wire.write_to(writer)
    }
}

/// How [`RuntimeEndian::read_all_as`] converts a table of `T` in `order`, whatever the CPU:
/// `"copy"`, `"lanes"` (one pass of the lane shuffle), `"permute"` (the record permutation
/// of AVX-512 VBMI) or `"records"` (record by record). For tests.
#[cfg(feature = "std")]
#[doc(hidden)]
pub fn table_read_path<T: RuntimeEndian>(order: Endian) -> &'static str {
    match order {
        Endian::Big => table::read_path::<T, true>(),
        Endian::Little => table::read_path::<T, false>(),
    }
}

/// How [`RuntimeEndian::view_all_as`] gives a table of `T` in `order`: `"borrow"`,
/// `"lanes"` or `"records"`. For tests.
#[cfg(feature = "std")]
#[doc(hidden)]
pub fn table_view_path<T: RuntimeEndian>(order: Endian) -> &'static str {
    match order {
        Endian::Big => table::view_path::<T, true>(),
        Endian::Little => table::view_path::<T, false>(),
    }
}
