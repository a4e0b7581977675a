//! A real big-endian file format: an AIFF audio file with a million 16-bit samples, written to
//! disk and read back.
//!
//! `cargo run --release --example aiff`
//!
//! AIFF (Apple's Audio Interchange File Format) is a sequence of chunks, each an ID and a
//! big-endian length. The `COMM` chunk describes the sound, with a sample rate stored as an
//! 80-bit extended float and fields at odd offsets (so its wire type is `packed`); the `SSND`
//! chunk holds the samples, big-endian, interleaved by channel. The headers are derived wire
//! types read and written with one call each; the samples go through the bulk API, one
//! `write_all` / `read_exact` plus a SIMD byte swap, which the program times against a
//! per-sample loop.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::time::Instant;

use endian_wire::bulk;
use endian_wire::{EndianRead, EndianWrite, Endianize, i16be};

/// Every chunk starts with this.
#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(be)]
struct ChunkHeader {
    id: [u8; 4],
    /// Bytes after this header, not counting the pad byte of an odd-sized chunk.
    size: u32,
}

/// The `COMM` chunk's body: 18 bytes, with a `u32` at offset 2, hence `packed`.
#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(be)]
#[wire_repr(packed)]
struct Common {
    channels: i16,
    frames: u32,
    bits_per_sample: i16,
    sample_rate: Extended,
}

/// An 80-bit IEEE 754 extended float, as AIFF stores the sample rate: sign and 15-bit
/// exponent, then a 64-bit mantissa with an explicit integer bit.
#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(be)]
#[wire_repr(packed)]
struct Extended {
    sign_exponent: u16,
    mantissa: u64,
}

impl Extended {
    /// A positive whole number of hertz, exactly.
    fn from_hz(hz: u32) -> Extended {
        assert!(hz > 0);
        let top_bit = 31 - hz.leading_zeros();
        Extended {
            sign_exponent: 16_383 + top_bit as u16,
            mantissa: u64::from(hz) << (63 - top_bit),
        }
    }

    /// The value as hertz, when it is a whole number that fits a `u32`.
    fn to_hz(self) -> Option<u32> {
        let top_bit = u32::from(self.sign_exponent).checked_sub(16_383)?;
        if self.sign_exponent & 0x8000 != 0 || top_bit > 31 {
            return None;
        }
        let shift = 63 - top_bit;
        (self.mantissa.trailing_zeros() >= shift).then(|| (self.mantissa >> shift) as u32)
    }
}

/// The `SSND` chunk's body before the samples.
#[derive(Endianize, Clone, Copy, Debug, PartialEq)]
#[endian(be)]
struct SoundDataHeader {
    offset: u32,
    block_size: u32,
}

const CHANNELS: usize = 2;
const FRAMES: usize = 1 << 19;
const SAMPLE_RATE: u32 = 44_100;

fn invalid(msg: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, msg.into())
}

/// A stereo test signal: two slightly detuned saw waves, `CHANNELS * FRAMES` samples.
fn signal() -> Vec<i16> {
    (0..FRAMES * CHANNELS)
        .map(|i| {
            let (frame, channel) = (i / CHANNELS, i % CHANNELS);
            let period = 100 + channel * 3;
            (((frame % period) * 65_535 / period) as i32 - 32_768) as i16
        })
        .collect()
}

fn write_aiff(out: &mut impl Write, name: &str, samples: &[i16]) -> io::Result<()> {
    let comm = Common {
        channels: CHANNELS as i16,
        frames: (samples.len() / CHANNELS) as u32,
        bits_per_sample: 16,
        sample_rate: Extended::from_hz(SAMPLE_RATE),
    };
    let comm_size = size_of::<CommonWire>() as u32;
    let name_size = name.len() as u32;
    let ssnd_size = (size_of::<SoundDataHeaderWire>() + size_of_val(samples)) as u32;
    let padded = |size: u32| size + size % 2;
    let form_size = 4 + [comm_size, name_size, ssnd_size]
        .iter()
        .map(|&s| size_of::<ChunkHeaderWire>() as u32 + padded(s))
        .sum::<u32>();

    ChunkHeader {
        id: *b"FORM",
        size: form_size,
    }
    .write_to(out)?;
    out.write_all(b"AIFF")?;
    ChunkHeader {
        id: *b"COMM",
        size: comm_size,
    }
    .write_to(out)?;
    comm.write_to(out)?;
    // A text chunk of odd length: readers must skip it and its pad byte.
    ChunkHeader {
        id: *b"NAME",
        size: name_size,
    }
    .write_to(out)?;
    out.write_all(name.as_bytes())?;
    if name_size % 2 == 1 {
        out.write_all(&[0])?;
    }
    ChunkHeader {
        id: *b"SSND",
        size: ssnd_size,
    }
    .write_to(out)?;
    SoundDataHeader {
        offset: 0,
        block_size: 0,
    }
    .write_to(out)?;
    // The samples: native `i16` to big-endian, converted 8 KiB at a time, no allocation.
    bulk::write::<i16be, _>(out, samples)
}

/// What the reader found.
struct Sound {
    common: Common,
    name: Option<String>,
    samples: Vec<i16>,
}

/// Reads an AIFF file. Every size in it is checked against the file's length before anything
/// is allocated, so a damaged or hostile file is an error, never a panic or a huge allocation.
fn read_aiff(input: &mut (impl Read + Seek)) -> io::Result<Sound> {
    let file_len = input.seek(SeekFrom::End(0))?;
    input.seek(SeekFrom::Start(0))?;
    let form = ChunkHeader::read_from(input)?;
    let mut kind = [0u8; 4];
    input.read_exact(&mut kind)?;
    if form.id != *b"FORM" || kind != *b"AIFF" {
        return Err(invalid(format!(
            "not an AIFF file: {:?} {:?}",
            form.id, kind
        )));
    }
    let mut common = None;
    let mut name = None;
    let mut samples = None;
    let header = size_of::<ChunkHeaderWire>() as u64;
    if u64::from(form.size) + header > file_len {
        return Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            format!("FORM chunk of {} bytes in a file of {file_len}", form.size),
        ));
    }
    let mut left = u64::from(form.size)
        .checked_sub(4)
        .ok_or_else(|| invalid("FORM chunk too short"))?;
    while left > 0 {
        let chunk = ChunkHeader::read_from(input)?;
        let size = u64::from(chunk.size);
        let padded = size + size % 2;
        left = left
            .checked_sub(header + padded)
            .ok_or_else(|| invalid(format!("chunk {:?} overruns the FORM chunk", chunk.id)))?;
        match &chunk.id {
            b"COMM" if size == size_of::<CommonWire>() as u64 => {
                common = Some(Common::read_from(input)?);
            }
            b"NAME" => {
                let mut text = vec![0; chunk.size as usize];
                input.read_exact(&mut text)?;
                name = Some(String::from_utf8_lossy(&text).into_owned());
                input.seek(SeekFrom::Current((padded - size) as i64))?;
            }
            b"SSND" => {
                let comm = common.ok_or_else(|| invalid("SSND before COMM"))?;
                let data = SoundDataHeader::read_from(input)?;
                // Sizes in u64: no overflow from any header values, and the chunk (already
                // checked to lie inside the file) must hold exactly these samples.
                let count = u64::from(comm.frames) * u64::try_from(comm.channels).unwrap_or(0);
                let expected = 8 + u64::from(data.offset) + 2 * count;
                if comm.bits_per_sample != 16 || comm.channels <= 0 || size != expected {
                    return Err(invalid(format!(
                        "unsupported sound data: {comm:?}, {size} bytes"
                    )));
                }
                input.seek(SeekFrom::Current(i64::from(data.offset)))?;
                // One `read_exact` into the destination, then an in-place SIMD swap.
                let mut out = vec![0i16; count as usize]; // at most the file's length
                bulk::read::<i16be, _>(input, &mut out)?;
                samples = Some(out);
            }
            _ => {
                input.seek(SeekFrom::Current(padded as i64))?;
            }
        }
    }
    Ok(Sound {
        common: common.ok_or_else(|| invalid("no COMM chunk"))?,
        name,
        samples: samples.ok_or_else(|| invalid("no SSND chunk"))?,
    })
}

fn main() -> io::Result<()> {
    let samples = signal();
    let path =
        std::env::temp_dir().join(format!("endian_wire_example_{}.aiff", std::process::id()));

    let start = Instant::now();
    let mut file = BufWriter::new(File::create(&path)?);
    write_aiff(&mut file, "endian_wire saw", &samples)?;
    file.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    let wrote = start.elapsed();
    let bytes = std::fs::metadata(&path)?.len();

    let start = Instant::now();
    let sound = read_aiff(&mut BufReader::new(File::open(&path)?))?;
    let read = start.elapsed();
    std::fs::remove_file(&path)?;

    assert_eq!(sound.samples, samples, "every sample read back");
    assert_eq!(sound.common.sample_rate.to_hz(), Some(SAMPLE_RATE));
    println!(
        "{:?}: {} channels, {} frames of {} bits at {} Hz, {bytes} bytes on disk",
        sound.name.as_deref().unwrap_or("?"),
        sound.common.channels,
        sound.common.frames,
        sound.common.bits_per_sample,
        sound.common.sample_rate.to_hz().unwrap_or(0),
    );
    println!("file written in {wrote:.2?} (with fsync), read back in {read:.2?}");

    // The conversion alone, in memory, best of five with warm buffers: the bulk API against
    // a per-sample loop.
    let best_of_five = |mut f: Box<dyn FnMut() + '_>| {
        (0..5)
            .map(|_| {
                let start = Instant::now();
                f();
                start.elapsed()
            })
            .min()
            .unwrap()
    };
    let mut wire = vec![0u8; size_of_val(&samples[..])];
    let bulk_time = best_of_five(Box::new(|| bulk::to_bytes::<i16be>(&samples, &mut wire)));
    let mut looped = Vec::with_capacity(wire.len());
    let loop_time = best_of_five(Box::new(|| {
        looped.clear();
        for s in &samples {
            looped.extend_from_slice(&s.to_be_bytes());
        }
    }));
    assert_eq!(looped, wire);
    let gbps = |d: std::time::Duration| wire.len() as f64 / d.as_secs_f64() / 1e9;
    println!(
        "{} samples to big-endian bytes: bulk {bulk_time:.2?} ({:.1} GB/s, SIMD path {}), \
         per-sample loop {loop_time:.2?} ({:.1} GB/s)",
        samples.len(),
        gbps(bulk_time),
        bulk::Isa::active().name(),
        gbps(loop_time),
    );

    // A damaged file is an error, not a panic.
    let mut damaged = Vec::new();
    write_aiff(&mut damaged, "x", &samples[..64])?;
    damaged.truncate(60);
    let err = read_aiff(&mut io::Cursor::new(&damaged))
        .err()
        .expect("truncated");
    println!("truncated file: {err} ({:?})", err.kind());
    let mut lying = Vec::new();
    write_aiff(&mut lying, "x", &samples[..64])?;
    lying[22..26].copy_from_slice(&u32::MAX.to_be_bytes()); // COMM: 4 billion frames
    let err = read_aiff(&mut io::Cursor::new(&lying))
        .err()
        .expect("inconsistent");
    println!("header claiming 4 billion frames: {err} ({:?})", err.kind());
    Ok(())
}
