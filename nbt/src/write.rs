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
use core::marker::PhantomData;

#[cfg(feature = "std")]
use super::ErrorKind;
use super::format::{Format, Java, Number};
use super::mutf8;
use super::{Compound, Error, List, MAX_NESTING, Nbt, Tag};
use endian_wire::bulk;

/// Appends `nbt` to `out` in flavour `F`, named (the file form) or not (the network form). On
/// error `out` is left as it was.
pub(crate) fn write_root_in<F: Format>(
    out: &mut Vec<u8>,
    nbt: &Nbt,
    named: bool,
) -> Result<(), Error> {
    let (mut w, start) = Writer::<F>::take(out);
    w.root(nbt, named);
    w.finish(out, start)
}

/// `nbt` in flavour `F`, in a new vector. The writer's vector is made here rather than taken
/// from the caller's (measured: taking a vector just made loaded it whole from its narrower
/// stores, and that stall with `reserve`'s growth path was a sixth of writing
/// `hello_world.nbt`).
pub(crate) fn root_to_vec<F: Format>(nbt: &Nbt, named: bool) -> Result<Vec<u8>, Error> {
    let mut w = Writer::<F> {
        out: Vec::with_capacity(FIRST_RESERVE),
        fault: None,
        _flavor: PhantomData,
    };
    w.root(nbt, named);
    match w.fault {
        None => Ok(w.out),
        Some(what) => Err(Error::unencodable(what)),
    }
}

/// A root compound whose payload is bytes already in flavour `F` (a view's subtree): the
/// type, the name where there is one, then `payload` copied as it is.
pub(crate) fn write_root_bytes_in<F: Format>(
    out: &mut Vec<u8>,
    name: Option<&str>,
    payload: &[u8],
) -> Result<(), Error> {
    let (mut w, start) = Writer::<F>::take(out);
    w.out
        .reserve(1 + F::MAX_STR_PREFIX + name.map_or(0, str::len) + payload.len());
    w.out.push(10);
    if let Some(name) = name {
        w.string(name);
    }
    w.out.extend_from_slice(payload);
    w.finish(out, start)
}

/// Appends a nameless root of any type (Java's network form since 1.20.3), End for `None`.
pub(crate) fn write_any_root(out: &mut Vec<u8>, tag: Option<&Tag>) -> Result<(), Error> {
    let (mut w, start) = Writer::<Java>::take(out);
    match tag {
        None => w.out.push(0),
        Some(tag) => {
            w.out.push(tag.kind().id());
            w.out.reserve(10);
            // SAFETY: 10 bytes reserved just above.
            unsafe { w.tag(tag, 0) };
        }
    }
    w.finish(out, start)
}

/// Room reserved before a document is written: what a small document takes (measured: an
/// empty vector grown from 8 bytes by doubling reallocated seven times for `bigtest.nbt`,
/// 1.5 kB, a quarter of writing it). serde_json's `to_vec` starts at 128 bytes too.
pub(crate) const FIRST_RESERVE: usize = 128;

struct Writer<F> {
    /// The output, taken from the caller's vector for the walk and given back at the end:
    /// its length and pointer one load away rather than two (measured: 10% of writing
    /// `hypixel.nbt`).
    out: Vec<u8>,
    /// The first value that could not be encoded.
    fault: Option<&'static str>,
    _flavor: PhantomData<F>,
}

pub(crate) const TOO_LONG: &str = "a string over 65,535 bytes of modified UTF-8";
const TOO_LONG_UTF8: &str = "a string longer than its length prefix holds";
pub(crate) const TOO_MANY: &str = "a list or array over i32::MAX elements";
pub(crate) const TOO_DEEP: &str = "compounds and lists nested deeper than 512";

impl<F: Format> Writer<F> {
    /// A writer appending to `out`'s bytes (taken from it until [`finish`](Self::finish)
    /// gives them back), and where they end now.
    fn take(out: &mut Vec<u8>) -> (Self, usize) {
        let start = out.len();
        let w = Writer {
            out: core::mem::take(out),
            fault: None,
            _flavor: PhantomData,
        };
        (w, start)
    }

    /// The root compound, named where `named`.
    #[inline(always)]
    fn root(&mut self, nbt: &Nbt, named: bool) {
        self.out.reserve(FIRST_RESERVE);
        self.out.push(10);
        if named {
            self.string(&nbt.name);
        }
        self.compound(&nbt.root, 1);
    }

    /// `Ok`, or the fault, with `out` cut back to `start`.
    fn finish(self, out: &mut Vec<u8>, start: usize) -> Result<(), Error> {
        *out = self.out;
        match self.fault {
            None => Ok(()),
            Some(what) => {
                out.truncate(start);
                Err(Error::unencodable(what))
            }
        }
    }

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

    /// Stores one number with `store` after the end.
    ///
    /// # Safety
    /// 10 bytes of spare capacity.
    #[inline(always)]
    unsafe fn put_with(&mut self, store: impl FnOnce(*mut u8) -> usize) {
        let len = self.out.len();
        // SAFETY: the caller reserved 10 bytes after `len`, the most a number takes; `store`
        // initialises the ones it counts.
        unsafe {
            let n = store(self.out.as_mut_ptr().add(len));
            self.out.set_len(len + n);
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

    /// A length prefix and the flavour's encoding of `s` (modified UTF-8 or UTF-8).
    #[inline(always)]
    fn string(&mut self, s: &str) {
        if F::MUTF8 && s.len() <= 64 {
            // Copied and checked in one pass, counted if it needed no re-encoding.
            self.out.reserve(F::MAX_STR_PREFIX + 64);
            let len = self.out.len();
            // SAFETY: `F::MAX_STR_PREFIX + 64` bytes reserved after `len`, for the prefix and
            // `s.len() <= 64` bytes; `s` cannot overlap the vector.
            unsafe {
                let at = self.out.as_mut_ptr().add(len);
                let prefix = F::store_str_len(at, s.len());
                if mutf8::copy_if_plain(s.as_ptr(), at.add(prefix), s.len()) {
                    self.out.set_len(len + prefix + s.len());
                    return;
                }
            }
            return self.string_encoded(s);
        }
        if F::MUTF8 && mutf8::needs_encoding(s) {
            self.string_encoded(s)
        } else {
            self.out.reserve(F::MAX_STR_PREFIX + s.len());
            // SAFETY: reserved just above.
            unsafe { self.plain_string(s) }
        }
    }

    /// [`string`](Self::string) for text that is its own encoding.
    ///
    /// # Safety
    /// `F::MAX_STR_PREFIX + s.len()` bytes of spare capacity.
    #[inline(always)]
    unsafe fn plain_string(&mut self, s: &str) {
        if s.len() > F::MAX_STR {
            return self.fail(if F::MUTF8 { TOO_LONG } else { TOO_LONG_UTF8 });
        }
        let len = self.out.len();
        // SAFETY: forwarded from the caller; `s.len()` fits the prefix (checked above).
        unsafe {
            let n = F::store_str_len(self.out.as_mut_ptr().add(len), s.len());
            self.out.set_len(len + n);
            self.put_slice(s.as_bytes());
        }
    }

    #[inline(never)]
    fn string_encoded(&mut self, s: &str) {
        let len = mutf8::encoded_len(s);
        if len > F::MAX_STR {
            return self.fail(TOO_LONG);
        }
        F::put_str_len(&mut self.out, len);
        mutf8::extend_encoded(&mut self.out, s);
    }

    /// A list's or array's element count.
    #[inline(always)]
    fn count(&mut self, len: usize) {
        if len > i32::MAX as usize {
            return self.fail(TOO_MANY);
        }
        F::put_len(&mut self.out, len);
    }

    /// A count and the numbers, converted with one bulk call where they are of fixed width.
    #[inline(always)]
    fn numbers<T: Number>(&mut self, v: &[T]) {
        self.count(v.len());
        F::put_numbers(&mut self.out, v);
    }

    fn compound(&mut self, c: &Compound, depth: usize) {
        if depth > MAX_NESTING {
            return self.fail(TOO_DEEP);
        }
        for (key, tag) in c.entries() {
            // The common case: a short name kept in the key, its own encoding. Type, name and
            // the widest number in one reservation; the key's 24 bytes copied whole (measured:
            // 11% of writing `hypixel.nbt` went to the length-dependent copy).
            if let Some((bytes, n)) = key.inline_bytes(F::MUTF8) {
                self.out.reserve(1 + F::MAX_STR_PREFIX + 24 + 10);
                let len = self.out.len();
                // SAFETY: `1 + F::MAX_STR_PREFIX + 24 + 10` bytes reserved after `len`, for
                // the type, the prefix, the 24 bytes and a number; `n` is at most 23.
                unsafe {
                    let base = self.out.as_mut_ptr().add(len);
                    let prefix = F::store_str_len(base.add(1), n);
                    base.add(1 + prefix)
                        .cast::<[u8; 24]>()
                        .write_unaligned(bytes);
                    let head = 1 + prefix + n;
                    if let Some(done) = self.entry_value(base, head, tag, depth) {
                        self.out.set_len(len + done);
                    }
                }
                continue;
            }
            let plain = if F::MUTF8 {
                key.plain_str()
            } else {
                Some(key.as_str())
            };
            let Some(name) = plain.filter(|n| n.len() <= F::MAX_STR.min(u16::MAX as usize)) else {
                self.out.reserve(1);
                // SAFETY: one byte reserved just above.
                unsafe { self.put([tag.kind().id()]) };
                self.string(key);
                self.out.reserve(10);
                // SAFETY: 10 bytes reserved just above.
                unsafe { self.tag(tag, depth) };
                continue;
            };
            // Type, name and the widest number in one reservation.
            self.out.reserve(1 + F::MAX_STR_PREFIX + name.len() + 10);
            // Type, name and a number stored through a local pointer, the length set once: a
            // byte store through the vector's own pointer may alias its length, which the
            // compiler then reloads after every store. One `match` gives the type and stores
            // a number.
            let len = self.out.len();
            // SAFETY: `1 + F::MAX_STR_PREFIX + name.len() + 10` bytes reserved after `len`;
            // `name` (at most 65,535 bytes, checked above) cannot overlap the vector.
            unsafe {
                let base = self.out.as_mut_ptr().add(len);
                let prefix = F::store_str_len(base.add(1), name.len());
                let head = 1 + prefix + name.len();
                bulk::copy_bytes(name.as_ptr(), base.add(1 + prefix), name.len());
                if let Some(done) = self.entry_value(base, head, tag, depth) {
                    self.out.set_len(len + done);
                }
            }
        }
        self.out.push(0);
    }

    /// An entry's type at `base` and its value after the `head` bytes of type and name
    /// stored there: a number stored in place, returning the entry's size for the caller to
    /// count (one `match` gives the type and stores the number); any other value written
    /// after counting the head, returning `None`.
    ///
    /// # Safety
    /// `base` is the vector's end; `head + 10` bytes of spare capacity from it, the name's
    /// `head - 1` bytes after the type stored.
    #[inline(always)]
    unsafe fn entry_value(
        &mut self,
        base: *mut u8,
        head: usize,
        tag: &Tag,
        depth: usize,
    ) -> Option<usize> {
        // SAFETY: forwarded from the caller: a number takes at most 10 bytes after `head`.
        unsafe {
            let at = base.add(head);
            let (id, used) = match tag {
                Tag::Byte(v) => {
                    at.write(*v as u8);
                    (1, 1)
                }
                Tag::Short(v) => (2, F::store_i16(at, *v)),
                Tag::Int(v) => (3, F::store_i32(at, *v)),
                Tag::Long(v) => (4, F::store_i64(at, *v)),
                Tag::Float(v) => (5, F::store_f32(at, *v)),
                Tag::Double(v) => (6, F::store_f64(at, *v)),
                // The rest after the head, from this one `match` (measured: a second dispatch
                // on the type was 6% of writing `hypixel.nbt`).
                _ => {
                    *base = tag.kind().id();
                    let len = self.out.len();
                    self.out.set_len(len + head);
                    match tag {
                        Tag::String(s) => self.string(s),
                        Tag::Compound(c) => self.compound(c, depth + 1),
                        Tag::List(l) => self.list(l, depth + 1),
                        Tag::ByteArray(v) => self.numbers::<i8>(v),
                        Tag::IntArray(v) => self.numbers::<i32>(v),
                        Tag::LongArray(v) => self.numbers::<i64>(v),
                        _ => self.tag(tag, depth),
                    }
                    return None;
                }
            };
            *base = id;
            Some(head + used)
        }
    }

    /// A value.
    ///
    /// # Safety
    /// 10 bytes of spare capacity (for a number; the rest reserve their own).
    #[inline(always)]
    unsafe fn tag(&mut self, tag: &Tag, depth: usize) {
        // SAFETY: forwarded from the caller: a number takes at most 10 bytes.
        unsafe {
            match tag {
                Tag::Byte(v) => self.put([*v as u8]),
                Tag::Short(v) => self.put_with(|at| F::store_i16(at, *v)),
                Tag::Int(v) => self.put_with(|at| F::store_i32(at, *v)),
                Tag::Long(v) => self.put_with(|at| F::store_i64(at, *v)),
                Tag::Float(v) => self.put_with(|at| F::store_f32(at, *v)),
                Tag::Double(v) => self.put_with(|at| F::store_f64(at, *v)),
                Tag::ByteArray(v) => self.numbers::<i8>(v),
                Tag::String(s) => self.string(s),
                Tag::List(l) => self.list(l, depth + 1),
                Tag::Compound(c) => self.compound(c, depth + 1),
                Tag::IntArray(v) => self.numbers::<i32>(v),
                Tag::LongArray(v) => self.numbers::<i64>(v),
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
            List::Byte(v) => self.numbers::<i8>(v),
            List::Short(v) => self.numbers::<i16>(v),
            List::Int(v) => self.numbers::<i32>(v),
            List::Long(v) => self.numbers::<i64>(v),
            List::Float(v) => self.numbers::<f32>(v),
            List::Double(v) => self.numbers::<f64>(v),
            List::ByteArray(v) => {
                self.count(v.len());
                for a in v {
                    self.numbers::<i8>(a);
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
                    self.numbers::<i32>(a);
                }
            }
            List::LongArray(v) => {
                self.count(v.len());
                for a in v {
                    self.numbers::<i64>(a);
                }
            }
        }
    }
}

/// Writes `bytes` to `writer`, an I/O error as NBT's [`Error`].
#[cfg(feature = "std")]
pub(crate) fn write_all<W: std::io::Write>(mut writer: W, bytes: &[u8]) -> Result<(), Error> {
    writer
        .write_all(bytes)
        .map_err(|e| Error::new(0, ErrorKind::Io(e)))
}
