//! The game the GUI describes with `pos`: a position string (or the start) and the moves played
//! from it, replayed through the move generator of the game being played into the current
//! position and its history.

use dama_engine::english::English;
use dama_engine::history::{play_line, GameHistory};
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::rules::Rules;
use dama_engine::variant::Variant;

/// The current position and how the game reached it (repetitions, the move count).
#[derive(Debug)]
pub struct Game<R: Rules = Italian> {
    /// The position to search.
    pub position: R::Position,
    /// The game since the position the GUI sent.
    pub history: GameHistory,
}

impl<R: Rules> Clone for Game<R> {
    fn clone(&self) -> Game<R> {
        Game { position: self.position, history: self.history.clone() }
    }
}

impl<R: Rules> Game<R> {
    /// A game at `position` with no moves played.
    pub fn new(position: R::Position) -> Game<R> {
        Game { history: GameHistory::from_key(R::key(&position), R::QUIET_PLY_LIMIT), position }
    }

    /// Reads `pos=` (a Hub position string; `None` for the start position) and the moves.
    pub fn from_text(position: Option<&str>, moves: &str) -> Result<Game<R>, String> {
        let start = match position {
            None => R::start(),
            Some(text) => R::parse_hub_position(text).map_err(|e| {
                format!("bad position string '{}': {e}", dama_frontend::hub_syntax::excerpt(text))
            })?,
        };
        let mut game = Game::<R>::new(start);
        game.position =
            play_line::<R>(start, &mut game.history, moves).map_err(|e| format!("moves: {e}"))?;
        Ok(game)
    }
}

/// A game of any of the variants, as `pos` reads it for the variant in force.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// Dama Italiana.
    Italian(Game<Italian>),
    /// English draughts.
    English(Game<English>),
    /// International draughts.
    International(Game<International>),
}

impl AnyGame {
    /// Reads `pos=` and the moves under `variant`'s rules.
    pub fn from_text(
        variant: Variant,
        position: Option<&str>,
        moves: &str,
    ) -> Result<AnyGame, String> {
        Ok(match variant {
            Variant::Italian => AnyGame::Italian(Game::from_text(position, moves)?),
            Variant::English => AnyGame::English(Game::from_text(position, moves)?),
            Variant::International => AnyGame::International(Game::from_text(position, moves)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::board8::fen::parse_fen;

    #[test]
    fn replays_moves_in_every_notation() {
        let game = Game::<Italian>::from_text(None, "22-18 11-14 18x11x14 7x14").unwrap();
        let expected = parse_fen("W:W21,23-32:B1-6,8-10,12,14").unwrap();
        assert_eq!(game.position, expected);
        assert_eq!(game.history.quiet_plies(), 0);
    }

    #[test]
    fn refuses_bad_text() {
        assert!(Game::<Italian>::from_text(Some("W"), "").is_err());
        assert!(Game::<Italian>::from_text(None, "22-17").is_err());
        assert!(Game::<Italian>::from_text(None, "22-18 22-18").is_err());
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
        assert!(AnyGame::from_text(Variant::Italian, Some(hub), "").is_err());
        assert!(AnyGame::from_text(Variant::International, None, "32-28").is_ok());
    }
}
