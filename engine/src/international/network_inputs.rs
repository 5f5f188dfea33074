//! The inputs of International draughts' network ([`crate::network`]): which of the 200 inputs a
//! view has for a position, and which change with a move (the search keeps the accumulators up to
//! date from those alone).

use super::geometry::SQUARES as N;
use super::position::Position;

/// The network inputs of `position` ([`crate::learned::Features::network_inputs`]): in each view, own men,
/// own kings, enemy men and enemy kings by square index (inputs 0-49, 50-99, 100-149, 150-199),
/// Black's view turned half a circle.
#[inline(always)]
pub fn network_inputs(position: &Position, mut sink: impl FnMut(usize, usize)) {
    let (white, black, kings) = (position.white, position.black, position.kings);
    // (pieces, White's view's block, Black's view's block)
    let sets = [
        (white & !kings, 0, 2),
        (white & kings, 1, 3),
        (black & !kings, 2, 0),
        (black & kings, 3, 1),
    ];
    for (mut set, white_block, black_block) in sets {
        while set != 0 {
            let s = set.trailing_zeros() as usize;
            set &= set - 1;
            sink(0, white_block * N + s);
            sink(1, black_block * N + (N - 1 - s));
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
    let sets = |p: &Position| {
        let (white, black, kings) = (p.white, p.black, p.kings);
        [white & !kings, white & kings, black & !kings, black & kings]
    };
    let (old, new) = (sets(before), sets(after));
    // The blocks of White's and Black's view for each of the four sets.
    const BLOCKS: [(usize, usize); 4] = [(0, 2), (1, 3), (2, 0), (3, 1)];
    for (k, &(white_block, black_block)) in BLOCKS.iter().enumerate() {
        for (mut set, came) in [(old[k] & !new[k], false), (new[k] & !old[k], true)] {
            while set != 0 {
                let s = set.trailing_zeros() as usize;
                set &= set - 1;
                sink(0, white_block * N + s, came);
                sink(1, black_block * N + (N - 1 - s), came);
            }
        }
    }
}
