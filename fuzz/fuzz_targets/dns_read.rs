//! DNS declared once (`examples/dns/format.rs`) on arbitrary bytes: the bytes alone, and after
//! a header claiming a question and records (so that short inputs reach names and record
//! data). A message that reads writes back byte for byte (names keep their wire form), and
//! every name in it resolves: reading checked its pointers.
#![no_main]

use endian_wire::format::{ReadFormat, WriteFormat};
use libfuzzer_sys::fuzz_target;

#[path = "../../examples/dns/format.rs"]
#[allow(dead_code)]
mod format;

use format::{Message, RecordData};

/// A response header: one question, one answer, one authority, one additional record.
const HEADER: [u8; 12] = [0x12, 0x34, 0x81, 0x80, 0, 1, 0, 1, 0, 1, 0, 1];

fn check(input: &[u8]) {
    let Ok(message) = Message::read_format_exact(input) else {
        return;
    };
    assert_eq!(message.to_format_vec().expect("a message read writes"), input);
    for q in &message.questions {
        q.name.resolve(input).expect("a name read resolves");
    }
    for record in message.records() {
        record.name.resolve(input).expect("an owner read resolves");
        if let RecordData::Cname { name, .. } | RecordData::Ns { name, .. } = &record.data {
            name.dotted(input).expect("a name read resolves");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    check(data);
    let mut input = HEADER.to_vec();
    input.extend_from_slice(data);
    check(&input);
});
