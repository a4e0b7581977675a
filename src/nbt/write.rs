//! The writer: an [`Nbt`] tree to bytes, appended to a `Vec<u8>`.
//!
//! Numeric lists and arrays go out with one bulk conversion each; names and strings are copied
//! as they are unless they hold U+0000 or characters outside the Basic Multilingual Plane.
//! What NBT cannot hold (a string over 65,535 bytes, more than `i32::MAX` elements, nesting
//! deeper than [`MAX_DEPTH`]) is an error, and what was appended before it is removed.

use alloc::vec::Vec;

use super::mutf8;
use super::{Compound, Error, ErrorKind, List, MAX_DEPTH, Nbt, Tag};
use crate::io::bulk::{self, WireElement};
use crate::wire::BigEndian;

/// Appends `nbt` to `out`, named (the file form) or not (the network form). On error `out` is
/// left as it was.
pub(crate) fn write_root(out: &mut Vec<u8>, nbt: &Nbt, named: bool) -> Result<(), Error> {
    let start = out.len();
    let result = (|| {
        out.push(10);
        if named {
            string(out, &nbt.name)?;
        }
        compound(out, &nbt.root, 1)
    })();
    if result.is_err() {
        out.truncate(start);
    }
    result
}

#[cold]
#[inline(never)]
fn unencodable(what: &'static str) -> Error {
    Error::new(0, ErrorKind::Unencodable { what })
}

/// A `u16` length and the modified UTF-8 of `s`.
#[inline(always)]
fn string(out: &mut Vec<u8>, s: &str) -> Result<(), Error> {
    if !mutf8::needs_encoding(s) {
        let Ok(len) = u16::try_from(s.len()) else {
            return Err(unencodable("a string over 65,535 bytes of modified UTF-8"));
        };
        out.reserve(2 + s.len());
        out.extend_from_slice(&len.to_be_bytes());
        bulk::extend_from_bytes(out, s.as_bytes());
        Ok(())
    } else {
        string_encoded(out, s)
    }
}

#[inline(never)]
fn string_encoded(out: &mut Vec<u8>, s: &str) -> Result<(), Error> {
    let Ok(len) = u16::try_from(mutf8::encoded_len(s)) else {
        return Err(unencodable("a string over 65,535 bytes of modified UTF-8"));
    };
    out.extend_from_slice(&len.to_be_bytes());
    mutf8::extend_encoded(out, s);
    Ok(())
}

/// An `i32` length.
#[inline(always)]
fn count(out: &mut Vec<u8>, len: usize) -> Result<(), Error> {
    match i32::try_from(len) {
        Ok(len) => {
            out.extend_from_slice(&len.to_be_bytes());
            Ok(())
        }
        Err(_) => Err(unencodable("a list or array over i32::MAX elements")),
    }
}

/// A count and the numbers, converted to big-endian with one bulk call.
#[inline(always)]
fn numbers<W: WireElement>(out: &mut Vec<u8>, v: &[W::Native]) -> Result<(), Error> {
    count(out, v.len())?;
    bulk::extend_bytes::<W>(out, v);
    Ok(())
}

fn compound(out: &mut Vec<u8>, c: &Compound, depth: usize) -> Result<(), Error> {
    if depth > MAX_DEPTH {
        return Err(unencodable("compounds and lists nested deeper than 512"));
    }
    for (key, tag) in c.entries() {
        out.reserve(3 + key.len() + 8);
        out.push(tag.kind().id());
        string(out, key)?;
        self::tag(out, tag, depth)?;
    }
    out.push(0);
    Ok(())
}

#[inline]
fn tag(out: &mut Vec<u8>, tag: &Tag, depth: usize) -> Result<(), Error> {
    match tag {
        Tag::Byte(v) => out.push(*v as u8),
        Tag::Short(v) => out.extend_from_slice(&v.to_be_bytes()),
        Tag::Int(v) => out.extend_from_slice(&v.to_be_bytes()),
        Tag::Long(v) => out.extend_from_slice(&v.to_be_bytes()),
        Tag::Float(v) => out.extend_from_slice(&v.to_be_bytes()),
        Tag::Double(v) => out.extend_from_slice(&v.to_be_bytes()),
        Tag::ByteArray(v) => numbers::<BigEndian<i8>>(out, v)?,
        Tag::String(s) => string(out, s)?,
        Tag::List(l) => list(out, l, depth + 1)?,
        Tag::Compound(c) => compound(out, c, depth + 1)?,
        Tag::IntArray(v) => numbers::<BigEndian<i32>>(out, v)?,
        Tag::LongArray(v) => numbers::<BigEndian<i64>>(out, v)?,
    }
    Ok(())
}

fn list(out: &mut Vec<u8>, l: &List, depth: usize) -> Result<(), Error> {
    if depth > MAX_DEPTH {
        return Err(unencodable("compounds and lists nested deeper than 512"));
    }
    out.push(l.element_kind().id());
    match l {
        List::Empty => count(out, 0)?,
        List::Byte(v) => numbers::<BigEndian<i8>>(out, v)?,
        List::Short(v) => numbers::<BigEndian<i16>>(out, v)?,
        List::Int(v) => numbers::<BigEndian<i32>>(out, v)?,
        List::Long(v) => numbers::<BigEndian<i64>>(out, v)?,
        List::Float(v) => numbers::<BigEndian<f32>>(out, v)?,
        List::Double(v) => numbers::<BigEndian<f64>>(out, v)?,
        List::ByteArray(v) => {
            count(out, v.len())?;
            for a in v {
                numbers::<BigEndian<i8>>(out, a)?;
            }
        }
        List::String(v) => {
            count(out, v.len())?;
            for s in v {
                string(out, s)?;
            }
        }
        List::List(v) => {
            count(out, v.len())?;
            for l in v {
                list(out, l, depth + 1)?;
            }
        }
        List::Compound(v) => {
            count(out, v.len())?;
            for c in v {
                compound(out, c, depth + 1)?;
            }
        }
        List::IntArray(v) => {
            count(out, v.len())?;
            for a in v {
                numbers::<BigEndian<i32>>(out, a)?;
            }
        }
        List::LongArray(v) => {
            count(out, v.len())?;
            for a in v {
                numbers::<BigEndian<i64>>(out, a)?;
            }
        }
    }
    Ok(())
}
