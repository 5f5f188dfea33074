//! Training: fits the learned evaluation's weights to self-play positions.
//!
//! The model is the linear evaluation of [`dama_engine::learned`] over the game's features: for a
//! position with features x and phase p (pieces, at most P, the game's `PHASE_PIECES`),
//! `e = (m.x * p + n.x * (P - p)) / P` hundredths of a man for White, with m the middle-game and
//! n the end-game weights, divided by the game's endgame scaling where it has one
//! ([`TrainingGame::eval_divisor`]: what the search sees). Its prediction of White's
//! expected score is `sigmoid(e / K)`. The target blends the game's result r (1, 1/2, 0) with the
//! search score s: `t = lambda * r + (1 - lambda) * sigmoid(s / K)`. The loss is the mean squared
//! difference (Texel's method), minimised by Adam over shuffled mini-batches, the gradient of a
//! batch computed over fixed slices in parallel and summed in a fixed order, so that a run is
//! the same for the same seed whatever the thread count.
//!
//! K is fitted first, so that `sigmoid(s / K)` best predicts the results from the search scores
//! alone; a fixed K can be given instead.

use crate::data::Record;
use crate::game::TrainingGame;
use crate::stopping::{BestEpoch, EpochReport};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rayon::prelude::*;

/// The training settings.
#[derive(Clone, Debug)]
pub struct TuneSettings {
    /// Passes over the training positions.
    pub epochs: u32,
    /// Positions per Adam step.
    pub batch: usize,
    /// Adam's step size, in hundredths of a man.
    pub learning_rate: f64,
    /// Weight of the game result in the target (the rest is the search score).
    pub lambda: f64,
    /// Share of the positions held out for validation.
    pub validation: f64,
    /// L2 penalty on the pattern weights, per position.
    pub l2: f64,
    /// Shuffling seed.
    pub seed: u64,
    /// The sigmoid's scale K in hundredths of a man; fitted when `None`.
    pub scale: Option<f64>,
    /// Stop after this many epochs without a lower validation loss (never when `None`).
    pub patience: Option<u32>,
    /// Only the features from this index on are fitted; those below keep their starting
    /// weights (0: all are fitted). For features added to a trained evaluation.
    pub fit_from: usize,
}

impl Default for TuneSettings {
    fn default() -> TuneSettings {
        TuneSettings {
            epochs: 10,
            batch: 16_384,
            learning_rate: 1.0,
            lambda: 0.5,
            validation: 0.1,
            l2: 0.0,
            seed: 1,
            scale: None,
            patience: None,
            fit_from: 0,
        }
    }
}

/// The outcome of training.
#[derive(Clone, Debug)]
pub struct Trained {
    /// The weights in hundredths of a man, middle and end game per feature: those of the epoch
    /// with the lowest validation loss ([`crate::stopping`]).
    pub weights: Vec<[f32; 2]>,
    /// That epoch (0: the starting weights were not improved on).
    pub best_epoch: u32,
    /// The fitted (or given) sigmoid scale.
    pub scale: f64,
    /// Training and validation positions.
    pub train_positions: usize,
    pub validation_positions: usize,
    /// The report of every epoch run, from epoch 0 (the starting weights).
    pub epochs: Vec<EpochReport>,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// One training position: its features, phase and target.
struct Sample<R: TrainingGame> {
    record: Record<R>,
    target: f64,
}

fn white_result<R: TrainingGame>(record: &Record<R>) -> f64 {
    (f64::from(record.result) + 1.0) / 2.0
}

/// The scale K for which `sigmoid(score / K)` best predicts the results (golden-section search).
pub fn fit_scale<R: TrainingGame>(records: &[Record<R>]) -> f64 {
    let loss = |k: f64| {
        records
            .par_iter()
            .map(|r| (sigmoid(f64::from(r.score) / k) - white_result(r)).powi(2))
            .sum::<f64>()
    };
    let (mut a, mut b) = (20.0f64, 3_000.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let (c, d) = (b - ratio * (b - a), a + ratio * (b - a));
        if loss(c) < loss(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// White's evaluation of a record with float weights (after the game's endgame scaling), its
/// phase, and the divisor of the scaling (the evaluation's derivative by the sum is its inverse).
fn evaluate<R: TrainingGame>(weights: &[[f32; 2]], record: &Record<R>) -> (f64, f64, f64) {
    let (mut middle, mut end) = (0.0f64, 0.0f64);
    let phase = R::features(&record.position, |f, v| {
        middle += f64::from(weights[f][0]) * f64::from(v);
        end += f64::from(weights[f][1]) * f64::from(v);
    });
    let phase = f64::from(phase) / f64::from(R::PHASE_PIECES);
    let sum = middle * phase + end * (1.0 - phase);
    let divisor = R::eval_divisor(&record.position, sum);
    (sum / divisor, phase, divisor)
}

fn mean_loss<R: TrainingGame>(weights: &[[f32; 2]], samples: &[Sample<R>], scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .par_chunks(4096)
        .map(|chunk| {
            chunk
                .iter()
                .map(|s| (sigmoid(evaluate(weights, &s.record).0 / scale) - s.target).powi(2))
                .sum::<f64>()
        })
        .collect::<Vec<f64>>()
        .iter()
        .sum();
    total / samples.len() as f64
}

/// Fits the weights of `R`'s features to `records`, starting from `start` (e.g.
/// [`dama_engine::learned::Features::initial_weights`]). The validation positions are `held_out`
/// when it is not empty (other games than the training's: positions of one game share its
/// result, so a random share of the positions flatters weights that learn games by heart), else
/// a random share of `records`. `report` is called after every epoch (and once before the first).
pub fn train<R: TrainingGame>(
    records: &[Record<R>],
    held_out: &[Record<R>],
    start: Vec<[f32; 2]>,
    settings: &TuneSettings,
    mut report: impl FnMut(&EpochReport),
) -> Result<Trained, String> {
    let features = R::FEATURES;
    if start.len() != features {
        return Err(format!("starting weights have {} features, expected {features}", start.len()));
    }
    if records.len() < 10 {
        return Err(format!("{} positions are too few to train on", records.len()));
    }
    if settings.fit_from >= features {
        return Err(format!(
            "fitting from feature {} leaves nothing to fit: the game has {features} features",
            settings.fit_from
        ));
    }
    if !(0.0..1.0).contains(&settings.validation) || !(0.0..=1.0).contains(&settings.lambda) {
        return Err("validation must be in [0, 1) and lambda in [0, 1]".to_string());
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
    let sample = |r: &Record<R>| {
        let r = *r;
        let target = settings.lambda * white_result(&r)
            + (1.0 - settings.lambda) * sigmoid(f64::from(r.score) / scale);
        Sample { record: r, target }
    };
    let mut validation: Vec<Sample<R>> =
        order[..held].iter().map(|&i| sample(&records[i])).collect();
    if !held_out.is_empty() {
        validation = held_out.iter().map(sample).collect();
    }
    let mut training: Vec<Sample<R>> = order[held..].iter().map(|&i| sample(&records[i])).collect();

    let mut weights = start;
    let mut m = vec![[0.0f64; 2]; features];
    let mut v = vec![[0.0f64; 2]; features];
    let (beta1, beta2, epsilon) = (0.9f64, 0.999f64, 1e-8f64);
    let mut step = 0i32;
    let mut epochs = Vec::new();
    let first = EpochReport {
        epoch: 0,
        train_loss: mean_loss(&weights, &training, scale),
        validation_loss: mean_loss(&weights, &validation, scale),
    };
    report(&first);
    epochs.push(first);
    let mut best = BestEpoch::new(settings.patience, !validation.is_empty());
    best.observe(&first, &weights);
    let slice = 2048;
    for epoch in 1..=settings.epochs {
        training.shuffle(&mut rng);
        let mut epoch_loss = 0.0;
        for batch in training.chunks(settings.batch.max(1)) {
            // Gradient over fixed slices, summed in order: deterministic.
            let parts: Vec<(Vec<[f64; 2]>, f64)> = batch
                .par_chunks(slice)
                .map(|chunk| {
                    let mut gradient = vec![[0.0f64; 2]; features];
                    let mut loss = 0.0;
                    for s in chunk {
                        let (e, phase, divisor) = evaluate(&weights, &s.record);
                        let p = sigmoid(e / scale);
                        loss += (p - s.target).powi(2);
                        let g = 2.0 * (p - s.target) * p * (1.0 - p) / scale / divisor;
                        let (gm, ge) = (g * phase, g * (1.0 - phase));
                        R::features(&s.record.position, |f, v| {
                            gradient[f][0] += gm * f64::from(v);
                            gradient[f][1] += ge * f64::from(v);
                        });
                    }
                    (gradient, loss)
                })
                .collect();
            let mut gradient = vec![[0.0f64; 2]; features];
            for (part, loss) in parts {
                epoch_loss += loss;
                for (total, g) in gradient.iter_mut().zip(part) {
                    total[0] += g[0];
                    total[1] += g[1];
                }
            }
            step += 1;
            let n = batch.len() as f64;
            let (correction1, correction2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            for f in settings.fit_from..features {
                for phase in 0..2 {
                    let mut g = gradient[f][phase] / n;
                    if f >= R::PATTERNS {
                        g += 2.0 * settings.l2 * f64::from(weights[f][phase]);
                    }
                    if g == 0.0 && m[f][phase] == 0.0 {
                        continue;
                    }
                    m[f][phase] = beta1 * m[f][phase] + (1.0 - beta1) * g;
                    v[f][phase] = beta2 * v[f][phase] + (1.0 - beta2) * g * g;
                    let update = settings.learning_rate * (m[f][phase] / correction1)
                        / ((v[f][phase] / correction2).sqrt() + epsilon);
                    weights[f][phase] -= update as f32;
                }
            }
        }
        let entry = EpochReport {
            epoch,
            train_loss: epoch_loss / training.len().max(1) as f64,
            validation_loss: mean_loss(&weights, &validation, scale),
        };
        report(&entry);
        epochs.push(entry);
        if best.observe(&entry, &weights) {
            break;
        }
    }
    let (best_epoch, weights) = best.into_best();
    Ok(Trained {
        weights,
        best_epoch,
        scale,
        train_positions: training.len(),
        validation_positions: validation.len(),
        epochs,
    })
}

#[cfg(test)]
mod tests;
