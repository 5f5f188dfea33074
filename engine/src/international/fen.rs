//! International positions in PDN FEN with squares 1-50: `W:W31-50:B1-20`, kings as `K`, ranges
//! allowed; checked for squares, men on their crowning row and 20 pieces a side.

use super::geometry::{bit, coordinates};
use super::position::Position;
use crate::color::Color;
use std::fmt;

/// Why a FEN is not an International position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError(pub String);

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FenError {}

/// Reads a PDN FEN with squares 1-50: `W:W31-50:B1-20`, kings as `K`, ranges allowed.
pub fn parse_fen(text: &str) -> Result<Position, FenError> {
    let error = |m: String| FenError(m);
    let text = text.trim().trim_end_matches('.');
    let mut parts = text.split(':');
    let side = match parts.next().map(str::trim) {
        Some("W") => Color::White,
        Some("B") => Color::Black,
        other => return Err(error(format!("the side to move must be W or B, got {other:?}"))),
    };
    let mut position = Position { white: 0, black: 0, kings: 0, side };
    for part in parts {
        let part = part.trim();
        let (color, list) = match part.chars().next() {
            Some('W') => (Color::White, &part[1..]),
            Some('B') => (Color::Black, &part[1..]),
            _ => return Err(error(format!("a piece list must start with W or B: '{part}'"))),
        };
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (king, item) = match item.strip_prefix('K') {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            let (a, b) = item.split_once('-').unwrap_or((item, item));
            let parse = |s: &str| -> Result<u8, FenError> {
                match s.trim().parse::<u8>() {
                    Ok(n) if (1..=50).contains(&n) => Ok(n),
                    _ => Err(error(format!("'{s}' is not a square 1-50"))),
                }
            };
            let (a, b) = (parse(a)?, parse(b)?);
            if a > b {
                return Err(error(format!("the range {a}-{b} runs backwards")));
            }
            for s in a..=b {
                if position.occupied() & bit(s) != 0 {
                    return Err(error(format!("square {s} is given twice")));
                }
                let row = coordinates(s).0;
                if !king
                    && ((color == Color::White && row == 0) || (color == Color::Black && row == 9))
                {
                    return Err(error(format!("a man on square {s}, its own crowning row")));
                }
                match color {
                    Color::White => position.white |= bit(s),
                    Color::Black => position.black |= bit(s),
                }
                if king {
                    position.kings |= bit(s);
                }
            }
        }
    }
    if position.occupied() == 0 {
        return Err(error("no pieces".to_string()));
    }
    for color in [Color::White, Color::Black] {
        if position.pieces(color).count_ones() > 20 {
            return Err(error("more than 20 pieces of one side".to_string()));
        }
    }
    Ok(position)
}

/// Writes a position as PDN FEN, every square listed: `W:W31,32,...:B1,...,K46`.
pub fn to_fen(position: &Position) -> String {
    let list = |pieces: u64| -> String {
        let squares: Vec<String> = (1..=50u8)
            .filter(|&s| pieces & bit(s) != 0)
            .map(|s| format!("{}{s}", if position.kings & bit(s) != 0 { "K" } else { "" }))
            .collect();
        squares.join(",")
    };
    let side = if position.side == Color::White { "W" } else { "B" };
    format!("{side}:W{}:B{}", list(position.white), list(position.black))
}

/// The Hub position string as Scan writes it: the side to move, then one character per square
/// 1-50 (`w` `b` men, `W` `B` kings, `e` empty).
pub fn to_hub_position(position: &Position) -> String {
    let mut out = String::with_capacity(51);
    out.push(if position.side == Color::White { 'W' } else { 'B' });
    for s in 1..=50u8 {
        let king = position.kings & bit(s) != 0;
        out.push(match (position.white & bit(s) != 0, position.black & bit(s) != 0, king) {
            (true, _, false) => 'w',
            (true, _, true) => 'W',
            (_, true, false) => 'b',
            (_, true, true) => 'B',
            _ => 'e',
        });
    }
    out
}
