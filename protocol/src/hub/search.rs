//! A search on its own thread: the searcher moves in, `info` lines go straight to the output after
//! each iteration, and the searcher comes back to the session with the chosen move, in Hub
//! notation, in an [`Event::SearchFinished`], after which the session writes `done`.

use super::event::{Choice, Event, Finished};
use super::output::Output;
use super::response::{Progress, Response};
use crate::games::{Game, GameRules};
use dama_engine::rules::Rules;
use dama_engine::search::{skill, SearchControl, SearchLimits, SearchResult, Searcher};

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

/// A search to start: the limits, how many lines to report, and the skill level's choice.
pub struct SearchRequest {
    /// The limits.
    pub limits: SearchLimits,
    /// Lines reported in `info` lines.
    pub shown: usize,
    /// A skill level below full strength and the random number its choice uses.
    pub skill: Option<(u8, f64)>,
    /// The move-count rule, in plies.
    pub quiet_ply_limit: u32,
}

/// Starts searching `game` on a new thread. `request.shown` lines are reported in `info` lines
/// (each tagged `multipv=K` when there are several); the search may look at more (a skill level
/// chooses among them).
pub fn start<R: GameRules>(
    mut searcher: Searcher<R>,
    game: Game<R>,
    request: SearchRequest,
    control: Arc<SearchControl>,
    output: Output,
    events: Sender<Event>,
) -> Result<RunningSearch, String> {
    let thread_control = Arc::clone(&control);
    let shown = request.shown;
    let thread = std::thread::Builder::new()
        .name("hub-search".into())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let root = game.position;
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                let result = searcher.search(
                    &root,
                    &game.history,
                    &request.limits,
                    &thread_control,
                    |info| {
                        if info.multipv <= shown {
                            let mut progress = Progress::new::<R>(info, &root);
                            progress.multipv = (shown > 1).then_some(info.multipv);
                            output.send(&Response::Info(progress));
                        }
                    },
                );
                choose::<R>(&root, &result, request.skill)
            }));
            let finished = match outcome {
                Ok(choice) => Finished { searcher: Some(Box::new(searcher)), result: Ok(choice) },
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

/// The move to play: the best one, or a skill level's choice among the lines (the expected reply
/// only when the choice is the best move).
fn choose<R: Rules>(
    root: &R::Position,
    result: &SearchResult<R::Move>,
    skill: Option<(u8, f64)>,
) -> Choice {
    let chosen = match skill {
        Some((level, random)) => {
            let chosen = skill::choose(level, &result.lines, random);
            let ponder = if chosen == result.best_move { result.ponder_move } else { None };
            chosen.map(|best| (best, ponder))
        }
        None => result.best_move.map(|best| (best, result.ponder_move)),
    };
    let best = chosen.map(|(best, _)| R::hub_text(root, &best));
    let ponder = chosen
        .and_then(|(best, ponder)| ponder.map(|reply| R::hub_text(&R::play(root, &best), &reply)));
    Choice {
        best,
        ponder,
        summary: format!(
            "depth {} score {} nodes {} time {:?}",
            result.depth, result.score, result.nodes, result.time
        ),
    }
}
