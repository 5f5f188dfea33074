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
