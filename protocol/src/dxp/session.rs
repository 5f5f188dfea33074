//! One DXP connection: the session reacts to the messages the reader thread hands over, to the
//! end of the connection and to finished searches, one event at a time; it waits for the other
//! side with a deadline (its clock plus `--timeout`) and never busy-waits. The game itself (game
//! requests, turns, moves, game ends, take-backs) is [`super::flow`].

use super::event::{Event, SearchDone};
use super::game::{DxpGame, Outcome};
use super::link::{spawn_reader, Link};
use super::request::refusal_of;
use dama_engine::color::Color;
use dama_engine::international::{International, Position};
use dama_engine::search::{SearchControl, Searcher};
use dama_frontend::dxp::framing::Framer;
use dama_frontend::dxp::message::Message;
use dama_frontend::dxp::parse::{ErrorKind, ParseError};
use std::collections::VecDeque;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What every connection shares.
pub struct Config {
    /// Dama's name in `R` and `A`.
    pub name: String,
    /// Time per move when a game request gives no thinking time.
    pub movetime: Duration,
    /// Time kept back from every move and from the clock (`--move-overhead`).
    pub move_overhead: Duration,
    /// How long to wait for the other side beyond its clock.
    pub patience: Duration,
    /// How long the follower waits for a game request: a connection's first, and the next one
    /// between games (`--request-timeout`).
    pub request_timeout: Duration,
    /// Transposition table size in MiB and search threads, for a searcher made anew.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// Play from the opening book (the embedded International book) when the position is in it
    /// (`--book`).
    pub book: bool,
    /// The endgame tables (`--egdb-dir`, `--no-egdb`; the default directory's built on first
    /// use), opened again before a search when more have been completed.
    pub tables: crate::games::TableSource,
}

/// The game the initiator proposes.
#[derive(Clone, Debug)]
pub struct Proposal {
    /// Dama's colour in the first game (then alternately).
    pub color: Color,
    /// Thinking time per side, minutes.
    pub minutes: u16,
    /// Moves of the whole game (0: no limit).
    pub moves: u16,
    /// The start position.
    pub start: Position,
}

/// Which side of the protocol Dama speaks.
pub enum Role {
    /// The server: answers game requests.
    Follower,
    /// Proposes games.
    Initiator(Proposal),
}

/// Where the session stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Between games, waiting for a game request (the follower).
    AwaitRequest,
    /// A game request sent, waiting for the answer (the initiator); Dama's colour in it.
    AwaitAccept(Color),
    /// A game under way.
    Playing,
    /// A game end sent, waiting for the other side's.
    AwaitEndAck,
    /// The connection is over.
    Done,
}

/// A search under way.
pub(super) struct Running {
    pub id: u64,
    pub control: Arc<SearchControl>,
}

/// One connection's session.
pub struct Session<'a> {
    pub(super) config: &'a Config,
    pub(super) role: &'a Role,
    pub(super) link: Link,
    events: Receiver<Event>,
    pub(super) sender: Sender<Event>,
    pub(super) searcher: &'a mut Option<Searcher<International>>,
    pub(super) state: State,
    pub(super) game: Option<DxpGame>,
    /// The result of a game whose end Dama sent, until the other side answers.
    pub(super) ending: Option<(Outcome, String)>,
    pub(super) search: Option<Running>,
    pub(super) next_search: u64,
    pending: VecDeque<Event>,
    /// What was read of the connection before the session began (the start of a message).
    framer: Option<Framer>,
    /// When the other side must have spoken by, what Dama waits for and for how long.
    pub(super) deadline: Option<(Instant, &'static str, Duration)>,
    /// Games finished on this connection.
    pub(super) games_done: u32,
    /// The number of this connection's first game.
    pub(super) first_number: u32,
    /// Games Dama may still play (`None`: no limit).
    pub(super) games_left: Option<u32>,
    /// The other program's name.
    pub(super) peer_name: String,
}

impl<'a> Session<'a> {
    /// A session over `link`; its games are numbered from `first_number`, and Dama plays at most
    /// `games_left` of them.
    pub fn new(
        config: &'a Config,
        role: &'a Role,
        link: Link,
        searcher: &'a mut Option<Searcher<International>>,
        first_number: u32,
        games_left: Option<u32>,
    ) -> Session<'a> {
        let (sender, events) = channel();
        Session {
            config,
            role,
            link,
            events,
            sender,
            searcher,
            state: State::AwaitRequest,
            game: None,
            ending: None,
            search: None,
            next_search: 0,
            pending: VecDeque::new(),
            framer: None,
            deadline: None,
            games_done: 0,
            first_number,
            games_left,
            peer_name: String::new(),
        }
    }

    /// The session of a connection of which some was read already: `received`, the messages
    /// read (the first the game request that made it a game session, not logged yet), and
    /// `framer`, the start of the next message.
    pub fn resume(
        mut self,
        framer: Framer,
        received: Vec<(String, Result<Message, ParseError>)>,
    ) -> Session<'a> {
        self.framer = Some(framer);
        self.pending
            .extend(received.into_iter().map(|(text, message)| Event::Received { text, message }));
        self
    }

    /// Runs until the connection is over; returns the number of games finished, or why the
    /// connection failed (noted in the exchange log too).
    pub fn run(mut self) -> (u32, Result<(), String>) {
        let result = self.serve();
        self.cancel_search();
        self.link.close();
        if let Err(why) = &result {
            self.link.log.note(why);
        }
        (self.games_done, result)
    }

    fn serve(&mut self) -> Result<(), String> {
        let framer = self.framer.take().unwrap_or_default();
        spawn_reader(self.link.reader_stream()?, framer, self.sender.clone())?;
        match self.role {
            Role::Initiator(_) => self.request_game()?,
            Role::Follower => self.wait_for_peer("game request", self.config.request_timeout),
        }
        while self.state != State::Done {
            let event = match self.pending.pop_front() {
                Some(event) => event,
                None => match self.next_event()? {
                    Some(event) => event,
                    None => continue,
                },
            };
            match event {
                Event::Received { text, message } => {
                    self.link.log.received(&text);
                    match message {
                        Ok(message) => self.on_message(message)?,
                        Err(error) => self.on_bad_message(&text, error)?,
                    }
                }
                Event::Closed(reason) => return self.on_closed(reason),
                Event::SearchDone(done) => self.on_search_done(*done)?,
            }
        }
        Ok(())
    }

    /// The next event, waiting no longer than the deadline; `None` after a deadline that only
    /// changed the state.
    fn next_event(&mut self) -> Result<Option<Event>, String> {
        let Some((at, what, patience)) = self.deadline else {
            return self.events.recv().map(Some).map_err(|_| "the event channel closed".into());
        };
        match self.events.recv_timeout(at.saturating_duration_since(Instant::now())) {
            Ok(event) => Ok(Some(event)),
            Err(RecvTimeoutError::Disconnected) => Err("the event channel closed".into()),
            Err(RecvTimeoutError::Timeout) => {
                self.deadline = None;
                let silence =
                    format!("no {what} from {} within {} s", self.link.peer, seconds(patience));
                match self.state {
                    State::AwaitRequest => {
                        self.note(&format!("{silence}: closing the connection"));
                        self.state = State::Done;
                        Ok(None)
                    }
                    State::AwaitEndAck => {
                        self.note(&silence);
                        let (outcome, why) =
                            self.ending.take().unwrap_or((Outcome::Unknown, silence));
                        self.finish_game(outcome, why, false)?;
                        Ok(None)
                    }
                    _ => Err(silence),
                }
            }
        }
    }

    /// Waits for the other side for at most `patience`.
    pub(super) fn wait_for_peer(&mut self, what: &'static str, patience: Duration) {
        self.deadline = Some((Instant::now() + patience, what, patience));
    }

    /// A note on stderr and in the log.
    pub(super) fn note(&mut self, text: &str) {
        tell!("dxp: {text}");
        self.link.log.note(text);
    }

    /// A message that does not read: a game request is answered with a refusal, a known type
    /// during a game ends it (its sender broke the protocol), anything else is ignored.
    fn on_bad_message(&mut self, text: &str, error: ParseError) -> Result<(), String> {
        let peer = self.link.peer;
        let excerpt: String = text.chars().take(60).collect();
        if error.kind == ErrorKind::UnknownType {
            self.note(&format!("ignored a message of unknown type from {peer}: {excerpt}"));
            return Ok(());
        }
        if let (Some((code, why)), Role::Follower) = (refusal_of(&error), self.role) {
            return self.refuse(code, why);
        }
        if self.state == State::Playing {
            let why = format!("malformed message from {peer} ({excerpt}): {error}");
            return self.fault(
                dama_frontend::dxp::message::EndReason::Unknown,
                Outcome::Unknown,
                why,
            );
        }
        self.note(&format!("ignored a malformed message from {peer} ({excerpt}): {error}"));
        Ok(())
    }

    /// The connection ended: between games that is the other side leaving; otherwise the game
    /// under way is lost with it.
    fn on_closed(&mut self, reason: String) -> Result<(), String> {
        self.deadline = None;
        let state = self.state;
        self.state = State::Done;
        match state {
            State::Done => Ok(()),
            State::AwaitRequest => {
                self.link.log.note(&format!("connection closed: {reason}"));
                Ok(())
            }
            State::AwaitEndAck => {
                let (outcome, why) = self.ending.take().unwrap_or((Outcome::Unknown, reason));
                self.finish_game(outcome, why, true)?;
                Ok(())
            }
            State::AwaitAccept(_) | State::Playing => {
                self.cancel_search();
                let lost = match self.game.take() {
                    Some(game) => {
                        self.report(&game, Outcome::Unknown, "the connection was lost");
                        format!(" during game {}", game.number)
                    }
                    None => String::new(),
                };
                Err(format!("the connection to {} ended{lost}: {reason}", self.link.peer))
            }
        }
    }

    /// Stops the search under way, if any, and waits for its searcher to come back; events that
    /// arrive meanwhile are kept, in order, for later.
    pub(super) fn cancel_search(&mut self) {
        let Some(running) = self.search.take() else { return };
        running.control.stop();
        while let Ok(event) = self.events.recv() {
            match event {
                Event::SearchDone(done) if done.id == running.id => {
                    self.take_searcher(*done);
                    return;
                }
                other => self.pending.push_back(other),
            }
        }
    }

    /// Takes the searcher back from a finished search.
    pub(super) fn take_searcher(
        &mut self,
        done: SearchDone,
    ) -> Option<(dama_engine::international::Move, String)> {
        *self.searcher = done.searcher;
        done.best
            .map(|best| (best, format!("{} in {:.3} s", done.summary, done.elapsed.as_secs_f64())))
    }

    /// Prints a game's result line on stdout and notes it in the log.
    pub(super) fn report(&mut self, game: &DxpGame, outcome: Outcome, why: &str) {
        let name = |color: Color| {
            if color == game.ours {
                self.config.name.clone()
            } else if game.opponent.is_empty() {
                "(unnamed)".to_string()
            } else {
                game.opponent.clone()
            }
        };
        let line = format!(
            "game {}: {} ({why}) after {} plies; White: {}, Black: {}",
            game.number,
            outcome.text(),
            game.moves.len(),
            name(Color::White),
            name(Color::Black)
        );
        self.link.log.note(&line);
        say!("{line}");
    }
}

/// Seconds for a message: whole when they are, else to a tenth.
fn seconds(duration: Duration) -> f64 {
    (duration.as_secs_f64() * 10.0).round() / 10.0
}
