//! Every refusal of the derive, each at the span of what is wrong: attributes where they do not
//! belong or that disagree, field types without a wire form, enums whose tags cannot work.
//! Errors are collected, not returned one by one, so a user sees all of them at once.
//! (Errors in an attribute's own syntax are reported where it is read, in `attr`.)

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{DeriveInput, Expr, Ident, Type};

use crate::attr::{ContainerAttrs, ENDIAN_HELP, FieldAttrs, VariantAttrs};
use crate::errors::Errors;
use crate::model::{Body, Endianness, Order, Style, Text, Variant};

/// The derived type as a whole; returns its byte order (big-endian when it is missing, which
/// has been reported).
pub(crate) fn container(
    input: &DeriveInput,
    attrs: &ContainerAttrs,
    body: &Body,
    framed_only: bool,
    errors: &mut Errors,
) -> Endianness {
    for (span, _) in attrs.endian.iter().skip(1) {
        errors.at(*span, "duplicate `#[endian]`: give the byte order once");
    }
    for (span, _) in &attrs.wire_repr {
        if matches!(body, Body::Enum { .. }) {
            errors.at(
                *span,
                "`#[wire_repr]` is for structs and unions: a wire enum is a Rust enum (its \
                 layout is not its wire image), and its tag travels as the enum's `#[repr(uN)]` \
                 says",
            );
        }
    }
    for (span, _) in attrs.wire_repr.iter().skip(1) {
        errors.at(*span, "duplicate `#[wire_repr]`: merge them into one");
    }
    for span in &attrs.text {
        errors.at(
            *span,
            "`#[text]` belongs on a `String` field, `#[tuple_text]` on an enum tuple variant",
        );
    }
    if attrs.endian.is_empty() {
        errors.at(
            input.ident.span(),
            format!("`#[derive(Endianize)]` needs the byte order: {ENDIAN_HELP}"),
        );
    }
    match body {
        Body::Enum { variants, repr } => {
            if variants.is_empty() {
                errors.at(
                    input.ident.span(),
                    "an enum without variants has no wire form; add a variant",
                );
            }
            if attrs.wire_default.is_some() {
                match variants.iter().find(|v| v.is_default) {
                    None => errors.at(
                        input.ident.span(),
                        "`#[wire_default]` needs a unit variant marked `#[default]`",
                    ),
                    Some(v) if v.fields.style != Style::Unit => errors.at(
                        v.ident.span(),
                        "the `#[default]` variant must be a unit variant",
                    ),
                    Some(_) => {}
                }
            }
            literal_discriminants(variants, repr.as_ref(), errors);
            if !framed_only && let Some(param) = input.generics.params.first() {
                errors.at(
                    param.span(),
                    "a generic enum has no fixed wire type; make the enum concrete (a generic \
                     enum with a variable-length field, such as a `Vec<T>`, gets framing only \
                     and is supported)",
                );
            }
        }
        Body::Struct(_) | Body::Union(_) => {
            if attrs.wire_default.is_some() {
                errors.at(
                    input.ident.span(),
                    "`#[wire_default]` is for enums; for structs add `#[wire_derive(Default)]`",
                );
            }
            if !framed_only
                && attrs
                    .endian
                    .iter()
                    .any(|(_, o)| *o == Some(Endianness::Runtime))
                && let Some(param) = input.generics.type_params().next()
            {
                errors.at(
                    param.span(),
                    "an `#[endian(runtime)]` type with fixed-size fields cannot have type \
                     parameters; make it concrete (const parameters are fine, and so is a \
                     framing-only type, with a variable-length field such as a `Vec<T>`)",
                );
            }
            if framed_only && matches!(body, Body::Union(_)) {
                errors.at(
                    input.ident.span(),
                    "a union cannot hold variable-length fields",
                );
            }
        }
    }
    attrs
        .endian
        .iter()
        .find_map(|(_, order)| *order)
        .unwrap_or(Endianness::Fixed(Order::Big))
}

/// The attributes of one enum variant.
pub(crate) fn variant_attrs(variant: &syn::Variant, attrs: &VariantAttrs, errors: &mut Errors) {
    for span in &attrs.endian {
        errors.at(
            *span,
            "`#[endian]` goes on the type, or on a field whose order it fixes",
        );
    }
    for span in &attrs.text {
        errors.at(
            *span,
            "`#[text]` goes on a field; for a tuple variant use `#[tuple_text(idx = N, ...)]`",
        );
    }
    if !attrs.tuple_text.is_empty() && !matches!(variant.fields, syn::Fields::Unnamed(_)) {
        errors.at(
            variant.ident.span(),
            "`#[tuple_text]` is for tuple variants; on named fields use `#[text]`",
        );
    }
}

/// A variant's `#[tuple_text(idx = N, ...)]` name one of its `len` fields.
pub(crate) fn tuple_text_indices(
    tuple_text: &[(usize, Text, Span)],
    len: usize,
    errors: &mut Errors,
) {
    for (idx, _, span) in tuple_text {
        if *idx >= len {
            errors.at(
                *span,
                format!("`idx = {idx}` is past the last field (the variant has {len})"),
            );
        }
    }
}

/// The attributes of one field; `tuple_text` is the span of the variant's `#[tuple_text]` for
/// this field, if any.
pub(crate) fn field_attrs(
    field: &syn::Field,
    attrs: &FieldAttrs,
    tuple_text: Option<Span>,
    errors: &mut Errors,
) {
    for (span, _) in attrs.frame_len.iter().skip(1) {
        errors.at(*span, "duplicate `#[frame]` on this field");
    }
    for (span, _) in attrs.endian.iter().skip(1) {
        errors.at(*span, "duplicate `#[endian]` on this field");
    }
    for (span, order) in &attrs.endian {
        if *order == Some(Endianness::Runtime) {
            errors.at(
                *span,
                "a field cannot be `runtime` on its own: put `#[endian(runtime)]` on the type, \
                 and `#[endian(be)]` or `#[endian(le)]` on a field whose order is fixed",
            );
        } else if crate::shape::names_wire_type(&field.ty) {
            errors.at(
                *span,
                "this field's type is already a wire type, which keeps its own order; drop \
                 `#[endian]` here (or use the plain type, such as `u32` for `u32be`)",
            );
        }
    }
    if attrs.frame_len.iter().any(|(_, len)| len.is_some()) && !is_sequence(&field.ty) {
        errors.at(
            field.ty.span(),
            "`#[frame(len = ...)]` goes on a `Vec<T>`, `String` or `Box<[T]>` field",
        );
    }
    for (span, _) in attrs.text.iter().skip(1) {
        errors.at(*span, "duplicate `#[text]` on this field");
    }
    for span in &attrs.tuple_text {
        errors.at(
            *span,
            "`#[tuple_text]` goes on the variant; on a field use `#[text]`",
        );
    }
    if let Some(span) = tuple_text
        && !attrs.text.is_empty()
    {
        errors.at(span, "this field already has `#[text]`");
    }
    let has_text = tuple_text.is_some() || attrs.text.iter().any(|(_, t)| t.is_some());
    if has_text && !is_string(&field.ty) {
        errors.at(
            field.ty.span(),
            "`#[text]` needs a `String` field (the wire field is the fixed text type); for a \
             fixed text type already, drop the attribute",
        );
    }
}

/// What a field type allows: a fixed wire form, or only framing (variable-length data).
pub(crate) enum Support {
    Fixed,
    FramedOnly,
}

/// Field types without a fixed wire form: variable-length ones make the type framing-only
/// (no `FooWire`, bincode-compatible `Encode`/`Decode`); the others are errors.
pub(crate) fn supported(ty: &Type, errors: &mut Errors) -> Support {
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
                if let Support::FramedOnly = supported(element, errors) {
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
fn literal_discriminants(variants: &[Variant], repr: Option<&Ident>, errors: &mut Errors) {
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

fn is_string(ty: &Type) -> bool {
    matches!(ty, Type::Path(p) if p.qself.is_none()
        && p.path.segments.last().is_some_and(|s| s.ident == "String" && s.arguments.is_none()))
}
