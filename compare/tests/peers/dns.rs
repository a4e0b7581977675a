//! DNS declared once (`examples/dns/format.rs`) against simple-dns 0.13, a maintained Rust
//! parser and writer: the DNS messages of Wireshark's sample capture (pcap-parser's package)
//! read by both to the same header, questions, records and EDNS, field by field with names
//! compared byte for byte; generated messages of every record kind written by the declaration
//! (compressed and not) and read by simple-dns, and written by simple-dns (compressed and not)
//! and read by the declaration. (Cut and corrupted messages and hostile names are
//! `tests/format/dns.rs`'s.)

use endian_wire::format::{ReadFormat, WriteFormat};
use endian_wire_testkit::{Rng, captures};
use simple_dns::rdata::{self as their, RData};
use simple_dns::{CLASS, CharacterString, Label, OPCODE, Packet, PacketFlag, QCLASS, QTYPE, RCODE};

#[path = "../../../examples/dns/format.rs"]
#[allow(dead_code)] // the example's helpers these tests do not call
pub(crate) mod format;
#[path = "../../../examples/dns/generate.rs"]
#[allow(dead_code)]
pub(crate) mod generate;

use format::{Message, Name, Question, Record, RecordData};
use generate::Corpus;

#[path = "../../../examples/dns/in_capture.rs"]
pub(crate) mod in_capture;

use in_capture::dns_payloads;

/// Our name, resolved in `bytes`, and theirs: the same labels, byte for byte (simple-dns's own
/// equality ignores ASCII case).
fn same_name(ours: &Name<'_>, bytes: &[u8], theirs: &simple_dns::Name<'_>, what: &str) {
    let labels = ours
        .resolve(bytes)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let their_labels: Vec<&[u8]> = theirs.as_bytes().collect();
    assert_eq!(labels, their_labels, "{what}");
}

/// Types the declaration keeps as bytes and simple-dns reads as its own: counted by the caller.
fn same_record(
    ours: &Record<'_>,
    bytes: &[u8],
    theirs: &simple_dns::ResourceRecord<'_>,
    what: &str,
) -> bool {
    same_name(&ours.name, bytes, &theirs.name, what);
    let (class, ttl) = ours
        .data
        .class_and_ttl()
        .expect("OPT is compared on its own");
    let their_class = u16::from(theirs.class) | u16::from(theirs.cache_flush) << 15;
    assert_eq!(
        (class, ttl),
        (their_class, theirs.ttl),
        "{what}: class and TTL"
    );
    let name = |n: &Name<'_>, t: &simple_dns::Name<'_>| same_name(n, bytes, t, what);
    match (&ours.data, &theirs.rdata) {
        (RecordData::A { address, .. }, RData::A(a)) => {
            assert_eq!(u32::from_be_bytes(*address), a.address, "{what}")
        }
        (RecordData::Aaaa { address, .. }, RData::AAAA(a)) => {
            assert_eq!(u128::from_be_bytes(*address), a.address, "{what}")
        }
        (RecordData::Ns { name: n, .. }, RData::NS(t)) => name(n, t),
        (RecordData::Cname { name: n, .. }, RData::CNAME(t)) => name(n, t),
        (RecordData::Ptr { name: n, .. }, RData::PTR(t)) => name(n, t),
        (RecordData::Mx { mx, .. }, RData::MX(t)) => {
            assert_eq!(mx.preference, t.preference, "{what}");
            name(&mx.exchange, &t.exchange);
        }
        (RecordData::Txt { strings, .. }, RData::TXT(t)) => {
            // TXT keeps its strings private: ours as simple-dns's, compared whole.
            let as_theirs = strings.iter().fold(their::TXT::new(), |txt, s| {
                txt.with_char_string(CharacterString::new(s.text).unwrap())
            });
            assert_eq!(&as_theirs, t, "{what}");
        }
        (RecordData::Soa { soa, .. }, RData::SOA(t)) => {
            name(&soa.mname, &t.mname);
            name(&soa.rname, &t.rname);
            let timers = (soa.serial, soa.refresh, soa.retry, soa.expire, soa.minimum);
            let theirs = (
                t.serial,
                t.refresh as u32,
                t.retry as u32,
                t.expire as u32,
                t.minimum,
            );
            assert_eq!(timers, theirs, "{what}");
        }
        (RecordData::Srv { srv, .. }, RData::SRV(t)) => {
            assert_eq!(
                (srv.priority, srv.weight, srv.port),
                (t.priority, t.weight, t.port),
                "{what}"
            );
            name(&srv.target, &t.target);
        }
        (RecordData::Unknown { rtype, data, .. }, RData::NULL(t, null)) => {
            assert_eq!((*rtype, *data), (*t, null.get_data()), "{what}")
        }
        (RecordData::Unknown { rtype, data, .. }, RData::Empty(t)) => {
            assert_eq!((*rtype, data.len()), (u16::from(*t), 0), "{what}")
        }
        (RecordData::Unknown { rtype, .. }, other) => {
            assert_eq!(*rtype, u16::from(other.type_code()), "{what}");
            return false;
        }
        (ours, theirs) => panic!("{what}: ours {ours:?}, theirs {theirs:?}"),
    }
    true
}

/// A message read by both, field by field; returns how many records simple-dns reads as a type
/// the declaration keeps as bytes.
fn same_message(ours: &Message<'_>, bytes: &[u8], theirs: &Packet<'_>, what: &str) -> usize {
    assert_eq!(ours.id, theirs.id(), "{what}: id");
    let flags = [
        (ours.response, PacketFlag::RESPONSE),
        (ours.authoritative, PacketFlag::AUTHORITATIVE_ANSWER),
        (ours.truncated, PacketFlag::TRUNCATION),
        (ours.recursion_desired, PacketFlag::RECURSION_DESIRED),
        (ours.recursion_available, PacketFlag::RECURSION_AVAILABLE),
        (ours.authentic_data, PacketFlag::AUTHENTIC_DATA),
        (ours.checking_disabled, PacketFlag::CHECKING_DISABLED),
    ];
    for (i, (ours, flag)) in flags.into_iter().enumerate() {
        assert_eq!(ours, theirs.has_flags(flag), "{what}: flag {i}");
    }
    assert_eq!(
        OPCODE::from(u16::from(ours.opcode)),
        theirs.opcode(),
        "{what}: opcode"
    );
    assert_eq!(ours.questions.len(), theirs.questions.len(), "{what}");
    for (i, (o, t)) in ours.questions.iter().zip(&theirs.questions).enumerate() {
        let what = format!("{what}: question {i}");
        same_name(&o.name, bytes, &t.qname, &what);
        let qclass = u16::from(t.qclass) | u16::from(t.unicast_response) << 15;
        assert_eq!((o.qtype, o.qclass), (u16::from(t.qtype), qclass), "{what}");
    }
    // simple-dns holds EDNS apart from the additional records.
    let opt = ours
        .additionals
        .iter()
        .find(|r| r.data.rtype() == format::rtype::OPT);
    let additionals: Vec<&Record<'_>> = ours
        .additionals
        .iter()
        .filter(|r| r.data.rtype() != format::rtype::OPT)
        .collect();
    let mut theirs_only = 0;
    let sections = [
        (
            "answer",
            ours.answers.iter().collect::<Vec<_>>(),
            &theirs.answers,
        ),
        (
            "authority",
            ours.authorities.iter().collect(),
            &theirs.name_servers,
        ),
        ("additional", additionals, &theirs.additional_records),
    ];
    for (section, ours, theirs) in sections {
        assert_eq!(ours.len(), theirs.len(), "{what}: {section}s");
        for (i, (o, t)) in ours.iter().zip(theirs).enumerate() {
            if !same_record(o, bytes, t, &format!("{what}: {section} {i}")) {
                theirs_only += 1;
            }
        }
    }
    let mut rcode = u16::from(ours.rcode);
    match (opt.map(|r| &r.data), theirs.opt()) {
        (None, None) => {}
        (
            Some(RecordData::Opt {
                udp_payload_size,
                dnssec_ok,
                z,
                options,
                ..
            }),
            Some(t),
        ) => {
            // simple-dns reads RFC 6891's TTL a byte off: its version is the byte of the DO
            // bit (ours: `dnssec_ok` and `z`'s top 7 bits), its extended rcode the byte after
            // (`z`'s low 8 bits); the version and extended rcode bytes it does not read.
            let (their_version, their_extended) = their_edns_bytes(*dnssec_ok, *z);
            assert_eq!(
                (*udp_payload_size, their_version),
                (t.udp_packet_size, t.version),
                "{what}: EDNS"
            );
            let ours: Vec<(u16, &[u8])> = options.iter().map(|o| (o.code, o.data)).collect();
            let theirs: Vec<(u16, &[u8])> =
                t.opt_codes.iter().map(|o| (o.code, &*o.data)).collect();
            assert_eq!(ours, theirs, "{what}: EDNS options");
            rcode |= u16::from(their_extended) << 4;
        }
        (ours, theirs) => panic!("{what}: EDNS {ours:?} against {theirs:?}"),
    }
    assert_eq!(RCODE::from(rcode), theirs.rcode(), "{what}: rcode");
    theirs_only
}

/// The TTL bytes of OPT that simple-dns takes for the version and the extended rcode: the
/// third (the DO bit and 7 bits of Z) and the fourth (Z's low 8 bits).
fn their_edns_bytes(dnssec_ok: bool, z: u16) -> (u8, u8) {
    ((u8::from(dnssec_ok) << 7) | (z >> 8) as u8, z as u8)
}

#[test]
fn the_sample_captures_dns_messages_read_the_same() {
    let Some(file) = captures::read_or_skip(captures::WIRESHARK_SAMPLE) else {
        return;
    };
    let payloads = dns_payloads(&file);
    let mut theirs_only = 0;
    for (i, payload) in payloads.iter().enumerate() {
        let ours =
            Message::read_format_exact(payload).unwrap_or_else(|e| panic!("message {i}: {e}"));
        let theirs =
            Packet::parse(payload).unwrap_or_else(|e| panic!("message {i}: simple-dns: {e}"));
        theirs_only += same_message(&ours, payload, &theirs, &format!("message {i}"));
        assert!(
            ours.to_format_vec().unwrap() == *payload,
            "message {i}: written back"
        );
    }
    assert!(payloads.len() >= 100, "{} messages", payloads.len());
    println!(
        "{} messages; {theirs_only} records of types kept as bytes here",
        payloads.len()
    );
}

/// Our message as simple-dns's, its names resolved in `bytes`.
fn as_theirs<'a>(ours: &Message<'a>, bytes: &'a [u8]) -> Packet<'a> {
    let name = |n: &Name<'a>| {
        let labels: Vec<Label<'a>> = n
            .resolve(bytes)
            .unwrap()
            .into_iter()
            .map(Label::new_unchecked)
            .collect();
        simple_dns::Name::new_with_labels(&labels)
    };
    let mut packet = Packet::new_query(ours.id);
    let flags = [
        (ours.response, PacketFlag::RESPONSE),
        (ours.authoritative, PacketFlag::AUTHORITATIVE_ANSWER),
        (ours.truncated, PacketFlag::TRUNCATION),
        (ours.recursion_desired, PacketFlag::RECURSION_DESIRED),
        (ours.recursion_available, PacketFlag::RECURSION_AVAILABLE),
        (ours.authentic_data, PacketFlag::AUTHENTIC_DATA),
        (ours.checking_disabled, PacketFlag::CHECKING_DISABLED),
    ];
    for (set, flag) in flags {
        if set {
            packet.set_flags(flag);
        } else {
            packet.remove_flags(flag);
        }
    }
    *packet.opcode_mut() = OPCODE::from(u16::from(ours.opcode));
    let mut rcode = u16::from(ours.rcode);
    packet.questions = ours
        .questions
        .iter()
        .map(|q: &Question<'a>| {
            simple_dns::Question::new(
                name(&q.name),
                QTYPE::try_from(q.qtype).unwrap(),
                QCLASS::try_from(q.qclass & 0x7fff).unwrap(),
                q.qclass & 0x8000 != 0,
            )
        })
        .collect();
    let record = |r: &Record<'a>| -> Option<simple_dns::ResourceRecord<'a>> {
        let (class, ttl) = r.data.class_and_ttl()?;
        let rdata = match &r.data {
            RecordData::A { address, .. } => RData::A(their::A {
                address: u32::from_be_bytes(*address),
            }),
            RecordData::Aaaa { address, .. } => RData::AAAA(their::AAAA {
                address: u128::from_be_bytes(*address),
            }),
            RecordData::Ns { name: n, .. } => RData::NS(their::NS(name(n))),
            RecordData::Cname { name: n, .. } => RData::CNAME(their::CNAME(name(n))),
            RecordData::Ptr { name: n, .. } => RData::PTR(their::PTR(name(n))),
            RecordData::Mx { mx, .. } => RData::MX(their::MX {
                preference: mx.preference,
                exchange: name(&mx.exchange),
            }),
            RecordData::Txt { strings, .. } => {
                RData::TXT(strings.iter().fold(their::TXT::new(), |t, s| {
                    t.with_char_string(CharacterString::new(s.text).unwrap())
                }))
            }
            RecordData::Soa { soa, .. } => RData::SOA(their::SOA {
                mname: name(&soa.mname),
                rname: name(&soa.rname),
                serial: soa.serial,
                refresh: soa.refresh as i32,
                retry: soa.retry as i32,
                expire: soa.expire as i32,
                minimum: soa.minimum,
            }),
            RecordData::Srv { srv, .. } => RData::SRV(their::SRV {
                priority: srv.priority,
                weight: srv.weight,
                port: srv.port,
                target: name(&srv.target),
            }),
            RecordData::Unknown { rtype, data, .. } => {
                RData::NULL(*rtype, their::NULL::new(data).unwrap())
            }
            RecordData::Opt { .. } => unreachable!("no class and TTL"),
        };
        let class = CLASS::try_from(class & 0x7fff).unwrap();
        Some(
            simple_dns::ResourceRecord::new(name(&r.name), class, ttl, rdata)
                .with_cache_flush(class as u16 & 0x8000 != 0),
        )
    };
    packet.answers = ours.answers.iter().filter_map(record).collect();
    packet.name_servers = ours.authorities.iter().filter_map(record).collect();
    packet.additional_records = ours.additionals.iter().filter_map(record).collect();
    for r in &ours.additionals {
        if let RecordData::Opt {
            udp_payload_size,
            dnssec_ok,
            z,
            options,
            ..
        } = &r.data
        {
            // Written where simple-dns reads them (see `same_message`).
            let (version, extended) = their_edns_bytes(*dnssec_ok, *z);
            rcode |= u16::from(extended) << 4;
            *packet.opt_mut() = Some(their::OPT {
                opt_codes: options
                    .iter()
                    .map(|o| their::OPTCode {
                        code: o.code,
                        data: o.data.into(),
                    })
                    .collect(),
                udp_packet_size: *udp_payload_size,
                version,
            });
        }
    }
    *packet.rcode_mut() = RCODE::from(rcode);
    packet
}

#[test]
fn generated_messages_written_by_one_read_by_the_other() {
    let mut rng = Rng::new(1034);
    let corpus = Corpus::new(&mut rng, 40);
    for i in 0..200 {
        let plain = corpus.message(&mut rng, 6);
        let plain_bytes = plain.to_format_vec().unwrap();
        // Ours, compressed and not, read by simple-dns.
        let compressed = plain.compressed();
        let compressed_bytes = compressed.to_format_vec().unwrap();
        for (ours, bytes) in [(&plain, &plain_bytes), (&compressed, &compressed_bytes)] {
            let theirs = Packet::parse(bytes).unwrap_or_else(|e| panic!("message {i}: {e}"));
            assert_eq!(
                same_message(ours, bytes, &theirs, &format!("message {i}")),
                0
            );
        }
        // Theirs, not compressed: the same bytes as ours (OPT first among the additionals,
        // where both put it); compressed: read by us to the same message.
        let theirs = as_theirs(&plain, &plain_bytes);
        let their_bytes = theirs.build_bytes_vec().unwrap();
        assert!(
            their_bytes == plain_bytes,
            "message {i}: simple-dns wrote other bytes"
        );
        let their_compressed = theirs.build_bytes_vec_compressed().unwrap();
        let ours = Message::read_format_exact(&their_compressed)
            .unwrap_or_else(|e| panic!("message {i}: {e}"));
        assert_eq!(
            same_message(&ours, &their_compressed, &theirs, &format!("message {i}")),
            0
        );
        assert!(
            ours.to_format_vec().unwrap() == their_compressed,
            "message {i}: written back"
        );
    }
}
