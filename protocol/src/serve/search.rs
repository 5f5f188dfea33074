//! A tab's search on a thread of its own: infinite analysis with several lines, Dama's move at a
//! skill level or a time per move, or the annotation of the whole game. Progress goes to the
//! connection as [`Event::Reply`]; the end, with the searcher, as [`Event::Finished`]. A stopped
//! control ends any of them at once; the connection stops it when the tab closes.

use super::messages::{Info, MoveVerdict, Reply, MAX_LINES};
use super::Config;
use crate::annotate::{judge, notes, summarize};
use crate::games::{Game, GameRules};
use dama_engine::pdn::PdnGame;
use dama_engine::rules::{line_text, Rules};
use dama_engine::score::score_text;
use dama_engine::search::skill::MAX_SKILL;
use dama_engine::search::{skill, SearchControl, SearchInfo, SearchLimits, Searcher};
use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc::UnboundedSender;

/// Stack for a search thread (the search recurses), as the Hub's.
const STACK_BYTES: usize = 8 << 20;

/// What a search thread does.
#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    /// Analyse without end, showing this many lines.
    Analyze { lines: usize },
    /// Play a move at this skill (1-20) within this time.
    Play { skill: u8, movetime: Duration },
    /// Annotate the game, each position searched this long.
    Annotate { movetime: Duration },
}

impl Job {
    /// Whether the job needs a legal move in the position.
    pub fn needs_move(&self) -> bool {
        !matches!(self, Job::Annotate { .. })
    }

    /// Its name in [`Reply::Started`].
    pub fn mode(&self) -> &'static str {
        match self {
            Job::Analyze { .. } => "analyze",
            Job::Play { .. } => "play",
            Job::Annotate { .. } => "annotate",
        }
    }
}

/// What a search thread tells the connection.
pub enum Event {
    /// A reply to pass on.
    Reply(Reply),
    /// The search `id` ended: its last reply, and the searcher (none if it failed).
    Finished { id: u64, reply: Reply, searcher: Option<Box<dyn Any + Send>> },
}

/// Starts `job` on `game` on a new thread.
pub fn spawn<R: GameRules>(
    searcher: Searcher<R>,
    game: Game<R>,
    job: Job,
    id: u64,
    control: Arc<SearchControl>,
    events: UnboundedSender<Event>,
    config: Arc<Config>,
) -> Result<(), String> {
    config.searches.fetch_add(1, Ordering::SeqCst);
    let counted = Arc::clone(&config);
    let spawned = std::thread::Builder::new()
        .name("serve-search".into())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                run(searcher, &game, &job, id, &control, &events)
            }));
            let (reply, searcher) = match outcome {
                Ok((reply, searcher)) => (reply, Some(Box::new(searcher) as Box<dyn Any + Send>)),
                Err(_) => (Reply::Error { message: "the search failed".into() }, None),
            };
            counted.searches.fetch_sub(1, Ordering::SeqCst);
            let _ = events.send(Event::Finished { id, reply, searcher });
        });
    spawned.map(|_| ()).map_err(|e| {
        config.searches.fetch_sub(1, Ordering::SeqCst);
        format!("cannot start a search thread: {e}")
    })
}

fn run<R: GameRules>(
    mut searcher: Searcher<R>,
    game: &Game<R>,
    job: &Job,
    id: u64,
    control: &SearchControl,
    events: &UnboundedSender<Event>,
) -> (Reply, Searcher<R>) {
    let root = game.position;
    let reply = match *job {
        Job::Analyze { lines } => {
            let lines = lines.clamp(1, MAX_LINES);
            let limits = SearchLimits { infinite: true, multipv: lines, ..SearchLimits::default() };
            searcher.search(&root, &game.history, &limits, control, |info| {
                if info.multipv <= lines {
                    let _ = events.send(Event::Reply(Reply::Info(info_of::<R>(id, &root, info))));
                }
            });
            Reply::Done { search: id, best: None, score_text: None }
        }
        Job::Play { skill: level, movetime } => {
            let mut limits = SearchLimits::move_time(movetime);
            let mut random = 0.0;
            if level < MAX_SKILL {
                limits = skill::limit(level, &limits);
                random = rand::random::<f64>();
            }
            let result = searcher.search(&root, &game.history, &limits, control, |_| {});
            let best = match level < MAX_SKILL {
                true => skill::choose(level, &result.lines, random),
                false => result.best_move,
            };
            Reply::Done {
                search: id,
                best: best.map(|mv| R::path_text(&root, &mv)),
                score_text: Some(score_text(result.score)),
            }
        }
        Job::Annotate { movetime } => {
            let (reply, back) = annotate(searcher, game, movetime, control, events);
            return (reply, back);
        }
    };
    (reply, searcher)
}

/// A Hub `info` line as the page reads it.
fn info_of<R: Rules>(id: u64, root: &R::Position, info: &SearchInfo<R::Move>) -> Info {
    let seconds = info.time.as_secs_f64();
    Info {
        search: id,
        line: info.multipv,
        depth: info.depth,
        seldepth: info.seldepth,
        score: info.score,
        score_text: score_text(info.score),
        nodes: info.nodes,
        nps: if seconds > 0.0 { (info.nodes as f64 / seconds) as u64 } else { 0 },
        time: seconds,
        tbhits: info.tablebase_hits,
        pv: line_text::<R>(root, &info.pv, R::path_text),
    }
}

/// `dama annotate` on the tab's game, reporting each position searched.
fn annotate<R: GameRules>(
    searcher: Searcher<R>,
    game: &Game<R>,
    movetime: Duration,
    control: &SearchControl,
    events: &UnboundedSender<Event>,
) -> (Reply, Searcher<R>) {
    let limits = SearchLimits { multipv: 2, ..SearchLimits::move_time(movetime) };
    let (judged, searcher) =
        judge(searcher, game.start, &game.moves, &limits, control, |done, total| {
            let _ = events.send(Event::Reply(Reply::Progress { done, total }));
        });
    if judged.scores.len() < game.moves.len() + 1 {
        return (Reply::Error { message: "the annotation was stopped".into() }, searcher);
    }
    let (mistake, blunder) = (40, 100);
    let verdicts =
        notes::<R>(&judged.positions, &game.moves, &judged.scores, &judged.lines, mistake, blunder);
    let summary = summarize::<R>(&judged.positions, &verdicts);
    let pdn_game = PdnGame::<R> {
        tags: Vec::new(),
        start: game.start,
        moves: game.moves.clone(),
        result: None,
    };
    let how = format!("{} s a position", movetime.as_secs_f64());
    let pdn = crate::annotate::write_game(&pdn_game, &judged.positions, &verdicts, &summary, &how);
    let moves = verdicts
        .iter()
        .enumerate()
        .map(|(i, note)| MoveVerdict {
            white_score: note.white_score,
            loss: note.loss,
            mark: note.mark.to_string(),
            better: note.better.as_ref().map_or_else(Vec::new, |line| {
                line_text::<R>(&judged.positions[i], &line.pv, R::path_text)
            }),
        })
        .collect();
    let summary = format!("{}; {}", summary[0].text("White"), summary[1].text("Black"));
    (Reply::Annotation { moves, summary, pdn }, searcher)
}
