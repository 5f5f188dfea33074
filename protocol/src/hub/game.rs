//! The game the GUI describes with `pos`, read under the variant in force when the command will
//! run ([`crate::games::Game`] of that variant's rules), carried to the board of that variant.

use crate::games::{dispatch, Game, GameRules, WithGame};
use dama_engine::variant::Variant;
use std::any::Any;
use std::sync::Arc;

/// A game of any variant, as `pos` reads it for the variant in force.
#[derive(Clone)]
pub struct AnyGame {
    variant: Variant,
    game: Arc<dyn Any + Send + Sync>,
}

impl std::fmt::Debug for AnyGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AnyGame({})", self.variant.name())
    }
}

struct Read<'a> {
    position: Option<&'a str>,
    moves: &'a str,
}

impl WithGame for Read<'_> {
    type Output = Result<Arc<dyn Any + Send + Sync>, String>;
    fn with<R: GameRules>(self) -> Self::Output {
        Ok(Arc::new(Game::<R>::from_text(self.position, self.moves)?))
    }
}

impl AnyGame {
    /// Reads `pos=` and the moves under `variant`'s rules.
    pub fn from_text(
        variant: Variant,
        position: Option<&str>,
        moves: &str,
    ) -> Result<AnyGame, String> {
        Ok(AnyGame { variant, game: dispatch(variant, Read { position, moves })? })
    }

    /// The game, if it is one of the rules `R`.
    pub fn game<R: GameRules>(&self) -> Option<Game<R>> {
        self.game.downcast_ref::<Game<R>>().cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::international::International;
    use dama_engine::italian::Italian;

    #[test]
    fn a_game_is_read_under_its_variant_and_taken_by_its_rules_only() {
        let hub = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
        assert!(AnyGame::from_text(Variant::Italian, Some(hub), "").is_err());
        let game = AnyGame::from_text(Variant::International, None, "32-28").unwrap();
        assert_eq!(game.game::<International>().unwrap().moves.len(), 1);
        assert!(game.game::<Italian>().is_none());
    }
}
