//! Framing's side of length-prefixed messages (the transport, `endian_wire::stream`): a value encoded after a
//! prefix of the caller's choosing, straight into a growable buffer, and one whole message
//! decoded. The only framing entry points the transport uses.

use core::mem::MaybeUninit;

use super::IntEncoding;
use super::config::{Config, Fixint, IntParam, RuntimeOrder, Static, Varint};
#[cfg(feature = "tokio")]
use super::decode::{Decode, Decoder};
use super::encode::{Encode, Encoder};
use super::error::EncodeError;
#[cfg(feature = "tokio")]
use super::error::{DecodeError, DecodeErrorKind};
use super::fixed::FixedOut;
#[cfg(feature = "tokio")]
use super::read::Reader;
use super::write::{GrowBuf, SliceWriter};
use super::{encode_to_vec, encoded_size_in, fill_fixed, static_size};

/// What goes before a value that [`encode_prefixed`] writes: a length prefix.
pub(crate) trait Prefix {
    /// Why a value of some length is not sent (beyond a limit, beyond what the prefix holds).
    type Refusal;

    /// The prefix's width before a value of `len` bytes, or why such a value is refused.
    ///
    /// # Errors
    /// The refusal.
    fn check(&self, len: usize) -> Result<usize, Self::Refusal>;

    /// Writes the prefix of a `len`-byte value (accepted by [`check`](Self::check)) at the
    /// start of `out`, which holds at least its width.
    fn write(&self, len: usize, out: &mut [MaybeUninit<u8>]);
}

/// Why [`encode_prefixed`] appended nothing.
#[derive(Debug)]
pub(crate) enum PrefixedError<R> {
    /// The prefix refused the value's length.
    Refused(R),
    /// The value could not be encoded.
    Encode(EncodeError),
}

/// Appends `prefix` and `value` to `out`: encoded straight into `out`'s spare capacity, which
/// grows at most once, by the value's static size or its computed size (sized first: encoded
/// into whatever room the buffer had and sized only when it ran out, a 4 KiB message was
/// encoded twice every other time, as a read buffer's spare room shrinks while messages are
/// consumed from its front). On an error `out` keeps its contents (its capacity may grow).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn encode_prefixed<T, B, P>(
    value: &T,
    out: &mut B,
    config: Config,
    prefix: &P,
) -> Result<(), PrefixedError<P::Refusal>>
where
    T: Encode + ?Sized,
    B: GrowBuf,
    P: Prefix,
{
    match config.int_encoding() {
        IntEncoding::Fixed => encode_prefixed_in::<T, B, P, Fixint>(value, out, config, prefix),
        IntEncoding::Variable => encode_prefixed_in::<T, B, P, Varint>(value, out, config, prefix),
    }
}

/// [`encode_prefixed`] compiled for integer encoding `I` (the order is the configuration's, a
/// run-time value: the transport's configuration is one).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn encode_prefixed_in<T, B, P, I>(
    value: &T,
    out: &mut B,
    config: Config,
    prefix: &P,
) -> Result<(), PrefixedError<P::Refusal>>
where
    T: Encode + ?Sized,
    B: GrowBuf,
    P: Prefix,
    I: IntParam,
{
    let start = out.len();
    if let Some(size) = static_size::<T, I>() {
        // A static size: one reservation, the prefix, then the one-step fill.
        let width = prefix.check(size).map_err(PrefixedError::Refused)?;
        out.fill_spare(width + size, |spare| {
            let (head, body) = spare.split_at_mut(width);
            prefix.write(size, head);
            FixedOut::fill_all(
                body,
                #[cfg_attr(debug_assertions, inline)]
                #[cfg_attr(not(debug_assertions), inline(always))]
                |o| fill_fixed::<T, I, RuntimeOrder>(value, config, o),
            );
        });
        return Ok(());
    }
    let size =
        encoded_size_in::<T, I, RuntimeOrder>(value, config).map_err(PrefixedError::Encode)?;
    let width = prefix.check(size).map_err(PrefixedError::Refused)?;
    out.reserve(width + size);
    let spare = &mut out.spare_capacity_mut()[..width + size];
    let (head, body) = spare.split_at_mut(width);
    let result = {
        let writer = Static::<_, I, RuntimeOrder>::new(SliceWriter::uninit(body));
        let mut e = Encoder::new(writer, config);
        value.encode(&mut e).map(|()| e.into_writer().0.written())
    };
    match result {
        Ok(written) if written == size => {
            prefix.write(size, head);
            // SAFETY: `reserve` made room for `width + size` bytes after `start`; the prefix
            // wrote the first `width` and the writer the `size` after them.
            unsafe { out.set_len(start + width + size) };
            Ok(())
        }
        Ok(_) | Err(EncodeError::OutputFull { .. }) => {
            encode_miscounted(value, out, config, prefix)
        }
        Err(e) => Err(PrefixedError::Encode(e)),
    }
}

/// [`encode_prefixed`] for a value whose `Encode` impl writes another size than it counts:
/// through a `Vec` of its own.
#[cold]
#[inline(never)]
fn encode_miscounted<T, B, P>(
    value: &T,
    out: &mut B,
    config: Config,
    prefix: &P,
) -> Result<(), PrefixedError<P::Refusal>>
where
    T: Encode + ?Sized,
    B: GrowBuf,
    P: Prefix,
{
    let bytes = encode_to_vec(value, config).map_err(PrefixedError::Encode)?;
    let width = prefix.check(bytes.len()).map_err(PrefixedError::Refused)?;
    out.fill_spare(width + bytes.len(), |spare| {
        let (head, body) = spare.split_at_mut(width);
        prefix.write(bytes.len(), head);
        crate::bulk::copy_to_uninit(&bytes, body);
    });
    Ok(())
}

/// Whether a `T` is decoded from a slice in one step under `config` (a static size): such a
/// value holds nothing that could share its input (`bytes::Bytes`), so a message of it is
/// decoded from the slice rather than through a sharing reader.
#[cfg(feature = "tokio")]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn decodes_in_one_step<T: Decode>(config: Config) -> bool {
    match config.int_encoding() {
        IntEncoding::Fixed => super::static_decode_size::<T, Fixint>().is_some(),
        IntEncoding::Variable => super::static_decode_size::<T, Varint>().is_some(),
    }
}

#[cfg(feature = "tokio")]
/// Decodes one whole message of `len` bytes from `reader` (which holds exactly those, as a
/// message read in place): a value using fewer bytes is a [`DecodeErrorKind::TrailingBytes`]
/// error.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn decode_message<T: Decode, R: Reader>(
    reader: R,
    len: usize,
    config: Config,
) -> Result<T, DecodeError> {
    fn run<T: Decode, R: Reader, I: IntParam>(
        reader: R,
        config: Config,
    ) -> (Result<T, DecodeError>, usize) {
        let mut d = Decoder::new(Static::<_, I, RuntimeOrder>::new(reader), config);
        let result = T::decode(&mut d);
        (result, d.offset())
    }
    let (result, used) = match config.int_encoding() {
        IntEncoding::Fixed => run::<T, R, Fixint>(reader, config),
        IntEncoding::Variable => run::<T, R, Varint>(reader, config),
    };
    match result {
        Ok(value) if used == len => Ok(value),
        Ok(_) => Err(DecodeError::new(
            used,
            DecodeErrorKind::TrailingBytes { count: len - used },
        )),
        Err(e) => Err(e),
    }
}
