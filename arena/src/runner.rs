//! Running the games: `concurrency` workers, each with its own process of each engine (and so its
//! own clocks), take games from the schedule in order; the main thread counts the results, shows
//! progress, writes the PDN in game order and stops the match when the SPRT decides.

use super::config::GameRules;
use super::engine::{mirrors, EngineSlot, EngineSpec};
use super::openings::{GameSlot, Opening};
use super::pdn::{game_record, PdnContext};
use super::progress::Progress;
use super::referee::{play_game, GameRecord, GameScore, Termination};
use super::scoreboard::Scoreboard;
use super::sprt::Sprt;
use dama_engine::italian::Italian;
use dama_engine::rules::Rules;
use dama_frontend::interrupt;
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Instant;

/// Everything a match needs, ready to run.
pub struct MatchPlan<R: Rules = Italian> {
    /// The two engines.
    pub specs: [EngineSpec; 2],
    /// Their names in results and PDN.
    pub names: [String; 2],
    /// Limits and adjudication.
    pub rules: GameRules,
    /// The openings.
    pub openings: Vec<Opening<R>>,
    /// The games, in order: all of the match, or a shard's share.
    pub games: Vec<GameSlot>,
    /// The games of the whole match (more than `games` in a shard).
    pub total_games: usize,
    /// Keep each game's score and PDN record in [`MatchEnd::games`] (for a shard's file).
    pub keep_games: bool,
    /// Games played at once.
    pub concurrency: usize,
    /// Early stopping.
    pub sprt: Option<Sprt>,
    /// Where to write the PDN.
    pub pdn_out: Option<PathBuf>,
    /// The PDN `Event` tag.
    pub event: String,
    /// No line per game.
    pub quiet: bool,
    /// Add the games to an existing PDN file instead of creating it.
    pub pdn_append: bool,
}

/// How a match ended.
pub struct MatchEnd {
    /// The score of the finished games.
    pub board: Scoreboard,
    /// Whether the user interrupted the match (Ctrl-C); games under way were abandoned.
    pub interrupted: bool,
    /// With [`MatchPlan::keep_games`], each finished game's score and PDN record, in game order.
    pub games: Vec<(GameScore, String)>,
}

/// Writes PDN records in game order, whatever order they finish in.
struct PdnSink {
    file: BufWriter<File>,
    next: usize,
    waiting: BTreeMap<usize, String>,
}

impl PdnSink {
    fn add(&mut self, number: usize, text: String) -> Result<(), String> {
        self.waiting.insert(number, text);
        while let Some(text) = self.waiting.remove(&self.next) {
            self.file.write_all(text.as_bytes()).map_err(|e| format!("writing PDN: {e}"))?;
            self.next += 1;
        }
        self.file.flush().map_err(|e| format!("writing PDN: {e}"))
    }

    /// Writes the games still waiting for an earlier one that was abandoned.
    fn finish(&mut self) -> Result<(), String> {
        for text in std::mem::take(&mut self.waiting).into_values() {
            self.file.write_all(text.as_bytes()).map_err(|e| format!("writing PDN: {e}"))?;
        }
        self.file.flush().map_err(|e| format!("writing PDN: {e}"))
    }
}

/// One worker: plays games from the shared schedule until it runs out or the match stops.
fn worker<R: Rules>(
    plan: &MatchPlan<R>,
    next: &AtomicUsize,
    stop: &AtomicBool,
    results: mpsc::Sender<GameRecord<R>>,
) {
    let mut engines = plan.specs.clone().map(EngineSlot::new);
    while !stop.load(Ordering::SeqCst) && !interrupt::requested() {
        let index = next.fetch_add(1, Ordering::SeqCst);
        let Some(&slot) = plan.games.get(index) else { break };
        let record = play_game(&mut engines, slot, &plan.openings[slot.opening], &plan.rules);
        if results.send(record).is_err() {
            break;
        }
    }
    for engine in &mut engines {
        engine.shut_down();
    }
}

/// Opens the PDN file: created (it must not exist unless the caller allowed it) or appended to.
pub fn open_pdn(path: &std::path::Path, append: bool) -> Result<File, String> {
    let mut options = std::fs::OpenOptions::new();
    if append {
        options.append(true).create(true);
    } else {
        options.write(true).create(true).truncate(true);
    }
    options.open(path).map_err(|e| format!("cannot write '{}': {e}", path.display()))
}

/// Plays the match: the score of the finished games, and whether it was interrupted.
pub fn run_match<R: Rules>(plan: &MatchPlan<R>) -> Result<MatchEnd, String> {
    let mut sink = match &plan.pdn_out {
        Some(path) => Some(PdnSink {
            file: BufWriter::new(open_pdn(path, plan.pdn_append)?),
            next: plan.games.first().map_or(1, |slot| slot.number),
            waiting: BTreeMap::new(),
        }),
        None => None,
    };
    let context = PdnContext {
        event: &plan.event,
        names: [&plan.names[0], &plan.names[1]],
        time_control: plan.rules.limits_text(),
    };
    let progress = Progress::new(plan.games.len(), plan.quiet);
    let mut board = Scoreboard::new(R::MOVE_COUNT_RULE, mirrors(&plan.specs, &plan.rules));
    let (next, stop) = (AtomicUsize::new(0), AtomicBool::new(false));
    let started = Instant::now();
    let mut kept = Vec::new();
    let outcome = thread::scope(|scope| -> Result<(), String> {
        let (sender, receiver) = mpsc::channel();
        for _ in 0..plan.concurrency.clamp(1, plan.games.len().max(1)) {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || worker(plan, next, stop, sender));
        }
        drop(sender);
        for record in receiver {
            if record.termination == Termination::Interrupted {
                continue;
            }
            board.add(&record);
            let opening = &plan.openings[record.slot.opening].label;
            progress.line(&game_line(plan, &record, opening, &board));
            if let Some(sink) = &mut sink {
                if let Err(e) =
                    sink.add(record.slot.number, game_record(&record, opening, &context))
                {
                    stop.store(true, Ordering::SeqCst);
                    return Err(e);
                }
            }
            if plan.keep_games {
                kept.push((record.score(), game_record(&record, opening, &context)));
            }
            progress.game_done(board.progress_message(plan.sprt.as_ref()));
            if let Some(verdict) = plan.sprt.as_ref().and_then(|sprt| board.check_sprt(sprt)) {
                stop.store(true, Ordering::SeqCst);
                progress.line(&format!(
                    "SPRT: {} after {} games; finishing the games under way",
                    verdict.decision.word(),
                    verdict.games
                ));
            }
        }
        Ok(())
    });
    progress.finish();
    outcome?;
    if let Some(sink) = &mut sink {
        sink.finish()?;
    }
    let interrupted = interrupt::requested();
    if !plan.quiet {
        let how = if interrupted { "interrupted after" } else { "finished" };
        tell!("{how} {} games in {:.1} s", board.tally.games(), started.elapsed().as_secs_f64());
    }
    kept.sort_by_key(|(score, _): &(GameScore, String)| score.slot.number);
    Ok(MatchEnd { board, interrupted, games: kept })
}

/// The line printed for a finished game.
fn game_line<R: Rules>(
    plan: &MatchPlan<R>,
    record: &GameRecord<R>,
    opening: &str,
    board: &Scoreboard,
) -> String {
    let (white, black) = if record.slot.first_engine_white { (0, 1) } else { (1, 0) };
    let mut line = format!(
        "game {}/{} {} - {} ({opening}): {} {}",
        record.slot.number,
        plan.total_games,
        plan.names[white],
        plan.names[black],
        record.result.pdn(),
        record.termination.text::<R>(),
    );
    if !record.detail.is_empty() && record.termination.is_forfeit() {
        line.push_str(&format!(" ({})", record.detail));
    }
    let t = &board.tally;
    line.push_str(&format!("  [score +{} ={} -{}]", t.wins, t.draws, t.losses));
    line
}
