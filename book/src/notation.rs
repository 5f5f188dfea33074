//! Move text in the book, read fast: full-path text (what the book writes) is matched against the
//! legal moves directly; anything else goes through the engine's `parse_move`, which reads every
//! notation and explains what is wrong.

use dama_engine::{parse_move, Move, Position};

/// The legal move `text` names in `position`, or why there is none.
pub fn find_move(position: &Position, text: &str) -> Result<Move, String> {
    find_among(position, &position.legal_moves(), text)
}

/// Like [`find_move`] with the legal moves of `position` already generated.
pub fn find_among(position: &Position, legal: &[Move], text: &str) -> Result<Move, String> {
    if let Some(squares) = squares_of(text) {
        let capture = text.contains('x');
        let mut found = None;
        for mv in legal {
            if mv.is_capture() == capture && path_matches(mv, &squares) {
                if found.is_some() {
                    found = None; // two moves share this path: let parse_move explain
                    break;
                }
                found = Some(*mv);
            }
        }
        if let Some(mv) = found {
            return Ok(mv);
        }
    }
    parse_move(position, text).map_err(|e| e.to_string())
}

/// The square numbers of `a-b` or `axbxc...`, when the text is exactly that.
fn squares_of(text: &str) -> Option<Vec<u8>> {
    let separator = if text.contains('x') { 'x' } else { '-' };
    let squares: Option<Vec<u8>> = text.split(separator).map(|s| s.parse::<u8>().ok()).collect();
    squares.filter(|s| s.len() >= 2 && (separator == 'x' || s.len() == 2))
}

/// Whether `squares` is the full path of `mv`: start, then every landing square.
fn path_matches(mv: &Move, squares: &[u8]) -> bool {
    if mv.from().number() != squares[0] || mv.to().number() != squares[squares.len() - 1] {
        return false;
    }
    if !mv.is_capture() {
        return squares.len() == 2;
    }
    let landings = mv.landing_squares();
    landings.len() == squares.len() - 1
        && landings.iter().zip(&squares[1..]).all(|(s, n)| s.number() == *n)
}

/// A key that orders moves by their square numbers along the path (`21-17` before `22-18`,
/// `9-13` before `10-14`), for sorted, diff-friendly output.
pub fn sort_key(mv: &Move) -> Vec<u8> {
    let mut key = vec![mv.from().number()];
    key.extend(mv.landing_squares().iter().map(|s| s.number()));
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::{parse_fen, path_notation};

    #[test]
    fn every_notation_finds_the_same_move() {
        let p = parse_fen("W:W30:B26,18,11").unwrap();
        for text in ["30x21x14x7", "30x7", "30x21x7"] {
            assert_eq!(path_notation(&find_move(&p, text).unwrap()), "30x21x14x7");
        }
        assert!(find_move(&p, "30-26").unwrap_err().contains("compulsory"));
        assert!(find_move(&p, "hello").unwrap_err().contains("malformed"));
    }

    #[test]
    fn sort_key_orders_numerically() {
        let start = Position::start();
        let mut moves: Vec<Move> = start.legal_moves().to_vec();
        moves.sort_by_key(sort_key);
        let texts: Vec<String> = moves.iter().map(path_notation).collect();
        assert_eq!(texts, ["21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"]);
    }
}
