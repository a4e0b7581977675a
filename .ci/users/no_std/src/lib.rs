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
