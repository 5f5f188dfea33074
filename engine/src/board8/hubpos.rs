//! The Hub protocol's position string: the side to move (`W`/`B`) then one character per square
//! 1..32: `w`/`b` men, `W`/`B` kings, `e` empty. The start is `Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww`.

use super::bitboard::Bitboard;
use super::piece::Piece;
use super::position::{Position, SetupError};
use super::square::Square;
use crate::color::Color;
use std::fmt;

/// Why a Hub position string could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HubPositionError {
    /// Not 33 characters.
    Length(usize),
    /// The first character is not `W` or `B`.
    BadSide(char),
    /// A square's character is not one of `w b W B e`.
    BadSquare { square: u8, found: char },
    /// The pieces do not form a legal setup.
    Setup(SetupError),
}

impl fmt::Display for HubPositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HubPositionError::Length(n) => {
                write!(f, "position string must have 33 characters, found {n}")
            }
            HubPositionError::BadSide(c) => {
                write!(f, "side to move must be W or B, found '{}'", c.escape_default())
            }
            HubPositionError::BadSquare { square, found } => {
                write!(f, "square {square}: '{}' is not one of w b W B e", found.escape_default())
            }
            HubPositionError::Setup(e) => write!(f, "illegal setup: {e}"),
        }
    }
}

impl std::error::Error for HubPositionError {}

/// Parses a Hub position string.
pub fn parse_hub_position(text: &str) -> Result<Position, HubPositionError> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 33 {
        return Err(HubPositionError::Length(chars.len()));
    }
    let side = match chars[0] {
        'W' => Color::White,
        'B' => Color::Black,
        c => return Err(HubPositionError::BadSide(c)),
    };
    let (mut white, mut black, mut kings) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    for (square, &c) in Square::ALL.iter().zip(&chars[1..]) {
        match c {
            'w' => white.insert(*square),
            'b' => black.insert(*square),
            'W' => {
                white.insert(*square);
                kings.insert(*square);
            }
            'B' => {
                black.insert(*square);
                kings.insert(*square);
            }
            'e' => {}
            found => return Err(HubPositionError::BadSquare { square: square.number(), found }),
        }
    }
    Position::from_parts(white, black, kings, side).map_err(HubPositionError::Setup)
}

/// Writes the Hub position string.
pub fn to_hub_position(position: &Position) -> String {
    let mut out = String::with_capacity(33);
    out.push(match position.side_to_move() {
        Color::White => 'W',
        Color::Black => 'B',
    });
    for s in Square::ALL {
        out.push(match position.piece_at(s) {
            None => 'e',
            Some(Piece::WhiteMan) => 'w',
            Some(Piece::WhiteKing) => 'W',
            Some(Piece::BlackMan) => 'b',
            Some(Piece::BlackKing) => 'B',
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_string() {
        let start = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";
        assert_eq!(to_hub_position(&Position::start()), start);
        assert_eq!(parse_hub_position(start).unwrap(), Position::start());
    }

    #[test]
    fn rejects_bad_strings() {
        assert!(matches!(parse_hub_position("W"), Err(HubPositionError::Length(1))));
        assert!(parse_hub_position("Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww").is_err());
        assert!(parse_hub_position("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwx").is_err());
        // a white man on square 1
        assert!(parse_hub_position("Wweeeeeeeeeeeeeeeeeeeeeeeeeeeeee").is_err());
    }
}
