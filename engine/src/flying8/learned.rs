//! The learned evaluation's features of Russian and Brazilian draughts: the 8x8 features of
//! [`crate::board8::features`], read on the engine's squares (the English geometry, as English
//! draughts reads them). Each game's built-in weights (`engine/weights/russian.dwt` and
//! `brazilian.dwt`: Russian generation 1, Brazilian generation 0, docs/russian.md) were fitted by
//! `dama tune` on Dama's own `dama selfplay` games of that game, and are its default evaluation.

use super::rules::{Brazilian, Russian};
use crate::board8::features::{
    features_with, Windows, FEATURES, KINGS, MEN, PATTERNS, PHASE_PIECES,
};
use crate::board8::position::Position;
use crate::learned::{read_embedded, Features, LearnedEval};
use std::sync::{Arc, OnceLock};

/// Russian draughts' built-in weights.
pub const RUSSIAN_WEIGHTS: &[u8] = include_bytes!("../../weights/russian.dwt");
/// Brazilian draughts' built-in weights.
pub const BRAZILIAN_WEIGHTS: &[u8] = include_bytes!("../../weights/brazilian.dwt");

/// Starting weights: men 100, kings 280 (the hand-set evaluation's material), the rest zero.
fn initial_weights() -> Vec<[f32; 2]> {
    let mut w = vec![[0.0f32; 2]; FEATURES];
    for square in 4..32 {
        w[MEN + square] = [100.0, 100.0];
    }
    for square in 0..32 {
        w[KINGS + square] = [280.0, 280.0];
    }
    w
}

impl Features for Russian {
    const FEATURES: usize = FEATURES;
    const PHASE_PIECES: i32 = PHASE_PIECES;
    const PATTERNS: usize = PATTERNS;
    const WEIGHTS_GAME: u32 = 25;

    #[inline(always)]
    fn features_with(position: &Position, acc: &Windows, sink: impl FnMut(usize, i32)) -> i32 {
        features_with(position, acc, sink)
    }

    fn initial_weights() -> Vec<[f32; 2]> {
        initial_weights()
    }

    fn embedded() -> Option<Arc<LearnedEval<Russian>>> {
        static EMBEDDED: OnceLock<Arc<LearnedEval<Russian>>> = OnceLock::new();
        Some(read_embedded(&EMBEDDED, RUSSIAN_WEIGHTS))
    }
}

impl Features for Brazilian {
    const FEATURES: usize = FEATURES;
    const PHASE_PIECES: i32 = PHASE_PIECES;
    const PATTERNS: usize = PATTERNS;
    const WEIGHTS_GAME: u32 = 26;

    #[inline(always)]
    fn features_with(position: &Position, acc: &Windows, sink: impl FnMut(usize, i32)) -> i32 {
        features_with(position, acc, sink)
    }

    fn initial_weights() -> Vec<[f32; 2]> {
        initial_weights()
    }

    fn embedded() -> Option<Arc<LearnedEval<Brazilian>>> {
        static EMBEDDED: OnceLock<Arc<LearnedEval<Brazilian>>> = OnceLock::new();
        Some(read_embedded(&EMBEDDED, BRAZILIAN_WEIGHTS))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learned::WeightsError;

    #[test]
    fn each_game_reads_only_its_own_weights() {
        let bytes = LearnedEval::<Russian>::to_bytes(&Russian::initial_weights());
        let eval = LearnedEval::<Russian>::from_bytes(&bytes).unwrap();
        assert_eq!(eval.evaluate(&Position::start()), 0);
        let up = crate::flying8::fen::parse_fen("W:W1-12:B21-31").unwrap();
        assert!(eval.evaluate(&up) > 50, "White to move, a man up");
        assert_eq!(
            LearnedEval::<Brazilian>::from_bytes(&bytes),
            Err(WeightsError::Game { expected: 26, found: 25 })
        );
        // The built-in weights of each game read as that game's only, and see a man more as
        // better for its owner.
        let russian = Russian::embedded().expect("Russian has built-in weights");
        assert!(russian.evaluate(&up) > 50, "White to move, a man up");
        let brazilian = Brazilian::embedded().expect("Brazilian has built-in weights");
        assert!(brazilian.evaluate(&up) > 50, "White to move, a man up");
        assert_eq!(
            LearnedEval::<Brazilian>::from_bytes(RUSSIAN_WEIGHTS),
            Err(WeightsError::Game { expected: 26, found: 25 })
        );
        assert_eq!(
            LearnedEval::<Russian>::from_bytes(BRAZILIAN_WEIGHTS),
            Err(WeightsError::Game { expected: 25, found: 26 })
        );
    }
}
