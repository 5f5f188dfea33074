//! The games the Hub plays, with what differs between them beyond the rules: the evaluation
//! settings, endgame tables and the opening book (Italian only), and each game's place in
//! [`AnyGame`].

use super::game::{AnyGame, Game};
use super::params::Settings;
use super::tables::open_tables;
use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;
use dama_engine::english::English;
use dama_engine::international::International;
use dama_engine::italian::{EvalOptions, Italian};
use dama_engine::rules::Rules;
use dama_engine::search::Searcher;
use dama_engine::variant::Variant;

/// The rules the Hub plays, with what differs between games beyond the rules: endgame tables and
/// the opening book (Italian only) and the game's place in [`AnyGame`].
pub trait HubRules: Rules {
    /// The variant these rules are.
    const VARIANT: Variant;

    /// The game, if `game` is one of these rules.
    fn game(game: AnyGame) -> Option<Game<Self>>;

    /// The evaluation the settings choose (the game's default for a game with one evaluation).
    fn eval(_settings: &Settings) -> Self::Eval {
        Self::Eval::default()
    }

    /// Gives the searcher the endgame tables the settings name, for games that have them.
    fn attach_tables(_searcher: &mut Searcher<Self>, _settings: &Settings) -> Result<(), String> {
        Ok(())
    }

    /// A move from the opening book, for games that have one.
    fn book_move(_position: &Self::Position) -> Option<Self::Move> {
        None
    }
}

impl HubRules for Italian {
    const VARIANT: Variant = Variant::Italian;

    fn game(game: AnyGame) -> Option<Game<Italian>> {
        match game {
            AnyGame::Italian(game) => Some(game),
            _ => None,
        }
    }

    fn eval(settings: &Settings) -> EvalOptions {
        settings.eval.clone()
    }

    fn attach_tables(searcher: &mut Searcher<Italian>, settings: &Settings) -> Result<(), String> {
        open_tables(settings).map(|tables| searcher.set_endgame_tables(tables))
    }

    /// The choice among the moves within the book's score margin is weighted and seeded by the
    /// position, so the same position always gets the same move (repeatable matches).
    fn book_move(position: &Position) -> Option<Move> {
        use rand::SeedableRng;
        const BOOK_SEED: u64 = 0xDA3A_B00C;
        let mut rng = rand::rngs::StdRng::seed_from_u64(BOOK_SEED ^ position.key());
        dama_book::default_book().probe(position, &mut rng, dama_book::DEFAULT_MARGIN)
    }
}

impl HubRules for English {
    const VARIANT: Variant = Variant::English;

    fn game(game: AnyGame) -> Option<Game<English>> {
        match game {
            AnyGame::English(game) => Some(game),
            _ => None,
        }
    }
}

impl HubRules for International {
    const VARIANT: Variant = Variant::International;

    fn game(game: AnyGame) -> Option<Game<International>> {
        match game {
            AnyGame::International(game) => Some(game),
            _ => None,
        }
    }
}
