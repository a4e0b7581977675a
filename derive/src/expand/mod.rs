//! Writing the generated code: the wire type, `Endianize`, the standard conversions and IO.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::Path;

use crate::model::{
    Body, Encoding, Endianness, Field, FieldKind, Input, Order, Pad, Style, Text, Variant,
};
use crate::shape::Shape;

pub(crate) fn expand(input: &Input) -> TokenStream {
    if input.format.is_some() {
        return format::expand(input);
    }
    if input.runtime {
        return runtime::expand(input);
    }
    let cx = Cx::new(input);
    let Generated { def, impls } = if input.framed_only {
        // Variable-length fields: no wire type, bincode-compatible framing only.
        let impls = match &input.body {
            Body::Struct(fields) => cx.frame_struct(fields, Target::Logical),
            Body::Enum { variants, .. } => cx.frame_enum(variants, Target::Logical),
            Body::Union(_) => TokenStream::new(), // refused while parsing
        };
        Generated {
            def: TokenStream::new(),
            impls,
        }
    } else {
        match &input.body {
            Body::Struct(fields) => {
                let mut out = cx.expand_struct(fields);
                out.impls.extend(cx.frame_struct(fields, Target::Logical));
                out.impls.extend(cx.frame_struct(fields, Target::Wire));
                out
            }
            Body::Enum { variants, repr } => {
                // (A generic enum was refused while parsing, unless it is framed only.)
                let mut out = enums::expand_enum(&cx, variants, repr);
                out.impls.extend(cx.frame_enum(variants, Target::Logical));
                out.impls.extend(cx.frame_enum(variants, Target::Wire));
                out
            }
            Body::Union(fields) => Generated {
                def: cx.expand_union(fields),
                impls: TokenStream::new(),
            },
        }
    };
    Generated { def, impls }.into_tokens()
}

/// What the derive writes: the wire type's definition, which the user names, and the impls,
/// which go inside one `const _: () = { ... };` (adding nothing else to the user's module, and
/// giving one place to the lint attributes every generated impl needs).
pub(crate) struct Generated {
    pub(crate) def: TokenStream,
    pub(crate) impls: TokenStream,
}

impl Generated {
    fn into_tokens(self) -> TokenStream {
        let Generated { def, impls } = self;
        if impls.is_empty() {
            return def;
        }
        quote! {
            #def
            #[allow(clippy::needless_question_mark, clippy::useless_conversion)]
            const _: () = { #impls };
        }
    }
}

mod convert;
mod enums;
mod format;
mod frame;
mod io;
mod runtime;
mod structs;
mod unions;

use frame::Target;

/// Which way a conversion goes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dir {
    ToWire,
    FromWire,
}

/// What every expansion step needs: the input, the crate path, the names.
#[derive(Clone)]
pub(crate) struct Cx<'a> {
    pub(crate) input: &'a Input,
    /// The byte order of the wire type being written, and of the fields that do not fix
    /// their own (see [`Cx::at`]); `None` for the framing of an `#[endian(runtime)]` type's
    /// logical type, which follows the configuration's order.
    pub(crate) order: Option<Order>,
    /// `::endian_wire` or the `#[endian_wire(crate = ...)]` path.
    pub(crate) c: &'a Path,
    /// The logical type's name, for error messages.
    pub(crate) type_name: String,
    /// Whether the input has type parameters (conversions then always report `ConvertError`).
    pub(crate) generic: bool,
    /// Whether the input has any generic parameters (sizes are then not constants).
    pub(crate) has_params: bool,
}

impl<'a> Cx<'a> {
    fn new(input: &'a Input) -> Self {
        Cx {
            input,
            order: match input.order {
                Endianness::Fixed(order) => Some(order),
                Endianness::Runtime => None,
            },
            c: &input.krate,
            type_name: input.ident.to_string(),
            generic: input.generics.type_params().next().is_some(),
            has_params: !input.generics.params.is_empty(),
        }
    }

    /// The context of one field: its own `#[endian]` order, if it has one, replaces the
    /// container's.
    pub(crate) fn at(&self, field: &Field) -> Cx<'a> {
        let mut cx = self.clone();
        if field.order.is_some() {
            cx.order = field.order;
        }
        cx
    }

    /// The byte order of the wire type being written.
    ///
    /// # Panics
    /// In the context of an `#[endian(runtime)]` type's framing, which has none: only its
    /// two wire types have an order.
    pub(crate) fn order(&self) -> Order {
        self.order
            .expect("the wire types of an `#[endian(runtime)]` type are written per order")
    }

    /// The trait linking the logical type to the wire type being written: `Endianize`, or for
    /// an `#[endian(runtime)]` type `EndianizeIn<BIG>` of this wire type's order.
    pub(crate) fn logical_trait(&self) -> TokenStream {
        self.logical_trait_at(Span::call_site())
    }

    /// [`logical_trait`](Self::logical_trait), its name spanned at `span` (where an error
    /// about a missing impl should point).
    fn logical_trait_at(&self, span: Span) -> TokenStream {
        let c = self.c;
        if self.input.runtime {
            let big = self.order() == Order::Big;
            quote_spanned!(span=> #c::EndianizeIn<#big>)
        } else {
            quote_spanned!(span=> #c::Endianize)
        }
    }

    /// [`logical_trait`](Self::logical_trait) with its associated type `assoc` set to `ty`.
    pub(crate) fn logical_trait_with(&self, assoc: &TokenStream, ty: &TokenStream) -> TokenStream {
        let c = self.c;
        if self.input.runtime {
            let big = self.order() == Order::Big;
            quote!(#c::EndianizeIn<#big, #assoc = #ty>)
        } else {
            quote!(#c::Endianize<#assoc = #ty>)
        }
    }

    /// The trait a nested type's wire type and conversions come from: `EndianizeIn<BIG>` of
    /// this order, so that a nested `#[endian(runtime)]` type follows it; a fixed-order type
    /// implements it in both orders with its own wire type.
    pub(crate) fn nested_trait(&self) -> TokenStream {
        self.nested_trait_at(Span::call_site())
    }

    /// [`nested_trait`](Self::nested_trait) spanned at `span`.
    pub(crate) fn nested_trait_at(&self, span: Span) -> TokenStream {
        let c = self.c;
        let big = self.order() == Order::Big;
        quote_spanned!(span=> #c::EndianizeIn<#big>)
    }

    /// What the wire type is, for its docs: "wire form", or for one of an
    /// `#[endian(runtime)]` type's two "big-endian wire form" or "little-endian wire form".
    pub(crate) fn wire_form(&self) -> &'static str {
        match (self.input.runtime, self.order()) {
            (false, _) => "wire form",
            (true, Order::Big) => "big-endian wire form",
            (true, Order::Little) => "little-endian wire form",
        }
    }

    fn wrapper(&self) -> TokenStream {
        let c = self.c;
        match self.order() {
            Order::Big => quote!(#c::BigEndian),
            Order::Little => quote!(#c::LittleEndian),
        }
    }

    fn wire_char(&self) -> TokenStream {
        let c = self.c;
        match self.order() {
            Order::Big => quote!(#c::BigEndianChar),
            Order::Little => quote!(#c::LittleEndianChar),
        }
    }

    // ----- types -------------------------------------------------------------------------

    /// The wire type of a field.
    pub(crate) fn wire_ty(&self, field: &Field) -> TokenStream {
        let cx = self.at(field);
        match &field.kind {
            FieldKind::Text(text) => cx.text_ty(text),
            FieldKind::Shaped(shape) => cx.shape_wire_ty(shape),
            // Framing-only types have no wire type; nothing asks for this.
            FieldKind::Framed(ty) => quote!(#ty),
        }
    }

    fn text_ty(&self, text: &Text) -> TokenStream {
        let c = self.c;
        let units = &text.units;
        let order = match self.order() {
            Order::Big => "Be",
            Order::Little => "Le",
        };
        let pad = match text.pad {
            Pad::Null => "NullPadded",
            Pad::Space => "SpacePadded",
            Pad::Packed => "Packed",
        };
        let name = match text.encoding {
            Encoding::Utf8 => format!("FixedUtf8{pad}"),
            Encoding::Utf16 => format!("FixedUtf16{order}{pad}"),
            Encoding::Utf32 => format!("FixedUtf32{order}{pad}"),
        };
        let name = Ident::new(&name, Span::call_site());
        quote!(#c::#name<#units>)
    }

    fn shape_wire_ty(&self, shape: &Shape) -> TokenStream {
        match shape {
            Shape::Wrap(ty, _) => {
                let w = self.wrapper();
                quote!(#w<#ty>)
            }
            Shape::Char => self.wire_char(),
            Shape::Bytes(ty) | Shape::AsIs(ty) => quote!(#ty),
            Shape::Array(element, len) => {
                let element = self.shape_wire_ty(element);
                quote!([#element; #len])
            }
            // Spanned at the field type, so "not `Endianize`" errors point there.
            Shape::Nested(ty) => {
                let span = syn::spanned::Spanned::span(ty);
                let nested = self.nested_trait_at(span);
                quote_spanned!(span=> <#ty as #nested>::Wire)
            }
            Shape::Tuple(elements) => {
                let elements = elements.iter().map(|e| self.shape_wire_ty(e));
                quote!((#(#elements,)*))
            }
        }
    }

    /// The logical type a shape stands for.
    fn shape_logical_ty(shape: &Shape) -> TokenStream {
        match shape {
            Shape::Wrap(ty, _) | Shape::Bytes(ty) | Shape::AsIs(ty) | Shape::Nested(ty) => {
                quote!(#ty)
            }
            Shape::Char => quote!(char),
            Shape::Array(element, len) => {
                let element = Self::shape_logical_ty(element);
                quote!([#element; #len])
            }
            Shape::Tuple(elements) => {
                let elements = elements.iter().map(Self::shape_logical_ty);
                quote!((#(#elements,)*))
            }
        }
    }

    // ----- derives -----------------------------------------------------------------------

    /// The user's `#[wire_derive(...)]` paths, and whether a trait of that name is among them.
    fn user_derives(&self) -> (Vec<&Path>, impl Fn(&str) -> bool + '_) {
        let paths: Vec<&Path> = self.input.wire_derive.iter().collect();
        let has = move |name: &str| {
            self.input
                .wire_derive
                .iter()
                .any(|p| p.segments.last().is_some_and(|s| s.ident == name))
        };
        (paths, has)
    }

    /// The standard traits among `standard` that the user's `#[wire_derive]` does not list.
    pub(crate) fn std_derives(&self, standard: &[StdTrait]) -> Vec<TokenStream> {
        let (_, has) = self.user_derives();
        standard
            .iter()
            .filter(|t| !has(t.name()))
            .map(|t| t.path())
            .collect()
    }

    /// `#[derive(...)]` for a wire struct or union: the standard traits given (unless the user
    /// lists them), the zerocopy traits given, and the user's.
    fn derive_attr(&self, standard: &[StdTrait], zerocopy: &[&str]) -> TokenStream {
        let c = self.c;
        let (user, has) = self.user_derives();
        let standard = self.std_derives(standard);
        let zc = zerocopy.iter().filter(|n| !has(n)).map(|n| {
            let n = Ident::new(n, Span::call_site());
            quote!(#c::zerocopy::#n)
        });
        let crate_str = format!("{}::zerocopy", quote!(#c).to_string().replace(' ', ""));
        quote! {
            #[derive(#(#standard,)* #(#zc,)* #(#user),*)]
            #[zerocopy(crate = #crate_str)]
        }
    }
}

/// The bindings of a variant's fields in a pattern: `__b0, __b1, ...`.
/// The inlining of the small methods the framing calls for every value: forced where it was
/// measured (builds without debug assertions), the compiler's choice otherwise, so that a
/// debug build instantiates them once per type instead of copying them into every caller
/// (the library's own hot paths carry the same pair; ARCHITECTURE.md says why).
pub(crate) fn inline_hot() -> TokenStream {
    quote!(
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
    )
}

pub(crate) fn bindings(v: &Variant) -> Vec<Ident> {
    v.fields
        .fields
        .iter()
        .map(|f| format_ident!("__b{}", f.index))
        .collect()
}

/// `Path::Variant { a: x0, .. }` / `Path::Variant(x0, ..)` / `Path::Variant`, with one part per
/// field: the bindings of a pattern, or the values of a constructor.
pub(crate) fn variant_expr<T: quote::ToTokens>(
    path: TokenStream,
    v: &Variant,
    parts: &[T],
) -> TokenStream {
    let members = v.fields.fields.iter().map(Field::member);
    match v.fields.style {
        Style::Named => quote!(#path { #(#members: #parts),* }),
        Style::Tuple => quote!(#path(#(#parts),*)),
        Style::Unit => quote!(#path),
    }
}

/// A standard trait a wire type derives unless the user's `#[wire_derive]` names it.
#[derive(Clone, Copy)]
pub(crate) enum StdTrait {
    Clone,
    Copy,
    Debug,
    PartialEq,
}

impl StdTrait {
    /// The value traits of a non-generic wire struct or enum.
    pub(crate) const VALUE: [StdTrait; 4] = [
        StdTrait::Clone,
        StdTrait::Copy,
        StdTrait::Debug,
        StdTrait::PartialEq,
    ];

    /// The name a user's `#[wire_derive]` would give it.
    fn name(self) -> &'static str {
        match self {
            StdTrait::Clone => "Clone",
            StdTrait::Copy => "Copy",
            StdTrait::Debug => "Debug",
            StdTrait::PartialEq => "PartialEq",
        }
    }

    fn path(self) -> TokenStream {
        match self {
            StdTrait::Clone => quote!(::core::clone::Clone),
            StdTrait::Copy => quote!(::core::marker::Copy),
            StdTrait::Debug => quote!(::core::fmt::Debug),
            StdTrait::PartialEq => quote!(::core::cmp::PartialEq),
        }
    }
}
