//! Writing to stdout and stderr outside the Hub (which has its own output, see `hub::output`).
//!
//! `println!` panics when its reader has gone (`dama perft | head -1`). Here a closed stdout ends
//! the program at once and quietly, with success, as Unix tools do; any other write error is
//! reported on stderr with exit status 2. Messages to stderr never fail the program.

use std::fmt;
use std::io::{ErrorKind, Write};

/// Writes one line to stdout (see the module documentation for a failed write).
pub fn out_line(args: fmt::Arguments) {
    let mut out = std::io::stdout().lock();
    let written = out.write_fmt(args).and_then(|()| out.write_all(b"\n"));
    if let Err(error) = written.and_then(|()| out.flush()) {
        output_failed(&error);
    }
}

/// Writes text to stdout as it is (no newline added).
pub fn out_text(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(error) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        output_failed(&error);
    }
}

/// Writes one line to stderr; if stderr is closed the line is lost, nothing else happens.
pub fn err_line(args: fmt::Arguments) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.write_all(b"\n"));
}

/// Ends the program after a failed write to stdout.
pub fn output_failed(error: &std::io::Error) -> ! {
    if error.kind() == ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    err_line(format_args!("error: cannot write output: {error}"));
    std::process::exit(2);
}

/// `println!` to stdout through [`out_line`].
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::terminal::out_line(format_args!($($arg)*))
    };
}

/// `eprintln!` through [`err_line`].
#[macro_export]
macro_rules! tell {
    ($($arg:tt)*) => {
        $crate::terminal::err_line(format_args!($($arg)*))
    };
}
