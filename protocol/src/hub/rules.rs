//! The games the Hub plays, with what differs between them beyond the rules: the evaluation
//! settings, endgame tables (each game's own, [`TableRules`]), the opening book (Italian and
//! International: each game's embedded book, [`BookGame`]), and each game's place in [`AnyGame`].

use super::game::{AnyGame, Game};
use super::params::Settings;
use crate::weights::AnyWeights;
use dama_book::BookGame;
use dama_egdb::TableRules;
use dama_engine::english::English;
use dama_engine::international::International;
use dama_engine::italian::{EvalOptions, Italian};
use dama_engine::learned::{Features, LearnedChoice, LearnedEval};
use dama_engine::variant::Variant;
use std::sync::Arc;

/// The rules the Hub plays, with what differs between games beyond the rules: endgame tables
/// (each game's own, in its place in the table directory: [`TableRules`]), the opening book (the
/// game's embedded book, where it has one) and the game's place in [`AnyGame`].
pub trait HubRules: BookGame + TableRules {
    /// The variant these rules are.
    const VARIANT: Variant;

    /// Whether `go think` plays the game's book with the `book` param at its default: true for
    /// Italian; false for International, whose book lost from the start position at equal time
    /// (docs/strength.md), so it is played only when `book` is set to true explicitly.
    const BOOK_BY_DEFAULT: bool = true;

    /// The game, if `game` is one of these rules.
    fn game(game: AnyGame) -> Option<Game<Self>>;

    /// The evaluation the settings choose, or why the game cannot have it.
    fn eval(settings: &Settings) -> Result<Self::Eval, String>;

    /// A move from the game's embedded opening book, for games that have one (Italian,
    /// International): [`dama_book::book_move`], seeded by the position (repeatable matches).
    fn book_move(position: &Self::Position) -> Option<Self::Move> {
        dama_book::book_move::<Self>(position)
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

    fn eval(settings: &Settings) -> Result<EvalOptions, String> {
        file_for::<Italian>(settings, |w| match w {
            AnyWeights::Italian(weights) => Some(weights.clone()),
            _ => None,
        })?;
        Ok(settings.eval.clone())
    }
}

impl HubRules for English {
    const VARIANT: Variant = Variant::English;

    fn eval(settings: &Settings) -> Result<LearnedChoice<English>, String> {
        let file = file_for::<English>(settings, |w| match w {
            AnyWeights::English(weights) => Some(weights.clone()),
            _ => None,
        })?;
        match settings.choice {
            Some(name) => LearnedChoice::named(name, file),
            None => Ok(LearnedChoice::default()),
        }
    }

    fn game(game: AnyGame) -> Option<Game<English>> {
        match game {
            AnyGame::English(game) => Some(game),
            _ => None,
        }
    }
}

impl HubRules for International {
    const VARIANT: Variant = Variant::International;
    const BOOK_BY_DEFAULT: bool = false;

    fn eval(settings: &Settings) -> Result<LearnedChoice<International>, String> {
        let file = file_for::<International>(settings, |w| match w {
            AnyWeights::International(weights) => Some(weights.clone()),
            _ => None,
        })?;
        match settings.choice {
            Some(name) => LearnedChoice::named(name, file),
            None => Ok(LearnedChoice::default()),
        }
    }

    fn game(game: AnyGame) -> Option<Game<International>> {
        match game {
            AnyGame::International(game) => Some(game),
            _ => None,
        }
    }
}

/// The weights of the settings' `eval-file` for the game `R` (`pick` takes them out of the file's
/// weights when they are `R`'s); an error when the file is another game's.
fn file_for<R: Features>(
    settings: &Settings,
    pick: fn(&AnyWeights) -> Option<Arc<LearnedEval<R>>>,
) -> Result<Option<Arc<LearnedEval<R>>>, String> {
    match &settings.eval_file {
        None => Ok(None),
        Some((path, weights)) => match pick(weights) {
            Some(weights) => Ok(Some(weights)),
            None => Err(format!(
                "eval-file '{}' holds weights for {}, not {}",
                path.display(),
                weights.game(),
                R::NAME
            )),
        },
    }
}
