//! What self-play and training need of a game beyond its features ([`Features`]): how a data
//! record stores its positions, and the openings self-play starts from. One implementation per
//! game; the pipeline is written once over [`TrainingGame`].

use dama_book::openings::{ballots, english_ballots, lines_from_start};
use dama_engine::board8::bitboard::Bitboard;
use dama_engine::board8::position::Position;
use dama_engine::color::Color;
use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::international::{self, International};
use dama_engine::italian::Italian;
use dama_engine::learned::Features;
use dama_engine::rules::Rules;

/// A game the learning pipeline plays and trains.
pub trait TrainingGame: Features {
    /// The game's mark in a data file (its PDN GameType).
    const DATA_GAME: u32;
    /// Bytes of one piece set in a data record (square `n` is bit `n - 1`).
    const MASK_BYTES: usize;

    /// White's pieces, Black's pieces and the kings, square `n` as bit `n - 1`.
    fn masks(position: &Self::Position) -> [u64; 3];

    /// The position of the masks, checked.
    fn from_masks(masks: [u64; 3], side: Color) -> Result<Self::Position, String>;

    /// The lines of moves from the start position that self-play games begin with (game `g`
    /// plays line `g / 2`, once with each side's engine... both sides are the same engine, so
    /// the second game differs only by its random plies).
    fn openings() -> Vec<Vec<Self::Move>>;

    /// What the engine divides White's evaluation `white` (the weighted sum of the features) by
    /// before the search sees it: the game's endgame scaling, 1 where it has none. Training fits
    /// the weights through it, so that a position the scaling already calls drawish does not pull
    /// the weights toward a draw.
    fn eval_divisor(_position: &Self::Position, _white: f64) -> f64 {
        1.0
    }
}

/// The 8x8 board's masks.
fn board8_masks(position: &Position) -> [u64; 3] {
    [
        u64::from(position.pieces(Color::White).to_square_mask()),
        u64::from(position.pieces(Color::Black).to_square_mask()),
        u64::from(position.kings().to_square_mask()),
    ]
}

/// The 8x8 position of masks, checked.
fn board8_position(masks: [u64; 3], side: Color) -> Result<Position, String> {
    if masks.iter().any(|&m| m > u64::from(u32::MAX)) {
        return Err("a piece beyond square 32".to_string());
    }
    let set = |m: u64| Bitboard::from_square_mask(m as u32);
    Position::from_parts(set(masks[0]), set(masks[1]), set(masks[2]), side)
        .map_err(|e| e.to_string())
}

impl TrainingGame for Italian {
    const DATA_GAME: u32 = 22;
    const MASK_BYTES: usize = 4;

    fn masks(position: &Position) -> [u64; 3] {
        board8_masks(position)
    }

    fn from_masks(masks: [u64; 3], side: Color) -> Result<Position, String> {
        board8_position(masks, side)
    }

    /// The 174 three-move ballots.
    fn openings() -> Vec<Vec<dama_engine::board8::moves::Move>> {
        ballots().into_iter().map(|b| b.moves).collect()
    }
}

impl TrainingGame for English {
    const DATA_GAME: u32 = 21;
    const MASK_BYTES: usize = 4;

    fn masks(position: &Position) -> [u64; 3] {
        board8_masks(position)
    }

    fn from_masks(masks: [u64; 3], side: Color) -> Result<Position, String> {
        board8_position(masks, side)
    }

    /// The 156 playable three-move ballots of the ACF deck.
    fn openings() -> Vec<Vec<dama_engine::board8::moves::Move>> {
        english_ballots().into_iter().map(|b| b.moves).collect()
    }
}
impl TrainingGame for Russian {
    const DATA_GAME: u32 = 25;
    const MASK_BYTES: usize = 4;

    fn masks(position: &Position) -> [u64; 3] {
        board8_masks(position)
    }

    fn from_masks(masks: [u64; 3], side: Color) -> Result<Position, String> {
        board8_position(masks, side)
    }

    /// Every first move and reply.
    fn openings() -> Vec<Vec<dama_engine::board8::moves::Move>> {
        lines_from_start::<Russian>(2)
    }
}

impl TrainingGame for Brazilian {
    const DATA_GAME: u32 = 26;
    const MASK_BYTES: usize = 4;

    fn masks(position: &Position) -> [u64; 3] {
        board8_masks(position)
    }

    fn from_masks(masks: [u64; 3], side: Color) -> Result<Position, String> {
        board8_position(masks, side)
    }

    /// Every first move and reply.
    fn openings() -> Vec<Vec<dama_engine::board8::moves::Move>> {
        lines_from_start::<Brazilian>(2)
    }
}

/// International positions go through the Hub position string (one character per square), so
/// that the data format does not depend on how the engine lays out its board.
impl TrainingGame for International {
    const DATA_GAME: u32 = 20;
    const MASK_BYTES: usize = 8;

    fn masks(position: &international::Position) -> [u64; 3] {
        let mut masks = [0u64; 3];
        for (index, c) in International::to_hub_position(position).chars().skip(1).enumerate() {
            let bit = 1u64 << index;
            match c {
                'w' => masks[0] |= bit,
                'W' => (masks[0], masks[2]) = (masks[0] | bit, masks[2] | bit),
                'b' => masks[1] |= bit,
                'B' => (masks[1], masks[2]) = (masks[1] | bit, masks[2] | bit),
                _ => {}
            }
        }
        masks
    }

    fn from_masks(masks: [u64; 3], side: Color) -> Result<international::Position, String> {
        let mut text = String::from(if side == Color::White { "W" } else { "B" });
        for index in 0..international::SQUARES {
            let bit = 1u64 << index;
            let king = masks[2] & bit != 0;
            text.push(match (masks[0] & bit != 0, masks[1] & bit != 0, king) {
                (true, true, _) => return Err(format!("square {} holds two pieces", index + 1)),
                (true, false, false) => 'w',
                (true, false, true) => 'W',
                (false, true, false) => 'b',
                (false, true, true) => 'B',
                (false, false, true) => return Err(format!("a king of nobody on {}", index + 1)),
                (false, false, false) => 'e',
            });
        }
        if masks.iter().any(|m| m >> international::SQUARES != 0) {
            return Err("a piece beyond square 50".to_string());
        }
        International::parse_hub_position(&text)
    }

    /// Every first move and reply.
    fn openings() -> Vec<Vec<international::Move>> {
        lines_from_start::<International>(2)
    }

    /// [`international::eval::drawish_divisor`] of the side the sum favours.
    fn eval_divisor(position: &international::Position, white: f64) -> f64 {
        if white == 0.0 {
            return 1.0;
        }
        let leader = if white > 0.0 { Color::White } else { Color::Black };
        f64::from(international::eval::drawish_divisor(position, leader))
    }
}
