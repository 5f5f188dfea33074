//! English captures, found set-wise: a few shifts give the pieces that have a jump at all, and a
//! depth-first search runs from those pieces only. Men jump forward over men and kings alike and
//! stop when crowned; kings jump in all four directions; no precedence, so every complete
//! sequence is a legal move. A man's captured set fixes its route (it takes one piece per pair
//! of rows it crosses), so only a king can reach the same (from, to, captured set) twice, around
//! a loop: its captures are compared with the ones it already has unless every route is wanted.
//!
//! Everything here is in the English layout of [`super::layout`]; a move found is handed to
//! [`Found::found`], which builds whatever move the caller lists (the board8 [`Move`] for the
//! search, a bare set of bits for perft).

use super::layout::{bit_to_board8, crowning_row, forward, shift, to_board8, Sides, SQUARE_OF_BIT};
use crate::board8::bitboard::Bitboard;
use crate::board8::moves::Move;
use crate::movelist::List;

/// A move as the generator's caller keeps it, built from English-layout bit indexes. Equality
/// must be that of (from, to, captured set).
pub(super) trait Found: Copy + PartialEq {
    /// The move from `from` to `to` taking `captured` (a set) in the order `order` (5 bits per
    /// square index, first capture lowest); a step when `captured` is empty.
    fn found(from: u32, to: u32, captured: u64, order: u64) -> Self;
}

impl Found for Move {
    #[inline(always)]
    fn found(from: u32, to: u32, captured: u64, order: u64) -> Move {
        Move::from_parts(
            bit_to_board8(from),
            bit_to_board8(to),
            Bitboard(to_board8(captured)),
            order,
        )
    }
}

/// The men of the side to move that have a jump.
#[inline(always)]
pub(super) fn man_jumpers<const WHITE: bool>(s: &Sides) -> u64 {
    let [d0, d1] = forward(WHITE);
    let jumpers = |d: i32| shift(shift(s.empty, -d) & s.enemy, -d);
    (jumpers(d0) | jumpers(d1)) & s.men
}

/// The kings of the side to move that have a jump.
#[inline(always)]
pub(super) fn king_jumpers(s: &Sides) -> u64 {
    if s.kings == 0 {
        return 0;
    }
    let jumpers = |d: i32| shift(shift(s.empty, -d) & s.enemy, -d);
    (jumpers(-5) | jumpers(-4) | jumpers(4) | jumpers(5)) & s.kings
}

/// Whether the side to move has a capture (and so must capture).
#[inline(always)]
pub(super) fn capture_exists<const WHITE: bool>(s: &Sides) -> bool {
    let [d0, d1] = forward(WHITE);
    let jumps = |from: u64, d: i32| shift(shift(from, d) & s.enemy, d) & s.empty;
    jumps(s.men, d0) | jumps(s.men, d1) != 0 || king_jumpers(s) != 0
}

/// Appends every capture to `list`, piece by piece in numbering order, each piece's sequences in
/// depth-first order (directions up-left, up-right, down-left, down-right): one move per (from,
/// to, captured set), or one per route when `every_route`.
pub(super) fn captures<const WHITE: bool, M: Found>(
    s: &Sides,
    list: &mut List<M>,
    every_route: bool,
) {
    let kings = king_jumpers(s);
    let mut jumpers = man_jumpers::<WHITE>(s) | kings;
    while jumpers != 0 {
        let at = jumpers.trailing_zeros();
        jumpers &= jumpers - 1;
        let first = list.len();
        let mut search =
            Search { list: &mut *list, from: at, empty: s.empty | 1 << at, first, every_route };
        if kings >> at & 1 != 0 {
            search.king(at, s.enemy, 0, 0, 0);
        } else {
            search.man::<WHITE>(at, s.enemy, 0, 0, 0);
        }
    }
}

/// The number of captures: [`captures`]`(..).len()`, the men's counted without a list (the
/// kings' are listed in `M`, to be told apart).
#[inline(always)]
pub(super) fn count_captures<const WHITE: bool, M: Found>(s: &Sides, every_route: bool) -> usize {
    let men = count_man_captures::<WHITE>(s);
    let kings = king_jumpers(s);
    if kings == 0 {
        return men;
    }
    men + count_king_captures::<M>(s, kings, every_route)
}

/// The number of captures of the kings in `kings` (out of line: the list is large and kings
/// rarely capture).
#[inline(never)]
fn count_king_captures<M: Found>(s: &Sides, mut kings: u64, every_route: bool) -> usize {
    let mut list = List::<M>::new();
    while kings != 0 {
        let at = kings.trailing_zeros();
        kings &= kings - 1;
        let first = list.len();
        Search { list: &mut list, from: at, empty: s.empty | 1 << at, first, every_route }
            .king(at, s.enemy, 0, 0, 0);
    }
    list.len()
}

/// The number of the men's captures (each its own move: no two routes of a man take the same
/// pieces).
#[inline(always)]
fn count_man_captures<const WHITE: bool>(s: &Sides) -> usize {
    let [d0, d1] = forward(WHITE);
    let land = |from: u64, d: i32| shift(shift(from, d) & s.enemy, d) & s.empty;
    let (land0, land1) = (land(s.men, d0), land(s.men, d1));
    // When no first landing square (short of the crowning row) has a second jump, every first
    // jump is a whole capture. A man's second jump goes forward, away from the piece it took and
    // from its start square, so the position's own sets decide it exactly.
    let going_on = (land0 | land1) & !crowning_row(WHITE);
    if land(going_on, d0) | land(going_on, d1) == 0 {
        return (land0.count_ones() + land1.count_ones()) as usize;
    }
    count_man_routes::<WHITE>(s)
}

/// The number of the men's captures when some take more than one piece.
#[inline(never)]
fn count_man_routes<const WHITE: bool>(s: &Sides) -> usize {
    let [d0, d1] = forward(WHITE);
    let mut n = 0;
    let mut men = man_jumpers::<WHITE>(s);
    while men != 0 {
        let at = men & men.wrapping_neg();
        men &= men - 1;
        for d in [d0, d1] {
            let over = shift(at, d) & s.enemy;
            let to = shift(over, d) & s.empty;
            if to != 0 {
                n += man_routes::<WHITE>(to, s.enemy & !over, s.empty);
            }
        }
    }
    n
}

/// The number of complete captures of a man that has just landed on `at` (one bit).
fn man_routes<const WHITE: bool>(at: u64, enemies: u64, empty: u64) -> usize {
    if at & crowning_row(WHITE) != 0 {
        return 1;
    }
    let mut n = 0;
    for d in forward(WHITE) {
        let over = shift(at, d) & enemies;
        let to = shift(over, d) & empty;
        if to != 0 {
            n += man_routes::<WHITE>(to, enemies & !over, empty);
        }
    }
    n.max(1)
}

/// One piece's capture search.
struct Search<'a, M> {
    list: &'a mut List<M>,
    /// The capturing piece's start (English bit index).
    from: u32,
    /// The empty squares, the start square among them (a king may come back to it).
    empty: u64,
    /// Where this piece's moves begin in `list`.
    first: usize,
    every_route: bool,
}

impl<M: Found> Search<'_, M> {
    /// A king on `at` after `count` captures (`captured`, in capture order `order`); `enemies`
    /// are the pieces it may still jump.
    fn king(&mut self, at: u32, enemies: u64, captured: u64, order: u64, count: u32) {
        let here = 1u64 << at;
        let mut extended = false;
        for d in [-5, -4, 4, 5] {
            let over = shift(here, d) & enemies;
            let to = shift(over, d) & self.empty;
            if to == 0 {
                continue;
            }
            extended = true;
            let square = u64::from(SQUARE_OF_BIT[over.trailing_zeros() as usize]);
            self.king(
                to.trailing_zeros(),
                enemies & !over,
                captured | over,
                order | square << (5 * count),
                count + 1,
            );
        }
        if !extended && count > 0 {
            let mv = M::found(self.from, at, captured, order);
            if self.every_route || !self.list[self.first..].contains(&mv) {
                self.list.push(mv);
            }
        }
    }

    /// A man on `at` after `count` captures: forward only, and crowning ends the move.
    fn man<const WHITE: bool>(
        &mut self,
        at: u32,
        enemies: u64,
        captured: u64,
        order: u64,
        count: u32,
    ) {
        let here = 1u64 << at;
        let mut extended = false;
        if count == 0 || here & crowning_row(WHITE) == 0 {
            for d in forward(WHITE) {
                let over = shift(here, d) & enemies;
                let to = shift(over, d) & self.empty;
                if to == 0 {
                    continue;
                }
                extended = true;
                let square = u64::from(SQUARE_OF_BIT[over.trailing_zeros() as usize]);
                self.man::<WHITE>(
                    to.trailing_zeros(),
                    enemies & !over,
                    captured | over,
                    order | square << (5 * count),
                    count + 1,
                );
            }
        }
        if !extended && count > 0 {
            self.list.push(M::found(self.from, at, captured, order));
        }
    }
}
