//! [`FormatError`]: what a format declaration's read or write reports, with the field path and
//! the byte offset. It needs only `alloc`; with `std` it converts to and from `std::io::Error`.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
#[cfg(feature = "std")]
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

/// What went wrong, in the words of `std::io::ErrorKind` (which the crate's other readers
/// return): with `std`, it compares equal to the `io::ErrorKind` of the same name and converts
/// to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FormatErrorKind {
    /// The input ended before the value did.
    UnexpectedEof,
    /// The input's bytes are not a value of the type (a bad magic, tag, checksum, length).
    InvalidData,
    /// The value cannot be written as declared (a count that does not fit its field, an `if`
    /// that disagrees with its `Option`).
    InvalidInput,
    /// Anything else: an error of a kind the crate does not make (from an `std::io::Read`
    /// underneath a [`FormatStream`](super::FormatStream), or a hand-written impl).
    Other,
}

#[cfg(feature = "std")]
impl From<FormatErrorKind> for io::ErrorKind {
    fn from(kind: FormatErrorKind) -> Self {
        match kind {
            FormatErrorKind::UnexpectedEof => io::ErrorKind::UnexpectedEof,
            FormatErrorKind::InvalidData => io::ErrorKind::InvalidData,
            FormatErrorKind::InvalidInput => io::ErrorKind::InvalidInput,
            FormatErrorKind::Other => io::ErrorKind::Other,
        }
    }
}

#[cfg(feature = "std")]
impl From<io::ErrorKind> for FormatErrorKind {
    fn from(kind: io::ErrorKind) -> Self {
        match kind {
            io::ErrorKind::UnexpectedEof => FormatErrorKind::UnexpectedEof,
            io::ErrorKind::InvalidData => FormatErrorKind::InvalidData,
            io::ErrorKind::InvalidInput => FormatErrorKind::InvalidInput,
            _ => FormatErrorKind::Other,
        }
    }
}

#[cfg(feature = "std")]
impl PartialEq<io::ErrorKind> for FormatErrorKind {
    fn eq(&self, other: &io::ErrorKind) -> bool {
        io::ErrorKind::from(*self) == *other
    }
}

#[cfg(feature = "std")]
impl PartialEq<FormatErrorKind> for io::ErrorKind {
    fn eq(&self, other: &FormatErrorKind) -> bool {
        *self == io::ErrorKind::from(*other)
    }
}

/// The error of every format read or write: its kind, the field path, the byte offset and
/// what is wrong.
///
/// Displayed as `Capture.blocks[3].length at byte 1,204: needs 4 bytes, 2 left`. With `std`
/// it converts into an `std::io::Error` of the same kind holding it (so `?` works in a
/// function returning `io::Result`), and [`FormatError::of`] finds it again there:
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use endian_wire::Endianize;
/// use endian_wire::format::{FormatErrorKind, ReadFormat};
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
/// assert_eq!(err.kind(), FormatErrorKind::UnexpectedEof);
/// # #[cfg(feature = "std")]
/// assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof); // the same words, with `std`
/// assert_eq!((err.path_string(), err.offset()), ("Chunk.data".to_string(), Some(4)));
/// assert_eq!(err.to_string(), "Chunk.data at byte 4: 9 elements need at least 9 bytes, 2 left");
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct FormatError {
    kind: FormatErrorKind,
    /// The path from the innermost step outwards (errors gain their outer steps as they
    /// travel up).
    reversed_path: Vec<PathSegment>,
    offset: Option<usize>,
    message: String,
    /// For input that ended early: how long the input must be at least for the read to get
    /// further (what a [`FormatStream`](super::FormatStream) reads before it tries again).
    needs: Option<usize>,
    /// The kind of the `std::io::Error` this one came from, when it has no word of its own
    /// (`Other`): given back when it is converted again.
    #[cfg(feature = "std")]
    io_kind: Option<io::ErrorKind>,
}

impl FormatError {
    fn with(kind: FormatErrorKind, offset: Option<usize>, message: String) -> Self {
        FormatError {
            kind,
            reversed_path: Vec::new(),
            offset,
            message,
            needs: None,
            #[cfg(feature = "std")]
            io_kind: None,
        }
    }

    /// An error of `kind` at byte `offset` of the input (or of the bytes written) saying
    /// `message`; what a hand-written [`ReadFormat`](super::ReadFormat) returns for bad input.
    /// With `std`, `kind` may be an `io::ErrorKind`.
    #[cold]
    pub fn new(
        kind: impl Into<FormatErrorKind>,
        offset: usize,
        message: impl fmt::Display,
    ) -> Self {
        Self::with(kind.into(), Some(offset), alloc::format!("{message}"))
    }

    /// An `UnexpectedEof` at `offset`: the input must be at least `needs` bytes long to get
    /// further.
    #[cold]
    pub(crate) fn eof(offset: usize, needs: usize, message: impl fmt::Display) -> Self {
        let mut error = Self::with(
            FormatErrorKind::UnexpectedEof,
            Some(offset),
            alloc::format!("{message}"),
        );
        error.needs = Some(needs);
        error
    }

    /// What kind of error it is.
    #[must_use]
    pub fn kind(&self) -> FormatErrorKind {
        self.kind
    }

    /// How long the input must be at least to get further, for an error of input that ended
    /// early (when the reader knew).
    #[cfg(feature = "std")]
    pub(crate) fn needs(&self) -> Option<usize> {
        self.needs
    }

    /// The `FormatError` in `error`: itself, or (with `std`) the one an `std::io::Error`
    /// holds, as every error of [`FormatStream`](super::FormatStream) and every converted one
    /// does.
    #[must_use]
    pub fn of<'e>(error: &'e (dyn core::error::Error + 'static)) -> Option<&'e FormatError> {
        if let Some(format) = error.downcast_ref::<FormatError>() {
            return Some(format);
        }
        #[cfg(feature = "std")]
        if let Some(io) = error.downcast_ref::<io::Error>() {
            return io.get_ref()?.downcast_ref::<FormatError>();
        }
        None
    }

    /// `self` with `segment` added in front of its path.
    #[cold]
    #[must_use]
    pub fn within(mut self, segment: PathSegment) -> Self {
        self.reversed_path.push(segment);
        self
    }

    /// `error` inside the field `name`.
    #[cold]
    #[must_use]
    pub fn in_field(self, name: &'static str) -> Self {
        self.within(PathSegment::Field(name))
    }

    /// `error` inside element `index`.
    #[cold]
    #[must_use]
    pub fn in_index(self, index: usize) -> Self {
        self.within(PathSegment::Index(index))
    }

    /// `error` inside the variant `name`.
    #[cold]
    #[must_use]
    pub fn in_variant(self, name: &'static str) -> Self {
        self.within(PathSegment::Variant(name))
    }

    /// An `UnexpectedEof` inside a field of `size` bytes (`#[wire(bytes = size)]`) as the
    /// `InvalidData` it is: the input goes on, the field's content runs past its size. The
    /// place and path are kept.
    #[cold]
    pub(crate) fn past_its_size(mut self, size: usize) -> Self {
        self.kind = FormatErrorKind::InvalidData;
        self.needs = None;
        #[cfg(feature = "std")]
        {
            self.io_kind = None;
        }
        self.message = alloc::format!(
            "{} (past the end of the field's {size} bytes)",
            self.message
        );
        self
    }

    /// `self` with its offset moved `by` bytes further (an error of a value read from a
    /// stream, its offset counted from the stream's start); errors without one keep none.
    #[cold]
    #[cfg(feature = "std")]
    pub(crate) fn shifted(mut self, by: u64) -> Self {
        self.offset = self.offset.map(|offset| {
            usize::try_from(by)
                .ok()
                .and_then(|by| offset.checked_add(by))
                .unwrap_or(usize::MAX)
        });
        self
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

/// An `std::io::Error` of the same kind holding the `FormatError` (found again by
/// [`FormatError::of`]).
#[cfg(feature = "std")]
impl From<FormatError> for io::Error {
    fn from(error: FormatError) -> Self {
        let kind = error.io_kind.unwrap_or_else(|| error.kind.into());
        io::Error::new(kind, error)
    }
}

/// The `FormatError` an `std::io::Error` holds, or a new one of its kind and message (the
/// errors of a reader underneath, or of a hand-written impl's `?`), without an offset.
#[cfg(feature = "std")]
impl From<io::Error> for FormatError {
    fn from(error: io::Error) -> Self {
        let error = match error.downcast::<FormatError>() {
            Ok(inner) => return inner,
            Err(error) => error,
        };
        let io_kind = error.kind();
        let mut format = Self::with(io_kind.into(), None, alloc::format!("{error}"));
        format.io_kind = Some(io_kind);
        format
    }
}

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
        let e = FormatError::new(
            FormatErrorKind::UnexpectedEof,
            1204,
            "needs 4 bytes, 2 left",
        )
        .in_field("length")
        .in_index(3)
        .in_field("blocks")
        .within(PathSegment::Type("Capture".into()));
        assert_eq!(
            e.to_string(),
            "Capture.blocks[3].length at byte 1,204: needs 4 bytes, 2 left"
        );
        assert_eq!(e.kind(), FormatErrorKind::UnexpectedEof);
    }

    #[cfg(feature = "std")]
    #[test]
    fn io_errors_convert_both_ways() {
        // A foreign error keeps its kind and message, and gets it back as an io::Error.
        let e = FormatError::from(io::Error::new(io::ErrorKind::ConnectionReset, "gone"));
        assert_eq!(e.kind(), FormatErrorKind::Other);
        let e = e.in_field("crc");
        assert_eq!(e.to_string(), "crc: gone");
        let io = io::Error::from(e);
        assert_eq!(io.kind(), io::ErrorKind::ConnectionReset);
        // A FormatError inside an io::Error comes out as itself.
        let e = FormatError::new(io::ErrorKind::InvalidData, 7, "bad");
        let io = io::Error::from(e.clone().in_field("x"));
        assert_eq!(io.kind(), io::ErrorKind::InvalidData);
        assert_eq!(
            FormatError::of(&io).map(FormatError::path_string),
            Some("x".into())
        );
        let back = FormatError::from(io);
        assert_eq!(
            (back.kind(), back.offset()),
            (FormatErrorKind::InvalidData, Some(7))
        );
        assert_eq!(FormatErrorKind::InvalidData, io::ErrorKind::InvalidData);
        assert_eq!(io::ErrorKind::InvalidInput, FormatErrorKind::InvalidInput);
        assert_ne!(FormatErrorKind::Other, io::ErrorKind::InvalidData);
    }
}
