//! endian_wire against its peers, byte for byte: one test binary, a module per subject.
//!
//! * `simple_endian_compat`, `derive_vs_simple_endian`: a simple_endian 0.4 user's code
//!   compiled against both crates, and the bytes each writes;
//! * `frame_vs_bincode`, `frame_derive`, `frame_shapes`: framing against bincode 1.3.3,
//!   bincode 2.0.1 and wincode 0.6 under each configuration, from single values to real
//!   message shapes; `frame_borrowed`: a Solana-like block borrowed, against wincode's
//!   zero-copy decoder and both peers' owned ones;
//! * `serde`: the serde integration through bincode 1 and 2's serde paths;
//! * `nbt`: NBT trees against valence_nbt and fastnbt;
//! * `nbt_bedrock`: Bedrock's little-endian and network NBT against nbtx;
//! * `nbt_region`: region files against fastanvil;
//! * `pcapng`: pcapng declared once (`examples/pcapng`) against pcap-parser;
//! * `pcapng_binrw_deku`: the same formats written with binrw and deku (`peer_formats/`);
//! * `dns`: DNS declared once (`examples/dns`) against simple-dns;
//! * `dns_binrw_deku`: the same message written with binrw and deku (`peer_formats/`);
//! * `elf`: ELF declared once (`examples/readelf`) against `object`;
//! * `png`: PNG declared once (`examples/png`) against the `png` crate;
//! * `png_binrw_deku`: the same file written with binrw and deku (`peer_formats/`).

// The counting allocator of `serde`'s hostile-input test.
#[global_allocator]
static ALLOCATOR: endian_wire_testkit::alloc::Counting = endian_wire_testkit::alloc::Counting;

mod derive_vs_simple_endian;
mod dns;
mod dns_binrw_deku;
mod elf;
mod frame_borrowed;
mod frame_derive;
mod frame_shapes;
mod frame_vs_bincode;
mod nbt;
mod nbt_bedrock;
mod nbt_region;
mod pcapng;
mod pcapng_binrw_deku;
mod png;
mod png_binrw_deku;
mod serde;
mod simple_endian_compat;
