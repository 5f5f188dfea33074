//! What the table tests share: every position up to a few pieces, a plain slow solver, and
//! building tables into scratch directories.
//!
//! The solver enumerates every position square by square and finds values by rounds of
//! fixed-point iteration over each game's moves (round `r` decides exactly the positions `r`
//! plies from the end). It shares no code with the builder: not the index, not the slices, not
//! even the move generator for English draughts, whose moves it takes from the engine's path
//! generator (the reference the set-wise generator is tested against).

// Each test file uses its part of this module.
#![allow(dead_code)]

use dama_egdb::memory::Known;
use dama_egdb::slice_builder::{build_slice, verify_slice};
use dama_egdb::store::write_slice;
use dama_egdb::{build, game_dir, BuildOptions, Slice, TableRules, Tablebase, Value};
use dama_engine::board8::bitboard::Bitboard;
use dama_engine::board8::position::Position;
use dama_engine::color::Color;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

/// Every legal position with `1 <= white`, `1 <= black` and `white + black <= max` pieces.
pub fn every_position(max: u32) -> Vec<Position> {
    every_position_where(max, &|_| true)
}

/// Every legal position with `1 <= white`, `1 <= black` and `white + black <= max` pieces whose
/// material (white men, white kings, black men, black kings) `keep` accepts.
pub fn every_position_where(max: u32, keep: &dyn Fn([u32; 4]) -> bool) -> Vec<Position> {
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
                let mut material = [0u32; 4];
                for (i, &s) in set.iter().enumerate() {
                    // 0 white man, 1 white king, 2 black man, 3 black king.
                    let kind = kinds / 4u32.pow(i as u32) % 4;
                    material[kind as usize] += 1;
                    if kind < 2 {
                        white |= 1 << s
                    } else {
                        black |= 1 << s
                    }
                    if kind % 2 == 1 {
                        kings |= 1 << s
                    }
                }
                if white == 0 || black == 0 || !keep(material) {
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

/// The positions after each Dama Italiana move (the engine's generator).
pub fn italian_successors(p: &Position) -> Vec<Position> {
    p.legal_moves().iter().map(|mv| p.play(mv)).collect()
}

/// The positions after each English move, from the path generator (every route; two routes of
/// one move lead to the same position).
pub fn english_successors(p: &Position) -> Vec<Position> {
    dama_engine::english::legal_moves(p).iter().map(|route| p.play(&route.mv)).collect()
}

/// (value, plies) of every position, by rounds, with the moves of `successors`.
pub fn solve(
    positions: &[Position],
    successors: fn(&Position) -> Vec<Position>,
) -> HashMap<Position, (Value, u32)> {
    let id: HashMap<Position, usize> = positions.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    // Successors: `None` for a position whose side to move has no piece left (lost, 0 plies).
    let successors: Vec<Vec<Option<usize>>> = positions
        .iter()
        .map(|p| {
            successors(p)
                .into_iter()
                .map(|next| {
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

/// A fresh scratch directory.
pub fn temporary_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-egdb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `R`'s tables up to `pieces` pieces, with distances, built in the table directory `dir`.
pub fn built_in<R: TableRules>(dir: PathBuf, pieces: u32) -> Tablebase {
    let options = BuildOptions { dir: dir.clone(), pieces, distance_pieces: pieces };
    build::<R>(&options, &AtomicU64::new(0), &mut |_| {}).expect("the tables build");
    let tables = Tablebase::open_game(&dir, R::GAME).expect("the tables open");
    assert_eq!(tables.max_pieces(), pieces);
    tables
}

/// `R`'s tables up to three pieces and the larger slices `more` (each needing only smaller
/// slices, slices up to three pieces and the slices before it in `more`), with distances, built
/// in the table directory `dir`. A probe answers every position of these slices.
pub fn built_with<R: TableRules>(dir: PathBuf, more: &[Slice]) -> Tablebase {
    let mut known = Known::new(R::GAME);
    let progress = AtomicU64::new(0);
    for slice in Slice::build_order(3).into_iter().chain(more.iter().copied()) {
        let tables = build_slice::<R>(slice, &known, &progress).expect("the slice builds");
        verify_slice::<R>(&tables, &known).expect("the slice checks");
        write_slice(&game_dir(&dir, R::GAME), &tables, true).expect("the slice is written");
        known.insert(Arc::new(tables));
    }
    Tablebase::open_game(&dir, R::GAME).expect("the tables open")
}

/// Every position with up to `pieces` pieces: the tables' value and distance against the slow
/// solver's with `successors`.
pub fn compare_with_slow_solver<R: TableRules>(
    pieces: u32,
    successors: fn(&Position) -> Vec<Position>,
) {
    let dir = temporary_dir(&format!("slow-{}-{pieces}", R::NAME));
    let tables = built_in::<R>(dir.clone(), pieces);
    let positions = every_position(pieces);
    let mismatches = mismatches(&tables, &positions, successors);
    std::fs::remove_dir_all(&dir).ok();
    assert_no_mismatch(&mismatches);
}

/// The positions of `positions` (a set closed under `successors`) whose value or distance in
/// `tables` differs from the slow solver's, described.
pub fn mismatches(
    tables: &Tablebase,
    positions: &[Position],
    successors: fn(&Position) -> Vec<Position>,
) -> Vec<String> {
    let expected = solve(positions, successors);
    let mut mismatches = Vec::new();
    for p in positions {
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
    mismatches
}

/// Fails with the first mismatches, if any.
pub fn assert_no_mismatch(mismatches: &[String]) {
    assert!(
        mismatches.is_empty(),
        "{} mismatches, first: {:?}",
        mismatches.len(),
        &mismatches[..mismatches.len().min(5)]
    );
}
pub mod international;
