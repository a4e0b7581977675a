//! [`FixedCodepointString`]: exactly `N` Unicode scalar values, held as `char`s.
//!
//! In memory only: a `char` has no byte order of its own. For a wire field use the UTF-32
//! types, which hold the same values as code units in a declared order.

use alloc::string::String;
use core::fmt;

use super::FixedTextError;

/// Exactly `N` Unicode scalar values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FixedCodepointString<const N: usize> {
    chars: [char; N],
}

/// A borrowed view of exactly `N` Unicode scalar values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct FixedCodepointStr<'a, const N: usize>(pub &'a [char; N]);

impl<const N: usize> FixedCodepointString<N> {
    /// The stored characters.
    pub const fn as_chars(&self) -> &[char; N] {
        &self.chars
    }

    /// A borrowed view.
    pub const fn as_str_view(&self) -> FixedCodepointStr<'_, N> {
        FixedCodepointStr(&self.chars)
    }

    /// The characters collected into a `String` (always succeeds: they are scalar values).
    pub fn to_string_lossless(&self) -> String {
        self.chars.iter().collect()
    }
}

impl<'a, const N: usize> FixedCodepointStr<'a, N> {
    /// The referenced characters.
    pub const fn as_chars(&self) -> &'a [char; N] {
        self.0
    }
}

impl<const N: usize> From<[char; N]> for FixedCodepointString<N> {
    fn from(chars: [char; N]) -> Self {
        Self { chars }
    }
}

impl<'a, const N: usize> From<&'a [char; N]> for FixedCodepointStr<'a, N> {
    fn from(chars: &'a [char; N]) -> Self {
        Self(chars)
    }
}

impl<'a, const N: usize> From<&'a FixedCodepointString<N>> for FixedCodepointStr<'a, N> {
    fn from(v: &'a FixedCodepointString<N>) -> Self {
        v.as_str_view()
    }
}

impl<const N: usize> From<FixedCodepointStr<'_, N>> for FixedCodepointString<N> {
    fn from(v: FixedCodepointStr<'_, N>) -> Self {
        Self { chars: *v.0 }
    }
}

impl<const N: usize> From<FixedCodepointStr<'_, N>> for [char; N] {
    fn from(v: FixedCodepointStr<'_, N>) -> Self {
        *v.0
    }
}

impl<const N: usize> From<FixedCodepointStr<'_, N>> for String {
    fn from(v: FixedCodepointStr<'_, N>) -> Self {
        v.0.iter().collect()
    }
}

impl<const N: usize> From<&FixedCodepointString<N>> for String {
    fn from(v: &FixedCodepointString<N>) -> Self {
        v.to_string_lossless()
    }
}

impl<const N: usize> AsRef<[char]> for FixedCodepointString<N> {
    fn as_ref(&self) -> &[char] {
        &self.chars
    }
}

impl<const N: usize> AsRef<[char]> for FixedCodepointStr<'_, N> {
    fn as_ref(&self) -> &[char] {
        self.0
    }
}

/// Text of exactly `N` scalar values.
impl<const N: usize> TryFrom<&str> for FixedCodepointString<N> {
    type Error = FixedTextError;

    fn try_from(text: &str) -> Result<Self, FixedTextError> {
        let mut chars = ['\0'; N];
        let mut found = 0;
        for c in text.chars() {
            if let Some(slot) = chars.get_mut(found) {
                *slot = c;
            }
            found += 1;
        }
        if found == N {
            Ok(Self { chars })
        } else {
            Err(FixedTextError::WrongCodepointCount { expected: N, found })
        }
    }
}

impl<const N: usize> TryFrom<String> for FixedCodepointString<N> {
    type Error = FixedTextError;

    fn try_from(text: String) -> Result<Self, FixedTextError> {
        Self::try_from(text.as_str())
    }
}

impl<const N: usize> fmt::Display for FixedCodepointString<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.to_string_lossless())
    }
}

impl<const N: usize> fmt::Display for FixedCodepointStr<'_, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&String::from(*self))
    }
}
