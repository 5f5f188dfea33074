//! `dama dxp` against peers written by hand: refusals, garbage, an illegal move, a move out of
//! turn, take-backs, chat, a silent peer and a connection closed mid-game. Dama must answer as
//! the protocol says, never panic, never hang, and keep serving.

mod dxp_support;
mod isolated;

use dama_engine::international::International;
use dama_engine::rules::Rules;
use dxp_support::{game_request, move_message, play_message, Dxp, Peer};
use std::net::TcpListener;
use std::time::Duration;

const FAST: [&str; 6] = ["--movetime", "0.02", "--hash", "4", "--timeout", "20"];

fn start_squares() -> String {
    format!("{}{}{}", "z".repeat(20), "e".repeat(10), "w".repeat(20))
}

/// Expects a game accept with `code`.
fn expect_accept(peer: &mut Peer, code: char) {
    let answer = peer.receive_skipping_chat().expect("an answer to the game request");
    assert!(answer.starts_with("ADama"), "{answer}");
    assert_eq!(answer.len(), 34, "{answer}");
    assert!(answer.ends_with(code), "{answer}");
}

#[test]
fn the_server_survives_garbage_an_illegal_move_and_a_dropped_connection() {
    let (mut server, address) = Dxp::serve(&FAST);
    // A connection whose first message is no game request (an unknown type, garbage) is closed.
    for first in [&b"Hello there\0"[..], b"\xff\xfe\0\0", b"M0000322800\0"] {
        let mut peer = Peer::connect(&address);
        peer.send_bytes(first);
        assert_eq!(peer.receive(), None, "{first:?}");
    }
    // A malformed request is refused with code 2 and a reason; the connection may ask again.
    let mut peer = Peer::connect(&address);
    peer.send("R01short");
    expect_accept(&mut peer, '2');
    peer.send(&game_request('W', 0, 0, Some("Wnonsense")));
    expect_accept(&mut peer, '2');
    // Another version: code 1. A position the rules refuse (a white man on row 1): code 2.
    peer.send(&format!("R02{:<32}Z000000A", "Future"));
    expect_accept(&mut peer, '1');
    let crowned = format!("w{}", &start_squares()[1..]);
    peer.send(&game_request('Z', 0, 0, Some(&format!("W{crowned}"))));
    expect_accept(&mut peer, '2');

    // Garbage during a game ends it (reason 0, with a chat saying why).
    peer.send(&game_request('Z', 0, 0, None));
    expect_accept(&mut peer, '0');
    peer.send("M00zz");
    let end = peer.receive().unwrap();
    assert_eq!(end, "E00");
    let chat = peer.receive().unwrap();
    assert!(chat.starts_with("CDama ends the game: malformed message"), "{chat}");
    peer.send("E00");

    // An illegal move ends the game: Dama claims it (reason 3).
    peer.send(&game_request('Z', 0, 0, None));
    expect_accept(&mut peer, '0');
    peer.send("M0000322300");
    let end = peer.receive().unwrap();
    assert_eq!(end, "E30");
    let chat = peer.receive().unwrap();
    assert!(chat.contains("illegal move") && chat.contains("32-23"), "{chat}");
    peer.send("E00");

    // A game with a chat and a take-back, then the connection closed while Dama thinks.
    peer.send(&game_request('Z', 0, 0, None));
    expect_accept(&mut peer, '0');
    peer.send("CGood luck");
    peer.send("Hello there"); // an unknown type in a game: ignored, as later versions may add some
    let start = International::start();
    peer.send(&move_message(&start, "32-28"));
    let after = International::play(&start, &International::parse_move(&start, "32-28").unwrap());
    let reply = peer.receive().unwrap();
    play_message(&after, &reply).unwrap();
    peer.send("B009W");
    assert_eq!(peer.receive().unwrap(), "K2", "move 9 is not reached");
    peer.send("B001W");
    assert_eq!(peer.receive().unwrap(), "K0");
    peer.send(&move_message(&start, "33-28"));
    let after = International::play(&start, &International::parse_move(&start, "33-28").unwrap());
    let reply = peer.receive().unwrap();
    play_message(&after, &reply).expect("Dama's reply after the take-back");
    // A move on Dama's turn would be a fault; instead: gone in mid-game.
    peer.close();

    // Still serving: a new connection plays.
    std::thread::sleep(Duration::from_millis(200));
    assert!(server.running());
    let mut peer = Peer::connect(&address);
    peer.send(&game_request('W', 0, 0, None));
    expect_accept(&mut peer, '0');
    let first = peer.receive().unwrap();
    play_message(&start, &first).expect("Dama moves first as White");
    peer.send("E10");
    assert_eq!(peer.receive().unwrap(), "E00", "the game end is answered");
    peer.send("E01");
    assert_eq!(peer.receive(), None, "no more games: the server closes the connection");
    std::thread::sleep(Duration::from_millis(200));
    assert!(server.running());
    let stderr = server.kill();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains("chat from Test peer: Good luck"), "{stderr}");
    assert!(stderr.contains("ended during game"), "{stderr}");
}

#[test]
fn a_move_out_of_turn_ends_the_game_and_a_new_request_restarts() {
    // Dama thinks for 5 s a move: the move sent now is out of turn.
    let (mut server, address) = Dxp::serve(&["--movetime", "5", "--hash", "4"]);
    let mut peer = Peer::connect(&address);
    peer.send(&game_request('W', 0, 0, None));
    expect_accept(&mut peer, '0');
    peer.send(&move_message(&International::start(), "32-28"));
    let mut messages = Vec::new();
    while let Some(message) = peer.receive() {
        messages.push(message.clone());
        if message.starts_with('E') {
            break;
        }
    }
    assert_eq!(messages.last().map(String::as_str), Some("E00"), "{messages:?}");
    // A new request instead of the answer: the old game is over, the new one starts.
    let mut squares = vec!['e'; 50];
    (squares[10], squares[46]) = ('z', 'w');
    let setup = format!("W{}", squares.into_iter().collect::<String>());
    peer.send(&game_request('Z', 1, 10, Some(&setup)));
    expect_accept(&mut peer, '0');
    // A malformed request in that game: the game is abandoned, the request refused.
    peer.send("R01x");
    expect_accept(&mut peer, '2');
    peer.close();
    let lines: Vec<String> = std::iter::from_fn(|| server.line()).take(2).collect();
    assert!(
        lines[0].starts_with("game 1: * (") && lines[0].contains("on Dama's turn"),
        "{lines:?}"
    );
    assert!(
        lines[1].starts_with("game 2: * (abandoned for a new game request) after 0 plies"),
        "{lines:?}"
    );
    let stderr = server.kill();
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_silent_peer_is_given_up_on_after_the_timeout() {
    let (mut server, address) = Dxp::serve(&["--timeout", "1", "--movetime", "0.02"]);
    let mut peer = Peer::connect(&address);
    peer.send(&game_request('Z', 0, 0, None));
    expect_accept(&mut peer, '0');
    // No move: after a second Dama closes the connection.
    assert_eq!(peer.receive(), None);
    std::thread::sleep(Duration::from_millis(100));
    assert!(server.running());
    let stderr = server.kill();
    assert!(stderr.contains("no move from"), "{stderr}");
}

#[test]
fn the_initiator_sends_its_proposal_and_handles_the_answers() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let fen = "B:W31-50:B1-20";
    let args = ["--connect", &address, "--color", "white", "--time", "7", "--moves", "60"];
    // A refusal: status 1, the code named.
    let client = Dxp::start(&[&args[..], &["--fen", fen], &FAST].concat());
    let mut peer = Peer::accept(&listener);
    let request = peer.receive().unwrap();
    assert_eq!(request.len(), 94, "{request}");
    assert_eq!(&request[..3], "R01");
    assert_eq!(&request[35..44], "Z007060BZ", "follower Black, 7 minutes, 60 moves, Black first");
    assert_eq!(&request[44..], start_squares());
    peer.send(&format!("A{:<32}2", "Picky"));
    let (status, _, stderr) = client.finish(Duration::from_secs(30));
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("Picky") && stderr.contains("code 2"), "{stderr}");

    // Accepted; then an illegal move from the follower, then the connection drops.
    let client = Dxp::start(&[&args[..], &FAST].concat());
    let mut peer = Peer::accept(&listener);
    let request = peer.receive().unwrap();
    assert_eq!(request.len(), 43, "the normal start: {request}");
    assert!(request.ends_with("Z007060A"), "{request}");
    peer.send(&format!("A{:<32}0", "Follower"));
    let first = peer.receive().unwrap();
    let after = play_message(&International::start(), &first).unwrap();
    peer.send("M0000010600");
    assert_eq!(peer.receive().unwrap(), "E31", "Dama claims the game; its last game: stop");
    assert!(peer.receive().unwrap().starts_with("CDama ends the game: illegal move"));
    peer.send("E01");
    let (status, lines, stderr) = client.finish(Duration::from_secs(30));
    assert!(status.success(), "{stderr}");
    assert!(lines.iter().any(|l| l.starts_with("game 1: 1-0 (illegal move")), "{lines:?}");
    assert!(International::legal_moves(&after).len() > 1);

    // The connection lost mid-game: status 1.
    let client = Dxp::start(&[&args[..], &FAST].concat());
    let mut peer = Peer::accept(&listener);
    peer.receive().unwrap();
    peer.send(&format!("A{:<32}0", "Follower"));
    peer.receive().unwrap();
    peer.close();
    let (status, lines, stderr) = client.finish(Duration::from_secs(30));
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("error: the connection to"), "{stderr}");
    assert!(lines.iter().any(|l| l.contains("* (the connection was lost)")), "{lines:?}");
}
