//! What a DXP server's threads share: the [`Gate`] that the acceptor, the connections waiting
//! for their game request ([`super::pending`]) and the game thread ([`super::server`]) pass
//! through, and the [`Opening`] a waiting connection becomes when its game request is accepted.

use super::log::ExchangeLog;
use dama_frontend::dxp::framing::Framer;
use dama_frontend::dxp::message::Message;
use dama_frontend::dxp::parse::ParseError;
use std::net::TcpStream;
use std::sync::atomic::AtomicUsize;
use std::sync::mpsc::Sender;
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

/// How long a game request waits for the game session under way to end before it is refused
/// as busy.
pub const BUSY_GRACE: Duration = Duration::from_millis(300);

/// A connection whose game request was accepted: the game session's start.
pub struct Opening {
    /// The connection.
    pub stream: TcpStream,
    /// The start of the next message, read already.
    pub framer: Framer,
    /// The messages read and not yet answered: the game request first.
    pub received: Vec<(String, Result<Message, ParseError>)>,
}

/// What the acceptor, the waiting connections and the game thread share.
pub struct Gate {
    /// Dama's name in its answers.
    pub name: String,
    /// How long a new connection has to send its game request.
    pub request_timeout: Duration,
    /// The exchange log.
    pub log: ExchangeLog,
    /// Whether a game session is under way (claimed by the connection that becomes it).
    busy: Mutex<bool>,
    /// Told when the game session ends.
    freed: Condvar,
    /// Connections waiting for their game request.
    pub waiting: AtomicUsize,
    /// To the game thread.
    pub openings: Sender<Opening>,
}

impl Gate {
    /// The gate of a server answering as `name`, handing accepted connections to `openings`.
    pub fn new(
        name: String,
        request_timeout: Duration,
        log: ExchangeLog,
        openings: Sender<Opening>,
    ) -> Gate {
        let (busy, freed, waiting) = (Mutex::new(false), Condvar::new(), AtomicUsize::new(0));
        Gate { name, request_timeout, log, busy, freed, waiting, openings }
    }

    /// Claims the game session for a connection whose game request Dama can play: at once when
    /// none is under way, or when the one under way ends within [`BUSY_GRACE`]. False if it
    /// goes on.
    pub fn claim(&self) -> bool {
        let busy = self.busy.lock().unwrap_or_else(PoisonError::into_inner);
        let (mut busy, _) = self
            .freed
            .wait_timeout_while(busy, BUSY_GRACE, |busy| *busy)
            .unwrap_or_else(PoisonError::into_inner);
        if *busy {
            return false;
        }
        *busy = true;
        true
    }

    /// The game session is over.
    pub(super) fn release(&self) {
        *self.busy.lock().unwrap_or_else(PoisonError::into_inner) = false;
        self.freed.notify_all();
    }
}
