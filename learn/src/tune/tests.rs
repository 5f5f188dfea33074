use super::*;
use dama_engine::board8::fen::parse_fen;
use dama_engine::board8::position::Position;
use dama_engine::italian::eval::learned::LearnedEval;
use dama_engine::italian::Italian;
use dama_engine::learned::Features;

fn initial_weights() -> Vec<[f32; 2]> {
    Italian::initial_weights()
}

#[test]
fn the_initial_weights_survive_a_file_round_trip() {
    let bytes = LearnedEval::to_bytes(&initial_weights());
    assert_eq!(LearnedEval::from_bytes(&bytes).unwrap().to_hundredths(), initial_weights());
}

/// White wins with a man on 22 and loses with it on 23 (`sign` 1; -1 turns the results), the
/// rest of the position the same: a pattern the start weights lack. The two positions, then 400
/// records alternating between them.
fn man_on_22(sign: i8) -> (Position, Position, Vec<Record<Italian>>) {
    let with = parse_fen("W:W21,22,25:B5,9,10").unwrap();
    let without = parse_fen("W:W21,23,25:B5,9,10").unwrap();
    let records = (0..400)
        .map(|i| {
            let (position, result) = if i % 2 == 0 { (with, sign) } else { (without, -sign) };
            Record { position, score: 0, result }
        })
        .collect();
    (with, without, records)
}

#[test]
fn training_on_a_clear_signal_lowers_the_loss_and_is_deterministic() {
    let (with, without, records) = man_on_22(1);
    let settings = TuneSettings {
        epochs: 5,
        batch: 64,
        lambda: 1.0,
        scale: Some(200.0),
        ..Default::default()
    };
    let a = train(&records, &[], initial_weights(), &settings, |_| {}).unwrap();
    let b = train(&records, &[], initial_weights(), &settings, |_| {}).unwrap();
    assert_eq!(a.weights, b.weights, "same seed, same weights");
    let (first, last) = (a.epochs[0], *a.epochs.last().unwrap());
    assert!(last.validation_loss < first.validation_loss * 0.5, "{first:?} -> {last:?}");
    let eval = LearnedEval::from_bytes(&LearnedEval::to_bytes(&a.weights)).unwrap();
    assert!(eval.evaluate(&with) > eval.evaluate(&without) + 50);
}

#[test]
fn held_out_games_that_contradict_the_training_stop_it_and_keep_the_start() {
    // The training games say a man on 22 wins; the held-out games say it loses. Every
    // epoch fits the first better and the second worse: the rule keeps epoch 0 and stops
    // after its patience.
    let (records, held_out) = (man_on_22(1).2, man_on_22(-1).2);
    let settings = TuneSettings {
        epochs: 20,
        batch: 64,
        lambda: 1.0,
        scale: Some(200.0),
        patience: Some(3),
        ..Default::default()
    };
    let trained = train(&records, &held_out, initial_weights(), &settings, |_| {}).unwrap();
    assert_eq!(trained.epochs.len(), 4, "epoch 0 and three without a better loss");
    assert!(trained.epochs[3].train_loss < trained.epochs[1].train_loss);
    assert!(trained.epochs[3].validation_loss > trained.epochs[0].validation_loss);
    assert_eq!(trained.best_epoch, 0);
    assert_eq!(trained.weights, initial_weights());
    // Without held-out games, the same run goes on to its last epoch and keeps it.
    let unheld = TuneSettings { validation: 0.0, ..settings };
    let trained = train(&records, &[], initial_weights(), &unheld, |_| {}).unwrap();
    assert_eq!((trained.epochs.len(), trained.best_epoch), (21, 20));
}

#[test]
fn the_model_is_the_engines_international_evaluation_scaling_included() {
    use dama_engine::color::Color;
    use dama_engine::international::{eval::drawish, fen::parse_fen, International};
    // The linear part of the built-in evaluation, read back without its network (the model
    // of `tune` is the linear one; the network's own check is in `network::tests`).
    let weights =
        International::embedded().expect("built-in International weights").to_hundredths();
    use dama_engine::learned::LearnedEval as Generic;
    let eval = Generic::<International>::from_bytes(&Generic::<International>::to_bytes(&weights))
        .expect("the linear part reads back");
    let mut divisors = Vec::new();
    for fen in [
        "W:WK1,K2,K3:BK50",
        "B:WK1,K2,K3:BK50",
        "W:WK50:BK1,K2,K3",
        "W:WK3,28,33,34,40:BK48,17,18,19",
        "B:W28,31,33,34,40:B17,18,19,20,22",
    ] {
        let position = parse_fen(fen).unwrap();
        let record = Record::<International> { position, score: 0, result: 0 };
        let (white, _, divisor) = evaluate(&weights, &record);
        let engine = drawish(&position, eval.evaluate(&position));
        let engine_white = if position.side == Color::White { engine } else { -engine };
        assert!((white - f64::from(engine_white)).abs() <= 1.5, "{fen}: {white} {engine_white}");
        divisors.push(divisor);
    }
    assert_eq!(divisors, [8.0, 8.0, 8.0, 2.0, 1.0]);
}

#[test]
fn fitting_from_a_feature_keeps_the_weights_below_it() {
    // The same clear signal as above; only the patterns (from `PATTERNS` on) may take it.
    let records = man_on_22(1).2;
    let from = Italian::PATTERNS;
    let settings = TuneSettings {
        epochs: 5,
        batch: 64,
        lambda: 1.0,
        scale: Some(200.0),
        fit_from: from,
        ..Default::default()
    };
    let start = initial_weights();
    let trained = train(&records, &[], start.clone(), &settings, |_| {}).unwrap();
    assert_eq!(trained.weights[..from], start[..from], "the features below stay");
    assert_ne!(trained.weights[from..], start[from..], "the patterns take the signal");
    let (first, last) = (trained.epochs[0], *trained.epochs.last().unwrap());
    assert!(last.validation_loss < first.validation_loss, "{first:?} -> {last:?}");
    // Fitting from past the last feature fits nothing: refused.
    let nothing = TuneSettings { fit_from: Italian::FEATURES, ..settings };
    let refused = train(&records, &[], start, &nothing, |_| {});
    assert!(refused.unwrap_err().contains("leaves nothing to fit"));
}
