//! Every legal International move with its path: the reference the search's generator
//! ([`super::movegen`]) is tested against, the paths of move text, and a perft of its own (one
//! leaf per distinct move, the published convention) to check [`super::perft`] by.

use super::geometry::{bit, forward, next, squares};
use super::moves::{IntlMove, Move};
use super::position::Position;

impl Position {
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

impl Move {
    /// The move with its path and capture order, as the rules list it in `position` (`None` when
    /// it is not legal there).
    pub fn with_path(&self, position: &Position) -> Option<IntlMove> {
        position.legal_moves().into_iter().find(|m| m.compact() == *self)
    }
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

/// Leaves of the move tree to `depth`, one per distinct (from, to, captured set), with the path
/// generator (the reference for [`super::perft::perft`]).
pub fn path_perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| path_perft(&position.play(m), depth - 1)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::international::fen::parse_fen;
    use crate::international::geometry::bit;

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
    fn path_perft_matches_the_published_numbers() {
        // Aart Bik (shared/variants.md), depths 1-6 here (the search's perft goes deeper).
        let expected = [9u64, 81, 658, 4_265, 27_117, 167_140];
        for (depth, &n) in expected.iter().enumerate() {
            assert_eq!(path_perft(&Position::start(), depth as u32 + 1), n, "depth {}", depth + 1);
        }
    }
}
