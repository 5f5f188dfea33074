//! The embedded default book: every move legal, every ballot reached for both colours, and the
//! choice of book moves repeatable with a seed.

mod support;

use dama_book::coverage::{ballot_coverage, main_line_length};
use dama_book::openings::{ballots, lines_from_start};
use dama_book::{default_book, Book, DEFAULT_BOOK_TEXT, DEFAULT_MARGIN};
use dama_engine::board8::position::Position;
use dama_engine::italian::Italian;
use rand::rngs::StdRng;
use rand::SeedableRng;

/// Plies the book's main line must run past every ballot (both colours get book moves).
const MIN_MAIN_LINE: usize = 6;

#[test]
fn every_move_in_the_embedded_book_is_legal() {
    let lines = support::replay_book_text::<Italian>(DEFAULT_BOOK_TEXT);
    let book = default_book();
    assert_eq!(book.len(), lines, "one position per line, no position twice");
    for position in book.positions() {
        let legal = position.legal_moves();
        assert!(book.moves(position).iter().all(|m| legal.contains(&m.mv)));
    }
}

#[test]
fn the_book_holds_every_three_ply_line() {
    let book = default_book();
    for line in (0..=3).flat_map(lines_from_start::<Italian>) {
        let position = line.iter().fold(Position::start(), |p, mv| p.play(mv));
        assert!(book.contains(&position) || !position.has_legal_move(), "{line:?}");
    }
}

#[test]
fn the_book_reaches_each_ballot_for_both_colours() {
    let all = ballots();
    assert_eq!(all.len(), 174);
    for c in ballot_coverage(default_book(), &all) {
        assert!(
            c.main_line >= MIN_MAIN_LINE,
            "ballot {}: the book's main line stops {} plies past it",
            c.number,
            c.main_line
        );
    }
}

#[test]
fn probing_is_repeatable_with_a_seed() {
    let book = default_book();
    let game = |seed: u64| {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut position = Position::start();
        let mut moves = Vec::new();
        while let Some(mv) = book.probe(&position, &mut rng, 20) {
            moves.push(mv);
            position = position.play(&mv);
        }
        moves
    };
    for seed in 0..20 {
        let line = game(seed);
        assert!(line.len() >= 4, "seed {seed}: only {} book moves", line.len());
        assert_eq!(line, game(seed), "seed {seed}");
    }
    let distinct: std::collections::HashSet<_> = (0..20).map(game).collect();
    assert!(distinct.len() > 1, "a margin of 0.20 gives more than one line over 20 seeds");
}

#[test]
fn a_margin_of_zero_plays_a_best_move() {
    let book = default_book();
    let mut rng = StdRng::seed_from_u64(3);
    for ballot in ballots() {
        let position = ballot.position();
        let best = book.moves(&position).iter().filter(|m| m.weight > 0).map(|m| m.score).max();
        let mv = book.probe(&position, &mut rng, 0).expect("every ballot is in the book");
        let chosen = book.moves(&position).iter().find(|m| m.mv == mv).unwrap();
        assert_eq!(Some(chosen.score), best, "ballot {}", ballot.number);
        assert!(book.probe(&position, &mut rng, DEFAULT_MARGIN).is_some());
    }
}

#[test]
fn the_start_position_has_a_long_main_line() {
    assert!(main_line_length(default_book(), &Position::start()) >= 10);
}

#[test]
fn the_default_book_reads_back_from_its_own_text() {
    let again: Book = Book::parse(DEFAULT_BOOK_TEXT).unwrap();
    assert_eq!(again.len(), default_book().len());
    assert_eq!(again.move_count(), default_book().move_count());
}

#[test]
fn the_builder_writes_the_default_book_back_byte_for_byte() {
    assert!(support::writes_back::<Italian>(DEFAULT_BOOK_TEXT), "the written book differs");
}
