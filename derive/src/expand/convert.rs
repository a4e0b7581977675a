//! The conversions between the logical and the wire type: `Endianize`, each field's conversion
//! (wrapping, text, nested types, arrays), and the standard `From` / `TryFrom` impls both ways.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{Cx, Dir};
use crate::model::{Field, FieldKind, FieldList};
use crate::shape::Shape;

impl Cx<'_> {
    /// The error type of one direction of a list of fields' conversions.
    pub(crate) fn error_ty<'f>(
        &self,
        dir: Dir,
        fields: impl Iterator<Item = &'f Field>,
    ) -> TokenStream {
        let c = self.c;
        let ds = quote!(#c::derive_support);
        let mut nested = Vec::new();
        let mut always = false;
        for field in fields {
            match &field.kind {
                FieldKind::Text(_) => always = true,
                FieldKind::Shaped(shape) => {
                    if dir == Dir::FromWire && shape.has_char() {
                        always = true;
                    }
                    if let Some(ty) = shape.nested() {
                        nested.push((ty.clone(), self.at(field).nested_trait()));
                    }
                }
                FieldKind::Framed(_) => always = true,
            }
        }
        if always || (self.generic && !nested.is_empty()) {
            return quote!(#c::ConvertError);
        }
        let assoc = match dir {
            Dir::ToWire => quote!(ToWireError),
            Dir::FromWire => quote!(FromWireError),
        };
        let mut joined: Option<TokenStream> = None;
        for (ty, nested_trait) in nested.iter().rev() {
            let this = quote!(<#ty as #nested_trait>::#assoc);
            joined = Some(match joined {
                None => this,
                Some(rest) => {
                    let ident = &self.input.ident;
                    quote!(<#ident as #ds::JoinError<#this, #rest>>::Output)
                }
            });
        }
        joined.unwrap_or_else(|| quote!(#ds::Infallible))
    }

    /// Whether the error type of this direction is `ConvertError` whatever the nested types.
    pub(crate) fn always_fallible<'f>(
        &self,
        dir: Dir,
        mut fields: impl Iterator<Item = &'f Field>,
    ) -> bool {
        fields.any(|field| match &field.kind {
            FieldKind::Text(_) | FieldKind::Framed(_) => true,
            FieldKind::Shaped(shape) => {
                (dir == Dir::FromWire && shape.has_char())
                    || (self.generic && shape.nested().is_some())
            }
        })
    }

    /// Whether this direction can fail at all (needs no `From` bound on nested types).
    pub(crate) fn has_nested<'f>(mut fields: impl Iterator<Item = &'f Field>) -> bool {
        fields.any(|f| matches!(&f.kind, FieldKind::Shaped(s) if s.nested().is_some()))
    }

    /// An expression converting the field at `place` (a place expression) in direction `dir`,
    /// inside a function whose error type is `err`. `label` names the field in errors.
    pub(crate) fn convert_field(
        &self,
        field: &Field,
        place: TokenStream,
        dir: Dir,
        err: &TokenStream,
        label: &str,
    ) -> TokenStream {
        let cx = self.at(field);
        let c = self.c;
        let ds = quote!(#c::derive_support);
        let ty_name = &self.type_name;
        match &field.kind {
            FieldKind::Text(text) => {
                let wire = cx.text_ty(text);
                match dir {
                    Dir::ToWire => quote! {
                        #ds::text_to_wire::<#wire>(&#place, #ty_name, #label)?
                    },
                    Dir::FromWire => quote! {
                        #ds::text_from_wire::<#wire>(&#place, #ty_name, #label)?
                    },
                }
            }
            FieldKind::Shaped(shape) => cx.convert_shape(shape, place, dir, err, label, 0),
            FieldKind::Framed(_) => quote!(::core::clone::Clone::clone(&#place)),
        }
    }

    pub(super) fn convert_shape(
        &self,
        shape: &Shape,
        place: TokenStream,
        dir: Dir,
        err: &TokenStream,
        label: &str,
        depth: usize,
    ) -> TokenStream {
        let c = self.c;
        let ds = quote!(#c::derive_support);
        let ty_name = &self.type_name;
        match (shape, dir) {
            (Shape::Wrap(ty, _), Dir::ToWire) => {
                let w = self.wrapper();
                quote!(#w::<#ty>::from_native(#place))
            }
            (Shape::Wrap(..), Dir::FromWire) => quote!(#place.to_native()),
            (Shape::Char, Dir::ToWire) => {
                let w = self.wire_char();
                quote!(#w::new(#place))
            }
            (Shape::Char, Dir::FromWire) => {
                quote!(#ds::char_from_wire(#place.scalar(), #ty_name, #label)?)
            }
            (Shape::Bytes(_), _) => quote!(#place),
            (Shape::AsIs(_), _) => quote!(::core::clone::Clone::clone(&#place)),
            (Shape::Nested(ty), Dir::ToWire) => {
                let map = self.map_nested_error(label, err);
                let nested = self.nested_trait();
                quote!(<#ty as #nested>::to_wire(&#place).map_err(#map)?)
            }
            (Shape::Nested(ty), Dir::FromWire) => {
                let map = self.map_nested_error(label, err);
                let nested = self.nested_trait();
                quote!(<#ty as #nested>::from_wire(&#place).map_err(#map)?)
            }
            (Shape::Tuple(elements), _) => {
                let converted = elements.iter().enumerate().map(|(i, element)| {
                    let index = syn::Index::from(i);
                    let place = quote!((#place).#index);
                    self.convert_shape(element, place, dir, err, label, depth)
                });
                quote!((#(#converted,)*))
            }
            (Shape::Array(element, _), _) => {
                if let Some((_, array_depth)) = shape.bulk_array() {
                    // One bulk call over the flattened array.
                    let flatten = |expr: TokenStream, mutable: bool| {
                        let mut out = if mutable {
                            quote!((&mut #expr[..]))
                        } else {
                            quote!((&#expr[..]))
                        };
                        for _ in 1..array_depth {
                            out = if mutable {
                                quote!(#out.as_flattened_mut())
                            } else {
                                quote!(#out.as_flattened())
                            };
                        }
                        out
                    };
                    let (out_ty, call) = match dir {
                        Dir::ToWire => (self.shape_wire_ty(shape), quote!(to_wire)),
                        Dir::FromWire => (Self::shape_logical_ty(shape), quote!(to_native)),
                    };
                    let src = flatten(place, false);
                    let dst = flatten(quote!(__out), true);
                    return quote! {{
                        let mut __out: #out_ty = #c::zerocopy::FromZeros::new_zeroed();
                        #c::bulk::#call(#src, #dst);
                        __out
                    }};
                }
                let fallible =
                    element.nested().is_some() || (dir == Dir::FromWire && element.has_char());
                if fallible {
                    let i = format_ident!("__i{}", depth);
                    let inner =
                        self.convert_shape(element, quote!(#place[#i]), dir, err, label, depth + 1);
                    quote! {
                        #ds::try_array::<_, #err, _>(|#i| ::core::result::Result::Ok(#inner))?
                    }
                } else {
                    let e = format_ident!("__e{}", depth);
                    let inner = self.convert_shape(element, quote!(#e), dir, err, label, depth + 1);
                    quote!(#place.map(|#e| #inner))
                }
            }
        }
    }

    pub(super) fn map_nested_error(&self, label: &str, err: &TokenStream) -> TokenStream {
        let c = self.c;
        let ty_name = &self.type_name;
        if self.generic {
            quote!(|e| ::core::convert::Into::<#c::ConvertError>::into(e).within(#ty_name, #label))
        } else {
            quote!(|e| #c::derive_support::IntoJoined::<#err>::join_into(e, #ty_name, #label))
        }
    }

    /// `Endianize`, `From`/`TryFrom` both ways, and IO of the logical type.
    pub(super) fn struct_conversions(&self, fields: &FieldList) -> TokenStream {
        let ident = &self.input.ident;
        let wire = &self.input.wire_ident;
        let (impl_generics, ty_generics, where_clause) = self.input.generics.split_for_impl();
        let where_all = self.wire_where(where_clause);
        let to_err = self.error_ty(Dir::ToWire, fields.fields.iter());
        let from_err = self.error_ty(Dir::FromWire, fields.fields.iter());
        let logical_trait = self.logical_trait();
        let to_err_self = quote!(<Self as #logical_trait>::ToWireError);
        let from_err_self = quote!(<Self as #logical_trait>::FromWireError);

        let to_fields = fields.fields.iter().map(|f| {
            let member = f.member();
            let label = f.display_name();
            let value = self.convert_field(
                f,
                self.logical_place(&member),
                Dir::ToWire,
                &to_err_self,
                &label,
            );
            quote!(#member: #value)
        });
        let from_fields = fields.fields.iter().map(|f| {
            let member = f.member();
            let label = f.display_name();
            // Fields of a packed struct are copied out, never referenced.
            let place = if self.input.repr.packed.is_some() {
                quote!({ wire.#member })
            } else {
                quote!(wire.#member)
            };
            let value = self.convert_field(f, place, Dir::FromWire, &from_err_self, &label);
            quote!(#member: #value)
        });

        let endianize = quote! {
            #[automatically_derived]
            impl #impl_generics #logical_trait for #ident #ty_generics #where_all {
                type Wire = #wire #ty_generics;
                type ToWireError = #to_err;
                type FromWireError = #from_err;

                #[inline]
                fn to_wire(&self) -> ::core::result::Result<#wire #ty_generics, #to_err_self> {
                    ::core::result::Result::Ok(#wire { #(#to_fields,)* })
                }

                #[inline]
                fn from_wire(wire: &#wire #ty_generics) -> ::core::result::Result<Self, #from_err_self> {
                    let _ = wire;
                    ::core::result::Result::Ok(#ident { #(#from_fields,)* })
                }
            }
        };
        let std_conversions = self.std_conversions(
            fields.fields.iter().collect::<Vec<_>>().as_slice(),
            &quote!(#ident #ty_generics),
            &quote!(#wire #ty_generics),
        );
        // A runtime type has no one wire form: its IO is `RuntimeEndian`'s, with the order.
        let io = if self.input.runtime {
            TokenStream::new()
        } else {
            self.logical_io(&quote!(#ident #ty_generics), &quote!(#wire #ty_generics))
        };
        quote! {
            #endianize
            #std_conversions
            #io
        }
    }

    /// `self.field` of the logical type: copied out (`{ self.field }`) when the logical type is
    /// packed, where a reference to a field could be misaligned.
    pub(crate) fn logical_place(&self, member: &syn::Member) -> TokenStream {
        if self.input.logical_packed {
            quote!({ self.#member })
        } else {
            quote!(self.#member)
        }
    }

    /// `From` where a direction cannot fail (bounded so that it exists exactly when nested
    /// types cannot fail either), `TryFrom` where a field of this type can.
    pub(crate) fn std_conversions(
        &self,
        fields: &[&Field],
        logical: &TokenStream,
        wire: &TokenStream,
    ) -> TokenStream {
        let c = self.c;
        let (impl_generics, _, where_clause) = self.input.generics.split_for_impl();
        let where_all = self.wire_where(where_clause);
        let mut out = TokenStream::new();
        for dir in [Dir::ToWire, Dir::FromWire] {
            let (from, to, assoc) = match dir {
                Dir::ToWire => (logical, wire, quote!(ToWireError)),
                Dir::FromWire => (wire, logical, quote!(FromWireError)),
            };
            let logical_trait = self.logical_trait();
            let call = match dir {
                Dir::ToWire => quote!(<#logical as #logical_trait>::to_wire(&value)),
                Dir::FromWire => quote!(<#logical as #logical_trait>::from_wire(&value)),
            };
            if self.always_fallible(dir, fields.iter().copied()) {
                out.extend(quote! {
                    #[automatically_derived]
                    impl #impl_generics ::core::convert::TryFrom<#from> for #to #where_all {
                        type Error = #c::ConvertError;

                        #[inline]
                        fn try_from(value: #from) -> ::core::result::Result<Self, #c::ConvertError> {
                            #call.map_err(::core::convert::Into::into)
                        }
                    }
                });
            } else {
                let nested = Self::has_nested(fields.iter().copied());
                let convert_error_bound =
                    self.logical_trait_with(&assoc, &quote!(#c::ConvertError));
                let (from_bound, try_from) = if nested {
                    // Which of the two applies depends on the nested types; the bounds make
                    // exactly one of them exist (and keep them apart from core's blanket
                    // `TryFrom` for `From` types).
                    let try_from = quote! {
                        #[automatically_derived]
                        impl #impl_generics ::core::convert::TryFrom<#from> for #to #where_all
                            for<'__endian_wire> #logical: #convert_error_bound,
                        {
                            type Error = #c::ConvertError;

                            #[inline]
                            fn try_from(value: #from) -> ::core::result::Result<Self, #c::ConvertError> {
                                #call
                            }
                        }
                    };
                    let infallible_bound =
                        self.logical_trait_with(&assoc, &quote!(#c::derive_support::Infallible));
                    (
                        quote!(for<'__endian_wire> #logical: #infallible_bound,),
                        try_from,
                    )
                } else {
                    (TokenStream::new(), TokenStream::new())
                };
                out.extend(quote! {
                    #[automatically_derived]
                    impl #impl_generics ::core::convert::From<#from> for #to #where_all #from_bound {
                        #[inline]
                        fn from(value: #from) -> Self {
                            match #call {
                                ::core::result::Result::Ok(converted) => converted,
                                ::core::result::Result::Err(never) => match never {},
                            }
                        }
                    }
                    #try_from
                });
            }
        }
        out
    }
}
