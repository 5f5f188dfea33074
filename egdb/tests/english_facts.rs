//! Named results of the English endgame, checked against the tables (English draughts: Black
//! moves first; squares in the English numbering, Black's men on 1-12 moving toward 29-32; a FEN
//! names the side to move). Each is a published result or a short line worked out in its
//! comment.
//!
//! Sources:
//! - Edward Lasker, *Chess and Checkers: The Way to Mastership* (1918; Project Gutenberg eBook
//!   4913), part II: "Elementary tactics" (diagrams 88-90) and "The five fundamental positions"
//!   (the First Position, diagrams 93-94). The diagrams show White's side at the top, square 32
//!   top left; the squares named in the text fix the pieces.
//! - Bob Newell, *The Checker Maven* (www.bobnewell.net), which gives its positions as PDN FEN:
//!   "Without" (2017-04-08, a First Position won without the move, from Dr. Call's midget
//!   problems); three kings against two ("either to play, White to win", 2018-06-16) and "Three
//!   Kings" (from Andrew Banks' *Checker Board Strategy*).
//!
//! The three-kings results need the 5-piece tables: an ignored test.

mod support;

use dama_egdb::{Material, Slice, TableGame, Tablebase, Value};
use dama_engine::board8::fen::parse_fen;
use dama_engine::color::Color;
use dama_engine::english::English;
use dama_engine::history::GameHistory;
use dama_engine::rules::Rules;
use dama_engine::search::{SearchControl, SearchLimits, Searcher};
use dama_engine::tables::EndgameTables;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use support::{built_in, built_with, every_position, temporary_dir};

/// The English tables up to three pieces, with the two slices of the First Position: two kings
/// against a king and a man (`m1k1-m0k2`, as Black's kings against White's king and man) and
/// the two kings against two that the man crowns into (about a second), in the table directory
/// of the first member.
fn built_once() -> &'static (PathBuf, Tablebase) {
    static TABLES: OnceLock<(PathBuf, Tablebase)> = OnceLock::new();
    TABLES.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("egdb-english-facts");
        let _ = std::fs::remove_dir_all(&dir);
        let more = [Material::new(0, 2, 0, 2), Material::new(1, 1, 0, 2)].map(Slice::of);
        (dir.clone(), built_with::<English>(dir, &more))
    })
}

fn tables() -> &'static Tablebase {
    &built_once().1
}

fn probe(fen: &str) -> (Value, Option<u32>) {
    let p = tables().probe(&parse_fen(fen).unwrap()).unwrap();
    (p.value, p.plies)
}

/// The values of every position of `white` kings against `black` kings, White to move.
fn census(white: usize, black: usize) -> HashMap<Value, usize> {
    let mut counts = HashMap::new();
    for p in every_position((white + black) as u32) {
        let kings = |c| p.kings_of(c).count() as usize;
        if p.side_to_move() == Color::White
            && p.men(Color::White).is_empty()
            && p.men(Color::Black).is_empty()
            && (kings(Color::White), kings(Color::Black)) == (white, black)
        {
            *counts.entry(tables().probe_value(&p).unwrap()).or_insert(0) += 1;
        }
    }
    counts
}

/// One king against one. Lasker, diagram 88 (White's king on 32, Black's on 26): White to move
/// wins by 32-27, taking the opposition; his line 26-22 27-23 22-17 23-18 17-13 18-14 leaves
/// Black's king only squares next to White's, which takes it: 9 plies. With Black to move,
/// 26-31 takes the opposition and White draws in the double corner (32-28, 28-32).
///
/// A king in a double corner (1 and 5, or 28 and 32) cannot be taken there (they are edge
/// squares) and "would be safe as he could indefinitely move from 5 to 1 and from 1 to 5"
/// (Lasker): kings in the two double corners draw. A king in the single corner (4) has one
/// square to go to (8): with the other king on 11 and the cornered one to move, 4-8 is forced
/// and 11x4 ends the game in 2 plies.
#[test]
fn one_king_against_one_is_a_draw_but_for_the_opposition_and_the_corners() {
    assert_eq!(probe("W:WK32:BK26"), (Value::Win, Some(9)));
    assert_eq!(probe("B:WK32:BK26"), (Value::Draw, None));
    assert_eq!(probe("W:WK1:BK32"), (Value::Draw, None));
    assert_eq!(probe("B:WK1:BK32"), (Value::Draw, None));
    assert_eq!(probe("B:WK11:BK4"), (Value::Loss, Some(2)));
    // Most lone kings draw, but the side to move wins in some and loses in others.
    let counts = census(1, 1);
    assert_eq!(counts.values().sum::<usize>(), 32 * 31);
    assert!(counts[&Value::Draw] > counts[&Value::Win] + counts[&Value::Loss], "{counts:?}");
    assert!(counts[&Value::Win] > 0 && counts[&Value::Loss] > 0, "{counts:?}");
}

/// Two kings beat one. Lasker, diagram 89: "with one King entrenched in the double corner it
/// takes two Kings to force the win": White's kings on 19 and 23 against Black's on 32, White
/// to move, win by 19-24 32-28 23-19 28-32 24-28 32-27 28-32 27-31 19-15 31-26 15-18 26-31
/// 18-22; then Black's king, on 31, can go only to 26 (taken by 22x31) or 27 (taken by 32x23):
/// 15 plies. Two kings to move win almost everywhere (not where the lone king takes one of them
/// whatever they do).
#[test]
fn two_kings_beat_one() {
    assert_eq!(probe("W:WK19,K23:BK32"), (Value::Win, Some(15)));
    assert_eq!(probe("B:WK19,K23:BK32").0, Value::Loss);
    let counts = census(2, 1);
    let total: usize = counts.values().sum();
    assert_eq!(total, 32 * 31 * 30 / 2);
    assert!(counts[&Value::Win] * 100 >= total * 95, "{counts:?}");
}

/// The First Position (Lasker, diagram 93): White's kings on 19 and 23 against Black's king on
/// 28 and man on 12, which cannot run to the king row. "White to Move and Win ... If Black has
/// the move the ending is a draw." After Lasker's 23-27 28-32 19-23 32-28 27-32 28-24 23-18
/// (diagram 94: White's kings on 18 and 32, Black's king on 24), Black to move is lost.
#[test]
fn the_first_position_is_won_only_with_the_move() {
    assert_eq!(probe("W:WK19,K23:B12,K28").0, Value::Win);
    assert_eq!(probe("B:WK19,K23:B12,K28"), (Value::Draw, None));
    assert_eq!(probe("B:WK18,K32:B12,K24").0, Value::Loss);
}

/// The Checker Maven, "Without": a First Position won by the side without the move: Black's kings
/// on 15 and 6 against White's king on 5 and man on 22, "Black to Play and Win".
#[test]
fn a_first_position_won_without_the_move() {
    assert_eq!(probe("B:W22,K5:BK15,K6").0, Value::Win);
}

/// English men may capture kings (Italian men may not, and that position is lost for White at
/// once): White's man on 29, walled in by Black's kings on 25 and 26, must take 29x22, and Black's
/// king on 26 takes it back, 26x17: lost in 2 plies.
#[test]
fn a_man_takes_a_king() {
    assert_eq!(probe("W:W29:BK25,K26"), (Value::Loss, Some(2)));
}

/// The search with the tables plays the quickest win and the defender the slowest loss: two
/// kings against one end the game in exactly the tables' distance. Italian tables given to the
/// English search are never probed.
#[test]
fn the_english_search_with_tables_converts_in_the_table_distance() {
    let start = parse_fen("W:WK19,K23:BK32").unwrap();
    let dir = temporary_dir("english-search-italian");
    let italian = built_in::<dama_engine::italian::Italian>(dir.clone(), 3);
    assert_eq!(italian.game(), TableGame::Italian);
    let mut searcher = Searcher::<English>::new(4, 1).unwrap();
    searcher.set_endgame_tables(Some(Arc::new(italian) as Arc<dyn EndgameTables>));
    let mut hits = 0;
    let history = GameHistory::new::<English>(&start);
    searcher.search(&start, &history, &SearchLimits::depth(3), &SearchControl::new(), |info| {
        hits = hits.max(info.tablebase_hits)
    });
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(hits, 0, "the English search probed Italian tables");

    let english = Tablebase::open_game(&built_once().0, TableGame::English).unwrap();
    searcher.set_endgame_tables(Some(Arc::new(english) as Arc<dyn EndgameTables>));
    let (mut position, mut history) = (start, history);
    let mut plies = 0;
    while !English::legal_moves(&position).is_empty() {
        let result = searcher.search(
            &position,
            &history,
            &SearchLimits::depth(3),
            &SearchControl::new(),
            |info| hits = hits.max(info.tablebase_hits),
        );
        let mv = result.best_move.unwrap();
        let next = English::play(&position, &mv);
        history.push_move::<English>(&position, &mv, &next);
        position = next;
        plies += 1;
        assert!(plies <= 15, "no win after 15 plies");
    }
    assert_eq!((plies, position.side_to_move()), (15, Color::Black));
    assert!(hits > 0);
}

/// The English tables up to five pieces: those of the table directory `DAMA_EGDB_TEST_DIR`, else
/// built (resumably) in the target directory's scratch space.
fn five_pieces() -> Tablebase {
    let dir = match std::env::var_os("DAMA_EGDB_TEST_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("egdb-english-5"),
    };
    built_in::<English>(dir, 5)
}

/// Three kings against two. Lasker, diagram 90: Black's kings on 10, 15 and 19 against White's on
/// 9 and 27 win whoever moves ("If it were White's move, Black would easily win"; with Black to
/// move, 15-18 changes the move). The Checker Maven: White's kings on 22, 23 and 24 against 31
/// and 32, "Either to Play, White to Win"; and on 5, 13 and 17 against 1 and 6, "White to Play
/// and Win" (Banks).
#[test]
#[ignore = "needs the English 5-piece tables (minutes to build): run with --ignored"]
fn three_kings_beat_two() {
    let tables = five_pieces();
    let value = |fen: &str| tables.probe(&parse_fen(fen).unwrap()).unwrap().value;
    assert_eq!(value("B:WK9,K27:BK10,K15,K19"), Value::Win);
    assert_eq!(value("W:WK9,K27:BK10,K15,K19"), Value::Loss);
    assert_eq!(value("W:WK22,K23,K24:BK31,K32"), Value::Win);
    assert_eq!(value("B:WK22,K23,K24:BK31,K32"), Value::Loss);
    assert_eq!(value("W:WK5,K13,K17:BK1,K6"), Value::Win);
}
