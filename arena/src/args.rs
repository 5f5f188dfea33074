//! The command line of `dama match`: its arguments, and the limits, rules and engine settings
//! read from them.

use super::config::{GameRules, Limit, ScoreRule};
use super::engine::EngineSpec;
use super::engine_arg::{engine_spec, parse_param};
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use dama_engine::variant::Variant;
use dama_frontend::shard::Shard;
use dama_frontend::variant_arg::variant_parser;
use std::path::PathBuf;
use std::time::Duration;

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
                .value_name("CMD [name=LABEL] [protocol=hub|hub1|dxp] [option.NAME=VALUE]")
                .num_args(1..)
                .action(ArgAction::Append)
                .required(true)
                .help(
                    "An engine (give exactly two): its command line as one word, e.g. \
                     \"target/release/dama hub\", then optionally name=LABEL, \
                     protocol=hub|hub1 (the Hub protocol, version 2 by default; hub1 for Scan \
                     1.x-2.x) and option.NAME=VALUE for each setting. A DXP engine: \
                     dxp=HOST:PORT in place of the command (one already listening), or after \
                     the command that starts it; dxp-time=MINUTES[/MOVES] sets the time its \
                     game requests say",
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
    pub(crate) engines: EngineList,
    /// A Hub param for both engines, NAME=VALUE (repeatable; an engine's own option.NAME wins).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub(crate) options: Vec<String>,
    /// Games to play (default: every opening twice, colours reversed).
    #[arg(long, conflicts_with = "rounds", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) games: Option<u64>,
    /// Game pairs to play: each pair is one opening played twice with colours reversed.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) rounds: Option<u64>,
    /// Games played at the same time, each with its own engine processes.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub(crate) concurrency: u64,
    /// A clock per engine and game: SECONDS or SECONDS+INCREMENT (the increment is credited
    /// before each move, the Hub convention), or MOVES/SECONDS[+INC]: SECONDS for every MOVES
    /// moves, the clock refilled as each period ends (75/300: 75 moves in 5 minutes).
    #[arg(long, value_name = "[MOVES/]SECONDS[+INC]")]
    pub(crate) tc: Option<String>,
    /// Seconds per move.
    #[arg(long, value_name = "SECONDS")]
    pub(crate) movetime: Option<f64>,
    /// A fixed search depth per move.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=200))]
    pub(crate) depth: Option<u32>,
    /// A fixed node count per move.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) nodes: Option<u64>,
    /// The game: Dama Italiana, English, International, Russian or Brazilian draughts (the
    /// engines are told with the Hub variant param).
    #[arg(long, value_parser = variant_parser(), default_value = "italian")]
    pub(crate) variant: Variant,
    /// Openings: ballots3 (the three-move ballots: 174 in Italian, the 156 playable ACF ones in
    /// English), ballots2 (the 47 Italian two-move openings), moves2 (every first move and reply,
    /// any game), or a file with one FEN and/or move list per line [default: ballots3 in Italian
    /// and English, moves2 in the other games].
    #[arg(long, value_name = "ballots3|ballots2|moves2|FILE")]
    pub(crate) openings: Option<String>,
    /// Shuffle the openings with this seed (default: in order).
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Write every game to this PDN file (which must not exist, unless --append or --force).
    #[arg(long, value_name = "FILE")]
    pub(crate) pdn_out: Option<PathBuf>,
    /// Add the games to the end of an existing --pdn-out file.
    #[arg(long, requires = "pdn_out", conflicts_with = "force")]
    pub(crate) append: bool,
    /// Replace an existing --pdn-out or --shard-out file.
    #[arg(long)]
    pub(crate) force: bool,
    /// Play only shard I of N of the match: the I-th of N contiguous blocks of its game pairs
    /// (1-based), the same games as in one run; the result goes to --shard-out, and
    /// `dama match-merge` counts the shards' results as one run.
    #[arg(long, value_name = "I/N", requires = "shard_out")]
    pub(crate) shard: Option<Shard>,
    /// The shard's result file: its games' scores (pentanomial pairs) and PDN records, written
    /// when every game of the shard is played (not when interrupted).
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub(crate) shard_out: Option<PathBuf>,
    /// Stop early by an SPRT: elo0=E0,elo1=E1[,alpha=A][,beta=B] (alpha, beta default 0.05).
    #[arg(long, value_name = "elo0=0,elo1=5,alpha=0.05,beta=0.05")]
    pub(crate) sprt: Option<String>,
    /// Adjudicate a draw after this many plies (opening moves included).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) max_plies: Option<u64>,
    /// Adjudicate a win when, for the last N moves of each engine, one engine scores at least S
    /// men and the other at most -S: moves=N,score=S.
    #[arg(long, value_name = "moves=N,score=S")]
    pub(crate) adjudicate_win: Option<String>,
    /// Adjudicate a draw when, for the last N moves of each engine, both scores lie within S men
    /// of zero, from ply P on: moves=N,score=S[,after=P].
    #[arg(long, value_name = "moves=N,score=S,after=P")]
    pub(crate) adjudicate_draw: Option<String>,
    /// Seconds to wait for a move under --depth or --nodes, and for an engine to start, before
    /// the engine forfeits as hung.
    #[arg(long, default_value_t = 30.0, value_name = "SECONDS")]
    pub(crate) timeout: f64,
    /// Seconds an engine may run over its clock or move time before it loses on time.
    #[arg(long, default_value_t = 0.05, value_name = "SECONDS")]
    pub(crate) time_margin: f64,
    /// The PDN Event tag.
    #[arg(long, default_value = "dama match")]
    pub(crate) event: String,
    /// No line per finished game on stderr (the progress bar and summary remain).
    #[arg(long)]
    pub(crate) quiet: bool,
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
    pub(crate) fn limit(&self) -> Result<Limit, String> {
        Ok(match (&self.tc, self.movetime, self.depth, self.nodes) {
            (Some(tc), ..) => Limit::parse_clock(tc)?,
            (_, Some(s), ..) => Limit::MoveTime(seconds("--movetime", s, false)?.as_secs_f64()),
            (_, _, Some(d), _) => Limit::Depth(d),
            (_, _, _, Some(n)) => Limit::Nodes(n),
            _ => return Err("give one of --tc, --movetime, --depth, --nodes".to_string()),
        })
    }

    pub(crate) fn rules(&self) -> Result<GameRules, String> {
        Ok(GameRules {
            limit: self.limit()?,
            engine_limits: [None, None],
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

    pub(crate) fn specs(&self) -> Result<[EngineSpec; 2], String> {
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
