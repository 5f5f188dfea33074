//! English draughts (checkers, PDN GameType 21): the move generator, as a first step toward the
//! multi-variant rules core. Positions use the same [`Position`] as Italian (squares 1-32 row by
//! row from Black's side, Black's men moving toward 29-32, men crowned on the far row); only the
//! board's geometry and the rules differ:
//!
//! - **Geometry**: English numbering puts square 1 one column to the right of the Italian square 1
//!   (rows 1-4, 9-12, ... start on the second column; rows 5-8, 13-16, ... on the first), so the
//!   diagonal neighbours differ. FEN and numbering are those of PDN and pydraughts
//!   (`B:W21-32:B1-12`, Black moves first).
//! - **Moves** (the rule document, shared/variants.md): men step diagonally forward, kings one
//!   square in any diagonal direction. Captures are compulsory; men capture forward only, kings in
//!   all four directions; **men may capture kings**; a capture continues while a jump is
//!   available and must be completed; **no precedence** (any capture may be chosen); a piece may
//!   not be jumped twice; a man reaching the far row is crowned and the move ends there.
//!
//! Captured pieces stay on the board until the move ends, but with short kings this changes
//! nothing: landing squares are two rows apart, so a landing square is never a jumped square.

use crate::moves::{Move, MAX_CAPTURES};
use crate::position::{Color, Position};
use crate::square::Square;

mod rules;
pub use rules::{evaluate, generate, has_capture, English, QUIET_PLY_LIMIT};

/// One legal English move: the engine's [`Move`] (to play it) and its path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnglishMove {
    /// Start, end and captured pieces, for [`Position::play`].
    pub mv: Move,
    /// The squares visited after the start, in order (one square for a step).
    pub landings: Vec<Square>,
    /// The captured squares, in capture order.
    pub captured: Vec<Square>,
}

impl EnglishMove {
    /// Full-path notation: `9-13` for a step, `22x15x6` for a capture (PDN style).
    pub fn path_notation(&self) -> String {
        let landings: Vec<u8> = self.landings.iter().map(|s| s.number()).collect();
        crate::rules::path_text(self.mv.from().number(), &landings, !self.captured.is_empty())
    }
}

/// The four diagonal directions as (row step, column step).
const DIRECTIONS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// The English column of a square (0 left, 7 right, seen from White).
fn column(square: Square) -> i8 {
    let row = square.row();
    let k = (square.index() % 4) as i8;
    2 * k + i8::from(row.is_multiple_of(2))
}

/// The square at `row`, `column` on the English board, if it is a playing square.
fn square_at(row: i8, column: i8) -> Option<Square> {
    if !(0..8).contains(&row) || !(0..8).contains(&column) {
        return None;
    }
    let dark_column_offset = i8::from(row % 2 == 0);
    if (column - dark_column_offset) % 2 != 0 {
        return None;
    }
    let k = (column - dark_column_offset) / 2;
    Square::from_index((row * 4 + k) as u8)
}

/// The neighbour of `square` in direction `d` (index into [`DIRECTIONS`]), `steps` squares away.
fn step(square: Square, d: usize, steps: i8) -> Option<Square> {
    let (dr, dc) = DIRECTIONS[d];
    square_at(square.row() as i8 + dr * steps, column(square) + dc * steps)
}

/// Whether a piece of `color` may move (or capture) in direction `d`.
fn forward(color: Color, d: usize) -> bool {
    let (dr, _) = DIRECTIONS[d];
    match color {
        Color::White => dr < 0,
        Color::Black => dr > 0,
    }
}

/// The far row of `color`'s men.
fn crowning_row(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

/// Every legal move of `position` under English rules, every capture route listed (two routes
/// with the same start, end and captured pieces are two entries, as the published perft counts
/// them).
pub fn legal_moves(position: &Position) -> Vec<EnglishMove> {
    let us = position.side_to_move();
    let ours = position.pieces(us);
    let theirs = position.pieces(us.opposite());
    let occupied = position.occupied();
    let kings = position.kings();
    let mut captures = Vec::new();
    for from in ours {
        let king = kings.contains(from);
        let mut path = Vec::new();
        let mut taken = Vec::new();
        capture_from(
            from,
            from,
            us,
            king,
            &Board { theirs, occupied, start: from },
            &mut path,
            &mut taken,
            &mut captures,
        );
    }
    if !captures.is_empty() {
        return captures;
    }
    let mut steps = Vec::new();
    for from in ours {
        let king = kings.contains(from);
        for d in 0..4 {
            if !king && !forward(us, d) {
                continue;
            }
            if let Some(to) = step(from, d, 1).filter(|s| !occupied.contains(*s)) {
                steps.push(EnglishMove {
                    mv: Move::quiet(from, to),
                    landings: vec![to],
                    captured: vec![],
                });
            }
        }
    }
    steps
}

/// What a capture search needs to know of the board.
struct Board {
    theirs: crate::bitboard::Bitboard,
    occupied: crate::bitboard::Bitboard,
    /// The capturing piece's start square, empty while it moves.
    start: Square,
}

#[allow(clippy::too_many_arguments)]
fn capture_from(
    start: Square,
    at: Square,
    us: Color,
    king: bool,
    board: &Board,
    path: &mut Vec<Square>,
    taken: &mut Vec<Square>,
    out: &mut Vec<EnglishMove>,
) {
    let mut extended = false;
    if taken.len() < MAX_CAPTURES {
        for d in 0..4 {
            if !king && !forward(us, d) {
                continue;
            }
            let (Some(over), Some(land)) = (step(at, d, 1), step(at, d, 2)) else { continue };
            if !board.theirs.contains(over) || taken.contains(&over) {
                continue;
            }
            let empty = !board.occupied.contains(land) || land == board.start;
            if !empty {
                continue;
            }
            extended = true;
            path.push(land);
            taken.push(over);
            if !king && land.row() == crowning_row(us) {
                // Crowned: the move ends here.
                out.push(finish(start, path, taken));
            } else {
                capture_from(start, land, us, king, board, path, taken, out);
            }
            path.pop();
            taken.pop();
        }
    }
    if !extended && !taken.is_empty() {
        out.push(finish(start, path, taken));
    }
}

fn finish(start: Square, path: &[Square], taken: &[Square]) -> EnglishMove {
    let to = *path.last().expect("a capture lands");
    EnglishMove {
        mv: Move::capture(start, to, taken),
        landings: path.to_vec(),
        captured: taken.to_vec(),
    }
}

/// Leaves of the English move tree to `depth` (every capture route counted).
pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(position);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&position.play(&m.mv), depth - 1)).sum()
}

/// The English start position: Black's men on 1-12, White's on 21-32, Black to move.
pub fn start() -> Position {
    Position::start().with_side_to_move(Color::Black)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;

    fn paths(fen: &str) -> Vec<String> {
        let mut list: Vec<String> =
            legal_moves(&parse_fen(fen).unwrap()).iter().map(EnglishMove::path_notation).collect();
        list.sort();
        list
    }

    #[test]
    fn the_start_has_blacks_seven_moves() {
        let moves = paths("B:W21-32:B1-12");
        assert_eq!(moves, ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
    }

    #[test]
    fn geometry_is_the_english_numbering() {
        // Square 1 is on the second column: its only forward neighbours are 5 and 6; square 4 on
        // the right edge has only 8; 5 on the left edge has only 1 behind it.
        assert_eq!(paths("B:W32:B1"), ["1-5", "1-6"]);
        assert_eq!(paths("B:W32:B4"), ["4-8"]);
        assert_eq!(paths("W:W5:BK32"), ["5-1"]);
        assert_eq!(paths("W:W13:BK32"), ["13-9"]);
    }

    #[test]
    fn men_capture_kings_and_only_forward() {
        // A white man may take a black king (not so in Italian).
        assert_eq!(paths("W:W22:BK18"), ["22x15"]);
        // A white man does not capture backward.
        assert_eq!(paths("W:W14:B18"), ["14-10", "14-9"]);
        // A king captures backward.
        assert_eq!(paths("W:WK14:B18"), ["14x23"]);
    }

    #[test]
    fn any_capture_may_be_chosen_and_must_be_completed() {
        // 23 may take one piece (19, its way on blocked by its own man on 7, or 18) or 22 two (18,
        // then 11): both are legal (no majority rule), and the longer one goes to its end.
        assert_eq!(paths("W:W7,22,23:B11,18,19"), ["22x15x8", "23x14", "23x16"]);
    }

    #[test]
    fn crowning_ends_the_move() {
        // 11 takes 7 and is crowned on 2; as a king it could take 6 next, but the move ends.
        assert_eq!(paths("W:W11:B6,7"), ["11x2"]);
    }

    #[test]
    fn perft_matches_the_published_numbers() {
        // Aart Bik 2009 (shared/variants.md), depths 1-8 here; deeper in the ignored test.
        let expected = [7u64, 49, 302, 1_469, 7_361, 36_768, 179_740, 845_931];
        for (depth, &n) in expected.iter().enumerate() {
            assert_eq!(perft(&start(), depth as u32 + 1), n, "depth {}", depth + 1);
        }
    }

    #[test]
    #[ignore = "deep perft, about 15 s"]
    fn deep_perft_matches_the_published_numbers() {
        let expected = [(9, 3_963_680u64), (10, 18_391_564), (11, 85_242_128)];
        for (depth, n) in expected {
            assert_eq!(perft(&start(), depth), n, "depth {depth}");
        }
    }
}
