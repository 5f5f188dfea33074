//! Positions for the tests of both games: random play from the start; random placements rich in
//! kings; many scattered pieces with a few kings (long flying captures); men about to reach the
//! far row in the middle of a capture; kings beside a loop of four pieces (two routes of one
//! move). Each is followed by random play under the game's rules.

use super::paths::legal_routes;
use super::play::play;
use super::Ruleset;
use crate::board8::bitboard::Bitboard;
use crate::board8::position::Position;
use crate::board8::square::Square;
use crate::color::Color;
use crate::english::geometry::step;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// `games` games' worth of positions under the rules `G`, from `seed`.
pub(super) fn sample_positions<G: Ruleset>(seed: u64, games: usize) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for game in 0..games {
        let mut p = match game % 5 {
            0 => Position::start(),
            1 => placement(&mut rng, 2..=16, 0.5),
            2 => placement(&mut rng, 10..=24, 0.15),
            3 => far_row_capture(&mut rng),
            _ => loop_placement(&mut rng),
        };
        for _ in 0..rng.gen_range(0..50) {
            let routes = legal_routes::<G>(&p);
            if routes.is_empty() {
                break;
            }
            out.push(p);
            p = play::<G>(&p, &routes[rng.gen_range(0..routes.len())].mv());
        }
        out.push(p);
    }
    out
}

/// `count` pieces on random squares, at most 12 a side, each a king with chance `kings` (always
/// on its own crowning row), either side to move.
fn placement(rng: &mut StdRng, count: std::ops::RangeInclusive<usize>, kings: f64) -> Position {
    loop {
        let mut squares: Vec<Square> = Square::ALL.to_vec();
        squares.shuffle(rng);
        let (mut white, mut black, mut crowned) =
            (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
        for &s in &squares[..rng.gen_range(count.clone())] {
            let is_white = rng.gen_bool(0.5);
            let far = if is_white { s.row() == 0 } else { s.row() == 7 };
            if far || rng.gen_bool(kings) {
                crowned.insert(s);
            }
            if is_white {
                white.insert(s);
            } else {
                black.insert(s);
            }
        }
        let side = if rng.gen_bool(0.5) { Color::White } else { Color::Black };
        if white.is_empty() || black.is_empty() {
            continue;
        }
        if let Ok(p) = Position::from_parts(white, black, crowned, side) {
            return p;
        }
    }
}

/// A man of the side to move two rows from its far row, an enemy man between it and the far
/// row and another enemy man beside the landing square (so that the capture reaches the far row
/// and may go on from there), among random pieces.
fn far_row_capture(rng: &mut StdRng) -> Position {
    loop {
        let base = placement(rng, 4..=16, 0.1);
        let us = base.side_to_move();
        let (row, up) = match us {
            Color::White => (2, [0usize, 1]),
            Color::Black => (5, [2usize, 3]),
        };
        let man = Square::ALL[rng.gen_range(row as usize * 4..row as usize * 4 + 4)];
        let d = up[rng.gen_range(0..2)];
        let (Some(first), Some(far)) = (step(man, d, 1), step(man, d, 2)) else { continue };
        // From the far row the capture may go on down the other diagonal: a man's jump next to
        // it, a crowned man's (Russian) from further away.
        let other = [2, 3, 0, 1][d];
        let second = step(far, other, rng.gen_range(1..=3));
        let Some(second) = second.filter(|&s| s != man && s != first) else { continue };
        let motif: Bitboard = [man, first, far, second].into_iter().collect();
        let mut ours = base.pieces(us) - motif;
        ours.insert(man);
        let mut theirs = base.pieces(us.opposite()) - motif;
        theirs.insert(first);
        theirs.insert(second);
        let kings = base.kings() - motif;
        let (white, black) = if us == Color::White { (ours, theirs) } else { (theirs, ours) };
        if let Ok(p) = Position::from_parts(white, black, kings, us) {
            return p;
        }
    }
}

/// A king beside a loop: the four diagonal neighbours of an empty square are enemy pieces, and
/// the king stands on a diagonal through one of them, so that it may take all four around either
/// way.
fn loop_placement(rng: &mut StdRng) -> Position {
    loop {
        let base = placement(rng, 2..=12, 0.5);
        let centre = Square::ALL[rng.gen_range(0..32)];
        let ring: Option<Vec<Square>> = (0..4).map(|d| step(centre, d, 1)).collect();
        let d = rng.gen_range(0..4);
        let king = step(centre, d, rng.gen_range(2..=4));
        let (Some(ring), Some(king)) = (ring, king) else { continue };
        let us = base.side_to_move();
        let ring: Bitboard = ring.into_iter().collect();
        let around = ring | Bitboard::from_square(centre);
        let mut ours = base.pieces(us) - around;
        ours.insert(king);
        let theirs = (base.pieces(us.opposite()) | ring)
            - Bitboard::from_square(king)
            - Bitboard::from_square(centre);
        let kings = (base.kings() - around) | Bitboard::from_square(king);
        let (white, black) = if us == Color::White { (ours, theirs) } else { (theirs, ours) };
        if let Ok(p) = Position::from_parts(white, black, kings, us) {
            return p;
        }
    }
}
