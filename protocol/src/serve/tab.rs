//! One browser tab's board: a [`Session`] of the variant on the board, written once over the
//! game's rules and held by the connection as a [`Tab`] object, so that a change of game swaps
//! the whole board. The searcher is made on the first search and goes to the search thread.

use super::messages::{LegalMove, Reply};
use super::search::{self, Event, Job};
use super::Config;
use crate::games::board::{square_chars, square_count};
use crate::games::{dispatch, EvalAsk, Game, GameRules, Session, WithGame};
use dama_engine::color::Color;
use dama_engine::movetext::PathMove;
use dama_engine::rules::Rules;

use dama_engine::search::{SearchControl, Searcher};
use dama_engine::variant::Variant;
use std::any::Any;
use std::sync::Arc;
use tokio::sync::mpsc::UnboundedSender;

/// A tab's board, whatever its rules.
pub trait Tab: Send {
    /// The variant on the board.
    fn variant(&self) -> Variant;
    /// Sets the game from a FEN (`None`: the start) and moves; the position's reply.
    fn set_game(&mut self, fen: Option<&str>, moves: &[String]) -> Result<Reply, String>;
    /// Starts `job` on a search thread of its own, numbered `id`; the searcher goes with it.
    fn start(
        &mut self,
        job: Job,
        id: u64,
        control: Arc<SearchControl>,
        events: UnboundedSender<Event>,
    ) -> Result<(), String>;
    /// Takes the searcher back from a finished search (one of other rules is dropped).
    fn take_back(&mut self, searcher: Box<dyn Any + Send>);
    /// The game as PDN with `tags`.
    fn export(&self, tags: &[(String, String)]) -> String;
}

/// A new board of `variant` at its start position.
pub fn new_tab(variant: Variant, config: Arc<Config>) -> Box<dyn Tab> {
    struct NewTab(Arc<Config>);
    impl WithGame for NewTab {
        type Output = Box<dyn Tab>;
        fn with<R: GameRules>(self) -> Box<dyn Tab> {
            let session = Session::new(Game::<R>::new(R::start()));
            Box::new(Board { session, config: self.0, made: false, tables_opened: false })
        }
    }
    dispatch(variant, NewTab(config))
}

struct Board<R: GameRules> {
    session: Session<R>,
    config: Arc<Config>,
    /// Whether the searcher was made (it may be away searching).
    made: bool,
    /// Whether the game's endgame tables were looked for (at the first position set).
    tables_opened: bool,
}

/// A legal move of `position` as the page sees it: its text as the game writes it (what the page
/// sends back, and what `done` names), its squares by number.
fn legal_move<R: Rules>(position: &R::Position, p: &PathMove<R::Move>) -> LegalMove {
    let mut path = vec![p.from];
    path.extend(&p.landings);
    LegalMove { text: R::path_text(position, &p.mv), path, captured: p.captured.clone() }
}

/// The most pieces of the tables probed.
const MAX_TABLE_PIECES: u32 = 6;

impl<R: GameRules> Board<R> {
    fn position_reply(&self) -> Reply {
        let game = &self.session.game;
        let position = &game.position;
        let paths = R::paths(position);
        let legal: Vec<LegalMove> = paths.iter().map(|p| legal_move::<R>(position, p)).collect();
        let last = game.moves.last().and_then(|mv| {
            let before = game.positions()[game.moves.len() - 1];
            R::paths(&before).iter().find(|p| p.mv == *mv).map(|p| legal_move::<R>(&before, p))
        });
        let side = R::side_to_move(position);
        let end = game.end();
        let tables = self.session.verdict_text();
        Reply::Position {
            variant: R::NAME.to_string(),
            fen: R::to_fen(position),
            start: R::to_fen(&game.start),
            board: square_chars(&R::to_fen(position), square_count::<R>()),
            side: if side == Color::White { "white" } else { "black" }.to_string(),
            plies: game.moves.len(),
            last,
            must_capture: paths.first().is_some_and(|p| !p.captured.is_empty()),
            legal,
            result: end.as_ref().map(|end| end.result.to_string()),
            reason: end.map(|end| end.reason),
            tables,
        }
    }

    /// The searcher, made on first use with the game's default evaluation and the tables.
    fn searcher(&mut self) -> Result<Searcher<R>, String> {
        if self.made {
            return self.session.take_searcher().ok_or_else(|| "a search is running".into());
        }
        let mut searcher =
            Searcher::<R>::new(self.config.hash_mib, 1).map_err(|e| e.to_string())?;
        searcher.set_eval(R::eval(EvalAsk { name: None, weights: None, italian: None })?);
        self.made = true;
        Ok(searcher)
    }
}

impl<R: GameRules> Tab for Board<R> {
    fn variant(&self) -> Variant {
        R::VARIANT
    }

    fn set_game(&mut self, fen: Option<&str>, moves: &[String]) -> Result<Reply, String> {
        let mut game = Game::<R>::from_fen(fen, "")?;
        for (number, text) in moves.iter().enumerate() {
            let mv = R::parse_move(&game.position, text)
                .map_err(|e| format!("move {} is refused: {e}", number + 1))?;
            game.play(mv);
        }
        self.session.game = game;
        if !self.tables_opened {
            self.tables_opened = true;
            if !self.config.no_egdb {
                let dir = self.config.egdb_dir.as_deref();
                self.session.open_tables(dir, MAX_TABLE_PIECES, true)?;
            }
        }
        Ok(self.position_reply())
    }

    fn start(
        &mut self,
        job: Job,
        id: u64,
        control: Arc<SearchControl>,
        events: UnboundedSender<Event>,
    ) -> Result<(), String> {
        if job.needs_move() && !self.session.has_legal_move() {
            return Err("the game is over: there is no move to search".into());
        }
        let searcher = self.searcher()?;
        let game = self.session.game.clone();
        search::spawn(searcher, game, job, id, control, events, Arc::clone(&self.config))
    }

    fn take_back(&mut self, searcher: Box<dyn Any + Send>) {
        if let Ok(searcher) = searcher.downcast::<Searcher<R>>() {
            self.session.put_searcher(*searcher);
        }
    }

    fn export(&self, tags: &[(String, String)]) -> String {
        self.session.game.to_pdn(tags)
    }
}
