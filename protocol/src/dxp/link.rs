//! The DXP connection (the protocol's "layer 1" over TCP): each message is sent as its text
//! followed by one NUL byte. A reader thread cuts the incoming bytes at each NUL and hands every
//! message, read or refused, to the session; the session writes its own messages.
//!
//! A message longer than the protocol allows is refused once and its bytes are dropped up to the
//! next NUL, so a peer sending endless bytes costs no memory. Empty messages (two NULs in a row)
//! are skipped.

use super::event::Event;
use super::log::{printable, ExchangeLog};
use super::message::{Message, MAX_LEN};
use super::parse::{parse_message, ErrorKind, ParseError};
use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::sync::mpsc::Sender;
use std::time::Duration;

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

/// Reads `stream` on a thread of its own until the connection ends, sending each message and
/// then the end to `events`. It stops when the session has gone (its channel closed) or the
/// socket is shut down.
pub fn spawn_reader(mut stream: TcpStream, events: Sender<Event>) -> Result<(), String> {
    std::thread::Builder::new()
        .name("dxp-reader".into())
        .spawn(move || {
            let mut framer = Framer::default();
            let mut buffer = [0u8; 4096];
            let reason = loop {
                match stream.read(&mut buffer) {
                    Ok(0) => break "the other side closed the connection".to_string(),
                    Ok(n) => {
                        for (text, message) in framer.push(&buffer[..n]) {
                            if events.send(Event::Received { text, message }).is_err() {
                                return;
                            }
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => break format!("reading failed: {e}"),
                }
            };
            let _ = events.send(Event::Closed(reason));
        })
        .map(|_| ())
        .map_err(|e| format!("cannot start the reader thread: {e}"))
}

/// The session's side of a connection: writing messages, logging the exchange.
pub struct Link {
    stream: TcpStream,
    /// The other side's address.
    pub peer: SocketAddr,
    /// The exchange log.
    pub log: ExchangeLog,
}

impl Link {
    /// A link over `stream`; writes that block longer than `patience` fail (a peer that stopped
    /// reading).
    pub fn new(stream: TcpStream, log: ExchangeLog, patience: Duration) -> Result<Link, String> {
        let peer = stream.peer_addr().map_err(|e| format!("the connection failed: {e}"))?;
        // Each message is one short write: send it at once.
        let _ = stream.set_nodelay(true);
        stream
            .set_write_timeout(Some(patience.max(Duration::from_millis(1))))
            .map_err(|e| format!("the connection failed: {e}"))?;
        Ok(Link { stream, peer, log })
    }

    /// A second handle on the socket, for the reader thread.
    pub fn reader_stream(&self) -> Result<TcpStream, String> {
        self.stream.try_clone().map_err(|e| format!("the connection failed: {e}"))
    }

    /// Sends one message.
    pub fn send(&mut self, message: &Message) -> Result<(), String> {
        let text = message.text();
        self.log.sent(&text);
        let mut bytes = text.into_bytes();
        bytes.push(0);
        self.stream
            .write_all(&bytes)
            .and_then(|()| self.stream.flush())
            .map_err(|e| format!("sending {} to {} failed: {e}", message.kind(), self.peer))
    }

    /// Ends the connection both ways (the reader thread then stops).
    pub fn close(&mut self) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
