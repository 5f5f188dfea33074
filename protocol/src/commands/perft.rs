//! `dama perft`: leaf counts of the move tree, with timings, per root move on request.

use super::position_from_fen;
use clap::Args;
use dama_engine::board8::position::Position;
use dama_engine::flying8::{Brazilian, Ruleset, Russian};
use dama_engine::italian::notation::path_notation;
use dama_engine::italian::{divide_parallel, PathMode};
use dama_engine::rules::Rules;
use dama_engine::search::MAX_THREADS;
use dama_engine::variant::Variant;
use dama_frontend::variant_arg::variant_parser;
use std::time::Instant;

/// Arguments of `dama perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The position (PDN FEN); default the variant's start position.
    #[arg(long)]
    fen: Option<String>,
    /// The rules: italian (default), english, international, russian or brazilian (all but
    /// italian on one thread). Every game counts one leaf per distinct (from, to, captured set)
    /// unless --paths.
    #[arg(long, value_parser = variant_parser(), default_value = "italian")]
    variant: Variant,
    /// The deepest depth; every depth from 1 up to it is reported.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: u32,
    /// Also print `<move> <count>` for each root move at the last depth.
    #[arg(long)]
    divide: bool,
    /// Count every capture path (the published "every path counted" tables of Italian and
    /// English; in Russian and Brazilian, the routes as KestoG's table counts them) instead of
    /// one move per distinct (from, to, captured set).
    #[arg(long)]
    paths: bool,
    /// Worker threads (split over the root moves).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_THREADS)))]
    threads: u32,
}

/// Runs `dama perft`.
pub fn run(args: &PerftArgs) -> Result<(), String> {
    let fen = args.fen.as_deref().unwrap_or(args.variant.start_fen());
    match args.variant {
        Variant::International => return international(fen, args),
        Variant::Russian => return flying8::<Russian>(fen, args),
        Variant::Brazilian => return flying8::<Brazilian>(fen, args),
        Variant::Italian | Variant::English => {}
    }
    let position = position_from_fen(fen)?;
    if args.variant == Variant::English {
        return english(&position, args);
    }
    let mode = if args.paths { PathMode::EveryPath } else { PathMode::Unique };
    for depth in 1..=args.depth {
        let started = Instant::now();
        let split = divide_parallel(&position, depth, mode, args.threads as usize)?;
        let seconds = started.elapsed().as_secs_f64();
        let nodes: u64 = split.iter().map(|(_, n)| n).sum();
        let nps = if seconds > 0.0 { (nodes as f64 / seconds) as u64 } else { 0 };
        say!("depth {depth} nodes {nodes} time {seconds:.3} nps {nps}");
        if args.divide && depth == args.depth {
            for (mv, n) in &split {
                say!("{} {n}", path_notation(mv));
            }
        }
    }
    Ok(())
}

/// International perft: one leaf per distinct (from, to, captured set), the published convention;
/// the search's generator with bulk counting, full paths in the split.
fn international(fen: &str, args: &PerftArgs) -> Result<(), String> {
    use dama_engine::international::{divide, parse_fen, perft};
    if args.threads > 1 {
        return Err("--variant international counts on one thread (no --threads yet)".to_string());
    }
    if args.paths {
        return Err(
            "--paths is for italian and english; international counts one leaf per distinct move"
                .to_string(),
        );
    }
    let position = parse_fen(fen)
        .map_err(|e| format!("bad FEN '{}': {e}", dama_engine::excerpt::excerpt(fen)))?;
    for depth in 1..=args.depth {
        let started = Instant::now();
        let nodes = perft(&position, depth);
        let seconds = started.elapsed().as_secs_f64();
        let nps = if seconds > 0.0 { (nodes as f64 / seconds) as u64 } else { 0 };
        say!("depth {depth} nodes {nodes} time {seconds:.3} nps {nps}");
        if args.divide && depth == args.depth {
            for (m, n) in divide(&position, depth) {
                say!("{} {n}", m.path_notation());
            }
        }
    }
    Ok(())
}

/// Russian or Brazilian (`G`) perft by the set-wise generator: one leaf per distinct (from, to,
/// captured set) (dctl's tables), or every route as KestoG's table counts them with `--paths`;
/// algebraic routes in the split.
fn flying8<G>(fen: &str, args: &PerftArgs) -> Result<(), String>
where
    G: Ruleset + Rules<Position = Position>,
{
    use dama_engine::flying8::{divide, perft, perft_routes};
    if args.threads > 1 {
        return Err(format!("--variant {} counts on one thread (no --threads yet)", G::NAME));
    }
    let position = G::parse_fen(fen)?;
    for depth in 1..=args.depth {
        let started = Instant::now();
        let nodes = if args.paths {
            perft_routes::<G>(&position, depth)
        } else {
            perft::<G>(&position, depth)
        };
        let seconds = started.elapsed().as_secs_f64();
        let nps = if seconds > 0.0 { (nodes as f64 / seconds) as u64 } else { 0 };
        say!("depth {depth} nodes {nodes} time {seconds:.3} nps {nps}");
        if args.divide && depth == args.depth {
            for (route, n) in divide::<G>(&position, depth, args.paths) {
                say!("{} {n}", route.algebraic_text());
            }
        }
    }
    Ok(())
}

/// English perft by the set-wise generator: one leaf per distinct (from, to, captured set), or
/// every capture route with `--paths` (the published tables' convention; from the start position
/// the two agree to depth 13).
fn english(position: &Position, args: &PerftArgs) -> Result<(), String> {
    use dama_engine::english;
    if args.threads > 1 {
        return Err("--variant english counts on one thread (no --threads yet)".to_string());
    }
    for depth in 1..=args.depth {
        let started = Instant::now();
        let nodes = if args.paths {
            english::perft_every_route(position, depth)
        } else {
            english::perft(position, depth)
        };
        let seconds = started.elapsed().as_secs_f64();
        let nps = if seconds > 0.0 { (nodes as f64 / seconds) as u64 } else { 0 };
        say!("depth {depth} nodes {nodes} time {seconds:.3} nps {nps}");
        if args.divide && depth == args.depth {
            for (path, n) in english::divide(position, depth, args.paths) {
                say!("{path} {n}");
            }
        }
    }
    Ok(())
}
