#![no_std]
use endian_wire::{Endianize, FromSlice};

#[derive(Endianize, Debug, Clone, PartialEq)]
#[endian(le)]
pub struct Packet {
    pub tag: u8,
    pub len: u32,
    pub words: [u16; 4],
    pub initial: char,
}

#[derive(Endianize, Debug, Clone, PartialEq)]
#[endian(be)]
#[repr(u8)]
pub enum Cmd {
    A = 1,
    B(u16) = 2,
}

pub fn parse(bytes: &[u8]) -> Option<Packet> {
    let wire = PacketWire::read_from_slice(bytes).ok()?;
    Packet::try_from(wire).ok()
}

/// An `#[endian(runtime)]` type without `std`: its two wire types and their conversions;
/// `RuntimeEndian`'s methods need `std`, the wire types serve instead.
#[derive(Endianize, Debug, Clone, PartialEq)]
#[endian(runtime)]
pub struct Section {
    pub name: u32,
    pub flags: u64,
    #[endian(be)]
    pub magic: u16,
    pub initial: char,
}

pub fn parse_section(bytes: &[u8], big: bool) -> Option<Section> {
    if big {
        Section::try_from(SectionWireBe::read_from_slice(bytes).ok()?).ok()
    } else {
        Section::try_from(SectionWireLe::read_from_slice(bytes).ok()?).ok()
    }
}
