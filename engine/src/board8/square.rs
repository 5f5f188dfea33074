//! Squares of the Italian board, numbered 1..32 as in the FID rules (Art. 2.4).
//!
//! Square 1 is the top-left dark square seen from White (a8), 32 is h1. Internally every square
//! also has a *bit index* in a 36-bit padded layout (see [`crate::board8::bitboard`]) in which each of the
//! four diagonal steps is one constant shift.

use std::fmt;
use std::str::FromStr;

/// One of the 32 dark squares, stored as its Italian number minus one (0..32).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

/// Bit index, in the padded layout, of each square 1..32 (index = number - 1).
///
/// Rows start at offsets 0, 5, 9, 14, 18, 23, 27, 32: after every odd row one unused
/// "ghost" bit (4, 13, 22, 31) absorbs the steps that would leave the board at the side edges.
pub(crate) const BIT_OF_SQUARE: [u8; 32] = {
    let mut table = [0u8; 32];
    let mut s = 0;
    while s < 32 {
        let row = s / 4;
        let i = s % 4;
        let offset = (row / 2) * 9 + (row % 2) * 5;
        table[s] = (offset + i) as u8;
        s += 1;
    }
    table
};

/// The inverse of [`BIT_OF_SQUARE`]: square index for each bit, or 255 for ghost bits.
pub(crate) const SQUARE_OF_BIT: [u8; 64] = {
    let mut table = [255u8; 64];
    let mut s = 0;
    while s < 32 {
        table[BIT_OF_SQUARE[s] as usize] = s as u8;
        s += 1;
    }
    table
};

impl Square {
    /// All 32 squares in numbering order.
    pub const ALL: [Square; 32] = {
        let mut all = [Square(0); 32];
        let mut s = 0;
        while s < 32 {
            all[s] = Square(s as u8);
            s += 1;
        }
        all
    };

    /// The square with Italian number `number` (1..=32), or `None`.
    pub const fn from_number(number: u8) -> Option<Square> {
        if number >= 1 && number <= 32 {
            Some(Square(number - 1))
        } else {
            None
        }
    }

    /// The square at zero-based `index` (0..32), or `None`.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 32 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The Italian number, 1..=32.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The zero-based index, 0..32.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row, 0 (Black's back row, squares 1-4) to 7 (White's back row, squares 29-32).
    pub const fn row(self) -> u8 {
        self.0 / 4
    }

    /// The column, 0 (left, file a) to 7 (right, file h), seen from White.
    pub const fn column(self) -> u8 {
        let i = self.0 % 4;
        if self.row().is_multiple_of(2) {
            2 * i
        } else {
            2 * i + 1
        }
    }

    /// The square at `row` and `column` if that is a dark square of the board.
    pub const fn from_row_column(row: u8, column: u8) -> Option<Square> {
        if row >= 8 || column >= 8 || !(row + column).is_multiple_of(2) {
            return None;
        }
        Some(Square(row * 4 + column / 2))
    }

    /// The bit index of this square in the padded layout.
    pub(crate) const fn bit(self) -> u32 {
        BIT_OF_SQUARE[self.0 as usize] as u32
    }

    /// The square at a padded-layout bit index. The caller guarantees the bit is a real square.
    pub(crate) const fn from_bit(bit: u32) -> Square {
        debug_assert!(SQUARE_OF_BIT[bit as usize] != 255);
        Square(SQUARE_OF_BIT[bit as usize])
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// Why a square number could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a square number 1-32", self.0)
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        let error = || ParseSquareError(text.to_string());
        if text.is_empty() || text.len() > 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error());
        }
        let number: u8 = text.parse().map_err(|_| error())?;
        Square::from_number(number).ok_or_else(error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_matches_the_fid_diagram() {
        // 1 = a8, 4 = g8, 5 = b7, 29 = b1, 32 = h1 (rules-italian.md section 1).
        let at = |n| Square::from_number(n).unwrap();
        assert_eq!((at(1).row(), at(1).column()), (0, 0));
        assert_eq!((at(4).row(), at(4).column()), (0, 6));
        assert_eq!((at(5).row(), at(5).column()), (1, 1));
        assert_eq!((at(29).row(), at(29).column()), (7, 1));
        assert_eq!((at(32).row(), at(32).column()), (7, 7));
    }

    #[test]
    fn row_column_round_trip() {
        for s in Square::ALL {
            assert_eq!(Square::from_row_column(s.row(), s.column()), Some(s));
            assert_eq!(Square::from_bit(s.bit()), s);
        }
    }

    #[test]
    fn parse_rejects_out_of_range() {
        assert!("0".parse::<Square>().is_err());
        assert!("33".parse::<Square>().is_err());
        assert!("x".parse::<Square>().is_err());
        assert!("+5".parse::<Square>().is_err());
        assert_eq!("32".parse::<Square>().unwrap().number(), 32);
    }
}
