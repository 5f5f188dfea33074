//! The follower as a server: an acceptor thread takes every new connection and hands it to a
//! short-lived thread of its own ([`super::pending`]) that waits for its game request under the
//! request timeout; at most [`MAX_PENDING`] wait at once (more are closed at once, so a flood
//! costs a bounded number of threads). The game thread (the caller's) plays one game session at
//! a time, each for as many games as its initiator asks: the connection whose game request was
//! accepted while no game was under way. A request while one is under way is refused as busy,
//! unless the session ends within [`super::gate::BUSY_GRACE`] (a client that ended its game on one connection
//! and asks for the next on a new one at once).

use super::gate::{Gate, Opening};
use super::link::Link;
use super::log::ExchangeLog;
use super::session::{Config, Role, Session};
use super::Failure;
use dama_engine::international::International;
use dama_engine::search::Searcher;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::sync::Arc;
use std::time::Duration;

/// Connections that may wait for their game request at once; more are closed as they come.
pub const MAX_PENDING: usize = 48;

/// Stack of a waiting connection's thread: it reads, parses and checks one position.
const PENDING_STACK_BYTES: usize = 256 << 10;

/// After a failed accept (out of file descriptors...), the acceptor waits this long.
const ACCEPT_RETRY: Duration = Duration::from_millis(50);

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
    let gate =
        Arc::new(Gate::new(config.name.clone(), config.request_timeout, log.share(), openings));
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
