//! The boards the tables are built on, as the index sees them: the dark squares numbered row by
//! row from Black's side (White's men crown on the first row, Black's on the last), a set of
//! squares as a `u64` mask (bit `i` for square `i + 1`), and the half turn that shows a position
//! from the other side. The 8x8 board of Dama Italiana and English draughts has 32 squares in
//! rows of 4; the 10x10 board of International draughts 50 in rows of 5.
//!
//! [`Board`] is a position with White to move as masks, the form every index works on; a game
//! turns its positions into masks and back through [`crate::game::TableRules`] (which gives
//! [`Board::normalize`] and [`Board::to_position`]).

use crate::material::Material;
use dama_engine::tables::TableGame;

/// A board: how many dark squares, how many to a row.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Geometry {
    /// Dark squares, numbered 1 to this.
    pub squares: u32,
    /// Dark squares in a row.
    pub row: u32,
}

impl Geometry {
    /// The 8x8 board: 32 squares, 4 to a row.
    pub const BOARD8: Geometry = Geometry { squares: 32, row: 4 };
    /// The 10x10 board: 50 squares, 5 to a row.
    pub const BOARD10: Geometry = Geometry { squares: 50, row: 5 };

    /// The board `game` is played on.
    pub const fn of(game: TableGame) -> Geometry {
        match game {
            TableGame::Italian | TableGame::English | TableGame::Russian | TableGame::Brazilian => {
                Geometry::BOARD8
            }
            TableGame::International => Geometry::BOARD10,
        }
    }

    /// The squares a man can stand on: all but its crowning row.
    pub const fn man_squares(self) -> u32 {
        self.squares - self.row
    }

    /// The number of rows.
    pub const fn rows(self) -> u32 {
        self.squares / self.row
    }

    /// The row of the square with bit `bit` (0 the row White's men crown on).
    #[inline]
    pub const fn row_of(self, bit: u32) -> u32 {
        bit / self.row
    }

    /// The board turned half a turn: square `s` becomes `squares + 1 - s`.
    #[inline]
    pub const fn flip(self, mask: u64) -> u64 {
        mask.reverse_bits() >> (64 - self.squares)
    }

    /// Every square of the board.
    #[inline]
    pub const fn all(self) -> u64 {
        (1u64 << self.squares) - 1
    }
}

/// The pieces of a position with White to move, as square masks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    /// White's pieces.
    pub white: u64,
    /// Black's pieces.
    pub black: u64,
    /// The kings of either colour.
    pub kings: u64,
}

impl Board {
    /// The board turned half a turn with the colours swapped: the same position seen from the
    /// other side.
    #[inline]
    pub fn turned(&self, geometry: Geometry) -> Board {
        Board {
            white: geometry.flip(self.black),
            black: geometry.flip(self.white),
            kings: geometry.flip(self.kings),
        }
    }

    /// The material of the board.
    pub fn material(&self) -> Material {
        let count = |m: u64| m.count_ones() as u8;
        Material::new(
            count(self.white & !self.kings),
            count(self.white & self.kings),
            count(self.black & !self.kings),
            count(self.black & self.kings),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_half_turn() {
        let g = Geometry::BOARD8;
        // Square 1 turns into square 32, 5 into 28.
        assert_eq!(g.flip(1), 1 << 31);
        assert_eq!(g.flip(1 << 4), 1 << 27);
        assert_eq!(g.flip(g.flip(0x1234_5678)), 0x1234_5678);
        let g = Geometry::BOARD10;
        // Square 1 turns into 50, 6 into 45.
        assert_eq!(g.flip(1), 1 << 49);
        assert_eq!(g.flip(1 << 5), 1 << 44);
        assert_eq!(g.flip(g.all()), g.all());
        assert_eq!((g.man_squares(), g.rows(), g.row_of(49)), (45, 10, 9));
    }
}
