//! Holds nothing: the tests are simple_endian's.
