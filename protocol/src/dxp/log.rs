//! The exchange log (`--log-file`): every message sent (`>`) and received (`<`), and what the
//! session did (`#`), each line stamped with the seconds since the program started.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// The log, or nothing when none was asked for.
pub struct ExchangeLog {
    file: Option<File>,
    start: Instant,
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
        Ok(ExchangeLog { file, start: Instant::now() })
    }

    /// Another handle on the same log (each connection has its own).
    pub fn share(&self) -> ExchangeLog {
        let file = self.file.as_ref().and_then(|file| file.try_clone().ok());
        ExchangeLog { file, start: self.start }
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
        if let Some(file) = &mut self.file {
            let seconds = self.start.elapsed().as_secs_f64();
            // A log that cannot be written must not stop the game.
            let _ = writeln!(file, "{seconds:.3} {mark} {text}");
        }
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
        let text = std::fs::read_to_string(&path).unwrap();
        let marks: Vec<&str> = text.lines().map(|l| l.split(' ').nth(1).unwrap()).collect();
        assert_eq!(marks, [">", "<", "#"]);
        let _ = std::fs::remove_file(&path);
        assert!(ExchangeLog::open(Some(Path::new("/nonexistent/dir/log"))).is_err());
    }
}
