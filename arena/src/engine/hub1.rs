//! An engine of the first Hub protocol (Scan 1.x and 2.x) as the match drives it. Its lines are
//! words, not `name=value` pairs:
//!
//! - start-up: `hub`, answered by `name ...`, `author ...`, ... and `wait`; a `set NAME VALUE` per
//!   setting (`option.NAME=VALUE`); `init`, answered by `ready`;
//! - a game: `new`; for each move, `pos <side><50 squares>` (the side in lower case, `w` or `b`;
//!   squares `w` `b` `W` `B` `e`) for the game's initial position, a `move <m>` line per move
//!   played since, the limit (`time <ms>` for a fixed time a move, `level <moves> <ms> <inc ms>`
//!   for a clock, `depth <d>`), then `go`, answered by `info <depth> <mean depth> <score in
//!   hundredths> <nodes> <seconds> <Mnps> <pv...>` lines and `move <m> [<ponder>]`;
//! - `quit`.
//!
//! The protocol has no variant and no node limit: it is spoken for International draughts, under
//! a clock, a move time or a depth (checked before the match, [`check_match`]).

use super::process::EngineChild;
use super::{
    EngineIdentity, EngineSpec, GameStart, Reply, SearchFailure, SearchRequest, Transport,
};
use crate::config::Limit;
use dama_engine::variant::Variant;
use std::time::{Duration, Instant};

/// Whether a match can be played with a first-Hub engine: International draughts, and a limit
/// the protocol can say.
pub fn check_match(variant: Variant, limit: &Limit) -> Result<(), String> {
    if variant != Variant::International {
        return Err(format!(
            "the first Hub protocol (protocol=hub1) has no variant: it is spoken for \
             International draughts only, not {}",
            variant.name()
        ));
    }
    if let Limit::Nodes(_) = limit {
        return Err("the first Hub protocol (protocol=hub1) has no node limit: give --tc, \
                    --movetime or --depth"
            .to_string());
    }
    Ok(())
}

/// The limit's lines: a fixed move time is `time <ms>` (Scan uses all of it), a clock is
/// `level <moves> <ms> <inc ms>` (the moves left in the period; 0: the clock is for the rest of
/// the game), a depth `depth <d>`.
pub fn limit_line(limit: &Limit, clock: f64, moves_to_go: Option<u32>) -> String {
    let ms = |seconds: f64| (seconds.max(0.0) * 1000.0).round() as u64;
    match *limit {
        Limit::MoveTime(s) => format!("time {}", ms(s)),
        Limit::Clock { increment, .. } => {
            format!("level {} {} {}", moves_to_go.unwrap_or(0), ms(clock), ms(increment))
        }
        Limit::Depth(d) => format!("depth {d}"),
        // Refused before the match (`check_match`); the nearest the protocol has is no limit.
        Limit::Nodes(_) => String::new(),
    }
}

/// The position string of the first protocol: the Hub string with the side in lower case.
pub fn position_text(hub: &str) -> String {
    let mut chars = hub.chars();
    match chars.next() {
        Some(side) => side.to_ascii_lowercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// What an `info` line says: depth, score (hundredths of a man), time. The fields are
/// positional; a line in the second protocol's `name=value` form is read too.
pub fn read_info(words: &[&str]) -> (Option<u32>, Option<f64>, Option<f64>) {
    if words.iter().any(|w| w.contains('=')) {
        let value = |name: &str| {
            words.iter().find_map(|w| w.strip_prefix(name).and_then(|v| v.strip_prefix('=')))
        };
        let depth = value("depth").and_then(|v| v.parse().ok());
        return (
            depth,
            value("score").and_then(|v| v.parse().ok()),
            value("time").and_then(|v| v.parse().ok()),
        );
    }
    let depth = words.first().and_then(|w| w.parse().ok());
    let score = words.get(2).and_then(|w| w.parse::<f64>().ok()).map(|s| s / 100.0);
    let time = words.get(4).and_then(|w| w.parse().ok());
    (depth, score, time)
}

/// A running engine of the first Hub protocol.
pub struct Hub1Engine {
    child: EngineChild,
    identity: EngineIdentity,
    last_error: Option<String>,
}

impl Hub1Engine {
    /// Starts the engine: `hub` ... `wait`, the settings, `init` ... `ready`.
    pub fn start(spec: &EngineSpec, patience: Duration) -> Result<Hub1Engine, String> {
        let child = EngineChild::start(&spec.argv, true)?;
        let program = &spec.argv[0];
        let name = program.rsplit('/').next().unwrap_or(program).to_string();
        let identity = EngineIdentity { name, ..EngineIdentity::default() };
        let mut engine = Hub1Engine { child, identity, last_error: None };
        engine.child.send("hub").map_err(|f| f.explain("wait"))?;
        let deadline = Instant::now() + patience;
        loop {
            let line = engine.child.receive(deadline).map_err(|f| f.explain("wait"))?;
            let (word, rest) = split(&line);
            match word {
                "wait" => break,
                "name" if !rest.is_empty() => engine.identity.name = rest.to_string(),
                "version" if !rest.is_empty() => engine.identity.version = Some(rest.to_string()),
                _ => {}
            }
        }
        for (name, value) in &spec.params {
            engine.child.send(&format!("set {name} {value}")).map_err(|f| f.explain("ready"))?;
        }
        engine.child.send("init").map_err(|f| f.explain("ready"))?;
        let deadline = Instant::now() + patience;
        loop {
            let line = engine.child.receive(deadline).map_err(|f| f.explain("ready"))?;
            match split(&line) {
                ("ready", _) => return Ok(engine),
                ("error", why) => return Err(format!("the engine refused its settings: {why}")),
                _ => {}
            }
        }
    }
}

/// The first word of a line and the rest, trimmed.
fn split(line: &str) -> (&str, &str) {
    let line = line.trim();
    match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    }
}

impl Transport for Hub1Engine {
    fn identity(&self) -> &EngineIdentity {
        &self.identity
    }

    fn new_game(&mut self, _start: &GameStart) -> Result<(), SearchFailure> {
        self.child.send("new")
    }

    fn think(&mut self, request: &SearchRequest) -> Result<Reply, SearchFailure> {
        self.child.send(&format!("pos {}", position_text(request.position)))?;
        for mv in request.moves {
            self.child.send(&format!("move {mv}"))?;
        }
        let limit = limit_line(request.limit, request.clock, request.moves_to_go);
        if !limit.is_empty() {
            self.child.send(&limit)?;
        }
        self.child.send("go")?;
        let start = Instant::now();
        let deadline = start + request.patience;
        let (mut score, mut depth, mut reported_time) = (None, None, None);
        loop {
            let line = match self.child.receive(deadline) {
                Err(SearchFailure::NoAnswer(_)) => {
                    return Err(SearchFailure::NoAnswer(start.elapsed()));
                }
                other => other?,
            };
            let (word, rest) = split(&line);
            match word {
                "info" => {
                    let words: Vec<&str> = rest.split_whitespace().collect();
                    let (d, s, t) = read_info(&words);
                    depth = d.or(depth);
                    score = s.or(score);
                    reported_time = t.or(reported_time);
                }
                "error" => self.last_error = Some(rest.to_string()),
                "move" => {
                    let elapsed = start.elapsed();
                    return match rest.split_whitespace().next() {
                        Some(m) => Ok(Reply {
                            move_text: m.to_string(),
                            elapsed,
                            score,
                            depth,
                            reported_time,
                        }),
                        None => Err(SearchFailure::Malformed("'move' without a move".to_string())),
                    };
                }
                _ => {}
            }
        }
    }

    fn take_last_error(&mut self) -> Option<String> {
        self.last_error.take()
    }

    fn quit(mut self: Box<Self>) {
        let _ = self.child.send("quit");
        self.child.wait_briefly();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_positions_and_info_lines_read_as_scan_2_has_them() {
        assert_eq!(limit_line(&Limit::MoveTime(0.1), 0.0, None), "time 100");
        let clock = Limit::Clock { base: 60.0, increment: 0.5, moves: None };
        assert_eq!(limit_line(&clock, 12.3456, None), "level 0 12346 500");
        let period = Limit::Clock { base: 300.0, increment: 0.0, moves: Some(75) };
        assert_eq!(limit_line(&period, 250.0, Some(12)), "level 12 250000 0");
        assert_eq!(limit_line(&Limit::Depth(9), 0.0, None), "depth 9");
        let start = format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20));
        let text = position_text(&start);
        assert_eq!(text.len(), 51);
        assert!(text.starts_with("wbbb"));
        let words: Vec<&str> = "12 11.4 -35 123456 0.09 1.4 32-28 19-23".split(' ').collect();
        assert_eq!(read_info(&words), (Some(12), Some(-0.35), Some(0.09)));
        let words: Vec<&str> = "depth=7 score=0.25 time=0.5".split(' ').collect();
        assert_eq!(read_info(&words), (Some(7), Some(0.25), Some(0.5)));
        assert_eq!(read_info(&[]), (None, None, None));
    }

    #[test]
    fn only_international_and_a_limit_the_protocol_can_say() {
        assert!(check_match(Variant::International, &Limit::MoveTime(0.1)).is_ok());
        assert!(check_match(Variant::International, &Limit::Depth(5)).is_ok());
        let nodes = check_match(Variant::International, &Limit::Nodes(5)).unwrap_err();
        assert!(nodes.contains("no node limit"), "{nodes}");
        let italian = check_match(Variant::Italian, &Limit::Depth(5)).unwrap_err();
        assert!(italian.contains("International draughts only"), "{italian}");
    }
}
