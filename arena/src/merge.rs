//! `dama match-merge`: counts the result files of a match's shards (`dama match --shard I/N`)
//! as one run: the same score, Elo interval and SPRT state, and the games' PDN in game order.
//!
//! The games are counted in the order of one run (game number), and an SPRT is checked after
//! each, as one run playing one game at a time would: the decision is the first bound the LLR
//! reaches in that order, and the games after it (the shards that were under way) still count
//! in the score, as in one run. Shards may be missing (a match stopped early by its SPRT); the
//! result then covers the games of the shards given, and says so on stderr.

use super::scoreboard::Scoreboard;
use super::shard::ShardResult;
use super::sprt::Sprt;
use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::rules::Rules;
use dama_engine::variant::Variant;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `dama match-merge`.
#[derive(clap::Args, Debug)]
pub struct MatchMergeArgs {
    /// The shards' result files (from `dama match --shard I/N --shard-out FILE`), in any order.
    #[arg(value_name = "SHARD", required = true)]
    shards: Vec<PathBuf>,
    /// The SPRT of the match: elo0=E0,elo1=E1[,alpha=A][,beta=B] (alpha, beta default 0.05).
    #[arg(long, value_name = "elo0=0,elo1=5,alpha=0.05,beta=0.05")]
    sprt: Option<String>,
    /// Write every game of the shards to this PDN file, in game order.
    #[arg(long, value_name = "FILE")]
    pdn_out: Option<PathBuf>,
    /// Replace an existing --pdn-out file.
    #[arg(long, requires = "pdn_out")]
    force: bool,
}

/// The name of the move count of a game.
fn move_count_rule(variant: Variant) -> &'static str {
    match variant {
        Variant::Italian => Italian::MOVE_COUNT_RULE,
        Variant::English => English::MOVE_COUNT_RULE,
        Variant::International => International::MOVE_COUNT_RULE,
        Variant::Russian => Russian::MOVE_COUNT_RULE,
        Variant::Brazilian => Brazilian::MOVE_COUNT_RULE,
    }
}

/// Reads the shards and checks that they are shards of one match, each once and whole.
fn read_shards(paths: &[PathBuf]) -> Result<BTreeMap<u32, ShardResult>, String> {
    let mut shards: BTreeMap<u32, (PathBuf, ShardResult)> = BTreeMap::new();
    for path in paths {
        let shard = ShardResult::read(path)?;
        if let Some((other, first)) = shards.values().next() {
            let same_match = shard.settings == first.settings
                && shard.total_games == first.total_games
                && shard.shard.count == first.shard.count
                && shard.names == first.names;
            if !same_match {
                return Err(format!(
                    "{} and {} are not shards of one match (their settings, games, engines or \
                     shard counts differ)",
                    other.display(),
                    path.display()
                ));
            }
        }
        let expected = shard.shard.games(shard.total_games as u64);
        let numbers: Vec<u64> = shard.games.iter().map(|(g, _)| g.slot.number as u64 - 1).collect();
        if numbers != expected.clone().collect::<Vec<u64>>() {
            return Err(format!(
                "{} (shard {}) holds {} games, not its games {} to {} of {}",
                path.display(),
                shard.shard,
                numbers.len(),
                expected.start + 1,
                expected.end,
                shard.total_games
            ));
        }
        let index = shard.shard.index;
        if let Some((other, _)) = shards.insert(index, (path.clone(), shard)) {
            return Err(format!(
                "{} and {} are the same shard {index}: each shard counts once",
                other.display(),
                path.display()
            ));
        }
    }
    Ok(shards.into_iter().map(|(index, (_, shard))| (index, shard)).collect())
}

/// Runs `dama match-merge`: the report of the merged match (the summary and the `result` line,
/// as one run prints them).
pub fn run(args: &MatchMergeArgs) -> Result<String, String> {
    let sprt: Option<Sprt> = args.sprt.as_deref().map(str::parse).transpose()?;
    if let Some(path) = &args.pdn_out {
        if path.exists() && !args.force {
            return Err(format!(
                "--pdn-out '{}' exists: give --force to replace it",
                path.display()
            ));
        }
        dama_frontend::files::check_writable("--pdn-out", path, path)?;
    }
    let shards = read_shards(&args.shards)?;
    let first = shards.values().next().ok_or("give the shards' result files")?;
    let (count, total) = (first.shard.count, first.total_games);
    let mut board = Scoreboard::new(move_count_rule(first.variant), first.mirrors);
    let mut games: Vec<_> = shards.values().flat_map(|s| s.games.iter()).collect();
    games.sort_by_key(|(score, _)| score.slot.number);
    for (score, _) in &games {
        board.add_score(score);
        if let Some(sprt) = &sprt {
            board.check_sprt(sprt);
        }
    }
    let missing: Vec<String> =
        (1..=count).filter(|i| !shards.contains_key(i)).map(|i| format!("{i}/{count}")).collect();
    tell!(
        "merged {} of {count} shards: {} of the match's {total} games",
        shards.len(),
        games.len()
    );
    if !missing.is_empty() {
        tell!("shards not given (not counted): {}", missing.join(", "));
    }
    if let Some(path) = &args.pdn_out {
        let text: String = games.iter().map(|(_, pdn)| pdn.as_str()).collect();
        dama_frontend::files::write_atomically(path, text.as_bytes())
            .map_err(|e| format!("cannot write --pdn-out '{}': {e}", path.display()))?;
    }
    let seconds: f64 = shards.values().map(|s| s.seconds).sum();
    let names = [first.names[0].as_str(), first.names[1].as_str()];
    let mut report = board.summary(names, sprt.as_ref(), Duration::from_secs_f64(seconds));
    report.push_str(&format!("{} interrupted=false\n", board.result_line(sprt.as_ref())));
    Ok(report)
}
