//! Format declarations: binary formats whose layout depends on their own content (counts in
//! earlier fields, magic numbers, tags choosing what follows, padding, optional fields),
//! declared once with `#[wire(...)]` attributes on `#[derive(Endianize)]` and read and written
//! through [`ReadFormat`] / [`WriteFormat`].
//!
//! ```
//! # #[cfg(feature = "derive")] {
//! use endian_wire::Endianize;
//! use endian_wire::format::{ReadFormat, WriteFormat};
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(be)]
//! #[wire(magic = b"REC1")]
//! struct Record {
//!     id: u16,
//!     count: u8, // written as `samples.len()`
//!     #[wire(count = count)]
//!     samples: Vec<i16>, // moved by the bulk kernels
//! }
//!
//! let record = Record { id: 7, count: 2, samples: vec![-1, 2] };
//! let mut bytes = Vec::new();
//! record.write_format(&mut bytes)?;
//! assert_eq!(bytes, b"REC1\x00\x07\x02\xff\xff\x00\x02");
//! assert_eq!(Record::read_format(&bytes)?, (record, 11)); // the value and the bytes used
//! # }
//! # Ok::<(), endian_wire::format::FormatError>(())
//! ```
//!
//! # How a declaration is read and written
//!
//! A type becomes a format declaration when it, a variant or a field carries a `#[wire(...)]`
//! attribute. It then has no `FooWire` type and no framing; the derive implements
//! [`ReadFormat`] and [`WriteFormat`] for it, and the fields travel in declaration order:
//!
//! * runs of fixed-size fields (numbers, `char`, arrays, tuples, wire types such as `u32be`,
//!   `#[text]` strings) are checked against the input once per run and converted through their
//!   fixed wire image; written, they are converted into space reserved once per run;
//! * a field of another type is read through that type's [`ReadFormat`]: another
//!   declaration, or any struct deriving `Endianize` with a fixed wire image (one copy);
//! * counted arrays of numbers (`Vec<u16>`, `Vec<f64>`, ...) go through the [`bulk`] kernels
//!   in one call, `Vec<u8>` is one copy.
//!
//! Expressions in attributes (`count`, `if`, `calc`, `pad_size_to`, ...) see the fields read
//! before them as local variables by name (`self_0`, `self_1`, ... in tuple structs), holding
//! their values; when writing, every field is in scope, numbers (and arrays of them) by value,
//! other fields by reference.
//!
//! # Attributes
//!
//! On the type:
//!
//! | attribute | read | write |
//! |---|---|---|
//! | `#[wire(magic = b"PNG")]`, `#[wire(magic = 0xCAFE_u16)]` | the bytes (an integer in the type's byte order, its width from its suffix) must come first, else `InvalidData` | writes them first |
//! | `#[wire(tag = u16)]` on an enum (any integer type in the type's order, or `u16be` / `u32le` ... for a fixed one) | reads the tag, then the variant whose `#[wire(tag = N)]` matches | writes the variant's tag, then its fields |
//!
//! On a variant of a tagged enum: `#[wire(tag = N)]` (an integer or a constant), or
//! `#[wire(fallback)]` on one variant whose first field holds the tag: it takes every tag no
//! other variant has, and reads its other fields as declared, so an unknown block survives a
//! round trip when the fallback declares how long it is (a length field and a `count` over it,
//! as below). Writing a fallback whose tag belongs to another variant is refused
//! (`InvalidInput`), since reading it back would give that variant.
//!
//! On a field:
//!
//! | attribute | on | read | write |
//! |---|---|---|---|
//! | `count = expr` | `Vec<T>`, `&[T]`, `&str` | `expr` elements (an integer, over earlier fields) | the elements; `expr` must equal the length, else `InvalidInput` |
//! | `until_eof` | `Vec<T>`, `&[T]`, `&str` | elements until the input ends | the elements |
//! | `terminator = value` | `Vec<T>`, `&[u8]`, `&str` | elements up to the first equal to `value`, which is read and not kept | the elements, then `value`; an element equal to it is refused (`InvalidInput`) |
//! | `calc = expr` | an integer field | as declared | the value of `expr`, refused (`InvalidInput`) if it does not fit the field |
//! | `if = expr` | `Option<T>` | `Some(T)` when `expr` is true, else `None` (nothing read) | the value when `Some`; `expr` must agree with `is_some()`, else `InvalidInput` |
//! | `pad_before = n`, `pad_after = n` | any field | skips `n` bytes (not checked) | writes `n` zero bytes |
//! | `align_before = n`, `align_after = n` | any field | skips to the next multiple of `n` bytes from the start of the input | writes zeros up to it |
//! | `pad_size_to = n` | any field | skips what the field left of its `n` bytes; a longer field is `InvalidData` | pads it with zeros to `n`; a longer one is `InvalidInput` |
//! | `bytes = expr` | any field | the field from exactly `expr` bytes, as if the input ended after them: a `Vec` or borrowed field reads elements to their end; a field that leaves some of them, or runs past them, is `InvalidData` | the field; writing another number of bytes is `InvalidInput` |
//! | `bits = N` | `u8` ... `u64`, `bool` (`bits = 1`) | the field's `N` bits of its group's word | the value into them; a value wider than `N` bits is `InvalidInput` |
//! | `offset = expr` | any field | at `expr` bytes from the start of the input, the position put back after it (the bytes used count the fields in sequence) | after the fields in sequence, zeros up to `expr`; an offset behind what is already written is `InvalidInput` |
//! | `temp` | a field declared [`Temp<T>`](Temp) | a `T`, seen by the fields after it, not kept | from its `calc`, the collection whose `count` names it, or its `checksum` |
//! | `order = expr` | any field of an `#[endian(runtime)]` declaration | the fields after it in the order `expr` gives | the same |
//! | `checksum = path` (with `from = field`, `through = field`) | `u8` ... `u64` | `path(covered)` must equal the value read, else `InvalidData` naming both | `path(covered)`; the field's own value is ignored |
//!
//! A `count` that names a field on its own (`count = length`) makes that field's written value
//! the collection's length (an implicit `calc`), so `length` need not be kept in step by hand;
//! a count that does not fit it is `InvalidInput`, never a truncated number. With any other
//! expression, give the counting field a `calc` yourself, or keep it right: the writer checks
//! that the expression it will be read with gives the collection's length.
//!
//! Alignment counts from the start of the input given to [`ReadFormat::read_format`] (from
//! the start of this value's bytes when writing), and so do offsets, in nested declarations
//! too. A declaration's fields at offsets are written when its fields in sequence are, in
//! declaration order: a table after a header (ELF's section headers at `e_shoff`, a string
//! at the offset a field names) is written back where it was read, the bytes between them
//! as zeros.
//!
//! ```
//! # #[cfg(feature = "derive")] {
//! use endian_wire::Endianize;
//! use endian_wire::format::{ReadFormat, WriteFormat};
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(le)]
//! struct Entry {
//!     flags: u8,
//!     #[wire(align_before = 4)] // three zero bytes after `flags`
//!     id: u32,
//!     #[wire(if = flags & 1 != 0)]
//!     extra: Option<u16>,
//!     #[wire(pad_size_to = 6)] // a 6-byte slot
//!     code: u16,
//!     #[wire(pad_after = 1)]
//!     last: u8,
//! }
//!
//! let entry = Entry { flags: 1, id: 9, extra: Some(3), code: 5, last: 0xee };
//! let bytes = entry.to_format_vec()?;
//! assert_eq!(bytes, [1, 0, 0, 0, 9, 0, 0, 0, 3, 0, 5, 0, 0, 0, 0, 0, 0xee, 0]);
//! assert_eq!(Entry::read_format_exact(&bytes)?, entry);
//! # }
//! # Ok::<(), endian_wire::format::FormatError>(())
//! ```
//!
//! `calc` with a count that is not a field on its own, `pad_before` and `align_after`:
//!
//! ```
//! # #[cfg(feature = "derive")] {
//! use endian_wire::Endianize;
//! use endian_wire::format::{ReadFormat, WriteFormat};
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(le)]
//! struct Table {
//!     #[wire(calc = rows.len() * 2)] // a size in bytes
//!     size: u16,
//!     #[wire(pad_before = 2, count = size / 2, align_after = 8)]
//!     rows: Vec<u16>,
//! }
//!
//! let bytes = Table { size: 0, rows: vec![1, 2, 3] }.to_format_vec()?;
//! assert_eq!(bytes, [6, 0, 0, 0, 1, 0, 2, 0, 3, 0, 0, 0, 0, 0, 0, 0]);
//! assert_eq!(Table::read_format_exact(&bytes)?, Table { size: 6, rows: vec![1, 2, 3] });
//! # }
//! # Ok::<(), endian_wire::format::FormatError>(())
//! ```
//!
//! A field of a size in bytes (`bytes`), such as the type-length-value options filling the
//! rest of a block: the list reads to the end of its bytes, and a length that cuts an option
//! is `InvalidData` naming it. (Lengths from the input go through `i64` here, so that a
//! length below the block's own is an error, not an overflow.)
//!
//! ```
//! # #[cfg(feature = "derive")] {
//! use endian_wire::Endianize;
//! use endian_wire::format::{ReadFormat, Temp, WriteFormat};
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(le)]
//! struct Block {
//!     #[wire(calc = 4 + options.iter().map(|o| 2 + o.value.len()).sum::<usize>())]
//!     length: u16,
//!     kind: u16,
//!     #[wire(bytes = i64::from(length) - 4)]
//!     options: Vec<Opt>,
//! }
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(le)]
//! struct Opt {
//!     code: u8,
//!     #[wire(temp)]
//!     len: Temp<u8>,
//!     #[wire(count = len)]
//!     value: Vec<u8>,
//! }
//!
//! let block = Block {
//!     length: 0, // written as 9
//!     kind: 3,
//!     options: vec![Opt { code: 1, len: Temp::new(), value: b"abc".to_vec() }],
//! };
//! let bytes = block.to_format_vec()?;
//! assert_eq!(bytes, [9, 0, 3, 0, 1, 3, b'a', b'b', b'c']);
//! assert_eq!(Block::read_format_exact(&bytes)?.options, block.options);
//! let err = Block::read_format(&[8, 0, 3, 0, 1, 3, b'a', b'b', b'c']).unwrap_err();
//! assert_eq!(err.kind(), endian_wire::format::FormatErrorKind::InvalidData); // the value runs past the block
//! # }
//! # Ok::<(), endian_wire::format::FormatError>(())
//! ```
//!
//! Lists ending at a terminator (`terminator`), such as a NUL-terminated string:
//!
//! ```
//! # #[cfg(feature = "derive")] {
//! use endian_wire::Endianize;
//! use endian_wire::format::{ReadFormat, WriteFormat};
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(be)]
//! struct Options {
//!     #[wire(terminator = 0)]
//!     name: Vec<u8>,
//!     #[wire(terminator = 0xFFFF)]
//!     codes: Vec<u16>,
//! }
//!
//! let options = Options { name: b"eth0".to_vec(), codes: vec![1, 2] };
//! let bytes = options.to_format_vec()?;
//! assert_eq!(bytes, b"eth0\0\x00\x01\x00\x02\xff\xff");
//! assert_eq!(Options::read_format_exact(&bytes)?, options);
//! # }
//! # Ok::<(), endian_wire::format::FormatError>(())
//! ```
//!
//! An integer magic is written in the type's byte order, its width given by its suffix:
//!
//! ```
//! # #[cfg(feature = "derive")] {
//! use endian_wire::Endianize;
//! use endian_wire::format::{ReadFormat, WriteFormat};
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(le)]
//! #[wire(magic = 0x0A0D_0D0A_u32)] // pcapng's section header block type
//! struct SectionStart {
//!     byte_order_magic: u32,
//! }
//!
//! let bytes = SectionStart { byte_order_magic: 0x1A2B_3C4D }.to_format_vec()?;
//! assert_eq!(bytes, [0x0A, 0x0D, 0x0D, 0x0A, 0x4D, 0x3C, 0x2B, 0x1A]);
//! let wrong = [0x0A, 0x0D, 0x0D, 0x0B, 0, 0, 0, 0];
//! let err = SectionStart::read_format(&wrong).unwrap_err();
//! assert_eq!(err.kind(), endian_wire::format::FormatErrorKind::InvalidData);
//! assert_eq!(
//!     err.to_string(),
//!     "SectionStart at byte 0: magic 0a 0d 0d 0a expected, found 0a 0d 0d 0b"
//! );
//! # }
//! # Ok::<(), endian_wire::format::FormatError>(())
//! ```
//!
//! A tagged enum with a fallback that keeps blocks it does not know:
//!
//! ```
//! # #[cfg(feature = "derive")] {
//! use endian_wire::Endianize;
//! use endian_wire::format::{ReadFormat, WriteFormat};
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(be)]
//! #[wire(tag = u16)]
//! enum Block {
//!     #[wire(tag = 1)]
//!     Ping { seq: u32 },
//!     #[wire(tag = 2)]
//!     Text { len: u16, #[wire(count = len)] bytes: Vec<u8> },
//!     #[wire(fallback)]
//!     Unknown { tag: u16, len: u16, #[wire(count = len)] body: Vec<u8> },
//! }
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(be)]
//! struct Stream {
//!     #[wire(until_eof)]
//!     blocks: Vec<Block>,
//! }
//!
//! let bytes = [0, 1, 0, 0, 0, 5, /* an unknown block */ 0, 9, 0, 2, 0xab, 0xcd];
//! let (stream, used) = Stream::read_format(&bytes)?;
//! assert_eq!(used, bytes.len());
//! assert_eq!(stream.blocks[0], Block::Ping { seq: 5 });
//! assert_eq!(stream.blocks[1], Block::Unknown { tag: 9, len: 2, body: vec![0xab, 0xcd] });
//! assert_eq!(stream.to_format_vec()?, bytes); // the unknown block survives
//! # }
//! # Ok::<(), endian_wire::format::FormatError>(())
//! ```
//!
//! # Borrowed fields
//!
//! A declaration with a lifetime can borrow from its input instead of copying: `&'a [u8]`,
//! `&'a str` (checked as UTF-8) and `&'a [T]` for `T` whose memory is its wire image (byte
//! arrays, `FooWire` records, `u32be` ...), each with `count` (elements; bytes for `&str`),
//! `until_eof` or, for bytes and text, `terminator`. Reading them copies and allocates
//! nothing; writing copies them out. A `&'a [T]` of an alignment above 1 needs the input to
//! be aligned for `T` where it starts, else `InvalidData` says so: borrow byte arrays or
//! records with `#[wire_repr(C, packed)]` (alignment 1) from input that may sit anywhere, or
//! read a `Vec`.
//!
//! ```
//! # #[cfg(feature = "derive")] {
//! use endian_wire::Endianize;
//! use endian_wire::format::{ReadFormat, WriteFormat};
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(be)]
//! struct Message<'a> {
//!     len: u16,
//!     #[wire(count = len)]
//!     body: &'a [u8],
//!     #[wire(terminator = 0)] // a NUL-terminated string
//!     sender: &'a str,
//!     #[wire(until_eof)]
//!     keys: &'a [[u8; 4]],
//! }
//!
//! let bytes = b"\x00\x02hiann\0KEY1KEY2";
//! let message = Message::read_format_exact(bytes)?;
//! assert_eq!(message.body, b"hi");
//! assert_eq!(message.sender, "ann");
//! assert_eq!(message.keys, [*b"KEY1", *b"KEY2"]);
//! assert_eq!(message.body.as_ptr(), bytes[2..].as_ptr()); // in the input, not a copy
//! assert_eq!(message.to_format_vec()?, bytes);
//! # }
//! # Ok::<(), endian_wire::format::FormatError>(())
//! ```
//!
//! [`ReadFormat`] carries the input's lifetime (`ReadFormat<'de>`, as serde's
//! `Deserialize<'de>`); generic code that keeps values past the buffer asks for
//! [`ReadFormatOwned`].
//!
//! # Byte order from the data
//!
//! With `#[endian(runtime)]` a declaration is read and written in the order the reader or
//! writer holds: the one the caller gave ([`ReadFormat::read_format_as`],
//! [`WriteFormat::write_format_as`]; big-endian otherwise), or the one a field with
//! `#[wire(order = expr)]` sets for the fields after it. `expr` sees the fields read so far
//! and gives an [`Endian`], or an `Option<Endian>` whose `None` is
//! `InvalidData` (`InvalidInput` writing): a byte-order mark it does not know. Nested
//! `#[endian(runtime)]` declarations follow the order around them (a bare `#[wire]` makes a
//! type a declaration when it needs no other attribute); an order a nested value sets ends
//! with it. Magic numbers, tags, bit groups and checksums follow the order too. Both orders'
//! code is generated and one branch taken per value: a field costs what it costs in a
//! fixed-order declaration.
//!
//! ```
//! # #[cfg(feature = "derive")] {
//! use endian_wire::{Endian, Endianize};
//! use endian_wire::format::{ReadFormat, WriteFormat};
//!
//! /// A TIFF header: `II` (little-endian) or `MM` (big-endian), then 42 and an offset.
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(runtime)]
//! struct Tiff {
//!     #[wire(order = match &mark {
//!         b"MM" => Some(Endian::Big),
//!         b"II" => Some(Endian::Little),
//!         _ => None,
//!     })]
//!     mark: [u8; 2],
//!     answer: u16,
//!     first_ifd: u32,
//! }
//!
//! let little = Tiff::read_format_exact(b"II\x2a\x00\x08\x00\x00\x00")?;
//! let big = Tiff::read_format_exact(b"MM\x00\x2a\x00\x00\x00\x08")?;
//! assert_eq!((little.answer, little.first_ifd), (42, 8));
//! assert_eq!((big.answer, big.first_ifd), (42, 8));
//! assert_eq!(big.to_format_vec()?, b"MM\x00\x2a\x00\x00\x00\x08");
//!
//! let err = Tiff::read_format(b"XX\x00\x2a\x00\x00\x00\x08").unwrap_err();
//! assert_eq!(err.kind(), endian_wire::format::FormatErrorKind::InvalidData);
//! # }
//! # Ok::<(), endian_wire::format::FormatError>(())
//! ```
//!
//! # Bit fields
//!
//! Consecutive `bits = N` fields form one group: a container word as wide as their sum (8,
//! 16, 32 or 64 bits; any other sum is a compile error), read and written as one integer in
//! the declaration's byte order and split with shifts and masks, the first field in the most
//! significant bits, as network headers draw them. A group ends at the next field without
//! `bits`, or where a bit field says `new_word` (`#[wire(bits = 2, new_word)]`), which
//! starts the next word right after the last: two 8-bit words are two bytes in either order,
//! where one 16-bit group would be swapped in little-endian order.
//! A `bool` is one bit; an integer's bits are its low bits, and writing a value that does not
//! fit them is `InvalidInput` naming the field and the value, never a truncated number.
//!
//! ```
//! # #[cfg(feature = "derive")] {
//! use endian_wire::Endianize;
//! use endian_wire::format::{ReadFormat, WriteFormat};
//!
//! // DNS's header flags (RFC 1035): one big-endian 16-bit word.
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(be)]
//! struct Dns {
//!     id: u16,
//!     #[wire(bits = 1)] qr: bool,
//!     #[wire(bits = 4)] opcode: u8,
//!     #[wire(bits = 1)] aa: bool,
//!     #[wire(bits = 1)] tc: bool,
//!     #[wire(bits = 1)] rd: bool,
//!     #[wire(bits = 1)] ra: bool,
//!     #[wire(bits = 3)] z: u8,
//!     #[wire(bits = 4)] rcode: u8,
//! }
//!
//! let nxdomain = Dns {
//!     id: 0xabcd, qr: true, opcode: 0, aa: true, tc: false, rd: true, ra: true, z: 0, rcode: 3,
//! };
//! let bytes = nxdomain.to_format_vec()?;
//! assert_eq!(bytes, [0xab, 0xcd, 0x85, 0x83]);
//! assert_eq!(Dns::read_format_exact(&bytes)?, nxdomain);
//!
//! let too_wide = Dns { rcode: 16, ..nxdomain };
//! let err = too_wide.to_format_vec().unwrap_err();
//! assert_eq!(err.kind(), endian_wire::format::FormatErrorKind::InvalidInput);
//! assert_eq!(
//!     err.to_string(),
//!     "Dns.rcode at byte 2: 16 does not fit in 4 bits (at most 15)"
//! );
//! # }
//! # Ok::<(), endian_wire::format::FormatError>(())
//! ```
//!
//! # Checksums
//!
//! `checksum = path` makes an unsigned integer field the value of a function
//! `fn(&[u8]) -> T` (`T` the field's type) over bytes of the same declaration: from the start
//! of the field `from` names (else from the declaration's first byte, its magic included) to
//! the end of the field `through` names (else up to the checksum field itself). When the
//! covered bytes include the checksum field, the function sees that field as zeros, both
//! ways: an IPv4 header's checksum is `through = dst`, over the 20 bytes with the checksum
//! zeroed, as RFC 791 defines it. Writing computes the value once the covered bytes are
//! written and puts it in place; reading computes it and compares it with the value read,
//! `InvalidData` naming the field and both values when they differ. [`crc32`] (PNG, zlib,
//! gzip) and [`internet_checksum`] (IPv4, ICMP, UDP, TCP) are ready to name.
//!
//! ```
//! # #[cfg(feature = "derive")] {
//! use endian_wire::Endianize;
//! use endian_wire::format::{ReadFormat, WriteFormat, crc32};
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(be)]
//! struct Chunk {
//!     length: u32,
//!     kind: [u8; 4],
//!     #[wire(count = length)]
//!     data: Vec<u8>,
//!     #[wire(checksum = crc32, from = kind)] // over the type and the data
//!     crc: u32,
//! }
//!
//! let iend = Chunk { length: 0, kind: *b"IEND", data: vec![], crc: 0 };
//! let bytes = iend.to_format_vec()?;
//! assert_eq!(bytes, b"\0\0\0\0IEND\xae\x42\x60\x82");
//! assert_eq!(Chunk::read_format_exact(&bytes)?.crc, 0xae42_6082);
//!
//! let mut bad = bytes.clone();
//! bad[11] = 0x83;
//! let err = Chunk::read_format(&bad).unwrap_err();
//! assert_eq!(err.kind(), endian_wire::format::FormatErrorKind::InvalidData);
//! assert_eq!(
//!     err.to_string(),
//!     "Chunk.crc at byte 8: checksum mismatch: the 4 bytes it covers give 0xae426082, \
//!      the field holds 0xae426083"
//! );
//! # }
//! # Ok::<(), endian_wire::format::FormatError>(())
//! ```
//!
//! # Reading from a stream
//!
//! Everything above needs only `alloc`. With `std`, [`FormatStream`] reads values one after
//! another from any `std::io::Read` (a socket, a
//! pipe, a decompressor), without `Seek`: each value is buffered until its bytes have arrived,
//! then parsed as from a slice; the bytes read past it wait for the next one.
//!
//! # Errors
//!
//! Every error is a [`FormatError`]: its [kind](FormatErrorKind) is `UnexpectedEof` when the
//! input ends early, `InvalidData` for content that is not a value of the type (a wrong
//! magic, an unknown tag, a `bool` that is 2), `InvalidInput` for a value that cannot be
//! written, and it names the field path and the byte offset:
//! `Capture.blocks[3].length at byte 1,204: needs 4 bytes, 2 left`. With `std` it converts
//! into an `std::io::Error` of the same kind (`?` in a function returning `io::Result`), and
//! [`FormatStream`]'s errors are `io::Error`s holding one. A count is checked
//! against the bytes left before anything is allocated, so no input makes a read allocate
//! more than its own size allows (element count times the element's size in memory), and no
//! //! input panics.

mod checksum;
mod error;
#[cfg(feature = "std")]
mod stream;
mod temp;

pub use checksum::{crc32, internet_checksum};
pub use error::{FormatError, FormatErrorKind, PathSegment};
#[cfg(feature = "std")]
pub use stream::{FormatStream, Values};
pub use temp::Temp;

/// The result of a format read or write.
pub type Result<T, E = FormatError> = core::result::Result<T, E>;

use alloc::string::ToString;
use alloc::vec::Vec;
#[cfg(feature = "std")]
use std::io;

use crate::bulk::{self, WireElement};
use crate::endianize::{ConvertError, Endianize};
use crate::io::WireImage;
use crate::io::wire_bytes::{Hex, short_type_name};
use crate::wire::Endian;
use zerocopy::{FromBytes, Immutable, IntoBytes};

/// A type read from bytes by a format declaration: the derive implements it for declarations
/// (`#[wire(...)]`), and every `#[derive(Endianize)]` struct with a fixed wire image has it
/// through that image (so declarations can hold them as fields).
///
/// `'de` is the lifetime of the input: a declaration with borrowed fields (`&'a [u8]`,
/// `&'a str`, `&'a [T]`) implements `ReadFormat<'de>` for inputs that outlive `'a`; one that
/// owns everything implements it for every `'de` ([`ReadFormatOwned`]), as serde's
/// `Deserialize<'de>` does.
///
/// # Examples
/// See the [module documentation](self).
pub trait ReadFormat<'de>: Sized {
    /// The fewest bytes a value takes on the wire (0 when unknown): a counted collection of
    /// `n` values is refused without allocating when the input holds fewer than
    /// `n * MIN_SIZE` bytes.
    const MIN_SIZE: usize = 0;

    /// Whether a value reads until its input ends (an `until_eof` field in it, or in a
    /// declaration inside it): a [`FormatStream`] then reads the whole stream before parsing
    /// it, where other values are parsed as soon as their bytes have arrived.
    const READS_TO_END: bool = false;

    /// Reads a value at the reader's position, leaving it after the value.
    ///
    /// # Errors
    /// As [`read_format`](Self::read_format), with the path from this value down.
    fn read_with(reader: &mut FormatReader<'de>) -> Result<Self>;

    /// Reads a value from the front of `data`; returns it and the number of bytes it took
    /// (the bytes after it are left alone, as [`frame::decode_from_slice`](crate::frame::decode_from_slice)
    /// leaves them). A declaration whose byte order is read from the data
    /// (`#[endian(runtime)]`) starts in big-endian order; [`read_format_as`](Self::read_format_as)
    /// starts it in another.
    ///
    /// # Errors
    /// `UnexpectedEof` if `data` ends early, `InvalidData` if its bytes are not a value of the
    /// type; the payload is a [`FormatError`] naming the field path and the byte offset.
    fn read_format(data: &'de [u8]) -> Result<(Self, usize)> {
        Self::read_format_as(data, Endian::Big)
    }

    /// [`read_format`](Self::read_format) with `#[endian(runtime)]` declarations starting in
    /// `order` (until a field of theirs sets another); fixed-order ones ignore it.
    ///
    /// # Errors
    /// As [`read_format`](Self::read_format).
    fn read_format_as(data: &'de [u8], order: Endian) -> Result<(Self, usize)> {
        let mut reader = FormatReader::with_order(data, order);
        match Self::read_with(&mut reader) {
            Ok(value) => Ok((value, reader.position())),
            Err(e) => Err(at_root::<Self>(e)),
        }
    }

    /// Reads a value that is all of `data`.
    ///
    /// # Errors
    /// As [`read_format`](Self::read_format), and `InvalidData` if bytes are left after the
    /// value.
    fn read_format_exact(data: &'de [u8]) -> Result<Self> {
        let (value, used) = Self::read_format(data)?;
        if used != data.len() {
            return Err(at_root::<Self>(FormatError::new(
                FormatErrorKind::InvalidData,
                used,
                alloc::format!("{} bytes after the value", data.len() - used),
            )));
        }
        Ok(value)
    }
}

/// A [`ReadFormat`] type that borrows nothing from its input: readable from a buffer of any
/// lifetime (a bound for generic code, as serde's `DeserializeOwned`).
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use endian_wire::Endianize;
/// use endian_wire::format::ReadFormatOwned;
///
/// fn first<T: ReadFormatOwned>(buffer: Vec<u8>) -> endian_wire::format::Result<T> {
///     Ok(T::read_format(&buffer)?.0) // the value outlives the buffer
/// }
///
/// #[derive(Endianize, Debug, PartialEq)]
/// #[endian(le)]
/// struct Id(u32);
/// assert_eq!(first::<Id>(vec![7, 0, 0, 0])?, Id(7));
/// # }
/// # Ok::<(), endian_wire::format::FormatError>(())
/// ```
pub trait ReadFormatOwned: for<'de> ReadFormat<'de> {}

impl<T: for<'de> ReadFormat<'de>> ReadFormatOwned for T {}

/// A type written as bytes by a format declaration; see [`ReadFormat`].
pub trait WriteFormat {
    /// Appends the value's bytes to the writer.
    ///
    /// # Errors
    /// As [`write_format`](Self::write_format), with the path from this value down.
    fn write_with(&self, writer: &mut FormatWriter<'_>) -> Result<()>;

    /// Appends the value's bytes to `out`. On an error `out` is left as it was.
    ///
    /// # Errors
    /// `InvalidInput` if a value cannot be written as declared (a count that does not fit
    /// its field, an `if` that disagrees with its `Option`, a field longer than its
    /// `pad_size_to`); the payload is a [`FormatError`] naming the field path and the offset
    /// in the bytes of this value.
    fn write_format(&self, out: &mut Vec<u8>) -> Result<()> {
        self.write_format_as(out, Endian::Big)
    }

    /// [`write_format`](Self::write_format) with `#[endian(runtime)]` declarations starting
    /// in `order` (until a field of theirs sets another); fixed-order ones ignore it.
    ///
    /// # Errors
    /// As [`write_format`](Self::write_format).
    fn write_format_as(&self, out: &mut Vec<u8>, order: Endian) -> Result<()> {
        let len = out.len();
        let result = self.write_with(&mut FormatWriter::with_order(out, order));
        if let Err(e) = result {
            out.truncate(len);
            return Err(at_root::<Self>(e));
        }
        Ok(())
    }

    /// The value's bytes in a new `Vec`.
    ///
    /// # Errors
    /// As [`write_format`](Self::write_format).
    fn to_format_vec(&self) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        self.write_format(&mut out)?;
        Ok(out)
    }

    /// Writes the value's bytes to `writer` with one `write_all` (they are built in memory
    /// first, so nothing is written when the value cannot be).
    ///
    /// # Errors
    /// As [`write_format`](Self::write_format), or what `writer` returns.
    #[cfg(feature = "std")]
    fn write_format_to<W: io::Write>(&self, mut writer: W) -> io::Result<()> {
        writer.write_all(&self.to_format_vec()?)
    }
}

/// The root of an error's path: the type an entry point was called on.
#[cold]
fn at_root<T: ?Sized>(error: FormatError) -> FormatError {
    error.within(PathSegment::Type(short_type_name::<T>().to_string()))
}

/// Every derived struct with a fixed wire image: one copy of the image, then the conversion.
impl<'de, T> ReadFormat<'de> for T
where
    T: Endianize,
    T::Wire: WireImage,
{
    const MIN_SIZE: usize = <T::Wire as WireImage>::WIRE_SIZE;

    #[inline]
    fn read_with(reader: &mut FormatReader<'de>) -> Result<Self> {
        let at = reader.position();
        let wire = reader.image::<T::Wire>()?;
        T::from_wire(&wire).map_err(|e| converting(e.into(), FormatErrorKind::InvalidData, at))
    }
}

impl<T> WriteFormat for T
where
    T: Endianize,
    T::Wire: WireImage,
{
    #[inline]
    fn write_with(&self, writer: &mut FormatWriter<'_>) -> Result<()> {
        let at = writer.position();
        let wire = self
            .to_wire()
            .map_err(|e| converting(e.into(), FormatErrorKind::InvalidInput, at))?;
        writer.image(&wire);
        Ok(())
    }
}

/// A conversion error as a format error at `offset` (the path is the format's, so only the
/// reason is kept).
#[cold]
pub(crate) fn converting(error: ConvertError, kind: FormatErrorKind, offset: usize) -> FormatError {
    FormatError::new(kind, offset, error.reason())
}

/// A position in a byte slice being read by a format declaration.
///
/// Generated code calls it; a hand-written [`ReadFormat`] can too.
///
/// ```
/// use endian_wire::format::FormatReader;
/// use endian_wire::u16be;
///
/// let mut reader = FormatReader::new(&[0xAB, 0, 1, 0, 2, 0, 3]);
/// reader.skip(1)?;
/// assert_eq!(reader.image::<u16be>()?.get(), 1);
/// assert_eq!(reader.numbers::<u16be>(2)?, [2, 3]);
/// assert_eq!(reader.remaining(), 0);
/// # Ok::<(), endian_wire::format::FormatError>(())
/// ```
#[derive(Clone, Debug)]
pub struct FormatReader<'a> {
    data: &'a [u8],
    pos: usize,
    order: Endian,
}

impl<'a> FormatReader<'a> {
    /// A reader at the start of `data`, in big-endian order (for `#[endian(runtime)]`
    /// declarations).
    #[must_use]
    pub fn new(data: &'a [u8]) -> Self {
        Self::with_order(data, Endian::Big)
    }

    /// A reader at the start of `data`, `#[endian(runtime)]` declarations read in `order`.
    #[must_use]
    pub fn with_order(data: &'a [u8], order: Endian) -> Self {
        FormatReader {
            data,
            pos: 0,
            order,
        }
    }

    /// The byte order `#[endian(runtime)]` declarations read in here: the one the reader
    /// began with, or the last a `#[wire(order = ...)]` field set.
    #[must_use]
    #[inline]
    pub fn order(&self) -> Endian {
        self.order
    }

    /// Sets the byte order of what follows (until the value being read ends: [`read`]
    /// restores the order it found).
    ///
    /// [`read`]: FormatReader::read
    #[inline]
    pub fn set_order(&mut self, order: Endian) {
        self.order = order;
    }

    /// Bytes read so far: the offset of the next byte in the input.
    #[must_use]
    #[inline]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Bytes left.
    #[must_use]
    #[inline]
    pub fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    /// The next `len` bytes, borrowed from the input.
    ///
    /// # Errors
    /// `UnexpectedEof` if fewer are left.
    #[inline]
    pub fn take(&mut self, len: usize) -> Result<&'a [u8]> {
        match self.data.get(self.pos..).and_then(|rest| rest.get(..len)) {
            Some(bytes) => {
                self.pos += len;
                Ok(bytes)
            }
            None => Err(self.truncated(len)),
        }
    }

    /// The error for needing `len` bytes here.
    #[cold]
    fn truncated(&self, len: usize) -> FormatError {
        FormatError::eof(
            self.pos,
            self.pos.saturating_add(len),
            alloc::format!("needs {len} bytes, {} left", self.remaining()),
        )
    }

    /// Bytes already read, between two positions (`start..end`, as [`position`] gives
    /// them): what a checksum covers. Empty when the range is not behind the reader.
    ///
    /// [`position`]: FormatReader::position
    #[must_use]
    #[inline]
    pub fn past(&self, range: core::ops::Range<usize>) -> &'a [u8] {
        if range.end > self.pos {
            return &[];
        }
        self.data.get(range).unwrap_or(&[])
    }

    /// Moves to `offset` bytes from the start of the input (back or forth): where a field at
    /// an offset is, and back after it.
    ///
    /// # Errors
    /// `UnexpectedEof` if the input is shorter than `offset`.
    pub fn seek(&mut self, offset: usize) -> Result<()> {
        if offset > self.data.len() {
            return Err(FormatError::eof(
                self.pos,
                offset,
                alloc::format!(
                    "offset {offset} is past the end of the input ({} bytes)",
                    self.data.len()
                ),
            ));
        }
        self.pos = offset;
        Ok(())
    }

    /// Runs `read` on the next `len` bytes as if the input ended after them (a list inside
    /// reads to their end; an offset inside counts from the input's start as before), and
    /// checks that it used all of them: what `#[wire(bytes = len)]` reads a field with.
    ///
    /// # Errors
    /// `UnexpectedEof` if fewer than `len` bytes are left. `InvalidData` if `read` leaves
    /// some of them, or needs more than `len` (its error's place and path are kept, its kind
    /// becomes `InvalidData`: the bytes are there, the field's size is wrong). Else what
    /// `read` returns.
    #[inline]
    pub fn within<T>(
        &mut self,
        len: usize,
        read: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        let start = self.pos;
        let end = match start.checked_add(len) {
            Some(end) if end <= self.data.len() => end,
            _ => return Err(self.truncated(len)),
        };
        let all = self.data;
        self.data = &all[..end];
        let value = read(self);
        self.data = all;
        match value {
            Ok(value) if self.pos == end => Ok(value),
            Ok(_) => Err(self.not_its_size(start, len)),
            Err(e) => Err(within_error(e, len)),
        }
    }

    /// [`within`](Self::within)'s error for a read that did not end where its bytes do.
    #[cold]
    #[inline(never)]
    fn not_its_size(&self, start: usize, len: usize) -> FormatError {
        FormatError::new(
            FormatErrorKind::InvalidData,
            start,
            alloc::format!(
                "the field uses {} of its {len} bytes",
                self.pos.saturating_sub(start)
            ),
        )
    }

    /// Skips `len` bytes without looking at them.
    ///
    /// # Errors
    /// `UnexpectedEof` if fewer are left.
    #[inline]
    pub fn skip(&mut self, len: usize) -> Result<()> {
        self.take(len).map(drop)
    }

    /// Skips to the next multiple of `align` bytes from the start of the input (nothing when
    /// `align` is 0 or 1).
    ///
    /// # Errors
    /// `UnexpectedEof` if the input ends before it.
    #[inline]
    pub fn align_to(&mut self, align: usize) -> Result<()> {
        self.skip(padding_to(self.pos, align))
    }

    /// Reads `expected.len()` bytes that must equal `expected`.
    ///
    /// # Errors
    /// `UnexpectedEof` if the input ends first, `InvalidData` naming both if they differ.
    #[inline]
    pub fn magic(&mut self, expected: &[u8]) -> Result<()> {
        let at = self.pos;
        let found = self.take(expected.len())?;
        if found != expected {
            return Err(FormatError::new(
                FormatErrorKind::InvalidData,
                at,
                alloc::format!("magic {} expected, found {}", Hex(expected), Hex(found)),
            ));
        }
        Ok(())
    }

    /// Reads a fixed-size wire value (`u32be`, a wire struct, an array of them) with one
    /// copy of its image.
    ///
    /// # Errors
    /// `UnexpectedEof` if the input ends first, `InvalidData` locating an invalid part (a
    /// `bool` that is not 0 or 1, a zero `NonZero`, a `char` that is not a scalar value).
    #[inline]
    pub fn image<T: WireImage>(&mut self) -> Result<T> {
        let at = self.pos;
        let bytes = self.take(T::WIRE_SIZE)?;
        T::read_image(bytes).map_err(|e| invalid_image(e, bytes, at))
    }

    /// Reads `count` numbers in `W`'s byte order with one bulk conversion.
    ///
    /// # Errors
    /// `UnexpectedEof`, before allocating, if the input holds fewer than `count` of them.
    #[inline]
    pub fn numbers<W: WireElement>(&mut self, count: usize) -> Result<Vec<W::Native>> {
        let bytes = self.take_run(count, size_of::<W>())?;
        let mut out = Vec::new();
        bulk::extend_native::<W>(&mut out, bytes);
        Ok(out)
    }

    /// Reads numbers in `W`'s byte order until the input ends, with one bulk conversion.
    ///
    /// # Errors
    /// `UnexpectedEof` if what is left is not a whole number of them.
    pub fn numbers_to_end<W: WireElement>(&mut self) -> Result<Vec<W::Native>> {
        let size = size_of::<W>();
        if !self.remaining().is_multiple_of(size) {
            return Err(self.cut_element(size));
        }
        self.numbers::<W>(self.remaining() / size)
    }

    /// The error for a run of `size`-byte elements to the end whose last one is cut short.
    #[cold]
    fn cut_element(&self, size: usize) -> FormatError {
        let count = self.remaining() / size;
        FormatError::new(
            FormatErrorKind::UnexpectedEof,
            self.pos + count * size,
            alloc::format!(
                "the last of {} {size}-byte elements is cut short ({} bytes left)",
                count + 1,
                self.remaining() % size
            ),
        )
    }

    /// Copies out `count` bytes.
    ///
    /// # Errors
    /// `UnexpectedEof`, before allocating, if fewer are left.
    #[inline]
    pub fn bytes(&mut self, count: usize) -> Result<Vec<u8>> {
        Ok(self.take_run(count, 1)?.to_vec())
    }

    /// Copies out every byte left.
    pub fn bytes_to_end(&mut self) -> Vec<u8> {
        self.borrow_to_end().to_vec()
    }

    /// Copies out the bytes before the next `terminator`, and skips the terminator (NUL-ended
    /// strings, say).
    ///
    /// # Errors
    /// `UnexpectedEof` if the input holds no `terminator`.
    pub fn bytes_until(&mut self, terminator: u8) -> Result<Vec<u8>> {
        self.borrow_until(terminator).map(<[u8]>::to_vec)
    }

    /// Reads numbers in `W`'s byte order up to the next one equal to `terminator` (found
    /// among whole elements from here), with one bulk conversion, and skips the terminator.
    ///
    /// # Errors
    /// `UnexpectedEof` if the input holds no `terminator`.
    pub fn numbers_until<W: WireElement>(&mut self, terminator: W::Native) -> Result<Vec<W::Native>>
    where
        W::Native: core::fmt::Debug,
    {
        let size = size_of::<W>();
        let mut wire = [0u8; 16];
        bulk::to_bytes::<W>(&[terminator], &mut wire[..size]);
        let rest = &self.data[self.pos..];
        match rest.chunks_exact(size).position(|c| c == &wire[..size]) {
            Some(count) => {
                let values = self.numbers::<W>(count)?;
                self.pos += size;
                Ok(values)
            }
            None => Err(self.no_terminator(alloc::format!("{terminator:?}"))),
        }
    }

    /// Reads elements with `read` until one equals `terminator` (read, not kept); an error
    /// names the element's index.
    ///
    /// # Errors
    /// What `read` returns (`UnexpectedEof` when the input ends before the terminator);
    /// `InvalidData` if an element takes no bytes (the loop would not end).
    pub fn collect_until<T: PartialEq>(
        &mut self,
        terminator: &T,
        mut read: impl FnMut(&mut Self) -> Result<T>,
    ) -> Result<Vec<T>> {
        let mut out = Vec::new();
        loop {
            let at = self.pos;
            let item = read(self).map_err(|e| FormatError::in_index(e, out.len()))?;
            if item == *terminator {
                return Ok(out);
            }
            if self.pos == at {
                return Err(FormatError::in_index(
                    FormatError::new(
                        FormatErrorKind::InvalidData,
                        at,
                        "an element of a terminated list took no bytes",
                    ),
                    out.len(),
                ));
            }
            out.push(item);
        }
    }

    /// The error for a list whose terminator never comes.
    #[cold]
    fn no_terminator(&self, terminator: alloc::string::String) -> FormatError {
        FormatError::eof(
            self.pos,
            self.data.len() + 1,
            alloc::format!(
                "no terminator {terminator} in the {} bytes left",
                self.remaining()
            ),
        )
    }

    /// The bytes of `count` elements of `size` bytes each.
    fn take_run(&mut self, count: usize, size: usize) -> Result<&'a [u8]> {
        match count.checked_mul(size) {
            Some(len) if len <= self.remaining() => self.take(len),
            _ => Err(self.too_many(count, size)),
        }
    }

    /// The error for `count` elements of at least `size` bytes each not fitting in what is
    /// left.
    #[cold]
    fn too_many(&self, count: usize, size: usize) -> FormatError {
        let need = match count.checked_mul(size) {
            Some(need) => alloc::format!("at least {need}"),
            None => "more than usize::MAX".into(),
        };
        let needs = count
            .checked_mul(size)
            .map_or(usize::MAX, |len| self.pos.saturating_add(len));
        FormatError::eof(
            self.pos,
            needs,
            alloc::format!(
                "{count} elements need {need} bytes, {} left",
                self.remaining()
            ),
        )
    }

    /// Reads a value of a type that implements [`ReadFormat`]; a byte order it sets for its
    /// own fields ends with it.
    ///
    /// # Errors
    /// What its [`ReadFormat::read_with`] returns.
    #[inline]
    pub fn read<T: ReadFormat<'a>>(&mut self) -> Result<T> {
        let order = self.order;
        let value = T::read_with(self);
        self.order = order;
        value
    }

    /// The next `len` bytes as a `&str`, borrowed from the input.
    ///
    /// # Errors
    /// `UnexpectedEof` if fewer are left, `InvalidData` if they are not UTF-8 (naming the
    /// offset of the first invalid byte).
    #[inline]
    pub fn borrow_str(&mut self, len: usize) -> Result<&'a str> {
        let at = self.pos;
        let bytes = self.take(len)?;
        utf8(bytes, at)
    }

    /// The bytes before the next `terminator`, borrowed; the terminator is skipped.
    ///
    /// # Errors
    /// `UnexpectedEof` if the input holds no `terminator`.
    pub fn borrow_until(&mut self, terminator: u8) -> Result<&'a [u8]> {
        let rest = &self.data[self.pos..];
        match rest.iter().position(|&b| b == terminator) {
            Some(len) => {
                self.pos += len + 1;
                Ok(&rest[..len])
            }
            None => Err(self.no_terminator(alloc::format!("{terminator:#04x}"))),
        }
    }

    /// [`borrow_until`](Self::borrow_until) as a `&str`.
    ///
    /// # Errors
    /// As `borrow_until`, and `InvalidData` if the bytes are not UTF-8.
    pub fn borrow_str_until(&mut self, terminator: u8) -> Result<&'a str> {
        let at = self.pos;
        utf8(self.borrow_until(terminator)?, at)
    }

    /// Every byte left, borrowed.
    #[inline]
    pub fn borrow_to_end(&mut self) -> &'a [u8] {
        let rest = &self.data[self.pos..];
        self.pos = self.data.len();
        rest
    }

    /// `count` values of a type whose memory is its wire image (`[u8; N]`, a wire record of
    /// byte arrays, `u32be` ...), borrowed from the input without a copy.
    ///
    /// # Errors
    /// `UnexpectedEof` if fewer are left; `InvalidData` if `T` needs an alignment the input
    /// does not have at this offset (types of alignment 1, byte arrays and records of them,
    /// never do: read a `Vec` instead of a slice of wider numbers from an input that may be
    /// anywhere in memory).
    pub fn borrow_slice<T: FromBytes + Immutable>(&mut self, count: usize) -> Result<&'a [T]> {
        let size = size_of::<T>();
        let at = self.pos;
        let bytes = self.take_run(count, size.max(1))?;
        view_run(bytes, at)
    }

    /// Values of such a type until the input ends, borrowed.
    ///
    /// # Errors
    /// `UnexpectedEof` if what is left is not a whole number of them; `InvalidData` for an
    /// alignment the input lacks, as [`borrow_slice`](Self::borrow_slice).
    pub fn borrow_slice_to_end<T: FromBytes + Immutable>(&mut self) -> Result<&'a [T]> {
        let size = size_of::<T>().max(1);
        if !self.remaining().is_multiple_of(size) {
            return Err(self.cut_element(size));
        }
        self.borrow_slice(self.remaining() / size)
    }

    /// Reads `count` elements with `read`, each at least `min_size` bytes (0 if unknown);
    /// an error names the element's index.
    ///
    /// # Errors
    /// `UnexpectedEof`, before allocating, if the input cannot hold `count` elements of
    /// `min_size` bytes; what `read` returns; `InvalidData` if an element takes no bytes while
    /// `count` is more than 4,096 above the bytes left (memory stays bounded by the input).
    pub fn collect<T>(
        &mut self,
        count: usize,
        min_size: usize,
        mut read: impl FnMut(&mut Self) -> Result<T>,
    ) -> Result<Vec<T>> {
        let capacity = if min_size == 0 {
            // Nothing bounds the count but the input's size: grow as elements come.
            count.min(self.remaining())
        } else if count > self.remaining() / min_size {
            return Err(self.too_many(count, min_size));
        } else {
            count
        };
        let mut out = Vec::with_capacity(capacity);
        // Elements that take no bytes are not bounded by the input: beyond what it could
        // justify (a byte each, and some slack), one of them ends the read.
        let bound = self.remaining().saturating_add(EMPTY_ELEMENT_SLACK);
        for index in 0..count {
            let at = self.pos;
            out.push(read(self).map_err(|e| e.in_index(index))?);
            if self.pos == at && count > bound {
                return Err(FormatError::in_index(
                    FormatError::new(
                        FormatErrorKind::InvalidData,
                        at,
                        alloc::format!(
                            "{count} elements, and this one took no bytes: more empty elements \
                             than the input can justify"
                        ),
                    ),
                    index,
                ));
            }
        }
        Ok(out)
    }

    /// Reads elements with `read` until the input ends; an error names the element's index.
    ///
    /// # Errors
    /// What `read` returns; `InvalidData` if an element takes no bytes (the loop would not
    /// end).
    #[inline]
    pub fn collect_to_end<T>(
        &mut self,
        mut read: impl FnMut(&mut Self) -> Result<T>,
    ) -> Result<Vec<T>> {
        let mut out = Vec::new();
        while self.remaining() > 0 {
            let at = self.pos;
            match read(self) {
                Ok(value) => out.push(value),
                Err(e) => return Err(FormatError::in_index(e, out.len())),
            }
            if self.pos == at {
                return Err(took_no_bytes(at, out.len() - 1));
            }
        }
        Ok(out)
    }
}

/// [`FormatReader::within`]'s error for a read that failed inside the field: a read past the
/// field's end finds bytes there, so its `UnexpectedEof` is the field's size being wrong.
#[cold]
#[inline(never)]
fn within_error(e: FormatError, len: usize) -> FormatError {
    if e.kind() == FormatErrorKind::UnexpectedEof {
        e.past_its_size(len)
    } else {
        e
    }
}

/// [`FormatReader::collect_to_end`]'s error for an element that took no bytes.
#[cold]
#[inline(never)]
fn took_no_bytes(at: usize, index: usize) -> FormatError {
    FormatError::in_index(
        FormatError::new(
            FormatErrorKind::InvalidData,
            at,
            "an element read to the end of the input took no bytes",
        ),
        index,
    )
}

/// How many more elements than bytes left a counted list of elements that may take no bytes
/// is allowed: memory stays bounded by the input plus this many elements.
const EMPTY_ELEMENT_SLACK: usize = 4096;

/// `bytes` read at `at` as UTF-8.
fn utf8(bytes: &[u8], at: usize) -> Result<&str> {
    core::str::from_utf8(bytes).map_err(|e| {
        let bad = e.valid_up_to();
        let len = e.error_len().unwrap_or(bytes.len() - bad);
        FormatError::new(
            FormatErrorKind::InvalidData,
            at + bad,
            alloc::format!("not UTF-8: {}", Hex(&bytes[bad..bad + len])),
        )
    })
}

/// `bytes` read at `at` as a slice of `T`: their length is a multiple of `T`'s size.
fn view_run<T: FromBytes + Immutable>(bytes: &[u8], at: usize) -> Result<&[T]> {
    if size_of::<T>() == 0 {
        // Zero-sized elements take no bytes: nothing bounds how many a count asks for.
        return Err(FormatError::new(
            FormatErrorKind::InvalidData,
            at,
            alloc::format!(
                "`{}` takes no bytes: it cannot be borrowed",
                short_type_name::<T>()
            ),
        ));
    }
    crate::io::view_slice::<T>(bytes).map_err(|_| {
        FormatError::new(
            FormatErrorKind::InvalidData,
            at,
            alloc::format!(
                "cannot borrow `[{}]` here: it needs alignment {} and the input at this offset \
                 is not aligned (read a `Vec` instead, or give an aligned input)",
                short_type_name::<T>(),
                align_of::<T>()
            ),
        )
    })
}

/// The error for an invalid part of an image read at `at`.
#[cold]
fn invalid_image(e: crate::io::InvalidImage, bytes: &[u8], at: usize) -> FormatError {
    let part = bytes.get(e.offset..e.offset + e.len).unwrap_or(&[]);
    FormatError::new(
        FormatErrorKind::InvalidData,
        at + e.offset,
        alloc::format!("not a valid {}: {}", ShortName(e.type_name), Hex(part)),
    )
}

/// A `core::any::type_name` without its module paths.
struct ShortName(&'static str);

impl core::fmt::Display for ShortName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        crate::io::wire_bytes::short_name(self.0, f)
    }
}

/// Bytes from `pos` to the next multiple of `align` (a mask for the powers of two formats
/// align to, a division for the rest).
#[inline]
fn padding_to(pos: usize, align: usize) -> usize {
    if align.is_power_of_two() {
        pos.wrapping_neg() & (align - 1)
    } else if align <= 1 {
        0
    } else {
        (align - pos % align) % align
    }
}

/// Appends a format declaration's bytes to a `Vec<u8>`.
///
/// ```
/// use endian_wire::format::FormatWriter;
/// use endian_wire::u16le;
///
/// let mut out = vec![0xAA]; // bytes already there are not this value's
/// let mut writer = FormatWriter::new(&mut out);
/// writer.image(&u16le::new(1));
/// writer.align_to(4);
/// writer.numbers::<u16le>(&[2, 3]);
/// assert_eq!(writer.position(), 8);
/// assert_eq!(out, [0xAA, 1, 0, 0, 0, 2, 0, 3, 0]);
/// ```
#[derive(Debug)]
pub struct FormatWriter<'a> {
    out: &'a mut Vec<u8>,
    start: usize,
    order: Endian,
}

impl<'a> FormatWriter<'a> {
    /// A writer appending to `out`; positions count from `out`'s current end.
    /// `#[endian(runtime)]` declarations are written big-endian unless a field of theirs sets
    /// another order.
    pub fn new(out: &'a mut Vec<u8>) -> Self {
        Self::with_order(out, Endian::Big)
    }

    /// A writer appending to `out`, `#[endian(runtime)]` declarations written in `order`.
    pub fn with_order(out: &'a mut Vec<u8>, order: Endian) -> Self {
        let start = out.len();
        FormatWriter { out, start, order }
    }

    /// The byte order `#[endian(runtime)]` declarations are written in here.
    #[must_use]
    #[inline]
    pub fn order(&self) -> Endian {
        self.order
    }

    /// Sets the byte order of what follows (until the value being written ends: [`write`]
    /// restores the order it found).
    ///
    /// [`write`]: FormatWriter::write
    #[inline]
    pub fn set_order(&mut self, order: Endian) {
        self.order = order;
    }

    /// Bytes written so far through this writer.
    #[must_use]
    #[inline]
    pub fn position(&self) -> usize {
        self.out.len() - self.start
    }

    /// Appends `bytes`.
    #[inline]
    pub fn bytes(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
    }

    /// Appends `len` zero bytes.
    #[inline]
    pub fn zeros(&mut self, len: usize) {
        self.out.resize(self.out.len() + len, 0);
    }

    /// Appends zeros up to the next multiple of `align` bytes from where this writer began.
    #[inline]
    pub fn align_to(&mut self, align: usize) {
        self.zeros(padding_to(self.position(), align));
    }

    /// Bytes already written through this writer, between two positions (`start..end`, as
    /// [`position`] gives them): what a checksum covers.
    ///
    /// # Panics
    /// When the range is not within what this writer wrote.
    ///
    /// [`position`]: FormatWriter::position
    #[must_use]
    #[inline]
    pub fn past(&self, range: core::ops::Range<usize>) -> &[u8] {
        &self.out[self.start + range.start..self.start + range.end]
    }

    /// Bytes already written, between two positions, to be overwritten (a checksum computed
    /// after the bytes it covers).
    ///
    /// # Panics
    /// When the range is not within what this writer wrote.
    #[inline]
    pub fn past_mut(&mut self, range: core::ops::Range<usize>) -> &mut [u8] {
        &mut self.out[self.start + range.start..self.start + range.end]
    }

    /// Appends `len` zero bytes and returns them to be filled.
    #[inline]
    pub fn reserve(&mut self, len: usize) -> &mut [u8] {
        let at = self.out.len();
        self.out.resize(at + len, 0);
        &mut self.out[at..]
    }

    /// Appends a fixed-size wire value's image.
    #[inline]
    pub fn image<T: WireImage>(&mut self, value: &T) {
        value.write_image(self.reserve(T::WIRE_SIZE));
    }

    /// Appends numbers in `W`'s byte order with one bulk conversion.
    #[inline]
    pub fn numbers<W: WireElement>(&mut self, values: &[W::Native]) {
        bulk::extend_bytes::<W>(self.out, values);
    }

    /// Appends a value of a type that implements [`WriteFormat`].
    ///
    /// # Errors
    /// What its [`WriteFormat::write_with`] returns.
    #[inline]
    pub fn write<T: WriteFormat + ?Sized>(&mut self, value: &T) -> Result<()> {
        let order = self.order;
        let result = value.write_with(self);
        self.order = order;
        result
    }

    /// Appends the memory image of values whose memory is their wire image (a borrowed
    /// `&[[u8; 4]]`, `&[u32be]`, a slice of wire records).
    #[inline]
    pub fn slice<T: IntoBytes + Immutable>(&mut self, values: &[T]) {
        self.out.extend_from_slice(values.as_bytes());
    }

    /// Appends each of `items` with `write`; an error names the element's index.
    ///
    /// # Errors
    /// What `write` returns.
    pub fn each<T>(
        &mut self,
        items: &[T],
        mut write: impl FnMut(&mut Self, &T) -> Result<()>,
    ) -> Result<()> {
        for (index, item) in items.iter().enumerate() {
            write(self, item).map_err(|e| e.in_index(index))?;
        }
        Ok(())
    }
}
