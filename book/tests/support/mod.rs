//! What the tests of the embedded books share: replaying a book's text with the game's own move
//! reader, independently of the book's reader, and writing a book back through the builder's tree.

use dama_book::format::parse_book;
use dama_book::tree::Tree;
use dama_engine::rules::Rules;

/// Replays every line of a book's text under the rules `R` with the game's own move reader: the
/// key's moves from the start (or its FEN), then each book move, every move written as its full
/// path. Returns the number of lines.
pub fn replay_book_text<R: Rules>(text: &str) -> usize {
    let mut lines = 0;
    for (index, line) in text.lines().enumerate() {
        if !line.trim().is_empty() && !line.starts_with('#') {
            replay_line::<R>(index + 1, line);
            lines += 1;
        }
    }
    lines
}

/// Replays one line: the position its key names, then each of its book moves.
fn replay_line<R: Rules>(number: usize, line: &str) {
    let (key, moves) = line.split_once('|').unwrap_or_else(|| panic!("line {number}: no '|'"));
    let read = |position: &R::Position, text: &str| {
        let mv = R::parse_move(position, text).unwrap_or_else(|e| panic!("line {number}: {e}"));
        assert_eq!(R::path_text(position, &mv), text, "line {number}: moves are full paths");
        mv
    };
    let key = key.trim();
    let position = if key == "start" {
        R::start()
    } else if let Some(fen) = key.strip_prefix("fen ") {
        R::parse_fen(fen).unwrap_or_else(|e| panic!("line {number}: {e}"))
    } else {
        key.split_whitespace().fold(R::start(), |p, text| R::play(&p, &read(&p, text)))
    };
    for entry in moves.split(';') {
        read(&position, entry.split_whitespace().next().expect("a move"));
    }
}

/// Whether the builder's tree, read from `text`, writes `text` back byte for byte (its header
/// comments included).
pub fn writes_back<R: Rules>(text: &str) -> bool {
    let lines = parse_book::<R>(text).expect("the book reads");
    let header: Vec<String> =
        text.lines().map_while(|line| line.strip_prefix("# ")).map(String::from).collect();
    Tree::from_lines(&lines).to_text(&header) == text
}
