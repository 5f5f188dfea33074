//! The embedded International book: it loads, every line replays legally under the rules of
//! International draughts, it holds every first move and reply (the 81 openings of `dama match
//! --variant international`) with both colours' book moves past each, and the choice of book
//! moves is repeatable with a seed.

mod support;

use dama_book::coverage::{ballot_coverage, main_line_length};
use dama_book::openings::{lines_from_start, numbered_lines};
use dama_book::{international_book, Book, BookGame, INTERNATIONAL_BOOK_TEXT};
use dama_engine::international::International;
use dama_engine::rules::Rules;
use rand::rngs::StdRng;
use rand::SeedableRng;

/// Plies the book's main line runs past every two-ply opening at least (both colours get book
/// moves; 6 to 9 in the embedded book, book/data/BUILD.md).
const MIN_MAIN_LINE: usize = 6;

#[test]
fn every_move_in_the_international_book_is_legal() {
    let lines = support::replay_book_text::<International>(INTERNATIONAL_BOOK_TEXT);
    let book = international_book();
    assert_eq!(book.len(), lines, "one position per line, no position twice");
    assert!(book.len() >= 1000, "a book worth having: {} positions", book.len());
    for position in book.positions() {
        let legal = International::legal_moves(position);
        assert!(book.moves(position).iter().all(|m| legal.contains(&m.mv)));
        assert_eq!(book.moves(position).len(), legal.len(), "every move of a book position scored");
    }
}

#[test]
fn the_book_holds_every_first_move_and_reply_and_goes_past_each() {
    let book = international_book();
    for line in (0..=2).flat_map(lines_from_start::<International>) {
        let position =
            line.iter().fold(International::start(), |p, mv| International::play(&p, mv));
        assert!(book.contains(&position), "{line:?}");
    }
    let openings = International::openings();
    assert_eq!(openings.len(), 81);
    assert_eq!(openings, numbered_lines::<International>(2));
    for c in ballot_coverage(book, &openings) {
        assert!(
            c.main_line >= MIN_MAIN_LINE,
            "opening {}: the book's main line stops {} plies past it",
            c.number,
            c.main_line
        );
    }
    assert!(main_line_length(book, &International::start()) >= 10);
}

#[test]
fn probing_is_repeatable_with_a_seed() {
    let book = international_book();
    let game = |seed: u64| {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut position = International::start();
        let mut moves = Vec::new();
        while let Some(mv) = book.probe(&position, &mut rng, 20) {
            moves.push(mv);
            position = International::play(&position, &mv);
        }
        moves
    };
    for seed in 0..20 {
        let line = game(seed);
        assert!(line.len() >= 3, "seed {seed}: only {} book moves", line.len());
        assert_eq!(line, game(seed), "seed {seed}");
    }
}

#[test]
fn the_hub_choice_is_a_book_move_within_the_margin() {
    let book = international_book();
    for opening in International::openings() {
        let position = opening.position();
        let mv = dama_book::book_move::<International>(&position).expect("in the book");
        let best = book.moves(&position)[0].score;
        let chosen = book.moves(&position).iter().find(|m| m.mv == mv).unwrap();
        assert!(chosen.score >= best - dama_book::DEFAULT_MARGIN, "opening {}", opening.number);
        assert_eq!(dama_book::book_move::<International>(&position), Some(mv), "repeatable");
    }
}

#[test]
fn the_international_book_reads_back_from_its_own_text_and_writes_it_again() {
    let again: Book<International> = Book::parse(INTERNATIONAL_BOOK_TEXT).unwrap();
    assert_eq!(again.len(), international_book().len());
    assert_eq!(again.move_count(), international_book().move_count());
    assert!(support::writes_back::<International>(INTERNATIONAL_BOOK_TEXT), "it differs");
}
