//! Move text in the book, read fast: full-path text (what the book writes) is matched against the
//! legal moves directly; anything else goes through the engine's `parse_move`, which reads every
//! notation and explains what is wrong.

use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;
use dama_engine::italian::notation::parse_move;

/// The legal move `text` names in `position`, or why there is none.
pub fn find_move(position: &Position, text: &str) -> Result<Move, String> {
    find_among(position, &position.legal_moves(), text)
}

/// Like [`find_move`] with the legal moves of `position` already generated.
pub fn find_among(position: &Position, legal: &[Move], text: &str) -> Result<Move, String> {
    if let Some(path) = Path::read(text) {
        let mut found = None;
        for mv in legal.iter().filter(|mv| path.matches(mv)) {
            if found.is_some() {
                found = None; // two moves share this path: let parse_move explain
                break;
            }
            found = Some(*mv);
        }
        if let Some(mv) = found {
            return Ok(mv);
        }
    }
    parse_move(position, text).map_err(|e| e.to_string())
}

/// Full-path text read without allocating: `a-b` or `axbxc...` (at most 14 squares).
struct Path {
    squares: [u8; 14],
    len: usize,
    capture: bool,
}

impl Path {
    /// The squares of `a-b` or `axbxc...`, when the text is exactly that (numbers unchecked).
    fn read(text: &str) -> Option<Path> {
        let mut path = Path { squares: [0; 14], len: 0, capture: false };
        let mut number: Option<u8> = None;
        let mut separator: Option<u8> = None;
        for byte in text.bytes().chain([0]) {
            match byte {
                b'0'..=b'9' => {
                    number = Some(number.unwrap_or(0).checked_mul(10)?.checked_add(byte - b'0')?);
                }
                b'-' | b'x' | 0 => {
                    if path.len == path.squares.len() {
                        return None;
                    }
                    path.squares[path.len] = number.take()?;
                    path.len += 1;
                    if byte != 0 && *separator.get_or_insert(byte) != byte {
                        return None;
                    }
                }
                _ => return None,
            }
        }
        path.capture = separator == Some(b'x');
        (path.len >= 2 && (path.capture || path.len == 2)).then_some(path)
    }

    /// Whether this is the full path of `mv`: start, then every landing square.
    fn matches(&self, mv: &Move) -> bool {
        let squares = &self.squares[..self.len];
        if mv.is_capture() != self.capture
            || mv.from().number() != squares[0]
            || mv.to().number() != squares[self.len - 1]
        {
            return false;
        }
        if !mv.is_capture() {
            return true;
        }
        let landings = mv.landing_squares();
        landings.len() == self.len - 1
            && landings.iter().zip(&squares[1..]).all(|(s, n)| s.number() == *n)
    }
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
    use dama_engine::board8::fen::parse_fen;
    use dama_engine::italian::notation::path_notation;

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
    fn text_that_is_not_a_plain_path_goes_to_the_engine_parser() {
        let start = Position::start();
        for text in ["22-18-14", "22x18-14", "22-", "-18", "22--18", "300-18", "22 -18"] {
            assert!(Path::read(text).is_none(), "{text}");
            assert!(find_move(&start, text).is_err(), "{text}");
        }
        let path = Path::read("30x21x14x7").unwrap();
        assert_eq!((&path.squares[..path.len], path.capture), (&[30, 21, 14, 7][..], true));
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
