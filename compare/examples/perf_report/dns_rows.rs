//! perf_report's DNS section: a batch of 1,000 generated responses (compressed names, every
//! record kind `examples/dns` declares, EDNS), read by the declaration (names borrowed, their
//! pointers checked) and by simple-dns 0.13 (names followed into labels it borrows), then
//! written back: ours writes the wire form it holds, simple-dns compresses as it writes. binrw
//! 0.15 and deku 0.20 read and write the same messages (`compare/peer_formats/dns_{binrw,deku}.rs`,
//! written as their users write them): binrw follows every pointer as it reads (each name's
//! labels copied out) and writes the names uncompressed, so its writes are longer; deku keeps
//! each name's labels as the wire holds them, its pointers neither followed nor checked (less
//! than the declaration does), and writes them back so. A copy of the same bytes is the floor.

use std::hint::black_box;

use endian_wire::format::{ReadFormat, WriteFormat};
use endian_wire_testkit::Rng;

use super::Workload;

#[path = "../../../examples/dns/format.rs"]
#[allow(dead_code)] // the example's helpers the report does not call
mod format;
#[path = "../../../examples/dns/generate.rs"]
#[allow(dead_code)]
mod generate;
#[path = "../../peer_formats/dns_binrw.rs"]
#[allow(dead_code)] // the one-shot writers the report does not call
mod with_binrw;
#[path = "../../peer_formats/dns_deku.rs"]
#[allow(dead_code)]
mod with_deku;

use format::Message;

/// How many messages a batch holds.
const MESSAGES: usize = 1_000;

pub(super) fn workloads() -> Vec<Workload> {
    let mut rng = Rng::new(0xd25);
    let corpus: &'static generate::Corpus =
        Box::leak(Box::new(generate::Corpus::new(&mut rng, 200)));
    let batch: &'static [Vec<u8>] = (0..MESSAGES)
        .map(|_| {
            corpus
                .message(&mut rng, 4)
                .compressed()
                .to_format_vec()
                .unwrap()
        })
        .collect::<Vec<_>>()
        .leak();
    let bytes: usize = batch.iter().map(Vec::len).sum();
    let joined: &'static [u8] = batch.concat().leak();
    let ours: Vec<Message<'static>> = batch
        .iter()
        .map(|m| Message::read_format_exact(m).unwrap())
        .collect();
    let theirs: Vec<simple_dns::Packet<'static>> = batch
        .iter()
        .map(|m| simple_dns::Packet::parse(m).unwrap())
        .collect();
    for (m, t) in ours.iter().zip(&theirs) {
        assert_eq!(
            m.records().count(),
            t.answers.len()
                + t.name_servers.len()
                + t.additional_records.len()
                + usize::from(t.opt().is_some())
        );
    }
    let by_binrw: Vec<with_binrw::Message> = batch
        .iter()
        .map(|m| with_binrw::parse(m).unwrap())
        .collect();
    let by_deku: Vec<with_deku::Message> =
        batch.iter().map(|m| with_deku::parse(m).unwrap()).collect();
    for ((m, b), d) in ours.iter().zip(&by_binrw).zip(&by_deku) {
        let records = m.records().count();
        assert_eq!(
            b.answers.len() + b.authorities.len() + b.additionals.len(),
            records,
            "binrw: the same records"
        );
        assert_eq!(
            d.answers.len() + d.authorities.len() + d.additionals.len(),
            records,
            "deku: the same records"
        );
    }
    let label = format!("DNS: a batch of {MESSAGES} messages ({} KiB)", bytes / 1024);
    let mut out: Vec<u8> = Vec::with_capacity(bytes);
    let mut binrw_out: Vec<u8> = Vec::with_capacity(bytes);
    let mut deku_out: Vec<u8> = Vec::with_capacity(bytes);
    vec![
        Workload::new(format!("{label}, read"), bytes)
            .case("endian_wire", move || {
                for m in batch {
                    black_box(Message::read_format_exact(black_box(m)).unwrap());
                }
            })
            .case("simple-dns", move || {
                for m in batch {
                    black_box(simple_dns::Packet::parse(black_box(m)).unwrap());
                }
            })
            .case("binrw", move || {
                for m in batch {
                    black_box(with_binrw::parse(black_box(m)).unwrap());
                }
            })
            .case("deku", move || {
                for m in batch {
                    black_box(with_deku::parse(black_box(m)).unwrap());
                }
            })
            .case("memcpy", move || {
                black_box(black_box(joined).to_vec());
            }),
        Workload::new(format!("{label}, written"), bytes)
            .case("endian_wire", move || {
                // One message at a time into the same buffer, as the peers below write.
                for m in &ours {
                    out.clear();
                    m.write_format(&mut out).unwrap();
                    black_box(&out);
                }
            })
            .case("simple-dns", move || {
                for t in &theirs {
                    black_box(t.build_bytes_vec_compressed().unwrap());
                }
            })
            .case("binrw", move || {
                for b in &by_binrw {
                    with_binrw::write_into(b, &mut binrw_out).unwrap();
                    black_box(&binrw_out);
                }
            })
            .case("deku", move || {
                for d in &by_deku {
                    with_deku::write_into(d, &mut deku_out).unwrap();
                    black_box(&deku_out);
                }
            })
            .case("memcpy", move || {
                black_box(black_box(joined).to_vec());
            }),
    ]
}
