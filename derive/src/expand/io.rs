//! IO: `WireBytes` for a wire struct whose memory is its wire image, `WireImage` and the
//! field-by-field IO for one with padding, and the logical type's IO through its wire type.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::Cx;
use crate::model::FieldList;

impl Cx<'_> {
    /// `WireBytes` for a wire struct whose memory is its wire image.
    pub(super) fn wire_bytes_impl(&self, fields: &FieldList) -> TokenStream {
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
        let hot = super::inline_hot();
        quote! {
            #[automatically_derived]
            impl #impl_generics #c::WireBytes for #wire #ty_generics #where_all {
                #hot
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
    pub(super) fn wire_image_impl(
        &self,
        fields: &FieldList,
        wire_size: &TokenStream,
    ) -> TokenStream {
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
                impl #impl_generics #c::EndianWrite for #wire #ty_generics #where_all {
                    fn write_to<W: #ds::io::Write + ?Sized>(&self, writer: &mut W) -> #ds::io::Result<()> {
                        #ds::write_image_buffered(self, writer)
                    }
                }
                #[automatically_derived]
                impl #impl_generics #c::EndianRead for #wire #ty_generics #where_all {
                    fn read_from<R: #ds::io::Read + ?Sized>(reader: &mut R) -> #ds::io::Result<Self> {
                        #ds::read_image_buffered(reader)
                    }
                }
            }
        } else {
            quote! {
                #[automatically_derived]
                impl #c::EndianWrite for #wire {
                    #[inline]
                    fn write_to<W: #ds::io::Write + ?Sized>(&self, writer: &mut W) -> #ds::io::Result<()> {
                        let mut buf = [0u8; <Self as #c::WireImage>::WIRE_SIZE];
                        #ds::write_image(self, writer, &mut buf)
                    }
                }
                #[automatically_derived]
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
                impl #impl_generics #c::EndianWrite for #logical #where_all {
                    #[inline]
                    fn write_to<W: #ds::io::Write + ?Sized>(&self, writer: &mut W) -> #ds::io::Result<()> {
                        let wire = <Self as #c::Endianize>::to_wire(self).map_err(#ds::invalid_input)?;
                        #c::EndianWrite::write_to(&wire, writer)
                    }
                }

                #[automatically_derived]
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
}
