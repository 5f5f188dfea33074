//! How a game ends: no legal move for the side to move (it loses), the third occurrence of a
//! position and the game's move count (draws, `GameHistory::is_draw`), `--max-plies` (a draw by
//! adjudication), and the agreement of both engines' scores when asked for. Forfeits (illegal
//! moves, time, hangs, crashes) are the referee's, but are named here with the other endings.

use super::config::{GameRules, ScoreRule};
use dama_engine::color::Color;
use dama_engine::history::GameHistory;
use dama_engine::rules::Rules;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Termination {
    /// The side to move had no legal move and lost.
    NoLegalMove,
    /// The same position for the third time.
    Repetition,
    /// The game's move count: moves each without a man move or a capture (40 in Dama Italiana and
    /// English draughts, 25 in International draughts).
    MoveCount,
    /// A draw by an endgame count of the game (International: the FMJD 16- and 5-move rules).
    EndgameCount,
    /// `--max-plies` reached.
    MaxPlies,
    /// Both engines' scores agreed on a win.
    WinAdjudication,
    /// Both engines' scores agreed on a draw.
    DrawAdjudication,
    /// An engine gave up (a DXP game end saying it loses).
    Resignation,
    /// An engine played an illegal or malformed move.
    IllegalMove,
    /// An engine ended the game with a result the rules do not give (a DXP game end claiming a
    /// draw or a win, or giving no reason, where the game goes on).
    FalseClaim,
    /// An engine overstepped its clock or move time.
    TimeForfeit,
    /// An engine gave no move within the patience of a depth or node limit.
    NoAnswer,
    /// An engine exited.
    Crash,
    /// The connection to an engine (DXP) broke or was closed.
    Disconnected,
    /// An engine could not be started for the game.
    StartFailure,
    /// The user interrupted the match during the game (it is not scored).
    Interrupted,
}

impl Termination {
    /// Every way a game ends, in order.
    pub const ALL: [Termination; 16] = [
        Termination::NoLegalMove,
        Termination::Repetition,
        Termination::MoveCount,
        Termination::EndgameCount,
        Termination::MaxPlies,
        Termination::WinAdjudication,
        Termination::DrawAdjudication,
        Termination::Resignation,
        Termination::IllegalMove,
        Termination::FalseClaim,
        Termination::TimeForfeit,
        Termination::NoAnswer,
        Termination::Crash,
        Termination::Disconnected,
        Termination::StartFailure,
        Termination::Interrupted,
    ];

    /// One word for files (a shard's result file): `no-legal-move`, `move-count`, ...
    pub fn word(self) -> &'static str {
        match self {
            Termination::NoLegalMove => "no-legal-move",
            Termination::Repetition => "repetition",
            Termination::MoveCount => "move-count",
            Termination::EndgameCount => "endgame-count",
            Termination::MaxPlies => "max-plies",
            Termination::WinAdjudication => "win-adjudication",
            Termination::DrawAdjudication => "draw-adjudication",
            Termination::Resignation => "resignation",
            Termination::IllegalMove => "illegal-move",
            Termination::FalseClaim => "false-claim",
            Termination::TimeForfeit => "time-forfeit",
            Termination::NoAnswer => "no-answer",
            Termination::Crash => "crash",
            Termination::Disconnected => "disconnected",
            Termination::StartFailure => "start-failure",
            Termination::Interrupted => "interrupted",
        }
    }

    /// The ending a [`Termination::word`] names.
    pub fn from_word(word: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.word() == word)
    }

    /// The text of the PDN `Termination` tag in the game `R` (its own name for its move count).
    pub fn text<R: Rules>(self) -> &'static str {
        self.text_for(R::MOVE_COUNT_RULE)
    }

    /// The text of the PDN `Termination` tag, the move count named `move_count_rule`.
    pub fn text_for(self, move_count_rule: &'static str) -> &'static str {
        match self {
            Termination::NoLegalMove => "no legal move",
            Termination::Repetition => "threefold repetition",
            Termination::MoveCount => move_count_rule,
            Termination::EndgameCount => "endgame count",
            Termination::MaxPlies => "adjudication: max plies",
            Termination::WinAdjudication => "adjudication: scores agree on a win",
            Termination::DrawAdjudication => "adjudication: scores agree on a draw",
            Termination::Resignation => "resignation",
            Termination::IllegalMove => "illegal move",
            Termination::FalseClaim => "false claim",
            Termination::TimeForfeit => "time forfeit",
            Termination::NoAnswer => "no answer",
            Termination::Crash => "engine crashed",
            Termination::Disconnected => "connection lost",
            Termination::StartFailure => "engine failed to start",
            Termination::Interrupted => "interrupted",
        }
    }

    /// Whether the game was lost by a fault of an engine (which is then restarted).
    pub fn is_forfeit(self) -> bool {
        self >= Termination::IllegalMove && self != Termination::Interrupted
    }
}

/// The result of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
}

impl GameResult {
    /// The PDN result text.
    pub fn pdn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The win for `color`.
    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }
}

/// 0 for White, 1 for Black (the index of per-side lists).
pub fn color_index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Whether the last `rule.moves` scores of both sides all pass `test`.
fn agree(
    scores: &[Vec<Option<f64>>; 2],
    rule: &ScoreRule,
    test: impl Fn(usize, f64) -> bool,
) -> bool {
    scores.iter().enumerate().all(|(side, list)| {
        list.len() >= rule.moves
            && list[list.len() - rule.moves..].iter().all(|s| s.is_some_and(|s| test(side, s)))
    })
}

/// The end of the game in this position, if it has ended.
pub fn game_over<R: Rules>(
    position: &R::Position,
    history: &GameHistory,
    plies: usize,
    rules: &GameRules,
    scores: &[Vec<Option<f64>>; 2],
) -> Option<(GameResult, Termination, String)> {
    let mover = R::side_to_move(position);
    if R::legal_moves(position).is_empty() {
        let detail = format!("{mover:?} has no legal move");
        return Some((GameResult::win_for(mover.opposite()), Termination::NoLegalMove, detail));
    }
    if history.is_draw() {
        let termination = if history.occurrences_of_current() >= 3 {
            Termination::Repetition
        } else {
            Termination::MoveCount
        };
        return Some((GameResult::Draw, termination, String::new()));
    }
    if rules.max_plies.is_some_and(|max| plies >= max) {
        return Some((GameResult::Draw, Termination::MaxPlies, format!("{plies} plies")));
    }
    if let Some(rule) = &rules.win_rule {
        for winner in [Color::White, Color::Black] {
            let w = color_index(winner);
            let sign = |side: usize| if side == w { 1.0 } else { -1.0 };
            if agree(scores, rule, |side, s| sign(side) * s >= rule.score) {
                let detail = format!("both engines score {winner:?} at least {}", rule.score);
                return Some((GameResult::win_for(winner), Termination::WinAdjudication, detail));
            }
        }
    }
    if let Some(rule) = &rules.draw_rule {
        if plies >= rule.after && agree(scores, rule, |_, s| s.abs() <= rule.score) {
            let detail = format!("both engines within {} of 0", rule.score);
            return Some((GameResult::Draw, Termination::DrawAdjudication, detail));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Limit;
    use dama_engine::board8::fen::parse_fen;
    use dama_engine::board8::position::Position;
    use dama_engine::italian::notation::parse_move;
    use dama_engine::italian::Italian;
    use std::time::Duration;

    fn base_rules() -> GameRules {
        GameRules {
            limit: Limit::Depth(1),
            engine_limits: [None, None],
            time_margin: Duration::ZERO,
            patience: Duration::from_secs(1),
            max_plies: None,
            quiet_ply_limit: dama_engine::italian::QUIET_PLY_LIMIT,
            win_rule: None,
            draw_rule: None,
        }
    }

    fn none() -> [Vec<Option<f64>>; 2] {
        [Vec::new(), Vec::new()]
    }

    #[test]
    fn a_side_without_moves_loses() {
        let blocked = parse_fen("W:W29:B22,25,26").unwrap();
        let end = game_over::<Italian>(
            &blocked,
            &GameHistory::new::<Italian>(&blocked),
            0,
            &base_rules(),
            &none(),
        );
        let (result, termination, _) = end.unwrap();
        assert_eq!((result, termination), (GameResult::BlackWins, Termination::NoLegalMove));
        let start = Position::start();
        assert_eq!(
            game_over::<Italian>(
                &start,
                &GameHistory::new::<Italian>(&start),
                0,
                &base_rules(),
                &none()
            ),
            None
        );
    }

    #[test]
    fn repetition_and_the_forty_move_count_draw() {
        let mut p = parse_fen("W:WK29:BK4").unwrap();
        let mut history = GameHistory::new::<Italian>(&p);
        for text in ["29-25", "4-8", "25-29", "8-4", "29-25", "4-8", "25-29", "8-4"] {
            let mv = parse_move(&p, text).unwrap();
            let next = p.play(&mv);
            history.push_move::<Italian>(&p, &mv, &next);
            p = next;
        }
        let end = game_over::<Italian>(&p, &history, 8, &base_rules(), &none()).unwrap();
        assert_eq!((end.0, end.1), (GameResult::Draw, Termination::Repetition));
        let p = parse_fen("W:WK29:BK4").unwrap();
        let mut history = GameHistory::new::<Italian>(&p).with_quiet_ply_limit(1);
        let mv = parse_move(&p, "29-25").unwrap();
        let next = p.play(&mv);
        history.push_move::<Italian>(&p, &mv, &next);
        let end = game_over::<Italian>(&next, &history, 1, &base_rules(), &none()).unwrap();
        assert_eq!((end.0, end.1), (GameResult::Draw, Termination::MoveCount));
    }

    #[test]
    fn max_plies_draws() {
        let start = Position::start();
        let rules = GameRules { max_plies: Some(10), ..base_rules() };
        let history = GameHistory::new::<Italian>(&start);
        assert_eq!(game_over::<Italian>(&start, &history, 9, &rules, &none()), None);
        let end = game_over::<Italian>(&start, &history, 10, &rules, &none()).unwrap();
        assert_eq!((end.0, end.1), (GameResult::Draw, Termination::MaxPlies));
    }

    #[test]
    fn scores_must_agree_for_the_last_moves_of_both_engines() {
        let start = Position::start();
        let history = GameHistory::new::<Italian>(&start);
        let win = ScoreRule { moves: 2, score: 3.0, after: 0 };
        let win_rules = GameRules { win_rule: Some(win), ..base_rules() };
        // White's engine sees +3 and more, Black's -3 and less, twice each: White wins.
        let agreed = [vec![Some(0.1), Some(3.5), Some(4.0)], vec![Some(-3.0), Some(-5.0)]];
        let end = game_over::<Italian>(&start, &history, 20, &win_rules, &agreed).unwrap();
        assert_eq!((end.0, end.1), (GameResult::WhiteWins, Termination::WinAdjudication));
        // Black's engine disagrees once, or reported no score: play on.
        let disputed = [vec![Some(3.5), Some(4.0)], vec![Some(-3.0), Some(-1.0)]];
        assert_eq!(game_over::<Italian>(&start, &history, 20, &win_rules, &disputed), None);
        let silent = [vec![Some(3.5), Some(4.0)], vec![None, Some(-4.0)]];
        assert_eq!(game_over::<Italian>(&start, &history, 20, &win_rules, &silent), None);
        let mirrored = [vec![Some(-3.5), Some(-4.0)], vec![Some(3.0), Some(5.0)]];
        let end = game_over::<Italian>(&start, &history, 20, &win_rules, &mirrored).unwrap();
        assert_eq!(end.0, GameResult::BlackWins);

        let draw = ScoreRule { moves: 1, score: 0.1, after: 30 };
        let rules = GameRules { draw_rule: Some(draw), ..base_rules() };
        let quiet = [vec![Some(0.05)], vec![Some(-0.1)]];
        assert_eq!(
            game_over::<Italian>(&start, &history, 29, &rules, &quiet),
            None,
            "not before ply 30"
        );
        let end = game_over::<Italian>(&start, &history, 30, &rules, &quiet).unwrap();
        assert_eq!((end.0, end.1), (GameResult::Draw, Termination::DrawAdjudication));
    }
}
