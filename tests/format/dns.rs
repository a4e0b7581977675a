//! DNS declared once (`examples/dns/format.rs`) on its own, no peer (the comparison with
//! simple-dns is `endian_wire_compare`'s): the DNS messages of Wireshark's sample capture and
//! generated ones read and written back byte for byte, their names resolved; every cut and
//! changed byte an error or a faithful message, within a bounded allocation; and hostile
//! names: pointer loops, pointers forward and past the end, labels over 63 bytes, names over
//! 255.

use endian_wire::format::FormatErrorKind as ErrorKind;

use endian_wire::format::{ReadFormat, WriteFormat};
use endian_wire_testkit::alloc::peak_of;
use endian_wire_testkit::{Rng, captures};

#[path = "../../examples/dns/format.rs"]
#[allow(dead_code)] // the example's helpers these tests do not call
mod format;
#[path = "../../examples/dns/generate.rs"]
#[allow(dead_code)]
mod generate;

use format::{Message, Name, RecordData, labels_of};
use generate::Corpus;

#[path = "../../examples/dns/in_capture.rs"]
mod in_capture;

use in_capture::dns_payloads;

/// Every name of a message (questions', owners', those in record data).
fn names<'a>(message: &Message<'a>) -> Vec<Name<'a>> {
    let mut out: Vec<Name<'a>> = message.questions.iter().map(|q| q.name).collect();
    for record in message.records() {
        out.push(record.name);
        match &record.data {
            RecordData::Ns { name, .. }
            | RecordData::Cname { name, .. }
            | RecordData::Ptr { name, .. } => out.push(*name),
            RecordData::Mx { mx, .. } => out.push(mx.exchange),
            RecordData::Soa { soa, .. } => out.extend([soa.mname, soa.rname]),
            RecordData::Srv { srv, .. } => out.push(srv.target),
            _ => {}
        }
    }
    out
}

#[test]
fn every_dns_message_of_the_sample_capture_reads_and_writes_back() {
    let Some(file) = captures::read_or_skip(captures::WIRESHARK_SAMPLE) else {
        return;
    };
    let payloads = dns_payloads(&file);
    let (mut compressed, mut records) = (0, 0);
    for (i, payload) in payloads.iter().enumerate() {
        let message =
            Message::read_format_exact(payload).unwrap_or_else(|e| panic!("message {i}: {e}"));
        assert!(message.to_format_vec().unwrap() == *payload, "message {i}");
        for name in names(&message) {
            let labels = name.resolve(payload).unwrap();
            assert!(labels.iter().all(|l| !l.is_empty() && l.len() <= 63));
            compressed += usize::from(name.pointer().is_some());
        }
        records += message.records().count();
    }
    // What the sample holds: 163 datagrams to or from port 53 or 5353, with compressed names.
    assert!(payloads.len() >= 100, "{} messages", payloads.len());
    assert!(
        compressed > 100 && records > 100,
        "{compressed} compressed, {records} records"
    );
}

#[test]
fn generated_messages_round_trip_compressed_or_not() {
    let mut rng = Rng::new(53);
    let corpus = Corpus::new(&mut rng, 40);
    for i in 0..150 {
        let plain = corpus.message(&mut rng, 6);
        let compressed = plain.compressed();
        let plain_bytes = plain.to_format_vec().unwrap();
        let bytes = compressed.to_format_vec().unwrap();
        assert!(bytes.len() <= plain_bytes.len(), "message {i}");
        let read = Message::read_format_exact(&bytes).unwrap();
        assert_eq!(read, compressed, "message {i}");
        assert_eq!(Message::read_format_exact(&plain_bytes).unwrap(), plain);
        assert!(
            read.to_format_vec().unwrap() == bytes,
            "message {i}: written back"
        );
        // The compressed names spell the names they replace.
        for (ours, theirs) in names(&read).iter().zip(names(&plain)) {
            assert_eq!(
                ours.resolve(&bytes).unwrap(),
                theirs.resolve(&plain_bytes).unwrap()
            );
        }
    }
    // Names in a few zones share suffixes: most messages compress.
    let message = corpus.message(&mut Rng::new(1), 20);
    let (plain, compressed) = (
        message.to_format_vec().unwrap(),
        message.compressed().to_format_vec().unwrap(),
    );
    assert!(
        compressed.len() < plain.len() * 3 / 4,
        "{} of {}",
        compressed.len(),
        plain.len()
    );
}

/// Every cut and byte on x86_64; every fourth under emulation (the big-endian host).
const STEP: usize = if cfg!(target_arch = "x86_64") { 1 } else { 4 };

fn hostile_samples() -> Vec<Vec<u8>> {
    let mut rng = Rng::new(1035);
    let corpus = Corpus::new(&mut rng, 12);
    let mut samples: Vec<Vec<u8>> = (0..3)
        .map(|_| {
            corpus
                .message(&mut rng, 4)
                .compressed()
                .to_format_vec()
                .unwrap()
        })
        .collect();
    if let Ok(file) = captures::read(captures::WIRESHARK_SAMPLE) {
        let payloads = dns_payloads(&file);
        // The two longest of the capture's (mDNS answers of many records).
        let mut sorted: Vec<&[u8]> = payloads;
        sorted.sort_by_key(|p| std::cmp::Reverse(p.len()));
        samples.extend(sorted.iter().take(2).map(|p| p.to_vec()));
    }
    samples
}

#[test]
fn every_cut_is_an_error_never_a_panic() {
    for sample in hostile_samples() {
        for len in (0..sample.len()).step_by(STEP) {
            let cut = &sample[..len];
            let (result, peak) = peak_of(|| Message::read_format_exact(cut).map(drop));
            let err = result.expect_err("a cut message");
            assert!(
                matches!(
                    err.kind(),
                    ErrorKind::UnexpectedEof | ErrorKind::InvalidData
                ),
                "cut to {len}: {err}"
            );
            assert!(peak <= 64 * len + 4096, "cut to {len}: {peak} bytes held");
        }
    }
}

/// Each byte changed: an error, or a message that writes back as the bytes read (names keep
/// their wire form, lengths are the data's) and reads again as the same message.
#[test]
fn every_changed_byte_is_an_error_or_a_faithful_message() {
    let mut rng = Rng::new(7);
    let mut read = 0;
    for sample in hostile_samples() {
        for at in (0..sample.len()).step_by(STEP) {
            let mut bad = sample.clone();
            bad[at] ^= 1 << rng.below(8);
            let (result, peak) = peak_of(|| {
                Message::read_format_exact(&bad).map(|m| {
                    let back = m.to_format_vec().unwrap();
                    let again = Message::read_format_exact(&back).unwrap();
                    (
                        back == bad,
                        again == m,
                        names(&m).iter().all(|n| n.resolve(&bad).is_ok()),
                    )
                })
            });
            match result {
                Ok(checks) => {
                    assert_eq!(checks, (true, true, true), "byte {at} changed");
                    read += 1;
                }
                Err(e) => assert!(
                    matches!(e.kind(), ErrorKind::UnexpectedEof | ErrorKind::InvalidData),
                    "byte {at}: {e}"
                ),
            }
            assert!(
                peak <= 64 * bad.len() + 4096,
                "byte {at}: {peak} bytes held"
            );
        }
    }
    assert!(
        read > 0,
        "some changes (an id, a TTL, an address) still read"
    );
}

/// A header of one question, then `rest`.
fn one_question(rest: &[u8]) -> Vec<u8> {
    let mut bytes = vec![0x12, 0x34, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0];
    bytes.extend_from_slice(rest);
    bytes
}

fn read_error(bytes: &[u8]) -> endian_wire::format::FormatError {
    let (result, peak) = peak_of(|| Message::read_format_exact(bytes).map(drop));
    assert!(peak <= 64 * bytes.len() + 4096, "{peak} bytes held");
    result.expect_err("a bad name")
}

#[test]
fn pointers_that_loop_go_forward_or_past_the_end_are_refused() {
    // A name pointing to itself (at 12).
    let err = read_error(&one_question(b"\xc0\x0c\x00\x01\x00\x01"));
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert_eq!(
        err.to_string(),
        "Message.questions[0].name at byte 12: Name: points to byte 12, past the 12 bytes before it"
    );
    // Forward, to a name after it: a valid name there does not make it one.
    let err = read_error(&one_question(b"\x01a\xc0\x14\x00\x01\x00\x01\x01b\x00"));
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    // Past the end of the message.
    let err = read_error(&one_question(b"\xff\xff\x00\x01\x00\x01"));
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    // Back, into a name that runs on into the pointer's own: label `\x05` at 12 spans it.
    let mut bytes = vec![0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0];
    bytes.extend_from_slice(b"\x00\x00\x01\x00\x01"); // the root, type 1, class 1
    bytes.extend_from_slice(b"\xc0\x0d\x00\x01\x00\x01"); // -> 13: `\x00` is the root: fine
    let message = Message::read_format_exact(&bytes).unwrap();
    assert_eq!(message.questions[1].name.dotted(&bytes).unwrap(), ".");
    bytes[13] = 5; // -> 13 is now a label of 5 bytes reaching into the second question
    assert_eq!(read_error(&bytes).kind(), ErrorKind::InvalidData);

    // Loops among hand-made names, resolved against bytes that hold them: each pointer must
    // go further back than the one before.
    let looping = b"\xc0\x02\xc0\x00";
    for (pointer, what) in [(0, "a loop"), (2, "a loop"), (4, "past")] {
        let name = Name::new(b"\x01x", Some(pointer)).unwrap();
        let err = name.resolve(looping).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidData);
        assert!(err.to_string().contains(what), "{pointer}: {err}");
    }
    // Chains going back resolve.
    let chain = b"\x03com\x00\x07example\xc0\x00\x03www\xc0\x05";
    let name = Name::new(b"\x04mail", Some(15)).unwrap();
    assert_eq!(name.dotted(chain).unwrap(), "mail.www.example.com.");
    assert_eq!(
        name.resolve(chain).unwrap(),
        [&b"mail"[..], b"www", b"example", b"com"]
    );
    assert_eq!(
        Name::new(b"", Some(0)).unwrap().dotted(chain).unwrap(),
        "com."
    );
}

#[test]
fn labels_over_63_and_names_over_255_bytes_are_refused() {
    // Length bytes 0x40 to 0xbf: labels over 63 bytes (label types 01 and 10).
    for len in [0x40, 0x7f, 0x80, 0xbf] {
        let mut name = vec![len];
        name.extend(std::iter::repeat_n(b'a', 0xbf));
        name.extend_from_slice(b"\x00\x00\x01\x00\x01");
        let err = read_error(&one_question(&name));
        assert_eq!(err.kind(), ErrorKind::InvalidData, "{len:#x}");
        assert!(err.to_string().contains("over 63 bytes"), "{err}");
    }
    let long = "a".repeat(64);
    assert_eq!(
        labels_of(&long).unwrap_err().kind(),
        ErrorKind::InvalidInput
    );
    assert_eq!(
        Name::new(b"\x40", None).unwrap_err().kind(),
        ErrorKind::InvalidInput
    );
    assert_eq!(
        Name::new(b"\x03ab", None).unwrap_err().kind(),
        ErrorKind::InvalidInput
    );

    // 255 bytes is the most: 63 * 3 + 61 bytes of labels, their four lengths and the root.
    let label = |n: usize| "x".repeat(n);
    let longest = [label(63), label(63), label(63), label(61)].join(".");
    let labels = labels_of(&longest).unwrap();
    assert_eq!(labels.len() + 1, 255);
    let mut rest = labels.clone();
    rest.extend_from_slice(b"\x00\x00\x01\x00\x01");
    Message::read_format_exact(&one_question(&rest)).unwrap();
    let too_long = [label(63), label(63), label(63), label(62)].join(".");
    assert_eq!(
        labels_of(&too_long).unwrap_err().kind(),
        ErrorKind::InvalidInput
    );
    let mut rest = labels_of(&[label(63), label(63), label(63)].join(".")).unwrap();
    rest.extend_from_slice(
        b"\x3eyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\x00\x00\x01\x00\x01",
    );
    let err = read_error(&one_question(&rest));
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert!(err.to_string().contains("over the 255"), "{err}");

    // Over 255 through a pointer: 193 bytes at 12, then 64 more pointing to them.
    let mut bytes = vec![0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0];
    bytes.extend_from_slice(&labels_of(&[label(63), label(63), label(63)].join(".")).unwrap());
    bytes.extend_from_slice(b"\x00\x00\x01\x00\x01");
    let mut second = labels_of(&label(61)).unwrap();
    second.extend_from_slice(b"\xc0\x0c\x00\x01\x00\x01");
    bytes.extend_from_slice(&second);
    let message = Message::read_format_exact(&bytes).unwrap(); // 62 + 193 = 255
    assert_eq!(message.questions[1].name.resolve(&bytes).unwrap().len(), 4);
    let at = bytes.len() - second.len();
    bytes[at] = 62;
    bytes.insert(at + 1, b'y'); // 256
    let err = read_error(&bytes);
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert!(err.to_string().contains("over the 255"), "{err}");
}

#[test]
fn counts_beyond_the_input_allocate_nothing_of_them() {
    // 65,535 answers claimed, none there.
    let bytes = [0, 0, 0x81, 0x80, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
    let (result, peak) = peak_of(|| Message::read_format(&bytes).map(drop));
    assert_eq!(result.unwrap_err().kind(), ErrorKind::UnexpectedEof);
    assert!(peak < 4096, "{peak} bytes held");
    // Data of the wrong length for its type: an A record of 5 bytes.
    let mut bytes = vec![0, 0, 0x81, 0x80, 0, 0, 0, 1, 0, 0, 0, 0];
    bytes.extend_from_slice(b"\x00\x00\x01\x00\x01\x00\x00\x00\x3c\x00\x05\x01\x02\x03\x04\x05");
    let err = Message::read_format(&bytes).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert!(
        err.to_string().starts_with("Message.answers[0].data"),
        "{err}"
    );
}
