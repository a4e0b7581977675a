//! `#[derive(Endianize)]` for [`endian_wire`](https://docs.rs/endian_wire): describe a binary
//! format once, as an ordinary Rust type, and get its wire type, the conversions both ways and
//! the IO.
//!
//! Use it through `endian_wire` (feature `derive`, on by default), which documents the
//! attributes and what is generated. The macro runs in steps, one file each: `attr` reads the
//! attributes; `ast` builds the input model from them (`shape` classifies each field's type);
//! `check` refuses what has no wire form, every error collected with its span; `layout` works
//! out what can be known about the wire layout at expansion time; `expand` writes the code
//! (`expand/structs.rs`, `enums.rs`, `unions.rs`, `convert.rs`, `io.rs`, `frame.rs`, and
//! `format.rs` for format declarations, types with `#[wire(...)]` layout attributes).
//! Generated code names everything by absolute path (`::endian_wire::...`, under the name the
//! user's `Cargo.toml` gives the dependency, or the path given with
//! `#[endian_wire(crate = path)]`) and adds nothing to the user's namespace except the wire
//! type.

mod ast;
mod attr;
mod check;
mod errors;
mod expand;
mod krate;
mod layout;
mod model;
mod shape;

use proc_macro::TokenStream;

/// Generates the wire type `FooWire` for `Foo`, the conversions between them and their IO.
/// See the `endian_wire` crate documentation.
#[proc_macro_derive(
    Endianize,
    attributes(
        endian,
        wire_repr,
        wire_derive,
        wire_default,
        text,
        tuple_text,
        endian_wire,
        frame,
        wire,
        default
    )
)]
pub fn derive_endianize(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    match model::Input::from_derive(&input) {
        Ok(model) => expand::expand(&model).into(),
        Err(errors) => errors.to_compile_error().into(),
    }
}
