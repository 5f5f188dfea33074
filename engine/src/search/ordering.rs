//! Move ordering: the table's move first, then killer moves, then by history.
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
}

impl<R: Rules> MoveOrdering<R> {
    /// Empty tables.
    pub fn new() -> MoveOrdering<R> {
        MoveOrdering { killers: [[None; 2]; MAX_PLY], history: [[0; 64]; 64] }
    }

    /// Scores `moves` for ordering (higher first) into `scores`.
    pub fn score_moves(
        &self,
        moves: &[R::Move],
        table_move: PackedMove,
        ply: usize,
        scores: &mut [i32],
    ) {
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        for (mv, score) in moves.iter().zip(scores.iter_mut()) {
            *score = if !table_move.is_none() && PackedMove::from_bits(R::pack(mv)) == table_move {
                1 << 30
            } else if killers[0] == Some(*mv) {
                1 << 29
            } else if killers[1] == Some(*mv) {
                (1 << 29) - 1
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
    /// moves failed (their history is lowered).
    pub fn record_cutoff(&mut self, mv: &R::Move, ply: usize, depth: i32, tried: &[R::Move]) {
        let bonus = (depth * depth).min(400);
        if !R::is_capture(mv) {
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
