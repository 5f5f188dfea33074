//! Where responses go: one shared line writer (stdout in Hub mode), flushed after every line, so
//! the session and the search thread never interleave half lines.

use super::response::Response;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// A cloneable handle on the output stream.
#[derive(Clone)]
pub struct Output {
    stream: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    /// Output to standard output.
    pub fn stdout() -> Output {
        Output::new(Box::new(std::io::stdout()))
    }

    /// Output to any writer.
    pub fn new(stream: Box<dyn Write + Send>) -> Output {
        Output { stream: Arc::new(Mutex::new(stream)) }
    }

    /// Writes one response line and flushes. A GUI that has gone away is not an error here: the
    /// end of input follows and ends the session.
    pub fn send(&self, response: &Response) {
        let line = response.to_string();
        log::debug!("> {line}");
        let mut stream = match self.stream.lock() {
            Ok(stream) => stream,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Err(e) = writeln!(stream, "{line}").and_then(|()| stream.flush()) {
            log::warn!("cannot write to the GUI: {e}");
        }
    }
}
