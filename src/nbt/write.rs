//! The writer: an [`Nbt`] tree to bytes, appended to a `Vec<u8>`.
//!
//! Numeric lists and arrays go out with one bulk conversion each; names and strings are copied
//! as they are unless they hold U+0000 or characters outside the Basic Multilingual Plane. A
//! compound entry reserves room for its type, name and a number once and then stores without
//! checks. What NBT cannot hold (a string over 65,535 bytes, more than `i32::MAX` elements,
//! nesting deeper than [`MAX_NESTING`]) is recorded and stops the descent; the caller then
//! removes what was appended. (Measured with callgrind on simdnbt's `hypixel.nbt`: checked
//! `extend_from_slice` calls and a `Result` returned from every level cost twice simdnbt's
//! instructions.)

use alloc::vec::Vec;

use super::mutf8;
use super::{Compound, Error, List, MAX_NESTING, Nbt, Tag};
use crate::bulk::{self, WireElement};
use crate::wire::BigEndian;

/// Appends `nbt` to `out`, named (the file form) or not (the network form). On error `out` is
/// left as it was.
pub(crate) fn write_root(out: &mut Vec<u8>, nbt: &Nbt, named: bool) -> Result<(), Error> {
    let start = out.len();
    let mut w = Writer { out, fault: None };
    w.out.push(10);
    if named {
        w.string(&nbt.name);
    }
    w.compound(&nbt.root, 1);
    match w.fault {
        None => Ok(()),
        Some(what) => {
            out.truncate(start);
            Err(Error::unencodable(what))
        }
    }
}

struct Writer<'o> {
    out: &'o mut Vec<u8>,
    /// The first value that could not be encoded.
    fault: Option<&'static str>,
}

/// Stores `bytes` at `at` and returns how many.
///
/// # Safety
/// `at` valid for writing `N` bytes.
#[inline(always)]
unsafe fn store<const N: usize>(at: *mut u8, bytes: [u8; N]) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { at.cast::<[u8; N]>().write_unaligned(bytes) };
    N
}

pub(crate) const TOO_LONG: &str = "a string over 65,535 bytes of modified UTF-8";
pub(crate) const TOO_MANY: &str = "a list or array over i32::MAX elements";
pub(crate) const TOO_DEEP: &str = "compounds and lists nested deeper than 512";

impl Writer<'_> {
    #[cold]
    #[inline(never)]
    fn fail(&mut self, what: &'static str) {
        self.fault.get_or_insert(what);
    }

    /// Stores `bytes` after the end.
    ///
    /// # Safety
    /// `N` bytes of spare capacity.
    #[inline(always)]
    unsafe fn put<const N: usize>(&mut self, bytes: [u8; N]) {
        let len = self.out.len();
        // SAFETY: the caller reserved `N` bytes after `len`; they are initialised, then
        // counted.
        unsafe {
            self.out
                .as_mut_ptr()
                .add(len)
                .cast::<[u8; N]>()
                .write_unaligned(bytes);
            self.out.set_len(len + N);
        }
    }

    /// Copies `bytes` after the end.
    ///
    /// # Safety
    /// `bytes.len()` bytes of spare capacity.
    #[inline(always)]
    unsafe fn put_slice(&mut self, bytes: &[u8]) {
        let len = self.out.len();
        // SAFETY: the caller reserved `bytes.len()` bytes after `len`, disjoint from `bytes`
        // (a shared borrow cannot alias the vector); they are initialised, then counted.
        unsafe {
            bulk::copy_bytes(bytes.as_ptr(), self.out.as_mut_ptr().add(len), bytes.len());
            self.out.set_len(len + bytes.len());
        }
    }

    /// A `u16` length and the modified UTF-8 of `s`.
    #[inline(always)]
    fn string(&mut self, s: &str) {
        if mutf8::needs_encoding(s) {
            self.string_encoded(s)
        } else {
            self.out.reserve(2 + s.len());
            // SAFETY: reserved just above.
            unsafe { self.plain_string(s) }
        }
    }

    /// [`string`](Self::string) for text that is its own modified UTF-8.
    ///
    /// # Safety
    /// `2 + s.len()` bytes of spare capacity.
    #[inline(always)]
    unsafe fn plain_string(&mut self, s: &str) {
        match u16::try_from(s.len()) {
            // SAFETY: forwarded from the caller.
            Ok(len) => unsafe {
                self.put(len.to_be_bytes());
                self.put_slice(s.as_bytes());
            },
            Err(_) => self.fail(TOO_LONG),
        }
    }

    #[inline(never)]
    fn string_encoded(&mut self, s: &str) {
        match u16::try_from(mutf8::encoded_len(s)) {
            Ok(len) => {
                self.out.extend_from_slice(&len.to_be_bytes());
                mutf8::extend_encoded(self.out, s);
            }
            Err(_) => self.fail(TOO_LONG),
        }
    }

    /// An `i32` element count.
    #[inline(always)]
    fn count(&mut self, len: usize) {
        match i32::try_from(len) {
            Ok(len) => self.out.extend_from_slice(&len.to_be_bytes()),
            Err(_) => self.fail(TOO_MANY),
        }
    }

    /// A count and the numbers, converted to big-endian with one bulk call.
    #[inline(always)]
    fn numbers<W: WireElement>(&mut self, v: &[W::Native]) {
        self.count(v.len());
        bulk::extend_bytes::<W>(self.out, v);
    }

    fn compound(&mut self, c: &Compound, depth: usize) {
        if depth > MAX_NESTING {
            return self.fail(TOO_DEEP);
        }
        for (key, tag) in c.entries() {
            let Some(name) = key.plain_str().filter(|n| n.len() <= usize::from(u16::MAX)) else {
                self.out.reserve(1);
                // SAFETY: one byte reserved just above.
                unsafe { self.put([tag.kind().id()]) };
                self.string(key);
                self.out.reserve(8);
                // SAFETY: 8 bytes reserved just above.
                unsafe { self.tag(tag, depth) };
                continue;
            };
            // Type, name and the widest number in one reservation.
            self.out.reserve(3 + name.len() + 8);
            // Type, name and a number stored through a local pointer, the length set once: a
            // byte store through the vector's own pointer may alias its length, which the
            // compiler then reloads after every store. One `match` gives the type and stores
            // a number.
            let len = self.out.len();
            // SAFETY: `3 + name.len() + 8` bytes reserved after `len`; `name` (at most 65,535
            // bytes, checked above) cannot overlap the vector.
            unsafe {
                let base = self.out.as_mut_ptr().add(len);
                base.add(1)
                    .cast::<[u8; 2]>()
                    .write_unaligned((name.len() as u16).to_be_bytes());
                bulk::copy_bytes(name.as_ptr(), base.add(3), name.len());
                let at = base.add(3 + name.len());
                let (id, used) = match tag {
                    Tag::Byte(v) => (1, store(at, [*v as u8])),
                    Tag::Short(v) => (2, store(at, v.to_be_bytes())),
                    Tag::Int(v) => (3, store(at, v.to_be_bytes())),
                    Tag::Long(v) => (4, store(at, v.to_be_bytes())),
                    Tag::Float(v) => (5, store(at, v.to_be_bytes())),
                    Tag::Double(v) => (6, store(at, v.to_be_bytes())),
                    _ => {
                        *base = tag.kind().id();
                        self.out.set_len(len + 3 + name.len());
                        self.tag(tag, depth);
                        continue;
                    }
                };
                *base = id;
                self.out.set_len(len + 3 + name.len() + used);
            }
        }
        self.out.push(0);
    }

    /// A value.
    ///
    /// # Safety
    /// 8 bytes of spare capacity (for a number; the rest reserve their own).
    #[inline(always)]
    unsafe fn tag(&mut self, tag: &Tag, depth: usize) {
        // SAFETY: forwarded from the caller: a number takes at most 8 bytes.
        unsafe {
            match tag {
                Tag::Byte(v) => self.put([*v as u8]),
                Tag::Short(v) => self.put(v.to_be_bytes()),
                Tag::Int(v) => self.put(v.to_be_bytes()),
                Tag::Long(v) => self.put(v.to_be_bytes()),
                Tag::Float(v) => self.put(v.to_be_bytes()),
                Tag::Double(v) => self.put(v.to_be_bytes()),
                Tag::ByteArray(v) => self.numbers::<BigEndian<i8>>(v),
                Tag::String(s) => self.string(s),
                Tag::List(l) => self.list(l, depth + 1),
                Tag::Compound(c) => self.compound(c, depth + 1),
                Tag::IntArray(v) => self.numbers::<BigEndian<i32>>(v),
                Tag::LongArray(v) => self.numbers::<BigEndian<i64>>(v),
            }
        }
    }

    fn list(&mut self, l: &List, depth: usize) {
        if depth > MAX_NESTING {
            return self.fail(TOO_DEEP);
        }
        self.out.push(l.element_kind().id());
        match l {
            List::Empty => self.count(0),
            List::Byte(v) => self.numbers::<BigEndian<i8>>(v),
            List::Short(v) => self.numbers::<BigEndian<i16>>(v),
            List::Int(v) => self.numbers::<BigEndian<i32>>(v),
            List::Long(v) => self.numbers::<BigEndian<i64>>(v),
            List::Float(v) => self.numbers::<BigEndian<f32>>(v),
            List::Double(v) => self.numbers::<BigEndian<f64>>(v),
            List::ByteArray(v) => {
                self.count(v.len());
                for a in v {
                    self.numbers::<BigEndian<i8>>(a);
                }
            }
            List::String(v) => {
                self.count(v.len());
                for s in v {
                    self.string(s);
                }
            }
            List::List(v) => {
                self.count(v.len());
                for l in v {
                    self.list(l, depth + 1);
                }
            }
            List::Compound(v) => {
                self.count(v.len());
                for c in v {
                    self.compound(c, depth + 1);
                }
            }
            List::IntArray(v) => {
                self.count(v.len());
                for a in v {
                    self.numbers::<BigEndian<i32>>(a);
                }
            }
            List::LongArray(v) => {
                self.count(v.len());
                for a in v {
                    self.numbers::<BigEndian<i64>>(a);
                }
            }
        }
    }
}
