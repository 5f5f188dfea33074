//! The International (10x10) part of the test support: every position of a few pieces square by
//! square, the moves of the engine's reference path generator (`international::paths`, every
//! route, written apart from the set-wise generator the builder uses), and the plain slow solver
//! over them (rounds of fixed-point iteration, as for the 8x8 games, with flat successor lists
//! so that a few million positions fit).

use dama_egdb::{TableRules, Tablebase, Value};
use dama_engine::color::Color;
use dama_engine::international::{International, Position};
use std::collections::HashMap;

/// Every legal position with 2 to `max` pieces, both colours present, either side to move,
/// whose material (white men, white kings, black men, black kings) `keep` accepts.
pub fn every_position_where(max: u32, keep: &dyn Fn([u32; 4]) -> bool) -> Vec<Position> {
    let mut out = Vec::new();
    fn choose(from: u32, left: u32, squares: &mut Vec<u32>, each: &mut dyn FnMut(&[u32])) {
        if left == 0 {
            each(squares);
            return;
        }
        for s in from..50 {
            squares.push(s);
            choose(s + 1, left - 1, squares, each);
            squares.pop();
        }
    }
    for n in 2..=max {
        choose(0, n, &mut Vec::new(), &mut |set| {
            for kinds in 0..4u32.pow(n) {
                let (mut white, mut black, mut kings) = (0u64, 0u64, 0u64);
                let mut material = [0u32; 4];
                for (i, &s) in set.iter().enumerate() {
                    // 0 white man, 1 white king, 2 black man, 3 black king.
                    let kind = kinds / 4u32.pow(i as u32) % 4;
                    material[kind as usize] += 1;
                    if kind < 2 {
                        white |= 1 << s;
                    } else {
                        black |= 1 << s;
                    }
                    if kind % 2 == 1 {
                        kings |= 1 << s;
                    }
                }
                if white == 0 || black == 0 || !keep(material) {
                    continue;
                }
                for side in [Color::White, Color::Black] {
                    if let Ok(p) = International::from_masks(white, black, kings, side) {
                        out.push(p);
                    }
                }
            }
        });
    }
    out
}

/// The positions after each legal move, from the path generator (two routes of one move lead
/// to the same position).
pub fn successors(p: &Position) -> Vec<Position> {
    p.legal_moves().iter().map(|m| p.play(m)).collect()
}

/// (value, plies) of every position of `positions` (a set closed under the moves), by rounds:
/// round `r` decides the positions `r` plies from the end (a win as soon as a successor is
/// lost, a loss once every successor is won).
pub fn solve(positions: &[Position]) -> HashMap<Position, (Value, u32)> {
    let id: HashMap<Position, u32> =
        positions.iter().enumerate().map(|(i, p)| (*p, i as u32)).collect();
    // Successors, flat: `u32::MAX` for a position whose side to move has no piece left.
    let mut start = vec![0usize];
    let mut next = Vec::new();
    for p in positions {
        for after in successors(p) {
            let mover = if after.side == Color::White { after.white } else { after.black };
            next.push(if mover == 0 { u32::MAX } else { id[&after] });
        }
        start.push(next.len());
    }
    let mut solved: Vec<Option<(Value, u32)>> = vec![None; positions.len()];
    let mut open: Vec<usize> = (0..positions.len()).collect();
    let mut round = 0;
    loop {
        let mut decided = Vec::new();
        open.retain(|&i| {
            let (mut loses, mut all_win) = (false, true);
            for &s in &next[start[i]..start[i + 1]] {
                let known = if s == u32::MAX {
                    (round > 0).then_some((Value::Loss, 0))
                } else {
                    solved[s as usize]
                };
                match known {
                    Some((Value::Loss, _)) => loses = true,
                    Some((Value::Win, _)) => {}
                    _ => all_win = false,
                }
            }
            if loses {
                decided.push((i, Value::Win));
            } else if all_win {
                decided.push((i, Value::Loss));
            }
            !(loses || all_win)
        });
        let changed = !decided.is_empty();
        for (i, value) in decided {
            solved[i] = Some((value, round));
        }
        round += 1;
        if !changed && round > 2 {
            break;
        }
    }
    positions.iter().zip(solved).map(|(p, v)| (*p, v.unwrap_or((Value::Draw, 0)))).collect()
}

/// The positions of `positions` (closed under the moves) whose value or distance in `tables`
/// differs from the slow solver's, described.
pub fn mismatches(tables: &Tablebase, positions: &[Position]) -> Vec<String> {
    let expected = solve(positions);
    let mut found = Vec::new();
    for p in positions {
        let probe = tables.probe_game::<International>(p).expect("in the tables");
        let (value, plies) = expected[p];
        let plies = (value != Value::Draw).then_some(plies);
        if (probe.value, probe.plies) != (value, plies) {
            found.push(format!(
                "{}: tables {probe:?}, solver {value:?} {plies:?}",
                dama_engine::international::to_fen(p)
            ));
        }
        assert_eq!(tables.probe_value_game::<International>(p).unwrap(), value);
    }
    found
}
