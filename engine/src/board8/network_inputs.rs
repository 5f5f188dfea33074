//! The inputs of a network ([`crate::network`]) on the 8x8 board: which of the 128 inputs a view
//! has for a position, which change with a move (the search keeps the accumulators up to date
//! from those alone), and what the search keeps move by move for a learned evaluation on this
//! board that may have a network ([`Accumulators`]).

use super::features::{square_mask, update_windows, Windows};
use super::position::Position;
use crate::color::Color;
use crate::network::{SearchAccumulator, SearchNetwork};

/// Inputs of a view: own men, own kings, enemy men and enemy kings on each of the 32 squares.
pub const NETWORK_INPUTS: usize = 4 * 32;

/// What the search keeps up to date move by move for a learned evaluation on the 8x8 board that
/// may have a network ([`crate::rules::Rules::EvalAcc`]): the pattern indexes, and the network's
/// accumulators when the evaluation in use has a network.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Accumulators {
    /// The pattern indexes ([`super::features::windows`]).
    pub windows: Windows,
    /// The network's accumulators of White's and Black's view.
    pub network: Option<[SearchAccumulator; 2]>,
}

impl Accumulators {
    /// The accumulators after the move from `before` to `after`, from these (of `before`): only
    /// the squares whose pieces changed are read. `network` gives the network of the evaluation
    /// in use; it is asked only when these accumulators keep network sums.
    #[inline(always)]
    pub fn updated<'a>(
        &self,
        before: &Position,
        after: &Position,
        network: impl FnOnce() -> Option<&'a SearchNetwork>,
    ) -> Accumulators {
        let windows = update_windows(&self.windows, before, after);
        let Some(acc) = &self.network else {
            return Accumulators { windows, network: None };
        };
        let Some(network) = network() else {
            return Accumulators { windows, network: None };
        };
        let mut next = *acc;
        changed_network_inputs(before, after, |view, input, came| {
            network.change(&mut next[view], input, came)
        });
        Accumulators { windows, network: Some(next) }
    }
}

/// The four sets of a position by square index (bit `n - 1` for square `n`): White's men and
/// kings, Black's men and kings.
#[inline(always)]
fn sets(position: &Position) -> [u32; 4] {
    let kings = position.kings().bits();
    let (white, black) =
        (position.pieces(Color::White).bits(), position.pieces(Color::Black).bits());
    [
        square_mask(white & !kings),
        square_mask(white & kings),
        square_mask(black & !kings),
        square_mask(black & kings),
    ]
}

/// For each of [`sets`], its block in White's view and in Black's (own men 0, own kings 1, enemy
/// men 2, enemy kings 3).
const BLOCKS: [(usize, usize); 4] = [(0, 2), (1, 3), (2, 0), (3, 1)];

/// The network inputs of `position`: in each view own men, own kings, enemy men and enemy kings
/// by square index (inputs 0-31, 32-63, 64-95, 96-127), Black's view turned half a circle (as
/// the patterns' views are: square index `s` is `31 - s`). Each (view, input) goes to `sink`,
/// view 0 White's, 1 Black's.
#[inline(always)]
pub fn network_inputs(position: &Position, mut sink: impl FnMut(usize, usize)) {
    for (mut set, (white_block, black_block)) in sets(position).into_iter().zip(BLOCKS) {
        while set != 0 {
            let s = set.trailing_zeros() as usize;
            set &= set - 1;
            sink(0, white_block * 32 + s);
            sink(1, black_block * 32 + (31 - s));
        }
    }
}

/// The network inputs that differ between `before` and `after` (a move apart): each (view,
/// input, whether it came) to `sink`, as [`network_inputs`] numbers them.
#[inline(always)]
pub fn changed_network_inputs(
    before: &Position,
    after: &Position,
    mut sink: impl FnMut(usize, usize, bool),
) {
    let (old, new) = (sets(before), sets(after));
    for (k, &(white_block, black_block)) in BLOCKS.iter().enumerate() {
        for (mut set, came) in [(old[k] & !new[k], false), (new[k] & !old[k], true)] {
            while set != 0 {
                let s = set.trailing_zeros() as usize;
                set &= set - 1;
                sink(0, white_block * 32 + s, came);
                sink(1, black_block * 32 + (31 - s), came);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::fen::parse_fen;

    /// The inputs of each view of `fen`, sorted.
    fn inputs(fen: &str) -> [Vec<usize>; 2] {
        let mut views = [Vec::new(), Vec::new()];
        network_inputs(&parse_fen(fen).unwrap(), |view, input| views[view].push(input));
        views.iter_mut().for_each(|v| v.sort_unstable());
        views
    }

    #[test]
    fn each_piece_is_one_input_in_each_view_and_blacks_view_is_turned() {
        // White: a man on 21 (index 20), a king on 2 (index 1); Black: a man on 12 (index 11),
        // a king on 30 (index 29).
        let [white, black] = inputs("W:W21,K2:B12,K30");
        assert_eq!(white, vec![20, 32 + 1, 64 + 11, 96 + 29]);
        // Turned: index s is 31 - s.
        assert_eq!(black, vec![31 - 11, 32 + (31 - 29), 64 + (31 - 20), 96 + (31 - 1)]);
        // The colour-mirrored twin (square n is 33 - n, the colours swapped) swaps the views.
        let [twin_white, twin_black] = inputs("B:W21,K3:B12,K31");
        assert_eq!((twin_white, twin_black), (black, white));
    }

    #[test]
    fn the_changed_inputs_turn_one_positions_inputs_into_the_others() {
        let pairs = [
            ("W:W21-32:B1-12", "B:W17,22-32:B1-12"),
            ("B:W14,K3:B10,18", "W:W14,K3:B10,K23"),
            ("W:WK1,5,13,29:BK2,6,K30", "B:WK1,13,29:B6,K30,K9"),
        ];
        for (a, b) in pairs {
            let (before, after) = (parse_fen(a).unwrap(), parse_fen(b).unwrap());
            let mut views = [0i32; 2].map(|_| vec![0i32; NETWORK_INPUTS]);
            network_inputs(&before, |v, i| views[v][i] += 1);
            changed_network_inputs(&before, &after, |v, i, came| {
                views[v][i] += if came { 1 } else { -1 }
            });
            let mut expected = [0i32; 2].map(|_| vec![0i32; NETWORK_INPUTS]);
            network_inputs(&after, |v, i| expected[v][i] += 1);
            assert_eq!(views, expected, "{a} -> {b}");
        }
    }
}
