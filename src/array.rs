//! Building arrays with a fallible function (`core::array::try_from_fn` is not stable).

/// `[f(0), f(1), ..., f(N - 1)]`, or the first error (the remaining calls are not made).
#[inline]
pub(crate) fn try_from_fn<T, E, const N: usize>(
    mut f: impl FnMut(usize) -> Result<T, E>,
) -> Result<[T; N], E> {
    let mut error = None;
    let values = core::array::from_fn::<Option<T>, N, _>(|i| {
        if error.is_some() {
            return None;
        }
        match f(i) {
            Ok(v) => Some(v),
            Err(e) => {
                error = Some(e);
                None
            }
        }
    });
    if let Some(e) = error {
        return Err(e);
    }
    // Every slot is `Some` when no call failed.
    Ok(values.map(|v| v.unwrap_or_else(|| unreachable!("every element was built"))))
}
