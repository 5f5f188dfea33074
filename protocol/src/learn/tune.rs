//! `dama tune`: fits the learned evaluation's weights to self-play data.

use crate::games::weights::load_weights;
use clap::{Args, ValueEnum};
use dama_engine::learned::LearnedEval;
use dama_engine::network::Activation;
use dama_engine::search::MAX_THREADS;
use dama_engine::variant::Variant;
use dama_frontend::variant_arg::variant_parser;
use dama_learn::game::TrainingGame;
use dama_learn::{data, network, stopping, tune};
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
    /// Positions per optimiser step (default: 16384 for the weights, 1024 for a network).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    batch: Option<u64>,
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
    /// Train a network on top of the weights of --init (else the built-in ones), which stay
    /// as they are; a network already in --init goes on training. The output holds both.
    #[arg(long)]
    network: bool,
    /// Validate on these data files instead of a share of --data: other games than the
    /// training's (a random share of the positions shares its games' results with the training).
    #[arg(long = "validation-data", value_name = "FILE", num_args = 1..)]
    validation_data: Vec<PathBuf>,
    /// Stop after this many epochs without a lower validation loss. Whether or not it is
    /// given, the file written holds the epoch with the lowest validation loss.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10000))]
    patience: Option<u32>,
    /// Fit only the features from this index on; those below keep the weights of --init. For
    /// features added to a trained evaluation (their weights start at zero in --init).
    #[arg(long = "fit-from", value_name = "FEATURE", default_value_t = 0)]
    fit_from: usize,
    /// Adam's step size for a network (--network).
    #[arg(long, default_value_t = 0.001)]
    network_learning_rate: f64,
    /// The activation of a new network (--network, when --init has none): clipped (crelu) or
    /// squared (crelu squared). A network in --init keeps its own. Default: clipped.
    #[arg(long, value_enum)]
    network_activation: Option<ActivationArg>,
    /// Threads (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_THREADS)))]
    threads: u32,
}

/// `--network-activation`'s values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ActivationArg {
    /// The clipped rectifier, min(max(x, 0), 1).
    Clipped,
    /// The clipped rectifier squared.
    Squared,
}

impl From<ActivationArg> for Activation {
    fn from(arg: ActivationArg) -> Activation {
        match arg {
            ActivationArg::Clipped => Activation::Clipped,
            ActivationArg::Squared => Activation::Squared,
        }
    }
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
    if args.network {
        if args.fit_from != 0 {
            return Err("--fit-from chooses the weights to fit; --network keeps them all fixed \
                        and trains the network alone"
                .to_string());
        }
        return run_network::<R>(args);
    }
    if args.network_activation.is_some() {
        return Err(
            "--network-activation is the activation of a network: give --network".to_string()
        );
    }
    let start = match &args.init {
        Some(path) => load_weights::<R>(path)?.to_hundredths(),
        None => R::initial_weights(),
    };
    let loading = Instant::now();
    let (records, held_out) = read_data::<R>(args)?;
    say!(
        "positions {} (validation files {}) read in {:.1} s",
        records.len(),
        held_out.len(),
        loading.elapsed().as_secs_f64()
    );
    let settings = tune::TuneSettings {
        epochs: args.epochs,
        batch: args.batch.unwrap_or(16_384) as usize,
        learning_rate: args.learning_rate,
        lambda: args.lambda,
        validation: args.validation,
        l2: args.l2,
        seed: args.seed,
        scale: args.scale,
        patience: args.patience,
        fit_from: args.fit_from,
    };
    let started = Instant::now();
    let trained = super::with_threads(args.threads as usize, || {
        tune::train(&records, &held_out, start, &settings, |report| {
            say_epoch(report, started);
        })
    })??;
    write_weights(&args.out, &LearnedEval::<R>::to_bytes(&trained.weights))?;
    let positions = (trained.train_positions, trained.validation_positions);
    say_summary(trained.scale, positions, (&trained.epochs, trained.best_epoch), started);
    say!("weights written to {}", args.out.display());
    Ok(())
}

/// Prints one epoch's losses.
fn say_epoch(report: &stopping::EpochReport, started: Instant) {
    say!(
        "epoch {:>3} train loss {:.6} validation loss {:.6} ({:.1} s)",
        report.epoch,
        report.train_loss,
        report.validation_loss,
        started.elapsed().as_secs_f64()
    );
}

/// Prints what a training run did: its scale, (training, validation) positions, the
/// validation loss before and of the epoch kept (the lowest), and the epochs run.
fn say_summary(
    scale: f64,
    positions: (usize, usize),
    (epochs, best): (&[stopping::EpochReport], u32),
    started: Instant,
) {
    let (first, kept) = (epochs[0], epochs[best as usize]);
    say!(
        "scale {:.1}, train {} validation {} positions; validation loss {:.6} -> {:.6} \
         (epoch {} kept of {} run); {:.1} s",
        scale,
        positions.0,
        positions.1,
        first.validation_loss,
        kept.validation_loss,
        best,
        epochs.len() - 1,
        started.elapsed().as_secs_f64()
    );
}

/// The training positions of --data and the validation positions of --validation-data (none
/// when it is not given).
type Records<R> = Vec<data::Record<R>>;
fn read_data<R: TrainingGame>(args: &TuneArgs) -> Result<(Records<R>, Records<R>), String> {
    let records = data::read_records::<R>(&args.data)?;
    let held_out = if args.validation_data.is_empty() {
        Vec::new()
    } else {
        data::read_records::<R>(&args.validation_data)?
    };
    Ok((records, held_out))
}

/// Writes a weights file through a partial file, so that a stopped run leaves no half file.
fn write_weights(out: &std::path::Path, bytes: &[u8]) -> Result<(), String> {
    let partial = out.with_extension("partial");
    std::fs::write(&partial, bytes)
        .and_then(|()| std::fs::rename(&partial, out))
        .map_err(|e| format!("cannot write '{}': {e}", out.display()))
}

/// `dama tune --network` in the game `R`: a network trained over fixed linear weights.
fn run_network<R: TrainingGame>(args: &TuneArgs) -> Result<(), String> {
    let rate = args.network_learning_rate;
    if !(rate.is_finite() && rate > 0.0) {
        return Err(format!("--network-learning-rate {rate} is out of range"));
    }
    if R::NETWORK_INPUTS == 0 {
        return Err(format!(
            "{} has no network yet: --network is for International and English draughts",
            R::NAME
        ));
    }
    let base = match &args.init {
        Some(path) => load_weights::<R>(path)?,
        None => match R::embedded() {
            Some(weights) => weights,
            None => return Err(format!("{} has no built-in weights: give --init", R::NAME)),
        },
    };
    let loading = Instant::now();
    let (records, held_out) = read_data::<R>(args)?;
    say!(
        "positions {} (validation files {}) read in {:.1} s",
        records.len(),
        held_out.len(),
        loading.elapsed().as_secs_f64()
    );
    let settings = network::NetworkSettings {
        epochs: args.epochs,
        batch: args.batch.unwrap_or(1024) as usize,
        learning_rate: rate,
        lambda: args.lambda,
        validation: args.validation,
        seed: args.seed,
        scale: args.scale,
        patience: args.patience,
        activation: args.network_activation.map(Activation::from),
    };
    let weights = base.to_hundredths();
    let started = Instant::now();
    let trained = super::with_threads(args.threads as usize, || {
        let start = base.network().cloned();
        network::train_network(&records, &held_out, &weights, start, &settings, |report| {
            say_epoch(report, started);
        })
    })??;
    write_weights(&args.out, &LearnedEval::<R>::to_bytes_with(&weights, Some(&trained.network)))?;
    let positions = (trained.train_positions, trained.validation_positions);
    say_summary(trained.scale, positions, (&trained.epochs, trained.best_epoch), started);
    say!("weights and network written to {}", args.out.display());
    Ok(())
}
