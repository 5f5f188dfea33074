//! # dama-arena
//!
//! `dama match`: engine-against-engine matches between two Hub engines, refereed by Dama's own
//! rules, scored (Elo with a 95% interval, LOS, game-pair statistics, SPRT) and recorded as PDN.
//! A client of Hub engines: it starts them as processes and speaks the Hub protocol to them; the
//! `dama` binary calls [`run`] and prints the report it returns.
//!
//! ```text
//! dama match --engine "target/release/dama hub" name=new option.threads=1 \
//!            --engine "../old/dama hub" name=old --nodes 20000 --openings ballots3 \
//!            --concurrency 2 --pdn-out games.pdn --sprt elo0=0,elo1=5
//! ```
//!
//! One module per idea: `engine` (the Hub client for one engine process), `referee` (one game),
//! `openings` (opening sets and the game schedule), `runner` (workers in parallel), `stats` and
//! `sprt` (the numbers), `scoreboard` (reports), `pdn` (records), `progress` (the bar), `config`
//! (command-line values), `game_end` (how a game ends), `hub_line` (one Hub line, client side),
//! `spec` (an engine's settings and identity).

/// `eprintln!` that never fails: progress and warnings go to stderr (a closed stderr loses them).
macro_rules! tell {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, $($arg)*);
    }};
}

pub mod config;
pub mod engine;
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

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use config::{engine_spec, parse_param, GameRules, Limit, ScoreRule};
use dama_engine::english::English;
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::rules::Rules;
use dama_engine::variant::Variant;
use dama_frontend::interrupt;
use dama_frontend::shard::Shard;
use dama_frontend::variant_arg::variant_parser;
use engine::{EngineProcess, EngineSpec};
use openings::{schedule, OpeningSource};
use runner::{run_match, MatchPlan};
use shard::ShardResult;
use sprt::Sprt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The `--engine` occurrences, each a command and its extras, kept apart (clap's derive flattens
/// repeated multi-value options, so this part is written by hand).
#[derive(Clone, Debug, Default)]
pub struct EngineList(pub Vec<Vec<String>>);

impl FromArgMatches for EngineList {
    fn from_arg_matches(matches: &ArgMatches) -> Result<EngineList, clap::Error> {
        let groups = matches
            .get_occurrences::<String>("engine")
            .map(|occurrences| occurrences.map(|values| values.cloned().collect()).collect())
            .unwrap_or_default();
        Ok(EngineList(groups))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = EngineList::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for EngineList {
    fn augment_args(command: Command) -> Command {
        command.arg(
            Arg::new("engine")
                .long("engine")
                .value_name("CMD [name=LABEL] [option.NAME=VALUE]")
                .num_args(1..)
                .action(ArgAction::Append)
                .required(true)
                .help(
                    "An engine (give exactly two): its command line as one word, e.g. \
                     \"target/release/dama hub\", then optionally name=LABEL and \
                     option.NAME=VALUE for each Hub param to set",
                ),
        )
    }

    fn augment_args_for_update(command: Command) -> Command {
        EngineList::augment_args(command)
    }
}

/// Arguments of `dama match`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["tc", "movetime", "depth", "nodes"])))]
pub struct MatchArgs {
    #[command(flatten)]
    engines: EngineList,
    /// A Hub param for both engines, NAME=VALUE (repeatable; an engine's own option.NAME wins).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Games to play (default: every opening twice, colours reversed).
    #[arg(long, conflicts_with = "rounds", value_parser = clap::value_parser!(u64).range(1..))]
    games: Option<u64>,
    /// Game pairs to play: each pair is one opening played twice with colours reversed.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    rounds: Option<u64>,
    /// Games played at the same time, each with its own engine processes.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    concurrency: u64,
    /// A clock per engine and game: SECONDS or SECONDS+INCREMENT (the increment is credited
    /// before each move, the Hub convention).
    #[arg(long, value_name = "SECONDS+INC")]
    tc: Option<String>,
    /// Seconds per move.
    #[arg(long, value_name = "SECONDS")]
    movetime: Option<f64>,
    /// A fixed search depth per move.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=200))]
    depth: Option<u32>,
    /// A fixed node count per move.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// The game: Dama Italiana, English or International draughts (the engines are told with
    /// the Hub variant param).
    #[arg(long, value_parser = variant_parser(), default_value = "italian")]
    variant: Variant,
    /// Openings: ballots3 (the three-move ballots: 174 in Italian, the 156 playable ACF ones in
    /// English), ballots2 (the 47 Italian two-move openings), moves2 (every first move and reply,
    /// any game), or a file with one FEN and/or move list per line [default: ballots3 in Italian
    /// and English, moves2 in International].
    #[arg(long, value_name = "ballots3|ballots2|moves2|FILE")]
    openings: Option<String>,
    /// Shuffle the openings with this seed (default: in order).
    #[arg(long)]
    seed: Option<u64>,
    /// Write every game to this PDN file (which must not exist, unless --append or --force).
    #[arg(long, value_name = "FILE")]
    pdn_out: Option<PathBuf>,
    /// Add the games to the end of an existing --pdn-out file.
    #[arg(long, requires = "pdn_out", conflicts_with = "force")]
    append: bool,
    /// Replace an existing --pdn-out or --shard-out file.
    #[arg(long)]
    force: bool,
    /// Play only shard I of N of the match: the I-th of N contiguous blocks of its game pairs
    /// (1-based), the same games as in one run; the result goes to --shard-out, and
    /// `dama match-merge` counts the shards' results as one run.
    #[arg(long, value_name = "I/N", requires = "shard_out")]
    shard: Option<Shard>,
    /// The shard's result file: its games' scores (pentanomial pairs) and PDN records, written
    /// when every game of the shard is played (not when interrupted).
    #[arg(long, value_name = "FILE", requires = "shard")]
    shard_out: Option<PathBuf>,
    /// Stop early by an SPRT: elo0=E0,elo1=E1[,alpha=A][,beta=B] (alpha, beta default 0.05).
    #[arg(long, value_name = "elo0=0,elo1=5,alpha=0.05,beta=0.05")]
    sprt: Option<String>,
    /// Adjudicate a draw after this many plies (opening moves included).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_plies: Option<u64>,
    /// Adjudicate a win when, for the last N moves of each engine, one engine scores at least S
    /// men and the other at most -S: moves=N,score=S.
    #[arg(long, value_name = "moves=N,score=S")]
    adjudicate_win: Option<String>,
    /// Adjudicate a draw when, for the last N moves of each engine, both scores lie within S men
    /// of zero, from ply P on: moves=N,score=S[,after=P].
    #[arg(long, value_name = "moves=N,score=S,after=P")]
    adjudicate_draw: Option<String>,
    /// Seconds to wait for a move under --depth or --nodes, and for an engine to start, before
    /// the engine forfeits as hung.
    #[arg(long, default_value_t = 30.0, value_name = "SECONDS")]
    timeout: f64,
    /// Seconds an engine may run over its clock or move time before it loses on time.
    #[arg(long, default_value_t = 0.05, value_name = "SECONDS")]
    time_margin: f64,
    /// The PDN Event tag.
    #[arg(long, default_value = "dama match")]
    event: String,
    /// No line per finished game on stderr (the progress bar and summary remain).
    #[arg(long)]
    quiet: bool,
}

/// Reads a positive, finite number of seconds.
fn seconds(option: &str, value: f64, allow_zero: bool) -> Result<Duration, String> {
    if value.is_finite() && (value > 0.0 || (allow_zero && value == 0.0)) && value < 1e7 {
        Ok(Duration::from_secs_f64(value))
    } else {
        Err(format!("{option}: {value} is not a valid number of seconds"))
    }
}

impl MatchArgs {
    fn limit(&self) -> Result<Limit, String> {
        Ok(match (&self.tc, self.movetime, self.depth, self.nodes) {
            (Some(tc), ..) => Limit::parse_clock(tc)?,
            (_, Some(s), ..) => Limit::MoveTime(seconds("--movetime", s, false)?.as_secs_f64()),
            (_, _, Some(d), _) => Limit::Depth(d),
            (_, _, _, Some(n)) => Limit::Nodes(n),
            _ => return Err("give one of --tc, --movetime, --depth, --nodes".to_string()),
        })
    }

    fn rules(&self) -> Result<GameRules, String> {
        Ok(GameRules {
            limit: self.limit()?,
            time_margin: seconds("--time-margin", self.time_margin, true)?,
            patience: seconds("--timeout", self.timeout, false)?,
            max_plies: self.max_plies.map(|n| n as usize),
            quiet_ply_limit: self.variant.quiet_ply_limit(),
            win_rule: match &self.adjudicate_win {
                Some(text) => Some(ScoreRule::parse("--adjudicate-win", text, false)?),
                None => None,
            },
            draw_rule: match &self.adjudicate_draw {
                Some(text) => Some(ScoreRule::parse("--adjudicate-draw", text, true)?),
                None => None,
            },
        })
    }

    fn specs(&self) -> Result<[EngineSpec; 2], String> {
        if self.engines.0.len() != 2 {
            return Err(format!("give exactly two --engine, got {}", self.engines.0.len()));
        }
        let shared = self
            .options
            .iter()
            .map(|text| parse_param("--option", text))
            .collect::<Result<Vec<_>, String>>()?;
        // The engines are told the game in the handshake, by the name each advertises for it (an
        // engine without a variant param plays only Italian); a variant set by hand must agree.
        let mut specs =
            [engine_spec(&self.engines.0[0], &shared)?, engine_spec(&self.engines.0[1], &shared)?];
        for spec in &mut specs {
            spec.variant = self.variant;
            if let Some((_, value)) = spec.params.iter().find(|(name, _)| name == "variant") {
                if Variant::from_name(value) != Some(self.variant) {
                    return Err(format!(
                        "--option variant={value} contradicts --variant {}",
                        self.variant.name()
                    ));
                }
            }
        }
        Ok(specs)
    }
}

/// Starts each engine once to learn its name and check that it takes its settings.
fn engine_names(specs: &[EngineSpec; 2], patience: Duration) -> Result<[String; 2], String> {
    let mut names = Vec::new();
    for (index, spec) in specs.iter().enumerate() {
        let process = EngineProcess::start(spec, patience)
            .map_err(|e| format!("engine {} ({}): {e}", index + 1, spec.argv.join(" ")))?;
        let identity = process.identity().clone();
        process.quit();
        let needs_variant = spec.variant != Variant::Italian;
        let variant = needs_variant.then(|| ("variant".to_string(), String::new()));
        for (name, _) in spec.params.iter().chain(&variant) {
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
    let default = if args.variant == Variant::International { "moves2" } else { "ballots3" };
    let source: OpeningSource = args.openings.as_deref().unwrap_or(default).parse()?;
    match args.variant {
        Variant::Italian => run_games::<Italian>(args, &source, source.load()?),
        Variant::English => run_games::<English>(args, &source, source.load_english()?),
        Variant::International => run_games::<International>(args, &source, source.load_for()?),
    }
}

/// Plays the match in the game `R` from `openings`.
fn run_games<R: Rules>(
    args: &MatchArgs,
    source: &OpeningSource,
    openings: Vec<openings::Opening<R>>,
) -> Result<String, String> {
    let specs = args.specs()?;
    let rules = args.rules()?;
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
    if engine::same_engines(&specs) {
        if let Limit::Nodes(_) | Limit::Depth(_) = rules.limit {
            tell!(
                "warning: both engines are the same command with the same settings at a fixed \
                 {}: if the engine is deterministic every game pair mirrors and the match \
                 measures nothing",
                if matches!(rules.limit, Limit::Nodes(_)) { "node count" } else { "depth" }
            );
        }
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
            plan.rules.limit,
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
                same_engines: engine::same_engines(&plan.specs),
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
