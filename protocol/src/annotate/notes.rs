//! The verdict on each move of an annotated game (its loss against the engine's best, its mark
//! and the better line) and the summary of each side's play.

use dama_engine::color::Color;
use dama_engine::rules::Rules;
use dama_engine::score::{is_decisive, Score};
use dama_engine::search::Line;

/// The verdict on one move played (`M`: the game's move).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveNote<M> {
    /// The score after the move, from White's side.
    pub white_score: Score,
    /// How much the move lost against the best, for the side that played it (0 or more).
    pub loss: Score,
    /// `?`, `??`, `!` or nothing.
    pub mark: &'static str,
    /// The engine's better move and its line, where the move was a mistake.
    pub better: Option<Line<M>>,
}

/// Losses are counted up to 10 men in averages, so one thrown-away win does not drown the rest.
const LOSS_CAP: Score = 1_000;

/// The notes on the moves of a game from the engine's judgement of every position (`judged[i]`
/// is the position before move `i`, the last one after the last move).
pub fn notes<R: Rules>(
    positions: &[R::Position],
    moves: &[R::Move],
    judged_scores: &[Score],
    judged_lines: &[Vec<Line<R::Move>>],
    mistake: Score,
    blunder: Score,
) -> Vec<MoveNote<R::Move>> {
    let mut out = Vec::with_capacity(moves.len());
    for (i, mv) in moves.iter().enumerate() {
        let (before, after) = (judged_scores[i], judged_scores[i + 1]);
        let played = -after; // for the mover
        let loss = clamp_loss(before, played);
        let white =
            |s: Score, p: &R::Position| if R::side_to_move(p) == Color::White { s } else { -s };
        let lines = &judged_lines[i];
        let best_move = lines.first().and_then(|l| l.pv.first()).copied();
        let mark = if loss >= blunder {
            "??"
        } else if loss >= mistake {
            "?"
        } else if best_move == Some(*mv)
            && lines.len() >= 2
            && !is_decisive(before)
            && lines[1].score <= before - blunder
            && lines[1].score < -mistake
        {
            // The only move that holds: every other move loses a blunder's worth.
            "!"
        } else {
            ""
        };
        let better = (loss >= mistake).then(|| lines.first().cloned()).flatten();
        out.push(MoveNote { white_score: white(after, &positions[i + 1]), loss, mark, better });
    }
    out
}

/// How much a move scoring `played` lost against the best `best` (for the mover), never negative:
/// two wins (or two losses) in plies differ by their plies, and are small against any material.
fn clamp_loss(best: Score, played: Score) -> Score {
    (best - played).max(0)
}

/// The summary of one side's play.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideSummary {
    /// Moves played.
    pub moves: usize,
    /// Moves marked `?`.
    pub mistakes: usize,
    /// Moves marked `??`.
    pub blunders: usize,
    /// The sum of the losses, each capped at 10 men.
    pub total_loss: i64,
}

impl SideSummary {
    fn average(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.total_loss as f64 / self.moves as f64 / 100.0
        }
    }

    pub fn text(&self, side: &str) -> String {
        format!(
            "{side} {} mistake{}, {} blunder{}, average loss {:.2}",
            self.mistakes,
            if self.mistakes == 1 { "" } else { "s" },
            self.blunders,
            if self.blunders == 1 { "" } else { "s" },
            self.average()
        )
    }
}

/// The summaries of White and Black.
pub fn summarize<R: Rules>(
    positions: &[R::Position],
    notes: &[MoveNote<R::Move>],
) -> [SideSummary; 2] {
    let mut sides = [SideSummary::default(); 2];
    for (i, note) in notes.iter().enumerate() {
        let side = &mut sides[usize::from(R::side_to_move(&positions[i]) == Color::Black)];
        side.moves += 1;
        side.mistakes += usize::from(note.mark == "?");
        side.blunders += usize::from(note.mark == "??");
        side.total_loss += i64::from(note.loss.min(LOSS_CAP));
    }
    sides
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::board8::fen::parse_fen;
    use dama_engine::italian::Italian;

    #[test]
    fn losses_and_marks_follow_the_thresholds() {
        // A position where White has two moves; the engine's judgement is given directly.
        let p = parse_fen("W:W22,23:B10").unwrap();
        let moves = p.legal_moves();
        let (a, b) = (moves[0], moves[1]);
        let positions = vec![p, p.play(&b)];
        let best = vec![Line { score: 50, pv: vec![a] }, Line { score: -80, pv: vec![b] }];
        // The move played leaves Black at +80 (White -0.80): it lost 1.30 men: a blunder.
        let n = notes::<Italian>(&positions, &[b], &[50, 80], &[best.clone(), vec![]], 40, 100);
        assert_eq!(n[0].mark, "??");
        assert_eq!(n[0].loss, 130);
        assert_eq!(n[0].white_score, -80);
        assert_eq!(n[0].better.as_ref().unwrap().pv[0], a);
        // The best move played, when the other loses: the only move, "!".
        let positions = vec![p, p.play(&a)];
        let n = notes::<Italian>(&positions, &[a], &[50, -50], &[best, vec![]], 40, 100);
        assert_eq!((n[0].mark, n[0].loss, n[0].better.clone()), ("!", 0, None));
    }
}
