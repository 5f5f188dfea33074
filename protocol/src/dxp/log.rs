//! The exchange log (`--log-file`): every message sent (`>`) and received (`<`), and what the
//! session did (`#`), each line stamped with the seconds since the program started. Every
//! connection writes to the same file, one whole line at a time; a connection that is not the
//! game session (one still waiting for its game request) marks its lines with its address.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The log, or nothing when none was asked for.
pub struct ExchangeLog {
    file: Option<Arc<Mutex<File>>>,
    start: Instant,
    /// Put after the mark of each line (`[ADDRESS] `), or empty.
    tag: String,
}

impl ExchangeLog {
    /// Appends to `path`, or logs nothing without one.
    pub fn open(path: Option<&Path>) -> Result<ExchangeLog, String> {
        let file = match path {
            None => None,
            Some(path) => Some(
                OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("--log-file: cannot open {}: {e}", path.display()))?,
            ),
        };
        let file = file.map(|file| Arc::new(Mutex::new(file)));
        Ok(ExchangeLog { file, start: Instant::now(), tag: String::new() })
    }

    /// Another handle on the same log (each connection has its own).
    pub fn share(&self) -> ExchangeLog {
        ExchangeLog { file: self.file.clone(), start: self.start, tag: String::new() }
    }

    /// Another handle whose lines name `who` (`# [who] text`).
    pub fn tagged(&self, who: &str) -> ExchangeLog {
        ExchangeLog { file: self.file.clone(), start: self.start, tag: format!("[{who}] ") }
    }

    /// A message sent.
    pub fn sent(&mut self, text: &str) {
        self.line('>', text);
    }

    /// A message received, as `dama_frontend::dxp::framing::printable` shows it.
    pub fn received(&mut self, text: &str) {
        self.line('<', text);
    }

    /// What the session did or saw.
    pub fn note(&mut self, text: &str) {
        self.line('#', text);
    }

    fn line(&mut self, mark: char, text: &str) {
        let Some(file) = &self.file else { return };
        let seconds = self.start.elapsed().as_secs_f64();
        let line = format!("{seconds:.3} {mark} {}{text}\n", self.tag);
        // One write per line, under the lock: lines of different connections never mix. A log
        // that cannot be written (or a lock poisoned) must not stop the game.
        let mut file = file.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let _ = file.write_all(line.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_stamps_and_marks_each_line() {
        let path = std::env::temp_dir().join(format!("dama-dxp-log-{}.txt", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let mut log = ExchangeLog::open(Some(&path)).unwrap();
        log.sent("E00");
        log.received("E00");
        log.note("game 1 ends");
        log.tagged("127.0.0.1:9").note("closed");
        log.share().note("shared");
        let text = std::fs::read_to_string(&path).unwrap();
        let marks: Vec<&str> = text.lines().map(|l| l.split(' ').nth(1).unwrap()).collect();
        assert_eq!(marks, [">", "<", "#", "#", "#"]);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[3].ends_with(" # [127.0.0.1:9] closed"), "{text}");
        assert!(lines[4].ends_with(" # shared"), "{text}");
        let _ = std::fs::remove_file(&path);
        assert!(ExchangeLog::open(Some(Path::new("/nonexistent/dir/log"))).is_err());
    }
}
