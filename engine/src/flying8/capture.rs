//! The capture search of the search's generator: depth first over one piece's captures on the
//! English padded layout ([`super::bits`]), one move per (from, to, captured set), under either
//! game's rules ([`Ruleset`]): Brazilian keeps only the captures that take the most pieces and
//! its men stay men when they pass the far row; a Russian man crowned on the far row goes on
//! capturing as a king, and a Russian king must land where it can go on capturing when it can.
//!
//! Captured pieces stay on the board until the move ends: they stay in `occupied` (a king's line
//! stops at them, no piece lands on them) and are kept out of the prey by `taken` (none is
//! jumped twice). The moving piece's start square counts as empty.

use super::bits::{nearest, RAYS};
use super::Ruleset;
use crate::board8::bitboard::Bitboard;
use crate::board8::moves::{Move, MoveList};
use crate::english::layout::{bit_to_board8, shift, to_board8, DIRECTIONS, SQUARE_OF_BIT};
use std::marker::PhantomData;

/// One position's capture search, a piece at a time.
pub(super) struct CaptureSearch<'a, G> {
    list: &'a mut MoveList,
    /// The most pieces a capture found so far takes (Brazilian: the shorter ones are dropped).
    best: u32,
    /// The enemy's pieces.
    enemy: u64,
    /// Every piece before the move.
    pieces: u64,
    /// The squares that stop a king's line: every piece but the moving one.
    occupied: u64,
    /// The empty squares, the moving piece's start among them.
    empty: u64,
    /// The moving piece's start (a layout bit).
    from: u32,
    /// The row where the side to move's men are crowned.
    crowning: u64,
    /// Whether every route is listed as KestoG's perft table counts them
    /// ([`super::movegen::generate_counted_routes`]) rather than each move once.
    routes: bool,
    _rules: PhantomData<G>,
}

impl<'a, G: Ruleset> CaptureSearch<'a, G> {
    /// A search appending to `list` (empty) against `enemy`, with `pieces` every piece on the
    /// board and `crowning` the mover's crowning row (all in the layout); every route listed, as
    /// KestoG's table counts them, when `routes`.
    pub(super) fn new(
        list: &'a mut MoveList,
        enemy: u64,
        pieces: u64,
        crowning: u64,
        routes: bool,
    ) -> Self {
        let empty = crate::english::layout::ALL & !pieces;
        CaptureSearch {
            list,
            best: 1,
            enemy,
            pieces,
            occupied: pieces,
            empty,
            from: 0,
            crowning,
            routes,
            _rules: PhantomData,
        }
    }

    /// Every capture of the piece on bit `from`, a king when `king`.
    pub(super) fn piece(&mut self, from: u32, king: bool) {
        self.from = from;
        self.occupied = self.pieces & !(1u64 << from);
        self.empty |= 1u64 << from;
        if king {
            self.king(from, 0, 0, 0);
        } else {
            self.man(1u64 << from, 0, 0, 0);
        }
        self.empty &= !(1u64 << from);
    }

    /// A man on `at` (one bit) having taken `taken` (`count` pieces, in the order `order`).
    fn man(&mut self, at: u64, taken: u64, order: u64, count: u32) {
        let prey = self.enemy & !taken;
        let mut extended = false;
        for d in DIRECTIONS {
            let over = shift(at, d) & prey;
            let land = shift(over, d) & self.empty;
            if land == 0 {
                continue;
            }
            extended = true;
            let order =
                order | u64::from(SQUARE_OF_BIT[over.trailing_zeros() as usize]) << (5 * count);
            if G::CROWNS_IN_CAPTURE && land & self.crowning != 0 {
                self.king(land.trailing_zeros(), taken | over, order, count + 1);
            } else {
                self.man(land, taken | over, order, count + 1);
            }
        }
        if !extended {
            self.leaf(at.trailing_zeros(), taken, order, count);
        }
    }

    /// The piece the king on bit `at` can take along direction `i` (the first piece on its line,
    /// if it is prey), with the empty squares beyond it where the king may land.
    #[inline(always)]
    fn king_jump(&self, at: u32, i: usize, prey: u64) -> Option<(u32, u64)> {
        let d = DIRECTIONS[i];
        let blockers = RAYS[i][at as usize] & self.occupied;
        if blockers == 0 {
            return None;
        }
        let victim = nearest(blockers, d);
        if prey & 1u64 << victim == 0 {
            return None;
        }
        let beyond = RAYS[i][victim as usize];
        let behind = beyond & self.occupied;
        let lands = if behind == 0 {
            beyond
        } else {
            let stop = nearest(behind, d);
            beyond & !(RAYS[i][stop as usize] | 1u64 << stop)
        };
        (lands != 0).then_some((victim, lands))
    }

    /// Whether a king on bit `at` can take a piece of `prey`.
    fn king_can_take(&self, at: u32, prey: u64) -> bool {
        (0..4).any(|i| self.king_jump(at, i, prey).is_some())
    }

    /// Where a Russian king may land after a capture along direction `i`, among the empty squares
    /// `lands` beyond the piece taken, `prey` the pieces left to take. The rules: where it can go
    /// on capturing, if it can from some of them. Counting routes as KestoG does: where it can
    /// capture off the line it came along, if it can from some of them (from the others it can
    /// only go on along the line, and so it can from those too: the same moves).
    fn russian_landings(&self, i: usize, lands: u64, prey: u64) -> u64 {
        let mut kept = 0;
        let mut rest = lands;
        while rest != 0 {
            let land = rest.trailing_zeros();
            rest &= rest - 1;
            let goes_on = if self.routes {
                // Off the line: the two directions other than `i` and its reverse `3 - i`.
                let off = if i == 0 || i == 3 { [1, 2] } else { [0, 3] };
                off.into_iter().any(|j| self.king_jump(land, j, prey).is_some())
            } else {
                self.king_can_take(land, prey)
            };
            if goes_on {
                kept |= 1u64 << land;
            }
        }
        if kept == 0 {
            lands
        } else {
            kept
        }
    }

    /// A king on bit `at` having taken `taken` (`count` pieces, in the order `order`).
    fn king(&mut self, at: u32, taken: u64, order: u64, count: u32) {
        let prey = self.enemy & !taken;
        let mut extended = false;
        for (i, d) in DIRECTIONS.into_iter().enumerate() {
            let Some((victim, mut lands)) = self.king_jump(at, i, prey) else { continue };
            let taken = taken | 1u64 << victim;
            if !G::MAJORITY {
                lands = self.russian_landings(i, lands, prey & !(1u64 << victim));
            }
            let order = order | u64::from(SQUARE_OF_BIT[victim as usize]) << (5 * count);
            while lands != 0 {
                extended = true;
                let to = nearest(lands, d);
                lands ^= 1u64 << to;
                self.king(to, taken, order, count + 1);
            }
        }
        if !extended {
            self.leaf(at, taken, order, count);
        }
    }

    /// A complete capture ending on bit `at`: listed unless a longer one is compulsory (Brazilian
    /// rules) or the same move is already listed.
    fn leaf(&mut self, at: u32, taken: u64, order: u64, count: u32) {
        if count == 0 {
            return;
        }
        if G::MAJORITY {
            if count < self.best {
                return;
            }
            if count > self.best {
                self.best = count;
                self.list.clear();
            }
        }
        let mv = Move::from_parts(
            bit_to_board8(self.from),
            bit_to_board8(at),
            Bitboard::from_bits(to_board8(taken)),
            order,
        );
        // A capture of one piece is fixed by its start and end; longer ones may be reached by
        // several routes.
        if count > 1 && !self.routes && self.list.contains(&mv) {
            return;
        }
        self.list.push(mv);
    }
}
