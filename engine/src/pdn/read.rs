//! Reading PDN games of any of Dama's games: tag pairs, then movetext with move numbers,
//! comments `{...}` and `;` to the end of the line, variations `(...)` (skipped), NAGs `$n` and
//! `!?` marks (skipped), ended by a result (`1-0`, `0-1`, `1/2-1/2`, `*`, and the draughts
//! forms `2-0`, `0-2`, `1-1`). Every move is replayed with the game's rules from the `FEN` tag
//! (or the start position), in any notation the game reads ([`Rules::parse_move`]), so a game
//! that reads is a legal game. A game's `GameType` tag (20 International, 21 English, 22
//! Italian) says whose rules it follows ([`game_variant`]); one of another game is refused.

use crate::excerpt::Excerpt;
use crate::italian::Italian;
use crate::rules::Rules;
use crate::variant::Variant;
use std::fmt;

/// One game read from PDN, of the rules `R` (Dama Italiana by default).
#[derive(Clone, Debug, PartialEq)]
pub struct PdnGame<R: Rules = Italian> {
    /// The tag pairs, in file order.
    pub tags: Vec<(String, String)>,
    /// The position the moves start from (the `FEN` tag, else the start position).
    pub start: R::Position,
    /// The moves, checked legal.
    pub moves: Vec<R::Move>,
    /// The result token that closed the movetext (`None` at the end of the text).
    pub result: Option<String>,
}

impl<R: Rules> PdnGame<R> {
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

/// Reads every game of a PDN text of Dama Italiana.
pub fn parse_pdn(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    read_pdn::<Italian>(text)
}

/// Reads every game of a PDN text of the game `R`.
pub fn read_pdn<R: Rules>(text: &str) -> Result<Vec<PdnGame<R>>, PdnError> {
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
        let (game, after) = read_game::<R>(rest).map_err(error)?;
        games.push(game);
        rest = after;
    }
}

/// Reads every game of a PDN text of Dama Italiana, each on its own ([`read_pdn_games`]).
pub fn parse_pdn_games(text: &str) -> Vec<Result<PdnGame, PdnError>> {
    read_pdn_games::<Italian>(text)
}

/// Reads every game of a PDN text of the game `R`, each on its own: a game that cannot be read
/// (an illegal move, a bad FEN tag, an unclosed comment, another game's `GameType`) is an error
/// for that game only, and reading goes on at the next game, which starts with a line of tags
/// after the failed game's movetext. Games are numbered from 1 in file order, errors included.
pub fn read_pdn_games<R: Rules>(text: &str) -> Vec<Result<PdnGame<R>, PdnError>> {
    let mut games = Vec::new();
    for chunk in split_games(text) {
        let before = games.len();
        match read_pdn::<R>(chunk) {
            Ok(read) => games.extend(read.into_iter().map(Ok)),
            Err(e) => games.push(Err(PdnError { game: before + e.game, message: e.message })),
        }
    }
    games
}

/// The text of each game of a PDN text, in order: a game starts with a line of tags after the
/// movetext of the one before (a piece of text may still hold several games without tags).
pub fn split_games(text: &str) -> Vec<&str> {
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
    chunks.retain(|c| !c.trim().is_empty());
    chunks
}

/// The game a PDN game's text is of, by its `GameType` tag among the tags it starts with: `None`
/// when it has none (the reader's own game is then assumed), an error naming the value when it is
/// not one of Dama's games or a tag does not read.
pub fn game_variant(text: &str) -> Result<Option<Variant>, String> {
    let (tags, _) = read_tags(text)?;
    match tags.iter().find(|(n, _)| n.eq_ignore_ascii_case("GameType")) {
        None => Ok(None),
        Some((_, kind)) => Variant::from_pdn_game_type(kind).map(Some).ok_or_else(|| {
            format!("GameType \"{}\" is not a game Dama plays (20, 21, 22, 25, 26)", Excerpt(kind))
        }),
    }
}

/// A game's tag pairs, in file order.
type Tags = Vec<(String, String)>;

/// The tag pairs at the start of `text` and the text after them.
fn read_tags(text: &str) -> Result<(Tags, &str), String> {
    let mut rest = text;
    let mut tags = Vec::new();
    while let Some(after) = rest.trim_start().strip_prefix('[') {
        let close = find_tag_end(after).ok_or("a tag is not closed with ']'")?;
        tags.push(parse_tag(&after[..close])?);
        rest = &after[close + 1..];
    }
    Ok((tags, rest))
}

/// Reads one game of the rules `R` from the start of `text`; returns it and the text after it.
fn read_game<R: Rules>(text: &str) -> Result<(PdnGame<R>, &str), String> {
    let (tags, rest) = read_tags(text)?;
    if let Some((_, kind)) = tags.iter().find(|(n, _)| n.eq_ignore_ascii_case("GameType")) {
        let ours = kind.split(',').next().map(str::trim) == Some(&R::PDN_GAME_TYPE.to_string());
        if !ours {
            let game = Variant::from_pdn_game_type(kind).map_or("another game", |v| v.title());
            let own = Variant::from_name(R::NAME).map_or(R::NAME, |v| v.title());
            return Err(format!(
                "GameType \"{}\" is {game}, not {own} ({}): read it as that game",
                Excerpt(kind),
                R::PDN_GAME_TYPE
            ));
        }
    }
    let start = match tags.iter().find(|(n, _)| n.eq_ignore_ascii_case("FEN")) {
        Some((_, fen)) => {
            R::parse_fen(fen).map_err(|e| format!("FEN tag '{}': {e}", Excerpt(fen)))?
        }
        None => R::start(),
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
                    let mv = R::parse_move(&position, word)
                        .map_err(|e| format!("move {}: {e}", moves.len() + 1))?;
                    position = R::play(&position, &mv);
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
        let read = read_pdn_games::<English>("[GameType \"21\"]\n1. 11-15 23-19 *\n");
        assert_eq!(read[0].as_ref().unwrap().moves.len(), 2);
        let italian = parse_pdn_games("[GameType \"22,W,8,8,N2,0\"]\n1. 22-18 *\n");
        assert_eq!(italian[0].as_ref().unwrap().moves.len(), 1);
    }

    use super::*;
    use crate::english::English;
    use crate::flying8::{Brazilian, Russian};
    use crate::international::International;
    use crate::italian::notation::path_notation;

    #[test]
    fn each_game_reads_its_own_numbering_and_fen() {
        let text = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *";
        assert_eq!(game_variant(text), Ok(Some(Variant::International)));
        let game = &read_pdn::<International>(text).unwrap()[0];
        let second = International::play(&game.start, &game.moves[0]);
        let third = International::play(&second, &game.moves[1]);
        assert_eq!(International::path_text(&third, &game.moves[2]), "28x19");
        assert_eq!(game_variant("1. 22-18 *"), Ok(None));
        assert!(game_variant("[GameType \"30\"]\n*").unwrap_err().contains("\"30\""));
        // Russian and Brazilian: algebraic moves, captures with ':'; numbers read too.
        let text = "[GameType \"25,W,8,8,A1,0\"]\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. 9-13 *";
        assert_eq!(game_variant(text), Ok(Some(Variant::Russian)));
        let game = &read_pdn::<Russian>(text).unwrap()[0];
        assert_eq!(game.moves.len(), 5);
        assert!(read_pdn::<Brazilian>(text).unwrap_err().message.contains("Russian draughts"));
        let english = read_pdn::<English>("1. 11-15 23-19 2. 8-11 *").unwrap();
        assert_eq!(english[0].moves.len(), 3, "Black moves first");
        assert!(read_pdn::<English>("1. 22-18 *").is_err());
        assert!(read_pdn::<Italian>("[GameType \"20\"]\n*").is_err());
    }

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
