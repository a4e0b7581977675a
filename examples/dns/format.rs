//! A DNS message (RFC 1035), declared once: the header's flags as bit fields, the four counts
//! written from the lists, questions, and resource records whose data is chosen by their
//! type and read from exactly `rdlength` bytes. Names keep their wire form (borrowed labels
//! and the compression pointer that ends them), so a message read writes back byte for byte;
//! [`Name::resolve`] follows the pointers against the message.
//!
//! The shape of a record: its type is the tag of [`RecordData`], and each variant holds the
//! class, TTL, length and data that follow the type on the wire. The declarations take no
//! arguments, so the type has to be a tag for the data to be chosen by it; holding class and
//! TTL in each variant also lets OPT (EDNS) say what it uses them for (the UDP payload size,
//! the extended rcode, version and DO bit).
//!
//! Shared by the example, the tests (`tests/format/dns.rs`), the comparison with simple-dns
//! (`compare/tests/peers/dns.rs`), the report and the fuzz target, which include this file.

use std::collections::HashMap;

use endian_wire::Endianize;
use endian_wire::format::FormatErrorKind as ErrorKind;
use endian_wire::format::{
    FormatError, FormatReader, FormatWriter, ReadFormat, Result, Temp, WriteFormat,
};

/// The most bytes a name takes uncompressed: its labels, their lengths and the root's zero.
pub const MAX_NAME_LEN: usize = 255;
/// The most bytes in a label (a length byte's top two bits are 00).
pub const MAX_LABEL_LEN: usize = 63;
/// The highest offset a compression pointer holds (14 bits).
pub const MAX_POINTER: u16 = 0x3fff;

/// The record types the declaration knows.
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

/// The Internet class.
pub const IN: u16 = 1;

/// A DNS message.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(be)]
pub struct Message<'a> {
    pub id: u16,
    /// QR: a response (else a query).
    #[wire(bits = 1)]
    pub response: bool,
    #[wire(bits = 4)]
    pub opcode: u8,
    #[wire(bits = 1)]
    pub authoritative: bool,
    #[wire(bits = 1)]
    pub truncated: bool,
    #[wire(bits = 1)]
    pub recursion_desired: bool,
    #[wire(bits = 1)]
    pub recursion_available: bool,
    /// Reserved: zero in every message sent, kept as read.
    #[wire(bits = 1)]
    pub z: bool,
    #[wire(bits = 1)]
    pub authentic_data: bool,
    #[wire(bits = 1)]
    pub checking_disabled: bool,
    #[wire(bits = 4)]
    pub rcode: u8,
    #[wire(temp)]
    pub question_count: Temp<u16>,
    #[wire(temp)]
    pub answer_count: Temp<u16>,
    #[wire(temp)]
    pub authority_count: Temp<u16>,
    #[wire(temp)]
    pub additional_count: Temp<u16>,
    #[wire(count = question_count)]
    pub questions: Vec<Question<'a>>,
    #[wire(count = answer_count)]
    pub answers: Vec<Record<'a>>,
    #[wire(count = authority_count)]
    pub authorities: Vec<Record<'a>>,
    #[wire(count = additional_count)]
    pub additionals: Vec<Record<'a>>,
}

/// A question: the name, the type and class asked for.
#[derive(Endianize, Debug, PartialEq, Clone, Copy)]
#[endian(be)]
#[wire]
pub struct Question<'a> {
    pub name: Name<'a>,
    pub qtype: u16,
    pub qclass: u16,
}

/// A resource record: its owner's name, then its type (the tag of `data`) and what follows.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(be)]
#[wire]
pub struct Record<'a> {
    pub name: Name<'a>,
    pub data: RecordData<'a>,
}

/// A record after its name, chosen by its type: the class, TTL, data length (written from the
/// data) and the data, read from exactly that many bytes.
#[derive(Endianize, Debug, PartialEq, Clone)]
#[endian(be)]
#[wire(tag = u16)]
pub enum RecordData<'a> {
    #[wire(tag = rtype::A)]
    A {
        class: u16,
        ttl: u32,
        #[wire(temp, calc = 4)]
        rdlength: Temp<u16>,
        #[wire(bytes = rdlength)]
        address: [u8; 4],
    },
    #[wire(tag = rtype::AAAA)]
    Aaaa {
        class: u16,
        ttl: u32,
        #[wire(temp, calc = 16)]
        rdlength: Temp<u16>,
        #[wire(bytes = rdlength)]
        address: [u8; 16],
    },
    #[wire(tag = rtype::NS)]
    Ns {
        class: u16,
        ttl: u32,
        #[wire(temp, calc = name.wire_len())]
        rdlength: Temp<u16>,
        #[wire(bytes = rdlength)]
        name: Name<'a>,
    },
    #[wire(tag = rtype::CNAME)]
    Cname {
        class: u16,
        ttl: u32,
        #[wire(temp, calc = name.wire_len())]
        rdlength: Temp<u16>,
        #[wire(bytes = rdlength)]
        name: Name<'a>,
    },
    #[wire(tag = rtype::PTR)]
    Ptr {
        class: u16,
        ttl: u32,
        #[wire(temp, calc = name.wire_len())]
        rdlength: Temp<u16>,
        #[wire(bytes = rdlength)]
        name: Name<'a>,
    },
    #[wire(tag = rtype::MX)]
    Mx {
        class: u16,
        ttl: u32,
        #[wire(temp, calc = 2 + mx.exchange.wire_len())]
        rdlength: Temp<u16>,
        #[wire(bytes = rdlength)]
        mx: Mx<'a>,
    },
    /// Text: one or more character-strings filling the data.
    #[wire(tag = rtype::TXT)]
    Txt {
        class: u16,
        ttl: u32,
        #[wire(temp, calc = strings.iter().map(|s| 1 + s.text.len()).sum::<usize>())]
        rdlength: Temp<u16>,
        #[wire(bytes = rdlength)]
        strings: Vec<CharString<'a>>,
    },
    #[wire(tag = rtype::SOA)]
    Soa {
        class: u16,
        ttl: u32,
        #[wire(temp, calc = soa.mname.wire_len() + soa.rname.wire_len() + 20)]
        rdlength: Temp<u16>,
        #[wire(bytes = rdlength)]
        soa: Soa<'a>,
    },
    #[wire(tag = rtype::SRV)]
    Srv {
        class: u16,
        ttl: u32,
        #[wire(temp, calc = 6 + srv.target.wire_len())]
        rdlength: Temp<u16>,
        #[wire(bytes = rdlength)]
        srv: Srv<'a>,
    },
    /// EDNS (RFC 6891): the class is the sender's UDP payload size, the TTL the extended
    /// rcode, the version and the DO bit.
    #[wire(tag = rtype::OPT)]
    Opt {
        udp_payload_size: u16,
        extended_rcode: u8,
        version: u8,
        #[wire(bits = 1)]
        dnssec_ok: bool,
        #[wire(bits = 15)]
        z: u16,
        #[wire(temp, calc = options.iter().map(|o| 4 + o.data.len()).sum::<usize>())]
        rdlength: Temp<u16>,
        #[wire(bytes = rdlength)]
        options: Vec<EdnsOption<'a>>,
    },
    /// Any other type, its data kept as bytes.
    #[wire(fallback)]
    Unknown {
        rtype: u16,
        class: u16,
        ttl: u32,
        #[wire(temp, calc = data.len())]
        rdlength: Temp<u16>,
        #[wire(bytes = rdlength)]
        data: &'a [u8],
    },
}

/// MX data: a preference and the mail exchanger's name.
#[derive(Endianize, Debug, PartialEq, Clone, Copy)]
#[endian(be)]
#[wire]
pub struct Mx<'a> {
    pub preference: u16,
    pub exchange: Name<'a>,
}

/// SOA data: the zone's primary server, its administrator's mailbox and its timers.
#[derive(Endianize, Debug, PartialEq, Clone, Copy)]
#[endian(be)]
#[wire]
pub struct Soa<'a> {
    pub mname: Name<'a>,
    pub rname: Name<'a>,
    pub serial: u32,
    pub refresh: u32,
    pub retry: u32,
    pub expire: u32,
    pub minimum: u32,
}

/// SRV data (RFC 2782). Its target is written uncompressed, as the RFC asks.
#[derive(Endianize, Debug, PartialEq, Clone, Copy)]
#[endian(be)]
#[wire]
pub struct Srv<'a> {
    pub priority: u16,
    pub weight: u16,
    pub port: u16,
    pub target: Name<'a>,
}

/// A character-string: a length byte, then at most 255 bytes.
#[derive(Endianize, Debug, PartialEq, Clone, Copy)]
#[endian(be)]
pub struct CharString<'a> {
    #[wire(temp)]
    pub len: Temp<u8>,
    #[wire(count = len)]
    pub text: &'a [u8],
}

impl<'a> CharString<'a> {
    /// A character-string of `text` (writing more than 255 bytes is refused).
    pub fn new(text: &'a [u8]) -> Self {
        CharString {
            len: Temp::new(),
            text,
        }
    }
}

/// An EDNS option: a code and its data.
#[derive(Endianize, Debug, PartialEq, Clone, Copy)]
#[endian(be)]
pub struct EdnsOption<'a> {
    pub code: u16,
    #[wire(temp)]
    pub len: Temp<u16>,
    #[wire(count = len)]
    pub data: &'a [u8],
}

impl<'a> EdnsOption<'a> {
    /// An option with this code and data.
    pub fn new(code: u16, data: &'a [u8]) -> Self {
        EdnsOption {
            code,
            len: Temp::new(),
            data,
        }
    }
}

/// A domain name as the wire holds it: its own labels (each a length byte and that many
/// bytes, borrowed from the message) and, when it is compressed, the pointer to the rest of
/// it; without one it ends at the root.
///
/// Reading a name checks it whole: its labels (at most 63 bytes each, label types 01 and 10
/// refused), and its pointer, followed against the bytes before the name (a pointer goes back
/// to a name written earlier, RFC 1035 4.1.4): every further pointer must go further back, so
/// no loop can be followed, and the name it spells is at most 255 bytes. A name read
/// therefore always resolves against its message.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Name<'a> {
    labels: &'a [u8],
    pointer: Option<u16>,
}

impl core::fmt::Debug for Name<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Name(")?;
        for label in self.own_labels() {
            write!(f, "{}.", Escaped(label))?;
        }
        match self.pointer {
            Some(p) => write!(f, " -> {p})"),
            None => write!(f, ")"),
        }
    }
}

impl<'a> Name<'a> {
    /// The root: no labels, no pointer.
    pub const ROOT: Name<'static> = Name {
        labels: &[],
        pointer: None,
    };

    /// A name of these wire labels (length-prefixed, without the root's zero) ending at
    /// `pointer`, or at the root without one.
    ///
    /// # Errors
    /// `InvalidInput` if the labels are not whole labels of 1 to 63 bytes, if they are over 255
    /// bytes with the root, or if the pointer is over 14 bits.
    pub fn new(labels: &'a [u8], pointer: Option<u16>) -> Result<Self> {
        let mut at = 0;
        while at < labels.len() {
            let len = usize::from(labels[at]);
            if len == 0 || len > MAX_LABEL_LEN || at + 1 + len > labels.len() {
                return Err(invalid_name(
                    ErrorKind::InvalidInput,
                    at,
                    format_args!(
                        "a label of {len} bytes, of the {} left",
                        labels.len() - at - 1
                    ),
                ));
            }
            at += 1 + len;
        }
        if labels.len() + 1 > MAX_NAME_LEN {
            return Err(too_long(ErrorKind::InvalidInput, 0, labels.len() + 1));
        }
        if pointer.is_some_and(|p| p > MAX_POINTER) {
            return Err(invalid_name(
                ErrorKind::InvalidInput,
                labels.len(),
                format_args!("pointer {pointer:?} is over 14 bits"),
            ));
        }
        Ok(Name { labels, pointer })
    }

    /// The labels this name holds itself, length-prefixed, as on the wire.
    pub fn wire_labels(&self) -> &'a [u8] {
        self.labels
    }

    /// Where the rest of the name is, from the start of the message (`None`: it ends here).
    pub fn pointer(&self) -> Option<u16> {
        self.pointer
    }

    /// The bytes the name takes in its message (its labels, then the root's zero or the
    /// two-byte pointer).
    pub fn wire_len(&self) -> usize {
        self.labels.len() + if self.pointer.is_some() { 2 } else { 1 }
    }

    /// The labels this name holds itself (not those its pointer leads to).
    pub fn own_labels(&self) -> impl Iterator<Item = &'a [u8]> + use<'a> {
        let mut rest = self.labels;
        core::iter::from_fn(move || {
            let (&len, after) = rest.split_first()?;
            let (label, after) = after.split_at(usize::from(len));
            rest = after;
            Some(label)
        })
    }

    /// Every label of the name, following its pointers in `message` (the whole message, from
    /// its first byte).
    ///
    /// # Errors
    /// `InvalidData` naming the offset in `message`: a pointer past its end or not further
    /// back than the one before it (a loop), a label running past the end, a label type
    /// other than 00 and 11, a name over 255 bytes.
    pub fn resolve(&self, message: &'a [u8]) -> Result<Vec<&'a [u8]>> {
        let mut labels = Vec::new();
        self.walk(message, |label| labels.push(label))?;
        Ok(labels)
    }

    /// The name in its text form (`www.example.com.`, `.` for the root), non-printing bytes,
    /// dots and backslashes inside labels escaped as RFC 1035's master files do.
    ///
    /// # Errors
    /// As [`resolve`](Self::resolve).
    pub fn dotted(&self, message: &'a [u8]) -> Result<String> {
        let mut text = String::new();
        self.walk(message, |label| {
            text.push_str(&Escaped(label).to_string());
            text.push('.');
        })?;
        if text.is_empty() {
            text.push('.');
        }
        Ok(text)
    }

    /// Visits every label, following the pointers in `message`; bounded by the 255 bytes a
    /// name may spell and by pointers that must go back each time.
    fn walk(&self, message: &'a [u8], mut visit: impl FnMut(&'a [u8])) -> Result<()> {
        // The root's zero, then each label's length and bytes.
        let mut spelled = 1 + self.labels.len();
        for label in self.own_labels() {
            visit(label);
        }
        let mut next = self.pointer;
        let mut bound = message.len();
        while let Some(target) = next {
            let target = usize::from(target);
            if target >= bound {
                let why = if bound == message.len() {
                    format!("points to byte {target}, past the {bound} bytes before it")
                } else {
                    format!(
                        "points to byte {target}, not before the name it came from at {bound} (a loop)"
                    )
                };
                return Err(invalid_name(ErrorKind::InvalidData, target, why));
            }
            bound = target;
            next = None;
            let mut at = target;
            loop {
                let Some(&len) = message.get(at) else {
                    return Err(runs_past(at, message.len()));
                };
                match len >> 6 {
                    0 if len == 0 => break,
                    0 => {
                        let end = at + 1 + usize::from(len);
                        let Some(label) = message.get(at + 1..end) else {
                            return Err(runs_past(at, message.len()));
                        };
                        spelled += 1 + usize::from(len);
                        if spelled > MAX_NAME_LEN {
                            return Err(too_long(ErrorKind::InvalidData, at, spelled));
                        }
                        visit(label);
                        at = end;
                    }
                    3 => {
                        let Some(&low) = message.get(at + 1) else {
                            return Err(runs_past(at, message.len()));
                        };
                        next = Some(u16::from_be_bytes([len & 0x3f, low]));
                        break;
                    }
                    _ => return Err(label_type(at, len)),
                }
            }
        }
        Ok(())
    }
}

/// Read from an input that outlives the labels it lends (as derived declarations are).
impl<'de: 'a, 'a> ReadFormat<'de> for Name<'a> {
    const MIN_SIZE: usize = 1;

    fn read_with(reader: &mut FormatReader<'de>) -> Result<Self> {
        let start = reader.position();
        let pointer = loop {
            let at = reader.position();
            let len = reader.take(1)?[0];
            match len >> 6 {
                0 if len == 0 => break None,
                0 => {
                    let spelled = at - start + 2 + usize::from(len);
                    if spelled > MAX_NAME_LEN {
                        return Err(too_long(ErrorKind::InvalidData, at, spelled));
                    }
                    reader.skip(usize::from(len))?;
                }
                3 => {
                    let low = reader.take(1)?[0];
                    break Some(u16::from_be_bytes([len & 0x3f, low]));
                }
                _ => return Err(label_type(at, len)),
            }
        };
        let end = reader.position() - if pointer.is_some() { 2 } else { 1 };
        let name = Name {
            labels: reader.past(start..end),
            pointer,
        };
        if pointer.is_some() {
            // Against the bytes before the name: a pointer forward is refused with them.
            name.walk(reader.past(0..start), |_| ())?;
        }
        Ok(name)
    }
}

impl WriteFormat for Name<'_> {
    fn write_with(&self, writer: &mut FormatWriter<'_>) -> Result<()> {
        writer.bytes(self.labels);
        match self.pointer {
            Some(p) => writer.bytes(&(0xc000 | p).to_be_bytes()),
            None => writer.bytes(&[0]),
        }
        Ok(())
    }
}

#[cold]
fn invalid_name(kind: ErrorKind, at: usize, why: impl core::fmt::Display) -> FormatError {
    FormatError::new(kind, at, format_args!("Name: {why}"))
}

#[cold]
fn too_long(kind: ErrorKind, at: usize, spelled: usize) -> FormatError {
    invalid_name(
        kind,
        at,
        format_args!("{spelled} bytes or more, over the {MAX_NAME_LEN} a name may take"),
    )
}

#[cold]
fn runs_past(at: usize, len: usize) -> FormatError {
    invalid_name(
        ErrorKind::InvalidData,
        at,
        format_args!("a label at byte {at} runs past the {len} bytes a pointer may reach"),
    )
}

#[cold]
fn label_type(at: usize, len: u8) -> FormatError {
    invalid_name(
        ErrorKind::InvalidData,
        at,
        format_args!(
            "length byte {len:#04x}: over {MAX_LABEL_LEN} bytes, a label type other than a \
             length (00) or a pointer (11)"
        ),
    )
}

/// A label as master files write it.
struct Escaped<'a>(&'a [u8]);

impl core::fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for &b in self.0 {
            match b {
                b'.' | b'\\' => write!(f, "\\{}", b as char)?,
                0x21..=0x7e => write!(f, "{}", b as char)?,
                _ => write!(f, "\\{b:03}")?,
            }
        }
        Ok(())
    }
}

/// The wire labels of a dotted name (`"www.example.com"`, a trailing dot or none; `""` or
/// `"."` the root), without the root's zero; labels hold the text's bytes as they are.
///
/// # Errors
/// `InvalidInput` for an empty label, one over 63 bytes, or a name over 255 bytes.
pub fn labels_of(dotted: &str) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    let trimmed = dotted.strip_suffix('.').unwrap_or(dotted);
    if !trimmed.is_empty() {
        for label in trimmed.split('.') {
            if label.is_empty() || label.len() > MAX_LABEL_LEN {
                return Err(invalid_name(
                    ErrorKind::InvalidInput,
                    out.len(),
                    format_args!("{dotted:?}: a label of {} bytes", label.len()),
                ));
            }
            out.push(label.len() as u8);
            out.extend_from_slice(label.as_bytes());
        }
    }
    Name::new(&out, None)?;
    Ok(out)
}

impl<'a> RecordData<'a> {
    /// The record's type.
    pub fn rtype(&self) -> u16 {
        match self {
            RecordData::A { .. } => rtype::A,
            RecordData::Aaaa { .. } => rtype::AAAA,
            RecordData::Ns { .. } => rtype::NS,
            RecordData::Cname { .. } => rtype::CNAME,
            RecordData::Ptr { .. } => rtype::PTR,
            RecordData::Mx { .. } => rtype::MX,
            RecordData::Txt { .. } => rtype::TXT,
            RecordData::Soa { .. } => rtype::SOA,
            RecordData::Srv { .. } => rtype::SRV,
            RecordData::Opt { .. } => rtype::OPT,
            RecordData::Unknown { rtype, .. } => *rtype,
        }
    }

    /// The record's class and TTL (`None` for OPT, which uses them otherwise).
    pub fn class_and_ttl(&self) -> Option<(u16, u32)> {
        match *self {
            RecordData::A { class, ttl, .. }
            | RecordData::Aaaa { class, ttl, .. }
            | RecordData::Ns { class, ttl, .. }
            | RecordData::Cname { class, ttl, .. }
            | RecordData::Ptr { class, ttl, .. }
            | RecordData::Mx { class, ttl, .. }
            | RecordData::Txt { class, ttl, .. }
            | RecordData::Soa { class, ttl, .. }
            | RecordData::Srv { class, ttl, .. }
            | RecordData::Unknown { class, ttl, .. } => Some((class, ttl)),
            RecordData::Opt { .. } => None,
        }
    }
}

impl<'a> Message<'a> {
    /// Every record, answers, then authorities, then additionals.
    pub fn records(&self) -> impl Iterator<Item = &Record<'a>> {
        self.answers
            .iter()
            .chain(&self.authorities)
            .chain(&self.additionals)
    }

    /// The message with its uncompressed names compressed against the names before them (the
    /// owners', and those in NS, CNAME, PTR, MX and SOA data; never SRV's, RFC 2782): each
    /// name's longest suffix already written, byte for byte, becomes a pointer to it. Names
    /// that already end in a pointer are kept as they are.
    pub fn compressed(&self) -> Message<'a> {
        let mut suffixes = Suffixes::default();
        let mut at = 12;
        let mut message = self.clone();
        for question in &mut message.questions {
            question.name = suffixes.compress(question.name, at);
            at += question.name.wire_len() + 4;
        }
        let sections = [
            &mut message.answers,
            &mut message.authorities,
            &mut message.additionals,
        ];
        for record in sections.into_iter().flatten() {
            record.name = suffixes.compress(record.name, at);
            at += record.name.wire_len() + 10;
            at += suffixes.compress_data(&mut record.data, at);
        }
        message
    }
}

/// Where the suffixes of names already written are (byte-exact, as the labels are held).
#[derive(Default)]
struct Suffixes<'a> {
    at: HashMap<&'a [u8], u16>,
}

impl<'a> Suffixes<'a> {
    /// `name`, to be written at `at`, ending in a pointer to its longest suffix already
    /// written; its new suffixes are noted.
    fn compress(&mut self, name: Name<'a>, at: usize) -> Name<'a> {
        if name.pointer.is_some() {
            return name;
        }
        let labels = name.labels;
        let mut start = 0;
        while start < labels.len() {
            if let Some(&target) = self.at.get(&labels[start..]) {
                return Name {
                    labels: &labels[..start],
                    pointer: Some(target),
                };
            }
            if let Ok(offset) = u16::try_from(at + start)
                && offset <= MAX_POINTER
            {
                self.at.insert(&labels[start..], offset);
            }
            start += 1 + usize::from(labels[start]);
        }
        name
    }

    /// Compresses the names in a record's data written at `at`; returns its length.
    fn compress_data(&mut self, data: &mut RecordData<'a>, at: usize) -> usize {
        match data {
            RecordData::Ns { name, .. }
            | RecordData::Cname { name, .. }
            | RecordData::Ptr { name, .. } => {
                *name = self.compress(*name, at);
                name.wire_len()
            }
            RecordData::Mx { mx, .. } => {
                mx.exchange = self.compress(mx.exchange, at + 2);
                2 + mx.exchange.wire_len()
            }
            RecordData::Soa { soa, .. } => {
                soa.mname = self.compress(soa.mname, at);
                soa.rname = self.compress(soa.rname, at + soa.mname.wire_len());
                soa.mname.wire_len() + soa.rname.wire_len() + 20
            }
            RecordData::A { .. } => 4,
            RecordData::Aaaa { .. } => 16,
            RecordData::Txt { strings, .. } => strings.iter().map(|s| 1 + s.text.len()).sum(),
            RecordData::Srv { srv, .. } => 6 + srv.target.wire_len(),
            RecordData::Opt { options, .. } => options.iter().map(|o| 4 + o.data.len()).sum(),
            RecordData::Unknown { data, .. } => data.len(),
        }
    }
}
