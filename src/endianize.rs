//! [`Endianize`]: the link between a logical type and its generated wire type, and
//! [`ConvertError`], what a conversion between them reports.

use core::convert::Infallible;
use core::fmt;

/// A logical type with a fixed wire form, implemented by `#[derive(Endianize)]`.
///
/// The derive also implements the standard conversions (`From<Foo> for FooWire` and back, or
/// `TryFrom` where a field can fail), `EndianRead`/`EndianWrite` for both types, and this trait,
/// which is what generic code and nested types use:
///
/// * `ToWireError` is [`Infallible`] unless a value can be unencodable (a text field longer than
///   its wire width), then [`ConvertError`];
/// * `FromWireError` is [`Infallible`] unless wire values can be refused (text that is not valid
///   in its encoding, a `char` field holding a surrogate), then [`ConvertError`].
///
/// For a type holding nested derived types, the derive emits both a `From` and a `TryFrom`
/// impl for each direction, bounded on these error types, so exactly one of them applies:
/// `From` when every nested conversion is infallible, `TryFrom` otherwise.
pub trait Endianize: Sized {
    /// The generated wire type (`FooWire` for `Foo`).
    type Wire;
    /// [`Infallible`] or [`ConvertError`].
    type ToWireError: Into<ConvertError>;
    /// [`Infallible`] or [`ConvertError`].
    type FromWireError: Into<ConvertError>;

    /// Converts to the wire type.
    ///
    /// # Errors
    /// A [`ConvertError`] naming the field that cannot be encoded.
    fn to_wire(&self) -> Result<Self::Wire, Self::ToWireError>;

    /// Converts from the wire type.
    ///
    /// # Errors
    /// A [`ConvertError`] naming the field whose wire value is refused.
    fn from_wire(wire: &Self::Wire) -> Result<Self, Self::FromWireError>;
}

/// The conversions of a logical type to and from its wire type in one byte order: big-endian
/// for `EndianizeIn<true>`, little-endian for `EndianizeIn<false>`.
///
/// `#[derive(Endianize)]` with `#[endian(runtime)]` implements it twice, once per order
/// (`Foo` converts to `FooWireBe` and to `FooWireLe`), and `RuntimeEndian`
/// on top. Every [`Endianize`] type implements it for both orders with its one wire type, so
/// a fixed-order type nested in a runtime one keeps its own order, while a runtime type
/// nested in a runtime one follows the outer order. The associated items mean what
/// [`Endianize`]'s do.
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use endian_wire::{Endianize, EndianizeIn};
///
/// #[derive(Endianize, Debug, PartialEq)]
/// #[endian(runtime)]
/// struct Version { major: u16, minor: u16 }
///
/// let v = Version { major: 1, minor: 2 };
/// let be: VersionWireBe = EndianizeIn::<true>::to_wire(&v)?;
/// let le: VersionWireLe = EndianizeIn::<false>::to_wire(&v)?;
/// assert_eq!((be.major.to_bytes(), le.major.to_bytes()), ([0, 1], [1, 0]));
/// assert_eq!(Version::from(le), v); // `From` both ways, as for a fixed-order type
/// # }
/// # Ok::<(), core::convert::Infallible>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no wire form: it is not a derived `Endianize` type",
    label = "a field of a derived type must have a wire form",
    note = "derive `Endianize` for it: with `#[endian(be)]` or `#[endian(le)]` it keeps that \
            order, with `#[endian(runtime)]` it follows the outer type's"
)]
pub trait EndianizeIn<const BIG: bool>: Sized {
    /// The wire type in this order (`FooWireBe` for `EndianizeIn<true>`).
    type Wire;
    /// [`Infallible`] or [`ConvertError`].
    type ToWireError: Into<ConvertError>;
    /// [`Infallible`] or [`ConvertError`].
    type FromWireError: Into<ConvertError>;

    /// Converts to the wire type of this order.
    ///
    /// # Errors
    /// A [`ConvertError`] naming the field that cannot be encoded.
    fn to_wire(&self) -> Result<Self::Wire, Self::ToWireError>;

    /// Converts from the wire type of this order.
    ///
    /// # Errors
    /// A [`ConvertError`] naming the field whose wire value is refused.
    fn from_wire(wire: &Self::Wire) -> Result<Self, Self::FromWireError>;
}

/// A fixed-order type has one wire type, whatever the order asked for.
impl<T: Endianize, const BIG: bool> EndianizeIn<BIG> for T {
    type Wire = T::Wire;
    type ToWireError = T::ToWireError;
    type FromWireError = T::FromWireError;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn to_wire(&self) -> Result<Self::Wire, Self::ToWireError> {
        Endianize::to_wire(self)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_wire(wire: &Self::Wire) -> Result<Self, Self::FromWireError> {
        Endianize::from_wire(wire)
    }
}

/// Why a wire value could not become a logical value, or the reverse.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConvertReason {
    /// A `char` field held a number that is not a Unicode scalar value.
    InvalidChar(u32),
    /// A text field could not be encoded into, or decoded from, its fixed wire form.
    #[cfg(feature = "alloc")]
    Text(crate::text::TextError),
}

impl fmt::Display for ConvertReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvertReason::InvalidChar(value) => {
                write!(f, "{value:#x} is not a Unicode scalar value")
            }
            #[cfg(feature = "alloc")]
            ConvertReason::Text(e) => fmt::Display::fmt(e, f),
        }
    }
}

/// The deepest nesting a [`ConvertError`] names; deeper paths keep the outermost fields and
/// the failing one.
const MAX_PATH: usize = 4;

/// A field that could not be converted between its logical and wire forms: which one (as a
/// path from the outermost type, such as `Packet.header.name`) and why.
///
/// ```
/// use endian_wire::{ConvertError, ConvertReason};
/// let e = ConvertError::new("Header", "initial", ConvertReason::InvalidChar(0xd800))
///     .within("Packet", "header");
/// assert_eq!(e.to_string(), "Packet.header.initial: 0xd800 is not a Unicode scalar value");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ConvertError {
    root: &'static str,
    fields: [&'static str; MAX_PATH],
    depth: usize,
    reason: ConvertReason,
}

impl ConvertError {
    /// The error for `field` of the type named `ty`.
    #[must_use]
    pub fn new(ty: &'static str, field: &'static str, reason: ConvertReason) -> Self {
        let mut fields = [""; MAX_PATH];
        fields[0] = field;
        ConvertError {
            root: ty,
            fields,
            depth: 1,
            reason,
        }
    }

    /// The same error seen from an enclosing type `ty`, whose `field` holds the failing value.
    #[must_use]
    pub fn within(mut self, ty: &'static str, field: &'static str) -> Self {
        if self.depth == MAX_PATH {
            // Keep the failing field; drop the one just above it.
            self.fields[MAX_PATH - 2] = self.fields[MAX_PATH - 1];
            self.depth -= 1;
        }
        self.fields.copy_within(0..self.depth, 1);
        self.fields[0] = field;
        self.depth += 1;
        self.root = ty;
        self
    }

    /// The outermost type's name.
    #[must_use]
    pub fn type_name(&self) -> &'static str {
        self.root
    }

    /// The field names from the outermost type down to the failing field.
    #[must_use]
    pub fn field_path(&self) -> &[&'static str] {
        &self.fields[..self.depth]
    }

    /// Why the conversion failed.
    #[must_use]
    pub fn reason(&self) -> &ConvertReason {
        &self.reason
    }
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.root)?;
        for field in self.field_path() {
            write!(f, ".{field}")?;
        }
        write!(f, ": {}", self.reason)
    }
}

impl fmt::Debug for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ConvertError({self})")
    }
}

impl core::error::Error for ConvertError {}

#[cfg(feature = "std")]
impl ConvertError {
    /// A wire value that could not become its logical value, as a stream's error
    /// (`InvalidData`).
    #[cold]
    pub(crate) fn invalid_data(e: impl Into<ConvertError>) -> std::io::Error {
        std::io::Error::new(std::io::ErrorKind::InvalidData, e.into())
    }

    /// A logical value that has no wire form, as a stream's error (`InvalidInput`); nothing
    /// was written.
    #[cold]
    pub(crate) fn invalid_input(e: impl Into<ConvertError>) -> std::io::Error {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, e.into())
    }
}

impl From<Infallible> for ConvertError {
    fn from(never: Infallible) -> Self {
        match never {}
    }
}

/// Combines the error types `A` and `B` of two conversions: [`Infallible`] only if both are.
///
/// Implemented for every `Self`: the derive names the type being derived as `Self`, which
/// makes the projection one that coherence can evaluate in the user's crate (needed to keep the
/// derived `From` and `TryFrom` impls apart).
#[doc(hidden)]
pub trait JoinError<A, B> {
    type Output: Into<ConvertError>;
}

impl<T: ?Sized> JoinError<Infallible, Infallible> for T {
    type Output = Infallible;
}
impl<T: ?Sized> JoinError<Infallible, ConvertError> for T {
    type Output = ConvertError;
}
impl<T: ?Sized> JoinError<ConvertError, Infallible> for T {
    type Output = ConvertError;
}
impl<T: ?Sized> JoinError<ConvertError, ConvertError> for T {
    type Output = ConvertError;
}
