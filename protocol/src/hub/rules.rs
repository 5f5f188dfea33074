//! What the Hub's settings mean for a game: the evaluation they choose and the endgame tables
//! whose settings are checked.

use super::params::Settings;
use crate::games::{EvalAsk, GameRules};
use dama_engine::tables::TableGame;

/// The evaluation the settings choose for the game `R`, or why the game cannot have it (an
/// `eval-file` of another game).
pub fn eval<R: GameRules>(settings: &Settings) -> Result<R::Eval, String> {
    let weights = match &settings.eval_file {
        None => None,
        Some((path, weights)) => Some(weights.for_game::<R>().ok_or_else(|| {
            format!(
                "eval-file '{}' holds weights for {}, not {}",
                path.display(),
                weights.game(),
                R::NAME
            )
        })?),
    };
    R::eval(EvalAsk { name: settings.choice, weights, italian: Some(&settings.eval) })
}

/// The tables whose settings (`egdb-path`, `egdb-pieces`) are checked when they change: the
/// game's own, Italian for a game without tables (as before other games had tables).
pub fn checked_tables<R: GameRules>() -> TableGame {
    R::VARIANT.table_game().unwrap_or(TableGame::Italian)
}
