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
    is_format: bool,
    errors: &mut Errors,
) -> Endianness {
    // Format declarations and framing-only types have no fixed wire type to make concrete.
    let wire_type = !framed_only && !is_format;
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
            if wire_type && let Some(param) = input.generics.params.first() {
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
            if wire_type
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
        // A format declaration borrows these from its input (`ast` refuses them elsewhere).
        Type::Reference(_) if borrowed(ty).is_some() => return Support::FramedOnly,
        Type::Reference(_) => {
            "references are not supported as fields; store the value (a format declaration \
             borrows `&[u8]`, `&str` and `&[T]` from its input)"
        }
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

/// A format declaration (`#[wire(...)]` somewhere): what it cannot be, and every
/// `#[wire(...)]` where it does not belong.
pub(crate) fn format(
    input: &DeriveInput,
    attrs: &ContainerAttrs,
    body: &Body,
    errors: &mut Errors,
) {
    let at = attrs.wire.first().copied().unwrap_or(input.ident.span());
    let runtime = attrs
        .endian
        .iter()
        .any(|(_, o)| *o == Some(Endianness::Runtime));
    if !runtime {
        for field in body.all_fields() {
            if let Some(order) = &field.format.order {
                errors.at(
                    order.span(),
                    "`order` sets the byte order of the fields after it, which only an \
                     `#[endian(runtime)]` declaration reads in an order chosen at run time",
                );
            }
        }
    }
    let no_wire_type = "a format declaration (`#[wire(...)]`) has no wire type, so";
    for (span, _) in &attrs.wire_repr {
        errors.at(
            *span,
            format!("{no_wire_type} `#[wire_repr]` has nothing to lay out"),
        );
    }
    if let Some(path) = attrs.wire_derive.first() {
        errors.at(
            path.span(),
            format!("{no_wire_type} `#[wire_derive]` has nothing to derive on"),
        );
    }
    if let Some(span) = attrs.wire_default {
        errors.at(
            span,
            format!("{no_wire_type} `#[wire_default]` has nothing to apply to"),
        );
    }
    if attrs.bincode {
        errors.at(
            at,
            "a format declaration is read and written through `ReadFormat` / `WriteFormat`, \
             not bincode's framing: drop `#[endian_wire(bincode)]`",
        );
    }
    match body {
        Body::Union(_) => errors.at(
            input.ident.span(),
            "a union cannot be a format declaration: nothing on the wire says which field it holds",
        ),
        Body::Struct(fields) => {
            if attrs.format.tag.is_some() {
                errors.at(
                    at,
                    "`tag` is for enums: it is read first and chooses the variant",
                );
            }
            format_fields(&fields.fields, false, errors);
        }
        Body::Enum { variants, .. } => {
            if attrs.format.tag.is_none() {
                errors.at(
                    input.ident.span(),
                    "an enum in a format declaration needs the type of its tag: \
                     `#[wire(tag = u8)]` (any integer type), and `#[wire(tag = N)]` on each variant",
                );
            }
            let mut fallback: Option<&Ident> = None;
            let mut tags: Vec<(u128, &Ident)> = Vec::new();
            for v in variants {
                let vf = &v.format;
                if vf.fallback {
                    if let Some(first) = fallback {
                        errors.at(
                            v.ident.span(),
                            format!("`{first}` is already the fallback; an enum has one"),
                        );
                    }
                    fallback = Some(&v.ident);
                    if vf.tag.is_some() {
                        errors.at(
                            v.ident.span(),
                            "the fallback takes the tags no variant has; it has no `tag` of its own",
                        );
                    }
                    match v.fields.fields.first() {
                        None => errors.at(
                            v.ident.span(),
                            "the fallback variant needs a first field to hold the tag it read \
                             (of the tag's type), then the fields that keep its bytes",
                        ),
                        Some(first) if first.format.is_set() => errors.at(
                            first.ty.span(),
                            "the fallback's first field holds the tag: it takes no `#[wire(...)]`",
                        ),
                        Some(_) => {}
                    }
                } else if vf.tag.is_none() {
                    errors.at(
                        v.ident.span(),
                        "every variant of a tagged enum needs `#[wire(tag = N)]`, or \
                         `#[wire(fallback)]` on the one that keeps unknown tags",
                    );
                }
                if let Some(Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Int(lit),
                    ..
                })) = &vf.tag
                    && let Ok(value) = lit.base10_parse::<u128>()
                {
                    if let Some((_, first)) = tags.iter().find(|(n, _)| *n == value) {
                        errors.at(
                            lit.span(),
                            format!(
                                "tag {value} is already `{first}`'s; every variant needs its own"
                            ),
                        );
                    }
                    tags.push((value, &v.ident));
                }
                let skip = usize::from(vf.fallback);
                format_fields(
                    &v.fields.fields[skip.min(v.fields.fields.len())..],
                    true,
                    errors,
                );
            }
        }
    }
}

/// The `#[wire(...)]` of a struct's or variant's fields (`in_variant` for the wording).
fn format_fields(fields: &[crate::model::Field], in_variant: bool, errors: &mut Errors) {
    use crate::model::FieldKind;
    let owner = if in_variant { "variant" } else { "struct" };
    for (i, field) in fields.iter().enumerate() {
        let f = &field.format;
        let vec_of = generic_arg(&field.ty, "Vec");
        let option_of = generic_arg(&field.ty, "Option");
        if field.frame_len.is_some() {
            errors.at(
                field.ty.span(),
                "`#[frame(len = ...)]` is framing's; in a format declaration give the length \
                 with `#[wire(count = field)]`",
            );
        }
        let lengths = usize::from(f.count.is_some())
            + usize::from(f.until_eof)
            + usize::from(f.terminator.is_some());
        if lengths > 1 {
            errors.at(
                field.ty.span(),
                "give one of `count`, `until_eof` and `terminator`",
            );
        }
        if f.until_eof && f.bytes.is_some() {
            errors.at(
                field.ty.span(),
                "a list with `bytes = n` reads to the end of its bytes: `until_eof` would say \
                 the input's end",
            );
        }
        let borrow = borrowed(&field.ty);
        // A list inside `bytes = n` reads to their end: that is its length too.
        let lengths = lengths + usize::from(f.bytes.is_some());
        if lengths > usize::from(f.bytes.is_some()) && vec_of.is_none() && borrow.is_none() {
            errors.at(
                field.ty.span(),
                "`count`, `until_eof` and `terminator` go on a `Vec<T>` field or a borrowed \
                 `&[T]` / `&str`",
            );
        }
        if borrow.is_some() && lengths == 0 {
            errors.at(
                field.ty.span(),
                "a borrowed field needs its length: `#[wire(count = field)]` (elements; bytes \
                 for `&str`), `#[wire(bytes = field)]`, `#[wire(until_eof)]` or \
                 `#[wire(terminator = 0)]`",
            );
        }
        if let (Some(Borrowed::Slice(_)), Some(_)) = (borrow, &f.terminator) {
            errors.at(
                field.ty.span(),
                "`terminator` on a borrowed field ends `&[u8]` or `&str` at a byte: for other \
                 elements read a `Vec`",
            );
        }
        if vec_of.is_some() && lengths == 0 {
            errors.at(
                field.ty.span(),
                "a `Vec` in a format declaration needs its length: `#[wire(count = field)]` (an \
                 expression over earlier fields), `#[wire(bytes = field)]` (its size in bytes), \
                 `#[wire(until_eof)]` or `#[wire(terminator = 0)]` (the element that ends it)",
            );
        }
        if f.until_eof && i + 1 != fields.len() {
            errors.at(
                field.ty.span(),
                format!(
                    "an `until_eof` field reads to the end of the input, so it must be the \
                     {owner}'s last field"
                ),
            );
        }
        if f.cond.is_some() && option_of.is_none() {
            errors.at(field.ty.span(), "`if` goes on an `Option<T>` field");
        }
        if option_of.is_some() && f.cond.is_none() {
            errors.at(
                field.ty.span(),
                "an `Option` in a format declaration needs the condition it is present under: \
                 `#[wire(if = flags & 1 != 0)]`",
            );
        }
        for inner in vec_of.iter().chain(option_of.iter()) {
            if generic_arg(inner, "Vec").is_some() || generic_arg(inner, "Option").is_some() {
                errors.at(
                    inner.span(),
                    "a `Vec` or `Option` inside a `Vec` or `Option` is not supported: declare \
                     the element as its own type",
                );
            } else if let Support::FramedOnly = supported(inner, &mut Errors::default()) {
                errors.at(
                    inner.span(),
                    "this element type has no format: declare it as its own type",
                );
            }
        }
        if let Some(span) = f.temp {
            // `counts`: a later field's bare `count = field` names it (`mark_implicit_calcs`).
            // (A bit field takes no other key: `bit_field` says so.)
            if f.calc.is_none() && f.checksum.is_none() && f.counts.is_none() && f.bits.is_none() {
                errors.at(
                    span,
                    "a `temp` field is not kept, so writing needs its value: give it \
                     `calc = expr`, name it alone in a later field's `count = field`, or make \
                     it a `checksum`",
                );
            }
        }
        if f.calc.is_some() && !is_integer(&field.ty) {
            errors.at(
                field.ty.span(),
                "`calc` goes on an integer field (`u8` ... `i128`, `usize`)",
            );
        }
        if vec_of.is_none()
            && option_of.is_none()
            && borrow.is_none()
            && matches!(field.kind, FieldKind::Framed(_))
        {
            errors.at(
                field.ty.span(),
                "this type is not supported in a format declaration yet: use `Vec<u8>` with \
                 `count` (or `#[text]` for a fixed-size string)",
            );
        }
        if let (Some(offset), Some(_)) = (&f.offset, &f.order) {
            errors.at(
                offset.span(),
                "a field at an offset is written after the fields in sequence, so it cannot set \
                 their order: put `order` on a field in sequence",
            );
        }
        bit_field(field, errors);
        checksum(fields, i, errors);
        if let Some(count) = &f.count
            && let Some(name) = crate::attr::expr_ident(count)
            && !fields[..i].iter().any(|g| g.ident.as_ref() == Some(&name))
            && fields.iter().any(|g| g.ident.as_ref() == Some(&name))
        {
            errors.at(
                name.span(),
                format!(
                    "`{name}` is read after this field: a count must come from an earlier field"
                ),
            );
        }
    }
    bit_groups(fields, errors);
}

/// A `bits = N` field: its type, its width, and no other `#[wire(...)]` key.
fn bit_field(field: &crate::model::Field, errors: &mut Errors) {
    let f = &field.format;
    if let (Some(span), None) = (f.new_word, &f.bits) {
        errors.at(
            span,
            "`new_word` goes with `bits = N`: it starts a new word of bit fields",
        );
    }
    let (Some(lit), Some(bits)) = (&f.bits, f.bit_width()) else {
        return;
    };
    let width = [
        ("u8", 8),
        ("u16", 16),
        ("u32", 32),
        ("u64", 64),
        ("bool", 1),
    ]
    .iter()
    .find(|(name, _)| crate::shape::is_ident(&field.ty, name))
    .map(|&(_, width)| width);
    match width {
        None => errors.at(
            field.ty.span(),
            "`bits` goes on an unsigned integer (`u8`, `u16`, `u32`, `u64`) or `bool` field",
        ),
        Some(width) if bits == 0 || bits > width => errors.at(
            lit.span(),
            if width == 1 {
                "a `bool` bit field is one bit: `bits = 1`".to_string()
            } else {
                format!("a bit field of this type is 1 to {width} bits wide")
            },
        ),
        Some(_) => {}
    }
    if field.order.is_some() {
        errors.at(
            field.ty.span(),
            "a bit field is read in its group's word, in the type's byte order: it takes no \
             `#[endian(...)]` of its own",
        );
    }
    let others = f.count.is_some()
        || f.until_eof
        || f.terminator.is_some()
        || f.calc.is_some()
        || f.cond.is_some()
        || f.checksum.is_some()
        || f.order.is_some()
        || f.temp.is_some()
        || f.stands_alone();
    if others {
        errors.at(
            lit.span(),
            "a bit field takes no other `#[wire(...)]` key (put padding and conditions on the \
             fields around its group)",
        );
    }
}

/// Consecutive bit fields form one container word of 8, 16, 32 or 64 bits.
fn bit_groups(fields: &[crate::model::Field], errors: &mut Errors) {
    let mut i = 0;
    while i < fields.len() {
        if fields[i].format.bits.is_none() {
            i += 1;
            continue;
        }
        let start = i;
        let mut total = fields[i].format.bit_width().unwrap_or(0);
        i += 1;
        while i < fields.len() && crate::model::FieldFormat::continues_group(fields, i) {
            total += fields[i].format.bit_width().unwrap_or(0);
            i += 1;
        }
        if ![8, 16, 32, 64].contains(&total) {
            let names: Vec<String> = fields[start..i].iter().map(|f| f.display_name()).collect();
            let span = fields[i - 1]
                .format
                .bits
                .as_ref()
                .map_or(Span::call_site(), |l| l.span());
            errors.at(
                span,
                format!(
                    "the bit fields `{}` take {total} bits: consecutive bit fields fill one \
                     container of 8, 16, 32 or 64 bits",
                    names.join("`, `")
                ),
            );
        }
    }
}

/// Where a bit field sits in its group: (first of it, last of it), or `None` for other fields.
fn group_ends(fields: &[crate::model::Field], i: usize) -> Option<(bool, bool)> {
    fields[i].format.bits.as_ref()?;
    let first = !crate::model::FieldFormat::continues_group(fields, i);
    let last = i + 1 == fields.len() || !crate::model::FieldFormat::continues_group(fields, i + 1);
    Some((first, last))
}

/// `checksum`, `from` and `through` on field `i`.
fn checksum(fields: &[crate::model::Field], i: usize, errors: &mut Errors) {
    let field = &fields[i];
    let f = &field.format;
    if f.checksum.is_none() {
        for ident in f.from.iter().chain(f.through.iter()) {
            errors.at(
                ident.span(),
                "`from` and `through` go with `checksum = path`",
            );
        }
        return;
    }
    let unsigned = ["u8", "u16", "u32", "u64"]
        .iter()
        .any(|name| crate::shape::is_ident(&field.ty, name));
    if !unsigned {
        errors.at(
            field.ty.span(),
            "`checksum` goes on an unsigned integer field (`u8`, `u16`, `u32`, `u64`)",
        );
    }
    if f.count.is_some() || f.calc.is_some() || f.cond.is_some() || f.stands_alone() {
        errors.at(
            field.ty.span(),
            "a checksum field is computed: it takes no `calc`, `count`, `if` or padding",
        );
    }
    let position = |name: &Ident| fields.iter().position(|g| g.ident.as_ref() == Some(name));
    if let Some(from) = &f.from {
        match position(from) {
            None => errors.at(from.span(), format!("no field `{from}` in this declaration")),
            Some(j) if j >= i => errors.at(
                from.span(),
                format!("`{from}` is not before the checksum: `from` names where the covered bytes start"),
            ),
            Some(j) if group_ends(fields, j).is_some_and(|(first, _)| !first) => errors.at(
                from.span(),
                "the covered bytes start at a whole byte: name the first field of a bit group",
            ),
            Some(_) => {}
        }
    }
    if let Some(through) = &f.through {
        match position(through) {
            None => errors.at(through.span(), format!("no field `{through}` in this declaration")),
            Some(j) if j < i => errors.at(
                through.span(),
                format!("`{through}` is before the checksum: without `through` it covers the bytes before it"),
            ),
            Some(j) if group_ends(fields, j).is_some_and(|(_, last)| !last) => errors.at(
                through.span(),
                "the covered bytes end at a whole byte: name the last field of a bit group",
            ),
            Some(_) => {}
        }
    }
}

/// A field borrowed from a format declaration's input.
#[derive(Clone, Copy)]
pub(crate) enum Borrowed<'t> {
    /// `&[u8]`.
    Bytes,
    /// `&str`.
    Str,
    /// `&[T]`, `T` not `u8`: values whose memory is their wire image.
    Slice(&'t Type),
}

/// What a shared reference field borrows, if it is one a format declaration can read.
pub(crate) fn borrowed(ty: &Type) -> Option<Borrowed<'_>> {
    let Type::Reference(r) = ty else { return None };
    if r.mutability.is_some() {
        return None;
    }
    match &*r.elem {
        Type::Slice(slice) if crate::shape::is_ident(&slice.elem, "u8") => Some(Borrowed::Bytes),
        Type::Slice(slice) => Some(Borrowed::Slice(&slice.elem)),
        elem if crate::shape::is_ident(elem, "str") => Some(Borrowed::Str),
        _ => None,
    }
}

/// Fields that borrow in a type that is neither a format declaration nor a struct with a
/// lifetime: refused, with what would take them.
pub(crate) fn no_borrows<'f>(
    fields: impl Iterator<Item = &'f crate::model::Field>,
    errors: &mut Errors,
) {
    for field in fields {
        if borrowed(&field.ty).is_some() {
            errors.at(
                field.ty.span(),
                "a borrowed field is read by a struct with a lifetime (`struct Tx<'a>`, \
                 framed with a length prefix and read by `BorrowDecode`) or by a format \
                 declaration (with `#[wire(count = field)]`, `until_eof` or `terminator`); \
                 or store the value",
            );
        }
    }
}

/// `T` of a `Name<T>` type (`Vec`, `Option`), by the last path segment.
pub(crate) fn generic_arg<'t>(ty: &'t Type, name: &str) -> Option<&'t Type> {
    let Type::Path(path) = ty else { return None };
    let last = path.path.segments.last()?;
    if last.ident != name {
        return None;
    }
    match &last.arguments {
        syn::PathArguments::AngleBracketed(args) if args.args.len() == 1 => match &args.args[0] {
            syn::GenericArgument::Type(inner) => Some(inner),
            _ => None,
        },
        _ => None,
    }
}

fn is_integer(ty: &Type) -> bool {
    [
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
    ]
    .iter()
    .any(|name| crate::shape::is_ident(ty, name))
}
