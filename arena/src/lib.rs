//! # dama-arena
//!
//! `dama match`: engine-against-engine matches between two engines, refereed by Dama's own
//! rules, scored (Elo with a 95% interval, LOS, game-pair statistics, SPRT) and recorded as PDN.
//! A client of engines of the Hub protocol (version 2 or the first), started as processes, and
//! of DXP engines, joined over TCP; the `dama` binary calls [`run`] and prints the report it
//! returns.
//!
//! ```text
//! dama match --engine "target/release/dama hub" name=new option.threads=1 \
//!            --engine "../old/dama hub" name=old --nodes 20000 --openings ballots3 \
//!            --concurrency 2 --pdn-out games.pdn --sprt elo0=0,elo1=5
//! ```
//!
//! One module per idea: `engine` (the engines, whatever protocol they speak), `referee` (one
//! game), `openings` (opening sets and the game schedule), `runner` (workers in parallel),
//! `stats`, `estimate` and `sprt` (the numbers), `scoreboard` (reports), `pdn` (records),
//! `progress` (the bar), `config` (command-line values), `args` (the command line), `game_end`
//! (how a game ends), `hub_line` (one Hub line, client side), `spec` (an engine's settings and
//! identity), `shard` (a shard's result file) and `merge` (`dama match-merge`: shards counted as
//! one run).

/// `eprintln!` that never fails: progress and warnings go to stderr (a closed stderr loses them).
macro_rules! tell {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, $($arg)*);
    }};
}

pub mod args;
pub mod config;
pub mod engine;
pub mod engine_arg;
pub mod estimate;
pub mod game_end;
pub mod hub_line;
pub mod merge;
pub mod openings;
pub mod pdn;
pub mod progress;
pub mod referee;
pub mod runner;
pub mod scoreboard;
pub mod shard;
pub mod spec;
pub mod sprt;
pub mod stats;

pub use args::{EngineList, MatchArgs};
use config::{GameRules, Limit};
use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::rules::Rules;
use dama_engine::variant::Variant;
use dama_frontend::interrupt;
use engine::{EngineProtocol, EngineSpec};
use openings::{schedule, OpeningSource};
use runner::{run_match, MatchPlan};
use shard::ShardResult;
use sprt::Sprt;
use std::time::{Duration, Instant};

/// What an engine is called in messages: its command, or where it listens.
fn describe(spec: &EngineSpec) -> String {
    match (&spec.protocol, spec.argv.is_empty()) {
        (EngineProtocol::Dxp(target), true) => format!("dxp={}", target.address),
        (EngineProtocol::Dxp(target), false) => {
            format!("{}, dxp={}", spec.argv.join(" "), target.address)
        }
        _ => spec.argv.join(" "),
    }
}

/// Checks that each engine can play the match as asked: its protocol can say the game and the
/// limit; a DXP engine's game requests get their time.
fn check_protocols(
    specs: &mut [EngineSpec; 2],
    variant: Variant,
    rules: &GameRules,
    concurrency: u64,
) -> Result<(), String> {
    for (index, spec) in specs.iter_mut().enumerate() {
        let name = format!("engine {} ({})", index + 1, describe(spec));
        let limit = rules.limit_of(index);
        match &mut spec.protocol {
            EngineProtocol::Hub => {}
            EngineProtocol::Hub1 => {
                engine::hub1::check_match(variant, limit).map_err(|e| format!("{name}: {e}"))?
            }
            EngineProtocol::Dxp(target) => {
                if variant != Variant::International {
                    return Err(format!(
                        "{name}: DXP is spoken for International draughts only, not {}",
                        variant.name()
                    ));
                }
                if concurrency > 1 {
                    return Err(format!(
                        "{name}: a DXP engine serves one game at a time: give --concurrency 1 \
                         (or run shards, each with an engine of its own)"
                    ));
                }
                target.resolve(limit).map_err(|e| format!("{name}: {e}"))?;
            }
        }
    }
    Ok(())
}

/// Starts each engine once to learn its name and check that it takes its settings (a DXP
/// engine: that it accepts a game).
fn engine_names(specs: &[EngineSpec; 2], patience: Duration) -> Result<[String; 2], String> {
    let mut names = Vec::new();
    for (index, spec) in specs.iter().enumerate() {
        let failed = |e: String| format!("engine {} ({}): {e}", index + 1, describe(spec));
        let mut engine = engine::launch(spec, patience).map_err(failed)?;
        let checked = engine.check(patience);
        let identity = engine.identity().clone();
        engine.quit();
        checked.map_err(failed)?;
        let needs_variant =
            spec.variant != Variant::Italian && spec.protocol == EngineProtocol::Hub;
        let variant = needs_variant.then(|| ("variant".to_string(), String::new()));
        let declared = spec.protocol == EngineProtocol::Hub;
        for (name, _) in spec.params.iter().chain(&variant).filter(|_| declared) {
            if !identity.params.contains(name) {
                return Err(format!(
                    "engine {} ({}) has no param '{name}'; it has: {}",
                    index + 1,
                    identity.full_name(),
                    identity.params.join(" ")
                ));
            }
        }
        names.push(spec.label.clone().unwrap_or_else(|| identity.full_name()));
    }
    if names[0] == names[1] {
        names = names.into_iter().enumerate().map(|(i, n)| format!("{n} ({})", i + 1)).collect();
    }
    Ok([names[0].clone(), names[1].clone()])
}

/// Runs `dama match`: the match report (the summary and the `result` line) when it is over.
pub fn run(args: &MatchArgs) -> Result<String, String> {
    // The ballots are Italian and English ones; the other games play every first move and reply.
    let default = match args.variant {
        Variant::Italian | Variant::English => "ballots3",
        Variant::International | Variant::Russian | Variant::Brazilian => "moves2",
    };
    let source: OpeningSource = args.openings.as_deref().unwrap_or(default).parse()?;
    match args.variant {
        Variant::Italian => run_games::<Italian>(args, &source, source.load()?),
        Variant::English => run_games::<English>(args, &source, source.load_english()?),
        Variant::International => run_games::<International>(args, &source, source.load_for()?),
        Variant::Russian => run_games::<Russian>(args, &source, source.load_for()?),
        Variant::Brazilian => run_games::<Brazilian>(args, &source, source.load_for()?),
    }
}

/// Plays the match in the game `R` from `openings`.
fn run_games<R: Rules>(
    args: &MatchArgs,
    source: &OpeningSource,
    openings: Vec<openings::Opening<R>>,
) -> Result<String, String> {
    let mut specs = args.specs()?;
    let mut rules = args.rules()?;
    for (index, spec) in specs.iter().enumerate() {
        if let Some((key, value)) = &spec.limit {
            rules.engine_limits[index] = Some(engine_arg::engine_limit(key, value)?);
        }
    }
    check_protocols(&mut specs, args.variant, &rules, args.concurrency)?;
    let sprt: Option<Sprt> = args.sprt.as_deref().map(str::parse).transpose()?;
    let games = match (args.games, args.rounds) {
        (Some(g), _) => g as usize,
        (_, Some(r)) => 2 * r as usize,
        _ => 2 * openings.len(),
    };
    if let Some(path) = &args.pdn_out {
        check_pdn_out(path, args.append, args.force)?;
    }
    if args.force && args.pdn_out.is_none() && args.shard_out.is_none() {
        return Err("--force replaces an output file: give --pdn-out or --shard-out".to_string());
    }
    if let Some(path) = &args.shard_out {
        if args.sprt.is_some() {
            return Err("--sprt decides over the whole match, so a shard plays all its games: \
                        give --sprt to dama match-merge, which counts the shards together"
                .to_string());
        }
        if path.exists() && !args.force {
            return Err(format!(
                "--shard-out '{}' exists: give --force to replace it",
                path.display()
            ));
        }
        dama_frontend::files::check_writable("--shard-out", path, path)?;
    }
    if engine::mirrors(&specs, &rules) {
        tell!(
            "warning: both engines are the same command with the same settings at a fixed {}: if \
             the engine is deterministic every game pair mirrors and the match measures nothing",
            if matches!(rules.limit, Limit::Nodes(_)) { "node count" } else { "depth" }
        );
    }
    interrupt::install()?;
    let names = engine_names(&specs, rules.patience)?;
    // The settings that make the games: the shards of one match must agree on all of them.
    let settings = format!(
        "{specs:?} {rules:?} openings={} ({}) seed={:?} games={games}",
        source.name(),
        openings.len(),
        args.seed
    );
    let mut slots = schedule(openings.len(), games, args.seed);
    if let Some(shard) = args.shard {
        let share = shard.games(games as u64);
        slots = slots[share.start as usize..share.end as usize].to_vec();
    }
    let plan = MatchPlan {
        specs,
        names,
        total_games: games,
        keep_games: args.shard.is_some(),
        games: slots,
        openings,
        rules,
        concurrency: args.concurrency as usize,
        sprt,
        pdn_out: args.pdn_out.clone(),
        event: args.event.clone(),
        quiet: args.quiet,
        pdn_append: args.append,
    };
    if !args.quiet {
        let shard = match (args.shard, plan.games.first(), plan.games.last()) {
            (Some(shard), Some(first), Some(last)) => {
                format!(" (shard {shard}: games {} to {})", first.number, last.number)
            }
            (Some(shard), ..) => format!(" (shard {shard}: no game)"),
            _ => String::new(),
        };
        tell!(
            "match: {} vs {}, {}, {} games{shard}, openings {} ({}), {}, concurrency {}",
            plan.names[0],
            plan.names[1],
            R::NAME,
            games,
            source.name(),
            plan.openings.len(),
            plan.rules.limits_text(),
            plan.concurrency
        );
    }
    let started = Instant::now();
    let end = run_match(&plan)?;
    let names = [plan.names[0].as_str(), plan.names[1].as_str()];
    let mut report = String::new();
    if end.interrupted {
        report.push_str(
            "Interrupted (Ctrl-C): the games under way were abandoned; the finished games:\n",
        );
    }
    let board = &end.board;
    report.push_str(&board.summary(names, plan.sprt.as_ref(), started.elapsed()));
    report.push_str(&format!(
        "{} interrupted={}\n",
        board.result_line(plan.sprt.as_ref()),
        end.interrupted
    ));
    if let (Some(shard), Some(path)) = (args.shard, &args.shard_out) {
        if end.interrupted {
            report.push_str(&format!(
                "shard {shard} interrupted: no --shard-out file written (run it again)\n"
            ));
        } else {
            ShardResult {
                shard,
                total_games: games,
                variant: args.variant,
                mirrors: engine::mirrors(&plan.specs, &plan.rules),
                seconds: started.elapsed().as_secs_f64(),
                names: plan.names.clone(),
                settings,
                result_line: board.result_line(None),
                games: end.games,
            }
            .write(path)?;
        }
    }
    Ok(report)
}

/// Refuses to overwrite an existing PDN file unless asked to (--force) or to add to it (--append),
/// and checks that it can be written, before any engine starts.
fn check_pdn_out(path: &std::path::Path, append: bool, force: bool) -> Result<(), String> {
    if path.exists() && !path.is_dir() && !append && !force {
        return Err(format!(
            "--pdn-out '{}' exists: give --append to add the games to it or --force to replace it",
            path.display()
        ));
    }
    dama_frontend::files::check_writable("--pdn-out", path, path)
}
