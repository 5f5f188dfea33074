//! PDN (Portable Draughts Notation): the movetext of any game written ([`move_number`],
//! [`wrap_movetext`]), and Dama Italiana games read back.
//!
//! Reading: tag pairs, then movetext with move numbers,
//! comments `{...}` and `;` to the end of the line, variations `(...)` (skipped), NAGs `$n` and
//! `!?` marks (skipped), ended by a result (`1-0`, `0-1`, `1/2-1/2`, `*`, and the draughts
//! forms `2-0`, `0-2`, `1-1`). Every move is replayed with the rules from the `FEN` tag (or the
//! start position), in any notation [`parse_move`] accepts, so a game that reads is a legal game.

use crate::board8::fen::parse_fen;
use crate::board8::moves::Move;
use crate::board8::position::Position;
use crate::color::Color;
use crate::excerpt::Excerpt;
use crate::italian::notation::parse_move;
use std::fmt;

/// One game read from PDN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGame {
    /// The tag pairs, in file order.
    pub tags: Vec<(String, String)>,
    /// The position the moves start from (the `FEN` tag, else the start position).
    pub start: Position,
    /// The moves, checked legal.
    pub moves: Vec<Move>,
    /// The result token that closed the movetext (`None` at the end of the text).
    pub result: Option<String>,
}

impl PdnGame {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Why a PDN text could not be read: the game (from 1) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnError {
    /// The game, counted from 1.
    pub game: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}: {}", self.game, self.message)
    }
}

impl std::error::Error for PdnError {}

const RESULTS: [&str; 7] = ["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1"];

/// Reads every game of a PDN text.
pub fn parse_pdn(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut games = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(games);
        }
        let number = games.len() + 1;
        let error = |message: String| PdnError { game: number, message };
        let (game, after) = read_game(rest).map_err(error)?;
        games.push(game);
        rest = after;
    }
}

/// The move number that precedes ply `ply` (0-based) of a game whose first move is by
/// `first`, as PDN writes it: `N.` before a White move, `N...` before a first move by Black, and
/// nothing before other Black moves.
pub fn move_number(first: Color, ply: usize) -> Option<String> {
    let (number, white) = match first {
        Color::White => (ply / 2 + 1, ply.is_multiple_of(2)),
        Color::Black => (ply.div_ceil(2) + 1, ply % 2 == 1),
    };
    if white {
        Some(format!("{number}."))
    } else if ply == 0 {
        Some(format!("{number}..."))
    } else {
        None
    }
}

/// Joins movetext tokens into lines of at most `width` characters (a longer token stands on a
/// line of its own), ending with a blank line, as a PDN game's movetext is written.
pub fn wrap_movetext(tokens: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// Reads every game of a PDN text, each on its own: a game that cannot be read (an illegal move,
/// a bad FEN tag, an unclosed comment) is an error for that game only, and reading goes on at the
/// next game, which starts with a line of tags after the failed game's movetext. Games are
/// numbered from 1 in file order, errors included.
pub fn parse_pdn_games(text: &str) -> Vec<Result<PdnGame, PdnError>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut chunks: Vec<&str> = Vec::new();
    let (mut start, mut offset, mut in_movetext) = (0usize, 0usize, false);
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.starts_with('[') {
            if in_movetext {
                chunks.push(&text[start..offset]);
                start = offset;
                in_movetext = false;
            }
        } else if !trimmed.trim().is_empty() {
            in_movetext = true;
        }
        offset += line.len();
    }
    chunks.push(&text[start..]);
    let mut games = Vec::new();
    for chunk in chunks.into_iter().filter(|c| !c.trim().is_empty()) {
        let before = games.len();
        match parse_pdn(chunk) {
            Ok(read) => games.extend(read.into_iter().map(Ok)),
            Err(e) => games.push(Err(PdnError { game: before + e.game, message: e.message })),
        }
    }
    games
}

/// Reads one game from the start of `text`; returns it and the text after it.
fn read_game(text: &str) -> Result<(PdnGame, &str), String> {
    let mut rest = text;
    let mut tags = Vec::new();
    while let Some(after) = rest.trim_start().strip_prefix('[') {
        let close = find_tag_end(after).ok_or("a tag is not closed with ']'")?;
        tags.push(parse_tag(&after[..close])?);
        rest = &after[close + 1..];
    }
    if let Some((_, kind)) = tags.iter().find(|(n, _)| n.eq_ignore_ascii_case("GameType")) {
        let game = match kind.split(',').next().map(str::trim) {
            Some("22") => None,
            Some("20") => Some("International draughts"),
            Some("21") => Some("English draughts"),
            _ => Some("another game"),
        };
        if let Some(game) = game {
            return Err(format!(
                "GameType \"{}\" is {game}, not Dama Italiana (22): this reader plays Italian games",
                Excerpt(kind)
            ));
        }
    }
    let start = match tags.iter().find(|(n, _)| n.eq_ignore_ascii_case("FEN")) {
        Some((_, fen)) => parse_fen(fen).map_err(|e| format!("FEN tag '{}': {e}", Excerpt(fen)))?,
        None => Position::start(),
    };
    let mut position = start;
    let mut moves = Vec::new();
    let mut chars = rest.char_indices().peekable();
    let mut depth = 0usize; // inside variations
    while let Some(&(at, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        match c {
            '{' => {
                chars.next();
                if !chars.by_ref().any(|(_, c)| c == '}') {
                    return Err("a comment is not closed with '}'".to_string());
                }
            }
            ';' => {
                chars.by_ref().find(|&(_, c)| c == '\n');
            }
            '(' => {
                chars.next();
                depth += 1;
            }
            ')' => {
                chars.next();
                depth = depth.checked_sub(1).ok_or("')' without '('")?;
            }
            '[' if depth == 0 => {
                // The next game's tags: this game ended without a result.
                return Ok((PdnGame { tags, start, moves, result: None }, &rest[at..]));
            }
            _ => {
                // A stray '}' (or a '[' inside a variation) is a token of its own.
                let end = rest[at..]
                    .find(|c: char| c.is_whitespace() || "{}();[".contains(c))
                    .map_or(rest.len(), |n| at + n)
                    .max(at + c.len_utf8());
                let token = &rest[at..end];
                while chars.peek().is_some_and(|&(i, _)| i < end) {
                    chars.next();
                }
                if depth > 0 {
                    continue;
                }
                if RESULTS.contains(&token) {
                    let game = PdnGame { tags, start, moves, result: Some(token.to_string()) };
                    return Ok((game, &rest[end..]));
                }
                if let Some(word) = move_word(token) {
                    let mv = parse_move(&position, word)
                        .map_err(|e| format!("move {}: {e}", moves.len() + 1))?;
                    position = position.play(&mv);
                    moves.push(mv);
                }
            }
        }
    }
    if depth > 0 {
        return Err("a variation is not closed with ')'".to_string());
    }
    Ok((PdnGame { tags, start, moves, result: None }, ""))
}

/// The move in a movetext token, without a move number (`12.`, `12...`) or marks (`!`, `?`);
/// `None` for a token that is only a number, a NAG (`$3`) or marks.
fn move_word(token: &str) -> Option<&str> {
    if token.starts_with('$') {
        return None;
    }
    let word = match token.find('.') {
        Some(dot) if token[..dot].bytes().all(|b| b.is_ascii_digit()) => {
            token[dot..].trim_start_matches('.')
        }
        _ => token,
    };
    let word = word.trim_end_matches(['!', '?']);
    (!word.is_empty()).then_some(word)
}

/// The index of the `]` that closes a tag, skipping quoted text.
fn find_tag_end(text: &str) -> Option<usize> {
    let mut quoted = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ']' if !quoted => return Some(i),
            _ => {}
        }
    }
    None
}

/// `Name "value"` (the value unescaped).
fn parse_tag(inner: &str) -> Result<(String, String), String> {
    let inner = inner.trim();
    let (name, value) = inner
        .split_once(|c: char| c.is_whitespace())
        .ok_or_else(|| format!("tag '{}' has no value", Excerpt(inner)))?;
    let value = value.trim();
    let quoted = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(|| format!("the value of tag {} is not quoted", Excerpt(name)))?;
    let mut out = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            out.extend(chars.next());
        } else {
            out.push(c);
        }
    }
    Ok((name.to_string(), out))
}

#[cfg(test)]
mod tests {
    #[test]
    fn move_numbers_follow_the_side_that_starts() {
        let white: Vec<_> = (0..4).map(|p| move_number(Color::White, p)).collect();
        assert_eq!(white, [Some("1.".into()), None, Some("2.".into()), None]);
        let black: Vec<_> = (0..4).map(|p| move_number(Color::Black, p)).collect();
        assert_eq!(black, [Some("1...".into()), Some("2.".into()), None, Some("3.".into())]);
    }

    #[test]
    fn games_are_read_one_by_one_and_a_bad_game_does_not_stop_the_others() {
        let text = "[Event \"a\"]\n1. 22-18 11-15 1-0\n\n[Event \"b\"]\n1. 22-18 11-15 2. 22-18 *\n\n\
                    [Event \"c\"]\n[FEN \"B:W21:B5\"]\n1... 5-9 {a comment} 2. 21-17 (2. 21-18) *\n";
        let games = parse_pdn_games(text);
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].as_ref().unwrap().moves.len(), 2);
        let error = games[1].as_ref().unwrap_err();
        assert_eq!(error.game, 2);
        assert!(error.message.contains("move 3"), "{error}");
        let third = games[2].as_ref().unwrap();
        assert_eq!((third.tag("Event"), third.moves.len()), (Some("c"), 2));
        assert!(parse_pdn_games("").is_empty());
        let english = parse_pdn_games("[GameType \"21\"]\n1. 11-15 23-19 *\n");
        let message = &english[0].as_ref().unwrap_err().message;
        assert!(message.contains("is English draughts, not Dama Italiana"), "{message}");
        let italian = parse_pdn_games("[GameType \"22,W,8,8,N2,0\"]\n1. 22-18 *\n");
        assert_eq!(italian[0].as_ref().unwrap().moves.len(), 1);
    }

    use super::*;
    use crate::italian::notation::path_notation;

    #[test]
    fn a_game_with_tags_comments_variations_and_marks_reads() {
        let text = "[Event \"a \\\"test\\\"\"]\n[FEN \"W:W21-32:B1-12\"]\n\n\
                    1. 22-18 {book} 11-14 (1... 10-14 2. 18x11) 2. 18x11! 7x14 $1 ; done\n1-0\n\n\
                    [Event \"second\"]\n1. 23-19 *";
        let games = parse_pdn(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("a \"test\""));
        let moves: Vec<String> = games[0].moves.iter().map(path_notation).collect();
        assert_eq!(moves, ["22-18", "11-14", "18x11", "7x14"]);
        assert_eq!(games[0].result.as_deref(), Some("1-0"));
        assert_eq!(games[1].moves.len(), 1);
        assert_eq!(games[1].result.as_deref(), Some("*"));
    }

    #[test]
    fn an_illegal_move_is_an_error_naming_game_and_move() {
        let error = parse_pdn("1. 22-18 11-15 2. 22-18 *").unwrap_err();
        assert_eq!(error.game, 1);
        assert!(error.message.starts_with("move 3: "), "{error}");
        assert!(parse_pdn("[Event \"x\"").is_err());
        assert!(parse_pdn("1. 22-18 {open").is_err());
        assert!(parse_pdn("[FEN \"W\"]\n*").is_err());
        // Found by the fuzzer: a stray closing brace looped for ever.
        assert!(parse_pdn("1. 22-18 } *").is_err());
        assert!(parse_pdn("1. 22-18 ( [ ) *").is_ok());
    }
}
