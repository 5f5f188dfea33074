//! What the Hub's settings mean for a game: the evaluation they choose. (The endgame tables they
//! name are opened by [`super::tables`]: every game has its own.)

use super::params::Settings;
use crate::games::{EvalAsk, GameRules};

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
