//! The input model: the derived type, its attributes' meaning, and every field's wire shape.
//! [`Input::from_derive`] reads the attributes (`attr`), builds the model, and has `check`
//! refuse what has no wire form; every problem is collected with its span, so one expansion
//! reports all of them.

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use syn::{
    Attribute, Data, DeriveInput, Expr, Fields, Generics, Ident, LitInt, Path, Type, Visibility,
};

use crate::attr::{self, ContainerAttrs, FieldAttrs, VariantAttrs};
use crate::check::{self, Errors, Support};
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
}

impl ToTokens for Order {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.extend(match self {
            Order::Big => quote::quote!(BigEndian),
            Order::Little => quote::quote!(LittleEndian),
        });
    }
}

impl Input {
    /// This input as one of the two expansions of an `#[endian(runtime)]` type: the wire type
    /// `FooWireBe` or `FooWireLe`, in that order.
    pub(crate) fn in_order(&self, order: Order) -> Input {
        let suffix = match order {
            Order::Big => "Be",
            Order::Little => "Le",
        };
        Input {
            order: Endianness::Fixed(order),
            wire_ident: Ident::new(&format!("{}Wire{suffix}", self.ident), self.ident.span()),
            ..self.clone()
        }
    }

    pub(crate) fn from_derive(input: &DeriveInput) -> Result<Input, syn::Error> {
        let mut errors = Errors::default();
        let attrs = ContainerAttrs::parse(input, &mut errors);
        let body = match &input.data {
            Data::Struct(s) => Body::Struct(fields(&s.fields, &[], &mut errors)),
            Data::Union(u) => {
                Body::Union(fields(&Fields::Named(u.fields.clone()), &[], &mut errors))
            }
            Data::Enum(e) => {
                let variants = e
                    .variants
                    .iter()
                    .map(|v| {
                        let v_attrs = VariantAttrs::parse(&v.attrs, &mut errors);
                        check::variant_attrs(v, &v_attrs, &mut errors);
                        Variant {
                            ident: v.ident.clone(),
                            fields: fields(&v.fields, &v_attrs.tuple_text, &mut errors),
                            discriminant: v.discriminant.as_ref().map(|(_, e)| e.clone()),
                            is_default: v_attrs.is_default,
                            attrs_to_copy: attr::copied_attrs(&v.attrs),
                        }
                    })
                    .collect();
                Body::Enum {
                    variants,
                    repr: attrs.int_repr.clone(),
                }
            }
        };
        let framed_only = body
            .all_fields()
            .any(|f| matches!(f.kind, FieldKind::Framed(_)));
        let order = check::container(input, &attrs, &body, framed_only, &mut errors);
        errors.finish()?;
        let runtime = order == Endianness::Runtime;
        let ContainerAttrs {
            wire_repr,
            wire_derive,
            wire_default,
            krate,
            bincode,
            logical_layout,
            ..
        } = attrs;
        Ok(Input {
            framed_only,
            wire_ident: Ident::new(&format!("{}Wire", input.ident), input.ident.span()),
            ident: input.ident.clone(),
            vis: input.vis.clone(),
            generics: input.generics.clone(),
            order,
            runtime,
            krate,
            logical_packed: logical_layout.as_ref().is_some_and(|l| l.packed.is_some()),
            bincode,
            repr: wire_repr
                .into_iter()
                .find_map(|(_, r)| r)
                .or(logical_layout)
                .unwrap_or(WireRepr {
                    tokens: quote::quote!(C),
                    packed: None,
                    align: None,
                }),
            wire_derive,
            wire_default: wire_default.is_some(),
            body,
        })
    }
}

impl Body {
    /// Every field, of every variant for an enum.
    pub(crate) fn all_fields(&self) -> impl Iterator<Item = &Field> {
        let lists: Vec<&FieldList> = match self {
            Body::Struct(f) | Body::Union(f) => vec![f],
            Body::Enum { variants, .. } => variants.iter().map(|v| &v.fields).collect(),
        };
        lists.into_iter().flat_map(|l| l.fields.iter())
    }
}

/// The fields of a struct, union or variant; `tuple_text` are the variant's
/// `#[tuple_text(idx = N, ...)]`.
fn fields(fields: &Fields, tuple_text: &[(usize, Text, Span)], errors: &mut Errors) -> FieldList {
    let style = match fields {
        Fields::Named(_) => Style::Named,
        Fields::Unnamed(_) => Style::Tuple,
        Fields::Unit => Style::Unit,
    };
    check::tuple_text_indices(tuple_text, fields.len(), errors);
    let fields = fields
        .iter()
        .enumerate()
        .map(|(index, field)| {
            let f_attrs = FieldAttrs::parse(&field.attrs, errors);
            let from_variant = tuple_text.iter().find(|(i, _, _)| *i == index);
            check::field_attrs(
                field,
                &f_attrs,
                from_variant.map(|(_, _, span)| *span),
                errors,
            );
            let text = from_variant
                .map(|(_, t, _)| t.clone())
                .or_else(|| f_attrs.text.iter().find_map(|(_, t)| t.clone()));
            let kind = match text {
                Some(t) => FieldKind::Text(t),
                // A `#[text]` that failed to parse has been reported; the field is no error.
                None if !f_attrs.text.is_empty() => FieldKind::Shaped(Shape::of(&field.ty)),
                None => match check::supported(&field.ty, errors) {
                    Support::Fixed => FieldKind::Shaped(Shape::of(&field.ty)),
                    Support::FramedOnly => FieldKind::Framed(field.ty.clone()),
                },
            };
            Field {
                ident: field.ident.clone(),
                index,
                ty: field.ty.clone(),
                kind,
                frame_len: f_attrs.frame_len.iter().find_map(|(_, len)| len.clone()),
                order: f_attrs.endian.iter().find_map(|(_, order)| match order {
                    Some(Endianness::Fixed(order)) => Some(*order),
                    _ => None,
                }),
                attrs_to_copy: attr::copied_attrs(&field.attrs),
            }
        })
        .collect();
    FieldList { style, fields }
}
