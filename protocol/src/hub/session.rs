//! The session: the state machine between the GUI's commands and the searcher.
//!
//! One thread runs the session and takes [`Event`]s in order: input lines from the reader
//! thread, the end of input, and finished searches. While a search runs, `stop`, `ping`,
//! `ponder-hit` and `quit` act at once; every other line (a command, or a malformed line and its
//! `error`) is held and answered in order after the search's `done`. Once a line is held, the
//! lines after it are held too (only `quit` still acts at once), so answers keep the order of
//! the questions: a `stop` sent after a held `go` stops that search, not the one before it.
//!
//! At the end of input the session finishes what it was asked (a search with a level runs to its
//! limit; analysis, pondering and searches without a level are stopped), then ends.

use super::command::{parse_command, Command, GoMode};
use super::game::Game;
use super::logger;
use super::output::Output;
use super::params::{Setting, Settings};
use super::reader::{InputLine, MAX_LINE};
use super::response::Response;
use super::search::{self, Finished, RunningSearch};
use dama_engine::search::{SearchControl, SearchLimits, Searcher};
use dama_engine::Position;
use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;

/// What the session reacts to.
pub enum Event {
    /// A line from the GUI.
    Input(InputLine),
    /// The GUI's input has ended.
    InputClosed,
    /// The running search has ended.
    SearchFinished(Box<Finished>),
}

/// A line that arrived during a search and waits for its end: a command, or the error to answer.
enum Held {
    Command(Command),
    Error(String),
}

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
    /// Made at `init` (or the first search); away on the search thread while a search runs.
    searcher: Option<Searcher>,
    game: Game,
    /// The limits of the next search; reset by `pos` and by every `go`.
    level: SearchLimits,
    running: Option<RunningSearch>,
    /// Lines that arrived during a search, to answer after it, in order.
    held: VecDeque<Held>,
    input_closed: bool,
}

impl Session {
    /// A session writing to `output`; `events` is the sender of its own event queue (the search
    /// threads report through it).
    pub fn new(output: Output, events: Sender<Event>, settings: Settings) -> Session {
        Session {
            output,
            events,
            settings,
            searcher: None,
            game: Game::new(Position::start()),
            level: SearchLimits::default(),
            running: None,
            held: VecDeque::new(),
            input_closed: false,
        }
    }

    /// Runs until `quit`, or until the input has ended and all work is done.
    pub fn run(mut self, events: Receiver<Event>) {
        while let Ok(event) = events.recv() {
            let flow = match event {
                Event::Input(line) => self.on_input(line),
                Event::InputClosed => {
                    log::debug!("end of input");
                    self.input_closed = true;
                    self.stop_if_waiting_for_the_gui();
                    Flow::Continue
                }
                Event::SearchFinished(finished) => {
                    self.on_search_finished(*finished);
                    self.run_held()
                }
            };
            if flow == Flow::Quit {
                break;
            }
            if self.input_closed && self.running.is_none() && self.held.is_empty() {
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
                parse_command(&text)
            }
            InputLine::TooLong(length) => {
                Err(format!("line too long: {length} bytes (the limit is {MAX_LINE})"))
            }
            InputLine::NotUtf8(offset) => {
                Err(format!("line is not UTF-8 (bad byte at offset {offset})"))
            }
        };
        let item = match parsed {
            Ok(None) => {
                log::debug!("ignored");
                return Flow::Continue;
            }
            Ok(Some(Command::Quit)) => return Flow::Quit,
            Ok(Some(command)) if command.acts_during_search() && self.held.is_empty() => {
                return self.execute(command);
            }
            Ok(Some(command)) => Held::Command(command),
            Err(message) => Held::Error(message),
        };
        if self.running.is_some() || !self.held.is_empty() {
            log::debug!("held until the search ends");
            self.held.push_back(item);
            return Flow::Continue;
        }
        self.run_item(item)
    }

    fn run_item(&mut self, item: Held) -> Flow {
        match item {
            Held::Command(command) => self.execute(command),
            Held::Error(message) => {
                self.error(message);
                Flow::Continue
            }
        }
    }

    fn run_held(&mut self) -> Flow {
        while self.running.is_none() {
            let Some(item) = self.held.pop_front() else { break };
            if self.run_item(item) == Flow::Quit {
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
                self.searcher_ready();
                self.send(Response::Ready);
            }
            Command::Pos(game) => {
                self.game = *game;
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
                    running.control.ponder_hit();
                }
            }
            Command::NewGame => {
                if let Some(searcher) = self.searcher.as_mut() {
                    searcher.clear();
                }
            }
            Command::Quit => return Flow::Quit,
        }
        Flow::Continue
    }

    /// Applies a checked setting; on failure the old value stays.
    fn apply(&mut self, setting: Setting) {
        let applied = match (&setting, self.searcher.as_mut()) {
            (Setting::Threads(n), Some(searcher)) => {
                searcher.set_threads(*n);
                Ok(())
            }
            (Setting::TableSize(mib), Some(searcher)) => {
                searcher.set_table_size(*mib).map_err(|e| format!("set-param: {e}"))
            }
            (Setting::QuietPlyLimit(plies), Some(searcher)) => {
                searcher.set_quiet_ply_limit(*plies);
                Ok(())
            }
            (Setting::Switch { name, on }, Some(searcher)) => {
                let mut options = *searcher.options();
                options.set(name, *on);
                searcher.set_options(options);
                Ok(())
            }
            (Setting::LogFile(path), _) => {
                logger::log_to(path.as_deref()).map_err(|e| format!("set-param: {e}"))
            }
            _ => Ok(()),
        };
        match applied {
            Ok(()) => self.settings.record(&setting),
            Err(message) => self.error(message),
        }
    }

    /// Makes the searcher if there is none yet, with the current settings.
    fn searcher_ready(&mut self) {
        if self.searcher.is_some() {
            return;
        }
        let threads = self.settings.threads;
        let mut searcher = match Searcher::new(self.settings.table_mib, threads) {
            Ok(searcher) => searcher,
            Err(e) => {
                self.error(format!("{e}: using a 1 MiB table"));
                self.settings.table_mib = 1;
                match Searcher::new(1, threads) {
                    Ok(searcher) => searcher,
                    Err(e) => {
                        self.error(e.to_string());
                        return;
                    }
                }
            }
        };
        searcher.set_quiet_ply_limit(self.settings.quiet_ply_limit);
        searcher.set_options(self.settings.search);
        self.searcher = Some(searcher);
    }

    /// A move from the opening book for the current position, if it is in the book. The choice
    /// among the moves within the book's score margin is weighted and seeded by the position, so
    /// the same position always gets the same move (repeatable matches).
    fn book_move(&self) -> Option<dama_engine::Move> {
        use rand::SeedableRng;
        const BOOK_SEED: u64 = 0xDA3A_B00C;
        let mut rng = rand::rngs::StdRng::seed_from_u64(BOOK_SEED ^ self.game.position.key());
        dama_book::default_book().probe(&self.game.position, &mut rng, dama_book::DEFAULT_MARGIN)
    }

    fn go(&mut self, mode: GoMode) {
        let mut limits = std::mem::take(&mut self.level);
        if self.game.position.legal_moves().is_empty() {
            self.error("go: the side to move has no legal move (the game is over)");
            return;
        }
        if mode == GoMode::Think && self.settings.book {
            if let Some(mv) = self.book_move() {
                self.send(Response::Done { best: mv, ponder: None });
                return;
            }
        }
        self.searcher_ready();
        let Some(searcher) = self.searcher.take() else { return };
        limits.infinite |= mode == GoMode::Analyze;
        let control = Arc::new(match mode {
            GoMode::Ponder => SearchControl::pondering(),
            GoMode::Think | GoMode::Analyze => SearchControl::new(),
        });
        let mut game = self.game.clone();
        game.history = game.history.with_quiet_ply_limit(self.settings.quiet_ply_limit);
        log::debug!("search {mode:?} {limits:?}");
        let started = search::start(
            searcher,
            &game,
            limits,
            control,
            self.output.clone(),
            self.events.clone(),
        );
        match started {
            Ok(running) => {
                self.running = Some(running);
                if self.input_closed {
                    self.stop_if_waiting_for_the_gui();
                }
            }
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

    fn stop_if_waiting_for_the_gui(&self) {
        if let Some(running) = &self.running {
            if running.waits_for_the_gui() {
                running.control.stop();
            }
        }
    }

    fn on_search_finished(&mut self, finished: Finished) {
        if let Some(running) = self.running.take() {
            running.join();
        }
        self.searcher = finished.searcher;
        let best = match finished.result {
            Ok(result) => {
                log::debug!(
                    "result depth {} score {} nodes {} time {:?}",
                    result.depth,
                    result.score,
                    result.nodes,
                    result.time
                );
                result.best_move.map(|best| (best, result.ponder_move))
            }
            Err(message) => {
                self.error(format!("internal error in the search: {message}"));
                None
            }
        };
        // Every `go` gets its `done`: without a result, the first legal move.
        let best = best.or_else(|| self.game.position.legal_moves().first().map(|&m| (m, None)));
        match best {
            Some((best, ponder)) => self.send(Response::Done { best, ponder }),
            None => self.error("the search found no move"),
        }
    }
}
