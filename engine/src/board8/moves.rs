//! The 8x8 move: a quiet step or a complete capture sequence.

use super::bitboard::Bitboard;
use super::square::Square;
use crate::movelist::List;

/// A list of 8x8 moves on the stack.
pub type MoveList = List<Move>;

/// A move: where the piece starts and ends, the set of captured pieces and the order in which they
/// were captured (from which the landing squares of the path follow).
///
/// Two moves are equal when they have the same start, end and captured set: the unique-move
/// convention of rules-italian.md section 4, so the capture order is not part of equality.
#[derive(Clone, Copy, Debug)]
pub struct Move {
    captured: Bitboard,
    /// Captured squares in capture order, 5 bits each (square index 0..31), first in the low bits.
    order: u64,
    /// Start and end as padded-layout bit indexes (what `Position::play` needs).
    from: u8,
    to: u8,
}

/// The most pieces one capture can take: every enemy piece.
pub const MAX_CAPTURES: usize = 12;

impl Move {
    /// A quiet move.
    #[inline]
    pub const fn quiet(from: Square, to: Square) -> Move {
        Move::from_parts(from.bit(), to.bit(), Bitboard::EMPTY, 0)
    }

    /// A capture from `from` to `to` taking `captured_in_order`, first capture first.
    pub fn capture(from: Square, to: Square, captured_in_order: &[Square]) -> Move {
        debug_assert!(captured_in_order.len() <= MAX_CAPTURES);
        let mut order = 0u64;
        let mut captured = Bitboard::EMPTY;
        for (i, s) in captured_in_order.iter().enumerate() {
            order |= (s.index() as u64) << (5 * i);
            captured.insert(*s);
        }
        Move::from_parts(from.bit(), to.bit(), captured, order)
    }

    /// Builds a move from its packed parts (used by the move generator): start and end bit
    /// indexes in the padded layout, captured set, capture order.
    #[inline(always)]
    pub(crate) const fn from_parts(
        from_bit: u32,
        to_bit: u32,
        captured: Bitboard,
        order: u64,
    ) -> Move {
        Move { captured, order, from: from_bit as u8, to: to_bit as u8 }
    }

    /// The start square.
    #[inline]
    pub const fn from(&self) -> Square {
        Square::from_bit(self.from as u32)
    }

    /// The end square.
    #[inline]
    pub const fn to(&self) -> Square {
        Square::from_bit(self.to as u32)
    }

    /// The start square's bit index in the padded layout.
    #[inline(always)]
    pub(crate) const fn start_bit(&self) -> u32 {
        self.from as u32
    }

    /// The end square's bit index in the padded layout.
    #[inline(always)]
    pub(crate) const fn end_bit(&self) -> u32 {
        self.to as u32
    }

    /// The captured pieces' squares.
    #[inline]
    pub const fn captured(&self) -> Bitboard {
        self.captured
    }

    /// Whether the move captures.
    #[inline]
    pub const fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// How many pieces the move captures.
    #[inline]
    pub const fn capture_count(&self) -> usize {
        self.captured.count() as usize
    }

    /// The captured squares in the order they were jumped.
    pub fn captured_in_order(&self) -> impl Iterator<Item = Square> + '_ {
        let order = self.order;
        (0..self.capture_count()).map(move |i| {
            Square::from_index(((order >> (5 * i)) & 31) as u8).expect("5-bit index is a square")
        })
    }

    /// The landing squares of the path after the start square, last one = [`Move::to`].
    /// For a quiet move this is just the end square.
    pub fn landing_squares(&self) -> Vec<Square> {
        if !self.is_capture() {
            return vec![self.to()];
        }
        let mut at = self.from as i32;
        self.captured_in_order()
            .map(|jumped| {
                at = 2 * jumped.bit() as i32 - at;
                Square::from_bit(at as u32)
            })
            .collect()
    }

    /// The move in 15 bits for a transposition table: start and end square indexes and a hash of
    /// the captured set (the 16th bit may be set; the table ignores it).
    #[inline(always)]
    pub fn packed(&self) -> u16 {
        let captured = self.captured().to_square_mask();
        let hash = (captured.wrapping_mul(0x9E37_79B1) >> 26) as u16;
        self.from().index() as u16 | (self.to().index() as u16) << 5 | hash << 10
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.from == other.from && self.to == other.to && self.captured == other.captured
    }
}

impl Eq for Move {}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.from, self.to, self.captured).hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(n: u8) -> Square {
        Square::from_number(n).unwrap()
    }

    #[test]
    fn landing_squares_follow_from_capture_order() {
        let mv = Move::capture(sq(30), sq(5), &[sq(26), sq(18), sq(10)]);
        let path: Vec<u8> = mv.landing_squares().iter().map(|s| s.number()).collect();
        assert_eq!(path, [21, 14, 5]);
        let order: Vec<u8> = mv.captured_in_order().map(|s| s.number()).collect();
        assert_eq!(order, [26, 18, 10]);
    }

    #[test]
    fn equality_ignores_capture_order() {
        let a = Move::capture(sq(22), sq(22), &[sq(19), sq(20), sq(28), sq(27)]);
        let b = Move::capture(sq(22), sq(22), &[sq(27), sq(28), sq(20), sq(19)]);
        assert_eq!(a, b);
    }
}
