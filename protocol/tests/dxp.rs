//! `dama dxp` against itself on the loopback address: whole games between a server and an
//! initiator, every move of both exchange logs replayed under the rules, each game ended by a
//! game end sent and answered; and the command line's errors.

mod dxp_support;
mod isolated;

use dama_engine::color::Color;
use dama_engine::history::GameHistory;
use dama_engine::international::{International, Position};
use dama_engine::rules::Rules;
use dxp_support::{logged_messages, play_message, Dxp};
use std::path::PathBuf;
use std::time::Duration;

fn temp_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("dama-dxp-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// One game as a log shows it: the moves replayed, and how it ended.
struct Replayed {
    positions: Vec<Position>,
    history: GameHistory,
    ends: Vec<(char, String)>,
}

/// Splits a log into games (each from its `R`) and replays each game's moves from `start`.
fn replay_games(log: &str, start: Position) -> Vec<Replayed> {
    let mut games: Vec<Replayed> = Vec::new();
    for (mark, text) in logged_messages(log) {
        match text.chars().next() {
            Some('R') => games.push(Replayed {
                positions: vec![start],
                history: GameHistory::new::<International>(&start),
                ends: Vec::new(),
            }),
            Some('M') => {
                let game = games.last_mut().expect("a move after a game request");
                let before = *game.positions.last().unwrap();
                let after = play_message(&before, &text).unwrap_or_else(|e| panic!("{e}\n{log}"));
                let mv = International::legal_moves(&before)
                    .into_iter()
                    .find(|mv| International::play(&before, mv) == after)
                    .unwrap();
                game.history.push_move::<International>(&before, &mv, &after);
                game.positions.push(after);
            }
            Some('E') => games.last_mut().expect("a game end in a game").ends.push((mark, text)),
            _ => {}
        }
    }
    games
}

#[test]
fn dama_plays_dama_over_dxp_and_both_logs_replay() {
    let (server_log, client_log) = (temp_file("server.log"), temp_file("client.log"));
    let (server, address) = Dxp::serve(&[
        "--games",
        "2",
        "--movetime",
        "0.02",
        "--move-overhead",
        "0",
        "--hash",
        "4",
        "--log-file",
        server_log.to_str().unwrap(),
    ]);
    let client = Dxp::start(&[
        "--connect",
        &address,
        "--games",
        "2",
        "--color",
        "black",
        "--time",
        "0",
        "--moves",
        "100",
        "--movetime",
        "0.02",
        "--hash",
        "4",
        "--log-file",
        client_log.to_str().unwrap(),
    ]);
    let (status, client_lines, client_err) = client.finish(Duration::from_secs(600));
    assert!(status.success(), "{status}: {client_err}");
    let (status, server_lines, server_err) = server.finish(Duration::from_secs(30));
    assert!(status.success(), "{status}: {server_err}");
    assert!(!client_err.contains("panicked") && !server_err.contains("panicked"));
    assert_eq!(client_lines.len(), 2, "{client_lines:?}");
    assert_eq!(server_lines.len(), 2, "{server_lines:?}");

    let start = International::start();
    let client_log = std::fs::read_to_string(&client_log).unwrap();
    let server_log = std::fs::read_to_string(&server_log).unwrap();
    let from_client = replay_games(&client_log, start);
    let from_server = replay_games(&server_log, start);
    assert_eq!(from_client.len(), 2);
    assert_eq!(from_server.len(), 2);
    for (number, (a, b)) in from_client.iter().zip(&from_server).enumerate() {
        assert_eq!(a.positions, b.positions, "both sides saw the same game {}", number + 1);
        assert!(a.positions.len() > 10, "a real game: {} plies", a.positions.len() - 1);
        // The game end went one way and came back the other, on both sides.
        let marks = |ends: &[(char, String)]| ends.iter().map(|(m, _)| *m).collect::<Vec<_>>();
        assert_eq!(a.ends.len(), 2, "{:?}", a.ends);
        assert_eq!(marks(&a.ends).iter().rev().copied().collect::<Vec<_>>(), marks(&b.ends));
        assert_ne!(a.ends[0].0, a.ends[1].0);
        // The side that ended the game was the side to move, and the rules (or the 100 moves)
        // say it is over there; the result lines of both sides agree.
        let last = *a.positions.last().unwrap();
        let plies = a.positions.len() - 1;
        let over = International::legal_moves(&last).is_empty()
            || a.history.is_draw()
            || a.history.endgame_count().is_some_and(|count| count.reached())
            || plies >= 200;
        assert!(over, "game {} ended early at ply {plies}", number + 1);
        let result = |line: &String| line.split(['(', ')']).next().unwrap().to_string();
        assert_eq!(result(&client_lines[number]), result(&server_lines[number]));
        assert!(client_lines[number].contains(&format!("after {plies} plies")));
    }
    // Colours alternate: the initiator asked to be Black in the first game.
    let (first, second) = (&from_client[0].positions, &from_client[1].positions);
    assert_eq!(first[0].side, Color::White);
    assert!(client_lines[0].contains("Black: Dama") && client_lines[1].contains("White: Dama"));
    assert!(logged_messages(&client_log)[0].1.starts_with("R01Dama"));
    assert_eq!(&logged_messages(&client_log)[0].1[35..36], "W", "the follower is White");
    assert!(second.len() > 1);
}

#[test]
fn command_line_errors_are_named_with_status_2() {
    for (args, words) in [
        (vec!["--listen", "nonsense"], "is not [HOST:]PORT"),
        (vec!["--listen", "127.0.0.1:99999"], "is not [HOST:]PORT"),
        (vec!["--connect", "host-without-port"], "no port"),
        (vec!["--color", "white"], "--color is for proposing games"),
        (vec!["--listen", "0", "--time", "5"], "--time is for proposing games"),
        (vec!["--movetime=-1"], "--movetime must be"),
        (vec!["--movetime", "inf"], "--movetime must be"),
        (vec!["--timeout", "0"], "--timeout must be"),
        (vec!["--connect", "127.0.0.1:1", "--fen", "W:W99"], "--fen"),
        (vec!["--connect", "127.0.0.1:1", "--fen", "W:W46:B41,37"], "no legal move"),
        (vec!["--listen", "0", "--log-file", "/nonexistent/dir/log"], "--log-file"),
    ] {
        let (status, _, stderr) = Dxp::start(&args).finish(Duration::from_secs(30));
        assert_eq!(status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: ") && stderr.contains(words), "{args:?}: {stderr}");
    }
    // clap's own refusals use status 2 too.
    for args in [
        vec!["--listen", "0", "--connect", "127.0.0.1:1"],
        vec!["--time", "1000", "--connect", "127.0.0.1:1"],
        vec!["--threads", "0"],
        vec!["--games", "0"],
        vec!["--move-overhead", "5001"],
        vec!["--move-overhead", "-1"],
        vec!["--move-overhead", "0.5"],
    ] {
        let (status, _, stderr) = Dxp::start(&args).finish(Duration::from_secs(30));
        assert_eq!(status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("error:"), "{args:?}: {stderr}");
    }
    // A port already in use.
    let (server, address) = Dxp::serve(&[]);
    let (status, _, stderr) = Dxp::start(&["--listen", &address]).finish(Duration::from_secs(30));
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot listen"), "{stderr}");
    server.kill();
}

#[test]
fn a_connection_that_cannot_be_made_is_status_1() {
    // A port nobody listens on: bind one, then free it.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let target = format!("127.0.0.1:{port}");
    let (status, _, stderr) = Dxp::start(&["--connect", &target]).finish(Duration::from_secs(30));
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(stderr.starts_with("error: cannot connect"), "{stderr}");
}

#[test]
fn dama_opens_from_its_international_book_at_once_only_when_told_to() {
    use dxp_support::{game_request, Peer};
    let start = International::start();
    let book_moves: Vec<Position> = dama_book::international_book()
        .moves(&start)
        .iter()
        .map(|m| International::play(&start, &m.mv))
        .collect();
    // With a minute a move, only the book answers within seconds; without --book Dama searches.
    for (flag, movetime) in [(Some("--book"), "60"), (None, "0.2")] {
        let log = temp_file(&format!("book-{}.log", flag.is_some()));
        let mut args = vec!["--movetime", movetime, "--hash", "4", "--games", "1"];
        args.extend(["--log-file", log.to_str().unwrap()]);
        args.extend(flag);
        let (server, address) = Dxp::serve(&args);
        let mut peer = Peer::connect(&address);
        let asked = std::time::Instant::now();
        peer.send(&game_request('W', 0, 0, None));
        let accept = peer.receive_skipping_chat().expect("an answer to the game request");
        assert!(accept.starts_with("ADama") && accept.ends_with('0'), "{accept}");
        let first = peer.receive_skipping_chat().expect("Dama's first move");
        let after = play_message(&start, &first).unwrap();
        if flag.is_some() {
            assert!(asked.elapsed() < Duration::from_secs(20), "{:?}", asked.elapsed());
            assert!(book_moves.contains(&after), "{first} is not a book move");
        }
        peer.close();
        server.kill();
        let text = std::fs::read_to_string(&log).unwrap();
        let plays = text.lines().find(|l| l.contains("# Dama plays ")).expect("a note of a move");
        assert_eq!(plays.ends_with("(book)"), flag.is_some(), "{text}");
        let _ = std::fs::remove_file(&log);
    }
}
