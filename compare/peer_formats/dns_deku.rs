//! A DNS message (RFC 1035, with EDNS's OPT record), written with deku 0.20 the way its
//! documentation shows its users: `#[deku_derive(DekuRead, DekuWrite)]` types, the byte order
//! passed down as `ctx = "endian: deku::ctx::Endian"`, the header's flags as `bits` fields,
//! the four counts `temp` fields written from the lists (`temp_value`). A record's data is an
//! enum chosen by the record's type passed in as its `id` (with the data's length, in `ctx`);
//! TXT strings and EDNS options fill exactly the data's length (`bytes_read`), an unknown
//! type's data is kept as bytes (`id_pat = "_"`).
//!
//! Names are kept as the wire holds them, the way deku declares them: a list of [`Label`]s
//! (`until` the root's empty label or a compression pointer), each chosen by its two type bits
//! (`id_type = "u8", bits = 2`), a label's length in the other six and a pointer's offset in
//! fourteen. A name read is not followed: [`Name::resolve`] follows the pointers against the
//! message afterwards, reading the names they point to with the same declaration. Written as
//! held, a message read writes back byte for byte, compressed or not; deku has nothing to
//! compress with and its users do not, so a message built with uncompressed names is written
//! so. A record's data length is computed from its data on write.
//!
//! The same message as `examples/dns/format.rs`; included with `#[path]` by the comparison
//! test (`compare/tests/peers/dns_binrw_deku.rs`) and perf_report (`dns_rows.rs`).

use deku::ctx::Endian;
use deku::prelude::*;

/// The record types read beyond bytes.
pub mod rtype {
    pub const A: u16 = 1;
    pub const NS: u16 = 2;
    pub const CNAME: u16 = 5;
    pub const SOA: u16 = 6;
    pub const PTR: u16 = 12;
    pub const MX: u16 = 15;
    pub const TXT: u16 = 16;
    pub const AAAA: u16 = 28;
    pub const SRV: u16 = 33;
    pub const OPT: u16 = 41;
}

/// The most bytes a name may spell: its labels, their lengths and the root's zero.
const MAX_NAME_LEN: usize = 255;

/// A DNS message.
#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq, Clone)]
#[deku(endian = "big")]
pub struct Message {
    pub id: u16,
    #[deku(bits = 1)]
    pub response: bool,
    #[deku(bits = 4)]
    pub opcode: u8,
    #[deku(bits = 1)]
    pub authoritative: bool,
    #[deku(bits = 1)]
    pub truncated: bool,
    #[deku(bits = 1)]
    pub recursion_desired: bool,
    #[deku(bits = 1)]
    pub recursion_available: bool,
    /// Reserved, kept as read.
    #[deku(bits = 1)]
    pub z: bool,
    #[deku(bits = 1)]
    pub authentic_data: bool,
    #[deku(bits = 1)]
    pub checking_disabled: bool,
    #[deku(bits = 4)]
    pub rcode: u8,
    #[deku(temp, temp_value = "questions.len() as u16")]
    question_count: u16,
    #[deku(temp, temp_value = "answers.len() as u16")]
    answer_count: u16,
    #[deku(temp, temp_value = "authorities.len() as u16")]
    authority_count: u16,
    #[deku(temp, temp_value = "additionals.len() as u16")]
    additional_count: u16,
    #[deku(count = "question_count")]
    pub questions: Vec<Question>,
    #[deku(count = "answer_count")]
    pub answers: Vec<Record>,
    #[deku(count = "authority_count")]
    pub authorities: Vec<Record>,
    #[deku(count = "additional_count")]
    pub additionals: Vec<Record>,
}

/// One piece of a name on the wire, chosen by the top two bits of its first byte.
#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq, Eq, Clone)]
#[deku(id_type = "u8", bits = 2, ctx = "endian: Endian", endian = "endian")]
pub enum Label {
    /// A label: its length in six bits (zero: the root, which ends the name), its bytes.
    #[deku(id = 0)]
    Text {
        #[deku(bits = 6)]
        len: u8,
        #[deku(count = "len")]
        bytes: Vec<u8>,
    },
    /// A compression pointer to the rest of the name, from the start of the message.
    #[deku(id = 3)]
    Pointer(#[deku(bits = 14)] u16),
}

impl Label {
    /// A label of these bytes.
    pub fn text(bytes: &[u8]) -> Label {
        Label::Text {
            len: bytes.len() as u8,
            bytes: bytes.to_vec(),
        }
    }

    /// The root's label or a pointer: the last of a name.
    pub fn ends_name(&self) -> bool {
        match self {
            Label::Text { len, .. } => *len == 0,
            Label::Pointer(_) => true,
        }
    }
}

/// A domain name as the wire holds it: its labels, then the root's empty label or a pointer.
#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq, Eq, Clone)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct Name {
    #[deku(until = "|l: &Label| l.ends_name()")]
    pub labels: Vec<Label>,
}

impl Name {
    /// The labels this name holds itself (not those its pointer leads to).
    pub fn own_labels(&self) -> impl Iterator<Item = &[u8]> {
        self.labels.iter().filter_map(|l| match l {
            Label::Text { bytes, .. } if !bytes.is_empty() => Some(&bytes[..]),
            _ => None,
        })
    }

    /// Where the rest of the name is (`None`: it ends at the root).
    pub fn pointer(&self) -> Option<u16> {
        match self.labels.last() {
            Some(Label::Pointer(p)) => Some(*p),
            _ => None,
        }
    }

    /// Every label of the name, its pointers followed in `message` (the whole message), each
    /// further back than the one before; the names pointed to are read with [`Name`]'s own
    /// declaration.
    pub fn resolve(&self, message: &[u8]) -> Result<Vec<Vec<u8>>, DekuError> {
        let mut labels: Vec<Vec<u8>> = self.own_labels().map(<[u8]>::to_vec).collect();
        let mut spelled = 1 + labels.iter().map(|l| 1 + l.len()).sum::<usize>();
        let mut next = self.pointer();
        let mut bound = message.len();
        while let Some(target) = next {
            let target = usize::from(target);
            if target >= bound {
                return Err(DekuError::Assertion(
                    "DNS: a pointer not before the name it came from",
                ));
            }
            bound = target;
            let mut cursor = std::io::Cursor::new(&message[target..]);
            let mut reader = deku::reader::Reader::new(&mut cursor);
            let rest = Name::from_reader_with_ctx(&mut reader, Endian::Big)?;
            for label in rest.own_labels() {
                spelled += 1 + label.len();
                labels.push(label.to_vec());
            }
            if spelled > MAX_NAME_LEN {
                return Err(DekuError::Assertion("DNS: a name over 255 bytes"));
            }
            next = rest.pointer();
        }
        Ok(labels)
    }

    /// A name of these labels, uncompressed.
    pub fn of_labels<'l>(labels: impl IntoIterator<Item = &'l [u8]>) -> Name {
        let mut labels: Vec<Label> = labels.into_iter().map(Label::text).collect();
        labels.push(Label::text(&[]));
        Name { labels }
    }

    /// The bytes the name takes on the wire.
    pub fn wire_len(&self) -> usize {
        self.labels
            .iter()
            .map(|l| match l {
                Label::Text { bytes, .. } => 1 + bytes.len(),
                Label::Pointer(_) => 2,
            })
            .sum()
    }
}

/// A question: the name, the type and class asked for.
#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq, Clone)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct Question {
    pub name: Name,
    pub qtype: u16,
    pub qclass: u16,
}

/// A resource record. For OPT the class is the sender's UDP payload size and the TTL holds
/// the extended rcode, the version, the DO bit and Z ([`Record::edns`]).
#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq, Clone)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct Record {
    pub name: Name,
    pub rtype: u16,
    pub class: u16,
    pub ttl: u32,
    #[deku(temp, temp_value = "data.wire_len() as u16")]
    rdlength: u16,
    #[deku(ctx = "*rtype, *rdlength")]
    pub data: RecordData,
}

impl Record {
    /// OPT's TTL: (extended rcode, version, DO, Z).
    pub fn edns(&self) -> (u8, u8, bool, u16) {
        let [extended, version, high, low] = self.ttl.to_be_bytes();
        (
            extended,
            version,
            high & 0x80 != 0,
            u16::from_be_bytes([high & 0x7f, low]),
        )
    }
}

/// A record's data, chosen by its type.
#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq, Clone)]
#[deku(
    ctx = "endian: Endian, rtype: u16, rdlength: u16",
    id = "rtype",
    endian = "endian"
)]
pub enum RecordData {
    #[deku(id = "rtype::A")]
    A([u8; 4]),
    #[deku(id = "rtype::AAAA")]
    Aaaa([u8; 16]),
    #[deku(id = "rtype::NS")]
    Ns(Name),
    #[deku(id = "rtype::CNAME")]
    Cname(Name),
    #[deku(id = "rtype::PTR")]
    Ptr(Name),
    #[deku(id = "rtype::MX")]
    Mx { preference: u16, exchange: Name },
    /// Character-strings filling the data.
    #[deku(id = "rtype::TXT")]
    Txt(#[deku(bytes_read = "rdlength")] Vec<CharString>),
    #[deku(id = "rtype::SOA")]
    Soa {
        mname: Name,
        rname: Name,
        serial: u32,
        refresh: u32,
        retry: u32,
        expire: u32,
        minimum: u32,
    },
    #[deku(id = "rtype::SRV")]
    Srv {
        priority: u16,
        weight: u16,
        port: u16,
        target: Name,
    },
    /// EDNS options filling the data.
    #[deku(id = "rtype::OPT")]
    Opt(#[deku(bytes_read = "rdlength")] Vec<EdnsOption>),
    /// Any other type's data, as bytes.
    #[deku(id_pat = "_")]
    Unknown(#[deku(count = "rdlength")] Vec<u8>),
}

impl RecordData {
    /// The bytes the data takes on the wire (its names as held).
    pub fn wire_len(&self) -> usize {
        match self {
            RecordData::A(_) => 4,
            RecordData::Aaaa(_) => 16,
            RecordData::Ns(n) | RecordData::Cname(n) | RecordData::Ptr(n) => n.wire_len(),
            RecordData::Mx { exchange, .. } => 2 + exchange.wire_len(),
            RecordData::Txt(strings) => strings.iter().map(|s| 1 + s.text.len()).sum(),
            RecordData::Soa { mname, rname, .. } => mname.wire_len() + rname.wire_len() + 20,
            RecordData::Srv { target, .. } => 6 + target.wire_len(),
            RecordData::Opt(options) => options.iter().map(|o| 4 + o.data.len()).sum(),
            RecordData::Unknown(data) => data.len(),
        }
    }
}

/// A character-string: a length byte, then that many bytes.
#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq, Clone)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct CharString {
    #[deku(temp, temp_value = "text.len() as u8")]
    len: u8,
    #[deku(count = "len")]
    pub text: Vec<u8>,
}

impl CharString {
    pub fn new(text: &[u8]) -> CharString {
        CharString {
            text: text.to_vec(),
        }
    }
}

/// An EDNS option: its code and data.
#[deku_derive(DekuRead, DekuWrite)]
#[derive(Debug, PartialEq, Clone)]
#[deku(ctx = "endian: Endian", endian = "endian")]
pub struct EdnsOption {
    pub code: u16,
    #[deku(temp, temp_value = "data.len() as u16")]
    len: u16,
    #[deku(count = "len")]
    pub data: Vec<u8>,
}

/// Reads a message.
pub fn parse(bytes: &[u8]) -> Result<Message, DekuError> {
    let (_, message) = Message::from_bytes((bytes, 0))?;
    Ok(message)
}

/// Writes a message, its names as it holds them.
pub fn write(message: &Message) -> Result<Vec<u8>, DekuError> {
    message.to_bytes()
}

/// Writes a message into `out` (cleared first), its names as it holds them.
pub fn write_into(message: &Message, out: &mut Vec<u8>) -> Result<(), DekuError> {
    out.clear();
    let mut cursor = std::io::Cursor::new(out);
    let mut writer = deku::writer::Writer::new(&mut cursor);
    message.to_writer(&mut writer, ())?;
    writer.finalize()
}
