//! One Hub engine as a child process: started from its command line with piped stdin and stdout
//! (stderr goes to null: a Hub engine writes nothing there), the start-up handshake, one search
//! per move with a time limit on the answer, and shutting down.
//!
//! Standard output is read on a thread of its own that forwards every line through a channel, so
//! the referee can wait for an answer with a deadline and tell a hang from a slow move.

use super::hub_line::{quote, HubLine};
pub use super::spec::{mirrors, EngineIdentity, EngineSpec};
use dama_frontend::interrupt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// What one search asks for.
#[derive(Clone, Debug)]
pub struct SearchRequest<'a> {
    /// The Hub string of the game's initial position.
    pub position: &'a str,
    /// Every move since that position, in Hub notation.
    pub moves: &'a [String],
    /// The `level` line.
    pub level: String,
    /// How long to wait for `done` before giving up.
    pub patience: Duration,
}

/// An answer to `go think`.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    /// The `move=` text, not yet checked.
    pub move_text: String,
    /// Wall time from sending `go think` to reading `done`.
    pub elapsed: Duration,
    /// The last `info` score, in men from the mover's side.
    pub score: Option<f64>,
    /// The last `info` depth.
    pub depth: Option<u32>,
    /// The last `info` time, the engine's own measure of its search.
    pub reported_time: Option<f64>,
}

/// Why a search gave no move.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchFailure {
    /// The process ended (or closed its output); the text says how.
    Exited(String),
    /// No `done` within the patience.
    NoAnswer(Duration),
    /// `done` without `move=`.
    Malformed(String),
    /// The user interrupted the match (Ctrl-C) while waiting.
    Interrupted,
}

/// How often a wait for an engine looks whether the user interrupted the match.
const INTERRUPT_POLL: Duration = Duration::from_millis(50);

enum Event {
    Line(String),
    Closed,
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Event>,
    identity: EngineIdentity,
    /// The last `error message=` the engine sent, kept to explain a forfeit.
    last_error: Option<String>,
}

impl EngineProcess {
    /// Starts the engine, performs the handshake (`hub` ... `wait`, the `set-param` lines,
    /// `init` ... `ready`) and returns it ready to search. `patience` bounds each wait.
    pub fn start(spec: &EngineSpec, patience: Duration) -> Result<EngineProcess, String> {
        let program = spec.argv.first().ok_or("empty engine command")?;
        let mut command = Command::new(program);
        command.args(&spec.argv[1..]).stdin(Stdio::piped()).stdout(Stdio::piped());
        command.stderr(Stdio::null());
        // A process group of its own: the terminal's Ctrl-C reaches only the match runner,
        // which stops the engines itself (see `interrupt`).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child =
            command.spawn().map_err(|e| format!("cannot start '{}': {e}", spec.argv.join(" ")))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match reader.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buffer).trim_end().to_string();
                        if sender.send(Event::Line(line)).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = sender.send(Event::Closed);
        });
        let name = program.rsplit('/').next().unwrap_or(program).to_string();
        let identity = EngineIdentity { name, ..EngineIdentity::default() };
        let mut engine = EngineProcess { child, stdin, lines, identity, last_error: None };
        engine.handshake(spec, patience)?;
        Ok(engine)
    }

    fn handshake(&mut self, spec: &EngineSpec, patience: Duration) -> Result<(), String> {
        let explain = |stage: &str, failure: SearchFailure| match failure {
            SearchFailure::NoAnswer(t) => format!("no '{stage}' within {:.1} s", t.as_secs_f64()),
            SearchFailure::Exited(how) => format!("{how} before '{stage}'"),
            SearchFailure::Malformed(line) => format!("bad line before '{stage}': {line}"),
            SearchFailure::Interrupted => "interrupted".to_string(),
        };
        self.send("hub").map_err(|f| explain("wait", f))?;
        let deadline = Instant::now() + patience;
        loop {
            let line = self.receive(deadline).map_err(|f| explain("wait", f))?;
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
            self.send(&line).map_err(|f| explain("ready", f))?;
        }
        self.send("init").map_err(|f| explain("ready", f))?;
        let deadline = Instant::now() + patience;
        loop {
            let line = self.receive(deadline).map_err(|f| explain("ready", f))?;
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

    /// What the engine said about itself.
    pub fn identity(&self) -> &EngineIdentity {
        &self.identity
    }

    /// Sends one line.
    fn send(&mut self, line: &str) -> Result<(), SearchFailure> {
        let written = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        written.map_err(|_| SearchFailure::Exited(self.exit_description()))
    }

    /// The next non-empty line, by `deadline` (or until the user interrupts the match).
    fn receive(&mut self, deadline: Instant) -> Result<HubLine, SearchFailure> {
        let waiting_since = Instant::now();
        loop {
            if interrupt::requested() {
                return Err(SearchFailure::Interrupted);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left.min(INTERRUPT_POLL)) {
                Ok(Event::Line(text)) => {
                    if let Some(line) = HubLine::parse(&text) {
                        if line.command == "error" {
                            self.last_error = line.value("message").map(str::to_string);
                        }
                        return Ok(line);
                    }
                }
                Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(SearchFailure::Exited(self.exit_description()));
                }
                Err(RecvTimeoutError::Timeout) if left <= INTERRUPT_POLL => {
                    return Err(SearchFailure::NoAnswer(waiting_since.elapsed()));
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// How the process ended, waiting briefly for it to be reaped.
    fn exit_description(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_millis(500);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return format!("the engine exited ({status})"),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => return "the engine closed its output".to_string(),
            }
        }
    }

    /// The last `error` message the engine sent, if any (cleared by reading it).
    pub fn take_last_error(&mut self) -> Option<String> {
        self.last_error.take()
    }

    /// Tells the engine that the next search belongs to a new game.
    pub fn new_game(&mut self) -> Result<(), SearchFailure> {
        self.send("new-game")
    }

    /// Sends `pos`, `level` and `go think`, and waits for `done`.
    pub fn think(&mut self, request: &SearchRequest) -> Result<Reply, SearchFailure> {
        let mut pos = format!("pos pos={}", request.position);
        if !request.moves.is_empty() {
            pos.push_str(&format!(" moves={}", quote(&request.moves.join(" "))));
        }
        self.send(&pos)?;
        self.send(&request.level)?;
        self.send("go think")?;
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

    /// Sends `quit` and gives the engine a moment to exit before killing it.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        // Drop kills it.
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// One engine of a worker: its spec and, while it runs, its process. A process that forfeited a
/// game is dropped (killed) and started afresh for the next game.
pub struct EngineSlot {
    spec: EngineSpec,
    process: Option<EngineProcess>,
}

impl EngineSlot {
    /// A slot that starts its engine when first needed.
    pub fn new(spec: EngineSpec) -> EngineSlot {
        EngineSlot { spec, process: None }
    }

    /// Starts the engine if needed, then sends `new-game` (to a new engine too, before its first
    /// game).
    pub fn prepare_game(&mut self, patience: Duration) -> Result<(), String> {
        if let Some(process) = &mut self.process {
            if process.new_game().is_ok() {
                return Ok(());
            }
            self.process = None;
        }
        let mut process = EngineProcess::start(&self.spec, patience)?;
        process.new_game().map_err(|_| "the engine exited before 'new-game'".to_string())?;
        self.process = Some(process);
        Ok(())
    }

    /// The running engine (after [`EngineSlot::prepare_game`]).
    pub fn process(&mut self) -> &mut EngineProcess {
        self.process.as_mut().expect("prepare_game starts the engine")
    }

    /// Kills the engine; the next game starts a new one.
    pub fn discard(&mut self) {
        self.process = None;
    }

    /// Sends `quit` and lets the engine exit.
    pub fn shut_down(&mut self) {
        if let Some(process) = self.process.take() {
            process.quit();
        }
    }
}
