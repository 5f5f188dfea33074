//! The session: the state machine between the GUI's commands and the searcher.
//!
//! One thread runs the session and takes [`Event`]s in order: input lines from the reader
//! thread, the end of input, a failed write, and finished searches.
//!
//! - `stop`, `ping`, `ponder-hit` and `quit` always act at once, and a line that cannot be read
//!   (broken syntax, a bad argument, an illegal move) is answered with `error` at once.
//! - Any other command needs the search to be over: while a search runs it is held, and held
//!   commands run in order after the search's `done`; once one is held, the commands after it
//!   wait behind it, so they keep their order.
//! - A `stop` while a `go` is held also stops that `go`'s search as soon as it starts, and a
//!   `ponder-hit` while a `go` is held reaches that search: the GUI sent them after that `go`.
//! - The end of input stops the search (its `done` is still written) and drops held commands: a
//!   GUI that closed the pipe wants nothing more. A failed write to the output (the GUI is gone)
//!   stops everything at once.

use super::board::{new_board, Play};
use super::command::{parse_command, Command, GoMode};
use super::event::{Event, Finished, InputLine};
use super::logger;
use super::output::Output;
use super::params::{Setting, Settings};
use super::reader::MAX_LINE;
use super::response::Response;
use super::search::{RunningSearch, SearchRequest};
use dama_engine::search::skill::MAX_SKILL;
use dama_engine::search::{skill, SearchControl, SearchLimits};
use dama_engine::variant::Variant;
use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;

/// Whether to go on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// The engine's state in Hub mode.
pub struct Session {
    output: Output,
    events: Sender<Event>,
    settings: Settings,
    /// The game and the searcher of the variant in force.
    board: Box<dyn Play>,
    /// The limits of the next search; reset by `pos` and by every `go`.
    level: SearchLimits,
    running: Option<RunningSearch>,
    /// Commands that arrived during a search, to run after it, in order.
    held: VecDeque<Command>,
    /// An error found before the GUI spoke (e.g. the `--log-file` could not be opened), answered
    /// with the first command's answer.
    pending_error: Option<String>,
    input_closed: bool,
    /// Chooses a skill level's inaccuracies (seeded from the system: levels vary their play).
    rng: rand::rngs::StdRng,
}

impl Session {
    /// A session writing to `output`; `events` is the sender of its own event queue (the search
    /// threads report through it).
    pub fn new(output: Output, events: Sender<Event>, settings: Settings) -> Session {
        Session {
            output,
            events,
            board: new_board(settings.variant),
            settings,
            level: SearchLimits::default(),
            running: None,
            held: VecDeque::new(),
            pending_error: None,
            input_closed: false,
            rng: rand::SeedableRng::from_entropy(),
        }
    }

    /// Sets an error to answer at the first command (after the handshake's `wait` if the first
    /// command is `hub`), so nothing is written before the GUI has spoken.
    pub fn report_at_first_command(&mut self, message: String) {
        self.pending_error = Some(message);
    }

    /// Runs until `quit`, the end of input (once the search it stops has answered), or a failed
    /// write.
    pub fn run(mut self, events: Receiver<Event>) {
        while let Ok(event) = events.recv() {
            let flow = match event {
                Event::Input(line) => self.on_input(line),
                Event::InputClosed => {
                    log::debug!("end of input: stopping");
                    self.input_closed = true;
                    self.held.clear();
                    if let Some(running) = &self.running {
                        running.control.stop();
                    }
                    Flow::Continue
                }
                Event::OutputClosed => {
                    log::debug!("the output is closed: quitting");
                    Flow::Quit
                }
                Event::SearchFinished(finished) => {
                    self.on_search_finished(*finished);
                    self.run_held()
                }
            };
            if flow == Flow::Quit || (self.input_closed && self.running.is_none()) {
                break;
            }
        }
        if let Some(running) = self.running.take() {
            running.control.stop();
            running.join();
        }
        log::debug!("session ends");
    }

    fn send(&self, response: Response) {
        self.output.send(&response);
    }

    fn error(&self, message: impl Into<String>) {
        let message = message.into();
        log::warn!("error: {message}");
        self.send(Response::Error(message));
    }

    fn on_input(&mut self, line: InputLine) -> Flow {
        let parsed = match line {
            InputLine::Text(text) => {
                log::debug!("< {text}");
                parse_command(&text, self.variant_when_held_commands_have_run())
            }
            InputLine::TooLong(length) => {
                Err(format!("line too long: {length} bytes (the limit is {MAX_LINE})"))
            }
            InputLine::NotUtf8(offset) => {
                Err(format!("line is not UTF-8 (bad byte at offset {offset})"))
            }
        };
        let handshake = matches!(parsed, Ok(Some(Command::Hub)));
        if !handshake {
            self.answer_pending_error();
        }
        let flow = match parsed {
            Ok(None) => {
                log::debug!("ignored");
                Flow::Continue
            }
            Ok(Some(command)) => self.on_command(command),
            Err(message) => {
                self.error(message);
                Flow::Continue
            }
        };
        if handshake {
            self.answer_pending_error();
        }
        flow
    }

    /// The variant a command read now will run under: the last `variant` among the held
    /// commands, else the one in force.
    fn variant_when_held_commands_have_run(&self) -> Variant {
        self.held
            .iter()
            .rev()
            .find_map(|command| match command {
                Command::SetParam(Setting::Variant(variant)) => Some(*variant),
                _ => None,
            })
            .unwrap_or(self.settings.variant)
    }

    fn answer_pending_error(&mut self) {
        if let Some(message) = self.pending_error.take() {
            self.error(message);
        }
    }

    /// Runs a command now, or holds it until the search is over.
    fn on_command(&mut self, command: Command) -> Flow {
        let busy = self.running.is_some() || !self.held.is_empty();
        match command {
            Command::Quit => Flow::Quit,
            Command::Ping => {
                self.send(Response::Pong);
                Flow::Continue
            }
            Command::Stop => {
                if let Some(running) = &self.running {
                    running.control.stop();
                }
                self.stop_every_held_go();
                Flow::Continue
            }
            Command::PonderHit => {
                match &self.running {
                    Some(running) if running.control.is_pondering() => {
                        running.control.ponder_hit();
                    }
                    _ if self.held_go() => self.held.push_back(Command::PonderHit),
                    _ => log::debug!("ponder-hit ignored: not pondering"),
                }
                Flow::Continue
            }
            command if busy => {
                log::debug!("held until the search ends");
                self.held.push_back(command);
                Flow::Continue
            }
            command => self.execute(command),
        }
    }

    /// Whether a `go` is waiting among the held commands.
    fn held_go(&self) -> bool {
        self.held.iter().any(|c| matches!(c, Command::Go(_)))
    }

    /// Puts a `stop` right behind every held `go`: the GUI sent this `stop` after them, so each
    /// of those searches ends as soon as it starts (and still answers `done`).
    fn stop_every_held_go(&mut self) {
        let mut queue = VecDeque::with_capacity(self.held.len() + 1);
        for command in self.held.drain(..) {
            let is_go = matches!(command, Command::Go(_));
            queue.push_back(command);
            if is_go {
                queue.push_back(Command::Stop);
            }
        }
        self.held = queue;
    }

    /// Runs held commands until one starts a search; a `stop` or `ponder-hit` held right behind
    /// that `go` then reaches its search at once.
    fn run_held(&mut self) -> Flow {
        while let Some(command) = self.held.front() {
            if self.running.is_some() && !command.acts_during_search() {
                break;
            }
            let command = self.held.pop_front().expect("a held command is there");
            if self.execute(command) == Flow::Quit {
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    fn execute(&mut self, command: Command) -> Flow {
        match command {
            Command::Hub => {
                self.send(Response::Id);
                for declaration in self.settings.declarations() {
                    self.send(Response::Param(declaration));
                }
                self.send(Response::Wait);
            }
            Command::SetParam(setting) => self.apply(setting),
            Command::Init => {
                // Before any clock runs: the table's pages are committed now, and the embedded
                // book is read now (20-60 ms on first use, charged to the first move otherwise).
                self.searcher_ready(true);
                if self.settings.book {
                    let _ = self.board.book_move(self.settings.book_given);
                }
                self.send(Response::Ready);
            }
            Command::Pos(game) => {
                if let Err(message) = self.board.set_game(*game) {
                    self.error(message);
                }
                self.level = SearchLimits::default();
            }
            Command::Level(limits) => self.level = limits,
            Command::Go(mode) => self.go(mode),
            Command::Stop => {
                if let Some(running) = &self.running {
                    running.control.stop();
                }
            }
            Command::Ping => self.send(Response::Pong),
            Command::PonderHit => {
                if let Some(running) = &self.running {
                    if running.control.is_pondering() {
                        running.control.ponder_hit();
                    }
                }
            }
            Command::NewGame => self.board.new_game(),
            Command::Quit => return Flow::Quit,
        }
        Flow::Continue
    }

    /// Applies a checked setting; on failure the old value stays. A new variant brings a new
    /// board at its start position (the searcher is made at `init` or the first `go`).
    fn apply(&mut self, setting: Setting) {
        let mut next = self.settings.clone();
        next.record(&setting);
        let applied = match &setting {
            Setting::LogFile(path) => {
                logger::log_to(path.as_deref()).map_err(|e| format!("set-param: {e}"))
            }
            Setting::Variant(variant) => {
                if *variant != self.board.variant() {
                    self.board = new_board(*variant);
                }
                Ok(())
            }
            _ => self.board.apply(&setting, &next),
        };
        match applied {
            Ok(()) => self.settings = next,
            Err(message) => self.error(message),
        }
    }

    /// Makes the searcher if there is none yet, with the current settings; `commit`: its table's
    /// pages at once ([`dama_engine::search::tt::TranspositionTable::commit`]), which takes time.
    fn searcher_ready(&mut self, commit: bool) {
        for message in self.board.searcher_ready(&mut self.settings, commit) {
            self.error(message);
        }
    }

    fn go(&mut self, mode: GoMode) {
        let mut limits = std::mem::take(&mut self.level);
        if !self.board.has_legal_move() {
            self.error("go: the side to move has no legal move (the game is over)");
            return;
        }
        if mode == GoMode::Think && self.settings.book {
            if let Some(best) = self.board.book_move(self.settings.book_given) {
                self.send(Response::Done { best, ponder: None });
                return;
            }
        }
        // A client that skipped `init`: no time to commit pages on the clock.
        self.searcher_ready(false);
        limits.infinite |= mode == GoMode::Analyze;
        let control = Arc::new(match mode {
            GoMode::Ponder => SearchControl::pondering(),
            GoMode::Think | GoMode::Analyze => SearchControl::new(),
        });
        let shown = self.settings.multipv;
        limits.multipv = shown;
        limits.move_overhead = self.settings.move_overhead;
        // A skill level below full strength limits the nodes and chooses among a few lines,
        // for the moves the GUI asks the engine to play (not for analysis or pondering).
        let mut skill = None;
        if mode == GoMode::Think && self.settings.skill < MAX_SKILL {
            limits = skill::limit(self.settings.skill, &limits);
            skill = Some((self.settings.skill, rand::Rng::gen(&mut self.rng)));
        }
        log::debug!("search {mode:?} {limits:?}");
        let request =
            SearchRequest { limits, shown, skill, quiet_ply_limit: self.settings.quiet_ply_limit };
        match self.board.start(request, control, self.output.clone(), self.events.clone()) {
            Ok(running) => self.running = Some(running),
            Err(message) => {
                // The searcher is lost with the thread; a new one is made at the next search.
                self.error(message);
                self.on_search_finished(Finished {
                    searcher: None,
                    result: Err("no search".into()),
                });
            }
        }
    }

    fn on_search_finished(&mut self, finished: Finished) {
        if let Some(running) = self.running.take() {
            running.join();
        }
        self.board.take_back(finished.searcher);
        let best = match finished.result {
            Ok(choice) => {
                log::debug!("result {}", choice.summary);
                choice.best.map(|best| (best, choice.ponder))
            }
            Err(message) => {
                self.error(format!("internal error in the search: {message}"));
                None
            }
        };
        // Every `go` gets its `done`: without a result, the first legal move.
        let best = best.or_else(|| self.board.first_move().map(|m| (m, None)));
        match best {
            Some((best, ponder)) => self.send(Response::Done { best, ponder }),
            None => self.error("the search found no move"),
        }
    }
}
