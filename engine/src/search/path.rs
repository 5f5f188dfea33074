//! The search path of one thread: the positions from the game's last irreversible move down to
//! the node being searched, as the draw rules and the incremental evaluation need them (keys for
//! repetitions, quiet plies for the 40-move count, the material counts of games that have them,
//! the evaluation's accumulators).

use crate::rules::Rules;
use crate::search::ordering::MAX_PLY;

pub(crate) struct SearchPath<R: Rules> {
    /// Keys of the game since its last irreversible move, then of the search path.
    keys: Vec<u64>,
    /// Plies since the last irreversible move, for each entry of `keys`.
    quiet_plies: Vec<u32>,
    /// For games with material counts ([`Rules::ENDGAME_COUNTS`]), the count in force at each
    /// position of the search path from the root: (plies played, plies that draw).
    counts: Vec<Option<(u32, u32)>>,
    /// The evaluation's accumulator ([`Rules::eval_acc`]) of each position of the search path,
    /// the root's first, updated move by move.
    accs: Vec<R::EvalAcc>,
}

impl<R: Rules> SearchPath<R> {
    /// The path of a game whose keys since the last irreversible move are `game_keys` (the root's
    /// last), `root_quiet_plies` quiet plies before the root and the count `root_count` in force.
    pub fn new(game_keys: &[u64], root_quiet_plies: u32, root_count: Option<(u32, u32)>) -> Self {
        let n = game_keys.len() as u32;
        let quiet_plies = (0..n).map(|i| (root_quiet_plies + i + 1).saturating_sub(n)).collect();
        SearchPath {
            keys: game_keys.to_vec(),
            quiet_plies,
            counts: if R::ENDGAME_COUNTS { vec![root_count] } else { Vec::new() },
            accs: Vec::with_capacity(MAX_PLY + 1),
        }
    }

    /// Starts a search of `root` (the position the game's keys end in).
    pub fn start(&mut self, root: &R::Position, eval: &R::Eval) {
        self.accs.clear();
        self.accs.push(R::eval_acc(root, eval));
    }

    /// Whether the position the path ends in is drawn by the rules: a repetition, the quiet-move
    /// count (`quiet_ply_limit` plies) or a material count run out.
    #[inline]
    pub fn is_draw(&self, quiet_ply_limit: u32) -> bool {
        let n = self.keys.len();
        let quiet = self.quiet_plies[n - 1];
        if quiet >= quiet_ply_limit {
            return true;
        }
        if R::ENDGAME_COUNTS {
            if let Some(Some((plies, limit))) = self.counts.last() {
                if plies >= limit {
                    return true;
                }
            }
        }
        let key = self.keys[n - 1];
        let mut back = 4;
        while back <= quiet as usize && back < n {
            if self.keys[n - 1 - back] == key {
                return true;
            }
            back += 2;
        }
        false
    }

    /// The key of the position the path ends in (the node being searched).
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.keys[self.keys.len() - 1]
    }

    /// Extends the path by `mv`, played from `before` (the path's end) to `after`.
    #[inline]
    pub fn push(
        &mut self,
        before: &R::Position,
        mv: &R::Move,
        after: &R::Position,
        eval: &R::Eval,
    ) {
        let quiet = if R::is_irreversible(before, mv) {
            0
        } else {
            self.quiet_plies[self.keys.len() - 1] + 1
        };
        self.keys.push(R::key(after));
        self.quiet_plies.push(quiet);
        let acc = R::update_eval_acc(self.acc(), before, after, eval);
        self.accs.push(acc);
        if R::ENDGAME_COUNTS {
            // As the game's history counts: from the capture or promotion that made the material
            // one the rules count, while it stays counted.
            let count = match (R::endgame_count(after), self.counts.last().copied().flatten()) {
                (None, _) => None,
                (Some((limit, _)), Some((plies, _))) if !R::restarts_count(before, mv) => {
                    Some((plies + 1, limit))
                }
                (Some((limit, _)), _) => Some((0, limit)),
            };
            self.counts.push(count);
        }
    }

    /// The material count in force at the position the path ends in, for games that have
    /// counts: (plies played, plies that draw).
    #[inline]
    pub fn count(&self) -> Option<(u32, u32)> {
        self.counts.last().copied().flatten()
    }

    /// Takes back the last [`push`](Self::push).
    #[inline]
    pub fn pop(&mut self) {
        self.keys.pop();
        self.quiet_plies.pop();
        self.accs.pop();
        if R::ENDGAME_COUNTS {
            self.counts.pop();
        }
    }

    /// The evaluation's accumulator of the position the path ends in.
    #[inline(always)]
    pub fn acc(&self) -> &R::EvalAcc {
        self.accs.last().expect("the root's accumulator is pushed first")
    }
}
