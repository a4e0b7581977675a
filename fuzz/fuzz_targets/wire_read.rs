//! Fixed-size wire reads on arbitrary bytes: `read_specific` of derived structs and enums,
//! wrappers with invalid bit patterns, slices and views.
#![no_main]

use core::num::NonZeroU32;

use endian_wire::{
    BigEndian, Endianize, FromSlice, charbe, nzu16le, read_specific, u64le, view_slice,
};
use libfuzzer_sys::fuzz_target;

#[derive(Endianize, Debug)]
#[endian(be)]
#[allow(dead_code)]
struct Header {
    tag: u8,
    flags: [bool; 3],
    length: u32,
    initial: char,
    id: NonZeroU32,
    #[text(utf16, units = 4, pad = "null")]
    name: String,
}

#[derive(Endianize, Debug)]
#[endian(le)]
#[repr(u16)]
#[allow(dead_code)]
enum Command {
    Stop = 1,
    Move { x: i16, y: i16 } = 7,
    Load(Header) = 9,
}

fuzz_target!(|data: &[u8]| {
    let _ = read_specific::<_, Header>(&mut &data[..]);
    let _ = read_specific::<_, Command>(&mut &data[..]);
    let _ = read_specific::<_, HeaderWire>(&mut &data[..]);
    let _ = read_specific::<_, (u8, BigEndian<bool>, charbe, nzu16le)>(&mut &data[..]);
    let _ = read_specific::<_, [[BigEndian<bool>; 3]; 2]>(&mut &data[..]);
    let _ = CommandWire::read_from_slice(data);
    let _ = HeaderWire::read_from_slice(data);
    let _ = view_slice::<u64le>(data);
});
