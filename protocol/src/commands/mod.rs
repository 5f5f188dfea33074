//! The subcommands of `dama`, one module each.

pub mod analyze;
pub mod bench;
pub mod book;
pub mod eval;
pub mod moves;
pub mod perft;

use dama_engine::board8::fen::parse_fen;
use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;
use dama_engine::excerpt::Excerpt;
use dama_engine::italian::notation::parse_move;

/// The start position's FEN, the default everywhere.
pub const START_FEN: &str = "W:W21-32:B1-12";

pub use crate::variant::{Variant, ENGLISH_START_FEN, INTERNATIONAL_START_FEN};

/// Reads a FEN given on the command line, with a message naming the problem.
pub fn position_from_fen(fen: &str) -> Result<Position, String> {
    parse_fen(fen).map_err(|e| format!("bad FEN '{}': {e}", Excerpt(fen)))
}

/// Plays the moves of a `--moves` text (any notation, separated by spaces) from `position`,
/// calling `on_move(before, move, after)` for each; an error names the move that failed, by its
/// number, as the Hub does.
pub fn play_moves(
    mut position: Position,
    text: &str,
    mut on_move: impl FnMut(&Position, &Move, &Position),
) -> Result<Position, String> {
    for (number, word) in text.split_whitespace().enumerate() {
        let mv = parse_move(&position, word)
            .map_err(|e| format!("--moves: move {} is refused: {e}", number + 1))?;
        let next = position.play(&mv);
        on_move(&position, &mv, &next);
        position = next;
    }
    Ok(position)
}

/// A line of a text file without a UTF-8 byte-order mark in front (editors on Windows write
/// one at the start of the file).
pub fn without_bom(line: &str) -> &str {
    line.strip_prefix('\u{feff}').unwrap_or(line)
}

/// Checks, before any work, that the file `probe` can be created or appended to (a new file is
/// removed again) and that `path`, named by the option `option`, is not a directory.
pub fn check_writable(
    option: &str,
    path: &std::path::Path,
    probe: &std::path::Path,
) -> Result<(), String> {
    if path.is_dir() {
        return Err(format!("{option} '{}' is a directory", path.display()));
    }
    let existed = probe.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(probe)
        .map_err(|e| format!("cannot write {option} '{}': {e}", path.display()))?;
    if !existed {
        let _ = std::fs::remove_file(probe);
    }
    Ok(())
}
