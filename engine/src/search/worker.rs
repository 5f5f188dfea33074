//! One search thread: principal-variation alpha-beta with a transposition table, forced captures
//! resolved before any evaluation, draws by repetition and the 40-move count.

use crate::movelist::{List, MOVE_LIST_CAPACITY};
use crate::rules::Rules;
use crate::score::{loss_in, to_table, Score, DRAW, INFINITY};
use crate::search::limits::{SearchControl, TimeBudget};
use crate::search::options::SearchOptions;
use crate::search::ordering::{counter_index, pick_next, MoveOrdering, MAX_PLY};
use crate::search::path::SearchPath;
use crate::search::tt::{Bound, PackedMove, TranspositionTable};
use crate::tables::EndgameTables;
use probes::Quiescence;
use reductions::Reductions;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// What every thread of one search shares.
pub(crate) struct Shared<'a, R: Rules> {
    pub tt: &'a TranspositionTable,
    pub control: &'a SearchControl,
    /// Set when the main thread has finished, to end the helper threads.
    pub done: AtomicBool,
    /// Nodes searched by all threads (each adds its count in batches).
    pub nodes: AtomicU64,
    pub node_limit: Option<u64>,
    pub budget: Option<TimeBudget>,
    pub quiet_ply_limit: u32,
    pub options: SearchOptions,
    /// The evaluation.
    pub eval: R::Eval,
    /// Endgame tables probed once captures are resolved.
    pub endgame: Option<&'a dyn EndgameTables<R::Position>>,
    /// Positions answered by the tables, all threads.
    pub tablebase_hits: AtomicU64,
    pub rules: PhantomData<R>,
}

/// The state of one search thread.
pub(crate) struct Worker<'a, R: Rules> {
    shared: &'a Shared<'a, R>,
    ordering: MoveOrdering<R>,
    /// The positions from the last irreversible move to the node searched.
    path: SearchPath<R>,
    pv: Box<[[Option<R::Move>; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// Move-ordering scores, one buffer per ply (no per-node initialisation).
    scores: Box<[[i32; MOVE_LIST_CAPACITY]; MAX_PLY]>,
    pub nodes: u64,
    unreported_nodes: u64,
    pub seldepth: u32,
    pub stopped: bool,
    /// The score of a root move other than the one the depth's search started with, when its
    /// search at this depth finished and proved it better (above alpha) before the search was
    /// stopped: that move is then first among the root moves and first in the principal
    /// variation, and an iteration cut short can still give it ([`Worker::start_depth`]).
    pub root_proven: Option<Score>,
    is_main: bool,
    /// Late-move reductions by depth left and place in the order (`log-reductions`).
    reductions: Box<Reductions>,
    /// For each ply of the path, the [`counter_index`] of the move that led to it (`NO_MOVE` at
    /// the root).
    previous: [u16; MAX_PLY + 1],
}

/// [`Worker::previous`] of a position reached by no move the search made.
const NO_MOVE: u16 = u16::MAX;

mod probes;
mod pruning;
mod reductions;
mod root;

const CHECK_EVERY: u64 = 256;
/// ProbCut: the shallowest depth it is tried at and the margin a ply (centi-men).
const PROBCUT_MIN_DEPTH: i32 = 3;
const PROBCUT_MARGIN: Score = 5;
/// The bounds beyond which neither ProbCut nor futility pruning is tried (wins and losses).
pub(super) const PRUNING_SCORE_LIMIT: Score = 5_000;
/// Internal reduction: the shallowest depth at which a node without a table move is reduced.
const INTERNAL_REDUCTION_MIN_DEPTH: i32 = 4;
/// Late-move pruning: at depth d (1 or 2), the quiet moves searched before the rest are skipped.
const LATE_MOVE_COUNT: [usize; 3] = [usize::MAX, 4, 8];

impl<'a, R: Rules> Worker<'a, R> {
    pub fn new(
        shared: &'a Shared<'a, R>,
        game_keys: &[u64],
        root_quiet_plies: u32,
        root_count: Option<(u32, u32)>,
        is_main: bool,
    ) -> Worker<'a, R> {
        Worker {
            shared,
            ordering: MoveOrdering::with_counters(shared.options.counter_moves),
            path: SearchPath::new(game_keys, root_quiet_plies, root_count),
            pv: Box::new([[None; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            scores: Box::new([[0; MOVE_LIST_CAPACITY]; MAX_PLY]),
            nodes: 0,
            unreported_nodes: 0,
            seldepth: 0,
            stopped: false,
            root_proven: None,
            is_main,
            reductions: reductions::table(),
            previous: [NO_MOVE; MAX_PLY + 1],
        }
    }

    fn check_limits(&mut self) {
        self.shared.nodes.fetch_add(self.unreported_nodes, Ordering::Relaxed);
        self.unreported_nodes = 0;
        let control = self.shared.control;
        if control.is_stopped() || (!self.is_main && self.shared.done.load(Ordering::Relaxed)) {
            self.stopped = true;
            return;
        }
        if let Some(limit) = self.shared.node_limit {
            if self.shared.nodes.load(Ordering::Relaxed) >= limit {
                self.stopped = true;
                return;
            }
        }
        if let Some(budget) = self.shared.budget {
            let limit = if control.was_ponder_hit() { budget.soft } else { budget.hard };
            if !control.is_pondering() && control.elapsed() >= limit {
                self.stopped = true;
            }
        }
    }

    /// Flushes this thread's node count into the shared total.
    pub fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.unreported_nodes, Ordering::Relaxed);
        self.unreported_nodes = 0;
    }

    /// The [`counter_index`] of the move that led to the node at `ply`, when the search orders
    /// by counter moves and a move of the search led there.
    #[inline]
    fn previous_move(&self, ply: usize) -> Option<usize> {
        let previous = self.previous[ply.min(MAX_PLY)];
        (self.shared.options.counter_moves && previous != NO_MOVE).then_some(usize::from(previous))
    }

    /// Negamax alpha-beta with principal-variation search. `depth` may be zero or negative: then
    /// only forced captures (and one ply against a pending enemy capture) are searched before the
    /// evaluation is trusted.
    pub fn search(
        &mut self,
        position: &R::Position,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        is_pv: bool,
    ) -> Score {
        self.pv_len[ply.min(MAX_PLY - 1)] = 0;
        self.nodes += 1;
        self.unreported_nodes += 1;
        if self.unreported_nodes >= CHECK_EVERY {
            self.check_limits();
        }
        if self.stopped {
            return DRAW;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        if self.path.is_draw(self.shared.quiet_ply_limit) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(position);
        }

        let mut depth = depth;
        let tables_apply = self
            .shared
            .endgame
            .is_some_and(|tables| R::piece_count(position) <= tables.max_pieces());
        // Below the horizon with no capture to make, the evaluation stands: decided without
        // listing a move (most nodes end here).
        let mut tables_probed = false;
        if depth <= 0 && !R::has_capture(position) {
            if !R::has_move(position) {
                return loss_in(ply as u32);
            }
            if tables_apply {
                if let Some(score) = self.probe_endgame(position, ply, true) {
                    return score;
                }
                tables_probed = true;
            }
            let threatened = R::opponent_can_capture(position);
            if depth == 0 && threatened && self.shared.options.threat_extension {
                // The opponent threatens a capture: look one quiet ply further, once per path.
                depth = -1;
            } else if depth == 0 && self.shared.options.forcing_quiescence {
                return self.quiescence(position, Quiescence::Forcing, alpha, beta, ply);
            } else if depth == 0 && !threatened && self.shared.options.threat_quiescence {
                return self.quiescence(position, Quiescence::Threat, alpha, beta, ply);
            } else {
                return self.evaluate(position);
            }
        }

        // The transposition table, before the moves are listed when the endgame tables (which
        // come first) cannot answer: a cutoff then costs no move generation.
        // The node is the path's end, whose key the path holds.
        debug_assert_eq!(self.path.key(), R::key(position));
        let key = self.path.key();
        let mut table_move = PackedMove::default();
        if !tables_apply {
            match self.probe_table(key, depth, alpha, beta, ply, is_pv) {
                Err(score) => return score,
                Ok(mv) => table_move = mv,
            }
        }

        if let Some(score) =
            self.quiet_pruning(position, depth, alpha, beta, ply, is_pv, tables_apply)
        {
            return score;
        }

        let mut moves = List::new();
        R::generate(position, &mut moves);
        if moves.is_empty() {
            return loss_in(ply as u32);
        }
        let capturing = R::is_capture(&moves[0]);

        if tables_apply {
            // Endgame tables, once no capture is pending; then the transposition table.
            if !capturing && !tables_probed {
                if let Some(score) = self.probe_endgame(position, ply, false) {
                    return score;
                }
            }
            match self.probe_table(key, depth, alpha, beta, ply, is_pv) {
                Err(score) => return score,
                Ok(mv) => table_move = mv,
            }
        }

        // With no move from the table deep in the tree, the node is searched a ply shallower:
        // its first move is a guess, and the shallower search fills the table for later.
        if self.shared.options.internal_reduction
            && depth >= INTERNAL_REDUCTION_MIN_DEPTH
            && table_move.is_none()
        {
            depth -= 1;
        }

        // A shallower search that clears a raised bound by a margin stands for this one.
        if self.shared.options.probcut
            && !is_pv
            && !capturing
            && depth >= PROBCUT_MIN_DEPTH
            && beta.abs() < PRUNING_SCORE_LIMIT
        {
            let raised = beta + PROBCUT_MARGIN * depth;
            let score = self.search(position, depth * 2 / 5, raised - 1, raised, ply, false);
            if self.stopped {
                return DRAW;
            }
            if score >= raised {
                return score - PROBCUT_MARGIN * depth;
            }
        }

        // A forced move costs nothing to look at one ply deeper.
        if moves.len() == 1
            && depth > 0
            && ply < MAX_PLY / 2
            && self.shared.options.forced_move_extension
        {
            depth += 1;
        }

        let n = moves.len();
        // Most children probe the table first thing: ask for their buckets now, so that the
        // memory loads overlap one another and the work before each child's probe.
        for mv in moves.iter() {
            self.shared.tt.prefetch(R::key_after(position, mv));
        }
        let previous = self.previous_move(ply);
        self.ordering.score_moves(&moves, table_move, ply, previous, &mut self.scores[ply][..n]);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move: Option<R::Move> = None;
        let child_depth = |d: i32| if capturing && d <= 0 { d } else { d - 1 };
        for i in 0..n {
            pick_next(&mut moves[..n], &mut self.scores[ply][..n], i);
            let mv = moves[i];
            if self.shared.options.late_move_pruning
                && !is_pv
                && !capturing
                && (1..=2).contains(&depth)
                && i >= LATE_MOVE_COUNT[depth as usize]
                && !self.ordering.is_killer(&mv, ply)
            {
                continue;
            }
            let child = R::play(position, &mv);
            self.path.push(position, &mv, &child, &self.shared.eval);
            if self.shared.options.counter_moves {
                self.previous[ply + 1] = counter_index::<R>(&mv) as u16;
            }
            let mut next_depth = child_depth(depth);
            let score = if i == 0 {
                -self.search(&child, next_depth, -beta, -alpha, ply + 1, is_pv)
            } else {
                // Late quiet moves are searched shallower first.
                let early = self.shared.options.early_reductions && !is_pv;
                let reduce = self.shared.options.late_move_reductions
                    && depth >= 3
                    && i >= if early { 1 } else { 3 }
                    && !capturing
                    && !self.ordering.is_killer(&mv, ply);
                if reduce {
                    // Never below the horizon (depth 3 or more: `next_depth` is 2 or more here).
                    next_depth -= self.reduction(depth, i, early).min(next_depth);
                }
                let mut s = -self.search(&child, next_depth, -alpha - 1, -alpha, ply + 1, false);
                if reduce && s > alpha && !self.stopped {
                    next_depth = child_depth(depth);
                    s = -self.search(&child, next_depth, -alpha - 1, -alpha, ply + 1, false);
                }
                if s > alpha && s < beta && is_pv && !self.stopped {
                    s = -self.search(&child, next_depth, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.path.pop();
            if self.stopped {
                return DRAW;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if is_pv {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        if depth > 0 && self.shared.options.killers_and_history {
                            self.ordering.record_cutoff(&mv, ply, depth, &moves[..i], previous);
                        }
                        break;
                    }
                }
            }
        }

        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let packed = best_move.map(|m| PackedMove::from_bits(R::pack(&m))).unwrap_or_default();
        let stored_depth = depth.clamp(0, 255) as u8;
        self.shared.tt.store(key, packed, to_table(best, ply as u32), stored_depth, bound);
        best
    }
}
