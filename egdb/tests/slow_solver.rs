//! The tables against a plain, slow solver written here: every position with up to three
//! pieces enumerated square by square, and values found by rounds of fixed-point iteration over
//! the engine's legal moves (round `r` decides exactly the positions `r` plies from the end).
//! It shares no code with the builder but the engine's move generator. Then named results of
//! the Italian endgame.

use dama_egdb::{build, BuildOptions, Tablebase, Value};
use dama_engine::board8::bitboard::Bitboard;
use dama_engine::board8::fen::parse_fen;
use dama_engine::board8::position::Position;
use dama_engine::color::Color;
use dama_engine::history::GameHistory;
use dama_engine::italian::Italian;
use dama_engine::search::{SearchControl, SearchLimits, Searcher};
use dama_engine::tables::EndgameTables;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, OnceLock};

/// Every legal position with `1 <= white`, `1 <= black` and `white + black <= max` pieces.
fn every_position(max: u32) -> Vec<Position> {
    let mut out = Vec::new();
    let mut squares = Vec::new();
    fn choose(from: u32, left: u32, squares: &mut Vec<u32>, each: &mut dyn FnMut(&[u32])) {
        if left == 0 {
            each(squares);
            return;
        }
        for s in from..32 {
            squares.push(s);
            choose(s + 1, left - 1, squares, each);
            squares.pop();
        }
    }
    for n in 2..=max {
        choose(0, n, &mut squares, &mut |set| {
            for kinds in 0..4u32.pow(n) {
                let (mut white, mut black, mut kings) = (0u32, 0u32, 0u32);
                for (i, &s) in set.iter().enumerate() {
                    let kind = kinds / 4u32.pow(i as u32) % 4;
                    if kind < 2 {
                        white |= 1 << s
                    } else {
                        black |= 1 << s
                    }
                    if kind % 2 == 1 {
                        kings |= 1 << s
                    }
                }
                if white == 0 || black == 0 {
                    continue;
                }
                for side in [Color::White, Color::Black] {
                    let p = Position::from_parts(
                        Bitboard::from_square_mask(white),
                        Bitboard::from_square_mask(black),
                        Bitboard::from_square_mask(kings),
                        side,
                    );
                    if let Ok(p) = p {
                        out.push(p);
                    }
                }
            }
        });
    }
    out
}

/// (value, plies) of every position, by rounds.
fn solve(positions: &[Position]) -> HashMap<Position, (Value, u32)> {
    let id: HashMap<Position, usize> = positions.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    // Successors: `None` for a position whose side to move has no piece left (lost, 0 plies).
    let successors: Vec<Vec<Option<usize>>> = positions
        .iter()
        .map(|p| {
            p.legal_moves()
                .iter()
                .map(|mv| {
                    let next = p.play(mv);
                    if next.pieces(next.side_to_move()).is_empty() {
                        None
                    } else {
                        Some(id[&next])
                    }
                })
                .collect()
        })
        .collect();
    let mut solved: Vec<Option<(Value, u32)>> = vec![None; positions.len()];
    let mut round = 0;
    loop {
        let mut changed = false;
        let mut decided = Vec::new();
        for (i, next) in successors.iter().enumerate() {
            if solved[i].is_some() {
                continue;
            }
            // A successor without pieces for its side to move is a loss in 0 plies, known from
            // round 1 on like every other loss in 0 plies.
            let lost = (round > 0).then_some((Value::Loss, 0));
            let known: Vec<Option<(Value, u32)>> =
                next.iter().map(|s| s.map_or(lost, |s| solved[s])).collect();
            let loses = known.iter().any(|k| matches!(k, Some((Value::Loss, _))));
            let all_win = known.iter().all(|k| matches!(k, Some((Value::Win, _))));
            if loses {
                decided.push((i, (Value::Win, round)));
            } else if all_win {
                decided.push((i, (Value::Loss, round)));
            }
        }
        for (i, v) in decided {
            solved[i] = Some(v);
            changed = true;
        }
        round += 1;
        if !changed && round > 2 {
            break;
        }
    }
    positions.iter().zip(solved).map(|(p, v)| (*p, v.unwrap_or((Value::Draw, 0)))).collect()
}

fn temporary_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-egdb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

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
        (dir.clone(), built_in(dir, 3))
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

fn built(pieces: u32, name: &str) -> (PathBuf, Tablebase) {
    let dir = temporary_dir(name);
    (dir.clone(), built_in(dir, pieces))
}

fn built_in(dir: PathBuf, pieces: u32) -> Tablebase {
    let options = BuildOptions { dir: dir.clone(), pieces, distance_pieces: pieces };
    build(&options, &AtomicU64::new(0), &mut |_| {}).expect("the tables build");
    let tables = Tablebase::open(&dir).expect("the tables open");
    assert_eq!(tables.max_pieces(), pieces);
    tables
}

fn compare_with_slow_solver(pieces: u32) {
    let (dir, tables) = built(pieces, &format!("slow{pieces}"));
    let positions = every_position(pieces);
    let expected = solve(&positions);
    let mut mismatches = Vec::new();
    for p in &positions {
        let probe = tables.probe(p).expect("every position is in the tables");
        let (value, plies) = expected[p];
        let plies = (value != Value::Draw).then_some(plies);
        if (probe.value, probe.plies) != (value, plies) {
            mismatches.push(format!(
                "{}: tables {probe:?}, solver {value:?} {plies:?}",
                dama_engine::board8::fen::to_fen(p)
            ));
        }
        assert_eq!(tables.probe_value(p).unwrap(), value);
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        mismatches.is_empty(),
        "{} mismatches, first: {:?}",
        mismatches.len(),
        &mismatches[..mismatches.len().min(5)]
    );
}

#[test]
fn two_and_three_piece_tables_match_the_slow_solver() {
    compare_with_slow_solver(3);
}

#[test]
#[ignore = "about two and a half minutes: run with --ignored"]
fn four_piece_tables_match_the_slow_solver() {
    compare_with_slow_solver(4);
}
