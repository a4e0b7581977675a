//! endian_wire's own tests: one binary, no peer crate (the comparisons with bincode, wincode
//! and simple_endian are `endian_wire_compare`'s), so that qemu and Miri build
//! and link only this. A module per subject, each gated on the features it needs:
//!
//! * `wire_values`, `text`, `encodings`: the wrappers, the fixed text types, the two encodings;
//! * `bulk`, `io`: the bulk conversions' public entries and the fixed image's IO (the kernels,
//!   every instruction set, are swept by `tests/bulk_kernels.rs`);
//! * `derive`: `#[derive(Endianize)]`'s wire types, conversions and IO;
//! * `frame`, `frame_records`, `frame_derive`: bincode-compatible framing, runs of records,
//!   derived framing and in-place decoding; `frame_config`: typed configurations;
//!   `frame_borrowed`: runs and derived structs borrowed from the input; `frame_parallel`:
//!   sequences on every core, and the boundary pass (`Decode::skip`) under them;
//! * `messages`: length-prefixed messages in memory (the codec, the blocking reader/writer);
//! * `runtime_endian`: byte order chosen at run time;
//! * `hostile`: hostile input on every decoder, memory bounded.

// Counts what each thread allocates: `io` checks allocation-free paths, `hostile` bounds
// memory.
#[cfg(feature = "std")]
#[global_allocator]
static ALLOCATOR: endian_wire_testkit::alloc::Counting = endian_wire_testkit::alloc::Counting;

mod bulk;
mod derive;
mod encodings;
mod frame;
mod frame_borrowed;
mod frame_config;
mod frame_derive;
mod frame_parallel;
mod frame_records;
mod hostile;
mod io;
mod messages;
mod runtime_endian;
mod text;
mod wire_values;
