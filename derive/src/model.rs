//! The model of a derive input: the derived type, what its attributes mean, and every
//! field's wire shape. `ast` builds it from the tokens, `check` refuses what has no wire form,
//! `layout` and `expand` read it.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::{Attribute, Expr, Generics, Ident, LitInt, Path, Type, Visibility};

use crate::shape::Shape;

/// A byte order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Order {
    Big,
    Little,
}

/// What `#[endian(...)]` says: one byte order, or `runtime` (on a container: two wire types,
/// the order chosen when reading and writing).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Endianness {
    Fixed(Order),
    Runtime,
}

/// `#[wire_repr(...)]` (or the default `repr(C)`), as far as layout needs it.
#[derive(Clone)]
pub(crate) struct WireRepr {
    /// The tokens inside `#[repr(...)]` of the wire type.
    pub(crate) tokens: TokenStream,
    /// `packed` is `Some(1)`, `packed(N)` is `Some(N)`.
    pub(crate) packed: Option<u64>,
    /// `align(N)`.
    pub(crate) align: Option<u64>,
}

/// Text encodings of `#[text(...)]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Encoding {
    Utf8,
    Utf16,
    Utf32,
}

/// Padding of `#[text(..., pad = "...")]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Pad {
    Null,
    Space,
    /// No `pad`: UTF-16/32 code units exactly filled ("packed").
    Packed,
}

/// A fixed text field: a `String` on the logical side.
#[derive(Clone)]
pub(crate) struct Text {
    pub(crate) encoding: Encoding,
    pub(crate) units: LitInt,
    pub(crate) pad: Pad,
}

/// How a field travels. (Built once per field at expansion time; size does not matter.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub(crate) enum FieldKind {
    Shaped(Shape),
    Text(Text),
    /// A variable-length type (`Vec`, `String`, `Option`, ...): the container is framing-only.
    Framed(Type),
}

/// One field of a struct, union or variant.
#[derive(Clone)]
pub(crate) struct Field {
    /// `Some` for named fields.
    pub(crate) ident: Option<Ident>,
    pub(crate) index: usize,
    /// The type as declared on the logical type.
    pub(crate) ty: Type,
    pub(crate) kind: FieldKind,
    /// `#[frame(len = ...)]`: the `endian_wire::frame::len` type of its length prefix.
    pub(crate) frame_len: Option<Ident>,
    /// `#[endian(be)]` / `#[endian(le)]` on the field: its order, whatever the container's.
    pub(crate) order: Option<Order>,
    /// `#[wire(...)]` on the field.
    pub(crate) format: FieldFormat,
    pub(crate) attrs_to_copy: Vec<Attribute>,
}

impl Field {
    /// The name used in errors: the field name or its index.
    pub(crate) fn display_name(&self) -> String {
        match &self.ident {
            Some(ident) => ident.to_string(),
            None => self.index.to_string(),
        }
    }

    /// `a` or `0`, for field access.
    pub(crate) fn member(&self) -> syn::Member {
        match &self.ident {
            Some(ident) => syn::Member::Named(ident.clone()),
            None => syn::Member::Unnamed(syn::Index::from(self.index)),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Style {
    Named,
    Tuple,
    Unit,
}

#[derive(Clone)]
pub(crate) struct FieldList {
    pub(crate) style: Style,
    pub(crate) fields: Vec<Field>,
}

#[derive(Clone)]
pub(crate) struct Variant {
    pub(crate) ident: Ident,
    pub(crate) fields: FieldList,
    pub(crate) discriminant: Option<Expr>,
    pub(crate) is_default: bool,
    /// `#[wire(...)]` on the variant.
    pub(crate) format: VariantFormat,
    pub(crate) attrs_to_copy: Vec<Attribute>,
}

#[derive(Clone)]
pub(crate) enum Body {
    Struct(FieldList),
    Enum {
        variants: Vec<Variant>,
        /// The integer type of `#[repr(uN)]`, if any.
        repr: Option<Ident>,
    },
    Union(FieldList),
}

/// The whole derive input.
#[derive(Clone)]
pub(crate) struct Input {
    pub(crate) ident: Ident,
    pub(crate) wire_ident: Ident,
    pub(crate) vis: Visibility,
    pub(crate) generics: Generics,
    /// The container's `#[endian]`. An `#[endian(runtime)]` type is expanded once per order,
    /// each time with `Fixed` here and `runtime` set.
    pub(crate) order: Endianness,
    /// Declared `#[endian(runtime)]`: the logical type converts to two wire types,
    /// `FooWireBe` and `FooWireLe`, through `EndianizeIn<BIG>` instead of `Endianize`.
    pub(crate) runtime: bool,
    pub(crate) krate: Path,
    pub(crate) repr: WireRepr,
    pub(crate) wire_derive: Vec<Path>,
    pub(crate) wire_default: bool,
    pub(crate) body: Body,
    /// A field has variable length: no wire type, only framing.
    pub(crate) framed_only: bool,
    /// The logical type is `#[repr(packed)]`: its fields are copied out, never referenced.
    pub(crate) logical_packed: bool,
    /// `#[endian_wire(bincode)]`: bincode 2's traits for the logical and wire types. Only on
    /// request, so that turning on the `bincode` feature anywhere in a dependency graph never
    /// collides with a user's own `#[derive(bincode::Encode)]`.
    pub(crate) bincode: bool,
    /// A format declaration (`#[wire(...)]` somewhere): `ReadFormat` / `WriteFormat` instead
    /// of a wire type and framing.
    pub(crate) format: Option<Format>,
}

impl ToTokens for Order {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.extend(match self {
            Order::Big => quote::quote!(BigEndian),
            Order::Little => quote::quote!(LittleEndian),
        });
    }
}

/// A `#[wire(magic = ...)]`: bytes, or an integer written in the container's order.
#[derive(Clone)]
pub(crate) enum Magic {
    Bytes(Vec<u8>),
    /// The value's bits and its width in bytes (from the literal's suffix).
    Int(u128, usize),
}

impl Magic {
    /// The bytes on the wire in `order`.
    pub(crate) fn bytes(&self, order: Order) -> Vec<u8> {
        match self {
            Magic::Bytes(bytes) => bytes.clone(),
            Magic::Int(value, width) => {
                let le = value.to_le_bytes();
                let mut bytes = le[..*width].to_vec();
                if order == Order::Big {
                    bytes.reverse();
                }
                bytes
            }
        }
    }
}

/// An enum's `#[wire(tag = u16)]`: the tag's integer type and, for an alias such as `u16be`,
/// the order it fixes.
#[derive(Clone)]
pub(crate) struct TagType {
    pub(crate) int: Ident,
    pub(crate) order: Option<Order>,
}

/// A format declaration's container attributes: present when any `#[wire(...)]` is.
#[derive(Clone, Default)]
pub(crate) struct Format {
    pub(crate) magic: Option<Magic>,
    pub(crate) tag: Option<TagType>,
}

/// `#[wire(...)]` on a variant.
#[derive(Clone, Default)]
pub(crate) struct VariantFormat {
    pub(crate) tag: Option<Expr>,
    pub(crate) fallback: bool,
}

/// `#[wire(...)]` on a field.
#[derive(Clone, Default)]
pub(crate) struct FieldFormat {
    pub(crate) count: Option<Expr>,
    pub(crate) until_eof: bool,
    /// `terminator = expr`: the element value that ends the list.
    pub(crate) terminator: Option<Expr>,
    pub(crate) calc: Option<Expr>,
    pub(crate) cond: Option<Expr>,
    pub(crate) pad_before: Option<Expr>,
    pub(crate) pad_after: Option<Expr>,
    pub(crate) align_before: Option<Expr>,
    pub(crate) align_after: Option<Expr>,
    pub(crate) pad_size_to: Option<Expr>,
    /// `bytes = expr`: the field is read from exactly this many bytes (a list inside them
    /// reads to their end) and must write exactly as many.
    pub(crate) bytes: Option<Expr>,
    /// `bits = N`: the field's width inside a packed container word, most significant first.
    pub(crate) bits: Option<syn::LitInt>,
    /// `new_word` on a bit field: it starts a new container word even right after another
    /// bit field.
    pub(crate) new_word: Option<proc_macro2::Span>,
    /// `checksum = path`: the function computing the field from the bytes it covers.
    pub(crate) checksum: Option<Expr>,
    /// `from = field`: where a checksum's bytes start (else the start of the declaration).
    pub(crate) from: Option<Ident>,
    /// `through = field`: the last field a checksum covers (else the one before it).
    pub(crate) through: Option<Ident>,
    /// `offset = expr`: where the field is, from the start of the input; read there with the
    /// position restored after it, written there (zeros up to it) when not behind.
    pub(crate) offset: Option<Expr>,
    /// `order = expr`: the byte order of the fields after this one (an `Endian`, or an
    /// `Option<Endian>` whose `None` is an error), in an `#[endian(runtime)]` declaration.
    pub(crate) order: Option<Expr>,
    /// Set by `ast` on the field a bare `count = field` names (without its own `calc`): the
    /// collection whose length it is written as.
    pub(crate) counts: Option<Ident>,
    /// `temp`: the field is declared `Temp<T>` and holds nothing; `T` travels (read into a
    /// local for the fields after it, written from its `calc`, count or checksum).
    pub(crate) temp: Option<proc_macro2::Span>,
}

impl FieldFormat {
    /// Whether field `i` of `list` continues the bit group of the field before it.
    pub(crate) fn continues_group(list: &[Field], i: usize) -> bool {
        i > 0
            && list[i].format.bits.is_some()
            && list[i].format.new_word.is_none()
            && list[i - 1].format.bits.is_some()
    }

    /// `N` of `bits = N` (0 when it did not parse, which `attr` reported).
    pub(crate) fn bit_width(&self) -> Option<u32> {
        self.bits
            .as_ref()
            .map(|lit| lit.base10_parse::<u32>().unwrap_or(0))
    }

    /// Whether any `#[wire(...)]` key is on the field.
    pub(crate) fn is_set(&self) -> bool {
        self.count.is_some()
            || self.until_eof
            || self.terminator.is_some()
            || self.calc.is_some()
            || self.cond.is_some()
            || self.bits.is_some()
            || self.new_word.is_some()
            || self.checksum.is_some()
            || self.from.is_some()
            || self.through.is_some()
            || self.order.is_some()
            || self.offset.is_some()
            || self.temp.is_some()
            || self.bytes.is_some()
            || self.has_padding()
    }

    /// Whether the field is read and written on its own, not in a run of fixed-size fields:
    /// padding or alignment around it, an offset, or its own byte count.
    pub(crate) fn stands_alone(&self) -> bool {
        self.has_padding() || self.offset.is_some() || self.bytes.is_some()
    }

    /// Whether the field has padding or alignment around it.
    pub(crate) fn has_padding(&self) -> bool {
        self.pad_before.is_some()
            || self.pad_after.is_some()
            || self.align_before.is_some()
            || self.align_after.is_some()
            || self.pad_size_to.is_some()
    }
}
