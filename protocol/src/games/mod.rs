//! The games as every front end drives them: the one place where a variant's name becomes its
//! rules ([`dispatch`]), what differs between the games beyond the rules ([`GameRules`]: the
//! evaluation asked for, endgame tables, the opening book, the board), a game being played
//! ([`Game`]: where it started, the moves, the position and its history, how it ended, its PDN)
//! and one [`Session`] of it with its searcher and tables. The Hub, `dama analyze`,
//! `dama annotate`, `dama play` and the board of `dama serve` all drive a `Session`.

pub mod board;
mod dispatch;
mod game;
mod pdn;
mod session;
mod tables;
pub mod weights;

pub use dispatch::{dispatch, WithGame};
pub use game::{Game, GameEnd};
pub use session::Session;
pub use tables::{open_tables, TableSource};

use dama_book::BookGame;
use dama_egdb::SearchedTables;
use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::international::International;
use dama_engine::italian::{EvalOptions, Italian};
use dama_engine::learned::{Features, LearnedChoice, LearnedEval};
use dama_engine::tables::{EndgameTables, TablebaseValue};
use dama_engine::variant::Variant;
use std::sync::Arc;

/// The evaluation a front end asks for, whatever asked: its name (`classic`, `learned`; `None`
/// for the game's default) and weights of the game (which select the learned evaluation when no
/// name is given); for Dama Italiana, the Hub gives its evaluation already chosen, with its term
/// switches (the `eval-<term>` params), which then stands as it is.
pub struct EvalAsk<'a, R: Features> {
    /// `classic` or `learned`; `None`: the game's default.
    pub name: Option<&'a str>,
    /// Weights read from a file (`dama tune`), checked to be the game's.
    pub weights: Option<Arc<LearnedEval<R>>>,
    /// Dama Italiana's evaluation as already chosen, name, weights and switches (other games
    /// ignore it).
    pub italian: Option<&'a EvalOptions>,
}

/// A game Dama plays, with what differs between the games beyond the rules. Every game has
/// endgame tables of its own ([`dama_egdb::TableRules`], searched: [`SearchedTables`]).
pub trait GameRules: BookGame + Features + SearchedTables {
    /// The variant these rules are.
    const VARIANT: Variant;

    /// Whether a game plays its book by default: true for Italian; false for International,
    /// whose book lost from the start position at equal time (docs/strength.md), and for
    /// English, whose book has not yet shown a gain beyond its error bar (book/data/BUILD.md), so
    /// they are played only when asked for explicitly.
    const BOOK_BY_DEFAULT: bool = true;

    /// The board's side in squares: 8, 10 in International draughts.
    const BOARD_SIDE: u8 = 8;

    /// The column of square 1 on its row, from White's left (0 or 1): 1 in English and
    /// International draughts (square 1 on the second column of Black's back row), 0 in Dama
    /// Italiana (square 1 in the corner: the board is turned so that the single corner is at each
    /// player's right) and in Russian and Brazilian draughts (square 1 is a1).
    const FIRST_SQUARE_COLUMN: u8 = 1;

    /// Whether the squares are numbered from White's side (Russian and Brazilian draughts: 1 is
    /// a1, 32 h8) rather than from Black's (the other games: square 1 on Black's back row).
    const NUMBERED_FROM_WHITE: bool = false;

    /// The evaluation asked for, or why the game cannot have it.
    fn eval(ask: EvalAsk<'_, Self>) -> Result<Self::Eval, String>;

    /// The name of an evaluation, for reports.
    fn eval_name(eval: &Self::Eval) -> &'static str;

    /// The tables' value of `position` for the side to move, with the plies to the end of the
    /// game where the tables know them; `None` when they do not hold it (or are another game's).
    fn table_verdict(
        tables: &dyn EndgameTables<Self::Position>,
        position: &Self::Position,
    ) -> Option<(TablebaseValue, Option<u32>)> {
        Self::probe_tables(tables, position).and(tables.probe_distance(position))
    }

    /// The position drawn as text, for games that draw it in `dama analyze` (Italian).
    fn board_text(_position: &Self::Position) -> Option<String> {
        None
    }

    /// A move from the game's embedded opening book (each game has one): [`dama_book::book_move`], seeded by the position (repeatable matches).
    fn book_move(position: &Self::Position) -> Option<Self::Move> {
        dama_book::book_move::<Self>(position)
    }
}

impl GameRules for Italian {
    const VARIANT: Variant = Variant::Italian;
    const FIRST_SQUARE_COLUMN: u8 = 0;

    fn eval(ask: EvalAsk<'_, Italian>) -> Result<EvalOptions, String> {
        if let Some(chosen) = ask.italian {
            return Ok(chosen.clone());
        }
        let mut options = EvalOptions::default();
        if let Some(name) = ask.name {
            options.set_eval(name);
        }
        if let Some(weights) = ask.weights {
            options.learned = Some(weights);
        }
        Ok(options)
    }

    fn eval_name(eval: &EvalOptions) -> &'static str {
        eval.eval_name()
    }

    fn board_text(position: &Self::Position) -> Option<String> {
        Some(position.to_string())
    }
}

/// The evaluation of a game whose other evaluation is its hand-set one: `learned` (the game's
/// default) with the weights given or the built-in ones, or `classic`.
fn learned_choice<R: Features>(ask: EvalAsk<'_, R>) -> Result<LearnedChoice<R>, String> {
    match (ask.name, ask.weights) {
        (None, None) => Ok(LearnedChoice::default()),
        (None, weights) => LearnedChoice::named("learned", weights),
        (Some(name), weights) => LearnedChoice::named(name, weights),
    }
}

impl GameRules for English {
    const VARIANT: Variant = Variant::English;
    const BOOK_BY_DEFAULT: bool = false;

    fn eval(ask: EvalAsk<'_, English>) -> Result<LearnedChoice<English>, String> {
        learned_choice(ask)
    }

    fn eval_name(eval: &LearnedChoice<English>) -> &'static str {
        eval.name()
    }
}

/// Russian and Brazilian draughts: no trained weights and no book yet (the hand-set evaluation
/// plays by default), squares numbered from White's corner a1.
impl GameRules for Russian {
    const VARIANT: Variant = Variant::Russian;
    const BOOK_BY_DEFAULT: bool = false;
    const FIRST_SQUARE_COLUMN: u8 = 0;
    const NUMBERED_FROM_WHITE: bool = true;

    fn eval(ask: EvalAsk<'_, Russian>) -> Result<LearnedChoice<Russian>, String> {
        learned_choice(ask)
    }

    fn eval_name(eval: &LearnedChoice<Russian>) -> &'static str {
        eval.name()
    }
}

impl GameRules for Brazilian {
    const VARIANT: Variant = Variant::Brazilian;
    const BOOK_BY_DEFAULT: bool = false;
    const FIRST_SQUARE_COLUMN: u8 = 0;
    const NUMBERED_FROM_WHITE: bool = true;

    fn eval(ask: EvalAsk<'_, Brazilian>) -> Result<LearnedChoice<Brazilian>, String> {
        learned_choice(ask)
    }

    fn eval_name(eval: &LearnedChoice<Brazilian>) -> &'static str {
        eval.name()
    }
}

impl GameRules for International {
    const VARIANT: Variant = Variant::International;
    const BOOK_BY_DEFAULT: bool = false;
    const BOARD_SIDE: u8 = 10;

    fn eval(ask: EvalAsk<'_, International>) -> Result<LearnedChoice<International>, String> {
        learned_choice(ask)
    }

    fn eval_name(eval: &LearnedChoice<International>) -> &'static str {
        eval.name()
    }
}
