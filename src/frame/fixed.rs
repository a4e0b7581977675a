//! Static-size values: a type whose every value takes the same number of bytes under
//! fixed-int encoding (numbers, wrappers, arrays, tuples and derived structs of them) states
//! that size as `FIXED_SIZE`, and is then written into, and read from, a region whose length
//! was checked once for the whole value or run of values.
//!
//! [`FixedOut`] and [`FixedIn`] are those regions: cursors over exactly the value's bytes. The
//! byte order of native numbers is a const parameter (`BIG`) of `encode_fixed` /
//! `decode_fixed`, chosen once where the configuration is read, so the field-by-field code
//! has no branch on the configuration and, once inlined, no bounds checks.

use core::mem::MaybeUninit;

use super::error::{DecodeError, DecodeErrorKind};

/// The sum of static sizes: `None` if any part has none.
#[doc(hidden)]
#[must_use]
pub const fn sum_sizes(parts: &[Option<usize>]) -> Option<usize> {
    let mut total = 0usize;
    let mut i = 0;
    while i < parts.len() {
        match parts[i] {
            Some(n) => total += n,
            None => return None,
        }
        i += 1;
    }
    Some(total)
}

/// `count` times a static size.
#[doc(hidden)]
#[must_use]
pub const fn times(size: Option<usize>, count: usize) -> Option<usize> {
    match size {
        Some(n) => n.checked_mul(count),
        None => None,
    }
}

/// The destination of one static-size value (or a run of them): exactly its bytes, possibly
/// uninitialized, filled front to back.
#[doc(hidden)]
#[derive(Debug)]
pub struct FixedOut<'a> {
    rest: &'a mut [MaybeUninit<u8>],
}

impl<'a> FixedOut<'a> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn new(rest: &'a mut [MaybeUninit<u8>]) -> Self {
        FixedOut { rest }
    }

    /// Writes the next `K` bytes.
    ///
    /// # Panics
    /// If fewer than `K` are left: an `encode_fixed` that writes more than its `FIXED_SIZE`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn put<const K: usize>(&mut self, bytes: [u8; K]) {
        let (head, tail) = core::mem::take(&mut self.rest)
            .split_first_chunk_mut::<K>()
            .expect("encode_fixed wrote more than FIXED_SIZE");
        *head = bytes.map(MaybeUninit::new);
        self.rest = tail;
    }

    /// The bytes not written yet, for the caller to write front to back and then count by
    /// [`take_raw`](Self::take_raw).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn rest_mut(&mut self) -> &mut [MaybeUninit<u8>] {
        self.rest
    }

    /// Writes the next `bytes.len()` bytes.
    ///
    /// # Panics
    /// As [`put`](Self::put).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn put_slice(&mut self, bytes: &[u8]) {
        assert!(
            bytes.len() <= self.rest.len(),
            "encode_fixed wrote more than FIXED_SIZE"
        );
        let (head, tail) = core::mem::take(&mut self.rest).split_at_mut(bytes.len());
        // SAFETY: `head` and `bytes` have the same length, `MaybeUninit<u8>` has the layout of
        // `u8`, and a shared and a unique borrow cannot overlap.
        unsafe {
            core::ptr::copy_nonoverlapping(
                bytes.as_ptr(),
                head.as_mut_ptr().cast::<u8>(),
                bytes.len(),
            );
        }
        self.rest = tail;
    }

    /// The next `len` bytes as their own region.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn split(&mut self, len: usize) -> FixedOut<'a> {
        let (head, tail) = core::mem::take(&mut self.rest).split_at_mut(len);
        self.rest = tail;
        FixedOut { rest: head }
    }

    /// The next `len` bytes, for the caller to write (all of them: they count as written).
    ///
    /// # Panics
    /// If fewer than `len` are left.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn take_raw(&mut self, len: usize) -> &'a mut [MaybeUninit<u8>] {
        let (head, tail) = core::mem::take(&mut self.rest).split_at_mut(len);
        self.rest = tail;
        head
    }

    /// Whether every byte has been written.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn is_full(&self) -> bool {
        self.rest.is_empty()
    }

    /// Bytes not written yet.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn remaining(&self) -> usize {
        self.rest.len()
    }

    /// Runs `fill` on all of `dst`, which must come back fully written: afterwards every byte
    /// of `dst` is initialized.
    ///
    /// # Panics
    /// If `fill` writes fewer bytes than `dst` has (an `encode_fixed` that disagrees with its
    /// `FIXED_SIZE`).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn fill_all(dst: &'a mut [MaybeUninit<u8>], fill: impl FnOnce(&mut FixedOut<'_>)) {
        let mut out = FixedOut::new(dst);
        fill(&mut out);
        assert!(out.is_full(), "encode_fixed wrote less than FIXED_SIZE");
    }
}

/// The source of one static-size value (or a run of them): exactly its bytes, read front to
/// back, with the input offset of the next one for errors.
#[doc(hidden)]
#[derive(Debug)]
pub struct FixedIn<'a> {
    rest: &'a [u8],
    offset: usize,
}

impl<'a> FixedIn<'a> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn new(rest: &'a [u8], offset: usize) -> Self {
        FixedIn { rest, offset }
    }

    /// The next `K` bytes.
    ///
    /// # Panics
    /// If fewer than `K` are left: a `decode_fixed` that reads more than its `FIXED_SIZE`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn take<const K: usize>(&mut self) -> [u8; K] {
        let (head, tail) = self
            .rest
            .split_first_chunk::<K>()
            .expect("decode_fixed read more than FIXED_SIZE");
        self.rest = tail;
        self.offset += K;
        *head
    }

    /// The input offset of the next byte.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[must_use]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The next `len` bytes as their own region.
    #[cfg(feature = "alloc")]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn split(&mut self, len: usize) -> FixedIn<'a> {
        let head = FixedIn::new(&self.rest[..len], self.offset);
        self.rest = &self.rest[len..];
        self.offset += len;
        head
    }

    /// The next `len` bytes, left unread.
    #[cfg(feature = "alloc")]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn peek_slice(&self, len: usize) -> &'a [u8] {
        &self.rest[..len]
    }

    /// An error about the value that started at `offset`.
    #[cold]
    #[must_use]
    pub fn error_at(&self, offset: usize, kind: DecodeErrorKind) -> DecodeError {
        DecodeError::new(offset, kind)
    }
}
