//! `Display` as SNBT, Minecraft's text form of NBT, for debugging: `{}` on one line, `{:#}`
//! indented.
//!
//! ```
//! use endian_wire::nbt::{Compound, List};
//! let c = Compound::new()
//!     .with("id", "minecraft:stone")
//!     .with("Count", 64i8)
//!     .with("Pos", List::Double(vec![0.5, 64.0]))
//!     .with("has space", vec![1i64, 2]);
//! assert_eq!(c.to_string(), r#"{id:"minecraft:stone",Count:64b,Pos:[0.5d,64.0d],"has space":[L;1L,2L]}"#);
//! assert_eq!(format!("{:#}", Compound::new().with("a", 1)), "{\n  a: 1\n}");
//! ```

use core::fmt::{self, Display, Formatter, Write as _};

use super::{Compound, List, Nbt, Tag};

struct Snbt<'f, 'b> {
    f: &'f mut Formatter<'b>,
    pretty: bool,
    depth: usize,
}

impl Snbt<'_, '_> {
    fn newline(&mut self) -> fmt::Result {
        if self.pretty {
            self.f.write_char('\n')?;
            for _ in 0..self.depth {
                self.f.write_str("  ")?;
            }
        }
        Ok(())
    }

    fn string(&mut self, s: &str) -> fmt::Result {
        self.f.write_char('"')?;
        for c in s.chars() {
            match c {
                '"' => self.f.write_str("\\\"")?,
                '\\' => self.f.write_str("\\\\")?,
                '\n' => self.f.write_str("\\n")?,
                '\r' => self.f.write_str("\\r")?,
                '\t' => self.f.write_str("\\t")?,
                c if c.is_control() => write!(self.f, "\\u{:04x}", c as u32)?,
                c => self.f.write_char(c)?,
            }
        }
        self.f.write_char('"')
    }

    fn key(&mut self, k: &str) -> fmt::Result {
        let bare = !k.is_empty()
            && k.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'+'));
        if bare {
            self.f.write_str(k)
        } else {
            self.string(k)
        }
    }

    /// Numbers in brackets, `prefix` first (`"B;"` for a byte array), each with `suffix`.
    fn numbers<T: fmt::Debug>(&mut self, prefix: &str, v: &[T], suffix: &str) -> fmt::Result {
        self.f.write_char('[')?;
        self.f.write_str(prefix)?;
        for (i, x) in v.iter().enumerate() {
            if i > 0 {
                self.f.write_str(if self.pretty { ", " } else { "," })?;
            }
            write!(self.f, "{x:?}{suffix}")?;
        }
        self.f.write_char(']')
    }

    /// Values in brackets, one per line when pretty.
    fn items<T>(
        &mut self,
        v: &[T],
        mut each: impl FnMut(&mut Self, &T) -> fmt::Result,
    ) -> fmt::Result {
        self.f.write_char('[')?;
        if v.is_empty() {
            return self.f.write_char(']');
        }
        self.depth += 1;
        for (i, x) in v.iter().enumerate() {
            if i > 0 {
                self.f.write_char(',')?;
            }
            self.newline()?;
            each(self, x)?;
        }
        self.depth -= 1;
        self.newline()?;
        self.f.write_char(']')
    }

    fn compound(&mut self, c: &Compound) -> fmt::Result {
        self.f.write_char('{')?;
        if c.is_empty() {
            return self.f.write_char('}');
        }
        self.depth += 1;
        for (i, (k, v)) in c.iter().enumerate() {
            if i > 0 {
                self.f.write_char(',')?;
            }
            self.newline()?;
            self.key(k)?;
            self.f.write_str(if self.pretty { ": " } else { ":" })?;
            self.tag(v)?;
        }
        self.depth -= 1;
        self.newline()?;
        self.f.write_char('}')
    }

    fn list(&mut self, l: &List) -> fmt::Result {
        match l {
            List::Empty => self.f.write_str("[]"),
            List::Byte(v) => self.numbers("", v, "b"),
            List::Short(v) => self.numbers("", v, "s"),
            List::Int(v) => self.numbers("", v, ""),
            List::Long(v) => self.numbers("", v, "L"),
            List::Float(v) => self.numbers("", v, "f"),
            List::Double(v) => self.numbers("", v, "d"),
            List::ByteArray(v) => self.items(v, |s, a| s.numbers("B;", a, "b")),
            List::String(v) => self.items(v, |s, x| s.string(x)),
            List::List(v) => self.items(v, |s, x| s.list(x)),
            List::Compound(v) => self.items(v, |s, x| s.compound(x)),
            List::IntArray(v) => self.items(v, |s, a| s.numbers("I;", a, "")),
            List::LongArray(v) => self.items(v, |s, a| s.numbers("L;", a, "L")),
        }
    }

    fn tag(&mut self, t: &Tag) -> fmt::Result {
        match t {
            Tag::Byte(v) => write!(self.f, "{v}b"),
            Tag::Short(v) => write!(self.f, "{v}s"),
            Tag::Int(v) => write!(self.f, "{v}"),
            Tag::Long(v) => write!(self.f, "{v}L"),
            Tag::Float(v) => write!(self.f, "{v:?}f"),
            Tag::Double(v) => write!(self.f, "{v:?}d"),
            Tag::ByteArray(v) => self.numbers("B;", v, "b"),
            Tag::String(s) => self.string(s),
            Tag::List(l) => self.list(l),
            Tag::Compound(c) => self.compound(c),
            Tag::IntArray(v) => self.numbers("I;", v, ""),
            Tag::LongArray(v) => self.numbers("L;", v, "L"),
        }
    }
}

fn snbt(f: &mut Formatter<'_>, run: impl FnOnce(&mut Snbt<'_, '_>) -> fmt::Result) -> fmt::Result {
    let pretty = f.alternate();
    run(&mut Snbt {
        f,
        pretty,
        depth: 0,
    })
}

/// SNBT; `{:#}` indents.
impl Display for Tag {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        snbt(f, |s| s.tag(self))
    }
}

/// SNBT; `{:#}` indents.
impl Display for List {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        snbt(f, |s| s.list(self))
    }
}

/// SNBT; `{:#}` indents.
impl Display for Compound {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        snbt(f, |s| s.compound(self))
    }
}

/// The root compound as SNBT (the root's name is not part of SNBT); `{:#}` indents.
impl Display for Nbt {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        snbt(f, |s| s.compound(&self.root))
    }
}
