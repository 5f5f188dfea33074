//! The openings of tournament play and the lines the book must cover: the 174 three-move ballots
//! of Dama Italiana and the 156 playable ones of English draughts (the ACF deck, its 18 barred
//! ballots left out), both read from one file (`data/openings/`, with its source in the header),
//! every line of a few plies from the start position of any game, and the first moves and
//! replies numbered as openings (International draughts).

use crate::notation::find_move;
use dama_engine::english::English;
use dama_engine::italian::Italian;
use dama_engine::rules::{line_text, Rules};

/// The three-move ballots file (ACF numbering carried over to the Italian board).
pub const BALLOTS_TSV: &str = include_str!("../../data/openings/italian-3move-ballots.tsv");

/// One opening of the game `R` (Dama Italiana by default): a three-move ballot, or a line from
/// the start numbered as an opening.
#[derive(Clone, Debug, PartialEq)]
pub struct Ballot<R: Rules = Italian> {
    /// Its number (the ACF number of a ballot).
    pub number: u32,
    /// Its moves, first move first.
    pub moves: Vec<R::Move>,
    /// The moves as the file writes them.
    pub text: String,
    /// Its name, where it has one (the English names of the ACF deck).
    pub name: Option<String>,
}

impl<R: Rules> Ballot<R> {
    /// The position after the ballot's moves (Black to move after an Italian ballot).
    pub fn position(&self) -> R::Position {
        self.moves.iter().fold(R::start(), |p, mv| R::play(&p, mv))
    }
}

/// The 174 Italian ballots of the embedded file.
pub fn ballots() -> Vec<Ballot> {
    parse_ballots(BALLOTS_TSV).expect("the embedded ballots file is valid")
}

/// The 156 ballots of English three-move play: the English moves of the embedded file, less the
/// 18 the ACF deck bars (marked `OP_BARRED`), with their names.
pub fn english_ballots() -> Vec<Ballot<English>> {
    let mut ballots = Vec::new();
    for (index, line) in BALLOTS_TSV.lines().enumerate() {
        let columns: Vec<&str> = line.split('\t').collect();
        let Some(number) = columns.first().and_then(|n| n.parse::<u32>().ok()) else { continue };
        let at = |what: String| format!("ballots line {}: {what}", index + 1);
        if columns.len() < 4 {
            panic!("{}", at("fewer than four columns".to_string()));
        }
        if columns[3].split('|').any(|flag| flag.trim() == "OP_BARRED") {
            continue;
        }
        let mut position = English::start();
        let mut moves = Vec::new();
        for text in columns[1].split_whitespace() {
            let mv = English::parse_move(&position, text)
                .unwrap_or_else(|e| panic!("{}", at(format!("'{text}': {e}"))));
            position = English::play(&position, &mv);
            moves.push(mv);
        }
        let name = columns.get(4).map(|n| n.trim()).filter(|n| !n.is_empty()).map(String::from);
        ballots.push(Ballot { number, moves, text: columns[1].to_string(), name });
    }
    ballots
}

/// Reads a ballots file: tab-separated, `#` comments, a header row, the ACF number in column 1 and
/// the Italian moves in column 3. Every move is checked against the move generator.
pub fn parse_ballots(text: &str) -> Result<Vec<Ballot>, String> {
    let mut ballots = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') || line.starts_with("acf_no") {
            continue;
        }
        let at = |message: String| format!("ballots line {}: {message}", index + 1);
        let columns: Vec<&str> = line.split('\t').collect();
        if columns.len() < 3 {
            return Err(at("expected 'number<TAB>english<TAB>italian ...'".to_string()));
        }
        let number =
            columns[0].parse::<u32>().map_err(|_| at(format!("bad number '{}'", columns[0])))?;
        let mut position = Italian::start();
        let mut moves = Vec::new();
        for text in columns[2].split_whitespace() {
            let mv =
                find_move::<Italian>(&position, text).map_err(|e| at(format!("'{text}': {e}")))?;
            position = Italian::play(&position, &mv);
            moves.push(mv);
        }
        let name = columns.get(4).map(|n| n.trim()).filter(|n| !n.is_empty()).map(String::from);
        ballots.push(Ballot { number, moves, text: columns[2].to_string(), name });
    }
    Ok(ballots)
}

/// Every line of `plies` plies from the start position as an opening, numbered from 1 in the
/// order of [`lines_from_start`], written in full-path notation (`32-28 19-23`): the 81 first
/// moves and replies of International draughts for two plies, which `dama match --variant
/// international` plays.
pub fn numbered_lines<R: Rules>(plies: usize) -> Vec<Ballot<R>> {
    (1..)
        .zip(lines_from_start::<R>(plies))
        .map(|(number, moves)| Ballot {
            number,
            text: line_text::<R>(&R::start(), &moves, R::path_text).join(" "),
            moves,
            name: None,
        })
        .collect()
}

/// Every sequence of `plies` legal moves of the game `R` from its start position (302 for three
/// plies of Dama Italiana).
pub fn lines_from_start<R: Rules>(plies: usize) -> Vec<Vec<R::Move>> {
    let mut lines: Vec<(R::Position, Vec<R::Move>)> = vec![(R::start(), Vec::new())];
    for _ in 0..plies {
        let mut next = Vec::new();
        for (position, line) in &lines {
            for mv in R::legal_moves(position) {
                let mut longer = line.clone();
                longer.push(mv);
                next.push((R::play(position, &mv), longer));
            }
        }
        lines = next;
    }
    lines.into_iter().map(|(_, line)| line).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::international::International;

    #[test]
    fn there_are_302_three_ply_lines_and_174_ballots_among_them() {
        let lines = lines_from_start::<Italian>(3);
        assert_eq!(lines.len(), 302);
        let all = ballots();
        assert_eq!(all.len(), 174);
        for ballot in &all {
            assert!(lines.contains(&ballot.moves), "ballot {}", ballot.number);
        }
    }

    #[test]
    fn the_english_deck_has_156_playable_ballots_with_their_names() {
        let all = english_ballots();
        assert_eq!(all.len(), 156);
        let lines = lines_from_start::<English>(3);
        for ballot in &all {
            assert!(lines.contains(&ballot.moves), "ballot {}", ballot.number);
            assert_eq!(ballot.moves.len(), 3);
        }
        // Ballot 3 is barred; 5 is the Dreaded Edinburgh, 6 the Inferno.
        assert!(all.iter().all(|b| b.number != 3));
        let named = |n: u32| all.iter().find(|b| b.number == n).and_then(|b| b.name.clone());
        assert_eq!(named(5).as_deref(), Some("Dreaded Edinburgh"));
        assert_eq!(named(6).as_deref(), Some("Inferno"));
        assert_eq!(all.iter().find(|b| b.number == 5).unwrap().text, "9-13 22-18 6-9");
        // Each English ballot is its Italian twin on the mirrored board, as the file says.
        let italian = ballots();
        assert_eq!(italian.len(), 174);
        for ballot in &all {
            assert!(italian.iter().any(|i| i.number == ballot.number), "{}", ballot.number);
        }
    }

    #[test]
    fn a_bad_ballot_line_is_reported() {
        let err = parse_ballots("1\t9-13\t21-17 9-13 25-20\n").unwrap_err();
        assert!(err.contains("line 1") && err.contains("25-20"), "{err}");
    }

    #[test]
    fn the_international_openings_are_the_81_first_moves_and_replies() {
        let openings = numbered_lines::<International>(2);
        assert_eq!(openings.len(), 81);
        assert_eq!(openings[0].number, 1);
        assert_eq!(openings[80].number, 81);
        assert!(openings.iter().all(|o| o.moves.len() == 2 && o.text.split(' ').count() == 2));
        assert!(openings.iter().any(|o| o.text == "32-28 19-23"), "{:?}", openings[0].text);
        let after = openings.iter().find(|o| o.text == "32-28 19-23").unwrap().position();
        assert_eq!(International::side_to_move(&after), International::FIRST_TO_MOVE);
    }
}
