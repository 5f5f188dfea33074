//! The features of the learned evaluation on the 8x8 board ([`crate::learned`]), shared by Dama
//! Italiana and English draughts: each game trains its own weights over them (docs/learning.md).
//! English positions use the same square indexes in their own numbering, which is the Italian
//! board mirrored left to right: every feature here is geometric (neighbours, cones, 4 x 4
//! windows, halves of the board), so on an English position it reads the mirrored board, a board
//! of the same shape.
//!
//! # Features
//!
//! Every feature is computed twice, once from each side's point of view. A *view* turns the board
//! so that the viewing side's men move up the board (towards row 0), as White's do: for Black the
//! board is turned half a circle (square `n` becomes `33 - n`) and the colours are swapped. The
//! evaluation for White is then "the sum over White's view minus the sum over Black's view", so a
//! position and its colour-mirrored twin always get opposite scores, by construction.
//!
//! In one view (own side moving up, squares numbered as White sees them):
//! - [`MEN`] + s, [`KINGS`] + s: an own man or king on square index s (0..32). These hold the
//!   material values too.
//! - [`PATTERNS`] + 6561 k + i: the men on the 8 squares of window k (a 4 x 4 block of the board,
//!   rows 0-3, 2-5 or 4-7 and columns a-d, c-f or e-h), each square empty (0), own man (1) or enemy
//!   man (2), read as a base-3 number i. Kings are not part of patterns.
//! - [`RUNAWAY`] + r: an own man r rows from promotion that no enemy piece can stop.
//! - [`GUARD`] + c: an own man on its back-row square c while the enemy has no king.
//! - [`KING_MOBILITY`] (empty squares next to own kings), [`TRAPPED_KING`] (own kings with none).
//! - [`TRADE`]: with a material lead, the number of pieces already off the board (sign of the lead).
//! - [`HUNT_DISTANCE`], [`HUNT_CENTRE`]: with a lead, own kings and only enemy kings left: the
//!   distance from own kings to the enemy's, and the enemy kings' distance from the centre.
//! - [`BALANCE`]: the difference between own men on the left and on the right half.
//! - [`SOLE_KINGS`]: own kings on the board while the enemy has none.
//!
//! [`MOVE`] is counted once, for the side to move.
//!
//! # Phases
//!
//! Each feature has a middle-game and an end-game weight; the score is their blend by the number
//! of pieces on the board (24 or more: middle game only; none: end game only).
//!

use super::position::Position;
use super::square::{Square, BIT_OF_SQUARE};
use crate::color::Color;
use crate::patterns::{man_deltas, window_indexes};

/// Own man on a square, by view square index.
pub const MEN: usize = 0;
/// Own king on a square, by view square index.
pub const KINGS: usize = 32;
/// Unstoppable own man, by rows to go (1..=7).
pub const RUNAWAY: usize = 64;
/// Own man on a back-row square while the enemy has no king.
pub const GUARD: usize = 72;
/// Empty squares next to own kings.
pub const KING_MOBILITY: usize = 76;
/// Own kings with no empty square next to them.
pub const TRAPPED_KING: usize = 77;
/// Pieces off the board, signed by who leads in material.
pub const TRADE: usize = 78;
/// The won king ending: summed distance from own kings to enemy kings.
pub const HUNT_DISTANCE: usize = 79;
/// The won king ending: summed distance of the enemy kings from the centre.
pub const HUNT_CENTRE: usize = 80;
/// Difference between own men on the two halves of the board.
pub const BALANCE: usize = 81;
/// Own kings while the enemy has none.
pub const SOLE_KINGS: usize = 82;
/// Having the move (counted for the side to move only).
pub const MOVE: usize = 83;
/// The first pattern weight.
pub const PATTERNS: usize = 84;
/// Pattern windows.
pub const WINDOWS: usize = 9;
/// Weights per window: 3^8.
pub const WINDOW_STATES: usize = 6561;
/// Number of features (each has two weights).
pub const FEATURES: usize = PATTERNS + WINDOWS * WINDOW_STATES;
/// Pieces on the board from which the middle-game weights count fully.
pub const PHASE_PIECES: i32 = 24;

/// A padded-layout board word as a 32-bit mask with bit `n - 1` for square `n`. The layout holds
/// two rows in each 9 bits (4 squares, the ghost bit, 4 squares): the ghost bits go first, then
/// the gap between each 8 squares and the next.
#[inline]
pub(crate) fn square_mask(bits: u64) -> u32 {
    const LOW_ROWS: u64 = 0xF | 0xF << 9 | 0xF << 18 | 0xF << 27;
    const HIGH_ROWS: u64 = LOW_ROWS << 4;
    let pairs = bits & LOW_ROWS | (bits >> 1) & HIGH_ROWS;
    (pairs & 0xFF | (pairs >> 1) & 0xFF00 | (pairs >> 2) & 0xFF_0000 | (pairs >> 3) & 0xFF00_0000)
        as u32
}

/// For each square index, the squares ahead of a man there (towards row 0) from which an enemy
/// piece could still stop it: the widening cone, one column of slack on each side.
const CONES: [u32; 32] = {
    let mut table = [0u32; 32];
    let mut s = 0;
    while s < 32 {
        let (r, c) = (Square::ALL[s].row() as i32, Square::ALL[s].column() as i32);
        let mut t = 0;
        while t < 32 {
            let (r2, c2) = (Square::ALL[t].row() as i32, Square::ALL[t].column() as i32);
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
const NEIGHBOURS: [u32; 32] = {
    let mut table = [0u32; 32];
    let mut s = 0;
    while s < 32 {
        let (r, c) = (Square::ALL[s].row() as i32, Square::ALL[s].column() as i32);
        let mut t = 0;
        while t < 32 {
            let (r2, c2) = (Square::ALL[t].row() as i32, Square::ALL[t].column() as i32);
            if (r - r2).abs() == 1 && (c - c2).abs() == 1 {
                table[s] |= 1 << t;
            }
            t += 1;
        }
        s += 1;
    }
    table
};

/// Squares in columns a-d.
const LEFT_HALF: u32 = {
    let mut mask = 0u32;
    let mut s = 0;
    while s < 32 {
        if Square::ALL[s].column() < 4 {
            mask |= 1 << s;
        }
        s += 1;
    }
    mask
};

/// One side's view: its men and kings and the enemy's, turned so that its men move to row 0.
struct View {
    men: u32,
    kings: u32,
    enemy_men: u32,
    enemy_kings: u32,
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
    let empty = !(own | enemy);
    let mut men = view.men;
    while men != 0 {
        let s = men.trailing_zeros() as usize;
        men &= men - 1;
        sink(MEN + s, sign);
        if CONES[s] & enemy == 0 {
            sink(RUNAWAY + s / 4, sign);
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
        trapped += (free == 0) as i32;
    }
    if view.kings != 0 {
        sink(KING_MOBILITY, sign * mobility);
        sink(TRAPPED_KING, sign * trapped);
        if view.enemy_kings == 0 {
            sink(SOLE_KINGS, sign);
        }
    }
    if view.enemy_kings == 0 {
        let mut guards = view.men >> 28;
        while guards != 0 {
            let c = guards.trailing_zeros() as usize;
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
        if view.enemy_men == 0 && view.kings != 0 {
            let (mut distance, mut centre) = (0, 0);
            let mut hunted = view.enemy_kings;
            while hunted != 0 {
                let t = Square::ALL[hunted.trailing_zeros() as usize];
                hunted &= hunted - 1;
                let mut hunters = view.kings;
                while hunters != 0 {
                    let h = Square::ALL[hunters.trailing_zeros() as usize];
                    hunters &= hunters - 1;
                    distance +=
                        h.row().abs_diff(t.row()).max(h.column().abs_diff(t.column())) as i32;
                }
                centre += (2 * t.row() as i32 - 7).abs() + (2 * t.column() as i32 - 7).abs();
            }
            sink(HUNT_DISTANCE, sign * distance);
            sink(HUNT_CENTRE, sign * centre);
        }
    }
    for (window, &index) in windows.iter().enumerate() {
        sink(PATTERNS + WINDOW_STATES * window + index as usize, sign);
    }
}

/// Sends every feature of `position` to `sink` as (feature, value), from White's point of view:
/// White's view counts positive, Black's negative, and [`MOVE`] is +1 with White to move, -1 with
/// Black. Returns the phase: pieces on the board, at most [`PHASE_PIECES`].
#[inline(always)]
pub fn features(position: &Position, sink: impl FnMut(usize, i32)) -> i32 {
    features_with(position, &windows(position), sink)
}

/// [`features`] with the pattern indexes given: `windows` must be [`windows`]`(position)`, as
/// the search keeps it up to date with [`update_windows`].
#[inline(always)]
pub fn features_with(
    position: &Position,
    windows: &Windows,
    mut sink: impl FnMut(usize, i32),
) -> i32 {
    let views = Views::of(position);
    let (white_windows, black_windows) = windows.split_at(WINDOWS);
    view_features(&views.white, views.pieces, views.lead, 1, white_windows, &mut sink);
    view_features(&views.black, views.pieces, -views.lead, -1, black_windows, &mut sink);
    sink(
        MOVE,
        match position.side_to_move() {
            Color::White => 1,
            Color::Black => -1,
        },
    );
    views.pieces.min(PHASE_PIECES)
}

/// Both sides' views of a position, with the pieces on the board and White's material lead.
struct Views {
    white: View,
    black: View,
    pieces: i32,
    lead: i32,
}

impl Views {
    #[inline(always)]
    fn of(position: &Position) -> Views {
        let kings = position.kings().bits();
        let white = position.pieces(Color::White).bits();
        let black = position.pieces(Color::Black).bits();
        let (white_men, white_kings) = (square_mask(white & !kings), square_mask(white & kings));
        let (black_men, black_kings) = (square_mask(black & !kings), square_mask(black & kings));
        let pieces = (white_men | white_kings | black_men | black_kings).count_ones() as i32;
        let lead = 2 * (white_men.count_ones() as i32 - black_men.count_ones() as i32)
            + 3 * (white_kings.count_ones() as i32 - black_kings.count_ones() as i32);
        Views {
            white: View {
                men: white_men,
                kings: white_kings,
                enemy_men: black_men,
                enemy_kings: black_kings,
            },
            black: View {
                men: black_men.reverse_bits(),
                kings: black_kings.reverse_bits(),
                enemy_men: white_men.reverse_bits(),
                enemy_kings: white_kings.reverse_bits(),
            },
            pieces,
            lead,
        }
    }
}

/// The pattern indexes of a position: White's view's [`WINDOWS`] windows, then Black's. The
/// search keeps them up to date move by move ([`update_windows`]) instead of reading the windows
/// square by square at every evaluation.
pub type Windows = [u16; 2 * WINDOWS];

/// The pattern indexes of `position`, read square by square.
pub fn windows(position: &Position) -> Windows {
    let views = Views::of(position);
    let mut windows = [0u16; 2 * WINDOWS];
    let (white, black) = (&views.white, &views.black);
    windows[..WINDOWS].copy_from_slice(&window_indexes::<8, WINDOWS>(
        white.men.into(),
        white.enemy_men.into(),
        4,
    ));
    windows[WINDOWS..].copy_from_slice(&window_indexes::<8, WINDOWS>(
        black.men.into(),
        black.enemy_men.into(),
        4,
    ));
    windows
}

/// What a man adds to each pattern index, for a White (0) or Black (1) man on each bit of the
/// padded layout ([`crate::patterns::man_deltas`]).
static MAN_DELTAS: [[Windows; 64]; 2] = man_deltas::<{ 2 * WINDOWS }>(32, 4, &BIT_OF_SQUARE);

/// The pattern indexes after a move from `before` to `after`, from `before`'s: only the squares
/// whose men changed are read ([`crate::patterns::update_windows`]).
#[inline]
pub fn update_windows(windows: &Windows, before: &Position, after: &Position) -> Windows {
    let men = |p: &Position| [p.men(Color::White).bits(), p.men(Color::Black).bits()];
    crate::patterns::update_windows(windows, &MAN_DELTAS, men(before), men(after))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::fen::parse_fen;

    #[test]
    fn square_masks_read_every_square_of_the_layout() {
        for (s, &bit) in BIT_OF_SQUARE.iter().enumerate() {
            assert_eq!(square_mask(1 << bit), 1 << s, "square index {s}");
        }
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..10_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mask = seed as u32;
            let bits = (0..32).filter(|s| mask >> s & 1 != 0).map(|s| 1u64 << BIT_OF_SQUARE[s]);
            assert_eq!(square_mask(bits.sum()), mask);
        }
    }

    #[test]
    fn square_masks_match_the_slow_conversion() {
        for fen in ["W:W21-32:B1-12", "B:WK4,9,27:B5,K28,K32", "W:WK1,5,13,29:BK2,6,K30"] {
            let p = parse_fen(fen).unwrap();
            for color in [Color::White, Color::Black] {
                let b = p.pieces(color);
                assert_eq!(square_mask(b.bits()), b.to_square_mask(), "{fen}");
            }
        }
    }

    #[test]
    fn pattern_windows_see_the_men_they_cover() {
        // A lone white man on square 32 (row 7, column h): window 8 (rows 4-7, columns e-h) only.
        let p = parse_fen("W:W32:BK1").unwrap();
        let mut seen = Vec::new();
        features(&p, |f, v| {
            if (PATTERNS..FEATURES).contains(&f) && v > 0 {
                seen.push(((f - PATTERNS) / WINDOW_STATES, (f - PATTERNS) % WINDOW_STATES));
            }
        });
        // Windows 0-7 see an empty block (state 0); window 8 sees one own man on its last square.
        assert_eq!(seen.len(), WINDOWS);
        assert_eq!(seen[8], (8, 3usize.pow(7)));
        assert!(seen[..8].iter().all(|&(_, state)| state == 0));
    }
}
