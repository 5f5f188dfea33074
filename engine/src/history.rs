//! The game so far, as the rules count it: the keys of earlier positions (threefold
//! repetition), the plies without a man move or a capture (the move-count rule: 40 moves each in
//! Dama Italiana, rules-italian.md section 5), and the material counts some games add (the FMJD
//! 16- and 5-move counts of International draughts, [`crate::rules::Rules::endgame_count`]).

use crate::rules::Rules;

/// A material count in force: the position's material is one the game's rules count, since a
/// capture or promotion made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndgameCount {
    /// Plies played since the count began.
    pub plies: u32,
    /// The plies after which the game is drawn.
    pub limit: u32,
    /// The rule's name.
    pub rule: &'static str,
}

impl EndgameCount {
    /// Whether the count has run out: the game is drawn.
    pub fn reached(&self) -> bool {
        self.plies >= self.limit
    }
}

/// The positions of a game since its start, for repetition and the move counts.
#[derive(Clone, Debug)]
pub struct GameHistory {
    /// Keys of every position reached since the last irreversible move, oldest first; the last one
    /// is the current position.
    keys: Vec<u64>,
    /// Plies played since the last man move or capture.
    quiet_plies: u32,
    /// Plies after which the game is drawn by the move-count rule.
    quiet_ply_limit: u32,
    /// The material count in force, if any.
    endgame: Option<EndgameCount>,
}

impl GameHistory {
    /// A game of the rules `R` starting at `position`, drawn after the game's own move count.
    pub fn new<R: Rules>(position: &R::Position) -> GameHistory {
        GameHistory::start::<R>(position, R::QUIET_PLY_LIMIT)
    }

    /// A game of the rules `R` starting at `position`, drawn after `quiet_ply_limit` plies
    /// without a man move or a capture; a material count of the game starts here when the
    /// position's material is one it counts.
    pub fn start<R: Rules>(position: &R::Position, quiet_ply_limit: u32) -> GameHistory {
        let mut history = GameHistory::from_key(R::key(position), quiet_ply_limit);
        history.endgame =
            R::endgame_count(position).map(|(limit, rule)| EndgameCount { plies: 0, limit, rule });
        history
    }

    /// A game starting at the position with hash `key`, drawn after `quiet_ply_limit` plies
    /// without a man move or a capture (no material count: [`GameHistory::start`] has them).
    pub fn from_key(key: u64, quiet_ply_limit: u32) -> GameHistory {
        GameHistory { keys: vec![key], quiet_plies: 0, quiet_ply_limit, endgame: None }
    }

    /// Sets the move-count limit in plies (some tools adjudicate at 79 for Italian's 80).
    pub fn with_quiet_ply_limit(mut self, plies: u32) -> GameHistory {
        self.quiet_ply_limit = plies;
        self
    }

    /// Records that `mv` was played in `before`, reaching `after`, under the rules `R`: the
    /// repetition keys, the move count and the material count.
    pub fn push_move<R: Rules>(&mut self, before: &R::Position, mv: &R::Move, after: &R::Position) {
        self.push_key(R::key(after), R::is_irreversible(before, mv));
        if !R::ENDGAME_COUNTS {
            return;
        }
        // A count starts when a capture or a promotion makes the material one it counts, and
        // runs on while the material stays counted (and the game's rules do not start it again,
        // [`Rules::restarts_count`]).
        self.endgame = match (R::endgame_count(after), self.endgame) {
            (None, _) => None,
            (Some((limit, rule)), Some(count)) if !R::restarts_count(before, mv) => {
                Some(EndgameCount { plies: count.plies + 1, limit, rule })
            }
            (Some((limit, rule)), _) => Some(EndgameCount { plies: 0, limit, rule }),
        };
    }

    /// Records a move reaching the position with hash `key`; `irreversible` when a man moved or
    /// a piece was captured ([`Rules::is_irreversible`]). Material counts are not followed: the
    /// search's own line uses this.
    pub fn push_key(&mut self, key: u64, irreversible: bool) {
        if irreversible {
            self.keys.clear();
            self.quiet_plies = 0;
        } else {
            self.quiet_plies += 1;
        }
        self.keys.push(key);
    }

    /// Plies since the last man move or capture.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// The move-count limit in plies.
    pub fn quiet_ply_limit(&self) -> u32 {
        self.quiet_ply_limit
    }

    /// The material count in force, if any.
    pub fn endgame_count(&self) -> Option<EndgameCount> {
        self.endgame
    }

    /// Keys since the last irreversible move, the current position last.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// How many times the current position has occurred (1 the first time).
    pub fn occurrences_of_current(&self) -> usize {
        let current = *self.keys.last().expect("history holds the current position");
        self.keys.iter().filter(|&&k| k == current).count()
    }

    /// Whether the game is drawn now: the third occurrence of the position, or the move count.
    /// (A material count that has run out is [`EndgameCount::reached`].)
    pub fn is_draw(&self) -> bool {
        self.occurrences_of_current() >= 3 || self.quiet_plies >= self.quiet_ply_limit
    }
}

/// Plays the moves of `text` (any notation, separated by spaces) from `position`, recording each
/// in `history`; an error names the refused move by its number.
pub fn play_line<R: Rules>(
    mut position: R::Position,
    history: &mut GameHistory,
    text: &str,
) -> Result<R::Position, String> {
    for (number, word) in text.split_whitespace().enumerate() {
        let mv = R::parse_move(&position, word)
            .map_err(|e| format!("move {} is refused: {e}", number + 1))?;
        let next = R::play(&position, &mv);
        history.push_move::<R>(&position, &mv, &next);
        position = next;
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::fen::parse_fen;
    use crate::italian::notation::parse_move;
    use crate::italian::Italian;

    #[test]
    fn kings_shuffling_repeat_three_times() {
        let mut p = parse_fen("W:WK29:BK4").unwrap();
        let mut h = GameHistory::new::<Italian>(&p);
        for text in ["29-25", "4-8", "25-29", "8-4", "29-25", "4-8", "25-29", "8-4"] {
            let mv = parse_move(&p, text).unwrap();
            let next = p.play(&mv);
            h.push_move::<Italian>(&p, &mv, &next);
            p = next;
        }
        assert_eq!(h.occurrences_of_current(), 3);
        assert!(h.is_draw());
        assert_eq!(h.quiet_plies(), 8);
    }

    #[test]
    fn a_man_move_resets_the_count() {
        let p = parse_fen("W:WK29,22:BK4").unwrap();
        let mut h = GameHistory::new::<Italian>(&p).with_quiet_ply_limit(1);
        let mv = parse_move(&p, "29-25").unwrap();
        let q = p.play(&mv);
        h.push_move::<Italian>(&p, &mv, &q);
        assert!(h.is_draw(), "one quiet king ply reaches a limit of 1");
        let mv = parse_move(&q, "4-8").unwrap();
        let r = q.play(&mv);
        h.push_move::<Italian>(&q, &mv, &r);
        let mv = parse_move(&r, "22-18").unwrap();
        let s = r.play(&mv);
        h.push_move::<Italian>(&r, &mv, &s);
        assert_eq!(h.quiet_plies(), 0);
        assert!(!h.is_draw());
    }
}
