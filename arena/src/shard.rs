//! A shard's result file (`dama match --shard I/N --shard-out FILE`): the games of one shard of
//! a match, each with what its score needs and its PDN record, so that `dama match-merge` can
//! count them again as one run would.
//!
//! A text file of lines, written whole under a temporary name and renamed (a file with the name
//! is always complete):
//!
//! ```text
//! dama-match-shard 1
//! shard 2/4
//! games 348                      the games of the whole match
//! variant italian
//! same-engines false
//! seconds 61.25                  the shard's wall time
//! engine1 NAME                   the engines' names in results and PDN
//! engine2 NAME
//! match TEXT                     the match's settings: shards merge only with the same
//! result games=... penta=[...]   the shard's own result line (for people; not read back)
//! game 91 pair=45 opening=17 first-white=true outcome=win termination=no-legal-move
//!      offender=none engine-moves=80 search=1.234567 reported=1.100000 wall=2.500000 pdn=14
//! ...                            (one line), then the game's 14 PDN lines
//! end 88                         the number of games: a cut file is refused
//! ```

use super::game_end::Termination;
use super::openings::GameSlot;
use super::referee::{EngineTime, GameScore};
use super::stats::Outcome;
use dama_engine::variant::Variant;
use dama_frontend::shard::Shard;
use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

const MAGIC: &str = "dama-match-shard 1";

/// What a shard's file holds.
#[derive(Clone, Debug, PartialEq)]
pub struct ShardResult {
    /// Which shard.
    pub shard: Shard,
    /// The games of the whole match.
    pub total_games: usize,
    /// The game.
    pub variant: Variant,
    /// Whether the two engines are one command with one settings at a fixed depth or node count
    /// (a deterministic engine then mirrors every pair); the file's `same-engines` line.
    pub mirrors: bool,
    /// The shard's wall time.
    pub seconds: f64,
    /// The engines' names.
    pub names: [String; 2],
    /// The match's settings as text: shards of one match have the same.
    pub settings: String,
    /// The shard's result line (for people).
    pub result_line: String,
    /// Each game's score and PDN record, in game order.
    pub games: Vec<(GameScore, String)>,
}

fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
    }
}

impl ShardResult {
    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{MAGIC}\nshard {}\ngames {}", self.shard, self.total_games);
        let _ = writeln!(out, "variant {}\nsame-engines {}", self.variant.name(), self.mirrors);
        let _ = writeln!(out, "seconds {:.3}", self.seconds);
        let _ = writeln!(out, "engine1 {}\nengine2 {}", self.names[0], self.names[1]);
        let _ = writeln!(out, "match {}\n{}", self.settings, self.result_line);
        for (score, pdn) in &self.games {
            let slot = score.slot;
            let offender = score.offender.map_or("none".to_string(), |e| (e + 1).to_string());
            let _ = writeln!(
                out,
                "game {} pair={} opening={} first-white={} outcome={} termination={} \
                 offender={offender} engine-moves={} search={:.6} reported={:.6} wall={:.6}{} pdn={}",
                slot.number,
                slot.pair,
                slot.opening,
                slot.first_engine_white,
                outcome_word(score.outcome),
                score.termination.word(),
                score.engine_moves,
                score.search_time.as_secs_f64(),
                score.reported_time,
                score.wall_time.as_secs_f64(),
                engine_time_fields(score.engine_time),
                pdn.lines().count()
            );
            out.push_str(pdn);
            if !pdn.ends_with('\n') {
                out.push('\n');
            }
        }
        let _ = writeln!(out, "end {}", self.games.len());
        out
    }

    /// Writes the file whole or not at all.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        dama_frontend::files::write_atomically(path, self.to_text().as_bytes())
            .map_err(|e| format!("cannot write --shard-out '{}': {e}", path.display()))
    }

    /// Reads a shard's file.
    pub fn read(path: &Path) -> Result<ShardResult, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
        ShardResult::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads a shard's file from its text.
    pub fn parse(text: &str) -> Result<ShardResult, String> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        let mut next = |key: &str| -> Result<(usize, String), String> {
            let (number, line) = lines.next().ok_or(format!("cut short before '{key}'"))?;
            if key.is_empty() {
                return Ok((number, line.to_string()));
            }
            line.strip_prefix(key)
                .and_then(|rest| rest.strip_prefix(' '))
                .map(|rest| (number, rest.to_string()))
                .ok_or(format!("line {number}: expected '{key} ...'"))
        };
        if next("")?.1 != MAGIC {
            return Err(format!("not a match shard's result file (no '{MAGIC}' line)"));
        }
        let (n, shard) = next("shard")?;
        let shard: Shard = shard.parse().map_err(|e| format!("line {n}: {e}"))?;
        let (n, total) = next("games")?;
        let total_games = total.parse().map_err(|_| format!("line {n}: bad game count"))?;
        let (n, variant) = next("variant")?;
        let variant = Variant::from_name(&variant).ok_or(format!("line {n}: unknown variant"))?;
        let (n, same) = next("same-engines")?;
        let mirrors = same.parse().map_err(|_| format!("line {n}: expected true or false"))?;
        let (n, seconds) = next("seconds")?;
        let seconds = seconds.parse().map_err(|_| format!("line {n}: bad seconds"))?;
        let names = [next("engine1")?.1, next("engine2")?.1];
        let settings = next("match")?.1;
        let result_line = format!("result {}", next("result")?.1);
        let mut games = Vec::new();
        loop {
            let (n, line) = next("")?;
            if let Some(count) = line.strip_prefix("end ") {
                if count.parse::<usize>().ok() != Some(games.len()) {
                    return Err(format!(
                        "line {n}: the file holds {} games, not {count}",
                        games.len()
                    ));
                }
                break;
            }
            let rest = line.strip_prefix("game ").ok_or(format!("line {n}: expected a game"))?;
            let (score, pdn_lines) = parse_game(rest).map_err(|e| format!("line {n}: {e}"))?;
            let mut pdn = String::new();
            for _ in 0..pdn_lines {
                pdn.push_str(&next("")?.1);
                pdn.push('\n');
            }
            games.push((score, pdn));
        }
        Ok(ShardResult {
            shard,
            total_games,
            variant,
            mirrors,
            seconds,
            names,
            settings,
            result_line,
            games,
        })
    }
}

/// Each engine's moves and their time, ` time1=MOVES/SECONDS time2=MOVES/SECONDS` (nothing when
/// unknown: a game read from a file written before the referee kept them).
fn engine_time_fields(engine_time: Option<[EngineTime; 2]>) -> String {
    engine_time.map_or(String::new(), |times| {
        let field = |i: usize| {
            format!(" time{}={}/{:.6}", i + 1, times[i].moves, times[i].search.as_secs_f64())
        };
        format!("{}{}", field(0), field(1))
    })
}

/// Reads `MOVES/SECONDS`, an engine's share of a game (see [`engine_time_fields`]).
fn parse_engine_time(key: &str, value: &str) -> Result<EngineTime, String> {
    let bad = || format!("bad {key}= (MOVES/SECONDS)");
    let (moves, seconds) = value.split_once('/').ok_or_else(bad)?;
    let seconds = seconds.parse::<f64>().ok().filter(|s| s.is_finite() && *s >= 0.0);
    match (moves.parse(), seconds) {
        (Ok(moves), Some(seconds)) => {
            Ok(EngineTime { moves, search: Duration::from_secs_f64(seconds) })
        }
        _ => Err(bad()),
    }
}

/// Reads a game line (after `game `): its score and the number of PDN lines that follow.
fn parse_game(text: &str) -> Result<(GameScore, usize), String> {
    let mut words = text.split(' ');
    let number: usize = words.next().and_then(|w| w.parse().ok()).ok_or("bad game number")?;
    let mut fields = std::collections::HashMap::new();
    for word in words {
        let (key, value) = word.split_once('=').ok_or(format!("'{word}' is not key=value"))?;
        fields.insert(key, value);
    }
    let field = |key: &str| fields.get(key).copied().ok_or(format!("no {key}="));
    let number_of = |key: &str| -> Result<usize, String> {
        field(key)?.parse().map_err(|_| format!("bad {key}="))
    };
    let seconds = |key: &str| -> Result<f64, String> {
        field(key)?
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s >= 0.0)
            .ok_or(format!("bad {key}="))
    };
    let outcome = match field("outcome")? {
        "win" => Outcome::Win,
        "draw" => Outcome::Draw,
        "loss" => Outcome::Loss,
        other => return Err(format!("unknown outcome {other}")),
    };
    let termination = Termination::from_word(field("termination")?)
        .ok_or(format!("unknown termination {}", field("termination")?))?;
    let offender = match field("offender")? {
        "none" => None,
        "1" => Some(0),
        "2" => Some(1),
        other => return Err(format!("bad offender {other}")),
    };
    let slot = GameSlot {
        number,
        pair: number_of("pair")?,
        opening: number_of("opening")?,
        first_engine_white: field("first-white")?.parse().map_err(|_| "bad first-white=")?,
    };
    let score = GameScore {
        slot,
        outcome,
        termination,
        offender,
        engine_moves: number_of("engine-moves")?,
        search_time: Duration::from_secs_f64(seconds("search")?),
        reported_time: seconds("reported")?,
        wall_time: Duration::from_secs_f64(seconds("wall")?),
        engine_time: match (fields.get("time1"), fields.get("time2")) {
            (Some(first), Some(second)) => {
                Some([parse_engine_time("time1", first)?, parse_engine_time("time2", second)?])
            }
            (None, None) => None,
            _ => return Err("time1= and time2= go together".to_string()),
        },
    };
    Ok((score, number_of("pdn")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> ShardResult {
        let score = |number: usize, outcome, termination, offender| GameScore {
            slot: GameSlot {
                number,
                pair: (number - 1) / 2,
                opening: 4,
                first_engine_white: number % 2 == 1,
            },
            outcome,
            termination,
            offender,
            engine_moves: 31,
            search_time: Duration::from_millis(1500),
            reported_time: 1.25,
            wall_time: Duration::from_millis(1700),
            engine_time: (number % 2 == 1).then_some([
                EngineTime { moves: 16, search: Duration::from_millis(700) },
                EngineTime { moves: 15, search: Duration::from_millis(800) },
            ]),
        };
        ShardResult {
            shard: Shard::new(2, 3).unwrap(),
            total_games: 9,
            variant: Variant::English,
            mirrors: false,
            seconds: 3.5,
            names: ["new one".to_string(), "old (2)".to_string()],
            settings: "[EngineSpec { argv: [\"dama\", \"hub\"] }] nodes=100".to_string(),
            result_line: "result games=2 wins=1".to_string(),
            games: vec![
                (
                    score(3, Outcome::Win, Termination::NoLegalMove, None),
                    "[Event \"x\"]\n\n1. 22-18 *\n\n".to_string(),
                ),
                (
                    score(4, Outcome::Loss, Termination::TimeForfeit, Some(0)),
                    "[Round \"4\"]\n".to_string(),
                ),
            ],
        }
    }

    #[test]
    fn a_shard_file_reads_back_as_written() {
        let shard = example();
        assert_eq!(ShardResult::parse(&shard.to_text()).unwrap(), shard);
    }

    #[test]
    fn a_cut_or_foreign_file_is_refused_with_the_line() {
        let text = example().to_text();
        let cut: String = text.lines().take(12).map(|l| format!("{l}\n")).collect();
        assert!(ShardResult::parse(&cut).unwrap_err().contains("cut short"));
        let wrong_end = text.replace("end 2", "end 3");
        assert!(ShardResult::parse(&wrong_end).unwrap_err().contains("holds 2 games, not 3"));
        let bad = text.replace("outcome=win", "outcome=maybe");
        assert!(ShardResult::parse(&bad).unwrap_err().contains("unknown outcome maybe"));
        let bad = text.replace("time1=16/0.700000", "time1=16");
        assert!(ShardResult::parse(&bad).unwrap_err().contains("bad time1= (MOVES/SECONDS)"));
        let half = text.replace(" time2=15/0.800000", "");
        assert!(ShardResult::parse(&half).unwrap_err().contains("time1= and time2= go together"));
        assert!(ShardResult::parse("[Event \"a PDN file\"]\n")
            .unwrap_err()
            .contains("not a match shard"));
    }

    #[test]
    fn every_termination_has_a_word_of_its_own() {
        for termination in Termination::ALL {
            assert_eq!(Termination::from_word(termination.word()), Some(termination));
        }
    }
}
