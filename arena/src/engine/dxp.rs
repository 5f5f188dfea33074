//! A DXP engine (DamExchange over TCP, International draughts) as the match drives it, the match
//! being the initiator: it joins the engine where it listens (starting it first when the spec
//! gives a command), and for each game proposes the position where the engines take over (the
//! opening's moves played), the engine's colour and the time ([`super::dxp_wire`]); then it sends
//! the other engine's moves and waits for the engine's, and ends each game with a game end. The
//! connection serves game after game; one that breaks, or an engine that forfeits, is dropped,
//! and the next game joins the engine again.
//!
//! The engine may end a game itself instead of moving (a game end): that is a [`Claim`] the
//! referee judges. Chat is kept to explain a fault, take-back requests are refused (`K1`),
//! message types the protocol does not define are ignored, and a message that does not read, or
//! one that has no place in a game, ends the game as a malformed move.

pub use super::dxp_wire::DxpTime;
use super::dxp_wire::{claim, hub_move, move_message, refusal, request_time, setup};
use super::process::{EngineChild, INTERRUPT_POLL};
use super::{
    EngineIdentity, EngineSpec, GameOver, GameStart, Reply, SearchFailure, SearchRequest, Transport,
};
use crate::game_end::GameResult;
use dama_engine::color::Color;
use dama_frontend::dxp::address::parse_address;
use dama_frontend::dxp::framing::Framer;
use dama_frontend::dxp::message::{
    AcceptCode, BackCode, EndReason, GameEnd, GameRequest, Message, MAX_SECONDS,
};
use dama_frontend::dxp::parse::{ErrorKind, ParseError};
use dama_frontend::interrupt;
use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Where a DXP engine listens, and the time its game requests say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DxpTarget {
    /// `[HOST:]PORT`.
    pub address: String,
    /// The request's time fields: `dxp-time=MINUTES[/MOVES]`, else the match limit's
    /// ([`DxpTarget::resolve`], before the match).
    pub time: Option<DxpTime>,
}

impl DxpTarget {
    /// Fills in the request's time from the match's limit unless `dxp-time` gave it; an error
    /// when DXP cannot say the limit.
    pub fn resolve(&mut self, limit: &crate::config::Limit) -> Result<(), String> {
        if self.time.is_none() {
            self.time = Some(request_time(limit)?);
        }
        Ok(())
    }
}

/// The initiator's name in game requests.
const NAME: &str = "Dama match";
/// How long a refusal waits for the chat that may say why.
const CHAT_PATIENCE: Duration = Duration::from_millis(300);
/// How long a game end waits for the engine's answer at most.
const END_PATIENCE: Duration = Duration::from_secs(5);

enum Event {
    Message { at: Instant, message: Result<Message, ParseError> },
    Closed(String),
}

/// A DXP engine and the connection to it.
pub struct DxpEngine {
    /// The engine's process, when the match started it.
    child: Option<EngineChild>,
    stream: TcpStream,
    events: Receiver<Event>,
    identity: EngineIdentity,
    time: DxpTime,
    /// Whether a game is under way on the connection.
    playing: bool,
    /// How many of the game's moves (from its initial position) the engine knows.
    known: usize,
    /// When the engine's turn began (its clock started): the game's acceptance or the last move
    /// sent.
    turn_start: Instant,
    /// When the engine's last move arrived (the other side's time runs from there).
    last_arrival: Instant,
    /// The last chat, or fault, to explain a forfeit.
    last_error: Option<String>,
}

impl DxpEngine {
    /// Starts the engine's command when there is one, then joins it (retrying while it starts).
    pub fn start(
        spec: &EngineSpec,
        target: &DxpTarget,
        patience: Duration,
    ) -> Result<DxpEngine, String> {
        let time = target.time.ok_or("the DXP time was not resolved before the match")?;
        let addresses = parse_address("dxp", &target.address)?;
        let mut child = match spec.argv.is_empty() {
            true => None,
            false => Some(EngineChild::start(&spec.argv, false)?),
        };
        let deadline = Instant::now() + patience;
        let stream = loop {
            let mut failure = String::new();
            let mut joined = None;
            for address in &addresses {
                let left = deadline.saturating_duration_since(Instant::now());
                match TcpStream::connect_timeout(address, left.max(Duration::from_millis(10))) {
                    Ok(stream) => {
                        joined = Some(stream);
                        break;
                    }
                    Err(e) => failure = format!("cannot join the DXP engine at {address}: {e}"),
                }
            }
            if let Some(stream) = joined {
                break stream;
            }
            let started = child.as_mut().map(EngineChild::running);
            if started == Some(false) || Instant::now() >= deadline || interrupt::requested() {
                let how = match child.as_mut() {
                    Some(c) if started == Some(false) => format!(" ({})", c.exit_description()),
                    _ => String::new(),
                };
                return Err(format!("{failure}{how}"));
            }
            // A server just started may not listen yet.
            thread::sleep(Duration::from_millis(50));
        };
        let _ = stream.set_nodelay(true);
        let _ = stream.set_write_timeout(Some(patience.max(Duration::from_millis(1))));
        let reader = stream.try_clone().map_err(|e| format!("the connection failed: {e}"))?;
        let (sender, events) = mpsc::channel();
        thread::spawn(move || read_messages(reader, sender));
        let identity = EngineIdentity { name: target.address.clone(), ..Default::default() };
        let now = Instant::now();
        Ok(DxpEngine {
            child,
            stream,
            events,
            identity,
            time,
            playing: false,
            known: 0,
            turn_start: now,
            last_arrival: now,
            last_error: None,
        })
    }

    fn send(&mut self, message: &Message) -> Result<(), SearchFailure> {
        let mut bytes = message.text().into_bytes();
        bytes.push(0);
        self.stream.write_all(&bytes).and_then(|()| self.stream.flush()).map_err(|e| {
            SearchFailure::Disconnected(format!("sending {} failed: {e}", message.kind()))
        })
    }

    /// The next message by `deadline`, with when it arrived; unknown types are skipped, chat is
    /// kept, take-back requests are refused.
    fn receive(&mut self, deadline: Instant) -> Result<(Instant, Message), SearchFailure> {
        let waiting_since = Instant::now();
        loop {
            if interrupt::requested() {
                return Err(SearchFailure::Interrupted);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(left.min(INTERRUPT_POLL)) {
                Ok(Event::Message { message: Ok(Message::Chat(text)), .. }) => {
                    self.last_error = Some(format!("it said: {text}"));
                }
                Ok(Event::Message { message: Ok(Message::BackRequest(_)), .. }) => {
                    self.send(&Message::BackAccept(BackCode::NotSupported))?;
                }
                Ok(Event::Message { at, message: Ok(message) }) => return Ok((at, message)),
                Ok(Event::Message { message: Err(e), .. }) if e.kind == ErrorKind::UnknownType => {}
                Ok(Event::Message { message: Err(e), .. }) => {
                    return Err(SearchFailure::Malformed(format!(
                        "a message that does not read: {e}"
                    )));
                }
                Ok(Event::Closed(why)) => {
                    // A process of the match's that died is a crash, not a network fault.
                    if let Some(child) = self.child.as_mut() {
                        if !child.running() {
                            return Err(SearchFailure::Exited(child.exit_description()));
                        }
                    }
                    return Err(SearchFailure::Disconnected(why));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(SearchFailure::Disconnected("the connection closed".to_string()));
                }
                Err(RecvTimeoutError::Timeout) if left <= INTERRUPT_POLL => {
                    return Err(SearchFailure::NoAnswer(waiting_since.elapsed()));
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// Sends the moves of `moves` the engine does not know yet, each with the seconds the other
    /// side took.
    fn send_moves(&mut self, moves: &[String]) -> Result<(), SearchFailure> {
        for mv in moves.iter().skip(self.known) {
            let seconds = self.last_arrival.elapsed().as_secs().min(u64::from(MAX_SECONDS));
            let message = move_message(mv, seconds as u16).map_err(SearchFailure::Malformed)?;
            self.send(&Message::Move(message))?;
            self.known += 1;
            self.turn_start = Instant::now();
        }
        Ok(())
    }
}

/// Reads the connection until it ends, sending each message with its arrival time.
fn read_messages(mut stream: TcpStream, events: mpsc::Sender<Event>) {
    let mut framer = Framer::default();
    let mut buffer = [0u8; 4096];
    let reason = loop {
        match stream.read(&mut buffer) {
            Ok(0) => break "the engine closed the connection".to_string(),
            Ok(n) => {
                let at = Instant::now();
                for (_, message) in framer.push(&buffer[..n]) {
                    if events.send(Event::Message { at, message }).is_err() {
                        return;
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => break format!("the connection failed: {e}"),
        }
    };
    let _ = events.send(Event::Closed(reason));
}

impl Transport for DxpEngine {
    fn identity(&self) -> &EngineIdentity {
        &self.identity
    }

    /// Proposes a game from the start position with the engine as Black, and ends it at once:
    /// the engine takes the match's time and says its name.
    fn check(&mut self, patience: Duration) -> Result<(), String> {
        let start = format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20));
        let game = GameStart {
            position: &start,
            moves: &[],
            current: &start,
            color: Color::Black,
            patience,
        };
        self.new_game(&game).map_err(|f| f.explain("the game accept"))?;
        let over = GameOver { moves: &[], result: GameResult::Draw, color: Color::Black, patience };
        self.game_over(&over).map_err(|f| f.explain("the game end's answer"))
    }

    fn new_game(&mut self, start: &GameStart) -> Result<(), SearchFailure> {
        let request = GameRequest {
            name: NAME.to_string(),
            follower_color: start.color,
            minutes: self.time.minutes,
            moves: self.time.moves,
            setup: setup(start.current).map_err(SearchFailure::Malformed)?,
        };
        self.send(&Message::GameRequest(request))?;
        let deadline = Instant::now() + start.patience;
        loop {
            match self.receive(deadline)? {
                (at, Message::GameAccept(accept)) if accept.code == AcceptCode::Accepted => {
                    if !accept.name.is_empty() {
                        self.identity.name = accept.name;
                    }
                    self.playing = true;
                    self.known = start.moves.len();
                    self.turn_start = at;
                    self.last_arrival = at;
                    return Ok(());
                }
                (_, Message::GameAccept(accept)) => {
                    // A follower says why in a chat after its refusal: give it a moment.
                    let _ = self.receive(Instant::now() + CHAT_PATIENCE);
                    let chat = self.last_error.take().map(|c| format!("; {c}")).unwrap_or_default();
                    return Err(SearchFailure::Refused(format!(
                        "the DXP engine refused the game (code {}: {}){chat}",
                        accept.code.digit(),
                        refusal(accept.code)
                    )));
                }
                // A game end from an earlier game, crossing: not an answer.
                (_, Message::GameEnd(_)) => {}
                (_, other) => {
                    return Err(SearchFailure::Malformed(format!(
                        "{} in answer to a game request",
                        other.kind()
                    )));
                }
            }
        }
    }

    fn think(&mut self, request: &SearchRequest) -> Result<Reply, SearchFailure> {
        self.send_moves(request.moves)?;
        let deadline = self.turn_start + request.patience;
        let (at, message) = match self.receive(deadline) {
            Err(SearchFailure::NoAnswer(_)) => {
                return Err(SearchFailure::NoAnswer(self.turn_start.elapsed()));
            }
            other => other?,
        };
        match message {
            Message::Move(mv) => {
                self.known += 1;
                self.last_arrival = at;
                Ok(Reply {
                    move_text: hub_move(&mv),
                    elapsed: at.saturating_duration_since(self.turn_start),
                    score: None,
                    depth: None,
                    reported_time: None,
                })
            }
            Message::GameEnd(end) => {
                // The game is over for the engine: answer its game end, as the protocol asks.
                self.playing = false;
                let answer = GameEnd { reason: EndReason::Unknown, stop: false };
                self.send(&Message::GameEnd(answer))?;
                Err(SearchFailure::Claimed(claim(end.reason)))
            }
            other => Err(SearchFailure::Malformed(format!("{} in place of a move", other.kind()))),
        }
    }

    /// Sends the moves the engine has not seen and a game end, and waits for its answer (or its
    /// own game end, crossing ours).
    fn game_over(&mut self, over: &GameOver) -> Result<(), SearchFailure> {
        if !self.playing {
            return Ok(());
        }
        self.playing = false;
        self.send_moves(over.moves)?;
        // The reason is the initiator's, who sits in the other engine's seat.
        let reason = match over.result {
            GameResult::Draw => EndReason::Draw,
            result if result == GameResult::win_for(over.color) => EndReason::SenderLoses,
            _ => EndReason::SenderWins,
        };
        self.send(&Message::GameEnd(GameEnd { reason, stop: false }))?;
        let deadline = Instant::now() + over.patience.min(END_PATIENCE);
        loop {
            match self.receive(deadline)? {
                (_, Message::GameEnd(_)) => return Ok(()),
                // A move the engine sent before it read the game end.
                (_, Message::Move(_)) => {}
                (_, other) => {
                    return Err(SearchFailure::Malformed(format!(
                        "{} in answer to a game end",
                        other.kind()
                    )));
                }
            }
        }
    }

    fn take_last_error(&mut self) -> Option<String> {
        self.last_error.take()
    }

    /// Closes the connection (the engine keeps serving, as a server does) and stops the
    /// engine's process if the match started it.
    fn quit(self: Box<Self>) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}

impl Drop for DxpEngine {
    fn drop(&mut self) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}
