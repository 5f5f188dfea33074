//! A search on its own thread: the searcher moves in, `info` lines go straight to the output after
//! each iteration, and the searcher comes back to the session with the result in an
//! [`Event::SearchFinished`], after which the session writes `done`.

use super::game::Game;
use super::output::Output;
use super::response::{Progress, Response};
use super::session::Event;
use dama_engine::search::{SearchControl, SearchLimits, SearchResult, Searcher};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;

/// Stack for the search thread: the search recurses, and the main thread of `dama analyze` has
/// 8 MiB; give the same.
const STACK_BYTES: usize = 8 << 20;

/// A search in progress, as the session sees it.
pub struct RunningSearch {
    /// Stop and ponder-hit go through this.
    pub control: Arc<SearchControl>,
    thread: JoinHandle<()>,
}

impl RunningSearch {
    /// Waits for the thread to end (after it has sent its result).
    pub fn join(self) {
        if self.thread.join().is_err() {
            log::error!("the search thread ended abnormally");
        }
    }
}

/// A finished search: the searcher back (lost if the search panicked) and the result.
pub struct Finished {
    /// The searcher, to reuse.
    pub searcher: Option<Searcher>,
    /// The result, or what went wrong.
    pub result: Result<SearchResult, String>,
}

/// Starts searching `game` on a new thread. `shown` lines are reported in `info` lines (each
/// tagged `multipv=K` when there are several); the search may look at more (a skill level
/// chooses among them).
pub fn start(
    mut searcher: Searcher,
    game: &Game,
    limits: SearchLimits,
    shown: usize,
    control: Arc<SearchControl>,
    output: Output,
    events: Sender<Event>,
) -> Result<RunningSearch, String> {
    let (position, history) = (game.position, game.history.clone());
    let thread_control = Arc::clone(&control);
    let thread = std::thread::Builder::new()
        .name("hub-search".into())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                searcher.search(&position, &history, &limits, &thread_control, |info| {
                    if info.multipv <= shown {
                        let mut progress = Progress::from(info);
                        progress.multipv = (shown > 1).then_some(info.multipv);
                        output.send(&Response::Info(progress));
                    }
                })
            }));
            let finished = match outcome {
                Ok(result) => Finished { searcher: Some(searcher), result: Ok(result) },
                Err(panic) => {
                    let message = panic
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| panic.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "unknown panic".to_string());
                    Finished { searcher: None, result: Err(message) }
                }
            };
            let _ = events.send(Event::SearchFinished(Box::new(finished)));
        })
        .map_err(|e| format!("cannot start the search thread: {e}"))?;
    Ok(RunningSearch { control, thread })
}
