//! `dama bench`: a fixed search over varied positions; the total node count with one thread is a
//! fingerprint of the search's behaviour, the speed a measure of the machine and the build.

use clap::Args;
use dama_engine::parse_fen;
use dama_engine::search::{GameHistory, SearchControl, SearchLimits, Searcher};
use dama_engine::search::{MAX_TABLE_MIB, MAX_THREADS};
use std::time::Instant;

/// The bench positions: openings, middlegames, endings with kings (one FEN a line, `#` comments).
const POSITIONS: &str = include_str!("../../data/bench.fen");

/// Arguments of `dama bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth per position.
    #[arg(long, default_value_t = 11, value_parser = clap::value_parser!(u32).range(1..=60))]
    depth: u32,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_THREADS)))]
    threads: u32,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_TABLE_MIB)))]
    hash: u32,
    #[command(flatten)]
    eval: super::eval::EvalArgs,
}

/// Runs `dama bench`.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    let mut searcher =
        Searcher::new(args.hash as usize, args.threads as usize).map_err(|e| e.to_string())?;
    searcher.set_options(args.eval.options()?);
    let mut total_nodes = 0u64;
    let started = Instant::now();
    let fens = POSITIONS.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
    for (i, fen) in fens.enumerate() {
        let position = parse_fen(fen).map_err(|e| format!("bench position {}: {e}", i + 1))?;
        searcher.clear();
        let result = searcher.search(
            &position,
            &GameHistory::new(&position),
            &SearchLimits::depth(args.depth),
            &SearchControl::new(),
            |_| {},
        );
        let best = result
            .best_move
            .map(|m| dama_engine::path_notation(&m))
            .unwrap_or_else(|| "none".into());
        say!("position {:>2} nodes {:>10} best {best:<14} {fen}", i + 1, result.nodes);
        total_nodes += result.nodes;
    }
    let seconds = started.elapsed().as_secs_f64();
    say!("time {seconds:.3}");
    say!("nodes {total_nodes}");
    say!("nps {}", if seconds > 0.0 { (total_nodes as f64 / seconds) as u64 } else { 0 });
    Ok(())
}
