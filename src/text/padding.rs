//! Filling and trimming fixed-size fields; shared by every fixed text type.

/// Copies `src` into the front of `dst` and fills the rest with `pad`.
///
/// Returns the number of units `src` has if it does not fit (counting all of them, so the
/// error can say how long the input really was).
pub(crate) fn fill<U: Copy>(
    dst: &mut [U],
    mut src: impl Iterator<Item = U>,
    pad: U,
) -> Result<usize, usize> {
    let mut written = 0;
    for slot in dst.iter_mut() {
        match src.next() {
            Some(unit) => {
                *slot = unit;
                written += 1;
            }
            None => {
                *slot = pad;
            }
        }
    }
    match src.count() {
        0 => Ok(written),
        extra => Err(written + extra),
    }
}

/// Length of `units` without its trailing units equal to `pad`.
pub(crate) fn trimmed_len<U: PartialEq>(units: &[U], pad: &U) -> usize {
    units
        .iter()
        .rposition(|u| u != pad)
        .map_or(0, |last| last + 1)
}
