//! Zobrist keys: one random 64-bit number per (piece, square) and one for the side to move.
//!
//! The numbers come from a fixed SplitMix64 sequence computed at compile time, so keys are the same
//! in every build and on every machine (the transposition table and book may rely on that).

use super::piece::Piece;
use super::square::{Square, BIT_OF_SQUARE};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const TABLE: ([[u64; 32]; 4], u64) = {
    let mut table = [[0u64; 32]; 4];
    let mut state = 0x0DA3_A17A_11A4_u64;
    let mut piece = 0;
    while piece < 4 {
        let mut s = 0;
        while s < 32 {
            let (next, value) = splitmix64(state);
            state = next;
            table[piece][s] = value;
            s += 1;
        }
        piece += 1;
    }
    let (_, side) = splitmix64(state);
    (table, side)
};

/// The same keys indexed by padded-layout bit index (ghost bits hold 0).
const BY_BIT: [[u64; 64]; 4] = {
    let mut table = [[0u64; 64]; 4];
    let mut piece = 0;
    while piece < 4 {
        let mut s = 0;
        while s < 32 {
            table[piece][BIT_OF_SQUARE[s] as usize] = TABLE.0[piece][s];
            s += 1;
        }
        piece += 1;
    }
    table
};

/// The key of `piece` standing on `square`.
#[inline]
pub fn piece_key(piece: Piece, square: Square) -> u64 {
    TABLE.0[piece as usize][square.index()]
}

/// The key of `piece` standing on the square at padded-layout bit index `bit`.
#[inline(always)]
pub(crate) fn piece_key_at_bit(piece: Piece, bit: u32) -> u64 {
    BY_BIT[piece as usize][bit as usize & 63]
}

/// Xored into the key when Black is to move.
pub const BLACK_TO_MOVE: u64 = TABLE.1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = TABLE.0.iter().flatten().copied().collect();
        all.push(BLACK_TO_MOVE);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
