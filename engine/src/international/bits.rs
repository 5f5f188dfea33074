//! The 50 squares in a padded 64-bit layout where every diagonal step is one constant shift, for
//! the search's generator ([`super::movegen`]).
//!
//! ```text
//! bit index of each square (g = ghost bit, never a square)
//!   row 0:   0  1  2  3  4        squares  1- 5
//!   row 1:   5  6  7  8  9  (g10) squares  6-10
//!   row 2:  11 12 13 14 15        squares 11-15
//!   row 3:  16 17 18 19 20  (g21) squares 16-20
//!   ...
//!   row 8:  44 45 46 47 48        squares 41-45
//!   row 9:  49 50 51 52 53  (g54) squares 46-50
//! ```
//! Square `n` sits on bit `n - 1 + (n - 1) / 10`: one ghost bit after every pair of rows. A step
//! toward row 0 (White's forward direction) is a shift by -6 (toward column 0) or -5 (toward
//! column 9); toward row 9 (Black's forward direction) by +5 or +6. A step off the side of the
//! board lands on a ghost bit, a step off the top or bottom leaves bits 0-53; masking with
//! [`ALL`] removes both. The positions and moves outside the generator keep the plain layout
//! (bit `n - 1` for square `n`); [`pad`] and [`unpad`] convert a set.

/// The four diagonal steps as bit offsets: toward row 0 and column 0, toward row 0 and column 9,
/// toward row 9 and column 0, toward row 9 and column 9.
pub(super) const UP_LEFT: i32 = -6;
pub(super) const UP_RIGHT: i32 = -5;
pub(super) const DOWN_LEFT: i32 = 5;
pub(super) const DOWN_RIGHT: i32 = 6;
pub(super) const DIRECTIONS: [i32; 4] = [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT];

/// Ten squares, the width of a pair of rows in the plain layout.
const PAIR: u64 = 0x3FF;

/// Every square (bits 0-53 without the ghosts 10, 21, 32, 43).
pub(super) const ALL: u64 = pad(u64::MAX >> 14);

/// A set in the plain layout (bit `n - 1` for square `n`) in the padded one.
#[inline(always)]
pub(super) const fn pad(plain: u64) -> u64 {
    (plain & PAIR)
        | (plain & PAIR << 10) << 1
        | (plain & PAIR << 20) << 2
        | (plain & PAIR << 30) << 3
        | (plain & PAIR << 40) << 4
}

/// A set in the padded layout in the plain one.
#[inline(always)]
pub(super) const fn unpad(padded: u64) -> u64 {
    (padded & PAIR)
        | (padded >> 1 & PAIR << 10)
        | (padded >> 2 & PAIR << 20)
        | (padded >> 3 & PAIR << 30)
        | (padded >> 4 & PAIR << 40)
}

/// The square number (1-50) on a padded bit index (0 on a ghost or beyond the board).
#[inline(always)]
pub(super) fn square(index: u32) -> u8 {
    SQUARE_OF_BIT[index as usize]
}

const SQUARE_OF_BIT: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut n = 1;
    while n <= 50 {
        table[(n - 1 + (n - 1) / 10) as usize] = n as u8;
        n += 1;
    }
    table
};

/// The set shifted one diagonal step (`d` from [`DIRECTIONS`], or a multiple of one for several
/// steps at once); bits leaving the board are dropped or land on ghosts.
#[inline(always)]
pub(super) const fn step(set: u64, d: i32) -> u64 {
    if d > 0 {
        set << d
    } else {
        set >> -d
    }
}

/// `from` together with every square reachable from it along `d` across `through` (the squares
/// of `from` themselves need not be in `through`): a flood fill in four doubling steps, enough
/// for the longest diagonal (nine steps).
#[inline(always)]
pub(super) const fn fill(from: u64, through: u64, d: i32) -> u64 {
    let (mut reached, mut open) = (from, through);
    reached |= open & step(reached, d);
    open &= step(open, d);
    reached |= open & step(reached, 2 * d);
    open &= step(open, 2 * d);
    reached |= open & step(reached, 4 * d);
    open &= step(open, 4 * d);
    reached | open & step(reached, 8 * d)
}

/// For each direction (in [`DIRECTIONS`] order) and padded bit, the squares beyond that bit
/// along the direction, to the edge of the board.
pub(super) const RAYS: [[u64; 64]; 4] = {
    let mut rays = [[0u64; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut index = 0;
        while index < 54 {
            let origin = 1u64 << index;
            if origin & ALL != 0 {
                let mut ray = 0u64;
                let mut at = step(origin, DIRECTIONS[d]) & ALL;
                while at != 0 {
                    ray |= at;
                    at = step(at, DIRECTIONS[d]) & ALL;
                }
                rays[d][index] = ray;
            }
            index += 1;
        }
        d += 1;
    }
    rays
};

/// The bit index of the square of `set` nearest to the origin of a ray along direction `d` (the
/// lowest bit for the steps toward row 9, the highest toward row 0); `set` must not be empty.
#[inline(always)]
pub(super) const fn nearest(set: u64, d: i32) -> u32 {
    if d > 0 {
        set.trailing_zeros()
    } else {
        63 - set.leading_zeros()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::international::geometry::{bit, next, DIRECTIONS as STEPS};

    #[test]
    fn the_layout_numbers_fifty_squares_and_converts_both_ways() {
        assert_eq!(ALL.count_ones(), 50);
        assert_eq!(ALL >> 54, 0);
        for ghost in [10, 21, 32, 43] {
            assert_eq!(ALL & 1 << ghost, 0);
        }
        for n in 1..=50u8 {
            let padded = pad(bit(n));
            assert_eq!(padded.count_ones(), 1);
            assert_eq!(square(padded.trailing_zeros()), n);
            assert_eq!(unpad(padded), bit(n));
        }
        assert_eq!(unpad(ALL), (1u64 << 50) - 1);
        assert_eq!(pad(0x1F << 45), 0x1F << 49, "row 9 on bits 49-53");
    }

    #[test]
    fn each_shift_is_the_diagonal_step_of_the_geometry() {
        // The geometry's directions are (row, column) steps; ours are the same four in order.
        assert_eq!(STEPS, [(-1, -1), (-1, 1), (1, -1), (1, 1)]);
        for n in 1..=50u8 {
            for (d, &shift) in DIRECTIONS.iter().enumerate() {
                let stepped = step(pad(bit(n)), shift) & ALL;
                let expected = next(n, d).map_or(0, |s| pad(bit(s)));
                assert_eq!(stepped, expected, "square {n} direction {d}");
                let mut ray = 0;
                let mut at = n;
                while let Some(s) = next(at, d) {
                    ray |= pad(bit(s));
                    at = s;
                }
                assert_eq!(RAYS[d][pad(bit(n)).trailing_zeros() as usize], ray);
            }
        }
    }

    #[test]
    fn fill_runs_the_whole_diagonal_and_stops_before_a_blocker() {
        let diagonal = |squares: &[u8]| squares.iter().fold(0, |m, &s| m | pad(bit(s)));
        // The long diagonal 46-5: ten squares, nine steps up and to the right.
        let long = diagonal(&[46, 41, 37, 32, 28, 23, 19, 14, 10, 5]);
        assert_eq!(fill(pad(bit(46)), ALL & !pad(bit(46)), UP_RIGHT), long);
        // A blocker on 19 stops it at 23.
        let through = ALL & !diagonal(&[46, 19]);
        assert_eq!(fill(pad(bit(46)), through, UP_RIGHT), diagonal(&[46, 41, 37, 32, 28, 23]));
        assert_eq!(nearest(diagonal(&[19, 32, 14]), UP_RIGHT), pad(bit(32)).trailing_zeros());
        assert_eq!(nearest(diagonal(&[19, 32, 14]), DOWN_LEFT), pad(bit(14)).trailing_zeros());
    }
}
