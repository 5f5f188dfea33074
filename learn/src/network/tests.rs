//! Tests of the network trainer.

use super::*;
use dama_engine::international::{eval::drawish, fen::parse_fen, International};
use dama_engine::learned::{Features, LearnedEval};

/// The linear part of the built-in International evaluation (its network, if it has one, is
/// left out: the networks of these tests are trained over these weights).
fn built_in_weights() -> Vec<[f32; 2]> {
    International::embedded().expect("built-in International weights").to_hundredths()
}

/// A clear signal the linear weights lack: with a White king on 28 White wins, with it on 23
/// Black wins (the same material), in positions with either side to move.
fn signal() -> Vec<Record<International>> {
    let fens = [
        ("W:W31,32,33,K28:B1,2,3,4", 1),
        ("B:W31,32,33,K28:B1,2,3,4", 1),
        ("W:W31,32,33,K23:B1,2,3,4", -1),
        ("B:W31,32,33,K23:B1,2,3,4", -1),
    ];
    (0..400)
        .map(|i| {
            let (fen, result) = fens[i % 4];
            Record { position: parse_fen(fen).unwrap(), score: 0, result }
        })
        .collect()
}

#[test]
fn a_network_the_search_could_not_hold_is_brought_within_its_bound() {
    use dama_engine::network::{SearchNetwork, ACCUMULATOR_REACH};
    // A start whose column 5 reaches twice as far as 16 bits hold: the first step scales
    // it back to 95 % of the bound (the steps themselves are tiny), and the file loads.
    let mut start = Network::seeded(International::NETWORK_INPUTS, 3, 0.1);
    let factor = 2.0 * ACCUMULATOR_REACH / start.column_reach(5);
    start.bias[5] *= factor;
    start.first.iter_mut().for_each(|row| row[5] *= factor);
    assert!(SearchNetwork::new(&start).is_err());
    let settings = NetworkSettings {
        epochs: 1,
        batch: 64,
        learning_rate: 1e-6,
        lambda: 1.0,
        validation: 0.0,
        scale: Some(100.0),
        ..Default::default()
    };
    let weights = built_in_weights();
    let trained =
        train_network(&signal(), &[], &weights, Some(start.clone()), &settings, |_| {}).unwrap();
    assert_eq!(trained.best_epoch, 1, "no validation positions: the last epoch is kept");
    let reach = trained.network.column_reach(5);
    assert!((reach / (0.95 * ACCUMULATOR_REACH) - 1.0).abs() < 1e-3, "{reach}");
    assert!(SearchNetwork::new(&trained.network).is_ok());
    for j in (0..HIDDEN).filter(|&j| j != 5) {
        let change = (trained.network.column_reach(j) - start.column_reach(j)).abs();
        assert!(change < 1e-3, "column {j} is left to the steps: {change}");
    }
}

#[test]
fn a_network_learns_what_the_weights_lack_deterministically_and_plays_it() {
    let records = signal();
    let settings = NetworkSettings {
        epochs: 30,
        batch: 64,
        learning_rate: 0.01,
        lambda: 1.0,
        scale: Some(100.0),
        ..Default::default()
    };
    let weights = built_in_weights();
    let a = train_network(&records, &[], &weights, None, &settings, |_| {}).unwrap();
    let b = train_network(&records, &[], &weights, None, &settings, |_| {}).unwrap();
    assert_eq!(a.network, b.network, "same seed, same network");
    let (first, last) = (a.epochs[0], *a.epochs.last().unwrap());
    assert!(last.validation_loss < first.validation_loss * 0.5, "{first:?} -> {last:?}");
    // The engine reads the network back and evaluates as trained.
    let bytes = LearnedEval::<International>::to_bytes_with(&weights, Some(&a.network));
    let eval = LearnedEval::<International>::from_bytes(&bytes).unwrap();
    for side in ["W", "B"] {
        let good = parse_fen(&format!("{side}:W31,32,33,K28:B1,2,3,4")).unwrap();
        let bad = parse_fen(&format!("{side}:W31,32,33,K23:B1,2,3,4")).unwrap();
        let white = |p| {
            let e = eval.evaluate(&p);
            if side == "W" {
                e
            } else {
                -e
            }
        };
        assert!(white(good) > white(bad) + 100, "{side}: {} {}", white(good), white(bad));
    }
}

#[test]
fn the_trainers_evaluation_is_the_engines() {
    let records = signal();
    let settings = NetworkSettings {
        epochs: 3,
        batch: 32,
        learning_rate: 0.01,
        lambda: 1.0,
        scale: Some(100.0),
        ..Default::default()
    };
    let weights = built_in_weights();
    let trained = train_network(&records, &[], &weights, None, &settings, |_| {}).unwrap();
    let network = trained.network;
    assert!(network.params().any(|&w| w != 0.0));
    let bytes = LearnedEval::<International>::to_bytes_with(&weights, Some(&network));
    let eval = LearnedEval::<International>::from_bytes(&bytes).unwrap();
    for fen in [
        "W:W31-50:B1-20",
        "B:W28,31,33,34,40:B17,18,19,20,22",
        "W:WK3,28,33,34,40:BK48,17,18,19",
        "B:W31,32,33,K23:B1,2,3,4",
    ] {
        let position = parse_fen(fen).unwrap();
        let record = Record::<International> { position, score: 0, result: 0 };
        let sample = Sample { linear: linear_sum(&weights, &record), record, target: 0.5 };
        let mut acc = [network.bias; 2];
        International::network_inputs(&position, |v, i| network.add(&mut acc[v], i));
        let view = usize::from(position.side == Color::Black);
        let sign = if view == 0 { 1.0 } else { -1.0 };
        let white =
            sample.linear + 100.0 * sign * f64::from(network.output(&acc[view], &acc[1 - view]));
        let divisor = International::eval_divisor(&position, white);
        let engine = drawish(&position, eval.evaluate(&position));
        let engine_white = f64::from(if view == 0 { engine } else { -engine });
        assert!((white / divisor - engine_white).abs() <= 1.5, "{fen}: {white} {engine_white}");
    }
}

#[test]
fn held_out_games_are_the_validation() {
    let records = signal();
    let settings = NetworkSettings { epochs: 1, scale: Some(100.0), ..Default::default() };
    let weights = built_in_weights();
    let split = train_network(&records, &[], &weights, None, &settings, |_| {}).unwrap();
    assert_eq!((split.train_positions, split.validation_positions), (360, 40));
    let held = train_network(&records, &records[..8], &weights, None, &settings, |_| {});
    assert_eq!(held.unwrap().validation_positions, 8);
    assert!(train_network::<International>(&records[..5], &[], &weights, None, &settings, |_| {})
        .is_err());
}

#[test]
fn a_squared_network_follows_its_gradient_and_keeps_its_activation() {
    use dama_engine::network::Activation;
    let weights = built_in_weights();
    // The backward pass against the loss's own differences, weight by weight.
    let mut network =
        Network::seeded_with(International::NETWORK_INPUTS, 5, 0.1, Activation::Squared);
    for j in 0..HIDDEN {
        network.own[j] = 0.02 * (j as f32 - 30.0);
        network.other[j] = -0.015 * (j as f32 - 20.0);
    }
    let position = parse_fen("B:W28,31,33,34,40:B17,18,19,20,22").unwrap();
    let record = Record::<International> { position, score: 0, result: 1 };
    let sample = Sample { linear: linear_sum(&weights, &record), record, target: 0.8 };
    let scale = 100.0;
    let mut gradient = Network::zeros(International::NETWORK_INPUTS);
    backward(&network, &sample, scale, &mut gradient);
    let mut input = None;
    International::network_inputs(&position, |v, i| input = input.or(Some((v, i))));
    let (_, input) = input.unwrap();
    let mut checked = 0;
    for j in 0..HIDDEN {
        let (acc, ..) = forward(&network, &sample, scale);
        if !acc.iter().all(|a| a[j] > 0.05 && a[j] < 0.95) {
            continue; // a kink of the clipping nearby: differences say nothing there
        }
        let eps = 1e-3f32;
        let loss_at = |change: f32, which: usize| {
            let mut n = network.clone();
            match which {
                0 => n.own[j] += change,
                1 => n.bias[j] += change,
                _ => n.first[input][j] += change,
            }
            forward(&n, &sample, scale).2
        };
        for (which, analytic) in
            [(0, gradient.own[j]), (1, gradient.bias[j]), (2, gradient.first[input][j])]
        {
            let numeric = (loss_at(eps, which) - loss_at(-eps, which)) / (2.0 * f64::from(eps));
            let analytic = f64::from(analytic);
            assert!(
                (numeric - analytic).abs() <= 0.02 * analytic.abs().max(1e-6) + 1e-7,
                "column {j}, weight {which}: numeric {numeric}, backward {analytic}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 30, "{checked} weights checked");
    // Trained from its seeded start it learns the signal and is read back squared.
    let settings = NetworkSettings {
        epochs: 30,
        batch: 64,
        learning_rate: 0.01,
        lambda: 1.0,
        scale: Some(100.0),
        activation: Some(Activation::Squared),
        ..Default::default()
    };
    let records = signal();
    let trained = train_network(&records, &[], &weights, None, &settings, |_| {}).unwrap();
    assert_eq!(trained.network.activation, Activation::Squared);
    let (first, last) = (trained.epochs[0], *trained.epochs.last().unwrap());
    assert!(last.validation_loss < first.validation_loss * 0.5, "{first:?} -> {last:?}");
    let bytes = LearnedEval::<International>::to_bytes_with(&weights, Some(&trained.network));
    let eval = LearnedEval::<International>::from_bytes(&bytes).unwrap();
    assert_eq!(eval.network().map(|n| n.activation), Some(Activation::Squared));
    let good = parse_fen("W:W31,32,33,K28:B1,2,3,4").unwrap();
    let bad = parse_fen("W:W31,32,33,K23:B1,2,3,4").unwrap();
    assert!(eval.evaluate(&good) > eval.evaluate(&bad) + 100);
    // A starting network keeps its activation: asking for the other is refused.
    let clipped = Some(Activation::Clipped);
    let other = NetworkSettings { activation: clipped, ..settings };
    let refused = train_network(&records, &[], &weights, Some(trained.network), &other, |_| {});
    assert!(refused.unwrap_err().contains("keeps its activation"));
}
