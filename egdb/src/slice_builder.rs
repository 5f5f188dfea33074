//! Building one slice in memory: its groups in order of the men's advance, then a check of
//! every position against its successors.
//!
//! Every man move adds one row to the men's total advance ([`HalfIndex::advance`]), and king
//! moves keep the men where they are, so the groups of one advance depend only on groups of a
//! greater advance and on earlier slices. The groups of one advance are solved in parallel.

use crate::error::EgdbError;
use crate::game::TableRules;
use crate::geometry::Geometry;
use crate::index::{binomial, HalfIndex};
use crate::material::{Material, Slice};
use crate::memory::{successor, HalfTable, Known, SliceTables, Successor};
use crate::solve::{solve_group, Context, Group};
use crate::value::{Code, Value};
use dama_engine::color::Color;
use dama_engine::movelist::List;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::AtomicU64;

/// The number of indexes of a slice on the board `geometry`, holes included (what the progress
/// counts).
pub fn slice_size(slice: Slice, geometry: Geometry) -> u64 {
    slice.halves().into_iter().map(|m| HalfIndex::new(m, geometry).size()).sum()
}

/// The men configuration of the colour-swapped half that holds the same men as configuration
/// `configuration` of `material`, seen from the other side. A white man on square `s` has the
/// label `n - s` (on a board of `n` squares), as the black man on `n + 1 - s` it becomes after
/// the half turn, so the two ranks simply trade places.
pub fn swapped_configuration(material: Material, configuration: u64, geometry: Geometry) -> u64 {
    let man_squares = geometry.man_squares();
    let black_span = binomial(man_squares, material.black_men as u32);
    let (white_rank, black_rank) = (configuration / black_span, configuration % black_span);
    black_rank * binomial(man_squares, material.white_men as u32) + white_rank
}

/// The groups of a slice by the men's advance, most advanced first.
fn groups(slice: Slice, halves: &[HalfIndex]) -> Vec<Vec<Group>> {
    let material = slice.material();
    let first = &halves[0];
    let mut by_advance: BTreeMap<u32, Vec<Group>> = BTreeMap::new();
    for c in 0..first.configurations() {
        let Some(advance) = first.advance(c) else { continue };
        let other = swapped_configuration(material, c, first.geometry());
        let group = if halves.len() == 2 {
            Group { blocks: [(0, c), (1, other)], count: 2 }
        } else if other == c {
            Group { blocks: [(0, c), (0, c)], count: 1 }
        } else if other > c {
            Group { blocks: [(0, c), (0, other)], count: 2 }
        } else {
            continue;
        };
        by_advance.entry(advance).or_default().push(group);
    }
    by_advance.into_values().rev().collect()
}

/// Builds a slice of the game `R` whose successors in other slices are all in `known`.
/// `progress` counts the positions solved.
pub fn build_slice<R: TableRules>(
    slice: Slice,
    known: &Known,
    progress: &AtomicU64,
) -> Result<SliceTables, EgdbError> {
    build_slice_by::<R>(slice, known, progress, R::UNMOVES)
}

/// [`build_slice`], finding the predecessors inside a group by the game's king unmoves when
/// `unmoves` (and the game has them), else by keeping every king move as an edge: the same
/// values either way (a test compares them).
pub fn build_slice_by<R: TableRules>(
    slice: Slice,
    known: &Known,
    progress: &AtomicU64,
    unmoves: bool,
) -> Result<SliceTables, EgdbError> {
    let geometry = Geometry::of(R::GAME);
    let halves: Vec<HalfIndex> =
        slice.halves().into_iter().map(|m| HalfIndex::new(m, geometry)).collect();
    let mut current: Vec<Vec<Code>> =
        halves.iter().map(|h| vec![Code::DRAW; h.size() as usize]).collect();
    for level in groups(slice, &halves) {
        let unmoves = unmoves && R::UNMOVES;
        let ctx = Context { slice, halves: &halves, current: &current, known, unmoves };
        let solved: Vec<(Group, Vec<Code>)> = level
            .par_iter()
            .map(|g| solve_group::<R>(&ctx, g, progress).map(|codes| (*g, codes)))
            .collect::<Result<_, _>>()?;
        for (group, codes) in solved {
            let mut offset = 0;
            for &(half, configuration) in &group.blocks[..group.count] {
                let size = halves[half].block_size() as usize;
                let at = configuration as usize * size;
                current[half][at..at + size].copy_from_slice(&codes[offset..offset + size]);
                offset += size;
            }
        }
    }
    Ok(SliceTables {
        game: R::GAME,
        slice,
        halves: halves
            .into_iter()
            .zip(current)
            .map(|(index, codes)| HalfTable { index, codes })
            .collect(),
    })
}

/// Checks every position of a built slice of the game `R` against its successors: a win has a
/// successor lost in one ply less and none lost sooner; a loss has only successors won, the
/// longest in one ply less; a draw has a drawn successor and no lost one. Holes must be draws.
pub fn verify_slice<R: TableRules>(tables: &SliceTables, known: &Known) -> Result<(), EgdbError> {
    let slice = tables.slice;
    if tables.game != R::GAME || known.game() != R::GAME {
        return Err(EgdbError::Verification {
            slice,
            detail: format!("a slice of {} checked as {}", tables.game, R::GAME),
        });
    }
    let halves: Vec<HalfIndex> = tables.halves.iter().map(|h| h.index).collect();
    let fail = |half: usize, index: u64, what: String| EgdbError::Verification {
        slice,
        detail: format!("half {half} index {index}: {what}"),
    };
    for (h, table) in tables.halves.iter().enumerate() {
        let block = table.index.block_size();
        (0..table.index.configurations()).into_par_iter().try_for_each(|c| {
            let mut list = List::new();
            for index in c * block..(c + 1) * block {
                let code = table.codes[index as usize];
                let Some(board) = table.index.board(index) else {
                    if code != Code::DRAW {
                        return Err(fail(h, index, "a hole holds a value".into()));
                    }
                    continue;
                };
                let position = board
                    .to_position::<R>(Color::White)
                    .map_err(|e| fail(h, index, format!("not a legal setup: {e}")))?;
                let (mut shortest_loss, mut longest_win) = (None::<u32>, None::<u32>);
                let (mut draws, mut losses, mut moves) = (0, 0, 0);
                R::generate(&position, &mut list);
                for mv in list.iter() {
                    moves += 1;
                    let next = match successor::<R>(slice, &halves, known, &R::play(&position, mv))? {
                        Successor::Known(code) => code,
                        Successor::Current(h2, i2) => tables.halves[h2].codes[i2 as usize],
                    };
                    let plies = next.plies_or_unknown();
                    match next.value() {
                        Value::Draw => draws += 1,
                        Value::Loss => {
                            losses += 1;
                            shortest_loss = Some(shortest_loss.map_or(plies, |s| s.min(plies)));
                        }
                        Value::Win => longest_win = Some(longest_win.map_or(plies, |l| l.max(plies))),
                    }
                }
                let ok = match code.value() {
                    Value::Win => {
                        shortest_loss.is_some_and(|s| Code::win(s + 1) == code)
                    }
                    Value::Loss => {
                        losses == 0
                            && draws == 0
                            && Code::loss(longest_win.map_or(0, |l| l + 1)) == code
                    }
                    Value::Draw => losses == 0 && draws > 0,
                };
                if !ok {
                    return Err(fail(
                        h,
                        index,
                        format!(
                            "code {} with {moves} moves: {losses} to losses (shortest {shortest_loss:?}), {draws} to draws, longest win {longest_win:?}",
                            code.0
                        ),
                    ));
                }
            }
            Ok(())
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    use dama_engine::english::English;
    use dama_engine::international::International;
    use dama_engine::italian::Italian;

    fn build_and_verify<R: TableRules>() {
        let mut known = Known::new(R::GAME);
        let progress = AtomicU64::new(0);
        for slice in Slice::build_order(3) {
            let tables = build_slice::<R>(slice, &known, &progress).unwrap();
            verify_slice::<R>(&tables, &known).unwrap();
            known.insert(Arc::new(tables));
        }
    }

    #[test]
    fn slices_up_to_three_pieces_build_and_verify() {
        build_and_verify::<Italian>();
        build_and_verify::<English>();
        build_and_verify::<International>();
    }

    /// International draughts finds a group's predecessors by unmoving its flying kings: the
    /// same codes as keeping every king move as an edge, slice by slice up to four pieces
    /// (three kings against one, the largest group, included).
    #[test]
    fn unmoves_give_the_values_of_kept_edges() {
        let mut known = Known::new(International::GAME);
        let progress = AtomicU64::new(0);
        let four = [(0, 3, 0, 1), (0, 2, 0, 2), (1, 2, 0, 1)]
            .map(|(wm, wk, bm, bk)| Slice::of(Material::new(wm, wk, bm, bk)));
        for slice in Slice::build_order(3).into_iter().chain(four) {
            let by_edges = build_slice_by::<International>(slice, &known, &progress, false);
            let by_unmoves = build_slice_by::<International>(slice, &known, &progress, true);
            let (by_edges, by_unmoves) = (by_edges.unwrap(), by_unmoves.unwrap());
            for (a, b) in by_edges.halves.iter().zip(&by_unmoves.halves) {
                assert!(a.codes == b.codes, "{slice}");
            }
            known.insert(Arc::new(by_unmoves));
        }
    }

    /// A slice is checked by the rules of its game: the English values, relabelled Italian,
    /// fail the Italian check (the boards are mirrored and an English man may capture a king).
    #[test]
    fn english_values_fail_the_italian_check() {
        let mut english = Known::new(English::GAME);
        let mut relabelled = Known::new(Italian::GAME);
        let progress = AtomicU64::new(0);
        let mut failures = 0;
        for slice in Slice::build_order(3) {
            let tables = build_slice::<English>(slice, &english, &progress).unwrap();
            let mut italian = tables.clone();
            italian.game = Italian::GAME;
            assert!(verify_slice::<Italian>(&tables, &english).is_err(), "checked as another game");
            failures += usize::from(verify_slice::<Italian>(&italian, &relabelled).is_err());
            relabelled.insert(Arc::new(italian));
            english.insert(Arc::new(tables));
        }
        assert!(failures >= 5, "{failures} slices fail");
    }
}
