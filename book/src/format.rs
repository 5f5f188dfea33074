//! The book's text format (docs/book.md): one line per position, named by the moves that reach
//! it from the start position (or by `fen <FEN>`), then `|`, then its book moves:
//!
//! ```text
//! # comment
//! start | 23-19 +3 812 ; 22-18 +2 240
//! 21-17 10-13 | 17x10 +1 57
//! fen B:W18,21,23-32:B1-12 | 9-13 -4 1
//! ```
//!
//! Each move is `MOVE SCORE WEIGHT`: full-path notation (any notation `parse_move` accepts is read),
//! the score in centi-men for the side to move, and a non-negative weight (0 = never play it).
//! Reading replays every line through the move generator: an illegal or ambiguous move, a bad
//! number or a position given twice is an error naming the line.

use crate::notation::{find_among, path_of, sort_key};
use dama_engine::board8::moves::Move;
use dama_engine::italian::Italian;
use dama_engine::movetext::PathMove;
use dama_engine::rules::Rules;
use dama_engine::score::{Score, WIN};
use rustc_hash::FxHashMap;
use std::fmt;

/// The key of the start position's line.
pub const START_KEY: &str = "start";

/// The prefix of a line keyed by a FEN.
pub const FEN_PREFIX: &str = "fen ";

/// One book move: the move (of the game's move type; Dama Italiana's by default), its score and
/// its weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove<M = Move> {
    /// The move (legal in the position it is listed under).
    pub mv: M,
    /// The score after this move in centi-men (a man = 100), for the side playing it; decisive
    /// scores use the search's encoding (`30000 - n`: a win in `n` plies).
    pub score: Score,
    /// How often to choose this move among moves of about the same score; 0 = never.
    pub weight: u32,
}

/// One line of a book file of the game `R` (Dama Italiana by default), read and checked.
#[derive(Clone, Debug)]
pub struct BookLine<R: Rules = Italian> {
    /// The line number in the file, from 1.
    pub line: usize,
    /// The position the line is about.
    pub position: R::Position,
    /// Its book moves, as written.
    pub moves: Vec<BookMove<R::Move>>,
}

/// Why a book could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// The line number, from 1 (0 when the problem is not on a line, e.g. the file is missing).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for BookError {}

/// Reads a whole book file of the game `R`: every line checked against the move generator.
pub fn parse_book<R: Rules>(text: &str) -> Result<Vec<BookLine<R>>, BookError> {
    let estimate = text.len() / 64;
    let mut lines = Vec::with_capacity(estimate);
    // Positions by the key text of their line, so a line extending an earlier one costs one move.
    let mut by_key: FxHashMap<&str, R::Position> = FxHashMap::default();
    by_key.reserve(estimate);
    let mut first_line: FxHashMap<u64, usize> = FxHashMap::default();
    first_line.reserve(estimate);
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let error = |message: String| BookError { line: number, message };
        let (key, rest) = trimmed
            .split_once('|')
            .ok_or_else(|| error("expected 'KEY | MOVE SCORE WEIGHT ; ...'".to_string()))?;
        let key = key.trim();
        let position = position_of_key::<R>(key, &by_key).map_err(error)?;
        if let Some(earlier) = first_line.insert(R::key(&position), number) {
            return Err(error(format!("this position is already given on line {earlier}")));
        }
        by_key.insert(key, position);
        let paths = R::paths(&position);
        let moves = parse_moves::<R>(&position, &paths, rest).map_err(error)?;
        lines.push(BookLine { line: number, position, moves });
    }
    Ok(lines)
}

/// The position a line's key names.
fn position_of_key<R: Rules>(
    key: &str,
    known: &FxHashMap<&str, R::Position>,
) -> Result<R::Position, String> {
    if key == START_KEY {
        return Ok(R::start());
    }
    if let Some(fen) = key.strip_prefix(FEN_PREFIX) {
        return R::parse_fen(fen.trim());
    }
    if key.is_empty() {
        return Err(format!("empty key: the start position's line is keyed '{START_KEY}'"));
    }
    // Fast path: the line extends an earlier line by one move.
    if let Some((parent, last)) = key.rsplit_once(' ') {
        if let Some(position) = known.get(parent.trim_end()) {
            let mv = find_among::<R>(position, &R::paths(position), last)
                .map_err(|e| format!("last move of the key, '{last}': {e}"))?;
            return Ok(R::play(position, &mv));
        }
    }
    let mut position = R::start();
    for (i, text) in key.split_whitespace().enumerate() {
        let mv = find_among::<R>(&position, &R::paths(&position), text)
            .map_err(|e| format!("move {} of the key, '{text}': {e}", i + 1))?;
        position = R::play(&position, &mv);
    }
    Ok(position)
}

/// The book moves after the `|`.
fn parse_moves<R: Rules>(
    position: &R::Position,
    paths: &[PathMove<R::Move>],
    text: &str,
) -> Result<Vec<BookMove<R::Move>>, String> {
    let mut moves: Vec<BookMove<R::Move>> = Vec::with_capacity(paths.len());
    for entry in text.split(';') {
        let entry = entry.trim();
        if entry.is_empty() {
            continue;
        }
        let mut parts = entry.split_whitespace();
        let (Some(mv), Some(score), Some(weight), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(format!("'{entry}': expected 'MOVE SCORE WEIGHT', e.g. '22-18 +5 12'"));
        };
        let found =
            find_among::<R>(position, paths, mv).map_err(|e| format!("book move '{mv}': {e}"))?;
        if moves.iter().any(|m| m.mv == found) {
            return Err(format!("book move '{mv}' is listed twice"));
        }
        let score = parse_score(score).map_err(|e| format!("'{entry}': {e}"))?;
        let weight = weight
            .parse::<u32>()
            .map_err(|_| format!("'{entry}': weight '{weight}' is not a whole number 0 or more"))?;
        moves.push(BookMove { mv: found, score, weight });
    }
    if moves.is_empty() {
        return Err("no book moves after '|'".to_string());
    }
    Ok(moves)
}

/// Reads a score: a whole number of centi-men, optionally signed, within the search's range.
fn parse_score(text: &str) -> Result<Score, String> {
    let value = text
        .strip_prefix('+')
        .unwrap_or(text)
        .parse::<Score>()
        .map_err(|_| format!("score '{text}' is not a whole number of centi-men"))?;
    if value.abs() > WIN {
        return Err(format!("score '{text}' is beyond a win ({WIN})"));
    }
    Ok(value)
}

/// Formats one line: `KEY | MOVE SCORE WEIGHT ; ...`, moves best first (ties by their paths),
/// each in full-path notation; `paths` are the legal moves of the line's position.
pub fn format_line<M: Copy + PartialEq>(
    key: &str,
    paths: &[PathMove<M>],
    moves: &[BookMove<M>],
) -> String {
    let path = |mv: &M| paths.iter().find(|p| p.mv == *mv);
    let order = |mv: &M| path(mv).map(sort_key).unwrap_or_default();
    let mut sorted = moves.to_vec();
    sorted.sort_by(|a, b| b.score.cmp(&a.score).then_with(|| order(&a.mv).cmp(&order(&b.mv))));
    let entries: Vec<String> = sorted
        .iter()
        .map(|m| {
            let text = path_of(paths, &m.mv).unwrap_or_else(|| "?".to_string());
            format!("{text} {:+} {}", m.score, m.weight)
        })
        .collect();
    format!("{key} | {}", entries.join(" ; "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::board8::position::Position;
    use dama_engine::international::International;
    use dama_engine::italian::notation::path_notation;

    #[test]
    fn lines_extend_earlier_lines_and_fens_work() {
        let text = "# a comment\n\nstart | 21-17 +3 2 ; 23-19 +1 1\n21-17 | 10-13 -3 4\n\
                    21-17 10-13 | 17x10 +2 1\nfen B:W18,21,23-32:B1-12 | 9-13 -4 0\n";
        let lines = parse_book::<Italian>(text).unwrap();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0].line, 3);
        assert_eq!(lines[2].moves[0].score, 2);
        assert_eq!(path_notation(&lines[2].moves[0].mv), "17x10");
        assert_eq!(lines[3].moves[0].weight, 0);
    }

    #[test]
    fn an_illegal_move_names_its_line() {
        let err = parse_book::<Italian>("start | 22-18 +3 2\n22-18 | 11-16 +0 1\n").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains("11-16"), "{err}");
        let err = parse_book::<Italian>("22-18 12-16 22-17 | 9-13 +0 1\n").unwrap_err();
        assert!(err.message.contains("move 3 of the key"), "{err}");
    }

    #[test]
    fn malformed_lines_are_rejected_with_a_reason() {
        for (text, needle) in [
            ("start 22-18 +3 2\n", "expected 'KEY |"),
            ("start | 22-18 +3\n", "expected 'MOVE SCORE WEIGHT'"),
            ("start | 22-18 x 1\n", "not a whole number of centi-men"),
            ("start | 22-18 +1 -1\n", "weight"),
            ("start | 22-18 +1 1 ; 22-18 +1 1\n", "listed twice"),
            ("start | 22-18 +1 1\nfen W:W21-32:B1-12 | 22-18 +1 1\n", "already given on line 1"),
            ("start |\n", "no book moves"),
            ("fen W:W33:B1 | 22-18 +1 1\n", "bad FEN"),
        ] {
            let err = parse_book::<Italian>(text).unwrap_err();
            assert!(err.message.contains(needle), "{text:?}: {err}");
        }
    }

    #[test]
    fn format_line_sorts_best_first_and_reads_back() {
        let start = Position::start();
        let legal = start.legal_moves();
        let moves = vec![
            BookMove { mv: legal[0], score: -2, weight: 1 },
            BookMove { mv: legal[1], score: 7, weight: 3 },
        ];
        let line = format_line(START_KEY, &Italian::paths(&start), &moves);
        assert_eq!(
            line,
            format!(
                "start | {} +7 3 ; {} -2 1",
                path_notation(&legal[1]),
                path_notation(&legal[0])
            )
        );
        let back = parse_book::<Italian>(&line).unwrap();
        assert_eq!(back[0].moves.len(), 2);
    }

    #[test]
    fn international_lines_are_read_in_international_notation() {
        let text = "start | 32-28 +4 3 ; 33-28 +2 1\n32-28 | 19-23 -4 2\n\
                    32-28 19-23 | 28x19 +3 1\nfen B:W31-50:B1-20 | 16-21 +0 1\n";
        let lines = parse_book::<International>(text).unwrap();
        assert_eq!(lines.len(), 4);
        let capture = &lines[2].moves[0];
        assert_eq!(International::path_text(&lines[2].position, &capture.mv), "28x19");
        let err = parse_book::<International>("start | 22-18 +0 1\n").unwrap_err();
        assert!(err.message.contains("22-18"), "{err}");
        // The Italian reading of the same text is refused: 32 is beyond the 8x8 board.
        assert!(parse_book::<Italian>("start | 32-28 +4 3\n").is_err());
        let line = format_line(
            START_KEY,
            &International::paths(&International::start()),
            &[
                BookMove { mv: lines[0].moves[1].mv, score: 2, weight: 1 },
                BookMove { mv: lines[0].moves[0].mv, score: 4, weight: 3 },
            ],
        );
        assert_eq!(line, "start | 32-28 +4 3 ; 33-28 +2 1");
    }
}
