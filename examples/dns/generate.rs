//! Generated DNS messages for the tests, the comparison with simple-dns and the report: names
//! of random hosts in a few zones (so they share suffixes, and compress), and every record
//! kind the declaration knows, with a type it does not. Uses `format.rs` (included beside it
//! as `format`) and testkit's `Rng`.

use endian_wire::format::Temp;
use endian_wire_testkit::Rng;

use super::format::{
    CharString, EdnsOption, IN, Message, Mx, Name, Question, Record, RecordData, Soa, Srv,
    labels_of,
};

/// The bytes the generated messages borrow: names (wire labels) and texts.
pub struct Corpus {
    names: Vec<Vec<u8>>,
    texts: Vec<Vec<u8>>,
}

/// A private-use type (RFC 6895) that neither parser knows: kept as bytes.
pub const UNKNOWN_TYPE: u16 = 65_400;

impl Corpus {
    /// `count` names under four zones, and as many texts.
    pub fn new(rng: &mut Rng, count: usize) -> Corpus {
        let zones = ["example.com", "eu.example.com", "test.org", "a.b.c.net"];
        let mut names = Vec::with_capacity(count + zones.len());
        for zone in zones {
            names.push(labels_of(zone).expect("a valid zone"));
        }
        for _ in 0..count {
            let zone = zones[rng.below(zones.len() as u64) as usize];
            let mut dotted = String::new();
            for _ in 0..1 + rng.below(3) {
                // Letters, digits, a hyphen and an underscore; now and then a capital, which
                // compression keeps apart (names compress byte for byte).
                let len = 1 + rng.below(12) as usize;
                let label = rng.text(b"abcdefghijklmnopqrstuvwxyz0123456789-_Q", len);
                dotted.push_str(&label);
                dotted.push('.');
            }
            dotted.push_str(zone);
            names.push(labels_of(&dotted).expect("short labels"));
        }
        let texts = (0..count.max(1))
            .map(|_| {
                let len = rng.spread(300) as usize % 256;
                (0..len).map(|_| rng.below(256) as u8).collect()
            })
            .collect();
        Corpus { names, texts }
    }

    fn name(&self, rng: &mut Rng) -> Name<'_> {
        let labels = &self.names[rng.below(self.names.len() as u64) as usize];
        Name::new(labels, None).expect("labels from `labels_of`")
    }

    fn text(&self, rng: &mut Rng) -> &[u8] {
        &self.texts[rng.below(self.texts.len() as u64) as usize]
    }

    /// A record of kind `kind` (0 to 9: A, AAAA, NS, CNAME, PTR, MX, TXT, SOA, SRV, unknown).
    pub fn record(&self, rng: &mut Rng, kind: u64) -> Record<'_> {
        let class = IN;
        let ttl = rng.below(1 << 31) as u32;
        let rdlength = Temp::new();
        let data = match kind {
            0 => RecordData::A {
                class,
                ttl,
                rdlength,
                address: rng.next_u64().to_be_bytes()[..4].try_into().unwrap(),
            },
            1 => {
                let mut address = [0; 16];
                address[..8].copy_from_slice(&rng.next_u64().to_be_bytes());
                address[8..].copy_from_slice(&rng.next_u64().to_be_bytes());
                RecordData::Aaaa {
                    class,
                    ttl,
                    rdlength,
                    address,
                }
            }
            2 => RecordData::Ns {
                class,
                ttl,
                rdlength,
                name: self.name(rng),
            },
            3 => RecordData::Cname {
                class,
                ttl,
                rdlength,
                name: self.name(rng),
            },
            4 => RecordData::Ptr {
                class,
                ttl,
                rdlength,
                name: self.name(rng),
            },
            5 => RecordData::Mx {
                class,
                ttl,
                rdlength,
                mx: Mx {
                    preference: rng.below(1 << 16) as u16,
                    exchange: self.name(rng),
                },
            },
            6 => RecordData::Txt {
                class,
                ttl,
                rdlength,
                strings: (0..1 + rng.below(3))
                    .map(|_| CharString::new(self.text(rng)))
                    .collect(),
            },
            7 => RecordData::Soa {
                class,
                ttl,
                rdlength,
                soa: Soa {
                    mname: self.name(rng),
                    rname: self.name(rng),
                    serial: rng.next_u64() as u32,
                    refresh: rng.below(1 << 31) as u32,
                    retry: rng.below(1 << 31) as u32,
                    expire: rng.below(1 << 31) as u32,
                    minimum: rng.next_u64() as u32,
                },
            },
            8 => RecordData::Srv {
                class,
                ttl,
                rdlength,
                srv: Srv {
                    priority: rng.below(1 << 16) as u16,
                    weight: rng.below(1 << 16) as u16,
                    port: rng.below(1 << 16) as u16,
                    target: self.name(rng),
                },
            },
            _ => RecordData::Unknown {
                rtype: UNKNOWN_TYPE,
                class,
                ttl,
                rdlength,
                // Never empty: simple-dns reads an empty data as no data at all.
                data: self.text(rng),
            }
            .non_empty(),
        };
        Record {
            name: self.name(rng),
            data,
        }
    }

    /// A response: a question, up to `records` records of every kind spread over the three
    /// sections, EDNS with an option most of the time; uncompressed (see
    /// [`Message::compressed`]).
    pub fn message(&self, rng: &mut Rng, records: u64) -> Message<'_> {
        let mut section = || {
            (0..rng.below(records + 1))
                .map(|_| {
                    let kind = rng.below(10);
                    self.record(rng, kind)
                })
                .collect::<Vec<_>>()
        };
        let answers = section();
        let authorities = section();
        let mut additionals = section();
        // EDNS first among the additionals, where simple-dns writes it.
        if rng.chance(80) {
            additionals.insert(
                0,
                Record {
                    name: Name::ROOT,
                    data: RecordData::Opt {
                        udp_payload_size: 512 + rng.below(4000) as u16,
                        extended_rcode: 0,
                        version: 0,
                        dnssec_ok: rng.chance(50),
                        z: 0,
                        rdlength: Temp::new(),
                        options: (0..rng.below(3))
                            .map(|_| {
                                let text = self.text(rng);
                                EdnsOption::new(rng.below(20) as u16, &text[..text.len().min(8)])
                            })
                            .collect(),
                    },
                },
            );
        }
        Message {
            id: rng.below(1 << 16) as u16,
            response: true,
            opcode: 0,
            authoritative: rng.chance(50),
            truncated: rng.chance(10),
            recursion_desired: rng.chance(50),
            recursion_available: rng.chance(50),
            z: false,
            authentic_data: rng.chance(20),
            checking_disabled: rng.chance(20),
            rcode: rng.below(6) as u8,
            question_count: Temp::new(),
            answer_count: Temp::new(),
            authority_count: Temp::new(),
            additional_count: Temp::new(),
            questions: vec![Question {
                name: self.name(rng),
                qtype: 1 + rng.below(16) as u16,
                qclass: IN,
            }],
            answers,
            authorities,
            additionals,
        }
    }
}

impl<'a> RecordData<'a> {
    /// An unknown record whose data is empty gets a byte, else itself.
    fn non_empty(self) -> Self {
        match self {
            RecordData::Unknown {
                rtype,
                class,
                ttl,
                rdlength,
                data: [],
            } => RecordData::Unknown {
                rtype,
                class,
                ttl,
                rdlength,
                data: b"\x00",
            },
            other => other,
        }
    }
}
