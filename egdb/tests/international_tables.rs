//! International draughts (10x10) tables against the plain slow solver of
//! `support::international` (every position of up to three pieces, values and distances by rounds
//! of fixed-point iteration over the moves of the engine's path generator: no code shared with the
//! builder, neither the index nor the set-wise move generator), then known results of the 10x10
//! endgame.

mod support;

use dama_egdb::{Material, Slice, TableRules, Tablebase, Value};
use dama_engine::color::Color;
use dama_engine::international::{parse_fen, International, Position};
use dama_engine::rules::Rules;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::OnceLock;
use support::international::{every_position_where, mismatches};
use support::{assert_no_mismatch, built_in, built_with, temporary_dir};

/// The International tables up to three pieces, built once (under a second) and kept in the
/// target directory's scratch space.
fn three_pieces() -> &'static Tablebase {
    static TABLES: OnceLock<(PathBuf, Tablebase)> = OnceLock::new();
    &TABLES
        .get_or_init(|| {
            let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("egdb-international-3");
            (dir.clone(), built_in::<International>(dir, 3))
        })
        .1
}

fn probe(tables: &Tablebase, fen: &str) -> (Value, Option<u32>) {
    let p = tables.probe_game::<International>(&parse_fen(fen).unwrap()).unwrap();
    (p.value, p.plies)
}

/// The values of every position of `white` kings against `black` kings (no men) with White to
/// move whose pieces `keep` accepts: how many of each and the longest distance of each.
fn census(
    tables: &Tablebase,
    white: u32,
    black: u32,
    keep: &dyn Fn(&Position) -> bool,
) -> HashMap<Value, (usize, u32)> {
    let kings = |m: [u32; 4]| m == [0, white, 0, black];
    let mut counts = HashMap::new();
    for p in every_position_where(white + black, &kings) {
        if p.side == Color::White && keep(&p) {
            let probe = tables.probe_game::<International>(&p).unwrap();
            let entry = counts.entry(probe.value).or_insert((0, 0));
            entry.0 += 1;
            entry.1 = entry.1.max(probe.plies.unwrap_or(0));
        }
    }
    counts
}

/// How many positions of a census hold `value`, and the longest of them.
fn of(counts: &HashMap<Value, (usize, u32)>, value: Value) -> (usize, u32) {
    counts.get(&value).copied().unwrap_or((0, 0))
}

/// The long diagonal, 46-5 (squares 46, 41, 37, 32, 28, 23, 19, 14, 10, 5).
const LONG_DIAGONAL: u64 = {
    let squares = [46u32, 41, 37, 32, 28, 23, 19, 14, 10, 5];
    let mut mask = 0u64;
    let mut i = 0;
    while i < squares.len() {
        mask |= 1 << (squares[i] - 1);
        i += 1;
    }
    mask
};

/// The International tables up to `pieces` pieces from `DAMA_EGDB_TEST_DIR` when it names a table
/// directory that has them, else built in a scratch directory (four pieces: some 45 s); five
/// pieces take half an hour of one core or more, so they must be named.
fn tables_up_to(pieces: u32) -> Tablebase {
    if let Some(dir) = std::env::var_os("DAMA_EGDB_TEST_DIR") {
        let tables = Tablebase::open_game(&PathBuf::from(dir), International::GAME).unwrap();
        if tables.max_pieces() >= pieces {
            return tables;
        }
    }
    assert!(
        pieces <= 4,
        "set DAMA_EGDB_TEST_DIR to a table directory with the International {pieces}-piece \
         tables (`dama egdb build --variant international --pieces {pieces}`)"
    );
    let dir =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("egdb-international-{pieces}"));
    built_in::<International>(dir, pieces)
}

#[test]
fn two_and_three_piece_tables_match_the_slow_solver() {
    let positions = every_position_where(3, &|_| true);
    // Boards with both colours: 8 845 of two pieces, 806 300 of three (of the 17 685 and
    // 1 074 760 boards the index counts), each with either side to move.
    assert_eq!(positions.len(), 2 * (8_845 + 806_300));
    assert_no_mismatch(&mismatches(three_pieces(), &positions));
}

/// Three kings against one, every position (both sides to move) with every position of up to
/// three pieces: the slow solver against the tables (about 4.3 million positions).
#[test]
#[ignore = "about a minute and 1 GB: run with --ignored"]
fn three_kings_against_one_match_the_slow_solver() {
    let dir = temporary_dir("international-3k1k");
    let tables = built_with::<International>(dir.clone(), &[Slice::of(Material::new(0, 3, 0, 1))]);
    let kept = |[wm, wk, bm, bk]: [u32; 4]| {
        wm + wk + bm + bk <= 3
            || (wm, wk, bm, bk) == (0, 3, 0, 1)
            || (wm, wk, bm, bk) == (0, 1, 0, 3)
    };
    let positions = every_position_where(4, &kept);
    let found = mismatches(&tables, &positions);
    std::fs::remove_dir_all(&dir).ok();
    assert_no_mismatch(&found);
}

/// A lone king against a lone king is a draw: in 82% of the positions with White to move, and
/// the others end at once, a king taken where it stands or in a corner it cannot leave.
#[test]
fn a_king_against_a_king_is_a_draw_but_for_shots() {
    let tables = three_pieces();
    let counts = census(tables, 1, 1, &|_| true);
    let (draws, wins, losses) =
        (of(&counts, Value::Draw), of(&counts, Value::Win), of(&counts, Value::Loss));
    assert_eq!(draws.0 + wins.0 + losses.0, 50 * 49);
    assert_eq!((draws.0, wins.0, losses.0), (2_024, 424, 2));
    assert!(wins.1 <= 3 && losses.1 <= 2, "{counts:?}");
    // Both kings on the long diagonal, White's in the corner: every move stays on it, in reach.
    assert_eq!(probe(tables, "W:WK46:BK5"), (Value::Loss, Some(2)));
    assert_eq!(probe(tables, "W:WK47:BK5"), (Value::Draw, None));
    assert_eq!(probe(tables, "W:WK1:BK7"), (Value::Win, Some(1)));
}

/// Two kings against one are a draw in general (two thirds of the positions with White to move)
/// and win only by a shot: no win takes more than 7 plies.
#[test]
fn two_kings_against_one_win_only_by_a_shot() {
    let tables = three_pieces();
    let counts = census(tables, 2, 1, &|_| true);
    let (draws, wins) = (of(&counts, Value::Draw), of(&counts, Value::Win));
    assert_eq!((draws.0, wins.0, of(&counts, Value::Loss).0), (39_402, 19_398, 0));
    assert_eq!(wins.1, 7);
    assert_eq!(probe(tables, "W:WK1,K2:BK45"), (Value::Win, Some(7)));
    assert_eq!(probe(tables, "W:WK1,K7:BK50"), (Value::Win, Some(7)));
    assert_eq!(probe(tables, "B:WK1,K7:BK50"), (Value::Draw, None));
}

/// Three kings against one: a draw in general in International draughts (unlike the 8x8 games
/// with flying kings, where three kings holding the long diagonal win; "Mini Course 1 - Winning
/// with Three Kings against One", BoardGameGeek): about half the positions with White to move
/// are won, all by a shot of at most 15 plies, and three kings on the long diagonal do not
/// catch a king away from it. The longest win fits the 16-move count.
#[test]
#[ignore = "needs the 4-piece tables (45 s to build unless DAMA_EGDB_TEST_DIR has them): run with --ignored"]
fn three_kings_against_one_win_only_by_a_shot() {
    let tables = tables_up_to(4);
    let counts = census(&tables, 3, 1, &|_| true);
    let (draws, wins) = (of(&counts, Value::Draw), of(&counts, Value::Win));
    assert_eq!((draws.0, wins.0, of(&counts, Value::Loss).0), (434_756, 486_444, 0));
    assert_eq!(wins.1, 15);
    let on_the_diagonal = census(&tables, 3, 1, &|p| p.black & LONG_DIAGONAL != 0);
    assert_eq!(of(&on_the_diagonal, Value::Win), (113_608, 9));
    assert_eq!(probe(&tables, "W:WK46,K41,K37:BK3"), (Value::Draw, None));
    assert_eq!(probe(&tables, "W:WK1,K7,K18:BK35"), (Value::Win, Some(15)));
}

/// Every position of `white` kings against one black king with White to move whose black king
/// `keep` accepts (its square bit).
fn lone_king_positions(white: u32, keep: &dyn Fn(u64) -> bool) -> Vec<Position> {
    let mut positions = Vec::new();
    for black in (0..50).map(|s| 1u64 << s).filter(|&b| keep(b)) {
        let mut sets = vec![0u64];
        for s in (0..50).map(|s| 1u64 << s).filter(|&s| s != black) {
            let more: Vec<u64> =
                sets.iter().filter(|set| set.count_ones() < white).map(|set| set | s).collect();
            sets.extend(more);
        }
        for kings in sets.into_iter().filter(|set| set.count_ones() == white) {
            positions.push(Position {
                white: kings,
                black,
                kings: kings | black,
                side: Color::White,
            });
        }
    }
    positions
}

/// The values of `positions`: how many of each and the longest of each.
fn values_of(tables: &Tablebase, positions: &[Position]) -> HashMap<Value, (usize, u32)> {
    let mut counts = HashMap::new();
    for p in positions {
        let probe = tables.probe_game::<International>(p).unwrap();
        let entry = counts.entry(probe.value).or_insert((0, 0));
        entry.0 += 1;
        entry.1 = entry.1.max(probe.plies.unwrap_or(0));
    }
    counts
}

/// Four kings against one win (a result the FMJD rules give no count for): 99.8% of the
/// positions with White to move, within 15 plies, the lone king on the long diagonal or not; the
/// few draws are positions where a king is lost at once (three kings against one are a draw in
/// general). Needs the 5-piece tables.
#[test]
#[ignore = "needs the 5-piece tables (some 32 minutes of one core to build): DAMA_EGDB_TEST_DIR"]
fn four_kings_against_one_win() {
    let tables = tables_up_to(5);
    let positions = lone_king_positions(4, &|_| true);
    let all = values_of(&tables, &positions);
    assert_eq!(of(&all, Value::Win), (10_573_242, 15));
    assert_eq!((of(&all, Value::Draw).0, of(&all, Value::Loss).0), (20_558, 0));
    let on = values_of(&tables, &lone_king_positions(4, &|k| k & LONG_DIAGONAL != 0));
    assert_eq!((of(&on, Value::Win), of(&on, Value::Draw).0), ((2_118_662, 13), 98));
    // In every draw, whatever White plays, Black takes a king.
    for p in &positions {
        if tables.probe_value_game::<International>(p).unwrap() == Value::Draw {
            let loses_a_king = International::legal_moves(p)
                .iter()
                .all(|m| International::has_capture(&International::play(p, m)));
            assert!(loses_a_king, "{}", dama_engine::international::to_fen(p));
        }
    }
    assert_eq!(probe(&tables, "W:WK1,K2,K3,K4:BK28"), (Value::Win, Some(9)));
    assert_eq!(probe(&tables, "B:WK1,K2,K3,K4:BK28"), (Value::Loss, Some(10)));
    assert_eq!(probe(&tables, "W:WK46,K41,K37,K32:BK3"), (Value::Win, Some(9)));
}

/// A random position of `material` (white men, white kings, black men, black kings), either side
/// to move.
fn random_position(rng: &mut impl rand::Rng, material: [u32; 4]) -> Position {
    loop {
        let (mut used, mut masks) = (0u64, [0u64; 4]);
        for (kind, &count) in material.iter().enumerate() {
            while masks[kind].count_ones() < count {
                let s = rng.gen_range(0..50);
                if used >> s & 1 == 0 {
                    used |= 1 << s;
                    masks[kind] |= 1 << s;
                }
            }
        }
        let side = if rng.gen_bool(0.5) { Color::White } else { Color::Black };
        let [wm, wk, bm, bk] = masks;
        if let Ok(p) = International::from_masks(wm | wk, bm | bk, wk | bk, side) {
            return p;
        }
    }
}

/// The positions after each move, by the search's generator (fast; the minimax below needs
/// many).
fn after_each_move(p: &Position) -> Vec<Position> {
    International::legal_moves(p).iter().map(|m| International::play(p, m)).collect()
}

/// Whether the side to move wins within `plies` plies (odd), by plain minimax over the search's
/// generator (no table).
fn wins_within(p: &Position, plies: u32) -> bool {
    let children = after_each_move(p);
    let gone = |c: &Position| if c.side == Color::White { c.white == 0 } else { c.black == 0 };
    if children.iter().any(|c| gone(c) || !International::has_move(c)) {
        return true;
    }
    plies >= 3 && children.iter().any(|c| loses_within(c, plies - 1))
}

/// Whether the side to move loses within `plies` plies (even), by plain minimax.
fn loses_within(p: &Position, plies: u32) -> bool {
    let children = after_each_move(p);
    if children.is_empty() {
        return true;
    }
    plies >= 2 && children.iter().all(|c| wins_within(c, plies - 1))
}

/// Random positions of every 4- and 5-piece table (120 of each material, 8 280 in all), each
/// against its successors by the path generator (the value and distance that the minimax rule
/// gives from the successors' values: the builder's set-wise generator against the reference
/// one), and, independently of the tables and their index, the first 40 of each material: those
/// won or lost within 3 plies against a plain minimax to that distance, the draws against a
/// minimax that finds no win within 3 plies and no loss within 2. Needs the 5-piece tables.
#[test]
#[ignore = "needs the 5-piece tables (DAMA_EGDB_TEST_DIR); about a second"]
fn random_positions_of_every_table_match_the_path_generator() {
    use rand::SeedableRng;
    let tables = tables_up_to(5);
    let mut rng = rand::rngs::StdRng::seed_from_u64(10);
    let (mut checked, mut proven) = (0, 0);
    for slice in Slice::build_order(5).into_iter().filter(|s| s.material().pieces() >= 4) {
        for m in slice.halves() {
            let material = [m.white_men, m.white_kings, m.black_men, m.black_kings].map(u32::from);
            for n in 0..120 {
                let p = random_position(&mut rng, material);
                let fen = dama_engine::international::to_fen(&p);
                let probe = tables.probe_game::<International>(&p).unwrap();
                let child = |c: &Position| {
                    let gone = if c.side == Color::White { c.white == 0 } else { c.black == 0 };
                    if gone {
                        (Value::Loss, 0)
                    } else {
                        // A draw has no distance; a win or loss has one up to 5 pieces.
                        let q = tables.probe_game::<International>(c).unwrap();
                        let plies = match q.value {
                            Value::Draw => 0,
                            _ => q.plies.expect("distances up to 5 pieces"),
                        };
                        (q.value, plies)
                    }
                };
                let children: Vec<(Value, u32)> =
                    support::international::successors(&p).iter().map(child).collect();
                let shortest_loss =
                    children.iter().filter(|c| c.0 == Value::Loss).map(|c| c.1).min();
                let expected = if children.is_empty() {
                    (Value::Loss, Some(0))
                } else if let Some(d) = shortest_loss {
                    (Value::Win, Some(d + 1))
                } else if children.iter().all(|c| c.0 == Value::Win) {
                    (Value::Loss, children.iter().map(|c| c.1 + 1).max())
                } else {
                    (Value::Draw, None)
                };
                assert_eq!((probe.value, probe.plies), expected, "{fen}");
                checked += 1;
                let by_minimax = match (probe.value, probe.plies) {
                    _ if n >= 40 => None,
                    (Value::Win, Some(d)) if d <= 3 => {
                        Some(wins_within(&p, d) && (d < 3 || !wins_within(&p, d - 2)))
                    }
                    (Value::Loss, Some(d)) if d <= 2 => {
                        Some(loses_within(&p, d) && (d < 2 || !loses_within(&p, d - 2)))
                    }
                    (Value::Draw, _) => Some(!wins_within(&p, 3) && !loses_within(&p, 2)),
                    _ => None,
                };
                if let Some(agrees) = by_minimax {
                    assert!(agrees, "{fen}: tables {probe:?}, minimax disagrees");
                    proven += 1;
                }
            }
        }
    }
    eprintln!("{checked} random positions against their successors; {proven} by minimax too");
}
