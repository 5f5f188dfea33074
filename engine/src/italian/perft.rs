//! Perft: the number of leaf positions of the legal move tree to a given depth, the standard
//! check of a move generator. Bulk counting: at the last ply the moves are counted, not played.

use super::capture::PathMode;
use crate::board8::moves::Move;
use crate::board8::moves::MoveList;
use crate::board8::position::Position;
use rayon::prelude::*;

/// The number of leaves `depth` plies below `position`.
///
/// With [`PathMode::Unique`] every distinct move counts once (the project's convention); with
/// [`PathMode::EveryPath`] every capture path counts, as in the published "every path" tables.
pub fn perft(position: &Position, depth: u32, mode: PathMode) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(mode) as u64,
        2 => position.count_two_plies(mode),
        _ => {
            let mut moves = MoveList::new();
            position.generate_moves(&mut moves, mode);
            moves.iter().map(|mv| perft(&position.play_pieces(mv), depth - 1, mode)).sum()
        }
    }
}

/// Perft split by root move: one `(move, leaves)` pair per root move, in generator order.
/// With [`PathMode::EveryPath`] a move reached by several paths appears once per path.
pub fn divide(position: &Position, depth: u32, mode: PathMode) -> Vec<(Move, u64)> {
    let mut moves = MoveList::new();
    position.generate_moves(&mut moves, mode);
    let below = depth.saturating_sub(1);
    moves.iter().map(|mv| (*mv, perft(&position.play(mv), below, mode))).collect()
}

/// [`divide`] with the root moves shared among `threads` worker threads (rayon).
///
/// Returns an error text when the thread pool cannot be built.
pub fn divide_parallel(
    position: &Position,
    depth: u32,
    mode: PathMode,
    threads: usize,
) -> Result<Vec<(Move, u64)>, String> {
    if threads <= 1 || depth <= 1 {
        return Ok(divide(position, depth, mode));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let mut moves = MoveList::new();
    position.generate_moves(&mut moves, mode);
    let roots: Vec<Move> = moves.to_vec();
    Ok(pool.install(|| {
        roots.par_iter().map(|mv| (*mv, split_perft(&position.play(mv), depth - 1, mode))).collect()
    }))
}

/// Perft that splits the second ply too, so that two threads stay busy even when one root move
/// has far more leaves than the others.
fn split_perft(position: &Position, depth: u32, mode: PathMode) -> u64 {
    if depth <= 3 {
        return perft(position, depth, mode);
    }
    let mut moves = MoveList::new();
    position.generate_moves(&mut moves, mode);
    moves.to_vec().par_iter().map(|mv| perft(&position.play(mv), depth - 1, mode)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_shallow() {
        let p = Position::start();
        let expected = [1u64, 7, 49, 302, 1469, 7361];
        for (depth, &n) in expected.iter().enumerate() {
            assert_eq!(perft(&p, depth as u32, PathMode::Unique), n, "depth {depth}");
        }
    }

    #[test]
    fn divide_sums_to_perft() {
        let p = Position::start();
        let total: u64 = divide(&p, 5, PathMode::Unique).iter().map(|(_, n)| n).sum();
        assert_eq!(total, 7361);
        let parallel: u64 =
            divide_parallel(&p, 5, PathMode::Unique, 2).unwrap().iter().map(|(_, n)| n).sum();
        assert_eq!(parallel, 7361);
    }
}
