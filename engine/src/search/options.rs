//! Switches for the search's features and the evaluation weights, so that each feature's value
//! can be measured in matches against the engine without it (see docs/strength.md).

use crate::position::Position;
use crate::search::eval::{evaluate_with, EvalWeights};
use crate::search::learned::LearnedEval;
use crate::search::score::Score;
use std::sync::Arc;

/// The search features that can be turned off, and the evaluation in use.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOptions {
    /// Late-move reductions of quiet moves ordered late.
    pub late_move_reductions: bool,
    /// Aspiration windows around the previous iteration's score.
    pub aspiration_windows: bool,
    /// Killer and history move ordering.
    pub killers_and_history: bool,
    /// At the horizon, search one more ply when the opponent threatens a capture.
    pub threat_extension: bool,
    /// Search a forced (only) move one ply deeper.
    pub forced_move_extension: bool,
    /// Cut off with transposition-table bounds (the table's move ordering stays on).
    pub table_cutoffs: bool,
    /// The classic evaluation's weights.
    pub weights: EvalWeights,
    /// The learned evaluation's weights when it is the one in use; `None`: the classic one.
    pub learned: Option<Arc<LearnedEval>>,
}

impl SearchOptions {
    /// The switches as the engine plays, with the classic evaluation at its default weights
    /// ([`SearchOptions::default`] is the same with the learned evaluation).
    pub const DEFAULT: SearchOptions = SearchOptions {
        late_move_reductions: true,
        aspiration_windows: true,
        killers_and_history: true,
        threat_extension: true,
        // Measured no gain: +3.0 +/- 19.2 Elo at 5 000 nodes, -16.0 +/- 19.0 at 8 000 (docs/strength.md).
        forced_move_extension: false,
        table_cutoffs: true,
        weights: EvalWeights::DEFAULT,
        learned: None,
    };

    /// The evaluation names accepted by [`SearchOptions::set_eval`].
    pub const EVALS: [&'static str; 2] = ["classic", "learned"];

    /// The static evaluation in use, for the side to move.
    #[inline]
    pub fn evaluate(&self, position: &Position) -> Score {
        match &self.learned {
            Some(learned) => learned.evaluate(position),
            None => evaluate_with(position, &self.weights),
        }
    }

    /// The name of the evaluation in use: `classic` or `learned`.
    pub fn eval_name(&self) -> &'static str {
        if self.learned.is_some() {
            "learned"
        } else {
            "classic"
        }
    }

    /// Selects the evaluation by name: `classic`, or `learned` with the built-in weights.
    /// Returns `false` for an unknown name.
    pub fn set_eval(&mut self, name: &str) -> bool {
        match name {
            "classic" => self.learned = None,
            "learned" => self.learned = Some(LearnedEval::embedded()),
            _ => return false,
        }
        true
    }

    /// The names accepted by [`SearchOptions::set`], for documentation and protocol params:
    /// the search features, `positional-eval` (all positional terms), and `eval-<term>` for each
    /// of [`EvalWeights::TERMS`].
    pub const SWITCHES: &'static [&'static str] = &[
        "late-move-reductions",
        "aspiration-windows",
        "killers-and-history",
        "threat-extension",
        "forced-move-extension",
        "table-cutoffs",
        "positional-eval",
        "eval-advancement",
        "eval-centre",
        "eval-edge",
        "eval-back-row",
        "eval-bridge",
        "eval-runaway",
        "eval-king-mobility",
        "eval-trapped-king",
        "eval-king-centre",
        "eval-trade-down",
        "eval-hunt-distance",
        "eval-tempo",
    ];

    /// Turns the named feature on or off; `positional-eval` off keeps only material.
    /// Returns `false` for an unknown name.
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        match name {
            "late-move-reductions" => self.late_move_reductions = on,
            "aspiration-windows" => self.aspiration_windows = on,
            "killers-and-history" => self.killers_and_history = on,
            "threat-extension" => self.threat_extension = on,
            "forced-move-extension" => self.forced_move_extension = on,
            "table-cutoffs" => self.table_cutoffs = on,
            "positional-eval" if on => self.weights = EvalWeights::DEFAULT,
            "positional-eval" => {
                // Material only: the classic evaluation with its positional terms off.
                self.weights = EvalWeights::MATERIAL_ONLY;
                self.learned = None;
            }
            other => match other.strip_prefix("eval-") {
                Some(term) => return self.weights.set_term(term, on),
                None => return false,
            },
        }
        true
    }

    /// Whether the named feature is on (`None` for an unknown name).
    pub fn get(&self, name: &str) -> Option<bool> {
        Some(match name {
            "late-move-reductions" => self.late_move_reductions,
            "aspiration-windows" => self.aspiration_windows,
            "killers-and-history" => self.killers_and_history,
            "threat-extension" => self.threat_extension,
            "forced-move-extension" => self.forced_move_extension,
            "table-cutoffs" => self.table_cutoffs,
            "positional-eval" => {
                self.learned.is_some() || self.weights != EvalWeights::MATERIAL_ONLY
            }
            other => return self.weights.term_on(other.strip_prefix("eval-")?),
        })
    }
}

impl Default for SearchOptions {
    /// How the engine plays: the switches of [`SearchOptions::DEFAULT`] with the learned
    /// evaluation and its built-in weights, which beat the classic evaluation in matches at
    /// equal time (docs/learning.md).
    fn default() -> SearchOptions {
        SearchOptions { learned: Some(LearnedEval::embedded()), ..SearchOptions::DEFAULT }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_switch_round_trips() {
        for &name in SearchOptions::SWITCHES {
            let mut options = SearchOptions::DEFAULT;
            let default = options.get(name).unwrap_or_else(|| panic!("{name} has no value"));
            assert!(options.set(name, false));
            assert_eq!(options.get(name), Some(false), "{name}");
            assert!(options.set(name, default));
            assert_eq!(options, SearchOptions::DEFAULT, "{name} restores the default");
        }
        // The features that matches showed to help are on by default.
        for name in ["late-move-reductions", "table-cutoffs", "eval-back-row", "eval-runaway"] {
            assert_eq!(SearchOptions::DEFAULT.get(name), Some(true), "{name}");
        }
        assert!(!SearchOptions::DEFAULT.clone().set("flying-kings", true));
    }
}
