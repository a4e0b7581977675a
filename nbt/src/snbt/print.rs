//! SNBT printing: `Display` for the tree's types.
//!
//! Every tree prints as SNBT that [`from_snbt`](super::from_snbt) reads back to the same tree
//! (an empty list's element type and the root's name aside): floats in Rust's shortest form
//! that reads back exactly, NaNs and infinities as `float_bits(..)` / `double_bits(..)`, and a
//! list of compounds that Minecraft wrote for elements of mixed types as those elements.

use core::fmt::{self, Display, Formatter, Write as _};

use super::super::{Compound, List, Nbt, Tag};
use super::parse::is_wrapper;

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
    fn numbers<T: fmt::Display>(&mut self, prefix: &str, v: &[T], suffix: &str) -> fmt::Result {
        self.numbers_with(prefix, v, |s, x| write!(s.f, "{x}{suffix}"))
    }

    /// Numbers in brackets, `prefix` first, each written by `each`.
    fn numbers_with<T>(
        &mut self,
        prefix: &str,
        v: &[T],
        mut each: impl FnMut(&mut Self, &T) -> fmt::Result,
    ) -> fmt::Result {
        self.f.write_char('[')?;
        self.f.write_str(prefix)?;
        for (i, x) in v.iter().enumerate() {
            if i > 0 {
                self.f.write_str(if self.pretty { ", " } else { "," })?;
            }
            each(self, x)?;
        }
        self.f.write_char(']')
    }

    /// A float: Rust's shortest form that reads back to the same bits (as Java's does), or
    /// its bits when SNBT has no literal for it.
    fn float(&mut self, v: f32) -> fmt::Result {
        if v.is_finite() {
            write!(self.f, "{v:?}f")
        } else {
            write!(self.f, "float_bits(0x{:08X})", v.to_bits())
        }
    }

    /// A double, as [`float`](Self::float).
    fn double(&mut self, v: f64) -> fmt::Result {
        if v.is_finite() {
            write!(self.f, "{v:?}d")
        } else {
            write!(self.f, "double_bits(0x{:016X}L)", v.to_bits())
        }
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
            List::Float(v) => self.numbers_with("", v, |s, x| s.float(*x)),
            List::Double(v) => self.numbers_with("", v, |s, x| s.double(*x)),
            List::ByteArray(v) => self.items(v, |s, a| s.numbers("B;", a, "b")),
            List::String(v) => self.items(v, |s, x| s.string(x)),
            List::List(v) => self.items(v, |s, x| s.list(x)),
            List::Compound(v) if mixed(v) => self.items(v, |s, x| match x.get("") {
                Some(inner) if is_wrapper(x) => s.tag(inner),
                _ => s.compound(x),
            }),
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
            Tag::Float(v) => self.float(*v),
            Tag::Double(v) => self.double(*v),
            Tag::ByteArray(v) => self.numbers("B;", v, "b"),
            Tag::String(s) => self.string(s),
            Tag::List(l) => self.list(l),
            Tag::Compound(c) => self.compound(c),
            Tag::IntArray(v) => self.numbers("I;", v, ""),
            Tag::LongArray(v) => self.numbers("L;", v, "L"),
        }
    }
}

/// Whether `v` is what Minecraft writes for a list of elements of mixed types, so that
/// printing the elements unwrapped reads back to `v`: its elements (a wrapper's inner value,
/// else the compound) are of more than one type, and no wrapper holds a compound that is not
/// itself a wrapper (which would read back unwrapped).
fn mixed(v: &[Compound]) -> bool {
    let kind = |c: &Compound| match c.get("") {
        Some(inner) if is_wrapper(c) => inner.kind(),
        _ => super::super::TagKind::Compound,
    };
    let Some(first) = v.first().map(kind) else {
        return false;
    };
    v.iter().any(|c| kind(c) != first)
        && v.iter().all(|c| match c.get("") {
            Some(crate::Tag::Compound(inner)) if is_wrapper(c) => is_wrapper(inner),
            _ => true,
        })
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
