//! The book as the engine uses it: positions (keyed by Zobrist key, so transpositions meet) and
//! their moves, and the choice of a book move.

use crate::format::{parse_book, BookError, BookLine, BookMove};
use dama_engine::italian::Italian;
use dama_engine::rules::Rules;
use dama_engine::score::Score;
use rand::Rng;
use rustc_hash::FxHashMap;
use std::path::Path;

/// The margin [`Book::probe`] callers use unless told otherwise: moves within this many
/// centi-men of the best book move may be played.
pub const DEFAULT_MARGIN: Score = 5;

/// The moves of one book position.
#[derive(Clone, Debug)]
struct Entry<R: Rules> {
    position: R::Position,
    /// Best first.
    moves: Vec<BookMove<R::Move>>,
}

/// An opening book of the game `R` (Dama Italiana by default): for each book position, its
/// moves with a score and a weight.
#[derive(Clone, Debug)]
pub struct Book<R: Rules = Italian> {
    entries: FxHashMap<u64, Entry<R>>,
}

impl<R: Rules> Default for Book<R> {
    fn default() -> Book<R> {
        Book { entries: FxHashMap::default() }
    }
}

impl<R: Rules> Book<R> {
    /// An empty book.
    pub fn new() -> Book<R> {
        Book::default()
    }

    /// Reads a book from its text (docs/book.md), checking every line.
    pub fn parse(text: &str) -> Result<Book<R>, BookError> {
        Ok(Book::from_lines(parse_book::<R>(text)?))
    }

    /// Reads a book file.
    pub fn load(path: &Path) -> Result<Book<R>, BookError> {
        let text = std::fs::read_to_string(path).map_err(|e| BookError {
            line: 0,
            message: format!("cannot read book '{}': {e}", path.display()),
        })?;
        Book::parse(&text).map_err(|e| BookError {
            line: e.line,
            message: format!("{}: {}", path.display(), e.message),
        })
    }

    /// A book of lines already read and checked.
    pub fn from_lines(lines: Vec<BookLine<R>>) -> Book<R> {
        let mut entries = FxHashMap::default();
        entries.reserve(lines.len());
        for line in lines {
            let mut moves = line.moves;
            moves.sort_by_key(|m| std::cmp::Reverse(m.score)); // stable: ties keep file order
            entries.insert(R::key(&line.position), Entry { position: line.position, moves });
        }
        Book { entries }
    }

    /// The number of positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The number of moves over all positions.
    pub fn move_count(&self) -> usize {
        self.entries.values().map(|e| e.moves.len()).sum()
    }

    /// Every book position.
    pub fn positions(&self) -> impl Iterator<Item = &R::Position> {
        self.entries.values().map(|e| &e.position)
    }

    /// Whether `position` is in the book.
    pub fn contains(&self, position: &R::Position) -> bool {
        !self.moves(position).is_empty()
    }

    /// The book moves of `position`, best score first (ties in file order); empty when it is not
    /// in the book.
    pub fn moves(&self, position: &R::Position) -> &[BookMove<R::Move>] {
        match self.entries.get(&R::key(position)) {
            Some(entry) if entry.position == *position => &entry.moves,
            _ => &[],
        }
    }

    /// Chooses a book move for `position`: among the moves with a weight above 0 that score within
    /// `margin` centi-men of the best of them, one at random in proportion to its weight. `None`
    /// when the position is not in the book or every move has weight 0. The same `rng` state
    /// gives the same choice.
    pub fn probe(
        &self,
        position: &R::Position,
        rng: &mut impl Rng,
        margin: Score,
    ) -> Option<R::Move> {
        let playable = || self.moves(position).iter().filter(|m| m.weight > 0);
        let best = playable().map(|m| m.score).max()?;
        let floor = best.saturating_sub(margin.max(0));
        let candidates: Vec<&BookMove<R::Move>> = playable().filter(|m| m.score >= floor).collect();
        let total: u64 = candidates.iter().map(|m| u64::from(m.weight)).sum();
        let mut ticket = rng.gen_range(0..total);
        for m in &candidates {
            if ticket < u64::from(m.weight) {
                return Some(m.mv);
            }
            ticket -= u64::from(m.weight);
        }
        unreachable!("the ticket is below the total weight")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::board8::position::Position;
    use dama_engine::international::International;
    use dama_engine::italian::notation::path_notation;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    const TEXT: &str = "start | 22-18 +5 3 ; 23-19 +4 1 ; 21-17 -30 100 ; 24-20 +5 0\n";

    #[test]
    fn probe_stays_within_the_margin_and_skips_weight_zero() {
        let book = Book::<Italian>::parse(TEXT).unwrap();
        let start = Position::start();
        let mut rng = StdRng::seed_from_u64(1);
        let mut seen = std::collections::BTreeMap::new();
        for _ in 0..400 {
            let mv = book.probe(&start, &mut rng, 2).unwrap();
            *seen.entry(path_notation(&mv)).or_insert(0) += 1;
        }
        assert_eq!(seen.keys().cloned().collect::<Vec<_>>(), ["22-18", "23-19"]);
        assert!(seen["22-18"] > 2 * seen["23-19"], "{seen:?}");
        for _ in 0..50 {
            assert_eq!(path_notation(&book.probe(&start, &mut rng, 0).unwrap()), "22-18");
        }
    }

    #[test]
    fn positions_outside_the_book_have_no_moves() {
        let book = Book::<Italian>::parse(TEXT).unwrap();
        let after = Position::start().play(&Position::start().legal_moves()[0]);
        assert!(book.moves(&after).is_empty());
        assert!(book.probe(&after, &mut StdRng::seed_from_u64(0), 10).is_none());
        assert_eq!((book.len(), book.move_count()), (1, 4));
        assert_eq!(path_notation(&book.moves(&Position::start())[0].mv), "22-18");
    }

    #[test]
    fn an_international_book_probes_international_positions() {
        let book = Book::<International>::parse("start | 32-28 +4 3 ; 33-28 +4 1\n").unwrap();
        let start = International::start();
        let mut rng = StdRng::seed_from_u64(5);
        let chosen: std::collections::BTreeSet<String> = (0..100)
            .map(|_| International::path_text(&start, &book.probe(&start, &mut rng, 0).unwrap()))
            .collect();
        assert_eq!(chosen.into_iter().collect::<Vec<_>>(), ["32-28", "33-28"]);
        let after = International::play(&start, &book.moves(&start)[0].mv);
        assert!(!book.contains(&after));
    }
}
