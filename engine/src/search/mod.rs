//! The search, written once over [`Rules`] and compiled for each game: iterative deepening with
//! aspiration windows over a principal-variation alpha-beta (`worker`, its path and draws in
//! `path`), move ordering ([`ordering`]), a shared transposition table ([`tt`]), Lazy SMP
//! threads, the limits and the clock ([`limits`]), strength levels ([`skill`]) and what a search
//! reports ([`report`]). No I/O: progress is reported through a callback.
//!
//! ```
//! use dama_engine::board8::position::Position;
//! use dama_engine::history::GameHistory;
//! use dama_engine::italian::Italian;
//! use dama_engine::search::{SearchControl, SearchLimits, Searcher};
//!
//! let mut searcher = Searcher::<Italian>::new(16, 1).unwrap();
//! let position = Position::start();
//! let result = searcher.search(
//!     &position,
//!     &GameHistory::new::<Italian>(&position),
//!     &SearchLimits::depth(6),
//!     &SearchControl::new(),
//!     |info| assert!(info.depth >= 1),
//! );
//! assert!(position.legal_moves().contains(&result.best_move.unwrap()));
//! ```

mod counted;
mod iterate;
pub mod limits;
pub mod options;
pub mod ordering;
mod path;
pub mod report;
pub mod skill;
mod smp;
pub mod tt;
mod worker;

pub use limits::{Clock, SearchControl, SearchLimits, TimeBudget, DEFAULT_MOVE_OVERHEAD};
pub use options::SearchOptions;
pub use report::{Line, SearchInfo, SearchResult};
pub use tt::{TableSizeError, TranspositionTable};

use crate::history::GameHistory;
use crate::movelist::List;
use crate::rules::Rules;
use crate::score::{tablebase_score, Score};
use crate::tables::EndgameTables;
use counted::root_value_holds;
use iterate::iterate;
use smp::Depths;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use worker::{Shared, Worker};

/// The deepest nominal depth an iteration can reach.
pub const MAX_DEPTH: u32 = 100;

/// The most search threads any front end accepts (one limit for the Hub and the command line).
pub const MAX_THREADS: u32 = 64;

/// The largest transposition table any front end accepts, in MiB.
pub const MAX_TABLE_MIB: u32 = 65_536;

/// A search engine for the game `R`: the transposition table, the thread count, the options and
/// the evaluation, kept between searches.
pub struct Searcher<R: Rules> {
    tt: TranspositionTable,
    threads: usize,
    quiet_ply_limit: u32,
    options: SearchOptions,
    eval: R::Eval,
    endgame: Option<Arc<dyn EndgameTables<R::Position>>>,
    rules: PhantomData<R>,
}

impl<R: Rules> Searcher<R> {
    /// A searcher for the game `R` with a table of `table_mib` MiB and `threads` threads (at
    /// least one), the game's default options ([`SearchOptions::for_game`]) and its default
    /// evaluation.
    pub fn new(table_mib: usize, threads: usize) -> Result<Searcher<R>, TableSizeError> {
        Ok(Searcher {
            tt: TranspositionTable::new(table_mib)?,
            threads: threads.max(1),
            quiet_ply_limit: R::QUIET_PLY_LIMIT,
            options: SearchOptions::for_game::<R>(),
            eval: R::Eval::default(),
            endgame: None,
            rules: PhantomData,
        })
    }

    /// Sets (or removes) the endgame tables probed in the search (tables of the game's board;
    /// a game probes only tables of its own, [`EndgameTables::game`]).
    pub fn set_endgame_tables(&mut self, tables: Option<Arc<dyn EndgameTables<R::Position>>>) {
        self.endgame = tables;
    }

    /// Resizes the transposition table (its contents are lost). On error the old table is kept.
    pub fn set_table_size(&mut self, mib: usize) -> Result<(), TableSizeError> {
        self.tt = TranspositionTable::new(mib)?;
        Ok(())
    }

    /// [`Searcher::new`] with its table committed at once ([`Searcher::commit_table`]): for a
    /// searcher made before any clock runs.
    pub fn committed(table_mib: usize, threads: usize) -> Result<Searcher<R>, TableSizeError> {
        let mut searcher = Self::new(table_mib, threads)?;
        searcher.commit_table();
        Ok(searcher)
    }

    /// Commits the transposition table's pages now (huge pages where the system gives them):
    /// for a table made before a game, never while a clock runs ([`TranspositionTable::commit`]).
    pub fn commit_table(&mut self) {
        self.tt.commit();
    }

    /// Puts in a new transposition table and hands back the old one, so that a caller who must
    /// stay responsive can free a large, used table on another thread.
    pub fn replace_table(&mut self, table: TranspositionTable) -> TranspositionTable {
        std::mem::replace(&mut self.tt, table)
    }

    /// Sets the number of search threads (at least one).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Sets the move-count limit in plies used when no history says otherwise.
    pub fn set_quiet_ply_limit(&mut self, plies: u32) {
        self.quiet_ply_limit = plies;
    }

    /// The feature switches in use.
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// Replaces the feature switches.
    pub fn set_options(&mut self, options: SearchOptions) {
        self.options = options;
    }

    /// The evaluation in use.
    pub fn eval(&self) -> &R::Eval {
        &self.eval
    }

    /// Replaces the evaluation.
    pub fn set_eval(&mut self, eval: R::Eval) {
        self.eval = eval;
    }

    /// Forgets everything learned: for a new game, and before each `bench` position.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The table.
    pub fn table(&self) -> &TranspositionTable {
        &self.tt
    }

    /// Searches `position` (reached through `history`) within `limits`; `control` can stop it
    /// from another thread. `progress` is called after every completed iteration.
    pub fn search(
        &mut self,
        position: &R::Position,
        history: &GameHistory,
        limits: &SearchLimits,
        control: &SearchControl,
        mut progress: impl FnMut(&SearchInfo<R::Move>),
    ) -> SearchResult<R::Move> {
        let started = Instant::now();
        let mut list = List::new();
        R::generate(position, &mut list);
        let mut root_moves: Vec<R::Move> = list.to_vec();
        // Without a search: no move, or one move (the only legal one, or the only one that
        // keeps the tables' value, whose score is then the tables').
        let unsearched = |best: Option<R::Move>, score: Score| SearchResult {
            best_move: best,
            ponder_move: None,
            score,
            depth: 0,
            nodes: 0,
            time: started.elapsed(),
            pv: best.into_iter().collect(),
            lines: best.map(|m| Line { score, pv: vec![m] }).into_iter().collect(),
        };
        if root_moves.is_empty() {
            wait_if_unbounded(limits, control);
            return unsearched(None, 0);
        }
        // A history that does not end at this position is not this game's: ignore it.
        let key = R::key(position);
        let matches = history.keys().last() == Some(&key);
        let keys: Vec<u64> = if matches { history.keys().to_vec() } else { vec![key] };
        let quiet = if matches { history.quiet_plies() } else { 0 };
        // A material count runs from the history's start, or from here without one.
        let count = if matches {
            history.endgame_count().map(|c| (c.plies, c.limit))
        } else {
            R::endgame_count(position).map(|(limit, _)| (0, limit))
        };
        let table_value = match &self.endgame {
            Some(tables) if root_value_holds::<R>(tables.as_ref(), position, count) => {
                R::filter_root_moves(tables.as_ref(), position, &mut root_moves)
            }
            _ => None,
        };
        if root_moves.len() == 1 && !limits.infinite && !control.is_pondering() {
            let score = table_value.map_or(0, |value| tablebase_score(value, 0));
            return unsearched(Some(root_moves[0]), score);
        }
        self.tt.new_search();
        let shared: Shared<R> = Shared {
            tt: &self.tt,
            control,
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            node_limit: limits.nodes,
            budget: TimeBudget::new(limits),
            quiet_ply_limit: history.quiet_ply_limit().min(self.quiet_ply_limit),
            options: self.options.clone(),
            eval: self.eval.clone(),
            endgame: self.endgame.as_deref(),
            tablebase_hits: AtomicU64::new(0),
            rules: PhantomData,
        };
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let lines = limits.multipv.max(1);
        let result = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..self.threads)
                .map(|index| {
                    let shared = &shared;
                    let (keys, moves) = (&keys, root_moves.clone());
                    scope.spawn(move || {
                        let mut worker = Worker::new(shared, keys, quiet, count, false);
                        let depths = Depths { max: max_depth, helper: Some(index) };
                        iterate(&mut worker, position, moves, depths, 1, shared, &mut |_| {})
                    })
                })
                .collect();
            let mut worker = Worker::new(&shared, &keys, quiet, count, true);
            let depths = Depths { max: max_depth, helper: None };
            let root_moves = std::mem::take(&mut root_moves);
            let outcome =
                iterate(&mut worker, position, root_moves, depths, lines, &shared, &mut progress);
            shared.done.store(true, Ordering::SeqCst);
            let finished = helpers.into_iter().filter_map(|h| h.join().ok());
            // Several lines are the main thread's alone; one line is the deepest thread's.
            if lines > 1 {
                return outcome;
            }
            smp::deepest(outcome, finished)
        });
        wait_if_unbounded(limits, control);
        let (depth, lines) = result;
        let pv = lines[0].pv.clone();
        SearchResult {
            best_move: Some(pv[0]),
            ponder_move: pv.get(1).copied(),
            score: lines[0].score,
            depth,
            nodes: shared.nodes.load(Ordering::Relaxed),
            time: started.elapsed(),
            pv,
            lines,
        }
    }
}

/// Infinite analysis and pondering do not return before the caller says so.
fn wait_if_unbounded(limits: &SearchLimits, control: &SearchControl) {
    while (limits.infinite || control.is_pondering()) && !control.is_stopped() {
        std::thread::sleep(Duration::from_millis(1));
    }
}
