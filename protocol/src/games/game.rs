//! A game being played: the position it started from, the moves played (each replayed through
//! the game's move generator, so a game is always legal), the current position and its history
//! (repetitions, the move count), read from a FEN or a Hub position string and move text, and
//! how it has ended, if it has.

use dama_engine::color::Color;
use dama_engine::excerpt::Excerpt;
use dama_engine::history::GameHistory;
use dama_engine::italian::Italian;
use dama_engine::rules::Rules;

/// How a game ended: its PDN result and the reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// Why: `White wins: Black has no move`, `draw by threefold repetition`, `draw by the
    /// 40-move rule`, ...
    pub reason: String,
}

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

    /// Takes back the last `n` moves (fewer if the game is shorter), the history with them; how
    /// many were taken back.
    pub fn undo(&mut self, n: usize) -> usize {
        let n = n.min(self.moves.len());
        let mut moves = std::mem::take(&mut self.moves);
        moves.truncate(moves.len() - n);
        *self = Game::new(self.start);
        for mv in moves {
            self.play(mv);
        }
        n
    }

    /// How the game has ended in its current position, if it has, by the game's rules as its
    /// history counts them: the side to move has no legal move (and loses), the position stands
    /// for the third time, the game's move count has run out, or a material count of the game
    /// has (International draughts' 16- and 5-move rules).
    pub fn end(&self) -> Option<GameEnd> {
        let name = |color: Color| if color == Color::White { "White" } else { "Black" };
        let mover = R::side_to_move(&self.position);
        if !R::has_move(&self.position) {
            let result = if mover == Color::White { "0-1" } else { "1-0" };
            let reason = format!("{} wins: {} has no move", name(mover.opposite()), name(mover));
            return Some(GameEnd { result, reason });
        }
        let why = if self.history.occurrences_of_current() >= 3 {
            "threefold repetition".to_string()
        } else if self.history.quiet_plies() >= self.history.quiet_ply_limit() {
            format!("the {}", R::MOVE_COUNT_RULE)
        } else {
            let count = self.history.endgame_count().filter(|count| count.reached())?;
            format!("the {}", count.rule)
        };
        Some(GameEnd { result: "1/2-1/2", reason: format!("draw by {why}") })
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

    #[test]
    fn undo_takes_moves_back_with_their_history() {
        let mut game = Game::<Italian>::from_text(None, "22-18 11-14 18x11x14 7x14").unwrap();
        let after_two = Game::<Italian>::from_text(None, "22-18 11-14").unwrap();
        assert_eq!(game.undo(2), 2);
        assert_eq!((game.position, game.moves.len()), (after_two.position, 2));
        assert_eq!(game.history.keys(), after_two.history.keys());
        assert_eq!(game.undo(5), 2);
        assert_eq!(game.position, Italian::start());
    }

    #[test]
    fn a_game_ends_by_its_own_rules() {
        let end = |game: &Game<Italian>| game.end().map(|e| (e.result, e.reason));
        let won = Game::<Italian>::from_fen(Some("W:W22:B18"), "22x13").unwrap();
        assert_eq!(end(&won), Some(("1-0", "White wins: Black has no move".into())));
        assert_eq!(end(&Game::<Italian>::new(Italian::start())), None);
        let mut kings = Game::<Italian>::from_fen(Some("W:WK29:BK4"), "").unwrap();
        kings.play_text("29-25 4-8 25-29 8-4 29-25 4-8 25-29 8-4").unwrap();
        assert_eq!(end(&kings), Some(("1/2-1/2", "draw by threefold repetition".into())));
        let mut english = Game::<English>::from_fen(Some("B:WK32:BK1"), "").unwrap();
        english.history = english.history.clone().with_quiet_ply_limit(2);
        english.play_text("1-5 32-28").unwrap();
        assert_eq!(english.end().unwrap().reason, "draw by the 40-move rule");
        // Two kings against a lone king: the FMJD 5-move count, 10 plies from the start here.
        let mut intl = Game::<International>::from_fen(Some("W:WK46,K5:BK1"), "").unwrap();
        intl.play_text("46-41 1-6 41-37 6-1 37-32 1-6 32-27 6-1 27-21").unwrap();
        assert_eq!(intl.end(), None);
        intl.play_text("1-6").unwrap();
        assert_eq!(intl.end().unwrap().reason, "draw by the 5-move rule");
    }
}
