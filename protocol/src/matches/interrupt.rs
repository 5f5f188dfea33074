//! Ctrl-C during `dama match`: the first SIGINT asks the match to stop. Games under way are
//! abandoned (not scored, not written to the PDN), the engines are told to quit, and the summary
//! and `result` line of the finished games are printed, marked as interrupted. A second SIGINT
//! ends the program at once.
//!
//! The engines run in a process group of their own, so the terminal's Ctrl-C reaches only
//! `dama match`, which stops them in order.

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Installs the handler (once per process; later calls do nothing).
pub fn install() -> Result<(), String> {
    static INSTALLED: AtomicBool = AtomicBool::new(false);
    if INSTALLED.swap(true, Ordering::SeqCst) {
        return Ok(());
    }
    ctrlc::set_handler(|| {
        if REQUESTED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    })
    .map_err(|e| format!("cannot handle Ctrl-C: {e}"))
}

/// Whether the user asked the match to stop.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}
