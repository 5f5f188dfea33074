//! `dama bench`: a fixed search over varied positions; the total node count with one thread is a
//! fingerprint of the search's behaviour, the speed a measure of the machine and the build.

use crate::games::{dispatch, GameRules, WithGame};
use clap::Args;
use dama_engine::history::GameHistory;
use dama_engine::search::{SearchControl, SearchLimits, Searcher, MAX_TABLE_MIB, MAX_THREADS};
use dama_engine::variant::Variant;
use dama_frontend::variant_arg::variant_parser;
use std::time::Instant;

/// The bench positions: openings, middlegames, endings with kings (one FEN a line, `#` comments).
const POSITIONS: &str = include_str!("../../data/bench.fen");

/// English draughts bench positions.
const ENGLISH_POSITIONS: &str = include_str!("../../data/bench-english.fen");

/// International draughts bench positions.
const INTERNATIONAL_POSITIONS: &str = include_str!("../../data/bench-international.fen");

/// Russian and Brazilian draughts bench positions (legal in both games).
const FLYING8_POSITIONS: &str = include_str!("../../data/bench-flying8.fen");

/// Arguments of `dama bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth per position (default 11; 13 for English draughts, 11 for International).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
    depth: Option<u32>,
    /// The game whose positions and rules are searched. The evaluation choices (--eval) are
    /// Italian.
    #[arg(long, value_parser = variant_parser(), default_value = "italian")]
    variant: Variant,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_THREADS)))]
    threads: u32,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_TABLE_MIB)))]
    hash: u32,
    /// Turn one of the search's feature switches on or off, e.g. `threat-quiescence=true`
    /// (repeatable); the fingerprint is then that of the switched search.
    #[arg(long = "switch", value_name = "NAME=true|false")]
    switches: Vec<String>,
    #[command(flatten)]
    eval: super::eval::EvalArgs,
}

/// Runs `dama bench`.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    dispatch(args.variant, Bench(args))
}

/// The positions of `variant` and the depth they are searched to by default.
fn positions(variant: Variant) -> (&'static str, u32) {
    match variant {
        Variant::Italian => (POSITIONS, 11),
        Variant::English => (ENGLISH_POSITIONS, 13),
        Variant::International => (INTERNATIONAL_POSITIONS, 11),
        Variant::Russian | Variant::Brazilian => (FLYING8_POSITIONS, 11),
    }
}

struct Bench<'a>(&'a BenchArgs);

impl WithGame for Bench<'_> {
    type Output = Result<(), String>;
    fn with<R: GameRules>(self) -> Self::Output {
        let (positions, depth) = positions(R::VARIANT);
        bench::<R>(self.0, positions, depth)
    }
}

fn bench<R: GameRules>(
    args: &BenchArgs,
    positions: &str,
    default_depth: u32,
) -> Result<(), String> {
    let eval = args.eval.eval::<R>()?;
    let mut searcher = Searcher::<R>::committed(args.hash as usize, args.threads as usize)
        .map_err(|e| e.to_string())?;
    searcher.set_eval(eval);
    super::search_args::apply_switches(&mut searcher, &args.switches)?;
    let depth = args.depth.unwrap_or(default_depth);
    let mut total_nodes = 0u64;
    let started = Instant::now();
    let fens = positions.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
    for (i, fen) in fens.enumerate() {
        let position = R::parse_fen(fen).map_err(|e| format!("bench position {}: {e}", i + 1))?;
        searcher.clear();
        let result = searcher.search(
            &position,
            &GameHistory::from_key(R::key(&position), R::QUIET_PLY_LIMIT),
            &SearchLimits::depth(depth),
            &SearchControl::new(),
            |_| {},
        );
        let best =
            result.best_move.map(|m| R::path_text(&position, &m)).unwrap_or_else(|| "none".into());
        say!("position {:>2} nodes {:>10} best {best:<14} {fen}", i + 1, result.nodes);
        total_nodes += result.nodes;
    }
    let seconds = started.elapsed().as_secs_f64();
    say!("time {seconds:.3}");
    say!("nodes {total_nodes}");
    say!("nps {}", if seconds > 0.0 { (total_nodes as f64 / seconds) as u64 } else { 0 });
    Ok(())
}
