//! Length-prefixed messages over localhost sockets, with peers at the other end: one test
//! binary, a module per side.
//!
//! * `codec`: `MessageCodec` in a tokio runtime, and interop with `LengthDelimitedCodec` +
//!   bincode 2 and + wincode;
//! * `blocking`: `MessageReader` / `MessageWriter` over `std::net::TcpStream`;
//! * `hostile`: hostile clients against a server of each kind, memory bounded.

// The counting allocator of `hostile`'s memory bound.
#[global_allocator]
static ALLOCATOR: endian_wire_testkit::alloc::Counting = endian_wire_testkit::alloc::Counting;

mod blocking;
mod codec;
mod hostile;
