//! A game being played: the position it started from, the moves played (each replayed through
//! the game's move generator, so a game is always legal), the current position and its history
//! (repetitions, the move count), read from a FEN or a Hub position string and move text.

use dama_engine::excerpt::Excerpt;
use dama_engine::history::GameHistory;
use dama_engine::italian::Italian;
use dama_engine::rules::Rules;

/// A game: its start, its moves and where they lead.
#[derive(Debug)]
pub struct Game<R: Rules = Italian> {
    /// The position the game started from.
    pub start: R::Position,
    /// The moves played from `start`.
    pub moves: Vec<R::Move>,
    /// The current position.
    pub position: R::Position,
    /// The game since `start`.
    pub history: GameHistory,
}

impl<R: Rules> Clone for Game<R> {
    fn clone(&self) -> Game<R> {
        Game {
            start: self.start,
            moves: self.moves.clone(),
            position: self.position,
            history: self.history.clone(),
        }
    }
}

impl<R: Rules> Game<R> {
    /// A game at `position` with no moves played.
    pub fn new(position: R::Position) -> Game<R> {
        Game {
            start: position,
            moves: Vec::new(),
            history: GameHistory::new::<R>(&position),
            position,
        }
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: R::Move) {
        let after = R::play(&self.position, &mv);
        self.history.push_move::<R>(&self.position, &mv, &after);
        self.moves.push(mv);
        self.position = after;
    }

    /// Plays the moves of `text` (any notation, separated by spaces); an error names the move
    /// that failed by its number, and the game keeps the moves before it.
    pub fn play_text(&mut self, text: &str) -> Result<(), String> {
        for (number, word) in text.split_whitespace().enumerate() {
            let mv = R::parse_move(&self.position, word)
                .map_err(|e| format!("move {} is refused: {e}", number + 1))?;
            self.play(mv);
        }
        Ok(())
    }

    /// Reads a FEN (`None` for the start position) and the moves played from it.
    pub fn from_fen(fen: Option<&str>, moves: &str) -> Result<Game<R>, String> {
        let start = match fen {
            None => R::start(),
            Some(text) => {
                R::parse_fen(text).map_err(|e| format!("bad FEN '{}': {e}", Excerpt(text)))?
            }
        };
        let mut game = Game::new(start);
        game.play_text(moves)?;
        Ok(game)
    }

    /// Reads the Hub's `pos=` (a Hub position string; `None` for the start position) and moves.
    pub fn from_text(position: Option<&str>, moves: &str) -> Result<Game<R>, String> {
        let start = match position {
            None => R::start(),
            Some(text) => R::parse_hub_position(text).map_err(|e| {
                format!("bad position string '{}': {e}", dama_frontend::hub_syntax::excerpt(text))
            })?,
        };
        let mut game = Game::<R>::new(start);
        game.play_text(moves).map_err(|e| format!("moves: {e}"))?;
        Ok(game)
    }

    /// The position before each move and after the last: `moves.len() + 1` positions.
    pub fn positions(&self) -> Vec<R::Position> {
        let mut positions = vec![self.start];
        for mv in &self.moves {
            let before = *positions.last().expect("the start");
            positions.push(R::play(&before, mv));
        }
        positions
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::english::English;
    use dama_engine::international::International;

    #[test]
    fn replays_moves_in_every_notation() {
        let game = Game::<Italian>::from_text(None, "22-18 11-14 18x11x14 7x14").unwrap();
        let expected = Italian::parse_fen("W:W21,23-32:B1-6,8-10,12,14").unwrap();
        assert_eq!(game.position, expected);
        assert_eq!(game.history.quiet_plies(), 0);
        assert_eq!(game.moves.len(), 4);
        assert_eq!(game.positions().len(), 5);
        assert_eq!(game.positions()[4], game.position);
    }

    #[test]
    fn refuses_bad_text() {
        assert!(Game::<Italian>::from_text(Some("W"), "").is_err());
        assert!(Game::<Italian>::from_text(None, "22-17").is_err());
        let error = Game::<Italian>::from_text(None, "22-18 22-18").unwrap_err();
        assert!(error.contains("move 2 is refused"), "{error}");
        assert!(Game::<Italian>::from_fen(Some("X:W1"), "").unwrap_err().contains("bad FEN"));
    }

    #[test]
    fn each_variant_reads_its_own_start_and_moves() {
        let english = Game::<English>::from_text(None, "11-15 23-19 8-11").unwrap();
        assert_eq!(
            English::to_fen(&english.position),
            English::to_fen(&English::parse_fen("W:W19,21,22,24-32:B1-7,9,10,11,12,15").unwrap())
        );
        assert!(Game::<English>::from_text(None, "22-18").is_err(), "Black moves first");
        let hub = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
        let intl = Game::<International>::from_text(Some(hub), "32-28 18-23").unwrap();
        assert_eq!(
            International::to_fen(&intl.position),
            International::to_fen(
                &International::parse_fen("W:W28,31,33-50:B1-17,19,20,23").unwrap()
            )
        );
        assert!(Game::<Italian>::from_text(Some(hub), "").is_err());
    }
}
