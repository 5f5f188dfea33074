//! The DXP connection (the protocol's "layer 1" over TCP): each message is sent as its text
//! followed by one NUL byte. A reader thread cuts the incoming bytes at each NUL and hands every
//! message, read or refused, to the session; the session writes its own messages.
//!
//! A message longer than the protocol allows is refused once and its bytes are dropped up to the
//! next NUL, so a peer sending endless bytes costs no memory. Empty messages (two NULs in a row)
//! are skipped.

use super::event::Event;
use super::log::ExchangeLog;
use dama_frontend::dxp::framing::Framer;
use dama_frontend::dxp::message::Message;
use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::sync::mpsc::Sender;
use std::time::Duration;

/// Reads `stream` on a thread of its own until the connection ends, sending each message and
/// then the end to `events`. It stops when the session has gone (its channel closed) or the
/// socket is shut down. `framer` holds what was read before (the start of a message).
pub fn spawn_reader(
    mut stream: TcpStream,
    mut framer: Framer,
    events: Sender<Event>,
) -> Result<(), String> {
    std::thread::Builder::new()
        .name("dxp-reader".into())
        .spawn(move || {
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
    /// reading). Reads wait without a limit: the session keeps its own deadlines (a connection
    /// that waited for its game request had one on the socket, taken off here).
    pub fn new(stream: TcpStream, log: ExchangeLog, patience: Duration) -> Result<Link, String> {
        let peer = stream.peer_addr().map_err(|e| format!("the connection failed: {e}"))?;
        // Each message is one short write: send it at once.
        let _ = stream.set_nodelay(true);
        let failed = |e: std::io::Error| format!("the connection failed: {e}");
        stream.set_write_timeout(Some(patience.max(Duration::from_millis(1)))).map_err(failed)?;
        stream.set_read_timeout(None).map_err(failed)?;
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
