//! The game the GUI describes with `pos`: a position string (or the start) and the moves played
//! from it, replayed through the move generator into the current position and its history.

use dama_engine::search::GameHistory;
use dama_engine::{parse_hub_position, parse_move, Position};

/// The current position and how the game reached it (repetitions, the 40-move count).
#[derive(Clone, Debug)]
pub struct Game {
    /// The position to search.
    pub position: Position,
    /// The game since the position the GUI sent.
    pub history: GameHistory,
}

impl Game {
    /// A game at `position` with no moves played.
    pub fn new(position: Position) -> Game {
        Game { history: GameHistory::new(&position), position }
    }

    /// Reads `pos=` (a Hub position string; `None` for the start position) and the moves.
    pub fn from_text(position: Option<&str>, moves: &str) -> Result<Game, String> {
        let start = match position {
            None => Position::start(),
            Some(text) => parse_hub_position(text).map_err(|e| {
                format!("bad position string '{}': {e}", super::syntax::excerpt(text))
            })?,
        };
        let mut game = Game::new(start);
        for (index, text) in moves.split_whitespace().enumerate() {
            let mv = parse_move(&game.position, text)
                .map_err(|e| format!("moves: move {} is refused: {e}", index + 1))?;
            let next = game.position.play(&mv);
            game.history.push(&game.position, &mv, &next);
            game.position = next;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::parse_fen;

    #[test]
    fn replays_moves_in_every_notation() {
        let game = Game::from_text(None, "22-18 11-14 18x11x14 7x14").unwrap();
        let expected = parse_fen("W:W21,23-32:B1-6,8-10,12,14").unwrap();
        assert_eq!(game.position, expected);
        assert_eq!(game.history.quiet_plies(), 0);
    }

    #[test]
    fn refuses_bad_text() {
        assert!(Game::from_text(Some("W"), "").is_err());
        assert!(Game::from_text(None, "22-17").is_err());
        assert!(Game::from_text(None, "22-18 22-18").is_err());
    }
}
