//! The evaluation's accumulator (the pattern indexes the search keeps up to date move by move):
//! along random games of each game, the accumulator updated from the move's changed squares must
//! equal the one computed from scratch, and the evaluation given it must equal the full one, under
//! the learned weights and the hand-set evaluation alike (and in International and English
//! draughts with a network, whose accumulators are kept the same way).

use dama_engine::english::English;
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::learned::{Features, LearnedChoice, LearnedEval};
use dama_engine::network::Network;
use dama_engine::rules::Rules;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// Plays `games` random games of `R` from the start (kings come often in long games) and checks
/// every position; returns the number of positions checked.
fn check_random_games<R: Rules>(evals: &[R::Eval], games: usize, seed: u64) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut checked = 0;
    for _ in 0..games {
        let mut position = R::start();
        let mut accs: Vec<R::EvalAcc> = evals.iter().map(|e| R::eval_acc(&position, e)).collect();
        for _ in 0..200 {
            for (eval, acc) in evals.iter().zip(&accs) {
                assert_eq!(*acc, R::eval_acc(&position, eval), "{}", R::to_fen(&position));
                assert_eq!(
                    R::evaluate_with(&position, acc, eval),
                    R::evaluate(&position, eval),
                    "{}",
                    R::to_fen(&position)
                );
            }
            checked += 1;
            let moves = R::legal_moves(&position);
            if moves.is_empty() {
                break;
            }
            let next = R::play(&position, &moves[rng.gen_range(0..moves.len())]);
            for (eval, acc) in evals.iter().zip(accs.iter_mut()) {
                *acc = R::update_eval_acc(acc, &position, &next, eval);
            }
            position = next;
        }
    }
    checked
}

/// The built-in weights of `R` with a network whose every weight counts (the output weights
/// too), drawn from `seed`.
fn built_in_with_a_network<R: Features>(seed: u64) -> Arc<LearnedEval<R>> {
    let weights = R::embedded().unwrap().to_hundredths();
    let mut network = Network::seeded(R::NETWORK_INPUTS, seed, 0.4);
    for j in 0..network.own.len() {
        (network.own[j], network.other[j]) = (0.3 - 0.02 * j as f32, 0.01 * j as f32 - 0.2);
    }
    let bytes = LearnedEval::<R>::to_bytes_with(&weights, Some(&network));
    let with_network = LearnedEval::<R>::from_bytes(&bytes).unwrap();
    assert!(with_network.network().is_some());
    Arc::new(with_network)
}

#[test]
fn italian_accumulator_follows_every_move() {
    use dama_engine::italian::eval::EvalOptions;
    let evals = [EvalOptions::default(), EvalOptions::DEFAULT];
    assert!(evals[0].learned.is_some() && evals[1].learned.is_none());
    assert!(check_random_games::<Italian>(&evals, 300, 1) > 20_000);
}

#[test]
fn english_accumulator_follows_every_move() {
    let evals = [
        Default::default(),
        LearnedChoice::<English>::named("classic", None).unwrap(),
        LearnedChoice::<English>::named("learned", Some(built_in_with_a_network(6))).unwrap(),
    ];
    let start = English::start();
    assert!(English::eval_acc(&start, &evals[2]).network.is_some());
    // The built-in evaluation keeps network sums exactly when it has a network.
    let built_in_network = English::embedded().unwrap().network().is_some();
    assert_eq!(English::eval_acc(&start, &evals[0]).network.is_some(), built_in_network);
    assert!(English::eval_acc(&start, &evals[1]).network.is_none());
    assert!(check_random_games::<English>(&evals, 300, 2) > 20_000);
}

#[test]
fn international_accumulator_follows_every_move() {
    let weights = International::embedded().unwrap().to_hundredths();
    let with_network = built_in_with_a_network::<International>(5);
    // The built-in weights' linear part alone, without the built-in network.
    let linear =
        LearnedEval::<International>::from_bytes(&LearnedEval::<International>::to_bytes(&weights))
            .unwrap();
    let evals = [
        Default::default(),
        LearnedChoice::<International>::named("classic", None).unwrap(),
        LearnedChoice::<International>::named("learned", Some(with_network)).unwrap(),
        LearnedChoice::<International>::named("learned", Some(Arc::new(linear))).unwrap(),
    ];
    let start = International::start();
    assert!(International::eval_acc(&start, &evals[2]).network.is_some());
    assert!(International::eval_acc(&start, &evals[3]).network.is_none());
    // The built-in evaluation keeps network sums when it has a network (`n5` has).
    let built_in_network = International::embedded().unwrap().network().is_some();
    assert_eq!(International::eval_acc(&start, &evals[0]).network.is_some(), built_in_network);
    let checked = check_random_games::<International>(&evals, 300, 3);
    assert!(checked > 20_000, "{checked}");
}
