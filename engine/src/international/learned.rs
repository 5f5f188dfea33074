//! International draughts' learned evaluation: a feature set for the 10x10 board
//! ([`Features`] for [`International`]); the model, its weights file and the evaluation are
//! [`crate::learned`]'s, the training `dama selfplay|tune --variant international`'s.
//!
//! # Features
//!
//! Every feature is computed from each side's point of view, the board turned half a circle for
//! Black (square `n` becomes `51 - n`, colours swapped), and the score for White is White's view
//! minus Black's: a position and its colour-mirrored twin get opposite scores by construction.
//! In one view (own men moving up, toward squares 1-5):
//! - [`MEN`] + s, [`KINGS`] + s: an own man or king on square index s (0..50): material and
//!   placement (the men's squares hold the tempo).
//! - [`PATTERNS`] + 6561 w + i: the men on the 8 squares of window w, a 4 x 4 block of the board
//!   (rows 0-3, 2-5, 4-7 or 6-9 by columns 0-3, 2-5, 4-7 or 6-9: 16 overlapping blocks), each
//!   square empty (0), own man (1) or enemy man (2), read as a base-3 number i. Kings are not
//!   part of patterns.
//! - [`RUNAWAY`] + r: an own man r rows from promotion with no enemy piece in the cone ahead.
//! - [`GUARD`] + c: an own man on back-row square c while the enemy has no king.
//! - [`KING_MOBILITY`] (empty squares next to own kings), [`TRAPPED_KING`] (own kings with none),
//!   [`SOLE_KINGS`] (own kings while the enemy has none).
//! - [`TRADE`]: with a material lead, the pieces already off the board.
//! - [`BALANCE`]: the difference between own men on the left and on the right half.
//!
//! [`MOVE`] is counted once, for the side to move. Each feature has a middle-game and an end-game
//! weight, blended by the pieces on the board (40 or more: middle game only).

use super::network_inputs::network_inputs;
use super::position::Position;
use super::rules::International;
use super::windows::{turned, Accumulators, Windows};
use crate::color::Color;
use crate::learned::{read_embedded, Features};
use crate::network::SearchAccumulator;
use std::sync::{Arc, OnceLock};

/// The weights built into the binary: trained on International self-play (docs/learning.md,
/// "International draughts").
pub const EMBEDDED_WEIGHTS: &[u8] = include_bytes!("../../weights/international.dwt");

/// International draughts' learned evaluation.
pub type LearnedEval = crate::learned::LearnedEval<International>;

/// Playing squares.
const N: usize = 50;
/// Own man on a square, by view square index.
pub const MEN: usize = 0;
/// Own king on a square, by view square index.
pub const KINGS: usize = 50;
/// Unstoppable own man, by rows to go (1..=9).
pub const RUNAWAY: usize = 100;
/// Own man on a back-row square while the enemy has no king.
pub const GUARD: usize = 110;
/// Empty squares next to own kings.
pub const KING_MOBILITY: usize = 115;
/// Own kings with no empty square next to them.
pub const TRAPPED_KING: usize = 116;
/// Pieces off the board, signed by who leads in material.
pub const TRADE: usize = 117;
/// Difference between own men on the two halves of the board.
pub const BALANCE: usize = 118;
/// Own kings while the enemy has none.
pub const SOLE_KINGS: usize = 119;
/// Having the move (counted for the side to move only).
pub const MOVE: usize = 120;
/// The first pattern weight.
pub const PATTERNS: usize = 121;
/// Pattern windows (of each view).
pub use super::windows::WINDOWS;
/// Weights per window: 3^8.
pub const WINDOW_STATES: usize = 6561;
/// Number of features (each has two weights).
pub const FEATURES: usize = PATTERNS + WINDOWS * WINDOW_STATES;
/// Pieces on the board from which the middle-game weights count fully.
pub const PHASE_PIECES: i32 = 40;

/// The row (0 at the top, where White's men promote) and column of square index `s` (0..50).
const fn row_column(s: usize) -> (i32, i32) {
    let row = (s / 5) as i32;
    let column = 2 * (s % 5) as i32 + if row % 2 == 0 { 1 } else { 0 };
    (row, column)
}

/// For each square index, the squares ahead of a man there (toward row 0) from which an enemy
/// piece could still stop it: the widening cone, one column of slack on each side.
const CONES: [u64; N] = {
    let mut table = [0u64; N];
    let mut s = 0;
    while s < N {
        let (r, c) = row_column(s);
        let mut t = 0;
        while t < N {
            let (r2, c2) = row_column(t);
            let ahead = r - r2;
            let dc = if c2 > c { c2 - c } else { c - c2 };
            if ahead >= 1 && dc <= ahead + 1 {
                table[s] |= 1 << t;
            }
            t += 1;
        }
        s += 1;
    }
    table
};

/// For each square index, its diagonal neighbours.
const NEIGHBOURS: [u64; N] = {
    let mut table = [0u64; N];
    let mut s = 0;
    while s < N {
        let (r, c) = row_column(s);
        let mut t = 0;
        while t < N {
            let (r2, c2) = row_column(t);
            let (dr, dc) = (r - r2, c - c2);
            if (dr == 1 || dr == -1) && (dc == 1 || dc == -1) {
                table[s] |= 1 << t;
            }
            t += 1;
        }
        s += 1;
    }
    table
};

/// Squares in columns 0-4.
const LEFT_HALF: u64 = {
    let mut mask = 0u64;
    let mut s = 0;
    while s < N {
        if row_column(s).1 < 5 {
            mask |= 1 << s;
        }
        s += 1;
    }
    mask
};

/// The back row of the view: squares 46-50 (indexes 45-49).
const BACK_ROW: u64 = 0x1F << 45;

/// One side's view: its men and kings and the enemy's, turned so that its men move to row 0.
struct View {
    men: u64,
    kings: u64,
    enemy_men: u64,
    enemy_kings: u64,
}

/// Sends every feature of one view to `sink` with the factor `sign`.
#[inline(always)]
fn view_features(
    view: &View,
    pieces: i32,
    lead: i32,
    sign: i32,
    windows: &[u16],
    sink: &mut impl FnMut(usize, i32),
) {
    let own = view.men | view.kings;
    let enemy = view.enemy_men | view.enemy_kings;
    let empty = !(own | enemy) & ((1u64 << N) - 1);
    let mut men = view.men;
    while men != 0 {
        let s = men.trailing_zeros() as usize;
        men &= men - 1;
        sink(MEN + s, sign);
        if CONES[s] & enemy == 0 {
            sink(RUNAWAY + s / 5, sign);
        }
    }
    let mut kings = view.kings;
    let (mut mobility, mut trapped) = (0, 0);
    while kings != 0 {
        let s = kings.trailing_zeros() as usize;
        kings &= kings - 1;
        sink(KINGS + s, sign);
        let free = (NEIGHBOURS[s] & empty).count_ones() as i32;
        mobility += free;
        trapped += i32::from(free == 0);
    }
    if view.kings != 0 {
        sink(KING_MOBILITY, sign * mobility);
        sink(TRAPPED_KING, sign * trapped);
        if view.enemy_kings == 0 {
            sink(SOLE_KINGS, sign);
        }
    }
    if view.enemy_kings == 0 {
        let mut guards = view.men & BACK_ROW;
        while guards != 0 {
            let c = guards.trailing_zeros() as usize - 45;
            guards &= guards - 1;
            sink(GUARD + c, sign);
        }
    }
    let balance =
        (view.men & LEFT_HALF).count_ones() as i32 - (view.men & !LEFT_HALF).count_ones() as i32;
    if balance != 0 {
        sink(BALANCE, sign * balance.abs());
    }
    if lead > 0 {
        sink(TRADE, sign * (PHASE_PIECES - pieces).max(0));
    }
    for (window, &index) in windows.iter().enumerate() {
        sink(PATTERNS + WINDOW_STATES * window + index as usize, sign);
    }
}

/// Sends every feature of `position` to `sink` as (feature, value), from White's point of view;
/// returns the phase: pieces on the board, at most [`PHASE_PIECES`]. `windows` must be
/// [`windows`]`(position)`, as the search keeps it up to date ([`update_windows`]).
#[inline(always)]
pub fn features_with(
    position: &Position,
    windows: &Windows,
    mut sink: impl FnMut(usize, i32),
) -> i32 {
    let (white, black, kings) = (position.white, position.black, position.kings);
    let (white_men, white_kings) = (white & !kings, white & kings);
    let (black_men, black_kings) = (black & !kings, black & kings);
    let pieces = (white | black).count_ones() as i32;
    let lead = 2 * (white_men.count_ones() as i32 - black_men.count_ones() as i32)
        + 5 * (white_kings.count_ones() as i32 - black_kings.count_ones() as i32);
    let white_view =
        View { men: white_men, kings: white_kings, enemy_men: black_men, enemy_kings: black_kings };
    let black_view = View {
        men: turned(black_men),
        kings: turned(black_kings),
        enemy_men: turned(white_men),
        enemy_kings: turned(white_kings),
    };
    let (white_windows, black_windows) = windows.split_at(WINDOWS);
    view_features(&white_view, pieces, lead, 1, white_windows, &mut sink);
    view_features(&black_view, pieces, -lead, -1, black_windows, &mut sink);
    sink(
        MOVE,
        match position.side {
            Color::White => 1,
            Color::Black => -1,
        },
    );
    pieces.min(PHASE_PIECES)
}

impl Features for International {
    const FEATURES: usize = FEATURES;
    const PHASE_PIECES: i32 = PHASE_PIECES;
    const PATTERNS: usize = PATTERNS;
    const WEIGHTS_GAME: u32 = 20;

    #[inline(always)]
    fn features_with(position: &Position, acc: &Accumulators, sink: impl FnMut(usize, i32)) -> i32 {
        features_with(position, &acc.windows, sink)
    }

    #[inline(always)]
    fn network_acc(acc: &Accumulators) -> Option<&[SearchAccumulator; 2]> {
        acc.network.as_ref()
    }

    /// Close to the basic evaluation ([`super::evaluate`]): men 100 (plus a little for each row
    /// advanced), kings 300, a runaway man and the back row; everything else zero.
    fn initial_weights() -> Vec<[f32; 2]> {
        let mut w = vec![[0.0f32; 2]; FEATURES];
        for square in 5..N {
            let advanced = 9.0 - (square / 5) as f32;
            w[MEN + square] = [100.0 + 2.0 * advanced, 100.0 + 2.0 * advanced];
        }
        for square in 0..N {
            w[KINGS + square] = [300.0, 300.0];
        }
        for rows in 1..10 {
            let value = 60.0 - 5.0 * rows as f32;
            w[RUNAWAY + rows] = [value, value];
        }
        for column in 0..5 {
            w[GUARD + column] = [5.0, 5.0];
        }
        w
    }

    /// Own men, own kings, enemy men and enemy kings on each of the 50 squares of a view.
    const NETWORK_INPUTS: usize = 4 * N;

    #[inline(always)]
    fn network_inputs(position: &Position, sink: impl FnMut(usize, usize)) {
        network_inputs(position, sink)
    }

    fn embedded() -> Option<Arc<LearnedEval>> {
        static EMBEDDED: OnceLock<Arc<LearnedEval>> = OnceLock::new();
        Some(read_embedded(&EMBEDDED, EMBEDDED_WEIGHTS))
    }
}

#[cfg(test)]
mod tests;
