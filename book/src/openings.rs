//! The openings the book must cover: every three-ply line from the start position and the 174
//! three-move ballots of tournament play (`data/openings/`, with its source in the header).

use crate::notation::find_move;
use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;
use dama_engine::rules::Rules;

/// The three-move ballots file (ACF numbering carried over to the Italian board).
pub const BALLOTS_TSV: &str = include_str!("../../data/openings/italian-3move-ballots.tsv");

/// One three-move ballot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ballot {
    /// Its ACF number.
    pub number: u32,
    /// Its three moves, first move first.
    pub moves: Vec<Move>,
}

impl Ballot {
    /// The position after the ballot's moves (Black to move).
    pub fn position(&self) -> Position {
        self.moves.iter().fold(Position::start(), |p, mv| p.play(mv))
    }
}

/// The 174 ballots of the embedded file.
pub fn ballots() -> Vec<Ballot> {
    parse_ballots(BALLOTS_TSV).expect("the embedded ballots file is valid")
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
        let mut position = Position::start();
        let mut moves = Vec::new();
        for text in columns[2].split_whitespace() {
            let mv = find_move(&position, text).map_err(|e| at(format!("'{text}': {e}")))?;
            position = position.play(&mv);
            moves.push(mv);
        }
        ballots.push(Ballot { number, moves });
    }
    Ok(ballots)
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
    use dama_engine::italian::Italian;

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
    fn a_bad_ballot_line_is_reported() {
        let err = parse_ballots("1\t9-13\t21-17 9-13 25-20\n").unwrap_err();
        assert!(err.contains("line 1") && err.contains("25-20"), "{err}");
    }
}
