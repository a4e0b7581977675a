//! wire_nbt's own tests: one binary, no peer crate (the comparisons with simdnbt, fastnbt,
//! valence_nbt, nbtx and fastanvil are `endian_wire_compare`'s), so that qemu and Miri build
//! and link only this. A module per subject:
//!
//! * `tree`: the tree, the view and modified UTF-8 on real files;
//! * `typed`: your own types through serde, on real files and real chunks;
//! * `flavors`: network roots of any type, Bedrock's little-endian and network forms;
//! * `region`: region files, real and written;
//! * `snbt`: SNBT read and printed;
//! * `hostile`: hostile input on every reader, memory bounded.

// Counts what each thread allocates: `hostile` bounds memory.
#[cfg(feature = "std")]
#[global_allocator]
static ALLOCATOR: endian_wire_testkit::alloc::Counting = endian_wire_testkit::alloc::Counting;

mod flavors;
#[cfg(feature = "std")]
mod hostile;
mod region;
mod snbt;
mod tree;
mod typed;
