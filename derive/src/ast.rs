//! Building the model (`model`) from the tokens: [`Input::from_derive`] reads the attributes
//! (`attr`), builds every field's wire shape, and has `check` refuse what has no wire form;
//! every problem is collected with its span (`errors`), so one expansion reports all of them.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, Ident};

use crate::attr::{self, ContainerAttrs, FieldAttrs, VariantAttrs};
use crate::check::{self, Support};
use crate::errors::Errors;
use crate::model::{
    Body, Endianness, Field, FieldKind, FieldList, Input, Order, Style, Text, Variant, WireRepr,
};
use crate::shape::Shape;

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
                            format: v_attrs.format,
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
        let mut body = body;
        let is_format = !attrs.wire.is_empty()
            || body.all_fields().any(|f| f.format.is_set())
            || matches!(&body, Body::Enum { variants, .. }
                if variants.iter().any(|v| v.format.tag.is_some() || v.format.fallback));
        // A struct with a lifetime borrows from its input (`&'a [u8]`, `&'a [[u8; 32]]`, a
        // nested struct that borrows): framed only, decoded through `BorrowDecode`.
        let borrows = !is_format
            && matches!(body, Body::Struct(_))
            && input.generics.lifetimes().next().is_some();
        let framed_only = borrows
            || !is_format
                && body
                    .all_fields()
                    .any(|f| matches!(f.kind, FieldKind::Framed(_)));
        if !is_format && !borrows {
            check::no_borrows(body.all_fields(), &mut errors);
        }
        if borrows && attrs.bincode {
            errors.at(
                input.generics.span(),
                "bincode 2's bridge decodes owned values: a struct that borrows from its input \
                 has no `#[endian_wire(bincode)]` (its framing is bincode's, so bincode can \
                 read what it writes, and it reads bincode's bytes with `frame::borrow_decode_from_slice`)",
            );
        }
        let order = check::container(input, &attrs, &body, framed_only, is_format, &mut errors);
        if is_format {
            // First: a `temp` field's check asks whether a count writes it.
            body.mark_implicit_calcs();
            check::format(input, &attrs, &body, &mut errors);
        }
        errors.finish()?;
        let runtime = order == Endianness::Runtime;
        let ContainerAttrs {
            wire_repr,
            wire_derive,
            wire_default,
            krate,
            bincode,
            logical_layout,
            format,
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
            format: is_format.then_some(format),
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

    /// Every list of fields: the struct's, or each variant's.
    pub(crate) fn lists_mut(&mut self) -> Vec<&mut FieldList> {
        match self {
            Body::Struct(f) | Body::Union(f) => vec![f],
            Body::Enum { variants, .. } => variants.iter_mut().map(|v| &mut v.fields).collect(),
        }
    }

    /// A `count = field` names a field on its own: unless that field has its own `calc`, it
    /// is written as the collection's length.
    fn mark_implicit_calcs(&mut self) {
        for list in self.lists_mut() {
            for i in 0..list.fields.len() {
                let (Some(counted), Some(name)) = (
                    list.fields[i].ident.clone(),
                    list.fields[i]
                        .format
                        .count
                        .as_ref()
                        .and_then(crate::attr::expr_ident),
                ) else {
                    continue;
                };
                if let Some(counter) = list.fields[..i]
                    .iter_mut()
                    .find(|f| f.ident.as_ref() == Some(&name))
                    && counter.format.calc.is_none()
                    && counter.format.counts.is_none()
                {
                    counter.format.counts = Some(counted);
                }
            }
        }
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
            // A `temp` field is declared `Temp<T>`: what travels, and what the code generated
            // for it handles, is the `T`.
            let ty = match f_attrs.format.temp {
                Some(span) => match check::generic_arg(&field.ty, "Temp") {
                    Some(inner) => inner.clone(),
                    None => {
                        errors.at(
                            span,
                            "a `temp` field holds nothing: declare it `Temp<T>` \
                             (`endian_wire::format::Temp`), `T` the type it has on the wire",
                        );
                        field.ty.clone()
                    }
                },
                None => field.ty.clone(),
            };
            let kind = match text {
                Some(t) => FieldKind::Text(t),
                // A `#[text]` that failed to parse has been reported; the field is no error.
                None if !f_attrs.text.is_empty() => FieldKind::Shaped(Shape::of(&ty)),
                None => match check::supported(&ty, errors) {
                    Support::Fixed => FieldKind::Shaped(Shape::of(&ty)),
                    Support::FramedOnly => FieldKind::Framed(ty.clone()),
                },
            };
            Field {
                ident: field.ident.clone(),
                index,
                ty,
                kind,
                frame_len: f_attrs.frame_len.iter().find_map(|(_, len)| len.clone()),
                format: f_attrs.format.clone(),
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
