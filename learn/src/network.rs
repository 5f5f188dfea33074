//! Training a game's network ([`dama_engine::network`]) on top of fixed linear weights: the
//! correction that the learned evaluation adds to its sum of features.
//!
//! The linear weights (trained by [`crate::tune`]) stay as they are; for each position the
//! evaluation is `e = (l + 100 n) / d` hundredths of a man for White, with l the linear sum, n the
//! network's output in men (negated when Black is to move: it speaks for the side to move) and d
//! the game's endgame scaling ([`TrainingGame::eval_divisor`]). The prediction, target and loss
//! are [`crate::tune`]'s: `sigmoid(e / K)` against `lambda * result + (1 - lambda) *
//! sigmoid(score / K)`, mean squared, minimised by Adam over shuffled mini-batches whose gradient
//! is computed over fixed slices in parallel and summed in a fixed order (the same run for the
//! same seed whatever the thread count). The output weights start at zero, so training starts
//! from the linear evaluation's loss.

use crate::data::Record;
use crate::game::TrainingGame;
use crate::stopping::BestEpoch;
use crate::stopping::EpochReport;
use crate::tune::fit_scale;
use dama_engine::color::Color;
use dama_engine::network::{Activation, Network, HIDDEN};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rayon::prelude::*;

/// The training settings.
#[derive(Clone, Debug)]
pub struct NetworkSettings {
    /// Passes over the training positions.
    pub epochs: u32,
    /// Positions per Adam step.
    pub batch: usize,
    /// Adam's step size.
    pub learning_rate: f64,
    /// Weight of the game result in the target (the rest is the search score).
    pub lambda: f64,
    /// Share of the positions held out for validation.
    pub validation: f64,
    /// Shuffling seed (and the seed of the first layer's starting weights).
    pub seed: u64,
    /// The sigmoid's scale K in hundredths of a man; fitted when `None`.
    pub scale: Option<f64>,
    /// Stop after this many epochs without a lower validation loss (never when `None`).
    pub patience: Option<u32>,
    /// The activation of a network trained from its seeded start (a starting network keeps its
    /// own: asking for another is refused).
    pub activation: Option<Activation>,
}

impl Default for NetworkSettings {
    fn default() -> NetworkSettings {
        NetworkSettings {
            epochs: 10,
            batch: 1024,
            learning_rate: 0.001,
            lambda: 0.5,
            validation: 0.1,
            seed: 1,
            scale: None,
            patience: None,
            activation: None,
        }
    }
}

/// The outcome of training.
#[derive(Clone, Debug)]
pub struct TrainedNetwork {
    /// The network of the epoch with the lowest validation loss ([`crate::stopping`]).
    pub network: Network,
    /// That epoch (0: the starting network was not improved on).
    pub best_epoch: u32,
    /// The fitted (or given) sigmoid scale.
    pub scale: f64,
    /// Training and validation positions.
    pub train_positions: usize,
    pub validation_positions: usize,
    /// The report of every epoch run, from epoch 0 (the starting network).
    pub epochs: Vec<EpochReport>,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// One training position: the record, its linear sum for White and its target.
struct Sample<R: TrainingGame> {
    record: Record<R>,
    linear: f64,
    target: f64,
}

/// White's linear sum of a record (before the endgame scaling).
fn linear_sum<R: TrainingGame>(weights: &[[f32; 2]], record: &Record<R>) -> f64 {
    let (mut middle, mut end) = (0.0f64, 0.0f64);
    let phase = R::features(&record.position, |f, v| {
        middle += f64::from(weights[f][0]) * f64::from(v);
        end += f64::from(weights[f][1]) * f64::from(v);
    });
    let phase = f64::from(phase) / f64::from(R::PHASE_PIECES);
    middle * phase + end * (1.0 - phase)
}

/// The forward pass of one sample: the accumulators, the side to move's view, the loss, and the
/// loss's derivative by the network's output in men.
fn forward<R: TrainingGame>(
    network: &Network,
    sample: &Sample<R>,
    scale: f64,
) -> ([[f32; HIDDEN]; 2], usize, f64, f64) {
    let position = &sample.record.position;
    let mut acc = [network.bias; 2];
    R::network_inputs(position, |view, input| network.add(&mut acc[view], input));
    let (view, sign) = match R::side_to_move(position) {
        Color::White => (0, 1.0),
        Color::Black => (1, -1.0),
    };
    let out = f64::from(network.output(&acc[view], &acc[1 - view]));
    let total = sample.linear + 100.0 * sign * out;
    let divisor = R::eval_divisor(position, total);
    let p = sigmoid(total / divisor / scale);
    let loss = (p - sample.target).powi(2);
    let gradient = 2.0 * (p - sample.target) * p * (1.0 - p) / scale / divisor * 100.0 * sign;
    (acc, view, loss, gradient)
}

fn mean_loss<R: TrainingGame>(network: &Network, samples: &[Sample<R>], scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let parts: Vec<f64> = samples
        .par_chunks(4096)
        .map(|chunk| chunk.iter().map(|s| forward(network, s, scale).2).sum::<f64>())
        .collect();
    parts.iter().sum::<f64>() / samples.len() as f64
}

/// Adds one sample's gradient to `gradient`; returns its loss.
fn backward<R: TrainingGame>(
    network: &Network,
    sample: &Sample<R>,
    scale: f64,
    gradient: &mut Network,
) -> f64 {
    let (acc, view, loss, g) = forward(network, sample, scale);
    let g = g as f32;
    let (mine, theirs) = (&acc[view], &acc[1 - view]);
    gradient.out_bias += g;
    let activation = network.activation;
    let mut delta = [[0.0f32; HIDDEN]; 2];
    for j in 0..HIDDEN {
        gradient.own[j] += g * activation.apply(mine[j]);
        gradient.other[j] += g * activation.apply(theirs[j]);
        delta[view][j] = g * network.own[j] * activation.slope(mine[j]);
        delta[1 - view][j] = g * network.other[j] * activation.slope(theirs[j]);
        gradient.bias[j] += delta[0][j] + delta[1][j];
    }
    R::network_inputs(&sample.record.position, |v, input| {
        let row = &mut gradient.first[input];
        for j in 0..HIDDEN {
            row[j] += delta[v][j];
        }
    });
    loss
}

/// Keeps every accumulator the search will hold within 16 bits, with a margin: a column that
/// would reach too far is scaled down (a projection after each step), so that every network the
/// trainer writes loads in the engine ([`dama_engine::network::SearchNetwork::new`]).
fn keep_within_the_search(network: &mut Network) {
    for j in 0..HIDDEN {
        network.keep_column_within(j, 0.95);
    }
}

/// Trains a network for `R` on `records` over the fixed linear `weights` (hundredths of a man,
/// as [`crate::tune::train`] gives them), starting from `start` (or a seeded network whose output
/// is zero). The validation positions are `held_out` when it is not empty (other games than the
/// training's: positions of one game share its result, so a random share of the positions
/// flatters a model that learns games by heart), else a random share of `records`. `report` is
/// called after every epoch (and once before the first).
pub fn train_network<R: TrainingGame>(
    records: &[Record<R>],
    held_out: &[Record<R>],
    weights: &[[f32; 2]],
    start: Option<Network>,
    settings: &NetworkSettings,
    mut report: impl FnMut(&EpochReport),
) -> Result<TrainedNetwork, String> {
    if R::NETWORK_INPUTS == 0 {
        return Err(format!("{} has no network inputs", R::NAME));
    }
    if weights.len() != R::FEATURES {
        return Err(format!("weights have {} features, expected {}", weights.len(), R::FEATURES));
    }
    if records.len() < 10 {
        return Err(format!("{} positions are too few to train on", records.len()));
    }
    if !(0.0..1.0).contains(&settings.validation) || !(0.0..=1.0).contains(&settings.lambda) {
        return Err("validation must be in [0, 1) and lambda in [0, 1]".to_string());
    }
    if let (Some(start), Some(asked)) = (&start, settings.activation) {
        if start.activation != asked {
            return Err(format!(
                "the starting network's activation is {}, not {}: a network keeps its activation",
                start.activation.name(),
                asked.name()
            ));
        }
    }
    let activation = settings.activation.unwrap_or_default();
    let mut network = start
        .unwrap_or_else(|| Network::seeded_with(R::NETWORK_INPUTS, settings.seed, 0.1, activation));
    if network.inputs() != R::NETWORK_INPUTS {
        return Err(format!(
            "the starting network has {} inputs, expected {}",
            network.inputs(),
            R::NETWORK_INPUTS
        ));
    }
    let scale = settings.scale.unwrap_or_else(|| fit_scale(records));
    let mut order: Vec<usize> = (0..records.len()).collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(settings.seed);
    order.shuffle(&mut rng);
    let held = if held_out.is_empty() {
        ((records.len() as f64) * settings.validation).round() as usize
    } else {
        0
    };
    let sample = |record: &Record<R>| {
        let record = *record;
        let result = (f64::from(record.result) + 1.0) / 2.0;
        let target = settings.lambda * result
            + (1.0 - settings.lambda) * sigmoid(f64::from(record.score) / scale);
        Sample { linear: linear_sum(weights, &record), record, target }
    };
    let mut validation: Vec<Sample<R>> =
        order[..held].par_iter().map(|&i| sample(&records[i])).collect();
    if !held_out.is_empty() {
        validation = held_out.par_iter().map(sample).collect();
    }
    let mut training: Vec<Sample<R>> =
        order[held..].par_iter().map(|&i| sample(&records[i])).collect();

    let parameters = network.params().count();
    let (mut m, mut v) = (vec![0.0f64; parameters], vec![0.0f64; parameters]);
    let (beta1, beta2, epsilon) = (0.9f64, 0.999f64, 1e-8f64);
    let mut step = 0i32;
    let mut epochs = Vec::new();
    let first = EpochReport {
        epoch: 0,
        train_loss: mean_loss(&network, &training, scale),
        validation_loss: mean_loss(&network, &validation, scale),
    };
    report(&first);
    epochs.push(first);
    let mut best = BestEpoch::new(settings.patience, !validation.is_empty());
    best.observe(&first, &network);
    let slice = 256;
    for epoch in 1..=settings.epochs {
        training.shuffle(&mut rng);
        let mut epoch_loss = 0.0;
        for batch in training.chunks(settings.batch.max(1)) {
            let parts: Vec<(Network, f64)> = batch
                .par_chunks(slice)
                .map(|chunk| {
                    let mut gradient = Network::zeros(R::NETWORK_INPUTS);
                    let loss = chunk.iter().map(|s| backward(&network, s, scale, &mut gradient));
                    let loss = loss.sum::<f64>();
                    (gradient, loss)
                })
                .collect();
            let mut gradient = vec![0.0f64; parameters];
            for (part, loss) in parts {
                epoch_loss += loss;
                for (total, g) in gradient.iter_mut().zip(part.params()) {
                    *total += f64::from(*g);
                }
            }
            step += 1;
            let n = batch.len() as f64;
            let (correction1, correction2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            for (i, w) in network.params_mut().enumerate() {
                let g = gradient[i] / n;
                m[i] = beta1 * m[i] + (1.0 - beta1) * g;
                v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
                let update = settings.learning_rate * (m[i] / correction1)
                    / ((v[i] / correction2).sqrt() + epsilon);
                *w -= update as f32;
            }
            keep_within_the_search(&mut network);
        }
        let entry = EpochReport {
            epoch,
            train_loss: epoch_loss / training.len().max(1) as f64,
            validation_loss: mean_loss(&network, &validation, scale),
        };
        report(&entry);
        epochs.push(entry);
        if best.observe(&entry, &network) {
            break;
        }
    }
    let (best_epoch, network) = best.into_best();
    Ok(TrainedNetwork {
        network,
        best_epoch,
        scale,
        train_positions: training.len(),
        validation_positions: validation.len(),
        epochs,
    })
}

#[cfg(test)]
mod tests;
