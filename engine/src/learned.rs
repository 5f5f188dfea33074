//! A learned evaluation for any game: a linear model over the game's own features, whose weights
//! are data fitted to self-play games (`dama tune`, docs/learning.md). A game brings only its
//! feature set ([`Features`]); the weights file, the phase blend and the evaluation are written
//! once here.
//!
//! # The model
//!
//! The game sends each feature of a position with its value, from White's point of view (the
//! features of White's pieces count positive, Black's negative), and says the phase: the pieces on
//! the board, at most [`Features::PHASE_PIECES`]. Each feature has a middle-game and an end-game
//! weight; the score for White is their sums blended by the phase (all middle game at
//! `PHASE_PIECES` pieces or more, all end game with none), clamped to +/-[`EVAL_LIMIT`].
//!
//! # The weights file
//!
//! Little-endian: the magic `DAMAEVAL`, then `u32` version (1), `u32` feature count, `u32` scale
//! ([`SCALE`] units per hundredth of a man), `u32` game ([`Features::WEIGHTS_GAME`]: 0 for Dama
//! Italiana, whose files were written before the field had a use, else the PDN GameType); then for
//! each feature its middle-game and end-game weight as `i16`; then the CRC-32 of everything before
//! it as `u32`. [`LearnedEval::from_bytes`] checks all of it. Version 2 is version 1 with a
//! small network ([`crate::network`]) between the weights and the checksum, for a game that has
//! network inputs ([`Features::NETWORK_INPUTS`]); its output is added to the linear sum.

use crate::color::Color;
use crate::network::{Network, SearchAccumulator, SearchNetwork};
use crate::rules::Rules;
use crate::score::Score;
use std::marker::PhantomData;
use std::sync::{Arc, OnceLock};

/// A game's features for the learned evaluation.
pub trait Features: Rules {
    /// Number of features (each has two weights).
    const FEATURES: usize;
    /// Pieces on the board from which the middle-game weights count fully.
    const PHASE_PIECES: i32;
    /// The first pattern feature: from here on, features are many and sparse, and training
    /// penalises their size (an L2 term).
    const PATTERNS: usize;
    /// The game's mark in a weights file, so that no game reads another's weights.
    const WEIGHTS_GAME: u32;

    /// Sends every feature of `position` to `sink` as (feature, value), from White's point of
    /// view; returns the phase, at most [`Features::PHASE_PIECES`].
    #[inline(always)]
    fn features(position: &Self::Position, sink: impl FnMut(usize, i32)) -> i32 {
        Self::features_with(position, &Self::eval_acc(position, &Self::Eval::default()), sink)
    }

    /// [`Features::features`] given the position's accumulator ([`Rules::eval_acc`]), which
    /// holds what the features keep up to date move by move (the pattern indexes).
    fn features_with(
        position: &Self::Position,
        acc: &Self::EvalAcc,
        sink: impl FnMut(usize, i32),
    ) -> i32;

    /// Starting weights for training, in hundredths of a man: material and little else.
    fn initial_weights() -> Vec<[f32; 2]>;

    /// Inputs of the game's network ([`crate::network`]); 0 for a game without one.
    const NETWORK_INPUTS: usize = 0;

    /// Sends the network inputs of `position` to `sink` as (view, input): view 0 is White's,
    /// 1 Black's.
    #[inline(always)]
    fn network_inputs(_position: &Self::Position, _sink: impl FnMut(usize, usize)) {}

    /// The network's accumulators that `acc` keeps up to date move by move, if it keeps them
    /// (the evaluation in use has a network).
    #[inline(always)]
    fn network_acc(_acc: &Self::EvalAcc) -> Option<&[SearchAccumulator; 2]> {
        None
    }

    /// The weights built into the binary, for a game that has them.
    fn embedded() -> Option<Arc<LearnedEval<Self>>> {
        None
    }
}

/// A game's built-in weights `bytes`, read into `cell` the first time (each game keeps its own
/// cell: a static inside a generic function would be one for all games).
pub fn read_embedded<R: Features>(
    cell: &'static OnceLock<Arc<LearnedEval<R>>>,
    bytes: &'static [u8],
) -> Arc<LearnedEval<R>> {
    cell.get_or_init(|| {
        Arc::new(
            LearnedEval::from_bytes(bytes)
                .expect("the embedded weights file is valid (checked by a test)"),
        )
    })
    .clone()
}

/// A game's choice between its hand-set evaluation (`None`) and learned weights: the
/// [`Rules::Eval`] of a game whose only other evaluation is the hand-set one. The default is the
/// game's built-in weights when it has them ([`Features::embedded`]), else the hand-set one.
#[derive(Clone, Debug, PartialEq)]
pub struct LearnedChoice<R: Features> {
    /// The learned weights in use, if the learned evaluation is.
    pub learned: Option<Arc<LearnedEval<R>>>,
}

impl<R: Features> Default for LearnedChoice<R> {
    fn default() -> LearnedChoice<R> {
        LearnedChoice { learned: R::embedded() }
    }
}

impl<R: Features> LearnedChoice<R> {
    /// The evaluation by name: `classic` (the hand-set one) or `learned` (the built-in weights,
    /// or `weights` when given); an error for a learned evaluation the game has no weights for.
    pub fn named(name: &str, weights: Option<Arc<LearnedEval<R>>>) -> Result<Self, String> {
        match name {
            "classic" => Ok(LearnedChoice { learned: None }),
            "learned" => match weights.or_else(R::embedded) {
                Some(weights) => Ok(LearnedChoice { learned: Some(weights) }),
                None => Err(format!(
                    "{} has no built-in learned weights yet: give a weights file",
                    R::NAME
                )),
            },
            other => Err(format!("eval must be classic or learned, got '{other}'")),
        }
    }

    /// The name of the evaluation in use.
    pub fn name(&self) -> &'static str {
        if self.learned.is_some() {
            "learned"
        } else {
            "classic"
        }
    }

    /// The evaluation of `position` for the side to move: the learned weights', or `classic`'s.
    #[inline(always)]
    pub fn evaluate(&self, position: &R::Position, classic: fn(&R::Position) -> Score) -> Score {
        match &self.learned {
            Some(weights) => weights.evaluate(position),
            None => classic(position),
        }
    }

    /// [`LearnedChoice::evaluate`] given the position's accumulator ([`Rules::eval_acc`]).
    #[inline(always)]
    pub fn evaluate_with(
        &self,
        position: &R::Position,
        acc: &R::EvalAcc,
        classic: fn(&R::Position) -> Score,
    ) -> Score {
        match &self.learned {
            Some(weights) => weights.evaluate_with(position, acc),
            None => classic(position),
        }
    }
}

/// Weight units per hundredth of a man in the weights file and in [`LearnedEval`].
pub const SCALE: i32 = 16;
/// The evaluation is clamped to +/- this (89.99 men), below every table and win score, whatever
/// the weights file holds.
pub const EVAL_LIMIT: Score = 8_999;

const MAGIC: &[u8; 8] = b"DAMAEVAL";
const VERSION: u32 = 1;
/// The version of a file that holds a network after its linear weights.
const VERSION_NETWORK: u32 = 2;
/// Bytes before the weights.
pub const HEADER_BYTES: usize = 24;

mod error;
pub use error::WeightsError;

/// Loaded weights of the game `R`: for each feature, its middle-game and end-game weight in
/// 1/[`SCALE`] hundredths of a man, as the file stores them (16 bits: half the cache lines of
/// wider weights, for the pattern weights' random lookups).
pub struct LearnedEval<R: Features> {
    weights: Vec<[i16; 2]>,
    network: Option<Network>,
    search: Option<SearchNetwork>,
    rules: PhantomData<R>,
}

impl<R: Features> Clone for LearnedEval<R> {
    fn clone(&self) -> LearnedEval<R> {
        LearnedEval {
            weights: self.weights.clone(),
            network: self.network.clone(),
            search: self.search.clone(),
            rules: PhantomData,
        }
    }
}

impl<R: Features> PartialEq for LearnedEval<R> {
    fn eq(&self, other: &LearnedEval<R>) -> bool {
        self.weights == other.weights && self.network == other.network
    }
}

impl<R: Features> Eq for LearnedEval<R> {}

impl<R: Features> std::fmt::Debug for LearnedEval<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let network = if self.network.is_some() { " and a network" } else { "" };
        write!(f, "LearnedEval<{}> {{ {} features{network} }}", R::NAME, self.weights.len())
    }
}

impl<R: Features> LearnedEval<R> {
    /// Reads and checks a weights file.
    pub fn from_bytes(bytes: &[u8]) -> Result<LearnedEval<R>, WeightsError> {
        let linear = HEADER_BYTES + R::FEATURES * 4;
        let mut expected = linear + 4;
        if bytes.len() < HEADER_BYTES {
            return Err(WeightsError::Length { expected, found: bytes.len() });
        }
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        if &bytes[..8] != MAGIC {
            return Err(WeightsError::Magic);
        }
        let with_network = word(8) == VERSION_NETWORK && R::NETWORK_INPUTS > 0;
        if word(8) != VERSION && !with_network {
            return Err(WeightsError::Version(word(8)));
        }
        if with_network {
            expected += Network::block_bytes(R::NETWORK_INPUTS);
        }
        if word(20) != R::WEIGHTS_GAME {
            return Err(WeightsError::Game { expected: R::WEIGHTS_GAME, found: word(20) });
        }
        if word(12) as usize != R::FEATURES {
            return Err(WeightsError::Features { expected: R::FEATURES, found: word(12) as usize });
        }
        if word(16) != SCALE as u32 {
            return Err(WeightsError::Scale(word(16)));
        }
        if with_network && bytes.len() != expected {
            Network::check_shape(&bytes[linear.min(bytes.len())..], R::NETWORK_INPUTS)
                .map_err(WeightsError::Network)?;
        }
        if bytes.len() != expected {
            return Err(WeightsError::Length { expected, found: bytes.len() });
        }
        if crc32fast::hash(&bytes[..expected - 4]) != word(expected - 4) {
            return Err(WeightsError::Checksum);
        }
        let value = |at: usize| i16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let weights = (0..R::FEATURES)
            .map(|f| {
                let at = HEADER_BYTES + 4 * f;
                [value(at), value(at + 2)]
            })
            .collect();
        let network = if with_network {
            let block = &bytes[linear..expected - 4];
            Some(Network::from_bytes(block, R::NETWORK_INPUTS).map_err(WeightsError::Network)?)
        } else {
            None
        };
        let search = match &network {
            Some(network) => Some(SearchNetwork::new(network).map_err(WeightsError::Network)?),
            None => None,
        };
        Ok(LearnedEval { weights, network, search, rules: PhantomData })
    }

    /// The network added to the linear sum, if the file had one.
    pub fn network(&self) -> Option<&Network> {
        self.network.as_ref()
    }

    /// The network's accumulators of `position` from scratch, if there is a network.
    #[inline]
    pub fn network_accumulators(&self, position: &R::Position) -> Option<[SearchAccumulator; 2]> {
        let network = self.search.as_ref()?;
        let mut acc = network.empty();
        R::network_inputs(position, |view, input| network.add(&mut acc[view], input));
        Some(acc)
    }

    /// The network as the search uses it, if there is one.
    #[inline(always)]
    pub fn search_network(&self) -> Option<&SearchNetwork> {
        self.search.as_ref()
    }

    /// Writes weights given in hundredths of a man (middle game, end game for each feature),
    /// rounded to the file's scale and clamped to its range.
    pub fn to_bytes(weights: &[[f32; 2]]) -> Vec<u8> {
        LearnedEval::<R>::to_bytes_with(weights, None)
    }

    /// [`LearnedEval::to_bytes`] with a network after the weights (a version-2 file).
    pub fn to_bytes_with(weights: &[[f32; 2]], network: Option<&Network>) -> Vec<u8> {
        assert_eq!(weights.len(), R::FEATURES, "one weight pair per feature");
        let mut bytes = Vec::with_capacity(HEADER_BYTES + R::FEATURES * 4 + 4);
        bytes.extend_from_slice(MAGIC);
        let version = if network.is_some() { VERSION_NETWORK } else { VERSION };
        for word in [version, R::FEATURES as u32, SCALE as u32, R::WEIGHTS_GAME] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        for pair in weights {
            for w in pair {
                let units = (w * SCALE as f32).round().clamp(i16::MIN as f32, i16::MAX as f32);
                bytes.extend_from_slice(&(units as i16).to_le_bytes());
            }
        }
        if let Some(network) = network {
            assert_eq!(network.inputs(), R::NETWORK_INPUTS, "the game's network inputs");
            bytes.extend_from_slice(&network.to_bytes());
        }
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        bytes
    }

    /// The weights in hundredths of a man, as [`LearnedEval::to_bytes`] takes them.
    pub fn to_hundredths(&self) -> Vec<[f32; 2]> {
        self.weights
            .iter()
            .map(|p| [p[0] as f32 / SCALE as f32, p[1] as f32 / SCALE as f32])
            .collect()
    }

    /// The evaluation of `position` for the side to move, in hundredths of a man.
    #[inline]
    pub fn evaluate(&self, position: &R::Position) -> Score {
        // The accumulator of the game's default evaluation holds the built-in network's sums,
        // not this file's: the network's own are computed here.
        let own = self.network_accumulators(position);
        self.evaluate_parts(position, &R::eval_acc(position, &R::Eval::default()), own.as_ref())
    }

    /// [`LearnedEval::evaluate`] given the position's accumulator ([`Rules::eval_acc`]) made with
    /// this evaluation.
    #[inline]
    pub fn evaluate_with(&self, position: &R::Position, acc: &R::EvalAcc) -> Score {
        self.evaluate_parts(position, acc, R::network_acc(acc))
    }

    /// The linear sum from `acc`, plus the network from `network` (its sums from scratch when
    /// `None` and the file has a network).
    #[inline]
    fn evaluate_parts(
        &self,
        position: &R::Position,
        acc: &R::EvalAcc,
        network_acc: Option<&[SearchAccumulator; 2]>,
    ) -> Score {
        let (mut middle, mut end) = (0i32, 0i32);
        let weights = &self.weights;
        // Per feature at most 32 767 units times a count below 100, fewer than 60 features: the
        // sums fit in i32.
        let phase = R::features_with(position, acc, |feature, value| {
            let pair = weights[feature];
            middle += i32::from(pair[0]) * value;
            end += i32::from(pair[1]) * value;
        });
        // In i64: extreme weights must clamp, not overflow.
        let full = R::PHASE_PIECES;
        let blend = i64::from(middle) * i64::from(phase) + i64::from(end) * i64::from(full - phase);
        let limit = i64::from(EVAL_LIMIT);
        let mut white = blend / i64::from(full * SCALE);
        let side = R::side_to_move(position);
        if let Some(network) = &self.search {
            let fresh;
            let acc = match network_acc {
                Some(kept) => kept,
                None => {
                    fresh = self.network_accumulators(position).expect("a network");
                    &fresh
                }
            };
            let (mine, theirs) = match side {
                Color::White => (&acc[0], &acc[1]),
                Color::Black => (&acc[1], &acc[0]),
            };
            let men = network.output(mine, theirs).clamp(-100.0, 100.0);
            let hundredths = (100.0 * men).round() as i64;
            white += if side == Color::White { hundredths } else { -hundredths };
        }
        let white = white.clamp(-limit, limit) as Score;
        match side {
            Color::White => white,
            Color::Black => -white,
        }
    }
}
