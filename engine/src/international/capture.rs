//! The capture search of the search's generator: a depth-first search over the pieces that can
//! capture, in the padded layout ([`super::bits`]), keeping only the sequences that take the
//! most pieces, one move per (from, to, captured set).
//!
//! Captured pieces stay on the board until the move ends: they stay in `occupied` (so they block
//! a king's line and no piece lands on them) and are kept out of the prey by `taken` (so none is
//! jumped twice). The moving piece's start square counts as empty.

use super::bits::{nearest, square, step, unpad, DIRECTIONS, RAYS};
use super::moves::Move;
use crate::movelist::List;

pub(super) struct CaptureSearch<'a> {
    pub(super) list: &'a mut List<Move>,
    /// The most pieces a capture found so far takes (at least one: a shorter sequence is no
    /// capture).
    pub(super) best: u32,
    /// The enemy's pieces.
    enemy: u64,
    /// The squares holding a piece before the move.
    pieces: u64,
    /// The moving piece's start square (a padded bit index).
    from: u32,
    /// The empty squares for the moving piece: its start square is one.
    empty: u64,
    /// The squares that stop a king's line: every piece but the moving one.
    occupied: u64,
}

impl<'a> CaptureSearch<'a> {
    /// A search over `list` (which must be empty) against `enemy`, with `pieces` every piece on
    /// the board and `empty` the empty squares.
    pub(super) fn new(list: &'a mut List<Move>, enemy: u64, pieces: u64, empty: u64) -> Self {
        CaptureSearch { list, best: 1, enemy, pieces, from: 0, empty, occupied: pieces }
    }

    fn start(&mut self, from: u32) {
        self.from = from;
        self.occupied = self.pieces & !(1u64 << from);
        self.empty |= 1u64 << from;
    }

    fn done(&mut self) {
        self.empty &= !(1u64 << self.from);
    }

    /// Every capture of the man on bit `from`.
    pub(super) fn man_from(&mut self, from: u32) {
        self.start(from);
        self.man(1u64 << from, 0, 0);
        self.done();
    }

    /// Every capture of the king on bit `from`.
    pub(super) fn king_from(&mut self, from: u32) {
        self.start(from);
        self.king(from, 0, 0);
        self.done();
    }

    /// Continues a man's capture from `at` (one bit) having taken `taken` (`count` pieces).
    fn man(&mut self, at: u64, taken: u64, count: u32) {
        let prey = self.enemy & !taken;
        let mut extended = false;
        for d in DIRECTIONS {
            let land = step(step(at, d) & prey, d) & self.empty;
            if land != 0 {
                extended = true;
                self.man(land, taken | step(at, d), count + 1);
            }
        }
        if !extended {
            self.leaf(at.trailing_zeros(), taken, count);
        }
    }

    /// Continues a king's capture from bit `at` having taken `taken` (`count` pieces): along each
    /// line, the first piece met is taken if it is an enemy not yet taken, and the king lands on
    /// any of the empty squares after it.
    fn king(&mut self, at: u32, taken: u64, count: u32) {
        let prey = self.enemy & !taken;
        let mut extended = false;
        for (i, d) in DIRECTIONS.into_iter().enumerate() {
            let blockers = RAYS[i][at as usize] & self.occupied;
            if blockers == 0 {
                continue;
            }
            let victim = nearest(blockers, d);
            if prey & 1u64 << victim == 0 {
                continue;
            }
            let beyond = RAYS[i][victim as usize];
            let behind = beyond & self.occupied;
            let mut lands = if behind == 0 {
                beyond
            } else {
                let stop = nearest(behind, d);
                beyond & !(RAYS[i][stop as usize] | 1u64 << stop)
            };
            while lands != 0 {
                extended = true;
                let to = nearest(lands, d);
                lands ^= 1u64 << to;
                self.king(to, taken | 1u64 << victim, count + 1);
            }
        }
        if !extended {
            self.leaf(at, taken, count);
        }
    }

    /// A complete capture ending on bit `at`: kept if it takes at least as many pieces as the
    /// best so far (dropping the shorter ones) and is not already listed.
    fn leaf(&mut self, at: u32, taken: u64, count: u32) {
        if count < self.best {
            return;
        }
        if count > self.best {
            self.best = count;
            self.list.clear();
        }
        let mv = Move { from: square(self.from), to: square(at), captured: unpad(taken) };
        // A capture of one piece is fixed by its start and end; longer ones may be reached by
        // several routes.
        if count > 1 && self.list.contains(&mv) {
            return;
        }
        self.list.push(mv);
    }
}
