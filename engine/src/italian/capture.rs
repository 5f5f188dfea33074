//! Capture sequences: the depth-first search over every complete capture, ranked by the FID
//! precedence rules (Art. 6.6-6.10) as one packed key, and the count of men's longest captures.

use crate::board8::bitboard::{man_directions, promotion_row, step, Bitboard, KING_DIRECTIONS};
use crate::board8::moves::{Move, MoveList};
use crate::board8::square::SQUARE_OF_BIT;

/// The precedence of a complete capture sequence (FID Art. 6.6-6.10), packed so that a larger
/// integer is a better capture and the criteria are compared in the rulebook's order:
///
/// ```text
/// bits 24..28  rule 1: number of pieces captured
/// bit  20      rule 2: the capturing piece is a king
/// bits 16..20  rule 3: number of kings captured
/// bits  0..12  rule 4: bit (11 - i) set when the i-th captured piece (0-based) is a king
/// ```
/// Rule 4 compares the sorted positions of the captured kings lexicographically, the smaller
/// tuple winning. When rule 3 has already tied the number of kings, the tuple that is smaller at
/// its first difference holds the earlier position there, which is the higher bit of the mask, so
/// integer comparison of the masks is exactly the lexicographic reading.
pub type PrecedenceKey = u32;

/// Builds a [`PrecedenceKey`].
#[inline(always)]
pub const fn precedence_key(
    count: u32,
    by_king: bool,
    kings: u32,
    king_order: u32,
) -> PrecedenceKey {
    (count << 24) | ((by_king as u32) << 20) | (kings << 16) | king_order
}

/// Whether to keep one move per (from, to, captured set) or one per capture path.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PathMode {
    /// One move per distinct (from, to, captured set): the project's convention.
    Unique,
    /// Every capture path is its own entry (reproduces "every path counted" perft tables).
    EveryPath,
}

pub(crate) struct CaptureSearch<'a> {
    pub(crate) list: &'a mut MoveList,
    pub(crate) best: PrecedenceKey,
    pub(crate) mode: PathMode,
    pub(crate) from: u32,
    pub(crate) by_king: bool,
    pub(crate) empty: u64,
    pub(crate) enemy_kings: u64,
    pub(crate) promotion: u64,
}

impl CaptureSearch<'_> {
    #[inline]
    fn finish(&mut self, to: u32, captured: u64, order: u64, count: u32, kings: u32, mask: u32) {
        let key = precedence_key(count, self.by_king, kings, mask);
        if key < self.best {
            return;
        }
        let mv = Move::from_parts(self.from, to, Bitboard(captured), order);
        if key > self.best {
            self.best = key;
            self.list.clear();
        } else if self.by_king
            && self.mode == PathMode::Unique
            && self.list.iter().any(|m| *m == mv)
        {
            // Only a king can reach the same end over the same set by two paths: a man's path is
            // fixed by its captured set (one captured piece per pair of rows it crosses).
            return;
        }
        self.list.push(mv);
    }

    /// Extends a king's sequence standing on bit `at` after `count` captures.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn king(
        &mut self,
        at: u32,
        enemies: u64,
        captured: u64,
        order: u64,
        count: u32,
        kings: u32,
        mask: u32,
    ) {
        let here = 1u64 << at;
        let mut extended = false;
        for d in KING_DIRECTIONS {
            let over = step(here, d) & enemies;
            if over == 0 {
                continue;
            }
            let land = step(over, d) & self.empty;
            if land == 0 {
                continue;
            }
            extended = true;
            let over_bit = over.trailing_zeros();
            let is_king = (over & self.enemy_kings != 0) as u32;
            self.king(
                land.trailing_zeros(),
                enemies & !over,
                captured | over,
                order | (SQUARE_OF_BIT[over_bit as usize] as u64) << (5 * count),
                count + 1,
                kings + is_king,
                mask | is_king << (11 - count),
            );
        }
        if !extended && count > 0 {
            self.finish(at, captured, order, count, kings, mask);
        }
    }

    /// Extends a man's sequence: forward only, men only, and promotion ends the move.
    pub(crate) fn man<const WHITE: bool>(
        &mut self,
        at: u32,
        enemies: u64,
        captured: u64,
        order: u64,
        count: u32,
    ) {
        let here = 1u64 << at;
        let mut extended = false;
        if count == 0 || here & self.promotion == 0 {
            for d in man_directions(WHITE) {
                let over = step(here, d) & enemies;
                if over == 0 {
                    continue;
                }
                let land = step(over, d) & self.empty;
                if land == 0 {
                    continue;
                }
                extended = true;
                let over_bit = over.trailing_zeros();
                self.man::<WHITE>(
                    land.trailing_zeros(),
                    enemies & !over,
                    captured | over,
                    order | (SQUARE_OF_BIT[over_bit as usize] as u64) << (5 * count),
                    count + 1,
                );
            }
        }
        if !extended && count > 0 {
            self.finish(at, captured, order, count, 0, 0);
        }
    }
}

/// The longest capture a man standing on `at` (one bit) can still make after `count` captures,
/// and how many paths reach that length.
pub(crate) fn man_paths<const WHITE: bool>(
    at: u64,
    enemies: u64,
    empty: u64,
    count: u32,
) -> (u32, usize) {
    if count > 0 && at & promotion_row(WHITE) != 0 {
        return (count, 1);
    }
    let (mut best, mut n) = (count, 1usize);
    let mut extended = false;
    for d in man_directions(WHITE) {
        let over = step(at, d) & enemies;
        let land = step(over, d) & empty;
        if land == 0 {
            continue;
        }
        let (length, paths) = man_paths::<WHITE>(land, enemies & !over, empty, count + 1);
        if !extended || length > best {
            (best, n) = (length, paths);
        } else if length == best {
            n += paths;
        }
        extended = true;
    }
    (best, n)
}
