//! `dama match` between two `dama hub` processes: a short match runs to the end, scores every
//! game, and writes PDN that replays as legal; opening sets, adjudications, the SPRT's early stop,
//! and command-line errors.

mod isolated;
mod match_support;

use dama_engine::color::Color;
use match_support::{broken, dama_hub, play, read_pdn, replay, run_match, temp_file};

#[test]
fn a_short_match_between_two_dama_instances_runs_to_the_end() {
    let pdn = temp_file("short.pdn");
    let hub = dama_hub();
    let engines: [&[&str]; 2] = [&[&hub, "name=first"], &[&hub, "option.threads=1"]];
    let options = "--option tt-size=8 --nodes 2000 --games 6 --concurrency 2 --seed 3";
    let run = play(engines, options, Some(&pdn));
    assert!(run.success, "{}\n{}", run.stdout, run.stderr);
    assert_eq!(run.result["games"], "6");
    let counted = run.number("wins") + run.number("draws") + run.number("losses");
    assert_eq!(counted, 6.0);
    assert_eq!(run.result["forfeits"], "0,0");
    assert_eq!(run.result["sprt"], "none");
    let penta: Vec<u32> = run.result["penta"]
        .trim_matches(['[', ']'])
        .split(',')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(penta.iter().sum::<u32>(), 3, "three complete pairs");
    assert!(run.stdout.contains("Score of first vs "), "{}", run.stdout);
    assert!(run.stderr.contains("game 6/6"), "{}", run.stderr);

    let games = read_pdn(&pdn);
    assert_eq!(games.len(), 6);
    for (index, game) in games.iter().enumerate() {
        assert_eq!(game.tags["Round"], (index + 1).to_string(), "games are written in order");
        assert_eq!(game.tags["GameType"], "22");
        assert_eq!(game.tags["FEN"], "W:W21-32:B1-12");
        assert_eq!(game.tags["Result"], game.result);
        assert_eq!(game.tags["PlyCount"], game.moves.len().to_string());
        assert!(game.tags["Opening"].starts_with("ballot "));
        let white_first = index % 2 == 0;
        assert_eq!(game.tags["White"] == "first", white_first, "colours alternate in a pair");
        let end = replay(game);
        match game.tags["Termination"].as_str() {
            "no legal move" => {
                assert!(end.legal_moves().is_empty());
                let white_lost = end.side_to_move() == Color::White;
                assert_eq!(game.result, if white_lost { "0-1" } else { "1-0" });
            }
            "threefold repetition" | "40-move rule" => assert_eq!(game.result, "1/2-1/2"),
            other => panic!("unexpected termination {other}"),
        }
    }
    // A pair shares its opening.
    assert_eq!(games[0].moves[..3], games[1].moves[..3]);
    let _ = std::fs::remove_file(pdn);
}

#[test]
fn two_move_openings_at_fixed_depth_report_the_llr() {
    let hub = dama_hub();
    let options = "--depth 2 --openings ballots2 --rounds 2 --sprt elo0=0,elo1=5 --quiet";
    let run = play([&[&hub], &[&hub]], options, None);
    assert!(run.success, "{}", run.stderr);
    assert_eq!(run.result["games"], "4");
    assert!(run.number("llr").is_finite());
    assert_eq!(run.result["sprt"], "continue");
    assert!(run.stdout.contains("SPRT (elo0=0 elo1=5"), "{}", run.stdout);
}

#[test]
fn openings_from_a_file_and_max_plies_adjudication() {
    let openings = temp_file("openings.txt");
    std::fs::write(&openings, "# kings, Black to move\nB:W18,22,23,27,K30:B5,6,9,K12,14\n")
        .unwrap();
    let pdn = temp_file("file.pdn");
    let hub = dama_hub();
    let options = format!("--nodes 500 --max-plies 6 --quiet --openings {}", openings.display());
    let run = play([&[&hub], &[&hub]], &options, Some(&pdn));
    assert!(run.success, "{}", run.stderr);
    assert_eq!(run.result["games"], "2", "one opening, played twice");
    for game in read_pdn(&pdn) {
        assert_eq!(game.tags["FEN"], "B:W18,22,23,27,K30:B5,6,9,K12,14");
        replay(&game);
        if game.tags["Termination"] == "adjudication: max plies" {
            assert_eq!(game.moves.len(), 6);
            assert_eq!(game.result, "1/2-1/2");
        }
    }
    let _ = std::fs::remove_file(pdn);
    let _ = std::fs::remove_file(openings);
}

#[test]
fn agreeing_scores_adjudicate_a_draw() {
    let pdn = temp_file("adjudicated.pdn");
    let hub = dama_hub();
    let options = "--nodes 500 --games 2 --adjudicate-draw moves=2,score=50 --quiet";
    let run = play([&[&hub], &[&hub]], options, Some(&pdn));
    assert!(run.success, "{}", run.stderr);
    assert_eq!(run.result["draws"], "2");
    for game in read_pdn(&pdn) {
        assert_eq!(game.tags["Termination"], "adjudication: scores agree on a draw");
        assert!(game.moves.len() >= 7, "two scored moves of each engine after the ballot");
        replay(&game);
    }
    let _ = std::fs::remove_file(pdn);
}

#[test]
fn an_sprt_stops_the_match_at_a_bound() {
    // Every game is won by forfeit: a few won pairs cross the upper bound.
    let (hub, crashing) = (dama_hub(), broken("exit", None));
    let options = "--depth 2 --games 60 --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05";
    let run = play([&[&hub], &[&crashing]], options, None);
    assert!(run.success, "{}", run.stderr);
    assert_eq!(run.result["sprt"], "H1");
    assert!(run.number("games") < 60.0, "stopped early: {:?}", run.result);
    assert!(run.number("llr") >= 2.944);
    assert!(run.stderr.contains("SPRT: H1 after"), "{}", run.stderr);
}

#[test]
fn bad_command_lines_are_refused_with_a_reason() {
    let hub = dama_hub();
    let two = format!("--engine|{hub}|--engine|{hub}|--depth|2");
    let cases = [
        (format!("--engine|{hub}|--depth|2"), "exactly two --engine"),
        (format!("--engine|/nonexistent/engine|--engine|{hub}|--depth|2"), "cannot start"),
        (format!("--engine|{hub}|option.no-such=1|--engine|{hub}|--depth|2"), "refused"),
        (format!("--engine|{hub}|--engine|{hub}|--depth|2|--nodes|5"), "cannot be used with"),
        (format!("{two}|--sprt|elo0=5,elo1=0"), "elo0 must be less than elo1"),
        (format!("{two}|--adjudicate-win|score=3"), "needs moves=N"),
        (format!("{two}|--tc|5"), "cannot be used with"),
        (format!("--engine|{hub}|--engine|{hub}|--tc|0/5"), "moves of a period"),
        (format!("--engine|{hub}|tc=x|--engine|{hub}|--depth|2"), "--engine tc=: --tc: 'x'"),
        (format!("--engine|{hub}|movetime=0|--engine|{hub}|--depth|2"), "movetime=0: not a"),
        (
            format!("--engine|{hub}|depth=2|nodes=5|--engine|{hub}|--depth|2"),
            "one limit of its own",
        ),
    ];
    for (line, message) in cases {
        let args: Vec<&str> = line.split('|').collect();
        let run = run_match(&args);
        assert!(!run.success, "{args:?} should fail");
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn a_moves_in_minutes_clock_is_refilled_each_period() {
    // Four moves in 0.4 s each: a game outlasts a period many times over, so without the
    // refill every game would be lost on time.
    let pdn = temp_file("period.pdn");
    let hub = dama_hub();
    let engines: [&[&str]; 2] = [&[&hub, "option.tt-size=8"], &[&hub, "option.tt-size=8"]];
    let run = play(engines, "--tc 4/0.4 --games 2 --time-margin 0.2", Some(&pdn));
    assert!(run.success, "{}\n{}", run.stdout, run.stderr);
    assert_eq!(run.result["forfeits"], "0,0", "{}", run.stderr);
    for game in read_pdn(&pdn) {
        assert_eq!(game.tags["TimeControl"], "4/0.4+0");
        let plies: usize = game.tags["PlyCount"].parse().unwrap();
        assert!(plies > 3 * 8, "{plies} plies: {:?}", game.tags);
        replay(&game);
    }
    let _ = std::fs::remove_file(pdn);
}

#[test]
fn each_engine_may_have_a_limit_of_its_own() {
    // A clock against a fixed move time, as the time manager is measured.
    let pdn = temp_file("odds.pdn");
    let hub = dama_hub();
    let engines: [&[&str]; 2] =
        [&[&hub, "name=clock", "tc=3+0.05"], &[&hub, "name=fixed", "movetime=0.03"]];
    let run = play(engines, "--movetime 1 --games 2 --time-margin 0.2", Some(&pdn));
    assert!(run.success, "{}\n{}", run.stdout, run.stderr);
    assert_eq!(run.result["forfeits"], "0,0", "{}", run.stderr);
    assert!(run.stderr.contains("3+0.05 / movetime 0.03"), "{}", run.stderr);
    for game in read_pdn(&pdn) {
        assert_eq!(game.tags["TimeControl"], "3+0.05 / movetime 0.03");
        replay(&game);
    }
    let _ = std::fs::remove_file(pdn);
}
