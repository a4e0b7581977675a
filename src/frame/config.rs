//! How values whose byte order or width the type does not fix are framed: [`Config`], chosen at
//! run time, or a [`Configuration`] whose byte order and integer encoding are types
//! ([`legacy`], [`standard`]).

use crate::wire::Endian;

/// How integers are written: at their full width, or as bincode's varint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntEncoding {
    /// Every integer at its width (bincode 1's default, bincode 2's `legacy()`).
    Fixed,
    /// bincode's varint: one byte up to 250, else a marker byte and 2, 4, 8 or 16 bytes;
    /// signed values zigzagged first (bincode 2's `standard()`).
    Variable,
}

/// The decode limit given to [`Config::legacy`] and [`Config::standard`]: 16 MiB.
pub const DEFAULT_LIMIT: usize = 16 << 20;

/// A framing configuration, mirroring bincode's.
///
/// It decides what the types leave open: the byte order of native integers, lengths and enum
/// tags (a `BigEndian<T>` keeps its own order under every configuration), fixed-width or
/// varint integers, and how many bytes a decoder may allocate from length prefixes.
///
/// ```
/// use endian_wire::frame::Config;
/// let network = Config::legacy().with_big_endian();
/// let compact = Config::standard().with_limit(1 << 20);
/// # let _ = (network, compact);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Config {
    /// [`VARINT`], [`BIG`] and [`HAS_LIMIT`], or'ed. Two fields, so that a `Config` is a pair
    /// of scalars and moves in two registers: as three fields (two enums and an
    /// `Option<usize>`) it went by pointer, and every call to a cold path beside an inlined
    /// fast one (the short-input error of a one-step decode) copied it to the stack first,
    /// two stores more in a loop of eight (measured: a 33-byte struct's decode 2.7 ns instead
    /// of 2.2).
    flags: u8,
    /// The allocation limit in bytes with [`HAS_LIMIT`], else 0 (one representation per
    /// configuration, for the derived `PartialEq` and `Hash`).
    limit_bytes: usize,
}

/// `flags`: integers as varints (else at their full width).
const VARINT: u8 = 1;
/// `flags`: native integers, lengths and tags big-endian (else little-endian).
const BIG: u8 = 2;
/// `flags`: `limit_bytes` applies.
const HAS_LIMIT: u8 = 4;

impl core::fmt::Debug for Config {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Config")
            .field("ints", &self.int_encoding())
            .field("order", &self.endian())
            .field("limit", &self.limit())
            .finish()
    }
}

impl Config {
    /// Fixed-width integers, little-endian, [`DEFAULT_LIMIT`]: bincode 1's `serialize` and
    /// bincode 2's `config::legacy()`.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use endian_wire::frame::{self, Config};
    /// let bytes = frame::encode_to_vec(&(7u32, vec![1u8]), Config::legacy())?;
    /// assert_eq!(bytes, [7, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
    /// # }
    /// # Ok::<(), endian_wire::frame::EncodeError>(())
    /// ```
    #[must_use]
    pub const fn legacy() -> Config {
        Config {
            flags: HAS_LIMIT,
            limit_bytes: DEFAULT_LIMIT,
        }
    }

    /// Varint integers, little-endian, [`DEFAULT_LIMIT`]: bincode 2's `config::standard()`.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use endian_wire::frame::{self, Config};
    /// // Below 251 an integer is one byte; 251..=65535 is the marker 251 and two bytes.
    /// let bytes = frame::encode_to_vec(&(7u32, 300u16), Config::standard())?;
    /// assert_eq!(bytes, [7, 251, 0x2C, 0x01]);
    /// # }
    /// # Ok::<(), endian_wire::frame::EncodeError>(())
    /// ```
    #[must_use]
    pub const fn standard() -> Config {
        Config {
            flags: VARINT | HAS_LIMIT,
            limit_bytes: DEFAULT_LIMIT,
        }
    }

    /// Native integers, lengths and tags in big-endian order.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use endian_wire::frame::{self, Config};
    /// let bytes = frame::encode_to_vec(&0x0102u16, Config::legacy().with_big_endian())?;
    /// assert_eq!(bytes, [1, 2]);
    /// # }
    /// # Ok::<(), endian_wire::frame::EncodeError>(())
    /// ```
    #[must_use]
    pub const fn with_big_endian(self) -> Config {
        Config {
            flags: self.flags | BIG,
            ..self
        }
    }

    /// Native integers, lengths and tags in little-endian order.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use endian_wire::frame::{self, Config};
    /// let config = Config::legacy().with_big_endian().with_little_endian();
    /// assert_eq!(frame::encode_to_vec(&0x0102u16, config)?, [2, 1]);
    /// # }
    /// # Ok::<(), endian_wire::frame::EncodeError>(())
    /// ```
    #[must_use]
    pub const fn with_little_endian(self) -> Config {
        Config {
            flags: self.flags & !BIG,
            ..self
        }
    }

    /// Every integer at its full width.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use endian_wire::frame::{self, Config};
    /// let config = Config::standard().with_fixed_int_encoding();
    /// assert_eq!(frame::encode_to_vec(&5u32, config)?, [5, 0, 0, 0]);
    /// # }
    /// # Ok::<(), endian_wire::frame::EncodeError>(())
    /// ```
    #[must_use]
    pub const fn with_fixed_int_encoding(self) -> Config {
        Config {
            flags: self.flags & !VARINT,
            ..self
        }
    }

    /// Integers, lengths and tags as varints.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use endian_wire::frame::{self, Config};
    /// let config = Config::legacy().with_variable_int_encoding();
    /// assert_eq!(frame::encode_to_vec(&5u32, config)?, [5]);
    /// # }
    /// # Ok::<(), endian_wire::frame::EncodeError>(())
    /// ```
    #[must_use]
    pub const fn with_variable_int_encoding(self) -> Config {
        Config {
            flags: self.flags | VARINT,
            ..self
        }
    }

    /// A decoder allocates at most `bytes` in all from length prefixes; a longer prefix is an
    /// error before anything is allocated.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use endian_wire::frame::{self, Config, DecodeErrorKind, LengthRefusal};
    /// // A prefix that asks for 1000 bytes, followed by all of them.
    /// let input = frame::encode_to_vec(&vec![0u8; 1000], Config::legacy())?;
    /// let error = frame::decode_from_slice::<Vec<u8>>(&input, Config::legacy().with_limit(100))
    ///     .unwrap_err();
    /// assert!(matches!(
    ///     error.kind,
    ///     DecodeErrorKind::LengthTooLarge { length: 1000, reason: LengthRefusal::BeyondLimit { limit: 100 } }
    /// ));
    /// # }
    /// # Ok::<(), endian_wire::frame::EncodeError>(())
    /// ```
    #[must_use]
    pub const fn with_limit(self, bytes: usize) -> Config {
        Config {
            flags: self.flags | HAS_LIMIT,
            limit_bytes: bytes,
        }
    }

    /// No allocation limit. A decode still allocates no more than a bounded multiple of the
    /// input it actually reads (a length prefix the input cannot hold is refused, and
    /// collections grow as their elements arrive); a run of elements that take no input (`()`,
    /// empty structs) is bounded by [`DEFAULT_LIMIT`] elements.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use endian_wire::frame::{self, Config};
    /// let config = Config::legacy().with_no_limit();
    /// assert_eq!(config.limit(), None);
    /// // A prefix longer than the input is still refused before anything is allocated.
    /// let hostile = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 1, 2];
    /// assert!(frame::decode_from_slice::<Vec<u8>>(&hostile, config).is_err());
    /// # }
    /// ```
    #[must_use]
    pub const fn with_no_limit(self) -> Config {
        Config {
            flags: self.flags & !HAS_LIMIT,
            limit_bytes: 0,
        }
    }

    /// The integer encoding.
    #[must_use]
    pub const fn int_encoding(&self) -> IntEncoding {
        if self.flags & VARINT == 0 {
            IntEncoding::Fixed
        } else {
            IntEncoding::Variable
        }
    }

    /// The byte order of native integers, lengths and tags.
    #[must_use]
    pub const fn endian(&self) -> Endian {
        if self.flags & BIG == 0 {
            Endian::Little
        } else {
            Endian::Big
        }
    }

    /// The allocation limit, if any.
    #[must_use]
    pub const fn limit(&self) -> Option<usize> {
        if self.flags & HAS_LIMIT == 0 {
            None
        } else {
            Some(self.limit_bytes)
        }
    }

    /// Sets native numbers to `order` in place and returns the flags it replaced, for
    /// [`restore_order`](Self::restore_order): `in_order` runs around every derived
    /// record's body, and moving the flags alone, not the limit no body changes, saves a load
    /// and a store there each time.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn set_order(&mut self, order: Endian) -> u8 {
        let saved = self.flags;
        *self = self.with_order(order);
        saved
    }

    /// Puts back what [`set_order`](Self::set_order) replaced.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn restore_order(&mut self, saved: u8) {
        self.flags = saved;
    }

    /// This configuration with native numbers in `order` (the framing's own override, see
    /// `Encoder::in_order`).
    #[must_use]
    pub(crate) const fn with_order(self, order: Endian) -> Config {
        match order {
            Endian::Big => self.with_big_endian(),
            Endian::Little => self.with_little_endian(),
        }
    }
}

impl Default for Config {
    /// [`Config::standard`], as bincode 2's default.
    fn default() -> Self {
        Config::standard()
    }
}

/// The integer encoding as a type: [`Fixint`] or [`Varint`].
pub trait IntParam:
    sealed::Sealed + Copy + Default + core::fmt::Debug + Send + Sync + 'static
{
    /// Integers as varints.
    #[doc(hidden)]
    const VARINT: bool;
}

/// The byte order as a type: [`Little`] or [`Big`] (and, inside the crate, the run-time
/// configuration's).
pub trait OrderParam:
    sealed::Sealed + Copy + Default + core::fmt::Debug + Send + Sync + 'static
{
    /// The order, or `None`: the configuration's, read at run time.
    #[doc(hidden)]
    const ORDER: Option<Endian>;
}

/// Every integer at its full width (bincode's `Fixint`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fixint;

/// Integers as bincode's varints (bincode's `Varint`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Varint;

/// Native numbers, lengths and tags little-endian.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Little;

/// Native numbers, lengths and tags big-endian.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Big;

/// The order of a run-time [`Config`] (crate-private: a configuration names one of the
/// others).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RuntimeOrder;

impl IntParam for Fixint {
    const VARINT: bool = false;
}
impl IntParam for Varint {
    const VARINT: bool = true;
}
impl OrderParam for Little {
    const ORDER: Option<Endian> = Some(Endian::Little);
}
impl OrderParam for Big {
    const ORDER: Option<Endian> = Some(Endian::Big);
}
impl OrderParam for RuntimeOrder {
    const ORDER: Option<Endian> = None;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Fixint {}
    impl Sealed for super::Varint {}
    impl Sealed for super::Little {}
    impl Sealed for super::Big {}
    impl Sealed for super::RuntimeOrder {}
    impl Sealed for super::Config {}
    impl<O, I> Sealed for super::Configuration<O, I> {}
}

/// A configuration whose byte order `O` and integer encoding `I` are types, as bincode 2's
/// `Configuration`: the entry points compile for them alone, and no value tests them at run
/// time. [`legacy`] and [`standard`] start one; the `with_*` methods change a parameter (and
/// the type). What they frame is byte for byte what the [`Config`] of the same settings
/// frames.
///
/// ```
/// # #[cfg(feature = "alloc")] {
/// use endian_wire::frame::{self, config};
/// let network = config::legacy().with_big_endian();
/// let bytes = frame::encode_to_vec(&(7u16, vec![1u8]), network)?;
/// assert_eq!(bytes, [0, 7, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
/// assert_eq!(frame::decode_from_slice::<(u16, Vec<u8>)>(&bytes, network)?.0, (7, vec![1]));
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Configuration<O = Little, I = Varint> {
    /// The allocation limit, `usize::MAX` for none (one representation per configuration).
    limit: usize,
    _params: core::marker::PhantomData<(O, I)>,
}

/// Fixed-width integers, little-endian, [`DEFAULT_LIMIT`]: [`Config::legacy`] as a type.
#[must_use]
pub const fn legacy() -> Configuration<Little, Fixint> {
    Configuration::with(DEFAULT_LIMIT)
}

/// Varint integers, little-endian, [`DEFAULT_LIMIT`]: [`Config::standard`] as a type.
#[must_use]
pub const fn standard() -> Configuration<Little, Varint> {
    Configuration::with(DEFAULT_LIMIT)
}

impl<O: OrderParam, I: IntParam> Configuration<O, I> {
    const fn with(limit: usize) -> Self {
        Configuration {
            limit,
            _params: core::marker::PhantomData,
        }
    }

    /// Native numbers, lengths and tags big-endian.
    #[must_use]
    pub const fn with_big_endian(self) -> Configuration<Big, I> {
        Configuration::with(self.limit)
    }

    /// Native numbers, lengths and tags little-endian.
    #[must_use]
    pub const fn with_little_endian(self) -> Configuration<Little, I> {
        Configuration::with(self.limit)
    }

    /// Every integer at its full width.
    #[must_use]
    pub const fn with_fixed_int_encoding(self) -> Configuration<O, Fixint> {
        Configuration::with(self.limit)
    }

    /// Integers as varints.
    #[must_use]
    pub const fn with_variable_int_encoding(self) -> Configuration<O, Varint> {
        Configuration::with(self.limit)
    }

    /// As [`Config::with_limit`].
    #[must_use]
    pub const fn with_limit(self, bytes: usize) -> Self {
        Configuration::with(bytes)
    }

    /// As [`Config::with_no_limit`].
    #[must_use]
    pub const fn with_no_limit(self) -> Self {
        Configuration::with(usize::MAX)
    }

    /// The same settings as a run-time [`Config`].
    #[must_use]
    pub const fn to_config(self) -> Config {
        let c = match O::ORDER {
            Some(Endian::Big) => Config::legacy().with_big_endian(),
            _ => Config::legacy(),
        };
        let c = if I::VARINT {
            c.with_variable_int_encoding()
        } else {
            c
        };
        if self.limit == usize::MAX {
            c.with_no_limit()
        } else {
            c.with_limit(self.limit)
        }
    }
}

impl<O: OrderParam, I: IntParam> From<Configuration<O, I>> for Config {
    fn from(c: Configuration<O, I>) -> Config {
        c.to_config()
    }
}

/// What the entry points ([`encode_to_vec`](super::encode_to_vec),
/// [`decode_from_slice`](super::decode_from_slice), ...) take: a run-time [`Config`], read once
/// per call, or a typed [`Configuration`], read when compiling.
pub trait AnyConfig: sealed::Sealed + Copy {
    /// The settings as a run-time [`Config`].
    fn config(self) -> Config;

    /// Runs `entry` compiled for this configuration's parameters: a run-time `Config` picks
    /// the integer encoding (the order stays a run-time value); a typed one names both.
    #[doc(hidden)]
    fn dispatch<E: Entry>(self, entry: E) -> E::Out;
}

impl AnyConfig for Config {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn config(self) -> Config {
        self
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn dispatch<E: Entry>(self, entry: E) -> E::Out {
        match self.int_encoding() {
            IntEncoding::Fixed => entry.run::<Fixint, RuntimeOrder>(self),
            IntEncoding::Variable => entry.run::<Varint, RuntimeOrder>(self),
        }
    }
}

impl<O: OrderParam, I: IntParam> AnyConfig for Configuration<O, I> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn config(self) -> Config {
        self.to_config()
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn dispatch<E: Entry>(self, entry: E) -> E::Out {
        entry.run::<I, O>(self.to_config())
    }
}

/// An entry point's body, compiled per integer encoding `I` and byte order `O`.
#[doc(hidden)]
pub trait Entry {
    /// What the entry point returns.
    type Out;
    /// The body.
    fn run<I: IntParam, O: OrderParam>(self, config: Config) -> Self::Out;
}

/// A writer or reader whose integer encoding `I` and byte order `O` are known when compiling
/// ([`Writer::INT_ENCODING`](super::Writer::INT_ENCODING), `ORDER`): how the entry points write
/// and read a message. Crate-private, so that its parameters always are the configuration's.
#[derive(Debug)]
pub(crate) struct Static<X, I, O>(pub(crate) X, core::marker::PhantomData<(I, O)>);

impl<X, I, O> Static<X, I, O> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn new(x: X) -> Self {
        Static(x, core::marker::PhantomData)
    }
}

/// Code of the fixed image, compiled for one byte order and integer encoding (`BIG`,
/// `VARINT`: the parameters of `Encode::encode_fixed` and `Decode::decode_fixed`).
pub(crate) trait ForParams {
    /// What the code returns.
    type Out;
    /// The code.
    fn run<const BIG: bool, const VARINT: bool>(self) -> Self::Out;
}

/// Runs `code` compiled for `big` and `varint`: the one place where the framing's byte order
/// and integer encoding become the fixed image's compile-time parameters. Under a typed
/// [`Configuration`] (and for the integer encoding under every entry point) both are constants
/// and one arm remains; a run-time [`Config`]'s order picks one of two.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn for_params<C: ForParams>(big: bool, varint: bool, code: C) -> C::Out {
    match (big, varint) {
        (false, false) => code.run::<false, false>(),
        (true, false) => code.run::<true, false>(),
        (false, true) => code.run::<false, true>(),
        (true, true) => code.run::<true, true>(),
    }
}
