//! Position generators for the property tests: random play from the start (a sequence of move
//! choices) and random king-rich placements (men never on their own promotion row, at most 12
//! pieces a side), both as proptest strategies and from a seeded `rand` generator.

use dama_engine::board8::bitboard::Bitboard;
use dama_engine::board8::piece::Piece;
use dama_engine::board8::position::Position;
use dama_engine::board8::square::Square;
use dama_engine::color::Color;
use proptest::collection::vec;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::Rng;

/// Plays from `position`, each choice picking a legal move modulo the number of moves, until the
/// choices run out or the side to move has no move.
fn play_choices(mut position: Position, choices: &[u16]) -> Position {
    for &choice in choices {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position = position.play(&moves[choice as usize % moves.len()]);
    }
    position
}

/// Number of square codes; code `c` means [`square_content`]`(c)`. Code 0 (empty) is where
/// proptest shrinks to.
const CONTENT_CODES: u8 = 20;

/// What a square holds in a king-rich placement: half empty, then kings before men.
fn square_content(code: u8) -> Option<Piece> {
    match code {
        0..=9 => None,
        10..=12 => Some(Piece::WhiteKing),
        13..=15 => Some(Piece::BlackKing),
        16..=17 => Some(Piece::WhiteMan),
        _ => Some(Piece::BlackMan),
    }
}

/// A legal setup from one code per square 1..32: men on their own promotion row are left out,
/// and so is every piece beyond a side's twelfth; an empty board (no setup) gets a lone white
/// king on square 1.
fn place(codes: &[u8], side: Color) -> Position {
    let mut white = Bitboard::EMPTY;
    let mut black = Bitboard::EMPTY;
    let mut kings = Bitboard::EMPTY;
    for (&square, &code) in Square::ALL.iter().zip(codes) {
        let Some(piece) = square_content(code) else {
            continue;
        };
        let on_promotion_row = match piece.color() {
            Color::White => square.number() <= 4,
            Color::Black => square.number() >= 29,
        };
        let set = match piece.color() {
            Color::White => &mut white,
            Color::Black => &mut black,
        };
        if (on_promotion_row && !piece.is_king()) || set.count() == 12 {
            continue;
        }
        set.insert(square);
        if piece.is_king() {
            kings.insert(square);
        }
    }
    if (white | black).is_empty() {
        white.insert(Square::ALL[0]);
        kings.insert(Square::ALL[0]);
    }
    Position::from_parts(white, black, kings, side).expect("placement obeys the setup rules")
}

/// A king-rich placement whose density varies from sparse to crowded.
pub fn random_placement(rng: &mut StdRng) -> Position {
    let fill: f64 = rng.gen_range(0.1..0.9);
    let codes: Vec<u8> = (0..32)
        .map(|_| match rng.gen_bool(fill) {
            true => rng.gen_range(10..CONTENT_CODES),
            false => 0,
        })
        .collect();
    let side = if rng.gen() { Color::White } else { Color::Black };
    place(&codes, side)
}

fn side_strategy() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::White), Just(Color::Black)]
}

/// Positions reached by up to 120 random plies from the start.
fn played_position() -> impl Strategy<Value = Position> {
    vec(any::<u16>(), 0..120).prop_map(|choices| play_choices(Position::start(), &choices))
}

/// Random king-rich placements.
pub fn king_rich_position() -> impl Strategy<Value = Position> {
    (vec(0..CONTENT_CODES, 32), side_strategy()).prop_map(|(codes, side)| place(&codes, side))
}

pub fn any_position() -> impl Strategy<Value = Position> {
    prop_oneof![played_position(), king_rich_position()]
}
