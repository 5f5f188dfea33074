//! Iterative deepening on one thread: each depth's root search with aspiration windows, the
//! lines of a multi-PV search, and when to stop deepening.

use super::limits;
use super::report::{Line, SearchInfo};
use super::smp::Depths;
use super::worker::{Shared, Worker};
use crate::rules::Rules;
use crate::score::{is_decisive, plies_to_end, Score, INFINITY};
use std::sync::atomic::Ordering;

/// One root search of `moves` (the best of them comes first) with aspiration windows around
/// `guess`; `None` when the search was stopped before it finished.
fn search_line<R: Rules>(
    worker: &mut Worker<R>,
    root: &R::Position,
    moves: &mut [R::Move],
    depth: u32,
    guess: Score,
    shared: &Shared<R>,
) -> Option<Score> {
    worker.start_depth();
    let mut delta = 25;
    let aspiration = depth >= 5 && shared.options.aspiration_windows;
    let (mut alpha, mut beta) =
        if aspiration { (guess - delta, guess + delta) } else { (-INFINITY, INFINITY) };
    loop {
        let s = worker.search_root(root, moves, depth as i32, alpha, beta);
        if worker.stopped {
            return None;
        }
        if s <= alpha {
            alpha = (s - delta).max(-INFINITY);
        } else if s >= beta {
            beta = (s + delta).min(INFINITY);
        } else {
            return Some(s);
        }
        delta *= 2;
        if delta > 400 {
            (alpha, beta) = (-INFINITY, INFINITY);
        }
    }
}

/// Iterative deepening on one thread, with `lines` best moves searched each iteration (the k-th
/// line is a search of the moves the first k-1 lines did not take); returns the last completed
/// depth and its lines, best first.
pub(super) fn iterate<R: Rules>(
    worker: &mut Worker<R>,
    root: &R::Position,
    mut moves: Vec<R::Move>,
    depths: Depths,
    lines: usize,
    shared: &Shared<R>,
    progress: &mut dyn FnMut(&SearchInfo<R::Move>),
) -> (u32, Vec<Line<R::Move>>) {
    let lines = lines.clamp(1, moves.len());
    let mut stability = limits::Stability::new();
    let mut best: (u32, Vec<Line<R::Move>>) =
        (0, moves[..lines].iter().map(|&m| Line { score: 0, pv: vec![m] }).collect());
    for depth in 1..=depths.max {
        if depths.skips(depth) {
            continue;
        }
        let mut found: Vec<Line<R::Move>> = Vec::with_capacity(lines);
        for k in 0..lines {
            let guess = best.1[k.min(best.1.len() - 1)].score;
            let Some(score) = search_line(worker, root, &mut moves[k..], depth, guess, shared)
            else {
                // Cut short, a depth may still have proved another move better than the one
                // the depth before chose: that move is played (with the part of its line it
                // searched), the depth reported the last one completed.
                if let (1, Some(score)) = (lines, worker.root_proven) {
                    if shared.options.partial_iterations {
                        let pv = worker.principal_variation();
                        if pv.first() == Some(&moves[0]) {
                            best.1[0] = Line { score, pv };
                        }
                    }
                }
                break;
            };
            let pv = worker.principal_variation();
            found.push(Line { score, pv: if pv.is_empty() { vec![moves[k]] } else { pv } });
        }
        worker.flush_nodes();
        if worker.stopped {
            break;
        }
        // Search instability can leave a later line above an earlier one: order them by score
        // (stable), with the root moves in the same order for the next iteration.
        let mut order: Vec<usize> = (0..lines).collect();
        order.sort_by_key(|&k| std::cmp::Reverse(found[k].score));
        let firsts: Vec<R::Move> = order.iter().map(|&k| moves[k]).collect();
        moves[..lines].copy_from_slice(&firsts);
        let found: Vec<Line<R::Move>> = order.iter().map(|&k| found[k].clone()).collect();
        let score = found[0].score;
        best = (depth, found);
        let elapsed = shared.control.elapsed();
        for (k, line) in best.1.iter().enumerate() {
            progress(&SearchInfo {
                depth,
                seldepth: worker.seldepth,
                score: line.score,
                nodes: shared.nodes.load(Ordering::Relaxed),
                time: elapsed,
                pv: line.pv.clone(),
                table_fill: shared.tt.fill_permille(),
                tablebase_hits: shared.tablebase_hits.load(Ordering::Relaxed),
                multipv: k + 1,
            });
        }
        if let Some(budget) = shared.budget {
            let factor = match shared.options.time_stability && depths.helper.is_none() {
                true => stability.update(depth, best.1[0].pv[0], score),
                false => 1.0,
            };
            if !shared.control.is_pondering() && budget.declines_with(elapsed, factor) {
                break;
            }
        }
        if is_decisive(score)
            && plies_to_end(score).is_some_and(|n| (n.unsigned_abs()) < depth)
            && !shared.control.is_pondering()
            && lines == 1
        {
            // The game's end is inside the horizon: deeper iterations cannot change the result.
            if shared.budget.is_some() || shared.node_limit.is_some() {
                break;
            }
        }
    }
    best
}
