//! A counting global allocator for tests that bound memory or count allocations: per thread,
//! so the harness's parallel tests do not mix. A test binary installs it once, as a
//! `#[global_allocator] static` of type [`Counting`]; without it the counters stay at zero, so
//! [`peak_of`] and [`allocations_during`] check that it is installed before they report.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting what each thread holds, its peak and its calls.
pub struct Counting;

thread_local! {
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
    static CALLS: Cell<usize> = const { Cell::new(0) };
}

fn grew(bytes: usize) {
    let _ = CALLS.try_with(|calls| calls.set(calls.get() + 1));
    let _ = LIVE.try_with(|live| {
        let now = live.get() + bytes;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

fn shrank(bytes: usize) {
    let _ = LIVE.try_with(|live| live.set(live.get().saturating_sub(bytes)));
}

// SAFETY: every call is forwarded to the system allocator unchanged; the counters only
// observe sizes and touch const-initialised thread locals, which never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is the system allocator's.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrank(layout.size());
        // SAFETY: as `alloc`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as `alloc`.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            shrank(layout.size());
            grew(new_size);
        }
        p
    }
}

/// Panics unless [`Counting`] is the global allocator (a `Box` must be counted).
fn assert_installed() {
    let before = CALLS.with(Cell::get);
    drop(std::hint::black_box(Box::new(0u64)));
    assert!(
        CALLS.with(Cell::get) > before,
        "endian_wire_testkit::alloc::Counting is not this binary's #[global_allocator]"
    );
}

/// Runs `f` and returns its result with the most memory this thread held at once during it,
/// beyond what it held before.
pub fn peak_of<R>(f: impl FnOnce() -> R) -> (R, usize) {
    assert_installed();
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let out = f();
    (out, PEAK.with(Cell::get) - base)
}

/// How many allocations and reallocations this thread made while `f` ran.
pub fn allocations_during(f: impl FnOnce()) -> usize {
    assert_installed();
    let before = CALLS.with(Cell::get);
    f();
    CALLS.with(Cell::get) - before
}
