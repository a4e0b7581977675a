//! Tables of runtime-ordered records: read, written and viewed whole.
//!
//! A runtime type's [`ImageMaps`](crate::layout::ImageMaps) (given by the derive, built at
//! compile time from the fields and `offset_of!`) say where each image byte sits in the
//! logical value. From them, per record type and order, the fastest way to move a table:
//!
//! * one copy, when the logical value's memory is its image (a `#[repr(C)]` struct laid out
//!   without padding, in the host's order);
//! * one pass of the bulk kernels' lane shuffle ([`bulk::shuffle_lanes`]) over the whole
//!   table, when every byte moves inside its 16-byte lane (the same layout in the other
//!   order: each byte moves inside its field);
//! * the record permutation (AVX-512 VBMI) that framing uses for runs, one per record;
//! * otherwise record by record, through the wire type and its checks.
//!
//! Types without such maps, or whose mapped size is not their image's (text, `char`, enums,
//! `usize` on 32-bit targets), take the last path.

use core::marker::PhantomData;
use core::mem::size_of;
use std::format;
use std::io;

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::with_std::{RuntimeWire, cut_short, name_of, read_one, read_one_sized, refused};
use super::{NATIVE_BIG, RuntimeEndian};
use crate::bulk::{self, CONTROL_TAIL, LanePattern};
use crate::endianize::EndianizeIn;
use crate::layout::{ByteMap, Tables, copies};

/// The longest repeat of a lane pattern: `lcm(record size, 16)` for records of an even
/// size up to 64 bytes (a map covers at most 64).
const MAX_PERIOD: usize = 512;

/// A lane pattern computed at compile time, with its tail.
struct Lanes {
    control: [u8; MAX_PERIOD + CONTROL_TAIL],
    period: usize,
}

impl Lanes {
    /// The pattern that moves byte `from[j]` of each `size`-byte record to its byte `j`, if
    /// every byte stays inside its 16-byte lane of the run and the pattern repeats within
    /// [`MAX_PERIOD`] bytes.
    const fn new(from: &[u8; 64], size: usize) -> Option<Lanes> {
        if size == 0 || size > 64 {
            return None;
        }
        let period = lcm(size, 16);
        if period > MAX_PERIOD {
            return None;
        }
        let mut control = [0u8; MAX_PERIOD + CONTROL_TAIL];
        let mut t = 0;
        while t < period {
            let source = t / size * size + from[t % size] as usize;
            let lane = t & !15;
            if source < lane || source >= lane + 16 {
                return None;
            }
            control[t] = (source - lane) as u8;
            t += 1;
        }
        while t < period + CONTROL_TAIL {
            control[t] = control[t - period];
            t += 1;
        }
        Some(Lanes { control, period })
    }

    /// The kernel's view of it (checked here, at compile time).
    const fn pattern(lanes: &'static Option<Lanes>) -> Option<LanePattern<'static>> {
        match lanes {
            Some(l) => LanePattern::new(&l.control, l.period),
            None => None,
        }
    }
}

const fn lcm(a: usize, b: usize) -> usize {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

/// The map's bytes, when it covers every byte of a value of `size` bytes (no padding) and
/// that is also the image's size.
const fn whole<T>(map: Option<ByteMap<T>>, size: usize, image: usize) -> Option<ByteMap<T>> {
    match map {
        Some(map) if map.len() == size && size == image && map.fits(size) => Some(map),
        _ => None,
    }
}

/// Image bytes to memory: memory byte `j` is image byte `inverse[j]`. Only for maps whose
/// every byte pattern is a value (the bytes are not checked on the way).
const fn read_lanes<T>(map: Option<ByteMap<T>>, size: usize, image: usize) -> Option<Lanes> {
    match whole(map, size, image) {
        Some(map) if map.any_bits() => Lanes::new(&map.inverse(), size),
        _ => None,
    }
}

/// Memory to image bytes: image byte `i` is memory byte `sources[i]`.
const fn write_lanes<T>(map: Option<ByteMap<T>>, size: usize, image: usize) -> Option<Lanes> {
    match whole(map, size, image) {
        Some(map) => Lanes::new(map.sources(), size),
        None => None,
    }
}

/// One order's image to the other's: byte `j` of `to`'s image is the value byte that
/// `from`'s image holds at `inverse_from[sources_to[j]]`.
const fn reorder_lanes<T>(
    from: Option<ByteMap<T>>,
    to: Option<ByteMap<T>>,
    image: usize,
) -> Option<Lanes> {
    let (Some(from), Some(to)) = (from, to) else {
        return None;
    };
    if from.len() != image || to.len() != image || !from.any_bits() || !to.any_bits() {
        return None;
    }
    let inverse = from.inverse();
    let mut composed = [0u8; 64];
    let mut j = 0;
    while j < image {
        composed[j] = inverse[to.sources()[j] as usize];
        j += 1;
    }
    Lanes::new(&composed, image)
}

/// The compile-time plans of one record type in one order.
struct Plans<T, const BIG: bool>(PhantomData<T>);

impl<T, const BIG: bool> Plans<T, BIG>
where
    T: RuntimeEndian + EndianizeIn<BIG, Wire: RuntimeWire>,
{
    /// The image size, when the framing of a `T` is its image (a static framed size equal
    /// to the image's: numbers, byte arrays, nested such structs) and not empty.
    const IMAGE: Option<usize> = match (
        <<T as EndianizeIn<BIG>>::Wire as RuntimeWire>::RECORD_SIZE,
        T::IMAGE_MAPS.size,
    ) {
        (Some(image), Some(framed)) if image == framed && image > 0 => Some(image),
        _ => None,
    };
    const IMAGE_SIZE: usize = match Self::IMAGE {
        Some(size) => size,
        None => 0,
    };

    /// Whether `T`'s memory is its image in this order (one copy each way).
    const COPIES: bool = Self::IMAGE.is_some()
        && copies(
            T::IMAGE_MAPS.read[BIG as usize],
            size_of::<T>(),
            T::IMAGE_MAPS.size,
        );

    /// The record permutation's tables, each way.
    const DECODE_TABLES: Option<Tables> = Tables::decode(
        T::IMAGE_MAPS.read[BIG as usize],
        size_of::<T>(),
        T::IMAGE_MAPS.size,
    );
    const ENCODE_TABLES: Option<Tables> = Tables::encode(
        T::IMAGE_MAPS.write[BIG as usize],
        size_of::<T>(),
        T::IMAGE_MAPS.size,
    );

    const READ_LANES: &'static Option<Lanes> = &read_lanes(
        T::IMAGE_MAPS.read[BIG as usize],
        size_of::<T>(),
        Self::IMAGE_SIZE,
    );
    const READ: Option<LanePattern<'static>> = Lanes::pattern(Self::READ_LANES);

    const WRITE_LANES: &'static Option<Lanes> = &write_lanes(
        T::IMAGE_MAPS.write[BIG as usize],
        size_of::<T>(),
        Self::IMAGE_SIZE,
    );
    const WRITE: Option<LanePattern<'static>> = Lanes::pattern(Self::WRITE_LANES);

    /// This order's image to the host order's wire type, whose memory must be its image.
    const VIEW_LANES: &'static Option<Lanes> = &if <T::WireNative as RuntimeWire>::IN_PLACE
        && size_of::<T::WireNative>() == Self::IMAGE_SIZE
    {
        reorder_lanes(
            T::IMAGE_MAPS.read[BIG as usize],
            T::IMAGE_MAPS.read[NATIVE_BIG as usize],
            Self::IMAGE_SIZE,
        )
    } else {
        None
    };
    const VIEW: Option<LanePattern<'static>> = Lanes::pattern(Self::VIEW_LANES);
}

/// How `read_all_as` converts a table of `T` in `BIG`'s order: `"copy"`, `"lanes"` (the lane
/// shuffle, where the active instruction set has one), `"permute"` (the record permutation,
/// where the CPU has it), or `"records"` (record by record). For tests.
pub(crate) fn read_path<T, const BIG: bool>() -> &'static str
where
    T: RuntimeEndian + EndianizeIn<BIG, Wire: RuntimeWire>,
{
    if Plans::<T, BIG>::IMAGE.is_none() {
        "records"
    } else if Plans::<T, BIG>::COPIES {
        "copy"
    } else if Plans::<T, BIG>::READ.is_some() {
        "lanes"
    } else if Plans::<T, BIG>::DECODE_TABLES.is_some() {
        "permute"
    } else {
        "records"
    }
}

/// How `view_all_as` gives a table of `T` in `BIG`'s order: `"borrow"` (in place, where
/// the bytes are aligned and valid; else `"copy"`), `"lanes"` (the lane shuffle into wire
/// values of the host's order) or `"records"`. For tests.
pub(crate) fn view_path<T, const BIG: bool>() -> &'static str
where
    T: RuntimeEndian + EndianizeIn<BIG, Wire: RuntimeWire>,
{
    let in_place = <T::WireNative as RuntimeWire>::IN_PLACE;
    if BIG == NATIVE_BIG && in_place {
        "borrow"
    } else if in_place && Plans::<T, BIG>::VIEW.is_some() {
        "lanes"
    } else {
        "records"
    }
}

/// `InvalidInput`: records of no bytes cannot be counted from a length.
#[cold]
fn zero_size<T>() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "{} takes no bytes on the wire: a table of them has no length",
            name_of::<T>()
        ),
    )
}

/// The number of `size`-byte records in `data`.
fn count_records<T>(data: &[u8], size: usize) -> io::Result<usize> {
    if size == 0 {
        return if data.is_empty() {
            Ok(0)
        } else {
            Err(zero_size::<T>())
        };
    }
    let count = data.len() / size;
    let whole = count * size;
    if whole != data.len() {
        return Err(cut_short::<T>(whole, size, data.len() - whole));
    }
    Ok(count)
}

/// `RuntimeEndian::read_all_as` in `BIG`'s order.
pub(super) fn read_all<T, const BIG: bool>(data: &[u8]) -> io::Result<Vec<T>>
where
    T: RuntimeEndian + EndianizeIn<BIG, Wire: RuntimeWire>,
{
    let Some(size) = <<T as EndianizeIn<BIG>>::Wire as RuntimeWire>::RECORD_SIZE else {
        return read_sequence::<T, BIG>(data);
    };
    let count = count_records::<T>(data, size)?;
    if let Some(table) = read_whole::<T, BIG>(data, count) {
        return Ok(table);
    }
    let mut out = Vec::with_capacity(count);
    for (index, image) in data.chunks_exact(size.max(1)).enumerate() {
        out.push(read_one::<T, BIG>(image, index * size)?);
    }
    Ok(out)
}

/// Values of different sizes (enums), one after the other until `data` ends.
fn read_sequence<T, const BIG: bool>(data: &[u8]) -> io::Result<Vec<T>>
where
    T: EndianizeIn<BIG, Wire: RuntimeWire>,
{
    let mut out = Vec::new();
    let mut at = 0;
    while at < data.len() {
        let (value, used) = read_one_sized::<T, BIG>(&data[at..], at)?;
        out.push(value);
        // Every value takes at least its tag; guard the loop all the same.
        at += used.max(1);
    }
    Ok(out)
}

/// The whole table at once (`data` is `count` records), if the layout and the CPU allow.
fn read_whole<T, const BIG: bool>(data: &[u8], count: usize) -> Option<Vec<T>>
where
    T: RuntimeEndian + EndianizeIn<BIG, Wire: RuntimeWire>,
{
    let size = Plans::<T, BIG>::IMAGE?;
    debug_assert_eq!(data.len(), count * size);
    let mut out = Vec::<T>::with_capacity(count);
    let (src, dst) = (data.as_ptr(), out.as_mut_ptr().cast::<u8>());
    // SAFETY: on all three paths, `src` holds `count` images of `size` bytes; the new
    // allocation has room for `count` values and is apart from `data`. Each plan exists only
    // for a `T` whose image map (whose `unsafe` constructors vouch that it is `T`'s) covers
    // every byte of its memory, every pattern of which is a value: a copy needs memory equal
    // to the image, a lane pattern maps every memory byte of the `count` values from an
    // image byte of the same record, and the permutation writes every non-padding byte.
    // So the first `count` elements are initialized values.
    unsafe {
        if Plans::<T, BIG>::COPIES {
            bulk::copy_bytes(src, dst, data.len());
        } else if let Some(pattern) = &Plans::<T, BIG>::READ {
            debug_assert!(pattern.stays_within(data.len()));
            if !bulk::shuffle_lanes(pattern, src, dst, data.len()) {
                return None;
            }
        } else if let Some(tables) = &Plans::<T, BIG>::DECODE_TABLES
            && count >= 2
            && bulk::records_kernel_available()
        {
            let p = tables.permutation(size, size_of::<T>());
            bulk::permute_records(&p, src, dst, count);
        } else {
            return None;
        }
        out.set_len(count);
    }
    Some(out)
}

/// `RuntimeEndian::write_all_as` in `BIG`'s order.
pub(super) fn write_all<T, const BIG: bool>(items: &[T], out: &mut Vec<u8>) -> io::Result<()>
where
    T: RuntimeEndian + EndianizeIn<BIG, Wire: RuntimeWire>,
{
    if write_whole::<T, BIG>(items, out) {
        return Ok(());
    }
    if let Some(size) = <<T as EndianizeIn<BIG>>::Wire as RuntimeWire>::RECORD_SIZE {
        out.reserve(items.len().saturating_mul(size));
    }
    for (index, item) in items.iter().enumerate() {
        let wire = <T as EndianizeIn<BIG>>::to_wire(item).map_err(|e| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{} {index} has no wire form: {}",
                    name_of::<T>(),
                    Into::<crate::endianize::ConvertError>::into(e)
                ),
            )
        })?;
        crate::io::EndianWrite::write_to(&wire, out)?;
    }
    Ok(())
}

/// The whole table at once, if the layout and the CPU allow; `false`, nothing written,
/// otherwise.
fn write_whole<T, const BIG: bool>(items: &[T], out: &mut Vec<u8>) -> bool
where
    T: RuntimeEndian + EndianizeIn<BIG, Wire: RuntimeWire>,
{
    let Some(size) = Plans::<T, BIG>::IMAGE else {
        return false;
    };
    let bytes = items.len() * size; // `items` occupy at least as many bytes in memory
    out.reserve(bytes);
    let (src, dst) = (
        items.as_ptr().cast::<u8>(),
        out.spare_capacity_mut().as_mut_ptr().cast::<u8>(),
    );
    // SAFETY: on every path, `dst` has room for `bytes` bytes, apart from `items`. A copy needs
    // memory equal to the image (no padding, so every byte read is initialized); a lane
    // pattern reads, for each image byte, a memory byte of the same value, every one of them
    // a value byte (the map covers all of memory); the permutation reads only the map's
    // bytes. Each writes all `bytes` bytes.
    unsafe {
        if Plans::<T, BIG>::COPIES {
            bulk::copy_bytes(src, dst, bytes);
        } else if let Some(pattern) = &Plans::<T, BIG>::WRITE {
            if !bulk::shuffle_lanes(pattern, src, dst, bytes) {
                return false;
            }
        } else if let Some(tables) = &Plans::<T, BIG>::ENCODE_TABLES
            && items.len() >= 2
            && bulk::records_kernel_available()
        {
            let p = tables.permutation(size_of::<T>(), size);
            bulk::permute_records(&p, src, dst, items.len());
        } else {
            return false;
        }
        out.set_len(out.len() + bytes);
    }
    true
}

/// `RuntimeEndian::view_all_as` in `BIG`'s order.
pub(super) fn view_all<T, const BIG: bool>(data: &[u8]) -> io::Result<Cow<'_, [T::WireNative]>>
where
    T: RuntimeEndian + EndianizeIn<BIG, Wire: RuntimeWire>,
{
    let Some(size) = <<T as EndianizeIn<BIG>>::Wire as RuntimeWire>::RECORD_SIZE else {
        let values = read_sequence::<T, BIG>(data)?;
        return to_native_wires(&values, |_| 0).map(Cow::Owned);
    };
    let count = count_records::<T>(data, size)?;
    if BIG == NATIVE_BIG
        && <T::WireNative as RuntimeWire>::IN_PLACE
        && let Some(view) = T::WireNative::view_records(data)
    {
        return Ok(Cow::Borrowed(view));
    }
    if let Some(table) = view_whole::<T, BIG>(data, count) {
        return Ok(Cow::Owned(table));
    }
    let values = read_all::<T, BIG>(data)?;
    to_native_wires(&values, |index| index * size).map(Cow::Owned)
}

/// The values as wire values of the host's order (`offset` of each, for errors).
fn to_native_wires<T: RuntimeEndian>(
    values: &[T],
    offset: impl Fn(usize) -> usize,
) -> io::Result<Vec<T::WireNative>> {
    values
        .iter()
        .enumerate()
        .map(|(index, value)| {
            EndianizeIn::<NATIVE_BIG>::to_wire(value).map_err(|e| refused::<T>(offset(index), e))
        })
        .collect()
}

/// A table in `BIG`'s order as wire values of the host's order, at once: a copy checked in
/// place (the host's order, from bytes not aligned for a view), or the lane pattern between
/// the two orders' images.
fn view_whole<T, const BIG: bool>(data: &[u8], count: usize) -> Option<Vec<T::WireNative>>
where
    T: RuntimeEndian + EndianizeIn<BIG, Wire: RuntimeWire>,
{
    let size = <<T as EndianizeIn<BIG>>::Wire as RuntimeWire>::RECORD_SIZE?;
    let in_place =
        <T::WireNative as RuntimeWire>::IN_PLACE && size_of::<T::WireNative>() == size && size > 0;
    if !in_place {
        return None;
    }
    let mut out = Vec::<T::WireNative>::with_capacity(count);
    let (src, dst) = (data.as_ptr(), out.as_mut_ptr().cast::<u8>());
    if BIG == NATIVE_BIG {
        // SAFETY: `data` holds `count * size` bytes and the allocation room for as many,
        // apart from it. The copy initializes those bytes, which are then read as bytes
        // (the wire type has no padding: its size is its image's).
        let copied = unsafe {
            bulk::copy_bytes(src, dst, data.len());
            core::slice::from_raw_parts(dst.cast_const(), data.len())
        };
        // The copy is aligned: view it to check every record is a value.
        T::WireNative::view_records(copied)?;
    } else {
        let pattern = Plans::<T, BIG>::VIEW.as_ref()?;
        debug_assert!(pattern.stays_within(data.len()));
        // SAFETY: as above for the ranges; the pattern (computed only for maps whose every
        // pattern is a value, the wire type's memory being its image) writes every byte of
        // the `count` records from a byte of the same record.
        if !unsafe { bulk::shuffle_lanes(pattern, src, dst, data.len()) } {
            return None;
        }
    }
    // SAFETY: the first `count` elements were initialized and checked (or every pattern of
    // them is a value) above.
    unsafe { out.set_len(count) };
    Some(out)
}
