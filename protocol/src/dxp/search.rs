//! Dama's search on a thread of its own, so that the session keeps reading the connection while
//! it thinks (a backup request, a game end, a chat or the connection failing). The searcher
//! moves to the thread and comes back in [`Event::SearchDone`].

use super::event::{Event, SearchDone};
use dama_engine::history::GameHistory;
use dama_engine::international::{International, Position};
use dama_engine::rules::Rules;
use dama_engine::search::{SearchControl, SearchLimits, Searcher};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::Instant;

/// Stack for the search thread (the search recurses), as the Hub gives.
const STACK_BYTES: usize = 8 << 20;

/// What one search needs.
pub struct SearchJob {
    /// Which search this is.
    pub id: u64,
    /// The position.
    pub position: Position,
    /// How the game reached it.
    pub history: GameHistory,
    /// The limits (the clock).
    pub limits: SearchLimits,
}

/// Starts searching on a new thread; `control` stops it.
pub fn spawn(
    mut searcher: Searcher<International>,
    job: SearchJob,
    control: Arc<SearchControl>,
    events: Sender<Event>,
) -> Result<(), String> {
    std::thread::Builder::new()
        .name("dxp-search".into())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let started = Instant::now();
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                searcher.search(&job.position, &job.history, &job.limits, &control, |_| {})
            }));
            let done = match outcome {
                Ok(result) => SearchDone {
                    id: job.id,
                    best: result.best_move,
                    summary: format!(
                        "depth {} score {} nodes {}",
                        result.depth, result.score, result.nodes
                    ),
                    searcher: Some(searcher),
                    elapsed: started.elapsed(),
                },
                Err(_) => SearchDone {
                    id: job.id,
                    // The searcher may be broken: it is dropped, and the first legal move played.
                    best: International::legal_moves(&job.position).first().copied(),
                    summary: "the search failed".into(),
                    searcher: None,
                    elapsed: started.elapsed(),
                },
            };
            let _ = events.send(Event::SearchDone(Box::new(done)));
        })
        .map(|_| ())
        .map_err(|e| format!("cannot start the search thread: {e}"))
}
