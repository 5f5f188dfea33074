//! Cutting a DXP byte stream into messages (the protocol's "layer 1" over TCP): each message is
//! its text followed by one NUL byte. A message longer than the protocol allows is refused once
//! and its bytes are dropped up to the next NUL, so a peer sending endless bytes costs no memory.
//! Empty messages (two NULs in a row) are skipped.

use super::message::{Message, MAX_LEN};
use super::parse::{parse_message, ErrorKind, ParseError};

/// Bytes as text for the log and messages: printable ASCII as it is, anything else as `\xNN`.
pub fn printable(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        if b == b' ' || b.is_ascii_graphic() && b != b'\\' {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    out
}

/// Splits a byte stream into messages at each NUL.
#[derive(Default)]
pub struct Framer {
    current: Vec<u8>,
    /// Bytes of the current message beyond [`MAX_LEN`] (dropped).
    overflow: usize,
}

impl Framer {
    /// Takes the next bytes read; returns each message they complete, as (its text for the log,
    /// what it reads as).
    pub fn push(&mut self, bytes: &[u8]) -> Vec<(String, Result<Message, ParseError>)> {
        let mut out = Vec::new();
        for &byte in bytes {
            if byte != 0 {
                if self.current.len() < MAX_LEN {
                    self.current.push(byte);
                } else {
                    self.overflow += 1;
                }
                continue;
            }
            let text = printable(&self.current);
            if self.overflow > 0 {
                let length = self.current.len() + self.overflow;
                let header = self.current.first().filter(|b| b.is_ascii()).map(|&b| char::from(b));
                let reason = format!("message of {length} characters (at most {MAX_LEN})");
                out.push((
                    format!("{text}... ({length} characters)"),
                    Err(ParseError { header, kind: ErrorKind::Malformed, reason }),
                ));
            } else if !self.current.is_empty() {
                out.push((text, parse_message(&self.current)));
            }
            self.current.clear();
            self.overflow = 0;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_escapes_what_is_not_plain_ascii() {
        assert_eq!(printable(b"M0012322800"), "M0012322800");
        assert_eq!(printable(b"a\x00b\xffc\\"), "a\\x00b\\xffc\\x5c");
    }

    #[test]
    fn messages_are_cut_at_each_nul_however_the_bytes_arrive() {
        let mut framer = Framer::default();
        assert!(framer.push(b"E0").is_empty());
        let out = framer.push(b"0\0\0K1\0C");
        let texts: Vec<&str> = out.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(texts, ["E00", "K1"]);
        assert!(out.iter().all(|(_, m)| m.is_ok()));
        let out = framer.push(b"hi\0");
        assert_eq!(out[0].1, Ok(Message::Chat("hi".into())));
    }

    #[test]
    fn an_overlong_message_is_refused_once_and_dropped() {
        let mut framer = Framer::default();
        let mut bytes = vec![b'C'; 10_000];
        bytes.push(0);
        bytes.extend_from_slice(b"K0\0");
        let out = framer.push(&bytes);
        assert_eq!(out.len(), 2);
        let error = out[0].1.as_ref().unwrap_err();
        assert!(error.reason.contains("10000 characters"), "{}", error.reason);
        assert!(out[0].0.len() < 200);
        assert_eq!(out[1].1, Ok(Message::BackAccept(super::super::message::BackCode::Accepted)));
    }

    #[test]
    fn garbage_bytes_are_refused_and_shown_escaped() {
        let mut framer = Framer::default();
        let out = framer.push(b"M\xff\x01\0");
        assert_eq!(out[0].0, "M\\xff\\x01");
        assert!(out[0].1.is_err());
    }
}
