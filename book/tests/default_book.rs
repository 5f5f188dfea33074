//! The embedded default book: every move legal, every ballot reached for both colours, and the
//! choice of book moves repeatable with a seed.

use dama_book::coverage::{ballot_coverage, main_line_length};
use dama_book::openings::{ballots, lines_from_start};
use dama_book::{default_book, Book, DEFAULT_BOOK_TEXT, DEFAULT_MARGIN};
use dama_engine::board8::fen::parse_fen;
use dama_engine::board8::position::Position;
use dama_engine::italian::notation::parse_move;
use dama_engine::italian::Italian;
use rand::rngs::StdRng;
use rand::SeedableRng;

/// Plies the book's main line must run past every ballot (both colours get book moves).
const MIN_MAIN_LINE: usize = 6;

/// Replays one line of the book text with the engine's own move parser, independently of the
/// book's reader: the key's moves from the start, then each book move.
fn replay_line(number: usize, line: &str) {
    let (key, moves) = line.split_once('|').unwrap_or_else(|| panic!("line {number}: no '|'"));
    let key = key.trim();
    let position = if key == "start" {
        Position::start()
    } else if let Some(fen) = key.strip_prefix("fen ") {
        parse_fen(fen).unwrap_or_else(|e| panic!("line {number}: {e}"))
    } else {
        key.split_whitespace().fold(Position::start(), |p, text| {
            p.play(&parse_move(&p, text).unwrap_or_else(|e| panic!("line {number}: {e}")))
        })
    };
    for entry in moves.split(';') {
        let text = entry.split_whitespace().next().expect("a move");
        parse_move(&position, text).unwrap_or_else(|e| panic!("line {number}: {e}"));
    }
}

#[test]
fn every_move_in_the_embedded_book_is_legal() {
    let mut lines = 0;
    for (i, line) in DEFAULT_BOOK_TEXT.lines().enumerate() {
        if !line.trim().is_empty() && !line.starts_with('#') {
            replay_line(i + 1, line);
            lines += 1;
        }
    }
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
    let lines = dama_book::format::parse_book::<Italian>(DEFAULT_BOOK_TEXT).unwrap();
    let header: Vec<String> = DEFAULT_BOOK_TEXT
        .lines()
        .map_while(|line| line.strip_prefix("# "))
        .map(String::from)
        .collect();
    let tree = dama_book::tree::Tree::from_lines(&lines);
    assert!(tree.to_text(&header) == DEFAULT_BOOK_TEXT, "the written book differs");
}
