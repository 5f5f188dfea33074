//! Ctrl-C during a long job (`dama match`, `dama selfplay`): the first SIGINT asks the job to stop
//! and finish in order (a match abandons the games under way and reports the finished ones); a
//! second SIGINT ends the program at once.

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
