//! endian_wire against its peers. Not published; no code of its own.
//!
//! This package holds what compares endian_wire with the crates that do the same job
//! (bincode 1 and 2, wincode, simple_endian, byteorder, zerocopy, valence_nbt, fastnbt,
//! tokio-util's `LengthDelimitedCodec`), so that endian_wire's own test build (and its runs
//! under qemu and Miri) never compiles a peer:
//!
//! * `tests/peers`: differential tests, byte for byte against each peer;
//! * `tests/streams`: messages over localhost sockets, with peers at the other end;
//! * `benches/`: criterion and bencher benchmarks, the peers in the same run;
//! * `examples/perf_report`: the report that README.md and PERFORMANCE.md quote;
//!   `examples/feed.rs`, `bincode_interop.rs` and `solana_tx.rs`: walk-throughs with peers.
//!
//! The messages they share are `endian_wire_testkit`'s (feature `peers`).

/// The README's code blocks, compiled and run as doctests here, where every peer they show is
/// a dependency.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;
