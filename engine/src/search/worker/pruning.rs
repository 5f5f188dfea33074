//! Near the horizon in a quiet position, decided from the evaluation without listing a move:
//! futility pruning (reverse: the evaluation clears beta by a margin) and razoring (it lies below
//! alpha by a margin).

use super::{Worker, PRUNING_SCORE_LIMIT};
use crate::rules::Rules;
use crate::score::{Score, DRAW};

/// Reverse futility pruning: the deepest depth it is tried at and the margin a ply (centi-men).
const FUTILITY_MAX_DEPTH: i32 = 3;
const FUTILITY_MARGIN: Score = 30;
/// Razoring: the deepest depth it is tried at and the margin a ply (centi-men).
const RAZOR_MAX_DEPTH: i32 = 2;
const RAZOR_MARGIN: Score = 60;

impl<R: Rules> Worker<'_, R> {
    /// The node's score when futility pruning or razoring decides it, `None` to search it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn quiet_pruning(
        &mut self,
        position: &R::Position,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
        is_pv: bool,
        tables_apply: bool,
    ) -> Option<Score> {
        // Near the horizon in a quiet position (neither side can capture) the evaluation is as
        // good a guess as a shallow search: one that clears beta by a margin is cut (futility),
        // one that lies below alpha by a margin is left to the horizon's search (razoring).
        let futility = self.shared.options.futility && depth <= FUTILITY_MAX_DEPTH;
        let razoring = self.shared.options.razoring && depth <= RAZOR_MAX_DEPTH;
        if (futility || razoring)
            && !is_pv
            && !tables_apply
            && depth >= 1
            && beta.abs() < PRUNING_SCORE_LIMIT
            && !R::has_capture(position)
            && !R::opponent_can_capture(position)
        {
            let stand = self.evaluate(position);
            if futility && stand - FUTILITY_MARGIN * depth >= beta && R::has_move(position) {
                return Some(stand - FUTILITY_MARGIN * depth);
            }
            if razoring && stand + RAZOR_MARGIN * depth <= alpha {
                let score = self.search(position, 0, alpha, alpha + 1, ply, false);
                if self.stopped {
                    return Some(DRAW);
                }
                if score <= alpha {
                    return Some(score);
                }
            }
        }
        None
    }
}
