//! The derive's compile-fail cases live in `tests/`; this library is empty.
