//! English draughts' learned evaluation: the 8x8 features of [`crate::board8::features`] (on the
//! English board, which is the Italian one mirrored), with weights of its own fitted to English
//! self-play by `dama tune --variant english` (docs/learning.md), and a network on top of them
//! when the weights file has one ([`crate::network`], its inputs [`crate::board8::network_inputs`]).

use super::English;
use crate::board8::features::{
    features_with, FEATURES, GUARD, KINGS, MEN, PATTERNS, PHASE_PIECES, RUNAWAY,
};
use crate::board8::network_inputs::{network_inputs, Accumulators, NETWORK_INPUTS};
use crate::board8::position::Position;
use crate::learned::{read_embedded, Features};
use crate::network::SearchAccumulator;
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
    fn features_with(position: &Position, acc: &Accumulators, sink: impl FnMut(usize, i32)) -> i32 {
        features_with(position, &acc.windows, sink)
    }

    /// Own men, own kings, enemy men and enemy kings on each of the 32 squares of a view.
    const NETWORK_INPUTS: usize = NETWORK_INPUTS;

    #[inline(always)]
    fn network_inputs(position: &Position, sink: impl FnMut(usize, usize)) {
        network_inputs(position, sink)
    }

    #[inline(always)]
    fn network_acc(acc: &Accumulators) -> Option<&[SearchAccumulator; 2]> {
        acc.network.as_ref()
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

    #[test]
    fn a_network_keeps_the_colour_mirror_symmetry_and_its_own_sums() {
        use crate::learned::LearnedChoice;
        use crate::network::Network;
        use crate::rules::Rules;
        let mut network = Network::seeded(English::NETWORK_INPUTS, 9, 0.5);
        for j in 0..network.own.len() {
            (network.own[j], network.other[j]) = (0.1 * (j % 5) as f32 - 0.2, 0.03 * j as f32);
        }
        network.out_bias = 0.07;
        let weights = English::initial_weights();
        let bytes = LearnedEval::to_bytes_with(&weights, Some(&network));
        let with = Arc::new(LearnedEval::from_bytes(&bytes).unwrap());
        let without = LearnedEval::from_bytes(&LearnedEval::to_bytes(&weights)).unwrap();
        // Each position and its colour-mirrored twin (square n is 33 - n, colours swapped).
        let pairs = [
            ("B:W21-32:B1-12", "W:W21-32:B1-12"),
            ("W:W18,22,K5:B9,14,K30", "B:W24,19,K3:B15,11,K28"),
            ("B:W18,22,K5:B9,14,K30", "W:W24,19,K3:B15,11,K28"),
        ];
        let choice = LearnedChoice { learned: Some(with.clone()) };
        let mut differs = 0;
        for (a, b) in pairs {
            let (a, b) = (parse(a), parse(b));
            assert_eq!(with.evaluate(&a), with.evaluate(&b), "{a:?}");
            differs += usize::from(with.evaluate(&a) != without.evaluate(&a));
            // The sums the search keeps give what the evaluation from scratch gives.
            let acc = English::eval_acc(&a, &choice);
            assert_eq!(with.evaluate(&a), with.evaluate_with(&a, &acc));
        }
        assert!(differs > 0, "the network changes the evaluation");
    }

    fn parse(fen: &str) -> Position {
        crate::board8::fen::parse_fen(fen).unwrap()
    }
}
