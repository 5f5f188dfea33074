//! What the session plays, for the variant in force: a [`Session`] of its rules (the game the
//! GUI sent, the searcher, the tables). [`Board`] is written once over the rules; the Hub holds
//! it as a [`Play`] object, so changing the `variant` param swaps the whole board (a virtual call
//! per command, none in the search).

use super::event::Event;
use super::game::AnyGame;
use super::output::Output;
use super::params::{Setting, Settings};
use super::rules::eval;
use super::search::{self, RunningSearch, SearchRequest};
use super::tables::{dispose, open_tables};
use crate::games::{dispatch, Game, GameRules, Session, WithGame};
use dama_engine::search::{SearchControl, Searcher, TranspositionTable};
use dama_engine::variant::Variant;
use std::any::Any;
use std::sync::mpsc::Sender;
use std::sync::Arc;

/// A new board for `variant`: its start position, no searcher yet.
pub fn new_board(variant: Variant) -> Box<dyn Play> {
    struct NewBoard;
    impl WithGame for NewBoard {
        type Output = Box<dyn Play>;
        fn with<R: GameRules>(self) -> Box<dyn Play> {
            Box::new(Board::<R> { session: Session::new(Game::new(R::start())) })
        }
    }
    dispatch(variant, NewBoard)
}

/// The session's view of a board, whatever its rules.
pub trait Play: Send {
    /// The variant played.
    fn variant(&self) -> Variant;
    /// Takes the game `pos` sent.
    fn set_game(&mut self, game: AnyGame) -> Result<(), String>;
    /// Whether the side to move has a legal move.
    fn has_legal_move(&self) -> bool;
    /// The first legal move in Hub notation (the answer when a search gives none).
    fn first_move(&self) -> Option<String>;
    /// A book move in Hub notation, if the game has a book, the position is in it, and the book
    /// is played by default or `asked` (the `book` param was given).
    fn book_move(&self, asked: bool) -> Option<String>;
    /// Makes the searcher if there is none yet, with the current settings (a table too large
    /// falls back to 1 MiB, recorded in `settings`); returns the errors to report.
    fn searcher_ready(&mut self, settings: &mut Settings, commit: bool) -> Vec<String>;
    /// Applies a checked setting to the searcher, if there is one (`settings` as they will be
    /// once the setting is recorded).
    fn apply(&mut self, setting: &Setting, settings: &Settings) -> Result<(), String>;
    /// `new-game`: the transposition table emptied (at once: a new epoch).
    fn new_game(&mut self);
    /// Starts a search of the game on its own thread; the searcher goes with it.
    fn start(
        &mut self,
        request: SearchRequest,
        control: Arc<SearchControl>,
        output: Output,
        events: Sender<Event>,
    ) -> Result<RunningSearch, String>;
    /// Takes the searcher back from a finished search (a searcher of other rules is dropped).
    fn take_back(&mut self, searcher: Option<Box<dyn Any + Send>>);
}

/// The session of one set of rules; its searcher is made at `init` (or the first search) and is
/// away on the search thread while a search runs.
pub struct Board<R: GameRules> {
    session: Session<R>,
}

impl<R: GameRules> Board<R> {
    /// Opens the game's tables the settings name (the default directory's small tables built
    /// in the background on first use, unless `egdb-build` is false).
    fn open_tables(&mut self, settings: &Settings) -> Result<(), String> {
        let dir = settings.egdb_path.as_deref();
        self.session
            .open_tables(dir, settings.egdb_pieces, settings.egdb_build)
            .map_err(|e| format!("set-param: egdb-path {e}"))
    }
}

impl<R: GameRules> Play for Board<R> {
    fn variant(&self) -> Variant {
        R::VARIANT
    }

    fn set_game(&mut self, game: AnyGame) -> Result<(), String> {
        self.session.game = game
            .game::<R>()
            .ok_or_else(|| format!("pos: the position is not one of {}", R::NAME))?;
        Ok(())
    }

    fn has_legal_move(&self) -> bool {
        self.session.has_legal_move()
    }

    fn first_move(&self) -> Option<String> {
        let position = &self.session.game.position;
        R::legal_moves(position).first().map(|mv| R::hub_text(position, mv))
    }

    fn book_move(&self, asked: bool) -> Option<String> {
        let position = &self.session.game.position;
        self.session.book_move(asked).map(|mv| R::hub_text(position, &mv))
    }

    fn searcher_ready(&mut self, settings: &mut Settings, commit: bool) -> Vec<String> {
        let mut errors = Vec::new();
        if self.session.has_searcher() {
            return errors;
        }
        let threads = settings.threads;
        let mut searcher = match Searcher::<R>::new(settings.table_mib, threads) {
            Ok(searcher) => searcher,
            Err(e) => {
                errors.push(format!("{e}: using a 1 MiB table"));
                settings.table_mib = 1;
                match Searcher::<R>::new(1, threads) {
                    Ok(searcher) => searcher,
                    Err(e) => {
                        errors.push(e.to_string());
                        return errors;
                    }
                }
            }
        };
        if commit {
            searcher.commit_table();
        }
        searcher.set_quiet_ply_limit(settings.quiet_ply_limit);
        searcher.set_options(settings.search.clone());
        match eval::<R>(settings) {
            Ok(eval) => searcher.set_eval(eval),
            Err(message) => errors.push(message),
        }
        self.session.put_searcher(searcher);
        if let Err(message) = self.open_tables(settings) {
            errors.push(message);
        }
        errors
    }

    fn apply(&mut self, setting: &Setting, settings: &Settings) -> Result<(), String> {
        if let Setting::EgdbPath(_) | Setting::EgdbPieces(_) | Setting::EgdbBuild(_) = setting {
            return match self.session.has_searcher() {
                true => self.open_tables(settings),
                false => open_tables::<R>(settings).map(|_| ()),
            };
        }
        let Some(searcher) = self.session.searcher_mut() else {
            return match setting {
                Setting::Eval(_) | Setting::EvalFile(_) => {
                    eval::<R>(settings).map(|_| ()).map_err(|e| format!("set-param: {e}"))
                }
                _ => Ok(()),
            };
        };
        match setting {
            Setting::Threads(n) => searcher.set_threads(*n),
            Setting::TableSize(mib) => match TranspositionTable::new(*mib) {
                Ok(mut table) => {
                    table.commit();
                    dispose(searcher.replace_table(table))
                }
                Err(e) => return Err(format!("set-param: {e}")),
            },
            Setting::QuietPlyLimit(plies) => searcher.set_quiet_ply_limit(*plies),
            Setting::Switch { .. } | Setting::Eval(_) | Setting::EvalFile(_) => {
                let eval = eval::<R>(settings).map_err(|e| format!("set-param: {e}"))?;
                searcher.set_options(settings.search.clone());
                searcher.set_eval(eval);
            }
            _ => {}
        }
        Ok(())
    }

    fn new_game(&mut self) {
        // Instant (a new epoch), so the next `go` pays nothing for it; the table keeps its
        // committed pages.
        if let Some(searcher) = self.session.searcher_mut() {
            searcher.clear();
        }
    }

    fn start(
        &mut self,
        request: SearchRequest,
        control: Arc<SearchControl>,
        output: Output,
        events: Sender<Event>,
    ) -> Result<RunningSearch, String> {
        let searcher = self.session.take_searcher().ok_or("no searcher")?;
        let mut game = self.session.game.clone();
        game.history = game.history.with_quiet_ply_limit(request.quiet_ply_limit);
        search::start(searcher, game, request, control, output, events)
    }

    fn take_back(&mut self, searcher: Option<Box<dyn Any + Send>>) {
        if let Some(searcher) = searcher.and_then(|s| s.downcast::<Searcher<R>>().ok()) {
            self.session.put_searcher(*searcher);
        }
    }
}
