//! The learned evaluation: a linear model over board features whose weights are data, fitted to
//! self-play games by `dama tune` (docs/learning.md).
//!
//! # Features
//!
//! Every feature is computed twice, once from each side's point of view. A *view* turns the board
//! so that the viewing side's men move up the board (towards row 0), as White's do: for Black the
//! board is turned half a circle (square `n` becomes `33 - n`) and the colours are swapped. The
//! evaluation for White is then "the sum over White's view minus the sum over Black's view", so a
//! position and its colour-mirrored twin always get opposite scores, by construction.
//!
//! In one view (own side moving up, squares numbered as White sees them):
//! - [`MEN`] + s, [`KINGS`] + s: an own man or king on square index s (0..32). These hold the
//!   material values too.
//! - [`PATTERNS`] + 6561 k + i: the men on the 8 squares of window k (a 4 x 4 block of the board,
//!   rows 0-3, 2-5 or 4-7 and columns a-d, c-f or e-h), each square empty (0), own man (1) or enemy
//!   man (2), read as a base-3 number i. Kings are not part of patterns.
//! - [`RUNAWAY`] + r: an own man r rows from promotion that no enemy piece can stop.
//! - [`GUARD`] + c: an own man on its back-row square c while the enemy has no king.
//! - [`KING_MOBILITY`] (empty squares next to own kings), [`TRAPPED_KING`] (own kings with none).
//! - [`TRADE`]: with a material lead, the number of pieces already off the board (sign of the lead).
//! - [`HUNT_DISTANCE`], [`HUNT_CENTRE`]: with a lead, own kings and only enemy kings left: the
//!   distance from own kings to the enemy's, and the enemy kings' distance from the centre.
//! - [`BALANCE`]: the difference between own men on the left and on the right half.
//! - [`SOLE_KINGS`]: own kings on the board while the enemy has none.
//!
//! [`MOVE`] is counted once, for the side to move.
//!
//! # Phases
//!
//! Each feature has a middle-game and an end-game weight; the score is their blend by the number
//! of pieces on the board (24 or more: middle game only; none: end game only).
//!
//! # The weights file
//!
//! Little-endian: the magic `DAMAEVAL`, then `u32` version (1), `u32` feature count
//! ([`FEATURES`]), `u32` scale ([`SCALE`] units per hundredth of a man), `u32` zero; then for each
//! feature its middle-game and end-game weight as `i16`; then the CRC-32 of everything before it
//! as `u32`. [`LearnedEval::from_bytes`] checks all of it.

use crate::board8::position::Position;
use crate::board8::square::{Square, BIT_OF_SQUARE};
use crate::color::Color;
use crate::score::Score;
use std::sync::{Arc, OnceLock};

/// Own man on a square, by view square index.
pub const MEN: usize = 0;
/// Own king on a square, by view square index.
pub const KINGS: usize = 32;
/// Unstoppable own man, by rows to go (1..=7).
pub const RUNAWAY: usize = 64;
/// Own man on a back-row square while the enemy has no king.
pub const GUARD: usize = 72;
/// Empty squares next to own kings.
pub const KING_MOBILITY: usize = 76;
/// Own kings with no empty square next to them.
pub const TRAPPED_KING: usize = 77;
/// Pieces off the board, signed by who leads in material.
pub const TRADE: usize = 78;
/// The won king ending: summed distance from own kings to enemy kings.
pub const HUNT_DISTANCE: usize = 79;
/// The won king ending: summed distance of the enemy kings from the centre.
pub const HUNT_CENTRE: usize = 80;
/// Difference between own men on the two halves of the board.
pub const BALANCE: usize = 81;
/// Own kings while the enemy has none.
pub const SOLE_KINGS: usize = 82;
/// Having the move (counted for the side to move only).
pub const MOVE: usize = 83;
/// The first pattern weight.
pub const PATTERNS: usize = 84;
/// Pattern windows.
pub const WINDOWS: usize = 9;
/// Weights per window: 3^8.
pub const WINDOW_STATES: usize = 6561;
/// Number of features (each has two weights).
pub const FEATURES: usize = PATTERNS + WINDOWS * WINDOW_STATES;
/// Pieces on the board from which the middle-game weights count fully.
pub const PHASE_PIECES: i32 = 24;
/// Weight units per hundredth of a man in the weights file and in [`LearnedEval`].
pub const SCALE: i32 = 16;
/// The evaluation is clamped to +/- this (89.99 men), below every table and win score, whatever
/// the weights file holds.
pub const EVAL_LIMIT: Score = 8_999;

const MAGIC: &[u8; 8] = b"DAMAEVAL";
const VERSION: u32 = 1;
const HEADER_BYTES: usize = 24;

/// The weights file built into the binary (`dama tune` writes files of this format).
pub const EMBEDDED_WEIGHTS: &[u8] = include_bytes!("../../../weights/learned.dwt");

/// Padded-layout bit offset of each row's first square.
const ROW_OFFSET: [u32; 8] = {
    let mut offsets = [0u32; 8];
    let mut row = 0;
    while row < 8 {
        offsets[row] = BIT_OF_SQUARE[row * 4] as u32;
        row += 1;
    }
    offsets
};

/// A padded-layout board word as a 32-bit mask with bit `n - 1` for square `n`.
#[inline]
fn square_mask(bits: u64) -> u32 {
    let mut mask = 0u32;
    for (row, &offset) in ROW_OFFSET.iter().enumerate() {
        mask |= (((bits >> offset) & 0xF) as u32) << (4 * row);
    }
    mask
}

/// For each square index, the squares ahead of a man there (towards row 0) from which an enemy
/// piece could still stop it: the widening cone, one column of slack on each side.
const CONES: [u32; 32] = {
    let mut table = [0u32; 32];
    let mut s = 0;
    while s < 32 {
        let (r, c) = (Square::ALL[s].row() as i32, Square::ALL[s].column() as i32);
        let mut t = 0;
        while t < 32 {
            let (r2, c2) = (Square::ALL[t].row() as i32, Square::ALL[t].column() as i32);
            let ahead = r - r2;
            let dc = if c2 > c { c2 - c } else { c - c2 };
            if ahead >= 1 && dc <= ahead + 1 {
                table[s] |= 1 << t;
            }
            t += 1;
        }
        s += 1;
    }
    table
};

/// For each square index, its diagonal neighbours.
const NEIGHBOURS: [u32; 32] = {
    let mut table = [0u32; 32];
    let mut s = 0;
    while s < 32 {
        let (r, c) = (Square::ALL[s].row() as i32, Square::ALL[s].column() as i32);
        let mut t = 0;
        while t < 32 {
            let (r2, c2) = (Square::ALL[t].row() as i32, Square::ALL[t].column() as i32);
            if (r - r2).abs() == 1 && (c - c2).abs() == 1 {
                table[s] |= 1 << t;
            }
            t += 1;
        }
        s += 1;
    }
    table
};

/// Squares in columns a-d.
const LEFT_HALF: u32 = {
    let mut mask = 0u32;
    let mut s = 0;
    while s < 32 {
        if Square::ALL[s].column() < 4 {
            mask |= 1 << s;
        }
        s += 1;
    }
    mask
};

/// The base-3 value of each 8-bit set: bit i contributes 3^i.
const TERNARY: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut bits = 0;
    while bits < 256 {
        let (mut value, mut power, mut i) = (0u16, 1u16, 0);
        while i < 8 {
            if bits & (1 << i) != 0 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[bits] = value;
        bits += 1;
    }
    table
};

/// The 8 squares of window (`row`, `column`) as bits 0..8: two per row, top row first.
#[inline]
fn window_bits(mask: u32, row: u32, column: u32) -> usize {
    let mut bits = 0u32;
    for i in 0..4 {
        bits |= ((mask >> (4 * (row + i) + column)) & 3) << (2 * i);
    }
    bits as usize
}

/// One side's view: its men and kings and the enemy's, turned so that its men move to row 0.
struct View {
    men: u32,
    kings: u32,
    enemy_men: u32,
    enemy_kings: u32,
}

/// Sends every feature of one view to `sink` with the factor `sign`.
#[inline(always)]
fn view_features(
    view: &View,
    pieces: i32,
    lead: i32,
    sign: i32,
    sink: &mut impl FnMut(usize, i32),
) {
    let own = view.men | view.kings;
    let enemy = view.enemy_men | view.enemy_kings;
    let empty = !(own | enemy);
    let mut men = view.men;
    while men != 0 {
        let s = men.trailing_zeros() as usize;
        men &= men - 1;
        sink(MEN + s, sign);
        if CONES[s] & enemy == 0 {
            sink(RUNAWAY + s / 4, sign);
        }
    }
    let mut kings = view.kings;
    let (mut mobility, mut trapped) = (0, 0);
    while kings != 0 {
        let s = kings.trailing_zeros() as usize;
        kings &= kings - 1;
        sink(KINGS + s, sign);
        let free = (NEIGHBOURS[s] & empty).count_ones() as i32;
        mobility += free;
        trapped += (free == 0) as i32;
    }
    if view.kings != 0 {
        sink(KING_MOBILITY, sign * mobility);
        sink(TRAPPED_KING, sign * trapped);
        if view.enemy_kings == 0 {
            sink(SOLE_KINGS, sign);
        }
    }
    if view.enemy_kings == 0 {
        let mut guards = view.men >> 28;
        while guards != 0 {
            let c = guards.trailing_zeros() as usize;
            guards &= guards - 1;
            sink(GUARD + c, sign);
        }
    }
    let balance =
        (view.men & LEFT_HALF).count_ones() as i32 - (view.men & !LEFT_HALF).count_ones() as i32;
    if balance != 0 {
        sink(BALANCE, sign * balance.abs());
    }
    if lead > 0 {
        sink(TRADE, sign * (PHASE_PIECES - pieces).max(0));
        if view.enemy_men == 0 && view.kings != 0 {
            let (mut distance, mut centre) = (0, 0);
            let mut hunted = view.enemy_kings;
            while hunted != 0 {
                let t = Square::ALL[hunted.trailing_zeros() as usize];
                hunted &= hunted - 1;
                let mut hunters = view.kings;
                while hunters != 0 {
                    let h = Square::ALL[hunters.trailing_zeros() as usize];
                    hunters &= hunters - 1;
                    distance +=
                        h.row().abs_diff(t.row()).max(h.column().abs_diff(t.column())) as i32;
                }
                centre += (2 * t.row() as i32 - 7).abs() + (2 * t.column() as i32 - 7).abs();
            }
            sink(HUNT_DISTANCE, sign * distance);
            sink(HUNT_CENTRE, sign * centre);
        }
    }
    for window in 0..WINDOWS as u32 {
        let (row, column) = (2 * (window / 3), window % 3);
        let index = TERNARY[window_bits(view.men, row, column)] as usize
            + 2 * TERNARY[window_bits(view.enemy_men, row, column)] as usize;
        sink(PATTERNS + WINDOW_STATES * window as usize + index, sign);
    }
}

/// Sends every feature of `position` to `sink` as (feature, value), from White's point of view:
/// White's view counts positive, Black's negative, and [`MOVE`] is +1 with White to move, -1 with
/// Black. Returns the phase: pieces on the board, at most [`PHASE_PIECES`].
#[inline(always)]
pub fn features(position: &Position, mut sink: impl FnMut(usize, i32)) -> i32 {
    let kings = position.kings().bits();
    let white = position.pieces(Color::White).bits();
    let black = position.pieces(Color::Black).bits();
    let (white_men, white_kings) = (square_mask(white & !kings), square_mask(white & kings));
    let (black_men, black_kings) = (square_mask(black & !kings), square_mask(black & kings));
    let pieces = (white_men | white_kings | black_men | black_kings).count_ones() as i32;
    let lead = 2 * (white_men.count_ones() as i32 - black_men.count_ones() as i32)
        + 3 * (white_kings.count_ones() as i32 - black_kings.count_ones() as i32);
    let white_view =
        View { men: white_men, kings: white_kings, enemy_men: black_men, enemy_kings: black_kings };
    let black_view = View {
        men: black_men.reverse_bits(),
        kings: black_kings.reverse_bits(),
        enemy_men: white_men.reverse_bits(),
        enemy_kings: white_kings.reverse_bits(),
    };
    view_features(&white_view, pieces, lead, 1, &mut sink);
    view_features(&black_view, pieces, -lead, -1, &mut sink);
    sink(
        MOVE,
        match position.side_to_move() {
            Color::White => 1,
            Color::Black => -1,
        },
    );
    pieces.min(PHASE_PIECES)
}

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// Shorter or longer than the header says.
    Length { expected: usize, found: usize },
    /// Not a Dama weights file.
    Magic,
    /// A version this build cannot read.
    Version(u32),
    /// Written for another feature layout.
    Features { expected: usize, found: usize },
    /// Written with another scale.
    Scale(u32),
    /// The checksum does not match: the file is damaged.
    Checksum,
}

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WeightsError::Length { expected, found } => {
                write!(f, "weights file has {found} bytes, expected {expected}")
            }
            WeightsError::Magic => write!(f, "not a Dama weights file (no DAMAEVAL header)"),
            WeightsError::Version(v) => write!(f, "weights file version {v} is not supported"),
            WeightsError::Features { expected, found } => {
                write!(f, "weights file has {found} features, this build uses {expected}")
            }
            WeightsError::Scale(s) => write!(f, "weights file scale {s}, expected {SCALE}"),
            WeightsError::Checksum => write!(f, "weights file checksum mismatch (damaged file)"),
        }
    }
}

impl std::error::Error for WeightsError {}

/// Loaded weights: for each feature, its middle-game and end-game weight in 1/[`SCALE`]
/// hundredths of a man.
#[derive(Clone, PartialEq, Eq)]
pub struct LearnedEval {
    weights: Vec<[i32; 2]>,
}

impl std::fmt::Debug for LearnedEval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let man = self.weights[MEN + 20];
        write!(f, "LearnedEval {{ {} features, man on 21: {man:?} }}", self.weights.len())
    }
}

impl LearnedEval {
    /// The weights built into the binary, read once.
    pub fn embedded() -> Arc<LearnedEval> {
        static EMBEDDED: OnceLock<Arc<LearnedEval>> = OnceLock::new();
        EMBEDDED
            .get_or_init(|| {
                Arc::new(
                    LearnedEval::from_bytes(EMBEDDED_WEIGHTS)
                        .expect("the embedded weights file is valid (checked by a test)"),
                )
            })
            .clone()
    }

    /// Reads and checks a weights file.
    pub fn from_bytes(bytes: &[u8]) -> Result<LearnedEval, WeightsError> {
        let expected = HEADER_BYTES + FEATURES * 4 + 4;
        if bytes.len() < HEADER_BYTES {
            return Err(WeightsError::Length { expected, found: bytes.len() });
        }
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        if &bytes[..8] != MAGIC {
            return Err(WeightsError::Magic);
        }
        if word(8) != VERSION {
            return Err(WeightsError::Version(word(8)));
        }
        if word(12) as usize != FEATURES {
            return Err(WeightsError::Features { expected: FEATURES, found: word(12) as usize });
        }
        if word(16) != SCALE as u32 {
            return Err(WeightsError::Scale(word(16)));
        }
        if bytes.len() != expected {
            return Err(WeightsError::Length { expected, found: bytes.len() });
        }
        if crc32fast::hash(&bytes[..expected - 4]) != word(expected - 4) {
            return Err(WeightsError::Checksum);
        }
        let value = |at: usize| i16::from_le_bytes([bytes[at], bytes[at + 1]]) as i32;
        let weights = (0..FEATURES)
            .map(|f| {
                let at = HEADER_BYTES + 4 * f;
                [value(at), value(at + 2)]
            })
            .collect();
        Ok(LearnedEval { weights })
    }

    /// Writes weights given in hundredths of a man (middle game, end game for each feature),
    /// rounded to the file's scale and clamped to its range.
    pub fn to_bytes(weights: &[[f32; 2]]) -> Vec<u8> {
        assert_eq!(weights.len(), FEATURES, "one weight pair per feature");
        let mut bytes = Vec::with_capacity(HEADER_BYTES + FEATURES * 4 + 4);
        bytes.extend_from_slice(MAGIC);
        for word in [VERSION, FEATURES as u32, SCALE as u32, 0] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        for pair in weights {
            for w in pair {
                let units = (w * SCALE as f32).round().clamp(i16::MIN as f32, i16::MAX as f32);
                bytes.extend_from_slice(&(units as i16).to_le_bytes());
            }
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
    pub fn evaluate(&self, position: &Position) -> Score {
        let (mut middle, mut end) = (0i32, 0i32);
        let weights = &self.weights;
        // Per feature at most 32 767 units times a count below 100, fewer than 60 features: the
        // sums fit in i32.
        let phase = features(position, |feature, value| {
            let pair = weights[feature];
            middle += pair[0] * value;
            end += pair[1] * value;
        });
        // In i64: extreme weights must clamp, not overflow.
        let blend =
            i64::from(middle) * i64::from(phase) + i64::from(end) * i64::from(PHASE_PIECES - phase);
        let limit = i64::from(EVAL_LIMIT);
        let white = (blend / i64::from(PHASE_PIECES * SCALE)).clamp(-limit, limit) as Score;
        match position.side_to_move() {
            Color::White => white,
            Color::Black => -white,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::fen::parse_fen;

    #[test]
    fn square_masks_match_the_slow_conversion() {
        for fen in ["W:W21-32:B1-12", "B:WK4,9,27:B5,K28,K32", "W:WK1,5,13,29:BK2,6,K30"] {
            let p = parse_fen(fen).unwrap();
            for color in [Color::White, Color::Black] {
                let b = p.pieces(color);
                assert_eq!(square_mask(b.bits()), b.to_square_mask(), "{fen}");
            }
        }
    }

    #[test]
    fn the_embedded_weights_load() {
        let eval = LearnedEval::embedded();
        assert_eq!(eval.weights.len(), FEATURES);
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
        damaged[HEADER_BYTES + 10] ^= 1;
        assert_eq!(LearnedEval::from_bytes(&damaged), Err(WeightsError::Checksum));
        assert!(matches!(LearnedEval::from_bytes(&bytes[..100]), Err(WeightsError::Length { .. })));
        assert!(matches!(
            LearnedEval::from_bytes(&bytes[..bytes.len() - 1]),
            Err(WeightsError::Length { .. })
        ));
        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert_eq!(LearnedEval::from_bytes(&magic), Err(WeightsError::Magic));
        let mut version = bytes;
        version[8] = 9;
        assert_eq!(LearnedEval::from_bytes(&version), Err(WeightsError::Version(9)));
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

    #[test]
    fn pattern_windows_see_the_men_they_cover() {
        // A lone white man on square 32 (row 7, column h): window 8 (rows 4-7, columns e-h) only.
        let p = parse_fen("W:W32:BK1").unwrap();
        let mut seen = Vec::new();
        features(&p, |f, v| {
            if (PATTERNS..FEATURES).contains(&f) && v > 0 {
                seen.push(((f - PATTERNS) / WINDOW_STATES, (f - PATTERNS) % WINDOW_STATES));
            }
        });
        // Windows 0-7 see an empty block (state 0); window 8 sees one own man on its last square.
        assert_eq!(seen.len(), WINDOWS);
        assert_eq!(seen[8], (8, 3usize.pow(7)));
        assert!(seen[..8].iter().all(|&(_, state)| state == 0));
    }
}
