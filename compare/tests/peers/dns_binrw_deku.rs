//! DNS declared once (`examples/dns/format.rs`) against the same message written with binrw
//! 0.15 and deku 0.20 (`compare/peer_formats/dns_{binrw,deku}.rs`, perf_report's peers for
//! issue 52's targets): generated messages of every record kind the declaration knows (and a
//! type it does not), uncompressed and compressed, and the DNS messages of Wireshark's sample
//! capture, read by all three to the same header, questions, records and EDNS, names compared
//! label by label once resolved (and deku's, kept as the wire holds them, against the
//! declaration's wire form); deku writes each message back byte for byte, binrw writes it with
//! its names uncompressed (the declaration's uncompressed bytes), and the declaration reads
//! both peers' writes to the same values. Every flags word reads to the same bits in all
//! three; a pointer loop is refused by all three (by deku when its names are resolved).

use endian_wire::format::{ReadFormat, WriteFormat};
use endian_wire_testkit::{Rng, captures};

#[path = "../../peer_formats/dns_binrw.rs"]
#[allow(dead_code)] // the writer into a buffer, perf_report's
mod with_binrw;
#[path = "../../peer_formats/dns_deku.rs"]
#[allow(dead_code)]
mod with_deku;

use super::dns::format::{Message, Name, Record, RecordData};
use super::dns::{generate, in_capture};

/// A name's labels, resolved.
type Labels = Vec<Vec<u8>>;

/// What a record's data holds, whichever crate read it.
#[derive(Debug, PartialEq)]
enum Data {
    /// A, AAAA, and a type kept as bytes.
    Bytes(Vec<u8>),
    /// NS, CNAME, PTR.
    Name(Labels),
    Mx(u16, Labels),
    Txt(Vec<Vec<u8>>),
    Soa(Labels, Labels, [u32; 5]),
    Srv([u16; 3], Labels),
    Opt(Vec<(u16, Vec<u8>)>),
}

/// A record, whichever crate read it: its class and TTL as on the wire (OPT's too).
#[derive(Debug, PartialEq)]
struct Rec {
    name: Labels,
    rtype: u16,
    class: u16,
    ttl: u32,
    data: Data,
}

/// A message, whichever crate read it.
#[derive(Debug, PartialEq)]
struct Seen {
    id: u16,
    /// QR, AA, TC, RD, RA, Z, AD, CD.
    flags: [bool; 8],
    opcode: u8,
    rcode: u8,
    questions: Vec<(Labels, u16, u16)>,
    sections: [Vec<Rec>; 3],
}

fn ours_seen(m: &Message<'_>, bytes: &[u8]) -> Seen {
    let name = |n: &Name<'_>| -> Labels {
        n.resolve(bytes)
            .expect("a name read resolves")
            .into_iter()
            .map(<[u8]>::to_vec)
            .collect()
    };
    let record = |r: &Record<'_>| {
        let rtype = r.data.rtype();
        let (class, ttl, data) = match &r.data {
            RecordData::Opt {
                udp_payload_size,
                extended_rcode,
                version,
                dnssec_ok,
                z,
                options,
                ..
            } => (
                *udp_payload_size,
                u32::from_be_bytes([*extended_rcode, *version, 0, 0])
                    | u32::from(*dnssec_ok) << 15
                    | u32::from(*z),
                Data::Opt(options.iter().map(|o| (o.code, o.data.to_vec())).collect()),
            ),
            other => {
                let (class, ttl) = other.class_and_ttl().unwrap();
                let data = match other {
                    RecordData::A { address, .. } => Data::Bytes(address.to_vec()),
                    RecordData::Aaaa { address, .. } => Data::Bytes(address.to_vec()),
                    RecordData::Ns { name: n, .. }
                    | RecordData::Cname { name: n, .. }
                    | RecordData::Ptr { name: n, .. } => Data::Name(name(n)),
                    RecordData::Mx { mx, .. } => Data::Mx(mx.preference, name(&mx.exchange)),
                    RecordData::Txt { strings, .. } => {
                        Data::Txt(strings.iter().map(|s| s.text.to_vec()).collect())
                    }
                    RecordData::Soa { soa, .. } => Data::Soa(
                        name(&soa.mname),
                        name(&soa.rname),
                        [soa.serial, soa.refresh, soa.retry, soa.expire, soa.minimum],
                    ),
                    RecordData::Srv { srv, .. } => {
                        Data::Srv([srv.priority, srv.weight, srv.port], name(&srv.target))
                    }
                    RecordData::Unknown { data, .. } => Data::Bytes(data.to_vec()),
                    RecordData::Opt { .. } => unreachable!(),
                };
                (class, ttl, data)
            }
        };
        Rec {
            name: name(&r.name),
            rtype,
            class,
            ttl,
            data,
        }
    };
    Seen {
        id: m.id,
        flags: [
            m.response,
            m.authoritative,
            m.truncated,
            m.recursion_desired,
            m.recursion_available,
            m.z,
            m.authentic_data,
            m.checking_disabled,
        ],
        opcode: m.opcode,
        rcode: m.rcode,
        questions: m
            .questions
            .iter()
            .map(|q| (name(&q.name), q.qtype, q.qclass))
            .collect(),
        sections: [&m.answers, &m.authorities, &m.additionals]
            .map(|records| records.iter().map(record).collect()),
    }
}

/// A peer's message as [`Seen`]: binrw's and deku's types have the same variants and field
/// names; `$name` turns a peer's name into its labels.
macro_rules! peer_seen {
    ($message:expr, $module:ident, $name:expr) => {{
        use $module::RecordData as D;
        let m = $message;
        let name = $name;
        let record = |r: &$module::Record| Rec {
            name: name(&r.name),
            rtype: r.rtype,
            class: r.class,
            ttl: r.ttl,
            data: match &r.data {
                D::A(address) => Data::Bytes(address.to_vec()),
                D::Aaaa(address) => Data::Bytes(address.to_vec()),
                D::Ns(n) | D::Cname(n) | D::Ptr(n) => Data::Name(name(n)),
                D::Mx {
                    preference,
                    exchange,
                } => Data::Mx(*preference, name(exchange)),
                D::Txt(strings) => Data::Txt(strings.iter().map(|s| s.text.clone()).collect()),
                D::Soa {
                    mname,
                    rname,
                    serial,
                    refresh,
                    retry,
                    expire,
                    minimum,
                } => Data::Soa(
                    name(mname),
                    name(rname),
                    [*serial, *refresh, *retry, *expire, *minimum],
                ),
                D::Srv {
                    priority,
                    weight,
                    port,
                    target,
                } => Data::Srv([*priority, *weight, *port], name(target)),
                D::Opt(options) => {
                    Data::Opt(options.iter().map(|o| (o.code, o.data.clone())).collect())
                }
                D::Unknown(data) => Data::Bytes(data.clone()),
            },
        };
        Seen {
            id: m.id,
            flags: [
                m.response,
                m.authoritative,
                m.truncated,
                m.recursion_desired,
                m.recursion_available,
                m.z,
                m.authentic_data,
                m.checking_disabled,
            ],
            opcode: m.opcode,
            rcode: m.rcode,
            questions: m
                .questions
                .iter()
                .map(|q| (name(&q.name), q.qtype, q.qclass))
                .collect(),
            sections: [&m.answers, &m.authorities, &m.additionals]
                .map(|records| records.iter().map(record).collect()),
        }
    }};
}

fn binrw_seen(m: &with_binrw::Message) -> Seen {
    peer_seen!(m, with_binrw, |n: &with_binrw::Name| n.0.clone())
}

fn deku_seen(m: &with_deku::Message, bytes: &[u8]) -> Seen {
    peer_seen!(m, with_deku, |n: &with_deku::Name| n
        .resolve(bytes)
        .expect("deku: a name resolves"))
}

/// A name as the wire holds it: its own labels and its pointer.
type Wire = (Labels, Option<u16>);

/// Every name of our message in wire order, as the wire holds it.
fn ours_wire(m: &Message<'_>) -> Vec<Wire> {
    let wire = |n: &Name<'_>| (n.own_labels().map(<[u8]>::to_vec).collect(), n.pointer());
    let mut out: Vec<Wire> = m.questions.iter().map(|q| wire(&q.name)).collect();
    for r in m.records() {
        out.push(wire(&r.name));
        match &r.data {
            RecordData::Ns { name, .. }
            | RecordData::Cname { name, .. }
            | RecordData::Ptr { name, .. } => out.push(wire(name)),
            RecordData::Mx { mx, .. } => out.push(wire(&mx.exchange)),
            RecordData::Soa { soa, .. } => out.extend([wire(&soa.mname), wire(&soa.rname)]),
            RecordData::Srv { srv, .. } => out.push(wire(&srv.target)),
            _ => {}
        }
    }
    out
}

/// [`ours_wire`] for deku's message.
fn deku_wire(m: &with_deku::Message) -> Vec<Wire> {
    use with_deku::RecordData as D;
    let wire = |n: &with_deku::Name| (n.own_labels().map(<[u8]>::to_vec).collect(), n.pointer());
    let mut out: Vec<Wire> = m.questions.iter().map(|q| wire(&q.name)).collect();
    for r in m.answers.iter().chain(&m.authorities).chain(&m.additionals) {
        out.push(wire(&r.name));
        match &r.data {
            D::Ns(n) | D::Cname(n) | D::Ptr(n) => out.push(wire(n)),
            D::Mx { exchange, .. } => out.push(wire(exchange)),
            D::Soa { mname, rname, .. } => out.extend([wire(mname), wire(rname)]),
            D::Srv { target, .. } => out.push(wire(target)),
            _ => {}
        }
    }
    out
}

/// `bytes` read by all three to the same message; deku writes it back byte for byte, binrw
/// writes `uncompressed` (the declaration's bytes of the same message without compression,
/// when known); the declaration reads both writes to the same message.
fn agrees(bytes: &[u8], uncompressed: Option<&[u8]>, what: &str) {
    let ours = Message::read_format_exact(bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
    let seen = ours_seen(&ours, bytes);
    let by_binrw = with_binrw::parse(bytes).unwrap_or_else(|e| panic!("{what}: binrw: {e}"));
    let by_deku = with_deku::parse(bytes).unwrap_or_else(|e| panic!("{what}: deku: {e}"));
    assert_eq!(binrw_seen(&by_binrw), seen, "{what}: binrw");
    assert_eq!(deku_seen(&by_deku, bytes), seen, "{what}: deku");
    assert_eq!(
        deku_wire(&by_deku),
        ours_wire(&ours),
        "{what}: deku's names"
    );

    let deku_bytes = with_deku::write(&by_deku).unwrap();
    assert!(
        deku_bytes == bytes,
        "{what}: deku wrote it back differently"
    );
    let binrw_bytes = with_binrw::write(&by_binrw).unwrap();
    if let Some(plain) = uncompressed {
        assert!(binrw_bytes == plain, "{what}: binrw wrote other bytes");
    }
    let back = Message::read_format_exact(&binrw_bytes)
        .unwrap_or_else(|e| panic!("{what}: binrw's bytes: {e}"));
    assert_eq!(
        ours_seen(&back, &binrw_bytes),
        seen,
        "{what}: binrw's bytes"
    );
    // Written without a pointer, binrw's bytes are ours without compression.
    assert!(
        ours_wire(&back)
            .iter()
            .all(|(_, pointer)| pointer.is_none()),
        "{what}: binrw wrote a pointer"
    );
}

#[test]
fn binrw_and_deku_read_generated_messages_as_the_declaration_does_and_write_them_back() {
    let mut rng = Rng::new(0x0d25_b1d6);
    let corpus = generate::Corpus::new(&mut rng, 40);
    let mut pointers = 0;
    for i in 0..150 {
        let plain = corpus.message(&mut rng, 6);
        let plain_bytes = plain.to_format_vec().unwrap();
        let compressed_bytes = plain.compressed().to_format_vec().unwrap();
        pointers += usize::from(compressed_bytes.len() < plain_bytes.len());
        agrees(&plain_bytes, Some(&plain_bytes), &format!("message {i}"));
        agrees(
            &compressed_bytes,
            Some(&plain_bytes),
            &format!("message {i}, compressed"),
        );
    }
    assert!(pointers > 140, "{pointers} messages compressed");
}

#[test]
fn binrw_and_deku_read_the_sample_captures_dns_messages_as_the_declaration_does() {
    let Some(file) = captures::read_or_skip(captures::WIRESHARK_SAMPLE) else {
        return;
    };
    let payloads = in_capture::dns_payloads(&file);
    for (i, payload) in payloads.iter().enumerate() {
        agrees(payload, None, &format!("captured message {i}"));
    }
    assert!(payloads.len() >= 100, "{} messages", payloads.len());
}

/// Every flags word (a stride through them) reads to the same bits in all three, and both
/// peers write it back.
#[test]
fn every_flags_word_reads_to_the_same_bits() {
    let mut rng = Rng::new(7);
    let corpus = generate::Corpus::new(&mut rng, 4);
    let mut bytes = corpus.message(&mut rng, 1).to_format_vec().unwrap();
    for flags in (0..=u16::MAX).step_by(89).chain([u16::MAX]) {
        bytes[2..4].copy_from_slice(&flags.to_be_bytes());
        let what = format!("flags {flags:#06x}");
        let seen = ours_seen(&Message::read_format_exact(&bytes).unwrap(), &bytes);
        let by_binrw = with_binrw::parse(&bytes).unwrap();
        let by_deku = with_deku::parse(&bytes).unwrap();
        assert_eq!(binrw_seen(&by_binrw), seen, "{what}: binrw");
        assert_eq!(deku_seen(&by_deku, &bytes), seen, "{what}: deku");
        assert_eq!(
            with_binrw::write(&by_binrw).unwrap(),
            bytes,
            "{what}: binrw"
        );
        assert_eq!(with_deku::write(&by_deku).unwrap(), bytes, "{what}: deku");
    }
}

/// A question whose name points to itself: refused by the declaration and binrw as they read
/// it; deku reads it as the wire holds it, and refuses it when its name is resolved.
#[test]
fn a_name_pointing_to_itself_is_refused() {
    let mut rng = Rng::new(8);
    let corpus = generate::Corpus::new(&mut rng, 4);
    let mut bytes = corpus.message(&mut rng, 0).to_format_vec().unwrap();
    let question = Message::read_format_exact(&bytes).unwrap().questions[0].name;
    // The question's name starts at byte 12: a pointer there to byte 12, the rest moved up.
    let rest = bytes.split_off(12 + question.wire_len());
    bytes.truncate(12);
    bytes.extend_from_slice(&[0xc0, 12]);
    bytes.extend_from_slice(&rest);
    assert!(Message::read_format_exact(&bytes).is_err());
    assert!(with_binrw::parse(&bytes).is_err());
    let by_deku = with_deku::parse(&bytes).unwrap();
    assert_eq!(by_deku.questions[0].name.pointer(), Some(12));
    assert!(by_deku.questions[0].name.resolve(&bytes).is_err());
}
