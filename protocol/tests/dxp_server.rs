//! `dama dxp` as a server that no client can hold: a silent client, a flood of connections
//! sending random bytes and a second client during a game must not keep a real game request
//! from being answered at once; a connection that sends no game request within the request
//! timeout is closed and logged; and the initiator's giving up is logged.

mod dxp_support;
mod isolated;

use dama_engine::international::International;
use dama_engine::rules::Rules;
use dxp_support::{game_request, move_message, play_message, Dxp, Peer};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::PathBuf;
use std::time::{Duration, Instant};

const FAST: [&str; 6] = ["--movetime", "0.02", "--hash", "4", "--timeout", "20"];

fn temp_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("dama-dxp-server-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// Sends a game request; returns the answer (skipping chat) and how long it took to come.
fn request(peer: &mut Peer, follower: char) -> (String, Duration) {
    let sent = Instant::now();
    peer.send(&game_request(follower, 0, 0, None));
    let answer = peer.receive_skipping_chat().expect("an answer to the game request");
    (answer, sent.elapsed())
}

fn accepted(answer: &str) -> bool {
    answer.starts_with("ADama") && answer.len() == 34 && answer.ends_with('0')
}

#[test]
fn a_silent_client_keeps_no_one_waiting() {
    let (server, address) = Dxp::serve(&FAST);
    let silent = Peer::connect(&address);
    let mut peer = Peer::connect(&address);
    let (answer, took) = request(&mut peer, 'W');
    println!("with a silent client connected, the game request was answered in {took:?}");
    assert!(accepted(&answer), "{answer}");
    assert!(took < Duration::from_secs(1), "answered in {took:?}");
    // The game starts: Dama, White, moves first.
    let first = peer.receive().expect("Dama's first move");
    play_message(&International::start(), &first).expect("a legal first move");
    drop(silent);
    let stderr = server.kill();
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_request_during_a_game_is_refused_as_busy_and_the_game_goes_on() {
    let log = temp_file("busy.log");
    let mut args = FAST.to_vec();
    args.extend(["--log-file", log.to_str().unwrap()]);
    let (server, address) = Dxp::serve(&args);
    let mut player = Peer::connect(&address);
    let (answer, _) = request(&mut player, 'Z');
    assert!(accepted(&answer), "{answer}");

    let mut other = Peer::connect(&address);
    let sent = Instant::now();
    other.send(&game_request('W', 0, 0, None));
    let refusal = other.receive().expect("an answer");
    let took = sent.elapsed();
    println!("a request during a game was refused in {took:?}");
    assert!(refusal.starts_with("ADama") && refusal.ends_with('3'), "{refusal}");
    assert!(took < Duration::from_secs(1), "refused in {took:?}");
    let chat = other.receive().expect("a chat saying why");
    assert!(chat.starts_with("CDama is busy with another game"), "{chat}");
    assert_eq!(other.receive(), None, "then the connection is closed");

    // The first game goes on.
    let start = International::start();
    player.send(&move_message(&start, "32-28"));
    let after = International::play(&start, &International::parse_move(&start, "32-28").unwrap());
    let reply = player.receive().expect("Dama's reply");
    play_message(&after, &reply).expect("a legal reply");
    let stderr = server.kill();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains("busy with another game"), "{stderr}");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("refused a game request: busy with another game"), "{text}");
    let _ = std::fs::remove_file(&log);
}

#[test]
fn a_client_that_reconnects_at_once_after_its_game_is_not_refused_as_busy() {
    // As pydraughts does: one game per connection, the next asked for on a new one at once.
    let (server, address) = Dxp::serve(&FAST);
    for game in 0..20 {
        let mut peer = Peer::connect(&address);
        let (answer, _) = request(&mut peer, 'Z');
        assert!(accepted(&answer), "game {game}: {answer}");
        peer.send("E11"); // gives up and wants no other game on this connection
        assert_eq!(peer.receive().as_deref(), Some("E00"), "game {game}");
        peer.close();
    }
    let stderr = server.kill();
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// One random byte string of a flood: random bytes with or without NULs, very long ones, and
/// prefixes of valid messages (never a whole valid game request).
fn random_bytes(rng: &mut StdRng, index: usize) -> Vec<u8> {
    let request = game_request('W', 0, 0, None).into_bytes();
    match index % 6 {
        0 => (0..rng.gen_range(1..300)).map(|_| rng.gen::<u8>()).collect(),
        1 => (0..rng.gen_range(1..300)).map(|_| rng.gen_range(1..=255u8)).collect(),
        2 => {
            let length = rng.gen_range(10_000..200_000);
            let nul = rng.gen_bool(0.5);
            (0..length)
                .map(|_| if nul { rng.gen::<u8>() } else { rng.gen_range(1..=255) })
                .collect()
        }
        3 => {
            // A game request cut short, with or without its NUL (a malformed request).
            let mut bytes = request[..rng.gen_range(1..request.len())].to_vec();
            if rng.gen_bool(0.5) {
                bytes.push(0);
            }
            bytes
        }
        4 => {
            let texts: [&[u8]; 6] =
                [b"M0000322800\0", b"CHello\0", b"E00\0", b"R02\0", b"B001W\0", b"K0\0"];
            texts[rng.gen_range(0..texts.len())].to_vec()
        }
        _ => {
            // A request of another version, or a request's text with garbage after it.
            let mut bytes = request.clone();
            if rng.gen_bool(0.5) {
                bytes[2] = b'7';
            } else {
                bytes.extend((0..rng.gen_range(1..50)).map(|_| rng.gen_range(1..=255u8)));
            }
            bytes.push(0);
            bytes
        }
    }
}

/// Reads what the server sends until it closes the connection; `None` if it does not in time.
fn read_to_close(stream: &mut TcpStream) -> Option<Vec<u8>> {
    stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut received = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        match stream.read(&mut chunk) {
            Ok(0) => return Some(received),
            Ok(n) => received.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return None
            }
            // Closed while bytes were still coming in: a reset.
            Err(_) => return Some(received),
        }
    }
}

#[test]
fn after_a_flood_of_random_bytes_a_real_request_is_answered_at_once() {
    let (server, address) = Dxp::serve(&[&FAST[..], &["--request-timeout", "8"]].concat());
    let mut rng = StdRng::seed_from_u64(20_240_611);
    let mut silent = Vec::new();
    for index in 0..200 {
        let mut stream = TcpStream::connect(&address).expect("the server takes connections");
        let bytes = random_bytes(&mut rng, index);
        // The server may close the connection while bytes are still going: not a failure.
        let _ = stream.write_all(&bytes);
        if index % 10 == 9 {
            silent.push(stream); // stays open, silent
            continue;
        }
        let _ = stream.shutdown(Shutdown::Write);
        let answers = read_to_close(&mut stream)
            .unwrap_or_else(|| panic!("connection {index} was not closed by the server"));
        // Answers are refusals only (another version, malformed), never a game.
        for answer in answers.split(|&b| b == 0).filter(|a| !a.is_empty()) {
            let text = String::from_utf8_lossy(answer);
            let refusal = text.starts_with("ADama") && (text.ends_with('1') || text.ends_with('2'));
            assert!(refusal || text.starts_with("CDama"), "connection {index}: {text}");
        }
    }
    let mut peer = Peer::connect(&address);
    let (answer, took) = request(&mut peer, 'W');
    println!("after 200 random connections (20 still open), a request was answered in {took:?}");
    assert!(accepted(&answer), "{answer}");
    assert!(took < Duration::from_millis(100), "answered in {took:?}");
    let first = peer.receive().expect("Dama's first move");
    play_message(&International::start(), &first).expect("a legal first move");
    drop(silent);
    let stderr = server.kill();
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn connections_beyond_the_pending_bound_are_closed_at_once() {
    let bound = dama::dxp::server::MAX_PENDING;
    let (server, address) = Dxp::serve(&[&FAST[..], &["--request-timeout", "8"]].concat());
    let silent: Vec<Peer> = (0..bound).map(|_| Peer::connect(&address)).collect();
    let mut extra = Peer::connect(&address);
    let connected = Instant::now();
    assert_eq!(extra.receive(), None, "one more than {bound} waiting: closed");
    assert!(connected.elapsed() < Duration::from_secs(1), "{:?}", connected.elapsed());
    // Once they are gone, a request is answered again (their threads end as they see the close).
    drop(silent);
    let deadline = Instant::now() + Duration::from_secs(5);
    let answer = loop {
        // Closed at once while the bound is still reached: the request unread, a reset.
        let mut stream = TcpStream::connect(&address).unwrap();
        let _ = stream.write_all(format!("{}\0", game_request('Z', 0, 0, None)).as_bytes());
        let mut answer = [0u8; 35];
        stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        if stream.read_exact(&mut answer).is_ok() {
            break String::from_utf8_lossy(&answer[..34]).to_string();
        }
        assert!(Instant::now() < deadline, "never answered again");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(accepted(&answer), "{answer}");
    let stderr = server.kill();
    assert!(!stderr.contains("panicked"), "{stderr}");
    let closed = format!("{bound} connections wait for their game request already: closed");
    assert!(stderr.contains(&closed), "{stderr}");
}

#[test]
fn a_connection_silent_past_the_request_timeout_is_closed_and_logged() {
    let log = temp_file("silent.log");
    let args = ["--request-timeout", "1", "--log-file", log.to_str().unwrap()];
    let (server, address) = Dxp::serve(&[&FAST[..], &args].concat());
    let mut silent = Peer::connect(&address);
    let mut partial = Peer::connect(&address);
    partial.send_bytes(b"R01Test"); // the start of a request, never ended
    let connected = Instant::now();
    assert_eq!(silent.receive(), None, "the server closes the silent connection");
    let took = connected.elapsed();
    println!("a silent connection was closed after {took:?}");
    assert!(took > Duration::from_millis(800) && took < Duration::from_secs(5), "{took:?}");
    assert_eq!(partial.receive(), None, "and the one that never ended its request");

    // The game session is not bound by the request timeout: a move after 1.5 s is answered.
    let mut peer = Peer::connect(&address);
    let (answer, _) = request(&mut peer, 'Z');
    assert!(accepted(&answer), "{answer}");
    std::thread::sleep(Duration::from_millis(1500));
    let start = International::start();
    peer.send(&move_message(&start, "32-28"));
    let after = International::play(&start, &International::parse_move(&start, "32-28").unwrap());
    let reply = peer.receive().expect("Dama's reply, the game going on");
    play_message(&after, &reply).expect("a legal reply");
    // Between games, the next request must come within the request timeout.
    peer.send("E10");
    assert_eq!(peer.receive().as_deref(), Some("E00"));
    let ended = Instant::now();
    assert_eq!(peer.receive(), None, "no next request: closed");
    assert!(ended.elapsed() < Duration::from_secs(5), "{:?}", ended.elapsed());

    let stderr = server.kill();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains("no game request within 1 s: connection closed"), "{stderr}");
    let text = std::fs::read_to_string(&log).unwrap();
    let closed = text
        .lines()
        .filter(|l| l.contains("# [127.0.0.1:"))
        .filter(|l| l.ends_with("no game request within 1 s: connection closed"));
    assert_eq!(closed.count(), 2, "{text}");
    assert!(text.contains("# no game request from 127.0.0.1:"), "{text}");
    let _ = std::fs::remove_file(&log);
}

#[test]
fn the_initiator_logs_why_it_gives_up() {
    // The follower never answers the game request.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let log = temp_file("initiator.log");
    let args = ["--connect", &address, "--timeout", "1", "--log-file", log.to_str().unwrap()];
    let client = Dxp::start(&args);
    let mut peer = Peer::accept(&listener);
    assert!(peer.receive().unwrap().starts_with("R01"));
    let (status, _, stderr) = client.finish(Duration::from_secs(30));
    assert_eq!(status.code(), Some(1), "{stderr}");
    let reason = format!("no answer to the game request from {address} within 1 s");
    assert!(stderr.contains(&format!("error: {reason}")), "{stderr}");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.lines().any(|l| l.ends_with(&format!(" # {reason}"))), "{text}");

    // Nobody listening: the failure to connect is logged too.
    drop((peer, listener));
    let (status, _, stderr) = Dxp::start(&args).finish(Duration::from_secs(30));
    assert_eq!(status.code(), Some(1), "{stderr}");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains(&format!(" # cannot connect to {address}")), "{text}");
    let _ = std::fs::remove_file(&log);
}
