//! What the book needs of each game beyond its rules: the openings a book of the game covers
//! (each a root of the builder's drop-out expansion, and what `dama book stats` measures), how
//! many plies of lines from the start a book holds in full by default, and the book embedded in
//! the program, where the game has one.

use crate::book::{Book, DEFAULT_MARGIN};
use crate::openings::{ballots, english_ballots, numbered_lines, Ballot};
use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::rules::Rules;
use rand::rngs::StdRng;
use rand::SeedableRng;

/// A game the book builder and the book commands know.
pub trait BookGame: Rules {
    /// What one of [`BookGame::openings`] is called in reports.
    const OPENING: &'static str;
    /// Every line of this many plies from the start is in a book by default.
    const SEED_PLIES: usize;

    /// The openings a book of the game covers.
    fn openings() -> Vec<Ballot<Self>>;

    /// The book embedded in the program, for a game that has one.
    fn embedded_book() -> Option<&'static Book<Self>>;
}

/// The seed of [`book_move`]'s choice, mixed with the position's key.
const BOOK_SEED: u64 = 0xDA3A_B00C;

/// A move from the game's embedded book for `position` (`None` when the game has no book or the
/// position is not in it), as the Hub and DXP play it: among the moves within
/// [`DEFAULT_MARGIN`] of the best, weighted, the choice seeded by the position, so the same
/// position always gets the same move (repeatable matches).
pub fn book_move<R: BookGame>(position: &R::Position) -> Option<R::Move> {
    let mut rng = StdRng::seed_from_u64(BOOK_SEED ^ R::key(position));
    R::embedded_book()?.probe(position, &mut rng, DEFAULT_MARGIN)
}

/// Dama Italiana: the 174 three-move ballots, every three-ply line, the default book.
impl BookGame for Italian {
    const OPENING: &'static str = "ballot";
    const SEED_PLIES: usize = 3;

    fn openings() -> Vec<Ballot<Italian>> {
        ballots()
    }

    fn embedded_book() -> Option<&'static Book<Italian>> {
        Some(crate::default_book())
    }
}

/// English draughts: the 156 playable three-move ballots, every three-ply line, the English book.
impl BookGame for English {
    const OPENING: &'static str = "ballot";
    const SEED_PLIES: usize = 3;

    fn openings() -> Vec<Ballot<English>> {
        english_ballots()
    }

    fn embedded_book() -> Option<&'static Book<English>> {
        Some(crate::english_book())
    }
}

/// International draughts: the 81 first moves and replies (the openings `dama match --variant
/// international` plays), every two-ply line, the International book.
impl BookGame for International {
    const OPENING: &'static str = "opening";
    const SEED_PLIES: usize = 2;

    fn openings() -> Vec<Ballot<International>> {
        numbered_lines::<International>(2)
    }

    fn embedded_book() -> Option<&'static Book<International>> {
        Some(crate::international_book())
    }
}

/// Russian draughts: the 49 first moves and replies (the openings `dama match --variant
/// russian` plays), every two-ply line; no book is built into the program yet.
impl BookGame for Russian {
    const OPENING: &'static str = "opening";
    const SEED_PLIES: usize = 2;

    fn openings() -> Vec<Ballot<Russian>> {
        numbered_lines::<Russian>(2)
    }

    fn embedded_book() -> Option<&'static Book<Russian>> {
        None
    }
}

/// Brazilian draughts: as Russian (the same first moves and replies), no built-in book yet.
impl BookGame for Brazilian {
    const OPENING: &'static str = "opening";
    const SEED_PLIES: usize = 2;

    fn openings() -> Vec<Ballot<Brazilian>> {
        numbered_lines::<Brazilian>(2)
    }

    fn embedded_book() -> Option<&'static Book<Brazilian>> {
        None
    }
}
