//! Move text: quiet `22-18`, full capture path `30x21x14x5`, PDN short form `30x5` (only when it
//! names one move) and the Hub form `30x5x26x18x10` (from, to, then every captured square).
//!
//! Text from outside is read into a [`MoveText`], then checked against a position to become a
//! legal [`Move`] or a [`MoveTextError`] that says why not.

use super::capture::PathMode;
use crate::board8::moves::Move;
use crate::board8::moves::MoveList;
use crate::board8::position::Position;
use crate::board8::square::Square;
use crate::excerpt::Excerpt;
use std::fmt;
use std::str::FromStr;

/// Move text as written, not yet checked against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// `from-to`.
    Quiet(Square, Square),
    /// `a x b x c ...`: a full path, a short form, a partial path or the Hub form.
    Capture(Vec<Square>),
}

/// Why move text did not give a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// The text is not move notation at all.
    Malformed { text: String, reason: String },
    /// The text is notation but names no legal move here.
    NotLegal { text: String, reason: String },
    /// The text fits more than one legal move (the candidates in full-path notation).
    Ambiguous { text: String, candidates: Vec<String> },
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Malformed { text, reason } => {
                write!(f, "malformed move '{}': {reason}", Excerpt(text))
            }
            MoveTextError::NotLegal { text, reason } => {
                write!(f, "move '{}' is not legal here: {reason}", Excerpt(text))
            }
            MoveTextError::Ambiguous { text, candidates } => {
                write!(
                    f,
                    "move '{}' is ambiguous: it fits {}",
                    Excerpt(text),
                    candidates.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for MoveTextError {}

impl FromStr for MoveText {
    type Err = MoveTextError;

    fn from_str(text: &str) -> Result<MoveText, MoveTextError> {
        let malformed = |reason: &str| MoveTextError::Malformed {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(malformed("empty"));
        }
        let square = |part: &str| {
            part.parse::<Square>()
                .map_err(|_| malformed(&format!("'{part}' is not a square number 1-32")))
        };
        let has_dash = trimmed.contains('-');
        let has_x = trimmed.contains(['x', 'X', ':']);
        if has_dash && has_x {
            return Err(malformed("mixes '-' and 'x'"));
        }
        if has_dash {
            let parts: Vec<&str> = trimmed.split('-').collect();
            if parts.len() != 2 {
                return Err(malformed("a quiet move is 'from-to'"));
            }
            return Ok(MoveText::Quiet(square(parts[0])?, square(parts[1])?));
        }
        if !has_x {
            return Err(malformed("expected 'from-to' or 'from x to'"));
        }
        let squares = trimmed
            .split(['x', 'X', ':'])
            .map(square)
            .collect::<Result<Vec<Square>, MoveTextError>>()?;
        if squares.len() < 2 {
            return Err(malformed("a capture needs at least two squares"));
        }
        Ok(MoveText::Capture(squares))
    }
}

/// Whether `inner` appears in order within `outer` (not necessarily contiguously).
fn is_subsequence(inner: &[Square], outer: &[Square]) -> bool {
    let mut it = outer.iter();
    inner.iter().all(|s| it.any(|t| t == s))
}

impl MoveText {
    /// Whether this text describes the capture path `mv` (one path of a legal move).
    fn matches_path(&self, mv: &Move) -> bool {
        match self {
            MoveText::Quiet(from, to) => !mv.is_capture() && mv.from() == *from && mv.to() == *to,
            MoveText::Capture(squares) => {
                if !mv.is_capture() || squares[0] != mv.from() {
                    return false;
                }
                let last = *squares.last().expect("at least two squares");
                // Full, short or partial path: from, some landing squares in order, to.
                let landings = mv.landing_squares();
                if last == mv.to() && is_subsequence(&squares[1..squares.len() - 1], &landings) {
                    return true;
                }
                // Hub form: from, to, then every captured square in any order.
                if squares[1] == mv.to() && squares.len() - 2 == mv.capture_count() {
                    let captured = mv.captured();
                    let mut seen = crate::board8::bitboard::Bitboard::EMPTY;
                    return squares[2..].iter().all(|s| {
                        let fresh = !seen.contains(*s);
                        seen.insert(*s);
                        fresh && captured.contains(*s)
                    });
                }
                false
            }
        }
    }

    /// The legal move in `position` this text names.
    pub fn to_move(&self, position: &Position, text: &str) -> Result<Move, MoveTextError> {
        let mut paths = MoveList::new();
        position.generate_moves(&mut paths, PathMode::EveryPath);
        let mut found: Vec<Move> = Vec::new();
        for mv in paths.iter().filter(|m| self.matches_path(m)) {
            if !found.contains(mv) {
                found.push(*mv);
            }
        }
        match found.len() {
            1 => {
                // Report the path the generator keeps for this move (one canonical path).
                let canonical = position.legal_moves().iter().find(|m| **m == found[0]).copied();
                Ok(canonical.unwrap_or(found[0]))
            }
            0 => Err(MoveTextError::NotLegal {
                text: text.to_string(),
                reason: why_not(position, &paths),
            }),
            _ => Err(MoveTextError::Ambiguous {
                text: text.to_string(),
                candidates: found.iter().map(path_notation).collect(),
            }),
        }
    }
}

fn why_not(position: &Position, paths: &MoveList) -> String {
    if paths.is_empty() {
        return "the side to move has no legal move".to_string();
    }
    if position.has_capture() {
        let n = paths[0].capture_count();
        let legal: Vec<String> = position.legal_moves().iter().map(path_notation).collect();
        return format!("a capture of {n} piece(s) is compulsory: {}", legal.join(" "));
    }
    let legal: Vec<String> = paths.iter().map(path_notation).collect();
    format!("legal moves are {}", legal.join(" "))
}

/// Parses move text and checks it against `position`.
pub fn parse_move(position: &Position, text: &str) -> Result<Move, MoveTextError> {
    text.parse::<MoveText>()?.to_move(position, text)
}

/// Full-path notation: `22-18` or `30x21x14x5`.
pub fn path_notation(mv: &Move) -> String {
    if !mv.is_capture() {
        return format!("{}-{}", mv.from(), mv.to());
    }
    let mut out = mv.from().to_string();
    for s in mv.landing_squares() {
        out.push('x');
        out.push_str(&s.to_string());
    }
    out
}

/// Hub notation: `22-18` or `30x5x26x18x10` (from, to, captured squares in capture order).
pub fn hub_notation(mv: &Move) -> String {
    if !mv.is_capture() {
        return format!("{}-{}", mv.from(), mv.to());
    }
    let mut out = format!("{}x{}", mv.from(), mv.to());
    for s in mv.captured_in_order() {
        out.push('x');
        out.push_str(&s.to_string());
    }
    out
}

/// PDN short form: `30x5` when no other legal move in `position` goes from 30 to 5, the full path
/// otherwise.
pub fn short_notation(position: &Position, mv: &Move) -> String {
    if !mv.is_capture() {
        return path_notation(mv);
    }
    let clashes = position
        .legal_moves()
        .iter()
        .filter(|m| m.from() == mv.from() && m.to() == mv.to())
        .count();
    if clashes > 1 {
        path_notation(mv)
    } else {
        format!("{}x{}", mv.from(), mv.to())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::fen::parse_fen;

    #[test]
    fn every_form_reads_back() {
        let p = parse_fen("W:WK30:BK26,K27,K18,20,10,K12").unwrap();
        let legal = p.legal_moves();
        assert_eq!(legal.len(), 1);
        let mv = legal[0];
        assert_eq!(path_notation(&mv), "30x21x14x5");
        assert_eq!(hub_notation(&mv), "30x5x26x18x10");
        for text in
            ["30x21x14x5", "30x5", "30x5x26x18x10", "30x5x10x26x18", "30x14x5", "30X21X14X5"]
        {
            assert_eq!(parse_move(&p, text), Ok(mv), "{text}");
        }
    }

    #[test]
    fn errors_say_why() {
        let p = Position::start();
        assert!(matches!(parse_move(&p, "22-17"), Err(MoveTextError::NotLegal { .. })));
        assert!(matches!(parse_move(&p, "22_18"), Err(MoveTextError::Malformed { .. })));
        assert!(matches!(parse_move(&p, "22-18-14"), Err(MoveTextError::Malformed { .. })));
        assert!(matches!(parse_move(&p, "40-18"), Err(MoveTextError::Malformed { .. })));
        assert!(matches!(parse_move(&p, ""), Err(MoveTextError::Malformed { .. })));
        assert!(parse_move(&p, "22-18").is_ok());
    }

    #[test]
    fn short_form_that_fits_two_moves_is_ambiguous() {
        // R13-like tie with two ways from 22 to 22 would be one move; build a real clash:
        // a king on 22 can reach 22 again over two different rings capturing different sets.
        let p = parse_fen("W:WK22:B18,19,26,27,11,12").unwrap();
        let legal = p.legal_moves();
        for mv in legal.iter() {
            let short = format!("{}x{}", mv.from(), mv.to());
            let same_ends =
                legal.iter().filter(|m| m.from() == mv.from() && m.to() == mv.to()).count();
            let parsed = parse_move(&p, &short);
            if same_ends > 1 {
                assert!(matches!(parsed, Err(MoveTextError::Ambiguous { .. })), "{short}");
                assert_eq!(short_notation(&p, mv), path_notation(mv));
            } else {
                assert_eq!(parsed, Ok(*mv));
            }
            assert_eq!(parse_move(&p, &path_notation(mv)), Ok(*mv));
            assert_eq!(parse_move(&p, &hub_notation(mv)), Ok(*mv));
        }
    }
}
