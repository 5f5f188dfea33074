//! `dama match` with engines of every protocol: a first-Hub engine (a fake Scan 2.0 relaying to
//! `dama hub`, `tests/fixtures/hub1_engine.py`) and DXP engines (`dama dxp` on the loopback
//! address, already listening or started by the match, and a deliberately faulty DXP server,
//! `tests/fixtures/faulty_dxp.py`), refereed, scored and recorded as Hub engines are; every
//! fault a forfeit with its reason, the match going on with the engine restarted or joined anew.

mod dxp_support;
mod isolated;
mod match_support;

use dama_engine::international::International;
use dama_engine::rules::Rules;
use dxp_support::Dxp;
use match_support::{dama, dama_hub, play, read_pdn, temp_file, MatchRun, PdnGame};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// Replays a game under the International rules (every move must be legal); the end position.
fn replay(game: &PdnGame) -> <International as Rules>::Position {
    let mut position = International::parse_fen(&game.tags["FEN"]).expect("the FEN tag parses");
    for text in &game.moves {
        let mv = International::parse_move(&position, text)
            .unwrap_or_else(|e| panic!("round {}: {text}: {e}", game.tags["Round"]));
        position = International::play(&position, &mv);
    }
    position
}

/// The fake first-Hub engine, logging to `log`, breaking as `fault` says.
fn hub1(log: &std::path::Path, fault: Option<(&str, u32)>) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/hub1_engine.py");
    let fault = fault.map(|(kind, n)| format!(" {kind} {n}")).unwrap_or_default();
    format!("python3 {script} {} {}{fault}", log.display(), dama())
}

/// A free port of the loopback address (free when asked).
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

fn assert_played(run: &MatchRun, games: usize) {
    assert!(run.success, "{}\n{}", run.stdout, run.stderr);
    assert_eq!(run.number("games") as usize, games, "{}", run.stdout);
}

#[test]
fn a_first_hub_engine_plays_under_every_limit_it_can_say() {
    let hub = dama_hub();
    for (limit, said) in
        [("--movetime 0.05", "time 50"), ("--tc 2+0.05", "level 0 "), ("--depth 3", "depth 3")]
    {
        let log = temp_file("hub1.log");
        let pdn = temp_file("hub1.pdn");
        let fake = hub1(&log, None);
        let engines: [&[&str]; 2] =
            [&[&fake, "protocol=hub1", "option.threads=1"], &[&hub, "option.tt-size=8"]];
        let options = format!(
            "--variant international {limit} --games 2 --max-plies 40 --concurrency 2 \
             --time-margin 0.5"
        );
        let run = play(engines, &options, Some(&pdn));
        assert_played(&run, 2);
        assert_eq!(run.result["forfeits"], "0,0", "{limit}: {}", run.stderr);
        let games = read_pdn(&pdn);
        assert_eq!(games.len(), 2);
        for game in &games {
            replay(game);
            assert!(game.tags.values().any(|v| v == "Fake Scan 2.0"), "{:?}", game.tags);
        }
        // The fake's info lines became comments: score/depth and time on its moves.
        let text = std::fs::read_to_string(&pdn).unwrap();
        assert!(text.contains('{') && text.contains("s}"), "{text}");
        let sent = std::fs::read_to_string(&log).unwrap();
        for expected in ["hub", "set threads 1", "init", "new", "go", said] {
            assert!(
                sent.lines().any(|l| l.starts_with(expected)),
                "{limit}: no {expected}:\n{sent}"
            );
        }
        // Positions go with the side in lower case, followed by the moves played.
        assert!(sent.lines().any(|l| l.starts_with("pos w") && l.len() == 55), "{sent}");
        assert!(sent.lines().any(|l| l.starts_with("move ")), "{sent}");
        let _ = std::fs::remove_file(log);
        let _ = std::fs::remove_file(pdn);
    }
}

#[test]
fn a_first_hub_engine_that_breaks_forfeits_and_the_match_goes_on() {
    let hub = dama_hub();
    for (fault, termination) in
        [("illegal", "illegal move"), ("exit", "engine crashed"), ("garbage", "time forfeit")]
    {
        let log = temp_file("hub1-fault.log");
        let pdn = temp_file("hub1-fault.pdn");
        let fake = hub1(&log, Some((fault, 2)));
        let engines: [&[&str]; 2] = [&[&fake, "protocol=hub1"], &[&hub, "option.tt-size=8"]];
        let options = "--variant international --movetime 0.05 --games 4 --max-plies 30 \
                       --time-margin 0.5";
        let run = play(engines, options, Some(&pdn));
        assert_played(&run, 4);
        assert_eq!(run.result["forfeits"], "1,0", "{fault}: {}", run.stderr);
        let games = read_pdn(&pdn);
        let forfeited: Vec<&PdnGame> =
            games.iter().filter(|g| g.tags["Termination"] == termination).collect();
        assert_eq!(
            forfeited.len(),
            1,
            "{fault}: {:?}",
            games.iter().map(|g| &g.tags).collect::<Vec<_>>()
        );
        // The other games were played out by a restarted engine.
        assert_eq!(games.len(), 4);
        let _ = std::fs::remove_file(format!("{}.fault", log.display()));
        let _ = std::fs::remove_file(log);
        let _ = std::fs::remove_file(pdn);
    }
}

#[test]
fn what_a_protocol_cannot_say_is_refused_before_the_match() {
    let log = temp_file("hub1-refused.log");
    let fake = hub1(&log, None);
    let hub = dama_hub();
    let cases: Vec<(Vec<&str>, &str, &str)> = vec![
        (vec![&fake, "protocol=hub1"], "--variant international --nodes 100", "no node limit"),
        (vec![&fake, "protocol=hub1"], "--movetime 0.1", "International draughts only"),
        (vec!["dxp=127.0.0.1:1"], "--movetime 0.1", "DXP is spoken for International"),
        (vec!["dxp=127.0.0.1:1"], "--variant international --depth 3", "no depth or node"),
        (vec!["dxp=127.0.0.1:1"], "--variant international --tc 90", "whole minutes"),
        (vec!["dxp=127.0.0.1:1"], "--variant international --tc 60+1", "no increment"),
        (
            vec!["dxp=127.0.0.1:1"],
            "--variant international --movetime 0.1 --concurrency 2",
            "one game at a time",
        ),
        (vec!["dxp=127.0.0.1:1", "option.threads=2"], "--movetime 0.1", "takes no settings"),
        (vec![&fake, "protocol=dxp"], "--movetime 0.1", "needs dxp=HOST:PORT"),
        (vec![&fake, "protocol=hub3"], "--movetime 0.1", "unknown protocol=hub3"),
        (vec![&fake, "dxp-time=5"], "--movetime 0.1", "dxp-time= is for DXP"),
        (vec!["dxp=127.0.0.1:1", "dxp-time=5/x"], "--movetime 0.1", "dxp-time: moves"),
        (vec!["dxp=nowhere"], "--movetime 0.1", "is not [HOST:]PORT"),
    ];
    for (engine, options, expected) in cases {
        let engines: [&[&str]; 2] = [&engine, &[&hub]];
        let run = play(engines, options, None);
        assert!(!run.success, "{engine:?} {options}");
        assert!(run.stderr.contains(expected), "{engine:?} {options}: {}", run.stderr);
    }
    // Nothing listening: the match stops before its first game, naming the engine.
    let engines: [&[&str]; 2] = [&["dxp=127.0.0.1:1"], &[&hub]];
    let run = play(engines, "--variant international --movetime 0.1 --timeout 1", None);
    assert!(!run.success);
    assert!(run.stderr.contains("engine 1 (dxp=127.0.0.1:1): cannot join"), "{}", run.stderr);
    let _ = std::fs::remove_file(log);
}

/// The game requests a `dama dxp` log shows (`R` messages received).
fn requests(log: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    text.lines().filter_map(|l| l.split_once(" < R").map(|(_, r)| format!("R{r}"))).collect()
}

#[test]
fn a_dxp_engine_already_listening_plays_a_match() {
    let server_log = temp_file("dxp-server.log");
    let log = server_log.display().to_string();
    let (server, address) = Dxp::serve(&["--movetime", "0.04", "--hash", "8", "--log-file", &log]);
    let pdn = temp_file("dxp.pdn");
    let target = format!("dxp={address}");
    let hub = dama_hub();
    let engines: [&[&str]; 2] = [&[&target, "dxp-time=0"], &[&hub, "name=hub", "option.tt-size=8"]];
    let options = "--variant international --movetime 0.05 --games 4 --max-plies 40 \
                   --time-margin 0.5";
    let run = play(engines, options, Some(&pdn));
    let stderr = server.kill();
    assert_played(&run, 4);
    assert_eq!(run.result["forfeits"], "0,0", "{}\n{stderr}", run.stderr);
    let games = read_pdn(&pdn);
    assert_eq!(games.len(), 4);
    for game in &games {
        replay(game);
        // The engine's name is the one its game accept gave.
        assert!(game.tags.values().any(|v| v.starts_with("Dama ")), "{:?}", game.tags);
    }
    // The check before the match, then one request per game, each from the position after the
    // opening's two moves (`B`), with no thinking time (dxp-time=0).
    let sent = requests(&server_log);
    assert_eq!(sent.len(), 5, "{sent:?}");
    assert!(sent[0].ends_with("Z000000A"), "{}", sent[0]);
    for request in &sent[1..] {
        assert_eq!(&request[36..43], "000000B", "{request}");
    }
    let _ = std::fs::remove_file(server_log);
    let _ = std::fs::remove_file(pdn);
}

#[test]
fn a_dxp_engine_started_by_the_match_gets_whole_minutes() {
    let port = free_port();
    let server_log = temp_file("dxp-started.log");
    let command = format!(
        "{} dxp --listen 127.0.0.1:{port} --hash 8 --log-file {}",
        dama(),
        server_log.display()
    );
    let target = format!("dxp=127.0.0.1:{port}");
    let hub = dama_hub();
    let engines: [&[&str]; 2] = [&[&hub, "option.tt-size=8"], &[&command, &target]];
    let run = play(engines, "--variant international --tc 60 --games 2 --max-plies 6", None);
    assert_played(&run, 2);
    assert_eq!(run.result["forfeits"], "0,0", "{}", run.stderr);
    // One minute for the whole game: 001 minutes, 000 moves.
    let sent = requests(&server_log);
    assert!(sent.len() >= 3, "{sent:?}");
    for request in &sent {
        assert_eq!(&request[36..42], "001000", "{request}");
    }
    let _ = std::fs::remove_file(server_log);
}

/// A faulty DXP server in front of a `dama dxp`; returns both and the address to join.
fn faulty(fault: &str, at: u32) -> (Dxp, Child, String) {
    let (server, address) = Dxp::serve(&["--movetime", "0.04", "--hash", "8"]);
    let upstream = address.rsplit(':').next().unwrap().to_string();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/faulty_dxp.py");
    let mut proxy = Command::new("python3")
        .args([script, &upstream, fault, &at.to_string()])
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut line = String::new();
    BufReader::new(proxy.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let port = line.trim().strip_prefix("listening on ").expect(&line).to_string();
    (server, proxy, format!("dxp=127.0.0.1:{port}"))
}

#[test]
fn a_faulty_dxp_engine_forfeits_with_the_reason_and_the_match_goes_on() {
    let hub = dama_hub();
    for (fault, termination, forfeits) in [
        ("illegal", "illegal move", "1,0"),
        ("garbage", "illegal move", "1,0"),
        ("drop", "connection lost", "1,0"),
        ("silent", "time forfeit", "1,0"),
        ("draw", "false claim", "1,0"),
        ("resign", "resignation", "0,0"),
    ] {
        let (server, mut proxy, target) = faulty(fault, 3);
        let pdn = temp_file("faulty.pdn");
        let engines: [&[&str]; 2] = [&[&target, "dxp-time=0"], &[&hub, "option.tt-size=8"]];
        let options = "--variant international --movetime 0.05 --games 3 --max-plies 30 \
                       --time-margin 0.5";
        let run = play(engines, options, Some(&pdn));
        let _ = proxy.kill();
        server.kill();
        assert_played(&run, 3);
        assert_eq!(run.result["forfeits"], forfeits, "{fault}: {}", run.stderr);
        let games = read_pdn(&pdn);
        assert_eq!(games.len(), 3, "{fault}");
        let hit: Vec<&PdnGame> =
            games.iter().filter(|g| g.tags["Termination"] == termination).collect();
        assert_eq!(
            hit.len(),
            1,
            "{fault}: {:?}",
            games.iter().map(|g| &g.tags).collect::<Vec<_>>()
        );
        let details = hit[0].tags.get("TerminationDetails").cloned().unwrap_or_default();
        assert!(!details.is_empty(), "{fault}: a reason is given");
        // The engine lost that game, and the others were played out on new connections.
        let lost = if hit[0].tags["White"].starts_with("Dama ") { "0-1" } else { "1-0" };
        assert_eq!(hit[0].result, lost, "{fault}: {:?}", hit[0].tags);
        for game in &games {
            replay(game);
        }
        let _ = std::fs::remove_file(pdn);
    }
}

#[test]
fn a_dxp_engine_that_refuses_the_game_stops_the_match_before_it_starts() {
    let (server, mut proxy, target) = faulty("refuse", 0);
    let hub = dama_hub();
    let engines: [&[&str]; 2] = [&[&hub], &[&target, "dxp-time=0"]];
    let run = play(engines, "--variant international --movetime 0.05 --games 2", None);
    let _ = proxy.kill();
    server.kill();
    assert!(!run.success);
    assert!(
        run.stderr.contains("refused the game (code 2") && run.stderr.contains("no game like"),
        "{}",
        run.stderr
    );
}
