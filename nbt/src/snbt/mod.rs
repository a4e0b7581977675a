//! SNBT, Minecraft's text form of NBT: printed by `Display` (`{}` on one line, `{:#}`
//! indented) and read by [`from_snbt`](super::from_snbt), [`tag_from_snbt`](super::tag_from_snbt)
//! and `str::parse` (`FromStr` for [`Nbt`](super::Nbt), [`Compound`](super::Compound) and
//! [`Tag`](super::Tag)).
//!
//! ```
//! use wire_nbt::{self as nbt, Compound, List, Nbt, Tag};
//! let c = Compound::new()
//!     .with("id", "minecraft:stone")
//!     .with("Count", 64i8)
//!     .with("Pos", List::Double(vec![0.5, 64.0]))
//!     .with("has space", vec![1i64, 2]);
//! let text = c.to_string();
//! assert_eq!(text, r#"{id:"minecraft:stone",Count:64b,Pos:[0.5d,64.0d],"has space":[L;1L,2L]}"#);
//! assert_eq!(text.parse::<Compound>()?, c);
//! assert_eq!(format!("{:#}", Compound::new().with("a", 1)), "{\n  a: 1\n}");
//!
//! // The current grammar (Minecraft 1.21.5): hexadecimal, binary, underscores, signedness.
//! let tag: Tag = "[B; 0xFF, 0b101ub, -1_0]".parse()?;
//! assert_eq!(tag, Tag::ByteArray(vec![-1, 5, -10]));
//! let doc = nbt::from_snbt("{Invulnerable: true, Health: 20f, 'Name': \"Steve\\u0021\"}")?;
//! assert_eq!(doc.byte("Invulnerable"), Some(1));
//! assert_eq!(doc.string("Name"), Some("Steve!"));
//!
//! let err = nbt::from_snbt("{a: 1,\n  b: 300b}").unwrap_err();
//! assert_eq!(err.to_string(), "NBT: bad SNBT at line 2, column 6: a number out of range for a byte");
//! # Ok::<(), nbt::Error>(())
//! ```
//!
//! # The grammar read
//!
//! Minecraft 1.21.5's (the current one):
//!
//! * numbers: an optional sign; decimal digits, `0x` hexadecimal or `0b` binary, with `_`
//!   between digits; integer suffixes `b`, `s`, `i`, `l` (any case), each optionally after
//!   `s` (signed) or `u` (unsigned: `255ub` is the byte -1); decimal is signed by default,
//!   hexadecimal and binary unsigned; no suffix is an int. A point, an exponent or a suffix
//!   `f` / `d` makes a float or a double (no suffix: a double); infinities are refused.
//! * `true` and `false` (any case): the bytes 1 and 0.
//! * strings in `"` or `'` with the escapes `\b \s \t \n \f \r \\ \' \"`, `\xHH`, `\uHHHH`,
//!   `\UHHHHHHHH` (`\N{name}` is refused: it needs Unicode's names); unquoted strings of
//!   `0-9 A-Z a-z _ - . +` not starting like a number.
//! * compounds `{key: value, ...}` with quoted or unquoted keys; lists `[a, b]`; arrays
//!   `[B; ..]`, `[I; ..]`, `[L; ..]` of integers (an int array also takes bytes and shorts, a
//!   long array any integer); a trailing comma anywhere; whitespace between tokens.
//! * lists of mixed types, which Minecraft stores as lists of compounds with each element
//!   that is not a compound under the empty name (`[1, "a"]` is `[{"": 1}, {"": "a"}]`);
//!   this reads them so.
//! * the operations `bool(x)` and `uuid("...")` (a UUID's four ints).
//!
//! Beyond it, for what NBT holds and SNBT cannot say, and so that every tree this crate
//! prints reads back: keys may be empty (`"": 1`, which NBT allows and Minecraft's SNBT
//! refuses), and `float_bits(i)` / `double_bits(l)` are a float and a double by their bits,
//! which `Display` prints for NaNs and infinities.
//!
//! What does not come back: the root's name (SNBT has none) and an empty list's element type
//! (`[]` is a list of End, as in Minecraft).
//!
//! Errors name the line and column (in characters, from 1) and the byte offset.

mod parse;
mod print;

use alloc::string::String;
use core::str::FromStr;

use super::{Compound, Error, Nbt, Tag};

/// Reads SNBT text holding a compound: the document, its root unnamed.
///
/// ```
/// use wire_nbt as nbt;
/// let doc = nbt::from_snbt(r#"{name: "Bananrama", list: [1, 2, 3]}"#)?;
/// assert_eq!(doc.string("name"), Some("Bananrama"));
/// assert_eq!(doc.to_string(), r#"{name:"Bananrama",list:[1,2,3]}"#);
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// [`ErrorKind::Snbt`](super::ErrorKind::Snbt) with the line, column and byte offset of the
/// first thing that is not SNBT, or of a compound's absence.
pub fn from_snbt(text: &str) -> Result<Nbt, Error> {
    let mut p = parse::Parser::new(text);
    let root = p.compound(1)?;
    p.finish()?;
    Ok(Nbt {
        name: String::new(),
        root,
    })
}

/// Reads SNBT text holding one value of any kind.
///
/// ```
/// use wire_nbt::{self as nbt, List, Tag};
/// assert_eq!(nbt::tag_from_snbt("[1b, 2b]")?, Tag::List(List::Byte(vec![1, 2])));
/// assert_eq!(nbt::tag_from_snbt("minecraft")?, Tag::String("minecraft".into()));
/// # Ok::<(), nbt::Error>(())
/// ```
///
/// # Errors
/// As [`from_snbt`].
pub fn tag_from_snbt(text: &str) -> Result<Tag, Error> {
    let mut p = parse::Parser::new(text);
    let tag = p.value(0)?;
    p.finish()?;
    Ok(tag)
}

/// [`from_snbt`].
impl FromStr for Nbt {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        from_snbt(s)
    }
}

/// [`from_snbt`]'s root.
impl FromStr for Compound {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        from_snbt(s).map(|n| n.root)
    }
}

/// [`tag_from_snbt`].
impl FromStr for Tag {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        tag_from_snbt(s)
    }
}
