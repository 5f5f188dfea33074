//! The subcommands of `dama`, one module each.

pub mod analyze;
pub mod bench;
pub mod book;
pub mod eval;
pub mod moves;
pub mod perft;
pub mod search_args;
pub mod solve;

use dama_engine::board8::fen::parse_fen;
use dama_engine::board8::position::Position;
use dama_engine::excerpt::Excerpt;

/// Reads a FEN given on the command line, with a message naming the problem.
pub fn position_from_fen(fen: &str) -> Result<Position, String> {
    parse_fen(fen).map_err(|e| format!("bad FEN '{}': {e}", Excerpt(fen)))
}
