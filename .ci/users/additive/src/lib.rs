//! A `#![no_std]` library whose dependency graph turned on endian_wire's `std`: the derive's
//! output must not name `::std`.
#![no_std]

use endian_wire::Endianize;

/// A record read from a byte slice with no `std` in this crate.
#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(be)]
#[repr(C, packed)]
pub struct Hdr {
    pub a: u8,
    pub b: u16,
    pub c: (u16, u32),
}

/// Reads a header from the front of `bytes`.
pub fn read(bytes: &[u8]) -> Option<Hdr> {
    endian_wire::FromSlice::read_from_slice(bytes).ok()
}
