//! The SNBT reader: text to a [`Tag`], by recursive descent over Minecraft 1.21.5's grammar
//! (see the [module](super) docs for what it accepts).

use alloc::string::String;
use alloc::vec::Vec;

use super::super::{Compound, Error, ErrorKind, Key, List, MAX_NESTING, Tag};

/// A place in the text, with the checked reads of SNBT's pieces.
pub(super) struct Parser<'s> {
    src: &'s str,
    pos: usize,
}

/// An integer literal's type: its suffix, or the default of where it stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum IntType {
    Byte,
    Short,
    Int,
    Long,
}

impl IntType {
    fn bits(self) -> u32 {
        match self {
            IntType::Byte => 8,
            IntType::Short => 16,
            IntType::Int => 32,
            IntType::Long => 64,
        }
    }

    fn name(self) -> &'static str {
        match self {
            IntType::Byte => "a number out of range for a byte",
            IntType::Short => "a number out of range for a short",
            IntType::Int => "a number out of range for an int",
            IntType::Long => "a number out of range for a long",
        }
    }
}

/// An integer literal, read but not yet converted (an array converts it to its own type).
struct IntLiteral {
    at: usize,
    negative: bool,
    radix: u32,
    /// The digits, underscores included.
    digits: (usize, usize),
    /// `Some(true)` for `s`, `Some(false)` for `u`; `None` takes the base's default (decimal
    /// signed, hexadecimal and binary unsigned).
    signed: Option<bool>,
    ty: Option<IntType>,
}

/// Whether `b` may be part of an unquoted string (brigadier's rule).
#[inline]
fn unquoted(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'+')
}

/// Whether a value starting with `b` is a number (and so cannot be an unquoted string).
#[inline]
fn starts_number(b: u8) -> bool {
    b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.')
}

impl<'s> Parser<'s> {
    pub(super) fn new(src: &'s str) -> Self {
        Parser { src, pos: 0 }
    }

    /// An error at byte `at`: `problem`, with its line and column.
    #[cold]
    #[inline(never)]
    fn error_at(&self, at: usize, problem: &'static str) -> Error {
        let at = at.min(self.src.len());
        let before = &self.src[..at];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        Error::new(
            at,
            ErrorKind::Snbt {
                line,
                column,
                problem,
            },
        )
    }

    fn error(&self, problem: &'static str) -> Error {
        self.error_at(self.pos, problem)
    }

    #[inline]
    fn peek(&self) -> Option<u8> {
        self.src.as_bytes().get(self.pos).copied()
    }

    #[inline]
    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.src.as_bytes().get(self.pos + ahead).copied()
    }

    /// Skips whitespace (Unicode's, as Java's `Character.isWhitespace` nearly).
    fn skip_ws(&mut self) {
        let rest = &self.src[self.pos..];
        let trimmed = rest.trim_start();
        self.pos += rest.len() - trimmed.len();
    }

    /// Skips whitespace, then `c`.
    fn expect(&mut self, c: u8, problem: &'static str) -> Result<(), Error> {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(problem))
        }
    }

    /// Skips whitespace; then whether the next byte is `c` (taken if so).
    fn eat(&mut self, c: u8) -> bool {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// The end of the text, after whitespace.
    pub(super) fn finish(&mut self) -> Result<(), Error> {
        self.skip_ws();
        if self.pos == self.src.len() {
            Ok(())
        } else {
            Err(self.error("expected the end of the text"))
        }
    }

    /// A value of any kind.
    pub(super) fn value(&mut self, depth: usize) -> Result<Tag, Error> {
        self.skip_ws();
        match self.peek() {
            None => Err(self.error("expected a value")),
            Some(b'{') => Ok(Tag::Compound(self.compound(depth + 1)?)),
            Some(b'[') => self.list(depth + 1),
            Some(b'"' | b'\'') => Ok(Tag::String(self.quoted()?)),
            Some(b) if starts_number(b) => self.number(),
            Some(_) => self.word(depth),
        }
    }

    /// An unquoted string, `true` / `false`, or an operation (`bool(..)`, `uuid(..)`).
    fn word(&mut self, depth: usize) -> Result<Tag, Error> {
        let at = self.pos;
        let word = self.unquoted();
        if word.is_empty() {
            return Err(self.error("expected a value"));
        }
        let after = self.pos;
        if self.eat(b'(') {
            return self.operation(word, at, depth);
        }
        self.pos = after;
        Ok(if word.eq_ignore_ascii_case("true") {
            Tag::Byte(1)
        } else if word.eq_ignore_ascii_case("false") {
            Tag::Byte(0)
        } else {
            Tag::String(String::from(word))
        })
    }

    /// The longest unquoted string here (may be empty).
    fn unquoted(&mut self) -> &'s str {
        let start = self.pos;
        let bytes = self.src.as_bytes();
        while self.pos < bytes.len() && unquoted(bytes[self.pos]) {
            self.pos += 1;
        }
        &self.src[start..self.pos]
    }

    /// The arguments of operation `name` (its `(` read) and its value.
    fn operation(&mut self, name: &str, at: usize, depth: usize) -> Result<Tag, Error> {
        let mut args = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == Some(b')') {
                self.pos += 1;
                break;
            }
            args.push((self.pos, self.value(depth + 1)?));
            if !self.eat(b',') {
                self.expect(b')', "expected `,` or `)`")?;
                break;
            }
        }
        let arg = match &args[..] {
            [(arg_at, arg)] => (*arg_at, arg),
            _ => return Err(self.error_at(at, "unknown operation (bool(x), uuid(\"...\"), float_bits(i), double_bits(l) take one argument)")),
        };
        match name {
            "bool" => match arg.1 {
                Tag::Byte(v) => Ok(Tag::Byte(i8::from(*v != 0))),
                Tag::Short(v) => Ok(Tag::Byte(i8::from(*v != 0))),
                Tag::Int(v) => Ok(Tag::Byte(i8::from(*v != 0))),
                Tag::Long(v) => Ok(Tag::Byte(i8::from(*v != 0))),
                Tag::Float(v) => Ok(Tag::Byte(i8::from(*v != 0.0))),
                Tag::Double(v) => Ok(Tag::Byte(i8::from(*v != 0.0))),
                _ => Err(self.error_at(arg.0, "expected a number or a boolean for bool(..)")),
            },
            "uuid" => match arg.1 {
                Tag::String(s) => uuid(s)
                    .map(|v| Tag::IntArray(v.to_vec()))
                    .ok_or_else(|| self.error_at(arg.0, "expected a UUID for uuid(..)")),
                _ => Err(self.error_at(arg.0, "expected a string for uuid(..)")),
            },
            // This crate's extension for floats SNBT has no literal for (NaN, infinities),
            // by their bits: what `Display` prints for them.
            "float_bits" => match arg.1 {
                Tag::Int(bits) => Ok(Tag::Float(f32::from_bits(*bits as u32))),
                _ => Err(self.error_at(arg.0, "expected an int for float_bits(..)")),
            },
            "double_bits" => match arg.1 {
                Tag::Long(bits) => Ok(Tag::Double(f64::from_bits(*bits as u64))),
                _ => Err(self.error_at(arg.0, "expected a long for double_bits(..)")),
            },
            _ => Err(self.error_at(at, "unknown operation (bool(x), uuid(\"...\"), float_bits(i), double_bits(l) take one argument)")),
        }
    }

    /// A quoted string (at its quote).
    fn quoted(&mut self) -> Result<String, Error> {
        let quote = self.src.as_bytes()[self.pos];
        self.pos += 1;
        let mut out = String::new();
        loop {
            let rest = &self.src[self.pos..];
            let Some(stop) = rest.bytes().position(|b| b == quote || b == b'\\') else {
                return Err(self.error_at(self.src.len(), "expected the string's closing quote"));
            };
            out.push_str(&rest[..stop]);
            self.pos += stop + 1;
            if rest.as_bytes()[stop] == quote {
                return Ok(out);
            }
            self.escape(&mut out)?;
        }
    }

    /// An escape sequence (after its backslash), appended to `out`.
    fn escape(&mut self, out: &mut String) -> Result<(), Error> {
        let at = self.pos - 1;
        let Some(c) = self.peek() else {
            return Err(self.error("expected an escape sequence"));
        };
        self.pos += 1;
        let simple = match c {
            b'b' => '\u{8}',
            b's' => ' ',
            b't' => '\t',
            b'n' => '\n',
            b'f' => '\u{c}',
            b'r' => '\r',
            b'\\' => '\\',
            b'\'' => '\'',
            b'"' => '"',
            b'x' | b'u' | b'U' => {
                let width = match c {
                    b'x' => 2,
                    b'u' => 4,
                    _ => 8,
                };
                let code = self.hex_escape(width)?;
                let ch = match code {
                    // Java strings are UTF-16: a high surrogate escape and a low one make a
                    // character together.
                    0xD800..=0xDBFF if self.src[self.pos..].starts_with("\\u") => {
                        self.pos += 2;
                        let low = self.hex_escape(4)?;
                        if !(0xDC00..=0xDFFF).contains(&low) {
                            return Err(self.error_at(at, "a lone surrogate in an escape"));
                        }
                        char::from_u32(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
                    }
                    _ => char::from_u32(code),
                };
                match ch {
                    Some(ch) => ch,
                    None => return Err(self.error_at(at, "an escape that is not a character")),
                }
            }
            b'N' => {
                return Err(self.error_at(
                    at,
                    "character names (\\N{..}) are not supported: use \\u or \\U",
                ));
            }
            _ => return Err(self.error_at(at, "an unknown escape sequence")),
        };
        out.push(simple);
        Ok(())
    }

    /// Exactly `width` hexadecimal digits.
    fn hex_escape(&mut self, width: usize) -> Result<u32, Error> {
        let digits = self
            .src
            .get(self.pos..self.pos + width)
            .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()));
        let Some(digits) = digits else {
            return Err(self.error(match width {
                2 => "expected 2 hexadecimal digits",
                4 => "expected 4 hexadecimal digits",
                _ => "expected 8 hexadecimal digits",
            }));
        };
        self.pos += width;
        u32::from_str_radix(digits, 16).map_err(|_| self.error("expected hexadecimal digits"))
    }

    /// A compound (at its `{`).
    pub(super) fn compound(&mut self, depth: usize) -> Result<Compound, Error> {
        if depth > MAX_NESTING {
            return Err(self.error("compounds and lists nested deeper than 512"));
        }
        self.expect(b'{', "expected `{`")?;
        let mut entries: Vec<(Key, Tag)> = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == Some(b'}') {
                self.pos += 1;
                break;
            }
            let key = self.key()?;
            self.expect(b':', "expected `:`")?;
            let value = self.value(depth)?;
            entries.push((Key::from(key), value));
            if !self.eat(b',') {
                self.expect(b'}', "expected `,` or `}`")?;
                break;
            }
        }
        // A repeated key keeps its last value (as Minecraft's map builder does).
        let mut c = Compound::new();
        if entries.len() < 2 || no_repeats(&entries) {
            return Ok(Compound::from_entries(entries));
        }
        for (k, v) in entries {
            c.insert(k, v);
        }
        Ok(c)
    }

    /// A compound's key: quoted (possibly empty, which Minecraft refuses and this accepts, as
    /// NBT allows it) or unquoted (any of its characters first).
    fn key(&mut self) -> Result<String, Error> {
        match self.peek() {
            Some(b'"' | b'\'') => self.quoted(),
            _ => {
                let key = self.unquoted();
                if key.is_empty() {
                    Err(self.error("expected a key"))
                } else {
                    Ok(String::from(key))
                }
            }
        }
    }

    /// A list or an array (at its `[`).
    fn list(&mut self, depth: usize) -> Result<Tag, Error> {
        if depth > MAX_NESTING {
            return Err(self.error("compounds and lists nested deeper than 512"));
        }
        self.pos += 1;
        self.skip_ws();
        let prefix = match self.peek() {
            Some(b'B') => Some(IntType::Byte),
            Some(b'I') => Some(IntType::Int),
            Some(b'L') => Some(IntType::Long),
            _ => None,
        };
        if let Some(array) = prefix {
            let save = self.pos;
            self.pos += 1;
            if self.eat(b';') {
                return self.array(array);
            }
            self.pos = save;
        }
        let mut items = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == Some(b']') {
                self.pos += 1;
                break;
            }
            items.push(self.value(depth)?);
            if !self.eat(b',') {
                self.expect(b']', "expected `,` or `]`")?;
                break;
            }
        }
        Ok(Tag::List(list_of(items)))
    }

    /// An array's integers (after its `[B;`, `[I;` or `[L;`).
    fn array(&mut self, array: IntType) -> Result<Tag, Error> {
        let mut values: Vec<i64> = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == Some(b']') {
                self.pos += 1;
                break;
            }
            let at = self.pos;
            let lit = match self.peek() {
                Some(b) if b.is_ascii_digit() || b == b'+' || b == b'-' => self.int_literal()?,
                _ => return Err(self.error("expected an integer in the array")),
            };
            let ty = lit.ty.unwrap_or(array);
            // A byte array takes bytes; an int array bytes, shorts and ints; a long array any.
            if ty.bits() > array.bits() || (array == IntType::Byte && ty != IntType::Byte) {
                return Err(self.error_at(at, "an element type this array cannot hold"));
            }
            values.push(self.convert(&lit, ty)?);
            if !self.eat(b',') {
                self.expect(b']', "expected `,` or `]`")?;
                break;
            }
        }
        Ok(match array {
            IntType::Byte => Tag::ByteArray(values.into_iter().map(|v| v as i8).collect()),
            IntType::Int => Tag::IntArray(values.into_iter().map(|v| v as i32).collect()),
            _ => Tag::LongArray(values),
        })
    }

    /// A run of `radix` digits and underscores (none at either end): its bounds.
    fn digits(&mut self, radix: u32, problem: &'static str) -> Result<(usize, usize), Error> {
        let start = self.pos;
        let bytes = self.src.as_bytes();
        while self.pos < bytes.len()
            && (bytes[self.pos] == b'_' || char::from(bytes[self.pos]).is_digit(radix))
        {
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.error(problem));
        }
        if bytes[start] == b'_' || bytes[self.pos - 1] == b'_' {
            return Err(self.error_at(start, "an underscore at the start or end of a number"));
        }
        Ok((start, self.pos))
    }

    /// An integer literal's optional suffix: `[u|s](b|s|i|l)`, any case.
    fn int_suffix(&mut self) -> (Option<bool>, Option<IntType>) {
        let ty = |b: Option<u8>| match b.map(|b| b.to_ascii_lowercase()) {
            Some(b'b') => Some(IntType::Byte),
            Some(b's') => Some(IntType::Short),
            Some(b'i') => Some(IntType::Int),
            Some(b'l') => Some(IntType::Long),
            _ => None,
        };
        let sign = match self.peek().map(|b| b.to_ascii_lowercase()) {
            Some(b'u') => Some(false),
            Some(b's') => Some(true),
            _ => None,
        };
        if let (Some(signed), Some(t)) = (sign, ty(self.peek_at(1))) {
            self.pos += 2;
            return (Some(signed), Some(t));
        }
        match ty(self.peek()) {
            Some(t) => {
                self.pos += 1;
                (None, Some(t))
            }
            None => (None, None),
        }
    }

    /// An integer literal: a sign, `0x` hexadecimal, `0b` binary or decimal digits, a suffix.
    fn int_literal(&mut self) -> Result<IntLiteral, Error> {
        let at = self.pos;
        let negative = match self.peek() {
            Some(b'-') => {
                self.pos += 1;
                true
            }
            Some(b'+') => {
                self.pos += 1;
                false
            }
            _ => false,
        };
        let (radix, digits) = match (self.peek(), self.peek_at(1).map(|b| b.to_ascii_lowercase())) {
            (Some(b'0'), Some(b'x')) => {
                self.pos += 2;
                (16, self.digits(16, "expected hexadecimal digits")?)
            }
            (Some(b'0'), Some(b'b')) if matches!(self.peek_at(2), Some(b'0' | b'1')) => {
                self.pos += 2;
                (2, self.digits(2, "expected binary digits")?)
            }
            (Some(b'0'), Some(b'0'..=b'9' | b'_')) => {
                return Err(self.error_at(at, "a leading zero (octal is not SNBT)"));
            }
            _ => (10, self.digits(10, "expected a number")?),
        };
        let (signed, ty) = self.int_suffix();
        Ok(IntLiteral {
            at,
            negative,
            radix,
            digits,
            signed,
            ty,
        })
    }

    /// `lit` as a `ty`, sign-extended to an `i64`.
    fn convert(&self, lit: &IntLiteral, ty: IntType) -> Result<i64, Error> {
        let signed = lit.signed.unwrap_or(lit.radix == 10);
        if !signed && lit.negative {
            return Err(self.error_at(lit.at, "a negative unsigned number"));
        }
        let mut magnitude: u128 = 0;
        for b in self.src[lit.digits.0..lit.digits.1].bytes() {
            if b == b'_' {
                continue;
            }
            let d = char::from(b).to_digit(lit.radix).unwrap_or(0);
            magnitude = match magnitude
                .checked_mul(u128::from(lit.radix))
                .and_then(|m| m.checked_add(u128::from(d)))
            {
                Some(m) if m <= u128::from(u64::MAX) + 1 => m,
                _ => return Err(self.error_at(lit.at, ty.name())),
            };
        }
        let bits = ty.bits();
        let value: i128 = if signed {
            let v = if lit.negative {
                -(magnitude as i128)
            } else {
                magnitude as i128
            };
            let (min, max) = (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1);
            if v < min || v > max {
                return Err(self.error_at(lit.at, ty.name()));
            }
            v
        } else {
            if magnitude >= 1u128 << bits {
                return Err(self.error_at(lit.at, ty.name()));
            }
            // The unsigned value's bits, read as the signed type.
            let v = magnitude as i128;
            if v >= 1i128 << (bits - 1) {
                v - (1i128 << bits)
            } else {
                v
            }
        };
        Ok(value as i64)
    }

    /// A number: a float if it has a point, an exponent or an `f` / `d` suffix, else an
    /// integer.
    fn number(&mut self) -> Result<Tag, Error> {
        let at = self.pos;
        if let Some(float) = self.float()? {
            return Ok(float);
        }
        self.pos = at;
        let lit = self.int_literal()?;
        let ty = lit.ty.unwrap_or(IntType::Int);
        let v = self.convert(&lit, ty)?;
        Ok(match ty {
            IntType::Byte => Tag::Byte(v as i8),
            IntType::Short => Tag::Short(v as i16),
            IntType::Int => Tag::Int(v as i32),
            IntType::Long => Tag::Long(v),
        })
    }

    /// A float literal here, or `None` (nothing consumed that matters) if this is not one.
    fn float(&mut self) -> Result<Option<Tag>, Error> {
        let at = self.pos;
        let mut text = String::new();
        match self.peek() {
            Some(b'-') => {
                text.push('-');
                self.pos += 1;
            }
            Some(b'+') => self.pos += 1,
            _ => {}
        }
        let bytes = self.src.as_bytes();
        let whole = if self.peek().is_some_and(|b| b.is_ascii_digit()) {
            Some(self.digits(10, "expected a number")?)
        } else {
            None
        };
        let mut is_float = false;
        if self.peek() == Some(b'.')
            && (whole.is_some() || self.peek_at(1).is_some_and(|b| b.is_ascii_digit()))
        {
            self.pos += 1;
            is_float = true;
            let fraction = if self.peek().is_some_and(|b| b.is_ascii_digit()) {
                Some(self.digits(10, "expected a number")?)
            } else {
                None
            };
            push_digits(&mut text, self.src, whole);
            text.push('.');
            push_digits(&mut text, self.src, fraction);
        } else if whole.is_none() {
            return if self.peek() == Some(b'.') {
                Err(self.error_at(at, "expected a number"))
            } else {
                Ok(None)
            };
        } else {
            push_digits(&mut text, self.src, whole);
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            let save = self.pos;
            self.pos += 1;
            let sign = match self.peek() {
                Some(b'-') => {
                    self.pos += 1;
                    "-"
                }
                Some(b'+') => {
                    self.pos += 1;
                    ""
                }
                _ => "",
            };
            if self.peek().is_some_and(|b| b.is_ascii_digit()) {
                let exp = self.digits(10, "expected an exponent")?;
                text.push('e');
                text.push_str(sign);
                push_digits(&mut text, self.src, Some(exp));
                is_float = true;
            } else if is_float {
                return Err(self.error("expected an exponent"));
            } else {
                self.pos = save;
            }
        }
        let double = match self.peek() {
            Some(b'f' | b'F') => false,
            Some(b'd' | b'D') => true,
            _ if is_float => true,
            _ => return Ok(None),
        };
        if matches!(bytes.get(self.pos), Some(b'f' | b'F' | b'd' | b'D')) {
            self.pos += 1;
        }
        let tag = if double {
            let v: f64 = text
                .parse()
                .map_err(|_| self.error_at(at, "expected a number"))?;
            if !v.is_finite() {
                return Err(self.error_at(at, "a number too large for a double"));
            }
            Tag::Double(v)
        } else {
            let v: f32 = text
                .parse()
                .map_err(|_| self.error_at(at, "expected a number"))?;
            if !v.is_finite() {
                return Err(self.error_at(at, "a number too large for a float"));
            }
            Tag::Float(v)
        };
        Ok(Some(tag))
    }
}

/// Appends the digits of `run` (or a 0), without underscores.
fn push_digits(text: &mut String, src: &str, run: Option<(usize, usize)>) {
    match run {
        Some((a, b)) => text.extend(src[a..b].chars().filter(|&c| c != '_')),
        None => text.push('0'),
    }
}

fn no_repeats(entries: &[(Key, Tag)]) -> bool {
    if entries.len() <= 16 {
        return entries
            .iter()
            .enumerate()
            .all(|(i, (k, _))| entries[..i].iter().all(|(j, _)| j != k));
    }
    let mut keys: Vec<&str> = entries.iter().map(|(k, _)| k.as_str()).collect();
    keys.sort_unstable();
    keys.windows(2).all(|w| w[0] != w[1])
}

/// A UUID's four ints, most significant first, as Minecraft stores them.
fn uuid(s: &str) -> Option<[i32; 4]> {
    let mut groups = s.split('-');
    let mut parts = [0u64; 5];
    for (i, max) in [8, 4, 4, 4, 12].into_iter().enumerate() {
        let g = groups.next()?;
        if g.is_empty() || g.len() > max || !g.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        parts[i] = u64::from_str_radix(g, 16).ok()?;
    }
    if groups.next().is_some() {
        return None;
    }
    let most = parts[0] << 32 | parts[1] << 16 | parts[2];
    let least = parts[3] << 48 | parts[4];
    Some([
        (most >> 32) as i32,
        most as i32,
        (least >> 32) as i32,
        least as i32,
    ])
}

/// Whether `c` is a wrapper: what Minecraft writes for an element of a list of mixed types,
/// a compound whose one entry has the empty name.
pub(super) fn is_wrapper(c: &Compound) -> bool {
    c.len() == 1 && c.contains_key("")
}

/// A list of `items`: typed by their type if they share one; else (Minecraft 1.21.5's lists of
/// mixed types) a list of compounds, each item that is not a compound, or is a compound that
/// looks like a wrapper, wrapped in a compound under the empty name.
fn list_of(items: Vec<Tag>) -> List {
    let Some(first) = items.first() else {
        return List::Empty;
    };
    let kind = first.kind();
    if items.iter().any(|t| t.kind() != kind) {
        return List::Compound(
            items
                .into_iter()
                .map(|t| match t {
                    Tag::Compound(c) if !is_wrapper(&c) => c,
                    t => Compound::new().with("", t),
                })
                .collect(),
        );
    }
    macro_rules! all {
        ($variant:ident) => {
            List::$variant(
                items
                    .into_iter()
                    .filter_map(|t| match t {
                        Tag::$variant(v) => Some(v),
                        _ => None,
                    })
                    .collect(),
            )
        };
    }
    match first {
        Tag::Byte(_) => all!(Byte),
        Tag::Short(_) => all!(Short),
        Tag::Int(_) => all!(Int),
        Tag::Long(_) => all!(Long),
        Tag::Float(_) => all!(Float),
        Tag::Double(_) => all!(Double),
        Tag::ByteArray(_) => all!(ByteArray),
        Tag::String(_) => all!(String),
        Tag::List(_) => all!(List),
        Tag::Compound(_) => all!(Compound),
        Tag::IntArray(_) => all!(IntArray),
        Tag::LongArray(_) => all!(LongArray),
    }
}
