//! Driving `dama hub` from tests: a running engine with timed reads, whole transcripts, and the
//! checks of `info` and `done` lines whose content depends on the search.

#![allow(dead_code)] // each test file uses a part

use dama_engine::board8::fen::parse_fen;
use dama_engine::board8::hubpos::{parse_hub_position, to_hub_position};
use dama_engine::board8::position::Position;
use dama_engine::italian::notation::parse_move;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long any single answer may take before the test fails.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// The start position as a Hub string.
pub const START: &str = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";

#[allow(unused_imports)]
pub use crate::isolated::binary;

/// A `dama hub` process.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Option<JoinHandle<Vec<u8>>>,
}

impl Engine {
    /// Starts `dama hub` with extra command-line arguments.
    pub fn start(args: &[&str]) -> Engine {
        Engine::start_with(args, &[])
    }

    /// Starts `dama hub` with extra command-line arguments and environment settings over the
    /// isolated ones (no endgame tables unless a test names them: `crate::isolated`).
    pub fn start_with(args: &[&str], env: &[(&str, &std::ffi::OsStr)]) -> Engine {
        let mut child = crate::isolated::dama()
            .arg("hub")
            .args(args)
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start dama hub");
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
            let mut bytes = Vec::new();
            let _ = stderr.read_to_end(&mut bytes);
            bytes
        });
        Engine { stdin: child.stdin.take(), child, lines, stderr: Some(stderr) }
    }

    /// Kills the process (as a user or a GUI might, mid-work).
    pub fn kill(&mut self) -> std::io::Result<()> {
        self.child.kill()?;
        self.child.wait().map(|_| ())
    }

    /// The process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Closes the input (the GUI is gone) without waiting for anything.
    pub fn close_input(&mut self) {
        drop(self.stdin.take());
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Sends raw bytes.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(bytes).and_then(|()| stdin.flush()).expect("write to dama hub");
    }

    /// The next line, or `None` if none comes within `wait`.
    pub fn next_within(&self, wait: Duration) -> Option<String> {
        match self.lines.recv_timeout(wait) {
            Ok(line) => Some(line),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => panic!("dama hub closed its output"),
        }
    }

    /// The next line (fails the test after [`PATIENCE`]).
    pub fn next(&self) -> String {
        self.next_within(PATIENCE).expect("dama hub did not answer in time")
    }

    /// Checks that the next line is exactly `line`.
    pub fn expect(&self, line: &str) {
        assert_eq!(self.next(), line);
    }

    /// Checks that the next line other than `info` lines is exactly `line`.
    pub fn expect_after_infos(&self, line: &str) {
        let next = loop {
            let next = self.next();
            if !next.starts_with("info ") {
                break next;
            }
        };
        assert_eq!(next, line);
    }

    /// Reads a search's answer: `info` lines (each checked) and its `done`, which must name a
    /// legal move of `position` (and a legal reply for `ponder=`). Returns (infos, done).
    pub fn expect_search(&self, position: &Position) -> (Vec<String>, String) {
        let mut infos = Vec::new();
        loop {
            let line = self.next();
            if line.starts_with("info ") {
                check_info(&line, position).unwrap_or_else(|e| panic!("{e}: {line}"));
                infos.push(line);
            } else {
                check_done(&line, position).unwrap_or_else(|e| panic!("{e}: {line}"));
                return (infos, line);
            }
        }
    }

    /// Checks that nothing is written for `wait`.
    pub fn expect_silence(&self, wait: Duration) {
        let deadline = Instant::now() + wait;
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.next_within(left) {
                Some(line) if line.starts_with("info ") => {}
                Some(line) => panic!("expected no answer yet, got: {line}"),
                None => break,
            }
        }
    }

    /// Closes the input, reads everything still written, and checks that the engine exits
    /// successfully within [`PATIENCE`] and wrote nothing on stderr.
    pub fn finish(mut self) -> Vec<String> {
        drop(self.stdin.take());
        self.wait_for_exit()
    }

    /// Reads everything still written and checks the exit (the input may still be open).
    pub fn wait_for_exit(&mut self) -> Vec<String> {
        let mut rest = Vec::new();
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.checked_duration_since(Instant::now()).expect("dama hub hangs");
            match self.lines.recv_timeout(left) {
                Ok(line) => rest.push(line),
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => panic!("dama hub did not exit"),
            }
        }
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "dama hub did not exit");
            std::thread::sleep(Duration::from_millis(5));
        };
        assert!(status.success(), "exit status {status}");
        let stderr = self.stderr.take().unwrap().join().unwrap();
        assert!(stderr.is_empty(), "stderr: {}", String::from_utf8_lossy(&stderr));
        rest
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What a transcript expects, line by line.
pub enum Expect<'a> {
    /// Exactly this line.
    Line(&'a str),
    /// A search: any number of valid `info` lines, then a `done` legal in this position.
    Search(Position),
}

/// Runs a whole script and returns every output line. The input is closed once `dones` searches
/// have answered `done` (the end of input stops a search and drops held lines, as a GUI that went
/// away wants).
pub fn transcript(input: &[&str], dones: usize) -> Vec<String> {
    let mut engine = Engine::start(&[]);
    for line in input {
        engine.send(line);
    }
    let mut output = Vec::new();
    while output.iter().filter(|l: &&String| l.starts_with("done ")).count() < dones {
        output.push(engine.next());
    }
    output.extend(engine.finish());
    output
}

/// Whether a line is answered the moment it is read (`error` and `pong`), and so may come before
/// the answers of a search still running.
fn answered_at_once(line: &str) -> bool {
    line == "pong" || line.starts_with("error ")
}

/// Runs a script and compares its output with `expected`. Lines answered at once (`error`,
/// `pong`) are compared in their own order, the rest (searches and what waits for them) in
/// theirs: how the two interleave depends on timing.
pub fn check_transcript(input: &[&str], expected: &[Expect]) {
    let dones = expected
        .iter()
        .filter(|e| match e {
            Expect::Search(_) => true,
            Expect::Line(line) => line.starts_with("done "),
        })
        .count();
    let output = transcript(input, dones);
    let (at_once, in_turn): (Vec<&String>, Vec<&String>) =
        output.iter().partition(|l| answered_at_once(l));
    let want_at_once: Vec<&str> = expected
        .iter()
        .filter_map(|e| match e {
            Expect::Line(line) if answered_at_once(line) => Some(*line),
            _ => None,
        })
        .collect();
    assert_eq!(at_once, want_at_once, "lines answered at once\nwhole output: {output:#?}");
    let mut lines = in_turn.into_iter().peekable();
    for (index, expect) in expected.iter().enumerate() {
        match expect {
            Expect::Line(want) if answered_at_once(want) => {}
            Expect::Line(want) => {
                assert_eq!(lines.next().map(String::as_str), Some(*want), "expected line {index}");
            }
            Expect::Search(position) => {
                while let Some(line) = lines.next_if(|l| l.starts_with("info ")) {
                    check_info(line, position).unwrap_or_else(|e| panic!("{e}: {line}"));
                }
                let done = lines.next().unwrap_or_else(|| panic!("no done for search {index}"));
                check_done(done, position).unwrap_or_else(|e| panic!("{e}: {done}"));
            }
        }
    }
    let rest: Vec<&String> = lines.collect();
    assert!(rest.is_empty(), "unexpected output: {rest:?}\nwhole output: {output:#?}");
}

/// Every line of `list`, expected exactly.
pub fn lines(list: &[String]) -> Vec<Expect<'_>> {
    list.iter().map(|l| Expect::Line(l)).collect()
}

/// The Hub position string of a FEN.
pub fn hub_string(fen: &str) -> String {
    to_hub_position(&parse_fen(fen).unwrap())
}

/// The position a Hub string and a move list lead to.
pub fn position_after(hub: &str, moves: &str) -> Position {
    let mut position = parse_hub_position(hub).unwrap();
    for text in moves.split_whitespace() {
        position = position.play(&parse_move(&position, text).unwrap());
    }
    position
}

/// Checks an `info` line: the fields the Hub protocol lists, in its order, each well formed, and
/// the principal variation a legal line from `position`, in Hub notation.
pub fn check_info(line: &str, position: &Position) -> Result<(), String> {
    let rest = line.strip_prefix("info ").ok_or("not info")?;
    let (fields, pv) = rest.split_once(" pv=\"").ok_or("no quoted pv last")?;
    let pv = pv.strip_suffix('"').ok_or("pv not closed at the end")?;
    let mut at = *position;
    for text in pv.split(' ') {
        let mv = parse_move(&at, text).map_err(|e| format!("pv: {e}"))?;
        if dama_engine::italian::notation::hub_notation(&mv) != text {
            return Err(format!("pv: {text} is not in Hub notation"));
        }
        at = at.play(&mv);
    }
    let names = ["depth", "mean-depth", "score", "nodes", "time", "nps"];
    let decimals = [None, Some(1), Some(2), None, Some(3), Some(1)];
    let mut tokens: Vec<&str> = fields.split(' ').collect();
    // `multipv=K` (the line's rank) follows mean-depth when the GUI asked for several lines.
    if let Some(rank) = tokens.get(2).and_then(|t| t.strip_prefix("multipv=")) {
        if rank.parse::<u32>().map_or(true, |k| k == 0) {
            return Err("multipv must be a rank from 1".into());
        }
        tokens.remove(2);
    }
    // `tbhits=N` (positions answered by the endgame tables) follows nps when there were any.
    if let Some(hits) = tokens.last().and_then(|t| t.strip_prefix("tbhits=")) {
        if hits.is_empty() || !hits.bytes().all(|b| b.is_ascii_digit()) {
            return Err("tbhits must be a count".into());
        }
        tokens.pop();
    }
    if tokens.len() != names.len() {
        return Err(format!("expected fields {names:?}"));
    }
    for ((token, name), places) in tokens.iter().zip(names).zip(decimals) {
        let value = token
            .strip_prefix(name)
            .and_then(|t| t.strip_prefix('='))
            .ok_or(format!("expected {name}= in this place"))?;
        let digits = value.strip_prefix('-').filter(|_| name == "score").unwrap_or(value);
        let ok = match places {
            None => !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()),
            Some(n) => digits.split_once('.').is_some_and(|(a, b)| {
                !a.is_empty()
                    && a.bytes().all(|c| c.is_ascii_digit())
                    && b.len() == n
                    && b.bytes().all(|c| c.is_ascii_digit())
            }),
        };
        if !ok {
            return Err(format!("bad {name} value '{value}'"));
        }
    }
    Ok(())
}

/// The score of an `info` line, in men.
pub fn info_score(line: &str) -> f64 {
    let token = line.split(' ').find(|t| t.starts_with("score=")).unwrap();
    token["score=".len()..].parse().unwrap()
}

/// Checks a `done` line: `done move=<legal> [ponder=<legal reply>]`, Hub notation.
pub fn check_done(line: &str, position: &Position) -> Result<(), String> {
    let mut tokens = line.split(' ');
    if tokens.next() != Some("done") {
        return Err("expected done".into());
    }
    let best = tokens.next().and_then(|t| t.strip_prefix("move=")).ok_or("move= must be first")?;
    let mv = parse_move(position, best).map_err(|e| e.to_string())?;
    if dama_engine::italian::notation::hub_notation(&mv) != best {
        return Err("move not in Hub notation".into());
    }
    if let Some(token) = tokens.next() {
        let reply = token.strip_prefix("ponder=").ok_or("second field must be ponder=")?;
        let after = position.play(&mv);
        parse_move(&after, reply).map_err(|e| format!("ponder: {e}"))?;
    }
    if tokens.next().is_some() {
        return Err("extra fields".into());
    }
    Ok(())
}
