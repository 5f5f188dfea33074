//! PDN (Portable Draughts Notation) of any of Dama's games: the movetext written
//! ([`move_number`], [`wrap_movetext`], [`short_text`]) and games read back ([`read`]).

mod read;

pub use read::{
    game_variant, parse_pdn, parse_pdn_games, read_pdn, read_pdn_games, split_games, PdnError,
    PdnGame,
};

use crate::color::Color;
use crate::rules::Rules;

/// The move number that precedes ply `ply` (0-based) of a game whose first move is by
/// `first`, as PDN writes it: `N.` before a White move, `N...` before a first move by Black, and
/// nothing before other Black moves.
pub fn move_number(first: Color, ply: usize) -> Option<String> {
    let (number, white) = match first {
        Color::White => (ply / 2 + 1, ply.is_multiple_of(2)),
        Color::Black => (ply.div_ceil(2) + 1, ply % 2 == 1),
    };
    if white {
        Some(format!("{number}."))
    } else if ply == 0 {
        Some(format!("{number}..."))
    } else {
        None
    }
}

/// Joins movetext tokens into lines of at most `width` characters (a longer token stands on a
/// line of its own), ending with a blank line, as a PDN game's movetext is written.
pub fn wrap_movetext(tokens: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// The side [`move_number`] takes as moving first in a game of the rules `R` from `start`:
/// PDN numbers a move `N.` when it is by the side that moves first in the game's start position
/// (Black in English draughts, White in the others).
pub fn numbering<R: Rules>(start: &R::Position) -> Color {
    let side = R::side_to_move(start);
    if R::FIRST_TO_MOVE == Color::White {
        side
    } else {
        side.opposite()
    }
}

/// PDN's short form of a legal move: `30x5` for a capture when no other legal move goes from 30
/// to 5, the full path otherwise (and for every quiet move).
pub fn short_text<R: Rules>(position: &R::Position, mv: &R::Move) -> String {
    let paths = R::paths(position);
    let Some(path) = paths.iter().find(|p| p.mv == *mv) else {
        return "?".to_string();
    };
    let clashes = paths.iter().filter(|p| p.from == path.from && p.to() == path.to()).count();
    if path.captured.is_empty() || clashes > 1 {
        path.path()
    } else {
        format!("{}x{}", path.from, path.to())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::fen::parse_fen;
    use crate::italian::notation::short_notation;
    use crate::italian::Italian;

    #[test]
    fn move_numbers_follow_the_side_that_starts() {
        let white: Vec<_> = (0..4).map(|p| move_number(Color::White, p)).collect();
        assert_eq!(white, [Some("1.".into()), None, Some("2.".into()), None]);
        let black: Vec<_> = (0..4).map(|p| move_number(Color::Black, p)).collect();
        assert_eq!(black, [Some("1...".into()), Some("2.".into()), None, Some("3.".into())]);
    }

    #[test]
    fn english_games_number_black_s_first_move_one() {
        use crate::english::English;
        assert_eq!(numbering::<English>(&English::start()), Color::White);
        assert_eq!(numbering::<Italian>(&Italian::start()), Color::White);
        let white_to_move = English::parse_fen("W:W21-32:B1-12").unwrap();
        assert_eq!(move_number(numbering::<English>(&white_to_move), 0).unwrap(), "1...");
    }

    #[test]
    fn the_short_form_is_italian_s_own() {
        for fen in ["W:WK22:B18,19,26,27,11,12", "W:W30:B26,18,11", "W:W21-32:B1-12"] {
            let p = parse_fen(fen).unwrap();
            for mv in p.legal_moves().iter() {
                assert_eq!(short_text::<Italian>(&p, mv), short_notation(&p, mv), "{fen}");
            }
        }
    }
}
