//! The reader thread: reads standard input line by line, as bytes, and hands each line to the
//! session, so `stop`, `ping` and `ponder-hit` are seen while a search runs. A line longer than
//! [`MAX_LINE`] is skipped without being stored; a line that is not UTF-8 is reported, not read.

use super::event::Event;
pub use super::event::InputLine;
use std::io::{BufRead, ErrorKind};
use std::sync::mpsc::Sender;

/// The longest line read, in bytes (a whole 300-ply game fits in a few KiB).
pub const MAX_LINE: usize = 64 * 1024;

/// Reads standard input until its end on a new thread, sending each line to `events`, then
/// [`Event::InputClosed`].
pub fn spawn(events: Sender<Event>) {
    let spawned = std::thread::Builder::new().name("hub-reader".into()).spawn(move || {
        run(std::io::stdin().lock(), &events);
    });
    if let Err(e) = spawned {
        log::error!("cannot start the reader thread: {e}");
    }
}

fn run(mut input: impl BufRead, events: &Sender<Event>) {
    let mut buffer = Vec::new();
    loop {
        match read_line(&mut input, &mut buffer) {
            Ok(Some(line)) => {
                if events.send(Event::Input(line)).is_err() {
                    return;
                }
            }
            Ok(None) => break,
            Err(e) => {
                log::error!("cannot read input: {e}");
                break;
            }
        }
    }
    let _ = events.send(Event::InputClosed);
}

/// Reads one line (`None` at the end of input), keeping at most [`MAX_LINE`] bytes of it.
pub fn read_line(
    input: &mut impl BufRead,
    buffer: &mut Vec<u8>,
) -> std::io::Result<Option<InputLine>> {
    buffer.clear();
    let mut length = 0;
    let mut seen_anything = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            if !seen_anything {
                return Ok(None);
            }
            break;
        }
        seen_anything = true;
        let (chunk, used, end) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], i + 1, true),
            None => (available, available.len(), false),
        };
        length += chunk.len();
        if length <= MAX_LINE {
            buffer.extend_from_slice(chunk);
        }
        input.consume(used);
        if end {
            break;
        }
    }
    if length > MAX_LINE {
        return Ok(Some(InputLine::TooLong(length)));
    }
    if buffer.last() == Some(&b'\r') {
        buffer.pop();
    }
    Ok(Some(match std::str::from_utf8(buffer) {
        Ok(text) => InputLine::Text(text.to_string()),
        Err(e) => InputLine::NotUtf8(e.valid_up_to()),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<InputLine> {
        let mut input = std::io::BufReader::with_capacity(16, bytes);
        let mut buffer = Vec::new();
        let mut out = Vec::new();
        while let Some(line) = read_line(&mut input, &mut buffer).unwrap() {
            out.push(line);
        }
        out
    }

    #[test]
    fn splits_lines_and_flags_bad_ones() {
        let mut bytes = b"ping\r\n\nhub\n".to_vec();
        bytes.extend_from_slice(b"go \xff\xfe\n");
        bytes.extend(std::iter::repeat_n(b'a', MAX_LINE + 1));
        bytes.extend_from_slice(b"\nquit");
        assert_eq!(
            lines(&bytes),
            vec![
                InputLine::Text("ping".into()),
                InputLine::Text(String::new()),
                InputLine::Text("hub".into()),
                InputLine::NotUtf8(3),
                InputLine::TooLong(MAX_LINE + 1),
                InputLine::Text("quit".into()),
            ]
        );
    }
}
