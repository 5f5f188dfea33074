//! What a search reports: its progress after each iteration, its lines, its outcome.

use crate::score::Score;
use std::time::Duration;

/// Progress of a search, reported after each completed iteration (`M`: the game's move type).
#[derive(Clone, Debug)]
pub struct SearchInfo<M> {
    /// The nominal depth just completed.
    pub depth: u32,
    /// The deepest ply reached (captures and extensions go beyond the nominal depth).
    pub seldepth: u32,
    /// The score for the side to move, in hundredths of a man (see [`crate::score`]).
    pub score: Score,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time since the search started (or since the ponder hit).
    pub time: Duration,
    /// The principal variation, first move first.
    pub pv: Vec<M>,
    /// Transposition table use, permille.
    pub table_fill: u32,
    /// Positions answered by the endgame tables.
    pub tablebase_hits: u64,
    /// Which line this is, 1 for the best (several lines with `SearchLimits::multipv`).
    pub multipv: usize,
}

/// One line of a search: its score and its moves, the first being the move it is about.
#[derive(Clone, Debug, PartialEq)]
pub struct Line<M> {
    /// The score of the line's first move.
    pub score: Score,
    /// The principal variation after that move, the move first.
    pub pv: Vec<M>,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the position has no legal move.
    pub best_move: Option<M>,
    /// The expected reply, to ponder on.
    pub ponder_move: Option<M>,
    /// The score of the best move.
    pub score: Score,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time used.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<M>,
    /// The best lines of the last completed iteration, best first: one, or up to
    /// `SearchLimits::multipv` (fewer when there are fewer legal moves). `lines[0]` is the best
    /// move's score and line.
    pub lines: Vec<Line<M>>,
}
