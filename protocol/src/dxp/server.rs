//! The follower as a server: an acceptor thread takes every new connection and hands it to a
//! short-lived thread of its own ([`super::pending`]) that waits for its game request under the
//! request timeout; at most [`MAX_PENDING`] wait at once (more are closed at once, so a flood
//! costs a bounded number of threads). The game thread (the caller's) plays one game session at
//! a time, each for as many games as its initiator asks: the connection whose game request was
//! accepted while no game was under way. A request while one is under way is refused as busy,
//! unless the session ends within [`BUSY_GRACE`] (a client that ended its game on one connection
//! and asks for the next on a new one at once).

use super::link::Link;
use super::log::ExchangeLog;
use super::session::{Config, Role, Session};
use super::Failure;
use dama_engine::international::International;
use dama_engine::search::Searcher;
use dama_frontend::dxp::framing::Framer;
use dama_frontend::dxp::message::Message;
use dama_frontend::dxp::parse::ParseError;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

/// Connections that may wait for their game request at once; more are closed as they come.
pub const MAX_PENDING: usize = 48;

/// Stack of a waiting connection's thread: it reads, parses and checks one position.
const PENDING_STACK_BYTES: usize = 256 << 10;

/// How long a game request waits for the game session under way to end before it is refused
/// as busy.
pub const BUSY_GRACE: Duration = Duration::from_millis(300);

/// After a failed accept (out of file descriptors...), the acceptor waits this long.
const ACCEPT_RETRY: Duration = Duration::from_millis(50);

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
    fn release(&self) {
        *self.busy.lock().unwrap_or_else(PoisonError::into_inner) = false;
        self.freed.notify_all();
    }
}

/// One waiting connection counted while its thread lives.
struct Waiting<'g>(&'g AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Accepts connections until the program ends, each to a thread of its own.
fn accept_loop(listener: &TcpListener, gate: &Arc<Gate>) {
    loop {
        let (stream, peer) = match listener.accept() {
            Ok(accepted) => accepted,
            Err(e) => {
                tell!("dxp: a connection failed: {e}");
                std::thread::sleep(ACCEPT_RETRY);
                continue;
            }
        };
        admit(stream, peer, gate);
    }
}

/// Gives a new connection its thread, or closes it at once when too many wait.
fn admit(stream: TcpStream, peer: SocketAddr, gate: &Arc<Gate>) {
    if gate.waiting.load(Ordering::SeqCst) >= MAX_PENDING {
        let text = format!("{MAX_PENDING} connections wait for their game request already: closed");
        tell!("dxp: {peer}: {text}");
        gate.log.tagged(&peer.to_string()).note(&text);
        return;
    }
    gate.waiting.fetch_add(1, Ordering::SeqCst);
    let shared = Arc::clone(gate);
    let spawned = std::thread::Builder::new()
        .name("dxp-pending".into())
        .stack_size(PENDING_STACK_BYTES)
        .spawn(move || {
            let _counted = Waiting(&shared.waiting);
            super::pending::handle(stream, peer, &shared);
        });
    if let Err(e) = spawned {
        // The closure, and the connection with it, is dropped: closed.
        gate.waiting.fetch_sub(1, Ordering::SeqCst);
        tell!("dxp: {peer}: cannot start its thread: {e}: closed");
    }
}

/// Serves on `listener` until `games` are played (or for ever).
pub fn serve(
    listener: TcpListener,
    config: &Config,
    games: Option<u32>,
    searcher: Searcher<International>,
    log: ExchangeLog,
) -> Result<(), Failure> {
    let (openings, arrived) = channel();
    let gate = Arc::new(Gate {
        name: config.name.clone(),
        request_timeout: config.request_timeout,
        log: log.share(),
        busy: Mutex::new(false),
        freed: Condvar::new(),
        waiting: AtomicUsize::new(0),
        openings,
    });
    let acceptor = Arc::clone(&gate);
    std::thread::Builder::new()
        .name("dxp-acceptor".into())
        .spawn(move || accept_loop(&listener, &acceptor))
        .map_err(|e| Failure::Connection(format!("cannot start the acceptor thread: {e}")))?;
    let mut searcher = Some(searcher);
    let mut played = 0u32;
    let role = Role::Follower;
    for Opening { stream, framer, received } in arrived.iter() {
        match Link::new(stream, log.share(), config.patience) {
            Ok(link) => {
                let left = games.map(|games| games - played);
                let session = Session::new(config, &role, link, &mut searcher, played + 1, left)
                    .resume(framer, received);
                let (games, result) = session.run();
                played += games;
                if let Err(e) = result {
                    tell!("dxp: {e}");
                }
            }
            Err(e) => tell!("dxp: {e}"),
        }
        if games.is_some_and(|games| played >= games) {
            break;
        }
        // The next connection whose game request is accepted becomes the game session.
        gate.release();
    }
    Ok(())
}
