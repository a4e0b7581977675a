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
//!
//! # Migrating from `simple_endian`
//!
//! The public names of `simple_endian` 0.4 exist here with the same signatures, and its feature
//! names are accepted, so `use endian_wire as simple_endian;` (or renaming the dependency in
//! `Cargo.toml`) is the whole switch. What deliberately differs is listed in the README.
//!
//! # Features
//!
//! * `std` (default): implies `alloc`; `std::io` reading and writing, and run-time CPU feature
//!   detection for the bulk kernels (without it they use what the compile target guarantees).
//! * `alloc`: the text types that own their storage.
//! * `encoding_rs`: single-byte legacy encodings for the fixed UTF-8-sized text buffers.
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

mod convert;
#[doc(hidden)]
pub mod derive_support;
pub mod io;
pub mod wire;

pub use convert::{ConvertError, ConvertReason, Endianize};
/// Derives a wire type and its conversions and IO; see the [crate documentation](crate#derive).
#[cfg(feature = "derive")]
pub use endian_wire_derive::Endianize;

pub use io::*;

#[cfg(feature = "alloc")]
pub use wire::text;
#[cfg(feature = "alloc")]
pub use wire::text::*;
pub use wire::*;

#[doc(no_inline)]
pub use zerocopy;

/// The README's code blocks, compiled and run as doctests.
#[cfg(all(doctest, feature = "std"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
