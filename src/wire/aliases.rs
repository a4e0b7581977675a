//! Short names: `u32be` is `BigEndian<u32>`, `nzu16le` is `LittleEndian<NonZeroU16>`, and so on.
#![allow(non_camel_case_types)]

use core::num::{
    NonZeroI8, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI128, NonZeroIsize, NonZeroU8,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU128, NonZeroUsize,
};

use super::{BigEndian, LittleEndian};

macro_rules! aliases {
    ($($be:ident $le:ident $t:ty;)*) => {$(
        #[doc = concat!("A big-endian `", stringify!($t), "`.")]
        pub type $be = BigEndian<$t>;
        #[doc = concat!("A little-endian `", stringify!($t), "`.")]
        pub type $le = LittleEndian<$t>;
    )*};
}

aliases! {
    u8be u8le u8;
    u16be u16le u16;
    u32be u32le u32;
    u64be u64le u64;
    u128be u128le u128;
    usizebe usizele usize;
    i8be i8le i8;
    i16be i16le i16;
    i32be i32le i32;
    i64be i64le i64;
    i128be i128le i128;
    isizebe isizele isize;
    f32be f32le f32;
    f64be f64le f64;
    nzu8be nzu8le NonZeroU8;
    nzu16be nzu16le NonZeroU16;
    nzu32be nzu32le NonZeroU32;
    nzu64be nzu64le NonZeroU64;
    nzu128be nzu128le NonZeroU128;
    nzusizebe nzusizele NonZeroUsize;
    nzi8be nzi8le NonZeroI8;
    nzi16be nzi16le NonZeroI16;
    nzi32be nzi32le NonZeroI32;
    nzi64be nzi64le NonZeroI64;
    nzi128be nzi128le NonZeroI128;
    nzisizebe nzisizele NonZeroIsize;
}
