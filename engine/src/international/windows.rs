//! The pattern indexes of International draughts' learned evaluation ([`super::learned`]): the
//! windows of [`crate::patterns`] on the 10x10 board (rows of 5 squares), read from scratch or
//! kept up to date move by move, as the search does through [`crate::rules::Rules::EvalAcc`].

use super::geometry::SQUARES as N;
use super::position::Position;
use crate::patterns::{man_deltas, window_indexes};

/// Pattern windows of each view: 4 bands of 4 windows.
pub const WINDOWS: usize = 16;

/// What International draughts' evaluation keeps up to date move by move along the search path
/// ([`crate::rules::Rules::EvalAcc`]): the pattern indexes, and the network's accumulators when
/// the evaluation in use has a network ([`crate::network`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Accumulators {
    /// The pattern indexes ([`windows`]).
    pub windows: Windows,
    /// The network's accumulators of White's and Black's view.
    pub network: Option<[crate::network::SearchAccumulator; 2]>,
}

/// The pattern indexes of a position: White's view's [`WINDOWS`] windows, then Black's. The
/// search keeps them up to date move by move ([`update_windows`]).
pub type Windows = [u16; 2 * WINDOWS];

/// The pattern indexes of `position`, read square by square.
pub fn windows(position: &Position) -> Windows {
    let kings = position.kings;
    let (white_men, black_men) = (position.white & !kings, position.black & !kings);
    let mut windows = [0u16; 2 * WINDOWS];
    windows[..WINDOWS].copy_from_slice(&window_indexes::<10, WINDOWS>(white_men, black_men, 5));
    windows[WINDOWS..].copy_from_slice(&window_indexes::<10, WINDOWS>(
        turned(black_men),
        turned(white_men),
        5,
    ));
    windows
}

/// Each square index's bit: the board's own.
const BITS: [u8; N] = {
    let mut bits = [0u8; N];
    let mut s = 0;
    while s < N {
        bits[s] = s as u8;
        s += 1;
    }
    bits
};

/// What a man adds to each pattern index, for a White (0) or Black (1) man on each square index
/// ([`crate::patterns::man_deltas`]).
static MAN_DELTAS: [[Windows; 64]; 2] = man_deltas::<{ 2 * WINDOWS }>(N, 5, &BITS);

/// The pattern indexes after a move from `before` to `after`, from `before`'s: only the squares
/// whose men changed are read ([`crate::patterns::update_windows`]).
#[inline]
pub fn update_windows(windows: &Windows, before: &Position, after: &Position) -> Windows {
    let men = |p: &Position| [p.white & !p.kings, p.black & !p.kings];
    crate::patterns::update_windows(windows, &MAN_DELTAS, men(before), men(after))
}

/// The board turned half a circle: square index s becomes 49 - s.
#[inline]
pub(super) fn turned(mask: u64) -> u64 {
    mask.reverse_bits() >> (64 - N)
}
