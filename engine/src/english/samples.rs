//! Positions for the English tests: random play from the start, random placements rich in
//! kings, and kings beside a loop of four pieces (a capture with two routes).

use super::paths::legal_moves;
use super::start;
use crate::board8::bitboard::Bitboard;
use crate::board8::position::Position;
use crate::board8::square::Square;
use crate::color::Color;

/// Random play from the start, and random placements rich in kings followed by random play.
pub(super) fn sample_positions() -> Vec<Position> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut out = Vec::new();
    for game in 0..900 {
        let mut p = match game % 3 {
            0 => start(),
            1 => random_placement(&mut rng),
            _ => loop_placement(&mut rng),
        };
        for _ in 0..rng.gen_range(0..60) {
            let moves = legal_moves(&p);
            if moves.is_empty() {
                break;
            }
            out.push(p);
            p = p.play(&moves[rng.gen_range(0..moves.len())].mv);
        }
        out.push(p);
    }
    out
}

/// 2 to 16 pieces on random squares, at most 12 a side, most of them kings (always on their
/// own crowning row), either side to move.
fn random_placement(rng: &mut rand::rngs::StdRng) -> Position {
    use rand::seq::SliceRandom;
    use rand::Rng;
    loop {
        let mut squares: Vec<Square> = Square::ALL.to_vec();
        squares.shuffle(rng);
        let (mut white, mut black, mut kings) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
        for &s in &squares[..rng.gen_range(2..=16)] {
            let is_white = rng.gen_bool(0.5);
            let crowned = if is_white { s.row() == 0 } else { s.row() == 7 };
            if crowned || rng.gen_bool(0.6) {
                kings.insert(s);
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
        if let Ok(p) = Position::from_parts(white, black, kings, side) {
            return p;
        }
    }
}

/// A random placement with a king beside a loop: the four diagonal neighbours of an empty
/// square are enemy pieces and the king stands two squares straight up, down, left or right
/// of it, so that it may take all four around either way (unless other pieces are in the way).
fn loop_placement(rng: &mut rand::rngs::StdRng) -> Position {
    use crate::english::geometry::step;
    use rand::Rng;
    loop {
        let base = random_placement(rng);
        let centre = Square::ALL[rng.gen_range(0..32)];
        let ring: Option<Vec<Square>> = (0..4).map(|d| step(centre, d, 1)).collect();
        // Two steps that add up to a straight move of two squares: up-left then up-right is
        // two rows up, and so on.
        let (d0, d1) = [(0, 1), (2, 3), (0, 2), (1, 3)][rng.gen_range(0..4)];
        let king = step(centre, d0, 1).and_then(|s| step(s, d1, 1));
        let (Some(ring), Some(king)) = (ring, king) else { continue };
        let us = base.side_to_move();
        let ring: Bitboard = ring.into_iter().collect();
        let mut ours = base.pieces(us) - ring - Bitboard::from_square(centre);
        ours.insert(king);
        let theirs = (base.pieces(us.opposite()) | ring)
            - Bitboard::from_square(king)
            - Bitboard::from_square(centre);
        // The ring keeps the kings that stood there; new pieces on it are men.
        let kings = base.kings() | Bitboard::from_square(king);
        let (white, black) = if us == Color::White { (ours, theirs) } else { (theirs, ours) };
        if let Ok(p) = Position::from_parts(white, black, kings, us) {
            return p;
        }
    }
}
