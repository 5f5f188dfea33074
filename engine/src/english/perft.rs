//! English perft: the leaves of the legal move tree to a given depth. [`perft`] counts one leaf
//! per (from, to, captured set), as the rules list moves; [`perft_every_route`] one per capture
//! route, as the published tables (Aart Bik) count. From the start position the two agree to
//! depth 13 at least; they differ when a king can take the same pieces around a loop.
//!
//! Perft plays on its own small board in the English layout (`layout.rs`), the side to move
//! a generic parameter: the steps are played straight from the target sets of each direction, the
//! captures from the set-wise capture search (`capture.rs`), and the last ply is counted,
//! not played (bulk counting: the steps and the men's captures without a list).

use super::capture::{capture_exists, captures, Found};
use super::layout::{crowning_row, forward, from_board8, shift, Sides, ALL, DIRECTIONS};
use super::movegen::count;
use super::paths::legal_moves;
use super::rules::English;
use crate::board8::position::Position;
use crate::color::Color;
use crate::movelist::List;
use crate::rules::Rules;

/// The number of leaves `depth` plies below `position`, one per distinct move.
pub fn perft(position: &Position, depth: u32) -> u64 {
    from_position::<false>(position, depth)
}

/// The number of leaves `depth` plies below `position`, every capture route counted.
pub fn perft_every_route(position: &Position, depth: u32) -> u64 {
    from_position::<true>(position, depth)
}

fn from_position<const EVERY_ROUTE: bool>(position: &Position, depth: u32) -> u64 {
    let board = Board {
        us: from_board8(position.pieces(position.side_to_move()).bits()),
        them: from_board8(position.pieces(position.side_to_move().opposite()).bits()),
        kings: from_board8(position.kings().bits()),
    };
    match (depth, position.side_to_move()) {
        (0, _) => 1,
        (_, Color::White) => leaves::<true, EVERY_ROUTE>(board, depth),
        (_, Color::Black) => leaves::<false, EVERY_ROUTE>(board, depth),
    }
}

/// A position in the English layout, as perft plays it: the pieces of the side to move (the
/// colour is the generic parameter of the functions that read it), the other side's, the kings.
#[derive(Clone, Copy)]
struct Board {
    us: u64,
    them: u64,
    kings: u64,
}

/// A move as perft plays it: single-bit start and end, the captured set (English layout).
#[derive(Clone, Copy, PartialEq, Eq)]
struct BitMove {
    from: u64,
    to: u64,
    captured: u64,
}

impl Found for BitMove {
    #[inline(always)]
    fn found(from: u32, to: u32, captured: u64, _order: u64) -> BitMove {
        BitMove { from: 1 << from, to: 1 << to, captured }
    }
}

impl Board {
    #[inline(always)]
    fn sides<const WHITE: bool>(&self) -> Sides {
        Sides {
            men: self.us & !self.kings,
            kings: self.us & self.kings,
            enemy: self.them,
            empty: ALL & !(self.us | self.them),
            white: WHITE,
        }
    }

    /// The position after `WHITE` plays `m`, seen from the other side.
    #[inline(always)]
    fn play<const WHITE: bool>(&self, m: &BitMove) -> Board {
        // XOR: a king that comes back to its start square (a loop) stays there.
        let from_to = m.from ^ m.to;
        let mut kings = self.kings & !m.captured;
        if kings & m.from != 0 {
            kings ^= from_to;
        } else {
            kings |= m.to & crowning_row(WHITE);
        }
        Board { us: self.them & !m.captured, them: self.us ^ from_to, kings }
    }
}

fn leaves<const WHITE: bool, const EVERY_ROUTE: bool>(board: Board, depth: u32) -> u64 {
    let s = board.sides::<WHITE>();
    if depth == 1 {
        return count::<WHITE, BitMove>(&s, EVERY_ROUTE) as u64;
    }
    let below = |next: Board| below::<WHITE, EVERY_ROUTE>(next, depth);
    if capture_exists::<WHITE>(&s) {
        return after_captures::<WHITE, EVERY_ROUTE>(board, &s, depth);
    }
    let mut n = 0;
    // Steps, played straight from the target sets (no list): men first, then kings.
    let crowning = crowning_row(WHITE);
    for d in forward(WHITE) {
        let mut targets = shift(s.men, d) & s.empty;
        while targets != 0 {
            let to = targets & targets.wrapping_neg();
            targets &= targets - 1;
            let from_to = to | shift(to, -d);
            n += below(Board {
                us: board.them,
                them: board.us ^ from_to,
                kings: board.kings | (to & crowning),
            });
        }
    }
    if s.kings != 0 {
        for d in DIRECTIONS {
            let mut targets = shift(s.kings, d) & s.empty;
            while targets != 0 {
                let to = targets & targets.wrapping_neg();
                targets &= targets - 1;
                let from_to = to | shift(to, -d);
                n += below(Board {
                    us: board.them,
                    them: board.us ^ from_to,
                    kings: board.kings ^ from_to,
                });
            }
        }
    }
    n
}

/// The leaves below `next`, the position after a move of `WHITE` in a node `depth` plies above
/// the leaves: its moves counted, not played, when it is the last ply.
#[inline(always)]
fn below<const WHITE: bool, const EVERY_ROUTE: bool>(next: Board, depth: u32) -> u64 {
    match (WHITE, depth) {
        (true, 2) => count::<false, BitMove>(&next.sides::<false>(), EVERY_ROUTE) as u64,
        (false, 2) => count::<true, BitMove>(&next.sides::<true>(), EVERY_ROUTE) as u64,
        (true, _) => leaves::<false, EVERY_ROUTE>(next, depth - 1),
        (false, _) => leaves::<true, EVERY_ROUTE>(next, depth - 1),
    }
}

/// The leaves below the captures of `board` (out of line: the list is large, and most nodes have
/// no capture).
#[inline(never)]
fn after_captures<const WHITE: bool, const EVERY_ROUTE: bool>(
    board: Board,
    s: &Sides,
    depth: u32,
) -> u64 {
    let mut list = List::<BitMove>::new();
    captures::<WHITE, BitMove>(s, &mut list, EVERY_ROUTE);
    let mut n = 0;
    for m in list.iter() {
        n += below::<WHITE, EVERY_ROUTE>(board.play::<WHITE>(m), depth);
    }
    n
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
    #[ignore = "deep perft, about 2 s in release"]
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

    /// Perft the plain way: the search's generator and [`Position::play`] at every ply.
    fn perft_by_play(position: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut list = crate::board8::moves::MoveList::new();
        crate::english::generate(position, &mut list);
        list.iter().map(|mv| perft_by_play(&position.play(mv), depth - 1)).sum()
    }

    #[test]
    fn perft_plays_as_the_position_does_in_random_and_king_positions() {
        // Perft's own board and moves against the search's generator and Position::play (each
        // tested against the path generator), and every route against the path generator.
        let positions = crate::english::samples::sample_positions();
        let mut loops = 0;
        for p in positions.iter().step_by(7) {
            let fen = crate::board8::fen::to_fen(p);
            assert_eq!(perft(p, 3), perft_by_play(p, 3), "{fen}");
            let routes = perft_every_route(p, 2);
            assert_eq!(routes, paths::perft(p, 2), "{fen}");
            loops += usize::from(routes > perft(p, 2));
        }
        assert!(loops >= 5, "{loops} positions with a loop capture within two plies");
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
