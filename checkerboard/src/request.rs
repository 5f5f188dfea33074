//! What `getmove` is asked and what it answers: the time limits of a request, the status line
//! CheckerBoard shows, and the verdict returned after the move.

use crate::board::{write_board, CbBoard, CbMove, CB_DRAW, CB_LOSS, CB_UNKNOWN, CB_WIN};
use crate::game::CbGame;
use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;
use dama_engine::history::GameHistory;
use dama_engine::rules::line_text;
use dama_engine::score::{is_tablebase_score, plies_to_end, score_text};
use dama_engine::search::{Clock, SearchInfo, SearchLimits};
use std::time::Duration;

/// What `getmove` is given besides the board.
#[derive(Clone, Copy, Debug)]
pub struct MoveRequest {
    /// CheckerBoard's colour of the side to move.
    pub color: i32,
    /// Seconds for the move.
    pub maxtime: f64,
    /// The `info` bits.
    pub info: i32,
    /// The packed clock of the incremental mode.
    pub moreinfo: i32,
}

/// What `getmove` answers.
#[derive(Clone, Debug)]
pub struct MoveAnswer {
    /// The move played, if any.
    pub cb_move: Option<CbMove>,
    /// The position after it (the board to write back).
    pub after: Option<Position>,
    /// `CB_WIN`, `CB_LOSS`, `CB_DRAW` or `CB_UNKNOWN`.
    pub verdict: i32,
    /// The last status line.
    pub status: String,
}

/// The time limits of a `getmove` call.
pub fn limits_for(request: &MoveRequest) -> SearchLimits {
    const INCREMENTAL_SHIFT: i32 = 2;
    const EXACT_TIME: i32 = 2;
    let units = [0.001, 0.01, 0.1];
    let mode = (request.info >> INCREMENTAL_SHIFT) & 3;
    let seconds =
        |s: f64| Duration::from_secs_f64(if s.is_finite() { s.clamp(0.0, 1e6) } else { 0.0 });
    if mode != 0 {
        let unit = units[(mode - 1) as usize];
        let packed = request.moreinfo as u32;
        let remaining = f64::from(packed >> 16) * unit;
        let increment = f64::from(packed & 0xffff) * unit;
        return SearchLimits {
            clock: Some(Clock {
                time: seconds(remaining),
                increment: seconds(increment),
                moves_to_go: None,
            }),
            ..SearchLimits::default()
        };
    }
    let time = seconds(request.maxtime).max(Duration::from_millis(10));
    if request.info & EXACT_TIME != 0 {
        SearchLimits::move_time(time)
    } else {
        // "Think about maxtime on average": a clock worth 30 such moves, so easy moves finish
        // early and hard ones may take up to a few times as long.
        SearchLimits {
            clock: Some(Clock {
                time: time * 30,
                increment: Duration::ZERO,
                moves_to_go: Some(30),
            }),
            ..SearchLimits::default()
        }
    }
}

/// The status line during the search of `root`.
pub fn progress_text<G: CbGame>(root: &Position, info: &SearchInfo<Move>) -> String {
    let mut text = status_text::<G>(root, &info.pv, info.depth, info.score, info.nodes, info.time);
    if info.tablebase_hits > 0 {
        text.push_str(&format!("  tb {}", info.tablebase_hits));
    }
    text
}

/// `depth 12  score +0.35  nodes 1.2M  2.3 s  pv 22-18 11-14 ...` (CheckerBoard shows it in its
/// status bar), the line `pv` written from `root` in the game's numbering.
pub fn status_text<G: CbGame>(
    root: &Position,
    pv: &[Move],
    depth: u32,
    score: i32,
    nodes: u64,
    time: Duration,
) -> String {
    let nodes = if nodes >= 1_000_000 {
        format!("{:.1}M", nodes as f64 / 1e6)
    } else if nodes >= 1_000 {
        format!("{:.0}k", nodes as f64 / 1e3)
    } else {
        nodes.to_string()
    };
    let line = line_text::<G>(root, &pv[..pv.len().min(12)], G::path_text);
    format!(
        "Dama  depth {depth}  score {}  nodes {nodes}  {:.1} s  pv {}",
        score_text(score),
        time.as_secs_f64(),
        line.join(" ")
    )
}

/// The verdict after our move: a win when the opponent cannot move or the search sees a forced
/// win (or a table win), a loss when it sees a forced loss, a draw when the game is drawn by
/// rule (repetition, the game's move count, or a material count of the rules that has run out:
/// Russian and Brazilian), else unknown. CheckerBoard ends engine matches on a claim, so nothing
/// is claimed on an evaluation.
pub fn verdict<G: CbGame>(after: &Position, history: &GameHistory, score: Option<i32>) -> i32 {
    if G::legal_moves(after).is_empty() {
        return CB_WIN;
    }
    if history.is_draw() || history.endgame_count().is_some_and(|count| count.reached()) {
        return CB_DRAW;
    }
    match score {
        Some(s) if plies_to_end(s).is_some() || is_tablebase_score(s) => {
            if s > 0 {
                CB_WIN
            } else {
                CB_LOSS
            }
        }
        _ => CB_UNKNOWN,
    }
}

/// Writes the position after the move and fills `out` (FFI helper kept here so it is tested).
pub fn apply_answer<G: CbGame>(board: &mut CbBoard, out: &mut CbMove, answer: &MoveAnswer) {
    if let (Some(m), Some(after)) = (answer.cb_move, answer.after) {
        *out = m;
        write_board::<G>(board, &after);
    }
}
