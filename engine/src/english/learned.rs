//! English draughts' learned evaluation: the 8x8 features of [`crate::board8::features`] (on the
//! English board, which is the Italian one mirrored), with weights of its own fitted to English
//! self-play by `dama tune --variant english` (docs/learning.md).

use super::English;
use crate::board8::features::{
    features_with, Windows, FEATURES, GUARD, KINGS, MEN, PATTERNS, PHASE_PIECES, RUNAWAY,
};
use crate::board8::position::Position;
use crate::learned::{read_embedded, Features};
use std::sync::{Arc, OnceLock};

/// English draughts' learned evaluation.
pub type LearnedEval = crate::learned::LearnedEval<English>;

/// The weights built into the binary: trained on English self-play (docs/learning.md, "English
/// draughts").
pub const EMBEDDED_WEIGHTS: &[u8] = include_bytes!("../../weights/english.dwt");

impl Features for English {
    const FEATURES: usize = FEATURES;
    const PHASE_PIECES: i32 = PHASE_PIECES;
    const PATTERNS: usize = PATTERNS;
    const WEIGHTS_GAME: u32 = 21;

    #[inline(always)]
    fn features_with(position: &Position, acc: &Windows, sink: impl FnMut(usize, i32)) -> i32 {
        features_with(position, acc, sink)
    }

    /// Close to the basic evaluation ([`super::evaluate`]): men 100, kings 130, a runaway man
    /// and the back row; everything else zero.
    fn initial_weights() -> Vec<[f32; 2]> {
        let mut w = vec![[0.0f32; 2]; FEATURES];
        for square in 4..32 {
            w[MEN + square] = [100.0, 100.0];
        }
        for square in 0..32 {
            w[KINGS + square] = [130.0, 130.0];
        }
        for (rows, value) in [0.0, 40.0, 32.0, 26.0, 20.0, 15.0, 10.0, 6.0].into_iter().enumerate()
        {
            w[RUNAWAY + rows] = [value, value];
        }
        for column in 0..4 {
            w[GUARD + column] = [8.0, 8.0];
        }
        w
    }

    fn embedded() -> Option<Arc<LearnedEval>> {
        static EMBEDDED: OnceLock<Arc<LearnedEval>> = OnceLock::new();
        Some(read_embedded(&EMBEDDED, EMBEDDED_WEIGHTS))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learned::WeightsError;

    #[test]
    fn the_embedded_weights_load_and_prefer_material() {
        let eval = English::embedded().expect("English has built-in weights");
        let up = crate::board8::fen::parse_fen("B:W21-32:B1-11").unwrap();
        assert!(eval.evaluate(&up) < -50, "Black to move, a man down");
    }

    #[test]
    fn english_weights_are_english_only() {
        let bytes = LearnedEval::to_bytes(&English::initial_weights());
        let eval = LearnedEval::from_bytes(&bytes).unwrap();
        assert_eq!(eval.to_hundredths(), English::initial_weights());
        // The start position is even; a man more is better for the side that has it.
        let start = crate::english::start();
        assert_eq!(eval.evaluate(&start), 0);
        let up = crate::board8::fen::parse_fen("B:W21-32:B1-11").unwrap();
        assert!(eval.evaluate(&up) < 0, "Black to move, a man down");
        // Italian weights are refused, and English weights are refused by Italian.
        let italian = crate::italian::eval::learned::EMBEDDED_WEIGHTS;
        assert_eq!(
            LearnedEval::from_bytes(italian),
            Err(WeightsError::Game { expected: 21, found: 0 })
        );
        assert_eq!(
            crate::italian::eval::learned::LearnedEval::from_bytes(&bytes),
            Err(WeightsError::Game { expected: 0, found: 21 })
        );
    }
}
