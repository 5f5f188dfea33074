//! How well a book covers the openings it must cover (the Italian ballots, the International
//! first moves and replies): whether each opening's position is in the book, how far the book's
//! main line goes past it (both colours have book moves along it), and how many book positions
//! lie beyond it.

use crate::book::Book;
use crate::openings::Ballot;
use dama_engine::rules::Rules;
use std::collections::{HashSet, VecDeque};

/// The longest main line followed, in plies (a guard against cycles through kings).
const MAX_LINE: usize = 200;

/// The book's coverage of one ballot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BallotCoverage {
    /// The ballot's ACF number.
    pub number: u32,
    /// Plies the book's main line (best move, then best reply, ...) runs past the ballot: 0 when
    /// the ballot's position is not in the book; 2 or more means both colours have book moves.
    pub main_line: usize,
    /// Book positions reachable from the ballot's position through book moves, itself included.
    pub positions: usize,
}

/// The coverage of each ballot, in the ballots' order.
pub fn ballot_coverage<R: Rules>(book: &Book<R>, ballots: &[Ballot<R>]) -> Vec<BallotCoverage> {
    ballots
        .iter()
        .map(|ballot| {
            let position = ballot.position();
            BallotCoverage {
                number: ballot.number,
                main_line: main_line_length(book, &position),
                positions: reachable(book, &position),
            }
        })
        .collect()
}

/// How many plies the book's best moves go from `position` before leaving the book.
pub fn main_line_length<R: Rules>(book: &Book<R>, position: &R::Position) -> usize {
    let mut seen = HashSet::new();
    let mut at = *position;
    let mut plies = 0;
    while plies < MAX_LINE && seen.insert(R::key(&at)) {
        let Some(best) = book.moves(&at).first() else { break };
        at = R::play(&at, &best.mv);
        plies += 1;
    }
    plies
}

/// How many book positions are reachable from `position` through book moves.
pub fn reachable<R: Rules>(book: &Book<R>, position: &R::Position) -> usize {
    let mut seen = HashSet::new();
    let mut queue = VecDeque::new();
    if book.contains(position) {
        seen.insert(R::key(position));
        queue.push_back(*position);
    }
    while let Some(at) = queue.pop_front() {
        for m in book.moves(&at) {
            let next = R::play(&at, &m.mv);
            if book.contains(&next) && seen.insert(R::key(&next)) {
                queue.push_back(next);
            }
        }
    }
    seen.len()
}

/// A summary of [`ballot_coverage`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverageSummary {
    /// Ballots examined.
    pub ballots: usize,
    /// Ballots whose position is in the book.
    pub in_book: usize,
    /// Ballots whose main line gives both colours book moves (2 plies or more).
    pub both_colours: usize,
    /// Shortest, median and longest main line past a ballot, in plies.
    pub main_line: (usize, usize, usize),
    /// Fewest, median and most book positions beyond a ballot.
    pub positions: (usize, usize, usize),
}

impl CoverageSummary {
    /// Summarises per-ballot coverage.
    pub fn of(coverage: &[BallotCoverage]) -> CoverageSummary {
        let spread = |mut values: Vec<usize>| {
            values.sort_unstable();
            match values.len() {
                0 => (0, 0, 0),
                n => (values[0], values[n / 2], values[n - 1]),
            }
        };
        CoverageSummary {
            ballots: coverage.len(),
            in_book: coverage.iter().filter(|c| c.main_line > 0).count(),
            both_colours: coverage.iter().filter(|c| c.main_line >= 2).count(),
            main_line: spread(coverage.iter().map(|c| c.main_line).collect()),
            positions: spread(coverage.iter().map(|c| c.positions).collect()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::board8::position::Position;
    use dama_engine::italian::Italian;

    #[test]
    fn the_main_line_follows_best_moves_while_in_the_book() {
        let book = Book::<Italian>::parse("start | 22-18 +5 1 ; 23-19 +1 1\n22-18 | 11-15 -5 1\n")
            .unwrap();
        let start = Position::start();
        assert_eq!(main_line_length(&book, &start), 2);
        assert_eq!(reachable(&book, &start), 2);
        let after = start.play(&crate::notation::find_move::<Italian>(&start, "21-17").unwrap());
        assert_eq!(reachable(&book, &after) + main_line_length(&book, &after), 0);
    }
}
