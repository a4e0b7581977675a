//! [`FormatError`]: what a format declaration's read or write reports, inside a
//! `std::io::Error`, with the field path and the byte offset.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use std::io;

/// One step of a field path: `.name`, `[index]` or `::Variant`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathSegment {
    /// A named field (or a tuple field, `0`, `1`, ...).
    Field(&'static str),
    /// An element of a collection.
    Index(usize),
    /// The variant of an enum that was read or written.
    Variant(&'static str),
    /// The type the path starts from (the type an entry point was called on).
    Type(String),
}

/// The payload of every `std::io::Error` a format read or write returns: the kind is the
/// `io::Error`'s, the rest says where.
///
/// Displayed as `Capture.blocks[3].length at byte 1,204: needs 4 bytes, 2 left`. Get it back
/// from an error with [`FormatError::of`]:
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use endian_wire::Endianize;
/// use endian_wire::format::{FormatError, ReadFormat};
///
/// #[derive(Endianize, Debug)]
/// #[endian(be)]
/// struct Chunk {
///     length: u32,
///     #[wire(count = length)]
///     data: Vec<u8>,
/// }
///
/// let err = Chunk::read_format(&[0, 0, 0, 9, 1, 2]).unwrap_err();
/// assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof);
/// let at = FormatError::of(&err).unwrap();
/// assert_eq!((at.path_string(), at.offset()), ("Chunk.data".to_string(), Some(4)));
/// assert_eq!(err.to_string(), "Chunk.data at byte 4: 9 elements need at least 9 bytes, 2 left");
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct FormatError {
    /// The path from the innermost step outwards (errors gain their outer steps as they
    /// travel up).
    reversed_path: Vec<PathSegment>,
    offset: Option<usize>,
    message: String,
    /// For input that ended early: how long the input must be at least for the read to get
    /// further (what a [`FormatStream`](super::FormatStream) reads before it tries again).
    needs: Option<usize>,
}

impl FormatError {
    /// An `io::Error` of `kind` at byte `offset` of the input (or output) saying `message`.
    #[cold]
    pub fn io_error(kind: io::ErrorKind, offset: usize, message: impl fmt::Display) -> io::Error {
        io::Error::new(
            kind,
            FormatError {
                reversed_path: Vec::new(),
                offset: Some(offset),
                message: alloc::format!("{message}"),
                needs: None,
            },
        )
    }

    /// An `UnexpectedEof` at `offset`: the input must be at least `needs` bytes long to get
    /// further.
    #[cold]
    pub(crate) fn eof(offset: usize, needs: usize, message: impl fmt::Display) -> io::Error {
        io::Error::new(
            io::ErrorKind::UnexpectedEof,
            FormatError {
                reversed_path: Vec::new(),
                offset: Some(offset),
                message: alloc::format!("{message}"),
                needs: Some(needs),
            },
        )
    }

    /// How long the input must be at least to get further, for an error of input that ended
    /// early (when the reader knew).
    pub(crate) fn needs(&self) -> Option<usize> {
        self.needs
    }

    /// The `FormatError` inside `error`, if it holds one.
    pub fn of(error: &io::Error) -> Option<&FormatError> {
        error.get_ref()?.downcast_ref::<FormatError>()
    }

    /// `error` with `segment` added in front of its path. An error that is not a
    /// `FormatError` (from a hand-written [`ReadFormat`](super::ReadFormat), say) becomes
    /// one, keeping its kind and message.
    #[cold]
    pub fn within(mut error: io::Error, segment: PathSegment) -> io::Error {
        if let Some(inner) = error
            .get_mut()
            .and_then(|e| e.downcast_mut::<FormatError>())
        {
            inner.reversed_path.push(segment);
            return error;
        }
        let kind = error.kind();
        io::Error::new(
            kind,
            FormatError {
                reversed_path: alloc::vec![segment],
                offset: None,
                message: alloc::format!("{error}"),
                needs: None,
            },
        )
    }

    /// `error` inside the field `name`.
    #[cold]
    pub fn in_field(error: io::Error, name: &'static str) -> io::Error {
        Self::within(error, PathSegment::Field(name))
    }

    /// `error` inside element `index`.
    #[cold]
    pub fn in_index(error: io::Error, index: usize) -> io::Error {
        Self::within(error, PathSegment::Index(index))
    }

    /// `error` inside the variant `name`.
    #[cold]
    pub fn in_variant(error: io::Error, name: &'static str) -> io::Error {
        Self::within(error, PathSegment::Variant(name))
    }

    /// An `UnexpectedEof` inside a field of `size` bytes (`#[wire(bytes = size)]`) as the
    /// `InvalidData` it is: the input goes on, the field's content runs past its size. The
    /// place and path are kept.
    #[cold]
    pub(crate) fn past_its_size(error: io::Error, size: usize) -> io::Error {
        let mut inner = match Self::of(&error) {
            Some(inner) => inner.clone(),
            None => FormatError {
                reversed_path: Vec::new(),
                offset: None,
                message: alloc::format!("{error}"),
                needs: None,
            },
        };
        inner.needs = None;
        inner.message = alloc::format!(
            "{} (past the end of the field's {size} bytes)",
            inner.message
        );
        io::Error::new(io::ErrorKind::InvalidData, inner)
    }

    /// `error` with its offset moved `by` bytes further (an error of a value read from a
    /// stream, its offset counted from the stream's start); errors without one keep none.
    #[cold]
    pub(crate) fn shifted(mut error: io::Error, by: u64) -> io::Error {
        if let Some(inner) = error
            .get_mut()
            .and_then(|e| e.downcast_mut::<FormatError>())
        {
            inner.offset = inner.offset.map(|offset| {
                usize::try_from(by)
                    .ok()
                    .and_then(|by| offset.checked_add(by))
                    .unwrap_or(usize::MAX)
            });
        }
        error
    }

    /// The path, outermost step first.
    pub fn path(&self) -> impl Iterator<Item = &PathSegment> {
        self.reversed_path.iter().rev()
    }

    /// The path as it is displayed: `Capture.blocks[3].length`.
    pub fn path_string(&self) -> String {
        let mut out = String::new();
        for (i, segment) in self.path().enumerate() {
            match segment {
                PathSegment::Type(name) => out.push_str(name),
                PathSegment::Field(name) => {
                    if i > 0 {
                        out.push('.');
                    }
                    out.push_str(name);
                }
                PathSegment::Index(index) => {
                    out.push_str(&alloc::format!("[{index}]"));
                }
                PathSegment::Variant(name) => {
                    out.push_str("::");
                    out.push_str(name);
                }
            }
        }
        out
    }

    /// The byte offset in the input (reading) or in the bytes written by this call
    /// (writing) where the problem is; `None` for an error that came without one.
    pub fn offset(&self) -> Option<usize> {
        self.offset
    }

    /// What is wrong, without the path and offset.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path_string();
        f.write_str(&path)?;
        if let Some(offset) = self.offset {
            if !path.is_empty() {
                f.write_str(" ")?;
            }
            write!(f, "at byte {}", Grouped(offset))?;
        }
        if !path.is_empty() || self.offset.is_some() {
            f.write_str(": ")?;
        }
        f.write_str(&self.message)
    }
}

impl core::error::Error for FormatError {}

/// A number with its thousands separated by commas: `1,204`.
struct Grouped(usize);

impl fmt::Display for Grouped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = alloc::format!("{}", self.0);
        for (i, digit) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                f.write_str(",")?;
            }
            write!(f, "{digit}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn offsets_are_grouped_by_thousands() {
        let cases = [
            (0, "0"),
            (999, "999"),
            (1204, "1,204"),
            (1_000_000, "1,000,000"),
        ];
        for (n, text) in cases {
            assert_eq!(alloc::format!("{}", Grouped(n)), text);
        }
    }

    #[test]
    fn paths_read_outermost_first() {
        let e = FormatError::io_error(io::ErrorKind::UnexpectedEof, 1204, "needs 4 bytes, 2 left");
        let e = FormatError::in_field(e, "length");
        let e = FormatError::in_index(e, 3);
        let e = FormatError::in_field(e, "blocks");
        let e = FormatError::within(e, PathSegment::Type("Capture".into()));
        assert_eq!(
            e.to_string(),
            "Capture.blocks[3].length at byte 1,204: needs 4 bytes, 2 left"
        );
        assert_eq!(e.kind(), io::ErrorKind::UnexpectedEof);
    }

    #[test]
    fn foreign_errors_keep_their_kind_and_message() {
        let e = io::Error::new(io::ErrorKind::InvalidData, "bad checksum");
        let e = FormatError::in_field(e, "crc");
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert_eq!(e.to_string(), "crc: bad checksum");
    }
}
