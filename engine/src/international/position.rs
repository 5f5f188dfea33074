//! The International position: each side's pieces and the kings as 50-bit sets, and the side to
//! move. A small `Copy` value, played by copy-make.

use super::geometry::{bit, coordinates};
use super::moves::{IntlMove, Move};
use crate::color::Color;

/// A position: the squares of each side's pieces (bit `n - 1` for square `n`), the kings among
/// them, and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// White's pieces.
    pub white: u64,
    /// Black's pieces.
    pub black: u64,
    /// The kings of either side.
    pub kings: u64,
    /// The side to move.
    pub side: Color,
}

impl Position {
    /// The start: Black's men on 1-20, White's on 31-50, White to move.
    pub fn start() -> Position {
        let range = |a: u8, b: u8| (a..=b).fold(0u64, |m, s| m | bit(s));
        Position { white: range(31, 50), black: range(1, 20), kings: 0, side: Color::White }
    }

    pub(super) fn pieces(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    pub(super) fn occupied(&self) -> u64 {
        self.white | self.black
    }

    /// The position after `mv` (which must be legal here).
    pub fn play(&self, mv: &IntlMove) -> Position {
        self.play_move(&mv.compact())
    }

    /// The position after `mv` (which must be legal here).
    pub fn play_move(&self, mv: &Move) -> Position {
        let us = self.side;
        let (from, to, taken) = (bit(mv.from), bit(mv.to), mv.captured);
        let was_king = self.kings & from != 0;
        let mut next = *self;
        match us {
            Color::White => {
                next.white = (next.white & !from) | to;
                next.black &= !taken;
            }
            Color::Black => {
                next.black = (next.black & !from) | to;
                next.white &= !taken;
            }
        }
        next.kings &= !taken & !from;
        let (row, _) = coordinates(mv.to);
        let crowned = match us {
            Color::White => row == 0,
            Color::Black => row == 9,
        };
        if was_king || crowned {
            next.kings |= to;
        }
        next.side = us.opposite();
        next
    }

    /// A 64-bit hash of the pieces and the side to move.
    pub fn key(&self) -> u64 {
        let mut h = match self.side {
            Color::White => 0x243F_6A88_85A3_08D3u64,
            Color::Black => 0x1319_8A2E_0370_7344u64,
        };
        for word in [self.white, self.black, self.kings] {
            h = (h ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
            h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
            h ^= h >> 32;
        }
        h
    }
}
