//! Named results of the English endgame, each from a published source, checked against the
//! tables (English draughts: Black moves first, the squares in English numbering; a FEN names
//! the side to move).
//!
//! Sources:
//! - Edward Lasker, *Chess and Checkers: The Way to Mastership* (1918; Project Gutenberg eBook
//!   4913), part II, "Elementary tactics" (diagrams 88-90) and "The five fundamental positions"
//!   (the First Position, diagrams 93-94).
//! - Bob Newell, *The Checker Maven* (www.bobnewell.net): "Without" (2017-04-08, a "first
//!   position without" from Dr. Call's midget problems, with KingsRow's line); three kings
//!   against two (item 1162, and "Three Kings" from Andrew Banks' *Checker Board Strategy*); "So
//!   What, and Big Deal" (Chas. Hefter).
//!
//! The 5-piece results are in an ignored test (it needs the 5-piece tables).

mod support;

use dama_egdb::{Material, Slice, TableGame, Tablebase, Value};
use dama_engine::board8::bitboard::Bitboard;
use dama_engine::board8::fen::parse_fen;
use dama_engine::board8::position::Position;
use dama_engine::color::Color;
use dama_engine::english::{has_capture, English};
use dama_engine::history::GameHistory;
use dama_engine::rules::Rules;
use dama_engine::search::{SearchControl, SearchLimits, Searcher};
use dama_engine::tables::EndgameTables;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use support::{built_in, built_with, every_position, temporary_dir};

/// The English tables up to three pieces, with the two slices of the First Position: two kings
/// against a king and a man (`m1k1-m0k2`) and the two kings against two it promotes into (about
/// a second), in the table directory of the first member.
fn built_once() -> &'static (PathBuf, Tablebase) {
    static TABLES: OnceLock<(PathBuf, Tablebase)> = OnceLock::new();
    TABLES.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("egdb-english-facts");
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

/// Lasker, diagram 88: a king against a king, White's on 32 in the double corner, Black's on
/// 26. With White to move, 32-27 takes the opposition and drives Black's king to the edge: a
/// win. With Black to move, 26-31 takes it instead, and White shuttles 32-28, 28-32 in the
/// double corner: a draw.
#[test]
fn lasker_king_against_king_the_move_decides() {
    assert_eq!(probe("W:WK32:BK26"), (Value::Win, Some(9)));
    assert_eq!(probe("B:WK32:BK26"), (Value::Draw, None));
    // Kings in opposite double corners, far apart: neither side can force anything.
    assert_eq!(probe("W:WK1:BK32"), (Value::Draw, None));
    // Most lone kings draw, but the side to move wins in some and loses in others.
    let counts = census(1, 1);
    assert_eq!(counts.values().sum::<usize>(), 32 * 31);
    assert!(counts[&Value::Draw] > counts[&Value::Win] + counts[&Value::Loss], "{counts:?}");
    assert!(counts[&Value::Win] > 0 && counts[&Value::Loss] > 0, "{counts:?}");
}

/// Lasker, diagram 89: "with one King entrenched in the double corner it takes two Kings to force
/// the win": White's kings on 19 and 23 drive Black's out of the double corner at 32. Two kings
/// to move beat one everywhere but where one of them is lost at once.
#[test]
fn two_kings_drive_one_out_of_the_double_corner() {
    assert_eq!(probe("W:WK19,K23:BK32"), (Value::Win, Some(15)));
    assert_eq!(probe("B:WK19,K23:BK32").0, Value::Loss);
    let counts = census(2, 1);
    let total: usize = counts.values().sum();
    assert_eq!(counts[&Value::Win] + counts[&Value::Draw], total, "{counts:?}");
    assert!(counts[&Value::Win] * 100 >= total * 99, "{counts:?}");
    // A draw: both kings stand next to Black's, which takes one whatever White plays.
    assert_eq!(probe("W:WK6,K7:BK2"), (Value::Draw, None));
}

/// The First Position (Lasker, diagrams 93-94): two kings against a king and a man that cannot
/// reach the king row. White, with kings on 19 and 23 against Black's king on 28 and man on 12,
/// wins only with the move (23-27, 19-23, ...); with Black to move it is a draw. After White's
/// fourth move (diagram 94: kings on 18 and 32, Black's on 24) Black loses whatever he plays.
#[test]
fn the_first_position_is_won_only_with_the_move() {
    assert_eq!(probe("W:WK19,K23:B12,K28").0, Value::Win);
    assert_eq!(probe("B:WK19,K23:B12,K28"), (Value::Draw, None));
    assert_eq!(probe("B:WK18,K32:B12,K24").0, Value::Loss);
}

/// The Checker Maven, "Without": a First Position ending won by the side without the move.
/// Black's kings on 15 and 6 against White's king on 5 and man on 22, Black to play and win.
#[test]
fn a_first_position_won_without_the_move() {
    assert_eq!(probe("B:W22,K5:BK15,K6").0, Value::Win);
}

/// English men may capture kings (Italian men may not): the man on 29 walled in by kings on 25
/// and 26 takes 25, and is taken back.
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
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(italian.game(), TableGame::Italian);
    let mut searcher = Searcher::<English>::new(4, 1).unwrap();
    searcher.set_endgame_tables(Some(Arc::new(italian) as Arc<dyn EndgameTables>));
    let mut hits = 0;
    let history = GameHistory::new::<English>(&start);
    searcher.search(&start, &history, &SearchLimits::depth(3), &SearchControl::new(), |info| {
        hits = hits.max(info.tablebase_hits)
    });
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

/// Three kings against two. Lasker: "the most favorable spots for the weaker player are the two
/// double corners; but the three Kings will always win when handled right", by forcing an
/// exchange into two kings against one (diagram 90: Black's kings on 10, 15 and 19 against
/// White's on 9 and 27, bound for the double corners at 5 and 32, win whoever moves). The
/// Checker Maven gives two more: White's kings on 22, 23 and 24 against 31 and 32, "either to
/// play, White to win" (www.bobnewell.net, item 1162); on 5, 13 and 17 against 1 and 6, White to
/// play and win ("Three Kings", from Andrew Banks' *Checker Board Strategy*).
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
    // The Checker Maven, "So What, and Big Deal" (Chas. Hefter): a man up, the king and man
    // jammed in the double corner, White to play and win.
    assert_eq!(value("W:W21,28,K32:BK19,K25"), Value::Win);
    // Every position of three kings against two with no capture pending (for either side),
    // whoever moves: with the two in the two double corners (1 or 5, 28 or 32), every one is
    // won by the three; elsewhere nearly every one (the others lose a king to a shot).
    let (mut cornered, mut anywhere): (HashMap<Value, usize>, HashMap<Value, usize>) =
        Default::default();
    let mask = Bitboard::from_square_mask;
    let corner = |a: u32, b: u32| black_in(a, b, [1, 5]) && black_in(a, b, [28, 32]);
    for black in sets(2) {
        for white in sets(3).filter(|w| w & black == 0) {
            for side in [Color::White, Color::Black] {
                let p = Position::from_parts(mask(white), mask(black), mask(white | black), side);
                let p = p.unwrap();
                if has_capture(&p) || has_capture(&p.with_side_to_move(side.opposite())) {
                    continue;
                }
                let value = tables.probe_value(&p).unwrap();
                let for_three = if side == Color::White { value } else { value.opposite() };
                *anywhere.entry(for_three).or_insert(0) += 1;
                let (a, b) = (black.trailing_zeros() + 1, 32 - black.leading_zeros());
                if corner(a, b) {
                    *cornered.entry(for_three).or_insert(0) += 1;
                }
            }
        }
    }
    assert_eq!(cornered.len(), 1, "{cornered:?}");
    assert!(cornered[&Value::Win] > 20_000, "{cornered:?}");
    let total: usize = anywhere.values().sum();
    assert!(anywhere[&Value::Win] * 100 >= total * 99, "{anywhere:?}");
}

/// Whether one of the squares `a` and `b` is in `squares`.
fn black_in(a: u32, b: u32, squares: [u32; 2]) -> bool {
    squares.contains(&a) || squares.contains(&b)
}

/// Every set of `k` squares, as masks.
fn sets(k: u32) -> impl Iterator<Item = u32> {
    let first = (1u64 << k) - 1;
    std::iter::successors(Some(first), |&x| {
        // The next larger number with as many bits set (Gosper's hack).
        let smallest = x & x.wrapping_neg();
        let ripple = x + smallest;
        Some(ripple | (((x ^ ripple) >> 2) / smallest))
    })
    .take_while(|&x| x < 1 << 32)
    .map(|x| x as u32)
}
