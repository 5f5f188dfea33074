//! The English padded layout: the board8 idea of one 64-bit word with a ghost bit per pair of
//! rows, so that each diagonal step of the English numbering is one constant shift.
//!
//! The board8 layout ([`crate::board8::bitboard`]) puts its ghost bits after the even rows
//! (4, 13, 22, 31), which makes every diagonal step one shift *for the Italian numbering*. English
//! square 1 stands one column to the right of the Italian square 1, so on that layout an English
//! step would be +5 or +6 (or +3 or +4) depending on the row. Moving every odd row down by one
//! bit puts the ghost bits after the odd rows instead (8, 17, 26, 35), and then the English
//! steps are the same four constants as Italian's on its own layout:
//!
//! ```text
//! English bit index of each square (g = ghost bit, never a square)
//!   row 0:   0   1   2   3         squares  1- 4   (columns 1 3 5 7)
//!   row 1:   4   5   6   7   (g8)  squares  5- 8   (columns 0 2 4 6)
//!   row 2:   9  10  11  12         squares  9-12
//!   row 3:  13  14  15  16  (g17) squares 13-16
//!   row 4:  18  19  20  21         squares 17-20
//!   row 5:  22  23  24  25  (g26) squares 21-24
//!   row 6:  27  28  29  30         squares 25-28
//!   row 7:  31  32  33  34  (g35) squares 29-32
//! ```
//! Towards row 0 (White's forward direction) by -5 (up-left) and -4 (up-right); towards row 7
//! (Black's forward direction) by +4 (down-left) and +5 (down-right). A step off a side lands on a
//! ghost bit, a step off the top or bottom leaves the 36 bits; masking with [`ALL`] drops both.
//!
//! A board8 word turns into this layout with three operations (even rows stay, odd rows move
//! down one bit) and back with three more, so the generators convert the position once and the
//! moves they emit back to board8 bits, which is what [`crate::board8::position::Position::play`]
//! reads. Russian and Brazilian draughts play on the same board in the same geometry (a1 dark):
//! their set-wise generator ([`crate::flying8`]) uses this layout too, with flying kings' rays.

use crate::board8::position::Position;
use crate::color::Color;

/// The even rows (0, 2, 4, 6): the same bits in both layouts.
const EVEN_ROWS: u64 = 0xF | 0xF << 9 | 0xF << 18 | 0xF << 27;
/// The odd rows in the board8 layout (bits 5-8, 14-17, 23-26, 32-35).
const BOARD8_ODD_ROWS: u64 = 0xF << 5 | 0xF << 14 | 0xF << 23 | 0xF << 32;
/// The odd rows in the English layout (bits 4-7, 13-16, 22-25, 31-34).
const ODD_ROWS: u64 = BOARD8_ODD_ROWS >> 1;

/// Every square, in the English layout.
pub(crate) const ALL: u64 = EVEN_ROWS | ODD_ROWS;
/// Row 0 (squares 1-4), where White's men are crowned.
const WHITE_CROWNING: u64 = 0xF;
/// Row 7 (squares 29-32), where Black's men are crowned.
const BLACK_CROWNING: u64 = 0xF << 31;

/// The four directions as shifts, in the order of [`super::geometry::DIRECTIONS`]: up-left,
/// up-right, down-left, down-right.
pub(crate) const DIRECTIONS: [i32; 4] = [-5, -4, 4, 5];

/// A board8 word in the English layout.
#[inline(always)]
pub(crate) const fn from_board8(bits: u64) -> u64 {
    (bits & EVEN_ROWS) | ((bits & BOARD8_ODD_ROWS) >> 1)
}

/// An English-layout word in the board8 layout.
#[inline(always)]
pub(crate) const fn to_board8(bits: u64) -> u64 {
    (bits & EVEN_ROWS) | ((bits & ODD_ROWS) << 1)
}

/// The board8 bit index of the square at English bit index `bit`.
#[inline(always)]
pub(crate) const fn bit_to_board8(bit: u32) -> u32 {
    bit + ((ODD_ROWS >> bit) & 1) as u32
}

/// The square index (number - 1) of each English bit index, 0 for the ghost bits (never asked).
pub(crate) const SQUARE_OF_BIT: [u8; 36] = {
    let mut table = [0u8; 36];
    let mut bit = 0;
    while bit < 36 {
        // Two rows per 9 bits: the even row at offsets 0-3, the odd row at 4-7, a ghost at 8.
        let (pair, offset) = (bit / 9, bit % 9);
        if offset < 8 {
            table[bit] = (pair * 8 + offset) as u8;
        }
        bit += 1;
    }
    table
};

/// Every square of `bits` moved one step by `offset` (one of [`DIRECTIONS`]), those leaving the
/// board dropped.
#[inline(always)]
pub(crate) const fn shift(bits: u64, offset: i32) -> u64 {
    if offset > 0 {
        (bits << offset) & ALL
    } else {
        (bits >> -offset) & ALL
    }
}

/// The forward directions of `WHITE`'s men (White towards row 0, Black towards row 7), in the
/// order of [`DIRECTIONS`].
#[inline(always)]
pub(crate) const fn forward(white: bool) -> [i32; 2] {
    if white {
        [-5, -4]
    } else {
        [4, 5]
    }
}

/// The row where `WHITE`'s men are crowned.
#[inline(always)]
pub(crate) const fn crowning_row(white: bool) -> u64 {
    if white {
        WHITE_CROWNING
    } else {
        BLACK_CROWNING
    }
}

/// The position in the English layout, seen from the side to move.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sides {
    /// The men of the side to move.
    pub(super) men: u64,
    /// The kings of the side to move.
    pub(super) kings: u64,
    /// Every piece of the other side (men may capture kings).
    pub(super) enemy: u64,
    /// The empty squares.
    pub(super) empty: u64,
    /// Whether White is to move.
    pub(super) white: bool,
}

impl Sides {
    /// `position` in the English layout.
    #[inline(always)]
    pub(super) fn of(position: &Position) -> Sides {
        let white = position.side_to_move() == Color::White;
        let (us, them) = if white {
            (position.white.0, position.black.0)
        } else {
            (position.black.0, position.white.0)
        };
        let (us, them, kings) = (from_board8(us), from_board8(them), from_board8(position.kings.0));
        Sides { men: us & !kings, kings: us & kings, enemy: them, empty: ALL & !(us | them), white }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::bitboard::Bitboard;
    use crate::board8::square::Square;
    use crate::english::geometry;

    fn english_bit(square: Square) -> u32 {
        from_board8(Bitboard::from_square(square).bits()).trailing_zeros()
    }

    #[test]
    fn each_shift_is_the_english_diagonal_step() {
        for square in Square::ALL {
            let bit = english_bit(square);
            assert_eq!(usize::from(SQUARE_OF_BIT[bit as usize]), square.index());
            assert_eq!(bit_to_board8(bit), Bitboard::from_square(square).bits().trailing_zeros());
            for (d, &offset) in DIRECTIONS.iter().enumerate() {
                let moved = shift(1 << bit, offset);
                let expected = geometry::step(square, d, 1).map_or(0, |s| 1u64 << english_bit(s));
                assert_eq!(moved, expected, "square {square} direction {d}");
            }
        }
    }

    #[test]
    fn the_layouts_convert_both_ways() {
        let all = Bitboard::ALL.bits();
        assert_eq!(from_board8(all), ALL);
        assert_eq!(to_board8(ALL), all);
        assert_eq!(ALL.count_ones(), 32);
        for square in Square::ALL {
            let b = Bitboard::from_square(square).bits();
            assert_eq!(to_board8(from_board8(b)), b);
        }
        assert_eq!(from_board8(Bitboard::WHITE_PROMOTION.bits()), crowning_row(true));
        assert_eq!(from_board8(Bitboard::BLACK_PROMOTION.bits()), crowning_row(false));
    }
}
