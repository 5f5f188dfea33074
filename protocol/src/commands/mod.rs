//! The subcommands of `dama`, one module each.

pub mod analyze;
pub mod bench;
pub mod book;
pub mod moves;
pub mod perft;

use dama_engine::{parse_fen, Position};

/// The start position's FEN, the default everywhere.
pub const START_FEN: &str = "W:W21-32:B1-12";

/// Reads a FEN given on the command line, with a message naming the problem.
pub fn position_from_fen(fen: &str) -> Result<Position, String> {
    parse_fen(fen).map_err(|e| format!("bad FEN '{fen}': {e}"))
}
