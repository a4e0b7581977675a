//! A DNS message (RFC 1035, with EDNS's OPT record), written with binrw 0.15 the way its
//! documentation shows its users: `#[binrw]` types read from a `Read + Seek` stream (a
//! `Cursor` over the message), big-endian. binrw has no bit fields: the header's flags word is
//! read whole (`temp`) and split with `calc`, packed again on write, as the pcapng peer does
//! with its packet headers. The four counts are `temp` fields written from the lists. A record's
//! data is an enum that imports the record's type and data length (`import`, `pre_assert` on
//! the type); TXT strings and EDNS options fill exactly the data's length (`take_seek` with
//! `until_eof`), an unknown type's data is kept as bytes.
//!
//! Names are a `parse_with` function that reads labels into `Vec`s and follows compression
//! pointers with the stream's `Seek` (each pointer must go back before the name, or the one
//! before it: no loop is followed), so a [`Name`] holds every label of the name, resolved.
//! Writing is a `write_with` function that writes those labels in full: binrw has nothing to
//! compress with (every name's writer would need a table of the names written before it,
//! passed down as arguments) and its users write names uncompressed, so a compressed message
//! writes back longer, to the same values. Each record's data length is computed from its
//! data on write.
//!
//! The same message as `examples/dns/format.rs`; included with `#[path]` by the comparison
//! test (`compare/tests/peers/dns_binrw_deku.rs`) and perf_report (`dns_rows.rs`).

use binrw::helpers::until_eof;
use binrw::io::{Cursor, SeekFrom, TakeSeekExt};
use binrw::{BinRead, BinResult, BinWrite, binrw};

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

    /// Every type above.
    pub const KNOWN: [u16; 10] = [A, NS, CNAME, SOA, PTR, MX, TXT, AAAA, SRV, OPT];
}

/// The most bytes a name may spell: its labels, their lengths and the root's zero.
const MAX_NAME_LEN: usize = 255;

/// A DNS message.
#[binrw]
#[brw(big)]
#[derive(Debug, PartialEq, Clone)]
pub struct Message {
    pub id: u16,
    #[br(temp)]
    #[bw(calc = (u16::from(*response) << 15)
        | (u16::from(opcode & 0xf) << 11)
        | (u16::from(*authoritative) << 10)
        | (u16::from(*truncated) << 9)
        | (u16::from(*recursion_desired) << 8)
        | (u16::from(*recursion_available) << 7)
        | (u16::from(*z) << 6)
        | (u16::from(*authentic_data) << 5)
        | (u16::from(*checking_disabled) << 4)
        | u16::from(rcode & 0xf))]
    flags: u16,
    #[br(calc = flags & 0x8000 != 0)]
    #[bw(ignore)]
    pub response: bool,
    #[br(calc = (flags >> 11) as u8 & 0xf)]
    #[bw(ignore)]
    pub opcode: u8,
    #[br(calc = flags & 0x0400 != 0)]
    #[bw(ignore)]
    pub authoritative: bool,
    #[br(calc = flags & 0x0200 != 0)]
    #[bw(ignore)]
    pub truncated: bool,
    #[br(calc = flags & 0x0100 != 0)]
    #[bw(ignore)]
    pub recursion_desired: bool,
    #[br(calc = flags & 0x0080 != 0)]
    #[bw(ignore)]
    pub recursion_available: bool,
    /// Reserved, kept as read.
    #[br(calc = flags & 0x0040 != 0)]
    #[bw(ignore)]
    pub z: bool,
    #[br(calc = flags & 0x0020 != 0)]
    #[bw(ignore)]
    pub authentic_data: bool,
    #[br(calc = flags & 0x0010 != 0)]
    #[bw(ignore)]
    pub checking_disabled: bool,
    #[br(calc = flags as u8 & 0xf)]
    #[bw(ignore)]
    pub rcode: u8,
    #[br(temp)]
    #[bw(try_calc = u16::try_from(questions.len()))]
    question_count: u16,
    #[br(temp)]
    #[bw(try_calc = u16::try_from(answers.len()))]
    answer_count: u16,
    #[br(temp)]
    #[bw(try_calc = u16::try_from(authorities.len()))]
    authority_count: u16,
    #[br(temp)]
    #[bw(try_calc = u16::try_from(additionals.len()))]
    additional_count: u16,
    #[br(count = question_count)]
    pub questions: Vec<Question>,
    #[br(count = answer_count)]
    pub answers: Vec<Record>,
    #[br(count = authority_count)]
    pub authorities: Vec<Record>,
    #[br(count = additional_count)]
    pub additionals: Vec<Record>,
}

/// A domain name: every label, pointers followed (the root's empty label not kept).
#[derive(Debug, PartialEq, Eq, Clone, Default)]
pub struct Name(pub Vec<Vec<u8>>);

impl Name {
    /// The bytes the name takes written uncompressed.
    pub fn wire_len(&self) -> usize {
        self.0.iter().map(|l| 1 + l.len()).sum::<usize>() + 1
    }
}

/// An error at `pos` that says `message`.
fn name_error(pos: u64, message: String) -> binrw::Error {
    binrw::Error::AssertFail { pos, message }
}

/// Reads a name, following its compression pointers in the stream; leaves the stream after
/// the name's own bytes (its root's zero or its first pointer).
#[binrw::parser(reader)]
pub fn read_name() -> BinResult<Name> {
    let mut labels = Vec::new();
    let mut spelled = 1;
    // Where to come back to after the first pointer, and the bound the next pointer must be
    // below: the start of the name, then the target of the pointer before.
    let mut resume = None;
    let mut bound = reader.stream_position()?;
    loop {
        let at = reader.stream_position()?;
        let len = u8::read(reader)?;
        match len >> 6 {
            0 if len == 0 => break,
            0 => {
                spelled += 1 + usize::from(len);
                if spelled > MAX_NAME_LEN {
                    return Err(name_error(at, format!("a name over {MAX_NAME_LEN} bytes")));
                }
                let mut label = vec![0; usize::from(len)];
                reader.read_exact(&mut label)?;
                labels.push(label);
            }
            3 => {
                let low = u8::read(reader)?;
                let target = u64::from(u16::from_be_bytes([len & 0x3f, low]));
                if target >= bound {
                    return Err(name_error(
                        at,
                        format!("a pointer to {target}, not before {bound}"),
                    ));
                }
                bound = target;
                if resume.is_none() {
                    resume = Some(reader.stream_position()?);
                }
                reader.seek(SeekFrom::Start(target))?;
            }
            _ => return Err(name_error(at, format!("label type {:#04x}", len & 0xc0))),
        }
    }
    if let Some(back) = resume {
        reader.seek(SeekFrom::Start(back))?;
    }
    Ok(Name(labels))
}

/// Writes a name uncompressed: each label after its length, then the root's zero.
#[binrw::writer(writer)]
pub fn write_name(name: &Name) -> BinResult<()> {
    for label in &name.0 {
        let pos = writer.stream_position()?;
        match u8::try_from(label.len()) {
            Ok(len @ 1..=63) => writer.write_all(&[len])?,
            _ => return Err(name_error(pos, format!("a label of {} bytes", label.len()))),
        }
        writer.write_all(label)?;
    }
    writer.write_all(&[0])?;
    Ok(())
}

/// A question: the name, the type and class asked for.
#[binrw]
#[derive(Debug, PartialEq, Clone)]
pub struct Question {
    #[br(parse_with = read_name)]
    #[bw(write_with = write_name)]
    pub name: Name,
    pub qtype: u16,
    pub qclass: u16,
}

/// A resource record. For OPT the class is the sender's UDP payload size and the TTL holds
/// the extended rcode, the version, the DO bit and Z ([`Record::edns`]).
#[binrw]
#[derive(Debug, PartialEq, Clone)]
pub struct Record {
    #[br(parse_with = read_name)]
    #[bw(write_with = write_name)]
    pub name: Name,
    pub rtype: u16,
    pub class: u16,
    pub ttl: u32,
    #[br(temp)]
    #[bw(try_calc = u16::try_from(data.wire_len()))]
    rdlength: u16,
    #[br(args(rtype, rdlength))]
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
#[binrw]
#[br(import(rtype: u16, rdlength: u16))]
#[derive(Debug, PartialEq, Clone)]
pub enum RecordData {
    #[br(pre_assert(rtype == rtype::A))]
    A([u8; 4]),
    #[br(pre_assert(rtype == rtype::AAAA))]
    Aaaa([u8; 16]),
    #[br(pre_assert(rtype == rtype::NS))]
    Ns(
        #[br(parse_with = read_name)]
        #[bw(write_with = write_name)]
        Name,
    ),
    #[br(pre_assert(rtype == rtype::CNAME))]
    Cname(
        #[br(parse_with = read_name)]
        #[bw(write_with = write_name)]
        Name,
    ),
    #[br(pre_assert(rtype == rtype::PTR))]
    Ptr(
        #[br(parse_with = read_name)]
        #[bw(write_with = write_name)]
        Name,
    ),
    #[br(pre_assert(rtype == rtype::MX))]
    Mx {
        preference: u16,
        #[br(parse_with = read_name)]
        #[bw(write_with = write_name)]
        exchange: Name,
    },
    /// Character-strings filling the data.
    #[br(pre_assert(rtype == rtype::TXT))]
    Txt(
        #[br(parse_with = until_eof, map_stream = |s| s.take_seek(rdlength.into()))]
        Vec<CharString>,
    ),
    #[br(pre_assert(rtype == rtype::SOA))]
    Soa {
        #[br(parse_with = read_name)]
        #[bw(write_with = write_name)]
        mname: Name,
        #[br(parse_with = read_name)]
        #[bw(write_with = write_name)]
        rname: Name,
        serial: u32,
        refresh: u32,
        retry: u32,
        expire: u32,
        minimum: u32,
    },
    #[br(pre_assert(rtype == rtype::SRV))]
    Srv {
        priority: u16,
        weight: u16,
        port: u16,
        #[br(parse_with = read_name)]
        #[bw(write_with = write_name)]
        target: Name,
    },
    /// EDNS options filling the data.
    #[br(pre_assert(rtype == rtype::OPT))]
    Opt(
        #[br(parse_with = until_eof, map_stream = |s| s.take_seek(rdlength.into()))]
        Vec<EdnsOption>,
    ),
    /// Any other type's data, as bytes.
    #[br(pre_assert(!rtype::KNOWN.contains(&rtype)))]
    Unknown(#[br(count = rdlength)] Vec<u8>),
}

impl RecordData {
    /// The bytes the data takes written (its names uncompressed).
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
#[binrw]
#[derive(Debug, PartialEq, Clone)]
pub struct CharString {
    #[br(temp)]
    #[bw(try_calc = u8::try_from(text.len()))]
    len: u8,
    #[br(count = len)]
    pub text: Vec<u8>,
}

/// An EDNS option: its code and data.
#[binrw]
#[derive(Debug, PartialEq, Clone)]
pub struct EdnsOption {
    pub code: u16,
    #[br(temp)]
    #[bw(try_calc = u16::try_from(data.len()))]
    len: u16,
    #[br(count = len)]
    pub data: Vec<u8>,
}

/// Reads a message.
pub fn parse(bytes: &[u8]) -> BinResult<Message> {
    Message::read(&mut Cursor::new(bytes))
}

/// Writes a message, its names uncompressed.
pub fn write(message: &Message) -> BinResult<Vec<u8>> {
    let mut out = Cursor::new(Vec::new());
    message.write(&mut out)?;
    Ok(out.into_inner())
}

/// Writes a message into `out` (cleared first), its names uncompressed.
pub fn write_into(message: &Message, out: &mut Vec<u8>) -> BinResult<()> {
    out.clear();
    message.write(&mut Cursor::new(out))
}
