//! Where a game of `dama play` starts: the game's start position, a FEN, or a game of a PDN file
//! replayed, whose `GameType` names its game when `--variant` does not.

use crate::games::{dispatch, Game, GameRules, WithGame};
use dama_engine::pdn::{game_variant, read_pdn, read_pdn_games, split_games};
use dama_engine::variant::Variant;

/// The game chosen in a PDN file: the text of the piece of the file that holds it, its place
/// in that piece (from 0) and the game its `GameType` names (`None`: it has none).
pub struct PdnChoice<'a> {
    /// The piece of the file (a game and its tags, or several games without tags).
    pub text: &'a str,
    /// The game's place in `text`, from 0.
    pub index: usize,
    /// The game its `GameType` tag names.
    pub variant: Option<Variant>,
}

/// How many games a piece of a PDN file holds, read under its rules (a piece that cannot be
/// read counts one, as [`read_pdn_games`] counts it).
struct CountGames<'a>(&'a str);

impl WithGame for CountGames<'_> {
    type Output = usize;
    fn with<R: GameRules>(self) -> usize {
        read_pdn_games::<R>(self.0).len()
    }
}

/// Game `number` (from 1; the last by default) of the PDN text of `file`.
pub fn choose_pdn_game<'a>(
    text: &'a str,
    number: Option<usize>,
    file: &str,
) -> Result<PdnChoice<'a>, String> {
    let mut pieces = Vec::new();
    for piece in split_games(text) {
        let variant = game_variant(piece).ok().flatten();
        let count = dispatch(variant.unwrap_or_default(), CountGames(piece));
        pieces.push((piece, count, variant));
    }
    let total: usize = pieces.iter().map(|(_, count, _)| count).sum();
    if total == 0 {
        return Err(format!("'{file}' holds no game"));
    }
    let number = number.unwrap_or(total);
    if number == 0 || number > total {
        return Err(format!("--game {number}: the file has {total} games"));
    }
    let mut before = 0;
    for (text, count, variant) in pieces {
        if number <= before + count {
            return Ok(PdnChoice { text, index: number - before - 1, variant });
        }
        before += count;
    }
    unreachable!("the games were counted")
}

/// The game to start from under the rules `R`: the chosen PDN game replayed, or the position of
/// `fen`, or the start position.
pub fn starting_game<R: GameRules>(
    fen: Option<&str>,
    pdn: Option<&PdnChoice>,
    file: &str,
) -> Result<Game<R>, String> {
    let Some(choice) = pdn else { return Game::from_fen(fen, "") };
    let games = read_pdn::<R>(choice.text).map_err(|e| format!("{file}: {e}"))?;
    let chosen = games.get(choice.index).ok_or_else(|| format!("{file}: the game is not there"))?;
    let mut game = Game::new(chosen.start);
    for mv in &chosen.moves {
        game.play(*mv);
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::english::English;
    use dama_engine::rules::Rules;

    const FILE: &str = "[GameType \"22\"]\n\n1. 22-18 *\n\n[GameType \"21\"]\n\n1. 11-15 *\n";

    #[test]
    fn the_chosen_game_names_its_rules() {
        let last = choose_pdn_game(FILE, None, "f").unwrap();
        assert_eq!((last.index, last.variant), (0, Some(Variant::English)));
        let game = starting_game::<English>(None, Some(&last), "f").unwrap();
        assert_eq!(game.moves.len(), 1);
        assert_eq!(English::side_to_move(&game.position), dama_engine::color::Color::White);
        let first = choose_pdn_game(FILE, Some(1), "f").unwrap();
        assert_eq!(first.variant, Some(Variant::Italian));
        assert!(starting_game::<English>(None, Some(&first), "f").is_err(), "an Italian game");
        let two = choose_pdn_game("1. 22-18 *\n1. 23-19 *\n", Some(2), "f").unwrap();
        assert_eq!((two.index, two.variant), (1, None));
        let err = choose_pdn_game(FILE, Some(3), "f").err().unwrap();
        assert_eq!(err, "--game 3: the file has 2 games");
        assert_eq!(choose_pdn_game(" \n", None, "f").err().unwrap(), "'f' holds no game");
    }
}
