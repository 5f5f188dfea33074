//! `dama match --variant`: English and International games between two `dama hub` processes,
//! refereed under each game's rules and recorded as PDN with the game's `GameType`; the FMJD
//! endgame counts end International games.

mod isolated;
mod match_support;

use dama_engine::english::English;
use dama_engine::international::International;
use dama_engine::rules::Rules;
use match_support::{dama, dama_hub, play, read_pdn, temp_file, PdnGame};

/// Replays a PDN game under the rules `R` (every move must be legal) and returns the end.
fn replay<R: Rules>(game: &PdnGame) -> R::Position {
    *replay_all::<R>(game).last().unwrap()
}

/// Every position of a game, from its FEN tag to its end.
fn replay_all<R: Rules>(game: &PdnGame) -> Vec<R::Position> {
    let mut positions = vec![R::parse_fen(&game.tags["FEN"]).expect("the FEN tag parses")];
    for text in &game.moves {
        let position = *positions.last().unwrap();
        let mv = R::parse_move(&position, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        positions.push(R::play(&position, &mv));
    }
    positions
}

#[test]
fn an_english_match_plays_from_every_first_move_and_reply() {
    let pdn = temp_file("english.pdn");
    let hub = dama_hub();
    let engines: [&[&str]; 2] = [&[&hub, "name=first"], &[&hub, "name=second"]];
    let options =
        "--variant english --openings moves2 --option tt-size=8 --nodes 1500 --games 4 --concurrency 2";
    let run = play(engines, options, Some(&pdn));
    assert!(run.success, "{}\n{}", run.stdout, run.stderr);
    assert_eq!(run.result["forfeits"], "0,0");
    let games = read_pdn(&pdn);
    assert_eq!(games.len(), 4);
    for game in &games {
        assert_eq!(game.tags["GameType"], "21");
        assert_eq!(game.tags["FEN"], "B:W21-32:B1-12");
        assert!(game.tags["Opening"].starts_with("moves "), "{:?}", game.tags);
        let end = replay::<English>(game);
        match game.tags["Termination"].as_str() {
            "no legal move" => assert!(English::legal_moves(&end).is_empty()),
            "threefold repetition" | "40-move rule" => assert_eq!(game.result, "1/2-1/2"),
            other => panic!("unexpected termination {other}"),
        }
    }
    let text = std::fs::read_to_string(&pdn).unwrap();
    assert!(text.contains("\n1. "), "Black's first move is move 1:\n{text}");
    let _ = std::fs::remove_file(pdn);
}

/// The command line of the scripted engine that never lets a position of its game repeat.
fn wanderer() -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/wandering_engine.py");
    format!("python3 {script} {}", dama())
}

#[test]
fn international_endgames_end_by_the_fmjd_counts() {
    let openings = temp_file("endgames.txt");
    // Three kings against a lone king on the long diagonal (16 moves each), and two kings against
    // it (5 moves each). The scripted engine never lets a position repeat and never leaves a
    // capture; Dama, with the lone king, neither offers a capture nor can take one. So each game
    // where the scripted engine has the kings can end only by the count, whatever tables exist
    // (it used to be two Dama engines, whose games ended by repetition unless the machine's
    // default table directory happened to hold the 2-3 piece tables). Dama plays each opening
    // with the kings too, against the script's lone king: those games are only checked.
    std::fs::write(&openings, "W:WK1,K2,K3:BK28\nW:WK1,K2:BK28\n").unwrap();
    let pdn = temp_file("international.pdn");
    let hub = dama_hub();
    let script = wanderer();
    let engines: [&[&str]; 2] =
        [&[&script, "name=wanderer"], &[&hub, "name=dama", "option.tt-size=8"]];
    let options = format!("--variant international --nodes 3000 --openings {}", openings.display());
    let run = play(engines, &options, Some(&pdn));
    assert!(run.success, "{}\n{}", run.stdout, run.stderr);
    let games = read_pdn(&pdn);
    assert_eq!(games.len(), 4);
    let mut counted = 0;
    for game in &games {
        assert_eq!(game.tags["GameType"], "20");
        let positions = replay_all::<International>(game);
        let end = *positions.last().unwrap();
        // The count runs from the last capture (a king taken starts the count of the new
        // material): never beyond the limit, and exactly at it when it ends the game.
        let pieces = |p: &<International as Rules>::Position| International::piece_count(p);
        let since = positions.iter().rev().take_while(|p| pieces(p) == pieces(&end)).count() - 1;
        let (limit, rule) = International::endgame_count(&end).unwrap_or((u32::MAX, ""));
        assert!(since as u32 <= limit, "{since} plies since the last capture: {:?}", game.tags);
        if game.tags["Termination"] == "endgame count" {
            counted += 1;
            assert_eq!(game.result, "1/2-1/2");
            assert_eq!(since as u32, limit, "{:?}", game.tags);
            assert!(game.tags["TerminationDetails"].starts_with(rule), "{:?}", game.tags);
        }
        if game.tags["White"] == "wanderer" {
            // The scripted engine had the kings: the count ended the game, by the 16-move rule
            // for three kings and by the 5-move rule for two.
            assert_eq!(game.tags["Termination"], "endgame count", "{:?}", game.tags);
            let plies = if pieces(&positions[0]) == 4 { 32 } else { 10 };
            assert_eq!(since, plies, "{:?}", game.tags);
        }
    }
    assert!(counted >= 2, "{counted} games reached their count");
    let _ = std::fs::remove_file(pdn);
    let _ = std::fs::remove_file(openings);
}

#[test]
fn other_games_openings_are_refused_and_the_variant_must_agree() {
    let hub = dama_hub();
    let engines: [&[&str]; 2] = [&[&hub], &[&hub]];
    let run = play(engines, "--variant international --nodes 100 --openings ballots3", None);
    assert!(!run.success);
    assert!(run.stderr.contains("are not openings of international"), "{}", run.stderr);
    let run = play(engines, "--variant english --nodes 100 --openings ballots2", None);
    assert!(!run.success);
    assert!(run.stderr.contains("are not openings of english"), "{}", run.stderr);
    let run = play(engines, "--variant english --nodes 100 --option variant=italian", None);
    assert!(!run.success);
    assert!(run.stderr.contains("contradicts --variant english"), "{}", run.stderr);
}

#[test]
fn english_matches_play_the_acf_ballots_by_default() {
    let hub = dama_hub();
    let engines: [&[&str]; 2] = [&[&hub], &[&hub]];
    let pdn = temp_file("english-ballots.pdn");
    let run = play(engines, "--variant english --nodes 200 --games 4", Some(&pdn));
    assert!(run.success, "{}\n{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("openings ballots3 (156)"), "{}", run.stderr);
    let games = read_pdn(&pdn);
    assert_eq!(games.len(), 4);
    // ACF ballot 1 (9-13 21-17 5-9), then 2; both colours each; every move legal.
    assert_eq!(games[0].tags["Opening"], "ballot 1: 9-13 21-17 5-9");
    assert_eq!(games[2].tags["Opening"], "ballot 2: 9-13 21-17 6-9");
    for game in &games {
        replay::<English>(game);
    }
    let _ = std::fs::remove_file(pdn);
}

/// The command line of an engine that names its variants as Scan does (`normal` for
/// International draughts, refusing any other name) and logs what it receives to `log`.
fn scan_like(log: &std::path::Path) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/scan_like_engine.py");
    format!("python3 {script} {} {}", log.display(), dama())
}

#[test]
fn an_engine_that_names_international_normal_is_told_normal_and_new_game_comes_first() {
    let log = temp_file("scan-like.log");
    let scan = scan_like(&log);
    let hub = dama_hub();
    let engines: [&[&str]; 2] = [&[&hub, "name=dama"], &[&scan, "name=scan-like"]];
    let run = play(engines, "--variant international --nodes 300 --games 2", None);
    assert!(run.success, "{}\n{}", run.stdout, run.stderr);
    assert_eq!(run.result["forfeits"], "0,0");
    let received = std::fs::read_to_string(&log).unwrap();
    assert!(received.contains("set-param name=variant value=normal"), "{received}");
    assert!(!received.contains("value=international"), "{received}");
    // Every game of a started engine begins with new-game, the first game too.
    for session in received.split("\nhub\n").filter(|s| s.contains("go think")) {
        let new_game = session.find("new-game").expect("a new-game in every engine session");
        let first_pos = session.find("pos pos=").expect("a position");
        assert!(new_game < first_pos, "new-game after the first pos:\n{session}");
    }
    // The same engine cannot play English: none of its names is english.
    let run = play(engines, "--variant english --nodes 300 --games 2", None);
    assert!(!run.success);
    assert!(
        run.stderr.contains("offers normal killer bt frisian losing and none of them is english"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_file(log);
}

#[test]
fn the_summary_names_the_games_own_move_count() {
    // Six kings against six: no endgame count; at these node counts the 25-move rule ends it
    // (50 plies without a capture; with four against four the engines, which score the
    // position level, repeat it first). Without endgame tables (International draughts has
    // them now, and the default table directory may hold some), as the game was measured, and
    // with the hand-set evaluation, so that new trained weights do not change the ending (with
    // w6l0's both games end by repetition).
    let openings = temp_file("kings.txt");
    std::fs::write(&openings, "W:WK46,K5,K10,K41,K36,K31:BK1,K50,K28,K23,K15,K20\n").unwrap();
    let hub = dama_hub();
    let engines: [&[&str]; 2] = [&[&hub], &[&hub, "option.tt-size=4"]];
    let options = format!(
        "--variant international --option tt-size=8 --option egdb-pieces=0 --option eval=classic \
         --nodes 300 --openings {}",
        openings.display()
    );
    let pdn = temp_file("kings.pdn");
    let run = play(engines, &options, Some(&pdn));
    assert!(run.success, "{}\n{}", run.stdout, run.stderr);
    let by_count =
        read_pdn(&pdn).iter().filter(|g| g.tags["Termination"] == "25-move rule").count();
    assert!(by_count > 0, "no game ended by the move count: {}", run.stdout);
    assert!(run.stdout.contains(&format!("Endings: 25-move rule {by_count}")), "{}", run.stdout);
    assert!(!run.stdout.contains("40-move rule"), "{}", run.stdout);
    assert!(!run.stderr.contains("40-move rule"), "{}", run.stderr);
    let _ = std::fs::remove_file(openings);
    let _ = std::fs::remove_file(pdn);
}
