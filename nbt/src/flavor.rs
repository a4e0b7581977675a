//! [`Flavor`]: NBT's encoding chosen at run time, each call dispatching once to the reader,
//! writer or view compiled for that flavour's [`Format`](super::format::Format).

use alloc::vec::Vec;

use super::cursor::Cursor;
use super::format::{BedrockLe, BedrockNet, Java};
use super::read::read_root_in;
use super::view::parse_in;
use super::write::root_to_vec;
#[cfg(feature = "std")]
use super::write::write_all;
use super::{Error, Nbt, NbtView};

/// Which of NBT's encodings: Java Edition's big-endian, or Bedrock Edition's little-endian
/// (files such as `level.dat`) and network (varints) forms, chosen at run time. Each call
/// dispatches once to the reader or writer monomorphized for the flavour; where the flavour is
/// known when writing the code, [`nbt`](super)'s and [`bedrock`](super::bedrock)'s functions
/// name it instead.
///
/// ```
/// use wire_nbt::{self as nbt, Compound, Flavor, Nbt};
/// let doc = Nbt::new("", Compound::new().with("x", -2).with("name", "é"));
/// let java = Flavor::Java.to_vec(&doc)?;
/// let bedrock = Flavor::Bedrock.to_vec(&doc)?;
/// let network = Flavor::BedrockNetwork.to_vec(&doc)?;
/// assert_eq!(java, [10, 0, 0, 3, 0, 1, b'x', 0xFF, 0xFF, 0xFF, 0xFE, 8, 0, 4, b'n', b'a', b'm', b'e', 0, 2, 0xC3, 0xA9, 0]);
/// assert_eq!(bedrock, [10, 0, 0, 3, 1, 0, b'x', 0xFE, 0xFF, 0xFF, 0xFF, 8, 4, 0, b'n', b'a', b'm', b'e', 2, 0, 0xC3, 0xA9, 0]);
/// assert_eq!(network, [10, 0, 3, 1, b'x', 3, 8, 4, b'n', b'a', b'm', b'e', 2, 0xC3, 0xA9, 0]);
/// for (bytes, flavor) in [(java, Flavor::Java), (bedrock, Flavor::Bedrock), (network, Flavor::BedrockNetwork)] {
///     assert_eq!(flavor.from_slice(&bytes)?, doc);
/// }
/// # Ok::<(), nbt::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Flavor {
    /// Java Edition: big-endian, modified UTF-8 (what [`from_slice`](super::from_slice) reads).
    Java,
    /// Bedrock Edition's files (`level.dat`, world databases): little-endian, UTF-8.
    Bedrock,
    /// Bedrock Edition's network packets: little-endian, UTF-8, ints and longs as zigzag
    /// varints, string lengths as unsigned varints, list and array lengths as zigzag varints.
    BedrockNetwork,
}

impl Flavor {
    /// Reads a document with a named root compound in this flavour, and nothing after it:
    /// [`from_slice`](super::from_slice), [`bedrock::from_slice`](super::bedrock::from_slice)
    /// or [`bedrock::from_network_slice`](super::bedrock::from_network_slice).
    ///
    /// # Errors
    /// As those functions.
    pub fn from_slice(self, bytes: &[u8]) -> Result<Nbt, Error> {
        let (nbt, used) = self.from_slice_prefix(bytes)?;
        Cursor::at(bytes, used).finish()?;
        Ok(nbt)
    }

    /// [`from_slice`](Self::from_slice) for a root followed by more: returns it and the number
    /// of bytes it took.
    ///
    /// # Errors
    /// As [`from_slice`](Self::from_slice), bytes after the root aside.
    pub fn from_slice_prefix(self, bytes: &[u8]) -> Result<(Nbt, usize), Error> {
        match self {
            Flavor::Java => read_root_in::<Java>(bytes, true),
            Flavor::Bedrock => read_root_in::<BedrockLe>(bytes, true),
            Flavor::BedrockNetwork => read_root_in::<BedrockNet>(bytes, true),
        }
    }

    /// Views a document with a named root compound in this flavour in place, and nothing
    /// after it: [`view`](super::view), [`bedrock::view`](super::bedrock::view) or
    /// [`bedrock::view_network`](super::bedrock::view_network).
    ///
    /// # Errors
    /// As those functions.
    pub fn view(self, bytes: &[u8]) -> Result<NbtView<'_>, Error> {
        self.parse_view(bytes, true).map(|(view, _)| view)
    }

    /// [`view`](Self::view) of a root followed by more: returns it and the number of bytes it
    /// took.
    ///
    /// # Errors
    /// As [`view`](Self::view), bytes after the root aside.
    pub fn view_prefix(self, bytes: &[u8]) -> Result<(NbtView<'_>, usize), Error> {
        self.parse_view(bytes, false)
    }

    fn parse_view(self, bytes: &[u8], whole: bool) -> Result<(NbtView<'_>, usize), Error> {
        match self {
            Flavor::Java => parse_in::<Java>(bytes, true, whole),
            Flavor::Bedrock => parse_in::<BedrockLe>(bytes, true, whole),
            Flavor::BedrockNetwork => parse_in::<BedrockNet>(bytes, true, whole),
        }
    }

    /// Writes `nbt` (its root named) in this flavour.
    ///
    /// # Errors
    /// [`ErrorKind::Unencodable`](super::ErrorKind::Unencodable) for what the flavour cannot
    /// hold (a string longer than its length prefix, a list or array over `i32::MAX` elements,
    /// nesting deeper than [`MAX_NESTING`](super::MAX_NESTING)).
    pub fn to_vec(self, nbt: &Nbt) -> Result<Vec<u8>, Error> {
        match self {
            Flavor::Java => root_to_vec::<Java>(nbt, true),
            Flavor::Bedrock => root_to_vec::<BedrockLe>(nbt, true),
            Flavor::BedrockNetwork => root_to_vec::<BedrockNet>(nbt, true),
        }
    }

    /// [`to_vec`](Self::to_vec) to `writer` (encoded into a buffer first, then one `write_all`).
    ///
    /// # Errors
    /// As [`to_vec`](Self::to_vec), or [`ErrorKind::Io`](super::ErrorKind::Io) with what
    /// `writer` returns.
    #[cfg(feature = "std")]
    pub fn to_writer<W: std::io::Write>(self, writer: W, nbt: &Nbt) -> Result<(), Error> {
        write_all(writer, &self.to_vec(nbt)?)
    }
}
