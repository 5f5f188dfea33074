//! English perft: the leaves of the legal move tree to a given depth, by the set-wise generator
//! ([`super::movegen`]) with bulk counting (at the last ply the moves are counted, not played,
//! and the steps and the men's captures are counted without building them). [`perft`] counts one
//! leaf per (from, to, captured set), as the rules list moves; [`perft_every_route`] one per
//! capture route, as the published tables (Aart Bik) count. From the start position the two agree
//! to depth 13 at least; they differ when a king can take the same pieces around a loop.

use super::movegen::{count_moves, generate, generate_every_route};
use super::paths::legal_moves;
use super::rules::English;
use crate::board8::moves::MoveList;
use crate::board8::position::Position;
use crate::rules::Rules;

/// The number of leaves `depth` plies below `position`, one per distinct move.
pub fn perft(position: &Position, depth: u32) -> u64 {
    leaves::<false>(position, depth)
}

/// The number of leaves `depth` plies below `position`, every capture route counted.
pub fn perft_every_route(position: &Position, depth: u32) -> u64 {
    leaves::<true>(position, depth)
}

fn leaves<const EVERY_ROUTE: bool>(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_moves(position, EVERY_ROUTE) as u64,
        _ => {
            let mut list = MoveList::new();
            if EVERY_ROUTE {
                generate_every_route(position, &mut list);
            } else {
                generate(position, &mut list);
            }
            list.iter().map(|mv| leaves::<EVERY_ROUTE>(&position.play_pieces(mv), depth - 1)).sum()
        }
    }
}

/// Perft split by root move: each root move's full path and its leaves `depth - 1` plies below,
/// one entry per distinct move, or one per route (each route's own path) when `every_route`.
pub fn divide(position: &Position, depth: u32, every_route: bool) -> Vec<(String, u64)> {
    let below = depth.saturating_sub(1);
    if every_route {
        legal_moves(position)
            .iter()
            .map(|m| (m.path_notation(), perft_every_route(&position.play(&m.mv), below)))
            .collect()
    } else {
        English::paths(position)
            .iter()
            .map(|m| (m.path(), perft(&position.play(&m.mv), below)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::fen::parse_fen;
    use crate::english::{paths, start};

    /// Aart Bik 2009 (shared/variants.md), routes counted; no loop captures occur this shallow.
    const PUBLISHED: [u64; 11] =
        [7, 49, 302, 1_469, 7_361, 36_768, 179_740, 845_931, 3_963_680, 18_391_564, 85_242_128];

    #[test]
    fn perft_matches_the_published_numbers() {
        for depth in 1..=8 {
            let expected = PUBLISHED[depth as usize - 1];
            assert_eq!(perft(&start(), depth), expected, "depth {depth}");
            assert_eq!(perft_every_route(&start(), depth), expected, "depth {depth}");
        }
    }

    #[test]
    #[ignore = "deep perft, a few seconds in release"]
    fn deep_perft_matches_the_published_numbers() {
        for depth in 9..=11 {
            let expected = PUBLISHED[depth as usize - 1];
            assert_eq!(perft(&start(), depth), expected, "depth {depth}");
            assert_eq!(perft_every_route(&start(), depth), expected, "depth {depth}");
        }
    }

    #[test]
    fn the_two_conventions_differ_on_a_loop_capture() {
        // The white king on 26 takes 22, 14, 15 and 23 around a loop either way; then Black has
        // nothing left.
        let p = parse_fen("W:WK26:B14,15,22,23").unwrap();
        assert_eq!((perft(&p, 1), perft_every_route(&p, 1)), (1, 2));
        assert_eq!((perft(&p, 2), perft_every_route(&p, 2)), (0, 0));
        assert_eq!(paths::perft(&p, 1), 2);
        let split = divide(&p, 1, false);
        assert_eq!(split, [("26x17x10x19x26".to_string(), 1)]);
        let split = divide(&p, 1, true);
        assert_eq!(split, [("26x17x10x19x26".to_string(), 1), ("26x19x10x17x26".to_string(), 1)]);
    }

    #[test]
    fn every_route_perft_agrees_with_the_path_generator_in_king_positions() {
        // Kings with loops and captures both ways: the set-wise count of routes equals the
        // reference's, and the distinct count is never more.
        for fen in [
            "W:WK26,K30:B14,15,22,23,6,7",
            "B:W6,7,14,15,22,23:BK1,K32",
            "W:WK18,K27,21:BK10,K11,19,20,6,7",
            "B:WK10,K11,K19,K20:BK15,K23,3",
        ] {
            let p = parse_fen(fen).unwrap();
            for depth in 1..=4 {
                let routes = perft_every_route(&p, depth);
                assert_eq!(routes, paths::perft(&p, depth), "{fen} depth {depth}");
                assert!(perft(&p, depth) <= routes, "{fen} depth {depth}");
            }
        }
    }
}
