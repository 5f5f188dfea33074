//! A Hub engine (the Hub protocol, version 2: Dama, Scan 3.x, pydraughts' engines) as the match
//! drives it: the start-up handshake (`hub` ... `wait`, the `set-param` lines, `init` ...
//! `ready`), then one `pos`, `level` and `go think` per move, answered by `info` lines and `done`.

use super::process::EngineChild;
use super::{
    EngineIdentity, EngineSpec, GameStart, Reply, SearchFailure, SearchRequest, Transport,
};
use crate::hub_line::{quote, HubLine};
use std::time::{Duration, Instant};

/// A running Hub engine.
pub struct HubEngine {
    child: EngineChild,
    identity: EngineIdentity,
    /// The last `error message=` the engine sent, kept to explain a forfeit.
    last_error: Option<String>,
}

impl HubEngine {
    /// Starts the engine and performs the handshake; `patience` bounds each wait.
    pub fn start(spec: &EngineSpec, patience: Duration) -> Result<HubEngine, String> {
        let child = EngineChild::start(&spec.argv, true)?;
        let program = &spec.argv[0];
        let name = program.rsplit('/').next().unwrap_or(program).to_string();
        let identity = EngineIdentity { name, ..EngineIdentity::default() };
        let mut engine = HubEngine { child, identity, last_error: None };
        engine.handshake(spec, patience)?;
        Ok(engine)
    }

    fn handshake(&mut self, spec: &EngineSpec, patience: Duration) -> Result<(), String> {
        self.child.send("hub").map_err(|f| f.explain("wait"))?;
        let deadline = Instant::now() + patience;
        loop {
            let line = self.receive(deadline).map_err(|f| f.explain("wait"))?;
            match line.command.as_str() {
                "wait" => break,
                "id" => {
                    if let Some(name) = line.value("name").filter(|n| !n.is_empty()) {
                        self.identity.name = name.to_string();
                    }
                    self.identity.version = line.value("version").map(str::to_string);
                }
                "param" => {
                    if let Some(name) = line.value("name") {
                        self.identity.params.push(name.to_string());
                        let is_enum = line.value("type") == Some("enum");
                        if name == "variant" && is_enum {
                            let values = line.value("values").unwrap_or("");
                            let values = values.split_whitespace().map(str::to_string).collect();
                            self.identity.variant_values = Some(values);
                        }
                    }
                }
                _ => {}
            }
        }
        // A multi-variant engine is told the variant, by the name it gives it, unless the user
        // set it.
        let mut params = spec.params.clone();
        if !params.iter().any(|(name, _)| name == "variant") {
            if let Some(value) = self.identity.variant_value(spec.variant)? {
                params.insert(0, ("variant".to_string(), value));
            }
        }
        for (name, value) in &params {
            let line = format!("set-param name={} value={}", quote(name), quote(value));
            self.child.send(&line).map_err(|f| f.explain("ready"))?;
        }
        self.child.send("init").map_err(|f| f.explain("ready"))?;
        let deadline = Instant::now() + patience;
        loop {
            let line = self.receive(deadline).map_err(|f| f.explain("ready"))?;
            match line.command.as_str() {
                "ready" => return Ok(()),
                "error" => {
                    let message = line.value("message").unwrap_or("(no message)");
                    return Err(format!("the engine refused its settings: {message}"));
                }
                _ => {}
            }
        }
    }

    /// The next line that reads as a Hub line, by `deadline`.
    fn receive(&mut self, deadline: Instant) -> Result<HubLine, SearchFailure> {
        loop {
            let text = self.child.receive(deadline)?;
            if let Some(line) = HubLine::parse(&text) {
                if line.command == "error" {
                    self.last_error = line.value("message").map(str::to_string);
                }
                return Ok(line);
            }
        }
    }
}

impl Transport for HubEngine {
    fn identity(&self) -> &EngineIdentity {
        &self.identity
    }

    fn new_game(&mut self, _start: &GameStart) -> Result<(), SearchFailure> {
        self.child.send("new-game")
    }

    /// Sends `pos`, `level` and `go think`, and waits for `done`.
    fn think(&mut self, request: &SearchRequest) -> Result<Reply, SearchFailure> {
        let mut pos = format!("pos pos={}", request.position);
        if !request.moves.is_empty() {
            pos.push_str(&format!(" moves={}", quote(&request.moves.join(" "))));
        }
        self.child.send(&pos)?;
        self.child.send(&request.limit.level_line(request.clock, request.moves_to_go))?;
        self.child.send("go think")?;
        let start = Instant::now();
        let deadline = start + request.patience;
        let (mut score, mut depth, mut reported_time) = (None, None, None);
        loop {
            let line = match self.receive(deadline) {
                Err(SearchFailure::NoAnswer(_)) => {
                    return Err(SearchFailure::NoAnswer(start.elapsed()));
                }
                other => other?,
            };
            match line.command.as_str() {
                "info" => {
                    score = line.value("score").and_then(|s| s.parse().ok()).or(score);
                    depth = line.value("depth").and_then(|s| s.parse().ok()).or(depth);
                    let time = line.value("time").and_then(|s| s.parse().ok());
                    reported_time = time.or(reported_time);
                }
                "done" => {
                    let elapsed = start.elapsed();
                    return match line.value("move") {
                        Some(m) => Ok(Reply {
                            move_text: m.to_string(),
                            elapsed,
                            score,
                            depth,
                            reported_time,
                        }),
                        None => Err(SearchFailure::Malformed("done without move=".to_string())),
                    };
                }
                _ => {}
            }
        }
    }

    fn take_last_error(&mut self) -> Option<String> {
        self.last_error.take()
    }

    /// Sends `quit` and gives the engine a moment to exit before killing it.
    fn quit(mut self: Box<Self>) {
        let _ = self.child.send("quit");
        self.child.wait_briefly();
    }
}
