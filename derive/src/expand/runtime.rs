//! `#[endian(runtime)]`: the fixed-order expansion run once per byte order, giving the wire
//! types `FooWireBe` and `FooWireLe` (each with its IO, framing, and the logical type's
//! conversions as `EndianizeIn<BIG>`); the logical type's framing, in the configuration's
//! order; and `RuntimeEndian`, whose methods choose between the two wire types at run time.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::frame::Target;
use super::{Cx, Generated, enums};
use crate::layout;
use crate::model::{Body, FieldList, Input, Order};

pub(crate) fn expand(input: &Input) -> TokenStream {
    let logical = Cx::new(input);
    if input.framed_only {
        // Variable-length fields: no wire types, framing in the configuration's order only.
        let impls = match &input.body {
            Body::Struct(fields) => logical.frame_struct(fields, Target::Logical),
            Body::Enum { variants, .. } => logical.frame_enum(variants, Target::Logical),
            Body::Union(_) => TokenStream::new(), // refused while parsing
        };
        return Generated {
            def: TokenStream::new(),
            impls,
        }
        .into_tokens();
    }
    let mut out = TokenStream::new();
    for order in [Order::Big, Order::Little] {
        let ordered = input.in_order(order);
        let cx = Cx::new(&ordered);
        let generated = match &input.body {
            Body::Struct(fields) => {
                let mut out = cx.expand_struct(fields);
                out.impls.extend(cx.frame_struct(fields, Target::Wire));
                out.impls.extend(cx.runtime_wire(Some(fields)));
                out
            }
            Body::Enum { variants, repr } => {
                let mut out = enums::expand_enum(&cx, variants, repr);
                out.impls.extend(cx.frame_enum(variants, Target::Wire));
                out.impls.extend(cx.runtime_wire(None));
                out
            }
            // Two wire unions; which field is meant is the format's business, as ever.
            Body::Union(fields) => Generated {
                def: cx.expand_union(fields),
                impls: TokenStream::new(),
            },
        };
        out.extend(generated.into_tokens());
    }
    let impls = match &input.body {
        Body::Struct(fields) => {
            let mut impls = logical.frame_struct(fields, Target::Logical);
            impls.extend(logical.runtime_endian());
            impls
        }
        Body::Enum { variants, .. } => {
            let mut impls = logical.frame_enum(variants, Target::Logical);
            impls.extend(logical.runtime_endian());
            impls
        }
        Body::Union(_) => TokenStream::new(),
    };
    out.extend(
        Generated {
            def: TokenStream::new(),
            impls,
        }
        .into_tokens(),
    );
    out
}

impl Cx<'_> {
    /// `RuntimeWire` for the wire type of this order (`std` only: its methods report
    /// `std::io` errors): the size of a struct's image, and its in-place view of a table when
    /// its memory is its image. `fields` is `None` for an enum.
    fn runtime_wire(&self, fields: Option<&FieldList>) -> TokenStream {
        let c = self.c;
        let ds = quote!(#c::derive_support);
        let wire = &self.input.wire_ident;
        let (impl_generics, ty_generics, where_clause) = self.input.generics.split_for_impl();
        let items = match fields {
            Some(fields) => {
                let padding_free = layout::padding_free_size(fields, &self.input.repr);
                let as_bytes = padding_free.is_some() || self.user_derives().1("IntoBytes");
                // (Not for a wire type of no bytes, which has no table to view.)
                let view = if as_bytes && padding_free != Some(0) {
                    quote!(#ds::view_records::<Self>(bytes))
                } else {
                    quote! {{
                        let _ = bytes;
                        ::core::option::Option::None
                    }}
                };
                quote! {
                    const RECORD_SIZE: ::core::option::Option<usize> =
                        ::core::option::Option::Some(<Self as #c::WireImage>::WIRE_SIZE);
                    const IN_PLACE: bool = #as_bytes;

                    #[inline]
                    fn read_record(image: &[u8]) -> ::core::result::Result<Self, #c::InvalidImage> {
                        <Self as #c::WireImage>::read_image(image)
                    }

                    #[inline]
                    fn view_records(bytes: &[u8]) -> ::core::option::Option<&[Self]> {
                        #view
                    }
                }
            }
            None => quote! {
                const RECORD_SIZE: ::core::option::Option<usize> = ::core::option::Option::None;
                const IN_PLACE: bool = false;

                fn read_record(image: &[u8]) -> ::core::result::Result<Self, #c::InvalidImage> {
                    ::core::result::Result::Err(#ds::no_record_image::<Self>(image))
                }

                fn view_records(bytes: &[u8]) -> ::core::option::Option<&[Self]> {
                    let _ = bytes;
                    ::core::option::Option::None
                }
            },
        };
        quote! {
            #c::__with_std! {
                #[automatically_derived]
                impl #impl_generics #ds::RuntimeWire for #wire #ty_generics #where_clause {
                    #items
                }
            }
        }
    }

    /// `RuntimeEndian` for the logical type: its methods are the trait's, built on the two
    /// wire types; the impl names the host's.
    fn runtime_endian(&self) -> TokenStream {
        let c = self.c;
        let ident = &self.input.ident;
        let (impl_generics, ty_generics, where_clause) = self.input.generics.split_for_impl();
        let be = format_ident!("{}WireBe", ident);
        let le = format_ident!("{}WireLe", ident);
        quote! {
            #[automatically_derived]
            impl #impl_generics #c::RuntimeEndian for #ident #ty_generics #where_clause {
                #[cfg(target_endian = "little")]
                type WireNative = #le #ty_generics;
                #[cfg(target_endian = "big")]
                type WireNative = #be #ty_generics;

                // The maps the derive builds for the type's framing: for the fields a
                // runtime type has (numbers, arrays, nested such types) its fixed-int framing
                // is its image; where they differ (`char`, enums) the map is `None`.
                const IMAGE_MAPS: #c::derive_support::ImageMaps<Self> = #c::derive_support::ImageMaps {
                    size: <Self as #c::frame::Decode>::FIXED_SIZE,
                    write: <Self as #c::frame::Encode>::BYTE_MAP,
                    read: <Self as #c::frame::Decode>::BYTE_MAP,
                };
            }
        }
    }
}
