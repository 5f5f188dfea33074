//! A set of squares as a 64-bit word in a padded layout.
//!
//! ```text
//! bit index of each square (g = ghost bit, never a square)
//!   row 0:   0   1   2   3        squares  1- 4
//!   row 1:   5   6   7   8   (g4)  squares  5- 8
//!   row 2:   9  10  11  12        squares  9-12
//!   row 3:  14  15  16  17  (g13) squares 13-16
//!   row 4:  18  19  20  21        squares 17-20
//!   row 5:  23  24  25  26  (g22) squares 21-24
//!   row 6:  27  28  29  30        squares 25-28
//!   row 7:  32  33  34  35  (g31) squares 29-32
//! ```
//! In this layout each diagonal step is one constant shift: towards row 0 (White's forward
//! direction) by -5 (left) and -4 (right); towards row 7 (Black's forward direction) by +4 (left)
//! and +5 (right). A step off the side of the board lands on a ghost bit and a step off the top
//! or bottom leaves the 36-bit range; masking with [`Bitboard::ALL`] removes both.

use super::square::{Square, BIT_OF_SQUARE};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub(crate) u64);

/// One of the four diagonal directions, as a shift in the padded layout.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    /// Towards row 0 and column 0.
    UpLeft,
    /// Towards row 0 and column 7.
    UpRight,
    /// Towards row 7 and column 0.
    DownLeft,
    /// Towards row 7 and column 7.
    DownRight,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] =
        [Direction::UpLeft, Direction::UpRight, Direction::DownLeft, Direction::DownRight];

    /// The signed bit offset of one step.
    pub const fn offset(self) -> i32 {
        match self {
            Direction::UpLeft => -5,
            Direction::UpRight => -4,
            Direction::DownLeft => 4,
            Direction::DownRight => 5,
        }
    }
}

const fn all_squares() -> u64 {
    let mut bits = 0u64;
    let mut s = 0;
    while s < 32 {
        bits |= 1u64 << BIT_OF_SQUARE[s];
        s += 1;
    }
    bits
}

const fn row_bits(row: usize) -> u64 {
    let mut bits = 0u64;
    let mut i = 0;
    while i < 4 {
        bits |= 1u64 << BIT_OF_SQUARE[row * 4 + i];
        i += 1;
    }
    bits
}

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 32 squares.
    pub const ALL: Bitboard = Bitboard(all_squares());
    /// Row 0 (squares 1-4): where White men promote.
    pub const WHITE_PROMOTION: Bitboard = Bitboard(row_bits(0));
    /// Row 7 (squares 29-32): where Black men promote.
    pub const BLACK_PROMOTION: Bitboard = Bitboard(row_bits(7));

    /// The set holding one square.
    #[inline]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1u64 << square.bit())
    }

    /// One set bit per row of the board, for `row` in 0..8.
    pub const fn row(row: usize) -> Bitboard {
        Bitboard(row_bits(row))
    }

    /// Whether `square` is in the set.
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1u64 << square.bit()) != 0
    }

    /// Adds `square`.
    #[inline]
    pub fn insert(&mut self, square: Square) {
        self.0 |= 1u64 << square.bit();
    }

    /// Removes `square`.
    #[inline]
    pub fn remove(&mut self, square: Square) {
        self.0 &= !(1u64 << square.bit());
    }

    /// The number of squares.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the two sets share a square.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// The lowest-numbered square, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_bit(self.0.trailing_zeros()))
        }
    }

    /// Every square moved one step in `direction`, those leaving the board dropped.
    #[inline]
    pub const fn shift(self, direction: Direction) -> Bitboard {
        let moved = match direction {
            Direction::UpLeft => self.0 >> 5,
            Direction::UpRight => self.0 >> 4,
            Direction::DownLeft => self.0 << 4,
            Direction::DownRight => self.0 << 5,
        };
        Bitboard(moved & Bitboard::ALL.0)
    }

    /// The raw word in the padded layout (for hashing and packing).
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set for a raw padded-layout word; ghost bits are dropped.
    pub const fn from_bits(bits: u64) -> Bitboard {
        Bitboard(bits & Bitboard::ALL.0)
    }

    /// The squares as a 32-bit word in which bit `n - 1` stands for square `n`.
    pub fn to_square_mask(self) -> u32 {
        self.into_iter().fold(0u32, |mask, s| mask | 1 << s.index())
    }

    /// The set for a 32-bit word in which bit `n - 1` stands for square `n`.
    pub fn from_square_mask(mask: u32) -> Bitboard {
        Square::ALL
            .iter()
            .filter(|s| mask & (1 << s.index()) != 0)
            .fold(Bitboard::EMPTY, |b, &s| b | Bitboard::from_square(s))
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for s in iter {
            b.insert(s);
        }
        b
    }
}

/// Iterates the squares of a [`Bitboard`] from the lowest bit index up, which is numbering order.
#[derive(Clone, Copy, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Square::from_bit(bit))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

macro_rules! binary_op {
    ($trait:ident, $method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
    };
}
binary_op!(BitAnd, bitand, &);
binary_op!(BitOr, bitor, |);
binary_op!(BitXor, bitxor, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// Complement within the 32 squares.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::ALL.0)
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.into_iter().map(|s| s.number())).finish()
    }
}

// Raw words, for the set-wise move generators' inner loops.

/// Every square, as a raw padded-layout word.
pub(crate) const ALL: u64 = Bitboard::ALL.0;

/// One diagonal step of a raw padded-layout word by a signed offset.
#[inline(always)]
pub(crate) const fn step(bits: u64, offset: i32) -> u64 {
    if offset > 0 {
        (bits << offset) & ALL
    } else {
        (bits >> -offset) & ALL
    }
}

pub(crate) const KING_DIRECTIONS: [i32; 4] = [-5, -4, 4, 5];

/// The forward directions of a side's men: White towards row 0, Black towards row 7.
#[inline(always)]
pub(crate) const fn man_directions(white: bool) -> [i32; 2] {
    if white {
        [-5, -4]
    } else {
        [4, 5]
    }
}

#[inline(always)]
pub(crate) const fn promotion_row(white: bool) -> u64 {
    if white {
        Bitboard::WHITE_PROMOTION.0
    } else {
        Bitboard::BLACK_PROMOTION.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(n: u8) -> Square {
        Square::from_number(n).unwrap()
    }

    #[test]
    fn steps_follow_the_diagonals() {
        // 22 is d3 (row 5): up-left 18, up-right 19, down-left 26, down-right 27.
        let b = Bitboard::from_square(sq(22));
        assert_eq!(b.shift(Direction::UpLeft).first(), Some(sq(18)));
        assert_eq!(b.shift(Direction::UpRight).first(), Some(sq(19)));
        assert_eq!(b.shift(Direction::DownLeft).first(), Some(sq(26)));
        assert_eq!(b.shift(Direction::DownRight).first(), Some(sq(27)));
        // 18 is c4 (row 4): up-left 13, up-right 14, down-left 21, down-right 22.
        let b = Bitboard::from_square(sq(18));
        assert_eq!(b.shift(Direction::UpLeft).first(), Some(sq(13)));
        assert_eq!(b.shift(Direction::UpRight).first(), Some(sq(14)));
        assert_eq!(b.shift(Direction::DownLeft).first(), Some(sq(21)));
        assert_eq!(b.shift(Direction::DownRight).first(), Some(sq(22)));
    }

    #[test]
    fn steps_never_leave_the_board() {
        for s in Square::ALL {
            for d in Direction::ALL {
                let moved = Bitboard::from_square(s).shift(d);
                let (r, c) = (s.row() as i32, s.column() as i32);
                let (dr, dc) = match d {
                    Direction::UpLeft => (-1, -1),
                    Direction::UpRight => (-1, 1),
                    Direction::DownLeft => (1, -1),
                    Direction::DownRight => (1, 1),
                };
                let expected = if (0..8).contains(&(r + dr)) && (0..8).contains(&(c + dc)) {
                    Square::from_row_column((r + dr) as u8, (c + dc) as u8)
                } else {
                    None
                };
                assert_eq!(moved.first(), expected, "square {s} direction {d:?}");
                assert!(moved.count() <= 1);
            }
        }
    }

    #[test]
    fn set_operations() {
        let a: Bitboard = [sq(1), sq(5), sq(32)].into_iter().collect();
        assert_eq!(a.count(), 3);
        assert!(a.contains(sq(5)));
        assert_eq!((a - Bitboard::from_square(sq(5))).count(), 2);
        assert_eq!((!a).count(), 29);
        assert_eq!(a.into_iter().map(|s| s.number()).collect::<Vec<_>>(), [1, 5, 32]);
        assert_eq!(Bitboard::from_square_mask(a.to_square_mask()), a);
    }
}
