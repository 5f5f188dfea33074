//! Driving `dama dxp` from tests: a running `dama dxp` with its output read on threads, a raw
//! DXP peer on a socket (NUL-framed messages, timed reads), and replaying a game from an exchange
//! log under the rules.

#![allow(dead_code)] // each test file uses a part

use dama_engine::international::{International, Position};
use dama_engine::rules::Rules;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::process::{Child, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long any one answer may take before a test fails.
pub const PATIENCE: Duration = Duration::from_secs(60);

#[allow(unused_imports)]
pub use crate::isolated::binary;

/// A running `dama dxp`.
pub struct Dxp {
    pub child: Child,
    lines: Receiver<String>,
    stderr: Option<JoinHandle<String>>,
}

impl Dxp {
    /// Starts `dama dxp ARGS`.
    pub fn start(args: &[&str]) -> Dxp {
        let mut child = crate::isolated::dama()
            .arg("dxp")
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start dama dxp");
        let stdout = child.stdout.take().unwrap();
        let mut stderr = child.stderr.take().unwrap();
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        Dxp { child, lines, stderr: Some(stderr) }
    }

    /// Starts a server on a free loopback port; returns it with the address it printed.
    pub fn serve(args: &[&str]) -> (Dxp, String) {
        let mut all = vec!["--listen", "127.0.0.1:0"];
        all.extend_from_slice(args);
        let mut server = Dxp::start(&all);
        let line = server.line().expect("the server names its address");
        let address = line.strip_prefix("listening on ").expect(&line).to_string();
        assert!(address.starts_with("127.0.0.1:") && !address.ends_with(":0"), "{line}");
        (server, address)
    }

    /// The next stdout line, if one comes in time.
    pub fn line(&mut self) -> Option<String> {
        self.lines.recv_timeout(PATIENCE).ok()
    }

    /// Waits for the exit (failing the test after `limit`); returns the status, the stdout
    /// lines not read yet and stderr.
    pub fn finish(mut self, limit: Duration) -> (ExitStatus, Vec<String>, String) {
        let started = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if started.elapsed() > limit {
                let _ = self.child.kill();
                panic!("dama dxp did not exit within {limit:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let stderr = self.stderr.take().unwrap().join().unwrap();
        let lines = self.lines.try_iter().collect();
        (status, lines, stderr)
    }

    /// Whether the process is still running.
    pub fn running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// Ends the process; returns its stderr.
    pub fn kill(mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.stderr.take().unwrap().join().unwrap()
    }
}

/// A DXP peer written by hand: sends any bytes, reads NUL-framed messages with a timeout.
pub struct Peer {
    pub stream: TcpStream,
    buffer: Vec<u8>,
}

impl Peer {
    /// Connects to `address`.
    pub fn connect(address: &str) -> Peer {
        let stream = TcpStream::connect(address).expect("connect to dama dxp");
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        Peer { stream, buffer: Vec::new() }
    }

    /// Waits for `dama dxp --connect` on `listener`.
    pub fn accept(listener: &TcpListener) -> Peer {
        let (stream, _) = listener.accept().expect("dama dxp connects");
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        Peer { stream, buffer: Vec::new() }
    }

    /// Sends `text` and a NUL.
    pub fn send(&mut self, text: &str) {
        self.send_bytes(format!("{text}\0").as_bytes());
    }

    /// Sends raw bytes.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.stream.write_all(bytes).expect("send to dama dxp");
    }

    /// The next message (without its NUL); `None` when the connection ends first.
    pub fn receive(&mut self) -> Option<String> {
        loop {
            if let Some(at) = self.buffer.iter().position(|&b| b == 0) {
                let message: Vec<u8> = self.buffer.drain(..=at).take(at).collect();
                return Some(String::from_utf8(message).expect("ASCII messages"));
            }
            let mut chunk = [0u8; 1024];
            match self.stream.read(&mut chunk) {
                Ok(0) => return None,
                Ok(n) => self.buffer.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => panic!("no message from dama dxp: {e}"),
            }
        }
    }

    /// The next message that is not a chat.
    pub fn receive_skipping_chat(&mut self) -> Option<String> {
        loop {
            let message = self.receive()?;
            if !message.starts_with('C') {
                return Some(message);
            }
        }
    }

    /// Closes the connection at once.
    pub fn close(self) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}

/// A game request: the initiator's name, the follower's colour, minutes, moves, and either the
/// start (`A`) or `B` with a position.
pub fn game_request(follower: char, minutes: u32, moves: u32, setup: Option<&str>) -> String {
    let start = setup.map_or("A".to_string(), |s| format!("B{s}"));
    format!("R01{:<32}{follower}{minutes:03}{moves:03}{start}", "Test peer")
}

/// A move in the position, as a DXP move message.
pub fn move_message(position: &Position, text: &str) -> String {
    let mv = International::parse_move(position, text).expect(text);
    let captured: String = (1..=50u8)
        .filter(|&s| mv.captured & (1u64 << (s - 1)) != 0)
        .map(|s| format!("{s:02}"))
        .collect();
    format!("M0000{:02}{:02}{:02}{captured}", mv.from, mv.to, captured.len() / 2)
}

/// Plays a DXP move message in `position`: it must name exactly one legal move.
pub fn play_message(position: &Position, message: &str) -> Result<Position, String> {
    let digits = |range: std::ops::Range<usize>| -> Result<u64, String> {
        message.get(range).and_then(|t| t.parse().ok()).ok_or(format!("bad move message {message}"))
    };
    let (from, to, count) = (digits(5..7)?, digits(7..9)?, digits(9..11)? as usize);
    if message.len() != 11 + 2 * count {
        return Err(format!("bad length: {message}"));
    }
    let mut captured = 0u64;
    for index in 0..count {
        captured |= 1u64 << (digits(11 + 2 * index..13 + 2 * index)? - 1);
    }
    let legal = International::legal_moves(position);
    let matching: Vec<_> = legal
        .iter()
        .filter(|m| (u64::from(m.from), u64::from(m.to), m.captured) == (from, to, captured))
        .collect();
    match matching.as_slice() {
        [mv] => Ok(International::play(position, mv)),
        _ => Err(format!("{message} is not one legal move in {}", International::to_fen(position))),
    }
}

/// The messages of an exchange log (`--log-file`): (`>` sent or `<` received, the text).
pub fn logged_messages(log: &str) -> Vec<(char, String)> {
    log.lines()
        .filter_map(|line| {
            let mut parts = line.splitn(3, ' ');
            let (_, mark, text) = (parts.next()?, parts.next()?, parts.next()?);
            let mark = mark.chars().next()?;
            (mark == '>' || mark == '<').then(|| (mark, text.to_string()))
        })
        .collect()
}
