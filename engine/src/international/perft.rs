//! Perft with the search's generator: the leaves of the move tree to a depth, one per distinct
//! (from, to, captured set) (the published convention). Bulk counting: at the last ply the moves
//! are counted ([`count_moves`]), not listed nor played.

use super::movegen::{count_moves, generate};
use super::moves::IntlMove;
use super::position::Position;
use crate::movelist::List;

/// The number of leaves `depth` plies below `position`.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_moves(position) as u64,
        _ => {
            let mut list = List::new();
            generate(position, &mut list);
            list.iter().map(|mv| perft(&position.play_move(mv), depth - 1)).sum()
        }
    }
}

/// Perft split by root move: each root move with its path (as [`Position::legal_moves`] gives
/// it) and the leaves `depth - 1` plies below it, in the generator's order.
pub fn divide(position: &Position, depth: u32) -> Vec<(IntlMove, u64)> {
    let mut list = List::new();
    generate(position, &mut list);
    let paths = position.legal_moves();
    list.iter()
        .map(|mv| {
            let path = paths.iter().find(|p| p.compact() == *mv).expect("a legal move has a path");
            (path.clone(), perft(&position.play_move(mv), depth.saturating_sub(1)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::international::fen::parse_fen;
    use crate::international::paths::path_perft;

    #[test]
    fn perft_matches_the_published_numbers() {
        // Aart Bik (shared/variants.md), depths 1-7 here.
        let expected = [9u64, 81, 658, 4_265, 27_117, 167_140, 1_049_442];
        for (depth, &n) in expected.iter().enumerate() {
            assert_eq!(perft(&Position::start(), depth as u32 + 1), n, "depth {}", depth + 1);
        }
    }

    #[test]
    #[ignore = "deep perft, about a second in release"]
    fn deep_perft_matches_the_published_numbers() {
        assert_eq!(perft(&Position::start(), 8), 6_483_961);
        assert_eq!(perft(&Position::start(), 9), 41_022_423);
    }

    #[test]
    fn perft_agrees_with_the_path_generator_in_king_positions() {
        // Flying kings, men about to be crowned, loops around pieces: no published numbers, so the
        // path generator (one leaf per distinct move too) is the reference.
        for (fen, depth) in [
            ("W:WK46,K5,33,34,28:BK1,K45,19,20,24,12,13", 4),
            ("B:W6,7,K27,38,39,K50:B44,45,K3,12,23,K26", 4),
            ("W:WK28,K37:B22,23,32,33,17,18,19,13", 3),
            ("W:W7,8,9,K46,31,32:B2,3,13,14,K29,40,41", 4),
        ] {
            let p = parse_fen(fen).unwrap();
            for d in 1..=depth {
                assert_eq!(perft(&p, d), path_perft(&p, d), "{fen} depth {d}");
            }
        }
    }

    #[test]
    fn divide_gives_each_root_move_its_path_and_count() {
        let p = Position::start();
        let split = divide(&p, 3);
        assert_eq!(split.len(), 9);
        assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 658);
        let paths: Vec<String> = split.iter().map(|(m, _)| m.path_notation()).collect();
        assert!(paths.contains(&"32-28".to_string()), "{paths:?}");
        for (m, n) in &split {
            assert_eq!(*n, perft(&p.play(m), 2), "{}", m.path_notation());
        }
        // A capture is written with its whole path.
        let p = parse_fen("W:W13:B7,8").unwrap();
        let split = divide(&p, 1);
        assert_eq!(split.len(), 1);
        assert_eq!((split[0].0.path_notation(), split[0].1), ("13x2x11".to_string(), 1));
    }
}
