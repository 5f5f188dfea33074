//! `dama tune`: fits the learned evaluation's weights to self-play data.

use crate::games::weights::load_weights;
use clap::Args;
use dama_engine::learned::LearnedEval;
use dama_engine::search::MAX_THREADS;
use dama_engine::variant::Variant;
use dama_frontend::variant_arg::variant_parser;
use dama_learn::game::TrainingGame;
use dama_learn::{data, tune};
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `dama tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The game whose evaluation is trained: its data files only are read, and the weights are
    /// for it.
    #[arg(long, value_parser = variant_parser(), default_value = "italian")]
    variant: Variant,
    /// Self-play data files (from `dama selfplay`).
    #[arg(long = "data", value_name = "FILE", required = true, num_args = 1..)]
    data: Vec<PathBuf>,
    /// Where to write the weights (the format `--eval-file` and the Hub's eval-file read).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Start from these weights instead of the game's starting point (material and little else).
    #[arg(long, value_name = "FILE")]
    init: Option<PathBuf>,
    /// Passes over the data.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10000))]
    epochs: u32,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 16384, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    batch: u64,
    /// Adam's step size, in hundredths of a man.
    #[arg(long, default_value_t = 1.0)]
    learning_rate: f64,
    /// Weight of the game result in the target; the rest is the search score.
    #[arg(long, default_value_t = 0.5)]
    lambda: f64,
    /// Share of the positions held out for validation.
    #[arg(long, default_value_t = 0.1)]
    validation: f64,
    /// L2 penalty on pattern weights.
    #[arg(long, default_value_t = 0.0)]
    l2: f64,
    /// The sigmoid's scale in hundredths of a man (default: fitted to the data).
    #[arg(long)]
    scale: Option<f64>,
    /// Shuffling seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_THREADS)))]
    threads: u32,
}

/// Runs `dama tune`.
pub fn run(args: &TuneArgs) -> Result<(), String> {
    for_variant!(args.variant, run_game, args)
}

/// `dama tune` in the game `R`.
fn run_game<R: TrainingGame>(args: &TuneArgs) -> Result<(), String> {
    let finite = |name: &str, value: f64, ok: bool| {
        if value.is_finite() && ok {
            Ok(())
        } else {
            Err(format!("--{name} {value} is out of range"))
        }
    };
    finite("learning-rate", args.learning_rate, args.learning_rate > 0.0)?;
    finite("lambda", args.lambda, (0.0..=1.0).contains(&args.lambda))?;
    finite("validation", args.validation, (0.0..0.9).contains(&args.validation))?;
    finite("l2", args.l2, args.l2 >= 0.0)?;
    if let Some(scale) = args.scale {
        finite("scale", scale, scale > 0.0)?;
    }
    dama_frontend::files::check_writable("--out", &args.out, &args.out)?;
    let start = match &args.init {
        Some(path) => load_weights::<R>(path)?.to_hundredths(),
        None => R::initial_weights(),
    };
    let loading = Instant::now();
    let records = data::read_records::<R>(&args.data)?;
    say!("positions {} read in {:.1} s", records.len(), loading.elapsed().as_secs_f64());
    let settings = tune::TuneSettings {
        epochs: args.epochs,
        batch: args.batch as usize,
        learning_rate: args.learning_rate,
        lambda: args.lambda,
        validation: args.validation,
        l2: args.l2,
        seed: args.seed,
        scale: args.scale,
    };
    let started = Instant::now();
    let trained = super::with_threads(args.threads as usize, || {
        tune::train(&records, start, &settings, |report| {
            say!(
                "epoch {:>3} train loss {:.6} validation loss {:.6} ({:.1} s)",
                report.epoch,
                report.train_loss,
                report.validation_loss,
                started.elapsed().as_secs_f64()
            );
        })
    })??;
    let bytes = LearnedEval::<R>::to_bytes(&trained.weights);
    let partial = args.out.with_extension("partial");
    std::fs::write(&partial, &bytes)
        .and_then(|()| std::fs::rename(&partial, &args.out))
        .map_err(|e| format!("cannot write '{}': {e}", args.out.display()))?;
    let (first, last) = (trained.epochs[0], trained.epochs[trained.epochs.len() - 1]);
    say!(
        "scale {:.1}, train {} validation {} positions; validation loss {:.6} -> {:.6}; {:.1} s",
        trained.scale,
        trained.train_positions,
        trained.validation_positions,
        first.validation_loss,
        last.validation_loss,
        started.elapsed().as_secs_f64()
    );
    say!("weights written to {}", args.out.display());
    Ok(())
}
