//! What can be proven about a wire struct's layout from syntax alone.
//!
//! A struct whose wire layout has no padding gets zerocopy's `IntoBytes` (its memory is its
//! wire image: IO is one copy, and `as_bytes` / `ref_from_bytes` work). The derive cannot ask
//! the compiler for sizes, so it proves "no padding" with the layout rules of `repr(C)`,
//! assuming every primitive is aligned to its size. That proof holds on every target: a
//! target that aligns a type less strictly (`u128` to 8 on some) places each field at the same
//! offset, because the offset that satisfied the stricter alignment satisfies the weaker one.
//! When a field's layout is unknown (a nested type, `usize`, a length given by a constant), the
//! struct takes the field-by-field path, which is equally correct.

use syn::{Expr, GenericArgument, PathArguments, Type};

use crate::model::{Encoding, FieldKind, FieldList, WireRepr};
use crate::shape::{Primitive, Shape};

/// Size and alignment of a wire field, in bytes, under the "aligned to size" assumption.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    pub(crate) size: u64,
    pub(crate) align: u64,
}

/// The wire field's layout, if the syntax tells it.
pub(crate) fn field_layout(kind: &FieldKind) -> Option<Layout> {
    match kind {
        FieldKind::Text(text) => {
            let units: u64 = text.units.base10_parse().ok()?;
            let unit = match text.encoding {
                Encoding::Utf8 => 1,
                Encoding::Utf16 => 2,
                Encoding::Utf32 => 4,
            };
            Some(Layout {
                size: units * unit,
                align: unit,
            })
        }
        FieldKind::Shaped(shape) => shape_layout(shape),
        FieldKind::Framed(_) => None,
    }
}

fn shape_layout(shape: &Shape) -> Option<Layout> {
    match shape {
        Shape::Wrap(_, Primitive::Swapped(n) | Primitive::NonZero(n)) => Some(square(*n as u64)),
        Shape::Wrap(_, Primitive::Byte) => Some(square(1)),
        Shape::Wrap(_, Primitive::PointerSized) => None,
        Shape::Char => Some(Layout { size: 4, align: 1 }),
        Shape::Bytes(ty) => bytes_layout(ty),
        Shape::Array(element, len) => {
            let element = shape_layout(element)?;
            Some(Layout {
                size: element.size * literal(len)?,
                align: element.align,
            })
        }
        Shape::AsIs(ty) => as_is_layout(ty),
        // Rust lays tuples out as it likes; the wire image is their elements back to back.
        Shape::Nested(_) | Shape::Tuple(_) => None,
    }
}

/// The layout of a `[u8; N]` type.
fn bytes_layout(ty: &Type) -> Option<Layout> {
    match ty {
        Type::Array(array) => Some(Layout {
            size: literal(&array.len)?,
            align: 1,
        }),
        Type::Paren(p) => bytes_layout(&p.elem),
        Type::Group(g) => bytes_layout(&g.elem),
        _ => None,
    }
}

fn square(n: u64) -> Layout {
    Layout { size: n, align: n }
}

fn literal(len: &Expr) -> Option<u64> {
    match len {
        // Tokens passed through `macro_rules!` arrive in invisible groups.
        Expr::Group(group) => literal(&group.expr),
        Expr::Paren(paren) => literal(&paren.expr),
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(lit),
            ..
        }) => lit.base10_parse().ok(),
        _ => None,
    }
}

/// Layouts of the wire types a user may name directly.
fn as_is_layout(ty: &Type) -> Option<Layout> {
    let path = match ty {
        Type::Group(group) => return as_is_layout(&group.elem),
        Type::Paren(paren) => return as_is_layout(&paren.elem),
        Type::Path(path) => path,
        _ => return None,
    };
    let last = path.path.segments.last()?;
    let name = last.ident.to_string();
    let first_arg = || match &last.arguments {
        PathArguments::AngleBracketed(args) => args.args.first().cloned(),
        _ => None,
    };
    if name == "BigEndian" || name == "LittleEndian" {
        let Some(GenericArgument::Type(inner)) = first_arg() else {
            return None;
        };
        return match Shape::of(&inner) {
            s @ Shape::Wrap(..) => shape_layout(&s),
            _ => None,
        };
    }
    if name == "BigEndianChar" || name == "LittleEndianChar" || name == "charbe" || name == "charle"
    {
        return Some(Layout { size: 4, align: 1 });
    }
    if let Some(rest) = name.strip_prefix("FixedUtf") {
        let unit = match rest.get(..2) {
            Some("8B" | "8N" | "8S") => 1,
            Some("16") => 2,
            Some("32") => 4,
            _ => return None,
        };
        // The last generic argument is the unit count.
        let PathArguments::AngleBracketed(args) = &last.arguments else {
            return None;
        };
        let Some(GenericArgument::Const(len)) = args.args.last() else {
            return None;
        };
        return Some(Layout {
            size: unit * literal(len)?,
            align: unit,
        });
    }
    // Aliases such as `u32be`: look at the base name.
    let base = crate::shape::alias_base(&name)?;
    let probe: Type = syn::parse_str(base).ok()?;
    match Shape::of(&probe) {
        s @ Shape::Wrap(..) => shape_layout(&s),
        _ => None,
    }
}

/// The struct's wire size if its `repr(C)` layout provably has no padding.
pub(crate) fn padding_free_size(fields: &FieldList, repr: &WireRepr) -> Option<u64> {
    let mut end = 0u64;
    let mut struct_align = 1u64;
    for field in &fields.fields {
        let layout = field_layout(&field.kind)?;
        let align = repr.packed.map_or(layout.align, |p| layout.align.min(p));
        if !end.is_multiple_of(align) {
            return None;
        }
        end += layout.size;
        struct_align = struct_align.max(align);
    }
    if let Some(a) = repr.align {
        struct_align = struct_align.max(a);
    }
    end.is_multiple_of(struct_align).then_some(end)
}

/// Whether every bit pattern of every field is valid (zerocopy's `FromBytes`), from syntax.
pub(crate) fn all_bit_patterns_valid(fields: &FieldList) -> bool {
    fields.fields.iter().all(|f| match &f.kind {
        FieldKind::Text(_) => true,
        FieldKind::Shaped(shape) => shape_any_bits(shape),
        FieldKind::Framed(_) => false,
    })
}

fn shape_any_bits(shape: &Shape) -> bool {
    match shape {
        Shape::Wrap(_, Primitive::Swapped(_) | Primitive::PointerSized) => true,
        Shape::Wrap(ty, Primitive::Byte) => !crate::shape::is_ident(ty, "bool"),
        Shape::Wrap(_, Primitive::NonZero(_)) => false,
        Shape::Char | Shape::Bytes(_) => true,
        Shape::Array(element, _) => shape_any_bits(element),
        Shape::AsIs(Type::Group(group)) => shape_any_bits(&Shape::AsIs((*group.elem).clone())),
        Shape::AsIs(ty) => {
            let Type::Path(path) = ty else { return false };
            let Some(last) = path.path.segments.last() else {
                return false;
            };
            let name = last.ident.to_string();
            if name.starts_with("nz") {
                return false;
            }
            if name == "BigEndian" || name == "LittleEndian" {
                let PathArguments::AngleBracketed(args) = &last.arguments else {
                    return false;
                };
                return matches!(args.args.first(), Some(GenericArgument::Type(inner))
                    if matches!(Shape::of(inner), s @ Shape::Wrap(..) if shape_any_bits(&s)));
            }
            true
        }
        Shape::Tuple(elements) => elements.iter().all(shape_any_bits),
        Shape::Nested(_) => false,
    }
}
