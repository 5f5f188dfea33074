//! Openings for a match and the order of its games: the three-move ballots (the 174 of Dama
//! Italiana, or the 156 playable ones of English draughts, from the book crate), the 47 admitted
//! two-move openings of Dama Italiana (generated), every first move and reply of any game
//! (generated), or a file of FENs and move lists. Each opening is played twice, colours
//! reversed: a game pair.

use dama_engine::board8::position::Position;
use dama_engine::english::English;
use dama_engine::italian::notation::path_notation;
use dama_engine::italian::Italian;
use dama_engine::rules::{line_text, Rules};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;
use std::str::FromStr;

/// The two first-move pairs the FID excludes (Black loses a man by force).
const EXCLUDED_TWO_MOVE: [&str; 2] = ["21-18 9-13", "22-18 9-13"];

/// A position to start games from: a start position and moves played from it.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening<R: Rules = Italian> {
    /// A short name for people, e.g. `ballot 5: 21-17 10-14 26-21`.
    pub label: String,
    /// The position the game record starts from.
    pub start: R::Position,
    /// The opening moves, legal from `start`, played before the engines take over.
    pub moves: Vec<R::Move>,
}

/// Where the openings come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningSource {
    /// The three-move ballots (174 in Dama Italiana, 156 in English draughts).
    Ballots3,
    /// The 47 admitted two-move openings.
    Ballots2,
    /// Every first move and reply of the game (any variant).
    Moves2,
    /// A file of FENs and move lists.
    File(PathBuf),
}

impl FromStr for OpeningSource {
    type Err = String;

    fn from_str(text: &str) -> Result<OpeningSource, String> {
        Ok(match text {
            "ballots3" => OpeningSource::Ballots3,
            "ballots2" => OpeningSource::Ballots2,
            "moves2" => OpeningSource::Moves2,
            "" => return Err("--openings: give ballots3, ballots2, moves2 or a file".to_string()),
            path => OpeningSource::File(PathBuf::from(path)),
        })
    }
}

impl OpeningSource {
    /// Reads the openings of Dama Italiana.
    pub fn load(&self) -> Result<Vec<Opening>, String> {
        let openings = match self {
            OpeningSource::Ballots3 => three_move_ballots()?,
            OpeningSource::Ballots2 => two_move_openings(),
            _ => return self.load_for::<Italian>(),
        };
        Ok(openings)
    }

    /// Reads the openings of English draughts (the ballots are the ACF deck's).
    pub fn load_english(&self) -> Result<Vec<Opening<English>>, String> {
        match self {
            OpeningSource::Ballots3 => Ok(english_three_move_ballots()),
            _ => self.load_for::<English>(),
        }
    }

    /// Reads the openings of the game `R` (the ballots are Italian or English).
    pub fn load_for<R: Rules>(&self) -> Result<Vec<Opening<R>>, String> {
        let openings = match self {
            OpeningSource::Ballots3 | OpeningSource::Ballots2 => {
                return Err(format!(
                    "--openings {} are not openings of {}: give moves2 or a file",
                    self.name(),
                    R::NAME
                ))
            }
            OpeningSource::Moves2 => first_moves_and_replies::<R>(),
            OpeningSource::File(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read openings '{}': {e}", path.display()))?;
                parse_opening_lines::<R>(&text).map_err(|e| format!("{}: {e}", path.display()))?
            }
        };
        if openings.is_empty() {
            return Err("the opening set is empty".to_string());
        }
        Ok(openings)
    }

    /// A name for the summary.
    pub fn name(&self) -> String {
        match self {
            OpeningSource::Ballots3 => "ballots3".to_string(),
            OpeningSource::Ballots2 => "ballots2".to_string(),
            OpeningSource::Moves2 => "moves2".to_string(),
            OpeningSource::File(path) => path.display().to_string(),
        }
    }
}

/// Plays move texts from `start`, checking each.
fn play_line<R: Rules>(
    start: &R::Position,
    texts: &[&str],
) -> Result<(Vec<R::Move>, R::Position), String> {
    let mut position = *start;
    let mut moves = Vec::with_capacity(texts.len());
    for text in texts {
        let mv = R::parse_move(&position, text)?;
        position = R::play(&position, &mv);
        moves.push(mv);
    }
    Ok((moves, position))
}

/// The 174 Italian ballots, labelled by number.
pub fn three_move_ballots() -> Result<Vec<Opening>, String> {
    let openings = dama_book::openings::ballots()
        .into_iter()
        .map(|ballot| Opening {
            label: format!("ballot {}: {}", ballot.number, ballot.text),
            start: Position::start(),
            moves: ballot.moves,
        })
        .collect();
    Ok(openings)
}

/// The 156 playable English ballots, labelled by number and name.
pub fn english_three_move_ballots() -> Vec<Opening<English>> {
    dama_book::openings::english_ballots()
        .into_iter()
        .map(|ballot| {
            let name = ballot.name.map(|n| format!(" ({n})")).unwrap_or_default();
            Opening {
                label: format!("ballot {}: {}{name}", ballot.number, ballot.text),
                start: English::start(),
                moves: ballot.moves,
            }
        })
        .collect()
}

/// The 47 two-move openings: every White first move and Black reply, less the two excluded.
pub fn two_move_openings() -> Vec<Opening> {
    let start = Position::start();
    let mut openings = Vec::new();
    for first in start.legal_moves().iter() {
        let after = start.play(first);
        for reply in after.legal_moves().iter() {
            let text = format!("{} {}", path_notation(first), path_notation(reply));
            if EXCLUDED_TWO_MOVE.contains(&text.as_str()) {
                continue;
            }
            let label = format!("two-move {text}");
            openings.push(Opening { label, start, moves: vec![*first, *reply] });
        }
    }
    openings
}

/// Every first move of the game's start position and every reply to it (openings that leave the
/// side to move without a move are left out).
pub fn first_moves_and_replies<R: Rules>() -> Vec<Opening<R>> {
    let start = R::start();
    let mut openings = Vec::new();
    for first in R::legal_moves(&start) {
        let after = R::play(&start, &first);
        for reply in R::legal_moves(&after) {
            if R::legal_moves(&R::play(&after, &reply)).is_empty() {
                continue;
            }
            let moves = vec![first, reply];
            let label = format!("moves {}", line_text::<R>(&start, &moves, R::path_text).join(" "));
            openings.push(Opening { label, start, moves });
        }
    }
    openings
}

/// Reads a file of openings: per line a FEN optionally followed by moves, or moves from the start
/// position; blank lines and text after `#` are ignored.
pub fn parse_opening_lines<R: Rules>(text: &str) -> Result<Vec<Opening<R>>, String> {
    let mut openings = Vec::new();
    let text = dama_frontend::files::without_bom(text);
    for (index, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |why: String| format!("line {}: {why}", index + 1);
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let (start, texts) = if tokens[0].contains(':') {
            let start = R::parse_fen(tokens[0]).map_err(bad)?;
            (start, &tokens[1..])
        } else {
            (R::start(), &tokens[..])
        };
        let (moves, end) = play_line::<R>(&start, texts).map_err(bad)?;
        if R::legal_moves(&end).is_empty() {
            return Err(bad("the side to move has no legal move".to_string()));
        }
        openings.push(Opening { label: line.to_string(), start, moves });
    }
    Ok(openings)
}

/// One game of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSlot {
    /// 1-based game number.
    pub number: usize,
    /// 0-based pair number: games `2p+1` and `2p+2` share an opening.
    pub pair: usize,
    /// Index into the opening list.
    pub opening: usize,
    /// Whether the first engine plays White in this game.
    pub first_engine_white: bool,
}

/// The games of a match: pair `p` plays opening `order[p mod n]` twice, the first engine White
/// in the first game. The order is the file's, or shuffled by `seed`.
pub fn schedule(openings: usize, games: usize, seed: Option<u64>) -> Vec<GameSlot> {
    let mut order: Vec<usize> = (0..openings).collect();
    if let Some(seed) = seed {
        order.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    }
    (0..games)
        .map(|g| GameSlot {
            number: g + 1,
            pair: g / 2,
            opening: order[(g / 2) % openings],
            first_engine_white: g % 2 == 0,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_174_ballots_are_legal_three_move_lines() {
        let ballots = three_move_ballots().unwrap();
        assert_eq!(ballots.len(), 174);
        assert!(ballots.iter().all(|b| b.moves.len() == 3 && b.start == Position::start()));
        assert_eq!(ballots[4].label, "ballot 5: 21-17 10-14 26-21");
        let mut lines: Vec<Vec<dama_engine::board8::moves::Move>> =
            ballots.iter().map(|b| b.moves.clone()).collect();
        lines.sort_by_key(|l| l.iter().map(path_notation).collect::<Vec<_>>());
        lines.dedup();
        assert_eq!(lines.len(), 174, "ballots are distinct");
    }

    #[test]
    fn forty_seven_two_move_openings() {
        let openings = two_move_openings();
        assert_eq!(openings.len(), 47);
        let names: Vec<&str> = openings.iter().map(|o| o.label.as_str()).collect();
        assert!(!names.contains(&"two-move 21-18 9-13"));
        assert!(!names.contains(&"two-move 22-18 9-13"));
        assert!(names.contains(&"two-move 23-19 9-13"));
    }

    #[test]
    fn file_lines_are_fens_or_move_lists() {
        let text =
            "# comment\n\nW:W21-32:B1-12 22-18 11-15  # with moves\n23-19 10-14\nB:W18:B14\n";
        let openings = parse_opening_lines::<Italian>(text).unwrap();
        assert_eq!(openings.len(), 3);
        assert_eq!(openings[0].moves.len(), 2);
        assert_eq!(openings[1].start, Position::start());
        assert_eq!(path_notation(&openings[1].moves[1]), "10-14");
        assert_eq!(dama_engine::board8::fen::to_fen(&openings[2].start), "B:W18:B14");
        assert!(parse_opening_lines::<Italian>("22-17").unwrap_err().starts_with("line 1:"));
        assert!(parse_opening_lines::<Italian>("X:W1").is_err());
        assert!(parse_opening_lines::<Italian>("W:W29:B22,25,26").is_err(), "no legal move");
    }

    #[test]
    fn every_first_move_and_reply_of_each_game() {
        use dama_engine::english::English;
        use dama_engine::international::International;
        assert_eq!(first_moves_and_replies::<English>().len(), 49);
        let international = first_moves_and_replies::<International>();
        assert_eq!(international.len(), 81);
        assert_eq!(international[0].label, "moves 31-26 16-21");
        let italian = OpeningSource::Moves2.load().unwrap();
        assert_eq!(italian.len(), 49, "the two excluded openings too");
        assert!(OpeningSource::Ballots3.load_for::<English>().is_err());
        let file = parse_opening_lines::<International>("W:W28,31:B1 28-22\n32-28 19-23").unwrap();
        assert_eq!(file.len(), 2);
        assert!(parse_opening_lines::<International>("22-18").is_err());
    }

    #[test]
    fn the_international_opening_files_are_81_distinct_legal_lines() {
        use dama_engine::international::International;
        let files = [
            (include_str!("../../data/openings/international-4ply.txt"), 4),
            (include_str!("../../data/openings/international-6ply.txt"), 6),
        ];
        for (text, plies) in files {
            let openings = parse_opening_lines::<International>(text).unwrap();
            assert_eq!(openings.len(), 81);
            let start = International::start();
            assert!(openings.iter().all(|o| o.moves.len() == plies && o.start == start));
            let mut lines: Vec<&str> = openings.iter().map(|o| o.label.as_str()).collect();
            lines.sort_unstable();
            lines.dedup();
            assert_eq!(lines.len(), 81, "distinct openings");
        }
    }

    #[test]
    fn schedule_pairs_each_opening_with_colours_reversed() {
        let games = schedule(3, 8, None);
        let openings: Vec<usize> = games.iter().map(|g| g.opening).collect();
        assert_eq!(openings, [0, 0, 1, 1, 2, 2, 0, 0]);
        assert!(games.iter().all(|g| g.first_engine_white == (g.number % 2 == 1)));
        assert_eq!(games[5].pair, 2);
        let shuffled = schedule(174, 348, Some(7));
        assert_eq!(shuffled, schedule(174, 348, Some(7)), "a seed fixes the order");
        assert_ne!(shuffled, schedule(174, 348, None));
        let mut used: Vec<usize> = shuffled.iter().map(|g| g.opening).collect();
        used.sort();
        used.dedup();
        assert_eq!(used.len(), 174);
    }
}
