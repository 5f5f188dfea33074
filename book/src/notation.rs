//! Move text in the book, in the game's own notation: each legal move with its path as the
//! game's [`Rules::paths`] gives it, full-path text (what the book writes) matched against those
//! paths directly, and anything else read by the game's [`Rules::parse_move`], which reads every
//! notation and explains what is wrong.

use dama_engine::movetext::PathMove;
use dama_engine::rules::Rules;

/// The most squares a full path read by the fast path may have (longer text goes to the game's
/// own reader).
const MAX_PATH: usize = 32;

/// The legal move `text` names in `position`, or why there is none.
pub fn find_move<R: Rules>(position: &R::Position, text: &str) -> Result<R::Move, String> {
    find_among::<R>(position, &R::paths(position), text)
}

/// Like [`find_move`] with the legal moves of `position` and their paths already generated.
pub fn find_among<R: Rules>(
    position: &R::Position,
    paths: &[PathMove<R::Move>],
    text: &str,
) -> Result<R::Move, String> {
    if let Some(path) = Path::read(text) {
        let mut found = None;
        for candidate in paths.iter().filter(|p| path.matches(p)) {
            if found.is_some() {
                found = None; // two moves share this path: let the game's reader explain
                break;
            }
            found = Some(candidate.mv);
        }
        if let Some(mv) = found {
            return Ok(mv);
        }
    }
    R::parse_move(position, text)
}

/// The full-path text of `mv` among `paths` (the legal moves of its position).
pub fn path_of<M: PartialEq>(paths: &[PathMove<M>], mv: &M) -> Option<String> {
    paths.iter().find(|p| p.mv == *mv).map(PathMove::path)
}

/// Full-path text read without allocating: `a-b` or `axbxc...` (numbers unchecked).
struct Path {
    squares: [u8; MAX_PATH],
    len: usize,
    capture: bool,
}

impl Path {
    /// The squares of `a-b` or `axbxc...`, when the text is exactly that.
    fn read(text: &str) -> Option<Path> {
        let mut path = Path { squares: [0; MAX_PATH], len: 0, capture: false };
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
    fn matches<M>(&self, mv: &PathMove<M>) -> bool {
        mv.captured.is_empty() != self.capture
            && mv.from == self.squares[0]
            && mv.landings == self.squares[1..self.len]
    }
}

/// A key that orders moves by their square numbers along the path (`21-17` before `22-18`,
/// `9-13` before `10-14`), for sorted, diff-friendly output.
pub fn sort_key<M>(mv: &PathMove<M>) -> Vec<u8> {
    let mut key = Vec::with_capacity(1 + mv.landings.len());
    key.push(mv.from);
    key.extend_from_slice(&mv.landings);
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::board8::fen::parse_fen;
    use dama_engine::board8::position::Position;
    use dama_engine::international::International;
    use dama_engine::italian::notation::path_notation;
    use dama_engine::italian::Italian;

    #[test]
    fn every_notation_finds_the_same_move() {
        let p = parse_fen("W:W30:B26,18,11").unwrap();
        for text in ["30x21x14x7", "30x7", "30x21x7"] {
            assert_eq!(path_notation(&find_move::<Italian>(&p, text).unwrap()), "30x21x14x7");
        }
        assert!(find_move::<Italian>(&p, "30-26").unwrap_err().contains("compulsory"));
        assert!(find_move::<Italian>(&p, "hello").unwrap_err().contains("malformed"));
    }

    #[test]
    fn text_that_is_not_a_plain_path_goes_to_the_engine_parser() {
        let start = Position::start();
        for text in ["22-18-14", "22x18-14", "22-", "-18", "22--18", "300-18", "22 -18"] {
            assert!(Path::read(text).is_none(), "{text}");
            assert!(find_move::<Italian>(&start, text).is_err(), "{text}");
        }
        let path = Path::read("30x21x14x7").unwrap();
        assert_eq!((&path.squares[..path.len], path.capture), (&[30, 21, 14, 7][..], true));
    }

    #[test]
    fn sort_key_orders_numerically() {
        let start = Position::start();
        let mut paths = Italian::paths(&start);
        paths.sort_by_key(sort_key);
        let texts: Vec<String> = paths.iter().map(PathMove::path).collect();
        assert_eq!(texts, ["21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"]);
    }

    #[test]
    fn international_moves_are_read_in_their_own_numbering() {
        let start = International::start();
        let mut paths = International::paths(&start);
        paths.sort_by_key(sort_key);
        let texts: Vec<String> = paths.iter().map(PathMove::path).collect();
        assert_eq!(
            texts,
            ["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"]
        );
        let mv = find_move::<International>(&start, "32-28").unwrap();
        assert_eq!(path_of(&paths, &mv).as_deref(), Some("32-28"));
        assert!(find_move::<International>(&start, "32-23").is_err());
        // A two-piece capture, by its full path and by its Hub form.
        let p = International::parse_fen("W:W38:B33,23,1").unwrap();
        let full = find_move::<International>(&p, "38x29x18").unwrap();
        assert_eq!(find_move::<International>(&p, "38x18x33x23").unwrap(), full);
        assert_eq!(International::path_text(&p, &full), "38x29x18");
    }
}
