//! Where responses go: one shared line writer (stdout in Hub mode), flushed after every line, so
//! the session and the search thread never interleave half lines. The first failed write (the GUI
//! has closed its end of the pipe) is reported to the session, which then stops everything.

use super::event::Event;
use super::response::Response;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

/// A cloneable handle on the output stream.
#[derive(Clone)]
pub struct Output {
    shared: Arc<Shared>,
}

struct Shared {
    stream: Mutex<Box<dyn Write + Send>>,
    /// Told once when a write fails.
    on_failure: Mutex<Option<Sender<Event>>>,
    failed: AtomicBool,
}

impl Output {
    /// Output to standard output; a failed write sends [`Event::OutputClosed`] to `events`.
    pub fn stdout(events: Sender<Event>) -> Output {
        Output::new(Box::new(std::io::stdout()), Some(events))
    }

    /// Output to any writer, reporting the first failed write to `on_failure` if given.
    pub fn new(stream: Box<dyn Write + Send>, on_failure: Option<Sender<Event>>) -> Output {
        Output {
            shared: Arc::new(Shared {
                stream: Mutex::new(stream),
                on_failure: Mutex::new(on_failure),
                failed: AtomicBool::new(false),
            }),
        }
    }

    /// Writes one response line and flushes. Once a write has failed nothing more is written.
    pub fn send(&self, response: &Response) {
        if self.shared.failed.load(Ordering::SeqCst) {
            return;
        }
        let line = response.to_string();
        log::debug!("> {line}");
        let mut stream = match self.shared.stream.lock() {
            Ok(stream) => stream,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Err(e) = writeln!(stream, "{line}").and_then(|()| stream.flush()) {
            log::warn!("cannot write to the GUI: {e}");
            if !self.shared.failed.swap(true, Ordering::SeqCst) {
                let sender = self.shared.on_failure.lock().ok().and_then(|mut s| s.take());
                if let Some(sender) = sender {
                    let _ = sender.send(Event::OutputClosed);
                }
            }
        }
    }
}
