//! Dama Italiana's evaluations: the classic one, hand-set terms with named weights
//! ([`classic`]), and the learned one, a linear model over board patterns fitted to self-play
//! ([`learned`], the default). [`EvalOptions`] is the choice between them, the game's
//! [`crate::rules::Rules::Eval`].

pub mod classic;
pub mod learned;

use crate::board8::features::Windows;
use crate::board8::position::Position;
use crate::score::Score;
use classic::{evaluate_with, EvalWeights};
use learned::LearnedEval;
use std::sync::Arc;

/// The evaluation in use and its weights, with switches for the classic evaluation's terms so
/// that each term's value can be measured in matches (see docs/strength.md).
#[derive(Clone, Debug, PartialEq)]
pub struct EvalOptions {
    /// The classic evaluation's weights.
    pub weights: EvalWeights,
    /// The learned evaluation's weights when it is the one in use; `None`: the classic one.
    pub learned: Option<Arc<LearnedEval>>,
}

impl EvalOptions {
    /// The classic evaluation at its default weights ([`EvalOptions::default`] is the learned
    /// evaluation).
    pub const DEFAULT: EvalOptions = EvalOptions { weights: EvalWeights::DEFAULT, learned: None };

    /// The evaluation names accepted by [`EvalOptions::set_eval`].
    pub const EVALS: [&'static str; 2] = ["classic", "learned"];

    /// The static evaluation in use, for the side to move.
    #[inline]
    pub fn evaluate(&self, position: &Position) -> Score {
        match &self.learned {
            Some(learned) => learned.evaluate(position),
            None => evaluate_with(position, &self.weights),
        }
    }

    /// [`EvalOptions::evaluate`] given the position's pattern indexes (`windows`, as the search
    /// keeps them up to date: [`crate::board8::features::update_windows`]).
    #[inline]
    pub fn evaluate_with(&self, position: &Position, windows: &Windows) -> Score {
        match &self.learned {
            Some(learned) => learned.evaluate_with(position, windows),
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

    /// The names accepted by [`EvalOptions::set`], for documentation and protocol params:
    /// `positional-eval` (all positional terms), and `eval-<term>` for each of
    /// [`EvalWeights::TERMS`].
    pub const SWITCHES: &'static [&'static str] = &[
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

    /// Turns the named term on or off; `positional-eval` off keeps only material.
    /// Returns `false` for an unknown name.
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        match name {
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

    /// Whether the named term is on (`None` for an unknown name).
    pub fn get(&self, name: &str) -> Option<bool> {
        Some(match name {
            "positional-eval" => {
                self.learned.is_some() || self.weights != EvalWeights::MATERIAL_ONLY
            }
            other => return self.weights.term_on(other.strip_prefix("eval-")?),
        })
    }
}

impl Default for EvalOptions {
    /// How the engine plays: the learned evaluation and its built-in weights, which beat the
    /// classic evaluation in matches at equal time (docs/learning.md).
    fn default() -> EvalOptions {
        EvalOptions { learned: Some(LearnedEval::embedded()), ..EvalOptions::DEFAULT }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_switch_round_trips() {
        for &name in EvalOptions::SWITCHES {
            let mut options = EvalOptions::DEFAULT;
            let default = options.get(name).unwrap_or_else(|| panic!("{name} has no value"));
            assert!(options.set(name, false));
            assert_eq!(options.get(name), Some(false), "{name}");
            assert!(options.set(name, default));
            assert_eq!(options, EvalOptions::DEFAULT, "{name} restores the default");
        }
        // The terms that matches showed to help are on by default.
        for name in ["eval-back-row", "eval-runaway"] {
            assert_eq!(EvalOptions::DEFAULT.get(name), Some(true), "{name}");
        }
        assert!(!EvalOptions::DEFAULT.clone().set("flying-kings", true));
    }
}
