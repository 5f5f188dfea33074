//! Move ordering: the table's move first, then killer moves, then the counter move (the quiet
//! move that last refuted the opponent's move before it, `counter-moves`), then by history.
//!
//! When a capture exists every legal move is a capture of the same size (rule 1), so "captures
//! first" means nothing here; what orders captures is the table move, then the number of kings
//! taken, then history like any other move.

use crate::rules::Rules;
use crate::search::tt::PackedMove;

/// The deepest ply the search tracks.
pub const MAX_PLY: usize = 128;

/// Killer moves (quiet moves that caused a cutoff at the same ply) and the history table (how
/// often a from-to pair caused a cutoff, weighted by depth).
pub struct MoveOrdering<R: Rules> {
    killers: [[Option<R::Move>; 2]; MAX_PLY],
    /// Indexed by start and end square (below 64 in every game).
    history: [[i32; 64]; 64],
    /// The quiet move that last caused a cutoff in reply to each move (by its start and end
    /// square, `64 * from + to`); empty when the search does not order by counter moves.
    counters: Vec<Option<R::Move>>,
}

/// A move's place in [`MoveOrdering`]'s counter-move table: `64 * from + to`.
pub fn counter_index<R: Rules>(mv: &R::Move) -> usize {
    let (from, to) = R::from_to(mv);
    64 * from + to
}

impl<R: Rules> MoveOrdering<R> {
    /// Empty tables, without the counter-move table.
    pub fn new() -> MoveOrdering<R> {
        MoveOrdering::with_counters(false)
    }

    /// Empty tables; the counter-move table only when `counter_moves` (it is 4 096 moves).
    pub fn with_counters(counter_moves: bool) -> MoveOrdering<R> {
        MoveOrdering {
            killers: [[None; 2]; MAX_PLY],
            history: [[0; 64]; 64],
            counters: if counter_moves { vec![None; 64 * 64] } else { Vec::new() },
        }
    }

    /// Scores `moves` for ordering (higher first) into `scores`; `previous` is the
    /// [`counter_index`] of the move that led to the position, when counter moves are used.
    pub fn score_moves(
        &self,
        moves: &[R::Move],
        table_move: PackedMove,
        ply: usize,
        previous: Option<usize>,
        scores: &mut [i32],
    ) {
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        let counter = previous.and_then(|i| self.counters.get(i).copied().flatten());
        for (mv, score) in moves.iter().zip(scores.iter_mut()) {
            *score = if !table_move.is_none() && PackedMove::from_bits(R::pack(mv)) == table_move {
                1 << 30
            } else if killers[0] == Some(*mv) {
                1 << 29
            } else if killers[1] == Some(*mv) {
                (1 << 29) - 1
            } else if counter == Some(*mv) {
                (1 << 29) - 2
            } else {
                let (from, to) = R::from_to(mv);
                self.history[from][to]
            };
        }
    }

    /// Whether `mv` is a killer at `ply`.
    pub fn is_killer(&self, mv: &R::Move, ply: usize) -> bool {
        self.killers[ply.min(MAX_PLY - 1)].contains(&Some(*mv))
    }

    /// Records that `mv` caused a cutoff at `ply` with `depth` plies left, after `tried` other
    /// moves failed (their history is lowered); `previous` as for [`Self::score_moves`].
    pub fn record_cutoff(
        &mut self,
        mv: &R::Move,
        ply: usize,
        depth: i32,
        tried: &[R::Move],
        previous: Option<usize>,
    ) {
        let bonus = (depth * depth).min(400);
        if !R::is_capture(mv) {
            if let Some(slot) = previous.and_then(|i| self.counters.get_mut(i)) {
                *slot = Some(*mv);
            }
            let killers = &mut self.killers[ply.min(MAX_PLY - 1)];
            if killers[0] != Some(*mv) {
                killers[1] = killers[0];
                killers[0] = Some(*mv);
            }
        }
        self.update(mv, bonus);
        for other in tried {
            self.update(other, -bonus);
        }
    }

    fn update(&mut self, mv: &R::Move, bonus: i32) {
        let (from, to) = R::from_to(mv);
        let entry = &mut self.history[from][to];
        // Gravity keeps entries within +-2^16 so recent results weigh more.
        *entry += bonus - *entry * bonus.abs() / 65_536;
    }
}

impl<R: Rules> Default for MoveOrdering<R> {
    fn default() -> MoveOrdering<R> {
        MoveOrdering::new()
    }
}

/// Moves the best-scored remaining move to position `index` (selection sort, one step at a time,
/// so a cutoff early saves sorting the rest).
pub fn pick_next<M>(moves: &mut [M], scores: &mut [i32], index: usize) {
    let mut best = index;
    for i in index + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(index, best);
    scores.swap(index, best);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::international::{International, Position};
    use crate::movelist::List;

    fn start_moves() -> Vec<<International as Rules>::Move> {
        let mut list = List::new();
        International::generate(&Position::start(), &mut list);
        list.iter().copied().collect()
    }

    fn scores(
        ordering: &MoveOrdering<International>,
        ply: usize,
        previous: Option<usize>,
    ) -> Vec<i32> {
        let moves = start_moves();
        let mut scores = vec![0; moves.len()];
        ordering.score_moves(&moves, PackedMove::default(), ply, previous, &mut scores);
        scores
    }

    #[test]
    fn a_counter_move_is_ordered_after_the_killers_and_before_the_history_in_reply_to_its_move() {
        let moves = start_moves();
        let (refuted, counter, killer) = (moves[0], moves[3], moves[5]);
        let previous = counter_index::<International>(&refuted);
        let mut ordering = MoveOrdering::<International>::with_counters(true);
        // A deep cutoff elsewhere gives another move the highest history.
        ordering.record_cutoff(&moves[7], 9, 20, &[], None);
        ordering.record_cutoff(&counter, 4, 2, &[], Some(previous));
        ordering.record_cutoff(&killer, 6, 2, &[], None);

        let replying = scores(&ordering, 6, Some(previous));
        let best_history = replying[7];
        assert!(replying[5] > replying[3], "the killer comes first");
        assert!(replying[3] > best_history, "then the counter move");
        assert!(best_history > replying[1], "then by history");

        // Not in reply to its move, or with counter moves off (no previous move), the counter
        // move is ordered by its history only.
        let other = counter_index::<International>(&moves[1]);
        for previous in [Some(other), None] {
            let elsewhere = scores(&ordering, 6, previous);
            assert!(elsewhere[3] < best_history);
        }
    }
}
