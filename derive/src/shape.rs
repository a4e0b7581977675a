//! What a field's type is, as far as the wire is concerned, read from its syntax.

use syn::{Expr, GenericArgument, PathArguments, Type};

/// The primitives the byte-order wrappers hold.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Primitive {
    /// `u16` .. `u128`, `i16` .. `i128`, `f32`, `f64`: arrays of them go through the bulk
    /// kernels. The value is the size in bytes.
    Swapped(usize),
    /// `usize` / `isize`: swapped, but their size depends on the target.
    PointerSized,
    /// `u8`, `i8`, `bool`.
    Byte,
    /// `NonZero*` with the size of the integer.
    NonZero(usize),
}

/// How a field of a logical type becomes a field of the wire type.
#[derive(Clone)]
pub(crate) enum Shape {
    /// A primitive, wrapped in the container's byte order: `u32` -> `BigEndian<u32>`.
    Wrap(Type, Primitive),
    /// `char` -> `BigEndianChar` / `LittleEndianChar`.
    Char,
    /// `[u8; N]` (the whole array type), kept as it is.
    Bytes(Type),
    /// `[T; N]` of another shape.
    Array(Box<Shape>, Expr),
    /// `(A, B, ...)`: a tuple of the elements' wire types, written back to back.
    Tuple(Vec<Shape>),
    /// Already a wire type (`u32be`, `BigEndian<T>`, `charle`, the fixed text types): kept.
    AsIs(Type),
    /// Any other type: taken to be an `Endianize` type, replaced by its wire type.
    Nested(Type),
}

impl Shape {
    /// Reads a field type.
    pub(crate) fn of(ty: &Type) -> Shape {
        match ty {
            Type::Paren(inner) => Shape::of(&inner.elem),
            Type::Group(inner) => Shape::of(&inner.elem),
            Type::Tuple(tuple) if !tuple.elems.is_empty() => {
                Shape::Tuple(tuple.elems.iter().map(Shape::of).collect())
            }
            Type::Array(array) => match Shape::of(&array.elem) {
                Shape::Wrap(_, Primitive::Byte) if is_ident(&array.elem, "u8") => {
                    Shape::Bytes(ty.clone())
                }
                element => Shape::Array(Box::new(element), array.len.clone()),
            },
            Type::Path(path) if path.qself.is_none() => {
                let Some(last) = path.path.segments.last() else {
                    return Shape::Nested(ty.clone());
                };
                let name = last.ident.to_string();
                if let Some(primitive) = primitive(&name)
                    && matches!(last.arguments, PathArguments::None)
                {
                    return Shape::Wrap(ty.clone(), primitive);
                }
                if name == "char" && matches!(last.arguments, PathArguments::None) {
                    return Shape::Char;
                }
                if name == "NonZero"
                    && let PathArguments::AngleBracketed(args) = &last.arguments
                    && let Some(GenericArgument::Type(Type::Path(int))) = args.args.first()
                    && let Some(int_name) = int.path.get_ident()
                    && let Some(Primitive::Swapped(size) | Primitive::NonZero(size)) =
                        primitive(&format!("NonZero{}", capitalise(&int_name.to_string())))
                {
                    return Shape::Wrap(ty.clone(), Primitive::NonZero(size));
                }
                if is_wire_type_name(&name) {
                    return Shape::AsIs(ty.clone());
                }
                Shape::Nested(ty.clone())
            }
            _ => Shape::Nested(ty.clone()),
        }
    }

    /// Whether a `char` occurs in this shape (its wire value can be refused).
    pub(crate) fn has_char(&self) -> bool {
        match self {
            Shape::Char => true,
            Shape::Array(element, _) => element.has_char(),
            Shape::Tuple(elements) => elements.iter().any(Shape::has_char),
            _ => false,
        }
    }

    /// The nested `Endianize` type in this shape, if any.
    pub(crate) fn nested(&self) -> Option<&Type> {
        match self {
            Shape::Nested(ty) => Some(ty),
            Shape::Array(element, _) => element.nested(),
            Shape::Tuple(elements) => elements.iter().find_map(Shape::nested),
            _ => None,
        }
    }

    /// For arrays of swapped primitives at any depth: the element primitive's type and the
    /// depth. These convert with one bulk call over the flattened array.
    pub(crate) fn bulk_array(&self) -> Option<(&Type, usize)> {
        match self {
            Shape::Array(element, _) => match &**element {
                Shape::Wrap(ty, Primitive::Swapped(_) | Primitive::PointerSized) => Some((ty, 1)),
                inner @ Shape::Array(..) => inner.bulk_array().map(|(ty, d)| (ty, d + 1)),
                _ => None,
            },
            _ => None,
        }
    }
}

/// Whether the type is a wire type that keeps its own order (`u32be`, `FixedUtf16LePacked<4>`),
/// or an array of them: a field `#[endian]` could not change it.
pub(crate) fn names_wire_type(ty: &Type) -> bool {
    fn fixed(shape: &Shape) -> bool {
        match shape {
            Shape::AsIs(_) => true,
            Shape::Array(element, _) => fixed(element),
            _ => false,
        }
    }
    fixed(&Shape::of(ty))
}

pub(crate) fn is_ident(ty: &Type, name: &str) -> bool {
    match ty {
        Type::Group(group) => is_ident(&group.elem, name),
        Type::Paren(paren) => is_ident(&paren.elem, name),
        Type::Path(p) => p.qself.is_none() && p.path.is_ident(name),
        _ => false,
    }
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn primitive(name: &str) -> Option<Primitive> {
    Some(match name {
        "u8" | "i8" | "bool" => Primitive::Byte,
        "u16" | "i16" => Primitive::Swapped(2),
        "u32" | "i32" | "f32" => Primitive::Swapped(4),
        "u64" | "i64" | "f64" => Primitive::Swapped(8),
        "u128" | "i128" => Primitive::Swapped(16),
        "usize" | "isize" => Primitive::PointerSized,
        "NonZeroU8" | "NonZeroI8" => Primitive::NonZero(1),
        "NonZeroU16" | "NonZeroI16" => Primitive::NonZero(2),
        "NonZeroU32" | "NonZeroI32" => Primitive::NonZero(4),
        "NonZeroU64" | "NonZeroI64" => Primitive::NonZero(8),
        "NonZeroU128" | "NonZeroI128" => Primitive::NonZero(16),
        _ => return None,
    })
}

/// The type an alias such as `u32be`, `i8le`, `nzu32be` or `charbe` names the wrapper of
/// (`u32`, `i8`, `u32`, `char`): the name without its order suffix and `nz` prefix. Not
/// checked against the aliases that exist.
pub(crate) fn alias_base(name: &str) -> Option<&str> {
    let base = name
        .strip_suffix("be")
        .or_else(|| name.strip_suffix("le"))?;
    Some(base.strip_prefix("nz").unwrap_or(base))
}

/// Names of `endian_wire` types that already are wire types: wrappers, their aliases, wire
/// chars and the fixed text types.
fn is_wire_type_name(name: &str) -> bool {
    const EXACT: &[&str] = &[
        "BigEndian",
        "LittleEndian",
        "BigEndianChar",
        "LittleEndianChar",
    ];
    if EXACT.contains(&name) || name.starts_with("FixedUtf") {
        return true;
    }
    let Some(base) = alias_base(name) else {
        return false;
    };
    base == "char"
        || primitive(base).is_some_and(|p| p != Primitive::Byte)
        || base == "u8"
        || base == "i8"
}
