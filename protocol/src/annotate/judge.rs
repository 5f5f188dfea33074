//! The engine's judgement of every position of a game: its score and best lines, searched one
//! position after another in the game's session (so the search sees the game's repetitions and
//! move count); a position with one legal move takes its value from the position after it.

use crate::games::{Game, GameRules, Session};
use dama_engine::score::{loss_in, plies_to_end, win_in, Score, WIN};
use dama_engine::search::{Line, SearchControl, SearchLimits, Searcher};

/// The game's positions (before each move, and after the last), the score of each for its side
/// to move, and the lines searched in each.
pub struct Judgement<R: GameRules> {
    /// `moves.len() + 1` positions.
    pub positions: Vec<R::Position>,
    /// The score of each position for its side to move.
    pub scores: Vec<Score>,
    /// The best lines of each position, best first.
    pub lines: Vec<Vec<Line<R::Move>>>,
}

/// The value for the side to move of a position whose only move leads to a position worth
/// `next` to the other side.
pub fn one_ply_back(next: Score) -> Score {
    match plies_to_end(next) {
        Some(n) if n >= 0 => loss_in(n as u32 + 1),
        Some(n) => win_in((-n) as u32 + 1),
        None => -next,
    }
}

/// Searches every position of the game from `start` through `moves` within `limits`, calling
/// `progress(done, total)` after each position; `control` stops it between positions (and
/// within one), in which case the judgement so far is given back.
pub fn judge<R: GameRules>(
    searcher: Searcher<R>,
    start: R::Position,
    moves: &[R::Move],
    limits: &SearchLimits,
    control: &SearchControl,
    mut progress: impl FnMut(usize, usize),
) -> (Judgement<R>, Searcher<R>) {
    let mut session = Session::new(Game::<R>::new(start));
    session.put_searcher(searcher);
    let total = moves.len() + 1;
    let mut judgement = Judgement { positions: vec![start], scores: Vec::new(), lines: Vec::new() };
    for i in 0..total {
        if control.is_stopped() {
            break;
        }
        if i > 0 {
            session.game.play(moves[i - 1]);
            judgement.positions.push(session.game.position);
        }
        if !session.has_legal_move() {
            judgement.scores.push(-WIN);
            judgement.lines.push(Vec::new());
        } else {
            let result = session.search(limits, control, |_| {}).expect("the searcher is here");
            judgement.scores.push(result.score);
            judgement.lines.push(result.lines);
        }
        progress(i + 1, total);
    }
    forced_moves(&mut session, &mut judgement, limits, control);
    let searcher = session.take_searcher().expect("the searcher is here");
    (judgement, searcher)
}

/// A position with one legal move is not searched (the search answers at once, score 0): its
/// value is that of the position after the move, one ply further.
fn forced_moves<R: GameRules>(
    session: &mut Session<R>,
    judgement: &mut Judgement<R>,
    limits: &SearchLimits,
    control: &SearchControl,
) {
    let judged = judgement.scores.len();
    for i in (0..judged).rev() {
        let position = judgement.positions[i];
        let legal = R::legal_moves(&position);
        if legal.len() != 1 {
            continue;
        }
        let next = match judgement.scores.get(i + 1) {
            Some(&next) => next,
            None => {
                let after = R::play(&position, &legal[0]);
                if R::legal_moves(&after).is_empty() {
                    -WIN
                } else {
                    // The session's game is at the last position judged: one move further.
                    let mut history = session.game.history.clone();
                    history.push_move::<R>(&position, &legal[0], &after);
                    let searcher = session.searcher_mut().expect("the searcher is here");
                    searcher.search(&after, &history, limits, control, |_| {}).score
                }
            }
        };
        judgement.scores[i] = one_ply_back(next);
        judgement.lines[i] = vec![Line { score: judgement.scores[i], pv: vec![legal[0]] }];
    }
}
