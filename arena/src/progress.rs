//! The progress display on stderr: a bar with the running score and Elo (drawn only when stderr
//! is a terminal) and one line per finished game (unless quiet).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::time::Duration;

/// The match's progress display.
pub struct Progress {
    bar: ProgressBar,
    quiet: bool,
}

impl Progress {
    /// A display for `games` games.
    pub fn new(games: usize, quiet: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(games as u64), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} games  {msg}  (eta {eta})",
        )
        .expect("the template is valid")
        .progress_chars("=> ");
        bar.set_style(style);
        bar.enable_steady_tick(Duration::from_millis(500));
        Progress { bar, quiet }
    }

    /// Prints a line above the bar.
    pub fn line(&self, text: &str) {
        if !self.quiet {
            self.bar.suspend(|| tell!("{text}"));
        }
    }

    /// Counts one finished game and shows the running score.
    pub fn game_done(&self, message: String) {
        self.bar.inc(1);
        self.bar.set_message(message);
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
