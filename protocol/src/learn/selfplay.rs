//! `dama selfplay`: fast games of the engine against itself, written as training data.

use crate::commands::eval::EvalArgs;
use crate::games::GameRules;
use clap::Args;
use dama_engine::search::MAX_THREADS;
use dama_engine::variant::Variant;
use dama_frontend::interrupt;
use dama_frontend::shard::Shard;
use dama_frontend::variant_arg::variant_parser;
use dama_learn::game::TrainingGame;
use dama_learn::selfplay::{self, SelfPlaySettings};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Arguments of `dama selfplay`.
#[derive(Args, Debug)]
pub struct SelfPlayArgs {
    /// The data file to write; an existing file made with the same settings is resumed.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The game: italian (from the 174 ballots), english (from the 156 ACF ballots) or
    /// international (from every first move and reply); the file holds positions of that game
    /// only.
    #[arg(long, value_parser = variant_parser(), default_value = "italian")]
    variant: Variant,
    /// Games the file should hold when done (two per opening: 348 go round the 174 Italian
    /// ballots).
    #[arg(long, default_value_t = 348, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Nodes per move.
    #[arg(long, conflicts_with = "depth", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Depth per move (instead of --nodes).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
    depth: Option<u32>,
    /// Random plies played after the opening, so that games differ.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=40))]
    random_plies: u32,
    /// Seed of the random plies.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Adjudicate a win when the score stays beyond this (hundredths of a man) for six plies.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(i32).range(100..=30000))]
    adjudicate: i32,
    /// Worker threads, one game each (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_THREADS)))]
    threads: u32,
    /// Play only shard I of N: the I-th of N contiguous blocks of the game pairs (1-based); the
    /// file is marked as that shard's, and `dama selfplay-merge` joins the N files into the file
    /// of one run.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    #[command(flatten)]
    eval: EvalArgs,
}

/// Runs `dama selfplay`.
pub fn run(args: &SelfPlayArgs) -> Result<(), String> {
    for_variant!(args.variant, run_game, args)
}

/// `dama selfplay` in the game `R`.
fn run_game<R: TrainingGame + GameRules>(args: &SelfPlayArgs) -> Result<(), String> {
    let settings = SelfPlaySettings::<R> {
        games: args.games,
        nodes: if args.depth.is_none() { Some(args.nodes.unwrap_or(2_000)) } else { None },
        depth: args.depth,
        random_plies: args.random_plies,
        seed: args.seed,
        adjudicate: args.adjudicate,
        max_plies: 400,
        eval: args.eval.eval::<R>()?,
        shard: args.shard,
    };
    interrupt::install()?;
    let bar = super::games_bar(settings.game_numbers().len() as u64);
    let started = Instant::now();
    let stop = AtomicBool::new(false);
    let summary = super::with_threads(args.threads as usize, || {
        selfplay::run(&args.out, &settings, &stop, |progress| {
            bar.set_length(u64::from(progress.target));
            bar.set_position(u64::from(progress.games));
            bar.set_message(format!("{} positions", progress.positions));
            if interrupt::requested() {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        })
    })??;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    if let Some(shard) = args.shard {
        let numbers = settings.game_numbers();
        say!(
            "shard {shard} of {} games: games {} to {} ({} games)",
            args.games,
            numbers.start,
            numbers.end.saturating_sub(1),
            numbers.len()
        );
    }
    say!(
        "games {} (resumed {}), positions {} (new {}), this run: white wins {}, draws {}, black wins {}",
        summary.games,
        summary.resumed_games,
        summary.positions,
        summary.new_positions,
        summary.white_wins,
        summary.draws,
        summary.black_wins
    );
    say!(
        "time {seconds:.1} s, {:.0} new positions/s, eval {}",
        summary.new_positions as f64 / seconds.max(1e-9),
        R::eval_name(&settings.eval)
    );
    if interrupt::requested() {
        say!("interrupted (Ctrl-C): run the same command again to resume");
    }
    Ok(())
}
