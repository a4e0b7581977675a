//! The view's checking pass for the fixed-width flavours (Java's and Bedrock's files), in one
//! loop: no call per container, the position in a register, the open containers kept in
//! their own tape entries rather than on the call stack.
//!
//! It answers only whether the input is a document, and builds the same tape as the checked
//! pass ([`Parser`](super::Parser)) where it is. At the first fault of any kind it gives up;
//! the caller then runs the checked pass, which finds that fault and reports it with its
//! offset and context. So the two must accept exactly the same inputs (the tests compare them
//! on every cut and every changed byte of real files, and on random bytes).
//!
//! Measured against the checked pass, which ran every valid input before it (the same checks,
//! the same tape, a call per container), and beside na_nbt 0.2.1's borrowed read, which loops
//! the same way without a depth limit: PERFORMANCE.md, "the view in one loop".

use alloc::vec::Vec;

use super::Node;
use crate::MAX_NESTING;
use crate::format::Format;

/// The `next` of an open compound's tape entry. An open list of lists or compounds holds there
/// how many of its elements are left (below `i32::MAX`); the entry's `end` holds the entry of
/// the container around it. Both are overwritten with the real [`Node`] when it closes.
const OPEN_COMPOUND: usize = usize::MAX;

/// The width of a number of type 1 to 6, and of an element of arrays 7, 11 and 12.
const WIDTH: [u8; 13] = [0, 1, 2, 4, 8, 4, 8, 1, 0, 0, 0, 4, 8];

/// Where the elements of a list just opened are.
enum Elements {
    /// Read whole (numbers, strings, arrays, none): its end.
    Read(usize),
    /// Lists (9) or compounds (10), this many, from the position after the header.
    Containers(u8, usize),
}

/// A reader of flavour `F`'s fixed-width lengths from `data`.
struct Input<'a, F> {
    data: &'a [u8],
    _flavor: core::marker::PhantomData<F>,
}

impl<F: Format> Input<'_, F> {
    #[inline(always)]
    fn u16_at(&self, pos: usize) -> Option<usize> {
        let &b = self.data.get(pos..)?.first_chunk::<2>()?;
        Some(usize::from(if F::LITTLE_ENDIAN {
            u16::from_le_bytes(b)
        } else {
            u16::from_be_bytes(b)
        }))
    }

    /// A list's or array's length: not negative.
    #[inline(always)]
    fn count_at(&self, pos: usize) -> Option<u64> {
        let &b = self.data.get(pos..)?.first_chunk::<4>()?;
        let n = if F::LITTLE_ENDIAN {
            i32::from_le_bytes(b)
        } else {
            i32::from_be_bytes(b)
        };
        u64::try_from(n).ok()
    }

    /// `pos + extra`, if the input holds that many bytes (`u64`: an array's size overflows a
    /// 32-bit `usize`).
    #[inline(always)]
    fn within(&self, pos: usize, extra: u64) -> Option<usize> {
        let end = pos as u64 + extra;
        (end <= self.data.len() as u64).then_some(end as usize)
    }

    /// The end of an array of type 7, 11 or 12 whose length is at `pos`.
    #[inline(always)]
    fn array_end(&self, pos: usize, kind: u8) -> Option<usize> {
        let n = self.count_at(pos)?;
        self.within(pos + 4, n * u64::from(WIDTH[usize::from(kind)]))
    }

    /// The end of a string whose length is at `pos`.
    #[inline(always)]
    fn string_end(&self, pos: usize) -> Option<usize> {
        let len = self.u16_at(pos)?;
        self.within(pos + 2, len as u64)
    }

    /// The list whose header is at `pos`: read whole where its elements are not containers
    /// (with its tape entry, at `tape`'s end, where it gets one).
    #[inline(always)]
    fn list(&self, pos: usize, tape: &mut Vec<Node>) -> Option<Elements> {
        let &[kind, ..] = self.data.get(pos..)?.first_chunk::<5>()?;
        let n = self.count_at(pos + 1)?;
        let mut at = pos + 5;
        let end = match kind {
            0 if n == 0 => return Some(Elements::Read(at)),
            1..=6 => {
                return self
                    .within(at, n * u64::from(WIDTH[usize::from(kind)]))
                    .map(Elements::Read);
            }
            // The count below `i32::MAX`: held as a tape entry's `next` until the list closes.
            9 | 10 => return Some(Elements::Containers(kind, n as usize)),
            8 => {
                for _ in 0..n {
                    at = self.string_end(at)?;
                }
                at
            }
            7 | 11 | 12 => {
                for _ in 0..n {
                    at = self.array_end(at, kind)?;
                }
                at
            }
            _ => return None,
        };
        tape.push(Node {
            end,
            next: tape.len() + 1,
        });
        Some(Elements::Read(end))
    }
}

/// Opens a container inside the open one (`*open`, at `*depth`): its tape entry holds the
/// entry around it and `state` (`OPEN_COMPOUND`, or a list's count) until it closes.
#[inline(always)]
fn enter(tape: &mut Vec<Node>, open: &mut usize, depth: &mut usize, state: usize) {
    tape.push(Node {
        end: *open,
        next: state,
    });
    *open = tape.len() - 1;
    *depth += 1;
}

/// The tape of the root compound whose entries start at `root` in `data` (tape empty), and
/// where the compound ends; `None` at any fault, the tape then holding anything.
pub(super) fn scan<F: Format>(data: &[u8], root: usize, tape: &mut Vec<Node>) -> Option<usize> {
    let input = Input::<F> {
        data,
        _flavor: core::marker::PhantomData,
    };
    debug_assert!(tape.is_empty());
    tape.push(Node {
        end: 0,
        next: OPEN_COMPOUND,
    });
    // The open container's entry and depth (the root's is 1, as in the checked pass), where
    // the input is read, and whether the open container is a compound (else a list of
    // lists or compounds, `element` saying which).
    let mut open = 0;
    let mut depth = 1;
    let mut pos = root;
    let mut in_compound = true;
    let mut element = 0u8;
    loop {
        if in_compound {
            // Entries up to the End, or up to a list of containers or a compound, which is
            // opened and read before the rest of this one.
            loop {
                let Some(&[kind, a, b]) = data.get(pos..).and_then(|d| d.first_chunk::<3>()) else {
                    // The End as the input's last byte.
                    if data.get(pos) != Some(&0) {
                        return None;
                    }
                    pos += 1;
                    break;
                };
                if kind == 0 {
                    pos += 1;
                    break;
                }
                let name_len = usize::from(if F::LITTLE_ENDIAN {
                    u16::from_le_bytes([a, b])
                } else {
                    u16::from_be_bytes([a, b])
                });
                let value = pos + 3 + name_len;
                pos = match kind {
                    1..=6 => input.within(value, u64::from(WIDTH[usize::from(kind)]))?,
                    8 => input.string_end(value)?,
                    7 | 11 | 12 => input.array_end(value, kind)?,
                    10 => {
                        if depth >= MAX_NESTING {
                            return None;
                        }
                        enter(tape, &mut open, &mut depth, OPEN_COMPOUND);
                        pos = value;
                        continue;
                    }
                    9 => {
                        if depth >= MAX_NESTING {
                            return None;
                        }
                        match input.list(value, tape)? {
                            Elements::Read(end) => end,
                            Elements::Containers(kind, n) => {
                                enter(tape, &mut open, &mut depth, n);
                                in_compound = false;
                                element = kind;
                                pos = value + 5;
                                break;
                            }
                        }
                    }
                    _ => return None,
                };
            }
            if !in_compound {
                continue;
            }
        } else {
            let left = tape[open].next;
            if left > 0 {
                // The next element: open it.
                tape[open].next = left - 1;
                if depth >= MAX_NESTING {
                    return None;
                }
                if element == 10 {
                    enter(tape, &mut open, &mut depth, OPEN_COMPOUND);
                    in_compound = true;
                    continue;
                }
                match input.list(pos, tape)? {
                    Elements::Read(end) => pos = end,
                    Elements::Containers(kind, n) => {
                        enter(tape, &mut open, &mut depth, n);
                        element = kind;
                        pos += 5;
                    }
                }
                continue;
            }
        }
        // The open container ends at `pos`: its node, then back to the one around it.
        let around = tape[open].end;
        let next = tape.len();
        tape[open] = Node { end: pos, next };
        if open == 0 {
            return Some(pos);
        }
        open = around;
        depth -= 1;
        // A compound that closed was in a compound or a list of compounds; a list, in a
        // compound or a list of lists.
        let closed = if in_compound { 10 } else { 9 };
        in_compound = tape[open].next == OPEN_COMPOUND;
        element = closed;
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;
    use core::marker::PhantomData;

    use super::super::{Node, Parser};
    use crate::cursor::Cursor;
    use crate::format::{BedrockLe, Format, Java};

    /// What a pass makes of the root compound from `root` on: its tape and end, or `None`.
    type Verdict = Option<(Vec<(usize, usize)>, usize)>;

    fn pairs(tape: &[Node]) -> Vec<(usize, usize)> {
        tape.iter().map(|n| (n.end, n.next)).collect()
    }

    fn checked<F: Format>(bytes: &[u8], root: usize) -> Verdict {
        let mut p = Parser::<F> {
            cur: Cursor::at(bytes, root),
            tape: Vec::new(),
            _flavor: PhantomData,
        };
        p.compound(1).ok()?;
        Some((pairs(&p.tape), p.cur.pos()))
    }

    fn scanned<F: Format>(bytes: &[u8], root: usize) -> Verdict {
        let mut tape = Vec::new();
        let end = super::scan::<F>(bytes, root, &mut tape)?;
        Some((pairs(&tape), end))
    }

    #[track_caller]
    fn agree<F: Format>(bytes: &[u8], root: usize, what: &dyn Fn() -> alloc::string::String) {
        assert_eq!(
            scanned::<F>(bytes, root),
            checked::<F>(bytes, root),
            "{}",
            what()
        );
    }

    /// Every cut, and every byte after the root's name changed to each value that changes
    /// what it means (types, small and negative lengths, neighbours): one pass accepts what
    /// the other does, with the same tape.
    fn cuts_and_changes<F: Format>(name: &str, bytes: &[u8]) {
        let name_len = [bytes[1], bytes[2]];
        let root = 3 + usize::from(if F::LITTLE_ENDIAN {
            u16::from_le_bytes(name_len)
        } else {
            u16::from_be_bytes(name_len)
        });
        assert!(
            checked::<F>(bytes, root).is_some(),
            "{name}: the checked pass reads it"
        );
        agree::<F>(bytes, root, &|| alloc::format!("{name} whole"));
        // Every position of the small files, about 1,500 of the larger ones (each change is a
        // whole parse).
        let step = bytes.len() / 1500 + 1;
        for cut in (root..bytes.len()).step_by(step) {
            agree::<F>(&bytes[..cut], root, &|| {
                alloc::format!("{name} cut at {cut}")
            });
        }
        let mut changed = bytes.to_vec();
        for at in (root..bytes.len()).step_by(step) {
            let was = bytes[at];
            for value in [
                0,
                1,
                2,
                7,
                8,
                9,
                10,
                11,
                12,
                13,
                0x7F,
                0x80,
                0xFF,
                was ^ 1,
                was.wrapping_add(1),
            ] {
                changed[at] = value;
                agree::<F>(&changed, root, &|| {
                    alloc::format!("{name}: byte {at} {was} -> {value}")
                });
            }
            changed[at] = was;
        }
    }

    fn documents() -> Vec<(alloc::string::String, Vec<u8>, Vec<u8>)> {
        let mut out = Vec::new();
        let Some(files) = endian_wire_testkit::nbt::files_or_skip() else {
            return out;
        };
        for (name, java) in files {
            let tree = crate::from_slice::<crate::Nbt>(&java).unwrap();
            let bedrock = crate::Flavor::Bedrock.to_vec(&tree).unwrap();
            out.push((name.into(), java, bedrock));
        }
        out
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "reads files found by running cargo; Miri runs the random structures"
    )]
    fn the_scan_and_the_checked_pass_agree_on_every_cut_and_changed_byte() {
        for (name, java, bedrock) in documents() {
            cuts_and_changes::<Java>(&name, &java);
            cuts_and_changes::<BedrockLe>(&name, &bedrock);
        }
    }

    /// Short random documents from the bytes that build structure (types, counts of 0 and 1,
    /// nesting), after a root header: lists of lists, empty lists, counts that run out.
    #[test]
    fn the_scan_and_the_checked_pass_agree_on_random_structures() {
        const ALPHABET: [u8; 12] = [0, 0, 0, 0, 1, 1, 3, 8, 9, 10, 12, 0xFF];
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let cases = if cfg!(miri) { 200 } else { 200_000 };
        let mut accepted = 0;
        for _ in 0..cases {
            let len = (next() % 48) as usize;
            let bytes: Vec<u8> = [10, 0, 0]
                .into_iter()
                .chain((0..len).map(|_| ALPHABET[(next() % 12) as usize]))
                .collect();
            agree::<Java>(&bytes, 3, &|| alloc::format!("{bytes:?}"));
            agree::<BedrockLe>(&bytes, 3, &|| alloc::format!("{bytes:?} (Bedrock)"));
            accepted += usize::from(checked::<Java>(&bytes, 3).is_some());
        }
        // The alphabet makes documents often enough for the test to mean something.
        assert!(accepted * 50 > cases, "{accepted} of {cases} accepted");
    }

    /// Nesting: 512 levels (the root's included) read, 513 do not, in compounds and lists.
    #[test]
    fn the_scan_limits_nesting_as_the_checked_pass_does() {
        for levels in [511, 512, 513] {
            // Compounds: each a nameless compound entry.
            let mut c = alloc::vec![10, 0, 0];
            for _ in 1..levels {
                c.extend_from_slice(&[10, 0, 0]);
            }
            c.extend(core::iter::repeat_n(0, levels));
            // Lists of lists, the last empty.
            let mut l = alloc::vec![10, 0, 0, 9, 0, 0];
            for _ in 2..levels {
                l.extend_from_slice(&[9, 0, 0, 0, 1]);
            }
            l.extend_from_slice(&[0, 0, 0, 0, 0, 0]);
            for bytes in [&c, &l] {
                assert_eq!(
                    scanned::<Java>(bytes, 3).is_some(),
                    levels <= 512,
                    "{levels}"
                );
                agree::<Java>(bytes, 3, &|| alloc::format!("{levels} levels"));
            }
        }
    }
}
