//! A new connection to the server, on a short-lived thread of its own, until it has sent a game
//! request Dama accepts: only then is it handed to the game thread ([`super::server`]) as the
//! game session. Until then it holds nothing but its thread and socket, and for no longer than
//! the request timeout (`--request-timeout`), so a client that connects and says nothing blocks
//! no one.
//!
//! Its first messages are judged one by one:
//! - a game request Dama can play, while no game is under way: the connection becomes the game
//!   session (the request and anything read after it go with it, unanswered yet);
//! - a game request while a game is under way (and still after
//!   [`super::gate::BUSY_GRACE`]): `A...3` (no game) and a chat saying the server is busy,
//!   then the connection is closed;
//! - a game request of another version, malformed, or from a position the rules refuse: refused
//!   as the game session would (`A...1`, `A...2`, then a chat saying why); the connection may
//!   send another within the same time, up to [`MAX_REFUSALS`] of them;
//! - anything else (another message type, garbage): the connection is closed.

use super::gate::{Gate, Opening};
use super::log::ExchangeLog;
use super::request::{playable_start, refusal_of};
use dama_frontend::dxp::framing::Framer;
use dama_frontend::dxp::message::{AcceptCode, GameAccept, Message};
use dama_frontend::dxp::parse::ParseError;
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// Refused game requests a connection may send before it is closed.
pub const MAX_REFUSALS: u32 = 8;

/// How long a connection that was answered and closed is read to its end, so that bytes it sent
/// after its request do not turn the close into a reset that could lose the answer.
const LINGER: Duration = Duration::from_millis(200);

/// What became of one message of a waiting connection.
enum Verdict {
    /// Wait for the next message.
    Wait,
    /// The connection is over.
    Close,
    /// The game request that makes the connection the game session.
    Session,
}

/// A connection waiting for its game request.
struct Pending<'g> {
    gate: &'g Gate,
    stream: TcpStream,
    peer: SocketAddr,
    log: ExchangeLog,
    refusals: u32,
    /// Whether Dama wrote to it (it then closes gently, see [`LINGER`]).
    answered: bool,
}

/// Serves one new connection until it becomes the game session or is closed.
pub fn handle(stream: TcpStream, peer: SocketAddr, gate: &Gate) {
    let log = gate.log.tagged(&peer.to_string());
    let mut pending = Pending { gate, stream, peer, log, refusals: 0, answered: false };
    pending.note("connected");
    let deadline = Instant::now() + gate.request_timeout;
    // Each answer is a few bytes: a peer that does not read them is not waited for long.
    let _ = pending.stream.set_write_timeout(Some(gate.request_timeout));
    let _ = pending.stream.set_nodelay(true);
    let mut framer = Framer::default();
    let mut buffer = [0u8; 4096];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            let seconds = gate.request_timeout.as_secs_f64();
            pending.note(&format!("no game request within {seconds} s: connection closed"));
            return pending.close();
        }
        if let Err(e) = pending.stream.set_read_timeout(Some(left)) {
            pending.note(&format!("the connection failed: {e}"));
            return pending.close();
        }
        let n = match pending.stream.read(&mut buffer) {
            Ok(0) => {
                pending.note("closed the connection before a game request");
                return pending.close();
            }
            Ok(n) => n,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => continue,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => {
                pending.note(&format!("reading failed: {e}"));
                return pending.close();
            }
        };
        let mut messages = framer.push(&buffer[..n]).into_iter();
        while let Some((text, message)) = messages.next() {
            match pending.judge(&text, &message) {
                Verdict::Wait => {}
                Verdict::Close => return pending.close(),
                Verdict::Session => {
                    let mut received = vec![(text, message)];
                    received.extend(messages);
                    let opening = Opening { stream: pending.stream, framer, received };
                    // The game thread is gone only when the server is about to exit.
                    let _ = gate.openings.send(opening);
                    return;
                }
            }
        }
    }
}

impl Pending<'_> {
    /// A line on stderr and in the log (marked with the peer's address).
    fn note(&mut self, text: &str) {
        tell!("dxp: {}: {text}", self.peer);
        self.log.note(text);
    }

    /// What one message makes of the connection.
    fn judge(&mut self, text: &str, message: &Result<Message, ParseError>) -> Verdict {
        let request = match message {
            Ok(Message::GameRequest(request)) => request,
            Err(error) => {
                self.log.received(text);
                return match refusal_of(error) {
                    Some((code, why)) => self.refuse(code, &why),
                    None => self.not_a_request(&format!("{error}")),
                };
            }
            Ok(other) => {
                self.log.received(text);
                return self.not_a_request(&format!("a {} message", other.kind()));
            }
        };
        if let Err(why) = playable_start(request) {
            self.log.received(text);
            return self.refuse(AcceptCode::NotThisGame, &why);
        }
        if self.gate.claim() {
            // The request is the game session's first message: it logs and answers it.
            self.note("its game request is accepted: it is the game session");
            return Verdict::Session;
        }
        self.log.received(text);
        self.note("refused a game request: busy with another game");
        let busy = "Dama is busy with another game: try again when it is over".to_string();
        match self.answer(AcceptCode::NoGames, busy) {
            Ok(()) => Verdict::Close,
            Err(e) => self.failed(&e),
        }
    }

    /// A first message that is no game request: the connection is closed.
    fn not_a_request(&mut self, what: &str) -> Verdict {
        self.note(&format!("sent no game request but {what}: connection closed"));
        Verdict::Close
    }

    /// Refuses a game request (the reason follows as a chat); the connection may send another.
    fn refuse(&mut self, code: AcceptCode, why: &str) -> Verdict {
        self.note(why);
        if let Err(e) = self.answer(code, format!("Dama {why}")) {
            return self.failed(&e);
        }
        self.refusals += 1;
        if self.refusals >= MAX_REFUSALS {
            self.note(&format!("{MAX_REFUSALS} game requests refused: connection closed"));
            return Verdict::Close;
        }
        Verdict::Wait
    }

    /// Sends a game accept with `code`, then `chat`.
    fn answer(&mut self, code: AcceptCode, chat: String) -> Result<(), String> {
        self.answered = true;
        let name = self.gate.name.clone();
        self.send(&Message::GameAccept(GameAccept { name, code }))?;
        self.send(&Message::Chat(chat))
    }

    fn send(&mut self, message: &Message) -> Result<(), String> {
        let text = message.text();
        self.log.sent(&text);
        let mut bytes = text.into_bytes();
        bytes.push(0);
        self.stream.write_all(&bytes).map_err(|e| format!("sending {} failed: {e}", message.kind()))
    }

    fn failed(&mut self, why: &str) -> Verdict {
        self.note(&format!("{why}: connection closed"));
        Verdict::Close
    }

    /// Closes the connection; after an answer, the peer has [`LINGER`] to read it first.
    fn close(mut self) {
        if self.answered {
            let _ = self.stream.shutdown(Shutdown::Write);
            let _ = self.stream.set_read_timeout(Some(LINGER));
            let until = Instant::now() + LINGER;
            let mut sink = [0u8; 4096];
            while Instant::now() < until {
                match self.stream.read(&mut sink) {
                    Ok(n) if n > 0 => {}
                    _ => break,
                }
            }
        }
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}
