//! Writing the generated code: the wire type, `Endianize`, the standard conversions and IO.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::Path;

use crate::layout;
use crate::parse::{Body, Encoding, Field, FieldKind, FieldList, Input, Order, Pad, Style, Text};
use crate::shape::Shape;

pub(crate) fn expand(input: &Input) -> TokenStream {
    let cx = Cx::new(input);
    if input.framed_only {
        // Variable-length fields: no wire type, bincode-compatible framing only.
        return match &input.body {
            Body::Struct(fields) => cx.frame_struct(fields, Target::Logical),
            Body::Enum { variants, .. } => cx.frame_enum(variants, Target::Logical),
            Body::Union(_) => TokenStream::new(), // refused while parsing
        };
    }
    let body = match &input.body {
        Body::Struct(fields) => {
            let fixed = cx.expand_struct(fields);
            let logical = cx.frame_struct(fields, Target::Logical);
            let wire = cx.frame_struct(fields, Target::Wire);
            quote!(#fixed #logical #wire)
        }
        Body::Enum { variants, repr } => {
            let fixed = crate::expand::enums::expand_enum(&cx, variants, repr);
            if cx.has_params {
                fixed // refused in `expand_enum`
            } else {
                let logical = cx.frame_enum(variants, Target::Logical);
                let wire = cx.frame_enum(variants, Target::Wire);
                quote!(#fixed #logical #wire)
            }
        }
        Body::Union(fields) => cx.expand_union(fields),
    };
    quote! {
        #body
    }
}

mod enums;
mod frame;

use frame::Target;

/// Which way a conversion goes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dir {
    ToWire,
    FromWire,
}

/// What every expansion step needs: the input, the crate path, the names.
pub(crate) struct Cx<'a> {
    pub(crate) input: &'a Input,
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
            c: &input.krate,
            type_name: input.ident.to_string(),
            generic: input.generics.type_params().next().is_some(),
            has_params: !input.generics.params.is_empty(),
        }
    }

    fn wrapper(&self) -> TokenStream {
        let c = self.c;
        match self.input.order {
            Order::Big => quote!(#c::BigEndian),
            Order::Little => quote!(#c::LittleEndian),
        }
    }

    fn wire_char(&self) -> TokenStream {
        let c = self.c;
        match self.input.order {
            Order::Big => quote!(#c::BigEndianChar),
            Order::Little => quote!(#c::LittleEndianChar),
        }
    }

    // ----- types -------------------------------------------------------------------------

    /// The wire type of a field.
    pub(crate) fn wire_ty(&self, field: &Field) -> TokenStream {
        match &field.kind {
            FieldKind::Text(text) => self.text_ty(text),
            FieldKind::Shaped(shape) => self.shape_wire_ty(shape),
            // Framing-only types have no wire type; nothing asks for this.
            FieldKind::Framed(ty) => quote!(#ty),
        }
    }

    fn text_ty(&self, text: &Text) -> TokenStream {
        let c = self.c;
        let units = &text.units;
        let order = match self.input.order {
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
        let c = self.c;
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
                quote_spanned!(syn::spanned::Spanned::span(ty)=> <#ty as #c::Endianize>::Wire)
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

    // ----- conversions -------------------------------------------------------------------

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
                        nested.push(ty.clone());
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
        for ty in nested.iter().rev() {
            let this = quote!(<#ty as #c::Endianize>::#assoc);
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
        let c = self.c;
        let ds = quote!(#c::derive_support);
        let ty_name = &self.type_name;
        match &field.kind {
            FieldKind::Text(text) => {
                let wire = self.text_ty(text);
                match dir {
                    Dir::ToWire => quote! {
                        #ds::text_to_wire::<#wire>(&#place, #ty_name, #label)?
                    },
                    Dir::FromWire => quote! {
                        #ds::text_from_wire::<#wire>(&#place, #ty_name, #label)?
                    },
                }
            }
            FieldKind::Shaped(shape) => self.convert_shape(shape, place, dir, err, label, 0),
            FieldKind::Framed(_) => quote!(::core::clone::Clone::clone(&#place)),
        }
    }

    fn convert_shape(
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
                quote!(<#ty as #c::Endianize>::to_wire(&#place).map_err(#map)?)
            }
            (Shape::Nested(ty), Dir::FromWire) => {
                let map = self.map_nested_error(label, err);
                quote!(<#ty as #c::Endianize>::from_wire(&#place).map_err(#map)?)
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

    fn map_nested_error(&self, label: &str, err: &TokenStream) -> TokenStream {
        let c = self.c;
        let ty_name = &self.type_name;
        if self.generic {
            quote!(|e| ::core::convert::Into::<#c::ConvertError>::into(e).within(#ty_name, #label))
        } else {
            quote!(|e| #c::derive_support::IntoJoined::<#err>::join_into(e, #ty_name, #label))
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

    /// `#[derive(...)]` for a wire struct, enum or union: the usual value traits (unless the
    /// user lists them), the zerocopy traits given, and the user's.
    fn derive_attr(&self, standard: &[&str], zerocopy: &[&str]) -> TokenStream {
        let c = self.c;
        let (user, has) = self.user_derives();
        let standard = standard.iter().filter(|n| !has(n)).map(|n| match *n {
            "Clone" => quote!(::core::clone::Clone),
            "Copy" => quote!(::core::marker::Copy),
            "Debug" => quote!(::core::fmt::Debug),
            _ => quote!(::core::cmp::PartialEq),
        });
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

    // ----- structs -----------------------------------------------------------------------

    fn struct_def(
        &self,
        fields: &FieldList,
        derive: &TokenStream,
        repr: &TokenStream,
    ) -> TokenStream {
        let vis = &self.input.vis;
        let wire = &self.input.wire_ident;
        let (impl_generics, _, where_clause) = self.input.generics.split_for_impl();
        let _ = impl_generics;
        let params = &self.input.generics.params;
        let where_clause = self.wire_where(where_clause);
        let field_defs = fields.fields.iter().map(|f| {
            let ty = self.wire_ty(f);
            let attrs = &f.attrs_to_copy;
            match &f.ident {
                Some(name) => quote!(#(#attrs)* pub #name: #ty),
                None => quote!(#(#attrs)* pub #ty),
            }
        });
        let doc = format!(
            "The wire form of [`{}`], generated by `#[derive(Endianize)]`.",
            self.type_name
        );
        match fields.style {
            Style::Named => quote! {
                #[doc = #doc]
                #derive
                #[repr(#repr)]
                #vis struct #wire<#params> #where_clause { #(#field_defs,)* }
            },
            Style::Tuple => quote! {
                #[doc = #doc]
                #derive
                #[repr(#repr)]
                #vis struct #wire<#params>(#(#field_defs,)*) #where_clause;
            },
            Style::Unit => quote! {
                #[doc = #doc]
                #derive
                #[repr(#repr)]
                #vis struct #wire<#params> #where_clause;
            },
        }
    }

    /// The input's where clause plus `T: Endianize` for every type parameter.
    pub(crate) fn wire_where(&self, base: Option<&syn::WhereClause>) -> TokenStream {
        let c = self.c;
        let params = self.input.generics.type_params().map(|p| &p.ident);
        let existing = base.map(|w| {
            let preds = &w.predicates;
            quote!(#preds,)
        });
        let params: Vec<_> = params.collect();
        quote!(where #existing #(#params: #c::Endianize, <#params as #c::Endianize>::Wire: #c::WireImage,)*)
    }

    fn expand_struct(&self, fields: &FieldList) -> TokenStream {
        let c = self.c;
        let ds = quote!(#c::derive_support);
        let wire = &self.input.wire_ident;
        let (impl_generics, ty_generics, where_clause) = self.input.generics.split_for_impl();
        let where_all = self.wire_where(where_clause);
        let user_into_bytes = self.user_derives().1("IntoBytes");
        let padding_free = layout::padding_free_size(fields, &self.input.repr);
        let as_bytes = padding_free.is_some() || user_into_bytes;
        let any_bits = layout::all_bit_patterns_valid(fields);
        let packed_one = self.input.repr.packed == Some(1);

        // zerocopy's `FromBytes` derive also implements `TryFromBytes` and `FromZeros`.
        let validity = if any_bits {
            "FromBytes"
        } else {
            "TryFromBytes"
        };
        let mut zc = vec![validity, "Immutable"];
        // zerocopy's `KnownLayout` needs it of the last field, which tuples do not have.
        let last_is_tuple = fields
            .fields
            .last()
            .is_some_and(|f| matches!(&f.kind, crate::parse::FieldKind::Shaped(Shape::Tuple(_))));
        if !last_is_tuple {
            zc.push("KnownLayout");
        }
        if as_bytes {
            zc.push("IntoBytes");
        }
        if packed_one {
            zc.push("Unaligned");
        }
        let standard: &[&str] = if self.generic {
            &[]
        } else {
            &["Clone", "Copy", "Debug", "PartialEq"]
        };
        let derive = self.derive_attr(standard, &zc);
        let repr = &self.input.repr.tokens;
        let def = self.struct_def(fields, &derive, repr);
        let generic_std = if self.generic {
            self.generic_std_impls(fields)
        } else {
            TokenStream::new()
        };

        // Sizes.
        let field_sizes = fields.fields.iter().map(|f| {
            let ty = self.wire_ty(f);
            quote!(<#ty as #c::WireImage>::WIRE_SIZE)
        });
        let wire_size = quote!(0 #(+ #field_sizes)*);
        let size_check = match padding_free {
            Some(size) => {
                let size = size as usize;
                let msg = format!(
                    "endian_wire: the wire layout of {wire} was expected to be {size} bytes with no padding"
                );
                quote! {
                    const _: () = ::core::assert!(#ds::size_of::<#wire>() == #size, #msg);
                }
            }
            None if !self.has_params => {
                let msg = format!("endian_wire: {wire} is smaller than its wire image");
                quote! {
                    const _: () = ::core::assert!(<#wire as #c::WireImage>::WIRE_SIZE <= #ds::size_of::<#wire>(), #msg);
                }
            }
            None => TokenStream::new(),
        };
        let doc_size = "Bytes of the wire image: the fields back to back, without padding.";
        let consts = quote! {
                    #[automatically_derived]
        #[allow(clippy::needless_question_mark, clippy::useless_conversion)]
                    impl #impl_generics #wire #ty_generics #where_all {
                        #[doc = #doc_size]
                        pub const WIRE_SIZE: usize = #wire_size;
                    }
                    #size_check
                };

        let io = if as_bytes {
            self.wire_bytes_impl(fields)
        } else {
            self.wire_image_impl(fields, &wire_size)
        };
        let convert = self.struct_conversions(fields);
        quote! {
            #def
            #generic_std
            #consts
            #io
            #convert
        }
    }

    /// Clone, Copy, Debug and PartialEq for a generic wire struct, bounded on the wire field
    /// types (the std derives would bound the logical type parameters instead).
    fn generic_std_impls(&self, fields: &FieldList) -> TokenStream {
        let wire = &self.input.wire_ident;
        let (impl_generics, ty_generics, where_clause) = self.input.generics.split_for_impl();
        let base = self.wire_where(where_clause);
        let tys: Vec<TokenStream> = fields.fields.iter().map(|f| self.wire_ty(f)).collect();
        let members: Vec<syn::Member> = fields.fields.iter().map(Field::member).collect();
        let names: Vec<String> = fields.fields.iter().map(Field::display_name).collect();
        let wire_name = wire.to_string();
        let (_, has) = self.user_derives();
        let mut out = TokenStream::new();
        if !has("Clone") {
            out.extend(quote! {
                #[automatically_derived]
#[allow(clippy::needless_question_mark, clippy::useless_conversion)]
                impl #impl_generics ::core::clone::Clone for #wire #ty_generics #base #(#tys: ::core::clone::Clone,)* {
                    fn clone(&self) -> Self { Self { #(#members: ::core::clone::Clone::clone(&self.#members),)* } }
                }
            });
        }
        if !has("Copy") {
            out.extend(quote! {
                #[automatically_derived]
#[allow(clippy::needless_question_mark, clippy::useless_conversion)]
                impl #impl_generics ::core::marker::Copy for #wire #ty_generics #base #(#tys: ::core::marker::Copy,)* {}
            });
        }
        if !has("Debug") {
            out.extend(quote! {
                #[automatically_derived]
#[allow(clippy::needless_question_mark, clippy::useless_conversion)]
                impl #impl_generics ::core::fmt::Debug for #wire #ty_generics #base #(#tys: ::core::fmt::Debug,)* {
                    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                        f.debug_struct(#wire_name) #(.field(#names, &self.#members))* .finish()
                    }
                }
            });
        }
        if !has("PartialEq") {
            out.extend(quote! {
                #[automatically_derived]
#[allow(clippy::needless_question_mark, clippy::useless_conversion)]
                impl #impl_generics ::core::cmp::PartialEq for #wire #ty_generics #base #(#tys: ::core::cmp::PartialEq,)* {
                    fn eq(&self, other: &Self) -> bool { true #(&& self.#members == other.#members)* }
                }
            });
        }
        out
    }

    /// `WireBytes` for a wire struct whose memory is its wire image.
    fn wire_bytes_impl(&self, fields: &FieldList) -> TokenStream {
        let c = self.c;
        let ds = quote!(#c::derive_support);
        let wire = &self.input.wire_ident;
        let (impl_generics, ty_generics, where_clause) = self.input.generics.split_for_impl();
        let where_all = self.wire_where(where_clause);
        let parts: Vec<(TokenStream, syn::Member)> = fields
            .fields
            .iter()
            .map(|f| (self.wire_ty(f), f.member()))
            .collect();
        let rules = parts.iter().map(|(ty, member)| {
            quote! {
                && <#ty as #c::WireBytes>::follows_value_rules(
                    &bytes[#ds::offset_of!(Self, #member)..][..#ds::size_of::<#ty>()])
            }
        });
        let locate = parts.iter().map(|(ty, member)| {
            quote! {
                let offset = #ds::offset_of!(Self, #member);
                let part = &bytes[offset..][..#ds::size_of::<#ty>()];
                if !#ds::is_valid_image::<#ty>(part) {
                    let (at, len) = <#ty as #c::WireBytes>::locate_invalid(part);
                    return (offset + at, len);
                }
            }
        });
        quote! {
                    #[automatically_derived]
        #[allow(clippy::needless_question_mark, clippy::useless_conversion)]
                    impl #impl_generics #c::WireBytes for #wire #ty_generics #where_all {
                        #[inline(always)]
                        fn follows_value_rules(bytes: &[u8]) -> bool {
                            bytes.len() == #ds::size_of::<Self>() #(#rules)*
                        }

                        fn locate_invalid(bytes: &[u8]) -> (usize, usize) {
                            if bytes.len() == #ds::size_of::<Self>() {
                                #(#locate)*
                            }
                            (0, bytes.len())
                        }
                    }
                }
    }

    /// `WireImage` and IO for a wire struct with padding: fields copied one after the other.
    fn wire_image_impl(&self, fields: &FieldList, wire_size: &TokenStream) -> TokenStream {
        let c = self.c;
        let ds = quote!(#c::derive_support);
        let wire = &self.input.wire_ident;
        let (impl_generics, ty_generics, where_clause) = self.input.generics.split_for_impl();
        let where_all = self.wire_where(where_clause);
        let mut writes = Vec::new();
        let mut reads = Vec::new();
        for f in &fields.fields {
            let ty = self.wire_ty(f);
            let member = f.member();
            let field = if self.input.repr.packed.is_some() {
                quote!({ self.#member })
            } else {
                quote!(self.#member)
            };
            writes.push(quote! {
                let next = at + <#ty as #c::WireImage>::WIRE_SIZE;
                <#ty as #c::WireImage>::write_image(&#field, &mut out[at..next]);
                at = next;
            });
            let var = format_ident!("__f{}", f.index);
            reads.push((
                var.clone(),
                member,
                quote! {
                    let next = at + <#ty as #c::WireImage>::WIRE_SIZE;
                    let #var = <#ty as #c::WireImage>::read_image(&bytes[at..next])
                        .map_err(|e| e.at(at))?;
                    at = next;
                },
            ));
        }
        let read_stmts = reads.iter().map(|(_, _, s)| s);
        let build = reads.iter().map(|(var, member, _)| quote!(#member: #var));
        let io = if self.has_params {
            quote! {
                            #[automatically_derived]
            #[allow(clippy::needless_question_mark, clippy::useless_conversion)]
                            impl #impl_generics #c::EndianWrite for #wire #ty_generics #where_all {
                                fn write_to<W: #ds::io::Write + ?Sized>(&self, writer: &mut W) -> #ds::io::Result<()> {
                                    #ds::write_image_buffered(self, writer)
                                }
                            }
                            #[automatically_derived]
            #[allow(clippy::needless_question_mark, clippy::useless_conversion)]
                            impl #impl_generics #c::EndianRead for #wire #ty_generics #where_all {
                                fn read_from<R: #ds::io::Read + ?Sized>(reader: &mut R) -> #ds::io::Result<Self> {
                                    #ds::read_image_buffered(reader)
                                }
                            }
                        }
        } else {
            quote! {
                            #[automatically_derived]
            #[allow(clippy::needless_question_mark, clippy::useless_conversion)]
                            impl #c::EndianWrite for #wire {
                                #[inline]
                                fn write_to<W: #ds::io::Write + ?Sized>(&self, writer: &mut W) -> #ds::io::Result<()> {
                                    let mut buf = [0u8; <Self as #c::WireImage>::WIRE_SIZE];
                                    #ds::write_image(self, writer, &mut buf)
                                }
                            }
                            #[automatically_derived]
            #[allow(clippy::needless_question_mark, clippy::useless_conversion)]
                            impl #c::EndianRead for #wire {
                                #[inline]
                                fn read_from<R: #ds::io::Read + ?Sized>(reader: &mut R) -> #ds::io::Result<Self> {
                                    let mut buf = [0u8; <Self as #c::WireImage>::WIRE_SIZE];
                                    #ds::read_image(reader, &mut buf)
                                }
                            }
                        }
        };
        let io = quote!(#c::__with_std! { #io });
        quote! {
                    #[automatically_derived]
        #[allow(clippy::needless_question_mark, clippy::useless_conversion)]
                    impl #impl_generics #c::WireImage for #wire #ty_generics #where_all {
                        const WIRE_SIZE: usize = #wire_size;

                        #[inline]
                        fn write_image(&self, out: &mut [u8]) {
                            let mut at = 0;
                            #(#writes)*
                            let _ = at;
                        }

                        #[inline]
                        fn read_image(bytes: &[u8]) -> ::core::result::Result<Self, #c::InvalidImage> {
                            let mut at = 0;
                            #(#read_stmts)*
                            let _ = at;
                            ::core::result::Result::Ok(Self { #(#build,)* })
                        }
                    }

                    #[automatically_derived]
        #[allow(clippy::needless_question_mark, clippy::useless_conversion)]
                    impl #impl_generics #c::FromSlice for #wire #ty_generics #where_all {
                        fn read_from_slice(data: &[u8]) -> ::core::result::Result<Self, &'static str> {
                            #ds::image_from_slice(data)
                        }

                        fn write_to_extend(&self, out: &mut impl ::core::iter::Extend<u8>) -> ::core::result::Result<(), &'static str> {
                            #ds::image_to_extend(self, out)
                        }
                    }

                    #io
                }
    }

    /// `Endianize`, `From`/`TryFrom` both ways, and IO of the logical type.
    fn struct_conversions(&self, fields: &FieldList) -> TokenStream {
        let c = self.c;
        let ident = &self.input.ident;
        let wire = &self.input.wire_ident;
        let (impl_generics, ty_generics, where_clause) = self.input.generics.split_for_impl();
        let where_all = self.wire_where(where_clause);
        let to_err = self.error_ty(Dir::ToWire, fields.fields.iter());
        let from_err = self.error_ty(Dir::FromWire, fields.fields.iter());
        let to_err_self = quote!(<Self as #c::Endianize>::ToWireError);
        let from_err_self = quote!(<Self as #c::Endianize>::FromWireError);

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
        #[allow(clippy::needless_question_mark, clippy::useless_conversion)]
                    impl #impl_generics #c::Endianize for #ident #ty_generics #where_all {
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
        let io = self.logical_io(&quote!(#ident #ty_generics), &quote!(#wire #ty_generics));
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
            let (from, to, method, assoc) = match dir {
                Dir::ToWire => (logical, wire, quote!(to_wire), quote!(ToWireError)),
                Dir::FromWire => (wire, logical, quote!(from_wire), quote!(FromWireError)),
            };
            let call = match dir {
                Dir::ToWire => quote!(<#logical as #c::Endianize>::to_wire(&value)),
                Dir::FromWire => quote!(<#logical as #c::Endianize>::from_wire(&value)),
            };
            let _ = method;
            if self.always_fallible(dir, fields.iter().copied()) {
                out.extend(quote! {
                    #[automatically_derived]
#[allow(clippy::needless_question_mark, clippy::useless_conversion)]
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
                let (from_bound, try_from) = if nested {
                    // Which of the two applies depends on the nested types; the bounds make
                    // exactly one of them exist (and keep them apart from core's blanket
                    // `TryFrom` for `From` types).
                    let try_from = quote! {
                                            #[automatically_derived]
                    #[allow(clippy::needless_question_mark, clippy::useless_conversion)]
                                            impl #impl_generics ::core::convert::TryFrom<#from> for #to #where_all
                                                for<'__endian_wire> #logical: #c::Endianize<#assoc = #c::ConvertError>,
                                            {
                                                type Error = #c::ConvertError;

                                                #[inline]
                                                fn try_from(value: #from) -> ::core::result::Result<Self, #c::ConvertError> {
                                                    #call
                                                }
                                            }
                                        };
                    (
                        quote!(for<'__endian_wire> #logical: #c::Endianize<#assoc = #c::derive_support::Infallible>,),
                        try_from,
                    )
                } else {
                    (TokenStream::new(), TokenStream::new())
                };
                out.extend(quote! {
                    #[automatically_derived]
#[allow(clippy::needless_question_mark, clippy::useless_conversion)]
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

    /// `EndianRead` / `EndianWrite` (with `std`) and `FromSlice` (always) for the logical
    /// type, through its wire type.
    pub(crate) fn logical_io(&self, logical: &TokenStream, wire: &TokenStream) -> TokenStream {
        let c = self.c;
        let ds = quote!(#c::derive_support);
        let (impl_generics, _, where_clause) = self.input.generics.split_for_impl();
        let where_all = self.wire_where(where_clause);
        quote! {
                    #c::__with_std! {
                        #[automatically_derived]
        #[allow(clippy::needless_question_mark, clippy::useless_conversion)]
                        impl #impl_generics #c::EndianWrite for #logical #where_all {
                            #[inline]
                            fn write_to<W: #ds::io::Write + ?Sized>(&self, writer: &mut W) -> #ds::io::Result<()> {
                                let wire = <Self as #c::Endianize>::to_wire(self).map_err(#ds::invalid_input)?;
                                #c::EndianWrite::write_to(&wire, writer)
                            }
                        }

                        #[automatically_derived]
        #[allow(clippy::needless_question_mark, clippy::useless_conversion)]
                        impl #impl_generics #c::EndianRead for #logical #where_all {
                            #[inline]
                            fn read_from<R: #ds::io::Read + ?Sized>(reader: &mut R) -> #ds::io::Result<Self> {
                                let wire = <#wire as #c::EndianRead>::read_from(reader)?;
                                <Self as #c::Endianize>::from_wire(&wire).map_err(#ds::invalid_data)
                            }
                        }
                    }

                    #[automatically_derived]
                    impl #impl_generics #c::FromSlice for #logical #where_all {
                        #[inline]
                        fn read_from_slice(data: &[u8]) -> ::core::result::Result<Self, &'static str> {
                            let wire = <#wire as #c::FromSlice>::read_from_slice(data)?;
                            <Self as #c::Endianize>::from_wire(&wire).map_err(|_| "invalid value")
                        }

                        #[inline]
                        fn write_to_extend(&self, out: &mut impl ::core::iter::Extend<u8>) -> ::core::result::Result<(), &'static str> {
                            let wire = <Self as #c::Endianize>::to_wire(self)
                                .map_err(|_| "the value has no wire form")?;
                            <#wire as #c::FromSlice>::write_to_extend(&wire, out)
                        }
                    }
                }
    }

    // ----- unions ------------------------------------------------------------------------

    fn expand_union(&self, fields: &FieldList) -> TokenStream {
        let vis = &self.input.vis;
        let wire = &self.input.wire_ident;
        let params = &self.input.generics.params;
        let (_, _, where_clause) = self.input.generics.split_for_impl();
        let where_all = self.wire_where(where_clause);
        let validity = if layout::all_bit_patterns_valid(fields) {
            "FromBytes"
        } else {
            "TryFromBytes"
        };
        let zc = vec![validity, "KnownLayout", "Immutable"];
        let derive = self.derive_attr(&["Clone", "Copy"], &zc);
        let repr = &self.input.repr.tokens;
        let field_defs = fields.fields.iter().map(|f| {
            let ty = self.wire_ty(f);
            let attrs = &f.attrs_to_copy;
            let name = &f.ident;
            quote!(#(#attrs)* pub #name: #ty)
        });
        let doc = format!(
            "The wire form of the union [`{}`], generated by `#[derive(Endianize)]`. Which field \
             is meant is for the format to say, so there are no conversions and no IO.",
            self.type_name
        );
        quote! {
            #[doc = #doc]
            #derive
            #[repr(#repr)]
            #vis union #wire<#params> #where_all { #(#field_defs,)* }
        }
    }
}
