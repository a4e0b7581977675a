//! The DNS messages of a pcapng capture, found by the pcapng declaration: shared by the tests
//! (`tests/format/dns.rs`) and the comparison with simple-dns (`compare/tests/peers/dns.rs`),
//! which include this file beside their `pcapng` module.

use endian_wire::format::ReadFormat;

use crate::pcapng::format::{Block, Capture};
use crate::pcapng::packet::{Frame, Network};

/// The UDP payloads to or from port 53 (DNS) or 5353 (mDNS) in a pcapng capture.
pub fn dns_payloads(file: &[u8]) -> Vec<&[u8]> {
    let capture = Capture::read_format_exact(file).expect("a capture");
    let mut out = Vec::new();
    for block in capture.blocks {
        let Block::Packet(packet) = block else {
            continue;
        };
        // Frames whose IPv4 checksum the network card was left to fill are refused: skipped.
        let Ok(frame) = Frame::read_format_exact(packet.data) else {
            continue;
        };
        let (udp, payload) = match frame.network {
            Network::Ipv4(ip) => (ip.udp, ip.payload),
            Network::Ipv6(ip) => (ip.udp, ip.payload),
            Network::Other { .. } => continue,
        };
        let ports = udp.map(|u| [u.source_port, u.destination_port]);
        if ports.is_some_and(|p| p.contains(&53) || p.contains(&5353)) {
            out.push(payload);
        }
    }
    out
}
