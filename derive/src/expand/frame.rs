//! bincode-compatible framing (`endian_wire::frame`) for derived types.
//!
//! A derived type frames as bincode frames the same logical type: fields in order, enums as a
//! `u32` variant position then the fields, `char` and text as UTF-8 strings. The container's
//! `#[endian]` applies to everything inside it (native integers, lengths, tags), so under a
//! configuration of the same order the bytes are bincode's; wrappers keep their own order.
//! The wire type frames exactly like the logical type.

use proc_macro2::TokenStream;
use quote::quote;

use super::Cx;
use crate::model::{Field, FieldList, Order, Style, Variant};

/// What a struct's impls have beyond an enum's: the static-size items (`FIXED_SIZE`,
/// `encode_fixed` / `decode_fixed`), the first statement of `encode` / `decode`, which takes
/// the one-step path when it applies, and `decode_in_place` (empty for packed structs).
struct StructItems {
    encode_items: TokenStream,
    decode_items: TokenStream,
    encode_first: TokenStream,
    decode_first: TokenStream,
    decode_in_place: TokenStream,
}

/// Which type the impls are for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    Logical,
    Wire,
}

impl Cx<'_> {
    /// `bincode::Encode` / `Decode` / `BorrowDecode` (feature `bincode` of `endian_wire`),
    /// running the framing impls on bincode's encoder and decoder; only for a type that asks
    /// with `#[endian_wire(bincode)]`.
    fn bincode_impls(&self, target: Target) -> TokenStream {
        if !self.input.bincode {
            return TokenStream::new();
        }
        let c = self.c;
        let f = quote!(#c::frame);
        let bc = quote!(#c::derive_support::bincode);
        let (ty, _) = self.framed_type(target);
        let encode_where = self.frame_where(target, &quote!(#f::Encode));
        let decode_where = self.frame_where(target, &quote!(#f::Decode));
        let (impl_generics, _, _) = self.input.generics.split_for_impl();
        let mut ctx_generics = self.input.generics.clone();
        ctx_generics.params.insert(0, syn::parse_quote!(__Ctx));
        let (ctx_impl_generics, _, _) = ctx_generics.split_for_impl();
        let mut borrow_generics = ctx_generics.clone();
        borrow_generics.params.insert(0, syn::parse_quote!('__de));
        let (borrow_impl_generics, _, _) = borrow_generics.split_for_impl();
        quote! {
            #c::__with_bincode! {
                #[automatically_derived]
                impl #impl_generics #bc::Encode for #ty #encode_where {
                    #[inline]
                    fn encode<__E: #bc::enc::Encoder>(&self, e: &mut __E) -> ::core::result::Result<(), #bc::error::EncodeError> {
                        #f::bincode::encode(self, e)
                    }
                }

                #[automatically_derived]
                impl #ctx_impl_generics #bc::Decode<__Ctx> for #ty #decode_where {
                    #[inline]
                    fn decode<__D: #bc::de::Decoder<Context = __Ctx>>(d: &mut __D) -> ::core::result::Result<Self, #bc::error::DecodeError> {
                        #f::bincode::decode(d)
                    }
                }

                #[automatically_derived]
                impl #borrow_impl_generics #bc::BorrowDecode<'__de, __Ctx> for #ty #decode_where {
                    #[inline]
                    fn borrow_decode<__D: #bc::de::BorrowDecoder<'__de, Context = __Ctx>>(d: &mut __D) -> ::core::result::Result<Self, #bc::error::DecodeError> {
                        #f::bincode::decode(d)
                    }
                }
            }
        }
    }

    /// `true` when the container is big-endian: the `BIG` argument its fields' static-size
    /// paths run with, whatever the configuration says. An `#[endian(runtime)]` type's
    /// logical type passes on the one it was called with (`__BIG`, the configuration's).
    fn order_is_big(&self) -> TokenStream {
        match self.order {
            Some(Order::Big) => quote!(true),
            Some(Order::Little) => quote!(false),
            None => quote!(__BIG),
        }
    }

    /// The order the body of `encode` / `decode` runs in, for the encoder or decoder named
    /// `coder`: the container's, or the configuration's for an `#[endian(runtime)]` type.
    fn order_expr(&self, coder: &str) -> TokenStream {
        let c = self.c;
        match self.order {
            Some(Order::Big) => quote!(#c::Endian::Big),
            Some(Order::Little) => quote!(#c::Endian::Little),
            None => {
                let coder = syn::Ident::new(coder, proc_macro2::Span::call_site());
                quote!(#coder.endian())
            }
        }
    }

    /// `body`, which uses the encoder or decoder `coder`, run in the container's order (see
    /// `Encoder::in_order`); under a typed configuration of the other order `reenter` runs
    /// instead, the same call again on the erased coder, which then takes the `body` path.
    /// `state` is handed to whichever runs (what both would borrow mutably). An
    /// `#[endian(runtime)]` container runs `body` as it stands, in the order it is called in.
    fn in_own_order(
        &self,
        coder: &str,
        state: (TokenStream, TokenStream),
        body: &TokenStream,
        reenter: &TokenStream,
    ) -> TokenStream {
        let (state, pattern) = state;
        match self.order {
            Some(_) => {
                let order = self.order_expr(coder);
                let coder = syn::Ident::new(coder, proc_macro2::Span::call_site());
                quote! {
                    #coder.in_order(
                        #order,
                        #state,
                        #[inline(always)] |#coder, #pattern| { #body },
                        |#coder, #pattern| #reenter,
                    )
                }
            }
            None => quote!({ #body }),
        }
    }

    /// `expr`, which uses the encoder or decoder `coder`, run in the field's own order when
    /// its `#[endian]` fixes one other than the container's (written twice: for the coder of
    /// the configuration and for the erased one, see `Encoder::in_order`).
    fn in_field_order(&self, field: &Field, coder: &str, expr: TokenStream) -> TokenStream {
        match field.order {
            Some(order) if Some(order) != self.order => {
                let order = self.at(field).order_expr(coder);
                let coder = syn::Ident::new(coder, proc_macro2::Span::call_site());
                quote! {
                    #coder.in_order(#order, (), |#coder, ()| #expr, |#coder, ()| #expr)
                }
            }
            _ => expr,
        }
    }

    /// The type name and generics of `target`.
    fn framed_type(&self, target: Target) -> (TokenStream, String) {
        let (_, ty_generics, _) = self.input.generics.split_for_impl();
        let name = match target {
            Target::Logical => &self.input.ident,
            Target::Wire => &self.input.wire_ident,
        };
        (quote!(#name #ty_generics), name.to_string())
    }

    /// Where clauses: the input's, plus a bound per type parameter.
    fn frame_where(&self, target: Target, bound: &TokenStream) -> TokenStream {
        let c = self.c;
        let (_, _, where_clause) = self.input.generics.split_for_impl();
        let existing = where_clause.map(|w| {
            let p = &w.predicates;
            quote!(#p,)
        });
        let params = self.input.generics.type_params().map(|p| {
            let ident = &p.ident;
            match target {
                Target::Logical => quote!(#ident: #bound,),
                Target::Wire => quote! {
                    #ident: #c::Endianize,
                    <#ident as #c::Endianize>::Wire: #c::WireImage + #bound,
                },
            }
        });
        quote!(where #existing #(#params)*)
    }

    /// The type of `field` on `target`.
    fn framed_field_ty(&self, field: &Field, target: Target) -> TokenStream {
        match target {
            Target::Logical => {
                let ty = &field.ty;
                quote!(#ty)
            }
            Target::Wire => self.wire_ty(field),
        }
    }

    /// The statement writing one field at `place` (a reference): through its `Encode`, or
    /// with the length encoding of its `#[frame(len = ...)]`.
    fn encode_field(&self, field: &Field, place: &TokenStream) -> TokenStream {
        let c = self.c;
        let call = match &field.frame_len {
            Some(len) => quote!(#c::frame::len::encode::<#c::frame::len::#len, _, _>(#place, e)),
            None => quote!(#c::frame::Encode::encode(#place, e)),
        };
        let call = self.in_field_order(field, "e", call);
        quote!(#call?;)
    }

    /// The expression reading one field, as [`encode_field`](Self::encode_field) wrote it.
    fn decode_field(&self, field: &Field) -> TokenStream {
        let c = self.c;
        let call = match &field.frame_len {
            Some(len) => quote!(#c::frame::len::decode::<#c::frame::len::#len, _, _>(d)),
            None => quote!(#c::frame::Decode::decode(d)),
        };
        let call = self.in_field_order(field, "d", call);
        quote!(#call?)
    }

    /// The statement moving past one field (`Decode::skip`), as
    /// [`decode_field`](Self::decode_field) reads it.
    fn skip_field(&self, field: &Field, target: Target) -> TokenStream {
        let c = self.c;
        let ty = self.framed_field_ty(field, target);
        let call = match &field.frame_len {
            Some(len) => {
                quote!(#c::frame::len::skip::<#c::frame::len::#len, #ty, _>(d))
            }
            None => quote!(<#ty as #c::frame::Decode>::skip(d)),
        };
        let call = self.in_field_order(field, "d", call);
        quote!(#call?;)
    }

    /// The fewest bytes `fields` take on the wire: the sum of their `MIN_SIZE`s, so that a
    /// length prefix for a run of these values is checked against the input.
    fn min_size(&self, fields: &FieldList, target: Target) -> TokenStream {
        let f = {
            let c = self.c;
            quote!(#c::frame)
        };
        let sizes = fields.fields.iter().map(|field| {
            let ty = self.framed_field_ty(field, target);
            quote!(+ <#ty as #f::Decode>::MIN_SIZE)
        });
        quote!(0 #(#sizes)*)
    }

    /// `Encode` and `BorrowDecode` for a struct with a lifetime, which borrows from its input
    /// (`&'a [u8]`, `&'a str`, `&'a [[u8; 32]]`, slices of wrappers, nested borrowing
    /// structs): the fields framed in order as for an owned struct, each read through its
    /// `BorrowDecode`. No `Decode`: the value cannot outlive the input.
    fn frame_borrowing_struct(&self, fields: &FieldList) -> TokenStream {
        let c = self.c;
        let f = quote!(#c::frame);
        let (ty, _) = self.framed_type(Target::Logical);
        let (impl_generics, _, _) = self.input.generics.split_for_impl();
        let encode_where = self.frame_where(Target::Logical, &quote!(#f::Encode));
        let mut borrow_generics = self.input.generics.clone();
        borrow_generics.params.insert(0, syn::parse_quote!('__de));
        let (borrow_impl_generics, _, _) = borrow_generics.split_for_impl();
        // `'__de: 'a` for each of the struct's lifetimes, and `T: BorrowDecode<'__de>` for
        // each type parameter.
        let outlives = self.input.generics.lifetimes().map(|l| {
            let lifetime = &l.lifetime;
            quote!('__de: #lifetime,)
        });
        let params = self.input.generics.type_params().map(|p| {
            let ident = &p.ident;
            quote!(#ident: #f::BorrowDecode<'__de>,)
        });
        let existing = self.input.generics.where_clause.as_ref().map(|w| {
            let p = &w.predicates;
            quote!(#p,)
        });
        let decode_where = quote!(where #existing #(#outlives)* #(#params)*);
        let encodes = fields.fields.iter().map(|field| {
            let member = field.member();
            self.encode_field(field, &quote!(&self.#member))
        });
        let encode = self.in_own_order(
            "e",
            (quote!(()), quote!(())),
            &quote! {
                #(#encodes)*
                ::core::result::Result::Ok(())
            },
            &quote!(<Self as #f::Encode>::encode(self, e)),
        );
        let lifetimes: Vec<String> = self
            .input
            .generics
            .lifetimes()
            .map(|l| l.lifetime.ident.to_string())
            .collect();
        // A field's type as read from input of lifetime `'__de`: `&'a [u8]` implements
        // `BorrowDecode<'__de>` as `&'__de [u8]`, which then coerces to the field's type.
        let as_read = |field: &Field| {
            let ty = &field.ty;
            with_lifetimes_as_de(quote!(#ty), &lifetimes)
        };
        // A field that borrows nothing (a number, `[u8; 32]`, a `Vec<u8>`) is read through its
        // `Decode`, with the owned paths' one-check runs.
        let borrows = |field: &Field| {
            let ty = &field.ty;
            as_read(field).to_string() != quote!(#ty).to_string()
        };
        // `call`, which reads or skips `field`, in the field's own order where it has one.
        let in_field_order = |field: &Field, call: TokenStream| match field.order {
            Some(order) if Some(order) != self.order => {
                let order = self.at(field).order_expr("d");
                quote!(d.in_order_borrowed(#order, (), |d, ()| #call, |d, ()| #call))
            }
            _ => call,
        };
        // One field read (`skip` false) or moved past (`skip` true), in its own order: through
        // its per-field length encoding, its `BorrowDecode` when it borrows, else its `Decode`.
        let field_call = |field: &Field, skip: bool| {
            let field_ty = as_read(field);
            let call = match (&field.frame_len, skip) {
                (Some(len), false) => quote!(#f::len::decode::<#f::len::#len, _, _>(d)),
                (Some(len), true) => quote!(#f::len::skip::<#f::len::#len, #field_ty, _>(d)),
                (None, false) if borrows(field) => {
                    quote!(<#field_ty as #f::BorrowDecode<'__de>>::borrow_decode(d))
                }
                (None, true) if borrows(field) => {
                    quote!(<#field_ty as #f::BorrowDecode<'__de>>::borrow_skip(d))
                }
                (None, false) => quote!(<#field_ty as #f::Decode>::decode(d)),
                (None, true) => quote!(<#field_ty as #f::Decode>::skip(d)),
            };
            in_field_order(field, call)
        };
        // `body` in the container's order, with `state` (bound as `pattern`) passed in; under a
        // typed configuration of the other order, `reenter` on the erased decoder (see
        // `in_own_order`).
        let in_own_order = |(state, pattern): (TokenStream, TokenStream),
                            body: TokenStream,
                            reenter: TokenStream| match self.order {
            Some(_) => {
                let order = self.order_expr("d");
                quote! {
                    d.in_order_borrowed(
                        #order,
                        #state,
                        #[inline(always)] |d, #pattern| { #body },
                        |d, #pattern| #reenter,
                    )
                }
            }
            None => quote!({ #body }),
        };
        let decodes = fields.fields.iter().map(|field| {
            let member = field.member();
            let call = field_call(field, false);
            quote!(#member: #call?)
        });
        let build = match fields.style {
            Style::Unit => quote!(Self),
            _ => quote!(Self { #(#decodes,)* }),
        };
        let decode = in_own_order(
            (quote!(()), quote!(())),
            quote!(::core::result::Result::Ok(#build)),
            quote!(<Self as #f::BorrowDecode<'__de>>::borrow_decode(d)),
        );
        // Read in place: each field straight into the slot the struct ends up in (an element
        // of a `Vec`), as the owned decode's `decode_in_place` does. A field is read as its
        // type with `'__de` for the struct's lifetimes; its place is cast to that type, the
        // same layout, which `borrow_decode` above proves a subtype of the field's (it builds
        // `Self` from the same values): a value of it is valid in the field.
        let c = self.c;
        let in_place = (!self.input.logical_packed && !fields.fields.is_empty()).then(|| {
            let calls = fields.fields.iter().map(|field| {
                let member = field.member();
                let field_ty = as_read(field);
                // SAFETY (of the generated block): `__p` comes from the `&mut MaybeUninit<Self>`
                // this function holds, the struct is not packed, each field's slot is used
                // once, before the next one is made, and its cast is to a subtype of the
                // field's type (see above).
                let place = quote! {
                    unsafe {
                        #c::derive_support::field_slot(
                            ::core::ptr::addr_of_mut!((*__p).#member).cast::<#field_ty>(),
                        )
                    }
                };
                let call = match &field.frame_len {
                    Some(len) => {
                        let call = quote!(#f::len::decode::<#f::len::#len, _, _>(d));
                        quote!(#call.map(|value| { #place.write(value); }))
                    }
                    None if borrows(field) => {
                        quote!(#f::borrow_decode_into_slot::<#field_ty, _>(d, #place))
                    }
                    None => quote!(#f::decode_into_slot::<#field_ty, _>(d, #place)),
                };
                in_field_order(field, call)
            });
            let read_fields = in_own_order(
                (quote!(slot), quote!(slot)),
                self.in_place_body(fields, calls),
                quote!(<Self as #f::BorrowDecode<'__de>>::borrow_decode_in_place(d, slot)),
            );
            // SAFETY (of the generated constant): `borrow_decode_in_place` below writes every
            // field of the slot before it returns `Ok` (each through `borrow_decode_into_slot`
            // or `decode_into_slot`, which vouch for their own, or by value), and drops the
            // ones it wrote before returning an error.
            quote! {
                const BORROW_DECODES_IN_PLACE: ::core::option::Option<#f::BorrowInPlace<Self>> =
                    ::core::option::Option::Some(unsafe { #f::BorrowInPlace::new() });

                #[inline]
                fn borrow_decode_in_place<__R: #f::BorrowReader<'__de>>(
                    d: &mut #f::Decoder<__R>,
                    slot: &mut ::core::mem::MaybeUninit<Self>,
                ) -> ::core::result::Result<(), #f::DecodeError> {
                    #read_fields
                }
            }
        });
        // The boundary pass: each field moved past as it is read.
        let skips = fields.fields.iter().map(|field| {
            let call = field_call(field, true);
            quote!(#call?;)
        });
        let skip = in_own_order(
            (quote!(()), quote!(())),
            quote! {
                #(#skips)*
                ::core::result::Result::Ok(())
            },
            quote!(<Self as #f::BorrowDecode<'__de>>::borrow_skip(d)),
        );
        let min_sizes = fields.fields.iter().map(|field| {
            let field_ty = as_read(field);
            quote!(+ <#field_ty as #f::BorrowDecode<'__de>>::MIN_SIZE)
        });
        quote! {
            #[automatically_derived]
            impl #impl_generics #f::Encode for #ty #encode_where {
                #[inline]
                fn encode<__W: #f::Writer>(&self, e: &mut #f::Encoder<__W>) -> ::core::result::Result<(), #f::EncodeError> {
                    #encode
                }
            }

            #[automatically_derived]
            impl #borrow_impl_generics #f::BorrowDecode<'__de> for #ty #decode_where {
                const MIN_SIZE: usize = 0 #(#min_sizes)*;

                #[inline]
                fn borrow_decode<__R: #f::BorrowReader<'__de>>(d: &mut #f::Decoder<__R>) -> ::core::result::Result<Self, #f::DecodeError> {
                    #decode
                }

                #[inline]
                fn borrow_skip<__R: #f::BorrowReader<'__de>>(d: &mut #f::Decoder<__R>) -> ::core::result::Result<(), #f::DecodeError> {
                    #skip
                }

                #in_place
            }
        }
    }

    /// `Encode`, `Decode` and `BorrowDecode` for a struct.
    pub(crate) fn frame_struct(&self, fields: &FieldList, target: Target) -> TokenStream {
        if target == Target::Logical && self.input.generics.lifetimes().next().is_some() {
            return self.frame_borrowing_struct(fields);
        }
        let packed = match target {
            Target::Wire => self.input.repr.packed.is_some(),
            Target::Logical => self.input.logical_packed,
        };
        let encodes = fields.fields.iter().map(|field| {
            let member = field.member();
            // Fields of a packed struct are copied out, never referenced.
            let place = if packed {
                quote!(&{ self.#member })
            } else {
                quote!(&self.#member)
            };
            self.encode_field(field, &place)
        });
        let decodes = fields.fields.iter().map(|field| {
            let member = field.member();
            let value = self.decode_field(field);
            quote!(#member: #value)
        });
        let build = match fields.style {
            Style::Unit => quote!(Self),
            _ => quote!(Self { #(#decodes,)* }),
        };
        let skips = fields
            .fields
            .iter()
            .map(|field| self.skip_field(field, target));
        let mut items = self.fixed_parts(fields, target, packed);
        if !packed && !fields.fields.is_empty() {
            items.decode_in_place = self.decode_in_place(fields, target);
        }
        self.frame_impls(
            target,
            Some(items),
            &self.min_size(fields, target),
            &quote! {
                #(#encodes)*
                ::core::result::Result::Ok(())
            },
            &quote!(::core::result::Result::Ok(#build)),
            &quote! {
                #(#skips)*
                ::core::result::Result::Ok(())
            },
        )
    }

    /// The body of an in-place read: each of `calls` (one per field, in order: an expression
    /// giving `Result<(), DecodeError>` that writes its field's slot when it is `Ok`) run in
    /// turn, and on the first error the fields already read dropped, so that the slot holds
    /// nothing again.
    fn in_place_body(
        &self,
        fields: &FieldList,
        calls: impl Iterator<Item = TokenStream>,
    ) -> TokenStream {
        let last = fields.fields.len().saturating_sub(1);
        let reads = calls.enumerate().map(|(i, call)| {
            let done = (i < last).then(|| {
                let n = i + 1;
                quote!(__done = #n;)
            });
            quote! {
                if let ::core::result::Result::Err(e) = #call {
                    break 'read ::core::result::Result::Err(e);
                }
                #done
            }
        });
        let drops = fields.fields.iter().enumerate().take(last).map(|(i, field)| {
            let member = field.member();
            // SAFETY (of the generated block): the first `__done` fields were read, and
            // nothing else drops them: the caller sees the error and treats the slot as empty.
            quote! {
                if __done > #i {
                    unsafe { ::core::ptr::drop_in_place(::core::ptr::addr_of_mut!((*__p).#member)) };
                }
            }
        });
        quote! {
            let __p = slot.as_mut_ptr();
            let mut __done: usize = 0;
            let __result = 'read: {
                #(#reads)*
                ::core::result::Result::Ok(())
            };
            if __result.is_err() {
                #(#drops)*
            }
            __result
        }
    }

    /// `Decode::decode_in_place` for a struct that is not packed: each field read straight
    /// into its place in the caller's slot, the fields read so far dropped if a later one
    /// fails. Static-size structs keep their one-step read by value.
    fn decode_in_place(&self, fields: &FieldList, target: Target) -> TokenStream {
        let c = self.c;
        let f = quote!(#c::frame);
        // A static-size struct's one-step read, written straight into the slot.
        let fixed_into = match self.order {
            Some(_) => {
                let big = self.order_is_big();
                quote!(d.decode_fixed_into::<Self, #big>(slot)?)
            }
            None => quote!(d.decode_fixed_into_config::<Self>(slot)?),
        };
        let calls = fields.fields.iter().map(|field| {
            let member = field.member();
            let field_ty = self.framed_field_ty(field, target);
            // SAFETY (of the generated block): `__p` comes from the `&mut MaybeUninit<Self>`
            // this function holds, the struct is not packed, and each field's slot is used
            // once, before the next one is made.
            let place = quote! {
                unsafe { #c::derive_support::field_slot(::core::ptr::addr_of_mut!((*__p).#member)) }
            };
            match &field.frame_len {
                Some(len) => {
                    let call = self.in_field_order(
                        field,
                        "d",
                        quote!(#f::len::decode::<#f::len::#len, _, _>(d)),
                    );
                    quote!(#call.map(|value| { #place.write(value); }))
                }
                None => self.in_field_order(
                    field,
                    "d",
                    quote!(#f::decode_into_slot::<#field_ty, _>(d, #place)),
                ),
            }
        });
        let read_fields = self.in_own_order(
            "d",
            (quote!(slot), quote!(slot)),
            &self.in_place_body(fields, calls),
            &quote!(<Self as #f::Decode>::decode_in_place(d, slot)),
        );
        // SAFETY (of the generated constant): `decode_in_place` below writes every field of
        // the slot before it returns `Ok` (each through `decode_into_slot`, which vouches for
        // its own), and drops the ones it wrote before returning an error.
        quote! {
            const DECODES_IN_PLACE: ::core::option::Option<#f::InPlace<Self>> =
                ::core::option::Option::Some(unsafe { #f::InPlace::new() });

            #[inline]
            fn decode_in_place<__R: #f::Reader>(
                d: &mut #f::Decoder<__R>,
                slot: &mut ::core::mem::MaybeUninit<Self>,
            ) -> ::core::result::Result<(), #f::DecodeError> {
                if d.static_size::<Self>().is_some() {
                    if !#fixed_into {
                        slot.write(<Self as #f::Decode>::decode(d)?);
                    }
                    return ::core::result::Result::Ok(());
                }
                #read_fields
            }
        }
    }

    /// `Encode`, `Decode` and `BorrowDecode` for an enum: the variant position as a `u32` tag,
    /// then the variant's fields. The tag is computed by one `match` and written once (one
    /// write per variant, the arms did not merge: a jump table per tag); a unit-only enum has
    /// a static size (4 bytes under fixed-int, 1 under varint for up to 251 variants), so that
    /// records holding one keep their one-check path.
    pub(crate) fn frame_enum(&self, variants: &[Variant], target: Target) -> TokenStream {
        let c = self.c;
        let f = quote!(#c::frame);
        let (_, type_name) = self.framed_type(target);
        let name = match target {
            Target::Logical => &self.input.ident,
            Target::Wire => &self.input.wire_ident,
        };
        let tag_arms = variants.iter().enumerate().map(|(i, v)| {
            let index = i as u32;
            let v_ident = &v.ident;
            quote!(#name::#v_ident { .. } => #index,)
        });
        let unit_only = variants.iter().all(|v| v.fields.fields.is_empty());
        let field_arms = variants.iter().map(|v| {
            let names = super::bindings(v);
            let v_ident = &v.ident;
            let pattern = super::variant_expr(quote!(#name::#v_ident), v, &names);
            let encodes = v
                .fields
                .fields
                .iter()
                .zip(&names)
                .map(|(field, name)| self.encode_field(field, &quote!(#name)));
            quote!(#pattern => { #(#encodes)* })
        });
        let fields = (!unit_only).then(|| quote!(match self { #(#field_arms)* }));
        let decode_arms = variants.iter().enumerate().map(|(i, v)| {
            let index = i as u32;
            let v_ident = &v.ident;
            let members = v.fields.fields.iter().map(Field::member);
            let build = match v.fields.style {
                Style::Unit => quote!(#name::#v_ident),
                Style::Tuple => {
                    let values = v.fields.fields.iter().map(|fl| self.decode_field(fl));
                    quote!(#name::#v_ident(#(#values),*))
                }
                Style::Named => {
                    let values = v.fields.fields.iter().map(|fl| self.decode_field(fl));
                    quote!(#name::#v_ident { #(#members: #values),* })
                }
            };
            quote!(#index => #build,)
        });
        let skip_arms = variants.iter().enumerate().map(|(i, v)| {
            let index = i as u32;
            let skips = v.fields.fields.iter().map(|fl| self.skip_field(fl, target));
            quote!(#index => { #(#skips)* })
        });
        let unknown = quote! {
            #f::DecodeErrorKind::UnknownVariant {
                type_name: #type_name,
                tag: u64::from(tag),
            }
        };
        let static_items = unit_only.then(|| self.unit_enum_items(variants, target, &unknown));
        // The tag (at least one byte under varint), then the smallest variant.
        let variant_sizes = variants.iter().map(|v| self.min_size(&v.fields, target));
        self.frame_impls(
            target,
            static_items,
            &quote!(1 + #c::derive_support::min_of(&[#(#variant_sizes),*])),
            &quote! {
                let __tag: u32 = match self { #(#tag_arms)* };
                e.write_variant(__tag)?;
                #fields
                ::core::result::Result::Ok(())
            },
            &quote! {
                let start = d.offset();
                ::core::result::Result::Ok(match d.read_variant()? {
                    #(#decode_arms)*
                    tag => return ::core::result::Result::Err(d.error_at(start, #unknown)),
                })
            },
            &quote! {
                let start = d.offset();
                match d.read_variant()? {
                    #(#skip_arms)*
                    tag => return ::core::result::Result::Err(d.error_at(start, #unknown)),
                }
                ::core::result::Result::Ok(())
            },
        )
    }

    /// The static-size items of a unit-only enum: the tag alone, a `u32` under fixed-int and
    /// one byte under varint (while every position is a one-byte varint, up to 251 variants),
    /// in the container's order. Decoding under varint keeps the general path: bincode's
    /// readers accept a tag written with a wider marker than it needs (`fb 01 00` for 1), so
    /// the tag's size is not known before it is read.
    fn unit_enum_items(
        &self,
        variants: &[Variant],
        target: Target,
        unknown: &TokenStream,
    ) -> StructItems {
        let c = self.c;
        let f = quote!(#c::frame);
        let big = self.order_is_big();
        let name = match target {
            Target::Logical => &self.input.ident,
            Target::Wire => &self.input.wire_ident,
        };
        let varint_size = if variants.len() <= 251 {
            quote!(::core::option::Option::Some(1))
        } else {
            quote!(::core::option::Option::None)
        };
        let tag_arms = variants.iter().enumerate().map(|(i, v)| {
            let index = i as u32;
            let v_ident = &v.ident;
            quote!(#name::#v_ident => #index,)
        });
        let value_arms = variants.iter().enumerate().map(|(i, v)| {
            let index = i as u32;
            let v_ident = &v.ident;
            quote!(#index => #name::#v_ident,)
        });
        let hot = super::inline_hot();
        StructItems {
            encode_items: quote! {
                const FIXED_SIZE: ::core::option::Option<usize> = ::core::option::Option::Some(4);
                const VARINT_SIZE: ::core::option::Option<usize> = #varint_size;

                #hot
                fn encode_fixed<const __BIG: bool, const __VARINT: bool>(&self, out: &mut #f::FixedOut<'_>) {
                    let tag: u32 = match self { #(#tag_arms)* };
                    if __VARINT {
                        out.put([tag as u8]);
                    } else if #big {
                        out.put(tag.to_be_bytes());
                    } else {
                        out.put(tag.to_le_bytes());
                    }
                }
            },
            decode_items: quote! {
                const FIXED_SIZE: ::core::option::Option<usize> = ::core::option::Option::Some(4);

                #hot
                fn decode_fixed<const __BIG: bool, const __VARINT: bool>(input: &mut #f::FixedIn<'_>) -> ::core::result::Result<Self, #f::DecodeError> {
                    let start = input.offset();
                    let tag = if #big {
                        u32::from_be_bytes(input.take::<4>())
                    } else {
                        u32::from_le_bytes(input.take::<4>())
                    };
                    ::core::result::Result::Ok(match tag {
                        #(#value_arms)*
                        tag => return ::core::result::Result::Err(input.error_at(start, #unknown)),
                    })
                }
            },
            encode_first: self.encode_first(),
            decode_first: self.decode_first(),
            decode_in_place: TokenStream::new(),
        }
    }

    /// The static-size items of a struct: its size is the sum of its fields' (`None` if any
    /// has none), and its fields run in the container's order.
    fn fixed_parts(&self, fields: &FieldList, target: Target, packed: bool) -> StructItems {
        let c = self.c;
        let f = quote!(#c::frame);
        let tys: Vec<TokenStream> = fields
            .fields
            .iter()
            .map(|field| self.framed_field_ty(field, target))
            .collect();
        let puts = fields.fields.iter().zip(&tys).map(|(field, ty)| {
            let member = field.member();
            let place = if packed {
                quote!(&{ self.#member })
            } else {
                quote!(&self.#member)
            };
            let big = self.at(field).order_is_big();
            quote!(<#ty as #f::Encode>::encode_fixed::<#big, __VARINT>(#place, out);)
        });
        let takes = fields.fields.iter().zip(&tys).map(|(field, ty)| {
            let member = field.member();
            let big = self.at(field).order_is_big();
            quote!(#member: <#ty as #f::Decode>::decode_fixed::<#big, __VARINT>(input)?)
        });
        let build = match fields.style {
            Style::Unit => quote!(Self),
            _ => quote!(Self { #(#takes,)* }),
        };
        let encode_map = self.byte_map(fields, &tys, &quote!(#f::Encode));
        let decode_map = self.byte_map(fields, &tys, &quote!(#f::Decode));
        let hot = super::inline_hot();
        StructItems {
            encode_items: quote! {
                const FIXED_SIZE: ::core::option::Option<usize> =
                    #f::sum_sizes(&[#(<#tys as #f::Encode>::FIXED_SIZE),*]);
                const VARINT_SIZE: ::core::option::Option<usize> =
                    #f::sum_sizes(&[#(<#tys as #f::Encode>::VARINT_SIZE),*]);
                #encode_map

                #hot
                fn encode_fixed<const __BIG: bool, const __VARINT: bool>(&self, out: &mut #f::FixedOut<'_>) {
                    #(#puts)*
                }
            },
            decode_items: quote! {
                const FIXED_SIZE: ::core::option::Option<usize> =
                    #f::sum_sizes(&[#(<#tys as #f::Decode>::FIXED_SIZE),*]);
                const VARINT_SIZE: ::core::option::Option<usize> =
                    #f::sum_sizes(&[#(<#tys as #f::Decode>::VARINT_SIZE),*]);
                #decode_map

                #hot
                fn decode_fixed<const __BIG: bool, const __VARINT: bool>(input: &mut #f::FixedIn<'_>) -> ::core::result::Result<Self, #f::DecodeError> {
                    ::core::result::Result::Ok(#build)
                }
            },
            encode_first: self.encode_first(),
            decode_first: self.decode_first(),
            decode_in_place: TokenStream::new(),
        }
    }

    /// The first statement of a static-size type's `encode`: the one-step path, in the
    /// container's order (the configuration's for an `#[endian(runtime)]` type).
    fn encode_first(&self) -> TokenStream {
        let big = self.order_is_big();
        match self.order {
            Some(_) => quote! {
                if e.encode_fixed_in::<Self, #big>(self)? {
                    return ::core::result::Result::Ok(());
                }
            },
            None => quote! {
                if e.encode_fixed(self)? {
                    return ::core::result::Result::Ok(());
                }
            },
        }
    }

    /// As [`encode_first`](Self::encode_first), for `decode`.
    fn decode_first(&self) -> TokenStream {
        let big = self.order_is_big();
        match self.order {
            Some(_) => quote! {
                if let ::core::option::Option::Some(value) = d.decode_fixed_in::<Self, #big>()? {
                    return ::core::result::Result::Ok(value);
                }
            },
            None => quote! {
                if let ::core::option::Option::Some(value) = d.decode_fixed::<Self>()? {
                    return ::core::result::Result::Ok(value);
                }
            },
        }
    }

    /// `BYTE_MAP` of a struct: its fields' maps, in the container's order, each at the
    /// field's `offset_of!` (packed structs too: the map names bytes, never a field's place;
    /// nothing for a struct without fields).
    fn byte_map(
        &self,
        fields: &FieldList,
        tys: &[TokenStream],
        framing: &TokenStream,
    ) -> TokenStream {
        if fields.fields.is_empty() {
            return TokenStream::new();
        }
        let c = self.c;
        let ds = quote!(#c::derive_support);
        // The map with native numbers in `config` order (0: little-endian, 1: big-endian)
        // where neither the field nor the container fixes one.
        let map_in = |config: usize| {
            let steps = fields.fields.iter().zip(tys).map(|(field, ty)| {
                let member = field.member();
                let order = match field.order.or(self.order) {
                    Some(Order::Big) => 1,
                    Some(Order::Little) => 0,
                    None => config,
                };
                quote! {
                    let map = #ds::ByteMap::then(
                        map,
                        <#ty as #framing>::BYTE_MAP[#order],
                        ::core::mem::offset_of!(Self, #member),
                    );
                }
            });
            quote! {{
                let map = #ds::ByteMap::<Self>::empty();
                #(#steps)*
                map
            }}
        };
        let maps = match self.order {
            Some(_) => {
                let map = map_in(0);
                quote!({ let map = #map; [map, map] })
            }
            None => {
                let (little, big) = (map_in(0), map_in(1));
                quote!([#little, #big])
            }
        };
        quote! {
            // SAFETY: each field's map at the field's offset, in the order the fields are
            // framed. A derived struct frames in its declared order under every
            // configuration, so both entries are the same map; an `#[endian(runtime)]`
            // one in the configuration's, so each entry is the map of its order.
            const BYTE_MAP: [::core::option::Option<#ds::ByteMap<Self>>; 2] = unsafe { #maps };
        }
    }

    /// The framing impls of a derived type around the bodies of its `encode` and `decode`
    /// (each run in the container's byte order): `Encode`, `Decode` with `min_size`,
    /// `BorrowDecode` through `Decode`, and bincode 2's traits when asked for.
    fn frame_impls(
        &self,
        target: Target,
        struct_items: Option<StructItems>,
        min_size: &TokenStream,
        encode_body: &TokenStream,
        decode_body: &TokenStream,
        skip_body: &TokenStream,
    ) -> TokenStream {
        let c = self.c;
        let f = quote!(#c::frame);
        let (ty, _) = self.framed_type(target);
        let (impl_generics, _, _) = self.input.generics.split_for_impl();
        let encode_where = self.frame_where(target, &quote!(#f::Encode));
        let decode_where = self.frame_where(target, &quote!(#f::Decode));
        let mut borrow_generics = self.input.generics.clone();
        borrow_generics.params.insert(0, syn::parse_quote!('__de));
        let (borrow_impl_generics, _, _) = borrow_generics.split_for_impl();
        let bincode = self.bincode_impls(target);
        // Structs' `encode` / `decode` are hinted inline (an enum's match is left to the
        // compiler). A type with a static size under the configuration keeps its
        // field-by-field path (streams, short output) out of line, so that the one-step path
        // inlines into callers; without one (varint integers) the fields are the path, inline.
        // Under the entry points the integer encoding is a constant, so this is decided at
        // compile time.
        let inline = match struct_items {
            Some(_) => quote!(#[inline]),
            None => TokenStream::new(),
        };
        let inline_encode = match struct_items {
            Some(_) => super::inline_hot(),
            None => TokenStream::new(),
        };
        let encode_in_order = self.in_own_order(
            "e",
            (quote!(()), quote!(())),
            encode_body,
            &quote!(<Self as #f::Encode>::encode(self, e)),
        );
        let decode_in_order = self.in_own_order(
            "d",
            (quote!(()), quote!(())),
            decode_body,
            &quote!(<Self as #f::Decode>::decode(d)),
        );
        let skip_in_order = self.in_own_order(
            "d",
            (quote!(()), quote!(())),
            skip_body,
            &quote!(<Self as #f::Decode>::skip(d)),
        );
        let (encode_items, decode_items, encode, decode) = match struct_items {
            Some(x) => {
                let (encode_first, decode_first) = (x.encode_first, x.decode_first);
                let decode_in_place = x.decode_in_place;
                let decode_items = x.decode_items;
                (
                    x.encode_items,
                    quote!(#decode_items #decode_in_place),
                    quote! {
                        #encode_first
                        let by_field = { #[inline(always)] |e: &mut #f::Encoder<__W>| #encode_in_order };
                        if e.static_size::<Self>().is_some() {
                            e.out_of_line(by_field)
                        } else {
                            by_field(e)
                        }
                    },
                    quote! {
                        #decode_first
                        let by_field = |d: &mut #f::Decoder<__R>| #decode_in_order;
                        if d.static_size::<Self>().is_some() {
                            d.out_of_line(by_field)
                        } else {
                            by_field(d)
                        }
                    },
                )
            }
            None => (
                TokenStream::new(),
                TokenStream::new(),
                encode_in_order,
                decode_in_order,
            ),
        };
        quote! {
            #bincode

            #[automatically_derived]
            impl #impl_generics #f::Encode for #ty #encode_where {
                #encode_items

                #inline_encode
                fn encode<__W: #f::Writer>(&self, e: &mut #f::Encoder<__W>) -> ::core::result::Result<(), #f::EncodeError> {
                    #encode
                }
            }

            #[automatically_derived]
            impl #impl_generics #f::Decode for #ty #decode_where {
                const MIN_SIZE: usize = #min_size;
                #decode_items

                #inline
                fn decode<__R: #f::Reader>(d: &mut #f::Decoder<__R>) -> ::core::result::Result<Self, #f::DecodeError> {
                    #decode
                }

                #[inline]
                fn skip<__R: #f::Reader>(d: &mut #f::Decoder<__R>) -> ::core::result::Result<(), #f::DecodeError> {
                    if let ::core::option::Option::Some(size) = d.static_size::<Self>() {
                        return d.skip_bytes(size);
                    }
                    #skip_in_order
                }
            }

            #[automatically_derived]
            impl #borrow_impl_generics #f::BorrowDecode<'__de> for #ty #decode_where {
                const MIN_SIZE: usize = <Self as #f::Decode>::MIN_SIZE;

                #[inline]
                fn borrow_decode<__R: #f::BorrowReader<'__de>>(d: &mut #f::Decoder<__R>) -> ::core::result::Result<Self, #f::DecodeError> {
                    <Self as #f::Decode>::decode(d)
                }

                #[inline]
                fn borrow_skip<__R: #f::BorrowReader<'__de>>(d: &mut #f::Decoder<__R>) -> ::core::result::Result<(), #f::DecodeError> {
                    <Self as #f::Decode>::skip(d)
                }
            }
        }
    }
}

/// `tokens` with each of `lifetimes` (a struct's own) replaced by `'__de`, the lifetime of the
/// input a borrowing struct is read from.
fn with_lifetimes_as_de(tokens: TokenStream, lifetimes: &[String]) -> TokenStream {
    use proc_macro2::{Group, Ident, Spacing, TokenTree};
    let mut out = Vec::new();
    let mut tokens = tokens.into_iter().peekable();
    while let Some(token) = tokens.next() {
        match token {
            TokenTree::Punct(p) if p.as_char() == '\'' && p.spacing() == Spacing::Joint => {
                let renamed = match tokens.peek() {
                    Some(TokenTree::Ident(name)) if lifetimes.contains(&name.to_string()) => {
                        Some(Ident::new("__de", name.span()))
                    }
                    _ => None,
                };
                out.push(TokenTree::Punct(p));
                if let Some(name) = renamed {
                    tokens.next();
                    out.push(TokenTree::Ident(name));
                }
            }
            TokenTree::Group(g) => {
                let mut inner =
                    Group::new(g.delimiter(), with_lifetimes_as_de(g.stream(), lifetimes));
                inner.set_span(g.span());
                out.push(TokenTree::Group(inner));
            }
            other => out.push(other),
        }
    }
    out.into_iter().collect()
}
