//! The squares of Russian and Brazilian draughts as their players name them, and as the engine
//! keeps them.
//!
//! The board is the English one seen from White ([`crate::board8`] positions in the English
//! geometry, [`crate::english::geometry`]): a1 is a dark square in White's bottom-left corner,
//! White's men start on rows 1-3 and move up. The engine's own square index runs row by row from
//! Black's side, b8 first, so that White's men sit on 21-32 as in every 8x8 position of Dama;
//! that order is also the order of the Hub's position string (pydraughts' `initial_hub_fen`).
//!
//! Players and programs name the squares two ways:
//! - **algebraic**, `a1`-`h8` (files a-h from White's left, ranks 1-8 from White's side), the
//!   notation of Russian and Brazilian score sheets: `c3-d4`, captures `c3:e5:g7`;
//! - **numbers 1-32**, as PDN (`GameType` 25 and 26) and pydraughts number them: row by row from
//!   White's side, left to right, so 1 = a1, 2 = c1, 4 = g1, 5 = b2, 32 = h8. White's men start
//!   on 1-12, Black's on 21-32.
//!
//! ```text
//!   8  .  29  .  30  .  31  .  32      (Black)
//!   7  25  .  26  .  27  .  28  .
//!   6  .  21  .  22  .  23  .  24
//!   5  17  .  18  .  19  .  20  .
//!   4  .  13  .  14  .  15  .  16
//!   3   9  .  10  .  11  .  12  .
//!   2  .   5  .   6  .   7  .   8
//!   1   1  .   2  .   3  .   4  .      (White)
//!      a   b   c   d   e   f   g   h
//! ```

use crate::board8::square::Square;
use crate::english::geometry::column;
use crate::excerpt::Excerpt;

/// The game's number (1-32, 1 = a1) of a square.
pub fn number(square: Square) -> u8 {
    let (row, k) = (square.row(), square.index() as u8 % 4);
    (7 - row) * 4 + k + 1
}

/// The square with the game's number `n` (1-32, 1 = a1), or `None`.
pub fn from_number(n: u8) -> Option<Square> {
    if !(1..=32).contains(&n) {
        return None;
    }
    let (rank, k) = ((n - 1) / 4, (n - 1) % 4);
    Square::from_index((7 - rank) * 4 + k)
}

/// The file letter (`a`-`h`) and rank digit (`1`-`8`) of a square.
pub fn algebraic(square: Square) -> String {
    let file = char::from(b'a' + column(square) as u8);
    let rank = char::from(b'8' - square.row());
    format!("{file}{rank}")
}

/// The square at file `file` (0 = a) and rank `rank` (0 = rank 1), if it is a dark square.
fn at_file_rank(file: u8, rank: u8) -> Option<Square> {
    crate::english::geometry::square_at(7 - rank as i8, file as i8)
}

/// Reads a square: its number (`1`-`32`) or its algebraic name (`a1`-`h8`, either case), with a
/// message that says what was wrong.
pub fn parse_square(text: &str) -> Result<Square, String> {
    let word = text.trim();
    let bytes = word.as_bytes();
    if !bytes.is_empty() && bytes.iter().all(u8::is_ascii_digit) {
        return word
            .parse::<u8>()
            .ok()
            .and_then(from_number)
            .ok_or_else(|| format!("'{}' is not a square number 1-32", Excerpt(word)));
    }
    match bytes {
        [file @ (b'a'..=b'h' | b'A'..=b'H'), rank @ b'1'..=b'8'] => {
            let file = file.to_ascii_lowercase() - b'a';
            at_file_rank(file, rank - b'1').ok_or_else(|| {
                format!("'{}' is a light square: only the dark squares are played", Excerpt(word))
            })
        }
        _ => Err(format!("'{}' is not a square (write 1-32 or a1-h8)", Excerpt(word))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numbers_run_from_white_s_corner() {
        // pydraughts 0.6.7: Board("russian") numbers a1 1, c1 2, g1 4, b2 5, c3 10, h8 32;
        // White's men on 1-12, Black's on 21-32.
        for (n, name) in [(1, "a1"), (2, "c1"), (4, "g1"), (5, "b2"), (10, "c3"), (32, "h8")] {
            let square = from_number(n).unwrap();
            assert_eq!(algebraic(square), name);
            assert_eq!(number(square), n);
            assert_eq!(parse_square(name), Ok(square));
            assert_eq!(parse_square(&n.to_string()), Ok(square));
        }
        // The engine's index: b8 is its square 1 and a1 its square 29, as in the Hub string.
        assert_eq!(algebraic(Square::from_number(1).unwrap()), "b8");
        assert_eq!(algebraic(Square::from_number(29).unwrap()), "a1");
        for square in Square::ALL {
            assert_eq!(from_number(number(square)), Some(square));
            assert_eq!(parse_square(&algebraic(square)), Ok(square));
        }
    }

    #[test]
    fn bad_squares_are_named_in_the_message() {
        assert!(parse_square("b1").unwrap_err().contains("light square"));
        assert!(parse_square("0").unwrap_err().contains("1-32"));
        assert!(parse_square("33").unwrap_err().contains("1-32"));
        assert!(parse_square("i3").unwrap_err().contains("a1-h8"));
        assert!(parse_square("c9").is_err());
        assert!(parse_square("").is_err());
        assert_eq!(parse_square("C3"), parse_square("c3"));
    }
}
