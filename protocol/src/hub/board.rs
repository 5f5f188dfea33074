//! What the session plays, for the variant in force: the game the GUI sent and the searcher
//! for its rules. [`Board`] is written once over the rules; the session holds it as a
//! [`Play`] object, so changing the `variant` param swaps the whole board (a virtual call per
//! command, none in the search).

use super::event::Event;
use super::game::{AnyGame, Game};
use super::output::Output;
use super::params::{Setting, Settings};
use super::rules::HubRules;
use super::search::{self, RunningSearch, SearchRequest};
use super::tables::{attach_tables, dispose, open_tables};
use dama_engine::english::English;
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::search::{SearchControl, Searcher, TranspositionTable};
use dama_engine::variant::Variant;
use std::any::Any;
use std::sync::mpsc::Sender;
use std::sync::Arc;

/// A new board for `variant`: its start position, no searcher yet.
pub fn new_board(variant: Variant) -> Box<dyn Play> {
    match variant {
        Variant::Italian => Box::new(Board::<Italian>::new()),
        Variant::English => Box::new(Board::<English>::new()),
        Variant::International => Box::new(Board::<International>::new()),
    }
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

/// The game and the searcher of one set of rules.
pub struct Board<R: HubRules> {
    game: Game<R>,
    /// Made at `init` (or the first search); away on the search thread while a search runs.
    searcher: Option<Searcher<R>>,
}

impl<R: HubRules> Board<R> {
    fn new() -> Board<R> {
        Board { game: Game::new(R::start()), searcher: None }
    }
}

impl<R: HubRules> Play for Board<R> {
    fn variant(&self) -> Variant {
        R::VARIANT
    }

    fn set_game(&mut self, game: AnyGame) -> Result<(), String> {
        self.game =
            R::game(game).ok_or_else(|| format!("pos: the position is not one of {}", R::NAME))?;
        Ok(())
    }

    fn has_legal_move(&self) -> bool {
        !R::legal_moves(&self.game.position).is_empty()
    }

    fn first_move(&self) -> Option<String> {
        let position = &self.game.position;
        R::legal_moves(position).first().map(|mv| R::hub_text(position, mv))
    }

    fn book_move(&self, asked: bool) -> Option<String> {
        if !(R::BOOK_BY_DEFAULT || asked) {
            return None;
        }
        let position = &self.game.position;
        R::book_move(position).map(|mv| R::hub_text(position, &mv))
    }

    fn searcher_ready(&mut self, settings: &mut Settings, commit: bool) -> Vec<String> {
        let mut errors = Vec::new();
        if self.searcher.is_some() {
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
        match R::eval(settings) {
            Ok(eval) => searcher.set_eval(eval),
            Err(message) => errors.push(message),
        }
        if let Err(message) = attach_tables(&mut searcher, settings) {
            errors.push(message);
        }
        self.searcher = Some(searcher);
        errors
    }

    fn apply(&mut self, setting: &Setting, settings: &Settings) -> Result<(), String> {
        let Some(searcher) = self.searcher.as_mut() else {
            return match setting {
                Setting::EgdbPath(_) | Setting::EgdbPieces(_) => {
                    open_tables(settings, R::GAME).map(|_| ())
                }
                Setting::Eval(_) | Setting::EvalFile(_) => {
                    R::eval(settings).map(|_| ()).map_err(|e| format!("set-param: {e}"))
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
                let eval = R::eval(settings).map_err(|e| format!("set-param: {e}"))?;
                searcher.set_options(settings.search.clone());
                searcher.set_eval(eval);
            }
            Setting::EgdbPath(_) | Setting::EgdbPieces(_) => attach_tables(searcher, settings)?,
            _ => {}
        }
        Ok(())
    }

    fn new_game(&mut self) {
        // Instant (a new epoch), so the next `go` pays nothing for it; the table keeps its
        // committed pages.
        if let Some(searcher) = self.searcher.as_mut() {
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
        let searcher = self.searcher.take().ok_or("no searcher")?;
        let mut game = self.game.clone();
        game.history = game.history.with_quiet_ply_limit(request.quiet_ply_limit);
        search::start(searcher, game, request, control, output, events)
    }

    fn take_back(&mut self, searcher: Option<Box<dyn Any + Send>>) {
        self.searcher = searcher.and_then(|s| s.downcast::<Searcher<R>>().ok()).map(|s| *s);
    }
}
