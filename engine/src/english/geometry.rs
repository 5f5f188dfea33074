//! The English board's geometry: the same 32 squares and bit layout as [`crate::board8`], numbered
//! as English draughts numbers them, so the diagonal neighbours differ from Italian's (square 1
//! stands one column to the right of the Italian square 1).

use crate::board8::bitboard::Bitboard;
use crate::board8::square::Square;
use crate::color::Color;

/// The four diagonal directions as (row step, column step).
pub(crate) const DIRECTIONS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// The English column of a square (0 left, 7 right, seen from White).
pub(crate) fn column(square: Square) -> i8 {
    let row = square.row();
    let k = (square.index() % 4) as i8;
    2 * k + i8::from(row.is_multiple_of(2))
}

/// The square at `row`, `column` on the English board, if it is a playing square.
pub(crate) fn square_at(row: i8, column: i8) -> Option<Square> {
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
pub(crate) fn step(square: Square, d: usize, steps: i8) -> Option<Square> {
    let (dr, dc) = DIRECTIONS[d];
    square_at(square.row() as i8 + dr * steps, column(square) + dc * steps)
}

/// Whether a piece of `color` may move (or capture) in direction `d`.
pub(super) fn forward(color: Color, d: usize) -> bool {
    let (dr, _) = DIRECTIONS[d];
    match color {
        Color::White => dr < 0,
        Color::Black => dr > 0,
    }
}

/// The far row of `color`'s men.
pub(super) fn crowning_row(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

/// What a capture search needs to know of the board.
pub(super) struct Board {
    pub(super) theirs: Bitboard,
    pub(super) occupied: Bitboard,
    /// The capturing piece's start square, empty while it moves.
    pub(super) start: Square,
}
