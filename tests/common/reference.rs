//! A deliberately naive move generator written from rules-italian.md sections 2-4 alone, to check
//! the engine's bitboard generator against. It works on row and column numbers, keeps captured
//! pieces on the board until the sequence ends (the FID's literal reading), enumerates every
//! complete capture path and only then applies the precedence rules. Slow and simple on purpose.

use dama_engine::board8::piece::Piece;
use dama_engine::board8::position::Position;
use dama_engine::board8::square::Square;
use dama_engine::color::Color;
use std::cmp::Ordering;

/// A move as the reference sees it: start, end and the captured squares in capture order
/// (square numbers 1-32). Different capture paths are different values.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ReferenceMove {
    pub from: u8,
    pub to: u8,
    pub captured_in_order: Vec<u8>,
}

const DIAGONALS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// The row steps of a man of `color`: White moves towards row 0, Black towards row 7.
fn forward(color: Color) -> i8 {
    match color {
        Color::White => -1,
        Color::Black => 1,
    }
}

fn neighbour(square: Square, (dr, dc): (i8, i8)) -> Option<Square> {
    let row = square.row() as i8 + dr;
    let column = square.column() as i8 + dc;
    if (0..8).contains(&row) && (0..8).contains(&column) {
        Square::from_row_column(row as u8, column as u8)
    } else {
        None
    }
}

fn directions(piece: Piece) -> Vec<(i8, i8)> {
    DIAGONALS
        .into_iter()
        .filter(|(dr, _)| piece.is_king() || *dr == forward(piece.color()))
        .collect()
}

fn is_promotion_square(color: Color, square: Square) -> bool {
    match color {
        Color::White => square.row() == 0,
        Color::Black => square.row() == 7,
    }
}

/// Every legal move: all complete capture paths that win on precedence when a capture exists,
/// otherwise every quiet step. Different paths to the same effect are all listed.
pub fn legal_paths(position: &Position) -> Vec<ReferenceMove> {
    let captures = all_capture_paths(position);
    if captures.is_empty() {
        return quiet_moves(position);
    }
    let best = captures
        .iter()
        .max_by(|a, b| compare_precedence(position, a, b))
        .expect("not empty")
        .clone();
    captures
        .into_iter()
        .filter(|m| compare_precedence(position, m, &best) == Ordering::Equal)
        .collect()
}

fn quiet_moves(position: &Position) -> Vec<ReferenceMove> {
    let mut moves = Vec::new();
    let us = position.side_to_move();
    for from in Square::ALL {
        let Some(piece) = position.piece_at(from) else {
            continue;
        };
        if piece.color() != us {
            continue;
        }
        for d in directions(piece) {
            if let Some(to) = neighbour(from, d) {
                if position.piece_at(to).is_none() {
                    moves.push(ReferenceMove {
                        from: from.number(),
                        to: to.number(),
                        captured_in_order: Vec::new(),
                    });
                }
            }
        }
    }
    moves
}

/// Every complete capture sequence of the side to move, before any precedence rule.
pub fn all_capture_paths(position: &Position) -> Vec<ReferenceMove> {
    let mut paths = Vec::new();
    let us = position.side_to_move();
    for from in Square::ALL {
        if let Some(piece) = position.piece_at(from) {
            if piece.color() == us {
                let mut jumped = Vec::new();
                extend(position, piece, from, from, &mut jumped, &mut paths);
            }
        }
    }
    paths
}

/// Depth-first search of one piece's capture sequences standing on `at` after `jumped`.
fn extend(
    position: &Position,
    piece: Piece,
    from: Square,
    at: Square,
    jumped: &mut Vec<Square>,
    out: &mut Vec<ReferenceMove>,
) {
    let promoted = !piece.is_king() && !jumped.is_empty() && is_promotion_square(piece.color(), at);
    let mut extended = false;
    if !promoted {
        for d in directions(piece) {
            let Some(over) = neighbour(at, d) else {
                continue;
            };
            let Some(landing) = neighbour(over, d) else {
                continue;
            };
            let jumpable = match position.piece_at(over) {
                Some(victim) => {
                    victim.color() != piece.color()
                        && (piece.is_king() || !victim.is_king())
                        && !jumped.contains(&over)
                }
                None => false,
            };
            // Captured pieces stay on the board until the end; the start square is empty.
            let free = landing == from || position.piece_at(landing).is_none();
            if jumpable && free {
                extended = true;
                jumped.push(over);
                extend(position, piece, from, landing, jumped, out);
                jumped.pop();
            }
        }
    }
    if !extended && !jumped.is_empty() {
        out.push(ReferenceMove {
            from: from.number(),
            to: at.number(),
            captured_in_order: jumped.iter().map(|s| s.number()).collect(),
        });
    }
}

/// Orders two capture paths by the FID precedence rules (Art. 6.6-6.10): `Greater` = `a` must
/// be preferred. Equal means free choice (rule 5).
pub fn compare_precedence(position: &Position, a: &ReferenceMove, b: &ReferenceMove) -> Ordering {
    let by_king = |m: &ReferenceMove| {
        let from = Square::from_number(m.from).expect("square");
        position.piece_at(from).is_some_and(|p| p.is_king())
    };
    // 0-based positions of the captured kings within the sequence.
    let king_positions = |m: &ReferenceMove| -> Vec<usize> {
        m.captured_in_order
            .iter()
            .enumerate()
            .filter(|(_, n)| {
                let s = Square::from_number(**n).expect("square");
                position.piece_at(s).is_some_and(|p| p.is_king())
            })
            .map(|(i, _)| i)
            .collect()
    };
    let (ka, kb) = (king_positions(a), king_positions(b));
    a.captured_in_order
        .len()
        .cmp(&b.captured_in_order.len())
        .then(by_king(a).cmp(&by_king(b)))
        .then(ka.len().cmp(&kb.len()))
        .then(kb.cmp(&ka))
}
