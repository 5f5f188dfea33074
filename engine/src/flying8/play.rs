//! Playing a move: the board8 position's own play, and the Russian crowning in the middle of a
//! capture.
//!
//! A move is (from, to, captured set), and that is enough to know whether a man is crowned. A
//! man ending on its far row is crowned in both games. Under Russian rules a man is also crowned
//! when it passes the far row in the middle of a capture, and a man reaches the far row only by
//! jumping a piece on the row before it (it moves two rows a jump, and it is crowned the moment
//! it arrives): so a Russian man is crowned exactly when it ends on the far row or takes a piece
//! on the row before it. The differential test checks this against every route of the path
//! generator, which crowns the man square by square.

use super::Ruleset;
use crate::board8::bitboard::Bitboard;
use crate::board8::moves::Move;
use crate::board8::piece::Piece;
use crate::board8::position::Position;
use crate::board8::zobrist;
use crate::color::Color;

/// The row before White's far row (rank 7, the engine's squares 5-8) and Black's (rank 2).
const WHITE_NEAR_CROWNING: Bitboard = Bitboard::row(1);
const BLACK_NEAR_CROWNING: Bitboard = Bitboard::row(6);

/// Whether a man of `color` that captures `captured` passes its far row on the way.
#[inline(always)]
fn passes_far_row(color: Color, captured: Bitboard) -> bool {
    let near = match color {
        Color::White => WHITE_NEAR_CROWNING,
        Color::Black => BLACK_NEAR_CROWNING,
    };
    captured.intersects(near)
}

/// The position after `mv` (legal in `position`) under the rules `G`.
#[inline]
pub fn play<G: Ruleset>(position: &Position, mv: &Move) -> Position {
    let next = position.play(mv);
    if G::CROWNS_IN_CAPTURE {
        crown_in_capture(position, mv, next)
    } else {
        next
    }
}

/// The position after `mv` without its key (perft's play).
#[inline(always)]
pub(super) fn play_pieces<G: Ruleset>(position: &Position, mv: &Move) -> Position {
    let mut next = position.play_pieces(mv);
    if G::CROWNS_IN_CAPTURE && is_crowned_in_capture(position, mv) {
        next.kings.insert(mv.to());
    }
    next
}

/// Whether `mv` is a Russian man's capture that crowns it on the way and ends off the far row.
#[inline(always)]
fn is_crowned_in_capture(position: &Position, mv: &Move) -> bool {
    mv.is_capture()
        && !position.kings().contains(mv.from())
        && passes_far_row(position.side_to_move(), mv.captured())
}

/// `next` (the board8 play of `mv`) with the man crowned if it passed its far row.
#[inline(always)]
fn crown_in_capture(position: &Position, mv: &Move, mut next: Position) -> Position {
    if is_crowned_in_capture(position, mv) && !next.kings.contains(mv.to()) {
        let us = position.side_to_move();
        let bit = mv.end_bit();
        next.kings.insert(mv.to());
        next.key ^= zobrist::piece_key_at_bit(Piece::new(us, false), bit)
            ^ zobrist::piece_key_at_bit(Piece::new(us, true), bit);
        debug_assert_eq!(next.key, next.compute_key());
    }
    next
}

/// Whether `mv` crowns a man (on the far row, or on the way under Russian rules): it changes
/// the material, and the draw counts start again.
pub fn crowns<G: Ruleset>(position: &Position, mv: &Move) -> bool {
    if position.kings().contains(mv.from()) {
        return false;
    }
    let far_row = match position.side_to_move() {
        Color::White => Bitboard::WHITE_PROMOTION,
        Color::Black => Bitboard::BLACK_PROMOTION,
    };
    far_row.contains(mv.to()) || (G::CROWNS_IN_CAPTURE && is_crowned_in_capture(position, mv))
}
