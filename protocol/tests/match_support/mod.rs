//! Helpers for the `dama match` integration tests: running the program, reading its result line
//! and reading back (and replaying with Dama's rules) the PDN it writes.

#![allow(dead_code)]

use dama_engine::board8::fen::parse_fen;
use dama_engine::italian::notation::parse_move;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The `dama` binary under test (`DAMA_BINARY` overrides it, to check a test fails on an older
/// build); run it through `crate::isolated::dama`.
pub fn dama() -> String {
    crate::isolated::binary()
}

/// `dama hub` as an engine command line.
pub fn dama_hub() -> String {
    format!("{} hub", dama())
}

/// The command line of the broken test engine in `mode`, alone or relaying to `dama hub`
/// and breaking at search `after`.
pub fn broken(mode: &str, after: Option<u32>) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/broken_engine.py");
    match after {
        Some(n) => format!("python3 {script} {mode} {n} {}", dama()),
        None => format!("python3 {script} {mode}"),
    }
}

/// A fresh file name in the temporary folder (unique per call: tests run in parallel).
pub fn temp_file(name: &str) -> PathBuf {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::SeqCst);
    std::env::temp_dir().join(format!("dama-match-test-{}-{n}-{name}", std::process::id()))
}

/// What a `dama match` run printed.
pub struct MatchRun {
    pub success: bool,
    pub stdout: String,
    pub stderr: String,
    /// The fields of the final `result` line.
    pub result: HashMap<String, String>,
}

impl MatchRun {
    /// A field of the result line as a number.
    pub fn number(&self, name: &str) -> f64 {
        self.result[name].parse().unwrap_or_else(|_| panic!("{name}={}", self.result[name]))
    }
}

/// Runs `dama match` with two engines (each a command line and its extras), the other
/// options written as one whitespace-separated string, and optionally a PDN file.
pub fn play(engines: [&[&str]; 2], options: &str, pdn: Option<&Path>) -> MatchRun {
    let mut args: Vec<String> = Vec::new();
    for engine in engines {
        args.push("--engine".to_string());
        args.extend(engine.iter().map(|s| s.to_string()));
    }
    args.extend(options.split_whitespace().map(str::to_string));
    if let Some(path) = pdn {
        args.push("--pdn-out".to_string());
        args.push(path.display().to_string());
    }
    run_match(&args)
}

/// Runs `dama match` with these arguments.
pub fn run_match<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> MatchRun {
    let output = crate::isolated::dama().arg("match").args(args).output().expect("dama runs");
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    let result = stdout
        .lines()
        .last()
        .filter(|l| l.starts_with("result "))
        .map(|l| {
            l.split_whitespace()
                .skip(1)
                .filter_map(|w| w.split_once('='))
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        })
        .unwrap_or_default();
    MatchRun { success: output.status.success(), stdout, stderr, result }
}

/// One PDN game: its tags, its moves and the result token that closes it.
#[derive(Debug)]
pub struct PdnGame {
    pub tags: HashMap<String, String>,
    pub moves: Vec<String>,
    pub result: String,
}

/// Reads the records `dama match` writes (tags, a blank line, movetext, a blank line).
pub fn read_pdn(path: &Path) -> Vec<PdnGame> {
    let text = std::fs::read_to_string(path).expect("the PDN file exists");
    let mut games = Vec::new();
    let mut blocks = text.split("\n\n").filter(|b| !b.trim().is_empty());
    while let Some(tag_block) = blocks.next() {
        let tags = tag_block
            .lines()
            .map(|line| {
                let inner = line.trim_start_matches('[').trim_end_matches(']');
                let (name, value) = inner.split_once(' ').expect("a tag has a value");
                (name.to_string(), value.trim_matches('"').to_string())
            })
            .collect();
        let movetext = blocks.next().expect("movetext follows the tags");
        let mut tokens = Vec::new();
        let mut in_comment = false;
        for token in movetext.split_whitespace() {
            if token.starts_with('{') {
                in_comment = true;
            }
            if !in_comment && !token.ends_with('.') {
                tokens.push(token.to_string());
            }
            if token.ends_with('}') {
                in_comment = false;
            }
        }
        let result = tokens.pop().expect("a result closes the movetext");
        games.push(PdnGame { tags, moves: tokens, result });
    }
    games
}

/// Replays a game from its FEN tag with Dama's rules; panics on an illegal move.
pub fn replay(game: &PdnGame) -> dama_engine::board8::position::Position {
    let mut position = parse_fen(&game.tags["FEN"]).expect("the FEN tag parses");
    for text in &game.moves {
        let mv = parse_move(&position, text)
            .unwrap_or_else(|e| panic!("round {}: {e}", game.tags["Round"]));
        position = position.play(&mv);
    }
    position
}
