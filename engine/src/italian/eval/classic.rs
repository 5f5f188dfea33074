//! The static evaluation, from the side to move's point of view, in hundredths of a man.
//!
//! Every weight has a name and lives in [`EvalWeights`]; the search uses [`EvalWeights::DEFAULT`].
//! Terms are computed for White and for Black with mirrored tables, then White minus Black.

use crate::board8::bitboard::Bitboard;
use crate::board8::position::Position;
use crate::board8::square::Square;
use crate::color::Color;
use crate::score::Score;

/// The weights of the evaluation terms, in hundredths of a man.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalWeights {
    /// A man.
    pub man: Score,
    /// A king (kings do not fly in Italian draughts and men cannot take them).
    pub king: Score,
    /// Per row a man has advanced (0 on its own back row, 6 one step from promotion), by row.
    pub advancement: [Score; 7],
    /// A man on one of the four central squares of the board (14, 15, 18, 19).
    pub centre: Score,
    /// A man on the side edges (columns a and h) in the middlegame.
    pub edge: Score,
    /// A man still on its own back row while the opponent has no king, each (the guard).
    pub back_row: Score,
    /// Both squares of a "bridge" on the back row held (White 29 and 31, or 30 and 32).
    pub bridge: Score,
    /// A man no enemy piece can stop from promoting, by rows still to go (1 to 7).
    pub runaway: [Score; 8],
    /// Each empty square next to a king.
    pub king_mobility: Score,
    /// A king with no empty square next to it.
    pub trapped_king: Score,
    /// A king in the centre (rows 2-5, columns c-f).
    pub king_centre: Score,
    /// When ahead, per piece of material lead and per piece already off the board (trade down).
    pub trade_down: Score,
    /// When the opponent has only kings and we are ahead: per step our kings are from theirs.
    pub hunt_distance: Score,
    /// Having the move.
    pub tempo: Score,
}

impl EvalWeights {
    /// The weights the engine plays with. See the strength table in docs/strength.md for the
    /// measured value of each term.
    pub const DEFAULT: EvalWeights = EvalWeights {
        man: 100,
        king: 165,
        // Measured no gain (-11 +/- 24 Elo with it): off.
        advancement: [0; 7],
        // Measured harmful (-36 +/- 20 Elo with it): off.
        centre: 0,
        edge: -4,
        back_row: 6,
        bridge: 8,
        runaway: [0, 60, 50, 40, 32, 24, 16, 10],
        // Measured harmful (-14 +/- 13 Elo with it): off.
        king_mobility: 0,
        // Measured no gain (-3 +/- 10 Elo with it): off.
        trapped_king: 0,
        king_centre: 6,
        trade_down: 2,
        hunt_distance: 3,
        // Measured no gain (-12 +/- 19 Elo with it): off.
        tempo: 0,
    };
}

impl EvalWeights {
    /// Material only: the baseline the positional terms are measured against.
    pub const MATERIAL_ONLY: EvalWeights = EvalWeights {
        man: 100,
        king: 165,
        advancement: [0; 7],
        centre: 0,
        edge: 0,
        back_row: 0,
        bridge: 0,
        runaway: [0; 8],
        king_mobility: 0,
        trapped_king: 0,
        king_centre: 0,
        trade_down: 0,
        hunt_distance: 0,
        tempo: 0,
    };
}

impl EvalWeights {
    /// The positional terms by name, for switching one off to measure its value.
    pub const TERMS: [&'static str; 12] = [
        "advancement",
        "centre",
        "edge",
        "back-row",
        "bridge",
        "runaway",
        "king-mobility",
        "trapped-king",
        "king-centre",
        "trade-down",
        "hunt-distance",
        "tempo",
    ];

    /// Sets the named term to its default weight (`on`) or to zero. `false` for an unknown name.
    pub fn set_term(&mut self, name: &str, on: bool) -> bool {
        let d = EvalWeights::DEFAULT;
        let pick = |value: Score| if on { value } else { 0 };
        match name {
            "advancement" => self.advancement = if on { d.advancement } else { [0; 7] },
            "centre" => self.centre = pick(d.centre),
            "edge" => self.edge = pick(d.edge),
            "back-row" => self.back_row = pick(d.back_row),
            "bridge" => self.bridge = pick(d.bridge),
            "runaway" => self.runaway = if on { d.runaway } else { [0; 8] },
            "king-mobility" => self.king_mobility = pick(d.king_mobility),
            "trapped-king" => self.trapped_king = pick(d.trapped_king),
            "king-centre" => self.king_centre = pick(d.king_centre),
            "trade-down" => self.trade_down = pick(d.trade_down),
            "hunt-distance" => self.hunt_distance = pick(d.hunt_distance),
            "tempo" => self.tempo = pick(d.tempo),
            _ => return false,
        }
        true
    }

    /// Whether the named term has a non-zero weight (`None` for an unknown name).
    pub fn term_on(&self, name: &str) -> Option<bool> {
        Some(match name {
            "advancement" => self.advancement != [0; 7],
            "centre" => self.centre != 0,
            "edge" => self.edge != 0,
            "back-row" => self.back_row != 0,
            "bridge" => self.bridge != 0,
            "runaway" => self.runaway != [0; 8],
            "king-mobility" => self.king_mobility != 0,
            "trapped-king" => self.trapped_king != 0,
            "king-centre" => self.king_centre != 0,
            "trade-down" => self.trade_down != 0,
            "hunt-distance" => self.hunt_distance != 0,
            "tempo" => self.tempo != 0,
            _ => return None,
        })
    }
}

impl Default for EvalWeights {
    fn default() -> EvalWeights {
        EvalWeights::DEFAULT
    }
}

/// For each square and colour, the squares from which an enemy piece could still stop a man
/// there on its way to promotion: every square ahead of it within its widening diagonal cone
/// (one column of slack on each side, as an enemy king can also come from behind the cone's edge).
const fn cones(white: bool) -> [u64; 32] {
    let mut table = [0u64; 32];
    let mut s = 0;
    while s < 32 {
        let square = Square::ALL[s];
        let (r, c) = (square.row() as i32, square.column() as i32);
        let mut t = 0;
        while t < 32 {
            let other = Square::ALL[t];
            let (r2, c2) = (other.row() as i32, other.column() as i32);
            let ahead = if white { r - r2 } else { r2 - r };
            let dc = if c2 > c { c2 - c } else { c - c2 };
            if ahead >= 1 && dc <= ahead + 1 {
                table[s] |= 1u64 << crate::board8::square::BIT_OF_SQUARE[t];
            }
            t += 1;
        }
        s += 1;
    }
    table
}

const WHITE_CONES: [u64; 32] = cones(true);
const BLACK_CONES: [u64; 32] = cones(false);

/// The set of squares with the given numbers, at compile time.
const fn squares(numbers: &[u8]) -> Bitboard {
    let mut bits = 0u64;
    let mut i = 0;
    while i < numbers.len() {
        bits |= 1u64 << crate::board8::square::BIT_OF_SQUARE[numbers[i] as usize - 1];
        i += 1;
    }
    Bitboard(bits)
}

/// Squares of the board selected by row and column ranges, at compile time.
const fn region(rows: (u8, u8), columns: (u8, u8)) -> Bitboard {
    let mut bits = 0u64;
    let mut s = 0;
    while s < 32 {
        let square = Square::ALL[s];
        let (r, c) = (square.row(), square.column());
        if r >= rows.0 && r <= rows.1 && c >= columns.0 && c <= columns.1 {
            bits |= 1u64 << crate::board8::square::BIT_OF_SQUARE[s];
        }
        s += 1;
    }
    Bitboard(bits)
}

const CENTRE: Bitboard = squares(&[14, 15, 18, 19]);
const EDGES: Bitboard = Bitboard(region((0, 7), (0, 0)).0 | region((0, 7), (7, 7)).0);
const KING_CENTRE: Bitboard = region((2, 5), (2, 5));
const WHITE_BRIDGES: [Bitboard; 2] = [squares(&[29, 31]), squares(&[30, 32])];
const BLACK_BRIDGES: [Bitboard; 2] = [squares(&[2, 4]), squares(&[1, 3])];

/// The evaluation of `position` for the side to move.
pub fn evaluate(position: &Position) -> Score {
    evaluate_with(position, &EvalWeights::DEFAULT)
}

/// The evaluation with explicit weights (for tuning and for measuring a term's value).
pub fn evaluate_with(position: &Position, w: &EvalWeights) -> Score {
    let white = side_terms(position, Color::White, w);
    let black = side_terms(position, Color::Black, w);
    let mut score = white - black;

    let (white_material, black_material) =
        (material(position, Color::White, w), material(position, Color::Black, w));
    let lead = white_material - black_material;
    let pieces = position.occupied().count() as Score;
    if lead != 0 {
        // Trading down helps the side ahead: reward the lead more as the board empties.
        score += lead.signum() * w.trade_down * (24 - pieces).max(0) * (lead.abs() / 50).min(4);
    }
    score += hunt(position, lead, w);
    let score = match position.side_to_move() {
        Color::White => score,
        Color::Black => -score,
    };
    score + w.tempo
}

fn material(position: &Position, color: Color, w: &EvalWeights) -> Score {
    position.men(color).count() as Score * w.man
        + position.kings_of(color).count() as Score * w.king
}

/// Every term that depends on one side's pieces alone.
fn side_terms(position: &Position, color: Color, w: &EvalWeights) -> Score {
    let men = position.men(color);
    let kings = position.kings_of(color);
    let enemy = position.pieces(color.opposite());
    let enemy_kings = position.kings_of(color.opposite());
    let empty = position.empty();
    let mut score = material(position, color, w);

    let (back_row, bridges, cones) = match color {
        Color::White => (Bitboard::BLACK_PROMOTION, WHITE_BRIDGES, &WHITE_CONES),
        Color::Black => (Bitboard::WHITE_PROMOTION, BLACK_BRIDGES, &BLACK_CONES),
    };

    for s in men {
        let advanced = match color {
            Color::White => 7 - s.row(),
            Color::Black => s.row(),
        } as usize;
        score += w.advancement[advanced.min(6)];
        if (Bitboard(cones[s.index()]) & enemy).is_empty() {
            score += w.runaway[7 - advanced.min(7)];
        }
    }
    score += (men & CENTRE).count() as Score * w.centre;
    if position.occupied().count() > 12 {
        score += (men & EDGES).count() as Score * w.edge;
    }
    if enemy_kings.is_empty() {
        score += (men & back_row).count() as Score * w.back_row;
        for bridge in bridges {
            if (men & bridge) == bridge {
                score += w.bridge;
            }
        }
    }

    if !kings.is_empty() {
        score += (kings & KING_CENTRE).count() as Score * w.king_centre;
        for k in kings {
            let single = Bitboard::from_square(k);
            let free = crate::board8::bitboard::Direction::ALL
                .iter()
                .filter(|&&d| single.shift(d).intersects(empty))
                .count() as Score;
            score += free * w.king_mobility;
            if free == 0 {
                score += w.trapped_king;
            }
        }
    }
    score
}

/// With the opponent down to kings only and a material lead, bring our kings close to theirs
/// and keep theirs off the centre: the technique of the won king endings.
fn hunt(position: &Position, lead_for_white: Score, w: &EvalWeights) -> Score {
    let (strong, sign) = if lead_for_white > 0 {
        (Color::White, 1)
    } else if lead_for_white < 0 {
        (Color::Black, -1)
    } else {
        return 0;
    };
    let weak = strong.opposite();
    if !position.men(weak).is_empty() || position.kings_of(strong).is_empty() {
        return 0;
    }
    let mut score = 0;
    for hunted in position.kings_of(weak) {
        for hunter in position.kings_of(strong) {
            let distance =
                hunter.row().abs_diff(hunted.row()).max(hunter.column().abs_diff(hunted.column()));
            score -= distance as Score * w.hunt_distance;
        }
        let centre_distance =
            (2 * hunted.row() as i32 - 7).abs() + (2 * hunted.column() as i32 - 7).abs();
        score += centre_distance * w.hunt_distance / 2;
    }
    sign * score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::fen::parse_fen;

    #[test]
    fn the_start_position_is_balanced() {
        let p = Position::start();
        assert_eq!(evaluate(&p), EvalWeights::DEFAULT.tempo);
    }

    #[test]
    fn colour_mirror_gives_the_same_score() {
        // The same position with colours swapped and the board turned (square n <-> 33 - n).
        let a = parse_fen("W:W18,22,23,K30:B3,7,11,12").unwrap();
        let b = parse_fen("B:B15,11,10,K3:W30,26,22,21").unwrap();
        assert_eq!(evaluate(&a), evaluate(&b));
    }

    #[test]
    fn material_dominates() {
        let up = parse_fen("W:W21-32:B1-11").unwrap();
        assert!(evaluate(&up) > 80);
        let king_up = parse_fen("W:WK18,22:B5,6").unwrap();
        assert!(evaluate(&king_up) > 50);
    }
}
