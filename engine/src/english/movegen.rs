//! The English move generator the search uses: one move per (from, to, captured set), without
//! allocating (the same rules as [`super::paths::legal_moves`], which also gives every route).

use super::geometry::{crowning_row, forward, step, Board};
use crate::board8::moves::{Move, MAX_CAPTURES};
use crate::board8::position::Position;
use crate::board8::square::Square;
use crate::color::Color;
use crate::movelist::List;

/// Fills `list` (emptied first) with the legal moves, one per (from, to, captured set), without
/// allocating: the generator the search uses. [`super::paths::legal_moves`] lists every route with its path.
pub fn generate(position: &Position, list: &mut List<Move>) {
    list.clear();
    let us = position.side_to_move();
    let (theirs, occupied) = (position.pieces(us.opposite()), position.occupied());
    let kings = position.kings();
    for from in position.pieces(us) {
        let board = Board { theirs, occupied, start: from };
        let mut taken = [from; MAX_CAPTURES];
        captures_into(from, from, us, kings.contains(from), &board, &mut taken, 0, list);
    }
    if !list.is_empty() {
        return;
    }
    for from in position.pieces(us) {
        let king = kings.contains(from);
        for d in 0..4 {
            if !king && !forward(us, d) {
                continue;
            }
            if let Some(to) = step(from, d, 1).filter(|s| !occupied.contains(*s)) {
                list.push(Move::quiet(from, to));
            }
        }
    }
}

/// Whether the side to move has a capture.
pub fn has_capture(position: &Position) -> bool {
    let us = position.side_to_move();
    let theirs = position.pieces(us.opposite());
    let occupied = position.occupied();
    let kings = position.kings();
    position.pieces(us).into_iter().any(|from| {
        (0..4).any(|d| {
            (kings.contains(from) || forward(us, d))
                && matches!((step(from, d, 1), step(from, d, 2)),
                    (Some(over), Some(land)) if theirs.contains(over) && !occupied.contains(land))
        })
    })
}

#[allow(clippy::too_many_arguments)]
fn captures_into(
    start: Square,
    at: Square,
    us: Color,
    king: bool,
    board: &Board,
    taken: &mut [Square; MAX_CAPTURES],
    count: usize,
    list: &mut List<Move>,
) {
    let mut extended = false;
    if count < MAX_CAPTURES {
        for d in 0..4 {
            if !king && !forward(us, d) {
                continue;
            }
            let (Some(over), Some(land)) = (step(at, d, 1), step(at, d, 2)) else { continue };
            if !board.theirs.contains(over) || taken[..count].contains(&over) {
                continue;
            }
            if board.occupied.contains(land) && land != board.start {
                continue;
            }
            extended = true;
            taken[count] = over;
            if !king && land.row() == crowning_row(us) {
                push_unique(list, Move::capture(start, land, &taken[..=count]));
            } else {
                captures_into(start, land, us, king, board, taken, count + 1, list);
            }
        }
    }
    if !extended && count > 0 {
        push_unique(list, Move::capture(start, at, &taken[..count]));
    }
}

/// Adds a capture unless the same (from, to, captured set) is listed (a king's second route).
fn push_unique(list: &mut List<Move>, mv: Move) {
    if !list.contains(&mv) {
        list.push(mv);
    }
}
