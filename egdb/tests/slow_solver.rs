//! The tables of both games against the plain, slow solver of `support` (every position with up
//! to three pieces, values by rounds of fixed-point iteration, no code shared with the builder
//! but, for Dama Italiana, the engine's move generator; for English draughts also the four-piece
//! material of the First Position). Then named results of the Italian endgame (the English ones
//! are in `english_facts.rs`).

mod support;

use dama_egdb::{Material, Slice};
use dama_egdb::{Tablebase, Value};
use dama_engine::board8::fen::parse_fen;
use dama_engine::color::Color;
use dama_engine::english::English;
use dama_engine::history::GameHistory;
use dama_engine::italian::Italian;
use dama_engine::search::{SearchControl, SearchLimits, Searcher};
use dama_engine::tables::EndgameTables;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use support::{
    assert_no_mismatch, built_in, built_with, compare_with_slow_solver, english_successors,
    every_position, every_position_where, italian_successors, mismatches, temporary_dir,
};

/// The tables up to three pieces, built once for the named tests of this file.
fn three_pieces() -> &'static Tablebase {
    &built_once().1
}

/// Kept in the target directory's scratch space: a later run loads the finished slices (the
/// resumable build) instead of building them again.
fn built_once() -> &'static (PathBuf, Tablebase) {
    static TABLES: OnceLock<(PathBuf, Tablebase)> = OnceLock::new();
    TABLES.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("egdb-named-3");
        (dir.clone(), built_in::<Italian>(dir, 3))
    })
}

/// With the tables, the search plays the quickest win and the defender the slowest loss: two
/// kings against one end the game in exactly the tables' distance.
#[test]
fn the_search_with_tables_converts_two_kings_against_one_in_the_table_distance() {
    let tables: Arc<dyn EndgameTables> = Arc::new(Tablebase::open(&built_once().0).unwrap());
    let mut searcher = Searcher::<Italian>::new(4, 1).unwrap();
    searcher.set_endgame_tables(Some(tables));
    let mut position = parse_fen("W:WK1,K3:BK32").unwrap();
    let mut history = GameHistory::new::<Italian>(&position);
    let mut plies = 0;
    let mut hits = 0;
    while position.has_legal_move() {
        let result = searcher.search(
            &position,
            &history,
            &SearchLimits::depth(3),
            &SearchControl::new(),
            |info| hits = hits.max(info.tablebase_hits),
        );
        let mv = result.best_move.unwrap();
        let next = position.play(&mv);
        history.push_move::<Italian>(&position, &mv, &next);
        position = next;
        plies += 1;
        assert!(plies <= 11, "no win after 11 plies");
    }
    assert_eq!((plies, position.side_to_move()), (11, Color::Black));
    assert!(hits > 0);
}

fn probe(fen: &str) -> (Value, Option<u32>) {
    let p = three_pieces().probe(&parse_fen(fen).unwrap()).unwrap();
    (p.value, p.plies)
}

/// Counts the values of every position of the material `white` against `black` (each a
/// string of `m` and `k`) with White to move.
fn census(white: &str, black: &str) -> HashMap<Value, usize> {
    let material = |s: &str, color| (s.matches('m').count(), s.matches('k').count(), color);
    let (wm, wk, _) = material(white, Color::White);
    let (bm, bk, _) = material(black, Color::Black);
    let mut counts = HashMap::new();
    for p in every_position((wm + wk + bm + bk) as u32) {
        let men = |c| p.men(c).count() as usize;
        let kings = |c| p.kings_of(c).count() as usize;
        if p.side_to_move() == Color::White
            && (men(Color::White), kings(Color::White), men(Color::Black), kings(Color::Black))
                == (wm, wk, bm, bk)
        {
            *counts.entry(three_pieces().probe_value(&p).unwrap()).or_insert(0) += 1;
        }
    }
    counts
}

#[test]
fn lone_king_against_lone_king_is_mostly_drawn_but_not_always() {
    let counts = census("k", "k");
    let (win, loss, draw) =
        (counts[&Value::Win], counts.get(&Value::Loss).copied().unwrap_or(0), counts[&Value::Draw]);
    assert_eq!(win + loss + draw, 32 * 31);
    assert!(draw > win + loss, "{counts:?}");
    assert!(win > 0, "the side to move can force the other king off the double corner");
    // Kings in opposite double corners: neither can be driven out.
    assert_eq!(probe("W:WK29:BK4"), (Value::Draw, None));
    // Single corner against double corner: the side to move wins.
    assert_eq!(probe("W:WK1:BK32").0, Value::Win);
}

#[test]
fn two_kings_against_one_king_win_almost_everywhere() {
    let counts = census("kk", "k");
    let total: usize = counts.values().sum();
    let wins = counts[&Value::Win];
    assert!(wins * 100 >= total * 95, "{counts:?}");
    assert_eq!(probe("W:WK1,K3:BK32"), (Value::Win, Some(11)));
    // With the lone king to move it still loses, later.
    assert_eq!(probe("B:WK1,K3:BK32").0, Value::Loss);
}

#[test]
fn a_side_without_moves_has_lost() {
    // A man cannot capture kings (Art. 5.3): walled in by two kings it has no move.
    assert_eq!(probe("W:W29:BK25,K26"), (Value::Loss, Some(0)));
    // A king next to a lone king with room behind it captures at once.
    assert_eq!(probe("W:WK18:BK14"), (Value::Win, Some(1)));
}

#[test]
fn two_and_three_piece_tables_match_the_slow_solver() {
    compare_with_slow_solver::<Italian>(3, italian_successors);
}

#[test]
#[ignore = "about two and a half minutes: run with --ignored"]
fn four_piece_tables_match_the_slow_solver() {
    compare_with_slow_solver::<Italian>(4, italian_successors);
}

/// English draughts: the same comparison, the solver's moves from the path generator.
#[test]
fn english_two_and_three_piece_tables_match_the_slow_solver() {
    compare_with_slow_solver::<English>(3, english_successors);
}

/// English draughts, four pieces in the default run: two kings against a king and a man (the
/// First Position's material, where the man may take a king and crowns by a capture or a step)
/// and the two kings against two it crowns into, with every position of up to three pieces they
/// lead to, White's kings and Black's pieces, both sides to move.
#[test]
fn english_kings_against_king_and_man_match_the_slow_solver() {
    let dir = temporary_dir("slow-english-first-position");
    let more = [Material::new(0, 2, 0, 2), Material::new(1, 1, 0, 2)].map(Slice::of);
    let tables = built_with::<English>(dir.clone(), &more);
    let kept = |[wm, wk, bm, bk]: [u32; 4]| {
        wm + wk + bm + bk <= 3 || matches!((wm, wk, bm, bk), (0, 2, 1, 1) | (0, 2, 0, 2))
    };
    let positions = every_position_where(4, &kept);
    let four = positions.iter().filter(|p| p.occupied().count() == 4).count();
    // Two kings against two: 496 * 435 boards; against a king and a man (not on 29-32, where it
    // would be crowned): 28 * 31 * 435; each with either side to move.
    assert_eq!(four, 2 * (496 * 435 + 28 * 31 * 435), "four-piece positions");
    let found = mismatches(&tables, &positions, english_successors);
    std::fs::remove_dir_all(&dir).ok();
    assert_no_mismatch(&found);
}

#[test]
#[ignore = "about two and a half minutes: run with --ignored"]
fn english_four_piece_tables_match_the_slow_solver() {
    compare_with_slow_solver::<English>(4, english_successors);
}
