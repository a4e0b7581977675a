//! endian_wire's own tests: one binary, no peer crate (the comparisons with bincode, wincode,
//! simple_endian and the NBT crates are `endian_wire_compare`'s), so that qemu and Miri build
//! and link only this. A module per subject, each gated on the features it needs:
//!
//! * `wire_values`, `text`, `encodings`: the wrappers, the fixed text types, the two encodings;
//! * `bulk`, `io`: the bulk conversions' public entries and the fixed image's IO (the kernels,
//!   every instruction set, are swept by `tests/bulk_kernels.rs`);
//! * `derive`: `#[derive(Endianize)]`'s wire types, conversions and IO;
//! * `format`: format declarations (`#[wire(...)]`) read and written, hostile input;
//! * `frame`, `frame_records`, `frame_derive`: bincode-compatible framing, runs of records,
//!   derived framing and in-place decoding; `frame_config`: typed configurations;
//! * `messages`: length-prefixed messages in memory (the codec, the blocking reader/writer);
//! * `runtime_endian`: byte order chosen at run time;
//! * `nbt`: NBT's tree, view and modified UTF-8 on real files;
//! * `nbt_serde`: typed NBT through serde, on real files and real chunks;
//! * `nbt_flavors`: network roots of any type, Bedrock's little-endian and network forms;
//! * `nbt_region`: region files, real and written;
//! * `nbt_snbt`: SNBT read and printed;
//! * `hostile`: hostile input on every decoder, memory bounded.

// Counts what each thread allocates: `io` checks allocation-free paths, `hostile` bounds
// memory.
#[cfg(feature = "std")]
#[global_allocator]
static ALLOCATOR: endian_wire_testkit::alloc::Counting = endian_wire_testkit::alloc::Counting;

mod bulk;
mod derive;
mod encodings;
mod format;
mod frame;
mod frame_config;
mod frame_derive;
mod frame_records;
mod hostile;
mod io;
mod messages;
mod nbt;
mod nbt_flavors;
mod nbt_region;
mod nbt_serde;
mod nbt_snbt;
mod runtime_endian;
mod text;
mod wire_values;
