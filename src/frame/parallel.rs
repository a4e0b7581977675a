//! Every core on big runs (feature `rayon`): a sequence of many entries (a block of
//! transactions, a table of records) encoded and decoded on rayon's threads, byte for byte and
//! value for value what [`frame::encode_to_vec`](super::encode_to_vec) and
//! [`frame::decode_from_slice`](super::decode_from_slice) give for the same `[T]` / `Vec<T>`.
//!
//! ```
//! use endian_wire::frame::{self, Config};
//!
//! let block: Vec<(u64, String)> = (0..10_000).map(|i| (i, format!("entry {i}"))).collect();
//! let bytes = frame::parallel::encode_to_vec(&block, Config::standard())?;
//! assert_eq!(bytes, frame::encode_to_vec(&block, Config::standard())?);
//!
//! let (back, used) = frame::parallel::decode_from_slice::<(u64, String)>(&bytes, Config::standard())?;
//! assert_eq!((back, used), (block, bytes.len()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Encoding is a size pass (in parallel), one allocation of the exact size, and the entries
//! written in parallel into their parts of it. Decoding is a boundary pass ([`Decode::skip`]:
//! the lengths and tags of each entry, nothing allocated) on one thread, which hands each part
//! of the entries to the others as soon as it has found the part's end.
//!
//! [`borrow_decode_from_slice`] does the same for entries that borrow from the input (a
//! Solana-like transaction whose signatures and keys are `&[[u8; 64]]` and `&[[u8; 32]]`).
//!
//! Work below [`MIN_PARALLEL_BYTES`] runs on the calling thread: there the threads cost more
//! than they save. The sequential entry points stay the default; these are for blocks of
//! thousands of entries (the measured crossover is in PERFORMANCE.md).
//!
//! Errors are the sequential path's: any entry that fails sends the whole input through the
//! sequential decode, whose error (kind and offset) is returned. The limit is counted as the
//! sequential decode counts it: the boundary pass charges each entry's length prefixes, and
//! each part starts with what is left of the limit where it begins, so no more is allocated
//! than in order. Runs of static-size entries (plain records) decode on one thread: they are a
//! copy and a check, bounded by memory, not by a core.

use alloc::vec;
use alloc::vec::Vec;
use core::mem::MaybeUninit;
use core::sync::atomic::{AtomicBool, Ordering};
use rayon::prelude::*;

use super::config::{AnyConfig, Config, Entry, IntParam, OrderParam, Static};
use super::decode::{BorrowDecode, Decode, Decoder, decode_into_slot};
use super::encode::{Encode, Encoder};
use super::error::{DecodeError, EncodeError};
use super::read::SliceReader;
use super::write::{SizeCounter, SliceWriter};

/// Below this many bytes of entries a sequence is encoded or decoded on the calling thread.
/// Measured on a 2-vCPU KVM guest (Xeon, glibc's allocator; PERFORMANCE.md): waking rayon's
/// pool costs about 30 µs a call, so a Solana-like block of 100 KB took 6x longer on two
/// threads, and 600 KB to 1 MB broke even; at 10 MB two threads encode 1.5x as fast. (Under Miri
/// 2 KiB, so that its tests of small blocks take the parallel paths.)
pub const MIN_PARALLEL_BYTES: usize = if cfg!(miri) { 2048 } else { 1 << 20 };

/// Parts per thread: more than one, so that a thread that finishes early takes another.
const PARTS_PER_THREAD: usize = 4;

/// Encodes `items` as the sequence `[T]` (its length, then each entry) into a new `Vec`, the
/// entries written on rayon's threads.
///
/// # Errors
/// As [`frame::encode_to_vec`](super::encode_to_vec).
pub fn encode_to_vec<T: Encode + Sync>(
    items: &[T],
    config: impl AnyConfig,
) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::new();
    encode_append(items, &mut out, config)?;
    Ok(out)
}

/// As [`encode_to_vec`], appending to `out` (what a block's header, encoded before it, leaves
/// there stays).
///
/// # Errors
/// As [`frame::encode_append`](super::encode_append); on an error `out` keeps its contents.
pub fn encode_append<T: Encode + Sync>(
    items: &[T],
    out: &mut Vec<u8>,
    config: impl AnyConfig,
) -> Result<(), EncodeError> {
    struct Run<'a, 'o, T>(&'a [T], &'o mut Vec<u8>);
    impl<T: Encode + Sync> Entry for Run<'_, '_, T> {
        type Out = Result<(), EncodeError>;
        fn run<I: IntParam, O: OrderParam>(self, config: Config) -> Self::Out {
            encode_append_in::<T, I, O>(self.0, self.1, config)
        }
    }
    config.dispatch(Run(items, out))
}

fn encode_append_in<T: Encode + Sync, I: IntParam, O: OrderParam>(
    items: &[T],
    out: &mut Vec<u8>,
    config: Config,
) -> Result<(), EncodeError> {
    let per_part = split(items.len());
    let parts = items.len().div_ceil(per_part);
    // The first part sized here says whether the rest is worth the threads.
    let first = size_of_part::<T, I, O>(&items[..per_part.min(items.len())], config)?;
    if first.saturating_mul(parts) < MIN_PARALLEL_BYTES {
        return super::encode_append(items, out, config);
    }
    let mut sizes = vec![first];
    sizes.extend(
        items[per_part..]
            .par_chunks(per_part)
            .map(|part| size_of_part::<T, I, O>(part, config))
            .collect::<Result<Vec<usize>, EncodeError>>()?,
    );
    let total: usize = sizes.iter().sum();
    let start = out.len();
    Encoder::new(Static::<_, I, O>::new(&mut *out), config).write_len(items.len())?;
    out.reserve(total);
    let body_start = out.len();
    let mut pieces = Vec::with_capacity(sizes.len());
    let mut rest = &mut out.spare_capacity_mut()[..total];
    for &size in &sizes {
        let (piece, tail) = rest.split_at_mut(size);
        pieces.push(piece);
        rest = tail;
    }
    let written = items
        .par_chunks(per_part)
        .zip(pieces.into_par_iter())
        .map(|(part, piece)| {
            let size = piece.len();
            let mut e = Encoder::new(Static::<_, I, O>::new(SliceWriter::uninit(piece)), config);
            T::encode_slice(part, &mut e)?;
            Ok(e.into_writer().0.written() == size)
        })
        .collect::<Result<Vec<bool>, EncodeError>>();
    match written {
        Ok(exact) if exact.iter().all(|&same| same) => {
            // SAFETY: the pieces tile the `total` bytes after `body_start`, and each part's
            // writer filled its piece exactly (checked above).
            unsafe { out.set_len(body_start + total) };
            Ok(())
        }
        // An `Encode` impl that wrote other than it counted (it ran out of room or wrote
        // less): the sequential path, which grows the buffer as it goes, gives the bytes.
        Ok(_) | Err(EncodeError::OutputFull { .. }) => {
            out.truncate(start);
            super::encode_append(items, out, config)
        }
        Err(err) => {
            out.truncate(start);
            Err(err)
        }
    }
}

/// The bytes `part`'s entries take, without a length prefix.
fn size_of_part<T: Encode, I: IntParam, O: OrderParam>(
    part: &[T],
    config: Config,
) -> Result<usize, EncodeError> {
    let mut e = Encoder::new(Static::<_, I, O>::new(SizeCounter::default()), config);
    T::encode_slice(part, &mut e)?;
    Ok(e.into_writer().0.count)
}

/// Entries per part for `len` entries: a few parts per thread.
fn split(len: usize) -> usize {
    let parts = rayon::current_num_threads() * PARTS_PER_THREAD;
    len.div_ceil(parts).max(1)
}

/// Decodes a `Vec<T>` from the front of `src`, the entries decoded on rayon's threads;
/// returns it and the number of bytes used.
///
/// # Errors
/// As [`frame::decode_from_slice`](super::decode_from_slice) for a `Vec<T>`, the same error
/// for the same input.
pub fn decode_from_slice<T: Decode + Send>(
    src: &[u8],
    config: impl AnyConfig,
) -> Result<(Vec<T>, usize), DecodeError> {
    struct Run<'a, T>(&'a [u8], core::marker::PhantomData<T>);
    impl<T: Decode + Send> Entry for Run<'_, T> {
        type Out = Result<(Vec<T>, usize), DecodeError>;
        fn run<I: IntParam, O: OrderParam>(self, config: Config) -> Self::Out {
            decode_from_slice_in::<T, I, O>(self.0, config)
        }
    }
    config.dispatch(Run(src, core::marker::PhantomData))
}

/// As [`decode_from_slice`], for entries that borrow from `src` (`&[u8]`, `&str`, runs of
/// byte arrays and wire records, derived structs with a lifetime): the sequential
/// [`frame::borrow_decode_from_slice`](super::borrow_decode_from_slice) of a `Vec<T>`, its
/// entries read on rayon's threads.
///
/// # Errors
/// As [`frame::borrow_decode_from_slice`](super::borrow_decode_from_slice) for a `Vec<T>`, the
/// same error for the same input.
pub fn borrow_decode_from_slice<'de, T: BorrowDecode<'de> + Send>(
    src: &'de [u8],
    config: impl AnyConfig,
) -> Result<(Vec<T>, usize), DecodeError> {
    struct Run<'de, T>(&'de [u8], core::marker::PhantomData<T>);
    impl<'de, T: BorrowDecode<'de> + Send> Entry for Run<'de, T> {
        type Out = Result<(Vec<T>, usize), DecodeError>;
        fn run<I: IntParam, O: OrderParam>(self, config: Config) -> Self::Out {
            borrow_decode_from_slice_in::<T, I, O>(self.0, config)
        }
    }
    config.dispatch(Run(src, core::marker::PhantomData))
}

/// The entries of the sequence at the front of `src` (entries of at least `sizes.0` bytes on
/// the wire and `sizes.1` in memory) read in parts on rayon's threads, each straight into its
/// place in the result: one thread moves past the entries with `skip` (the boundary pass) and
/// hands each part to the pool as soon as its end is known, so the parts are decoded while the
/// pass goes on; `read` decodes one entry into its slot (with a decoder in the state the
/// sequential decode has where the part begins). Returns the entries and the bytes used;
/// `None` when the sequence is too short to be worth the threads, or the pass or a part fails
/// or ends elsewhere than the pass said, having charged the limit otherwise (the sequential
/// decode then gives the verdict).
fn in_parts<'de, I: IntParam, O: OrderParam, T: Send>(
    src: &'de [u8],
    config: Config,
    sizes: (usize, usize),
    skip: impl Fn(&mut Decoder<Static<SliceReader<'de>, I, O>>) -> Result<(), DecodeError> + Sync,
    read: impl Fn(&mut MaybeUninit<T>, &mut Decoder<Static<SliceReader<'de>, I, O>>) -> Option<()>
    + Sync,
) -> Option<(Vec<T>, usize)> {
    // The length, read as the sequential decode reads it.
    let mut d = Decoder::new(Static::<_, I, O>::new(SliceReader::new(src)), config);
    let len = d.read_len(sizes.0, sizes.1).ok()?;
    let first = d.offset();
    if src.len() - first < MIN_PARALLEL_BYTES {
        return None;
    }
    let per_part = split(len);
    // `len` is at most the input's length (each entry takes a byte or more), and the limit
    // has been charged for it.
    let mut out: Vec<T> = Vec::with_capacity(len);
    let mut parts: Vec<Option<Part<'_, T>>> = (0..len.div_ceil(per_part)).map(|_| None).collect();
    let failed = AtomicBool::new(false);
    // Then one level deep, as the `Vec`'s entries are read; the skips charge the lengths the
    // decodes will, so each part starts with what the sequential decode has left there.
    let budget = d.budget();
    let mut d = Decoder::resumed(d.into_reader(), config, 1, budget);
    let mut end = Some(first);
    let mut slots = &mut out.spare_capacity_mut()[..len];
    rayon::scope(|scope| {
        let (failed, read) = (&failed, &read);
        let mut from = (first, budget);
        for (k, done) in parts.iter_mut().enumerate() {
            let count = per_part.min(len - k * per_part);
            let (mine, rest) = core::mem::take(&mut slots).split_at_mut(count);
            slots = rest;
            for _ in 0..count {
                if failed.load(Ordering::Relaxed) || skip(&mut d).is_err() {
                    end = None;
                    return;
                }
            }
            let to = (first + d.offset(), d.budget());
            scope.spawn(move |_| {
                if failed.load(Ordering::Relaxed) {
                    return;
                }
                let bytes = &src[from.0..to.0];
                let reader = Static::<_, I, O>::new(SliceReader::new(bytes));
                let mut d = Decoder::resumed(reader, config, 1, from.1);
                let mut part = Part {
                    slots: mine,
                    written: 0,
                };
                while part.written < count {
                    if read(&mut part.slots[part.written], &mut d).is_none() {
                        failed.store(true, Ordering::Relaxed);
                        return;
                    }
                    part.written += 1;
                }
                if d.offset() == bytes.len() && d.budget() == to.1 {
                    *done = Some(part);
                } else {
                    failed.store(true, Ordering::Relaxed);
                }
            });
            from = to;
        }
        end = Some(from.0);
    });
    // On a failure the parts written so far drop their entries here, and `out` stays empty.
    let end = end.filter(|_| !failed.into_inner())?;
    for part in parts {
        // Every part was written in full (none failed, and the pass reached the end).
        core::mem::forget(part?);
    }
    // SAFETY: the parts tile the first `len` slots (split off in order, `count` each, summing
    // to `len`), each part wrote all of its slots (`written == count` before it was kept), and
    // every part was kept and forgotten above, so no entry is dropped there.
    unsafe { out.set_len(len) };
    Some((out, end))
}

/// Slots of the result that one part writes, the first `written` of them holding entries: if
/// the part is dropped (it failed, or another did), so are they.
struct Part<'a, T> {
    slots: &'a mut [MaybeUninit<T>],
    written: usize,
}

impl<T> Drop for Part<'_, T> {
    fn drop(&mut self) {
        let written = &mut self.slots[..self.written];
        // SAFETY: the first `written` slots were each written by `read` and nothing has moved
        // the entries out (a part that is kept in full is forgotten, never dropped).
        unsafe { core::ptr::drop_in_place(written as *mut [MaybeUninit<T>] as *mut [T]) };
    }
}

fn decode_from_slice_in<T: Decode + Send, I: IntParam, O: OrderParam>(
    src: &[u8],
    config: Config,
) -> Result<(Vec<T>, usize), DecodeError> {
    let sequential = || super::decode_from_slice::<Vec<T>>(src, config);
    // Static-size entries are read as one run (no nesting); entries of no bytes have no
    // boundaries to find.
    if T::FIXED_SIZE.is_some() || T::MIN_SIZE == 0 {
        return sequential();
    }
    let read = |slot: &mut MaybeUninit<T>, d: &mut Decoder<_>| decode_into_slot(d, slot).ok();
    match in_parts::<I, O, _>(src, config, (T::MIN_SIZE, size_of::<T>()), T::skip, read) {
        Some(decoded) => Ok(decoded),
        None => sequential(),
    }
}

fn borrow_decode_from_slice_in<'de, T: BorrowDecode<'de> + Send, I: IntParam, O: OrderParam>(
    src: &'de [u8],
    config: Config,
) -> Result<(Vec<T>, usize), DecodeError> {
    let sequential = || super::borrow_decode_from_slice::<Vec<T>>(src, config);
    // Entries of no bytes have no boundaries to find.
    if T::MIN_SIZE == 0 {
        return sequential();
    }
    let read = |slot: &mut MaybeUninit<T>, d: &mut Decoder<_>| {
        slot.write(T::borrow_decode(d).ok()?);
        Some(())
    };
    match in_parts::<I, O, _>(
        src,
        config,
        (T::MIN_SIZE, size_of::<T>()),
        T::borrow_skip,
        read,
    ) {
        Some(decoded) => Ok(decoded),
        None => sequential(),
    }
}
