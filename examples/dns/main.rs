//! DNS messages read and written from one declaration (`format.rs`): the header's flags as bit
//! fields, counts written from the lists, records chosen by their type and read from exactly
//! their data's length, names with compression pointers kept as the wire holds them (so a
//! message writes back byte for byte) and resolved against the message.
//!
//! ```sh
//! cargo run --example dns              # a query and its response, compressed, written, read back
//! cargo run --example dns -- FILE      # a message in a file (its raw bytes, as a UDP payload)
//! ```

use std::io;

use endian_wire::format::{ReadFormat, Temp, WriteFormat};

#[allow(dead_code)] // what the tests and the comparison use
mod format;

use format::{
    CharString, EdnsOption, IN, Message, Mx, Name, Question, Record, RecordData, Soa, Srv,
    labels_of, rtype,
};

/// A message with its flags clear and no records.
fn empty(id: u16) -> Message<'static> {
    Message {
        id,
        response: false,
        opcode: 0,
        authoritative: false,
        truncated: false,
        recursion_desired: true,
        recursion_available: false,
        z: false,
        authentic_data: false,
        checking_disabled: false,
        rcode: 0,
        question_count: Temp::new(),
        answer_count: Temp::new(),
        authority_count: Temp::new(),
        additional_count: Temp::new(),
        questions: vec![],
        answers: vec![],
        authorities: vec![],
        additionals: vec![],
    }
}

/// EDNS with a 1232-byte UDP payload and a cookie.
fn edns(cookie: &[u8]) -> Record<'_> {
    Record {
        name: Name::ROOT,
        data: RecordData::Opt {
            udp_payload_size: 1232,
            extended_rcode: 0,
            version: 0,
            dnssec_ok: true,
            z: 0,
            rdlength: Temp::new(),
            options: vec![EdnsOption::new(10, cookie)],
        },
    }
}

/// The names the messages use, as wire labels.
struct Names {
    www: Vec<u8>,
    web: Vec<u8>,
    zone: Vec<u8>,
    ns1: Vec<u8>,
    mail: Vec<u8>,
    admin: Vec<u8>,
    sip: Vec<u8>,
}

impl Names {
    fn new() -> io::Result<Self> {
        Ok(Names {
            www: labels_of("www.example.com")?,
            web: labels_of("web.eu.example.com")?,
            zone: labels_of("example.com")?,
            ns1: labels_of("ns1.example.com")?,
            mail: labels_of("mail.example.com")?,
            admin: labels_of("hostmaster.example.com")?,
            sip: labels_of("_sip._udp.example.com")?,
        })
    }
}

fn name(labels: &[u8]) -> Name<'_> {
    Name::new(labels, None).expect("labels from `labels_of`")
}

/// A query for `www.example.com`'s addresses, with EDNS.
fn query<'a>(names: &'a Names, cookie: &'a [u8]) -> Message<'a> {
    let mut message = empty(0x2b1d);
    message.questions.push(Question {
        name: name(&names.www),
        qtype: rtype::A,
        qclass: IN,
    });
    message.additionals.push(edns(cookie));
    message
}

/// The answer: a CNAME, the addresses, the zone's servers and the rest of its records.
fn response<'a>(names: &'a Names, cookie: &'a [u8]) -> Message<'a> {
    let mut message = query(names, cookie);
    message.response = true;
    message.authoritative = true;
    message.recursion_available = true;
    let (class, ttl) = (IN, 3600);
    let rdlength = Temp::new();
    message.answers = vec![
        Record {
            name: name(&names.www),
            data: RecordData::Cname {
                class,
                ttl,
                rdlength,
                name: name(&names.web),
            },
        },
        Record {
            name: name(&names.web),
            data: RecordData::A {
                class,
                ttl: 60,
                rdlength,
                address: [192, 0, 2, 10],
            },
        },
        Record {
            name: name(&names.web),
            data: RecordData::Aaaa {
                class,
                ttl: 60,
                rdlength,
                address: [
                    0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
                ],
            },
        },
    ];
    message.authorities = vec![
        Record {
            name: name(&names.zone),
            data: RecordData::Ns {
                class,
                ttl,
                rdlength,
                name: name(&names.ns1),
            },
        },
        Record {
            name: name(&names.zone),
            data: RecordData::Soa {
                class,
                ttl,
                rdlength,
                soa: Soa {
                    mname: name(&names.ns1),
                    rname: name(&names.admin),
                    serial: 2_024_060_101,
                    refresh: 7200,
                    retry: 900,
                    expire: 1_209_600,
                    minimum: 300,
                },
            },
        },
    ];
    message.additionals = vec![
        Record {
            name: name(&names.zone),
            data: RecordData::Mx {
                class,
                ttl,
                rdlength,
                mx: Mx {
                    preference: 10,
                    exchange: name(&names.mail),
                },
            },
        },
        Record {
            name: name(&names.zone),
            data: RecordData::Txt {
                class,
                ttl,
                rdlength,
                strings: vec![CharString::new(b"v=spf1 -all"), CharString::new(b"hello")],
            },
        },
        Record {
            name: name(&names.sip),
            data: RecordData::Srv {
                class,
                ttl,
                rdlength,
                srv: Srv {
                    priority: 10,
                    weight: 5,
                    port: 5060,
                    target: name(&names.ns1),
                },
            },
        },
        Record {
            name: name(&names.zone),
            data: RecordData::Unknown {
                rtype: 257, // CAA, kept as bytes
                class,
                ttl,
                rdlength,
                data: b"\x00\x05issueca.example.net",
            },
        },
        edns(cookie),
    ];
    message
}

/// One line per question and record, names resolved against `bytes`.
fn print(message: &Message<'_>, bytes: &[u8]) -> io::Result<()> {
    let kind = if message.response {
        "response"
    } else {
        "query"
    };
    println!(
        "{kind} {:#06x}: opcode {}, rcode {}, {} questions, {} answers, {} authorities, {} \
         additionals, {} bytes",
        message.id,
        message.opcode,
        message.rcode,
        message.questions.len(),
        message.answers.len(),
        message.authorities.len(),
        message.additionals.len(),
        bytes.len()
    );
    for q in &message.questions {
        println!(
            "  ? {} type {} class {}",
            q.name.dotted(bytes)?,
            q.qtype,
            q.qclass
        );
    }
    for record in message.records() {
        println!(
            "  {} {}",
            record.name.dotted(bytes)?,
            describe(&record.data, bytes)?
        );
    }
    Ok(())
}

/// A record's data in a line.
fn describe(data: &RecordData<'_>, bytes: &[u8]) -> io::Result<String> {
    let ttl = data.class_and_ttl().map_or(String::new(), |(class, ttl)| {
        format!("ttl {ttl} class {class} ")
    });
    let what = match data {
        RecordData::A { address, .. } => format!("A {}", std::net::Ipv4Addr::from(*address)),
        RecordData::Aaaa { address, .. } => {
            format!("AAAA {}", std::net::Ipv6Addr::from(*address))
        }
        RecordData::Ns { name, .. } => format!("NS {}", name.dotted(bytes)?),
        RecordData::Cname { name, .. } => format!("CNAME {}", name.dotted(bytes)?),
        RecordData::Ptr { name, .. } => format!("PTR {}", name.dotted(bytes)?),
        RecordData::Mx { mx, .. } => {
            format!("MX {} {}", mx.preference, mx.exchange.dotted(bytes)?)
        }
        RecordData::Txt { strings, .. } => {
            let texts: Vec<String> = strings
                .iter()
                .map(|s| format!("{:?}", String::from_utf8_lossy(s.text)))
                .collect();
            format!("TXT {}", texts.join(" "))
        }
        RecordData::Soa { soa, .. } => format!(
            "SOA {} {} {} {} {} {} {}",
            soa.mname.dotted(bytes)?,
            soa.rname.dotted(bytes)?,
            soa.serial,
            soa.refresh,
            soa.retry,
            soa.expire,
            soa.minimum
        ),
        RecordData::Srv { srv, .. } => format!(
            "SRV {} {} {} {}",
            srv.priority,
            srv.weight,
            srv.port,
            srv.target.dotted(bytes)?
        ),
        RecordData::Opt {
            udp_payload_size,
            extended_rcode,
            version,
            dnssec_ok,
            options,
            ..
        } => format!(
            "OPT udp {udp_payload_size}, extended rcode {extended_rcode}, version {version}, \
             DO {dnssec_ok}, {} options",
            options.len()
        ),
        RecordData::Unknown { rtype, data, .. } => {
            format!("type {rtype}: {} bytes", data.len())
        }
    };
    Ok(format!("{ttl}{what}"))
}

/// Writes `message` compressed, reads it back, prints it; returns the bytes.
fn round_trip(message: &Message<'_>) -> io::Result<Vec<u8>> {
    let plain = message.to_format_vec()?;
    let bytes = message.compressed().to_format_vec()?;
    let back = Message::read_format_exact(&bytes)?;
    assert_eq!(back.to_format_vec()?, bytes, "written back byte for byte");
    print(&back, &bytes)?;
    println!(
        "  written in {} bytes compressed ({} without compression)",
        bytes.len(),
        plain.len()
    );
    Ok(bytes)
}

fn main() -> io::Result<()> {
    if let Some(path) = std::env::args_os().nth(1) {
        let bytes = std::fs::read(&path)?;
        let message = Message::read_format_exact(&bytes)?;
        print(&message, &bytes)?;
        let same = message.to_format_vec()? == bytes;
        println!(
            "written back: {}",
            if same {
                "byte for byte the same"
            } else {
                "different"
            }
        );
        return Ok(());
    }
    let names = Names::new()?;
    let cookie = *b"\x01\x02\x03\x04\x05\x06\x07\x08";
    round_trip(&query(&names, &cookie))?;
    let bytes = round_trip(&response(&names, &cookie))?;
    // A pointer that loops is refused with the byte it points to.
    let mut looping = bytes.clone();
    looping[12..14].copy_from_slice(&[0xc0, 12]);
    match Message::read_format(&looping) {
        Err(e) => println!("a name pointing to itself: {e}"),
        Ok(_) => unreachable!("a looping name is refused"),
    }
    Ok(())
}
