//! PNG declared once (`examples/png/format.rs`) on arbitrary bytes: the bytes alone and after
//! the signature (so that every input reaches the chunks). A file that reads writes back byte
//! for byte (every chunk's length and CRC are what was read), and re-chunked reads again.
#![no_main]

use endian_wire::format::{ReadFormat, WriteFormat};
use libfuzzer_sys::fuzz_target;

#[path = "../../examples/png/format.rs"]
#[allow(dead_code)]
mod format;

use format::Png;

fn check(input: &[u8]) {
    if let Ok(png) = Png::read_format_exact(input) {
        assert_eq!(png.to_format_vec().expect("a file read writes"), input);
        let stream = png.image_data();
        let rechunked = png.with_image_data(&stream, 64).to_format_vec().unwrap();
        let again = Png::read_format_exact(&rechunked).expect("what was written reads");
        assert_eq!(again.image_data(), stream);
    }
}

fuzz_target!(|data: &[u8]| {
    check(data);
    let mut input = b"\x89PNG\r\n\x1a\n".to_vec();
    input.extend_from_slice(data);
    check(&input);
});
