//! The 10x10 board's geometry: 50 playing squares numbered 1-50 row by row from Black's side
//! (square 1 on the second column of Black's back row), one bit per square (bit `n - 1` for
//! square `n`).

use crate::color::Color;

/// Playing squares.
pub const SQUARES: usize = 50;

pub(super) const DIRECTIONS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// Row (0 = Black's back row) and column of square `n` (1-50).
pub(super) fn coordinates(n: u8) -> (i8, i8) {
    let i = (n - 1) as i8;
    let row = i / 5;
    (row, 2 * (i % 5) + i8::from(row % 2 == 0))
}

/// The square at `row`, `column`, if it is a playing square.
pub(super) fn square_at(row: i8, column: i8) -> Option<u8> {
    if !(0..10).contains(&row) || !(0..10).contains(&column) {
        return None;
    }
    let offset = i8::from(row % 2 == 0);
    if (column - offset) % 2 != 0 {
        return None;
    }
    Some((row * 5 + (column - offset) / 2 + 1) as u8)
}

pub(super) fn next(square: u8, d: usize) -> Option<u8> {
    let (row, column) = coordinates(square);
    let (dr, dc) = DIRECTIONS[d];
    square_at(row + dr, column + dc)
}

pub(super) fn bit(square: u8) -> u64 {
    1u64 << (square - 1)
}

pub(super) fn forward(color: Color, d: usize) -> bool {
    match color {
        Color::White => DIRECTIONS[d].0 < 0,
        Color::Black => DIRECTIONS[d].0 > 0,
    }
}

pub(super) fn squares(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let s = set.trailing_zeros() as u8 + 1;
        set &= set - 1;
        Some(s)
    })
}
