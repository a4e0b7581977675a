//! Binary formats as ordinary Rust types whose byte order is part of the type.
//!
//! `endian_wire` gives you [`BigEndian<T>`] and [`LittleEndian<T>`]: values that hold their
//! bytes *in memory* already in the byte order of the wire. A `#[repr(C)]` struct made of them
//! has a memory image equal to its wire bytes, on every host, so reading or writing it is a
//! copy, and viewing a buffer as such a struct needs no `unsafe` (through [`zerocopy`]).
//!
//! ```
//! use endian_wire::{u16be, u32be};
//!
//! const MAGIC: u32be = u32be::new(0xCAFE_BABE);
//!
//! let port = u16be::new(8080);
//! assert_eq!(port.to_bytes(), [0x1f, 0x90]); // big-endian in memory, on every host
//! assert_eq!(port.get(), 8080); // native value back
//! assert_eq!(MAGIC.to_bytes(), [0xCA, 0xFE, 0xBA, 0xBE]);
//!
//! // Arithmetic goes through native values, comparisons are by value.
//! let next = port + 1.into();
//! assert!(next > port);
//! assert_eq!(format!("{next:>6}"), "  8081");
//! ```
//!
//! # Layers
//!
//! | module | what it holds |
//! |---|---|
//! | [`wire`] (re-exported at the root) | the wrappers, the [`SpecificEndian`] trait, aliases such as [`u32be`], operators, formatting |
//! | [`text`] (`alloc`) | fixed-size and growable UTF-8/16/32 text in a declared byte order |
//! | [`bulk`] | native slices to wire slices or bytes and back, with SIMD kernels chosen at run time |
//! | [`io`] (re-exported at the root) | [`read_specific`] / [`write_specific`] (`std`), slice IO and zero-copy views (`no_std`) |
//! | [`Endianize`] (derive) | logical types and their generated wire types |
//! | [`RuntimeEndian`] (derive) | types whose byte order is chosen when reading and writing |
//! | [`frame`] | whole messages in bincode's format: lengths, `Vec`, `String`, `Option`, enums with data |
//! | [`format`] (`alloc`) | format declarations: `#[wire(...)]` layouts (counts from fields, magic, tags, padding, optional fields) read from slices, written to a `Vec` or a writer ([Format declarations](#format-declarations)) |
//!
//! # API grammar
//!
//! Each layer has one verb pair, one argument order and one rule for bytes after a value;
//! the opposite rule, where a layer has it, is spelled in the function's name.
//!
//! | layer | read | write | bytes after the value | errors |
//! |---|---|---|---|---|
//! | fixed image, `std::io` | [`read_specific`]`(reader)`, [`EndianRead::read_from`]`(reader)` | [`write_specific`]`(writer, &value)`, [`EndianWrite::write_to`]`(&self, writer)` | a stream: the reader stops after the value | `std::io::Error` |
//! | fixed image, slices | [`read_from_slice`]`(data)` (a prefix) / [`view`]`(data)`, [`view_slice`]`(data)` (all of it) | [`write_to_extend`]`(&value, out)` | `read_*` leaves them; `view*` refuses them | `&'static str` (simple_endian's), [`ViewError`] |
//! | runtime order | `T::read_as(data, order)` (a prefix), `T::read_all_as` / `view_all_as` (all of it), `read_from_as(reader, order)` | `value.write_as(out, order)`, `T::write_all_as(items, out, order)`, `write_to_as(writer, order)` | as the fixed image, order last | `std::io::Error` |
//! | framing | [`frame::decode_from_slice`]`(src, config)` returns the bytes used; `decode_from_slice_exact` refuses more; `borrow_decode_from_slice`, `decode_from_reader` | [`frame::encode_to_vec`]`(&value, config)`, `encode_append`, `encode_into_slice`, `encode_into_writer`, `encoded_size` | left, counted (bincode 2's rule) | [`frame::DecodeError`], [`frame::EncodeError`] |
//! | format declarations | `T::read_format(data)` returns the value and the bytes used; `read_format_exact` refuses more; `reader.read::<T>()` inside a hand-written [`format::ReadFormat`]; [`format::FormatStream`]`::new(reader).read::<T>()` from a `Read` without `Seek` | `value.write_format(out)` appends to a `Vec`, `to_format_vec()`, `write_format_to(writer)` | left, counted (framing's rule) | [`format::FormatError`] (kind, field path, byte offset; into `std::io::Error` with `std`) |
//! | transport | `MessageReader::read`, `messages`; the tokio `Decoder` | `MessageWriter::send` / `feed`; the tokio `Encoder` | a message is its length prefix's bytes | `stream::MessageError` |
//!
//! Arguments run value (or `self`), then where the bytes go or come from, then the byte order
//! or configuration last (framing's `config` is a run-time [`frame::Config`] or a typed
//! [`frame::Configuration`], see [`frame::config`]); simple_endian's functions keep that crate's order
//! (`write_specific(writer, &value)`), a switching user's code being the promise. Depth
//! limits say what they count: [`frame::MAX_NESTING`] (`Vec`s and `Box`es inside one
//! message). Each module has one public path: [`bulk`], [`text`], [`io`], [`frame`],
//! [`stream`]; the
//! root re-exports items, and the modules `utf8` and `encoding_rs` where simple_endian had them.
//!
//! A walk through them: a wrapper holds one value in wire order (above); a derived struct of
//! such fields is a fixed-size record read and written with one copy ([Derive](#derive));
//! a message with variable-length parts is framed like bincode frames it ([Framing](#framing)).
//!
//! # Derive
//!
//! `#[derive(Endianize)]` (feature `derive`, on by default) turns a logical type into a wire
//! type and the code between them:
//!
//! ```
//! # #[cfg(feature = "std")] {
//! use endian_wire::{Endianize, EndianRead, EndianWrite, u16be};
//!
//! #[derive(Endianize, Clone, Debug, PartialEq)]
//! #[endian(be)]
//! struct Sample {
//!     channel: u8,
//!     gain: f32,
//!     levels: [i16; 4],
//! }
//!
//! let sample = Sample { channel: 2, gain: 0.5, levels: [1, -1, 2, -2] };
//! let wire = SampleWire::from(sample.clone()); // fields are `BigEndian<...>`
//! assert_eq!(wire.levels[1].get(), -1);
//!
//! let mut out = Vec::new();
//! sample.write_to(&mut out)?; // fields back to back, no padding: 1 + 4 + 8 bytes
//! assert_eq!(out.len(), SampleWire::WIRE_SIZE);
//! assert_eq!(Sample::read_from(&mut &out[..])?, sample);
//! # }
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! Container attributes:
//!
//! * `#[endian(be)]` / `#[endian(le)]` (also `big`, `big_endian`, `little`, `little_endian`,
//!   `network`), or `#[endian(runtime)]`: required; the order of every field that does not
//!   fix its own. `runtime` is for formats that name their order in their own header
//!   ([Byte order chosen at run time](#byte-order-chosen-at-run-time)).
//! * `#[wire_repr(...)]`: the wire type's `repr` (`C` by default; `packed`, `packed(N)`,
//!   `align(N)` are honoured exactly, `C` is always kept).
//! * `#[wire_derive(Trait, ...)]`: more derives on the wire type (`Clone`, `Copy`, `Debug` and
//!   `PartialEq` are there already).
//! * `#[wire_default]` (enums): `Default` for the wire enum from the `#[default]` unit variant.
//! * `#[endian_wire(crate = path)]`: where `endian_wire` is, if the derive cannot find it (it
//!   reads a renamed dependency from your `Cargo.toml`).
//! * `#[endian_wire(bincode)]`: bincode 2's `Encode` / `Decode` / `BorrowDecode` for the
//!   logical and the wire type, through the framing (needs the `bincode` feature).
//!
//! Fields:
//!
//! | logical field | wire field |
//! |---|---|
//! | integers, `f32`, `f64`, `bool`, `NonZero*`, `usize` | `BigEndian<T>` / `LittleEndian<T>` |
//! | `char` | [`BigEndianChar`] / [`LittleEndianChar`] (refused on the way back if not a scalar value) |
//! | `[u8; N]` | `[u8; N]` |
//! | `[T; N]`, nested arrays | arrays of the wire type, converted with the [`bulk`] kernels |
//! | `u32be`, `BigEndian<T>`, `charle`, fixed text types | unchanged (their own order) |
//! | `String` with `#[text(utf8\|utf16\|utf32, units = N, pad = "null"\|"space")]` | the fixed text type in the container's order |
//! | another `Endianize` type, or a type parameter | its wire type (its own order) |
//!
//! Fields and containers may also carry `#[wire(...)]` layout attributes (`count`, `magic`,
//! `tag`, `if`, padding, ...), which make the type a format declaration read and written through
//! [`format`] instead of a fixed wire type ([Format declarations](#format-declarations)).
//!
//! In enum tuple variants, `#[tuple_text(idx = K, ...)]` on the variant marks field `K` as text.
//! `#[endian(be)]` / `#[endian(le)]` on a field fixes that field's order (and everything in
//! it: an array's elements, a nested `#[endian(runtime)]` type) whatever the container's.
//!
//! Generated: the wire type; [`Endianize`] for the logical type; `From` both ways where nothing
//! can fail, `TryFrom` (error [`ConvertError`], naming the field path) where something can;
//! `EndianRead`, `EndianWrite` (with `std`) and [`FromSlice`] for the logical and the wire
//! type; zerocopy's `TryFromBytes`/`FromBytes`, `KnownLayout`, `Immutable`, and `IntoBytes`
//! when the layout provably has no padding (then the wire type is a [`WireBytes`] and IO is one
//! copy; otherwise it is a [`WireImage`] written field by field through one stack buffer); and
//! `FooWire::WIRE_SIZE`. A wire enum is a Rust enum with the same variants and wire fields;
//! on the stream its tag (the `#[repr(uN)]` type holding the discriminant, or a `u32` holding
//! the variant's position) comes first, in the container's order, then the variant's fields.
//!
//! # Byte order chosen at run time
//!
//! ELF says its byte order in `EI_DATA`, TIFF in `II` / `MM`, classic pcap in its magic. With
//! `#[endian(runtime)]` a type is declared once and gets two wire types, `FooWireBe` and
//! `FooWireLe` (each what `#[endian(be)]` / `#[endian(le)]` would generate), and
//! [`RuntimeEndian`], whose methods take the order last:
//!
//! ```
//! # #[cfg(all(feature = "derive", feature = "std"))] {
//! use endian_wire::*;
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(runtime)]
//! #[repr(C)] // laid out as on the wire: tables convert at once
//! struct Record {
//!     id: u32,
//!     #[endian(be)] // network order in either file
//!     port: u16,
//!     flags: u16,
//! }
//!
//! let records = [Record { id: 1, port: 80, flags: 3 }, Record { id: 2, port: 443, flags: 0 }];
//! let mut file = Vec::new();
//! Record::write_all_as(&records, &mut file, Endian::Little)?;
//! assert_eq!(&file[..8], [1, 0, 0, 0, 0, 80, 3, 0]);
//!
//! let order = Endian::Little; // read from the file's header
//! assert_eq!(Record::read_all_as(&file, order)?, records); // the whole table at once
//! assert_eq!(Record::read_as(&file[8..], order)?, records[1]);
//! let view = Record::view_all_as(&file, order)?; // in place in the host's order
//! assert_eq!(view[1].port.get(), 443);
//! # }
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! A nested `#[endian(runtime)]` type follows the order of the type around it (fixed or
//! not); a nested fixed-order type keeps its own. Framed with [`frame`], a runtime type takes
//! the configuration's order. `examples/readelf` and `examples/pcap.rs` read real formats
//! this way, and `examples/pcapng` declares a whole format whose order is in its header.
//!
//! # Framing
//!
//! Records of fixed size are one copy each; messages with lengths (`Vec`, `String`, `Option`,
//! enums with data) go through [`frame`], whose bytes are bincode's under the matching
//! configuration. A derived type with such fields gets framing instead of a fixed wire type:
//!
//! ```
//! # #[cfg(all(feature = "derive", feature = "alloc"))] {
//! use endian_wire::frame::{self, Config};
//! use endian_wire::Endianize;
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(le)]
//! struct Batch {
//!     id: u32,
//!     names: Vec<String>,
//!     samples: Vec<i16>, // one bulk copy (or SIMD swap) under fixed-int
//! }
//!
//! let batch = Batch { id: 1, names: vec!["a".into()], samples: vec![-1, 2] };
//! let bytes = frame::encode_to_vec(&batch, Config::legacy())?; // bincode 1's default format
//! assert_eq!(&bytes[..4], &[1, 0, 0, 0]);
//! let back: Batch = frame::decode_from_slice_exact(&bytes, Config::legacy())?;
//! assert_eq!(back, batch);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Lengths are checked against the input and a limit (16 MiB by default) before anything is
//! allocated, and every error names its byte offset; with no limit, what a decode allocates is
//! still bounded by its input. `examples/bincode_interop.rs` exchanges a message with bincode
//! 1 and 2.
//!
//! A struct whose fields all have a fixed size under fixed-int (numbers, wrappers, arrays,
//! tuples, nested such structs) is written after one capacity check and read after one length
//! check, and so is a `Vec` of them: one check for the whole run.
//!
//! A struct with a lifetime borrows from its input (`&'a [u8]`, `&'a str`, `&'a [[u8; 32]]`,
//! nested borrowing structs): it frames as the owned struct of the same fields, and is read by
//! [`frame::borrow_decode_from_slice`] with only its `Vec`s allocated (see [`frame`]).
//!
//! For formats that are bincode with a different length prefix, `#[frame(len = ...)]` on a
//! `Vec<T>`, `String` or `Box<[T]>` field picks it: `short_vec` (Solana's compact-u16), `u8`,
//! `u16`, `u32`, `u64` (fixed width, in the container's order) or `varint` (see
//! [`frame::len`]; `examples/solana_tx.rs` frames Solana's legacy transaction this way).
//!
//! # Format declarations
//!
//! Most formats are neither fixed images nor bincode: a count sits in an earlier field, a magic
//! number or a tag says what follows, fields are padded or aligned, or present only when a flag
//! says so. `#[wire(...)]` attributes declare such a layout once, in binrw's vocabulary, and the
//! derive implements [`format::ReadFormat`] and [`format::WriteFormat`] for it:
//!
//! ```
//! # #[cfg(all(feature = "derive", feature = "std"))] {
//! use endian_wire::Endianize;
//! use endian_wire::format::{ReadFormat, WriteFormat};
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(be)]
//! #[wire(magic = b"\x89PNG\r\n\x1a\n")]
//! struct Png {
//!     #[wire(until_eof)]
//!     chunks: Vec<Chunk>,
//! }
//!
//! #[derive(Endianize, Debug, PartialEq)]
//! #[endian(be)]
//! struct Chunk {
//!     length: u32, // written as data.len(), refused if it does not fit
//!     kind: [u8; 4],
//!     #[wire(count = length)]
//!     data: Vec<u8>,
//!     crc: u32,
//! }
//!
//! let png = Png { chunks: vec![Chunk { length: 0, kind: *b"IEND", data: vec![], crc: 0xAE42_6082 }] };
//! let bytes = png.to_format_vec()?;
//! assert_eq!(bytes.len(), 8 + 12);
//! assert_eq!(Png::read_format_exact(&bytes)?, png);
//! # }
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! Fixed-size runs of fields still move through their wire images, counted numbers through the
//! [`bulk`] kernels; errors name the field path and the byte offset
//! (`Png.chunks[3].data at byte 1,204: ...`). The [`format`] module documents every attribute
//! with an example. For binrw and deku users:
//!
//! | binrw 0.15 | deku 0.20 | endian_wire |
//! |---|---|---|
//! | `#[brw(big)]`, `#[brw(little)]` | `#[deku(endian = "big")]` | `#[endian(be)]`, `#[endian(le)]` |
//! | `#[brw(magic = b"..")]` on a struct | `#[deku(magic = b"..")]` | `#[wire(magic = b"..")]`, or an integer with its type: `magic = 0xCAFE_u16` |
//! | `#[br(count = n)]` | `#[deku(count = "n")]` | `#[wire(count = n)]` |
//! | `#[bw(calc = expr)]` | `#[deku(update = "expr")]` | `#[wire(calc = expr)]`; implicit on the field a bare `count = field` names |
//! | `#[br(temp)]` (with `#[binrw]`) | `#[deku(temp)]` | `#[wire(temp)]` on a field declared `format::Temp<T>`: read for the fields after it, written from its `calc`, its collection's length or its checksum, never kept |
//! | `#[br(if(cond))]` | `#[deku(cond = "cond")]` | `#[wire(if = cond)]` on an `Option<T>` |
//! | `#[br(parse_with = until_eof)]` | `#[deku(read_all)]` | `#[wire(until_eof)]` |
//! | `#[br(until_exclusive(\|x\| *x == 0))]`, `NullString` | `#[deku(until = "...")]` | `#[wire(terminator = 0)]`: the terminator is read and not kept, written after the elements (a predicate is not built yet) |
//! | `#[brw(pad_before = n)]`, `pad_after` | `#[deku(pad_bytes_before = "n")]`, `pad_bytes_after` | `#[wire(pad_before = n)]`, `pad_after` |
//! | `#[brw(align_before = n)]`, `align_after` | none | `#[wire(align_before = n)]`, `align_after` |
//! | `#[brw(pad_size_to = n)]` | none | `#[wire(pad_size_to = n)]` (a longer field is an error) |
//! | `#[br(map_stream = \|s\| s.take_seek(n))]` | `#[deku(bytes_read = "n")]` | `#[wire(bytes = n)]`: the field is read from exactly `n` bytes (a list inside reads to their end; one that leaves some or runs past them is `InvalidData`) and must write as many |
//! | enum variants chosen by `#[br(magic = 1u8)]` | `#[deku(id_type = "u8")]`, `#[deku(id = 1)]`, `id_pat = "_"` | `#[wire(tag = u8)]` on the enum, `#[wire(tag = 1)]` on variants, `#[wire(fallback)]` keeps unknown tags |
//! | `#[br(is_big = expr)]`, `import` / args | `ctx`, `endian = "endian"` | `#[endian(runtime)]` on the declaration and `#[wire(order = expr)]` on the field that names the order (an `Endian`, or `Option<Endian>`): the fields after it and nested runtime declarations follow it; `read_format_as` / `write_format_as` give a starting order |
//! | `#[br(seek_before = ...)]` with `restore_position`, `FilePtr` (read only, binrw #4) | `seek_from_start` | `#[wire(offset = expr)]`: read at `expr` from the start of the input, position restored; written after the fields in sequence, zeros up to it, refused when behind |
//! | bit fields (modular-bitfield) | `#[deku(bits = n)]` | `#[wire(bits = n)]`: consecutive ones packed most significant first into one 8/16/32/64-bit word in the type's byte order (shifts and masks, no bit reader), `new_word` to start the next word; a value too wide is refused on write |
//! | `#[br(assert(...))]`, `map`, `try_map` | `assert`, `map` | not built yet |
//! | checksums (an example only) | none | `#[wire(checksum = crc32, from = field, through = field)]`: computed on write, verified on read; `format::crc32`, `format::internet_checksum` |
//! | borrowed fields: none (binrw #346, #288) | none | `&'a [u8]`, `&'a str`, `&'a [T]` (byte arrays, wire records, `u32be` ... where the input is aligned for them) with `count`, `bytes`, `until_eof` or `terminator`: no copy, no allocation |
//! | `NoSeek` over a `Read` | needs `Seek` | [`format::FormatStream`]: values one after another from any `Read`, each buffered until its bytes have arrived (fields at offsets inside it included), `until_eof` to the stream's end, a limit on what one value may buffer |
//!
//! # Formats built on it
//!
//! The toolkit's public API is enough to build a fast format on: the companion crate
//! [`wire_nbt`](https://docs.rs/wire_nbt) reads and writes Minecraft's NBT (typed through
//! serde, a tree, a borrowed view, SNBT, region files, Bedrock's flavours) with the wrappers
//! and the [`bulk`] kernels alone, among them [`bulk::extend_from_bytes`] and
//! [`bulk::copy_bytes`] for the many short copies such a writer makes.
//!
//! # The two encodings
//!
//! Every path writes one of two byte formats, each matching a peer:
//!
//! * **The fixed wire image**: `write_specific` / `read_specific`, [`EndianRead`] /
//!   [`EndianWrite`], [`FromSlice`], the memory of `FooWire`. What simple_endian writes.
//! * **The framing**: [`frame`], and the `bincode` and `serde` bridges. What bincode 1 and 2 and
//!   wincode write under the matching configuration.
//!
//! For structs of numbers, `bool`, arrays and nested such structs the two are the same bytes.
//! They differ in three places:
//!
//! | value | fixed wire image | framing |
//! |---|---|---|
//! | enum tag | the `#[repr(uN)]` discriminant (a `u32` position without a repr), in the container's order | always the variant's position as a `u32` (varint under varint configurations) |
//! | `char` | 4 bytes, the scalar value in the container's order | UTF-8, 1 to 4 bytes |
//! | `usize` / `isize` | pointer-sized | 8 bytes (varint under varint configurations) |
//!
//! ```
//! # #[cfg(all(feature = "derive", feature = "std"))] {
//! use endian_wire::frame::{self, Config};
//! use endian_wire::{Endianize, EndianWrite};
//!
//! #[derive(Endianize, Clone, Copy, Debug, PartialEq)]
//! #[endian(be)]
//! #[repr(u8)]
//! enum Op { Nop = 7, Put(char) = 9 }
//!
//! let mut image = Vec::new();
//! Op::Put('é').write_to(&mut image)?;
//! assert_eq!(image, [9, 0, 0, 0, 0xe9]); // discriminant, then the char as a u32
//!
//! let framed = frame::encode_to_vec(&Op::Put('é'), Config::legacy().with_big_endian())?;
//! assert_eq!(framed, [0, 0, 0, 1, 0xc3, 0xa9]); // position 1 as a u32, then UTF-8
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Migrating from `simple_endian`
//!
//! The public names of `simple_endian` 0.4 exist here with the same signatures, and its feature
//! names are accepted, so `use endian_wire as simple_endian;` (or renaming the dependency in
//! `Cargo.toml`) is the whole switch. What deliberately differs, and why, is in `MIGRATING.md`.
//!
//! # Features
//!
//! * `derive` (default): `#[derive(Endianize)]`.
//! * `std` (default): implies `alloc`; `std::io` reading and writing, and run-time CPU feature
//!   detection for the bulk kernels (without it they use what the compile target guarantees).
//! * `alloc`: the text types that own their storage; format declarations ([`format`]), read
//!   from slices and written to `Vec`s.
//! * `encoding_rs`: single-byte legacy encodings for the fixed UTF-8-sized text buffers.
//! * `bincode`: bincode 2's `Encode` / `Decode` / `BorrowDecode` for the wrappers, text types
//!   and derived types marked `#[endian_wire(bincode)]`, with the bytes of [`frame`]. Derived
//!   types get them only on request, so the feature, turned on anywhere in a dependency graph,
//!   never collides with a user's own `#[derive(bincode::Encode)]`.
//! * `serde`: `Serialize` / `Deserialize` for the wrappers (as their values), wire chars and
//!   text types.
//! * Every feature name of `simple_endian` 0.4 is accepted; those that gated cheap
//!   functionality there change nothing here.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs, unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]
#![warn(rust_2018_idioms, unreachable_pub)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod array;
pub mod bulk;
#[doc(hidden)]
pub mod derive_support;
mod endianize;
#[cfg(feature = "alloc")]
pub mod format;
pub mod frame;
pub mod io;
mod layout;
mod runtime_endian;
#[cfg(feature = "std")]
pub mod stream;
#[cfg(feature = "alloc")]
pub mod text;
pub mod wire;

/// Derives a wire type and its conversions and IO; see the [crate documentation](crate#derive).
#[cfg(feature = "derive")]
pub use endian_wire_derive::Endianize;
pub use endianize::{ConvertError, ConvertReason, Endianize, EndianizeIn};
pub use runtime_endian::RuntimeEndian;

// The wire layer: the wrappers, their aliases, byte orders.
pub use wire::{
    BigEndian, BigEndianChar, Endian, LittleEndian, LittleEndianChar, OrderedBytes, SimpleEndian,
    SpecificEndian, SpecificEndianOwned,
};
pub use wire::{
    charbe, charle, f32be, f32le, f64be, f64le, i8be, i8le, i16be, i16le, i32be, i32le, i64be,
    i64le, i128be, i128le, isizebe, isizele, nzi8be, nzi8le, nzi16be, nzi16le, nzi32be, nzi32le,
    nzi64be, nzi64le, nzi128be, nzi128le, nzisizebe, nzisizele, nzu8be, nzu8le, nzu16be, nzu16le,
    nzu32be, nzu32le, nzu64be, nzu64le, nzu128be, nzu128le, nzusizebe, nzusizele, u8be, u8le,
    u16be, u16le, u32be, u32le, u64be, u64le, u128be, u128le, usizebe, usizele,
};

// The IO layer: fixed-size values to and from bytes, slices, streams.
#[cfg(feature = "std")]
pub use io::{
    EndianRead, EndianWrite, read_native, read_specific, read_specific_dyn, read_specific_into,
    try_read_native, try_write_native, try_write_native_ref, write_native, write_native_ref,
    write_specific, write_specific_dyn,
};
pub use io::{
    FromSlice, InvalidImage, ViewError, WireBytes, WireImage, read_from_slice, view, view_slice,
    write_to_extend,
};

// Text in a declared encoding and byte order.
#[cfg(all(feature = "alloc", feature = "encoding_rs"))]
pub use text::encoding_rs;
#[cfg(feature = "alloc")]
pub use text::utf8;
#[cfg(feature = "alloc")]
pub use text::{
    CodeUnit, FixedCodepointStr, FixedCodepointString, FixedText, FixedTextError, FixedUtf8Bytes,
    FixedUtf8BytesRef, FixedUtf8Error, FixedUtf8NullPadded, FixedUtf8SpacePadded,
    FixedUtf16BeCodeUnits, FixedUtf16BeCodeUnitsRef, FixedUtf16BeNullPadded,
    FixedUtf16BeNullTerminated, FixedUtf16BePacked, FixedUtf16BeSpacePadded, FixedUtf16CodeUnits,
    FixedUtf16CodeUnitsEndian, FixedUtf16CodeUnitsRef, FixedUtf16CodeUnitsRefEndian,
    FixedUtf16Error, FixedUtf16LeCodeUnits, FixedUtf16LeCodeUnitsRef, FixedUtf16LeNullPadded,
    FixedUtf16LeNullTerminated, FixedUtf16LePacked, FixedUtf16LeSpacePadded, FixedUtf32BeCodeUnits,
    FixedUtf32BeCodeUnitsRef, FixedUtf32BeNullPadded, FixedUtf32BePacked, FixedUtf32BeSpacePadded,
    FixedUtf32CodeUnits, FixedUtf32CodeUnitsEndian, FixedUtf32CodeUnitsRef,
    FixedUtf32CodeUnitsRefEndian, FixedUtf32Error, FixedUtf32LeCodeUnits, FixedUtf32LeCodeUnitsRef,
    FixedUtf32LeNullPadded, FixedUtf32LePacked, FixedUtf32LeSpacePadded, TextError, Utf16Error,
    Utf16Str, Utf16StrBE, Utf16StrLE, Utf16String, Utf16StringBE, Utf16StringLE, Utf32Error,
    Utf32Str, Utf32StrBE, Utf32StrLE, Utf32String, Utf32StringBE, Utf32StringLE,
};

#[doc(no_inline)]
pub use zerocopy;
