//! International draughts (10x10, PDN GameType 20): positions, FEN and the move generator, a step
//! toward the multi-variant rules core. The rules as shared/variants.md gives them (FMJD):
//!
//! - 50 playing squares numbered 1-50 row by row from Black's side (square 1 on the second column
//!   of Black's back row); White moves first, White's men upward (toward 1-5), Black's downward.
//! - Men step diagonally forward and **capture forward and backward**.
//! - **Flying kings** move any distance along an empty diagonal and capture a piece at any
//!   distance with empty squares between, landing on any empty square beyond it.
//! - **Majority capture**: the sequence taking the most pieces is compulsory (a king counts as
//!   one); among equal ones the player chooses.
//! - Captured pieces come off only after the move: they still block (a piece may not be jumped
//!   twice, and no piece may land on or pass a captured one).
//! - A man that reaches the far row during a capture and must go on capturing stays a man; it is
//!   crowned only when its move ends there.
//!
//! Moves are listed once per distinct (from, to, captured set), the convention of the published
//! perft table.

use crate::position::Color;

mod fen;
mod rules;
pub use fen::{parse_fen, to_fen, FenError};
pub use rules::{endgame_count, evaluate, generate, International, Move, QUIET_PLY_LIMIT};

/// Playing squares.
pub const SQUARES: usize = 50;

/// A position: the squares of each side's pieces (bit `n - 1` for square `n`), the kings among
/// them, and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// White's pieces.
    pub white: u64,
    /// Black's pieces.
    pub black: u64,
    /// The kings of either side.
    pub kings: u64,
    /// The side to move.
    pub side: Color,
}

/// One legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntlMove {
    /// The start square, 1-50.
    pub from: u8,
    /// The squares where the piece stops, in order (for a capture, where it lands after each
    /// piece taken); the last is the end square.
    pub landings: Vec<u8>,
    /// The captured squares in capture order.
    pub captured: Vec<u8>,
}

impl IntlMove {
    /// The end square.
    pub fn to(&self) -> u8 {
        *self.landings.last().expect("a move ends somewhere")
    }

    /// Full-path notation: `32-28` for a step, `28x19x10` for a capture.
    pub fn path_notation(&self) -> String {
        crate::rules::path_text(self.from, &self.landings, !self.captured.is_empty())
    }
}

const DIRECTIONS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// Row (0 = Black's back row) and column of square `n` (1-50).
fn coordinates(n: u8) -> (i8, i8) {
    let i = (n - 1) as i8;
    let row = i / 5;
    (row, 2 * (i % 5) + i8::from(row % 2 == 0))
}

/// The square at `row`, `column`, if it is a playing square.
fn square_at(row: i8, column: i8) -> Option<u8> {
    if !(0..10).contains(&row) || !(0..10).contains(&column) {
        return None;
    }
    let offset = i8::from(row % 2 == 0);
    if (column - offset) % 2 != 0 {
        return None;
    }
    Some((row * 5 + (column - offset) / 2 + 1) as u8)
}

fn next(square: u8, d: usize) -> Option<u8> {
    let (row, column) = coordinates(square);
    let (dr, dc) = DIRECTIONS[d];
    square_at(row + dr, column + dc)
}

fn bit(square: u8) -> u64 {
    1u64 << (square - 1)
}

impl Position {
    /// The start: Black's men on 1-20, White's on 31-50, White to move.
    pub fn start() -> Position {
        let range = |a: u8, b: u8| (a..=b).fold(0u64, |m, s| m | bit(s));
        Position { white: range(31, 50), black: range(1, 20), kings: 0, side: Color::White }
    }

    fn pieces(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    fn occupied(&self) -> u64 {
        self.white | self.black
    }

    /// The position after `mv` (which must be legal here).
    pub fn play(&self, mv: &IntlMove) -> Position {
        self.play_move(&mv.compact())
    }

    /// Every legal move: the largest captures if any capture exists, else every step.
    pub fn legal_moves(&self) -> Vec<IntlMove> {
        let us = self.side;
        let ours = self.pieces(us);
        let mut captures: Vec<IntlMove> = Vec::new();
        let mut best = 1;
        for from in squares(ours) {
            let king = self.kings & bit(from) != 0;
            let mut search = CaptureSearch {
                position: self,
                from,
                king,
                path: Vec::new(),
                taken: Vec::new(),
                best: &mut best,
                out: &mut captures,
            };
            search.extend(from);
        }
        if !captures.is_empty() {
            captures.retain(|m| m.captured.len() == best);
            let mut seen = std::collections::HashSet::new();
            captures.retain(|m| {
                let mut set = m.captured.clone();
                set.sort_unstable();
                seen.insert((m.from, m.to(), set))
            });
            return captures;
        }
        let occupied = self.occupied();
        let mut steps = Vec::new();
        for from in squares(ours) {
            let king = self.kings & bit(from) != 0;
            for d in 0..4 {
                if !king && !forward(us, d) {
                    continue;
                }
                let mut at = from;
                while let Some(to) = next(at, d).filter(|&s| occupied & bit(s) == 0) {
                    steps.push(IntlMove { from, landings: vec![to], captured: vec![] });
                    if !king {
                        break;
                    }
                    at = to;
                }
            }
        }
        steps
    }
}

fn forward(color: Color, d: usize) -> bool {
    match color {
        Color::White => DIRECTIONS[d].0 < 0,
        Color::Black => DIRECTIONS[d].0 > 0,
    }
}

fn squares(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let s = set.trailing_zeros() as u8 + 1;
        set &= set - 1;
        Some(s)
    })
}

struct CaptureSearch<'a> {
    position: &'a Position,
    from: u8,
    king: bool,
    path: Vec<u8>,
    taken: Vec<u8>,
    best: &'a mut usize,
    out: &'a mut Vec<IntlMove>,
}

impl CaptureSearch<'_> {
    /// Whether `square` is empty for the moving piece (its own start square is).
    fn empty(&self, square: u8) -> bool {
        square == self.from || self.position.occupied() & bit(square) == 0
    }

    fn extend(&mut self, at: u8) {
        let theirs = self.position.pieces(self.position.side.opposite());
        let mut extended = false;
        for d in 0..4 {
            // Find the piece to take: adjacent for a man, the first one along the line for a king.
            let mut over = next(at, d);
            if self.king {
                while let Some(s) = over.filter(|&s| self.empty(s)) {
                    over = next(s, d);
                }
            }
            let Some(over) = over else { continue };
            if theirs & bit(over) == 0 || self.taken.contains(&over) {
                continue;
            }
            let mut land = next(over, d);
            while let Some(to) = land.filter(|&s| self.empty(s)) {
                extended = true;
                self.path.push(to);
                self.taken.push(over);
                self.extend(to);
                self.path.pop();
                self.taken.pop();
                if !self.king {
                    break;
                }
                land = next(to, d);
            }
        }
        if !extended && !self.taken.is_empty() && self.taken.len() >= *self.best {
            if self.taken.len() > *self.best {
                *self.best = self.taken.len();
                self.out.clear();
            }
            self.out.push(IntlMove {
                from: self.from,
                landings: self.path.clone(),
                captured: self.taken.clone(),
            });
        }
    }
}

/// Leaves of the move tree to `depth`, one per distinct (from, to, captured set).
pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&position.play(m), depth - 1)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(fen: &str) -> Vec<String> {
        let mut list: Vec<String> =
            parse_fen(fen).unwrap().legal_moves().iter().map(IntlMove::path_notation).collect();
        list.sort();
        list
    }

    #[test]
    fn the_start_has_whites_nine_moves() {
        let moves = paths("W:W31-50:B1-20");
        assert_eq!(moves.len(), 9);
        assert!(moves.contains(&"31-26".to_string()) && moves.contains(&"35-30".to_string()));
    }

    #[test]
    fn men_capture_backward_and_kings_fly() {
        // A white man takes backward (28 is behind 23 for White).
        assert_eq!(paths("W:W23:B28"), ["23x32"]);
        // A flying king takes from afar and may land on any empty square beyond.
        assert_eq!(paths("W:WK46:B19"), ["46x10", "46x14", "46x5"]);
        // A king's step runs the whole empty diagonal.
        assert_eq!(paths("W:WK46:B1").len(), 9);
    }

    #[test]
    fn the_largest_capture_is_compulsory() {
        // 32 can take 27 alone (to 21), or 28 then 18; 33 can take 28 then 18, or 28 then 27
        // backward: only the two-piece captures are legal.
        assert_eq!(paths("W:W32,33:B27,28,18"), ["32x23x12", "33x22x13", "33x22x31"]);
    }

    #[test]
    fn a_man_passing_the_last_row_during_a_capture_stays_a_man() {
        // 13 takes 8 landing on 2 (the last row), then must take 7 backward: it ends on 11 a man.
        let p = parse_fen("W:W13:B7,8").unwrap();
        assert_eq!(paths("W:W13:B7,8"), ["13x2x11"]);
        let after = p.play(&p.legal_moves()[0]);
        assert_eq!(after.kings, 0);
        // Ending on the last row crowns it.
        let p = parse_fen("W:W13:B8").unwrap();
        assert_eq!(p.play(&p.legal_moves()[0]).kings, bit(2));
    }

    #[test]
    fn fen_errors() {
        assert!(parse_fen("X:W1:B2").is_err());
        assert!(parse_fen("W:W51:B2").is_err());
        assert!(parse_fen("W:W3:B10").is_err(), "a white man on its crowning row");
        assert!(parse_fen("W:W31,31:B1").is_err());
        assert!(parse_fen("W:W:B").is_err());
    }

    #[test]
    fn perft_matches_the_published_numbers() {
        // Aart Bik (shared/variants.md), depths 1-7 here.
        let expected = [9u64, 81, 658, 4_265, 27_117, 167_140, 1_049_442];
        for (depth, &n) in expected.iter().enumerate() {
            assert_eq!(perft(&Position::start(), depth as u32 + 1), n, "depth {}", depth + 1);
        }
    }

    #[test]
    #[ignore = "deep perft, about 10 s"]
    fn deep_perft_matches_the_published_numbers() {
        assert_eq!(perft(&Position::start(), 8), 6_483_961);
        assert_eq!(perft(&Position::start(), 9), 41_022_423);
    }
}
