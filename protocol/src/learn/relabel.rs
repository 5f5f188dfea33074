//! `dama relabel`: the positions of a self-play file searched again, deeper and with the endgame
//! tables, into a new data file for `dama tune` (crate `dama-learn`, module `relabel`).

use crate::commands::eval::EvalArgs;
use crate::games::{open_tables, GameRules};
use clap::Args;
use dama_engine::search::MAX_THREADS;
use dama_engine::variant::Variant;
use dama_frontend::interrupt;
use dama_frontend::variant_arg::variant_parser;
use dama_learn::game::TrainingGame;
use dama_learn::relabel::{self, RelabelSettings};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Arguments of `dama relabel`.
#[derive(Args, Debug)]
pub struct RelabelArgs {
    /// The self-play data file whose positions are searched again.
    #[arg(long, value_name = "FILE")]
    data: PathBuf,
    /// The data file to write: the same games and positions with the new scores; an existing
    /// file made from the same input with the same nodes is resumed.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The game of the data file.
    #[arg(long, value_parser = variant_parser(), default_value = "italian")]
    variant: Variant,
    /// Nodes searched per position.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// The piece counts searched again, as MIN-MAX (or one count); the other positions keep
    /// their scores.
    #[arg(long, value_name = "MIN-MAX", default_value = "2-40", value_parser = piece_range)]
    pieces: (u32, u32),
    /// Endgame table directory (default: the default directory of `dama egdb`, where nothing is
    /// built by this command).
    #[arg(long, conflicts_with = "no_egdb")]
    egdb_dir: Option<PathBuf>,
    /// Search without endgame tables.
    #[arg(long)]
    no_egdb: bool,
    /// Worker threads, one game's positions each (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_THREADS)))]
    threads: u32,
    #[command(flatten)]
    eval: EvalArgs,
}

/// `MIN-MAX` or `N`, 2 to 40 pieces.
fn piece_range(text: &str) -> Result<(u32, u32), String> {
    let number = |s: &str| {
        s.trim().parse::<u32>().map_err(|_| format!("'{s}' is not a piece count (say e.g. 7-15)"))
    };
    let (low, high) = match text.split_once('-') {
        Some((low, high)) => (number(low)?, number(high)?),
        None => (number(text)?, number(text)?),
    };
    if !(2..=40).contains(&low) || !(2..=40).contains(&high) || low > high {
        return Err(format!("'{text}': give counts from 2 to 40, the smaller first"));
    }
    Ok((low, high))
}

/// Runs `dama relabel`.
pub fn run(args: &RelabelArgs) -> Result<(), String> {
    for_variant!(args.variant, run_game, args)
}

/// `dama relabel` in the game `R`.
fn run_game<R: TrainingGame + GameRules>(args: &RelabelArgs) -> Result<(), String> {
    let tables = if args.no_egdb {
        None
    } else {
        open_tables::<R>(args.egdb_dir.as_deref(), dama_egdb::MAX_BUILD_PIECES)?
    };
    let tables_said = match &tables {
        Some(t) => format!("tables up to {} pieces", t.max_pieces()),
        None => "no tables".to_string(),
    };
    let settings = RelabelSettings::<R> {
        nodes: args.nodes,
        pieces: args.pieces.0..=args.pieces.1,
        eval: args.eval.eval::<R>()?,
        tables,
    };
    dama_frontend::files::check_writable("--out", &args.out, &args.out)?;
    interrupt::install()?;
    let bar = super::games_bar(0);
    let started = Instant::now();
    let stop = AtomicBool::new(false);
    let summary = super::with_threads(args.threads as usize, || {
        relabel::run(&args.data, &args.out, &settings, &stop, |progress| {
            bar.set_length(progress.target as u64);
            bar.set_position(progress.games as u64);
            bar.set_message(format!("{} positions searched", progress.searched));
            if interrupt::requested() {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        })
    })??;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    say!(
        "games {} (resumed {}), positions {}; this run searched {} of {} to {} pieces at {} nodes \
         ({tables_said}, eval {})",
        summary.games,
        summary.resumed_games,
        summary.positions,
        summary.searched,
        args.pieces.0,
        args.pieces.1,
        args.nodes,
        R::eval_name(&settings.eval)
    );
    say!(
        "scores changed by {:.1} hundredths on average; {} ({:.1} %) changed verdict (a side a \
         man ahead, or neither)",
        summary.mean_change,
        summary.verdicts_changed,
        100.0 * summary.verdicts_changed as f64 / summary.searched.max(1) as f64
    );
    say!(
        "time {seconds:.1} s, {:.0} positions searched/s",
        summary.searched as f64 / seconds.max(1e-9)
    );
    if interrupt::requested() {
        say!("interrupted (Ctrl-C): run the same command again to resume");
    }
    Ok(())
}
