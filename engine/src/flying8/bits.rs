//! Flying kings on the English padded layout ([`crate::english::layout`]: 36 bits, a ghost bit
//! after every odd row, each diagonal step one shift): the rays a king looks along, the square
//! of a set nearest along a ray, and a flood fill along a direction.

use crate::english::layout::{shift, ALL, DIRECTIONS};

/// For each direction (in [`DIRECTIONS`] order: up-left, up-right, down-left, down-right) and
/// layout bit, the squares beyond that bit along the direction, to the edge of the board.
pub(super) const RAYS: [[u64; 36]; 4] = {
    let mut rays = [[0u64; 36]; 4];
    let mut d = 0;
    while d < 4 {
        let mut bit = 0;
        while bit < 36 {
            let origin = 1u64 << bit;
            if origin & ALL != 0 {
                let mut ray = 0u64;
                let mut at = shift(origin, DIRECTIONS[d]);
                while at != 0 {
                    ray |= at;
                    at = shift(at, DIRECTIONS[d]);
                }
                rays[d][bit] = ray;
            }
            bit += 1;
        }
        d += 1;
    }
    rays
};

/// The bit of `set` nearest to the origin of a ray along direction offset `d` (the lowest bit
/// for the steps toward row 7, the highest toward row 0); `set` must not be empty.
#[inline(always)]
pub(super) const fn nearest(set: u64, d: i32) -> u32 {
    if d > 0 {
        set.trailing_zeros()
    } else {
        63 - set.leading_zeros()
    }
}

/// `from` together with every square reachable from it along `d` across `through` (the squares
/// of `from` need not be in `through`): a flood fill in three doubling steps, enough for the
/// longest diagonal (seven steps). The intermediate squares of each doubled step are checked
/// by `open`, so a doubled shift never crosses the edge.
#[inline(always)]
pub(super) const fn fill(from: u64, through: u64, d: i32) -> u64 {
    let (mut reached, mut open) = (from, through);
    reached |= open & shift(reached, d);
    open &= shift(open, d);
    reached |= open & shift(reached, 2 * d);
    open &= shift(open, 2 * d);
    reached | open & shift(reached, 4 * d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::bitboard::Bitboard;
    use crate::board8::square::Square;
    use crate::english::geometry;
    use crate::english::layout::from_board8;

    fn bit(square: Square) -> u64 {
        from_board8(Bitboard::from_square(square).bits())
    }

    #[test]
    fn rays_run_along_the_diagonals_to_the_edge() {
        for square in Square::ALL {
            for d in 0..4 {
                let mut expected = 0;
                let mut steps = 1;
                while let Some(s) = geometry::step(square, d, steps) {
                    expected |= bit(s);
                    steps += 1;
                }
                assert_eq!(
                    RAYS[d][bit(square).trailing_zeros() as usize],
                    expected,
                    "{square} {d}"
                );
                // The fill through every square is the square and its ray.
                assert_eq!(fill(bit(square), ALL, DIRECTIONS[d]), bit(square) | expected);
            }
        }
    }

    #[test]
    fn fill_stops_before_a_blocker_and_nearest_finds_the_first() {
        // The long diagonal a1-h8 is the engine's 29, 25, 22, 18, 15, 11, 8, 4 (up-right).
        let diagonal = |squares: &[u8]| {
            squares.iter().fold(0, |m, &n| m | bit(Square::from_number(n).unwrap()))
        };
        let a1 = diagonal(&[29]);
        assert_eq!(fill(a1, ALL & !a1, -4), diagonal(&[29, 25, 22, 18, 15, 11, 8, 4]));
        let blocker = diagonal(&[15]);
        assert_eq!(fill(a1, ALL & !a1 & !blocker, -4), diagonal(&[29, 25, 22, 18]));
        let set = diagonal(&[22, 11, 4]);
        assert_eq!(nearest(set, -4), diagonal(&[22]).trailing_zeros());
        assert_eq!(nearest(set, 4), diagonal(&[4]).trailing_zeros());
    }
}
