//! Format declarations (`#[wire(...)]`): `ReadFormat` and `WriteFormat` for the logical type,
//! reading and writing its fields in order through `endian_wire::format`'s reader and writer.
//!
//! Runs of fixed-size fields are checked against the input once and converted through their
//! wire images (one reserve when written); nested types go through their own `ReadFormat`;
//! counted numbers through the bulk kernels. Every field's code runs in a closure whose error
//! gains the field's name, so errors carry the path.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::{Ident, Type};

use super::{Cx, Dir};
use crate::check::{Borrowed, generic_arg};
use crate::model::{Body, Field, FieldKind, Input, Order, Style, TagType, Variant};
use crate::shape::{Primitive, Shape, is_ident};

pub(crate) fn expand(input: &Input) -> TokenStream {
    let Some(format) = &input.format else {
        return TokenStream::new();
    };
    let cx = Cx::new(input);
    let c = cx.c;
    let f = quote!(#c::derive_support::format);
    let temp = quote!(#c::format::Temp::new());
    // The orders the bodies are written in: the declaration's, or for an `#[endian(runtime)]`
    // one both, chosen by the reader's or writer's order when the value starts.
    let orders: Vec<Cx> = if input.runtime {
        vec![cx.with_order(Order::Big), cx.with_order(Order::Little)]
    } else {
        vec![cx.clone()]
    };
    let per_order = |io: TokenStream, body: &dyn Fn(&Cx) -> TokenStream| match orders.as_slice() {
        [one] => body(one),
        _ => {
            let (be, le) = (body(&orders[0]), body(&orders[1]));
            quote! {
                match #io.order() {
                    #c::Endian::Big => { #be }
                    #c::Endian::Little => { #le }
                }
            }
        }
    };
    let magic_of = |cx: &Cx| format.magic.as_ref().map(|m| m.bytes(cx.order()));
    let magic_len = magic_of(&orders[0]).as_ref().map_or(0, Vec::len);
    let read_magic = |cx: &Cx| magic_of(cx).map(|bytes| quote!(__r.magic(&[#(#bytes),*])?;));
    let write_magic = |cx: &Cx| magic_of(cx).map(|bytes| quote!(__w.bytes(&[#(#bytes),*]);));
    let (min, read_body, write_body) = match &input.body {
        Body::Struct(list) => {
            let fields = &list.fields;
            let pattern = construct(quote!(Self), list.style, fields, None);
            let construct = construct(quote!(Self), list.style, fields, Some(&temp));
            let read = per_order(quote!(__r), &|cx| {
                let magic = read_magic(cx);
                let reads =
                    cx.read_fields(fields, 0, &quote!(::core::result::Result::Ok(#construct)));
                quote!(#magic #reads)
            });
            let write = per_order(quote!(__w), &|cx| {
                let magic = write_magic(cx);
                let writes = cx.write_fields(fields, 0, &quote!(::core::result::Result::Ok(())));
                quote!(#magic #writes)
            });
            let min = orders[0].format_min_size(fields);
            (
                quote!(#magic_len #min),
                quote! {
                    let __decl_start = __r.position();
                    #read
                },
                quote! {
                    let #pattern = self;
                    let __decl_start = __w.position();
                    #write
                },
            )
        }
        Body::Enum { variants, .. } => {
            let Some(tag) = &format.tag else {
                return TokenStream::new(); // refused by `check`
            };
            let read = per_order(quote!(__r), &|cx| {
                cx.enum_bodies(
                    variants,
                    tag,
                    read_magic(cx).as_ref(),
                    write_magic(cx).as_ref(),
                )
                .0
            });
            let write = per_order(quote!(__w), &|cx| {
                cx.enum_bodies(
                    variants,
                    tag,
                    read_magic(cx).as_ref(),
                    write_magic(cx).as_ref(),
                )
                .1
            });
            let tag_size = orders[0].enum_bodies(variants, tag, None, None).2;
            (quote!(#magic_len + #tag_size), read, write)
        }
        Body::Union(_) => return TokenStream::new(), // refused by `check`
    };
    // Whether a value reads until its input ends: an `until_eof` field, or a declaration
    // inside it that does (a stream then reads to its end before parsing).
    let reads_to_end = match &input.body {
        Body::Struct(list) => orders[0].reads_to_end(&list.fields),
        Body::Enum { variants, .. } => {
            let terms = variants
                .iter()
                .map(|v| orders[0].reads_to_end(&v.fields.fields));
            quote!(false #(|| #terms)*)
        }
        Body::Union(_) => quote!(false),
    };
    let ident = &input.ident;
    let bounded = |bound: TokenStream| {
        let mut generics = input.generics.clone();
        let params: Vec<Ident> = generics.type_params().map(|p| p.ident.clone()).collect();
        let clause = generics.make_where_clause();
        for param in params {
            clause.predicates.push(syn::parse_quote!(#param: #bound));
        }
        generics
    };
    // Reading borrows from an input of lifetime `'__de`, which outlives every lifetime of the
    // type (its borrowed fields hold parts of it).
    let mut read_generics = bounded(quote!(#f::ReadFormat<'__de>));
    let lifetimes: Vec<syn::Lifetime> = input
        .generics
        .lifetimes()
        .map(|l| l.lifetime.clone())
        .collect();
    let de: syn::LifetimeParam = if lifetimes.is_empty() {
        syn::parse_quote!('__de)
    } else {
        syn::parse_quote!('__de: #(#lifetimes)+*)
    };
    read_generics
        .params
        .insert(0, syn::GenericParam::Lifetime(de));
    let write_generics = bounded(quote!(#f::WriteFormat));
    let (read_impl, _, read_where) = read_generics.split_for_impl();
    let (write_impl, ty_generics, write_where) = write_generics.split_for_impl();
    quote! {
        #c::__with_alloc! {
            #[allow(
                clippy::redundant_closure_call,
                clippy::needless_question_mark,
                clippy::useless_conversion,
                clippy::identity_op,
                clippy::unnecessary_cast,
                clippy::let_and_return,
                clippy::clone_on_copy,
                unused_parens,
                unused_variables,
                non_upper_case_globals,
                non_shorthand_field_patterns,
            )]
            const _: () = {
                #[automatically_derived]
                impl #read_impl #f::ReadFormat<'__de> for #ident #ty_generics #read_where {
                    const MIN_SIZE: usize = #min;
                    const READS_TO_END: bool = #reads_to_end;

                    fn read_with(__r: &mut #f::FormatReader<'__de>) -> #f::Result<Self> {
                        #read_body
                    }
                }

                #[automatically_derived]
                impl #write_impl #f::WriteFormat for #ident #ty_generics #write_where {
                    fn write_with(&self, __w: &mut #f::FormatWriter<'_>) -> #f::Result<()> {
                        #write_body
                    }
                }
            };
        }
    }
}

/// The local variable a field is read into (and bound to when writing): its name, or
/// `self_0`, `self_1`, ... in a tuple struct or variant.
fn binding(field: &Field) -> Ident {
    match &field.ident {
        Some(ident) => ident.clone(),
        None => format_ident!("self_{}", field.index, span = Span::call_site()),
    }
}

/// `path { a: a, b: b }` / `path(self_0, self_1)` / `path`: a constructor from the bindings
/// (`temp` the value of a `temp` field), or with `temp` `None` a pattern binding them (a
/// `temp` field's binding is made by its `calc` when writing).
fn construct(
    path: TokenStream,
    style: Style,
    fields: &[Field],
    temp: Option<&TokenStream>,
) -> TokenStream {
    let bindings = fields.iter().map(|field| match (field.format.temp, temp) {
        (None, _) => {
            let b = binding(field);
            quote!(#b)
        }
        (Some(_), Some(value)) => value.clone(),
        (Some(_), None) => quote!(_),
    });
    match style {
        Style::Named => {
            let members = fields.iter().map(Field::member);
            quote!(#path { #(#members: #bindings),* })
        }
        Style::Tuple => quote!(#path(#(#bindings),*)),
        Style::Unit => path,
    }
}

/// Whether values of this shape are `Copy` (numbers, `char`, byte arrays and arrays and
/// tuples of them): bound by value when writing, so expressions see the same types both ways.
fn is_copy(shape: &Shape) -> bool {
    match shape {
        Shape::Wrap(..) | Shape::Char | Shape::Bytes(_) => true,
        Shape::Array(element, _) => is_copy(element),
        Shape::Tuple(elements) => elements.iter().all(is_copy),
        Shape::AsIs(_) | Shape::Nested(_) => false,
    }
}

/// The end (exclusive) of the bit group starting at `list[i]`.
fn group_end(list: &[Field], i: usize) -> usize {
    let mut end = i + 1;
    while end < list.len() && crate::model::FieldFormat::continues_group(list, end) {
        end += 1;
    }
    end
}

/// A bit group's container type and width (refused by `check` unless 8, 16, 32 or 64).
fn container(group: &[Field]) -> (Ident, u32) {
    let total: u32 = group.iter().filter_map(|f| f.format.bit_width()).sum();
    let word = match total {
        0..=8 => "u8",
        9..=16 => "u16",
        17..=32 => "u32",
        _ => "u64",
    };
    let total = if [8, 16, 32, 64].contains(&total) {
        total
    } else {
        0
    };
    (Ident::new(word, Span::call_site()), total)
}

/// `__pos_field`: where a field starts (a checksum, or where one's covered bytes start).
fn position_of(field: &Field) -> Ident {
    format_ident!("__pos_{}", binding(field), span = Span::call_site())
}

/// Where a checksum's covered bytes start.
fn start_of(sum: &Field) -> TokenStream {
    match &sum.format.from {
        Some(from) => {
            let pos = format_ident!("__pos_{}", from, span = Span::call_site());
            quote!(#pos)
        }
        None => quote!(__decl_start),
    }
}

/// The checksums in `list` whose covered bytes end with `field` (their `through`, or the
/// checksum itself without one).
fn ends_at<'l>(list: &'l [Field], field: &'l Field) -> impl Iterator<Item = &'l Field> {
    list.iter().filter(move |sum| {
        sum.format.checksum.is_some()
            && match &sum.format.through {
                Some(through) => field.ident.as_ref() == Some(through),
                None => std::ptr::eq(*sum, field),
            }
    })
}

/// What a field is to a format declaration.
enum Part<'f> {
    /// A fixed-size value (a shaped field or `#[text]`) through its wire image.
    Fixed,
    /// A type with its own `ReadFormat` / `WriteFormat`.
    Nested(&'f Type),
    /// A `Vec` of this element type.
    Vec(&'f Type),
    /// An `Option` of this element type.
    Option(&'f Type),
    /// Borrowed from the input.
    Borrowed(Borrowed<'f>),
}

fn part(field: &Field) -> Part<'_> {
    if let Some(borrowed) = crate::check::borrowed(&field.ty) {
        return Part::Borrowed(borrowed);
    }
    match &field.kind {
        FieldKind::Text(_) => Part::Fixed,
        FieldKind::Shaped(Shape::Nested(ty)) => Part::Nested(ty),
        FieldKind::Shaped(_) => Part::Fixed,
        FieldKind::Framed(ty) => match (generic_arg(ty, "Vec"), generic_arg(ty, "Option")) {
            (Some(element), _) => Part::Vec(element),
            (_, Some(element)) => Part::Option(element),
            // Refused by `check`.
            _ => Part::Fixed,
        },
    }
}

/// How a collection's elements travel.
enum Elements {
    /// `u8`: one copy.
    Bytes,
    /// Numbers: one bulk conversion, in this wire element type.
    Numbers(TokenStream),
    /// A type with its own `ReadFormat`.
    Nested(Type),
    /// A fixed-size value through its wire image.
    Image(Shape),
}

impl Cx<'_> {
    /// This context in `order` (one of an `#[endian(runtime)]` declaration's two bodies).
    fn with_order(&self, order: Order) -> Self {
        let mut cx = self.clone();
        cx.order = Some(order);
        cx
    }

    fn f(&self) -> TokenStream {
        let c = self.c;
        quote!(#c::derive_support::format)
    }

    fn elements(&self, element: &Type) -> Elements {
        match Shape::of(element) {
            Shape::Wrap(ty, Primitive::Byte) if is_ident(&ty, "u8") => Elements::Bytes,
            Shape::Wrap(ty, Primitive::Swapped(_) | Primitive::PointerSized) => {
                let w = self.wrapper();
                Elements::Numbers(quote!(#w<#ty>))
            }
            Shape::Nested(ty) => Elements::Nested(ty),
            shape => Elements::Image(shape),
        }
    }

    /// The wire type of a fixed-size field.
    fn fixed_wire_ty(&self, field: &Field) -> TokenStream {
        self.wire_ty(field)
    }

    /// `MIN_SIZE`'s terms for a list of fields: `+ size + size ...`.
    fn format_min_size(&self, fields: &[Field]) -> TokenStream {
        let c = self.c;
        let f = self.f();
        let bits: u32 = fields.iter().filter_map(|f| f.format.bit_width()).sum();
        let bytes = (bits / 8) as usize;
        let bit_term = (bits > 0).then(|| quote!(+ #bytes));
        // (Fields at offsets are outside the value's bytes in sequence.)
        let terms = fields
            .iter()
            .filter(|f| f.format.bits.is_none() && f.format.offset.is_none())
            .filter_map(|field| match part(field) {
                Part::Fixed => {
                    let w = self.fixed_wire_ty(field);
                    Some(quote!(+ <#w as #c::WireImage>::WIRE_SIZE))
                }
                Part::Nested(ty) => Some(quote!(+ <#ty as #f::ReadFormat<'__de>>::MIN_SIZE)),
                Part::Vec(_) | Part::Option(_) | Part::Borrowed(_) => None,
            });
        quote!(#(#terms)* #bit_term)
    }

    /// `READS_TO_END` for a list of fields: `true` for an `until_eof` field, else whether
    /// a nested declaration (alone, in a `Vec` or an `Option`) reads to its end. A field
    /// with `bytes = n` ends where its bytes do.
    fn reads_to_end(&self, fields: &[Field]) -> TokenStream {
        let f = self.f();
        let nested = |ty: &Type| quote!(<#ty as #f::ReadFormat<'__de>>::READS_TO_END);
        let terms = fields.iter().map(|field| {
            if field.format.bytes.is_some() {
                return quote!(false);
            }
            if field.format.until_eof {
                return quote!(true);
            }
            match part(field) {
                Part::Nested(ty) => nested(ty),
                Part::Vec(element) | Part::Option(element) => match self.elements(element) {
                    Elements::Nested(ty) => nested(&ty),
                    _ => quote!(false),
                },
                Part::Fixed | Part::Borrowed(_) => quote!(false),
            }
        });
        quote!(false #(|| #terms)*)
    }

    /// A conversion from a wire value `__wv` to the logical `ty` as an
    /// `io::Result`, its error at byte `at`.
    fn read_conversion(
        &self,
        conversion: TokenStream,
        ty: &TokenStream,
        at: &TokenStream,
    ) -> TokenStream {
        let c = self.c;
        let f = self.f();
        quote! {
            (move || -> ::core::result::Result<#ty, #c::ConvertError> {
                ::core::result::Result::Ok(#conversion)
            })()
            .map_err(|__e| #f::convert(__e, #f::Kind::InvalidData, #at))
        }
    }

    /// A conversion of a logical value to its wire type `wire` as an `io::Result`.
    fn write_conversion(
        &self,
        conversion: TokenStream,
        wire: &TokenStream,
        at: &TokenStream,
    ) -> TokenStream {
        let c = self.c;
        let f = self.f();
        quote! {
            (move || -> ::core::result::Result<#wire, #c::ConvertError> {
                ::core::result::Result::Ok(#conversion)
            })()
            .map_err(|__e| #f::convert(__e, #f::Kind::InvalidInput, #at))
        }
    }

    /// One element of shape `shape` read through its image: an `io::Result` expression.
    fn read_image_element(&self, shape: &Shape, label: &str) -> TokenStream {
        let c = self.c;
        let err = quote!(#c::ConvertError);
        let wire = self.shape_wire_ty(shape);
        let logical = Self::shape_logical_ty(shape);
        let conversion = self.convert_shape(shape, quote!(__wv), Dir::FromWire, &err, label, 0);
        let convert = self.read_conversion(conversion, &logical, &quote!(__at));
        quote! {{
            let __at = __r.position();
            match __r.image::<#wire>() {
                ::core::result::Result::Ok(__wv) => #convert,
                ::core::result::Result::Err(__e) => ::core::result::Result::Err(__e),
            }
        }}
    }

    /// One element of type `element` read: an `io::Result` expression.
    fn read_element(&self, element: &Type, label: &str) -> TokenStream {
        match Shape::of(element) {
            Shape::Nested(ty) => quote!(__r.read::<#ty>()),
            shape => self.read_image_element(&shape, label),
        }
    }

    /// One element `__x` (a reference) of type `element` written: statements ending in an
    /// `io::Result<()>` expression.
    fn write_element(&self, element: &Type, label: &str) -> TokenStream {
        let c = self.c;
        let f = self.f();
        match Shape::of(element) {
            Shape::Nested(_) => quote!(__w.write(__x)),
            shape => {
                let err = quote!(#c::ConvertError);
                let wire = self.shape_wire_ty(&shape);
                let place = if is_copy(&shape) || shape.nested().is_some() {
                    quote!((*__x))
                } else {
                    quote!((::core::clone::Clone::clone(__x)))
                };
                let conversion = self.convert_shape(&shape, place, Dir::ToWire, &err, label, 0);
                let convert = self.write_conversion(conversion, &wire, &quote!(__w.position()));
                quote! {{
                    let __wv = #convert?;
                    __w.image(&__wv);
                    #f::Result::<()>::Ok(())
                }}
            }
        }
    }

    /// Statements reading `fields[skip..]` into their bindings, then `tail` (the expression
    /// that ends the block).
    fn read_fields(&self, fields: &[Field], skip: usize, tail: &TokenStream) -> TokenStream {
        self.read_from(&fields[skip..], 0, tail)
    }

    /// Statements reading `list[start..]`, then `tail`; after a field with `order`, the rest
    /// is read in the order it gives (both bodies written, one taken).
    fn read_from(&self, list: &[Field], start: usize, tail: &TokenStream) -> TokenStream {
        let mut out = TokenStream::new();
        let mut run: Vec<&Field> = Vec::new();
        let mut i = start;
        while i < list.len() {
            let field = &list[i];
            if field.format.bits.is_some() {
                let end = group_end(list, i);
                out.extend(self.read_run(&run));
                run.clear();
                out.extend(self.marker(list, field, quote!(__r)));
                out.extend(self.read_bits(&list[i..end]));
                out.extend(self.verify_checksums(list, &list[end - 1]));
                i = end;
                continue;
            }
            let marker = self.marker(list, field, quote!(__r));
            if !marker.is_empty() {
                out.extend(self.read_run(&run));
                run.clear();
                out.extend(marker);
            }
            if matches!(part(field), Part::Fixed) && !field.format.stands_alone() {
                run.push(field);
            } else {
                out.extend(self.read_run(&run));
                run.clear();
                out.extend(self.read_single(field));
            }
            let verify = self.verify_checksums(list, field);
            if !verify.is_empty() {
                out.extend(self.read_run(&run));
                run.clear();
                out.extend(verify);
            }
            if let Some(order) = &field.format.order {
                out.extend(self.read_run(&run));
                out.extend(self.switch_order(
                    quote!(__r),
                    field,
                    order,
                    quote!(InvalidData),
                    &|cx| cx.read_from(list, i + 1, tail),
                ));
                return out;
            }
            i += 1;
        }
        out.extend(self.read_run(&run));
        out.extend(tail.clone());
        out
    }

    /// After a field with `order = expr`: the order set on the reader or writer `io`, then
    /// the rest of the fields (`rest`) in each order, the one it gives taken.
    fn switch_order(
        &self,
        io: TokenStream,
        field: &Field,
        order: &syn::Expr,
        kind: TokenStream,
        rest: &dyn Fn(&Self) -> TokenStream,
    ) -> TokenStream {
        let c = self.c;
        let f = self.f();
        let name = field.display_name();
        let be = rest(&self.with_order(Order::Big));
        let le = rest(&self.with_order(Order::Little));
        quote! {
            let __order: #c::Endian = #f::order(#order, #f::Kind::#kind, #io.position())
                .map_err(|__e| #f::FormatError::in_field(__e, #name))?;
            #io.set_order(__order);
            match __order {
                #c::Endian::Big => { #be }
                #c::Endian::Little => { #le }
            }
        }
    }

    /// `let __pos_field = position;` before a field a checksum starts at or is.
    fn marker(&self, list: &[Field], field: &Field, io: TokenStream) -> TokenStream {
        let named = field.ident.as_ref();
        let needed = field.format.checksum.is_some()
            || list.iter().any(|c| {
                c.format.checksum.is_some() && c.format.from.as_ref() == named && named.is_some()
            });
        if !needed {
            return TokenStream::new();
        }
        let pos = position_of(field);
        quote!(let #pos = #io.position();)
    }

    /// The checksums whose covered bytes end with `field`: verified (after reading).
    fn verify_checksums(&self, list: &[Field], field: &Field) -> TokenStream {
        let c = self.c;
        let f = self.f();
        let mut out = TokenStream::new();
        for sum in ends_at(list, field) {
            let b = binding(sum);
            let ty = &sum.ty;
            let name = sum.display_name();
            let func = sum.format.checksum.as_ref();
            let w = self.fixed_wire_ty(sum);
            let pos = position_of(sum);
            let start = start_of(sum);
            let end = if sum.format.through.is_some() {
                quote!(__r.position())
            } else {
                quote!(#pos)
            };
            out.extend(quote! {
                #f::checksum_read::<#ty>(
                    __r.past(#start..#end),
                    #pos - #start,
                    <#w as #c::WireImage>::WIRE_SIZE,
                    #func,
                    #b,
                    #pos,
                )
                .map_err(|__e| #f::FormatError::in_field(__e, #name))?;
            });
        }
        out
    }

    /// The checksums whose covered bytes end with `field`: computed into their place (after
    /// writing).
    fn patch_checksums(&self, list: &[Field], field: &Field) -> TokenStream {
        let c = self.c;
        let mut out = TokenStream::new();
        for sum in ends_at(list, field) {
            let ty = &sum.ty;
            let func = sum.format.checksum.as_ref();
            let w = self.fixed_wire_ty(sum);
            let pos = position_of(sum);
            let start = start_of(sum);
            let end = if sum.format.through.is_some() {
                quote!(__w.position())
            } else {
                quote!(#pos)
            };
            out.extend(quote! {{
                let __sum: #ty = (#func)(__w.past(#start..#end));
                let __wv = <#w>::from_native(__sum);
                <#w as #c::WireImage>::write_image(
                    &__wv,
                    __w.past_mut(#pos..#pos + <#w as #c::WireImage>::WIRE_SIZE),
                );
            }});
        }
        out
    }

    /// A group of bit fields: one container word in the type's order, split by shifts and
    /// masks, most significant field first.
    fn read_bits(&self, group: &[Field]) -> TokenStream {
        let f = self.f();
        let (word, total) = container(group);
        if total == 0 {
            return TokenStream::new(); // refused by `check`
        }
        let w = self.wrapper();
        let first = group[0].display_name();
        let mut shift = total;
        let mut reads = Vec::new();
        for field in group {
            let bits = field.format.bit_width().unwrap_or(0);
            shift -= bits;
            let mask = u64::MAX >> (64 - bits);
            let b = binding(field);
            let ty = &field.ty;
            reads.push(quote! {
                let #b: #ty = #f::BitField::from_bits((__word >> #shift) & #mask);
            });
        }
        quote! {
            let __word: u64 = match __r.image::<#w<#word>>() {
                ::core::result::Result::Ok(__v) => u64::from(__v.get()),
                ::core::result::Result::Err(__e) => {
                    return ::core::result::Result::Err(#f::FormatError::in_field(__e, #first));
                }
            };
            #(#reads)*
        }
    }

    /// A group of bit fields written: each checked against its width, shifted into one word.
    fn write_bits(&self, group: &[Field]) -> TokenStream {
        let f = self.f();
        let (word, total) = container(group);
        if total == 0 {
            return TokenStream::new(); // refused by `check`
        }
        let w = self.wrapper();
        let mut shift = total;
        let mut parts = Vec::new();
        for field in group {
            let bits = field.format.bit_width().unwrap_or(0);
            shift -= bits;
            let b = binding(field);
            let name = field.display_name();
            parts.push(quote! {
                | (#f::bit_field(#b, #bits, __w.position())
                    .map_err(|__e| #f::FormatError::in_field(__e, #name))?
                    << #shift)
            });
        }
        quote! {
            let __word: u64 = 0 #(#parts)*;
            __w.image(&#w::<#word>::from_native(__word as #word));
        }
    }

    /// A run of fixed-size fields: one length check, then each field's image at its offset.
    fn read_run(&self, run: &[&Field]) -> TokenStream {
        if run.is_empty() {
            return TokenStream::new();
        }
        let c = self.c;
        let f = self.f();
        let err = quote!(#c::ConvertError);
        let sizes: Vec<TokenStream> = run
            .iter()
            .map(|field| {
                let w = self.fixed_wire_ty(field);
                quote!(<#w as #c::WireImage>::WIRE_SIZE)
            })
            .collect();
        let names: Vec<String> = run.iter().map(|field| field.display_name()).collect();
        let mut offset = quote!(0usize);
        let mut reads = Vec::new();
        for ((field, size), name) in run.iter().zip(&sizes).zip(&names) {
            let b = binding(field);
            let ty = &field.ty;
            let w = self.fixed_wire_ty(field);
            let conversion = self.convert_field(field, quote!(__wv), Dir::FromWire, &err, name);
            let convert = self
                .at(field)
                .read_conversion(conversion, &quote!(#ty), &quote!(__at));
            reads.push(quote! {
                let #b: #ty = {
                    let __image = &__run[#offset..#offset + #size];
                    let __at = __run_at + #offset;
                    match <#w as #c::WireImage>::read_image(__image) {
                        ::core::result::Result::Ok(__wv) => #convert,
                        ::core::result::Result::Err(__e) => {
                            ::core::result::Result::Err(#f::invalid(__e, __image, __at))
                        }
                    }
                    .map_err(|__e| #f::FormatError::in_field(__e, #name))?
                };
            });
            offset = quote!(#offset + #size);
        }
        let total = offset;
        quote! {
            let __run_at = __r.position();
            let __run = match __r.take(#total) {
                ::core::result::Result::Ok(__bytes) => __bytes,
                ::core::result::Result::Err(_) => {
                    return ::core::result::Result::Err(
                        #f::truncated_run(__r, &[#((#names, #sizes)),*]),
                    );
                }
            };
            #(#reads)*
        }
    }

    /// A field read on its own (with padding, nested, a collection, an option).
    fn read_single(&self, field: &Field) -> TokenStream {
        let c = self.c;
        let f = self.f();
        let cx = self.at(field);
        let b = binding(field);
        let ty = &field.ty;
        let name = field.display_name();
        let fmt = &field.format;
        let size =
            |expr: &syn::Expr| quote!(#f::len(#expr, #f::Kind::InvalidData, __r.position())?);
        let mut pre = TokenStream::new();
        if let Some(e) = &fmt.offset {
            let n = size(e);
            pre.extend(quote!(let __back = __r.position(); __r.seek(#n)?;));
        }
        if let Some(e) = &fmt.pad_before {
            let n = size(e);
            pre.extend(quote!(__r.skip(#n)?;));
        }
        if let Some(e) = &fmt.align_before {
            let n = size(e);
            pre.extend(quote!(__r.align_to(#n)?;));
        }
        let mut post = TokenStream::new();
        if let Some(e) = &fmt.pad_size_to {
            let n = size(e);
            post.extend(quote!(#f::pad_size_read(__r, __start, #n)?;));
        }
        if let Some(e) = &fmt.pad_after {
            let n = size(e);
            post.extend(quote!(__r.skip(#n)?;));
        }
        if let Some(e) = &fmt.align_after {
            let n = size(e);
            post.extend(quote!(__r.align_to(#n)?;));
        }
        if fmt.offset.is_some() {
            post.extend(quote!(__r.seek(__back)?;));
        }
        let read = match part(field) {
            Part::Fixed => {
                let err = quote!(#c::ConvertError);
                let w = self.fixed_wire_ty(field);
                let conversion =
                    self.convert_field(field, quote!(__wv), Dir::FromWire, &err, &name);
                let convert = cx.read_conversion(conversion, &quote!(#ty), &quote!(__at));
                quote! {{
                    let __at = __r.position();
                    match __r.image::<#w>() {
                        ::core::result::Result::Ok(__wv) => #convert,
                        ::core::result::Result::Err(__e) => ::core::result::Result::Err(__e),
                    }
                }}
            }
            Part::Nested(ty) => quote!(__r.read::<#ty>()),
            Part::Vec(element) => {
                let elements = cx.elements(element);
                if let Some(terminator) = &fmt.terminator {
                    let element_ty = quote!(#element);
                    match &elements {
                        Elements::Bytes => quote! {{
                            let __t: u8 = #terminator;
                            __r.bytes_until(__t)
                        }},
                        Elements::Numbers(w) => quote! {{
                            let __t: #element_ty = #terminator;
                            __r.numbers_until::<#w>(__t)
                        }},
                        Elements::Nested(_) | Elements::Image(_) => {
                            let one = cx.read_element(element, &name);
                            quote! {{
                                let __t: #element_ty = #terminator;
                                __r.collect_until(&__t, |__r| #one)
                            }}
                        }
                    }
                } else {
                    match &fmt.count {
                        Some(count) => {
                            let each = match &elements {
                                Elements::Bytes => quote!(__r.bytes(__n)),
                                Elements::Numbers(w) => quote!(__r.numbers::<#w>(__n)),
                                Elements::Nested(ty) => quote! {
                                    __r.collect(__n, <#ty as #f::ReadFormat<'__de>>::MIN_SIZE, |__r| __r.read::<#ty>())
                                },
                                Elements::Image(shape) => {
                                    let w = cx.shape_wire_ty(shape);
                                    let one = cx.read_image_element(shape, &name);
                                    quote!(__r.collect(__n, <#w as #c::WireImage>::WIRE_SIZE, |__r| #one))
                                }
                            };
                            quote! {{
                                let __n = #f::len(#count, #f::Kind::InvalidData, __r.position())?;
                                #each
                            }}
                        }
                        None => match &elements {
                            Elements::Bytes => quote!(#f::Result::<_>::Ok(__r.bytes_to_end())),
                            Elements::Numbers(w) => quote!(__r.numbers_to_end::<#w>()),
                            Elements::Nested(_) | Elements::Image(_) => {
                                let one = cx.read_element(element, &name);
                                quote!(__r.collect_to_end(|__r| #one))
                            }
                        },
                    }
                }
            }
            Part::Borrowed(borrowed) => {
                let n = fmt
                    .count
                    .as_ref()
                    .map(|count| quote!(#f::len(#count, #f::Kind::InvalidData, __r.position())?));
                let t = fmt
                    .terminator
                    .as_ref()
                    .map(|t| quote!({ let __t: u8 = #t; __t }));
                match (borrowed, n, t) {
                    (Borrowed::Bytes, Some(n), _) => quote!(__r.take(#n)),
                    (Borrowed::Bytes, None, Some(t)) => quote!(__r.borrow_until(#t)),
                    (Borrowed::Bytes, None, None) => {
                        quote!(#f::Result::<_>::Ok(__r.borrow_to_end()))
                    }
                    (Borrowed::Str, Some(n), _) => quote!(__r.borrow_str(#n)),
                    (Borrowed::Str, None, Some(t)) => quote!(__r.borrow_str_until(#t)),
                    (Borrowed::Str, None, None) => quote!(__r.borrow_str(__r.remaining())),
                    (Borrowed::Slice(element), Some(n), _) => {
                        quote!(__r.borrow_slice::<#element>(#n))
                    }
                    // (A terminator on other slices is refused by `check`.)
                    (Borrowed::Slice(element), None, _) => {
                        quote!(__r.borrow_slice_to_end::<#element>())
                    }
                }
            }
            Part::Option(element) => {
                let cond = fmt.cond.as_ref().map_or(quote!(false), |c| quote!(#c));
                let one = cx.read_element(element, &name);
                quote! {
                    if #cond {
                        #one.map(::core::option::Option::Some)
                    } else {
                        ::core::result::Result::Ok(::core::option::Option::None)
                    }
                }
            }
        };
        // `bytes = n`: read inside a window of exactly `n` bytes.
        let read = match &fmt.bytes {
            Some(n) => quote! {{
                let __n = #f::len(#n, #f::Kind::InvalidData, __r.position())?;
                __r.within(__n, |__r| #read)
            }},
            None => read,
        };
        quote! {
            let #b: #ty = match (|__r: &mut #f::FormatReader<'__de>| -> #f::Result<#ty> {
                #pre
                let __start = __r.position();
                let __value = #read?;
                #post
                ::core::result::Result::Ok(__value)
            })(&mut *__r) {
                ::core::result::Result::Ok(__value) => __value,
                ::core::result::Result::Err(__e) => {
                    return ::core::result::Result::Err(#f::FormatError::in_field(__e, #name));
                }
            };
        }
    }

    /// Statements writing `fields[skip..]` from their bindings (references, as a pattern on
    /// `self` binds them; numbers are rebound by value first), then `tail`.
    fn write_fields(&self, fields: &[Field], skip: usize, tail: &TokenStream) -> TokenStream {
        let mut out = TokenStream::new();
        for field in &fields[skip..] {
            if let FieldKind::Shaped(shape) = &field.kind
                && is_copy(shape)
                && field.format.temp.is_none()
            {
                let b = binding(field);
                out.extend(quote!(let #b = *#b;));
            }
        }
        out.extend(self.write_from(&fields[skip..], 0, tail, &[]));
        out
    }

    /// Statements writing `list[start..]`, then the fields at offsets (`deferred` and those
    /// met here: after every field in sequence, as reading finds them), then `tail`; after a
    /// field with `order`, the rest is written in the order it gives.
    fn write_from<'l>(
        &self,
        list: &'l [Field],
        start: usize,
        tail: &TokenStream,
        deferred: &[&'l Field],
    ) -> TokenStream {
        let mut out = TokenStream::new();
        let mut run: Vec<&Field> = Vec::new();
        let mut deferred = deferred.to_vec();
        let mut i = start;
        while i < list.len() {
            let field = &list[i];
            if field.format.offset.is_some() {
                deferred.push(field);
                i += 1;
                continue;
            }
            if field.format.bits.is_some() {
                let end = group_end(list, i);
                out.extend(self.write_run(&run));
                run.clear();
                out.extend(self.marker(list, field, quote!(__w)));
                out.extend(self.write_bits(&list[i..end]));
                out.extend(self.patch_checksums(list, &list[end - 1]));
                i = end;
                continue;
            }
            let marker = self.marker(list, field, quote!(__w));
            if !marker.is_empty() {
                out.extend(self.write_run(&run));
                run.clear();
                out.extend(marker);
            }
            if matches!(part(field), Part::Fixed) && !field.format.stands_alone() {
                let calc = self.calc(field);
                if !calc.is_empty() {
                    // Computed where the field starts: the run before it is written first.
                    out.extend(self.write_run(&run));
                    run.clear();
                    out.extend(calc);
                }
                run.push(field);
            } else {
                out.extend(self.write_run(&run));
                run.clear();
                out.extend(self.calc(field));
                out.extend(self.write_single(field));
            }
            let patch = self.patch_checksums(list, field);
            if !patch.is_empty() {
                out.extend(self.write_run(&run));
                run.clear();
                out.extend(patch);
            }
            if let Some(order) = &field.format.order {
                out.extend(self.write_run(&run));
                out.extend(self.switch_order(
                    quote!(__w),
                    field,
                    order,
                    quote!(InvalidInput),
                    &|cx| cx.write_from(list, i + 1, tail, &deferred),
                ));
                return out;
            }
            i += 1;
        }
        out.extend(self.write_run(&run));
        for field in deferred {
            out.extend(self.calc(field));
            out.extend(self.write_single(field));
        }
        out.extend(tail.clone());
        out
    }

    /// A field's `calc` (or the implicit one of a bare `count = field`): its binding rebound
    /// to the value to write.
    fn calc(&self, field: &Field) -> TokenStream {
        let f = self.f();
        let b = binding(field);
        let ty = &field.ty;
        let name = field.display_name();
        if field.format.checksum.is_some() {
            // Written as zeros, then computed once its covered bytes are written.
            return quote!(let #b: #ty = 0;);
        }
        let value = match (&field.format.calc, &field.format.counts) {
            (Some(expr), _) => quote!(#expr),
            (None, Some(counted)) => quote!(#counted.len()),
            (None, None) => return TokenStream::new(),
        };
        quote! {
            let #b: #ty = #f::calc::<#ty, _>(#value, __w.position())
                .map_err(|__e| #f::FormatError::in_field(__e, #name))?;
        }
    }

    /// A run of fixed-size fields: each converted, then one reserve for all of them.
    fn write_run(&self, run: &[&Field]) -> TokenStream {
        if run.is_empty() {
            return TokenStream::new();
        }
        let c = self.c;
        let f = self.f();
        let err = quote!(#c::ConvertError);
        let mut converts = Vec::new();
        let mut writes = Vec::new();
        let mut offset = quote!(0usize);
        for (i, field) in run.iter().enumerate() {
            let b = binding(field);
            let name = field.display_name();
            let w = self.fixed_wire_ty(field);
            let place = match &field.kind {
                FieldKind::Shaped(shape) if is_copy(shape) => quote!(#b),
                FieldKind::Shaped(shape) if shape.nested().is_none() => {
                    quote!((::core::clone::Clone::clone(#b)))
                }
                _ => quote!((*#b)),
            };
            let conversion = self.convert_field(field, place, Dir::ToWire, &err, &name);
            let convert =
                self.at(field)
                    .write_conversion(conversion, &w, &quote!(__w.position() + #offset));
            let wv = format_ident!("__wv{}", i);
            converts.push(quote! {
                let #wv: #w = #convert.map_err(|__e| #f::FormatError::in_field(__e, #name))?;
            });
            let size = quote!(<#w as #c::WireImage>::WIRE_SIZE);
            writes.push(quote! {
                <#w as #c::WireImage>::write_image(&#wv, &mut __buf[#offset..#offset + #size]);
            });
            offset = quote!(#offset + #size);
        }
        quote! {
            #(#converts)*
            let __buf = __w.reserve(#offset);
            #(#writes)*
        }
    }

    /// A field written on its own.
    fn write_single(&self, field: &Field) -> TokenStream {
        let f = self.f();
        let cx = self.at(field);
        let b = binding(field);
        let name = field.display_name();
        let fmt = &field.format;
        let write = match part(field) {
            Part::Fixed => {
                // A fixed field with padding: a run of one.
                let run = self.write_run(&[field]);
                quote!({ #run #f::Result::<()>::Ok(()) })
            }
            Part::Nested(_) => quote!(__w.write(#b)),
            Part::Vec(element) => {
                let check = fmt
                    .count
                    .as_ref()
                    .map(|count| quote!(#f::check_count(#count, #b.len(), __w.position())?;));
                if let Some(terminator) = &fmt.terminator {
                    let element_ty = quote!(#element);
                    let each = match cx.elements(element) {
                        Elements::Bytes => quote! {
                            __w.bytes(#b);
                            __w.bytes(&[__t]);
                        },
                        Elements::Numbers(w) => quote! {
                            __w.numbers::<#w>(#b);
                            __w.numbers::<#w>(&[__t]);
                        },
                        Elements::Nested(_) | Elements::Image(_) => {
                            let one = cx.write_element(element, &name);
                            quote! {
                                __w.each(#b, |__w, __x| #one)?;
                                {
                                    let __x = &__t;
                                    #one
                                }?;
                            }
                        }
                    };
                    return self.write_wrapped(
                        field,
                        quote! {{
                            let __t: #element_ty = #terminator;
                            #f::check_terminator(#b, &__t, __w.position())?;
                            #each
                            #f::Result::<()>::Ok(())
                        }},
                    );
                }
                let each = match cx.elements(element) {
                    Elements::Bytes => quote!({ __w.bytes(#b); #f::Result::<()>::Ok(()) }),
                    Elements::Numbers(w) => {
                        quote!({ __w.numbers::<#w>(#b); #f::Result::<()>::Ok(()) })
                    }
                    Elements::Nested(_) | Elements::Image(_) => {
                        let one = cx.write_element(element, &name);
                        quote!(__w.each(#b, |__w, __x| #one))
                    }
                };
                quote!({ #check #each })
            }
            Part::Borrowed(borrowed) => {
                let check = fmt
                    .count
                    .as_ref()
                    .map(|count| quote!(#f::check_count(#count, #b.len(), __w.position())?;));
                let c = self.c;
                let bytes = match borrowed {
                    Borrowed::Bytes => quote!(&#b[..]),
                    Borrowed::Str => quote!(#b.as_bytes()),
                    Borrowed::Slice(element) => {
                        quote!(<[#element] as #c::zerocopy::IntoBytes>::as_bytes(&#b[..]))
                    }
                };
                let end = fmt.terminator.as_ref().map(|t| {
                    quote! {
                        let __t: u8 = #t;
                        #f::check_terminator(#bytes, &__t, __w.position())?;
                    }
                });
                let after = fmt.terminator.as_ref().map(|_| quote!(__w.bytes(&[__t]);));
                quote!({
                    #check
                    #end
                    __w.bytes(#bytes);
                    #after
                    #f::Result::<()>::Ok(())
                })
            }
            Part::Option(element) => {
                let cond = fmt.cond.as_ref().map_or(quote!(false), |c| quote!(#c));
                let one = cx.write_element(element, &name);
                quote! {{
                    #f::check_if(#cond, #b.is_some(), __w.position())?;
                    match #b {
                        ::core::option::Option::Some(__x) => #one,
                        ::core::option::Option::None => #f::Result::<()>::Ok(()),
                    }
                }}
            }
        };
        self.write_wrapped(field, write)
    }

    /// A field's write expression (an `io::Result<()>`) with the field's padding around it,
    /// its errors inside the field.
    fn write_wrapped(&self, field: &Field, write: TokenStream) -> TokenStream {
        let f = self.f();
        let name = field.display_name();
        let fmt = &field.format;
        let size =
            |expr: &syn::Expr| quote!(#f::len(#expr, #f::Kind::InvalidInput, __w.position())?);
        let mut pre = TokenStream::new();
        if let Some(e) = &fmt.offset {
            let n = size(e);
            pre.extend(quote!(#f::write_at(__w, #n)?;));
        }
        if let Some(e) = &fmt.pad_before {
            let n = size(e);
            pre.extend(quote!(__w.zeros(#n);));
        }
        if let Some(e) = &fmt.align_before {
            let n = size(e);
            pre.extend(quote!(__w.align_to(#n);));
        }
        let mut post = TokenStream::new();
        if let Some(e) = &fmt.bytes {
            let n = size(e);
            post.extend(quote!(#f::bytes_written(__w, __start, #n)?;));
        }
        if let Some(e) = &fmt.pad_size_to {
            let n = size(e);
            post.extend(quote!(#f::pad_size_write(__w, __start, #n)?;));
        }
        if let Some(e) = &fmt.pad_after {
            let n = size(e);
            post.extend(quote!(__w.zeros(#n);));
        }
        if let Some(e) = &fmt.align_after {
            let n = size(e);
            post.extend(quote!(__w.align_to(#n);));
        }
        quote! {
            (|__w: &mut #f::FormatWriter<'_>| -> #f::Result<()> {
                #pre
                let __start = __w.position();
                #write?;
                #post
                ::core::result::Result::Ok(())
            })(&mut *__w)
            .map_err(|__e| #f::FormatError::in_field(__e, #name))?;
        }
    }

    /// A tagged enum's read and write bodies and the tag's size.
    fn enum_bodies(
        &self,
        variants: &[Variant],
        tag: &TagType,
        read_magic: Option<&TokenStream>,
        write_magic: Option<&TokenStream>,
    ) -> (TokenStream, TokenStream, TokenStream) {
        let c = self.c;
        let f = self.f();
        let int = &tag.int;
        let wrapper = match tag.order.unwrap_or(self.order()) {
            Order::Big => quote!(#c::BigEndian),
            Order::Little => quote!(#c::LittleEndian),
        };
        let tag_wire = quote!(#wrapper<#int>);
        let consts: Vec<(Ident, &Variant)> = variants
            .iter()
            .filter(|v| !v.format.fallback)
            .map(|v| (format_ident!("__TAG_{}", v.ident), v))
            .collect();
        let const_defs = consts.iter().map(|(name, v)| {
            let value = v.format.tag.as_ref().map_or(quote!(0), |t| quote!(#t));
            quote!(const #name: #int = #value;)
        });
        let const_defs = quote!(#(#const_defs)*);
        let fallback = variants.iter().find(|v| v.format.fallback);

        let read_arm = |v: &Variant, skip: usize| {
            let vname = v.ident.to_string();
            let ident = &v.ident;
            let fields = &v.fields.fields;
            let take_tag = (skip == 1).then(|| {
                let b = binding(&fields[0]);
                quote!(let #b = __tag;)
            });
            let temp = quote!(#c::format::Temp::new());
            let construct = construct(quote!(Self::#ident), v.fields.style, fields, Some(&temp));
            let reads = self.read_fields(
                fields,
                skip,
                &quote!(::core::result::Result::Ok(#construct)),
            );
            quote! {
                (|__r: &mut #f::FormatReader<'__de>| -> #f::Result<Self> {
                    #take_tag
                    #reads
                })(&mut *__r)
                .map_err(|__e| #f::FormatError::in_variant(__e, #vname))
            }
        };
        let known_arms = consts.iter().map(|(name, v)| {
            let arm = read_arm(v, 0);
            quote!(#name => #arm,)
        });
        let other_arm = match fallback {
            Some(v) => read_arm(v, 1),
            None => quote!(::core::result::Result::Err(#f::unknown_tag(__tag, __tag_at))),
        };
        let read = quote! {
            let __decl_start = __r.position();
            #read_magic
            #const_defs
            let __tag_at = __r.position();
            let __tag: #int = __r
                .image::<#tag_wire>()
                .map_err(|__e| #f::FormatError::in_field(__e, "tag"))?
                .get();
            match __tag {
                #(#known_arms)*
                _ => #other_arm,
            }
        };

        let write_arms = variants.iter().map(|v| {
            let vname = v.ident.to_string();
            let ident = &v.ident;
            let fields = &v.fields.fields;
            let pattern = construct(quote!(Self::#ident), v.fields.style, fields, None);
            let (tag_value, check, skip) = if v.format.fallback {
                let b = binding(&fields[0]);
                let clashes = consts.iter().map(|(name, known)| {
                    let known = known.ident.to_string();
                    quote! {
                        #name => {
                            return ::core::result::Result::Err(
                                #f::fallback_clash(#b, #known, __w.position()),
                            );
                        }
                    }
                });
                (
                    quote!(#b),
                    quote! {
                        let #b: #int = *#b;
                        match #b {
                            #(#clashes)*
                            _ => {}
                        }
                    },
                    1,
                )
            } else {
                let name = format_ident!("__TAG_{}", v.ident);
                (quote!(#name), TokenStream::new(), 0)
            };
            let writes = self.write_fields(fields, skip, &quote!(::core::result::Result::Ok(())));
            quote! {
                #pattern => (|__w: &mut #f::FormatWriter<'_>| -> #f::Result<()> {
                    #check
                    #write_magic
                    __w.image(&#wrapper::<#int>::from_native(#tag_value));
                    #writes
                })(&mut *__w)
                .map_err(|__e| #f::FormatError::in_variant(__e, #vname)),
            }
        });
        let write = quote! {
            #const_defs
            let __decl_start = __w.position();
            match self {
                #(#write_arms)*
            }
        };
        (read, write, quote!(<#tag_wire as #c::WireImage>::WIRE_SIZE))
    }
}
