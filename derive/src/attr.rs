//! Reading the derive's attributes: what each one says, and the errors of its own syntax (an
//! unknown key, a missing value). Whether an attribute is allowed where it stands, or agrees
//! with the others, is for `check`.

use proc_macro2::{Span, TokenStream};
use syn::spanned::Spanned;
use syn::{Attribute, Data, DeriveInput, Expr, Ident, LitInt, LitStr, Path};

use crate::errors::Errors;
use crate::model::{
    Encoding, Endianness, FieldFormat, Format, Magic, Order, Pad, TagType, Text, VariantFormat,
    WireRepr,
};

pub(crate) const ENDIAN_HELP: &str = "use `#[endian(be)]` or `#[endian(le)]` (also `big`, \
                                      `big_endian`, `little`, `little_endian`), or \
                                      `#[endian(runtime)]` to choose it when reading and writing";

const FRAME_LEN_HELP: &str =
    "expected `#[frame(len = short_vec)]` (or `u8`, `u16`, `u32`, `u64`, `varint`)";

const TEXT_HELP: &str = "expected `#[text(utf8|utf16|utf32, units = N, pad = \"null\"|\"space\")]`";

/// The attributes on the derived type.
pub(crate) struct ContainerAttrs {
    /// Each `#[endian]`, with its byte order when it parsed.
    pub(crate) endian: Vec<(Span, Option<Endianness>)>,
    /// Each `#[wire_repr]`, with its layout when it parsed.
    pub(crate) wire_repr: Vec<(Span, Option<WireRepr>)>,
    pub(crate) wire_derive: Vec<Path>,
    /// `#[wire_default]`.
    pub(crate) wire_default: Option<Span>,
    /// `#[endian_wire(crate = path)]`, or the crate's name in the user's `Cargo.toml`.
    pub(crate) krate: Path,
    /// `#[endian_wire(bincode)]`.
    pub(crate) bincode: bool,
    /// The integer type of an enum's `#[repr(uN)]`.
    pub(crate) int_repr: Option<Ident>,
    /// A logical `#[repr(C, packed)]` / `align(N)` struct: its wire type gets the same layout
    /// unless `#[wire_repr]` says otherwise (simple_endian does the same).
    pub(crate) logical_layout: Option<WireRepr>,
    /// `#[text]` / `#[tuple_text]` on the type itself.
    pub(crate) text: Vec<Span>,
    /// Each `#[wire(...)]` on the type.
    pub(crate) wire: Vec<Span>,
    /// What they say.
    pub(crate) format: Format,
}

impl ContainerAttrs {
    pub(crate) fn parse(input: &DeriveInput, errors: &mut Errors) -> Self {
        let mut out = ContainerAttrs {
            endian: Vec::new(),
            wire_repr: Vec::new(),
            wire_derive: Vec::new(),
            wire_default: None,
            krate: {
                let name = Ident::new(&crate::krate::crate_name(), Span::call_site());
                syn::parse_quote!(::#name)
            },
            bincode: false,
            int_repr: None,
            logical_layout: None,
            text: Vec::new(),
            wire: Vec::new(),
            format: Format::default(),
        };
        let is_enum = matches!(input.data, Data::Enum(_));
        for attr in &input.attrs {
            let name = attr.path().get_ident().map(ToString::to_string);
            match name.as_deref() {
                Some("endian") => {
                    let order = parse_order(attr).map_err(|e| errors.push(e)).ok();
                    out.endian.push((attr.span(), order));
                }
                Some("wire_repr") => {
                    let repr = parse_wire_repr(attr).map_err(|e| errors.push(e)).ok();
                    out.wire_repr.push((attr.span(), repr));
                }
                Some("wire_derive") => {
                    let parsed = attr.parse_args_with(
                        syn::punctuated::Punctuated::<Path, syn::Token![,]>::parse_terminated,
                    );
                    match parsed {
                        Ok(paths) => out.wire_derive.extend(paths),
                        Err(e) => errors.push(syn::Error::new(
                            e.span(),
                            format!("{e}; expected `#[wire_derive(Trait, ...)]`"),
                        )),
                    }
                }
                Some("wire_default") => {
                    if !matches!(attr.meta, syn::Meta::Path(_)) {
                        errors.at(attr.span(), "`#[wire_default]` takes no arguments");
                    }
                    out.wire_default = Some(attr.span());
                }
                Some("endian_wire") => {
                    let result = attr.parse_nested_meta(|meta| {
                        if meta.path.is_ident("crate") {
                            out.krate = meta.value()?.parse()?;
                            Ok(())
                        } else if meta.path.is_ident("bincode") {
                            out.bincode = true;
                            Ok(())
                        } else {
                            Err(meta.error(
                                "unknown key; use `crate = path` or `bincode` (bincode 2's \
                                 traits through the framing)",
                            ))
                        }
                    });
                    if let Err(e) = result {
                        errors.push(e);
                    }
                }
                Some("repr") => {
                    if !is_enum
                        && let Ok(layout) = parse_wire_repr(attr)
                        && (layout.packed.is_some() || layout.align.is_some())
                    {
                        out.logical_layout = Some(layout);
                    }
                    // The compiler checks `#[repr]` itself; read only the integer type.
                    let _ = attr.parse_nested_meta(|meta| {
                        if let Some(ident) = meta.path.get_ident()
                            && is_int_type(&ident.to_string())
                        {
                            out.int_repr = Some(ident.clone());
                        }
                        if meta.input.peek(syn::token::Paren) {
                            let _: TokenStream = meta.input.parse()?;
                        }
                        Ok(())
                    });
                }
                Some("text" | "tuple_text") => out.text.push(attr.span()),
                Some("wire") => {
                    out.wire.push(attr.span());
                    if let Err(e) = parse_container_wire(attr, &mut out.format) {
                        errors.push(e);
                    }
                }
                _ => {}
            }
        }
        out
    }
}

/// The attributes on an enum variant.
pub(crate) struct VariantAttrs {
    /// Each `#[tuple_text(idx = N, ...)]` that parsed: the field index, the text, the span.
    pub(crate) tuple_text: Vec<(usize, Text, Span)>,
    /// `#[default]`.
    pub(crate) is_default: bool,
    /// `#[text]` on the variant.
    pub(crate) text: Vec<Span>,
    /// `#[endian]` on the variant.
    pub(crate) endian: Vec<Span>,
    /// Each `#[wire(...)]` on the variant.
    pub(crate) wire: Vec<Span>,
    /// What they say.
    pub(crate) format: VariantFormat,
}

impl VariantAttrs {
    pub(crate) fn parse(attrs: &[Attribute], errors: &mut Errors) -> Self {
        let mut out = VariantAttrs {
            tuple_text: Vec::new(),
            is_default: false,
            text: Vec::new(),
            endian: Vec::new(),
            wire: Vec::new(),
            format: VariantFormat::default(),
        };
        for attr in attrs {
            if attr.path().is_ident("wire") {
                out.wire.push(attr.span());
                if let Err(e) = parse_variant_wire(attr, &mut out.format) {
                    errors.push(e);
                }
            } else if attr.path().is_ident("tuple_text") {
                match parse_tuple_text(attr) {
                    Ok(t) => out.tuple_text.push(t),
                    Err(e) => errors.push(e),
                }
            } else if attr.path().is_ident("default") {
                out.is_default = true;
            } else if attr.path().is_ident("text") {
                out.text.push(attr.span());
            } else if attr.path().is_ident("endian") {
                out.endian.push(attr.span());
            }
        }
        out
    }
}

/// The attributes on a field.
pub(crate) struct FieldAttrs {
    /// Each `#[frame(len = ...)]`, with the `endian_wire::frame::len` type when it parsed.
    pub(crate) frame_len: Vec<(Span, Option<Ident>)>,
    /// Each `#[text(...)]`, with the text when it parsed.
    pub(crate) text: Vec<(Span, Option<Text>)>,
    /// `#[tuple_text]` on the field.
    pub(crate) tuple_text: Vec<Span>,
    /// Each `#[endian]` on the field, with its byte order when it parsed.
    pub(crate) endian: Vec<(Span, Option<Endianness>)>,
    /// Each `#[wire(...)]` on the field.
    pub(crate) wire: Vec<Span>,
    /// What they say.
    pub(crate) format: FieldFormat,
}

impl FieldAttrs {
    pub(crate) fn parse(attrs: &[Attribute], errors: &mut Errors) -> Self {
        let mut out = FieldAttrs {
            frame_len: Vec::new(),
            text: Vec::new(),
            tuple_text: Vec::new(),
            endian: Vec::new(),
            wire: Vec::new(),
            format: FieldFormat::default(),
        };
        for attr in attrs {
            if attr.path().is_ident("wire") {
                out.wire.push(attr.span());
                if let Err(e) = parse_field_wire(attr, &mut out.format) {
                    errors.push(e);
                }
            } else if attr.path().is_ident("endian") {
                let order = parse_order(attr).map_err(|e| errors.push(e)).ok();
                out.endian.push((attr.span(), order));
            } else if attr.path().is_ident("frame") {
                let len = parse_frame_len(attr).map_err(|e| errors.push(e)).ok();
                out.frame_len.push((attr.span(), len));
            } else if attr.path().is_ident("text") {
                let text = parse_text_args(attr, false)
                    .map(|(_, t)| t)
                    .map_err(|e| errors.push(e))
                    .ok();
                out.text.push((attr.span(), text));
            } else if attr.path().is_ident("tuple_text") {
                out.tuple_text.push(attr.span());
            }
        }
        out
    }
}

/// Attributes carried over to the generated items: docs and `cfg`s.
pub(crate) fn copied_attrs(attrs: &[Attribute]) -> Vec<Attribute> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("doc") || a.path().is_ident("cfg"))
        .cloned()
        .collect()
}

fn is_int_type(name: &str) -> bool {
    matches!(
        name,
        "u8" | "u16"
            | "u32"
            | "u64"
            | "u128"
            | "i8"
            | "i16"
            | "i32"
            | "i64"
            | "i128"
            | "usize"
            | "isize"
    )
}

fn parse_order(attr: &Attribute) -> Result<Endianness, syn::Error> {
    let word = match &attr.meta {
        syn::Meta::List(_) => attr
            .parse_args::<Ident>()
            .map(|i| (i.to_string(), i.span()))
            .or_else(|_| attr.parse_args::<LitStr>().map(|s| (s.value(), s.span())))
            .map_err(|e| syn::Error::new(e.span(), format!("expected one word: {ENDIAN_HELP}")))?,
        syn::Meta::NameValue(nv) => match &nv.value {
            Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => (s.value(), s.span()),
            other => return Err(syn::Error::new(other.span(), ENDIAN_HELP)),
        },
        syn::Meta::Path(_) => return Err(syn::Error::new(attr.span(), ENDIAN_HELP)),
    };
    match word.0.to_ascii_lowercase().as_str() {
        "be" | "big" | "big_endian" | "bigendian" | "network" => Ok(Endianness::Fixed(Order::Big)),
        "le" | "little" | "little_endian" | "littleendian" => Ok(Endianness::Fixed(Order::Little)),
        "runtime" => Ok(Endianness::Runtime),
        other => Err(syn::Error::new(
            word.1,
            format!("unknown byte order `{other}`: {ENDIAN_HELP}"),
        )),
    }
}

fn parse_wire_repr(attr: &Attribute) -> Result<WireRepr, syn::Error> {
    let mut packed = None;
    let mut align = None;
    let mut has_c = false;
    attr.parse_nested_meta(|meta| {
        let name = meta
            .path
            .get_ident()
            .map(ToString::to_string)
            .unwrap_or_default();
        match name.as_str() {
            "C" => has_c = true,
            "packed" | "align" => {
                let n = if meta.input.peek(syn::token::Paren) {
                    let content;
                    syn::parenthesized!(content in meta.input);
                    let lit: LitInt = content.parse()?;
                    let n: u64 = lit.base10_parse()?;
                    if !n.is_power_of_two() {
                        return Err(syn::Error::new(
                            lit.span(),
                            format!(
                                "`{name}({n})`: the value must be a power of two (1, 2, 4, 8, ...)"
                            ),
                        ));
                    }
                    Some(n)
                } else {
                    None
                };
                if name == "packed" {
                    packed = Some(n.unwrap_or(1));
                } else {
                    align = Some(n.ok_or_else(|| meta.error("`align` needs a value: `align(8)`"))?);
                }
            }
            "transparent" => has_c = true,
            _ => {
                return Err(meta.error(
                    "unsupported in `#[wire_repr]`: use `C`, `packed`, `packed(N)`, `align(N)` \
                     or `transparent`",
                ));
            }
        }
        Ok(())
    })?;
    let mut tokens = attr.parse_args::<TokenStream>()?;
    if !has_c {
        // `packed` / `align` alone would give Rust's layout; the wire needs declaration order.
        tokens = quote::quote!(C, #tokens);
    }
    Ok(WireRepr {
        tokens,
        packed,
        align,
    })
}

/// `#[frame(len = short_vec)]`: the `endian_wire::frame::len` type to use for the field's
/// length prefix.
fn parse_frame_len(attr: &Attribute) -> Result<Ident, syn::Error> {
    let mut len = None;
    attr.parse_nested_meta(|meta| {
        if !meta.path.is_ident("len") {
            return Err(meta.error(FRAME_LEN_HELP));
        }
        if len.is_some() {
            return Err(meta.error("duplicate `len`"));
        }
        let value: Ident = meta.value()?.parse()?;
        let name = match value.to_string().as_str() {
            "short_vec" => "ShortVec",
            "u8" => "U8",
            "u16" => "U16",
            "u32" => "U32",
            "u64" => "U64",
            "varint" => "Varint",
            other => {
                return Err(syn::Error::new(
                    value.span(),
                    format!("unknown length encoding `{other}`: {FRAME_LEN_HELP}"),
                ));
            }
        };
        len = Some(Ident::new(name, value.span()));
        Ok(())
    })?;
    len.ok_or_else(|| syn::Error::new(attr.span(), FRAME_LEN_HELP))
}

fn parse_tuple_text(attr: &Attribute) -> Result<(usize, Text, Span), syn::Error> {
    let (idx, text) = parse_text_args(attr, true)?;
    let idx = idx.ok_or_else(|| {
        syn::Error::new(
            attr.span(),
            "`#[tuple_text]` needs the field index: `idx = 0`",
        )
    })?;
    Ok((idx, text, attr.span()))
}

/// `#[text(...)]`, or with `tuple` `#[tuple_text(idx = N, ...)]`.
fn parse_text_args(attr: &Attribute, tuple: bool) -> Result<(Option<usize>, Text), syn::Error> {
    let mut encoding = None;
    let mut units = None;
    let mut pad = None;
    let mut idx = None;
    attr.parse_nested_meta(|meta| {
        let key = meta
            .path
            .get_ident()
            .map(ToString::to_string)
            .unwrap_or_default();
        let duplicate = |what: &str| meta.error(format!("duplicate `{what}`"));
        match key.as_str() {
            "utf8" | "utf16" | "utf32" => {
                if encoding.is_some() {
                    return Err(duplicate("encoding"));
                }
                encoding = Some(match key.as_str() {
                    "utf8" => Encoding::Utf8,
                    "utf16" => Encoding::Utf16,
                    _ => Encoding::Utf32,
                });
            }
            "units" => {
                if units.is_some() {
                    return Err(duplicate("units"));
                }
                let lit: LitInt = meta.value()?.parse()?;
                let n: u64 = lit.base10_parse()?;
                if n == 0 {
                    return Err(syn::Error::new(lit.span(), "`units` must be at least 1"));
                }
                units = Some(lit);
            }
            "pad" => {
                if pad.is_some() {
                    return Err(duplicate("pad"));
                }
                let lit: LitStr = meta.value()?.parse()?;
                pad = Some(match lit.value().as_str() {
                    "null" | "nul" => Pad::Null,
                    "space" => Pad::Space,
                    other => {
                        return Err(syn::Error::new(
                            lit.span(),
                            format!("unknown padding `{other}`: use `pad = \"null\"` or `pad = \"space\"`"),
                        ));
                    }
                });
            }
            "idx" if tuple => {
                if idx.is_some() {
                    return Err(duplicate("idx"));
                }
                let lit: LitInt = meta.value()?.parse()?;
                idx = Some(lit.base10_parse()?);
            }
            _ => return Err(meta.error(format!("unknown key `{key}`; {TEXT_HELP}"))),
        }
        Ok(())
    })?;
    let encoding = encoding
        .ok_or_else(|| syn::Error::new(attr.span(), format!("missing encoding; {TEXT_HELP}")))?;
    let units = units
        .ok_or_else(|| syn::Error::new(attr.span(), format!("missing `units`; {TEXT_HELP}")))?;
    let pad = match (pad, encoding) {
        (Some(p), _) => p,
        (None, Encoding::Utf8) => {
            return Err(syn::Error::new(
                attr.span(),
                format!("UTF-8 text needs `pad = \"null\"` or `pad = \"space\"`; {TEXT_HELP}"),
            ));
        }
        (None, _) => Pad::Packed,
    };
    Ok((
        idx,
        Text {
            encoding,
            units,
            pad,
        },
    ))
}

const CONTAINER_WIRE_HELP: &str = "on a type, `#[wire(...)]` takes `magic = b\"...\"` (or an \
                                   integer with its type: `magic = 0xCAFE_u16`) and, on an \
                                   enum, `tag = u8` (any integer type, or `u16be`, `u32le` ...)";

const VARIANT_WIRE_HELP: &str = "on a variant, `#[wire(...)]` takes `tag = N` or `fallback` (the variant that keeps unknown \
     tags; its first field holds the tag)";

const FIELD_WIRE_HELP: &str = "on a field, `#[wire(...)]` takes `count = expr`, `until_eof`, \
                               `terminator = value`, `calc = expr`, `if = expr`, `pad_before = n`, `pad_after = n`, \
                               `align_before = n`, `align_after = n`, `pad_size_to = n`, `bytes = n` (the field's size), `bits = N` (a bit field; `new_word` starts another word), \
                               `checksum = path::to_fn` (with `from = field`, `through = field`), \
                               `order = expr` (the byte order of what follows, in an `#[endian(runtime)]` declaration), \
                               `offset = expr` (where the field is, from the start of the input), \
                               `temp` (on a `Temp<T>` field: read for the fields after it, written from its `calc`, not kept)";

/// The key of one `#[wire(...)]` entry (keywords such as `if` included).
fn wire_key(meta: &syn::meta::ParseNestedMeta<'_>) -> String {
    meta.path
        .get_ident()
        .map(ToString::to_string)
        .unwrap_or_default()
}

/// Sets `slot` once.
fn once<T>(
    slot: &mut Option<T>,
    value: T,
    meta: &syn::meta::ParseNestedMeta<'_>,
    key: &str,
) -> syn::Result<()> {
    if slot.is_some() {
        return Err(meta.error(format!("duplicate `{key}`")));
    }
    *slot = Some(value);
    Ok(())
}

fn parse_container_wire(attr: &Attribute, out: &mut Format) -> syn::Result<()> {
    // A bare `#[wire]` makes the type a declaration with no container attribute (one whose
    // fields need none, nested in another).
    if let syn::Meta::Path(_) = attr.meta {
        return Ok(());
    }
    attr.parse_nested_meta(|meta| {
        let key = wire_key(&meta);
        match key.as_str() {
            "magic" => {
                let lit: syn::Lit = meta.value()?.parse()?;
                let magic = parse_magic(&lit)?;
                once(&mut out.magic, magic, &meta, "magic")
            }
            "tag" => {
                let ty: Ident = meta.value()?.parse().map_err(|e| {
                    syn::Error::new(e.span(), "expected an integer type: `tag = u16`")
                })?;
                let tag = parse_tag_type(&ty)?;
                once(&mut out.tag, tag, &meta, "tag")
            }
            _ => Err(meta.error(format!("unknown key `{key}`; {CONTAINER_WIRE_HELP}"))),
        }
    })
}

fn parse_magic(lit: &syn::Lit) -> syn::Result<Magic> {
    match lit {
        syn::Lit::ByteStr(bytes) if !bytes.value().is_empty() => Ok(Magic::Bytes(bytes.value())),
        syn::Lit::Int(int) => {
            let width = match int.suffix() {
                "u8" | "i8" => 1,
                "u16" | "i16" => 2,
                "u32" | "i32" => 4,
                "u64" | "i64" => 8,
                "u128" | "i128" => 16,
                _ => {
                    return Err(syn::Error::new(
                        int.span(),
                        "an integer magic needs its type, which gives its width: `0xCAFE_u16`, \
                         `0x0A0D0D0A_u32`",
                    ));
                }
            };
            let value: u128 = int.base10_parse()?;
            if width < 16 && value >> (width * 8) != 0 {
                return Err(syn::Error::new(
                    int.span(),
                    format!("{value:#x} does not fit in {width} bytes"),
                ));
            }
            Ok(Magic::Int(value, width))
        }
        _ => Err(syn::Error::new(
            lit.span(),
            "expected a non-empty byte string (`magic = b\"PNG\"`) or an integer with its type \
             (`magic = 0xCAFE_u16`)",
        )),
    }
}

fn parse_tag_type(ty: &Ident) -> syn::Result<TagType> {
    let name = ty.to_string();
    let ints = [
        "u8", "u16", "u32", "u64", "u128", "i8", "i16", "i32", "i64", "i128",
    ];
    if ints.contains(&name.as_str()) {
        return Ok(TagType {
            int: ty.clone(),
            order: None,
        });
    }
    let fixed = |suffix: &str, order| {
        name.strip_suffix(suffix)
            .filter(|base| ints.contains(base))
            .map(|base| TagType {
                int: Ident::new(base, ty.span()),
                order: Some(order),
            })
    };
    fixed("be", Order::Big)
        .or_else(|| fixed("le", Order::Little))
        .ok_or_else(|| {
            syn::Error::new(
                ty.span(),
                format!(
                    "`{name}` is not an integer type: use `u8` ... `i128` (in the type's byte \
                     order) or `u16be`, `u32le` ... (in that order)"
                ),
            )
        })
}

fn parse_variant_wire(attr: &Attribute, out: &mut VariantFormat) -> syn::Result<()> {
    attr.parse_nested_meta(|meta| {
        let key = wire_key(&meta);
        match key.as_str() {
            "tag" => {
                let value: Expr = meta.value()?.parse()?;
                once(&mut out.tag, value, &meta, "tag")
            }
            "fallback" => {
                if out.fallback {
                    return Err(meta.error("duplicate `fallback`"));
                }
                out.fallback = true;
                Ok(())
            }
            _ => Err(meta.error(format!("unknown key `{key}`; {VARIANT_WIRE_HELP}"))),
        }
    })
}

fn parse_field_wire(attr: &Attribute, out: &mut FieldFormat) -> syn::Result<()> {
    attr.parse_nested_meta(|meta| {
        let key = wire_key(&meta);
        if key == "new_word" {
            return once(&mut out.new_word, meta.path.span(), &meta, "new_word");
        }
        if key == "temp" {
            return once(&mut out.temp, meta.path.span(), &meta, "temp");
        }
        if key == "until_eof" {
            if out.until_eof {
                return Err(meta.error("duplicate `until_eof`"));
            }
            out.until_eof = true;
            return Ok(());
        }
        match key.as_str() {
            "bits" => {
                let lit: syn::LitInt = meta.value()?.parse().map_err(|e| {
                    syn::Error::new(e.span(), "expected the field's width in bits: `bits = 4`")
                })?;
                lit.base10_parse::<u32>()?;
                return once(&mut out.bits, lit, &meta, &key);
            }
            "from" | "through" => {
                let ident: Ident = meta.value()?.parse().map_err(|e| {
                    syn::Error::new(e.span(), format!("expected a field name: `{key} = field`"))
                })?;
                let slot = if key == "from" {
                    &mut out.from
                } else {
                    &mut out.through
                };
                return once(slot, ident, &meta, &key);
            }
            _ => {}
        }
        let slot = match key.as_str() {
            "checksum" => &mut out.checksum,
            "count" => &mut out.count,
            "terminator" => &mut out.terminator,
            "calc" => &mut out.calc,
            "if" => &mut out.cond,
            "order" => &mut out.order,
            "offset" => &mut out.offset,
            "pad_before" => &mut out.pad_before,
            "pad_after" => &mut out.pad_after,
            "align_before" => &mut out.align_before,
            "align_after" => &mut out.align_after,
            "pad_size_to" => &mut out.pad_size_to,
            "bytes" => &mut out.bytes,
            _ => return Err(meta.error(format!("unknown key `{key}`; {FIELD_WIRE_HELP}"))),
        };
        let value: Expr = meta.value()?.parse()?;
        once(slot, value, &meta, &key)
    })
}

/// The identifier an expression is, if it is one alone.
pub(crate) fn expr_ident(expr: &syn::Expr) -> Option<syn::Ident> {
    match expr {
        syn::Expr::Path(p) if p.qself.is_none() && p.attrs.is_empty() => {
            p.path.get_ident().cloned()
        }
        syn::Expr::Paren(p) => expr_ident(&p.expr),
        syn::Expr::Group(g) => expr_ident(&g.expr),
        _ => None,
    }
}
