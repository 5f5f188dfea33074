//! The root of the search (its moves searched in the order given, the best moved first) and the
//! principal variation it leaves.

use super::Worker;
use crate::rules::Rules;
use crate::score::{Score, INFINITY};
use crate::search::ordering::{counter_index, MAX_PLY};

impl<R: Rules> Worker<'_, R> {
    /// The principal variation found by the last completed root search.
    pub fn principal_variation(&self) -> Vec<R::Move> {
        self.pv[0][..self.pv_len[0]].iter().flatten().copied().collect()
    }

    /// Forgets what the search of the depth before proved ([`Worker::root_proven`]).
    pub fn start_depth(&mut self) {
        self.root_proven = None;
    }

    /// Searches the root: `moves` in the given order (best first), returning the best score and
    /// reordering `moves` so that the best move is first.
    pub fn search_root(
        &mut self,
        root: &R::Position,
        moves: &mut [R::Move],
        depth: i32,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        let mut best = -INFINITY;
        self.pv_len[0] = 0;
        self.path.start(root, &self.shared.eval);
        for i in 0..moves.len() {
            let mv = moves[i];
            let child = R::play(root, &mv);
            self.path.push(root, &mv, &child, &self.shared.eval);
            if self.shared.options.counter_moves {
                self.previous[1] = counter_index::<R>(&mv) as u16;
            }
            let score = if i == 0 {
                -self.search(&child, depth - 1, -beta, -alpha, 1, true)
            } else {
                let s = -self.search(&child, depth - 1, -alpha - 1, -alpha, 1, false);
                if s > alpha && s < beta && !self.stopped {
                    -self.search(&child, depth - 1, -beta, -alpha, 1, true)
                } else {
                    s
                }
            };
            self.path.pop();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                moves[..=i].rotate_right(1);
                self.update_pv(0, mv);
                if score > alpha {
                    if i > 0 {
                        // Better than the move searched first, whose score set alpha: a move
                        // an interrupted iteration may still play.
                        self.root_proven = Some(score);
                    }
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    pub(super) fn update_pv(&mut self, ply: usize, mv: R::Move) {
        self.pv[ply][0] = Some(mv);
        let child_len = if ply + 1 < MAX_PLY { self.pv_len[ply + 1] } else { 0 };
        for i in 0..child_len.min(MAX_PLY - 1) {
            self.pv[ply][i + 1] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = (child_len + 1).min(MAX_PLY);
    }
}
