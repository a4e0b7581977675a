//! A tour of endian_wire: `cargo run --release --example tour`.
//!
//! Builds a small big-endian file header from wire values, views raw bytes as typed wire values
//! without copying, and shows text fields in their declared byte order.

use endian_wire::zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout};
use endian_wire::{FixedUtf8NullPadded, FixedUtf16BeNullPadded, f32be, u16be, u16le, u32be, u64be};

/// A made-up on-disk header: every field big-endian, `#[repr(C)]` with no padding, so its
/// memory image *is* its file format on every host.
#[derive(FromBytes, IntoBytes, KnownLayout, Immutable)]
#[repr(C)]
struct Header {
    magic: u32be,
    version: u16be,
    flags: u16be,
    length: u64be,
    gain: f32be,
    name: FixedUtf8NullPadded<12>,
}

const MAGIC: u32be = u32be::new(0x5745_4952); // "WEIR"

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() {
    println!(
        "endian_wire tour (host is {:?}-endian)\n",
        endian_wire::Endian::NATIVE
    );

    // 1. Wire values hold their bytes in the declared order.
    let port = u16be::new(8080);
    let same_le = u16le::from(port);
    println!("u16be 8080 in memory: {}", hex(port.as_bytes()));
    println!("u16le 8080 in memory: {}", hex(same_le.as_bytes()));
    println!("and they compare by value: {}", port.get() == same_le.get());

    // 2. Arithmetic and formatting go through native values.
    let next = port + 1.into();
    println!(
        "port + 1 = {next} ({next:#06x}), wrapping_mul(10) = {}",
        port.wrapping_mul(10)
    );

    // 3. A header built from wire values is its own file format.
    let header = Header {
        magic: MAGIC,
        version: u16be::new(3),
        flags: u16be::new(0b1010),
        length: u64be::new(1 << 20),
        gain: f32be::new(0.75),
        name: FixedUtf8NullPadded::try_from("tour").expect("fits in 12 bytes"),
    };
    let bytes = header.as_bytes();
    println!("\nHeader ({} bytes):", bytes.len());
    for chunk in bytes.chunks(16) {
        println!("  {}", hex(chunk));
    }
    assert_eq!(&bytes[..4], b"WEIR");

    // 4. Bytes from a file or socket are viewed in place, no copy, no unsafe.
    let parsed = Header::ref_from_bytes(bytes).expect("size and alignment fit");
    println!(
        "parsed back: version {}, length {}, gain {}, name {:?}",
        parsed.version,
        parsed.length,
        parsed.gain,
        parsed.name.as_str().unwrap_or("<invalid>")
    );
    assert_eq!(parsed.magic, MAGIC);

    // 5. UTF-16 text in big-endian order, as a wire field.
    let title = FixedUtf16BeNullPadded::<6>::try_from("Grüße").expect("fits");
    println!(
        "\nUTF-16BE field {:?}: {}",
        title.to_string(),
        hex(title.as_bytes())
    );
    match FixedUtf16BeNullPadded::<3>::try_from("too long") {
        Ok(_) => unreachable!(),
        Err(e) => println!("too long for 3 units: {e}"),
    }
}
