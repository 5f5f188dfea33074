//! What a node asks before it searches its moves, or instead: the static evaluation, the
//! endgame tables (under the game's material counts, `counted`), the transposition table, and
//! at the horizon of a quiet position the forcing and the threat quiescence.

use super::Worker;
use crate::movelist::List;
use crate::rules::Rules;
use crate::score::{from_table, tablebase_score, Score, DRAW};
use crate::search::counted::{self, Verdict};
use crate::search::tt::{Bound, PackedMove};
use std::sync::atomic::Ordering;

/// The moves a quiet position's horizon searches beyond the evaluation
/// ([`Worker::quiescence`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Quiescence {
    /// The moves that force the opponent to capture (exchanges, sacrifices), each searched
    /// through the captures that follow (at depth -1: no further quiet move).
    Forcing,
    /// In a position the opponent does not threaten, the man moves that create a capture threat.
    /// The opponent, to move at depth 0 and threatened, answers by the threat extension (each
    /// reply searched through the captures that follow), so a threat it cannot meet shows as the
    /// material it wins. Tried only when the evaluation lies within [`THREAT_MARGIN`] of alpha.
    Threat,
}

impl Quiescence {
    /// How far below alpha the evaluation may lie for the moves to be tried.
    fn margin(self) -> Score {
        match self {
            // Always: no evaluation lies this far below any alpha.
            Quiescence::Forcing => Score::MAX / 2,
            Quiescence::Threat => THREAT_MARGIN,
        }
    }
}

/// How far below alpha the evaluation may lie for the threat quiescence to look for a threat: a
/// man and a fifth (a threat wins a man at most, as a rule).
const THREAT_MARGIN: Score = 120;

impl<R: Rules> Worker<'_, R> {
    /// The static evaluation of `position`, the position the search path ends in.
    #[inline(always)]
    pub(super) fn evaluate(&self, position: &R::Position) -> Score {
        debug_assert_eq!(
            *self.path.acc(),
            R::eval_acc(position, &self.shared.eval),
            "accumulator out of date"
        );
        R::evaluate_with(position, self.path.acc(), &self.shared.eval)
    }

    /// The endgame tables' score of `position` (no capture pending), if they hold it; a value
    /// the count in force cuts short is a draw at the horizon and searched on inside the tree
    /// (`counted`).
    #[inline]
    pub(super) fn probe_endgame(
        &self,
        position: &R::Position,
        ply: usize,
        horizon: bool,
    ) -> Option<Score> {
        let verdict = counted::probe::<R>(self.shared.endgame?, position, self.path.count())?;
        self.shared.tablebase_hits.fetch_add(1, Ordering::Relaxed);
        match verdict {
            Verdict::Stands(value) => Some(tablebase_score(value, ply as u32)),
            Verdict::CutShort => horizon.then_some(DRAW),
        }
    }

    /// Probes the transposition table for `key`: `Err(score)` when the stored result ends the
    /// node (never at a principal-variation node), else `Ok` with the stored move (or none).
    #[inline]
    pub(super) fn probe_table(
        &self,
        key: u64,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
        is_pv: bool,
    ) -> Result<PackedMove, Score> {
        let Some(e) = self.shared.tt.probe(key) else {
            return Ok(PackedMove::default());
        };
        let score = from_table(e.score, ply as u32);
        if !is_pv && self.shared.options.table_cutoffs && e.depth as i32 >= depth.max(0) {
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut {
                return Err(score);
            }
        }
        Ok(e.best_move)
    }

    /// The horizon of a quiet position: the evaluation stands (the side to move may always do
    /// about as well by a quiet move) unless one of the moves of `kind` does better, each
    /// searched to the kind's depth with the window raised as they improve on it.
    pub(super) fn quiescence(
        &mut self,
        position: &R::Position,
        kind: Quiescence,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        let stand = self.evaluate(position);
        if stand >= beta || stand + kind.margin() <= alpha {
            return stand;
        }
        let mut moves = List::new();
        let child_depth = match kind {
            Quiescence::Forcing => {
                R::forcing_moves(position, &mut moves);
                -1
            }
            Quiescence::Threat => {
                R::threat_moves(position, &mut moves);
                0
            }
        };
        self.horizon_moves(position, &moves, child_depth, stand, (alpha, beta), ply)
    }

    /// The best of `stand` (the evaluation, below beta) and `moves`, each searched to
    /// `child_depth` (zero or negative) in the window (alpha, beta), raised as they improve on it.
    fn horizon_moves(
        &mut self,
        position: &R::Position,
        moves: &List<R::Move>,
        child_depth: i32,
        stand: Score,
        (mut alpha, beta): (Score, Score),
        ply: usize,
    ) -> Score {
        let mut best = stand;
        alpha = alpha.max(best);
        for mv in moves.iter() {
            let child = R::play(position, mv);
            self.path.push(position, mv, &child, &self.shared.eval);
            let score = -self.search(&child, child_depth, -beta, -alpha, ply + 1, false);
            self.path.pop();
            if self.stopped {
                return DRAW;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
