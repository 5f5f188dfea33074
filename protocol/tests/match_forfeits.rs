//! `dama match` against engines that break on purpose (tests/fixtures/broken_engine.py): an
//! illegal move, a malformed answer, a hang, an exit, a loss on time. Each forfeits its game with
//! the reason recorded, the engine is restarted, and the match goes on to the end.

mod isolated;
mod match_support;

use match_support::{broken, dama_hub, play, read_pdn, replay, temp_file, PdnGame};

/// Plays `games` games of Dama against `engine`, checks every one was forfeited by the broken
/// engine with `termination`, and returns the PDN games.
fn every_game_forfeited(engine: &str, limit: &str, games: u32, termination: &str) -> Vec<PdnGame> {
    let pdn = temp_file(&format!("{}.pdn", termination.replace(' ', "-")));
    let (hub, count) = (dama_hub(), games.to_string());
    let run = play(
        [&[&hub, "name=good"], &[engine, "name=broken"]],
        &format!("--games {games} {limit}"),
        Some(&pdn),
    );
    assert!(run.success, "{}", run.stderr);
    assert_eq!(run.result["games"], count, "the match went on to the end");
    assert_eq!(run.result["wins"], count);
    assert_eq!(run.result["forfeits"], format!("0,{games}"));
    assert!(run.stdout.contains(&format!("{termination} {games}")), "{}", run.stdout);
    let no_estimate =
        format!("Elo difference: cannot be estimated: all {games} games were forfeits");
    assert!(run.stdout.contains(&no_estimate), "{}", run.stdout);
    let records = read_pdn(&pdn);
    assert_eq!(records.len(), games as usize);
    for game in &records {
        assert_eq!(game.tags["Termination"], termination);
        assert!(!game.tags["TerminationDetails"].is_empty());
        let end = replay(game);
        // The side to move at the end is the one that forfeited.
        let white_lost = end.side_to_move() == dama_engine::color::Color::White;
        assert_eq!(game.result, if white_lost { "0-1" } else { "1-0" });
        assert_eq!(game.tags[if white_lost { "White" } else { "Black" }], "broken");
    }
    let _ = std::fs::remove_file(pdn);
    records
}

#[test]
fn an_illegal_move_forfeits() {
    let games = every_game_forfeited(&broken("illegal", None), "--depth 2", 4, "illegal move");
    assert!(games[0].tags["TerminationDetails"].contains("'1-2' is not legal"));
}

#[test]
fn a_malformed_answer_forfeits() {
    let games = every_game_forfeited(&broken("malformed", None), "--depth 2", 2, "illegal move");
    assert!(games[0].tags["TerminationDetails"].contains("without move="));
}

#[test]
fn a_hang_under_a_depth_limit_forfeits_after_the_timeout() {
    let limit = "--depth 2 --timeout 1";
    let games = every_game_forfeited(&broken("hang", None), limit, 2, "no answer");
    assert!(games[0].tags["TerminationDetails"].contains("no move within"));
}

#[test]
fn an_exit_forfeits_as_a_crash() {
    let games = every_game_forfeited(&broken("exit", None), "--nodes 500", 4, "engine crashed");
    assert!(games[0].tags["TerminationDetails"].contains("exit"));
}

#[test]
fn a_hang_under_a_clock_loses_on_time() {
    // Clock 0.4 s, increment 0.1 s, margin 0.05 s: 0.55 s allowed for the first move.
    let limit = "--tc 0.4+0.1";
    let games = every_game_forfeited(&broken("hang", None), limit, 2, "time forfeit");
    assert!(games[0].tags["TerminationDetails"].contains("no move within the 0.550 s allowed"));
}

#[test]
fn a_slow_move_loses_on_time_mid_game_and_the_engine_is_restarted() {
    // The engine relays to a real `dama hub` and sleeps 1.5 s at its third search, more than its
    // clock holds: it plays two good moves per game only if it is restarted after each forfeit.
    let limit = "--tc 1+0.1";
    let games = every_game_forfeited(&broken("slow", Some(3)), limit, 2, "time forfeit");
    for game in &games {
        let plies: usize = game.tags["PlyCount"].parse().unwrap();
        assert!(plies == 7 || plies == 8, "two good moves each game, got {plies} plies");
    }
}

#[test]
fn an_illegal_move_mid_game_forfeits_and_the_engine_is_restarted() {
    let games = every_game_forfeited(&broken("illegal", Some(5)), "--depth 3", 4, "illegal move");
    for game in &games {
        let plies: usize = game.tags["PlyCount"].parse().unwrap();
        assert!(plies == 11 || plies == 12, "four good moves each game, got {plies} plies");
    }
}

#[test]
fn the_first_engine_can_forfeit_too() {
    let (crashing, hub) = (broken("exit", None), dama_hub());
    let run = play([&[&crashing], &[&hub]], "--depth 2 --games 2 --quiet", None);
    assert!(run.success, "{}", run.stderr);
    assert_eq!(run.result["losses"], "2");
    assert_eq!(run.result["forfeits"], "2,0");
}
