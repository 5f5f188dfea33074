//! An engine's process: started from its command line in a process group of its own, its standard
//! output read line by line on a thread of its own and forwarded through a channel (so a wait for
//! an answer has a deadline, and a hang can be told from a slow move), its standard input written
//! a line at a time, and killed when dropped. The Hub clients of both versions speak through it;
//! a DXP engine started by its command only runs in it.

use super::SearchFailure;
use dama_frontend::interrupt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How often a wait for an engine looks whether the user interrupted the match.
pub const INTERRUPT_POLL: Duration = Duration::from_millis(50);

enum Event {
    Line(String),
    Closed,
}

/// A running engine process.
pub struct EngineChild {
    child: Child,
    /// Its standard input, when it speaks on its pipes.
    stdin: Option<ChildStdin>,
    lines: Option<Receiver<Event>>,
}

impl EngineChild {
    /// Starts `argv`. With `piped`, its standard input and output are the protocol; without, both
    /// are null (a DXP engine speaks on its socket, and a full pipe must never block it).
    /// Standard error goes to null: the protocols use none of it.
    pub fn start(argv: &[String], piped: bool) -> Result<EngineChild, String> {
        let program = argv.first().ok_or("empty engine command")?;
        let mut command = Command::new(program);
        command.args(&argv[1..]).stderr(Stdio::null());
        if piped {
            command.stdin(Stdio::piped()).stdout(Stdio::piped());
        } else {
            command.stdin(Stdio::null()).stdout(Stdio::null());
        }
        // A process group of its own: the terminal's Ctrl-C reaches only the match runner,
        // which stops the engines itself (see `interrupt`).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child =
            command.spawn().map_err(|e| format!("cannot start '{}': {e}", argv.join(" ")))?;
        let (stdin, lines) = match child.stdout.take() {
            Some(stdout) => {
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
                (child.stdin.take(), Some(lines))
            }
            None => (None, None),
        };
        Ok(EngineChild { child, stdin, lines })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), SearchFailure> {
        let stdin = self.stdin.as_mut().ok_or(SearchFailure::Exited("no pipe".into()))?;
        let written = writeln!(stdin, "{line}").and_then(|()| stdin.flush());
        written.map_err(|_| SearchFailure::Exited(self.exit_description()))
    }

    /// The next line that is not blank, by `deadline` (or until the user interrupts the match).
    pub fn receive(&mut self, deadline: Instant) -> Result<String, SearchFailure> {
        let waiting_since = Instant::now();
        loop {
            if interrupt::requested() {
                return Err(SearchFailure::Interrupted);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let Some(lines) = &self.lines else {
                return Err(SearchFailure::Exited("no pipe".into()));
            };
            match lines.recv_timeout(left.min(INTERRUPT_POLL)) {
                Ok(Event::Line(text)) if text.trim().is_empty() => {}
                Ok(Event::Line(text)) => return Ok(text),
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

    /// Whether the process is still running.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// How the process ended, waiting briefly for it to be reaped.
    pub fn exit_description(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_millis(500);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return format!("the engine exited ({status})"),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => return "the engine closed its output".to_string(),
            }
        }
    }

    /// Gives the engine half a second to exit by itself (after its `quit`); drop kills it.
    pub fn wait_briefly(&mut self) {
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for EngineChild {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
