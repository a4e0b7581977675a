//! [`Temp`]: a field of a declaration that travels but is not kept.

use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;

/// The type of a `#[wire(temp)]` field: a `T` on the wire that the value does not keep.
///
/// A count, a length or a checksum that only says something about other fields would be a
/// second copy of what those fields already hold, one that can fall out of step. Declared
/// `Temp<T>`, the field is read as a `T` (the attributes of the fields after it see the
/// number, by name), and written from its `calc`, from the collection whose `count` names it,
/// or as its `checksum`; the value holds this empty marker in its place. A derive cannot take
/// a field out of a struct, as binrw's `temp` does with an attribute macro: the marker keeps
/// the struct what it looks like (construct it with [`Temp::new`] or `Default`).
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use endian_wire::Endianize;
/// use endian_wire::format::{ReadFormat, Temp, WriteFormat};
///
/// #[derive(Endianize, Debug, PartialEq)]
/// #[endian(be)]
/// struct Names {
///     #[wire(temp)]
///     count: Temp<u16>, // written as `ids.len()`
///     #[wire(count = count)]
///     ids: Vec<u32>,
/// }
///
/// let names = Names { count: Temp::new(), ids: vec![7, 8] };
/// let bytes = names.to_format_vec()?;
/// assert_eq!(bytes, [0, 2, 0, 0, 0, 7, 0, 0, 0, 8]);
/// assert_eq!(Names::read_format_exact(&bytes)?, names);
/// # }
/// # Ok::<(), endian_wire::format::FormatError>(())
/// ```
pub struct Temp<T>(PhantomData<fn() -> T>);

impl<T> Temp<T> {
    /// The marker (there is one value).
    #[must_use]
    pub const fn new() -> Self {
        Temp(PhantomData)
    }
}

// By hand, not derived: a derive would ask the same of `T`, and the marker holds no `T`.
impl<T> Clone for Temp<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Temp<T> {}

impl<T> Default for Temp<T> {
    fn default() -> Self {
        Temp::new()
    }
}

impl<T> fmt::Debug for Temp<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Temp")
    }
}

impl<T> PartialEq for Temp<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> Eq for Temp<T> {}

impl<T> PartialOrd for Temp<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<T> Ord for Temp<T> {
    fn cmp(&self, _: &Self) -> Ordering {
        Ordering::Equal
    }
}

impl<T> Hash for Temp<T> {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}
