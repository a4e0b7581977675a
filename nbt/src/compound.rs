//! [`Compound`], NBT's map of named tags in file order, and [`Key`], the name of an entry.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::borrow::Borrow;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;
use core::ptr::NonNull;

use super::{List, Tag, mutf8};

/// Names up to this many bytes are kept inside the [`Key`] itself, without an allocation:
/// nearly every NBT name (the seven files of simdnbt's suite: 5-7 bytes on average, the longest
/// 22 but one).
const INLINE_CAP: usize = 23;

/// The name of a compound entry: a string kept inline up to 23 bytes (no allocation, as
/// nearly every NBT name is that short), on the heap beyond. Derefs to `str`; compares, orders
/// and hashes as its text.
///
/// ```
/// use wire_nbt::Key;
/// let key = Key::from("Pos");
/// assert_eq!(key, "Pos");
/// assert_eq!(key.len(), 3);
/// assert_eq!(Key::from(String::from("a much longer name than fits inline")).as_str().len(), 35);
/// ```
// Three plain words, so that the reader builds a key in registers from three loads of its
// input and stores it once where it belongs (measured: a key built byte by byte behind an enum
// tag was copied through the stack, and each copy's wide load of narrower stores stalled
// store forwarding, 13% of reading `complex_player.dat`).
#[repr(C)]
pub struct Key {
    head: Head,
    /// Inline: text bytes 16..23 (zero past the text), then the meta byte. Heap: zeros, then
    /// the meta byte. "Then" is memory order: the meta byte is the key's last byte.
    tail: u64,
}

/// The first 16 bytes of a [`Key`].
#[derive(Clone, Copy)]
#[repr(C)]
union Head {
    /// Inline: text bytes 0..16, zero past the text.
    text: [u64; 2],
    /// On the heap: `Box<str>`'s parts, owned by the key.
    heap: (NonNull<u8>, usize),
}

// SAFETY: a key owns its text (inline, or a `Box<str>` it alone points to and frees), like
// `Box<str>`, which is `Send` and `Sync`.
unsafe impl Send for Key {}
// SAFETY: as for `Send`; `&Key` gives out only `&str`.
unsafe impl Sync for Key {}

/// The meta byte's bits holding an inline key's length.
const LEN_MASK: u8 = 0x1F;
/// The meta byte's bit set when the text is on the heap.
const HEAP: u8 = 0x40;
/// The meta byte's bit set when the text needs re-encoding for modified UTF-8, found once
/// when the key is made so that writing it needs no check (inline keys only).
const REENCODE: u8 = 0x80;

/// The first `n` (at most 8) bytes in memory of the word `w`, the others zero.
#[inline(always)]
const fn first_bytes(w: u64, n: usize) -> u64 {
    let keep = if n >= 8 {
        u64::MAX
    } else if cfg!(target_endian = "little") {
        (1u64 << (8 * n)) - 1
    } else {
        !(u64::MAX >> (8 * n))
    };
    w & keep
}

/// The bytes of `b` from `from` on, at most 8, as the word holding them first in memory, the
/// others zero: built in a register from loads of 4, 2 and 1 bytes (measured: copying a short
/// name into a zeroed stack buffer and reading it back as words stalled store forwarding, a
/// tenth of reading `hello_world.nbt`, whose names end too near the input's end for the
/// reader's window).
#[inline(always)]
fn word_at(b: &[u8], from: usize) -> u64 {
    let rest = b.get(from..).unwrap_or_default();
    if let Some(&w) = rest.first_chunk::<8>() {
        return u64::from_ne_bytes(w);
    }
    // `le.to_le_bytes()` is the word's memory, whatever the host's order.
    let mut le = 0u64;
    let mut at = 0;
    if let Some(&p) = rest.first_chunk::<4>() {
        le = u64::from(u32::from_le_bytes(p));
        at = 4;
    }
    if let Some(&p) = rest[at..].first_chunk::<2>() {
        le |= u64::from(u16::from_le_bytes(p)) << (8 * at);
        at += 2;
    }
    if let Some(&p) = rest.get(at) {
        le |= u64::from(p) << (8 * at);
    }
    u64::from_ne_bytes(le.to_le_bytes())
}

/// The word whose last byte in memory is `meta`, the others zero.
#[inline(always)]
const fn meta_word(meta: u8) -> u64 {
    u64::from_ne_bytes([0, 0, 0, 0, 0, 0, 0, meta])
}

impl Key {
    /// A key holding `s`.
    #[inline]
    pub fn new(s: &str) -> Self {
        Self::with_flag(s, mutf8::needs_encoding(s))
    }

    /// A key holding `s`, which is known to be its own modified UTF-8 (the reader's ASCII
    /// names).
    #[inline(always)]
    pub(crate) fn plain(s: &str) -> Self {
        Self::with_flag(s, false)
    }

    /// The key of the `len` first bytes of `window`, which are ASCII (the reader's fast path:
    /// three loads and masks, no copy of a variable length).
    #[inline(always)]
    pub(crate) fn plain_ascii_in(window: &[u8; 24], len: usize) -> Self {
        debug_assert!(len <= INLINE_CAP && window[..len].is_ascii());
        let word = |i: usize| {
            let mut w = [0; 8];
            w.copy_from_slice(&window[8 * i..8 * i + 8]);
            first_bytes(u64::from_ne_bytes(w), len.saturating_sub(8 * i))
        };
        Key {
            head: Head {
                text: [word(0), word(1)],
            },
            tail: word(2) | meta_word(len as u8),
        }
    }

    #[inline(always)]
    fn with_flag(s: &str, reencode: bool) -> Self {
        if s.len() <= INLINE_CAP {
            let b = s.as_bytes();
            let meta = s.len() as u8 | if reencode { REENCODE } else { 0 };
            Key {
                head: Head {
                    text: [word_at(b, 0), word_at(b, 8)],
                },
                tail: word_at(b, 16) | meta_word(meta),
            }
        } else {
            Self::boxed(Box::from(s))
        }
    }

    /// A key owning `s` (longer than `INLINE_CAP`).
    fn boxed(s: Box<str>) -> Self {
        let len = s.len();
        let ptr = Box::into_raw(s).cast::<u8>();
        Key {
            head: Head {
                // SAFETY: `Box::into_raw` never returns null.
                heap: (unsafe { NonNull::new_unchecked(ptr) }, len),
            },
            tail: meta_word(HEAP),
        }
    }

    #[inline(always)]
    fn meta(&self) -> u8 {
        self.tail.to_ne_bytes()[7]
    }

    /// The heap text's parts, if the text is on the heap.
    #[inline(always)]
    fn heap(&self) -> Option<(NonNull<u8>, usize)> {
        if self.meta() & HEAP != 0 {
            // SAFETY: the meta byte's `HEAP` bit is set exactly when `head` holds `heap` (made
            // in `boxed`, never changed). Read only then: inline text may not be a valid
            // pointer (an empty name is all zeros).
            Some(unsafe { self.head.heap })
        } else {
            None
        }
    }

    /// The text.
    #[inline]
    pub fn as_str(&self) -> &str {
        let (ptr, len) = match self.heap() {
            Some(parts) => parts,
            None => (
                NonNull::from(self).cast::<u8>(),
                usize::from(self.meta() & LEN_MASK),
            ),
        };
        // SAFETY: on the heap, `ptr..ptr + len` is the `Box<str>` the key owns; inline, the
        // key's first `len` bytes (`len <= INLINE_CAP`, within `head` and `tail`, `repr(C)`,
        // all initialized words) are the text copied from a `str` or the reader's ASCII bytes,
        // never changed. Either way UTF-8, alive as long as `&self`.
        unsafe { core::str::from_utf8_unchecked(core::slice::from_raw_parts(ptr.as_ptr(), len)) }
    }

    /// The text if it is its own modified UTF-8 (one check of the representation, where
    /// `as_str` and a separate check take two: the writer's common case).
    #[inline(always)]
    pub(crate) fn plain_str(&self) -> Option<&str> {
        let meta = self.meta();
        if meta & REENCODE != 0 {
            return None;
        }
        let s = self.as_str();
        if meta & HEAP != 0 && mutf8::needs_encoding(s) {
            return None;
        }
        Some(s)
    }

    /// The key's 24 bytes and its length if the text is inline and, where `mutf8`, its own
    /// modified UTF-8: the writer copies all 24 bytes (two stores, no length-dependent copy)
    /// and counts `len` of them.
    #[inline(always)]
    pub(crate) fn inline_bytes(&self, mutf8: bool) -> Option<([u8; 24], usize)> {
        let meta = self.meta();
        let flags = if mutf8 { HEAP | REENCODE } else { HEAP };
        if meta & flags != 0 {
            return None;
        }
        // SAFETY: inline, `head` holds `text` (all initialized words).
        let [a, b] = unsafe { self.head.text };
        let mut out = [0; 24];
        out[..8].copy_from_slice(&a.to_ne_bytes());
        out[8..16].copy_from_slice(&b.to_ne_bytes());
        out[16..].copy_from_slice(&self.tail.to_ne_bytes());
        Some((out, usize::from(meta & LEN_MASK)))
    }

    /// Whether the text is kept inside the key.
    #[cfg(test)]
    fn is_inline(&self) -> bool {
        self.heap().is_none()
    }
}

/// The `Box<str>` whose parts `boxed` kept.
///
/// # Safety
/// `ptr` and `len` are a heap key's parts, taken over once (the key is dropped or forgotten).
#[inline]
unsafe fn box_from_parts(ptr: NonNull<u8>, len: usize) -> Box<str> {
    // SAFETY: `Box::into_raw` gave these parts (see `boxed`), owned by the caller now.
    unsafe { Box::from_raw(core::ptr::slice_from_raw_parts_mut(ptr.as_ptr(), len) as *mut str) }
}

impl Drop for Key {
    #[inline]
    fn drop(&mut self) {
        if let Some((ptr, len)) = self.heap() {
            // SAFETY: the heap key's parts, freed once here.
            drop(unsafe { box_from_parts(ptr, len) });
        }
    }
}

impl Clone for Key {
    #[inline]
    fn clone(&self) -> Self {
        match self.heap() {
            Some(_) => Self::boxed(Box::from(self.as_str())),
            None => Key {
                head: Head {
                    // SAFETY: inline, `head` holds `text` (all initialized words).
                    text: unsafe { self.head.text },
                },
                tail: self.tail,
            },
        }
    }
}

impl Deref for Key {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Key {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Key {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for Key {
    fn from(s: &str) -> Self {
        Key::new(s)
    }
}

impl From<String> for Key {
    fn from(s: String) -> Self {
        if s.len() <= INLINE_CAP {
            Key::new(&s)
        } else {
            Key::boxed(s.into_boxed_str())
        }
    }
}

impl From<&String> for Key {
    fn from(s: &String) -> Self {
        Key::new(s)
    }
}

impl From<Key> for String {
    fn from(k: Key) -> Self {
        match k.heap() {
            Some((ptr, len)) => {
                core::mem::forget(k);
                // SAFETY: the heap key's parts; the key is forgotten, so taken over once.
                unsafe { box_from_parts(ptr, len) }.into_string()
            }
            None => String::from(k.as_str()),
        }
    }
}

impl PartialEq for Key {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}
impl Eq for Key {}
impl PartialEq<str> for Key {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}
impl PartialEq<&str> for Key {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}
impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Key {
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}
impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}
impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}
impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// From this many entries on, a compound keeps an index of its names' hashes and looks them
/// up by binary search; below, a linear scan of the names is faster (and most compounds are
/// small: 4 entries on average in the seven test files).
#[cfg_attr(not(target_has_atomic = "ptr"), allow(dead_code))]
const INDEX_FROM: usize = 16;

/// A name's hash for the index: FxHash's step over 8-byte words (names are short; this costs
/// a few instructions each, where sorting the names themselves cost 15% of reading a player
/// file, measured with callgrind).
#[inline]
fn name_hash(name: &str) -> u32 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut h = name.len() as u64;
    let mut chunks = name.as_bytes().chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0; 8];
        w.copy_from_slice(c);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(K);
    }
    let mut w = [0; 8];
    w[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    h = (h.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(K);
    (h >> 32) as u32
}

/// The sorted [`slot`]s of a large compound's entries, built by the first lookup that needs
/// them rather than by the reader (measured: building the index of every large compound read
/// was 20% of reading `simple_player.dat`, whose root has 36 entries, and 4% of
/// `complex_player.dat`; a document read to be written back or walked in order never looks a
/// name up). One pointer wide; `Send` and `Sync` as the compound is.
///
/// Invariant: when built, the slots are exactly those of the compound's entries as they are
/// (as many, the same names at the same positions). Every change of the entries' names or
/// positions goes through `&mut Compound`, which updates or drops the index.
#[derive(Default)]
struct NameIndex {
    /// Null until built, then a `Box<Box<[u64]>>` turned into a raw pointer, owned here and
    /// freed only through `&mut self` (or by `Drop`).
    #[cfg(target_has_atomic = "ptr")]
    built: core::sync::atomic::AtomicPtr<Box<[u64]>>,
}

#[cfg(target_has_atomic = "ptr")]
impl NameIndex {
    /// The slots of `entries` (the compound's own), built now if they are not yet.
    #[inline]
    fn get_or_build(&self, entries: &[(Key, Tag)]) -> &[u64] {
        let built = self.built.load(core::sync::atomic::Ordering::Acquire);
        if !built.is_null() {
            // SAFETY: a non-null pointer came from `Box::into_raw` below and was published
            // with release order (the `Acquire` load sees the slots written); it is freed only
            // through `&mut self`, which cannot coexist with the `&self` this borrow lives by.
            return unsafe { &*built };
        }
        self.build(entries)
    }

    /// Builds the slots and publishes them; if another thread published first, theirs are
    /// kept (they are the same) and these dropped.
    #[cold]
    #[inline(never)]
    fn build(&self, entries: &[(Key, Tag)]) -> &[u64] {
        use core::sync::atomic::Ordering::{AcqRel, Acquire};
        let new = Box::into_raw(Box::new(build_index(entries)));
        match self
            .built
            .compare_exchange(core::ptr::null_mut(), new, AcqRel, Acquire)
        {
            // SAFETY: `new` is published and owned by `self` from now on; see `get_or_build`.
            Ok(_) => unsafe { &*new },
            Err(theirs) => {
                // SAFETY: `new` was never published: this thread still owns it alone.
                drop(unsafe { Box::from_raw(new) });
                // SAFETY: `theirs` is the published pointer; see `get_or_build`.
                unsafe { &*theirs }
            }
        }
    }

    /// The slots if built, to update them in place.
    fn get_mut(&mut self) -> Option<&mut Box<[u64]>> {
        let built = *self.built.get_mut();
        // SAFETY: a non-null pointer is owned by `self` (see `get_or_build`), and `&mut self`
        // excludes every other borrow of it.
        (!built.is_null()).then(|| unsafe { &mut *built })
    }

    /// Drops the slots, if built: the next lookup that needs them builds them again.
    fn reset(&mut self) {
        let built = core::mem::replace(self.built.get_mut(), core::ptr::null_mut());
        if !built.is_null() {
            // SAFETY: owned by `self` (see `get_or_build`) and no longer reachable from it.
            drop(unsafe { Box::from_raw(built) });
        }
    }
}

/// Without compare-and-swap the index is never built: lookups scan.
#[cfg(not(target_has_atomic = "ptr"))]
impl NameIndex {
    fn get_mut(&mut self) -> Option<&mut Box<[u64]>> {
        None
    }

    fn reset(&mut self) {}
}

impl Drop for NameIndex {
    fn drop(&mut self) {
        self.reset();
    }
}

/// A clone's index is built again when the clone needs one.
impl Clone for NameIndex {
    fn clone(&self) -> Self {
        NameIndex::default()
    }
}

/// The sorted index slots of `entries`.
#[cfg_attr(not(target_has_atomic = "ptr"), allow(dead_code))]
fn build_index(entries: &[(Key, Tag)]) -> Box<[u64]> {
    let mut index: Box<[u64]> = entries
        .iter()
        .enumerate()
        .map(|(i, (k, _))| slot(k, i))
        .collect();
    index.sort_unstable();
    index
}

/// An index slot: the name's hash above the entry's position, so that sorting the slots
/// orders them by hash, then position.
#[inline]
fn slot(name: &str, pos: usize) -> u64 {
    (u64::from(name_hash(name)) << 32) | pos as u64
}

/// NBT's compound: named tags, in the order they were read or inserted (so writing back gives
/// the same bytes), looked up by name in a linear scan when small and through an index of the
/// names' hashes from 16 entries on, built by the first lookup that needs it.
///
/// Names are not required to be unique (NBT files should not repeat one, but nothing in the
/// format forbids it); lookups find the first.
///
/// ```
/// use wire_nbt::{Compound, List, Tag};
/// let mut player = Compound::new()
///     .with("Health", 20.0f32)
///     .with("Pos", List::Double(vec![1.5, 64.0, -3.25]))
///     .with("Name", "Steve");
/// player.insert("XpLevel", 7);
/// assert_eq!(player.int("XpLevel"), Some(7));
/// assert_eq!(player.float("Health"), Some(20.0));
/// assert_eq!(player.list("Pos").and_then(List::doubles), Some(&[1.5, 64.0, -3.25][..]));
/// assert_eq!(player.string("Name"), Some("Steve"));
/// assert_eq!(player.keys().collect::<Vec<_>>(), ["Health", "Pos", "Name", "XpLevel"]);
/// assert_eq!(player.get("Missing"), None);
/// assert_eq!(player.remove("Health"), Some(Tag::Float(20.0)));
/// ```
#[derive(Clone, Default)]
pub struct Compound {
    entries: Vec<(Key, Tag)>,
    /// Used from [`INDEX_FROM`] entries on, built by the first lookup.
    index: NameIndex,
}

impl Compound {
    /// An empty compound.
    pub const fn new() -> Self {
        Compound {
            entries: Vec::new(),
            index: NameIndex {
                #[cfg(target_has_atomic = "ptr")]
                built: core::sync::atomic::AtomicPtr::new(core::ptr::null_mut()),
            },
        }
    }

    /// A compound of these entries, in this order.
    #[inline]
    pub fn from_entries(entries: Vec<(Key, Tag)>) -> Self {
        Compound {
            entries,
            index: NameIndex::default(),
        }
    }

    /// The entries, in order.
    pub fn entries(&self) -> &[(Key, Tag)] {
        &self.entries
    }

    /// The entries, as a vector (consumes the compound).
    pub fn into_entries(self) -> Vec<(Key, Tag)> {
        self.entries
    }

    /// How many entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The position of the first entry named `name`.
    #[inline]
    pub fn position(&self, name: &str) -> Option<usize> {
        #[cfg(target_has_atomic = "ptr")]
        if self.entries.len() >= INDEX_FROM && self.entries.len() <= u32::MAX as usize {
            let index = self.index.get_or_build(&self.entries);
            // The slots of this hash, in order of position: the first match is the first
            // entry of that name.
            let h = u64::from(name_hash(name));
            let first = index.partition_point(|&s| s >> 32 < h);
            return index[first..]
                .iter()
                .take_while(|&&s| s >> 32 == h)
                .map(|&s| (s & 0xFFFF_FFFF) as usize)
                .find(|&i| self.entries[i].0.as_str() == name);
        }
        self.entries.iter().position(|(k, _)| k.as_str() == name)
    }

    /// The tag named `name`.
    #[inline]
    pub fn get(&self, name: &str) -> Option<&Tag> {
        self.position(name).map(|i| &self.entries[i].1)
    }

    /// The tag named `name`, to change it in place.
    #[inline]
    pub fn get_mut(&mut self, name: &str) -> Option<&mut Tag> {
        self.position(name).map(|i| &mut self.entries[i].1)
    }

    /// Whether there is an entry named `name`.
    pub fn contains_key(&self, name: &str) -> bool {
        self.position(name).is_some()
    }

    /// Sets the entry `name` to `value`: in place if there is one (returning the old value),
    /// else added at the end.
    pub fn insert(&mut self, name: impl Into<Key>, value: impl Into<Tag>) -> Option<Tag> {
        let name = name.into();
        let value = value.into();
        if let Some(i) = self.position(&name) {
            return Some(core::mem::replace(&mut self.entries[i].1, value));
        }
        self.entries.push((name, value));
        let new = self.entries.len() - 1;
        // A built index gains the new slot (an unbuilt one is built when needed).
        match self.index.get_mut() {
            Some(index) if new <= u32::MAX as usize => {
                let new_slot = slot(&self.entries[new].0, new);
                let at = index.partition_point(|&s| s < new_slot);
                let mut grown = Vec::with_capacity(index.len() + 1);
                grown.extend_from_slice(&index[..at]);
                grown.push(new_slot);
                grown.extend_from_slice(&index[at..]);
                *index = grown.into_boxed_slice();
            }
            _ => self.index.reset(),
        }
        None
    }

    /// [`insert`](Self::insert), returning the compound (for building one in an expression).
    pub fn with(mut self, name: impl Into<Key>, value: impl Into<Tag>) -> Self {
        self.insert(name, value);
        self
    }

    /// Removes the first entry named `name` and returns its value; the others keep their order.
    pub fn remove(&mut self, name: &str) -> Option<Tag> {
        let i = self.position(name)?;
        let (_, value) = self.entries.remove(i);
        // The positions after `i` moved: built again when needed.
        self.index.reset();
        Some(value)
    }

    /// Removes every entry.
    pub fn clear(&mut self) {
        self.entries.clear();
        self.index.reset();
    }

    /// The entries in order, as `(name, tag)`.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&str, &Tag)> + DoubleEndedIterator {
        self.entries.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The entries in order, values mutable.
    pub fn iter_mut(
        &mut self,
    ) -> impl ExactSizeIterator<Item = (&str, &mut Tag)> + DoubleEndedIterator {
        self.entries.iter_mut().map(|(k, v)| (k.as_str(), v))
    }

    /// The names in order.
    pub fn keys(&self) -> impl ExactSizeIterator<Item = &str> + DoubleEndedIterator {
        self.entries.iter().map(|(k, _)| k.as_str())
    }

    /// The values in order.
    pub fn values(&self) -> impl ExactSizeIterator<Item = &Tag> + DoubleEndedIterator {
        self.entries.iter().map(|(_, v)| v)
    }
}

/// Typed getters: the value named `name` if it has that type.
macro_rules! getters {
    ($($(#[$doc:meta])* $name:ident, $name_mut:ident -> $ty:ty, $mut_ty:ty;)*) => {
        impl Compound {
            $(
                $(#[$doc])*
                #[inline]
                pub fn $name(&self, name: &str) -> Option<$ty> {
                    self.get(name).and_then(Tag::$name)
                }

                #[doc = concat!("[`", stringify!($name), "`](Self::", stringify!($name), "), mutable.")]
                #[inline]
                pub fn $name_mut(&mut self, name: &str) -> Option<$mut_ty> {
                    self.get_mut(name).and_then(Tag::$name_mut)
                }
            )*
        }
    };
}

getters! {
    /// The byte named `name`.
    byte, byte_mut -> i8, &mut i8;
    /// The short named `name`.
    short, short_mut -> i16, &mut i16;
    /// The int named `name`.
    int, int_mut -> i32, &mut i32;
    /// The long named `name`.
    long, long_mut -> i64, &mut i64;
    /// The float named `name`.
    float, float_mut -> f32, &mut f32;
    /// The double named `name`.
    double, double_mut -> f64, &mut f64;
    /// The byte array named `name`.
    byte_array, byte_array_mut -> &[i8], &mut Vec<i8>;
    /// The string named `name`.
    string, string_mut -> &str, &mut String;
    /// The list named `name`.
    list, list_mut -> &List, &mut List;
    /// The compound named `name`.
    compound, compound_mut -> &Compound, &mut Compound;
    /// The int array named `name`.
    int_array, int_array_mut -> &[i32], &mut Vec<i32>;
    /// The long array named `name`.
    long_array, long_array_mut -> &[i64], &mut Vec<i64>;
}

/// Equal when the entries are equal in the same order (the index is not compared).
impl PartialEq for Compound {
    fn eq(&self, other: &Self) -> bool {
        self.entries == other.entries
    }
}

impl fmt::Debug for Compound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<K: Into<Key>, V: Into<Tag>> FromIterator<(K, V)> for Compound {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        Compound::from_entries(
            iter.into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
        )
    }
}

impl<K: Into<Key>, V: Into<Tag>> Extend<(K, V)> for Compound {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}

impl IntoIterator for Compound {
    type Item = (Key, Tag);
    type IntoIter = alloc::vec::IntoIter<(Key, Tag)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl<'a> IntoIterator for &'a Compound {
    type Item = &'a (Key, Tag);
    type IntoIter = core::slice::Iter<'a, (Key, Tag)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter()
    }
}

impl core::ops::Index<&str> for Compound {
    type Output = Tag;
    /// # Panics
    /// If there is no entry named `name`.
    #[track_caller]
    fn index(&self, name: &str) -> &Tag {
        match self.get(name) {
            Some(tag) => tag,
            None => panic!("no entry named {name:?} in the compound"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_is_three_words_and_inline_up_to_23_bytes() {
        assert_eq!(core::mem::size_of::<Key>(), 24);
        for len in 0..40 {
            let s: String = (0..len).map(|i| (b'a' + (i % 26) as u8) as char).collect();
            let k = Key::new(&s);
            assert_eq!(k.as_str(), s);
            assert_eq!(k.is_inline(), len <= INLINE_CAP);
            assert_eq!(String::from(Key::from(s.clone())), s);
            // The words built from the name alone are the reader's, built from a window of
            // its input (zeros past the text, the meta byte last), on either host order.
            if len <= INLINE_CAP {
                let mut window = [b'#'; 24];
                window[..len].copy_from_slice(s.as_bytes());
                let words = |k: &Key| {
                    // SAFETY: inline keys hold `text`.
                    (unsafe { k.head.text }, k.tail)
                };
                assert_eq!(
                    words(&k),
                    words(&Key::plain_ascii_in(&window, len)),
                    "{len}"
                );
            }
        }
    }

    #[test]
    fn lookups_agree_with_and_without_the_index() {
        // Either side of the size from which the index is built, and (not under Miri, where
        // each lookup's hashing is slow) well beyond it.
        let sizes: &[usize] = if cfg!(miri) {
            &[0, 1, 5, 15, 16, 17, 24]
        } else {
            &[0, 1, 5, 15, 16, 17, 40, 100]
        };
        for &n in sizes {
            let mut c = Compound::new();
            for i in (0..n).rev() {
                c.insert(alloc::format!("k{i}"), i as i32);
            }
            // Inserts look the name up (built from 16 entries on) and keep a built index up
            // to date; one built from entries has none until a lookup needs it.
            let mut fresh = Compound::from_entries(c.clone().into_entries());
            assert!(fresh.index.get_mut().is_none());
            assert_eq!(fresh.int("k0").is_some(), n > 0);
            assert_eq!(fresh.index.get_mut().is_some(), n >= INDEX_FROM);
            for i in 0..n {
                assert_eq!(c.int(&alloc::format!("k{i}")), Some(i as i32));
            }
            assert_eq!(c.index.get_mut().is_some(), n >= INDEX_FROM);
            c.insert("late", 1i8);
            assert_eq!(c.byte("late"), Some(1));
            assert_eq!(c.int("k0").is_some(), n > 0);
            assert_eq!(c.remove("late"), Some(Tag::Byte(1)));
            assert_eq!(c.get("absent"), None);
            assert_eq!(c.get("k"), None);
            // Removing keeps order and lookups.
            if n > 3 {
                c.remove("k1");
                assert_eq!(c.get("k1"), None);
                assert_eq!(c.int("k2"), Some(2));
                assert_eq!(c.int("k0"), Some(0));
                assert_eq!(c.len(), n - 1);
            }
            // A duplicate name (as a file may hold): the first wins in both modes.
            let mut entries = c.clone().into_entries();
            entries.push((Key::new("k0"), Tag::Int(-1)));
            let d = Compound::from_entries(entries);
            if n > 0 {
                assert_eq!(d.int("k0"), Some(0));
            }
        }
    }

    #[cfg(feature = "std")]
    #[test]
    fn threads_looking_up_at_once_share_one_index() {
        let c: Compound = (0..40).map(|i| (alloc::format!("k{i}"), i)).collect();
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for i in (0..40).step_by(7) {
                        assert_eq!(c.int(&alloc::format!("k{i}")), Some(i));
                    }
                });
            }
        });
        let mut clone = c.clone();
        assert_eq!(clone.int("k39"), Some(39));
        assert!(clone.index.get_mut().is_some());
    }
}
