//! The input model: the container, its attributes, and every field's wire shape. Every problem
//! found is collected with the span of the offending tokens, so one expansion reports all of
//! them.

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::{
    Attribute, Data, DeriveInput, Expr, Fields, Generics, Ident, LitInt, LitStr, Path, Type,
    Visibility,
};

use crate::shape::Shape;

/// The byte order the container declares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Order {
    Big,
    Little,
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
    pub(crate) order: Order,
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

/// Collects errors so that all of them are reported at once.
#[derive(Default)]
struct Errors(Option<syn::Error>);

impl Errors {
    fn push(&mut self, error: syn::Error) {
        match &mut self.0 {
            Some(all) => all.combine(error),
            None => self.0 = Some(error),
        }
    }

    fn at(&mut self, span: Span, message: impl std::fmt::Display) {
        self.push(syn::Error::new(span, message));
    }

    fn finish(self) -> Result<(), syn::Error> {
        self.0.map_or(Ok(()), Err)
    }
}

const ENDIAN_HELP: &str = "use `#[endian(be)]` or `#[endian(le)]` (also `big`, `big_endian`, \
                           `little`, `little_endian`)";

impl Input {
    pub(crate) fn from_derive(input: &DeriveInput) -> Result<Input, syn::Error> {
        let mut errors = Errors::default();
        let mut order = None;
        let mut has_endian_attr = false;
        let mut krate: Path = {
            let name = Ident::new(&crate::krate::crate_name(), Span::call_site());
            syn::parse_quote!(::#name)
        };
        let mut repr = None;
        let mut wire_derive = Vec::new();
        let mut wire_default = false;
        let mut int_repr = None;
        // A logical `#[repr(C, packed)]` / `align(N)` struct: its wire type gets the same layout
        // unless `#[wire_repr]` says otherwise (simple_endian does the same).
        let mut logical_layout: Option<WireRepr> = None;
        let mut bincode = false;

        for attr in &input.attrs {
            let name = attr.path().get_ident().map(ToString::to_string);
            match name.as_deref() {
                Some("endian") => {
                    if has_endian_attr {
                        errors.at(
                            attr.span(),
                            "duplicate `#[endian]`: give the byte order once",
                        );
                    }
                    has_endian_attr = true;
                    match parse_order(attr) {
                        Ok(o) => order = Some(o),
                        Err(e) => errors.push(e),
                    }
                }
                Some("wire_repr") => {
                    if repr.is_some() {
                        errors.at(attr.span(), "duplicate `#[wire_repr]`: merge them into one");
                    }
                    match parse_wire_repr(attr) {
                        Ok(r) => repr = Some(r),
                        Err(e) => errors.push(e),
                    }
                }
                Some("wire_derive") => {
                    let parsed = attr.parse_args_with(
                        syn::punctuated::Punctuated::<Path, syn::Token![,]>::parse_terminated,
                    );
                    match parsed {
                        Ok(paths) => wire_derive.extend(paths),
                        Err(e) => errors.push(syn::Error::new(
                            e.span(),
                            format!("{e}; expected `#[wire_derive(Trait, ...)]`"),
                        )),
                    }
                }
                Some("wire_default") => {
                    if !matches!(attr.meta, syn::Meta::Path(_)) {
                        errors.at(attr.span(), "`#[wire_default]` takes no arguments");
                    }
                    wire_default = true;
                }
                Some("endian_wire") => {
                    let result = attr.parse_nested_meta(|meta| {
                        if meta.path.is_ident("crate") {
                            krate = meta.value()?.parse()?;
                            Ok(())
                        } else if meta.path.is_ident("bincode") {
                            bincode = true;
                            Ok(())
                        } else {
                            Err(meta.error(
                                "unknown key; use `crate = path` or `bincode` (bincode 2's \
                                 traits through the framing)",
                            ))
                        }
                    });
                    if let Err(e) = result {
                        errors.push(e);
                    }
                }
                Some("repr") => {
                    if !matches!(input.data, Data::Enum(_))
                        && let Ok(layout) = parse_wire_repr(attr)
                        && (layout.packed.is_some() || layout.align.is_some())
                    {
                        logical_layout = Some(layout);
                    }
                    let _ = attr.parse_nested_meta(|meta| {
                        if let Some(ident) = meta.path.get_ident()
                            && is_int_type(&ident.to_string())
                        {
                            int_repr = Some(ident.clone());
                        }
                        if meta.input.peek(syn::token::Paren) {
                            let _: TokenStream = meta.input.parse()?;
                        }
                        Ok(())
                    });
                }
                Some("text" | "tuple_text") if !matches!(input.data, Data::Enum(_)) => {
                    errors.at(
                        attr.span(),
                        "`#[text]` belongs on a `String` field, `#[tuple_text]` on an enum \
                         tuple variant",
                    );
                }
                _ => {}
            }
        }

        let order = order.unwrap_or_else(|| {
            if has_endian_attr {
                return Order::Big; // reported where the attribute is
            }
            errors.at(
                input.ident.span(),
                format!("`#[derive(Endianize)]` needs the byte order: {ENDIAN_HELP}"),
            );
            Order::Big
        });

        let body = match &input.data {
            Data::Struct(s) => Body::Struct(parse_fields(&s.fields, &[], &mut errors)),
            Data::Union(u) => Body::Union(parse_fields(
                &Fields::Named(u.fields.clone()),
                &[],
                &mut errors,
            )),
            Data::Enum(e) => {
                let mut variants = Vec::new();
                for v in &e.variants {
                    let mut tuple_texts = Vec::new();
                    let mut is_default = false;
                    for attr in &v.attrs {
                        if attr.path().is_ident("tuple_text") {
                            match parse_tuple_text(attr) {
                                Ok(t) => tuple_texts.push(t),
                                Err(e) => errors.push(e),
                            }
                        } else if attr.path().is_ident("default") {
                            is_default = true;
                        } else if attr.path().is_ident("text") {
                            errors.at(
                                attr.span(),
                                "`#[text]` goes on a field; for a tuple variant use \
                                 `#[tuple_text(idx = N, ...)]`",
                            );
                        }
                    }
                    if !tuple_texts.is_empty() && !matches!(v.fields, Fields::Unnamed(_)) {
                        errors.at(
                            v.ident.span(),
                            "`#[tuple_text]` is for tuple variants; on named fields use `#[text]`",
                        );
                    }
                    let fields = parse_fields(&v.fields, &tuple_texts, &mut errors);
                    variants.push(Variant {
                        ident: v.ident.clone(),
                        fields,
                        discriminant: v.discriminant.as_ref().map(|(_, e)| e.clone()),
                        is_default,
                        attrs_to_copy: copied_attrs(&v.attrs),
                    });
                }
                if variants.is_empty() {
                    errors.at(
                        input.ident.span(),
                        "an enum without variants has no wire form; add a variant",
                    );
                }
                if wire_default && !variants.iter().any(|v| v.is_default) {
                    errors.at(
                        input.ident.span(),
                        "`#[wire_default]` needs a unit variant marked `#[default]`",
                    );
                }
                if let Some(v) = variants.iter().find(|v| v.is_default)
                    && v.fields.style != Style::Unit
                    && wire_default
                {
                    errors.at(
                        v.ident.span(),
                        "the `#[default]` variant must be a unit variant",
                    );
                }
                check_literal_discriminants(&variants, int_repr.as_ref(), &mut errors);
                Body::Enum {
                    variants,
                    repr: int_repr,
                }
            }
        };

        if wire_default && !matches!(body, Body::Enum { .. }) {
            errors.at(
                input.ident.span(),
                "`#[wire_default]` is for enums; for structs add `#[wire_derive(Default)]`",
            );
        }

        let all_fields: Vec<&Field> = match &body {
            Body::Struct(f) | Body::Union(f) => f.fields.iter().collect(),
            Body::Enum { variants, .. } => variants
                .iter()
                .flat_map(|v| v.fields.fields.iter())
                .collect(),
        };
        let framed_only = all_fields
            .iter()
            .any(|f| matches!(f.kind, FieldKind::Framed(_)));
        if framed_only && matches!(body, Body::Union(_)) {
            errors.at(
                input.ident.span(),
                "a union cannot hold variable-length fields",
            );
        }
        errors.finish()?;
        Ok(Input {
            framed_only,
            wire_ident: Ident::new(&format!("{}Wire", input.ident), input.ident.span()),
            ident: input.ident.clone(),
            vis: input.vis.clone(),
            generics: input.generics.clone(),
            order,
            krate,
            logical_packed: logical_layout.as_ref().is_some_and(|l| l.packed.is_some()),
            bincode,
            repr: repr.or(logical_layout).unwrap_or(WireRepr {
                tokens: quote::quote!(C),
                packed: None,
                align: None,
            }),
            wire_derive,
            wire_default,
            body,
        })
    }
}

/// Attributes carried over to the generated items: docs and `cfg`s.
fn copied_attrs(attrs: &[Attribute]) -> Vec<Attribute> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("doc") || a.path().is_ident("cfg"))
        .cloned()
        .collect()
}

fn is_int_type(name: &str) -> bool {
    matches!(
        name,
        "u8" | "u16"
            | "u32"
            | "u64"
            | "u128"
            | "i8"
            | "i16"
            | "i32"
            | "i64"
            | "i128"
            | "usize"
            | "isize"
    )
}

fn parse_order(attr: &Attribute) -> Result<Order, syn::Error> {
    let word = match &attr.meta {
        syn::Meta::List(_) => attr
            .parse_args::<Ident>()
            .map(|i| (i.to_string(), i.span()))
            .or_else(|_| attr.parse_args::<LitStr>().map(|s| (s.value(), s.span())))
            .map_err(|e| syn::Error::new(e.span(), format!("expected one word: {ENDIAN_HELP}")))?,
        syn::Meta::NameValue(nv) => match &nv.value {
            Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => (s.value(), s.span()),
            other => return Err(syn::Error::new(other.span(), ENDIAN_HELP)),
        },
        syn::Meta::Path(_) => return Err(syn::Error::new(attr.span(), ENDIAN_HELP)),
    };
    match word.0.to_ascii_lowercase().as_str() {
        "be" | "big" | "big_endian" | "bigendian" | "network" => Ok(Order::Big),
        "le" | "little" | "little_endian" | "littleendian" => Ok(Order::Little),
        other => Err(syn::Error::new(
            word.1,
            format!("unknown byte order `{other}`: {ENDIAN_HELP}"),
        )),
    }
}

fn parse_wire_repr(attr: &Attribute) -> Result<WireRepr, syn::Error> {
    let mut packed = None;
    let mut align = None;
    let mut has_c = false;
    attr.parse_nested_meta(|meta| {
        let name = meta
            .path
            .get_ident()
            .map(ToString::to_string)
            .unwrap_or_default();
        match name.as_str() {
            "C" => has_c = true,
            "packed" | "align" => {
                let n = if meta.input.peek(syn::token::Paren) {
                    let content;
                    syn::parenthesized!(content in meta.input);
                    let lit: LitInt = content.parse()?;
                    let n: u64 = lit.base10_parse()?;
                    if !n.is_power_of_two() {
                        return Err(syn::Error::new(
                            lit.span(),
                            format!(
                                "`{name}({n})`: the value must be a power of two (1, 2, 4, 8, ...)"
                            ),
                        ));
                    }
                    Some(n)
                } else {
                    None
                };
                if name == "packed" {
                    packed = Some(n.unwrap_or(1));
                } else {
                    align = Some(n.ok_or_else(|| meta.error("`align` needs a value: `align(8)`"))?);
                }
            }
            "transparent" => has_c = true,
            _ => {
                return Err(meta.error(
                    "unsupported in `#[wire_repr]`: use `C`, `packed`, `packed(N)`, `align(N)` \
                     or `transparent`",
                ));
            }
        }
        Ok(())
    })?;
    let mut tokens = attr.parse_args::<TokenStream>()?;
    if !has_c {
        // `packed` / `align` alone would give Rust's layout; the wire needs declaration order.
        tokens = quote::quote!(C, #tokens);
    }
    Ok(WireRepr {
        tokens,
        packed,
        align,
    })
}

const FRAME_LEN_HELP: &str =
    "expected `#[frame(len = short_vec)]` (or `u8`, `u16`, `u32`, `u64`, `varint`)";

/// `#[frame(len = short_vec)]` on a `Vec<T>`, `String` or `Box<[T]>` field: the
/// `endian_wire::frame::len` type to use for its length prefix.
fn parse_frame_len(attr: &Attribute, ty: &Type) -> Result<Ident, syn::Error> {
    let mut len = None;
    attr.parse_nested_meta(|meta| {
        if !meta.path.is_ident("len") {
            return Err(meta.error(FRAME_LEN_HELP));
        }
        if len.is_some() {
            return Err(meta.error("duplicate `len`"));
        }
        let value: Ident = meta.value()?.parse()?;
        let name = match value.to_string().as_str() {
            "short_vec" => "ShortVec",
            "u8" => "U8",
            "u16" => "U16",
            "u32" => "U32",
            "u64" => "U64",
            "varint" => "Varint",
            other => {
                return Err(syn::Error::new(
                    value.span(),
                    format!("unknown length encoding `{other}`: {FRAME_LEN_HELP}"),
                ));
            }
        };
        len = Some(Ident::new(name, value.span()));
        Ok(())
    })?;
    let len = len.ok_or_else(|| syn::Error::new(attr.span(), FRAME_LEN_HELP))?;
    if !is_sequence(ty) {
        return Err(syn::Error::new(
            ty.span(),
            "`#[frame(len = ...)]` goes on a `Vec<T>`, `String` or `Box<[T]>` field",
        ));
    }
    Ok(len)
}

/// `Vec<..>`, `String` or `Box<[..]>`, by the last segment of the path.
fn is_sequence(ty: &Type) -> bool {
    let Type::Path(path) = ty else { return false };
    let Some(last) = path.path.segments.last() else {
        return false;
    };
    match last.ident.to_string().as_str() {
        "Vec" | "String" => true,
        "Box" => matches!(
            &last.arguments,
            syn::PathArguments::AngleBracketed(args)
                if matches!(args.args.first(), Some(syn::GenericArgument::Type(Type::Slice(_))))
        ),
        _ => false,
    }
}

fn parse_text(attr: &Attribute) -> Result<Text, syn::Error> {
    parse_text_args(attr, false).map(|(_, t)| t)
}

fn parse_tuple_text(attr: &Attribute) -> Result<(usize, Text, Span), syn::Error> {
    let (idx, text) = parse_text_args(attr, true)?;
    let idx = idx.ok_or_else(|| {
        syn::Error::new(
            attr.span(),
            "`#[tuple_text]` needs the field index: `idx = 0`",
        )
    })?;
    Ok((idx, text, attr.span()))
}

const TEXT_HELP: &str = "expected `#[text(utf8|utf16|utf32, units = N, pad = \"null\"|\"space\")]`";

fn parse_text_args(attr: &Attribute, tuple: bool) -> Result<(Option<usize>, Text), syn::Error> {
    let mut encoding = None;
    let mut units = None;
    let mut pad = None;
    let mut idx = None;
    attr.parse_nested_meta(|meta| {
        let key = meta
            .path
            .get_ident()
            .map(ToString::to_string)
            .unwrap_or_default();
        let duplicate = |what: &str| meta.error(format!("duplicate `{what}`"));
        match key.as_str() {
            "utf8" | "utf16" | "utf32" => {
                if encoding.is_some() {
                    return Err(duplicate("encoding"));
                }
                encoding = Some(match key.as_str() {
                    "utf8" => Encoding::Utf8,
                    "utf16" => Encoding::Utf16,
                    _ => Encoding::Utf32,
                });
            }
            "units" => {
                if units.is_some() {
                    return Err(duplicate("units"));
                }
                let lit: LitInt = meta.value()?.parse()?;
                let n: u64 = lit.base10_parse()?;
                if n == 0 {
                    return Err(syn::Error::new(lit.span(), "`units` must be at least 1"));
                }
                units = Some(lit);
            }
            "pad" => {
                if pad.is_some() {
                    return Err(duplicate("pad"));
                }
                let lit: LitStr = meta.value()?.parse()?;
                pad = Some(match lit.value().as_str() {
                    "null" | "nul" => Pad::Null,
                    "space" => Pad::Space,
                    other => {
                        return Err(syn::Error::new(
                            lit.span(),
                            format!("unknown padding `{other}`: use `pad = \"null\"` or `pad = \"space\"`"),
                        ));
                    }
                });
            }
            "idx" if tuple => {
                if idx.is_some() {
                    return Err(duplicate("idx"));
                }
                let lit: LitInt = meta.value()?.parse()?;
                idx = Some(lit.base10_parse()?);
            }
            _ => return Err(meta.error(format!("unknown key `{key}`; {TEXT_HELP}"))),
        }
        Ok(())
    })?;
    let encoding = encoding
        .ok_or_else(|| syn::Error::new(attr.span(), format!("missing encoding; {TEXT_HELP}")))?;
    let units = units
        .ok_or_else(|| syn::Error::new(attr.span(), format!("missing `units`; {TEXT_HELP}")))?;
    let pad = match (pad, encoding) {
        (Some(p), _) => p,
        (None, Encoding::Utf8) => {
            return Err(syn::Error::new(
                attr.span(),
                format!("UTF-8 text needs `pad = \"null\"` or `pad = \"space\"`; {TEXT_HELP}"),
            ));
        }
        (None, _) => Pad::Packed,
    };
    Ok((
        idx,
        Text {
            encoding,
            units,
            pad,
        },
    ))
}

fn is_string(ty: &Type) -> bool {
    matches!(ty, Type::Path(p) if p.qself.is_none()
        && p.path.segments.last().is_some_and(|s| s.ident == "String" && s.arguments.is_none()))
}

fn parse_fields(
    fields: &Fields,
    tuple_texts: &[(usize, Text, Span)],
    errors: &mut Errors,
) -> FieldList {
    let style = match fields {
        Fields::Named(_) => Style::Named,
        Fields::Unnamed(_) => Style::Tuple,
        Fields::Unit => Style::Unit,
    };
    for (idx, _, span) in tuple_texts {
        if *idx >= fields.len() {
            errors.at(
                *span,
                format!(
                    "`idx = {idx}` is past the last field (the variant has {})",
                    fields.len()
                ),
            );
        }
    }
    let mut out = Vec::new();
    for (index, field) in fields.iter().enumerate() {
        let mut text = None;
        let mut has_text_attr = false;
        let mut frame_len = None;
        for attr in &field.attrs {
            if attr.path().is_ident("frame") {
                if frame_len.is_some() {
                    errors.at(attr.span(), "duplicate `#[frame]` on this field");
                }
                match parse_frame_len(attr, &field.ty) {
                    Ok(len) => frame_len = Some(len),
                    Err(e) => errors.push(e),
                }
            } else if attr.path().is_ident("text") {
                has_text_attr = true;
                if text.is_some() {
                    errors.at(attr.span(), "duplicate `#[text]` on this field");
                }
                match parse_text(attr) {
                    Ok(t) => text = Some(t),
                    Err(e) => errors.push(e),
                }
            } else if attr.path().is_ident("tuple_text") {
                errors.at(
                    attr.span(),
                    "`#[tuple_text]` goes on the variant; on a field use `#[text]`",
                );
            }
        }
        if let Some((_, t, span)) = tuple_texts.iter().find(|(i, _, _)| *i == index) {
            has_text_attr = true;
            if text.is_some() {
                errors.at(*span, "this field already has `#[text]`");
            }
            text = Some(t.clone());
        }
        if text.is_some() && !is_string(&field.ty) {
            errors.at(
                field.ty.span(),
                "`#[text]` needs a `String` field (the wire field is the fixed text type); \
                 for a fixed text type already, drop the attribute",
            );
        }
        let kind = match text {
            Some(t) => FieldKind::Text(t),
            None => {
                let shape = Shape::of(&field.ty);
                // A `#[text]` that failed to parse has been reported; the field is no error.
                let support = if has_text_attr {
                    Support::Fixed
                } else {
                    check_supported(&field.ty, errors)
                };
                match support {
                    Support::Fixed => FieldKind::Shaped(shape),
                    Support::FramedOnly => FieldKind::Framed(field.ty.clone()),
                }
            }
        };
        out.push(Field {
            ident: field.ident.clone(),
            index,
            ty: field.ty.clone(),
            kind,
            frame_len,
            attrs_to_copy: copied_attrs(&field.attrs),
        });
    }
    FieldList { style, fields: out }
}

/// What a field type allows: a fixed wire form, only framing (variable-length data), or
/// nothing.
enum Support {
    Fixed,
    FramedOnly,
}

/// Field types without a fixed wire form: variable-length ones make the type framing-only
/// (no `FooWire`, bincode-compatible `Encode`/`Decode`); the others are errors.
fn check_supported(ty: &Type, errors: &mut Errors) -> Support {
    let message = match ty {
        Type::Reference(_) => "references are not supported as fields; store the value",
        Type::Ptr(_) => "raw pointers have no wire form",
        Type::Slice(_) => "slices have no size; use an array `[T; N]` or a `Vec<T>`",
        Type::TraitObject(_) | Type::ImplTrait(_) => "trait objects have no wire form",
        // A tuple of fixed-size elements is fixed (its wire form is the elements back to back).
        Type::Tuple(tuple) if tuple.elems.is_empty() => return Support::FramedOnly,
        Type::Tuple(tuple) => {
            let mut support = Support::Fixed;
            for element in &tuple.elems {
                if let Support::FramedOnly = check_supported(element, errors) {
                    support = Support::FramedOnly;
                }
            }
            return support;
        }
        Type::Path(p) if p.qself.is_none() => {
            let name = p.path.segments.last().map(|s| s.ident.to_string());
            match name.as_deref() {
                Some("String" | "Vec" | "Box" | "Option" | "Result") => return Support::FramedOnly,
                Some("str") => "`str` has no size; use `String`",
                Some("f16" | "f128") => "this float type is not supported; use f32 or f64",
                _ => return Support::Fixed,
            }
        }
        _ => return Support::Fixed,
    };
    errors.at(ty.span(), message);
    Support::Fixed
}

/// Two variants with the same literal discriminant, or a literal the tag type cannot hold:
/// say so at the literal.
fn check_literal_discriminants(variants: &[Variant], repr: Option<&Ident>, errors: &mut Errors) {
    let max: Option<u128> = repr.and_then(|r| match r.to_string().as_str() {
        "u8" => Some(u8::MAX.into()),
        "u16" => Some(u16::MAX.into()),
        "u32" => Some(u32::MAX.into()),
        "u64" => Some(u64::MAX.into()),
        "i8" => Some(i8::MAX as u128),
        "i16" => Some(i16::MAX as u128),
        "i32" => Some(i32::MAX as u128),
        "i64" => Some(i64::MAX as u128),
        _ => None,
    });
    let mut seen: Vec<(u128, &Ident)> = Vec::new();
    for v in variants {
        if let Some(Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(lit),
            ..
        })) = &v.discriminant
            && let Ok(value) = lit.base10_parse::<u128>()
        {
            if let (Some(max), Some(repr)) = (max, repr)
                && value > max
            {
                errors.at(
                    lit.span(),
                    format!(
                        "discriminant {value} does not fit the `{repr}` tag (at most {max}); \
                         use a wider `#[repr(...)]`"
                    ),
                );
            }
            if let Some((_, first)) = seen.iter().find(|(n, _)| *n == value) {
                errors.at(
                    lit.span(),
                    format!(
                        "discriminant {value} is already used by `{first}`; every variant needs \
                         its own tag"
                    ),
                );
            }
            seen.push((value, &v.ident));
        }
    }
}

impl ToTokens for Order {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.extend(match self {
            Order::Big => quote::quote!(BigEndian),
            Order::Little => quote::quote!(LittleEndian),
        });
    }
}
