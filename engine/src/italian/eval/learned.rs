//! Dama Italiana's learned evaluation: the 8x8 features of [`crate::board8::features`] with
//! weights fitted to Italian self-play by `dama tune` (docs/learning.md), built into the binary.
//! The model, its weights file and the evaluation are [`crate::learned`]'s.

use crate::board8::features::{
    features_with, Windows, FEATURES, GUARD, KINGS, MEN, PATTERNS, PHASE_PIECES, RUNAWAY,
};
use crate::board8::position::Position;
use crate::italian::Italian;
use crate::learned::{read_embedded, Features};
pub use crate::learned::{WeightsError, EVAL_LIMIT, SCALE};
use std::sync::{Arc, OnceLock};

/// Dama Italiana's learned evaluation.
pub type LearnedEval = crate::learned::LearnedEval<Italian>;

/// The weights file built into the binary (`dama tune` writes files of this format).
pub const EMBEDDED_WEIGHTS: &[u8] = include_bytes!("../../../weights/learned.dwt");

impl Features for Italian {
    const FEATURES: usize = FEATURES;
    const PHASE_PIECES: i32 = PHASE_PIECES;
    const PATTERNS: usize = PATTERNS;
    const WEIGHTS_GAME: u32 = 0;

    #[inline(always)]
    fn features_with(position: &Position, acc: &Windows, sink: impl FnMut(usize, i32)) -> i32 {
        features_with(position, acc, sink)
    }

    /// Close to the classic evaluation: men 100, kings 165, the runaway man and the back-row
    /// guard; everything else zero.
    fn initial_weights() -> Vec<[f32; 2]> {
        let mut w = vec![[0.0f32; 2]; FEATURES];
        for square in 4..32 {
            w[MEN + square] = [100.0, 100.0];
        }
        for square in 0..32 {
            w[KINGS + square] = [165.0, 165.0];
        }
        for (rows, value) in [0.0, 60.0, 50.0, 40.0, 32.0, 24.0, 16.0, 10.0].into_iter().enumerate()
        {
            w[RUNAWAY + rows] = [value, value];
        }
        for column in 0..4 {
            w[GUARD + column] = [6.0, 6.0];
        }
        w
    }

    fn embedded() -> Option<Arc<LearnedEval>> {
        Some(LearnedEval::embedded())
    }
}

impl LearnedEval {
    /// The weights built into the binary, read once.
    pub fn embedded() -> Arc<LearnedEval> {
        static EMBEDDED: OnceLock<Arc<LearnedEval>> = OnceLock::new();
        read_embedded(&EMBEDDED, EMBEDDED_WEIGHTS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::features::features;
    use crate::board8::fen::parse_fen;
    use crate::color::Color;

    #[test]
    fn the_embedded_weights_load() {
        let eval = LearnedEval::embedded();
        assert_eq!(eval.to_hundredths().len(), FEATURES);
        // Material is worth something: a man more is better.
        let up = parse_fen("W:W21-32:B1-11").unwrap();
        assert!(eval.evaluate(&up) > 0);
    }

    #[test]
    fn colour_mirror_gives_the_same_score() {
        let eval = LearnedEval::embedded();
        let pairs = [
            ("W:W18,22,23,K30:B3,7,11,12", "B:B15,11,10,K3:W30,26,22,21"),
            ("W:W21-32:B1-12", "B:B1-12:W21-32"),
            ("B:WK5,K9:B25,26,K31", "W:BK28,K24:W8,7,K2"),
        ];
        for (a, b) in pairs {
            let (a, b) = (parse_fen(a).unwrap(), parse_fen(b).unwrap());
            assert_eq!(eval.evaluate(&a), eval.evaluate(&b), "{a:?}");
        }
    }

    #[test]
    fn a_file_round_trips_and_damage_is_refused() {
        let mut weights = vec![[0.0f32; 2]; FEATURES];
        weights[MEN + 3] = [101.5, 99.25];
        weights[PATTERNS + 7] = [-3.0, 2.0];
        let bytes = LearnedEval::to_bytes(&weights);
        let eval = LearnedEval::from_bytes(&bytes).unwrap();
        assert_eq!(eval.to_hundredths(), weights);

        let mut damaged = bytes.clone();
        damaged[crate::learned::HEADER_BYTES + 10] ^= 1;
        assert_eq!(LearnedEval::from_bytes(&damaged), Err(WeightsError::Checksum));
        assert!(matches!(LearnedEval::from_bytes(&bytes[..100]), Err(WeightsError::Length { .. })));
        assert!(matches!(
            LearnedEval::from_bytes(&bytes[..bytes.len() - 1]),
            Err(WeightsError::Length { .. })
        ));
        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert_eq!(LearnedEval::from_bytes(&magic), Err(WeightsError::Magic));
        let mut version = bytes.clone();
        version[8] = 9;
        assert_eq!(LearnedEval::from_bytes(&version), Err(WeightsError::Version(9)));
        let mut game = bytes;
        game[20] = 21;
        assert_eq!(
            LearnedEval::from_bytes(&game),
            Err(WeightsError::Game { expected: 0, found: 21 })
        );
        assert!(matches!(LearnedEval::from_bytes(b"DAMA"), Err(WeightsError::Length { .. })));
    }

    #[test]
    fn the_score_is_the_weighted_sum_of_the_features() {
        // Every feature that fires gets a distinct weight; the score must be the blend of sums.
        let mut weights = vec![[0.0f32; 2]; FEATURES];
        for (i, w) in weights.iter_mut().enumerate() {
            *w = [((i * 7919) % 61) as f32 - 30.0, ((i * 104729) % 53) as f32 - 26.0];
        }
        let eval = LearnedEval::from_bytes(&LearnedEval::to_bytes(&weights)).unwrap();
        for fen in ["W:W18,22,23,K30:B3,7,11,12", "B:WK5,K9:B25,26,K31", "W:W21-32:B1-12"] {
            let p = parse_fen(fen).unwrap();
            let (mut middle, mut end) = (0.0f64, 0.0f64);
            let phase = features(&p, |f, v| {
                middle += weights[f][0] as f64 * v as f64;
                end += weights[f][1] as f64 * v as f64;
            });
            let white = (middle * phase as f64 + end * (24 - phase) as f64) / 24.0;
            let stm = if p.side_to_move() == Color::White { white } else { -white };
            assert!(
                (eval.evaluate(&p) as f64 - stm).abs() <= 1.0,
                "{fen}: {} vs {stm}",
                eval.evaluate(&p)
            );
        }
    }

    #[test]
    fn extreme_weights_stay_below_the_table_and_win_scores() {
        let eval =
            LearnedEval::from_bytes(&LearnedEval::to_bytes(&vec![[2000.0; 2]; FEATURES])).unwrap();
        let p = parse_fen("W:W21-32:B1-4").unwrap();
        assert_eq!(eval.evaluate(&p), EVAL_LIMIT);
        const { assert!(EVAL_LIMIT < crate::score::TABLEBASE_BOUND) };
    }
}
