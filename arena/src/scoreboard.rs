//! The running score of a match and its reports: the progress message, the human summary and the
//! one machine-readable `result` line.

use super::estimate::{estimate, Model, NoInterval};
use super::referee::{EngineTime, GameRecord, GameScore, Termination};
use super::sprt::{Sprt, SprtDecision};
use super::stats::{EloEstimate, Outcome, Pentanomial, Tally};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;
use std::time::Duration;

/// Everything counted so far, from the first engine's point of view.
#[derive(Clone, Debug, Default)]
pub struct Scoreboard {
    /// Wins, draws and losses.
    pub tally: Tally,
    /// Complete game pairs by points.
    pub pairs: Pentanomial,
    /// The outcome of the finished game of each incomplete pair.
    waiting: HashMap<usize, Outcome>,
    /// Games by how they ended.
    pub terminations: BTreeMap<Termination, u64>,
    /// Forfeited games per engine.
    pub forfeits: [u64; 2],
    /// Plies played by engines, and their wall time from `go` to `done`.
    pub engine_moves: u64,
    /// Summed wall time of engine moves.
    pub search_time: Duration,
    /// Summed search time the engines reported.
    pub reported_time: f64,
    /// Summed wall time of whole games.
    pub game_time: Duration,
    /// Each engine's moves and their wall time from `go` to `done`.
    pub engine_time: [EngineTime; 2],
    /// Whether some game did not say each engine's time (read from an older shard's file).
    pub engine_time_unknown: bool,
    /// The game's name for its move count (`40-move rule`, `25-move rule`).
    pub move_count_rule: &'static str,
    /// Whether the two engines are one command with one settings at a fixed depth or node count:
    /// then, if deterministic, every game pair mirrors.
    pub mirrors: bool,
    /// The SPRT's decision when it stopped the match: the games finished after it (those under
    /// way when it was reached) are counted in the score but do not undo it.
    pub sprt_stop: Option<SprtStop>,
}

/// The moment an SPRT reached a bound.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtStop {
    /// The bound reached.
    pub decision: SprtDecision,
    /// The log-likelihood ratio then.
    pub llr: f64,
    /// The games finished then.
    pub games: u64,
}

impl Scoreboard {
    /// An empty board for a game whose move count is named `move_count_rule`, between the same
    /// engine twice at a fixed depth or node count (`mirrors`) or not.
    pub fn new(move_count_rule: &'static str, mirrors: bool) -> Scoreboard {
        Scoreboard { move_count_rule, mirrors, ..Scoreboard::default() }
    }

    /// Counts a finished game.
    pub fn add<R: dama_engine::rules::Rules>(&mut self, record: &GameRecord<R>) {
        self.add_score(&record.score());
    }

    /// Counts a finished game by its score alone (a game read back from a shard's file).
    pub fn add_score(&mut self, record: &GameScore) {
        let outcome = record.outcome;
        self.tally.add(outcome);
        match self.waiting.remove(&record.slot.pair) {
            Some(other) => self.pairs.add_pair(other, outcome),
            None => {
                self.waiting.insert(record.slot.pair, outcome);
            }
        }
        *self.terminations.entry(record.termination).or_default() += 1;
        if let Some(offender) = record.offender {
            self.forfeits[offender] += 1;
        }
        self.engine_moves += record.engine_moves as u64;
        self.search_time += record.search_time;
        self.reported_time += record.reported_time;
        self.game_time += record.wall_time;
        match record.engine_time {
            Some(times) => {
                for (sum, time) in self.engine_time.iter_mut().zip(times) {
                    sum.moves += time.moves;
                    sum.search += time.search;
                }
            }
            None => self.engine_time_unknown = true,
        }
    }

    /// The Elo difference with its 95% interval (pentanomial from two complete pairs on,
    /// trinomial before), else the true reason there is none and the bound left, if any: see
    /// `estimate.rs`.
    pub fn usable_estimate(&self) -> Result<(EloEstimate, Model), NoInterval> {
        let forfeits = self.forfeits[0] + self.forfeits[1];
        estimate(&self.tally, &self.pairs, forfeits, self.mirrors)
    }

    /// The SPRT's log-likelihood ratio, over game pairs.
    pub fn llr(&self, sprt: &Sprt) -> f64 {
        sprt.llr_pentanomial(&self.pairs)
    }

    /// Records the SPRT's decision if this game reached a bound and none was reached before;
    /// returns it when it is new.
    pub fn check_sprt(&mut self, sprt: &Sprt) -> Option<SprtStop> {
        if self.sprt_stop.is_some() {
            return None;
        }
        let llr = self.llr(sprt);
        let decision = sprt.decision(llr);
        if decision == SprtDecision::Continue {
            return None;
        }
        let stop = SprtStop { decision, llr, games: self.tally.games() };
        self.sprt_stop = Some(stop);
        Some(stop)
    }

    /// The SPRT's decision: the one that stopped the match, else where the LLR stands now.
    fn sprt_decision(&self, sprt: &Sprt) -> SprtDecision {
        match self.sprt_stop {
            Some(stop) => stop.decision,
            None => sprt.decision(self.llr(sprt)),
        }
    }

    /// The short text of the progress bar.
    pub fn progress_message(&self, sprt: Option<&Sprt>) -> String {
        let t = &self.tally;
        let mut text =
            format!("+{} ={} -{} ({:.1}%)", t.wins, t.draws, t.losses, 100.0 * t.score());
        match self.usable_estimate() {
            Ok((e, _)) => {
                let _ = write!(text, " elo {:+.1} ±{:.1}", e.elo, e.error());
            }
            Err(NoInterval { lower: Some(lower), .. }) => {
                let _ = write!(text, " elo >{lower:+.1}");
            }
            Err(NoInterval { upper: Some(upper), .. }) => {
                let _ = write!(text, " elo <{upper:+.1}");
            }
            Err(_) => {}
        }
        if let Some(sprt) = sprt {
            let _ = write!(text, " llr {:.2}", self.llr(sprt));
        }
        text
    }

    /// The human summary, several lines.
    pub fn summary(&self, names: [&str; 2], sprt: Option<&Sprt>, elapsed: Duration) -> String {
        let t = &self.tally;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Score of {} vs {}: {} - {} - {} (W - L - D) [{:.3}] {} games",
            names[0],
            names[1],
            t.wins,
            t.losses,
            t.draws,
            t.score(),
            t.games()
        );
        match self.usable_estimate() {
            Ok((e, model)) => {
                let how = match model {
                    Model::Pentanomial => model.how(self.pairs.pairs()),
                    Model::Trinomial => model.word().to_string(),
                };
                let _ = writeln!(
                    out,
                    "Elo difference: {:+.1} +/- {:.1} (95%, {how}; interval {:.1} to {:.1}), LOS {:.1}%",
                    e.elo,
                    e.error(),
                    e.lower,
                    e.upper,
                    100.0 * e.los
                );
            }
            Err(no) => {
                let _ = writeln!(out, "Elo difference: {}", no.text);
            }
        }
        let _ = writeln!(out, "Game pairs by points (0, 1/2, 1, 3/2, 2): {}", self.pairs);
        if let Some(sprt) = sprt {
            let llr = self.llr(sprt);
            let trinomial = sprt.llr_trinomial(&self.tally);
            let now = format!("LLR {llr:.3} over pairs ({trinomial:.3} over single games)");
            let _ = match self.sprt_stop {
                Some(stop) if stop.games == t.games() => {
                    writeln!(out, "SPRT ({sprt}): {now}, {} accepted", stop.decision.word())
                }
                Some(stop) => writeln!(
                    out,
                    "SPRT ({sprt}): {} accepted after {} games (LLR {:.3}); with the {} games \
                     under way then, {now}",
                    stop.decision.word(),
                    stop.games,
                    stop.llr,
                    t.games() - stop.games
                ),
                None => writeln!(out, "SPRT ({sprt}): {now}, no decision"),
            };
        }
        let ends: Vec<String> = self
            .terminations
            .iter()
            .map(|(k, n)| format!("{} {n}", k.text_for(self.move_count_rule)))
            .collect();
        let _ = writeln!(out, "Endings: {}", ends.join(", "));
        let _ = writeln!(
            out,
            "Forfeits: {} {}, {} {}",
            names[0], self.forfeits[0], names[1], self.forfeits[1]
        );
        if self.engine_moves > 0 {
            let moves = self.engine_moves as f64;
            let _ = writeln!(
                out,
                "Per engine move: {:.2} ms from go to done, {:.2} ms reported by the engines, \
                 {:.2} ms per move over whole games",
                1000.0 * self.search_time.as_secs_f64() / moves,
                1000.0 * self.reported_time / moves,
                1000.0 * self.game_time.as_secs_f64() / moves,
            );
            if !self.engine_time_unknown {
                let each: Vec<String> = (0..2)
                    .map(|i| {
                        let time = self.engine_time[i];
                        let mean = 1000.0 * time.search.as_secs_f64() / time.moves.max(1) as f64;
                        format!("{} {mean:.2} ms over {} moves", names[i], time.moves)
                    })
                    .collect();
                let _ = writeln!(out, "Per move of each engine, go to done: {}", each.join(", "));
            }
        }
        let minutes = elapsed.as_secs_f64() / 60.0;
        if minutes > 0.0 {
            let _ = writeln!(
                out,
                "Time: {:.1} s, {:.1} games per minute",
                elapsed.as_secs_f64(),
                t.games() as f64 / minutes
            );
        }
        out
    }

    /// The machine-readable line: `result games=... sprt=...`, space-separated `name=value`.
    pub fn result_line(&self, sprt: Option<&Sprt>) -> String {
        let t = &self.tally;
        let mut line = format!(
            "result games={} wins={} draws={} losses={} score={:.4}",
            t.games(),
            t.wins,
            t.draws,
            t.losses,
            t.score()
        );
        let ends = match self.usable_estimate() {
            Ok((e, model)) => {
                let _ = write!(
                    line,
                    " elo={:.1} elo95={:.1} los={:.4} model={}",
                    e.elo,
                    e.error(),
                    e.los,
                    model.word()
                );
                [Some(e.lower), Some(e.upper)]
            }
            Err(no) => {
                line.push_str(" elo=none elo95=none los=none model=none");
                [no.lower, no.upper]
            }
        };
        let _ = write!(line, " penta={}", self.pairs);
        match sprt {
            Some(sprt) => {
                let llr = self.llr(sprt);
                let _ = write!(line, " llr={llr:.3} sprt={}", self.sprt_decision(sprt).word());
            }
            None => line.push_str(" llr=none sprt=none"),
        }
        let _ = write!(line, " forfeits={},{}", self.forfeits[0], self.forfeits[1]);
        let end = |end: Option<f64>| end.map_or("none".to_string(), |x| format!("{x:.1}"));
        let _ = write!(line, " elo_lower={} elo_upper={}", end(ends[0]), end(ends[1]));
        line
    }
}

#[cfg(test)]
mod tests;
