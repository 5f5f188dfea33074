//! Every legal English move with its path, every capture route listed: the reference the search's
//! generator ([`super::movegen`]) is tested against, the paths of move text, and perft as the
//! published tables count it (routes).

use super::geometry::{crowning_row, forward, step, Board};
use crate::board8::moves::{Move, MAX_CAPTURES};
use crate::board8::position::Position;
use crate::board8::square::Square;
use crate::color::Color;

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
        crate::movetext::path_text(self.mv.from().number(), &landings, !self.captured.is_empty())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::fen::parse_fen;
    use crate::english::start;

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
