//! FEN (PDN 3.0) for draughts: `W:W21,22,K30:B1-12`.
//!
//! Accepted on input: the side to move (`W` or `B`), then one section per colour (`W...` and
//! `B...`, in either order, either may be empty or missing), each a comma-separated list of
//! squares, `K` before a king, ranges `n-m` (also `Kn-m`), pieces in any order, spaces around items
//! and a trailing period. Anything else is an error that says what and where.

use super::bitboard::Bitboard;
use super::position::{Position, SetupError};
use super::square::Square;
use crate::color::Color;
use crate::excerpt::Excerpt;
use std::fmt;

/// Why a FEN could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is empty.
    Empty,
    /// The side to move is not `W` or `B`.
    BadSide(String),
    /// A section does not start with `W` or `B`.
    BadColorSection(String),
    /// The same colour has two sections.
    ColorTwice(char),
    /// An item of a colour section is not `n`, `Kn`, `n-m` or `Kn-m` with squares 1-32.
    BadItem(String),
    /// A range runs backwards.
    BadRange(String),
    /// A square is listed twice.
    SquareTwice(u8),
    /// The pieces parse but do not form a legal setup.
    Setup(SetupError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::BadSide(s) => {
                write!(f, "side to move must be W or B, found '{}'", Excerpt(s))
            }
            FenError::BadColorSection(s) => {
                write!(f, "colour section must start with W or B, found '{}'", Excerpt(s))
            }
            FenError::ColorTwice(c) => write!(f, "colour {c} has two sections"),
            FenError::BadItem(s) => {
                write!(f, "'{}' is not a square (1-32), king (K7) or range (1-12)", Excerpt(s))
            }
            FenError::BadRange(s) => write!(f, "range '{}' runs backwards", Excerpt(s)),
            FenError::SquareTwice(n) => write!(f, "square {n} is listed twice"),
            FenError::Setup(e) => write!(f, "illegal setup: {e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<SetupError> for FenError {
    fn from(e: SetupError) -> FenError {
        FenError::Setup(e)
    }
}

fn parse_side(text: &str) -> Result<Color, FenError> {
    match text.trim() {
        "W" | "w" => Ok(Color::White),
        "B" | "b" => Ok(Color::Black),
        other => Err(FenError::BadSide(other.to_string())),
    }
}

/// Reads one item (`7`, `K7`, `1-12`, `K1-4`) into the set of squares and whether they are kings.
fn parse_item(item: &str) -> Result<(bool, Vec<Square>), FenError> {
    let bad = || FenError::BadItem(item.to_string());
    let (king, rest) = match item.strip_prefix(['K', 'k']) {
        Some(rest) => (true, rest),
        None => (false, item),
    };
    let squares = match rest.split_once('-') {
        None => vec![rest.parse::<Square>().map_err(|_| bad())?],
        Some((a, b)) => {
            let a = a.trim().parse::<Square>().map_err(|_| bad())?;
            let b = b.trim().strip_prefix(['K', 'k']).unwrap_or(b.trim());
            let b = b.parse::<Square>().map_err(|_| bad())?;
            if b < a {
                return Err(FenError::BadRange(item.to_string()));
            }
            Square::ALL[a.index()..=b.index()].to_vec()
        }
    };
    Ok((king, squares))
}

/// Parses a FEN into a position.
pub fn parse_fen(text: &str) -> Result<Position, FenError> {
    let text = text.trim();
    let text = text.strip_suffix('.').unwrap_or(text).trim();
    if text.is_empty() {
        return Err(FenError::Empty);
    }
    let mut sections = text.split(':');
    let side = parse_side(sections.next().unwrap_or(""))?;
    let mut sets = [None::<Bitboard>, None::<Bitboard>];
    let mut kings = Bitboard::EMPTY;
    let mut all = Bitboard::EMPTY;
    for section in sections {
        let section = section.trim();
        let (color_index, name, body) = match section.chars().next() {
            Some('W') | Some('w') => (0, 'W', &section[1..]),
            Some('B') | Some('b') => (1, 'B', &section[1..]),
            _ => return Err(FenError::BadColorSection(section.to_string())),
        };
        if sets[color_index].is_some() {
            return Err(FenError::ColorTwice(name));
        }
        let mut set = Bitboard::EMPTY;
        let body = body.trim();
        if !body.is_empty() {
            for item in body.split(',') {
                let (king, squares) = parse_item(item.trim())?;
                for s in squares {
                    if all.contains(s) {
                        return Err(FenError::SquareTwice(s.number()));
                    }
                    all.insert(s);
                    set.insert(s);
                    if king {
                        kings.insert(s);
                    }
                }
            }
        }
        sets[color_index] = Some(set);
    }
    let white = sets[0].unwrap_or_default();
    let black = sets[1].unwrap_or_default();
    Ok(Position::from_parts(white, black, kings, side)?)
}

/// Writes one colour's section body: squares in numbering order, `K` before kings, runs of three
/// or more consecutive men as a range.
fn write_section(out: &mut String, men: Bitboard, kings: Bitboard) {
    let mut items: Vec<String> = Vec::new();
    let squares: Vec<Square> = (men | kings).into_iter().collect();
    let mut i = 0;
    while i < squares.len() {
        let s = squares[i];
        if kings.contains(s) {
            items.push(format!("K{s}"));
            i += 1;
            continue;
        }
        let mut j = i;
        while j + 1 < squares.len()
            && men.contains(squares[j + 1])
            && squares[j + 1].number() == squares[j].number() + 1
        {
            j += 1;
        }
        if j >= i + 2 {
            items.push(format!("{}-{}", s, squares[j]));
        } else {
            for t in &squares[i..=j] {
                items.push(t.to_string());
            }
        }
        i = j + 1;
    }
    out.push_str(&items.join(","));
}

/// Writes the position as FEN, e.g. `W:W21-32:B1-12`.
pub fn to_fen(position: &Position) -> String {
    let mut out = String::from(match position.side_to_move() {
        Color::White => "W:W",
        Color::Black => "B:W",
    });
    write_section(&mut out, position.men(Color::White), position.kings_of(Color::White));
    out.push_str(":B");
    write_section(&mut out, position.men(Color::Black), position.kings_of(Color::Black));
    out
}

impl std::str::FromStr for Position {
    type Err = FenError;
    fn from_str(text: &str) -> Result<Position, FenError> {
        parse_fen(text)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", to_fen(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips() {
        let p = parse_fen("W:W21-32:B1-12").unwrap();
        assert_eq!(p, Position::start());
        assert_eq!(to_fen(&p), "W:W21-32:B1-12");
    }

    #[test]
    fn accepts_the_documented_forms() {
        let p = parse_fen("W:W21,22,K30:B1-12").unwrap();
        assert_eq!(to_fen(&p), "W:W21,22,K30:B1-12");
        assert_eq!(parse_fen("W:W:B1").unwrap().pieces(Color::White).count(), 0);
        assert_eq!(parse_fen("B:BK1-3:W30.").unwrap().kings().count(), 3);
        assert_eq!(parse_fen(" W:B 5, 6 :W 30 ").unwrap().occupied().count(), 3);
    }

    #[test]
    fn rejects_malformed_text() {
        for bad in ["", "X:W1:B2", "W:W33:B1", "W:W1-:B2", "W:Q5", "W:W5:W6", "W:W6-5", "W:W5,5"] {
            assert!(parse_fen(bad).is_err(), "{bad} should be rejected");
        }
        assert!(matches!(parse_fen("W:W2:B9"), Err(FenError::Setup(_))));
    }
}
