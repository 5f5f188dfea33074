//! The game so far, as the search needs it: the keys of earlier positions (threefold repetition)
//! and the count of plies without a man move or a capture (the 40-move rule, rules-italian.md
//! section 5).

use crate::moves::Move;
use crate::position::Position;

/// The default 40-move limit: 40 moves by each side, 80 plies.
pub const DEFAULT_QUIET_PLY_LIMIT: u32 = 80;

/// Whether a move resets the 40-move count: a man moved or something was captured.
pub fn is_irreversible(position: &Position, mv: &Move) -> bool {
    mv.is_capture() || !position.kings().contains(mv.from())
}

/// The positions of a game since its start, for repetition and the 40-move count.
#[derive(Clone, Debug)]
pub struct GameHistory {
    /// Keys of every position reached since the last irreversible move, oldest first; the last one
    /// is the current position.
    keys: Vec<u64>,
    /// Plies played since the last man move or capture.
    quiet_plies: u32,
    /// Plies after which the game is drawn by the 40-move rule.
    quiet_ply_limit: u32,
}

impl GameHistory {
    /// A game starting at `position`.
    pub fn new(position: &Position) -> GameHistory {
        GameHistory::from_key(position.key(), DEFAULT_QUIET_PLY_LIMIT)
    }

    /// A game of any rules ([`crate::Rules`]) starting at the position with hash `key`, drawn
    /// after `quiet_ply_limit` plies without a man move or a capture.
    pub fn from_key(key: u64, quiet_ply_limit: u32) -> GameHistory {
        GameHistory { keys: vec![key], quiet_plies: 0, quiet_ply_limit }
    }

    /// Sets the 40-move limit in plies (80 by default; some tools adjudicate at 79).
    pub fn with_quiet_ply_limit(mut self, plies: u32) -> GameHistory {
        self.quiet_ply_limit = plies;
        self
    }

    /// Records that `mv` was played in `before`, reaching `after`.
    pub fn push(&mut self, before: &Position, mv: &Move, after: &Position) {
        self.push_key(after.key(), is_irreversible(before, mv));
    }

    /// Records a move of any rules reaching the position with hash `key`; `irreversible` when a
    /// man moved or a piece was captured ([`crate::Rules::is_irreversible`]).
    pub fn push_key(&mut self, key: u64, irreversible: bool) {
        if irreversible {
            self.keys.clear();
            self.quiet_plies = 0;
        } else {
            self.quiet_plies += 1;
        }
        self.keys.push(key);
    }

    /// Plies since the last man move or capture.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// The 40-move limit in plies.
    pub fn quiet_ply_limit(&self) -> u32 {
        self.quiet_ply_limit
    }

    /// Keys since the last irreversible move, the current position last.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// How many times the current position has occurred (1 the first time).
    pub fn occurrences_of_current(&self) -> usize {
        let current = *self.keys.last().expect("history holds the current position");
        self.keys.iter().filter(|&&k| k == current).count()
    }

    /// Whether the game is drawn now: the third occurrence of the position, or the 40-move count.
    pub fn is_draw(&self) -> bool {
        self.occurrences_of_current() >= 3 || self.quiet_plies >= self.quiet_ply_limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;
    use crate::notation::parse_move;

    #[test]
    fn kings_shuffling_repeat_three_times() {
        let mut p = parse_fen("W:WK29:BK4").unwrap();
        let mut h = GameHistory::new(&p);
        for text in ["29-25", "4-8", "25-29", "8-4", "29-25", "4-8", "25-29", "8-4"] {
            let mv = parse_move(&p, text).unwrap();
            let next = p.play(&mv);
            h.push(&p, &mv, &next);
            p = next;
        }
        assert_eq!(h.occurrences_of_current(), 3);
        assert!(h.is_draw());
        assert_eq!(h.quiet_plies(), 8);
    }

    #[test]
    fn a_man_move_resets_the_count() {
        let p = parse_fen("W:WK29,22:BK4").unwrap();
        let mut h = GameHistory::new(&p).with_quiet_ply_limit(1);
        let mv = parse_move(&p, "29-25").unwrap();
        let q = p.play(&mv);
        h.push(&p, &mv, &q);
        assert!(h.is_draw(), "one quiet king ply reaches a limit of 1");
        let mv = parse_move(&q, "4-8").unwrap();
        let r = q.play(&mv);
        h.push(&q, &mv, &r);
        let mv = parse_move(&r, "22-18").unwrap();
        let s = r.play(&mv);
        h.push(&r, &mv, &s);
        assert_eq!(h.quiet_plies(), 0);
        assert!(!h.is_draw());
    }
}
