//! Logging in Hub mode: off by default, to a file when asked for (`dama hub --log-file PATH` or
//! `set-param name=log-file value=PATH`), never to stderr (pydraughts reads stderr as protocol).
//! The level is `RUST_LOG` when that is a plain level (`info`, `trace`...), else `debug`.

use log::{LevelFilter, Log, Metadata, Record};
use std::fs::{File, OpenOptions};
use std::io::{LineWriter, Write};
use std::path::Path;
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

/// The logger: a file, or nothing.
struct FileLogger {
    file: Mutex<Option<LineWriter<File>>>,
    started: OnceLock<Instant>,
}

static LOGGER: FileLogger = FileLogger { file: Mutex::new(None), started: OnceLock::new() };

impl Log for FileLogger {
    fn enabled(&self, metadata: &Metadata) -> bool {
        metadata.level() <= log::max_level()
    }

    fn log(&self, record: &Record) {
        if !self.enabled(record.metadata()) {
            return;
        }
        let seconds = self.started.get_or_init(Instant::now).elapsed().as_secs_f64();
        if let Ok(mut file) = self.file.lock() {
            if let Some(file) = file.as_mut() {
                // A full disk must not stop the engine: the line is dropped.
                let _ = writeln!(file, "{seconds:10.3} {:5} {}", record.level(), record.args());
            }
        }
    }

    fn flush(&self) {
        if let Ok(mut file) = self.file.lock() {
            if let Some(file) = file.as_mut() {
                let _ = file.flush();
            }
        }
    }
}

/// Installs the logger (off) and a panic hook that logs instead of printing to stderr.
pub fn install() {
    LOGGER.started.get_or_init(Instant::now);
    if log::set_logger(&LOGGER).is_ok() {
        log::set_max_level(LevelFilter::Off);
    }
    std::panic::set_hook(Box::new(|info| log::error!("panic: {info}")));
}

/// Logs to `path` (appending), or stops logging when `None`.
pub fn log_to(path: Option<&Path>) -> Result<(), String> {
    let file = match path {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open log file '{}': {e}", path.display()))?,
        ),
        None => None,
    };
    let on = file.is_some();
    if let Ok(mut slot) = LOGGER.file.lock() {
        *slot = file.map(LineWriter::new);
    }
    let level = std::env::var("RUST_LOG")
        .ok()
        .and_then(|v| v.parse::<LevelFilter>().ok())
        .unwrap_or(LevelFilter::Debug);
    log::set_max_level(if on { level } else { LevelFilter::Off });
    Ok(())
}
